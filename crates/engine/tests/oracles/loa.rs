//! A brute-force move generator for Lines of Action, as in Sackson's "A Gamut of Games", written
//! from the rules alone and kept as plain as possible: the board is a 2-D array, every move is
//! found by walking the lines square by square, and nothing is cached.
//!
//! The rules it follows:
//! - A piece moves in a straight line in one of the 8 directions exactly as many squares as there
//!   are pieces (both colours, itself included) on the whole line it moves along, counted in both
//!   directions. It may pass over its own pieces but not over an enemy piece, may land on an empty
//!   square or on an enemy piece (captured), never on its own piece, and must stay on the board.
//! - After every move: if all the pieces of the player who just moved form one group (connected
//!   through sides or corners), that player wins, also when the move connected both sides;
//!   otherwise, if all the opponent's pieces are connected, the opponent wins. In a position set
//!   up without a previous move, the player who just moved is the one not to move.
//! - A player with no move passes, unless the opponent has no move either: then the game is a
//!   draw.

/// The largest board side the array holds.
pub const MAX: usize = 12;

/// Black, the first player, moves first.
pub const BLACK: u8 = 0;
/// White, the second player.
pub const WHITE: u8 = 1;

/// The 8 directions, as (dx, dy).
const DIRECTIONS: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

pub use crate::shared::{Square, name, square};

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Move {
    Pass,
    Slide { from: Square, to: Square, capture: bool },
}

impl Move {
    /// (from, to, captured squares, is it a pass), with square names: the form the comparison
    /// with the engine uses.
    pub fn key(&self) -> (Option<String>, Option<String>, Vec<String>, bool) {
        match *self {
            Move::Pass => (None, None, Vec::new(), true),
            Move::Slide { from, to, capture } => {
                let captures = if capture { vec![name(to)] } else { Vec::new() };
                (Some(name(from)), Some(name(to)), captures, false)
            }
        }
    }
}

/// A position: the board and the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loa {
    pub width: i32,
    pub height: i32,
    /// `board[x][y]`: the owner of the piece on that square, if any.
    pub board: [[Option<u8>; MAX]; MAX],
    pub side: u8,
}

impl Loa {
    /// An empty board, black to move.
    pub fn empty(width: i32, height: i32) -> Loa {
        assert!((1..=MAX as i32).contains(&width) && (1..=MAX as i32).contains(&height));
        Loa { width, height, board: [[None; MAX]; MAX], side: BLACK }
    }

    /// A board with black and white pieces on the named squares.
    pub fn with_pieces(width: i32, height: i32, black: &[&str], white: &[&str], side: u8) -> Loa {
        let mut pos = Loa::empty(width, height);
        for (player, names) in [(BLACK, black), (WHITE, white)] {
            for n in names {
                let sq = square(n);
                assert!(pos.on_board(sq), "{n} is off the board");
                assert!(pos.at(sq).is_none(), "{n} named twice");
                pos.board[sq.0 as usize][sq.1 as usize] = Some(player);
            }
        }
        pos.side = side;
        pos
    }

    /// The standard start on an N x N board: black on the bottom and top ranks, white on the
    /// left and right files, the corners empty; black to move.
    pub fn standard(size: i32) -> Loa {
        let mut pos = Loa::empty(size, size);
        for i in 1..size - 1 {
            pos.board[i as usize][0] = Some(BLACK);
            pos.board[i as usize][size as usize - 1] = Some(BLACK);
            pos.board[0][i as usize] = Some(WHITE);
            pos.board[size as usize - 1][i as usize] = Some(WHITE);
        }
        pos
    }

    /// The scrambled-eggs start on 8 x 8.
    pub fn scrambled() -> Loa {
        Loa::with_pieces(
            8,
            8,
            &["b1", "d1", "f1", "a3", "a5", "a7", "h2", "h4", "h6", "c8", "e8", "g8"],
            &["c1", "e1", "g1", "a2", "a4", "a6", "h3", "h5", "h7", "b8", "d8", "f8"],
            BLACK,
        )
    }

    /// The start on 6 files by 7 ranks.
    pub fn six_by_seven() -> Loa {
        Loa::with_pieces(
            6,
            7,
            &["a3", "a5", "b1", "b7", "d1", "d7", "f2", "f4", "f6"],
            &["a2", "a4", "a6", "c1", "c7", "e1", "e7", "f3", "f5"],
            BLACK,
        )
    }

