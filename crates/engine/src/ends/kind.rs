//! What an end test implements ([`TestKind`]). Its own module so that the tests and
//! `ends/mod.rs`, which registers them, both depend on it and not on each other.

use crate::host::Host;
use crate::position::Position;
use hetproba_rules::model::PlayerId;

/// A compiled end test: does it hold for `player` in `pos`? `has_moves` says whether the
/// player to move has a move, asked only by the tests that need it.
pub(crate) trait TestKind {
    fn holds<const W: usize>(&self, host: &impl Host, pos: &Position, player: PlayerId, has_moves: &mut dyn FnMut() -> bool) -> bool;
}
