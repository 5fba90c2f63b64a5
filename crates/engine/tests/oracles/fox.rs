//! A brute-force move generator for fox and hounds, written from the game's page
//! (docs/games/fox-and-hounds.md) alone: the fox's square and the four hounds' squares, every
//! diagonal tried by hand.
//!
//! The rules it follows:
//! - 8x8 board, play on the dark squares (a1 dark: (x, y) with x + y even).
//! - The hounds start on a1, c1, e1, g1; the fox on the eighth row, on b8, d8, f8 or h8 (the
//!   first, second, third or fourth dark square from the left; d8 by default). The fox moves
//!   first.
//! - The fox steps one square diagonally, forward or backward, onto an empty square.
//! - A hound steps one square diagonally forward (up the board) onto an empty square; one hound
//!   moves a turn. Nothing is ever captured.
//! - The fox wins when it stands on the first row (the hounds' row).
//! - A player who cannot move loses: the fox when it is trapped, the hounds when none of them
//!   can step.

pub const FOX: u8 = 0;
pub const HOUNDS: u8 = 1;

pub use crate::shared::{Square, name};

fn on_board(sq: Square) -> bool {
    crate::shared::on_square(8, sq)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fox {
    pub fox: Square,
    /// Sorted, so that equal positions compare equal.
    pub hounds: Vec<Square>,
    pub side: u8,
}

pub use crate::shared::Step as Move;

impl Fox {
    /// The start, the fox on the `fox_square`-th dark square of the eighth row (1 to 4).
    pub fn start(fox_square: i32) -> Fox {
        Fox { fox: (2 * fox_square - 1, 7), hounds: vec![(0, 0), (2, 0), (4, 0), (6, 0)], side: FOX }
    }

    fn empty(&self, sq: Square) -> bool {
        on_board(sq) && sq != self.fox && !self.hounds.contains(&sq)
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        if self.result().is_some() {
            return Vec::new();
        }
        self.steps()
    }

    fn steps(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if self.side == FOX {
            for (dx, dy) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
                let to = (self.fox.0 + dx, self.fox.1 + dy);
                if self.empty(to) {
                    out.push(Move { from: self.fox, to });
                }
            }
        } else {
            for &h in &self.hounds {
                for dx in [1, -1] {
                    let to = (h.0 + dx, h.1 + 1);
                    if self.empty(to) {
                        out.push(Move { from: h, to });
                    }
                }
            }
        }
        out
    }

    pub fn make(&self, mv: &Move) -> Fox {
        let mut next = self.clone();
        if self.side == FOX {
            next.fox = mv.to;
        } else {
            let i = next.hounds.iter().position(|&h| h == mv.from).expect("a hound on the start square");
            next.hounds[i] = mv.to;
            next.hounds.sort();
        }
        next.side = 1 - self.side;
        next
    }

    /// `Some(winner)` once the game is over: the fox on the first row, or a player with no step.
    pub fn result(&self) -> Option<Option<u8>> {
        if self.fox.1 == 0 {
            return Some(Some(FOX));
        }
        self.steps().is_empty().then_some(Some(1 - self.side))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::shared::perft(self, depth, &Self::legal_moves, &Self::make)
    }

    /// Rows from the top: `F` the fox, `h` a hound, `.` an empty dark square.
    pub fn drawing(&self) -> String {
        let mark = |sq: Square| {
            if self.fox == sq {
                'F'
            } else if self.hounds.contains(&sq) {
                'h'
            } else if (sq.0 + sq.1) % 2 == 0 {
                '.'
            } else {
                ' '
            }
        };
        crate::shared::drawing(8, 8, mark, if self.side == FOX { "fox to move" } else { "hounds to move" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fox on d8 has c7 and e7; the hounds have b2 (from a1), b2 and d2, d2 and f2, f2 and
    /// h2: 7 steps.
    #[test]
    fn first_moves_counted_by_hand() {
        let start = Fox::start(2);
        assert_eq!(start.legal_moves().len(), 2);
        assert_eq!(start.make(&Move { from: (3, 7), to: (2, 6) }).legal_moves().len(), 7);
        assert_eq!(start.perft(2), 14);
    }

    #[test]
    fn a_fox_in_the_corner_is_trapped_by_one_hound() {
        let pos = Fox { fox: (7, 7), hounds: vec![(0, 0), (2, 0), (4, 0), (6, 6)], side: FOX };
        assert!(pos.legal_moves().is_empty());
        assert_eq!(pos.result(), Some(Some(HOUNDS)));
    }

    #[test]
    fn the_fox_on_the_first_row_has_won() {
        let pos = Fox { fox: (2, 0), hounds: vec![(0, 0), (4, 0), (6, 0), (1, 3)], side: HOUNDS };
        assert_eq!(pos.result(), Some(Some(FOX)));
        assert!(pos.legal_moves().is_empty());
    }
}
