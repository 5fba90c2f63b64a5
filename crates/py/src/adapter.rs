//! The one place this crate reads a move's parts and checks a move's legality: when the engine's
//! move type or its checked play change, only this file follows.

use hetproba_engine::board::{CellId, DirId, NO_CELL};
use hetproba_engine::rules::model::{Action, PassRule, PieceTypeId, Ruleset};
use hetproba_engine::{Game, Move, NO_DIR, Position, Session};

/// A move's parts, as this crate uses them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    /// The cell a piece leaves (none for a placement or a pass).
    pub from: Option<CellId>,
    /// The cell a piece arrives on, or a push's entry cell (none for a pass).
    pub to: Option<CellId>,
    /// The cell of the move's later part.
    pub part: Option<CellId>,
    /// A push's or a castling's direction.
    pub dir: Option<DirId>,
    pub promotion: Option<PieceTypeId>,
    /// The cells whose pieces it takes, in cell order.
    pub captures: Vec<CellId>,
}

fn cell(c: CellId) -> Option<CellId> {
    (c != NO_CELL).then_some(c)
}

/// The parts of a move.
pub fn parts(game: &Game, mv: &Move) -> Parts {
    Parts {
        from: cell(mv.from()),
        to: cell(mv.to()),
        part: cell(mv.part()),
        dir: (mv.dir() != NO_DIR).then_some(mv.dir()),
        // A drop's piece type takes the promotion's place: drops of several types may share a cell.
        promotion: mv.promotion().or_else(|| game.dropped(*mv)),
        captures: mv.captured_cells().collect(),
    }
}

/// The cell a move leaves, if any (for the stacks' column in a move's JSON).
pub fn from_cell(mv: &Move) -> Option<CellId> {
    cell(mv.from())
}

/// The legal moves of `pos`, into `out`.
pub fn generate(game: &Game, pos: &Position, out: &mut Vec<Move>) {
    game.generate(pos, out);
}

/// Plays `mv` in `session` if it is one of `legal` (the session's legal moves, as
/// [`generate`] listed them); false, and nothing played, otherwise.
pub fn play_checked(session: &mut Session, legal: &[Move], mv: Move) -> bool {
    if !legal.contains(&mv) {
        return false;
    }
    session.play_unchecked(mv);
    true
}

/// [`play_checked`] on a bare position.
pub fn make_checked(game: &Game, pos: &mut Position, legal: &[Move], mv: Move) -> bool {
    if !legal.contains(&mv) {
        return false;
    }
    game.make(pos, mv);
    true
}

/// What shapes of move a ruleset's rules can make, from its compiled rules: which moves leave a
/// cell, which start from none (placements, entries from the edge, a pass), whether a pass is
/// possible, and the piece types a piece can promote to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shapes {
    pub from_cell: bool,
    pub from_none: bool,
    pub pass: bool,
    pub promotions: Vec<PieceTypeId>,
}

pub fn shapes(rules: &Ruleset) -> Shapes {
    // A rule named as another's `next` is a later part only: its cells are the move's part.
    let parts: Vec<usize> = rules.moves.iter().filter_map(|m| m.next).collect();
    let (mut from_cell, mut from_none) = (false, false);
    let mut dropped = Vec::new();
    for (_, rule) in rules.moves.iter().enumerate().filter(|(i, _)| !parts.contains(i)) {
        match rule.action {
            // A removal that is no other rule's later part is a move of its own: it starts nowhere.
            Action::Place { .. } | Action::Roll { .. } | Action::Push { .. } | Action::Remove { .. } => from_none = true,
            Action::Drop { .. } => {
                from_none = true;
                dropped.push(rule.piece);
            }
            Action::Step { .. }
            | Action::Slide { .. }
            | Action::Leap { .. }
            | Action::Hops(_)
            | Action::Castle { .. }
            | Action::Line { .. }
            | Action::Track { .. }
            | Action::Stay { .. } => from_cell = true,
        }
    }
    let pass = rules.turn.pass != PassRule::Never;
    let mut promotions: Vec<PieceTypeId> =
        rules.pieces.iter().filter_map(|p| p.promotion.as_ref()).flat_map(|p| p.to.iter().copied()).chain(dropped).collect();
    promotions.sort_by_key(|p| p.index());
    promotions.dedup();
    Shapes { from_cell, from_none: from_none || pass, pass, promotions }
}
