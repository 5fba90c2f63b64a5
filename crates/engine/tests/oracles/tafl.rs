//! A brute-force move generator for Brandubh and Tablut, written from the games' pages
//! (docs/games/brandubh.md, docs/games/tablut.md) alone: a square array; a move is made on a
//! copy, then the four neighbours of the moved piece are looked at on the board as it stands.
//!
//! The rules it follows:
//! - Brandubh: 7x7, the king on the throne d4, defenders on c4, e4, d3, d5, attackers on a4, b4,
//!   f4, g4, d1, d2, d6, d7. Tablut: 9x9, the king on e5, Swedes on c5, d5, f5, g5, e3, e4, e6,
//!   e7, Muscovites on a4-a6, b5, i4-i6, h5, d1-f1, e2, d9-f9, e8. The attackers move first.
//! - Every piece slides any number of empty cells along a row or column. Only the king may stop
//!   on the throne (and, in Brandubh, the corners); the others may cross the empty throne.
//! - After a move, each enemy piece beside the moved piece is captured when the cell across it
//!   holds a piece of the mover's (the king included) or is an empty hostile cell: the throne
//!   (and, in Brandubh, a corner). In Brandubh this holds for the king too; in Tablut the king
//!   is captured only when each of his four neighbours is an attacker or the empty throne (his
//!   escape cells, the edge, end the game before that matters).
//! - The defenders win when the king reaches a corner (Brandubh) or the edge (Tablut); the
//!   attackers when the king is gone; a player to move with no move loses.

pub const ATTACKERS: u8 = 0;
pub const DEFENDERS: u8 = 1;

pub use crate::shared::{Square, name};

const DIRS: [(i32, i32); 4] = crate::shared::ORTHOGONAL;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    Brandubh,
    Tablut,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub owner: u8,
    pub king: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tafl {
    pub game: Game,
    pub size: i32,
    /// `board[x][y]`.
    pub board: Vec<Vec<Option<Piece>>>,
    pub side: u8,
}

pub use crate::shared::Capture as Move;

impl Tafl {
    pub fn empty(game: Game) -> Tafl {
        let size = match game {
            Game::Brandubh => 7,
            Game::Tablut => 9,
        };
        Tafl { game, size, board: vec![vec![None; size as usize]; size as usize], side: ATTACKERS }
    }

    pub fn start(game: Game) -> Tafl {
        let mut out = Tafl::empty(game);
        let (attackers, defenders): (&[&str], &[&str]) = match game {
            Game::Brandubh => (&["a4", "b4", "f4", "g4", "d1", "d2", "d6", "d7"], &["c4", "e4", "d3", "d5"]),
            Game::Tablut => (
                &["a4", "a5", "a6", "b5", "i4", "i5", "i6", "h5", "d1", "e1", "f1", "e2", "d9", "e9", "f9", "e8"],
                &["c5", "d5", "f5", "g5", "e3", "e4", "e6", "e7"],
            ),
        };
        for &a in attackers {
            out.set(crate::shared::square(a), Some(Piece { owner: ATTACKERS, king: false }));
        }
        for &d in defenders {
            out.set(crate::shared::square(d), Some(Piece { owner: DEFENDERS, king: false }));
        }
        let throne = out.throne();
        out.set(throne, Some(Piece { owner: DEFENDERS, king: true }));
        out
    }

    fn on_board(&self, sq: Square) -> bool {
        crate::shared::on_square(self.size, sq)
    }

    pub fn at(&self, (x, y): Square) -> Option<Piece> {
        self.board[x as usize][y as usize]
    }

    pub fn set(&mut self, (x, y): Square, v: Option<Piece>) {
        self.board[x as usize][y as usize] = v;
    }

    fn throne(&self) -> Square {
        (self.size / 2, self.size / 2)
    }

    fn corner(&self, (x, y): Square) -> bool {
        let last = self.size - 1;
        (x == 0 || x == last) && (y == 0 || y == last)
    }

    /// Only the king may stop here.
    fn restricted(&self, sq: Square) -> bool {
        sq == self.throne() || (self.game == Game::Brandubh && self.corner(sq))
    }

    /// Hostile when empty.
    fn hostile(&self, sq: Square) -> bool {
        self.restricted(sq)
    }

    /// Where the king wins.
    fn escape(&self, (x, y): Square) -> bool {
        let last = self.size - 1;
        match self.game {
            Game::Brandubh => self.corner((x, y)),
            Game::Tablut => x == 0 || y == 0 || x == last || y == last,
        }
    }

