//! `push`: put a piece on an edge cell; if it is occupied, shift the run of pieces there one
//! cell inward, into the first empty cell of the line. A push is written with its direction.

use super::{Move, RuleId, Sink};
use crate::game::{Game, Piece};
use crate::position::Position;
use hetproba_board::{CellId, DirId, NO_CELL};
use hetproba_rules::model::{DirSetId, PlayerId, Ruleset};

#[derive(Clone, Debug)]
pub(crate) struct Push {
    /// Inward directions, per player.
    dirs: [Vec<DirId>; 2],
}

impl Push {
    pub(crate) fn compile(rules: &Ruleset, dirs: DirSetId) -> Push {
        Push { dirs: rules.direction_sets[dirs.index()].dirs.clone() }
    }

    pub(crate) fn generate<const W: usize>(&self, game: &Game, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let board = game.board();
        let cells = &pos.cells;
        let dirs = &self.dirs[side.index()];
        let rule = &game.compiled[r.index()];
        for c in (0..cells.len()).map(CellId::new) {
            let inward = |d: DirId| board.opposite(d).is_some_and(|back| board.step(c, back) == NO_CELL);
            if cells[c.index()].is_none() {
                if dirs.iter().any(|&d| inward(d)) && !game.emit::<W>(rule, pos, side, Move::new(r, NO_CELL, c), NO_CELL, sink) {
                    return false;
                }
                continue;
            }
            for &d in dirs {
                if !inward(d) {
                    continue;
                }
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

/// Puts the piece on the entry cell, shifting the run there one cell along the push direction.
pub(super) fn make(game: &Game, pos: &mut Position, mv: Move, piece: Piece) {
    if mv.dir == super::NO_DIR {
        pos.set(game, mv.to, Some(piece));
        return;
    }
    let mut carried = piece;
    let mut k = mv.to;
    while k != NO_CELL {
        let here = pos.cells[k.index()];
        pos.set(game, k, Some(carried));
        let Some(here) = here else { break };
        carried = here;
        k = game.board().step(k, mv.dir);
    }
}
