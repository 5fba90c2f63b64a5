//! `roll`: enter at an edge cell and roll inward until the next cell is off the board or
//! occupied. Entries that stop on the same cell are one move.

use super::{Move, RuleId, Sink};
use crate::game::Game;
use crate::position::Position;
use hetproba_board::{CellId, DirId, NO_CELL};
use hetproba_rules::model::{DirSetId, PlayerId, Ruleset};

#[derive(Clone, Debug)]
pub(crate) struct Roll {
    /// Directions of travel, per player.
    dirs: [Vec<DirId>; 2],
}

impl Roll {
    pub(crate) fn compile(rules: &Ruleset, dirs: DirSetId) -> Roll {
        Roll { dirs: rules.direction_sets[dirs.index()].dirs.clone() }
    }

    pub(crate) fn generate<const W: usize>(&self, game: &Game, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let board = game.board();
        let cells = &pos.cells;
        let rule = &game.compiled[r.index()];
        for c in (0..cells.len()).map(CellId::new) {
            if cells[c.index()].is_some() {
                continue;
            }
            // A stone rolling along d stops on c if the next cell is off the board or
            // occupied, and reaches c if every cell back to the edge is empty.
            let lands = self.dirs[side.index()].iter().any(|&d| {
                let ahead = board.step(c, d);
                if ahead != NO_CELL && cells[ahead.index()].is_none() {
                    return false;
                }
                let Some(back) = board.opposite(d) else { return false };
                let mut k = c;
                loop {
                    let p = board.step(k, back);
                    if p == NO_CELL {
                        return true;
                    }
                    if cells[p.index()].is_some() {
                        return false;
                    }
                    k = p;
                }
            });
            if lands && !game.emit::<W>(rule, pos, side, Move::new(r, NO_CELL, c), NO_CELL, sink) {
                return false;
            }
        }
        true
    }
}
