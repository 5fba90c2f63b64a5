//! A brute-force move generator for Fanorona, written from the game's page
//! (docs/games/fanorona.md) alone: an array of 9 x 5 points; every capture is found by trying
//! each step of each stone, and chains are walked depth first on copies of the board.
//!
//! The rules it follows:
//! - 9 x 5 points; a stone steps to a neighbouring empty point along a row or a column, and
//!   diagonally only from a point whose x + y is even (the diagonals join only such points).
//! - Capture by approach: a stone that steps to a point whose next point along the same line, in
//!   the direction of the step, holds an enemy stone takes it and the unbroken run of enemy
//!   stones behind it. By withdrawal: a stone whose point behind it (against the step) holds an
//!   enemy stone takes it and the run behind it. A step that could do both is two moves.
//! - After a capture, the same stone may capture again with a further step (and so on), never in
//!   the direction of its step just made, never onto a point it has stood on this turn (its start
//!   included); the player may stop after any capture.
//! - Captures are compulsory: a non-capturing step (paika) only when no capture exists.
//! - Moves that start, end and capture alike are one move.
//! - The player to move without stones, or without a move, has lost.

pub const WHITE: u8 = 0;
pub const BLACK: u8 = 1;

pub use crate::shared::{Square, name};

const W: i32 = 9;
const H: i32 = 5;
const DIRS: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fanorona {
    /// `board[x][y]`.
    pub board: [[Option<u8>; H as usize]; W as usize],
    pub side: u8,
}

/// A stone's move from `from` to `to`, by the points `path` (its landings), taking `captured`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub path: Vec<Square>,
    pub captured: Vec<Square>,
}

impl Move {
    pub fn key(&self) -> (Option<String>, Option<String>, Vec<String>, bool) {
        let mut captured: Vec<String> = self.captured.iter().map(|&c| name(c)).collect();
        captured.sort();
        (Some(name(self.from)), Some(name(self.to)), captured, false)
    }
}

fn on(sq: Square) -> bool {
    crate::shared::within(W, H, sq)
}

/// May a stone step from `sq` along `d`? Diagonals run through the strong points only.
fn joined(sq: Square, d: (i32, i32)) -> bool {
    let to = crate::shared::plus(sq, d);
    on(to) && (d.0 == 0 || d.1 == 0 || (sq.0 + sq.1) % 2 == 0)
}

impl Fanorona {
    pub fn start() -> Fanorona {
        let mut board = [[None; H as usize]; W as usize];
        for x in 0..W {
            for y in 0..2 {
                board[x as usize][y as usize] = Some(WHITE);
                board[x as usize][(4 - y) as usize] = Some(BLACK);
            }
        }
        // The middle row: black, white, black, white, empty, black, white, black, white.
        let middle = [Some(BLACK), Some(WHITE), Some(BLACK), Some(WHITE), None, Some(BLACK), Some(WHITE), Some(BLACK), Some(WHITE)];
        for (x, v) in middle.into_iter().enumerate() {
            board[x][2] = v;
        }
        Fanorona { board, side: WHITE }
    }

    pub fn empty() -> Fanorona {
        Fanorona { board: [[None; H as usize]; W as usize], side: WHITE }
    }

    pub fn at(&self, (x, y): Square) -> Option<u8> {
        self.board[x as usize][y as usize]
    }

    fn set(&mut self, (x, y): Square, v: Option<u8>) {
        self.board[x as usize][y as usize] = v;
    }

    /// The run of enemy stones from `first` on along `d`.
    fn run(&self, mut first: Square, d: (i32, i32)) -> Vec<Square> {
        let mut out = Vec::new();
        while on(first) && self.at(first) == Some(1 - self.side) {
            out.push(first);
            first = crate::shared::plus(first, d);
        }
        out
    }

    /// Each capture a step of the stone on `from` along `d` makes: the approach, then the
    /// withdrawal, each a line (none if it takes nothing).
    fn captures(&self, from: Square, d: (i32, i32)) -> Vec<Vec<Square>> {
        if !joined(from, d) {
            return Vec::new();
        }
        let to = crate::shared::plus(from, d);
        if self.at(to).is_some() {
            return Vec::new();
        }
        let approach = self.run(crate::shared::plus(to, d), d);
        let back = (-d.0, -d.1);
        let withdrawal = self.run(crate::shared::plus(from, back), back);
        [approach, withdrawal].into_iter().filter(|l| !l.is_empty()).collect()
    }

