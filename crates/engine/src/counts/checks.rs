//! `checks`: the checks the player has given.

use crate::counts::kind::CountKind;
use crate::host::Host;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::Width;
use hetproba_rules::model::{PlayerId, Ruleset, counts as model};

#[derive(Clone, Debug)]
pub(crate) struct Checks;

impl Compile<model::Checks> for Checks {
    fn compile(_count: &model::Checks, _rules: &Ruleset, _width: Width) -> Checks {
        Checks
    }
}

impl CountKind for Checks {
    #[inline]
    fn value<const W: usize>(&self, host: &impl Host, pos: &Position, _before: Option<&Position>, player: PlayerId) -> i64 {
        host.tally().checks.map_or(0, |(at, _)| i64::from(pos.tally[at + player.index()]))
    }
}
