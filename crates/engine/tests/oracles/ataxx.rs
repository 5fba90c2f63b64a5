//! A brute-force move generator for Ataxx, written from the game's page (docs/games/ataxx.md)
//! alone: a 7x7 array, every square within two of every piece tried by hand.
//!
//! The rules it follows:
//! - 7x7 board. Red (`x`) starts on a7 and g1, blue (`o`) on a1 and g7; red moves first.
//! - A move takes a piece to an empty square: one square away in any of the eight directions
//!   (a clone: the piece stays and a new one appears there), or exactly two squares away in
//!   rows, columns or both (a jump: the piece leaves its square). Clones onto one square from
//!   different pieces are one move.
//! - The enemy pieces on the (up to eight) squares around the square moved to turn to the mover.
//! - A player with no move passes, if the other player has one.
//! - The game ends when a player has no pieces left (the other wins), or when neither player
//!   can move (the board full, or both blocked): the one with more pieces wins, equal is a draw.

pub const RED: u8 = 0;
pub const BLUE: u8 = 1;

pub use crate::shared::{Square, name};

fn on_board(sq: Square) -> bool {
    crate::shared::on_square(7, sq)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ataxx {
    pub board: [[Option<u8>; 7]; 7],
    pub side: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    Clone(Square),
    Jump(Square, Square),
    Pass,
}

impl Move {
    pub fn key(&self) -> (Option<String>, Option<String>, Vec<String>, bool) {
        match self {
            Move::Clone(to) => (None, Some(name(*to)), Vec::new(), false),
            Move::Jump(from, to) => (Some(name(*from)), Some(name(*to)), Vec::new(), false),
            Move::Pass => (None, None, Vec::new(), true),
        }
    }
}

impl Ataxx {
    pub fn start() -> Ataxx {
        let mut board = [[None; 7]; 7];
        board[0][6] = Some(RED);
        board[6][0] = Some(RED);
        board[0][0] = Some(BLUE);
        board[6][6] = Some(BLUE);
        Ataxx { board, side: RED }
    }

    pub fn at(&self, (x, y): Square) -> Option<u8> {
        self.board[x as usize][y as usize]
    }

    fn count(&self, player: u8) -> usize {
        self.board.iter().flatten().filter(|&&c| c == Some(player)).count()
    }

    /// The moves of `player`, passing aside.
    fn steps(&self, player: u8) -> Vec<Move> {
        let mut clones = Vec::new();
        let mut jumps = Vec::new();
        for x in 0..7 {
            for y in 0..7 {
                if self.at((x, y)) != Some(player) {
                    continue;
                }
                for dx in -2..=2i32 {
                    for dy in -2..=2i32 {
                        let to = (x + dx, y + dy);
                        if (dx, dy) == (0, 0) || !on_board(to) || self.at(to).is_some() {
                            continue;
                        }
                        if dx.abs() <= 1 && dy.abs() <= 1 {
                            if !clones.contains(&Move::Clone(to)) {
                                clones.push(Move::Clone(to));
                            }
                        } else {
                            jumps.push(Move::Jump((x, y), to));
                        }
                    }
                }
            }
        }
        clones.extend(jumps);
        clones
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        if self.result().is_some() {
            return Vec::new();
        }
        let moves = self.steps(self.side);
        if moves.is_empty() { vec![Move::Pass] } else { moves }
    }

    pub fn make(&self, mv: &Move) -> Ataxx {
        let mut next = self.clone();
        let to = match *mv {
            Move::Pass => {
                next.side = 1 - self.side;
                return next;
            }
            Move::Clone(to) => to,
            Move::Jump(from, to) => {
                next.board[from.0 as usize][from.1 as usize] = None;
                to
            }
        };
        next.board[to.0 as usize][to.1 as usize] = Some(self.side);
        for dx in -1..=1 {
            for dy in -1..=1 {
                let n = (to.0 + dx, to.1 + dy);
                if on_board(n) && next.at(n) == Some(1 - self.side) {
                    next.board[n.0 as usize][n.1 as usize] = Some(self.side);
                }
            }
        }
        next.side = 1 - self.side;
        next
    }

    /// `Some(winner)` once the game is over.
    pub fn result(&self) -> Option<Option<u8>> {
        let (mine, theirs) = (self.count(self.side), self.count(1 - self.side));
        if mine == 0 {
            return Some(Some(1 - self.side));
        }
        if self.steps(self.side).is_empty() && self.steps(1 - self.side).is_empty() {
            return Some(match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => Some(self.side),
                std::cmp::Ordering::Less => Some(1 - self.side),
                std::cmp::Ordering::Equal => None,
            });
        }
        None
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::shared::perft(self, depth, &Self::legal_moves, &Self::make)
    }

    pub fn drawing(&self) -> String {
        let mark = |sq| match self.at(sq) {
            Some(RED) => 'x',
            Some(_) => 'o',
            None => '.',
        };
        crate::shared::drawing(7, 7, mark, if self.side == RED { "red to move" } else { "blue to move" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each corner piece has three clone squares and five jump squares: 2 x (3 + 5) = 16.
    #[test]
    fn sixteen_moves_from_the_start() {
        assert_eq!(Ataxx::start().legal_moves().len(), 16);
    }

    /// Red on b3 clones to b2, next to blue's a1, which turns.
    #[test]
    fn a_clone_turns_its_neighbours() {
        let mut pos = Ataxx::start();
        pos.board[1][2] = Some(RED);
        assert!(pos.legal_moves().contains(&Move::Clone((1, 1))));
        let after = pos.make(&Move::Clone((1, 1)));
        assert_eq!(after.at((0, 0)), Some(RED), "a1 turned");
        assert_eq!((after.count(RED), after.count(BLUE)), (5, 1));
    }
}
