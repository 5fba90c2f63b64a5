//! A move as a value: which rule, the cells and direction it uses, what it captures and what it
//! promotes to (`Move`, `Copy` and 32 bytes, so move lists are flat arrays); where generated
//! moves go (`Sink`).

use crate::piece::{Piece, Square};
use hetproba_board::{CellId, DirId, NO_CELL};
use hetproba_rules::model::{Landing, PieceTypeId, PieceTypeSet, PlayerId};

/// A move: which rule, the cells and direction it uses, what it captures and what it promotes
/// to. `Copy` and fixed-size, so move lists are flat arrays with no allocation per move. Two
/// chains with the same start, end, captured set and promotion are one move.
///
/// Its fields are the engine's: outside it a move comes from the generator ([`Game::generate`])
/// or from notation ([`Game::parse_move`]), and is read through its accessors, so a move that
/// reaches [`Game::play`] was made by the engine for some position.
///
/// [`Game::generate`]: crate::Game::generate
/// [`Game::parse_move`]: crate::Game::parse_move
/// [`Game::play`]: crate::Game::play
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The cells captured by hopping over them, by enclosing them or by a removal.
    pub(crate) captures: CellBits,
    /// The move also captures the piece on `to` by landing on it.
    pub(crate) take_to: bool,
    /// The move's rule; [`Move::PASS`] has `PASS_RULE`. The loader allows at most
    /// [`MAX_RULES`] move rules, so every rule has its own id.
    pub(crate) rule: RuleId,
    /// The direction of a push or a castling, or `NO_DIR`.
    pub(crate) dir: DirId,
    /// The piece type it becomes, if it promotes ([`Move::promotion`]).
    pub(crate) promote: Promote,
    /// The cell a piece leaves, or `NO_CELL` for a placement or a pass.
    pub(crate) from: CellId,
    /// The cell a piece arrives on (the entry cell of a push), or `NO_CELL` for a pass.
    pub(crate) to: CellId,
    /// The cell of the move's later part (its rule the `next` of `rule`, a placement), or
    /// `NO_CELL` for a move of one part.
    pub(crate) part: CellId,
}

pub use crate::cellbits::CellBits;

/// A promotion in one byte, the piece type plus one, 0 for none: an `Option<PieceTypeId>`
/// would take two and make a move a third larger.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Promote(u8);

impl Promote {
    pub(crate) const NONE: Promote = Promote(0);

    #[inline(always)]
    pub(crate) fn to(piece: PieceTypeId) -> Promote {
        Promote(piece.index() as u8 + 1)
    }

    #[inline(always)]
    pub(crate) fn get(self) -> Option<PieceTypeId> {
        self.0.checked_sub(1).map(|t| PieceTypeId::new(usize::from(t)))
    }
}

impl From<Option<PieceTypeId>> for Promote {
    #[inline(always)]
    fn from(piece: Option<PieceTypeId>) -> Promote {
        piece.map_or(Promote::NONE, Promote::to)
    }
}

/// A move rule of a ruleset, by its index in `[moves]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleId(pub u8);

impl RuleId {
    /// The rule with this index, if a ruleset can have it: below [`MAX_RULES`] (the loader
    /// refuses more; the id after them is [`PASS_RULE`]).
    #[inline(always)]
    pub fn new(index: usize) -> Option<RuleId> {
        u8::try_from(index).ok().filter(|&i| i < PASS_RULE.0).map(RuleId)
    }

    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

pub const PASS_RULE: RuleId = RuleId(u8::MAX);
pub const NO_DIR: DirId = DirId::NONE;

impl Move {
    pub const PASS: Move = Move {
        captures: CellBits::EMPTY,
        take_to: false,
        rule: PASS_RULE,
        dir: NO_DIR,
        promote: Promote::NONE,
        from: NO_CELL,
        to: NO_CELL,
        part: NO_CELL,
    };

    /// A move of `rule` from `from` to `to` that captures nothing.
    #[inline(always)]
    pub(crate) fn new(rule: RuleId, from: CellId, to: CellId) -> Move {
        Move { captures: CellBits::EMPTY, take_to: false, rule, dir: NO_DIR, promote: Promote::NONE, from, to, part: NO_CELL }
    }

    pub fn is_pass(&self) -> bool {
        self.rule == PASS_RULE
    }

    /// The cell a piece leaves, or `NO_CELL` for a placement or a pass.
    #[inline(always)]
    pub fn from(&self) -> CellId {
        self.from
    }

    /// The cell a piece arrives on (the entry cell of a push), or `NO_CELL` for a pass.
    #[inline(always)]
    pub fn to(&self) -> CellId {
        self.to
    }

    /// The move's rule, by its index in `[moves]`; `PASS_RULE` for a pass.
    #[inline(always)]
    pub fn rule(&self) -> RuleId {
        self.rule
    }

