//! A brute-force move generator for Pente, written from the game's page (docs/games/pente.md)
//! alone: an array of N x N points; a move is placed on a copy, then the eight lines from the new
//! stone are looked at one by one.
//!
//! The rules it follows:
//! - An N x N board (19 by default, N odd), empty at the start; white (`w`) places first, then
//!   the players alternate, one stone a move on any empty point.
//! - White's first stone goes on the centre point; white's second stone at least three points
//!   from it along a row, column or diagonal (outside the 5x5 square around the centre).
//! - After the stone is placed: in each of the eight directions, if the next two points hold
//!   enemy stones and the point after them one of the mover's, those two stones are captured.
//! - The mover wins with five or more own stones in a row, column or diagonal, or with ten
//!   captured stones; a full board is a draw.

pub const WHITE: u8 = 0;
pub const BLACK: u8 = 1;

pub use crate::shared::{Square, name};

const DIRS: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pente {
    pub size: i32,
    /// `board[x][y]`.
    pub board: Vec<Vec<Option<u8>>>,
    pub side: u8,
    /// The stones each player has captured.
    pub captured: [u32; 2],
    /// The stones white has placed (the engine does not show it; the rules need it only for
    /// white's first two stones).
    pub white_placed: u32,
}

/// A stone placed on `to`, taking the stones on `captured`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub to: Square,
    pub captured: Vec<Square>,
}

impl Move {
    pub fn key(&self) -> (Option<String>, Option<String>, Vec<String>, bool) {
        (None, Some(name(self.to)), self.captured.iter().map(|&c| name(c)).collect(), false)
    }
}

impl Pente {
    pub fn start(size: i32) -> Pente {
        Pente { size, board: vec![vec![None; size as usize]; size as usize], side: WHITE, captured: [0, 0], white_placed: 0 }
    }

    fn on_board(&self, sq: Square) -> bool {
        crate::shared::on_square(self.size, sq)
    }

    pub fn at(&self, (x, y): Square) -> Option<u8> {
        self.board[x as usize][y as usize]
    }

    fn set(&mut self, (x, y): Square, v: Option<u8>) {
        self.board[x as usize][y as usize] = v;
    }

    fn allowed(&self, (x, y): Square) -> bool {
        let c = self.size / 2;
        match (self.side, self.white_placed) {
            (WHITE, 0) => (x, y) == (c, c),
            (WHITE, 1) => (x - c).abs() >= 3 || (y - c).abs() >= 3,
            _ => true,
        }
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        if self.result().is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for x in 0..self.size {
            for y in 0..self.size {
                if self.at((x, y)).is_some() || !self.allowed((x, y)) {
                    continue;
                }
                let mut captured = Vec::new();
                for (dx, dy) in DIRS {
                    let [a, b, c] = [1, 2, 3].map(|k| (x + k * dx, y + k * dy));
                    if self.on_board(c)
                        && self.at(a) == Some(1 - self.side)
                        && self.at(b) == Some(1 - self.side)
                        && self.at(c) == Some(self.side)
                    {
                        captured.extend([a, b]);
                    }
                }
                out.push(Move { to: (x, y), captured });
            }
        }
        out
    }

    pub fn make(&self, mv: &Move) -> Pente {
        let mut next = self.clone();
        next.set(mv.to, Some(self.side));
        for &c in &mv.captured {
            next.set(c, None);
        }
        next.captured[self.side as usize] += mv.captured.len() as u32;
        if self.side == WHITE {
            next.white_placed += 1;
        }
        next.side = 1 - self.side;
        next
    }

    fn five(&self, player: u8) -> bool {
        let run = |sq: Square, (dx, dy): (i32, i32)| {
            (0..5).all(|k| {
                let at = (sq.0 + k * dx, sq.1 + k * dy);
                self.on_board(at) && self.at(at) == Some(player)
            })
        };
        (0..self.size).any(|x| (0..self.size).any(|y| DIRS.iter().any(|&d| run((x, y), d))))
    }

    /// `Some(winner)` once the game is over, `Some(None)` for a draw.
    pub fn result(&self) -> Option<Option<u8>> {
        let mover = 1 - self.side;
        if self.five(mover) || self.captured[mover as usize] >= 10 {
            return Some(Some(mover));
        }
        if self.board.iter().flatten().all(|c| c.is_some()) {
            return Some(None);
        }
        None
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::shared::perft(self, depth, &Self::legal_moves, &Self::make)
    }

    pub fn drawing(&self) -> String {
        let mark = |sq| match self.at(sq) {
            Some(WHITE) => 'w',
            Some(_) => 'b',
            None => '.',
        };
        let footer = format!("{} to move, captured {:?}", if self.side == WHITE { "white" } else { "black" }, self.captured);
        crate::shared::drawing(self.size, self.size, mark, &footer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only the centre, then 360 points for black.
    #[test]
    fn the_first_two_plies() {
        let start = Pente::start(19);
        assert_eq!(start.legal_moves().len(), 1);
        assert_eq!(start.perft(2), 360);
    }

    /// w b b w along rank 1: the pair goes, and three in a row would not.
    #[test]
    fn a_pair_is_captured() {
        let mut pos = Pente::start(19);
        pos.white_placed = 5;
        pos.set((0, 0), Some(WHITE));
        pos.set((1, 0), Some(BLACK));
        pos.set((2, 0), Some(BLACK));
        let mv = pos.legal_moves().into_iter().find(|m| m.to == (3, 0)).expect("d1 is empty");
        assert_eq!(mv.captured, vec![(2, 0), (1, 0)]);
        pos.set((3, 0), Some(BLACK));
        let mv = pos.legal_moves().into_iter().find(|m| m.to == (4, 0)).expect("e1 is empty");
        assert!(mv.captured.is_empty());
    }
}
