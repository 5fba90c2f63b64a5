//! A brute-force move generator for Thai draughts (Mak-hos), written from the rules alone and
//! kept as plain as possible: the board is a 2-D array, captures are found by trying every jump
//! from every square a piece lands on (the captured piece really taken off the array while the
//! search goes deeper, and put back after), and nothing is cached.
//!
//! The rules it follows:
//! - 8x8 board, play on the dark squares: a1 is dark, so (x, y) is used when x + y is even.
//!   White sits at the bottom and moves first: men on the dark squares of rows 1-2 (a1 c1 e1 g1
//!   b2 d2 f2 h2); Black: men on rows 7-8 (a7 c7 e7 g7 b8 d8 f8 h8). Rows 3-6 are empty.
//! - A man steps one square diagonally forward onto an empty square.
//! - A man captures diagonally forward only: it jumps an adjacent enemy piece (man or king) onto
//!   the empty square right behind it.
//! - A king moves any number of empty squares along a diagonal. It captures an enemy piece at
//!   any distance along a diagonal (only empty squares between) and lands on the square right
//!   behind it, which must be empty; it never lands further on.
//! - A captured piece is taken off the board at once, so later jumps of the same move may pass
//!   over or land on the square it left (a king may even go back the way it came). A piece
//!   cannot be taken twice: it is gone. The capturing piece has left its start square, which is
//!   empty for the rest of the move too.
//! - After a jump the piece goes on jumping while it can, choosing freely among the jumps; a
//!   capture ends only where no jump is left.
//! - Capturing is compulsory, but any capture may be chosen (no rule of the majority).
//! - A man that ends its move on the far row becomes a king. A man can only reach the far row
//!   by a forward step or jump, and from there it has no forward jump left, so a capture ending
//!   there ends anyway: the question of promoting in the middle of a capture never arises.
//! - The player to move with no move loses (perft just counts 0 leaves there).
//!
//! Sources: the Thai rules on mindsports.nl, the Mak-hot page of the Checkers & Draughts wiki
//! (checkers.fandom.com), the Makhos page of coldmoon.io, and the rule traits of Rein
//! Halbersma's dctl engine (flying king landing right behind, men jumping forward only, pieces
//! removed while passing, no capture precedence, 4 empty rows at the start). They differ on one
//! point only: mindsports.nl lets a king go on "in the same or the perpendicular direction",
//! the others let it also turn back; this oracle lets it, which is what immediate removal
//! gives.
//!
//! Two ways to count: as moves (captures with the same start, end and set of captured pieces
//! are one move) or as paths (every capture sequence counts, told apart by the order in which
//! the pieces are taken, which in Thai draughts fixes every landing square). The two differ
//! only once a king captures: a man's jumps all go forward, one captured piece to a row,
//! so its captured set alone fixes its path.

use std::collections::BTreeSet;

pub const WHITE: u8 = 0;
pub const BLACK: u8 = 1;

/// The four diagonals, as (dx, dy); the first two go up (White's forward).
const DIAGONALS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

pub use crate::shared::{Square, name, plus, square};

fn on_board(sq: Square) -> bool {
    crate::shared::on_square(8, sq)
}

/// Only the dark squares are used.
pub fn is_dark((x, y): Square) -> bool {
    (x + y) % 2 == 0
}

/// The row direction a player's men move in.
pub fn forward(player: u8) -> i32 {
    if player == WHITE { 1 } else { -1 }
}

/// The row where a player's men become kings.
pub fn far_row(player: u8) -> i32 {
    if player == WHITE { 7 } else { 0 }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub owner: u8,
    pub king: bool,
}

/// A move: the piece on `from` ends on `to`, taking the pieces on `captured`, in that order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub captured: Vec<Square>,
}

impl Move {
    /// (from, to, set of captured squares): what a move is when counted as moves.
    pub fn key(&self) -> (Square, Square, BTreeSet<Square>) {
        (self.from, self.to, self.captured.iter().copied().collect())
    }

