//! A brute-force move generator for Ugolki (Corners), written from the game's page
//! (docs/games/ugolki.md) alone: an 8x8 array, hop chains followed square by square.
//!
//! The rules it follows:
//! - 8x8 board; white's men fill the `corner` x `corner` square at a1, black's the one at h8;
//!   white moves first.
//! - A move is a step to an orthogonally adjacent empty square, or a chain of hops: each over an
//!   orthogonally adjacent man (either side's, none captured) onto the empty square right behind
//!   it. A chain may stop after any hop, and never lands on a square it has already stood on
//!   (its start included). Chains from one square to one square are one move.
//! - A player whose every man stands in the opposite corner wins; a player with no move loses.

use std::collections::BTreeSet;

pub const WHITE: u8 = 0;
pub const BLACK: u8 = 1;

pub use crate::shared::{Square, name};

fn on_board(sq: Square) -> bool {
    crate::shared::on_square(8, sq)
}

const DIRS: [(i32, i32); 4] = crate::shared::ORTHOGONAL;

/// Plies after which a man in its own corner loses: 40 moves each.
pub const LATE: u32 = 80;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ugolki {
    pub board: [[Option<u8>; 8]; 8],
    pub side: u8,
    pub corner: i32,
    /// Plies played (from 80 on, counted as 80: only "after move 40" matters).
    pub plies: u32,
}

pub use crate::shared::Step as Move;

impl Ugolki {
    pub fn start(corner: i32) -> Ugolki {
        let mut board = [[None; 8]; 8];
        for x in 0..corner {
            for y in 0..corner {
                board[x as usize][y as usize] = Some(WHITE);
                board[(7 - x) as usize][(7 - y) as usize] = Some(BLACK);
            }
        }
        Ugolki { board, side: WHITE, corner, plies: 0 }
    }

    pub fn at(&self, (x, y): Square) -> Option<u8> {
        self.board[x as usize][y as usize]
    }

    /// The corner `player` races to.
    fn in_goal(&self, player: u8, (x, y): Square) -> bool {
        if player == WHITE { x >= 8 - self.corner && y >= 8 - self.corner } else { x < self.corner && y < self.corner }
    }

    fn steps(&self) -> Vec<Move> {
        let mut out = BTreeSet::new();
        for x in 0..8 {
            for y in 0..8 {
                if self.at((x, y)) != Some(self.side) {
                    continue;
                }
                for (dx, dy) in DIRS {
                    let to = (x + dx, y + dy);
                    if on_board(to) && self.at(to).is_none() {
                        out.insert(Move { from: (x, y), to });
                    }
                }
                // The chains of hops, the man lifted off its square while it hops.
                let mut visited = vec![(x, y)];
                self.hops((x, y), (x, y), &mut visited, &mut out);
            }
        }
        out.into_iter().collect()
    }

    fn hops(&self, from: Square, at: Square, visited: &mut Vec<Square>, out: &mut BTreeSet<Move>) {
        for (dx, dy) in DIRS {
            let over = (at.0 + dx, at.1 + dy);
            let land = (at.0 + 2 * dx, at.1 + 2 * dy);
            if !on_board(land) || over == from || self.at(over).is_none() {
                continue;
            }
            if (self.at(land).is_some() && land != from) || visited.contains(&land) {
                continue;
            }
            out.insert(Move { from, to: land });
            visited.push(land);
            self.hops(from, land, visited, out);
            visited.pop();
        }
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        if self.result().is_some() { Vec::new() } else { self.steps() }
    }

    pub fn make(&self, mv: &Move) -> Ugolki {
        let mut next = self.clone();
        next.board[mv.from.0 as usize][mv.from.1 as usize] = None;
        next.board[mv.to.0 as usize][mv.to.1 as usize] = Some(self.side);
        next.side = 1 - self.side;
        next.plies = (self.plies + 1).min(LATE);
        next
    }

    /// `Some(winner)` once the game is over: the player who just moved has every man in the
    /// corner, or the player to move has no move.
    pub fn result(&self) -> Option<Option<u8>> {
        let mover = 1 - self.side;
        let mut all = true;
        for x in 0..8 {
            for y in 0..8 {
                if self.at((x, y)) == Some(mover) && !self.in_goal(mover, (x, y)) {
                    all = false;
                }
            }
        }
        if all {
            return Some(Some(mover));
        }
        // After each player's 40th move, a man in its own corner (the other's goal) loses.
        if self.plies >= LATE {
            let home = |p: u8| (0..8).any(|x| (0..8).any(|y| self.at((x, y)) == Some(p) && self.in_goal(1 - p, (x, y))));
            match (home(mover), home(self.side)) {
                (true, true) => return Some(None),
                (true, false) => return Some(Some(self.side)),
                (false, true) => return Some(Some(mover)),
                (false, false) => {}
            }
        }
        self.steps().is_empty().then_some(Some(mover))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::shared::perft(self, depth, &Self::legal_moves, &Self::make)
    }

    pub fn drawing(&self) -> String {
        let mark = |sq| match self.at(sq) {
            Some(WHITE) => 'W',
            Some(_) => 'B',
            None => '.',
        };
        crate::shared::drawing(8, 8, mark, if self.side == WHITE { "white to move" } else { "black to move" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// From the start: six steps (a3-a4, b3-b4, c3-c4, c3-d3, c2-d2, c1-d1) and six hops
    /// (a2-a4, b1-d1, b2-b4, b2-d2, b3-d3, c2-c4); no hop goes on from where it lands.
    #[test]
    fn twelve_moves_from_the_start() {
        assert_eq!(Ugolki::start(3).legal_moves().len(), 12);
    }

    #[test]
    fn a_chain_of_hops_goes_round_but_never_back() {
        let mut pos = Ugolki { board: [[None; 8]; 8], side: WHITE, corner: 3, plies: 0 };
        pos.board[3][3] = Some(WHITE); // d4
        pos.board[3][4] = Some(BLACK); // d5, hopped to d6
        pos.board[4][5] = Some(BLACK); // e6, hopped to f6
        pos.board[7][7] = Some(BLACK);
        let to: BTreeSet<Square> = pos.legal_moves().iter().filter(|m| m.from == (3, 3)).map(|m| m.to).collect();
        assert!(to.contains(&(3, 5)) && to.contains(&(5, 5)), "{to:?}");
    }
}
