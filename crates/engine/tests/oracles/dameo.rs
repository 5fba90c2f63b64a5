//! A brute-force move generator for Dameo, written from docs/games/dameo.md alone and kept
//! plain: a 2-D array, every line and every capture found by walking the board, nothing cached.
//!
//! The rules it follows:
//! - 8x8, every square used; (x, y) with a1 = (0, 0). White moves first, from a1-h1, b2-g2 and
//!   c3-f3; Black from a8-h8, b7-g7 and c6-f6.
//! - Linear movement: a straight unbroken line of a player's men (one man is a line of one),
//!   lying along a forward direction (straight or diagonally forward), moves one square along
//!   that direction if the square in front of its front man is empty. Kings are never part of a
//!   line. A line is named by its rear man and the square entered; every man of it moves one
//!   square (the oracle moves them one by one, front first, rather than taking a shortcut).
//! - A king moves like a chess queen over empty squares.
//! - Captures go along rows and columns only. A man jumps an adjacent enemy piece (forward,
//!   sideways or backward) onto the empty square behind it; a king flies over empty squares,
//!   over one enemy piece, onto any empty square beyond it (up to the next piece).
//! - Captured pieces stay on the board until the move ends: they block, and none is jumped
//!   twice. The capturing piece's start square is empty for the rest of the move. A capture goes
//!   on while it can.
//! - Capturing is compulsory, and only the captures taking the most pieces are legal (every
//!   piece counts one). Captures with the same start, end and captured set are one move.
//! - A man ending its move on the far row becomes a king, wherever it passed during a capture;
//!   a line whose front man enters the far row crowns that man.
//! - The player to move with no move (no pieces, or all blocked) has lost.

use std::collections::BTreeSet;

pub const WHITE: u8 = 0;
pub const BLACK: u8 = 1;

const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const ALL: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

pub type Square = (i32, i32);

pub fn name(sq: Square) -> String {
    format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1 + 1)
}

fn on_board((x, y): Square) -> bool {
    (0..8).contains(&x) && (0..8).contains(&y)
}

fn plus((x, y): Square, (dx, dy): (i32, i32)) -> Square {
    (x + dx, y + dy)
}

fn forward(player: u8) -> i32 {
    if player == WHITE { 1 } else { -1 }
}

fn far_row(player: u8) -> i32 {
    if player == WHITE { 7 } else { 0 }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub owner: u8,
    pub king: bool,
}

/// A move: from the piece on `from` (a line's rear man) to `to`; `dir` is a line's direction
/// (`None` for a king's move and for captures), `captured` the captured squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub dir: Option<(i32, i32)>,
    pub captured: Vec<Square>,
}

impl Move {
    pub fn key(&self) -> (Square, Square, BTreeSet<Square>) {
        (self.from, self.to, self.captured.iter().copied().collect())
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dameo {
    pub board: [[Option<Piece>; 8]; 8],
    pub side: u8,
}

impl Dameo {
    pub fn empty() -> Dameo {
        Dameo { board: [[None; 8]; 8], side: WHITE }
    }

    pub fn start() -> Dameo {
        let mut pos = Dameo::empty();
        for x in 0..8 {
            for (row, from, to) in [(0, 0, 7), (1, 1, 6), (2, 2, 5)] {
                if (from..=to).contains(&x) {
                    pos.board[x as usize][row as usize] = Some(Piece { owner: WHITE, king: false });
                    pos.board[x as usize][(7 - row) as usize] = Some(Piece { owner: BLACK, king: false });
                }
            }
        }
        pos
    }

    /// Pieces as "Md4" (white man), "Kd4" (white king), "md4", "kd4" (black).
    pub fn with_pieces(pieces: &[&str], side: u8) -> Dameo {
        let mut pos = Dameo::empty();
        for text in pieces {
            let (letter, sq) = text.split_at(1);
            let (owner, king) = match letter {
                "M" => (WHITE, false),
                "K" => (WHITE, true),
                "m" => (BLACK, false),
                "k" => (BLACK, true),
                _ => panic!("bad piece {text:?}"),
            };
            let b = sq.as_bytes();
            pos.board[(b[0] - b'a') as usize][(b[1] - b'1') as usize] = Some(Piece { owner, king });
        }
        pos.side = side;
        pos
    }

    pub fn at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.0 as usize][sq.1 as usize]
    }

    fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.0 as usize][sq.1 as usize] = piece;
    }

    fn squares() -> impl Iterator<Item = Square> {
        (0..8).flat_map(|x| (0..8).map(move |y| (x, y)))
    }

    /// The line moves of the man on `from`: one per forward direction along which the men from
    /// `from` on are followed by an empty square.
    fn line_moves(&self, from: Square, out: &mut Vec<Move>) {
        let f = forward(self.side);
        for dir in [(0, f), (1, f), (-1, f)] {
            let mut k = plus(from, dir);
            while on_board(k) && self.at(k) == Some(Piece { owner: self.side, king: false }) {
                k = plus(k, dir);
            }
            if on_board(k) && self.at(k).is_none() {
                out.push(Move { from, to: k, dir: Some(dir), captured: Vec::new() });
            }
        }
    }

    fn king_moves(&self, from: Square, out: &mut Vec<Move>) {
        for dir in ALL {
            let mut k = plus(from, dir);
            while on_board(k) && self.at(k).is_none() {
                out.push(Move { from, to: k, dir: None, captured: Vec::new() });
                k = plus(k, dir);
            }
        }
    }

    /// Every complete capture of the piece on `from`.
    fn captures(&self, from: Square, out: &mut Vec<Move>) {
        let piece = self.at(from).expect("a piece");
        let mut board = self.clone();
        board.set(from, None);
        let mut taken = Vec::new();
        board.chain(piece, from, from, &mut taken, out);
    }

    fn chain(&self, piece: Piece, from: Square, at: Square, taken: &mut Vec<Square>, out: &mut Vec<Move>) {
        let mut went_on = false;
        for dir in ORTHOGONAL {
            let mut over = plus(at, dir);
            if piece.king {
                while on_board(over) && self.at(over).is_none() {
                    over = plus(over, dir);
                }
            }
            if !on_board(over) || taken.contains(&over) || self.at(over).is_none_or(|p| p.owner == piece.owner) {
                continue;
            }
            let mut land = plus(over, dir);
            while on_board(land) && self.at(land).is_none() {
                went_on = true;
                taken.push(over);
                self.chain(piece, from, land, taken, out);
                taken.pop();
                if !piece.king {
                    break;
                }
                land = plus(land, dir);
            }
        }
        if !went_on && !taken.is_empty() {
            out.push(Move { from, to: at, dir: None, captured: taken.clone() });
        }
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        let mine: Vec<Square> = Dameo::squares().filter(|&s| self.at(s).is_some_and(|p| p.owner == self.side)).collect();
        let mut captures = Vec::new();
        for &s in &mine {
            self.captures(s, &mut captures);
        }
        if let Some(most) = captures.iter().map(|m| m.captured.len()).max() {
            captures.retain(|m| m.captured.len() == most);
            let mut seen = BTreeSet::new();
            captures.retain(|m| seen.insert(m.key()));
            return captures;
        }
        let mut out = Vec::new();
        for &s in &mine {
            if self.at(s).is_some_and(|p| p.king) {
                self.king_moves(s, &mut out);
            } else {
                self.line_moves(s, &mut out);
            }
        }
        out
    }

    /// Does the move crown a man?
    pub fn crowns(&self, mv: &Move) -> bool {
        let piece = self.at(mv.from).expect("a piece");
        !piece.king && mv.to.1 == far_row(piece.owner)
    }

    pub fn make(&self, mv: &Move) -> Dameo {
        let mut next = self.clone();
        let crowned = self.crowns(mv);
        match mv.dir {
            Some(dir) => {
                // The line, rear to front; then each man one square on, front first.
                let mut line = vec![mv.from];
                let mut k = plus(mv.from, dir);
                while k != mv.to {
                    line.push(k);
                    k = plus(k, dir);
                }
                for &c in line.iter().rev() {
                    let man = next.at(c);
                    next.set(c, None);
                    next.set(plus(c, dir), man);
                }
            }
            None => {
                let piece = next.at(mv.from);
                for &c in &mv.captured {
                    next.set(c, None);
                }
                next.set(mv.from, None);
                next.set(mv.to, piece);
            }
        }
        if crowned {
            next.set(mv.to, Some(Piece { owner: self.side, king: true }));
        }
        next.side = 1 - self.side;
        next
    }

    pub fn outcome(&self) -> Option<Option<u8>> {
        self.legal_moves().is_empty().then_some(Some(1 - self.side))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.make(m).perft(depth - 1)).sum()
    }

    pub fn drawing(&self) -> String {
        let mut out = String::new();
        for y in (0..8).rev() {
            out.push_str(&format!("{} ", y + 1));
            for x in 0..8 {
                out.push(match self.at((x, y)) {
                    Some(Piece { owner: WHITE, king: false }) => 'M',
                    Some(Piece { owner: WHITE, king: true }) => 'K',
                    Some(Piece { king: false, .. }) => 'm',
                    Some(Piece { king: true, .. }) => 'k',
                    None => '.',
                });
            }
            out.push('\n');
        }
        out.push_str("  abcdefgh\n");
        out.push_str(if self.side == WHITE { "  white (upper case) to move\n" } else { "  black (lower case) to move\n" });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(pos: &Dameo) -> Vec<String> {
        let mut out: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|m| {
                let mut t = format!("{}-{}", name(m.from), name(m.to));
                let mut c: Vec<String> = m.captured.iter().map(|&s| name(s)).collect();
                c.sort();
                if !c.is_empty() {
                    t.push_str(&format!(" x {}", c.join(",")));
                }
                t
            })
            .collect();
        out.sort();
        out
    }

    fn sorted(list: &[&str]) -> Vec<String> {
        let mut out: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        out.sort();
        out
    }

    /// Counted by hand on docs/games/dameo.md: 18 straight, 17 along each diagonal.
    #[test]
    fn fifty_two_moves_from_the_start() {
        let start = Dameo::start();
        assert_eq!(start.legal_moves().len(), 52);
        assert_eq!(Dameo { side: BLACK, ..start.clone() }.legal_moves().len(), 52);
        assert_eq!(start.perft(2), 52 * 52);
    }

    /// c3, d4, e5 along a diagonal: each man steps three ways, the line goes to f6 from any of
    /// its men, and moving it from c3 shifts all three.
    #[test]
    fn a_diagonal_line() {
        let pos = Dameo::with_pieces(&["Mc3", "Md4", "Me5", "ma8"], WHITE);
        let expected = ["c3-c4", "c3-b4", "c3-f6", "d4-d5", "d4-c5", "d4-f6", "e5-e6", "e5-d6", "e5-f6"];
        assert_eq!(texts(&pos), sorted(&expected));
        let mv = pos.legal_moves().into_iter().find(|m| m.from == (2, 2) && m.to == (5, 5)).expect("c3-f6");
        let after = pos.make(&mv);
        assert_eq!(after, Dameo::with_pieces(&["Md4", "Me5", "Mf6", "ma8"], BLACK));
    }

    /// d4 takes d5 and d7 (two) rather than c4 (one); alone against d5, c4, d3 it takes any one,
    /// backward included.
    #[test]
    fn men_capture_orthogonally_the_most() {
        let pos = Dameo::with_pieces(&["Md4", "md5", "md7", "mc4"], WHITE);
        assert_eq!(texts(&pos), sorted(&["d4-d8 x d5,d7"]));
        let pos = Dameo::with_pieces(&["Md4", "md5", "mc4", "md3", "me5"], WHITE);
        assert_eq!(texts(&pos), sorted(&["d4-d6 x d5", "d4-b4 x c4", "d4-d2 x d3"]));
    }

    /// The king takes d3 then b4 (landing on d4) or f5 (landing on d5); d3 still stands while
    /// the move lasts, so the king cannot come back down file d.
    #[test]
    fn a_king_flies_and_the_taken_stay() {
        let pos = Dameo::with_pieces(&["Kd1", "md3", "mb4", "mf5"], WHITE);
        assert_eq!(texts(&pos), sorted(&["d1-a4 x b4,d3", "d1-g5 x d3,f5", "d1-h5 x d3,f5"]));
    }

    /// b6 takes b7 onto the far row and goes on as a man over c8; crowned on d8.
    #[test]
    fn a_man_crowned_at_the_end_only() {
        let pos = Dameo::with_pieces(&["Mb6", "mb7", "mc8", "mh4"], WHITE);
        let moves = pos.legal_moves();
        assert_eq!(texts(&pos), sorted(&["b6-d8 x b7,c8"]));
        let after = pos.make(&moves[0]);
        assert_eq!(after.at((3, 7)), Some(Piece { owner: WHITE, king: true }));
    }
}