    /// "c3-d4", or "c3-g7 x d4,f6" with the captured squares sorted.
    pub fn text(&self) -> String {
        let mut out = format!("{}-{}", name(self.from), name(self.to));
        if !self.captured.is_empty() {
            let names: Vec<String> = self.key().2.into_iter().map(name).collect();
            out.push_str(&format!(" x {}", names.join(",")));
        }
        out
    }
}

/// A position: the board and the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thai {
    /// `board[x][y]`.
    pub board: [[Option<Piece>; 8]; 8],
    pub side: u8,
}

impl Thai {
    /// An empty board, White to move.
    pub fn empty() -> Thai {
        Thai { board: [[None; 8]; 8], side: WHITE }
    }

    /// Pieces as (x, y, owner, is it a king), and the player to move.
    pub fn from_pieces(pieces: &[(i32, i32, u8, bool)], side: u8) -> Thai {
        let mut pos = Thai::empty();
        for &(x, y, owner, king) in pieces {
            assert!(on_board((x, y)) && is_dark((x, y)), "({x}, {y}) is not a dark square of the board");
            assert!(owner == WHITE || owner == BLACK, "bad owner {owner}");
            assert!(pos.at((x, y)).is_none(), "({x}, {y}) taken twice");
            pos.board[x as usize][y as usize] = Some(Piece { owner, king });
        }
        pos.side = side;
        pos
    }

    /// Pieces written as "Md4" (white man), "Kd4" (white king), "md4", "kd4" (black).
    pub fn with_pieces(pieces: &[&str], side: u8) -> Thai {
        let list: Vec<(i32, i32, u8, bool)> = pieces
            .iter()
            .map(|text| {
                let (letter, sq) = text.split_at(1);
                let (owner, king) = match letter {
                    "M" => (WHITE, false),
                    "K" => (WHITE, true),
                    "m" => (BLACK, false),
                    "k" => (BLACK, true),
                    _ => panic!("bad piece {text:?}"),
                };
                let (x, y) = square(sq);
                (x, y, owner, king)
            })
            .collect();
        Thai::from_pieces(&list, side)
    }

    /// The start: 8 men each on the first two rows of dark squares, White to move.
    pub fn start() -> Thai {
        let mut pieces = Vec::new();
        for y in 0..8 {
            for x in 0..8 {
                if !is_dark((x, y)) {
                    continue;
                }
                match y {
                    0 | 1 => pieces.push((x, y, WHITE, false)),
                    6 | 7 => pieces.push((x, y, BLACK, false)),
                    _ => {}
                }
            }
        }
        Thai::from_pieces(&pieces, WHITE)
    }

