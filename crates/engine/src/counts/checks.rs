//! `checks`: the checks the player has given.

use super::CountKind;
use crate::game::Game;
use crate::moves::Compile;
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
    fn value<const W: usize>(&self, game: &Game, pos: &Position, _before: Option<&Position>, player: PlayerId) -> i64 {
        game.tally.checks.map_or(0, |(at, _)| i64::from(pos.tally[at + player.index()]))
    }
}