    pub fn on_board(&self, (x, y): Square) -> bool {
        x >= 0 && y >= 0 && x < self.width && y < self.height
    }

    /// The owner of the piece on a square of the board.
    pub fn at(&self, (x, y): Square) -> Option<u8> {
        self.board[x as usize][y as usize]
    }

    pub fn pieces(&self, player: u8) -> Vec<Square> {
        let mut out = Vec::new();
        for x in 0..self.width {
            for y in 0..self.height {
                if self.at((x, y)) == Some(player) {
                    out.push((x, y));
                }
            }
        }
        out
    }

    /// Do all of `player`'s pieces form one group, through sides or corners? (True for one
    /// piece; also, vacuously, for none.)
    pub fn connected(&self, player: u8) -> bool {
        let pieces = self.pieces(player);
        let Some(&first) = pieces.first() else { return true };
        let mut seen = vec![first];
        let mut todo = vec![first];
        while let Some((x, y)) = todo.pop() {
            for (dx, dy) in DIRECTIONS {
                let next = (x + dx, y + dy);
                if self.on_board(next) && self.at(next) == Some(player) && !seen.contains(&next) {
                    seen.push(next);
                    todo.push(next);
                }
            }
        }
        seen.len() == pieces.len()
    }

    /// How many pieces stand on the whole line through `sq` along (dx, dy), both ways, the piece
    /// on `sq` included.
    pub fn line_count(&self, sq: Square, (dx, dy): (i32, i32)) -> i32 {
        let mut count = 1;
        for sign in [1, -1] {
            let mut k = 1;
            loop {
                let cell = (sq.0 + sign * k * dx, sq.1 + sign * k * dy);
                if !self.on_board(cell) {
                    break;
                }
                if self.at(cell).is_some() {
                    count += 1;
                }
                k += 1;
            }
        }
        count
    }

    /// Every move of `player`'s pieces by the movement rule (no pass, no end test).
    pub fn slides(&self, player: u8) -> Vec<Move> {
        let mut out = Vec::new();
        for from in self.pieces(player) {
            for dir in DIRECTIONS {
                let distance = self.line_count(from, dir);
                let to = (from.0 + distance * dir.0, from.1 + distance * dir.1);
                if !self.on_board(to) {
                    continue;
                }
                let passes_enemy = (1..distance).any(|k| {
                    let over = (from.0 + k * dir.0, from.1 + k * dir.1);
                    self.at(over).is_some_and(|owner| owner != player)
                });
                if passes_enemy || self.at(to) == Some(player) {
                    continue;
                }
                out.push(Move::Slide { from, to, capture: self.at(to).is_some() });
            }
        }
        out
    }

    /// The result if the game is over: `Some(Some(winner))`, `Some(None)` for a draw.
    pub fn outcome(&self) -> Option<Option<u8>> {
        let mover = 1 - self.side;
        if self.connected(mover) {
            return Some(Some(mover));
        }
        if self.connected(self.side) {
            return Some(Some(self.side));
        }
        if self.slides(self.side).is_empty() && self.slides(mover).is_empty() {
            return Some(None);
        }
        None
    }