    pub fn at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.0 as usize][sq.1 as usize]
    }

    /// The squares of a player's pieces, column by column from a1.
    pub fn pieces(&self, player: u8) -> Vec<Square> {
        crate::shared::squares_where(8, 8, |sq| self.at(sq).is_some_and(|p| p.owner == player))
    }

    /// The diagonals a piece moves and captures along: a man only the two forward ones.
    fn directions(piece: Piece) -> Vec<(i32, i32)> {
        if piece.king { DIAGONALS.to_vec() } else { DIAGONALS.iter().copied().filter(|d| d.1 == forward(piece.owner)).collect() }
    }

    /// Every capture sequence of the piece on `from`, one `Move` per sequence (paths).
    pub fn capture_paths(&self, from: Square) -> Vec<Move> {
        let piece = self.at(from).expect("a piece to move");
        // The piece leaves its start square: it is empty for the rest of the move.
        let mut board = self.board;
        board[from.0 as usize][from.1 as usize] = None;
        let mut out = Vec::new();
        let mut taken = Vec::new();
        jumps(&mut board, piece, from, from, &mut taken, &mut out);
        out
    }

    /// The non-capturing moves of the piece on `from`.
    pub fn steps(&self, from: Square) -> Vec<Move> {
        let piece = self.at(from).expect("a piece to move");
        let mut out = Vec::new();
        for dir in Thai::directions(piece) {
            let mut to = plus(from, dir);
            while on_board(to) && self.at(to).is_none() {
                out.push(Move { from, to, captured: Vec::new() });
                if !piece.king {
                    break;
                }
                to = plus(to, dir);
            }
        }
        out
    }

    /// The legal moves. `paths`: every capture sequence is one move; otherwise sequences with
    /// the same start, end and set of captured pieces are one move (the first one found kept).
    pub fn moves(&self, paths: bool) -> Vec<Move> {
        let mine = self.pieces(self.side);
        let mut captures: Vec<Move> = mine.iter().flat_map(|&sq| self.capture_paths(sq)).collect();
        if !captures.is_empty() {
            if !paths {
                let mut seen = BTreeSet::new();
                captures.retain(|m| seen.insert(m.key()));
            }
            return captures;
        }
        mine.iter().flat_map(|&sq| self.steps(sq)).collect()
    }

    /// The legal moves as (from, to, set of captured squares), sorted; with `paths` a move
    /// reached by several sequences is listed once per sequence.
    pub fn move_list(&self, paths: bool) -> Vec<(Square, Square, BTreeSet<Square>)> {
        let mut out: Vec<_> = self.moves(paths).iter().map(Move::key).collect();
        out.sort();
        out
    }

    /// The position after a move: captured pieces gone, a man ending on the far row crowned.
    pub fn make(&self, mv: &Move) -> Thai {
        let mut next = self.clone();
        let mut piece = next.board[mv.from.0 as usize][mv.from.1 as usize].take().expect("a piece to move");
        for &c in &mv.captured {
            assert!(next.at(c).is_some_and(|p| p.owner != piece.owner), "{}: nothing to capture on {}", mv.text(), name(c));
            next.board[c.0 as usize][c.1 as usize] = None;
        }
        assert!(next.at(mv.to).is_none(), "{}: {} is taken", mv.text(), name(mv.to));
        if mv.to.1 == far_row(piece.owner) {
            piece.king = true;
        }
        next.board[mv.to.0 as usize][mv.to.1 as usize] = Some(piece);
        next.side = 1 - self.side;
        next
    }

    /// Leaf count at `depth` plies, counting captures as paths or as moves.
    pub fn perft(&self, depth: u32, paths: bool) -> u64 {
        crate::shared::perft(self, depth, &|pos: &Thai| pos.moves(paths), &Self::make)
    }

    /// Rows from the top: `M`/`K` white man/king, `m`/`k` black, `.` an empty dark square.
    pub fn drawing(&self) -> String {
        let mark = |sq: Square| match self.at(sq) {
            Some(Piece { owner: WHITE, king: false }) => 'M',
            Some(Piece { owner: WHITE, king: true }) => 'K',
            Some(Piece { king: false, .. }) => 'm',
            Some(Piece { king: true, .. }) => 'k',
            None if is_dark(sq) => '.',
            None => ' ',
        };
        crate::shared::drawing(8, 8, mark, if self.side == WHITE { "white (upper case) to move" } else { "black (lower case) to move" })
    }
}

/// The jumps open to `piece` standing on `at`: (square of the enemy piece, landing square).
/// A man looks at the adjacent square only, a king along the empty squares of each diagonal;
/// either way it lands right behind the enemy piece.
fn jump_options(board: &[[Option<Piece>; 8]; 8], piece: Piece, at: Square) -> Vec<(Square, Square)> {
    let get = |sq: Square| board[sq.0 as usize][sq.1 as usize];
    let mut out = Vec::new();
    for dir in Thai::directions(piece) {
        let mut over = plus(at, dir);
        if piece.king {
            while on_board(over) && get(over).is_none() {
                over = plus(over, dir);
            }
        }
        let land = plus(over, dir);
        if on_board(land) && get(over).is_some_and(|p| p.owner != piece.owner) && get(land).is_none() {
            out.push((over, land));
        }
    }
    out
}

