//! A brute-force move generator for Camelot on a chessboard (Mészáros Mihály's small Camelot
//! rules), written from the rules alone and kept as plain as possible: the board is a 2-D array
//! and every move is found by walking each piece's steps, canters and jumps square by square,
//! collecting the finished moves in a set.
//!
//! The rules it follows:
//! - White (the first player) moves first: men a5 b4 c3 d2 e1, knights b3 c2, own castle a1,
//!   enemy castle h8. Black: men d8 e7 f6 g5 h4, knights f7 g6, own castle h8, enemy castle a1.
//! - A move is a step (to an adjacent empty square), a canter chain (jumps over adjacent own
//!   pieces to the empty square behind; it may stop after any canter), a jump chain (jumps over
//!   adjacent enemy pieces, removed at once; after a jump the piece goes on jumping while it
//!   can, choosing freely among options), or, for a knight only, a charge: one or more canters,
//!   then one or more jumps (no canter after a jump). A man never mixes canters and jumps.
//! - No square is touched (started on or landed on) twice in one move.
//! - Compulsory capture: if any piece of the player to move can jump an enemy piece from where it
//!   stands, the move must capture (a jump chain or a charge). A capture a knight could reach only
//!   after cantering does not by itself make capturing compulsory.
//! - Moves with the same start, end and captured set are one move.
//! - Own castle: no step or canter (also in the middle of a chain) lands on it; a jump may. A
//!   piece in its own castle at the start of its owner's turn must leave if it can: then only
//!   its moves are legal and compulsory capture does not apply; if it cannot, the normal rules
//!   apply to the other pieces.
//! - Enemy castle: a move that lands on it ends there.
//! - End: the player who just moved wins if one of their pieces stands on their enemy castle or
//!   the opponent has no pieces left; the player to move with no legal move loses.

use std::collections::BTreeSet;

pub const WHITE: u8 = 0;
pub const BLACK: u8 = 1;

/// The 8 directions, as (dx, dy).
const DIRECTIONS: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

pub use crate::shared::{Square, name, plus, square};

fn on_board(sq: Square) -> bool {
    crate::shared::on_square(8, sq)
}

/// The castle a player may not step or canter into.
pub fn own_castle(player: u8) -> Square {
    if player == WHITE { (0, 0) } else { (7, 7) }
}

/// The castle a player wins by reaching.
pub fn enemy_castle(player: u8) -> Square {
    own_castle(1 - player)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Man,
    Knight,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub owner: u8,
    pub kind: Kind,
}

/// A move as the rules identify it: start, end, captured squares (sorted).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub captures: Vec<Square>,
}

impl Move {
    /// (from, to, captured squares, is it a pass), with square names: the form the comparison
    /// with the engine uses. There are no passes in Camelot.
    pub fn key(&self) -> (Option<String>, Option<String>, Vec<String>, bool) {
        (Some(name(self.from)), Some(name(self.to)), self.captures.iter().map(|&c| name(c)).collect(), false)
    }

    /// "c3-e5" or "c3-g7 x d4,f6".
    pub fn text(&self) -> String {
        let mut out = format!("{}-{}", name(self.from), name(self.to));
        if !self.captures.is_empty() {
            let names: Vec<String> = self.captures.iter().map(|&c| name(c)).collect();
            out.push_str(&format!(" x {}", names.join(",")));
        }
        out
    }
}

/// A position: the board and the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Camelot {
    /// `board[x][y]`.
    pub board: [[Option<Piece>; 8]; 8],
    pub side: u8,
}

/// The search for one piece's moves: the board with the moving piece lifted off it, the squares
/// touched so far, the pieces captured so far, and the moves found.
struct Walk {
    board: [[Option<Piece>; 8]; 8],
    owner: u8,
    from: Square,
    touched: Vec<Square>,
    captured: Vec<Square>,
    found: BTreeSet<Move>,
}