    /// Every chain that goes on from `mv` (its stone on `mv.to`, on this board, after its last
    /// step along `last`), `mv` itself included.
    fn chains(&self, mv: Move, last: (i32, i32), out: &mut Vec<Move>) {
        out.push(mv.clone());
        for d in DIRS {
            if d == last {
                continue;
            }
            let to = crate::shared::plus(mv.to, d);
            if to == mv.from || mv.path.contains(&to) {
                continue;
            }
            for line in self.captures(mv.to, d) {
                let mut next = self.clone();
                next.set(mv.to, None);
                next.set(to, Some(self.side));
                for &c in &line {
                    next.set(c, None);
                }
                let mut path = mv.path.clone();
                path.push(to);
                let mut captured = mv.captured.clone();
                captured.extend(line);
                next.chains(Move { from: mv.from, to, path, captured }, d, out);
            }
        }
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        if self.result().is_some() {
            return Vec::new();
        }
        self.moves_ignoring_end()
    }

    fn moves_ignoring_end(&self) -> Vec<Move> {
        let mut captures: Vec<Move> = Vec::new();
        let mut steps = Vec::new();
        for x in 0..W {
            for y in 0..H {
                let from = (x, y);
                if self.at(from) != Some(self.side) {
                    continue;
                }
                for d in DIRS {
                    let to = crate::shared::plus(from, d);
                    if !joined(from, d) || self.at(to).is_some() {
                        continue;
                    }
                    steps.push(Move { from, to, path: vec![to], captured: Vec::new() });
                    for line in self.captures(from, d) {
                        let mut next = self.clone();
                        next.set(from, None);
                        next.set(to, Some(self.side));
                        for &c in &line {
                            next.set(c, None);
                        }
                        let mut all = Vec::new();
                        next.chains(Move { from, to, path: vec![to], captured: line }, d, &mut all);
                        for m in all {
                            if !captures.iter().any(|c| c.key() == m.key()) {
                                captures.push(m);
                            }
                        }
                    }
                }
            }
        }
        if captures.is_empty() { steps } else { captures }
    }

    pub fn make(&self, mv: &Move) -> Fanorona {
        let mut next = self.clone();
        next.set(mv.from, None);
        for &c in &mv.captured {
            next.set(c, None);
        }
        next.set(mv.to, Some(self.side));
        next.side = 1 - self.side;
        next
    }

    /// `Some(winner)` once the game is over.
    pub fn result(&self) -> Option<Option<u8>> {
        let stones = self.board.iter().flatten().any(|&c| c == Some(self.side));
        (!stones || self.moves_ignoring_end().is_empty()).then_some(Some(1 - self.side))
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
        crate::shared::drawing(W, H, mark, if self.side == WHITE { "white to move" } else { "black to move" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::square;

    /// From the start only e3 is free: d3 approaches f3 or withdraws from c3; e2, d2 and f2
    /// take two stones each; no stone can go on.
    #[test]
    fn five_moves_from_the_start() {
        let keys: Vec<String> =
            Fanorona::start().legal_moves().iter().map(|m| format!("{}-{} {:?}", name(m.from), name(m.to), m.key().2)).collect();
        assert_eq!(keys.len(), 5, "{keys:?}");
    }

    /// b2 withdraws east from a2 and may go on north to approach c4, not east again to
    /// approach e2; or it withdraws north-east from a1, then south from c4, then east to e2.
    #[test]
    fn chains_turn_and_never_come_back() {
        let mut pos = Fanorona::empty();
        pos.set(square("b2"), Some(WHITE));
        for s in ["a2", "e2", "c4", "a1"] {
            pos.set(square(s), Some(BLACK));
        }
        let mut paths: Vec<String> =
            pos.legal_moves().iter().map(|m| m.path.iter().map(|&s| name(s)).collect::<Vec<_>>().join("-")).collect();
        paths.sort();
        assert_eq!(paths, ["c2", "c2-c3", "c3", "c3-c2", "c3-c2-d2"]);
    }
}
