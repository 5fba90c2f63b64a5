//! What an effect kind implements ([`EffectKind`]), and the optional captures it may offer
//! ([`Choices`]). Its own module so that the effects and `effects/mod.rs`, which registers
//! them, both depend on it and not on each other.

use crate::hash::Keys;
use crate::position::Position;
use hetproba_board::{Board, CellId, CellSet};
use hetproba_rules::model::PlayerId;

/// What an effect kind does. The defaults fit an effect that allows every arrival, captures
/// nothing and turns nothing.
pub(crate) trait EffectKind {
    /// Does it capture pieces (decided when the move is generated)?
    fn removes(&self) -> bool {
        false
    }

    /// Does it capture lines the mover may each take or leave?
    fn choices_lines(&self) -> bool {
        false
    }

    /// Does it allow a piece of `side` arriving on `at` (leaving `vacated`, or `NO_CELL` for a
    /// new piece)?
    fn allow<const W: usize>(&self, _board: &Board, _pos: &Position, _side: PlayerId, _at: CellId, _vacated: CellId) -> bool {
        true
    }

    /// Can [`EffectKind::allow`] refuse an arrival? Where no effect of a rule can, `allow` is
    /// not asked (it runs at every move generated).
    fn refuses(&self) -> bool {
        false
    }

    /// Adds the pieces it captures to `taken` (which holds those the move takes anyway).
    fn take<const W: usize>(
        &self,
        _board: &Board,
        _pos: &Position,
        _side: PlayerId,
        _at: CellId,
        _vacated: CellId,
        _taken: &mut CellSet<W>,
    ) {
    }

    /// Adds the lines the mover may take or leave.
    fn choices<const W: usize>(
        &self,
        _board: &Board,
        _pos: &Position,
        _side: PlayerId,
        _at: CellId,
        _vacated: CellId,
        _out: &mut Choices<W>,
    ) {
    }

    /// Is it one of the ways a move may capture, each its own move ([`EffectKind::line`])?
    fn alternative(&self) -> bool {
        false
    }

    /// As an alternative: the pieces a piece of `side` moving from `vacated` to `at` captures
    /// this way (empty: it does not capture so).
    fn line<const W: usize>(&self, _board: &Board, _pos: &Position, _side: PlayerId, _at: CellId, _vacated: CellId) -> CellSet<W> {
        CellSet::EMPTY
    }

    /// Are the pieces it captures attacked, for royal pieces? (An explosion's are not: it takes
    /// them along with a capture elsewhere.)
    fn attacks(&self) -> bool {
        true
    }

    /// Turns the pieces it turns, for a piece of `side` that has arrived on `at` (`captured`:
    /// the move captured).
    fn make(&self, _board: &Board, _keys: &Keys, _pos: &mut Position, _side: PlayerId, _at: CellId, _captured: bool) {}

    /// The cells it would turn (for move descriptions).
    fn turned(&self, _board: &Board, _pos: &Position, _side: PlayerId, _at: CellId, _vacated: CellId, _out: &mut Vec<CellId>) {}
}

/// The most enclosed lines one move may choose among (the loader allows no more directions).
const MAX_CHOICES: usize = 16;

/// The lines a move may take or leave, each a set of cells, distinct.
pub(crate) struct Choices<const W: usize> {
    lines: [CellSet<W>; MAX_CHOICES],
    count: usize,
}

impl<const W: usize> Choices<W> {
    pub(crate) fn new() -> Choices<W> {
        Choices { lines: [CellSet::EMPTY; MAX_CHOICES], count: 0 }
    }

    /// The lines, distinct.
    pub(crate) fn lines(&self) -> &[CellSet<W>] {
        &self.lines[..self.count]
    }

    /// Adds a line (an empty one, or one already there, is none).
    pub(crate) fn add(&mut self, run: CellSet<W>) {
        if !run.is_empty() && self.count < MAX_CHOICES && !self.lines[..self.count].contains(&run) {
            self.lines[self.count] = run;
            self.count += 1;
        }
    }
}
