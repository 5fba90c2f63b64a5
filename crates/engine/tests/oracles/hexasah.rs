//! A brute-force move generator for Hexasah, the Romanian hexagonal chess, written from the
//! rules alone and kept as plain as possible: the board is a 2-D array indexed by column and
//! row, every move is found by walking each piece's steps cell by cell, and a move is legal when,
//! played out on a copy of the position, it leaves the mover's king unattacked.
//!
//! The rules it follows (the Romanian hexagonal chess rules, Hexasah):
//! - Cells (c, r), columns c = 1..17 (letters a..q), rows r = 1..11; a cell exists iff c + r is
//!   odd (93 cells). Hexagons with a vertex at the top: each row is a horizontal line of cells.
//!   Directions in (dc, dr): row (±2, 0) and diagonal (±1, ±1), the six edge neighbours; column
//!   (0, ±2), along the edge between (c-1, r±1) and (c+1, r±1). A cell is black iff c is even
//!   and c + r ≡ 3 (mod 4) (24 cells); the others are white.
//! - White (the first player) moves first: rook b1, knight d1, bishop f1, queen h1, king j1,
//!   bishop l1, knight n1, rook p1, pawns a2 c2 ... q2. Black the same on rows 11 and 10.
//! - Sliding pieces never pass over a piece. A column step from (c, r) to (c, r±2) is
//!   semi-blocked, and not allowed, when (c-1, r±1) or (c+1, r±1) holds a piece of either
//!   colour; every column step of a slide is checked.
//! - Queen: rows, columns, diagonals. Rook: rows, columns. Bishop: diagonals, over empty cells
//!   only, stopping (and capturing) only on cells of the colour of its start cell. Knight: leaps
//!   to (±3, ±1) and (±1, ±3). King: one step to an edge neighbour.
//! - Pawn: steps or captures one cell diagonally forward ((±1, +1) for White, (±1, -1) for
//!   Black); from its start row (2 for White, 10 for Black) it may instead go 2 or 3 cells along
//!   one forward diagonal over empty cells onto an empty cell. Right after such an advance, an
//!   enemy pawn one of whose forward diagonal steps reaches a cell the advancing pawn passed over
//!   may step there and capture that pawn (en passant). A pawn reaching the far row becomes a
//!   queen, rook, bishop or knight (four moves).
//! - Castling: king and rook never moved, the cells between them empty, the king not in check
//!   and neither crossing nor landing on an attacked cell: j1-f1 with b1-h1 (h1 f1 d1 empty),
//!   j1-n1 with p1-l1 (l1 n1 empty); Black the same on row 11.
//! - A cell is attacked by a player if one of their pieces could capture there. No move may
//!   leave the mover's king attacked. A player without a legal move loses if in check
//!   (checkmate) and draws otherwise (stalemate).

pub const WHITE: u8 = 0;
pub const BLACK: u8 = 1;

pub const COLUMNS: i32 = 17;
pub const ROWS: i32 = 11;

/// A cell as (c, r): column c = 1..17 (a..q), row r = 1..11. f1 is (6, 1).
pub type Cell = (i32, i32);

/// Does (c, r) name a cell of the board?
pub fn exists((c, r): Cell) -> bool {
    (1..=COLUMNS).contains(&c) && (1..=ROWS).contains(&r) && (c + r) % 2 == 1
}

/// Black cells: c even and c + r ≡ 3 (mod 4).
pub fn is_black((c, r): Cell) -> bool {
    c % 2 == 0 && (c + r) % 4 == 3
}

/// "f1" for (6, 1).
pub fn name((c, r): Cell) -> String {
    format!("{}{}", (b'a' + (c - 1) as u8) as char, r)
}

/// (6, 1) for "f1".
pub fn cell(name: &str) -> Cell {
    let column = name.as_bytes()[0];
    assert!((b'a'..=b'q').contains(&column), "bad cell name {name:?}");
    let row: i32 = name[1..].parse().unwrap_or_else(|_| panic!("bad cell name {name:?}"));
    let out = ((column - b'a') as i32 + 1, row);
    assert!(exists(out), "{name} is not a cell of the board");
    out
}

/// Every cell, row by row from row 1, each row from column a.
pub fn cells() -> Vec<Cell> {
    (1..=ROWS).flat_map(|r| (1..=COLUMNS).map(move |c| (c, r))).filter(|&cell| exists(cell)).collect()
}

fn plus((c, r): Cell, (dc, dr): (i32, i32)) -> Cell {
    (c + dc, r + dr)
}

const ROW: [(i32, i32); 2] = [(2, 0), (-2, 0)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const COLUMN: [(i32, i32); 2] = [(0, 2), (0, -2)];
const KNIGHT: [(i32, i32); 8] = [(3, 1), (3, -1), (-3, 1), (-3, -1), (1, 3), (-1, 3), (1, -3), (-1, -3)];

/// The row direction a player's pawns move in.
pub fn forward(player: u8) -> i32 {
    if player == WHITE { 1 } else { -1 }
}

/// The row a player's pawns start on.
pub fn start_row(player: u8) -> i32 {
    if player == WHITE { 2 } else { 10 }
}

/// The row a player's pawns promote on.
pub fn far_row(player: u8) -> i32 {
    if player == WHITE { ROWS } else { 1 }
}

/// The row of a player's king and rooks at the start.
pub fn back_row(player: u8) -> i32 {
    if player == WHITE { 1 } else { ROWS }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

/// What a pawn may become, in this order.
pub const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

impl Kind {
    /// The piece type name, as the ruleset names it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Queen => "queen",
            Kind::Rook => "rook",
            Kind::Bishop => "bishop",
            Kind::Knight => "knight",
            Kind::Pawn => "pawn",
        }
    }

    pub fn from_name(name: &str) -> Option<Kind> {
        [Kind::King, Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight, Kind::Pawn].into_iter().find(|k| k.name() == name)
    }

    /// White's letter; Black's is the lower case.
    fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub owner: u8,
    pub kind: Kind,
}

impl Piece {
    fn letter(self) -> char {
        if self.owner == WHITE { self.kind.letter() } else { self.kind.letter().to_ascii_lowercase() }
    }
}

/// The king's column at the start.
const KING_COLUMN: i32 = 10;

/// One of the two castlings, by columns on the back row.
struct Castling {
    rook_from: i32,
    rook_to: i32,
    king_to: i32,
    /// The cell the king crosses.
    crossed: i32,
    /// Every cell between king and rook.
    between: &'static [i32],
}

/// 0: j-f with the rook b-h; 1: j-n with the rook p-l.
const CASTLINGS: [Castling; 2] = [
    Castling { rook_from: 2, rook_to: 8, king_to: 6, crossed: 8, between: &[8, 6, 4] },
    Castling { rook_from: 16, rook_to: 12, king_to: 14, crossed: 12, between: &[12, 14] },
];

/// A move: the piece on `from` goes to `to`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Move {
    pub from: Cell,
    pub to: Cell,
    /// Where a piece is captured: `to`, or for en passant where the enemy pawn stands.
    pub capture: Option<Cell>,
    pub promotion: Option<Kind>,
    /// Castling: the rook's move.
    pub rook: Option<(Cell, Cell)>,
}

