//! `push`: put a piece on an edge cell; if it is occupied, shift the run of pieces there one
//! cell inward, into the first empty cell of the line. A push is written with its direction.

use crate::compile::Compile;
use crate::host::Host;
use crate::moves::kind::MoveKind;
use crate::mv::{Move, RuleId, Sink};
use crate::rule::Rule;
use crate::piece::{Piece};
use crate::position::Position;
use hetproba_board::{Board, CellId, DirId, NO_CELL, Width};
use hetproba_rules::model::{PieceTypeId, PlayerId, Ruleset, moves as model};

#[derive(Clone, Debug)]
pub(crate) struct Push {
    /// Per player, in cell order: the cells a piece can come in at, each with its inward
    /// directions (those whose opposite step leaves the board), in the rule's order. Found
    /// once, since the board's edges never change.
    entries: [Vec<(CellId, Vec<DirId>)>; 2],
}

impl Compile<model::Push> for Push {
    fn compile(push: &model::Push, rules: &Ruleset, _width: Width) -> Push {
        let board = &rules.board;
        let entries = rules.direction_sets[push.dirs.index()].dirs.clone().map(|dirs| {
            board
                .all_cells()
                .filter_map(|c| {
                    let inward: Vec<DirId> = dirs.iter().copied().filter(|&d| board.enters_along(c, d)).collect();
                    (!inward.is_empty()).then_some((c, inward))
                })
                .collect()
        });
        Push { entries }
    }
}

impl MoveKind for Push {
    const PLACES: bool = true;

    fn template(&self, mv: &Move) -> &'static str {
        super::place::template(mv)
    }

    /// A push shifts whole lines: any cell.
    fn reach(&self, board: &Board, _side: PlayerId, _piece: PieceTypeId, _from: CellId, moved: &mut Vec<CellId>, _others: &mut Vec<(Piece, CellId)>) {
        moved.extend(board.all_cells());
    }

    /// Puts the piece on the entry cell, shifting the run there one cell along the push
    /// direction.
    fn make(&self, host: &impl Host, pos: &mut Position, mv: Move, rule: &Rule) {
        let piece = rule.moving[pos.side.index()];
        if mv.dir == crate::mv::NO_DIR {
            pos.set(host.keys(), mv.to, Some(piece));
            return;
        }
        let mut carried = piece;
        let mut k = mv.to;
        while k != NO_CELL {
            let here = pos.cells[k.index()];
            pos.set(host.keys(), k, Some(carried));
            let Some(here) = here else { break };
            carried = here;
            k = host.board().step(k, mv.dir);
        }
    }

    fn shifts_others(&self, _piece: PieceTypeId) -> bool {
        true
    }

    fn generate<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let board = host.board();
        let cells = &pos.cells;
        let rule = host.rule(r);
        for (c, inward) in &self.entries[side.index()] {
            let c = *c;
            if cells[c.index()].is_none() {
                if !host.emit::<W>(rule, pos, side, Move::new(r, NO_CELL, c), NO_CELL, sink) {
                    return false;
                }
                continue;
            }
            for &d in inward {
                let mut k = board.step(c, d);
                while k != NO_CELL && cells[k.index()].is_some() {
                    k = board.step(k, d);
                }
                if k != NO_CELL && !sink.push(Move { dir: d, ..Move::new(r, NO_CELL, c) }) {
                    return false;
                }
            }
        }
        true
    }
}
