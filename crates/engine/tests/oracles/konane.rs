//! A brute-force move generator for Konane, written from the game's page (docs/games/konane.md)
//! alone: a square array of stones, the phase, and the square of the first removal.
//!
//! The rules it follows:
//! - A square board of `size` squares a side, full of stones: black on the squares (x, y) with
//!   x + y + size odd (the long diagonal from the top left corner), white on the others. Black
//!   moves first.
//! - First move: black removes one of its stones from a corner of that diagonal or its middle
//!   (the one or two squares of the diagonal whose x is (size - 1) / 2 or size / 2).
//! - Second move: white removes one of its stones orthogonally next to that hole.
//! - Then each move is a jump: a stone jumps orthogonally over an adjacent enemy stone into the
//!   empty square right behind it, capturing it, and may go on in the same direction over the
//!   next enemy stone into the empty square behind it; the player may stop after any jump.
//! - The player who cannot move loses.

pub const BLACK: u8 = 0;
pub const WHITE: u8 = 1;

pub use crate::shared::{ORTHOGONAL, Square, name};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Konane {
    pub size: i32,
    /// `board[x][y]`: the owner of the stone there.
    pub board: Vec<Vec<Option<u8>>>,
    pub side: u8,
    /// Plies played, up to 2: 0 and 1 are the removals.
    pub ply: u8,
    /// The hole of the first removal (what white's removal is next to).
    pub hole: Option<Square>,
}

/// A removal (`from` none) or a jump from `from` landing on each square of `path`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: Option<Square>,
    pub path: Vec<Square>,
    pub captures: Vec<Square>,
}

impl Move {
    pub fn to(&self) -> Square {
        *self.path.last().expect("a move ends somewhere")
    }

    pub fn key(&self) -> (Option<String>, Option<String>, Vec<String>, bool) {
        (self.from.map(name), Some(name(self.to())), self.captures.iter().map(|&c| name(c)).collect(), false)
    }

    /// The move as the page writes it: `xd5`, `b1:b3:b5`.
    pub fn text(&self) -> String {
        match self.from {
            None => format!("x{}", name(self.to())),
            Some(from) => std::iter::once(from).chain(self.path.iter().copied()).map(name).collect::<Vec<_>>().join(":"),
        }
    }
}

impl Konane {
    pub fn start(size: i32) -> Konane {
        let board = (0..size).map(|x| (0..size).map(|y| Some(if (x + y + size) % 2 == 1 { BLACK } else { WHITE })).collect()).collect();
        Konane { size, board, side: BLACK, ply: 0, hole: None }
    }

    pub fn at(&self, (x, y): Square) -> Option<u8> {
        self.board[x as usize][y as usize]
    }

    fn on(&self, sq: Square) -> bool {
        crate::shared::on_square(self.size, sq)
    }

    /// The squares black may open: the corners and the middle of the long diagonal.
    fn opening(&self, (x, y): Square) -> bool {
        let n = self.size;
        x + y == n - 1 && (x == 0 || x == n - 1 || x == (n - 1) / 2 || x == n / 2)
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let removal = |sq: Square| Move { from: None, path: vec![sq], captures: vec![sq] };
        match self.ply {
            0 => {
                for x in 0..self.size {
                    for y in 0..self.size {
                        if self.opening((x, y)) && self.at((x, y)) == Some(self.side) {
                            out.push(removal((x, y)));
                        }
                    }
                }
            }
            1 => {
                let hole = self.hole.expect("the first removal made a hole");
                for d in ORTHOGONAL {
                    let sq = crate::shared::plus(hole, d);
                    if self.on(sq) && self.at(sq) == Some(self.side) {
                        out.push(removal(sq));
                    }
                }
            }
            _ => {
                for x in 0..self.size {
                    for y in 0..self.size {
                        if self.at((x, y)) != Some(self.side) {
                            continue;
                        }
                        for d in ORTHOGONAL {
                            // Jump on while the next enemy stone has an empty square behind it.
                            let (mut at, mut path, mut captures) = ((x, y), Vec::new(), Vec::new());
                            loop {
                                let over = crate::shared::plus(at, d);
                                let land = crate::shared::plus(over, d);
                                if !self.on(land) || self.at(over) != Some(1 - self.side) || self.at(land).is_some() {
                                    break;
                                }
                                captures.push(over);
                                path.push(land);
                                at = land;
                                out.push(Move { from: Some((x, y)), path: path.clone(), captures: captures.clone() });
                            }
                        }
                    }
                }
            }
        }
        out
    }

    pub fn make(&self, mv: &Move) -> Konane {
        let mut next = self.clone();
        for &(x, y) in &mv.captures {
            next.board[x as usize][y as usize] = None;
        }
        if let Some((x, y)) = mv.from {
            next.board[x as usize][y as usize] = None;
            let (tx, ty) = mv.to();
            next.board[tx as usize][ty as usize] = Some(self.side);
        }
        if self.ply == 0 {
            next.hole = Some(mv.to());
        }
        next.ply = (self.ply + 1).min(2);
        next.side = 1 - self.side;
        next
    }

    /// The player who just moved wins when the player to move has no move.
    pub fn result(&self) -> Option<Option<u8>> {
        self.legal_moves().is_empty().then_some(Some(1 - self.side))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::shared::perft(self, depth, &Konane::legal_moves, &Konane::make)
    }

    pub fn drawing(&self) -> String {
        let side = if self.side == BLACK { "black" } else { "white" };
        crate::shared::drawing(
            self.size,
            self.size,
            |sq| match self.at(sq) {
                None => '.',
                Some(BLACK) => 'x',
                Some(_) => 'o',
            },
            &format!("{side} to move, ply {}, hole {:?}", self.ply, self.hole.map(name)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_removals() {
        // The page: a8, h1, d5, e4; then two next to a corner hole, four next to a middle one.
        let start = Konane::start(8);
        assert_eq!(crate::shared::sorted_texts(&start.legal_moves(), Move::text), crate::shared::sorted(&["xa8", "xh1", "xd5", "xe4"]));
        assert_eq!(start.perft(2), 12);
    }
}
