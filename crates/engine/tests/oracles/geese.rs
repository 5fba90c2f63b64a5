//! A brute-force move generator for fox and geese on the 33-point cross, written from the game's
//! page (docs/games/fox-and-geese.md) alone.
//!
//! The rules it follows:
//! - The points are those of a 7x7 grid in the cross: x or y (0 to 6) between 2 and 4. Moves go
//!   along rows and columns, one point at a time.
//! - The fox starts on d4, the thirteen geese on the points of rows 5, 6 and 7. The fox moves
//!   first.
//! - The fox steps to an adjacent empty point, or jumps over an adjacent goose onto the empty
//!   point right behind it, capturing it (the goose leaves at once); it may go on jumping, and
//!   may stop after any jump. Jumps that end on one point having taken the same geese are one
//!   move.
//! - A goose steps to an adjacent empty point, down (towards row 1) or sideways, never up.
//! - After the fox's move, fewer than `trap` geese win for the fox; a player who cannot move
//!   loses.

use std::collections::BTreeSet;

pub const FOX: u8 = 0;
pub const GEESE: u8 = 1;

pub use crate::shared::{Square, name};

pub fn is_point((x, y): Square) -> bool {
    (0..7).contains(&x) && (0..7).contains(&y) && ((2..=4).contains(&x) || (2..=4).contains(&y))
}

const DIRS: [(i32, i32); 4] = crate::shared::ORTHOGONAL;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geese {
    pub fox: Square,
    pub geese: BTreeSet<Square>,
    pub side: u8,
    pub trap: usize,
}

pub use crate::shared::Capture as Move;

impl Geese {
    pub fn start(trap: usize) -> Geese {
        let geese = (0..7).flat_map(|x| (4..7).map(move |y| (x, y))).filter(|&p| is_point(p)).collect();
        Geese { fox: (3, 3), geese, side: FOX, trap }
    }

    fn empty(&self, p: Square) -> bool {
        is_point(p) && p != self.fox && !self.geese.contains(&p)
    }

    fn steps(&self) -> Vec<Move> {
        let mut out = BTreeSet::new();
        if self.side == FOX {
            for (dx, dy) in DIRS {
                let to = (self.fox.0 + dx, self.fox.1 + dy);
                if self.empty(to) {
                    out.insert(Move { from: self.fox, to, captured: Vec::new() });
                }
            }
            self.jumps(self.fox, &mut Vec::new(), &mut out);
        } else {
            for &g in &self.geese {
                for (dx, dy) in [(1, 0), (-1, 0), (0, -1)] {
                    let to = (g.0 + dx, g.1 + dy);
                    if self.empty(to) {
                        out.insert(Move { from: g, to, captured: Vec::new() });
                    }
                }
            }
        }
        out.into_iter().collect()
    }

    /// The fox's jumps from `at`, having taken `taken` (gone from the board at once).
    fn jumps(&self, at: Square, taken: &mut Vec<Square>, out: &mut BTreeSet<Move>) {
        for (dx, dy) in DIRS {
            let over = (at.0 + dx, at.1 + dy);
            let land = (at.0 + 2 * dx, at.1 + 2 * dy);
            if !self.geese.contains(&over) || taken.contains(&over) || !is_point(land) {
                continue;
            }
            let free = land == self.fox || (!self.geese.contains(&land) || taken.contains(&land));
            if !free {
                continue;
            }
            taken.push(over);
            let mut captured = taken.clone();
            captured.sort();
            out.insert(Move { from: self.fox, to: land, captured });
            self.jumps(land, taken, out);
            taken.pop();
        }
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        if self.result().is_some() { Vec::new() } else { self.steps() }
    }

    pub fn make(&self, mv: &Move) -> Geese {
        let mut next = self.clone();
        if self.side == FOX {
            next.fox = mv.to;
            for c in &mv.captured {
                next.geese.remove(c);
            }
        } else {
            next.geese.remove(&mv.from);
            next.geese.insert(mv.to);
        }
        next.side = 1 - self.side;
        next
    }

    /// `Some(winner)` once the game is over.
    pub fn result(&self) -> Option<Option<u8>> {
        if self.side == GEESE && self.geese.len() < self.trap {
            return Some(Some(FOX));
        }
        self.steps().is_empty().then_some(Some(1 - self.side))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::shared::perft(self, depth, &Self::legal_moves, &Self::make)
    }

    pub fn drawing(&self) -> String {
        let mark = |sq: Square| {
            if self.fox == sq {
                'F'
            } else if self.geese.contains(&sq) {
                'g'
            } else if is_point(sq) {
                '.'
            } else {
                ' '
            }
        };
        crate::shared::drawing(7, 7, mark, if self.side == FOX { "fox to move" } else { "geese to move" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fox on d4: the geese hold rows 5 to 7, so it steps to c4, e4 or d3; d5 has d6
    /// behind it, so no jump.
    #[test]
    fn thirteen_geese_and_the_fox_on_d4() {
        let start = Geese::start(4);
        assert_eq!(start.geese.len(), 13);
        let moves = start.legal_moves();
        assert_eq!(moves.len(), 3, "{moves:?}");
        assert!(moves.iter().all(|m| m.captured.is_empty()));
    }

    /// The fox on d2 jumps d3 to d4, then may stop, or jump e4 to f4 as well.
    #[test]
    fn the_fox_may_stop_after_any_jump() {
        let geese: BTreeSet<Square> = [(3, 2), (4, 3), (0, 4)].into_iter().collect();
        let pos = Geese { fox: (3, 1), geese, side: FOX, trap: 1 };
        let jumps: Vec<Move> = pos.legal_moves().into_iter().filter(|m| !m.captured.is_empty()).collect();
        assert_eq!(jumps.len(), 2, "{jumps:?}");
        assert!(jumps.iter().any(|m| m.to == (3, 3) && m.captured == [(3, 2)]), "{jumps:?}");
        assert!(jumps.iter().any(|m| m.to == (5, 3) && m.captured.len() == 2), "{jumps:?}");
    }
}
