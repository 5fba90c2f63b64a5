//! `roll`: enter at an edge cell and roll inward until the next cell is off the board or
//! occupied. Entries that stop on the same cell are one move.

use crate::compile::Compile;
use crate::host::Host;
use crate::moves::kind::{MoveKind, Seen};
use crate::mv::{Move, RuleId, Sink};
use crate::rule::Rule;
use crate::piece::{Piece};
use crate::position::Position;
use hetproba_board::{Board, CellId, CellSet, DirId, NO_CELL, Width};
use hetproba_rules::model::{PieceTypeId, PlayerId, Ruleset, moves as model};

#[derive(Clone, Debug)]
pub(crate) struct Roll {
    /// Per player: each direction of travel with the cells a piece enters at along it (those
    /// with no step back), found once, since the board's edges never change.
    entries: [Vec<(DirId, Vec<CellId>)>; 2],
}

impl Compile<model::Roll> for Roll {
    fn compile(roll: &model::Roll, rules: &Ruleset, _width: Width) -> Roll {
        let board = &rules.board;
        let entries = rules.direction_sets[roll.dirs.index()].dirs.clone().map(|dirs| {
            dirs.into_iter()
                .filter(|&d| board.opposite(d).is_some())
                .map(|d| (d, board.all_cells().filter(|&c| board.enters_along(c, d)).collect()))
                .collect()
        });
        Roll { entries }
    }
}

impl MoveKind for Roll {
    const PLACES: bool = true;
    const SEEN: Seen = Seen::Piece;

    fn template(&self, mv: &Move) -> &'static str {
        super::place::template(mv)
    }

    /// A roll stops anywhere.
    fn reach(&self, board: &Board, _side: PlayerId, _piece: PieceTypeId, _from: CellId, moved: &mut Vec<CellId>, _others: &mut Vec<(Piece, CellId)>) {
        moved.extend(board.all_cells());
    }

    fn make(&self, host: &impl Host, pos: &mut Position, mv: Move, rule: &Rule) {
        pos.set(host.keys(), mv.to, Some(rule.moving[pos.side.index()]));
    }

    fn generate<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let board = host.board();
        let cells = &pos.cells;
        let rule = host.rule(r);
        // A stone entering at an empty edge cell rolls along d to the last empty cell before
        // the edge or a piece: each line is walked once, and entries that stop on the same
        // cell are one move, made in cell order.
        let mut lands = CellSet::<W>::EMPTY;
        for (d, starts) in &self.entries[side.index()] {
            for &start in starts {
                if cells[start.index()].is_some() {
                    continue;
                }
                let mut k = start;
                loop {
                    let next = board.step(k, *d);
                    if next == NO_CELL || cells[next.index()].is_some() {
                        break;
                    }
                    k = next;
                }
                lands.insert(k);
            }
        }
        lands.iter().all(|c| host.emit::<W>(rule, pos, side, Move::new(r, NO_CELL, c), NO_CELL, sink))
    }
}
