//! `repetitions`: how many times the position stood before.

use crate::counts::kind::CountKind;
use crate::host::Host;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::Width;
use hetproba_rules::model::{PlayerId, Ruleset, counts as model};

#[derive(Clone, Debug)]
pub(crate) struct Repetitions;

impl Compile<model::Repetitions> for Repetitions {
    fn compile(_count: &model::Repetitions, _rules: &Ruleset, _width: Width) -> Repetitions {
        Repetitions
    }
}

impl CountKind for Repetitions {
    #[inline]
    fn value<const W: usize>(&self, _host: &impl Host, pos: &Position, before: Option<&Position>, _player: PlayerId) -> i64 {
        let earlier = match before {
            Some(b) => b.earlier_repetitions_of(pos.hash()) + u32::from(b.hash() == pos.hash()),
            None => pos.earlier_repetitions_of(pos.hash()),
        };
        i64::from(earlier)
    }
}