    /// The direction of a push or a castling, or `NO_DIR`.
    #[inline(always)]
    pub fn dir(&self) -> DirId {
        self.dir
    }

    /// The cell of the move's later part, or `NO_CELL` for a move of one part.
    #[inline(always)]
    pub fn part(&self) -> CellId {
        self.part
    }

    /// The cells captured by hopping over them, by enclosing them or by a removal (not `to`).
    #[inline(always)]
    pub fn captures(&self) -> CellBits {
        self.captures
    }

    /// Does the move also capture the piece on `to` by landing on it?
    #[inline(always)]
    pub fn takes_to(&self) -> bool {
        self.take_to
    }

    /// Does it capture anything?
    #[inline(always)]
    pub fn is_capture(&self) -> bool {
        !self.captures.is_empty() || self.take_to
    }

    /// How many pieces it captures.
    #[inline(always)]
    pub fn capture_count(&self) -> u32 {
        self.captures.len() + u32::from(self.take_to)
    }

    /// The captured cells: those hopped over or enclosed, in cell order, then `to` if landed on.
    pub fn captured_cells(&self) -> impl Iterator<Item = CellId> + '_ {
        let mut cells = self.captures.iter();
        let mut landing = self.take_to;
        std::iter::from_fn(move || {
            if let Some(c) = cells.next() {
                Some(c)
            } else if landing {
                landing = false;
                Some(self.to)
            } else {
                None
            }
        })
    }

    /// The piece type it promotes to.
    #[inline(always)]
    pub fn promotion(&self) -> Option<PieceTypeId> {
        self.promote.get()
    }

    /// The same move, promoting to `piece`.
    #[inline(always)]
    pub(crate) fn promoting(self, piece: PieceTypeId) -> Move {
        Move { promote: Promote::to(piece), ..self }
    }
}

/// May a piece of `side` land on a cell holding `target`?
#[inline(always)]
pub(crate) fn lands(to: Landing, target: Option<Piece>, side: PlayerId) -> bool {
    match to {
        Landing::Empty => target.is_none(),
        Landing::Enemy => target.of(side.other()),
        Landing::EmptyOrEnemy => target.is_none() || target.of(side.other()),
        // En passant needs the position's state: `ray` decides it.
        Landing::Passed => false,
    }
}

/// What the position remembers of the last move, with `[state] last = true`: the cells it left
/// and ended on (`NO_CELL` for none: a placement leaves none, a pass neither) and the types of
/// the pieces it captured. `known` is false before any move, and in a position read without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LastMove {
    pub known: bool,
    pub from: CellId,
    pub to: CellId,
    pub captured: PieceTypeSet,
}

impl LastMove {
    pub(crate) const NONE: LastMove = LastMove { known: false, from: NO_CELL, to: NO_CELL, captured: PieceTypeSet::EMPTY };
}

/// May a piece of `side` land on a cell holding `target`, capturing only pieces of `takes`
/// (`None`: any)?
#[inline(always)]
pub(crate) fn lands_taking(to: Landing, target: Option<Piece>, side: PlayerId, takes: Option<PieceTypeSet>) -> bool {
    lands(to, target, side) && takes.is_none_or(|t| target.is_none_or(|p| t.contains(p.kind())))
}

/// The most move rules a ruleset may have: rule indices are one byte, and one value is the pass.
pub const MAX_RULES: usize = PASS_RULE.0 as usize;

/// Where generated moves go: a list, or a check that stops at the first move.
pub(crate) trait Sink {
    /// Takes a move; returns false to stop generating.
    fn push(&mut self, mv: Move) -> bool;

    /// How many moves it holds (a sink that keeps none says 0).
    fn mark(&self) -> usize {
        0
    }

    /// Does it already hold `mv` among the moves pushed since `mark`? (Chains that reach the
    /// same move by another path are pushed once.)
    fn holds_since(&self, _mark: usize, _mv: &Move) -> bool {
        false
    }
}

impl Sink for Vec<Move> {
    #[inline(always)]
    fn push(&mut self, mv: Move) -> bool {
        Vec::push(self, mv);
        true
    }

    fn mark(&self) -> usize {
        self.len()
    }

    fn holds_since(&self, mark: usize, mv: &Move) -> bool {
        self[mark..].contains(mv)
    }
}

/// Stops at the first move.
pub(crate) struct AnyMove(pub bool);

impl Sink for AnyMove {
    #[inline(always)]
    fn push(&mut self, _: Move) -> bool {
        self.0 = true;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_with_its_promotion_is_no_larger_than_before() {
        // 16 bytes of captured cells, 2 + 2 of cells, 1 each of rule, direction, capture flag and
        // promotion.
        assert_eq!(std::mem::size_of::<Move>(), 32);
        let queen = PieceTypeId::new(4);
        let mv = Move::PASS.promoting(queen);
        assert_eq!((Move::PASS.promotion(), mv.promotion()), (None, Some(queen)));
    }
}
