//! A brute-force move generator for Surakarta, written from the game's page
//! (docs/games/surakarta.md) alone: a 6x6 array, and runs that turn round the corners by the
//! board's geometry, never by the ruleset's declared tracks.
//!
//! The rules it follows:
//! - 6x6 points; red (`R`) on ranks 1 and 2, black (`B`) on ranks 5 and 6; red moves first.
//! - A step: one point in any of the eight directions to an empty point.
//! - A capture: from its point, along a row or a column, over empty points (its own start counts
//!   as empty); leaving the board on the second or third line from an edge, the run comes back
//!   round the corner on the same line from the neighbouring edge (a loop); on the edge lines it
//!   stops. The first piece met ends the run: an enemy piece is taken if at least one loop was
//!   gone round. A run goes round at most once.
//! - The game ends when a player has no pieces (the other wins); a player who cannot move draws.

pub const RED: u8 = 0;
pub const BLACK: u8 = 1;

pub use crate::shared::{Square, name};

const N: i32 = 6;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Surakarta {
    pub board: [[Option<u8>; 6]; 6],
    pub side: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    Step(Square, Square),
    Capture(Square, Square),
}

impl Move {
    pub fn key(&self) -> (Option<String>, Option<String>, Vec<String>, bool) {
        match self {
            Move::Step(from, to) => (Some(name(*from)), Some(name(*to)), Vec::new(), false),
            Move::Capture(from, to) => (Some(name(*from)), Some(name(*to)), vec![name(*to)], false),
        }
    }
}

/// Where a run leaving the board from `sq` in direction `d` comes back in, and its new
/// direction, if the line it runs along has a loop (the second or third from an edge).
fn round_the_corner((x, y): Square, (dx, dy): (i32, i32)) -> Option<(Square, (i32, i32))> {
    let looped = |k: i32| (1..=4).contains(&k);
    match (dx, dy) {
        // Up off the top along file x: into the left edge (left half) or the right (right half).
        (0, 1) if looped(x) => Some(if x < 3 { ((0, N - 1 - x), (1, 0)) } else { ((N - 1, x), (-1, 0)) }),
        (0, -1) if looped(x) => Some(if x < 3 { ((0, x), (1, 0)) } else { ((N - 1, N - 1 - x), (-1, 0)) }),
        (-1, 0) if looped(y) => Some(if y > 2 { ((N - 1 - y, N - 1), (0, -1)) } else { ((y, 0), (0, 1)) }),
        (1, 0) if looped(y) => Some(if y > 2 { ((y, N - 1), (0, -1)) } else { ((N - 1 - y, 0), (0, 1)) }),
        _ => None,
    }
}

impl Surakarta {
    pub fn start() -> Surakarta {
        let mut board = [[None; 6]; 6];
        for (x, column) in board.iter_mut().enumerate() {
            let _ = x;
            for (y, point) in column.iter_mut().enumerate() {
                *point = match y {
                    0 | 1 => Some(RED),
                    4 | 5 => Some(BLACK),
                    _ => None,
                };
            }
        }
        Surakarta { board, side: RED }
    }

    pub fn at(&self, (x, y): Square) -> Option<u8> {
        self.board[x as usize][y as usize]
    }

    fn count(&self, player: u8) -> usize {
        self.board.iter().flatten().filter(|&&c| c == Some(player)).count()
    }

    /// The enemy pieces a run from `from` in direction `d` may take.
    fn run(&self, from: Square, d: (i32, i32)) -> Option<Square> {
        let (mut at, mut dir, mut loops) = (from, d, 0);
        // Once round a circuit is 24 points and 4 loops: more steps come back to the start.
        for _ in 0..28 {
            let mut next = crate::shared::plus(at, dir);
            if !crate::shared::on_square(N, next) {
                let (back, turned) = round_the_corner(at, dir)?;
                next = back;
                dir = turned;
                loops += 1;
            }
            at = next;
            if at == from {
                continue;
            }
            match self.at(at) {
                None => {}
                Some(p) if p != self.side && loops > 0 => return Some(at),
                Some(_) => return None,
            }
        }
        None
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        if self.result().is_some() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        for x in 0..N {
            for y in 0..N {
                if self.at((x, y)) != Some(self.side) {
                    continue;
                }
                for dx in -1..=1 {
                    for dy in -1..=1 {
                        let to = (x + dx, y + dy);
                        if (dx, dy) != (0, 0) && crate::shared::on_square(N, to) && self.at(to).is_none() {
                            moves.push(Move::Step((x, y), to));
                        }
                    }
                }
                for d in crate::shared::ORTHOGONAL {
                    if let Some(to) = self.run((x, y), d)
                        && !moves.contains(&Move::Capture((x, y), to))
                    {
                        moves.push(Move::Capture((x, y), to));
                    }
                }
            }
        }
        moves
    }

    pub fn make(&self, mv: &Move) -> Surakarta {
        let mut next = self.clone();
        let (Move::Step(from, to) | Move::Capture(from, to)) = *mv;
        next.board[from.0 as usize][from.1 as usize] = None;
        next.board[to.0 as usize][to.1 as usize] = Some(self.side);
        next.side = 1 - self.side;
        next
    }

    /// `Some(winner)` once the game is over.
    pub fn result(&self) -> Option<Option<u8>> {
        if self.count(self.side) == 0 {
            return Some(Some(1 - self.side));
        }
        None
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::shared::perft(self, depth, &Self::legal_moves, &Self::make)
    }

    pub fn drawing(&self) -> String {
        let mark = |sq| match self.at(sq) {
            Some(RED) => 'R',
            Some(_) => 'B',
            None => '.',
        };
        crate::shared::drawing(N, N, mark, if self.side == RED { "red to move" } else { "black to move" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only the front row steps at the start: 2 + 3 + 3 + 3 + 3 + 2.
    #[test]
    fn sixteen_moves_from_the_start() {
        assert_eq!(Surakarta::start().legal_moves().len(), 16);
    }

    /// The loops of the page: b6 to a5, f5 to e6, e1 to f2, a2 to b1 (inner); c6 to a4, f4 to
    /// d6, d1 to f3, a3 to c1 (outer), both ways.
    #[test]
    fn the_loops_join_the_points_the_page_names() {
        let joined = [
            ((1, 5), (0, 4)),
            ((5, 4), (4, 5)),
            ((4, 0), (5, 1)),
            ((0, 1), (1, 0)),
            ((2, 5), (0, 3)),
            ((5, 3), (3, 5)),
            ((3, 0), (5, 2)),
            ((0, 2), (2, 0)),
        ];
        for (a, b) in joined {
            for (p, q) in [(a, b), (b, a)] {
                let out = crate::shared::ORTHOGONAL.iter().filter_map(|&d| round_the_corner(p, d)).map(|(sq, _)| sq).collect::<Vec<_>>();
                assert!(out.contains(&q), "{} does not loop to {}", name(p), name(q));
            }
        }
    }

    /// Red b2 takes c2 by going down to b1, round to a2 and over its own start.
    #[test]
    fn a_run_passes_its_own_start() {
        let mut pos = Surakarta { board: [[None; 6]; 6], side: RED };
        pos.board[1][1] = Some(RED);
        pos.board[1][3] = Some(RED);
        pos.board[2][1] = Some(BLACK);
        assert!(pos.legal_moves().contains(&Move::Capture((1, 1), (2, 1))));
    }
}
