//! `check`: a royal piece of the player is attacked.

use super::TestKind;
use crate::game::Game;
use crate::moves::Compile;
use crate::position::Position;
use hetproba_board::Width;
use hetproba_rules::model::{PlayerId, Ruleset, ends as model};

#[derive(Clone, Debug)]
pub(crate) struct Royal;

impl Compile<model::Check> for Royal {
    fn compile(_test: &model::Check, _rules: &Ruleset, _width: Width) -> Royal {
        Royal
    }
}

impl TestKind for Royal {
    #[inline]
    fn holds<const W: usize>(&self, game: &Game, pos: &Position, player: PlayerId, _has_moves: &mut dyn FnMut() -> bool) -> bool {
        game.in_check_w::<W>(pos, player)
    }
}
