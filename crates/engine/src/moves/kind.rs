//! What a move kind implements ([`MoveKind`]), and what the rest of the engine reads of it
//! without running it: how a legality test sees its moves ([`Seen`]) and how they capture, read
//! backwards for the attack tables ([`Attack`]). Its own module so that the kinds and
//! `moves/mod.rs`, which registers them, both depend on it and not on each other.

use crate::cellbits::CellBits;
use crate::hash::Keys;
use crate::host::Host;
use crate::mv::{Move, RuleId, Sink};
use crate::piece::Piece;
use crate::position::Position;
use crate::rule::Rule;
use hetproba_board::{Board, CellId, CellSets, DirId, NO_CELL};
use hetproba_rules::model::{PieceTypeId, PieceTypeSet, PlayerId};

/// How a legality test sees a move of a kind without making it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seen {
    /// One piece leaves `from` (none for a placement) and stands on `to` (promoted or not), and
    /// the captured cells empty: a view of those cells.
    Piece,
    /// The kind says which cells change ([`MoveKind::changes`]).
    Own,
    /// The move is made on a scratch copy.
    Made,
}

/// How a kind's moves capture, read backwards from the captured cell for the attack tables.
pub(crate) enum Attack<'a> {
    /// It captures nothing by landing or hopping.
    None,
    /// It captures by moving `min..=max` cells along one of `dirs` onto the piece, landing only
    /// where `stay` (a set per player) holds exactly when it starts there, and only pieces of
    /// `takes` (`None`: any).
    Lines { dirs: &'a [DirId], min: u32, max: u32, stay: Option<&'a CellSets>, takes: Option<PieceTypeSet> },
    /// It captures by leaping: `targets[cell]`, the cells a leap from `cell` lands on; only
    /// pieces of the set (`None`: any).
    Leaps(&'a [Vec<CellId>], Option<PieceTypeSet>),
    /// It captures along one of `dirs` over exactly `screens` pieces (of the types `screen`,
    /// `None`: any), landing as `stay` allows on a piece of `takes`.
    Screens { dirs: &'a [DirId], screens: u32, screen: Option<PieceTypeSet>, stay: Option<&'a CellSets>, takes: Option<PieceTypeSet> },
    /// It captures in a way that cannot be read backwards: attacks are found by generating.
    General,
}

/// A compiled move kind. Each kind's module implements it; the defaults fit a kind that moves
/// one piece already on the board and captures nothing by its own action.
pub(crate) trait MoveKind {
    /// It brings a new piece onto the board (a placement, a roll, a push).
    const PLACES: bool = false;
    /// Its moves start from a piece of its own on the board: with none there, it has no move.
    const FROM_PIECES: bool = false;
    /// It only takes one piece along a ray or a leap: only the cells it leaves and lands on
    /// change, and a piece that no line from a royal piece runs through makes it legally.
    const VIEWS_PLAIN: bool = false;
    /// It asks whether cells are attacked while generating (castling); attacks found by
    /// generating leave it out, or one question would ask the other without end.
    const ASKS_ATTACKS: bool = false;
    /// As the later part of a move, its cell is among the move's captures (a removal).
    const PART_TAKES: bool = false;
    /// A move may have several landing paths ([`MoveKind::paths`]): a chain of hops.
    const PATHS: bool = false;
    /// How a legality test sees its moves.
    const SEEN: Seen = Seen::Made;

    /// The moves of rule `r` (of this kind) by `side`; false if the sink stopped.
    fn generate<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool;

    /// Its default notation template for `mv`.
    fn template(&self, mv: &Move) -> &'static str;

    /// Where a move by `side` of `piece` could leave pieces from `from` (`NO_CELL` for a kind
    /// that places), whatever stands where, before any promotion; and the other pieces it
    /// moves, with where.
    fn reach(
        &self,
        board: &Board,
        side: PlayerId,
        piece: PieceTypeId,
        from: CellId,
        moved: &mut Vec<CellId>,
        others: &mut Vec<(Piece, CellId)>,
    );

    /// Makes a move of it (captured pieces are gone already).
    fn make(&self, host: &impl Host, pos: &mut Position, mv: Move, _rule: &Rule) {
        host.move_piece(pos, mv);
    }

    /// Does no move of it capture by its own action?
    fn never_captures(&self) -> bool {
        false
    }

    /// Does every move of it capture?
    fn always_captures(&self) -> bool {
        false
    }

    /// Does each move of it only take its piece from `from` to `to` (promoted or not), the
    /// captures aside? Then `make` may record it as one step.
    fn moves_one_piece(&self, _piece: PieceTypeId) -> bool {
        false
    }

    /// Do its moves carry pieces of other types than the rule's own (a push, a mixed line)?
    fn shifts_others(&self, _piece: PieceTypeId) -> bool {
        false
    }

    /// How its moves by `side` capture, for the attack tables.
    fn attack(&self, _side: PlayerId) -> Attack<'_> {
        Attack::None
    }

    /// The cells a move changes, for a kind [`Seen::Own`]: (cell, what it holds after).
    fn changes(&self, _board: &Board, _pos: &Position, mv: &Move) -> [(CellId, Option<Piece>); 4] {
        [(mv.from, None), (NO_CELL, None), (NO_CELL, None), (NO_CELL, None)]
    }

    /// As the later part of a move: each cell it may act on, `origin` being where the part
    /// before landed, given to `each` (false: stop). False if it stopped.
    fn later_cells<const W: usize>(
        &self,
        _board: &Board,
        _pos: &Position,
        _side: PlayerId,
        _origin: CellId,
        _each: &mut impl FnMut(CellId) -> bool,
    ) -> bool {
        true
    }

    /// Makes it as the later part of a move on `cell`, `piece` being the rule's piece.
    fn make_later(&self, _keys: &Keys, _pos: &mut Position, _cell: CellId, _piece: Piece) {}

    /// Every landing path of a legal move, when a move may have several (chains of hops).
    fn paths(&self, _host: &impl Host, _pos: &Position, _mv: &Move) -> Option<Vec<Vec<CellId>>> {
        None
    }

    /// Can the piece on `from` begin a move of rule `r` with a capture (for `capture-trigger =
    /// "direct"`)?
    fn captures_directly(&self, _host: &impl Host, _pos: &Position, _side: PlayerId, _r: RuleId, _from: CellId) -> bool {
        true
    }

    /// Could the piece on `victim` of `mover` have just passed over `passed` by a move of it?
    fn could_pass(&self, _board: &Board, _pos: &Position, _mover: PlayerId, _rule: &Rule, _victim: CellId, _passed: CellBits) -> bool {
        false
    }
}
