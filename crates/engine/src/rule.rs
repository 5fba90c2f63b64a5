//! A move rule compiled for play, as every kind of move sees it: the piece it moves or places,
//! its effects, the cells it may start from, its later part, its notation. The kind's own tables
//! are in `moves` (each rule there is this and its `Kind`).

use crate::effects::Effects;
use crate::mv::RuleId;
use crate::piece::Piece;
use hetproba_board::{CellId, CellSets};
use hetproba_rules::model::{Onward, PieceTypeId, PlayerId};

#[derive(Clone, Debug)]
pub(crate) struct Rule {
    /// The piece placed or moved.
    pub piece: PieceTypeId,
    /// The piece it moves or places, for each side (the same for a piece of nobody's).
    pub moving: [Piece; 2],
    pub effects: Effects,
    /// The rule's own notation template, if it has one.
    pub template: Option<String>,
    /// Only pieces standing on these cells (a set per player) make this move; `None`: any.
    pub from: Option<CellSets>,
    /// Every move of it turns its piece into this type (`promote = "TYPE"` on the rule).
    pub becomes: Option<PieceTypeId>,
    /// The position remembers the cells this move passes over (en passant).
    pub leaves_passed: bool,
    /// It lands on passed cells (`to=passed`).
    pub takes_passed: bool,
    /// The position remembers a ko after it (`[state] ko`).
    pub leaves_ko: bool,
    /// Its letter in FEN's castling field.
    pub fen: Option<char>,
    /// The rule of the move's later part (`next`), if the move has one.
    pub next: Option<RuleId>,
    /// Its moves only take one piece from one cell to another, capturing on the way or not,
    /// in a game that keeps no other state of a move: `make` then records it as one step.
    pub one_piece: bool,
    /// Its piece promotes on arrival only and always, or never: the fast paths of generation
    /// know no more.
    pub simple_promotion: bool,
    /// Its moves start from a piece of its own on the board (a step, slide, leap or hop):
    /// with none there, it has no move, and generation skips it.
    pub from_pieces: bool,
    /// Its moves only take one piece along a ray or a leap, with no effect and no later part:
    /// only the cells it leaves and lands on change, and a piece that no line from a royal
    /// piece runs through makes it without a legality test.
    pub views_plain: bool,
    /// It has an `if`, asked before its moves are generated.
    pub conditional: bool,
    /// Its later part (`next`) moves the piece that moved again ([`crate::onward`]).
    pub goes_on: bool,
    /// As such a later part: how the move goes on with it.
    pub onward: Onward,
}

impl Rule {
    /// May the piece on `cell` of `side` make this move (the rule's `from` region)?
    #[inline(always)]
    pub(crate) fn starts_on(&self, side: PlayerId, cell: CellId) -> bool {
        self.from.as_ref().is_none_or(|f| f.contains(side.index(), cell))
    }
}