    /// Is `sq` on the board and a piece of `mover`'s, or an empty hostile cell?
    fn closes(&self, sq: Square, mover: u8) -> bool {
        self.on_board(sq)
            && match self.at(sq) {
                Some(p) => p.owner == mover,
                None => self.hostile(sq),
            }
    }

    /// What a move of `mover` arriving on `to` takes, looked at after the move.
    fn captures(after: &Tafl, mover: u8, to: Square) -> Vec<Square> {
        let mut out = Vec::new();
        for (dx, dy) in DIRS {
            let c = (to.0 + dx, to.1 + dy);
            if !after.on_board(c) {
                continue;
            }
            let Some(p) = after.at(c) else { continue };
            if p.owner == mover {
                continue;
            }
            let taken = if p.king && after.game == Game::Tablut {
                DIRS.iter().all(|&(ex, ey)| {
                    let n = (c.0 + ex, c.1 + ey);
                    !after.on_board(n) || after.closes(n, mover)
                })
            } else {
                after.closes((c.0 + dx, c.1 + dy), mover)
            };
            if taken {
                out.push(c);
            }
        }
        out.sort();
        out
    }

    fn slides(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for x in 0..self.size {
            for y in 0..self.size {
                let Some(piece) = self.at((x, y)) else { continue };
                if piece.owner != self.side {
                    continue;
                }
                for (dx, dy) in DIRS {
                    let mut to = (x + dx, y + dy);
                    while self.on_board(to) && self.at(to).is_none() {
                        if piece.king || !self.restricted(to) {
                            let mut after = self.clone();
                            after.set((x, y), None);
                            after.set(to, Some(piece));
                            out.push(Move { from: (x, y), to, captured: Tafl::captures(&after, self.side, to) });
                        }
                        to = (to.0 + dx, to.1 + dy);
                    }
                }
            }
        }
        out
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        if self.result().is_some() { Vec::new() } else { self.slides() }
    }

    pub fn make(&self, mv: &Move) -> Tafl {
        let mut next = self.clone();
        let piece = self.at(mv.from);
        next.set(mv.from, None);
        next.set(mv.to, piece);
        for &c in &mv.captured {
            next.set(c, None);
        }
        next.side = 1 - self.side;
        next
    }

    /// `Some(winner)` once the game is over.
    pub fn result(&self) -> Option<Option<u8>> {
        let king = (0..self.size).flat_map(|x| (0..self.size).map(move |y| (x, y))).find(|&sq| self.at(sq).is_some_and(|p| p.king));
        match king {
            None => return Some(Some(ATTACKERS)),
            Some(sq) if self.escape(sq) => return Some(Some(DEFENDERS)),
            Some(_) => {}
        }
        self.slides().is_empty().then_some(Some(1 - self.side))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::shared::perft(self, depth, &Self::legal_moves, &Self::make)
    }

    pub fn drawing(&self) -> String {
        let mark = |sq| match self.at(sq) {
            Some(Piece { king: true, .. }) => 'K',
            Some(Piece { owner: ATTACKERS, .. }) => 'x',
            Some(_) => 'o',
            None => '.',
        };
        crate::shared::drawing(self.size, self.size, mark, if self.side == ATTACKERS { "attackers to move" } else { "defenders to move" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::square;

    /// The attackers' moves from the start, counted on the pages: 40 in Brandubh, 80 in Tablut.
    #[test]
    fn the_first_moves() {
        assert_eq!(Tafl::start(Game::Brandubh).legal_moves().len(), 40);
        assert_eq!(Tafl::start(Game::Tablut).legal_moves().len(), 80);
    }

    /// Tablut: the king on e6 beside the empty throne falls to d6, f6 and an attacker arriving
    /// on e7; without f6 he stays.
    #[test]
    fn the_king_beside_the_throne() {
        let mut pos = Tafl::empty(Game::Tablut);
        let man = Some(Piece { owner: ATTACKERS, king: false });
        pos.set(square("e6"), Some(Piece { owner: DEFENDERS, king: true }));
        pos.set(square("d6"), man);
        pos.set(square("f6"), man);
        pos.set(square("a7"), man);
        let to_e7 = |p: &Tafl| p.legal_moves().into_iter().find(|m| m.from == square("a7") && m.to == square("e7")).unwrap();
        assert_eq!(to_e7(&pos).captured, vec![square("e6")]);
        pos.set(square("f6"), None);
        assert!(to_e7(&pos).captured.is_empty());
    }
}
