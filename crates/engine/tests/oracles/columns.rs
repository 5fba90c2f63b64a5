//! A brute-force move generator for column draughts, Lasca and Bashni, written from their pages
//! (docs/games/lasca.md, docs/games/bashni.md) alone: an array of columns, captures followed
//! square by square, nothing cached.
//!
//! The rules it follows, common to both:
//! - Play on the dark squares of a square board (a1 dark, so (x, y) is used when x + y is even).
//!   White starts at the bottom and moves first.
//! - A square holds a column of pieces, listed here top first. Its top piece owns it and moves
//!   it: the whole column goes along.
//! - Capturing is compulsory, any capture may be chosen, and a capture goes on while it can.
//! - A capture jumps a column whose top is the opponent's and takes its top piece alone, which
//!   goes under the capturing column, at the bottom (the first taken highest). What was under it
//!   stays, its new top owning it.
//! - A jumped column stays where it is until the move ends: it cannot be jumped again in the
//!   same move, and nothing passes or lands on its square. The start square is empty during the
//!   move.
//! - A man (soldier) on the far row becomes a king (officer): only the top of a column promotes.
//! - A player who cannot move loses.
//! - Captures with the same start, end and set of jumped squares are one move; when they take
//!   the tops in different orders, the one played takes them in the order whose squares come
//!   first, hop by hop, counting squares row by row from a1 (a1, c1, ..., b2, d2, ...).
//!
//! Lasca: 7x7; 11 soldiers each on the first three rows. Soldiers step and capture diagonally
//! forward; officers step and capture one square in every diagonal direction. A soldier that
//! reaches the far row ends its move there, promoted.
//!
//! Bashni: 8x8; 12 men each on the first three rows. Men step diagonally forward and capture
//! forward and backward. Kings fly: they move any distance along a diagonal, and capture a
//! column at any distance (only empty squares between) landing on any empty square beyond it;
//! where some landing squares let the capture go on, the king must land on one of them. A man
//! reaching the far row in a capture becomes a king at once and goes on capturing as a king.

use std::collections::{BTreeMap, BTreeSet};

pub const WHITE: u8 = 0;
pub const BLACK: u8 = 1;

pub use crate::shared::{Square, name};

const DIAGONALS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// What sets Lasca and Bashni apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub size: i32,
    /// The rows each side starts on.
    pub rows: i32,
    /// Men capture backward too.
    pub men_capture_back: bool,
    /// Kings move and capture at a distance.
    pub flying_kings: bool,
    /// A man reaching the far row in a capture goes on as a king (else the move ends there).
    pub promote_in_capture: bool,
    /// The piece type names, man then king, as the ruleset calls them.
    pub names: (&'static str, &'static str),
}

pub const LASCA: Rules =
    Rules { size: 7, rows: 3, men_capture_back: false, flying_kings: false, promote_in_capture: false, names: ("soldier", "officer") };
pub const BASHNI: Rules =
    Rules { size: 8, rows: 3, men_capture_back: true, flying_kings: true, promote_in_capture: true, names: ("man", "king") };

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub owner: u8,
    pub king: bool,
}

/// A move: the column on `from` ends on `to`, taking the tops of the columns on `captured`, in
/// that order; `crowned` when its top, a man, ends a king.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub captured: Vec<Square>,
    pub crowned: bool,
}

