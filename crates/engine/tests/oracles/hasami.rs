//! A brute-force move generator for Hasami shogi, written from the game's page
//! (docs/games/hasami-shogi.md) alone: a 9x9 array; a move is made on a copy, then every line
//! and corner around the moved man is looked at on the board as it stands after the move.
//!
//! The rules it follows:
//! - 9x9 board; nine men each on the first row, black (at the bottom) first.
//! - A man moves as a rook onto an empty square, over empty squares only.
//! - After the move: along each of the four directions from the moved man, an unbroken line of
//!   enemy men followed by an own man is captured. An enemy man on a corner square next to the
//!   moved man, whose other neighbour is an own man, is captured.
//! - A player with fewer than `win_below` men has lost (2: all but one taken); a player to move
//!   with no move has lost.

pub const BLACK: u8 = 0;
pub const WHITE: u8 = 1;

pub use crate::shared::{Square, name};

fn on_board(sq: Square) -> bool {
    crate::shared::on_square(9, sq)
}

const DIRS: [(i32, i32); 4] = crate::shared::ORTHOGONAL;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hasami {
    pub board: [[Option<u8>; 9]; 9],
    pub side: u8,
    pub win_below: usize,
}

pub use crate::shared::Capture as Move;

impl Hasami {
    pub fn start(win_below: usize) -> Hasami {
        let mut board = [[None; 9]; 9];
        for column in board.iter_mut() {
            column[0] = Some(BLACK);
            column[8] = Some(WHITE);
        }
        Hasami { board, side: BLACK, win_below }
    }

    pub fn at(&self, (x, y): Square) -> Option<u8> {
        self.board[x as usize][y as usize]
    }

    fn set(&mut self, (x, y): Square, v: Option<u8>) {
        self.board[x as usize][y as usize] = v;
    }

    fn count(&self, player: u8) -> usize {
        self.board.iter().flatten().filter(|&&c| c == Some(player)).count()
    }

    /// What the move takes, looked at on the board after the man has moved.
    fn captures(after: &Hasami, mover: u8, to: Square) -> Vec<Square> {
        let enemy = 1 - mover;
        let mut out = Vec::new();
        for (dx, dy) in DIRS {
            let mut run = Vec::new();
            let mut c = (to.0 + dx, to.1 + dy);
            while on_board(c) && after.at(c) == Some(enemy) {
                run.push(c);
                c = (c.0 + dx, c.1 + dy);
            }
            if !run.is_empty() && on_board(c) && after.at(c) == Some(mover) {
                out.extend(run);
            }
        }
        for corner in [(0, 0), (8, 0), (0, 8), (8, 8)] {
            if after.at(corner) != Some(enemy) || out.contains(&corner) {
                continue;
            }
            let beside: Vec<Square> = DIRS.iter().map(|(dx, dy)| (corner.0 + dx, corner.1 + dy)).filter(|&c| on_board(c)).collect();
            if beside.contains(&to) && beside.iter().all(|&c| after.at(c) == Some(mover)) {
                out.push(corner);
            }
        }
        out.sort();
        out
    }

    fn steps(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for x in 0..9 {
            for y in 0..9 {
                if self.at((x, y)) != Some(self.side) {
                    continue;
                }
                for (dx, dy) in DIRS {
                    let mut to = (x + dx, y + dy);
                    while on_board(to) && self.at(to).is_none() {
                        let mut after = self.clone();
                        after.set((x, y), None);
                        after.set(to, Some(self.side));
                        out.push(Move { from: (x, y), to, captured: Hasami::captures(&after, self.side, to) });
                        to = (to.0 + dx, to.1 + dy);
                    }
                }
            }
        }
        out
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        if self.result().is_some() { Vec::new() } else { self.steps() }
    }

    pub fn make(&self, mv: &Move) -> Hasami {
        let mut next = self.clone();
        next.set(mv.from, None);
        next.set(mv.to, Some(self.side));
        for &c in &mv.captured {
            next.set(c, None);
        }
        next.side = 1 - self.side;
        next
    }

    /// `Some(winner)` once the game is over.
    pub fn result(&self) -> Option<Option<u8>> {
        if self.count(self.side) < self.win_below {
            return Some(Some(1 - self.side));
        }
        self.steps().is_empty().then_some(Some(1 - self.side))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::shared::perft(self, depth, &Self::legal_moves, &Self::make)
    }

    pub fn drawing(&self) -> String {
        let mark = |sq| match self.at(sq) {
            Some(BLACK) => 'x',
            Some(_) => 'o',
            None => '.',
        };
        crate::shared::drawing(9, 9, mark, if self.side == BLACK { "black to move" } else { "white to move" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each black man slides up its file, seven squares.
    #[test]
    fn sixty_three_moves_from_the_start() {
        assert_eq!(Hasami::start(2).legal_moves().len(), 63);
    }

    /// White on a1 (a corner), black on b1: black's man arriving on a2 takes a1; a man arriving
    /// on a2 with b1 empty takes nothing.
    #[test]
    fn the_corner_rule() {
        let mut pos = Hasami { board: [[None; 9]; 9], side: BLACK, win_below: 2 };
        pos.set((0, 0), Some(WHITE));
        pos.set((1, 0), Some(BLACK));
        pos.set((0, 5), Some(BLACK));
        pos.set((8, 8), Some(WHITE));
        let mv = pos.legal_moves().into_iter().find(|m| m.from == (0, 5) && m.to == (0, 1)).unwrap();
        assert_eq!(mv.captured, vec![(0, 0)]);
        pos.set((1, 0), None);
        pos.set((1, 4), Some(BLACK));
        let mv = pos.legal_moves().into_iter().find(|m| m.from == (0, 5) && m.to == (0, 1)).unwrap();
        assert!(mv.captured.is_empty());
    }
}
