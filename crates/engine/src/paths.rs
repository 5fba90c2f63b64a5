//! The paths and ways of a move, for notation, capture precedence and columns: every landing
//! path of a chain, the order in which a way takes its pieces, the cells its effects turn.

use crate::cellbits::CellBits;
use crate::game::Game;
use crate::mv::{Move, NO_DIR};
use crate::position::Position;
use hetproba_board::{CellId, DirId, NO_CELL};

impl Game {
    /// The move's first part as it is written: without the cell its later removal takes (a
    /// removal is among the captures, and `a1-a4/xg7` is a plain move then a removal).
    pub(crate) fn first_part(&self, mut mv: Move) -> Move {
        if let Some(next) = self.compiled(mv.rule.index()).rule.next
            && mv.part != NO_CELL
            && self.compiled(next.index()).kind.part_takes()
        {
            mv.captures.remove(mv.part);
        }
        mv
    }

    /// The cells a move's effects turn (for move descriptions).
    pub(crate) fn turned_cells(&self, pos: &Position, mv: Move) -> Vec<CellId> {
        if mv.is_pass() {
            return Vec::new();
        }
        self.compiled(mv.rule.index()).rule.effects.turned(self.board(), pos, pos.side, mv.to, mv.from)
    }

    /// Does the piece that makes the capture `mv` capture from where it stands? (A hop move
    /// does if its piece can begin with a capturing hop; any other capture does.)
    pub(crate) fn captures_directly(&self, pos: &Position, mv: &Move) -> bool {
        self.compiled(mv.rule.index()).kind.captures_directly(self, pos, pos.side, mv.rule, mv.from)
    }

    /// Every landing path of a legal move, in the order its kind finds them (one path, `to`,
    /// for anything but hops; none for a placement or a pass).
    pub(crate) fn paths(&self, pos: &Position, mv: &Move) -> Vec<Vec<CellId>> {
        if mv.is_pass() || mv.from == NO_CELL {
            return vec![Vec::new()];
        }
        let compiled = self.compiled(mv.rule.index());
        if compiled.rule.goes_on {
            // A piece that moved again: the landing of each part.
            return self.onward_ways(pos, mv).into_iter().map(|parts| parts.iter().map(|p| p.to).collect()).collect();
        }
        // A later removal is among the captures but on no path: search for the first part's.
        let first = self.first_part(*mv);
        compiled.kind.paths(self, pos, &first).unwrap_or_else(|| vec![vec![mv.to]])
    }

    /// The distinct ways a move takes its captured pieces: per path, each piece taken with the
    /// direction of the hop that takes it. Paths that differ only in where a flying piece lands
    /// before going on straight are one way; taking the same pieces in another order, or turning
    /// towards a piece from another cell, is another. Moves that are not hops have one way.
    pub(crate) fn capture_ways(&self, pos: &Position, mv: &Move) -> Vec<Vec<(CellId, DirId)>> {
        if !self.moves().all().get(mv.rule.index()).is_some_and(|c| c.kind.has_paths()) {
            let mut order: Vec<(CellId, DirId)> = mv.take_to.then_some((mv.to, NO_DIR)).into_iter().collect();
            order.extend(mv.captured_cells().filter(|&c| !(mv.take_to && c == mv.to)).map(|c| (c, NO_DIR)));
            return vec![order];
        }
        let mut ways: Vec<Vec<(CellId, DirId)>> = Vec::new();
        for path in self.paths(pos, mv) {
            let way = self.path_way(mv, &path);
            if !ways.contains(&way) {
                ways.push(way);
            }
        }
        ways
    }

    /// The pieces one landing path of a hop move takes, in order, each with the direction of
    /// the hop that takes it.
    pub(crate) fn path_way(&self, mv: &Move, path: &[CellId]) -> Vec<(CellId, DirId)> {
        let board = self.board();
        let mut taken = CellBits::EMPTY;
        let mut way = Vec::new();
        let mut at = mv.from;
        for &l in path {
            // The piece a hop takes lies between its start and its landing; a piece taken
            // earlier in the chain may lie there too, already gone.
            for d in board.all_directions() {
                let mut c = board.step(at, d);
                let mut between = Vec::new();
                while c != NO_CELL && c != l {
                    between.push(c);
                    c = board.step(c, d);
                }
                if c == l {
                    for c in between {
                        if mv.captures.contains(c) && !taken.contains(c) {
                            taken.insert(c);
                            way.push((c, d));
                        }
                    }
                    break;
                }
            }
            at = l;
        }
        way
    }
}
