//! What a count implements ([`CountKind`]). Its own module so that the counts and
//! `counts/mod.rs`, which registers them, both depend on it and not on each other.

use crate::host::Host;
use crate::position::Position;
use hetproba_rules::model::PlayerId;

/// A compiled count: its value for `player` in `pos`. `before` is the position a move is being
/// tried from (`if-after` makes it on a copy without the history), whose history is the game's;
/// `None` where `pos` carries its own.
pub(crate) trait CountKind {
    fn value<const W: usize>(&self, host: &impl Host, pos: &Position, before: Option<&Position>, player: PlayerId) -> i64;
}
