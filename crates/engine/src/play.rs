//! Checked play: the way in for moves that come from outside the engine (a user, a protocol, a
//! file). [`Game::play`] and [`Session::play`] refuse a move that is not among the legal moves
//! of the position; [`Game::make`] and [`Session::play_unchecked`] trust their caller and are
//! the path of perft, searches and playouts, which play only moves they just generated.

use crate::game::Game;
use crate::mv::Move;
use crate::position::Position;
use crate::session::Session;

/// A move refused by [`Game::play`] or [`Session::play`]: it is not among the legal moves of
/// the position (it was generated for another one, or the game is over). The position is
/// unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the move is not one of the legal moves of this position")]
pub struct IllegalMove {
    /// The move refused.
    pub refused: Move,
}

impl Game {
    /// Is `mv` one of the legal moves of `pos`? It lists them: for moves from outside, not for
    /// search.
    pub fn is_legal(&self, pos: &Position, mv: Move) -> bool {
        self.legal_moves(pos).contains(&mv)
    }

    /// Makes `mv` if it is one of the legal moves of `pos`; otherwise leaves `pos` as it was.
    /// [`Position::unmake`] takes it back. [`Game::make`] is the unchecked path.
    pub fn play(&self, pos: &mut Position, mv: Move) -> Result<(), IllegalMove> {
        if !self.is_legal(pos, mv) {
            return Err(IllegalMove { refused: mv });
        }
        self.make(pos, mv);
        Ok(())
    }
}

impl Session<'_> {
    /// Plays `mv` with its history if it is one of the legal moves of the position; otherwise
    /// leaves the session as it was. [`Session::play_unchecked`] is the unchecked path.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if !self.game().is_legal(self.position(), mv) {
            return Err(IllegalMove { refused: mv });
        }
        self.play_unchecked(mv);
        Ok(())
    }
}