impl Move {
    /// (from, to, captured cells, promotion piece name, is it a pass): the form the comparison
    /// with the engine uses. There are no passes in Hexasah.
    pub fn key(&self) -> (Option<String>, Option<String>, Vec<String>, Option<String>, bool) {
        (
            Some(name(self.from)),
            Some(name(self.to)),
            self.capture.into_iter().map(name).collect(),
            self.promotion.map(|k| k.name().to_string()),
            false,
        )
    }

    /// "e2-g4", "e4-f3 x g4" (the captured cell), "g10-h11 x h11=queen".
    pub fn text(&self) -> String {
        let mut out = format!("{}-{}", name(self.from), name(self.to));
        if let Some(c) = self.capture {
            out.push_str(&format!(" x {}", name(c)));
        }
        if let Some(k) = self.promotion {
            out.push_str(&format!("={}", k.name()));
        }
        out
    }
}

/// Lines from the start to en passant (moves as [`Move::text`] writes them), for comparisons
/// that can only start from the start. Perft from the start never reaches en passant within 4
/// plies (a pawn advances 3 rows at most; the pawns start 8 rows apart).
///
/// White's 3-cell advance e2-h5 passes f3 and g4; Black's pawn, brought to f5 in three moves,
/// reaches g4 by a forward diagonal: after e2-h5 Black may play f5-g4 taking h5. Black plays a
/// knight move instead and after White's next move the chance is gone.
pub const EN_PASSANT_AFTER_THREE_CELLS: [&str; 9] = ["n1-m4", "i10-f7", "m4-n1", "f7-g6", "n1-m4", "g6-f5", "e2-h5", "d11-e8", "m4-n1"];

/// Black's 2-cell advance e10-g8 passes f9; White's pawn, brought to e8 in four moves, reaches
/// f9: White may play e8-f9 taking g8. White plays a knight move instead, and after Black's next
/// move the chance is gone.
pub const EN_PASSANT_AFTER_TWO_CELLS: [&str; 10] =
    ["a2-d5", "n11-o8", "d5-e6", "o8-n11", "e6-d7", "n11-o8", "d7-e8", "e10-g8", "n1-m4", "o8-n11"];

/// What the last move leaves for en passant: the cells a pawn's 2- or 3-cell advance passed
/// over, and where that pawn stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnPassant {
    pub passed: Vec<Cell>,
    pub pawn: Cell,
}

/// A position: the board, the player to move, castling rights, en passant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hexasah {
    /// `board[c][r]`; index 0 and the (c, r) that are not cells stay empty.
    pub board: [[Option<Piece>; 12]; 18],
    pub side: u8,
    /// `castling[player][i]`: neither the king nor the rook of `CASTLINGS[i]` has moved or been
    /// captured (i = 0 the b-file rook, 1 the p-file rook).
    pub castling: [[bool; 2]; 2],
    pub en_passant: Option<EnPassant>,
}

impl Hexasah {
    /// An empty board, White to move, no castling rights, no en passant.
    pub fn empty() -> Hexasah {
        Hexasah { board: [[None; 12]; 18], side: WHITE, castling: [[false; 2]; 2], en_passant: None }
    }

    /// Pieces written as a letter and a cell, upper case White, lower case Black: "Kj1" (white
    /// king), "ph10" (black pawn); letters K Q R B N P. No castling rights, no en passant.
    pub fn with_pieces(pieces: &[&str], side: u8) -> Hexasah {
        let mut pos = Hexasah::empty();
        for text in pieces {
            let (letter, at) = text.split_at(1);
            let letter = letter.chars().next().expect("a letter");
            let kind = [Kind::King, Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight, Kind::Pawn]
                .into_iter()
                .find(|k| k.letter() == letter.to_ascii_uppercase())
                .unwrap_or_else(|| panic!("bad piece {text:?}"));
            let owner = if letter.is_ascii_uppercase() { WHITE } else { BLACK };
            let at = cell(at);
            assert!(pos.at(at).is_none(), "{text}: cell taken twice");
            pos.set(at, Some(Piece { owner, kind }));
        }
        pos.side = side;
        pos
    }

    /// The start: White to move, every castling right.
    pub fn start() -> Hexasah {
        let back = ["Rb1", "Nd1", "Bf1", "Qh1", "Kj1", "Bl1", "Nn1", "Rp1"];
        let mut pieces: Vec<String> = back.iter().map(|s| s.to_string()).collect();
        pieces.extend(back.iter().map(|s| format!("{}11", s[..2].to_ascii_lowercase())));
        for c in (1..=COLUMNS).step_by(2) {
            pieces.push(format!("P{}", name((c, 2))));
            pieces.push(format!("p{}", name((c, 10))));
        }
        let names: Vec<&str> = pieces.iter().map(String::as_str).collect();
        let mut pos = Hexasah::with_pieces(&names, WHITE);
        pos.castling = [[true; 2]; 2];
        pos
    }

    /// The piece on a cell; none off the board.
    pub fn at(&self, at: Cell) -> Option<Piece> {
        if exists(at) { self.board[at.0 as usize][at.1 as usize] } else { None }
    }

    pub fn set(&mut self, at: Cell, piece: Option<Piece>) {
        assert!(exists(at), "({}, {}) is not a cell", at.0, at.1);
        self.board[at.0 as usize][at.1 as usize] = piece;
    }

    pub fn pieces(&self, player: u8) -> Vec<Cell> {
        cells().into_iter().filter(|&c| self.at(c).is_some_and(|p| p.owner == player)).collect()
    }

    pub fn king(&self, player: u8) -> Cell {
        let kings: Vec<Cell> = self.pieces(player).into_iter().filter(|&c| self.at(c).expect("a piece").kind == Kind::King).collect();
        assert_eq!(kings.len(), 1, "player {player} has {} kings", kings.len());
        kings[0]
    }

    /// Is the step from `at` along `dir` a column step with a piece on either cell beside it?
    pub fn semi_blocked(&self, (c, r): Cell, (dc, dr): (i32, i32)) -> bool {
        dc == 0 && (self.at((c - 1, r + dr / 2)).is_some() || self.at((c + 1, r + dr / 2)).is_some())
    }

    /// The cells a slider on `from` reaches along `dirs`: the empty cells, then the first cell
    /// with a piece on it (whoever owns it), stopping at the edge or at a semi-blocked column step.
    fn reach(&self, from: Cell, dirs: &[(i32, i32)]) -> Vec<Cell> {
        let mut out = Vec::new();
        for &dir in dirs {
            let mut at = from;
            loop {
                let next = plus(at, dir);
                if !exists(next) || self.semi_blocked(at, dir) {
                    break;
                }
                out.push(next);
                if self.at(next).is_some() {
                    break;
                }
                at = next;
            }
        }
        out
    }