impl Walk {
    fn at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.0 as usize][sq.1 as usize]
    }

    fn record(&mut self, to: Square) {
        let mut captures = self.captured.clone();
        captures.sort();
        self.found.insert(Move { from: self.from, to, captures });
    }

    /// Canters from `at`, and for a knight the charges that follow them.
    fn canters(&mut self, at: Square, knight: bool) {
        for dir in DIRECTIONS {
            let over = plus(at, dir);
            let land = plus(over, dir);
            let can = on_board(land)
                && self.at(over).is_some_and(|p| p.owner == self.owner)
                && self.at(land).is_none()
                && !self.touched.contains(&land)
                && land != own_castle(self.owner);
            if !can {
                continue;
            }
            self.touched.push(land);
            self.record(land);
            if land != enemy_castle(self.owner) {
                self.canters(land, knight);
                if knight {
                    self.jumps(land);
                }
            }
            self.touched.pop();
        }
    }

    /// The jumps possible from `at`: (square jumped over, landing square).
    fn jump_options(&self, at: Square) -> Vec<(Square, Square)> {
        let mut out = Vec::new();
        for dir in DIRECTIONS {
            let over = plus(at, dir);
            let land = plus(over, dir);
            if on_board(land)
                && self.at(over).is_some_and(|p| p.owner != self.owner)
                && self.at(land).is_none()
                && !self.touched.contains(&land)
            {
                out.push((over, land));
            }
        }
        out
    }

    /// Jump chains from `at`: each ends where no jump is left, or on the enemy castle.
    fn jumps(&mut self, at: Square) {
        for (over, land) in self.jump_options(at) {
            let taken = self.board[over.0 as usize][over.1 as usize].take();
            self.touched.push(land);
            self.captured.push(over);
            if land == enemy_castle(self.owner) || self.jump_options(land).is_empty() {
                self.record(land);
            } else {
                self.jumps(land);
            }
            self.captured.pop();
            self.touched.pop();
            self.board[over.0 as usize][over.1 as usize] = taken;
        }
    }
}

impl Camelot {
    /// An empty board, white to move.
    pub fn empty() -> Camelot {
        Camelot { board: [[None; 8]; 8], side: WHITE }
    }

    /// Pieces written as "Ma5" (white man), "Kb3" (white knight), "md8" (black man), "kf7"
    /// (black knight).
    pub fn with_pieces(pieces: &[&str], side: u8) -> Camelot {
        let mut pos = Camelot::empty();
        for text in pieces {
            let (letter, sq) = text.split_at(1);
            let piece = match letter {
                "M" => Piece { owner: WHITE, kind: Kind::Man },
                "K" => Piece { owner: WHITE, kind: Kind::Knight },
                "m" => Piece { owner: BLACK, kind: Kind::Man },
                "k" => Piece { owner: BLACK, kind: Kind::Knight },
                _ => panic!("bad piece {text:?}"),
            };
            let sq = square(sq);
            assert!(pos.at(sq).is_none(), "{text}: square taken twice");
            pos.board[sq.0 as usize][sq.1 as usize] = Some(piece);
        }
        pos.side = side;
        pos
    }

    /// The start, white to move.
    pub fn start() -> Camelot {
        Camelot::with_pieces(&["Ma5", "Mb4", "Mc3", "Md2", "Me1", "Kb3", "Kc2", "md8", "me7", "mf6", "mg5", "mh4", "kf7", "kg6"], WHITE)
    }