impl Move {
    /// The order squares are compared in when two captures take the same tops: row by row.
    fn order(&self) -> Vec<(i32, i32)> {
        self.captured.iter().map(|&(x, y)| (y, x)).collect()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Columns {
    pub rules: Rules,
    /// `board[x][y]`: the column, top first; empty for an empty square.
    pub board: Vec<Vec<Vec<Piece>>>,
    pub side: u8,
}

impl Columns {
    pub fn empty(rules: Rules) -> Columns {
        let n = rules.size as usize;
        Columns { rules, board: vec![vec![Vec::new(); n]; n], side: WHITE }
    }

    pub fn start(rules: Rules) -> Columns {
        let mut pos = Columns::empty(rules);
        for x in 0..rules.size {
            for y in 0..rules.size {
                if (x + y) % 2 != 0 {
                    continue;
                }
                if y < rules.rows {
                    pos.board[x as usize][y as usize] = vec![Piece { owner: WHITE, king: false }];
                } else if y >= rules.size - rules.rows {
                    pos.board[x as usize][y as usize] = vec![Piece { owner: BLACK, king: false }];
                }
            }
        }
        pos
    }

    fn on_board(&self, (x, y): Square) -> bool {
        (0..self.rules.size).contains(&x) && (0..self.rules.size).contains(&y)
    }

    pub fn column(&self, (x, y): Square) -> &Vec<Piece> {
        &self.board[x as usize][y as usize]
    }

    fn top(&self, sq: Square) -> Option<Piece> {
        self.column(sq).first().copied()
    }

    fn far_row(&self, player: u8) -> i32 {
        if player == WHITE { self.rules.size - 1 } else { 0 }
    }

    fn forward(&self, player: u8) -> i32 {
        if player == WHITE { 1 } else { -1 }
    }

    fn squares(&self) -> Vec<Square> {
        let n = self.rules.size;
        (0..n).flat_map(|y| (0..n).map(move |x| (x, y))).filter(|&(x, y)| (x + y) % 2 == 0).collect()
    }

    /// Is `sq` free to pass or land on during a capture from `from` that has jumped `taken`?
    fn free(&self, sq: Square, from: Square, taken: &[Square]) -> bool {
        self.on_board(sq) && !taken.contains(&sq) && (sq == from || self.column(sq).is_empty())
    }

    /// The jumps a piece (a king or not) on `at` can make: (jumped square, landing squares).
    fn jumps(&self, at: Square, king: bool, from: Square, taken: &[Square]) -> Vec<(Square, Vec<Square>)> {
        let mut out = Vec::new();
        for d in DIAGONALS {
            if !king && !self.rules.men_capture_back && d.1 != self.forward(self.side) {
                continue;
            }
            let mut over = (at.0 + d.0, at.1 + d.1);
            if king && self.rules.flying_kings {
                while self.free(over, from, taken) {
                    over = (over.0 + d.0, over.1 + d.1);
                }
            }
            if !self.on_board(over) || taken.contains(&over) || over == from {
                continue;
            }
            match self.top(over) {
                Some(p) if p.owner != self.side => {}
                _ => continue,
            }
            let mut landings = Vec::new();
            let mut land = (over.0 + d.0, over.1 + d.1);
            while self.free(land, from, taken) {
                landings.push(land);
                if !(king && self.rules.flying_kings) {
                    break;
                }
                land = (land.0 + d.0, land.1 + d.1);
            }
            if !landings.is_empty() {
                out.push((over, landings));
            }
        }
        out
    }

    /// Follows a capture standing on `at`; pushes every finished one.
    fn capture(&self, from: Square, at: Square, king: bool, crowned: bool, taken: &mut Vec<Square>, out: &mut Vec<Move>) {
        for (over, landings) in self.jumps(at, king, from, taken) {
            taken.push(over);
            // Where the capture can go on, it must (for a king: it must land where it can).
            let state = |land: Square| {
                let reaches = !king && land.1 == self.far_row(self.side);
                let (king_now, crowned_now) = if reaches { (self.rules.promote_in_capture, true) } else { (king, crowned) };
                let ends = reaches && !self.rules.promote_in_capture;
                (king_now, crowned_now, ends)
            };
            let goes_on = |land: Square, taken: &[Square]| {
                let (k, _, ends) = state(land);
                !ends && !self.jumps(land, k, from, taken).is_empty()
            };
            let continuing: Vec<Square> = landings.iter().copied().filter(|&l| goes_on(l, taken)).collect();
            let chosen = if continuing.is_empty() { landings } else { continuing };
            for land in chosen {
                let (k, c, _) = state(land);
                if goes_on(land, taken) {
                    self.capture(from, land, k, c, taken, out);
                } else {
                    out.push(Move { from, to: land, captured: taken.clone(), crowned: c });
                }
            }
            taken.pop();
        }
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        let mine: Vec<Square> = self.squares().into_iter().filter(|&s| self.top(s).is_some_and(|p| p.owner == self.side)).collect();
        let mut captures = Vec::new();
        for &s in &mine {
            let king = self.top(s).is_some_and(|p| p.king);
            self.capture(s, s, king, false, &mut Vec::new(), &mut captures);
        }
        if !captures.is_empty() {
            // One move per (start, end, set taken, crowned): the order first row by row.
            let mut one: BTreeMap<(Square, Square, BTreeSet<Square>, bool), Move> = BTreeMap::new();
            for mv in captures {
                let key = (mv.from, mv.to, mv.captured.iter().copied().collect(), mv.crowned);
                match one.get(&key) {
                    Some(kept) if kept.order() <= mv.order() => {}
                    _ => {
                        one.insert(key, mv);
                    }
                }
            }
            return one.into_values().collect();
        }
        let mut moves = Vec::new();
        for &s in &mine {
            let king = self.top(s).is_some_and(|p| p.king);
            for d in DIAGONALS {
                if !king && d.1 != self.forward(self.side) {
                    continue;
                }
                let mut to = (s.0 + d.0, s.1 + d.1);
                while self.on_board(to) && self.column(to).is_empty() {
                    let crowned = !king && to.1 == self.far_row(self.side);
                    moves.push(Move { from: s, to, captured: Vec::new(), crowned });
                    if !(king && self.rules.flying_kings) {
                        break;
                    }
                    to = (to.0 + d.0, to.1 + d.1);
                }
            }
        }
        moves
    }

    pub fn make(&self, mv: &Move) -> Columns {
        let mut next = self.clone();
        let mut moving = std::mem::take(&mut next.board[mv.from.0 as usize][mv.from.1 as usize]);
        for &c in &mv.captured {
            let column = &mut next.board[c.0 as usize][c.1 as usize];
            let top = column.remove(0);
            moving.push(top);
        }
        if mv.crowned {
            moving[0].king = true;
        }
        next.board[mv.to.0 as usize][mv.to.1 as usize] = moving;
        next.side = 1 - self.side;
        next
    }

    pub fn outcome(&self) -> Option<Option<u8>> {
        self.legal_moves().is_empty().then_some(Some(1 - self.side))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::shared::perft(self, depth, &Self::legal_moves, &Self::make)
    }

    /// (from, to, captured squares, the type a man becomes).
    pub fn key(&self, mv: &Move) -> (Option<String>, Option<String>, Vec<String>, Option<String>, bool) {
        let mut captured: Vec<String> = mv.captured.iter().map(|&c| name(c)).collect();
        captured.sort();
        (Some(name(mv.from)), Some(name(mv.to)), captured, mv.crowned.then(|| self.rules.names.1.to_string()), false)
    }

    /// The board, top row first: each square its column top first (`w` man, `W` king, black in
    /// `b`/`B`), `.` empty.
    pub fn drawing(&self) -> String {
        let mut out = String::new();
        for y in (0..self.rules.size).rev() {
            for x in 0..self.rules.size {
                let column = self.column((x, y));
                let text: String = column
                    .iter()
                    .map(|p| match (p.owner, p.king) {
                        (WHITE, false) => 'w',
                        (WHITE, true) => 'W',
                        (_, false) => 'b',
                        (_, true) => 'B',
                    })
                    .collect();
                out.push_str(&format!(
                    "{:>5}",
                    if (x + y) % 2 != 0 {
                        " "
                    } else if text.is_empty() {
                        "."
                    } else {
                        &text
                    }
                ));
            }
            out.push('\n');
        }
        out.push_str(if self.side == WHITE { "white to move\n" } else { "black to move\n" });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        let b = text.as_bytes();
        ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
    }

    fn put(pos: &mut Columns, at: &str, column: &str) {
        let (x, y) = sq(at);
        pos.board[x as usize][y as usize] = column
            .chars()
            .map(|c| Piece { owner: if c.eq_ignore_ascii_case(&'w') { WHITE } else { BLACK }, king: c.is_ascii_uppercase() })
            .collect();
    }

    #[test]
    fn the_starts_have_their_moves() {
        // Lasca: a3 and g3 have one forward square each (b4, f4), c3 and e3 two.
        assert_eq!(Columns::start(LASCA).legal_moves().len(), 6);
        // Bashni: the 7 opening moves of 8x8 draughts.
        assert_eq!(Columns::start(BASHNI).legal_moves().len(), 7);
    }

    #[test]
    fn a_jumped_column_loses_its_top_only() {
        let mut pos = Columns::empty(LASCA);
        put(&mut pos, "a1", "w");
        put(&mut pos, "b2", "bw");
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), 1);
        let next = pos.make(&moves[0]);
        assert_eq!(next.column(sq("c3")).len(), 2);
        assert_eq!(next.column(sq("b2")), &vec![Piece { owner: WHITE, king: false }]);
    }

    #[test]
    fn a_bashni_man_crowned_in_a_capture_flies_on() {
        // b6 takes c7 to d8, crowned, and flies on over e7 to f6, g5 or h4.
        let mut pos = Columns::empty(BASHNI);
        put(&mut pos, "b6", "w");
        put(&mut pos, "c7", "b");
        put(&mut pos, "e7", "b");
        let ends: BTreeSet<String> = pos.legal_moves().iter().map(|m| name(m.to)).collect();
        assert_eq!(ends, ["f6", "g5", "h4"].into_iter().map(String::from).collect());
    }

    #[test]
    fn a_lasca_soldier_reaching_the_far_row_stops() {
        let mut pos = Columns::empty(LASCA);
        // a5 takes b6 onto c7, the far row; an officer could go on over d6, a soldier stops.
        put(&mut pos, "a5", "w");
        put(&mut pos, "b6", "b");
        put(&mut pos, "d6", "b");
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), 1);
        assert!(moves[0].crowned && moves[0].captured.len() == 1);
    }
}