    /// The cells where the piece on `from` could capture an enemy piece, were one there.
    pub fn targets(&self, from: Cell) -> Vec<Cell> {
        let piece = self.at(from).expect("a piece");
        let steps = |offsets: &[(i32, i32)]| offsets.iter().map(|&d| plus(from, d)).filter(|&c| exists(c)).collect::<Vec<Cell>>();
        match piece.kind {
            Kind::King => steps(&[ROW[0], ROW[1], DIAGONAL[0], DIAGONAL[1], DIAGONAL[2], DIAGONAL[3]]),
            Kind::Queen => self.reach(from, &[ROW[0], ROW[1], DIAGONAL[0], DIAGONAL[1], DIAGONAL[2], DIAGONAL[3], COLUMN[0], COLUMN[1]]),
            Kind::Rook => self.reach(from, &[ROW[0], ROW[1], COLUMN[0], COLUMN[1]]),
            Kind::Bishop => self.reach(from, &DIAGONAL).into_iter().filter(|&c| is_black(c) == is_black(from)).collect(),
            Kind::Knight => steps(&KNIGHT),
            Kind::Pawn => steps(&[(-1, forward(piece.owner)), (1, forward(piece.owner))]),
        }
    }

    /// Could one of `by`'s pieces capture on `at`?
    pub fn attacked(&self, at: Cell, by: u8) -> bool {
        self.pieces(by).into_iter().any(|from| self.targets(from).contains(&at))
    }

    pub fn in_check(&self) -> bool {
        self.attacked(self.king(self.side), 1 - self.side)
    }

    /// The pawn moves from `from` to `to`, promoting on the far row.
    fn pawn_move(&self, from: Cell, to: Cell, capture: Option<Cell>, out: &mut Vec<Move>) {
        if to.1 == far_row(self.side) {
            for kind in PROMOTIONS {
                out.push(Move { from, to, capture, promotion: Some(kind), rook: None });
            }
        } else {
            out.push(Move { from, to, capture, promotion: None, rook: None });
        }
    }

    /// The castlings the king on `from` may make.
    fn castlings(&self, from: Cell, out: &mut Vec<Move>) {
        let (side, row) = (self.side, back_row(self.side));
        for (i, castling) in CASTLINGS.iter().enumerate() {
            let rook = (castling.rook_from, row);
            let possible = self.castling[side as usize][i]
                && from == (KING_COLUMN, row)
                && self.at(rook) == Some(Piece { owner: side, kind: Kind::Rook })
                && castling.between.iter().all(|&c| self.at((c, row)).is_none())
                && !self.attacked(from, 1 - side)
                && !self.attacked((castling.crossed, row), 1 - side)
                && !self.attacked((castling.king_to, row), 1 - side);
            if possible {
                out.push(Move {
                    from,
                    to: (castling.king_to, row),
                    capture: None,
                    promotion: None,
                    rook: Some((rook, (castling.rook_to, row))),
                });
            }
        }
    }

