//! A brute-force move generator for Kamisado, written from the game's page
//! (docs/games/kamisado.md) alone: an 8x8 array of towers, the colour table of the page, and the
//! last move's cell.
//!
//! The rules it follows:
//! - Each cell has the colour the page's table gives; each player has one tower of each colour,
//!   white on rank 1 and black on rank 8, each on the cell of its colour. White moves first.
//! - A tower moves straight or diagonally forward (white up, black down) over empty cells, any
//!   number of them; no jumps, no captures.
//! - The first move may be made with any tower; afterwards only with the mover's tower of the
//!   colour of the cell the last move ended on. If that tower cannot move, it stays (a move from
//!   its cell to its cell), and its cell's colour names the opponent's next tower.
//! - A tower on the opponent's home row wins for its owner. Sixteen stays in a row are a deadlock,
//!   lost by the player who made the sixteenth.

pub const WHITE: u8 = 0;
pub const BLACK: u8 = 1;

pub use crate::shared::{Square, name};

/// The page's colour names, by index.
pub const COLOURS: [&str; 8] = ["orange", "blue", "purple", "pink", "yellow", "red", "green", "brown"];

/// The page's table, rank 8 first, by colour index.
const TABLE: [[usize; 8]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7],
    [5, 0, 3, 6, 1, 4, 7, 2],
    [6, 3, 0, 5, 2, 7, 4, 1],
    [3, 2, 1, 0, 7, 6, 5, 4],
    [4, 5, 6, 7, 0, 1, 2, 3],
    [1, 4, 7, 2, 5, 0, 3, 6],
    [2, 7, 4, 1, 6, 3, 0, 5],
    [7, 6, 5, 4, 3, 2, 1, 0],
];

/// The colour of a cell.
pub fn colour((x, y): Square) -> usize {
    TABLE[(7 - y) as usize][x as usize]
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kamisado {
    /// `board[x][y]`: (owner, colour).
    pub board: [[Option<(u8, usize)>; 8]; 8],
    pub side: u8,
    /// The cell the last move ended on.
    pub last: Option<Square>,
    pub stays: u32,
}

/// A tower from `from` to `to` (the same cell for a stay).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    pub fn key(&self) -> (Option<String>, Option<String>, Vec<String>, bool) {
        (Some(name(self.from)), Some(name(self.to)), Vec::new(), false)
    }
}

impl Kamisado {
    pub fn start() -> Kamisado {
        let mut board = [[None; 8]; 8];
        for x in 0..8 {
            board[x as usize][0] = Some((WHITE, colour((x, 0))));
            board[x as usize][7] = Some((BLACK, colour((x, 7))));
        }
        Kamisado { board, side: WHITE, last: None, stays: 0 }
    }

    pub fn at(&self, (x, y): Square) -> Option<(u8, usize)> {
        self.board[x as usize][y as usize]
    }

    fn moves_from(&self, from: Square) -> Vec<Move> {
        let dy = if self.side == WHITE { 1 } else { -1 };
        let mut out = Vec::new();
        for dx in [0, 1, -1] {
            let mut to = (from.0 + dx, from.1 + dy);
            while crate::shared::on_square(8, to) && self.at(to).is_none() {
                out.push(Move { from, to });
                to = (to.0 + dx, to.1 + dy);
            }
        }
        out
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        if self.result().is_some() {
            return Vec::new();
        }
        let named = self.last.map(colour);
        let mut out = Vec::new();
        for x in 0..8 {
            for y in 0..8 {
                if let Some((owner, c)) = self.at((x, y))
                    && owner == self.side
                    && named.is_none_or(|n| n == c)
                {
                    out.extend(self.moves_from((x, y)));
                }
            }
        }
        if out.is_empty()
            && let Some(n) = named
        {
            for x in 0..8 {
                for y in 0..8 {
                    if self.at((x, y)) == Some((self.side, n)) {
                        out.push(Move { from: (x, y), to: (x, y) });
                    }
                }
            }
        }
        out
    }

    pub fn make(&self, mv: &Move) -> Kamisado {
        let mut next = self.clone();
        let tower = self.at(mv.from);
        next.board[mv.from.0 as usize][mv.from.1 as usize] = None;
        next.board[mv.to.0 as usize][mv.to.1 as usize] = tower;
        next.stays = if mv.from == mv.to { self.stays + 1 } else { 0 };
        next.last = Some(mv.to);
        next.side = 1 - self.side;
        next
    }

    /// The player who just moved wins with a tower on the far row, and loses the deadlock.
    pub fn result(&self) -> Option<Option<u8>> {
        let mover = 1 - self.side;
        let far = if mover == WHITE { 7 } else { 0 };
        if (0..8).any(|x| self.at((x, far)).is_some_and(|(owner, _)| owner == mover)) {
            return Some(Some(mover));
        }
        (self.stays >= 16).then_some(Some(self.side))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::shared::perft(self, depth, &Kamisado::legal_moves, &Kamisado::make)
    }

    pub fn drawing(&self) -> String {
        let side = if self.side == WHITE { "white" } else { "black" };
        crate::shared::drawing(
            8,
            8,
            |sq| match self.at(sq) {
                None => '.',
                Some((owner, c)) => {
                    let mark = ['o', 'b', 'p', 'k', 'y', 'r', 'g', 'n'][c];
                    if owner == WHITE { mark.to_ascii_uppercase() } else { mark }
                }
            },
            &format!("{side} to move, last {:?}, stays {}", self.last.map(name), self.stays),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_move_has_102_ways() {
        // 48 straight, 27 up each diagonal, as the page's embedded test counts them.
        assert_eq!(Kamisado::start().legal_moves().len(), 102);
    }
}