/// Capture sequences from `at`, with the pieces in `taken` already off the board: each jump
/// takes its piece off at once; a sequence is recorded where no jump is left.
fn jumps(board: &mut [[Option<Piece>; 8]; 8], piece: Piece, from: Square, at: Square, taken: &mut Vec<Square>, out: &mut Vec<Move>) {
    let options = jump_options(board, piece, at);
    if options.is_empty() {
        if !taken.is_empty() {
            out.push(Move { from, to: at, captured: taken.clone() });
        }
        return;
    }
    for (over, land) in options {
        let gone = board[over.0 as usize][over.1 as usize].take();
        taken.push(over);
        jumps(board, piece, from, land, taken, out);
        taken.pop();
        board[over.0 as usize][over.1 as usize] = gone;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::sorted;

    fn texts(moves: &[Move]) -> Vec<String> {
        crate::shared::sorted_texts(moves, Move::text)
    }

    #[test]
    fn square_names() {
        assert_eq!(name((0, 0)), "a1");
        assert_eq!(name((7, 7)), "h8");
        assert_eq!(square("d2"), (3, 1));
        assert!(is_dark(square("a1")) && is_dark(square("h8")) && !is_dark(square("b1")));
    }

    /// The start: White's men a1 c1 e1 g1 b2 d2 f2 h2, Black's a7 c7 e7 g7 b8 d8 f8 h8. Only
    /// row 2 can move: b2 to a3 c3, d2 to c3 e3, f2 to e3 g3, h2 to g3: 7. Black the same: 7.
    #[test]
    fn seven_moves_from_the_start() {
        let start = Thai::start();
        assert_eq!(start.pieces(WHITE).len(), 8);
        assert_eq!(start.pieces(BLACK).len(), 8);
        assert_eq!(start.at(square("c1")), Some(Piece { owner: WHITE, king: false }));
        assert_eq!(start.at(square("b8")), Some(Piece { owner: BLACK, king: false }));
        assert_eq!(texts(&start.moves(false)), sorted(&["b2-a3", "b2-c3", "d2-c3", "d2-e3", "f2-e3", "f2-g3", "h2-g3"]));
        let black = Thai { side: BLACK, ..start.clone() };
        assert_eq!(texts(&black.moves(false)), sorted(&["a7-b6", "c7-b6", "c7-d6", "e7-d6", "e7-f6", "g7-f6", "g7-h6"]));
        assert_eq!(start.perft(1, true), 7);
        let rows = ["8  m m m m", "7 m m m m ", "6  . . . .", "5 . . . . ", "4  . . . .", "3 . . . . ", "2  M M M M", "1 M M M M "];
        assert_eq!(start.drawing(), format!("{}\n  abcdefgh\n  white (upper case) to move\n", rows.join("\n")));
        assert_eq!(start.perft(2, false), 49);
    }

    /// After any first move of each side, White has 8 moves: no piece can reach an enemy piece
    /// yet. E.g. after b2-a3: a3-b4, a1-b2, c1-b2, d2 c3 e3, f2 e3 g3, h2-g3.
    #[test]
    fn eight_moves_after_any_first_moves() {
        let start = Thai::start();
        for first in start.moves(false) {
            let after = start.make(&first);
            assert_eq!(after.moves(false).len(), 7, "after {}", first.text());
            for reply in after.moves(false) {
                let next = after.make(&reply);
                assert_eq!(next.moves(false).len(), 8, "after {} {}", first.text(), reply.text());
            }
        }
    }

    /// Perft from the start as published in the "Perft for all recognized draughts variants"
    /// thread of the FMJD forum (damforum.nl, formerly laatste.info, topic 2822), kept in dctl's
    /// old "ThaiNative" test: 7, 49, 392, 3136, 26592, 218695, as moves and as paths alike (the
    /// two can differ only when a king captures, and no king moves before ply 7). The first two
    /// are counted by hand above, and 3136 = 7 x 7 x 8 x 8 (`eight_moves_after_any_first_moves`).
    #[test]
    fn published_perft_from_the_start() {
        let start = Thai::start();
        let published = [7, 49, 392, 3136, 26592, 218695];
        for (depth, &leaves) in (1..).zip(&published) {
            assert_eq!(start.perft(depth, false), leaves, "moves, depth {depth}");
            assert_eq!(start.perft(depth, true), leaves, "paths, depth {depth}");
        }
    }

    /// Men capture forward only, and capturing is compulsory.
    ///
    /// White men d4 h2, black men c5 e5 c3 e3 (c3 and e3 behind d4), white to move: d4 jumps c5
    /// to b6 or e5 to f6 (both empty); c3 and e3 are behind it. h2 has a step but no capture, so
    /// it may not move. 2 moves.
    #[test]
    fn men_capture_forward_only_and_must() {
        let pos = Thai::with_pieces(&["Md4", "Mh2", "mc5", "me5", "mc3", "me3"], WHITE);
        assert_eq!(texts(&pos.moves(false)), sorted(&["d4-b6 x c5", "d4-f6 x e5"]));
        // Black to move: its men go down. c5 and e5 could jump d4 only onto e3 and c3, which
        // are taken; c3 and e3 have nothing in front. No capture: steps c5-b4, e5-f4, c3-b2,
        // c3-d2, e3-d2, e3-f2. 6 moves.
        let black = Thai { side: BLACK, ..pos };
        assert_eq!(black.moves(false).len(), 6);
    }

    /// A man goes on capturing while it can, zigzagging, and may pick any sequence (no
    /// majority rule).
    ///
    /// White man c3; black men d4, d6, b4 and f6; white to move. c3 jumps d4 to e5, then must
    /// go on: over d6 to c7 or over f6 to g7 (both empty), and stops. Or c3 jumps b4 to a5 and
    /// stops (b6 empty). 3 moves, taking 2, 2 and 1.
    #[test]
    fn men_go_on_capturing_but_any_sequence_will_do() {
        let pos = Thai::with_pieces(&["Mc3", "md4", "md6", "mb4", "mf6"], WHITE);
        assert_eq!(texts(&pos.moves(false)), sorted(&["c3-c7 x d4,d6", "c3-g7 x d4,f6", "c3-a5 x b4"]));
        assert_eq!(pos.moves(true).len(), 3);
    }

    /// A man ending on the far row becomes a king, by a step or by a capture (which ends there:
    /// no forward jump is left).
    #[test]
    fn promotion_on_the_far_row() {
        let pos = Thai::with_pieces(&["Mc7", "ma1"], WHITE);
        let moves = pos.moves(false);
        assert_eq!(texts(&moves), sorted(&["c7-b8", "c7-d8"]));
        assert_eq!(pos.make(&moves[0]).at(moves[0].to), Some(Piece { owner: WHITE, king: true }));
        // The white man on d6 takes e7 and lands on f8: a king, and the move ends though, as a
        // king, it could go on over g7 to h6.
        let pos = Thai::with_pieces(&["Md6", "me7", "mg7"], WHITE);
        let moves = pos.moves(false);
        assert_eq!(texts(&moves), ["d6-f8 x e7"]);
        let after = pos.make(&moves[0]);
        assert_eq!(after.at(square("f8")), Some(Piece { owner: WHITE, king: true }));
        assert_eq!(after.pieces(BLACK), [square("g7")]);
        // Black's men crown on row 1.
        let pos = Thai::with_pieces(&["Mh8", "mb2"], BLACK);
        let after = pos.make(&pos.moves(false)[0]);
        assert!(after.pieces(BLACK).iter().all(|&sq| sq.1 == 0 && after.at(sq).unwrap().king));
    }

    /// A king moves any distance over empty squares; it captures from afar but lands right
    /// behind the captured piece, never further.
    ///
    /// White king a1, black man d4, white to move: a1 sees b2 c3 empty, then d4 with e5 empty
    /// behind: a1-e5 x d4 is the only move (not f6, g7, h8).
    /// With a black man on e5 too: d4 cannot be taken (e5 is not empty), and nothing is
    /// captured: the king goes to b2 or c3 (2 moves).
    /// A lone white king on d4 (black man h8 out of line, far away): c3 b2 a1, e5 f6 g7 (h8
    /// taken), c5 b6 a7, e3 f2 g1: 12.
    #[test]
    fn kings_fly_but_land_right_behind() {
        let pos = Thai::with_pieces(&["Ka1", "md4"], WHITE);
        assert_eq!(texts(&pos.moves(false)), ["a1-e5 x d4"]);
        let pos = Thai::with_pieces(&["Ka1", "md4", "me5"], WHITE);
        assert_eq!(texts(&pos.moves(false)), sorted(&["a1-b2", "a1-c3"]));
        let pos = Thai::with_pieces(&["Kd4", "mh8"], WHITE);
        assert_eq!(pos.moves(false).len(), 12);
    }

    /// Captured pieces go at once: a king may turn back over the square it just cleared.
    ///
    /// White king d4, black men e5 and b2, white to move.
    /// - d4 takes e5, lands f6, then looks back: e5 (gone), d4 (left), c3 empty, b2, a1 empty:
    ///   takes b2, lands a1. Nothing more. d4-a1 x b2,e5.
    /// - d4 takes b2, lands a1, then looks back: b2 (gone), c3, d4, then e5 with f6 empty: takes
    ///   it, lands f6. d4-f6 x b2,e5.
    ///
    /// 2 moves, 2 paths. If the pieces stayed until the end of the move, e5 would block the way
    /// back and each capture would end after one piece.
    #[test]
    fn captured_pieces_go_at_once() {
        let pos = Thai::with_pieces(&["Kd4", "me5", "mb2"], WHITE);
        assert_eq!(texts(&pos.moves(false)), sorted(&["d4-a1 x b2,e5", "d4-f6 x b2,e5"]));
        assert_eq!(pos.moves(true).len(), 2);
    }

    /// Two sequences with the same start, end and captured set are one move, two paths.
    ///
    /// White king d2; black men c3, c5, e5, e3 around d4, white to move. Clockwise: d2 takes e3
    /// (lands f4), e5 (d6), c5 (b4), c3 (d2, the square it left). Anticlockwise: c3 (b4), c5
    /// (d6), e5 (f4), e3 (d2). At every landing square only the next piece of the ring can be
    /// taken. One move d2-d2 x c3,c5,e3,e5; two paths.
    #[test]
    fn one_move_two_paths() {
        let pos = Thai::with_pieces(&["Kd2", "mc3", "mc5", "me5", "me3"], WHITE);
        assert_eq!(texts(&pos.moves(false)), ["d2-d2 x c3,c5,e3,e5"]);
        let paths = pos.moves(true);
        assert_eq!(paths.len(), 2);
        assert_eq!(paths[0].key(), paths[1].key());
        assert_ne!(paths[0].captured, paths[1].captured);
        assert_eq!(pos.perft(1, false), 1);
        assert_eq!(pos.perft(1, true), 2);
        let after = pos.make(&paths[0]);
        assert!(after.pieces(BLACK).is_empty());
        assert_eq!(after.perft(1, false), 0);
    }

    /// Men and kings alike are captured by men; a king's capture is not forced over a man's.
    ///
    /// White man c3, white king h2; black king d4, black man f4 (h2 sees g3 then f4, e5 empty
    /// behind). c3 takes d4 to e5; h2 takes f4 to e5. 2 moves.
    #[test]
    fn men_take_kings_and_any_piece_may_capture() {
        let pos = Thai::with_pieces(&["Mc3", "Kh2", "kd4", "mf4"], WHITE);
        assert_eq!(texts(&pos.moves(false)), sorted(&["c3-e5 x d4", "h2-e5 x f4"]));
        let list = pos.move_list(false);
        assert_eq!(list[0], (square("c3"), square("e5"), [square("d4")].into_iter().collect()));
    }

    /// The list form the engine is compared on, and positions built from (x, y, owner, king).
    #[test]
    fn from_pieces_and_move_list() {
        let pos = Thai::from_pieces(&[(3, 3, WHITE, false), (4, 4, BLACK, false)], WHITE);
        assert_eq!(pos, Thai::with_pieces(&["Md4", "me5"], WHITE));
        assert_eq!(pos.move_list(true), [(square("d4"), square("f6"), [square("e5")].into_iter().collect())]);
    }
}
