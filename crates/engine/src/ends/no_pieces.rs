//! `no-pieces`: the player has no pieces on the board.

use crate::ends::kind::TestKind;
use crate::host::Host;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::Width;
use hetproba_rules::model::{PlayerId, Ruleset, ends as model};

#[derive(Clone, Debug)]
pub(crate) struct NoPieces;

impl Compile<model::NoPieces> for NoPieces {
    fn compile(_test: &model::NoPieces, _rules: &Ruleset, _width: Width) -> NoPieces {
        NoPieces
    }
}

impl TestKind for NoPieces {
    #[inline]
    fn holds<const W: usize>(&self, _host: &impl Host, pos: &Position, player: PlayerId, _has_moves: &mut dyn FnMut() -> bool) -> bool {
        pos.piece_count(player) == 0
    }
}
