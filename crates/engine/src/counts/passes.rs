//! `passes`: the moves in a row that moved nothing.

use crate::counts::kind::CountKind;
use crate::host::Host;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::Width;
use hetproba_rules::model::{PlayerId, Ruleset, counts as model};

#[derive(Clone, Debug)]
pub(crate) struct Passes;

impl Compile<model::Passes> for Passes {
    fn compile(_count: &model::Passes, _rules: &Ruleset, _width: Width) -> Passes {
        Passes
    }
}

impl CountKind for Passes {
    #[inline]
    fn value<const W: usize>(&self, host: &impl Host, pos: &Position, _before: Option<&Position>, _player: PlayerId) -> i64 {
        host.tally().passes.map_or(0, |i| i64::from(pos.tally[i]))
    }
}