    /// Every move by the movement rules, before asking whether it leaves the king attacked.
    pub fn pseudo_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for from in self.pieces(self.side) {
            let piece = self.at(from).expect("a piece");
            if piece.kind == Kind::Pawn {
                let f = forward(self.side);
                for dc in [-1, 1] {
                    let one = plus(from, (dc, f));
                    if !exists(one) {
                        continue;
                    }
                    match self.at(one) {
                        None => self.pawn_move(from, one, None, &mut out),
                        Some(p) if p.owner != self.side => self.pawn_move(from, one, Some(one), &mut out),
                        Some(_) => {}
                    }
                    if from.1 == start_row(self.side) {
                        for n in 2..=3 {
                            let way: Vec<Cell> = (1..=n).map(|k| plus(from, (k * dc, k * f))).collect();
                            if way.iter().all(|&c| exists(c) && self.at(c).is_none()) {
                                out.push(Move { from, to: way[n as usize - 1], capture: None, promotion: None, rook: None });
                            }
                        }
                    }
                    if let Some(ep) = &self.en_passant
                        && ep.passed.contains(&one)
                        && self.at(one).is_none()
                    {
                        self.pawn_move(from, one, Some(ep.pawn), &mut out);
                    }
                }
                continue;
            }
            for to in self.targets(from) {
                match self.at(to) {
                    None => out.push(Move { from, to, capture: None, promotion: None, rook: None }),
                    Some(p) if p.owner != self.side => out.push(Move { from, to, capture: Some(to), promotion: None, rook: None }),
                    Some(_) => {}
                }
            }
            if piece.kind == Kind::King {
                self.castlings(from, &mut out);
            }
        }
        out
    }

    /// The legal moves: those that leave the mover's king unattacked. None when the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.pseudo_moves()
            .into_iter()
            .filter(|mv| {
                let next = self.make(mv);
                !next.attacked(next.king(self.side), 1 - self.side)
            })
            .collect()
    }

    /// `Some(Some(winner))` after checkmate, `Some(None)` for stalemate, `None` while the game
    /// goes on.
    pub fn outcome(&self) -> Option<Option<u8>> {
        if !self.legal_moves().is_empty() {
            return None;
        }
        if self.in_check() { Some(Some(1 - self.side)) } else { Some(None) }
    }

    /// The position after a move.
    pub fn make(&self, mv: &Move) -> Hexasah {
        let mut next = self.clone();
        let piece = next.at(mv.from).expect("a piece to move");
        next.set(mv.from, None);
        if let Some(c) = mv.capture {
            next.set(c, None);
        }
        next.set(mv.to, Some(Piece { owner: piece.owner, kind: mv.promotion.unwrap_or(piece.kind) }));
        if let Some((rook_from, rook_to)) = mv.rook {
            let rook = next.at(rook_from);
            next.set(rook_from, None);
            next.set(rook_to, rook);
        }
        // A 2- or 3-cell pawn advance leaves the cells it passed over for en passant.
        let rows = (mv.to.1 - mv.from.1).abs();
        next.en_passant = (piece.kind == Kind::Pawn && rows >= 2).then(|| {
            let step = ((mv.to.0 - mv.from.0) / rows, (mv.to.1 - mv.from.1) / rows);
            EnPassant { passed: (1..rows).map(|k| plus(mv.from, (k * step.0, k * step.1))).collect(), pawn: mv.to }
        });
        // A move from or to the cell of a king or rook at the start means that piece has moved
        // or been captured.
        for player in [WHITE, BLACK] {
            for (i, castling) in CASTLINGS.iter().enumerate() {
                let cells = [(KING_COLUMN, back_row(player)), (castling.rook_from, back_row(player))];
                if cells.contains(&mv.from) || cells.contains(&mv.to) {
                    next.castling[player as usize][i] = false;
                }
            }
        }
        next.side = 1 - self.side;
        next
    }

    /// Leaf count at `depth` plies.
    pub fn perft(&self, depth: u32) -> u64 {
        crate::shared::perft(self, depth, &Self::legal_moves, &Self::make)
    }

    /// Rows from the top, one character a column (a blank where (c, r) is not a cell): `KQRBNP`
    /// White, `kqrbnp` Black, `.` empty; then who is to move, castling rights, en passant.
    pub fn drawing(&self) -> String {
        let mut out = String::new();
        for r in (1..=ROWS).rev() {
            out.push_str(&format!("{r:>2} "));
            for c in 1..=COLUMNS {
                out.push(match self.at((c, r)) {
                    Some(p) => p.letter(),
                    None if exists((c, r)) => '.',
                    None => ' ',
                });
            }
            out.push('\n');
        }
        out.push_str("   abcdefghijklmnopq\n");
        out.push_str(if self.side == WHITE { "   white (upper case) to move" } else { "   black (lower case) to move" });
        let rights: Vec<String> = [WHITE, BLACK]
            .into_iter()
            .flat_map(|p| (0..2).filter(move |&i| self.castling[p as usize][i]).map(move |i| (p, i)))
            .map(|(p, i)| format!("{}-{}", name((KING_COLUMN, back_row(p))), name((CASTLINGS[i].king_to, back_row(p)))))
            .collect();
        if !rights.is_empty() {
            out.push_str(&format!("; may castle {}", rights.join(" ")));
        }
        if let Some(ep) = &self.en_passant {
            let passed: Vec<String> = ep.passed.iter().map(|&c| name(c)).collect();
            out.push_str(&format!("; en passant on {} takes {}", passed.join(","), name(ep.pawn)));
        }
        out.push('\n');
        out
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
    fn moves_from(pos: &Hexasah, from: &str) -> Vec<String> {
        let from = cell(from);
        texts(&pos.legal_moves().into_iter().filter(|m| m.from == from).collect::<Vec<_>>())
    }

    /// The legal castlings (king moves of two cells along the row).
    fn castlings(pos: &Hexasah) -> Vec<String> {
        texts(&pos.legal_moves().into_iter().filter(|m| m.rook.is_some()).collect::<Vec<_>>())
    }

    /// The position after the legal move written as `text` (as [`Move::text`] writes it).
    fn play(pos: &Hexasah, text: &str) -> Hexasah {
        let moves = pos.legal_moves();
        let mv = moves.iter().find(|m| m.text() == text).unwrap_or_else(|| panic!("{text} is not legal in\n{}", pos.drawing()));
        pos.make(mv)
    }

    fn piece(owner: u8, kind: Kind) -> Option<Piece> {
        Some(Piece { owner, kind })
    }

    /// 93 cells: rows 1, 3, ..., 11 hold the 8 even columns (6 x 8 = 48), rows 2, ..., 10 the 9
    /// odd columns (5 x 9 = 45). Black cells: 4 a row, on the even columns only, so on the 6 odd
    /// rows: 24.
    #[test]
    fn the_board() {
        assert_eq!(cells().len(), 48 + 45);
        assert_eq!(cells().into_iter().filter(|&c| is_black(c)).count(), 6 * 4);
        assert_eq!(name((6, 1)), "f1");
        assert_eq!(name((10, 11)), "j11");
        assert_eq!(cell("q10"), (17, 10));
        assert!(!exists((1, 1)) && !exists((6, 2)) && !exists((0, 1)) && !exists((18, 1)) && !exists((2, 13)));
        let black: Vec<String> = cells().into_iter().filter(|&c| is_black(c)).map(name).take(8).collect();
        assert_eq!(black, ["b1", "f1", "j1", "n1", "d3", "h3", "l3", "p3"]);
        // The bishops of the start: f1 and l11 on black cells, l1 and f11 on white.
        assert!(is_black(cell("f1")) && !is_black(cell("l1")) && !is_black(cell("f11")) && is_black(cell("l11")));
    }

    #[test]
    fn the_start() {
        let start = Hexasah::start();
        assert_eq!(start.pieces(WHITE).len(), 8 + 9);
        assert_eq!(start.pieces(BLACK).len(), 8 + 9);
        assert_eq!(start.at(cell("h1")), piece(WHITE, Kind::Queen));
        assert_eq!(start.at(cell("j11")), piece(BLACK, Kind::King));
        assert_eq!(start.at(cell("q10")), piece(BLACK, Kind::Pawn));
        assert_eq!(start.at(cell("a2")), piece(WHITE, Kind::Pawn));
        assert_eq!(start.king(WHITE), cell("j1"));
        assert!(!start.in_check());
        assert_eq!(start.outcome(), None);
    }

    /// White to move from the start: 50 moves. Piece by piece:
    /// - Pawns (row 2; each steps along its two forward diagonals (±1, +1), 1, 2 or 3 cells, and
    ///   rows 3 to 5 are empty): a2 only to the right, b3 c4 d5 (3); c2 b3 a4 to the left (the
    ///   third cell is off the board) and d3 e4 f5 (5); e2, g2, i2, k2, m2 three each way (6
    ///   each, 30); o2 n3 m4 l5 and p3 q4 (5); q2 only to the left, p3 o4 n5 (3). 3 + 5 + 30 +
    ///   5 + 3 = 46.
    /// - Knights: d1 leaps to c4 and e4 (a2 and g2 hold its own pawns, its four leaps
    ///   downward leave the board); n1 to m4 and o4 (k2, q2 own pawns). 4.
    /// - Bishops: f1's diagonals start on e2 and g2, l1's on k2 and m2, all own pawns; the other
    ///   two diagonals leave the board. 0.
    /// - Queen h1: row neighbours f1 and j1 and diagonal neighbours g2 and i2 are its own
    ///   pieces; the column step to h3 is semi-blocked by g2 and i2. 0.
    /// - Rooks: b1's row neighbour d1 is its own knight, the column step to b3 is semi-blocked
    ///   by a2 and c2; p1: n1 own knight, p3 semi-blocked by o2 and q2. 0.
    /// - King j1: h1, l1, i2, k2 are its own pieces; no castling with pieces between. 0.
    ///
    /// 46 + 4 = 50. Black's start is White's mirrored across row 6: 50 too, and no piece of one
    /// side reaches a piece of the other in its first move (White's land on rows 1 to 5, Black's
    /// on 7 to 11), so perft 2 is 50 x 50 = 2500.
    #[test]
    fn fifty_moves_from_the_start() {
        let start = Hexasah::start();
        let moves = start.legal_moves();
        assert!(moves.iter().all(|m| m.capture.is_none() && m.promotion.is_none()));
        assert_eq!(moves.len(), 46 + 4);
        assert_eq!(moves_from(&start, "a2"), sorted(&["a2-b3", "a2-c4", "a2-d5"]));
        assert_eq!(moves_from(&start, "c2"), sorted(&["c2-b3", "c2-a4", "c2-d3", "c2-e4", "c2-f5"]));
        assert_eq!(moves_from(&start, "i2"), sorted(&["i2-h3", "i2-g4", "i2-f5", "i2-j3", "i2-k4", "i2-l5"]));
        assert_eq!(moves_from(&start, "o2"), sorted(&["o2-n3", "o2-m4", "o2-l5", "o2-p3", "o2-q4"]));
        assert_eq!(moves_from(&start, "q2"), sorted(&["q2-p3", "q2-o4", "q2-n5"]));
        assert_eq!(moves_from(&start, "d1"), sorted(&["d1-c4", "d1-e4"]));
        assert_eq!(moves_from(&start, "n1"), sorted(&["n1-m4", "n1-o4"]));
        for quiet in ["b1", "f1", "h1", "j1", "l1", "p1"] {
            assert!(moves_from(&start, quiet).is_empty(), "{quiet} moves");
        }
        let black = Hexasah { side: BLACK, ..start.clone() };
        assert_eq!(black.legal_moves().len(), 50);
        assert_eq!(start.perft(2), 50 * 50);
    }

    /// A column step with a piece on one cell beside it is not allowed, step by step along a
    /// slide; the flanking piece is neither passed nor captured.
    ///
    /// White rook h5, kings b1 and p11, nothing else: row j5 l5 n5 p5 and f5 d5 b5 (7), column
    /// up h7 h9 h11 (3), down h3 h1 (2). 12.
    ///
    /// Add a white pawn on g8 and a black knight on i4: h5-h7 is open (g6, i6 empty) but h7-h9
    /// has g8 beside it; h5-h3 has i4 beside it. Rows 7 + up 1 + down 0 = 8.
    ///
    /// A queen on h5 instead, with g8 and i4: rows 7, column h7 (1), diagonals i6 j7 k8 l9 m10 n11
    /// (6), g6 f7 e8 d9 c10 b11 (6), i4 the knight, captured (1), g4 f3 e2 d1 (4). 25.
    #[test]
    fn column_steps_are_semi_blocked() {
        let open = Hexasah::with_pieces(&["Kb1", "kp11", "Rh5"], WHITE);
        assert_eq!(
            moves_from(&open, "h5"),
            sorted(&["h5-j5", "h5-l5", "h5-n5", "h5-p5", "h5-f5", "h5-d5", "h5-b5", "h5-h7", "h5-h9", "h5-h11", "h5-h3", "h5-h1"])
        );
        let flanked = Hexasah::with_pieces(&["Kb1", "kp11", "Rh5", "Pg8", "ni4"], WHITE);
        assert!(!flanked.semi_blocked(cell("h5"), (0, 2)) && flanked.semi_blocked(cell("h7"), (0, 2)));
        assert!(flanked.semi_blocked(cell("h5"), (0, -2)));
        assert_eq!(moves_from(&flanked, "h5"), sorted(&["h5-j5", "h5-l5", "h5-n5", "h5-p5", "h5-f5", "h5-d5", "h5-b5", "h5-h7"]));
        let queen = Hexasah::with_pieces(&["Kb1", "kp11", "Qh5", "Pg8", "ni4"], WHITE);
        assert_eq!(moves_from(&queen, "h5").len(), 7 + 1 + 6 + 6 + 1 + 4);
        assert!(moves_from(&queen, "h5").contains(&"h5-i4 x i4".to_string()));
        assert!(!moves_from(&queen, "h5").iter().any(|m| m.starts_with("h5-h9") || m.starts_with("h5-h3")));
        // A piece of either colour blocks: the black knight alone stops h5-h3; a black pawn on i6
        // alone stops h5-h7 (both flanks of that step are empty otherwise).
        let enemy_above = Hexasah::with_pieces(&["Kb1", "kp11", "Rh5", "pi6"], WHITE);
        assert!(!moves_from(&enemy_above, "h5").iter().any(|m| m.starts_with("h5-h7") || m.starts_with("h5-h9")));
        assert_eq!(moves_from(&enemy_above, "h5").len(), 7 + 2);
    }

    /// The bishop stops and captures only on cells of its start cell's colour, passes only over
    /// empty cells.
    ///
    /// White bishop h3 (a black cell), kings a2 and q10. Along (+1, +1): i4 (white, passed), j5
    /// (black), k6, l7 (black), m8, n9 (black), o10, p11 (black): j5 l7 n9 p11 (4). (-1, +1): g4,
    /// f5 (black), e6, d7 (black), c8, b9 (black), a10: f5 d7 b9 (3). (+1, -1): i2, j1 (black):
    /// j1. (-1, -1): g2, f1 (black): f1. 9.
    ///
    /// Add a black pawn on l7 (black: captured, the diagonal ends there) and a black knight on e6
    /// (white: not captured, and the bishop cannot pass it): j5 l7x, f5, j1, f1. 5.
    ///
    /// A white bishop on g4 (a white cell), kings a2 and q10: (+1, +1) h5 i6 j7 k8 l9 m10 n11, all
    /// white (7); (-1, +1) over f5 (black) to e6, over d7 to c8, over b9 to a10 (3); (+1, -1) over
    /// h3 (black) to i2, then j1 is black (1); (-1, -1) f3 e2 d1, all white (3). 14.
    #[test]
    fn the_bishop_keeps_to_its_colour() {
        let open = Hexasah::with_pieces(&["Ka2", "kq10", "Bh3"], WHITE);
        assert_eq!(moves_from(&open, "h3"), sorted(&["h3-j5", "h3-l7", "h3-n9", "h3-p11", "h3-f5", "h3-d7", "h3-b9", "h3-j1", "h3-f1"]));
        let blocked = Hexasah::with_pieces(&["Ka2", "kq10", "Bh3", "pl7", "ne6"], WHITE);
        assert_eq!(moves_from(&blocked, "h3"), sorted(&["h3-j5", "h3-l7 x l7", "h3-f5", "h3-j1", "h3-f1"]));
        let white = Hexasah::with_pieces(&["Ka2", "kq10", "Bg4"], WHITE);
        assert_eq!(
            moves_from(&white, "g4"),
            sorted(&[
                "g4-h5", "g4-i6", "g4-j7", "g4-k8", "g4-l9", "g4-m10", "g4-n11", "g4-e6", "g4-c8", "g4-a10", "g4-i2", "g4-f3", "g4-e2",
                "g4-d1"
            ])
        );
    }

    /// The knight on i6 leaps to l7 l5 f7 f5 j9 h9 j3 h3 (8), over any pieces.
    ///
    /// With white pawns on all six neighbours (g6 k6 h7 j7 h5 j5), a white pawn on l7 (its own:
    /// not a target) and a black pawn on f5 (captured): l5 f7 f5x j9 h9 j3 h3. 7.
    #[test]
    fn the_knight_leaps() {
        let open = Hexasah::with_pieces(&["Kb1", "kp11", "Ni6"], WHITE);
        assert_eq!(moves_from(&open, "i6"), sorted(&["i6-l7", "i6-l5", "i6-f7", "i6-f5", "i6-j9", "i6-h9", "i6-j3", "i6-h3"]));
        let crowded = Hexasah::with_pieces(&["Kb1", "kp11", "Ni6", "Pg6", "Pk6", "Ph7", "Pj7", "Ph5", "Pj5", "Pl7", "pf5"], WHITE);
        assert_eq!(moves_from(&crowded, "i6"), sorted(&["i6-l5", "i6-f7", "i6-f5 x f5", "i6-j9", "i6-h9", "i6-j3", "i6-h3"]));
    }

    /// Pawns: diagonally forward only; 1, 2 or 3 cells from the start row over empty cells.
    ///
    /// White pawn e2: d3 c4 b5 and f3 g4 h5. 6. A black pawn on g4: f3 only on that side (g4 is
    /// two cells away, not a capture), 4. A white pawn on e4 (not the start row): d5 f5 (2); with
    /// black pieces on d5, f5, e6 (the column ahead) and c4, g4 (row neighbours): only the
    /// captures d5x f5x (2). A black pawn on i10 (Black's start row): h9 g8 f7 and j9 k8 l7. 6.
    #[test]
    fn pawns_go_one_to_three_cells_first() {
        let pos = Hexasah::with_pieces(&["Kb1", "kp11", "Pe2"], WHITE);
        assert_eq!(moves_from(&pos, "e2"), sorted(&["e2-d3", "e2-c4", "e2-b5", "e2-f3", "e2-g4", "e2-h5"]));
        let blocked = Hexasah::with_pieces(&["Kb1", "kp11", "Pe2", "pg4"], WHITE);
        assert_eq!(moves_from(&blocked, "e2"), sorted(&["e2-d3", "e2-c4", "e2-b5", "e2-f3"]));
        let later = Hexasah::with_pieces(&["Kb1", "kp11", "Pe4"], WHITE);
        assert_eq!(moves_from(&later, "e4"), sorted(&["e4-d5", "e4-f5"]));
        let captures = Hexasah::with_pieces(&["Kb1", "kp11", "Pe4", "pd5", "pf5", "pe6", "pc4", "pg4"], WHITE);
        assert_eq!(moves_from(&captures, "e4"), sorted(&["e4-d5 x d5", "e4-f5 x f5"]));
        let black = Hexasah::with_pieces(&["Kb1", "kp11", "pi10"], BLACK);
        assert_eq!(moves_from(&black, "i10"), sorted(&["i10-h9", "i10-g8", "i10-f7", "i10-j9", "i10-k8", "i10-l7"]));
    }

    /// En passant after a 2-cell advance, only on the next move.
    ///
    /// White king b1, pawn e2; black king p11, pawn e4. White plays e2-g4 over f3. Black's e4
    /// reaches f3 by a forward diagonal: e4-d3, e4-f3 (a plain step: f3 is empty) and e4-f3
    /// taking g4 (3); king p11: n11 o10 q10 (3). 6. After e4-f3 x g4 the white pawn is gone.
    ///
    /// If Black plays p11-n11 instead and White b1-d1, the chance is gone: e4-d3, e4-f3 (2).
    #[test]
    fn en_passant_after_two_cells() {
        let pos = Hexasah::with_pieces(&["Kb1", "Pe2", "kp11", "pe4"], WHITE);
        let after = play(&pos, "e2-g4");
        assert_eq!(after.en_passant, Some(EnPassant { passed: vec![cell("f3")], pawn: cell("g4") }));
        assert_eq!(moves_from(&after, "e4"), sorted(&["e4-d3", "e4-f3", "e4-f3 x g4"]));
        assert_eq!(after.legal_moves().len(), 3 + 3);
        let taken = play(&after, "e4-f3 x g4");
        assert_eq!(taken.at(cell("g4")), None);
        assert_eq!(taken.at(cell("e4")), None);
        assert_eq!(taken.at(cell("f3")), piece(BLACK, Kind::Pawn));
        assert_eq!(taken.pieces(WHITE), [cell("b1")]);
        let later = play(&play(&after, "p11-n11"), "b1-d1");
        assert_eq!(later.en_passant, None);
        assert_eq!(moves_from(&later, "e4"), sorted(&["e4-d3", "e4-f3"]));
        // A 1-cell step leaves nothing to take en passant.
        assert_eq!(play(&pos, "e2-f3").en_passant, None);
    }

    /// En passant after a 3-cell advance, on either cell passed over.
    ///
    /// White king b1, pawn e2; black king p11, pawns e4 and f5. White plays e2-h5 over f3 and g4.
    /// Black: e4-d3, e4-f3, e4-f3 taking h5 (3); f5-g4, f5-g4 taking h5 (its other diagonal, e4,
    /// holds its own pawn) (2); king n11 o10 q10 (3). 8.
    ///
    /// After p11-n11 and b1-d1: e4-d3, e4-f3, f5-g4, and the king's n11 moves: no en passant.
    ///
    /// Black's side: black pawn i10 to g8 over h9; the white pawn on i8 reaches h9 (its forward
    /// diagonals are h9 and j9): i8-h9, i8-j9 and i8-h9 taking g8. 3.
    #[test]
    fn en_passant_after_three_cells() {
        let pos = Hexasah::with_pieces(&["Kb1", "Pe2", "kp11", "pe4", "pf5"], WHITE);
        let after = play(&pos, "e2-h5");
        assert_eq!(after.en_passant, Some(EnPassant { passed: vec![cell("f3"), cell("g4")], pawn: cell("h5") }));
        assert_eq!(moves_from(&after, "e4"), sorted(&["e4-d3", "e4-f3", "e4-f3 x h5"]));
        assert_eq!(moves_from(&after, "f5"), sorted(&["f5-g4", "f5-g4 x h5"]));
        assert_eq!(after.legal_moves().len(), 3 + 2 + 3);
        let taken = play(&after, "f5-g4 x h5");
        assert_eq!(taken.pieces(WHITE), [cell("b1")]);
        assert_eq!(taken.at(cell("g4")), piece(BLACK, Kind::Pawn));
        let later = play(&play(&after, "p11-n11"), "b1-d1");
        assert_eq!(moves_from(&later, "e4"), sorted(&["e4-d3", "e4-f3"]));
        assert_eq!(moves_from(&later, "f5"), sorted(&["f5-g4"]));

        let black = Hexasah::with_pieces(&["Kb1", "Pi8", "kp11", "pi10"], BLACK);
        let after = play(&black, "i10-g8");
        assert_eq!(moves_from(&after, "i8"), sorted(&["i8-h9", "i8-j9", "i8-h9 x g8"]));
    }

    /// The lines from the start to en passant: legal, en passant right after the advance and not
    /// one move later.
    #[test]
    fn en_passant_from_the_start() {
        let mut pos = Hexasah::start();
        for (ply, text) in EN_PASSANT_AFTER_THREE_CELLS.iter().enumerate() {
            pos = play(&pos, text);
            let taking: Vec<String> = pos.legal_moves().iter().filter(|m| m.capture.is_some_and(|c| c != m.to)).map(Move::text).collect();
            // After e2-h5 (the 7th move): Black's f5-g4 taking h5, and only that.
            assert_eq!(taking, if ply == 6 { vec!["f5-g4 x h5".to_string()] } else { vec![] }, "after {text}");
        }
        // f5 steps to e4 and g4, no more.
        assert_eq!(moves_from(&pos, "f5"), sorted(&["f5-e4", "f5-g4"]));
        let mut pos = Hexasah::start();
        for (ply, text) in EN_PASSANT_AFTER_TWO_CELLS.iter().enumerate() {
            pos = play(&pos, text);
            let taking: Vec<String> = pos.legal_moves().iter().filter(|m| m.capture.is_some_and(|c| c != m.to)).map(Move::text).collect();
            // After e10-g8 (the 8th move): White's e8-f9 taking g8, and only that.
            assert_eq!(taking, if ply == 7 { vec!["e8-f9 x g8".to_string()] } else { vec![] }, "after {text}");
        }
        assert_eq!(moves_from(&pos, "e8"), sorted(&["e8-d9", "e8-f9"]));
    }

    /// Promotion: a pawn reaching the far row becomes a queen, rook, bishop or knight.
    ///
    /// White pawn g10, black rook h11, kings b1 and p11: f11 (empty) and h11 (the rook) are
    /// g10's forward diagonals; each in 4 ways. 8. (The rook's column step to h9 is
    /// semi-blocked by g10, so White is not in check.)
    ///
    /// Black pawn e2, kings a10 and p11, Black to move: d1 and f1, 4 ways each. 8.
    #[test]
    fn promotion_offers_four_pieces() {
        let pos = Hexasah::with_pieces(&["Kb1", "Pg10", "kp11", "rh11"], WHITE);
        let mut expected = Vec::new();
        for kind in ["queen", "rook", "bishop", "knight"] {
            expected.push(format!("g10-f11={kind}"));
            expected.push(format!("g10-h11 x h11={kind}"));
        }
        expected.sort();
        assert_eq!(moves_from(&pos, "g10"), expected);
        assert_eq!(play(&pos, "g10-f11=knight").at(cell("f11")), piece(WHITE, Kind::Knight));
        assert_eq!(play(&pos, "g10-h11 x h11=queen").at(cell("h11")), piece(WHITE, Kind::Queen));
        let black = Hexasah::with_pieces(&["Ka10", "kp11", "pe2"], BLACK);
        assert_eq!(moves_from(&black, "e2").len(), 2 * 4);
        assert_eq!(play(&black, "e2-d1=rook").at(cell("d1")), piece(BLACK, Kind::Rook));
    }

    /// White king j1, rooks b1 and p1, black king j11; White may castle both ways.
    fn castling_position(extra: &[&str]) -> Hexasah {
        let mut pieces = vec!["Kj1", "Rb1", "Rp1", "kj11"];
        pieces.extend_from_slice(extra);
        let mut pos = Hexasah::with_pieces(&pieces, WHITE);
        pos.castling[WHITE as usize] = [true, true];
        pos
    }

    /// Castling, both ways, and each of its conditions.
    ///
    /// White king j1, rooks b1 and p1, black king j11:
    /// - king: h1 l1 i2 k2, castling j1-f1 and j1-n1 (6);
    /// - rook b1: d1 f1 h1 (then the king), b3 b5 b7 b9 b11 (every column step's flanks empty)
    ///   (8);
    /// - rook p1: n1 l1, p3 p5 p7 p9 p11 (7).
    ///
    /// 21. j1-f1 puts the rook on h1, j1-n1 on l1.
    #[test]
    fn castling_both_ways() {
        let pos = castling_position(&[]);
        assert_eq!(pos.legal_moves().len(), 6 + 8 + 7);
        assert_eq!(castlings(&pos), sorted(&["j1-f1", "j1-n1"]));
        let long = play(&pos, "j1-f1");
        assert_eq!((long.at(cell("f1")), long.at(cell("h1"))), (piece(WHITE, Kind::King), piece(WHITE, Kind::Rook)));
        assert_eq!((long.at(cell("j1")), long.at(cell("b1"))), (None, None));
        assert_eq!(long.castling[WHITE as usize], [false, false]);
        let short = play(&pos, "j1-n1");
        assert_eq!((short.at(cell("n1")), short.at(cell("l1"))), (piece(WHITE, Kind::King), piece(WHITE, Kind::Rook)));
        assert_eq!((short.at(cell("j1")), short.at(cell("p1"))), (None, None));
        // Black the same on row 11.
        let mut black = Hexasah::with_pieces(&["Kj1", "kj11", "rb11", "rp11"], BLACK);
        black.castling[BLACK as usize] = [true, true];
        assert_eq!(castlings(&black), sorted(&["j11-f11", "j11-n11"]));
        let long = play(&black, "j11-f11");
        assert_eq!((long.at(cell("f11")), long.at(cell("h11"))), (piece(BLACK, Kind::King), piece(BLACK, Kind::Rook)));
        let short = play(&black, "j11-n11");
        assert_eq!((short.at(cell("n11")), short.at(cell("l11"))), (piece(BLACK, Kind::King), piece(BLACK, Kind::Rook)));
    }

    #[test]
    fn castling_needs_the_cells_between_empty() {
        // A white knight on d1 (between b1 and j1): only j1-n1.
        assert_eq!(castlings(&castling_position(&["Nd1"])), ["j1-n1"]);
        // A black knight on n1 (between j1 and p1; it attacks k2, q2, m4, o4): only j1-f1.
        assert_eq!(castlings(&castling_position(&["nn1"])), ["j1-f1"]);
    }

    #[test]
    fn castling_needs_king_and_rook_unmoved() {
        let pos = castling_position(&[]);
        // The king goes out and back: every piece stands where it stood, but no castling.
        let king_moved = play(&play(&play(&play(&pos, "j1-i2"), "j11-i10"), "i2-j1"), "i10-j11");
        assert_eq!(king_moved.board, pos.board);
        assert_eq!(castlings(&king_moved), Vec::<String>::new());
        // The b1 rook goes out and back: only j1-n1.
        let rook_moved = play(&play(&play(&play(&pos, "b1-b3"), "j11-i10"), "b3-b1"), "i10-j11");
        assert_eq!(rook_moved.board, pos.board);
        assert_eq!(castlings(&rook_moved), ["j1-n1"]);
        // A black rook on p7 takes the p1 rook (column steps p7-p5-p3-p1, flanks o6 q6, o4 q4, o2
        // q2 empty): that right is gone.
        let taken = play(&Hexasah { side: BLACK, ..castling_position(&["rp7"]) }, "p7-p1 x p1");
        assert_eq!(taken.castling[WHITE as usize], [true, false]);
    }

    #[test]
    fn castling_needs_safe_king_cells() {
        // In check from a black rook on j7 (j7-j5-j3-j1, flanks i6 k6, i4 k4, i2 k2 empty); f1,
        // h1, l1, n1 are not attacked: no castling.
        let check = castling_position(&["rj7"]);
        assert!(check.in_check());
        assert_eq!(castlings(&check), Vec::<String>::new());
        // A black rook on h7 attacks h1, the cell j1-f1 crosses: only j1-n1. One on l7 attacks
        // l1, crossed by j1-n1: only j1-f1.
        assert_eq!(castlings(&castling_position(&["rh7"])), ["j1-n1"]);
        assert_eq!(castlings(&castling_position(&["rl7"])), ["j1-f1"]);
        // A black rook on f7 attacks f1, where j1-f1 lands: only j1-n1; one on n7 attacks n1:
        // only j1-f1.
        assert_eq!(castlings(&castling_position(&["rf7"])), ["j1-n1"]);
        assert_eq!(castlings(&castling_position(&["rn7"])), ["j1-f1"]);
        // A black rook on d7 attacks d1, which only the rook crosses: both castlings.
        let rook_crosses = castling_position(&["rd7"]);
        assert!(rook_crosses.attacked(cell("d1"), BLACK));
        assert_eq!(castlings(&rook_crosses), sorted(&["j1-f1", "j1-n1"]));
    }

    /// A pinned piece may move only along the pin, a bishop pins only toward its own colour.
    ///
    /// White king b5, knight d5; black rook h5 (row 5: f5 empty), black king p11. The knight may
    /// not move (8 leaps, all leaving b5 attacked); the king: c6 a6 c4 a4 (d5 is its knight). 4.
    /// A white rook on d5 instead: f5 and h5x along the pin, nothing along its column. 2 + 4 = 6.
    ///
    /// Black bishop h3 (a black cell), white knight k6, white king l7 (black), black king b11:
    /// h3-i4-j5-k6-l7 is one diagonal, the knight is pinned: 0 moves. With the king on m8 (a white
    /// cell, further along) the bishop could never capture there: the knight leaps to n7 n5 h7 h5
    /// l9 j9 l3 j3. 8.
    #[test]
    fn a_pinned_piece() {
        let knight = Hexasah::with_pieces(&["Kb5", "Nd5", "rh5", "kp11"], WHITE);
        assert_eq!(knight.pseudo_moves().iter().filter(|m| m.from == cell("d5")).count(), 8);
        assert_eq!(moves_from(&knight, "d5"), Vec::<String>::new());
        assert_eq!(knight.legal_moves().len(), 4);
        let rook = Hexasah::with_pieces(&["Kb5", "Rd5", "rh5", "kp11"], WHITE);
        assert_eq!(moves_from(&rook, "d5"), sorted(&["d5-f5", "d5-h5 x h5"]));
        assert_eq!(rook.legal_moves().len(), 2 + 4);
        let bishop_pin = Hexasah::with_pieces(&["Kl7", "Nk6", "bh3", "kb11"], WHITE);
        assert_eq!(moves_from(&bishop_pin, "k6"), Vec::<String>::new());
        let no_pin = Hexasah::with_pieces(&["Km8", "Nk6", "bh3", "kb11"], WHITE);
        assert_eq!(moves_from(&no_pin, "k6"), sorted(&["k6-n7", "k6-n5", "k6-h7", "k6-h5", "k6-l9", "k6-j9", "k6-l3", "k6-j3"]));
    }

    /// Check: the answers are the king's steps to unattacked cells, captures of the checking
    /// piece, and pieces put in the way, including beside a column step.
    ///
    /// White king f5, knights b7 and i8; black rook f9 (check down column f: flanks e8 g8, e6 g6
    /// empty), pawn i6, king q2.
    /// - King: d5 e6 g6 e4 g4; h5 is attacked by the pawn i6. 5.
    /// - Knight b7 (leaps e8 e6 c10 a10 c4 a4): e8 semi-blocks f9-f7, e6 semi-blocks f7-f5. 2.
    /// - Knight i8 (leaps l9 f9 l7 f7 j11 h11 j5 h5): f9 takes the rook, f7 stands in the way. 2.
    ///
    /// 9.
    #[test]
    fn check_evasion() {
        let pos = Hexasah::with_pieces(&["Kf5", "Nb7", "Ni8", "rf9", "pi6", "kq2"], WHITE);
        assert!(pos.in_check());
        assert_eq!(
            texts(&pos.legal_moves()),
            sorted(&["f5-d5", "f5-e6", "f5-g6", "f5-e4", "f5-g4", "b7-e8", "b7-e6", "i8-f9 x f9", "i8-f7"])
        );
        assert_eq!(pos.outcome(), None);
    }

    /// A pawn attacks only its two forward diagonal neighbours; the king may not step there.
    ///
    /// White king i4, black pawn i6 (attacking h5 and j5), black king q10. The king's neighbours:
    /// g4 k4 h5 j5 h3 j3; h5 and j5 are attacked. 4. The pawn does not attack i4 (its column)
    /// nor g6 and k6 (its row).
    #[test]
    fn pawns_attack_forward_diagonals() {
        let pos = Hexasah::with_pieces(&["Ki4", "pi6", "kq10"], WHITE);
        let mut attacked: Vec<String> = pos.targets(cell("i6")).into_iter().map(name).collect();
        attacked.sort();
        assert_eq!(attacked, ["h5", "j5"]);
        assert!(pos.attacked(cell("h5"), BLACK) && !pos.attacked(cell("i4"), BLACK) && !pos.attacked(cell("g6"), BLACK));
        assert_eq!(moves_from(&pos, "i4"), sorted(&["i4-g4", "i4-k4", "i4-h3", "i4-j3"]));
    }

    /// Whether the king's step is safe is asked after the step: a king beside a column step no
    /// longer blocks it once it has moved.
    ///
    /// White king g6, black rook h9, black king b1. The rook's column: h9-h7 (flanks g8 i8
    /// empty), then h7-h5 is semi-blocked by the king itself on g6. The king's neighbours: i6 e6
    /// h7 f7 h5 f5. h7 is attacked; on h5, with g6 now empty, so is h5. 4: i6 e6 f7 f5.
    #[test]
    fn a_king_does_not_shield_the_cell_it_steps_to() {
        let pos = Hexasah::with_pieces(&["Kg6", "rh9", "kb1"], WHITE);
        assert!(pos.attacked(cell("h7"), BLACK) && !pos.attacked(cell("h5"), BLACK));
        assert_eq!(moves_from(&pos, "g6"), sorted(&["g6-i6", "g6-e6", "g6-f7", "g6-f5"]));
    }

    /// Black king b11 (neighbours d11, a10, c10 only), Black to move.
    ///
    /// Checkmate: white rooks p11 (checks along row 11 through n11 ... d11, attacking d11 too)
    /// and q10 (row 10: c10 and a10), white king j1. No move: White wins.
    ///
    /// Stalemate: white rooks d1 (column d up to d11, every step's flanks empty) and q10, white
    /// king j1. b11 is not attacked, its three neighbours are: no move, a draw.
    #[test]
    fn checkmate_and_stalemate() {
        let mate = Hexasah::with_pieces(&["kb11", "Rp11", "Rq10", "Kj1"], BLACK);
        assert!(mate.in_check());
        assert_eq!(mate.pseudo_moves().len(), 3);
        assert!(mate.legal_moves().is_empty());
        assert_eq!(mate.outcome(), Some(Some(WHITE)));
        assert_eq!(mate.perft(1), 0);
        let stalemate = Hexasah::with_pieces(&["kb11", "Rd1", "Rq10", "Kj1"], BLACK);
        assert!(!stalemate.in_check());
        assert!(stalemate.legal_moves().is_empty());
        assert_eq!(stalemate.outcome(), Some(None));
        // With the p11 rook on p9 instead, the king escapes to d11: no end.
        let escape = Hexasah::with_pieces(&["kb11", "Rp9", "Rq10", "Kj1"], BLACK);
        assert_eq!(texts(&escape.legal_moves()), ["b11-d11"]);
        assert_eq!(escape.outcome(), None);
    }
}