    pub fn at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.0 as usize][sq.1 as usize]
    }

    pub fn pieces(&self, player: u8) -> Vec<Square> {
        crate::shared::squares_where(8, 8, |sq| self.at(sq).is_some_and(|p| p.owner == player))
    }

    /// Every move of the piece on `from` by the movement rules: steps, canter chains, jump
    /// chains, charges; compulsory capture and the castle-leaving rule are not applied here.
    pub fn piece_moves(&self, from: Square) -> BTreeSet<Move> {
        let piece = self.at(from).expect("a piece to move");
        let mut board = self.board;
        board[from.0 as usize][from.1 as usize] = None;
        let mut walk = Walk { board, owner: piece.owner, from, touched: vec![from], captured: Vec::new(), found: BTreeSet::new() };
        for dir in DIRECTIONS {
            let to = plus(from, dir);
            if on_board(to) && to != own_castle(piece.owner) && walk.at(to).is_none() {
                walk.record(to);
            }
        }
        walk.canters(from, piece.kind == Kind::Knight);
        walk.jumps(from);
        walk.found
    }

    /// Can the piece on `sq` jump an enemy piece from where it stands?
    pub fn can_jump_now(&self, sq: Square) -> bool {
        let owner = self.at(sq).expect("a piece").owner;
        DIRECTIONS.iter().any(|&dir| {
            let over = plus(sq, dir);
            let land = plus(over, dir);
            on_board(land) && self.at(over).is_some_and(|p| p.owner != owner) && self.at(land).is_none()
        })
    }

    /// The moves the rules allow the player to move, before asking whether the game is over.
    pub fn rule_moves(&self) -> Vec<Move> {
        let castle = own_castle(self.side);
        if self.at(castle).is_some_and(|p| p.owner == self.side) {
            // No move can end in the castle it starts from (no square is touched twice).
            let leaving = self.piece_moves(castle);
            if !leaving.is_empty() {
                return leaving.into_iter().collect();
            }
        }
        let mine = self.pieces(self.side);
        let mut moves: Vec<Move> = mine.iter().flat_map(|&sq| self.piece_moves(sq)).collect();
        if mine.iter().any(|&sq| self.can_jump_now(sq)) {
            moves.retain(|m| !m.captures.is_empty());
        }
        moves
    }

    /// Has the player who just moved won without asking about moves: a piece on their enemy
    /// castle, or the opponent without pieces?
    fn won_by_the_mover(&self) -> bool {
        let mover = 1 - self.side;
        self.at(enemy_castle(mover)).is_some_and(|p| p.owner == mover) || self.pieces(self.side).is_empty()
    }

    /// The result if the game is over: `Some(Some(winner))` (this game has no draws here).
    pub fn outcome(&self) -> Option<Option<u8>> {
        if self.won_by_the_mover() || self.rule_moves().is_empty() {
            // Either way the player who just moved wins.
            return Some(Some(1 - self.side));
        }
        None
    }

    /// The legal moves: none when the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.won_by_the_mover() { Vec::new() } else { self.rule_moves() }
    }

    /// The position after a move.
    pub fn make(&self, mv: &Move) -> Camelot {
        let mut next = self.clone();
        let piece = next.board[mv.from.0 as usize][mv.from.1 as usize].take();
        for &c in &mv.captures {
            next.board[c.0 as usize][c.1 as usize] = None;
        }
        next.board[mv.to.0 as usize][mv.to.1 as usize] = piece;
        next.side = 1 - self.side;
        next
    }

    /// Leaf count at `depth` plies.
    pub fn perft(&self, depth: u32) -> u64 {
        crate::shared::perft(self, depth, &Self::legal_moves, &Self::make)
    }

    /// Rows from the top: `M`/`K` white man/knight, `m`/`k` black, `+` an empty castle.
    pub fn drawing(&self) -> String {
        let mark = |sq: Square| match self.at(sq) {
            Some(Piece { owner: WHITE, kind: Kind::Man }) => 'M',
            Some(Piece { owner: WHITE, kind: Kind::Knight }) => 'K',
            Some(Piece { kind: Kind::Man, .. }) => 'm',
            Some(Piece { kind: Kind::Knight, .. }) => 'k',
            None if sq == (0, 0) || sq == (7, 7) => '+',
            None => '.',
        };
        crate::shared::drawing(8, 8, mark, if self.side == WHITE { "white (upper case) to move" } else { "black (lower case) to move" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::sorted;

    fn texts(moves: &[Move]) -> Vec<String> {
        crate::shared::sorted_texts(moves, Move::text)
    }

    /// The legal moves that start on `from`.
    fn moves_from(pos: &Camelot, from: &str) -> Vec<String> {
        let from = square(from);
        texts(&pos.legal_moves().into_iter().filter(|m| m.from == from).collect::<Vec<_>>())
    }

    #[test]
    fn square_names() {
        assert_eq!(name((0, 0)), "a1");
        assert_eq!(name((7, 7)), "h8");
        assert_eq!(square("c2"), (2, 1));
        assert_eq!(own_castle(WHITE), square("a1"));
        assert_eq!(enemy_castle(WHITE), square("h8"));
        assert_eq!(own_castle(BLACK), square("h8"));
        assert_eq!(enemy_castle(BLACK), square("a1"));
    }

    /// White to move from the start; no black piece is within reach, so nothing captures.
    ///
    /// Steps (the empty squares around each piece; a1 is next to nobody):
    /// a5: a4 a6 b5 b6 (4); b4: a3 a4 b5 c4 c5 (5); c3: b2 c4 d3 d4 (4); d2: c1 d1 d3 e2 e3 (5);
    /// e1: d1 e2 f1 f2 (4); knight b3: a2 a3 a4 b2 c4 (5); knight c2: b1 b2 c1 d1 d3 (5). 32.
    ///
    /// Canter chains (ends, however reached):
    /// - a5: over b4 lands on c3, taken. 0.
    /// - b4: over b3 to b2, then over c3 to d4 (over c2 lands on d2, taken; back over b3 is b4,
    ///   touched). 2: b2, d4.
    /// - c3: over b3 to a3, then over b4 to c5; over c2 to c1, then over d2 to e3 (over b4 lands
    ///   on a5 and over d2 on e1, taken). 4: a3, c5, c1, e3.
    /// - d2: over c2 to b2, then over c3 to d4 (over c3 first lands on b4, over e1 off the
    ///   board). 2: b2, d4.
    /// - e1: over d2 lands on c3, taken. 0.
    /// - knight b3: over b4 to b5; over c3 to d3, then over d2 to d1 and over e1 on to f1, or
    ///   over c2 to b1; over c2 to d1, then to d3 or f1. 5: b5, d3, d1, f1, b1.
    /// - knight c2: over b3 to a4, then over a5 to a6 or over b4 to c4 and over b3 on to a2; over
    ///   c3 to c4, then a4 (and a6) or a2; over d2 to e2. 5: a4, a6, c4, a2, e2.
    ///
    /// 18 canter moves, 32 + 18 = 50.
    #[test]
    fn fifty_moves_from_the_start() {
        let start = Camelot::start();
        assert_eq!(start.outcome(), None);
        let moves = start.legal_moves();
        assert!(moves.iter().all(|m| m.captures.is_empty()));
        assert_eq!(moves.len(), 32 + 18);
        assert_eq!(moves_from(&start, "b4"), sorted(&["b4-a3", "b4-a4", "b4-b5", "b4-c4", "b4-c5", "b4-b2", "b4-d4"]));
        assert_eq!(moves_from(&start, "c3"), sorted(&["c3-b2", "c3-c4", "c3-d3", "c3-d4", "c3-a3", "c3-c5", "c3-c1", "c3-e3"]));
        assert_eq!(
            moves_from(&start, "b3"),
            sorted(&["b3-a2", "b3-a3", "b3-a4", "b3-b2", "b3-c4", "b3-b5", "b3-d3", "b3-d1", "b3-f1", "b3-b1"])
        );
        assert_eq!(
            moves_from(&start, "c2"),
            sorted(&["c2-b1", "c2-b2", "c2-c1", "c2-d1", "c2-d3", "c2-a4", "c2-a6", "c2-c4", "c2-a2", "c2-e2"])
        );
    }

    /// A lone man steps to any of the 8 squares around it but its own castle.
    ///
    /// White man b2, black man h6, white to move: a2 a3 b1 b3 c1 c2 c3 (a1 is white's castle): 7.
    #[test]
    fn steps_but_not_into_the_own_castle() {
        let pos = Camelot::with_pieces(&["Mb2", "mh6"], WHITE);
        assert_eq!(texts(&pos.legal_moves()), sorted(&["b2-a2", "b2-a3", "b2-b1", "b2-b3", "b2-c1", "b2-c2", "b2-c3"]));
        // Black to move: the man on h6, two ranks below its castle h8, steps to g5 g6 g7 h5 h7: 5.
        let black = Camelot { side: BLACK, ..pos.clone() };
        assert_eq!(black.legal_moves().len(), 5);
        let black_next_to_castle = Camelot::with_pieces(&["Mb2", "mh7"], BLACK);
        // h7: g6 g7 g8 h6 (h8 is black's castle): 4.
        assert_eq!(texts(&black_next_to_castle.legal_moves()), sorted(&["h7-g6", "h7-g7", "h7-g8", "h7-h6"]));
    }

    /// Canter chains: one move per end square, whatever the path; never back to a touched square.
    ///
    /// ```text
    /// 5 . . . . .
    /// 4 . . . M M      white men c3 d3 d4 e4, black man a8; white to move
    /// 3 . . M M .
    ///   a b c d e
    /// ```
    /// The man on c3: over d3 to e3 or over d4 to e5. From e3: over d4 to c5, over e4 to e5 (over
    /// d3 back to c3: touched). From e5: over e4 to e3 (then over d4 to c5), over d4 back to c3:
    /// touched. From c5: over d4 lands on e3, touched either way. Six paths, three ends: e3, e5,
    /// c5. Steps: b2 b3 b4 c2 c4 d2 (d3 d4 taken): 6. 9 moves.
    #[test]
    fn canter_chains_are_one_move_per_end_square() {
        let pos = Camelot::with_pieces(&["Mc3", "Md3", "Md4", "Me4", "ma8"], WHITE);
        assert_eq!(moves_from(&pos, "c3"), sorted(&["c3-e3", "c3-e5", "c3-c5", "c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2"]));
    }

    /// No canter lands on the own castle, not even to go on from there.
    ///
    /// White men a2 b2 c3, black man h6, white to move.
    /// - c3: over b2 would land on a1: no. Steps: b3 b4 c2 c4 d2 d3 d4: 7 (a3, reachable only
    ///   from a1, is not reached).
    /// - b2: steps a3 b1 b3 c1 c2 (a1 the castle, a2 c3 taken): 5; over c3 to d4, and from d4
    ///   back over c3 is b2, touched: 1. Over a2 is off the board. 6.
    /// - a2: steps a3 b1 b3 (a1 the castle, b2 taken): 3; over b2 to c2, then over c3 to c4: 2.
    ///   5.
    ///
    /// 7 + 6 + 5 = 18.
    #[test]
    fn no_canter_lands_on_the_own_castle() {
        let pos = Camelot::with_pieces(&["Ma2", "Mb2", "Mc3", "mh6"], WHITE);
        assert_eq!(moves_from(&pos, "c3"), sorted(&["c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3", "c3-d4"]));
        assert_eq!(moves_from(&pos, "b2"), sorted(&["b2-a3", "b2-b1", "b2-b3", "b2-c1", "b2-c2", "b2-d4"]));
        assert_eq!(moves_from(&pos, "a2"), sorted(&["a2-a3", "a2-b1", "a2-b3", "a2-c2", "a2-c4"]));
        assert_eq!(pos.legal_moves().len(), 7 + 6 + 5);
    }

    /// Jumps: compulsory, continued while possible, with a free choice among chains of any
    /// length; a jump may land on the own castle.
    ///
    /// ```text
    /// 7 . . . . . . .
    /// 6 . . . . . m .
    /// 5 . . . . . . .      white men c3 h1; black men b2 c4 d4 f6; white to move
    /// 4 . . m m . . .
    /// 3 . . M . . . .
    /// 2 . m . . . . .
    /// 1 . . . . . . . M
    ///   a b c d e f g h
    /// ```
    /// c3 can jump, so white must capture; h1 cannot, so it does not move. c3:
    /// - over d4 to e5, then it must go on: over f6 to g7, and stops (nothing next to g7);
    /// - over c4 to c5, then over d4 to e3, and stops;
    /// - over b2 to a1, its own castle (a jump may land there), and stops.
    ///
    /// 3 moves, capturing 2, 2 and 1: the shorter one is allowed too.
    #[test]
    fn jumps_are_compulsory_and_go_on_while_they_can() {
        let pos = Camelot::with_pieces(&["Mc3", "Mh1", "mb2", "mc4", "md4", "mf6"], WHITE);
        assert!(pos.can_jump_now(square("c3")) && !pos.can_jump_now(square("h1")));
        assert_eq!(texts(&pos.legal_moves()), sorted(&["c3-g7 x d4,f6", "c3-e3 x c4,d4", "c3-a1 x b2"]));
        // After the long one the captured men are gone and the man stands on g7.
        let after = pos.make(&pos.legal_moves().into_iter().find(|m| m.to == square("g7")).unwrap());
        assert_eq!(after.pieces(BLACK), [square("b2"), square("c4")]);
        assert_eq!(after.at(square("g7")), Some(Piece { owner: WHITE, kind: Kind::Man }));
        assert_eq!(after.side, BLACK);
    }

    /// No square is touched twice: a jump chain around a ring stops before its start.
    ///
    /// White man b2; black men b3 c2 c4 d3 (around c3), white to move. b2 over c2 to d2, over d3
    /// to d4, over c4 to b4; over b3 it would land on b2, where it started: the chain ends on b4
    /// with 3 captures. The other way round: over b3 to b4, over c4 to d4, over d3 to d2, ends.
    /// 2 moves (one move taking all four and ending on b2, if a square could be touched twice).
    #[test]
    fn no_square_is_touched_twice() {
        let pos = Camelot::with_pieces(&["Mb2", "mb3", "mc2", "mc4", "md3"], WHITE);
        assert_eq!(texts(&pos.legal_moves()), sorted(&["b2-b4 x c2,c4,d3", "b2-d2 x b3,c4,d3"]));
    }

    /// The knight's charge: canters, then jumps. A man may not; the charge alone does not make
    /// capturing compulsory.
    ///
    /// White knight c3, white man d3, black man f3, white to move. No white piece stands next to
    /// f3, so capturing is not compulsory.
    /// - Knight c3: steps b2 b3 b4 c2 c4 d2 d4 (7); over d3 to e3 (from e3 back over d3 is c3,
    ///   touched) (1); from e3 over f3 to g3, a charge (1). 9.
    /// - Man d3: steps c2 c4 d2 d4 e2 e3 e4 (7); over c3 to b3 (1). 8.
    ///
    /// 17. With a man on c3 instead of the knight, the man stops on e3: 16.
    #[test]
    fn the_knights_charge() {
        let pos = Camelot::with_pieces(&["Kc3", "Md3", "mf3"], WHITE);
        assert!(!pos.can_jump_now(square("c3")) && !pos.can_jump_now(square("d3")));
        assert_eq!(moves_from(&pos, "c3"), sorted(&["c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d4", "c3-e3", "c3-g3 x f3"]));
        assert_eq!(pos.legal_moves().len(), 9 + 8);
        let with_a_man = Camelot::with_pieces(&["Mc3", "Md3", "mf3"], WHITE);
        assert_eq!(moves_from(&with_a_man, "c3"), sorted(&["c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d4", "c3-e3"]));
        assert_eq!(with_a_man.legal_moves().len(), 8 + 8);
    }

    /// When capturing is compulsory a charge is one of the captures; after a jump a knight may
    /// not canter.
    ///
    /// White knight c3, white men d3 g4, black man f3, white to move. g4 stands next to f3 and
    /// can jump it to e2: capturing is compulsory. Captures:
    /// - g4 over f3 to e2 (nothing more to jump): 1;
    /// - the knight's charge c3, over d3 to e3, over f3 to g3; there it could canter over g4 to
    ///   g5, but not after a jump: 1.
    ///
    /// 2.
    #[test]
    fn a_charge_is_a_capture_and_ends_with_its_jumps() {
        let pos = Camelot::with_pieces(&["Kc3", "Md3", "Mg4", "mf3"], WHITE);
        assert_eq!(texts(&pos.legal_moves()), sorted(&["g4-e2 x f3", "c3-g3 x f3"]));
    }

    /// A piece in its own castle must leave it, and then compulsory capture does not apply.
    ///
    /// White men a1 (its castle) c5, black man d6, white to move. c5 could jump d6 to e7, but
    /// the man on a1 must leave: a2 b1 b2. 3.
    ///
    /// With a black man on b2 as well: a1's moves are a2, b1 and the jump over b2 to c3; capture
    /// is not compulsory for it: 3.
    #[test]
    fn a_piece_in_its_own_castle_must_leave() {
        let pos = Camelot::with_pieces(&["Ma1", "Mc5", "md6"], WHITE);
        assert!(pos.can_jump_now(square("c5")));
        assert_eq!(texts(&pos.legal_moves()), sorted(&["a1-a2", "a1-b1", "a1-b2"]));
        let pos = Camelot::with_pieces(&["Ma1", "Mc5", "md6", "mb2"], WHITE);
        assert_eq!(texts(&pos.legal_moves()), sorted(&["a1-a2", "a1-b1", "a1-c3 x b2"]));
    }

    /// A piece in its own castle that cannot leave: the normal rules apply to the others.
    ///
    /// White men a1 a2 b1 b2, black men a3 c1 c3, white to move. a1: its neighbours are all
    /// white, and the squares behind them (a3 c1 c3) are taken: no move. The others must capture:
    /// a2 over a3 to a4; b1 over c1 to d1; b2 over c3 to d4 (b2 over a3 or c1 leaves the board).
    /// None of them can jump again. 3.
    #[test]
    fn a_piece_that_cannot_leave_its_castle_does_not_stop_the_others() {
        let pos = Camelot::with_pieces(&["Ma1", "Ma2", "Mb1", "Mb2", "ma3", "mc1", "mc3"], WHITE);
        assert!(pos.piece_moves(square("a1")).is_empty());
        assert_eq!(texts(&pos.legal_moves()), sorted(&["a2-a4 x a3", "b1-d1 x c1", "b2-d4 x c3"]));
    }

    /// A move that lands on the enemy castle ends there, and wins.
    ///
    /// White man f6, black men g7 h7, white to move. f6 must jump g7 and lands on h8, black's
    /// castle: the chain stops there, though h7 could be jumped next. 1 move. Then black, to
    /// move, has lost: no moves.
    ///
    /// White men f6 g7 h7, black man a8: f6 canters over g7 to h8 and stops (not on over h7 to
    /// h6); its steps: e5 e6 e7 f5 f7 g5 g6 (g7 taken): 7. 8 moves from f6.
    #[test]
    fn the_enemy_castle_ends_the_move_and_the_game() {
        let pos = Camelot::with_pieces(&["Mf6", "mg7", "mh7"], WHITE);
        assert_eq!(texts(&pos.legal_moves()), ["f6-h8 x g7"]);
        let after = pos.make(&pos.legal_moves()[0]);
        assert_eq!(after.outcome(), Some(Some(WHITE)));
        assert!(after.legal_moves().is_empty());

        let pos = Camelot::with_pieces(&["Mf6", "Mg7", "Mh7", "ma8"], WHITE);
        assert_eq!(moves_from(&pos, "f6"), sorted(&["f6-h8", "f6-e5", "f6-e6", "f6-e7", "f6-f5", "f6-f7", "f6-g5", "f6-g6"]));
        // A step onto the castle wins as well: g7-h8 is among g7's moves.
        assert!(moves_from(&pos, "g7").contains(&"g7-h8".to_string()));
    }

    #[test]
    fn the_ends() {
        // Black's man stands on a1, black's enemy castle, white to move: black has won.
        let on_castle = Camelot::with_pieces(&["Mc3", "ma1"], WHITE);
        assert_eq!(on_castle.outcome(), Some(Some(BLACK)));
        assert!(on_castle.legal_moves().is_empty());
        // White takes black's last piece: white wins.
        let last = Camelot::with_pieces(&["Mc3", "md4"], WHITE);
        assert_eq!(texts(&last.legal_moves()), ["c3-e5 x d4"]);
        let after = last.make(&last.legal_moves()[0]);
        assert_eq!(after.outcome(), Some(Some(WHITE)));
        assert!(after.legal_moves().is_empty());
        // White's man on a8 is boxed in: a7 b7 b8 are black, and the squares behind them (a6 c6
        // c8) are taken. White, to move, has no move and loses.
        let boxed = Camelot::with_pieces(&["Ma8", "ma7", "mb7", "mb8", "ma6", "mc6", "mc8"], WHITE);
        assert!(boxed.rule_moves().is_empty());
        assert_eq!(boxed.outcome(), Some(Some(BLACK)));
        assert_eq!(boxed.perft(1), 0);
    }
}
