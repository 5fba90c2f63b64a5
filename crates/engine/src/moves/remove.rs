//! `remove`: the later part of a move that takes a piece off the board ("then remove an enemy
//! piece"). Its cell is the move's `part`; the piece is also among the move's captures, so a
//! removal counts as a capture everywhere (draw counters, search, the web board).

use crate::compile::Compile;
use crate::host::Host;
use crate::moves::kind::MoveKind;
use crate::mv::{Move, RuleId, Sink};
use crate::piece::{Piece, Square};
use crate::position::Position;
use hetproba_board::{Axis, Board, CellId, CellSet, CellSets, DirId, NO_CELL, Width, per_player};
use hetproba_rules::model::{PieceTypeId, PlayerId, Ruleset, Whose, moves as model};

#[derive(Clone, Debug)]
pub(crate) struct Remove {
    /// Whose pieces may be taken, seen from the mover.
    of: Whose,
    /// A set per player: the cells a piece may be taken from (all without a region).
    allowed: CellSets,
    /// `spare-line=N`: pieces in a line of N of their owner's are spared unless all are; the
    /// axes of every direction of the board to look along.
    spare_line: Option<(u32, Vec<Axis>)>,
}

impl Compile<model::Remove> for Remove {
    fn compile(remove: &model::Remove, rules: &Ruleset, width: Width) -> Remove {
        let n = rules.board.len();
        let allowed = match remove.region {
            Some(r) => per_player(width, &rules.regions[r.index()].cells),
            None => per_player(width, &[vec![true; n], vec![true; n]]),
        };
        let all: Vec<DirId> = (0..rules.board.directions().len()).filter_map(DirId::new).collect();
        let spare_line = remove.spare_line.map(|n| (n, rules.board.axes(&all)));
        Remove { of: remove.of, allowed, spare_line }
    }
}

/// Only ever a later part (the loader sees to it): it generates nothing of its own, and its
/// piece leaves with the move's captures.
impl MoveKind for Remove {
    const PART_TAKES: bool = true;

    fn generate<const W: usize>(&self, _host: &impl Host, _pos: &Position, _side: PlayerId, _r: RuleId, _sink: &mut impl Sink) -> bool {
        true
    }

    /// A removal is written `x` and its cell: `d1/xg7`.
    fn template(&self, _mv: &Move) -> &'static str {
        "x{to}"
    }

    fn reach(&self, _board: &Board, _side: PlayerId, _piece: PieceTypeId, _from: CellId, _moved: &mut Vec<CellId>, _others: &mut Vec<(Piece, CellId)>) {}

    /// The cells whose piece `side` may take off.
    fn later_cells<const W: usize>(&self, board: &Board, pos: &Position, side: PlayerId, _origin: CellId, each: &mut impl FnMut(CellId) -> bool) -> bool {
        let pieces: CellSet<W> = match self.of {
            Whose::Own => pos.player_set::<W>(side),
            Whose::Enemy => pos.player_set::<W>(side.other()),
            Whose::Any => pos.player_set::<W>(side) | pos.player_set::<W>(side.other()),
        };
        let mut takeable = pieces & self.allowed.get(side.index());
        if let Some((len, axes)) = &self.spare_line {
            // The pieces outside lines, if there are any; otherwise every piece.
            let mut loose = takeable;
            for c in takeable.iter() {
                if in_line(board, pos, c, *len, axes) {
                    loose.remove(c);
                }
            }
            if !loose.is_empty() {
                takeable = loose;
            }
        }
        takeable.iter().all(each)
    }
}

/// Does the piece on `cell` stand in an unbroken line of `len` or more of its owner's pieces
/// along one of `axes`?
fn in_line(board: &Board, pos: &Position, cell: CellId, len: u32, axes: &[Axis]) -> bool {
    let Some(owner) = PlayerId::BOTH.into_iter().find(|&p| pos.cells[cell.index()].of(p)) else { return false };
    let mine = |c: CellId| c != NO_CELL && pos.cells[c.index()].of(owner);
    let run = |d: DirId| {
        let mut n = 0;
        let mut k = board.step(cell, d);
        while mine(k) {
            n += 1;
            k = board.step(k, d);
        }
        n
    };
    axes.iter().any(|&(d, back)| 1 + run(d) + back.map_or(0, run) >= len)
}
