//! `remove`: take a piece off the board, as the later part of a move ("then remove an enemy
//! piece"; its cell is the move's `part`) or as a move of its own (its cell is the move's `to`,
//! from no cell). The piece is among the move's captures either way, so a removal counts as a
//! capture everywhere (draw counters, search, the web board).

use crate::cellbits::CellBits;
use crate::compile::Compile;
use crate::host::Host;
use crate::moves::kind::MoveKind;
use crate::mv::{Move, RuleId, Sink};
use crate::piece::{Piece, Square};
use crate::position::Position;
use crate::rule::Rule;
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
    /// `near=last`: per player, the directions of the one step from the last move's cell (or,
    /// as a later part, from where the part before landed) to the piece.
    near: Option<[Vec<DirId>; 2]>,
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
        let near = remove.near_last.map(|along| match along {
            Some(d) => rules.direction_sets[d.index()].dirs.clone(),
            None => [all.clone(), all.clone()],
        });
        Remove { of: remove.of, allowed, spare_line, near }
    }
}

/// As a later part its piece leaves with the move's captures; as a move of its own it goes
/// from no cell to the piece's cell, which is its capture.
impl MoveKind for Remove {
    const PART_TAKES: bool = true;

    /// A move of its own: one per piece that may be taken, near the last move's cell if
    /// `near=last` says so (no last move known: none).
    fn generate<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let origin = pos.last.to;
        if self.near.is_some() && origin == NO_CELL {
            return true;
        }
        self.later_cells::<W>(host.board(), pos, side, origin, &mut |c| {
            sink.push(Move { captures: CellBits::from_set(CellSet::<W>::single(c)), ..Move::new(r, NO_CELL, c) })
        })
    }

    /// A removal is written `x` and its cell: `d1/xg7`, or alone `xd4`.
    fn template(&self, _mv: &Move) -> &'static str {
        "x{to}"
    }

    fn reach(&self, _board: &Board, _side: PlayerId, _piece: PieceTypeId, _from: CellId, _moved: &mut Vec<CellId>, _others: &mut Vec<(Piece, CellId)>) {}

    /// Its piece left with the move's captures: nothing moves.
    fn make(&self, _host: &impl Host, _pos: &mut Position, _mv: Move, _rule: &Rule) {}

    fn always_captures(&self) -> bool {
        true
    }

    /// The cells whose piece `side` may take off; with `near=last`, only those one step from
    /// `origin`.
    fn later_cells<const W: usize>(&self, board: &Board, pos: &Position, side: PlayerId, origin: CellId, each: &mut impl FnMut(CellId) -> bool) -> bool {
        let pieces: CellSet<W> = match self.of {
            Whose::Own => pos.player_set::<W>(side),
            Whose::Enemy => pos.player_set::<W>(side.other()),
            Whose::Any => pos.player_set::<W>(side) | pos.player_set::<W>(side.other()),
        };
        let mut takeable = pieces & self.allowed.get(side.index());
        if let Some(near) = &self.near {
            if origin == NO_CELL {
                return true;
            }
            let steps: CellSet<W> = near[side.index()].iter().map(|&d| board.step(origin, d)).filter(|&c| c != NO_CELL).collect();
            takeable &= steps;
        }
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
