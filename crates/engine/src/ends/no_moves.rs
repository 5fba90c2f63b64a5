//! `no-moves`: the player to move has no legal move.

use crate::ends::kind::TestKind;
use crate::host::Host;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::Width;
use hetproba_rules::model::{PlayerId, Ruleset, ends as model};

/// The player to move has no legal move: asked of the caller, who knows whether it has.
#[derive(Clone, Debug)]
pub(crate) struct NoMoves;

impl Compile<model::NoMoves> for NoMoves {
    fn compile(_test: &model::NoMoves, _rules: &Ruleset, _width: Width) -> NoMoves {
        NoMoves
    }
}

impl TestKind for NoMoves {
    #[inline]
    fn holds<const W: usize>(&self, _host: &impl Host, _pos: &Position, _player: PlayerId, has_moves: &mut dyn FnMut() -> bool) -> bool {
        !has_moves()
    }
}