    /// The legal moves: none when the game is over, a pass when the player to move has no move.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let moves = self.slides(self.side);
        if moves.is_empty() { vec![Move::Pass] } else { moves }
    }

    /// The position after a move.
    pub fn make(&self, mv: &Move) -> Loa {
        let mut next = self.clone();
        if let Move::Slide { from, to, .. } = *mv {
            next.board[from.0 as usize][from.1 as usize] = None;
            next.board[to.0 as usize][to.1 as usize] = Some(self.side);
        }
        next.side = 1 - self.side;
        next
    }

    /// Leaf count at `depth` plies.
    pub fn perft(&self, depth: u32) -> u64 {
        crate::shared::perft(self, depth, &Self::legal_moves, &Self::make)
    }

    /// Rows from the top, `x` black, `o` white, `.` empty, then who is to move.
    pub fn drawing(&self) -> String {
        let mark = |sq: Square| match self.at(sq) {
            Some(BLACK) => 'x',
            Some(_) => 'o',
            None => '.',
        };
        crate::shared::drawing(self.width, self.height, mark, if self.side == BLACK { "black (x) to move" } else { "white (o) to move" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::sorted;

    /// The moves as "a1-b2", "a1xb2" or "pass", sorted.
    fn names(pos: &Loa) -> Vec<String> {
        let mut out: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|mv| match *mv {
                Move::Pass => "pass".to_string(),
                Move::Slide { from, to, capture } => format!("{}{}{}", name(from), if capture { "x" } else { "-" }, name(to)),
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn square_names() {
        assert_eq!(name((0, 0)), "a1");
        assert_eq!(name((7, 7)), "h8");
        assert_eq!(name((11, 9)), "l10");
        assert_eq!(square("l10"), (11, 9));
        assert_eq!(square("c3"), (2, 2));
    }

    #[test]
    fn the_starts() {
        let start = Loa::standard(8);
        let black: Vec<String> = start.pieces(BLACK).into_iter().map(name).collect();
        let white: Vec<String> = start.pieces(WHITE).into_iter().map(name).collect();
        // pieces() lists file by file, each from rank 1 up.
        assert_eq!(black, ["b1", "b8", "c1", "c8", "d1", "d8", "e1", "e8", "f1", "f8", "g1", "g8"]);
        assert_eq!(white, ["a2", "a3", "a4", "a5", "a6", "a7", "h2", "h3", "h4", "h5", "h6", "h7"]);
        assert_eq!(start.side, BLACK);
        // Size 6: b..e on ranks 1 and 6 (4 + 4), a2..a5 and f2..f5.
        let six = Loa::standard(6);
        assert_eq!(six.pieces(BLACK).into_iter().map(name).collect::<Vec<_>>(), ["b1", "b6", "c1", "c6", "d1", "d6", "e1", "e6"]);
        assert_eq!(six.pieces(WHITE).into_iter().map(name).collect::<Vec<_>>(), ["a2", "a3", "a4", "a5", "f2", "f3", "f4", "f5"]);
        assert_eq!(Loa::scrambled().pieces(BLACK).len(), 12);
        assert_eq!(Loa::scrambled().pieces(WHITE).len(), 12);
        assert_eq!((Loa::six_by_seven().width, Loa::six_by_seven().height), (6, 7));
        assert_eq!(Loa::six_by_seven().pieces(BLACK).len(), 9);
        assert_eq!(Loa::six_by_seven().pieces(WHITE).len(), 9);
    }

    /// The published figure: 36 moves from the standard start. By hand, rank 1 (rank 8 is its
    /// mirror image, with the same counts):
    /// - b1: file b holds b1, b8 (2): up to b3. Rank 1 holds 6: right to h1 over its own
    ///   pieces; left is off the board. Diagonal b1..h7 holds b1, h7 (2): to d3. Diagonal a2-b1
    ///   holds 2: both ways off the board. 3 moves.
    /// - g1, the mirror of b1: g3, a1, e3. 3 moves.
    /// - c1: up 2 to c3; rank 1 (6) off both ways; diagonal c1..h6 (c1, h6) to e3; diagonal
    ///   c1-b2-a3 (c1, a3) takes the white piece on a3. 3 moves.
    /// - d1: d3; diagonals d1..h5 and d1..a4 hold 2 each: f3, b3. 3 moves.
    /// - e1: e3; e1..h4 and e1..a5: g3, c3. 3 moves.
    /// - f1: f3; f1-g2-h3 takes h3; f1..a6: d3. 3 moves.
    ///
    /// Rank 1: 6 * 3 = 18; with rank 8, 36.
    #[test]
    fn thirty_six_moves_from_the_standard_start() {
        let start = Loa::standard(8);
        assert_eq!(start.legal_moves().len(), 18 + 18);
        let rank_one: Vec<String> = names(&start).into_iter().filter(|m| m.as_bytes()[1] == b'1').collect();
        assert_eq!(
            rank_one,
            sorted(&[
                "b1-b3", "b1-h1", "b1-d3", "g1-g3", "g1-a1", "g1-e3", "c1-c3", "c1-e3", "c1xa3", "d1-d3", "d1-f3", "d1-b3", "e1-e3",
                "e1-g3", "e1-c3", "f1-f3", "f1xh3", "f1-d3"
            ])
        );
        assert_eq!(start.outcome(), None);
    }

    /// The distance is the number of pieces on the whole line, both colours, both directions,
    /// the mover included; a move may not land on its own piece or leave the board.
    ///
    /// ```text
    /// 5 . . . . .
    /// 4 . . . o .
    /// 3 . . x . .      black: b2 c3 e1 (c3-b2 touch, e1 apart)
    /// 2 . x . . .      white: a1 d4 (apart)
    /// 1 o . . . x      black to move
    ///   a b c d e
    /// ```
    /// - c3: rank 3 and file c hold only c3 (1 each): d3, b3, c4, c2. Diagonal a1-e5 holds a1,
    ///   b2, c3, d4 (4): c3+4 either way is off the board. Diagonal a5-e1 holds c3, e1 (2): up-left
    ///   to a5; down-right onto e1, its own piece: no. 5 moves.
    /// - b2: rank 2, file b, diagonal a3-c1: 1 piece each: c2, a2, b3, b1, a3, c1. Diagonal
    ///   a1-e5 (4): off both ways. 6 moves.
    /// - e1: rank 1 holds a1, e1 (2): left to c1, right off. File e (1): e2, down off. Diagonal
    ///   e1-a5 holds e1, c3 (2): onto c3, its own: no; the other ways are off. 2 moves.
    ///
    /// 5 + 6 + 2 = 13.
    #[test]
    fn the_distance_counts_every_piece_on_the_line() {
        let pos = Loa::with_pieces(5, 5, &["b2", "c3", "e1"], &["a1", "d4"], BLACK);
        assert_eq!(pos.line_count((2, 2), (1, 1)), 4);
        assert_eq!(pos.line_count((2, 2), (-1, -1)), 4);
        assert_eq!(pos.line_count((2, 2), (1, -1)), 2);
        assert_eq!(pos.line_count((2, 2), (1, 0)), 1);
        assert_eq!(pos.outcome(), None);
        assert_eq!(
            names(&pos),
            sorted(&["c3-d3", "c3-b3", "c3-c4", "c3-c2", "c3-a5", "b2-c2", "b2-a2", "b2-b3", "b2-b1", "b2-a3", "b2-c1", "e1-c1", "e1-e2"])
        );
        assert_eq!(pos.legal_moves().len(), 5 + 6 + 2);
    }

    /// Over its own pieces, never over an enemy piece; a landing on an enemy piece captures it.
    ///
    /// ```text
    /// 5 . . . . x
    /// 4 . . . . .
    /// 3 x x . o .      black: a3 b3 e5      white: d3 d1
    /// 2 . . . . .      black to move
    /// 1 . . . o .
    ///   a b c d e
    /// ```
    /// - a3: rank 3 holds a3, b3, d3 (3): right over b3 (its own) and c3 onto d3: a capture;
    ///   left off. File a, and both diagonals, 1 piece each: a4, a2, b4, b2. 5 moves.
    /// - b3: rank 3 (3): right to e3 would pass over d3 (white): no; left off. File b: b4, b2.
    ///   Diagonal a2-d5 (1): c4, a2. Diagonal a4-d1 holds b3, d1 (2): down-right over c2 onto d1,
    ///   a capture; up-left off. 5 moves.
    /// - e5: alone on rank 5, file e and diagonal e5-a1: d5, e4, d4; the rest leave the board.
    ///   3 moves.
    ///
    /// 5 + 5 + 3 = 13, two of them captures.
    #[test]
    fn over_own_pieces_never_over_enemy_pieces() {
        let pos = Loa::with_pieces(5, 5, &["a3", "b3", "e5"], &["d3", "d1"], BLACK);
        assert_eq!(pos.outcome(), None);
        assert_eq!(
            names(&pos),
            sorted(&["a3xd3", "a3-a4", "a3-a2", "a3-b4", "a3-b2", "b3-b4", "b3-b2", "b3-c4", "b3-a2", "b3xd1", "e5-d5", "e5-e4", "e5-d4"])
        );
        // The capture removes the white piece: white keeps d1 only.
        let after = pos.make(&Move::Slide { from: (0, 2), to: (3, 2), capture: true });
        assert_eq!(after.pieces(WHITE), [(3, 0)]);
        assert_eq!(after.pieces(BLACK), [(1, 2), (3, 2), (4, 4)]);
        assert_eq!(after.side, WHITE);
    }

    /// The end test in set-up positions: the player not to move counts as the one who just moved.
    #[test]
    fn connected_groups_end_the_game() {
        // Black b2 c3 d4 (one diagonal chain), white a5 e1 (apart), white to move: black, who
        // "just moved", is connected: black wins, no moves.
        let black_joined = Loa::with_pieces(5, 5, &["b2", "c3", "d4"], &["a5", "e1"], WHITE);
        assert!(black_joined.connected(BLACK) && !black_joined.connected(WHITE));
        assert_eq!(black_joined.outcome(), Some(Some(BLACK)));
        assert!(black_joined.legal_moves().is_empty());
        // The same board with black to move: white "just moved" and is not connected; black,
        // to move, is: black wins.
        let mut black_to_move = black_joined.clone();
        black_to_move.side = BLACK;
        assert_eq!(black_to_move.outcome(), Some(Some(BLACK)));
        assert_eq!(black_to_move.perft(1), 0);
        // Both connected (white a5 b5): the one who just moved wins, whoever that is.
        let mut both = Loa::with_pieces(5, 5, &["b2", "c3", "d4"], &["a5", "b5"], WHITE);
        assert_eq!(both.outcome(), Some(Some(BLACK)));
        both.side = BLACK;
        assert_eq!(both.outcome(), Some(Some(WHITE)));
        // One piece is a group.
        assert!(Loa::with_pieces(5, 5, &["c3"], &["a1", "e5"], BLACK).connected(BLACK));
    }

    /// A capture that joins the mover's pieces and leaves the opponent's joined too: the mover
    /// wins. The same capture without joining the mover: the opponent wins.
    ///
    /// ```text
    /// 5 . . . . .
    /// 4 . . . . .
    /// 3 . . o . .      black: a1 d2       white: c3 e1 e2
    /// 2 . . . x o      black to move; a1xc3 (diagonal a1-e5 holds a1, c3: 2 squares)
    /// 1 x . . . o
    ///   a b c d e
    /// ```
    #[test]
    fn a_move_that_connects_both_sides_wins_for_the_mover() {
        let pos = Loa::with_pieces(5, 5, &["a1", "d2"], &["c3", "e1", "e2"], BLACK);
        assert_eq!(pos.outcome(), None);
        let capture = Move::Slide { from: (0, 0), to: (2, 2), capture: true };
        assert!(pos.legal_moves().contains(&capture));
        let after = pos.make(&capture);
        // Black c3 d2 touch; white e1 e2 touch.
        assert!(after.connected(BLACK) && after.connected(WHITE));
        assert_eq!(after.outcome(), Some(Some(BLACK)));
        assert!(after.legal_moves().is_empty());

        // Black's second piece on a5 instead: after a1xc3 black (a5, c3) is apart, white joined.
        let pos = Loa::with_pieces(5, 5, &["a1", "a5"], &["c3", "e1", "e2"], BLACK);
        let after = pos.make(&capture);
        assert!(!after.connected(BLACK) && after.connected(WHITE));
        assert_eq!(after.outcome(), Some(Some(WHITE)));
    }

    /// One rank of 8 squares: every line but the rank holds 1 piece and leaves the board.
    ///
    /// `x o x o . . . .` (a1 black, b1 white, c1 black, d1 white), black to move. The rank holds
    /// 4 pieces. a1 would go to e1 over b1 (white), c1 to g1 over d1 (white): black has no move.
    /// White: b1 to f1 over c1 (black): no; d1 to h1 over empty squares: yes. So black passes
    /// (1), white plays d1-h1 (1), then black's c1 goes to g1 over the now empty d1..f1 (1).
    #[test]
    fn a_player_without_moves_passes() {
        let pos = Loa::with_pieces(8, 1, &["a1", "c1"], &["b1", "d1"], BLACK);
        assert_eq!(pos.outcome(), None);
        assert_eq!(names(&pos), ["pass"]);
        let after_pass = pos.make(&Move::Pass);
        assert_eq!(after_pass.side, WHITE);
        assert_eq!(names(&after_pass), ["d1-h1"]);
        assert_eq!(names(&after_pass.make(&after_pass.legal_moves()[0])), ["c1-g1"]);
        assert_eq!((pos.perft(1), pos.perft(2), pos.perft(3)), (1, 1, 1));
    }

    /// `x . o . x . o` on one rank of 7 (black a1 e1, white c1 g1): 4 pieces on the rank; a1 and
    /// e1 would land on each other (a1 also over c1), e1 rightwards leaves the board; c1 and g1
    /// likewise. Nobody can move, nobody is connected: a draw, with no moves (not even a pass).
    #[test]
    fn nobody_can_move_a_draw() {
        let pos = Loa::with_pieces(7, 1, &["a1", "e1"], &["c1", "g1"], BLACK);
        assert!(pos.slides(BLACK).is_empty() && pos.slides(WHITE).is_empty());
        assert_eq!(pos.outcome(), Some(None));
        assert!(pos.legal_moves().is_empty());
        assert_eq!(pos.perft(1), 0);
    }
}
