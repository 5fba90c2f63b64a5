//! Oracles: small brute-force move generators written from the rules of the games alone (Lines
//! of Action as in Sackson's "A Gamut of Games", Mészáros Mihály's small Camelot on a
//! chessboard, the Romanian hexagonal chess rules, Hexasah, Thai draughts, mak-hos, and fox and
//! hounds, Hasami shogi, Ataxx, Ugolki, fox and geese, Lasca and Bashni, Dameo, Pente, Kamisado, Fanorona, Nine men's morris, from their pages in
//! docs/games), never
//! from the engine, and the tests that hold the
//! engine to them:
//! - perft from the start, depth by depth; a mismatch prints a divide down to the first
//!   position where the two move lists differ;
//! - random games from the start: at every ply the two sets of legal moves, the position each
//!   move leads to, and whether the game is over and who won;
//! - for what those seldom reach, lines of chosen moves from the start, compared the same way.
//!
//! The oracles have their own unit tests, on positions whose moves are counted by hand
//! (`loa::tests`, `camelot::tests`, `hexasah::tests`, `thai::tests`).
//!
//! Some state is part of a position but not shown by the engine (Hexasah's castling rights and
//! en passant): the comparisons therefore start from the rules' start and follow the oracle
//! along the moves played, checking at every step that the engine shows what the oracle holds.

#[path = "oracles/ataxx.rs"]
mod ataxx;
#[path = "oracles/camelot.rs"]
mod camelot;
#[path = "oracles/columns.rs"]
mod columns;
#[path = "oracles/dameo.rs"]
mod dameo;
#[path = "oracles/fanorona.rs"]
mod fanorona;
#[path = "oracles/fox.rs"]
mod fox;
#[path = "oracles/geese.rs"]
mod geese;
#[path = "oracles/hasami.rs"]
mod hasami;
#[path = "oracles/hexasah.rs"]
mod hexasah;
#[path = "oracles/kamisado.rs"]
mod kamisado;
#[path = "oracles/konane.rs"]
mod konane;
#[path = "oracles/loa.rs"]
mod loa;
#[path = "oracles/morris.rs"]
mod morris;
#[path = "oracles/pente.rs"]
mod pente;
#[path = "oracles/shared.rs"]
mod shared;
#[path = "oracles/surakarta.rs"]
mod surakarta;
#[path = "oracles/tafl.rs"]
mod tafl;
#[path = "oracles/thai.rs"]
mod thai;
#[path = "oracles/ugolki.rs"]
mod ugolki;

use hetproba_engine::board::CellId;
use hetproba_engine::{Counting, Game, Move, Owner, Position};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Debug;

// ----------------------------------------------------------------------------------------------
// What the engine and the oracles are compared on

/// A move as both sides can name it: (from, to, captured cells sorted, the piece type a pawn
/// promotes to, is it a pass).
type Key = (Option<String>, Option<String>, Vec<String>, Option<String>, bool);

fn show(key: &Key) -> String {
    if key.4 {
        return "pass".to_string();
    }
    let mut out = format!("{}-{}", key.0.as_deref().unwrap_or("?"), key.1.as_deref().unwrap_or("?"));
    if !key.2.is_empty() {
        out.push_str(&format!(" x {}", key.2.join(",")));
    }
    if let Some(promotion) = &key.3 {
        out.push_str(&format!("={promotion}"));
    }
    out
}

/// The key of a game without promotions from (from, to, captured cells, is it a pass).
fn key_without_promotion((from, to, captures, pass): (Option<String>, Option<String>, Vec<String>, bool)) -> Key {
    sorted_key((from, to, captures, None, pass))
}

fn sorted_key(mut key: Key) -> Key {
    key.2.sort();
    key
}

fn engine_key(game: &Game, pos: &Position, mv: Move) -> Key {
    if mv.is_pass() {
        return (None, None, Vec::new(), None, true);
    }
    let info = game.move_info(pos, mv);
    sorted_key((info.from, info.to, info.captures, info.promotion, false))
}

/// One square of the engine's board: its coordinates and name, and the piece on it as
/// (player index, piece type name).
struct EngineSquare {
    x: i32,
    y: i32,
    name: String,
    piece: Option<(u8, String)>,
}

fn engine_board(game: &Game, pos: &Position) -> Vec<EngineSquare> {
    game.board()
        .cells()
        .iter()
        .enumerate()
        .map(|(id, cell)| {
            let piece = pos.at(CellId::new(id)).map(|p| match p.owner() {
                Owner::Player(owner) => (owner.0, game.rules().pieces[p.kind().index()].name.clone()),
                Owner::Nobody => panic!("{}: a piece of nobody's on {}", game.rules().id, cell.name),
            });
            EngineSquare { x: cell.x, y: cell.y, name: cell.name.clone(), piece }
        })
        .collect()
}

/// What the comparison needs from an oracle position.
trait Oracle: Clone + PartialEq + Debug {
    type Move;
    /// The engine's position, read through cell names, owners and piece type names: only what
    /// the engine shows.
    fn from_engine(game: &Game, pos: &Position) -> Self;
    /// Does `read`, an engine position read by [`Oracle::from_engine`], show this position?
    /// Equality, unless the position holds state the engine does not show.
    fn shown_by(&self, read: &Self) -> bool {
        self == read
    }
    fn moves(&self) -> Vec<Self::Move>;
    fn play(&self, mv: &Self::Move) -> Self;
    /// `Some(Some(winner))`, `Some(None)` for a draw, `None` while the game goes on.
    fn result(&self) -> Option<Option<u8>>;
    /// The move's key; the position tells what a move alone does not (a promotion).
    fn key(&self, mv: &Self::Move) -> Key;
    fn perft(&self, depth: u32) -> u64;
    fn drawing(&self) -> String;
}

impl Oracle for loa::Loa {
    type Move = loa::Move;

    fn from_engine(game: &Game, pos: &Position) -> loa::Loa {
        let squares = engine_board(game, pos);
        let width = squares.iter().map(|s| s.x).max().expect("cells") + 1;
        let height = squares.iter().map(|s| s.y).max().expect("cells") + 1;
        assert_eq!(squares.len() as i32, width * height, "{}: not a full rectangle", game.rules().id);
        let mut out = loa::Loa::empty(width, height);
        for s in squares {
            assert_eq!(s.name, loa::name((s.x, s.y)), "{}: cell name and coordinates disagree", game.rules().id);
            out.board[s.x as usize][s.y as usize] = s.piece.map(|(owner, _)| owner);
        }
        out.side = pos.side().0;
        out
    }

    fn moves(&self) -> Vec<loa::Move> {
        self.legal_moves()
    }

    fn play(&self, mv: &loa::Move) -> loa::Loa {
        self.make(mv)
    }

    fn result(&self) -> Option<Option<u8>> {
        self.outcome()
    }

    fn key(&self, mv: &loa::Move) -> Key {
        key_without_promotion(mv.key())
    }

    fn perft(&self, depth: u32) -> u64 {
        loa::Loa::perft(self, depth)
    }

    fn drawing(&self) -> String {
        loa::Loa::drawing(self)
    }
}

impl Oracle for camelot::Camelot {
    type Move = camelot::Move;

    fn from_engine(game: &Game, pos: &Position) -> camelot::Camelot {
        let squares = engine_board(game, pos);
        assert_eq!(squares.len(), 64, "{}: not an 8x8 board", game.rules().id);
        let mut out = camelot::Camelot::empty();
        for s in squares {
            assert_eq!(s.name, camelot::name((s.x, s.y)), "{}: cell name and coordinates disagree", game.rules().id);
            out.board[s.x as usize][s.y as usize] = s.piece.map(|(owner, kind)| camelot::Piece {
                owner,
                kind: match kind.as_str() {
                    "man" => camelot::Kind::Man,
                    "knight" => camelot::Kind::Knight,
                    other => panic!("{}: unknown piece type {other:?} on {}", game.rules().id, s.name),
                },
            });
        }
        out.side = pos.side().0;
        out
    }

    fn moves(&self) -> Vec<camelot::Move> {
        self.legal_moves()
    }

    fn play(&self, mv: &camelot::Move) -> camelot::Camelot {
        self.make(mv)
    }

    fn result(&self) -> Option<Option<u8>> {
        self.outcome()
    }

    fn key(&self, mv: &camelot::Move) -> Key {
        key_without_promotion(mv.key())
    }

    fn perft(&self, depth: u32) -> u64 {
        camelot::Camelot::perft(self, depth)
    }

    fn drawing(&self) -> String {
        camelot::Camelot::drawing(self)
    }
}

impl Oracle for hexasah::Hexasah {
    type Move = hexasah::Move;

    /// The board and the player to move; no castling rights and no en passant, which the engine
    /// does not show (see [`Oracle::shown_by`]).
    fn from_engine(game: &Game, pos: &Position) -> hexasah::Hexasah {
        let squares = engine_board(game, pos);
        assert_eq!(squares.len(), hexasah::cells().len(), "{}: not the 93 cells of the board", game.rules().id);
        let mut out = hexasah::Hexasah::empty();
        for s in squares {
            let cell = (s.x + 1, s.y + 1);
            assert!(hexasah::exists(cell), "{}: {} at x {}, y {} is not a cell of the board", game.rules().id, s.name, s.x, s.y);
            assert_eq!(s.name, hexasah::name(cell), "{}: cell name and coordinates disagree", game.rules().id);
            let piece = s.piece.map(|(owner, kind)| hexasah::Piece {
                owner,
                kind: hexasah::Kind::from_name(&kind)
                    .unwrap_or_else(|| panic!("{}: unknown piece type {kind:?} on {}", game.rules().id, s.name)),
            });
            out.set(cell, piece);
        }
        out.side = pos.side().0;
        out
    }

    fn shown_by(&self, read: &hexasah::Hexasah) -> bool {
        self.board == read.board && self.side == read.side
    }

    fn moves(&self) -> Vec<hexasah::Move> {
        self.legal_moves()
    }

    fn play(&self, mv: &hexasah::Move) -> hexasah::Hexasah {
        self.make(mv)
    }

    fn result(&self) -> Option<Option<u8>> {
        self.outcome()
    }

    fn key(&self, mv: &hexasah::Move) -> Key {
        sorted_key(mv.key())
    }

    fn perft(&self, depth: u32) -> u64 {
        hexasah::Hexasah::perft(self, depth)
    }

    fn drawing(&self) -> String {
        hexasah::Hexasah::drawing(self)
    }
}

impl Oracle for thai::Thai {
    type Move = thai::Move;

    fn from_engine(game: &Game, pos: &Position) -> thai::Thai {
        let mut out = thai::Thai::empty();
        for s in engine_board(game, pos) {
            assert_eq!(s.name, thai::name((s.x, s.y)), "{}: cell name and coordinates disagree", game.rules().id);
            out.board[s.x as usize][s.y as usize] = s.piece.map(|(owner, kind)| thai::Piece {
                owner,
                king: match kind.as_str() {
                    "man" => false,
                    "king" => true,
                    other => panic!("{}: unknown piece type {other:?} on {}", game.rules().id, s.name),
                },
            });
        }
        out.side = pos.side().0;
        out
    }

    fn moves(&self) -> Vec<thai::Move> {
        thai::Thai::moves(self, false)
    }

    fn play(&self, mv: &thai::Move) -> thai::Thai {
        self.make(mv)
    }

    /// A player with no move (no pieces, or all blocked) has lost.
    fn result(&self) -> Option<Option<u8>> {
        thai::Thai::moves(self, false).is_empty().then_some(Some(1 - self.side))
    }

    /// A man ending on the far row is crowned: the engine names the promotion.
    fn key(&self, mv: &thai::Move) -> Key {
        let man = self.at(mv.from).is_some_and(|p| !p.king);
        let crowned = man && mv.to.1 == thai::far_row(self.side);
        let mut captures: Vec<String> = mv.captured.iter().map(|&c| thai::name(c)).collect();
        captures.sort();
        (Some(thai::name(mv.from)), Some(thai::name(mv.to)), captures, crowned.then(|| "king".to_string()), false)
    }

    fn perft(&self, depth: u32) -> u64 {
        thai::Thai::perft(self, depth, false)
    }

    fn drawing(&self) -> String {
        thai::Thai::drawing(self)
    }
}

impl Oracle for dameo::Dameo {
    type Move = dameo::Move;

    fn from_engine(game: &Game, pos: &Position) -> dameo::Dameo {
        let mut out = dameo::Dameo::empty();
        for s in engine_board(game, pos) {
            assert_eq!(s.name, dameo::name((s.x, s.y)), "{}: cell name and coordinates disagree", game.rules().id);
            out.board[s.x as usize][s.y as usize] = s.piece.map(|(owner, kind)| dameo::Piece {
                owner,
                king: match kind.as_str() {
                    "man" => false,
                    "king" => true,
                    other => panic!("{}: unknown piece type {other:?} on {}", game.rules().id, s.name),
                },
            });
        }
        out.side = pos.side().0;
        out
    }

    fn moves(&self) -> Vec<dameo::Move> {
        self.legal_moves()
    }

    fn play(&self, mv: &dameo::Move) -> dameo::Dameo {
        self.make(mv)
    }

    fn result(&self) -> Option<Option<u8>> {
        self.outcome()
    }

    /// A man ending on the far row is crowned: the engine names the promotion.
    fn key(&self, mv: &dameo::Move) -> Key {
        let mut captures: Vec<String> = mv.captured.iter().map(|&c| dameo::name(c)).collect();
        captures.sort();
        (Some(dameo::name(mv.from)), Some(dameo::name(mv.to)), captures, self.crowns(mv).then(|| "king".to_string()), false)
    }

    fn perft(&self, depth: u32) -> u64 {
        dameo::Dameo::perft(self, depth)
    }

    fn drawing(&self) -> String {
        dameo::Dameo::drawing(self)
    }
}

impl Oracle for fox::Fox {
    type Move = fox::Move;

    fn from_engine(game: &Game, pos: &Position) -> fox::Fox {
        let mut fox_at = None;
        let mut hounds = Vec::new();
        for s in engine_board(game, pos) {
            assert_eq!(s.name, fox::name((s.x, s.y)), "{}: cell name and coordinates disagree", game.rules().id);
            match s.piece {
                Some((0, kind)) if kind == "fox" => fox_at = Some((s.x, s.y)),
                Some((1, kind)) if kind == "hound" => hounds.push((s.x, s.y)),
                None => {}
                Some(other) => panic!("{}: unexpected piece {other:?} on {}", game.rules().id, s.name),
            }
        }
        hounds.sort();
        fox::Fox { fox: fox_at.expect("a fox on the board"), hounds, side: pos.side().0 }
    }

    fn moves(&self) -> Vec<fox::Move> {
        self.legal_moves()
    }

    fn play(&self, mv: &fox::Move) -> fox::Fox {
        self.make(mv)
    }

    fn result(&self) -> Option<Option<u8>> {
        fox::Fox::result(self)
    }

    fn key(&self, mv: &fox::Move) -> Key {
        key_without_promotion(mv.key())
    }

    fn perft(&self, depth: u32) -> u64 {
        fox::Fox::perft(self, depth)
    }

    fn drawing(&self) -> String {
        fox::Fox::drawing(self)
    }
}

impl Oracle for columns::Columns {
    type Move = columns::Move;

    /// The engine's columns, top first, read square by square.
    fn from_engine(game: &Game, pos: &Position) -> columns::Columns {
        let rules = match game.rules().id.as_str() {
            "lasca" => columns::LASCA,
            "bashni" => columns::BASHNI,
            other => panic!("no column rules for {other}"),
        };
        let mut out = columns::Columns::empty(rules);
        for (id, cell) in game.board().cells().iter().enumerate() {
            assert_eq!(cell.name, columns::name((cell.x, cell.y)), "{}: cell name and coordinates disagree", game.rules().id);
            out.board[cell.x as usize][cell.y as usize] = pos
                .column(CellId::new(id))
                .into_iter()
                .map(|p| {
                    let Owner::Player(owner) = p.owner() else { panic!("{}: a piece of nobody's on {}", game.rules().id, cell.name) };
                    let kind = &game.rules().pieces[p.kind().index()].name;
                    assert!([rules.names.0, rules.names.1].contains(&kind.as_str()), "unknown piece type {kind}");
                    columns::Piece { owner: owner.0, king: kind == rules.names.1 }
                })
                .collect();
        }
        out.side = pos.side().0;
        out
    }

    fn moves(&self) -> Vec<columns::Move> {
        self.legal_moves()
    }

    fn play(&self, mv: &columns::Move) -> columns::Columns {
        self.make(mv)
    }

    fn result(&self) -> Option<Option<u8>> {
        self.outcome()
    }

    fn key(&self, mv: &columns::Move) -> Key {
        columns::Columns::key(self, mv)
    }

    fn perft(&self, depth: u32) -> u64 {
        columns::Columns::perft(self, depth)
    }

    fn drawing(&self) -> String {
        columns::Columns::drawing(self)
    }
}

/// A board of one kind of piece per player, read into a 2-D array of owners.
fn owners<const W: usize, const H: usize>(game: &Game, pos: &Position, name: fn((i32, i32)) -> String) -> [[Option<u8>; H]; W] {
    let mut board = [[None; H]; W];
    for s in engine_board(game, pos) {
        assert_eq!(s.name, name((s.x, s.y)), "{}: cell name and coordinates disagree", game.rules().id);
        board[s.x as usize][s.y as usize] = s.piece.map(|(owner, _)| owner);
    }
    board
}

impl Oracle for hasami::Hasami {
    type Move = hasami::Move;

    /// The engine's position, with the count that loses read from the ruleset.
    fn from_engine(game: &Game, pos: &Position) -> hasami::Hasami {
        let win_below = game.rules().param("win_below").expect("hasami-shogi has win_below") as usize;
        hasami::Hasami { board: owners::<9, 9>(game, pos, hasami::name), side: pos.side().0, win_below }
    }

    fn moves(&self) -> Vec<hasami::Move> {
        self.legal_moves()
    }

    fn play(&self, mv: &hasami::Move) -> hasami::Hasami {
        self.make(mv)
    }

    fn result(&self) -> Option<Option<u8>> {
        hasami::Hasami::result(self)
    }

    fn key(&self, mv: &hasami::Move) -> Key {
        key_without_promotion(mv.key())
    }

    fn perft(&self, depth: u32) -> u64 {
        hasami::Hasami::perft(self, depth)
    }

    fn drawing(&self) -> String {
        hasami::Hasami::drawing(self)
    }
}

impl Oracle for tafl::Tafl {
    type Move = tafl::Move;

    /// The engine's position: the game is told by the board's size.
    fn from_engine(game: &Game, pos: &Position) -> tafl::Tafl {
        let squares = engine_board(game, pos);
        let kind = match squares.len() {
            49 => tafl::Game::Brandubh,
            81 => tafl::Game::Tablut,
            n => panic!("{}: {n} cells is no tafl board here", game.rules().id),
        };
        let mut out = tafl::Tafl::empty(kind);
        for s in squares {
            assert_eq!(s.name, tafl::name((s.x, s.y)), "{}: cell name and coordinates disagree", game.rules().id);
            let piece = s.piece.map(|(owner, kind)| tafl::Piece {
                owner,
                king: match kind.as_str() {
                    "man" => false,
                    "king" => true,
                    other => panic!("{}: unknown piece type {other:?} on {}", game.rules().id, s.name),
                },
            });
            out.set((s.x, s.y), piece);
        }
        out.side = pos.side().0;
        out
    }

    fn moves(&self) -> Vec<tafl::Move> {
        self.legal_moves()
    }

    fn play(&self, mv: &tafl::Move) -> tafl::Tafl {
        self.make(mv)
    }

    fn result(&self) -> Option<Option<u8>> {
        tafl::Tafl::result(self)
    }

    fn key(&self, mv: &tafl::Move) -> Key {
        key_without_promotion(mv.key())
    }

    fn perft(&self, depth: u32) -> u64 {
        tafl::Tafl::perft(self, depth)
    }

    fn drawing(&self) -> String {
        tafl::Tafl::drawing(self)
    }
}

impl Oracle for ataxx::Ataxx {
    type Move = ataxx::Move;

    fn from_engine(game: &Game, pos: &Position) -> ataxx::Ataxx {
        ataxx::Ataxx { board: owners::<7, 7>(game, pos, ataxx::name), side: pos.side().0 }
    }

    fn moves(&self) -> Vec<ataxx::Move> {
        self.legal_moves()
    }

    fn play(&self, mv: &ataxx::Move) -> ataxx::Ataxx {
        self.make(mv)
    }

    fn result(&self) -> Option<Option<u8>> {
        ataxx::Ataxx::result(self)
    }

    fn key(&self, mv: &ataxx::Move) -> Key {
        key_without_promotion(mv.key())
    }

    fn perft(&self, depth: u32) -> u64 {
        ataxx::Ataxx::perft(self, depth)
    }

    fn drawing(&self) -> String {
        ataxx::Ataxx::drawing(self)
    }
}

impl Oracle for surakarta::Surakarta {
    type Move = surakarta::Move;

    fn from_engine(game: &Game, pos: &Position) -> surakarta::Surakarta {
        surakarta::Surakarta { board: owners::<6, 6>(game, pos, surakarta::name), side: pos.side().0 }
    }

    fn moves(&self) -> Vec<surakarta::Move> {
        self.legal_moves()
    }

    fn play(&self, mv: &surakarta::Move) -> surakarta::Surakarta {
        self.make(mv)
    }

    fn result(&self) -> Option<Option<u8>> {
        surakarta::Surakarta::result(self)
    }

    fn key(&self, mv: &surakarta::Move) -> Key {
        key_without_promotion(mv.key())
    }

    fn perft(&self, depth: u32) -> u64 {
        surakarta::Surakarta::perft(self, depth)
    }

    fn drawing(&self) -> String {
        surakarta::Surakarta::drawing(self)
    }
}

impl Oracle for ugolki::Ugolki {
    type Move = ugolki::Move;

    fn from_engine(game: &Game, pos: &Position) -> ugolki::Ugolki {
        let corner = game.rules().param("corner").expect("ugolki has corner") as i32;
        // The first phase counts its plies; the second is "after move 40".
        let plies = if pos.phase() == 0 { pos.progress().plies() } else { ugolki::LATE };
        ugolki::Ugolki { board: owners::<8, 8>(game, pos, ugolki::name), side: pos.side().0, corner, plies }
    }

    fn moves(&self) -> Vec<ugolki::Move> {
        self.legal_moves()
    }

    fn play(&self, mv: &ugolki::Move) -> ugolki::Ugolki {
        self.make(mv)
    }

    fn result(&self) -> Option<Option<u8>> {
        ugolki::Ugolki::result(self)
    }

    fn key(&self, mv: &ugolki::Move) -> Key {
        key_without_promotion(mv.key())
    }

    fn perft(&self, depth: u32) -> u64 {
        ugolki::Ugolki::perft(self, depth)
    }

    fn drawing(&self) -> String {
        ugolki::Ugolki::drawing(self)
    }
}

impl Oracle for geese::Geese {
    type Move = geese::Move;

    fn from_engine(game: &Game, pos: &Position) -> geese::Geese {
        let trap = game.rules().param("trap").expect("fox-and-geese has trap") as usize;
        let mut fox_at = None;
        let mut flock = std::collections::BTreeSet::new();
        for s in engine_board(game, pos) {
            assert_eq!(s.name, geese::name((s.x, s.y)), "{}: cell name and coordinates disagree", game.rules().id);
            assert!(geese::is_point((s.x, s.y)), "{}: {} is no point of the cross", game.rules().id, s.name);
            match s.piece {
                Some((0, kind)) if kind == "fox" => fox_at = Some((s.x, s.y)),
                Some((1, kind)) if kind == "goose" => {
                    flock.insert((s.x, s.y));
                }
                None => {}
                Some(other) => panic!("{}: unexpected piece {other:?} on {}", game.rules().id, s.name),
            }
        }
        geese::Geese { fox: fox_at.expect("a fox on the board"), geese: flock, side: pos.side().0, trap }
    }

    fn moves(&self) -> Vec<geese::Move> {
        self.legal_moves()
    }

    fn play(&self, mv: &geese::Move) -> geese::Geese {
        self.make(mv)
    }

    fn result(&self) -> Option<Option<u8>> {
        geese::Geese::result(self)
    }

    fn key(&self, mv: &geese::Move) -> Key {
        key_without_promotion(mv.key())
    }

    fn perft(&self, depth: u32) -> u64 {
        geese::Geese::perft(self, depth)
    }

    fn drawing(&self) -> String {
        geese::Geese::drawing(self)
    }
}

impl Oracle for kamisado::Kamisado {
    type Move = kamisado::Move;

    /// The last move's cell and the stays in a row are read from the position's notation
    /// (`last:FROM-TO`, `passes:N`).
    fn from_engine(game: &Game, pos: &Position) -> kamisado::Kamisado {
        let mut out = kamisado::Kamisado::start();
        out.board = [[None; 8]; 8];
        for s in engine_board(game, pos) {
            assert_eq!(s.name, kamisado::name((s.x, s.y)), "kamisado: cell name and coordinates disagree");
            out.board[s.x as usize][s.y as usize] = s
                .piece
                .map(|(owner, kind)| (owner, kamisado::COLOURS.iter().position(|&c| c == kind).expect("a tower is named by its colour")));
        }
        let text = game.write_position(pos);
        out.last =
            text.split(' ').find_map(|f| f.strip_prefix("last:")).map(|m| shared::square(m.split_once('-').expect("a move from-to").1));
        out.stays = text.split(' ').find_map(|f| f.strip_prefix("passes:")).map_or(0, |n| n.parse().expect("a count"));
        out.side = pos.side().0;
        out
    }

    fn moves(&self) -> Vec<kamisado::Move> {
        self.legal_moves()
    }

    fn play(&self, mv: &kamisado::Move) -> kamisado::Kamisado {
        self.make(mv)
    }

    fn result(&self) -> Option<Option<u8>> {
        kamisado::Kamisado::result(self)
    }

    fn key(&self, mv: &kamisado::Move) -> Key {
        key_without_promotion(mv.key())
    }

    fn perft(&self, depth: u32) -> u64 {
        kamisado::Kamisado::perft(self, depth)
    }

    fn drawing(&self) -> String {
        kamisado::Kamisado::drawing(self)
    }
}

impl Oracle for konane::Konane {
    type Move = konane::Move;

    /// The phase and the hole of the first removal are read from the position's notation (the
    /// phase's name, `last:CELLxstone`).
    fn from_engine(game: &Game, pos: &Position) -> konane::Konane {
        let size = game.rules().param("size").expect("konane has size") as i32;
        let mut out = konane::Konane::start(size);
        for s in engine_board(game, pos) {
            assert_eq!(s.name, konane::name((s.x, s.y)), "konane: cell name and coordinates disagree");
            out.board[s.x as usize][s.y as usize] = s.piece.map(|(owner, _)| owner);
        }
        let text = game.write_position(pos);
        let fields: Vec<&str> = text.split(' ').collect();
        out.ply = match fields.get(2).copied() {
            Some("first-removal") => 0,
            Some("second-removal") => 1,
            Some("play") => 2,
            other => panic!("konane: no phase in {text:?}: {other:?}"),
        };
        out.hole = fields.iter().find_map(|f| f.strip_prefix("last:")).map(|m| {
            let cell = m.split_once('x').map_or(m, |(cells, _)| cells);
            shared::square(cell.rsplit('-').next().expect("a cell"))
        });
        out.side = pos.side().0;
        out
    }

    /// The hole matters only before white's removal.
    fn shown_by(&self, read: &konane::Konane) -> bool {
        self.board == read.board && self.side == read.side && self.ply == read.ply && (self.ply != 1 || self.hole == read.hole)
    }

    fn moves(&self) -> Vec<konane::Move> {
        self.legal_moves()
    }

    fn play(&self, mv: &konane::Move) -> konane::Konane {
        self.make(mv)
    }

    fn result(&self) -> Option<Option<u8>> {
        konane::Konane::result(self)
    }

    fn key(&self, mv: &konane::Move) -> Key {
        key_without_promotion(mv.key())
    }

    fn perft(&self, depth: u32) -> u64 {
        konane::Konane::perft(self, depth)
    }

    fn drawing(&self) -> String {
        konane::Konane::drawing(self)
    }
}

impl Oracle for pente::Pente {
    type Move = pente::Move;

    /// The stones each player has captured are read from the position's notation
    /// (`captured:stone=A,B`); the stones white has placed are those on the board and those black
    /// took.
    fn from_engine(game: &Game, pos: &Position) -> pente::Pente {
        let size = game.rules().param("size").expect("pente has size") as i32;
        let mut out = pente::Pente::start(size);
        for s in engine_board(game, pos) {
            assert_eq!(s.name, pente::name((s.x, s.y)), "pente: cell name and coordinates disagree");
            out.board[s.x as usize][s.y as usize] = s.piece.map(|(owner, _)| owner);
        }
        let text = game.write_position(pos);
        let field = text.split(' ').find_map(|f| f.strip_prefix("captured:")).expect("pente's positions carry captured:");
        if let Some(counts) = field.strip_prefix("stone=") {
            let (a, b) = counts.split_once(',').expect("two counts");
            out.captured = [a.parse().expect("a count"), b.parse().expect("a count")];
        }
        let white_on_board = out.board.iter().flatten().filter(|&&c| c == Some(pente::WHITE)).count() as u32;
        out.white_placed = white_on_board + out.captured[pente::BLACK as usize];
        out.side = pos.side().0;
        out
    }

    fn moves(&self) -> Vec<pente::Move> {
        self.legal_moves()
    }

    fn play(&self, mv: &pente::Move) -> pente::Pente {
        self.make(mv)
    }

    fn result(&self) -> Option<Option<u8>> {
        pente::Pente::result(self)
    }

    fn key(&self, mv: &pente::Move) -> Key {
        key_without_promotion(mv.key())
    }

    fn perft(&self, depth: u32) -> u64 {
        pente::Pente::perft(self, depth)
    }

    fn drawing(&self) -> String {
        pente::Pente::drawing(self)
    }
}

impl Oracle for morris::Morris {
    type Move = morris::Move;

    /// The men each player has placed are read from the position's phase (`place:A,B`, or
    /// `move` once all are placed).
    fn from_engine(game: &Game, pos: &Position) -> morris::Morris {
        let mut out = morris::Morris::start();
        for s in engine_board(game, pos) {
            let p = morris::POINTS.iter().position(|&n| n == s.name).unwrap_or_else(|| panic!("morris: no point {}", s.name));
            out.board[p] = s.piece.map(|(owner, _)| owner);
        }
        let text = game.write_position(pos);
        let phase = text.split(' ').nth(2).expect("morris positions carry their phase");
        out.placed = match phase.strip_prefix("place") {
            None => [9, 9],
            Some("") => [0, 0],
            Some(counts) => {
                let (a, b) = counts.trim_start_matches(':').split_once(',').expect("two counts");
                [a.parse().expect("a count"), b.parse().expect("a count")]
            }
        };
        out.side = pos.side().0;
        out
    }

    fn moves(&self) -> Vec<morris::Move> {
        self.legal_moves()
    }

    fn play(&self, mv: &morris::Move) -> morris::Morris {
        self.make(mv)
    }

    fn result(&self) -> Option<Option<u8>> {
        morris::Morris::result(self)
    }

    fn key(&self, mv: &morris::Move) -> Key {
        key_without_promotion(mv.key())
    }

    fn perft(&self, depth: u32) -> u64 {
        morris::Morris::perft(self, depth)
    }

    fn drawing(&self) -> String {
        morris::Morris::drawing(self)
    }
}

impl Oracle for fanorona::Fanorona {
    type Move = fanorona::Move;

    fn from_engine(game: &Game, pos: &Position) -> fanorona::Fanorona {
        let mut out = fanorona::Fanorona::empty();
        for s in engine_board(game, pos) {
            assert_eq!(s.name, fanorona::name((s.x, s.y)), "fanorona: cell name and coordinates disagree");
            out.board[s.x as usize][s.y as usize] = s.piece.map(|(owner, _)| owner);
        }
        out.side = pos.side().0;
        out
    }

    fn moves(&self) -> Vec<fanorona::Move> {
        self.legal_moves()
    }

    fn play(&self, mv: &fanorona::Move) -> fanorona::Fanorona {
        self.make(mv)
    }

    fn result(&self) -> Option<Option<u8>> {
        fanorona::Fanorona::result(self)
    }

    fn key(&self, mv: &fanorona::Move) -> Key {
        key_without_promotion(mv.key())
    }

    fn perft(&self, depth: u32) -> u64 {
        fanorona::Fanorona::perft(self, depth)
    }

    fn drawing(&self) -> String {
        fanorona::Fanorona::drawing(self)
    }
}

// ----------------------------------------------------------------------------------------------
// Comparison helpers

fn game(id: &str, params: &[(String, i64)]) -> Game {
    let rules = hetproba_rules::load_builtin(id, params)
        .unwrap_or_else(|| panic!("no built-in ruleset {id} (yet)"))
        .unwrap_or_else(|report| panic!("{id} does not load:\n{report}"));
    Game::new(rules)
}

/// The engine's legal moves by key. Two moves with one key are an error (the rules make them
/// one move), reported in the second result.
fn engine_moves(game: &Game, pos: &Position) -> (BTreeMap<Key, Move>, Vec<Key>) {
    let mut out = BTreeMap::new();
    let mut twice = Vec::new();
    for mv in game.legal_moves(pos) {
        let key = engine_key(game, pos, mv);
        if out.insert(key.clone(), mv).is_some() {
            twice.push(key);
        }
    }
    (out, twice)
}

fn oracle_moves<O: Oracle>(oracle: &O) -> BTreeMap<Key, O::Move> {
    let moves = oracle.moves();
    let count = moves.len();
    let out: BTreeMap<Key, O::Move> = moves.into_iter().map(|m| (oracle.key(&m), m)).collect();
    assert_eq!(out.len(), count, "the oracle lists a move twice");
    out
}

/// Empty when the engine's moves, its verdict on the game, are the oracle's; otherwise a report
/// with the board and the differences.
fn differences<O: Oracle>(game: &Game, pos: &Position, oracle: &O) -> String {
    let (engine, twice) = engine_moves(game, pos);
    let expected = oracle_moves(oracle);
    let engine_keys: BTreeSet<&Key> = engine.keys().collect();
    let oracle_keys: BTreeSet<&Key> = expected.keys().collect();
    let mut report = String::new();
    let list = |keys: Vec<&&Key>| keys.iter().map(|k| show(k)).collect::<Vec<_>>().join("  ");
    let extra: Vec<&&Key> = engine_keys.difference(&oracle_keys).collect();
    let missing: Vec<&&Key> = oracle_keys.difference(&engine_keys).collect();
    if !extra.is_empty() {
        report.push_str(&format!("  the engine has moves the rules do not allow: {}\n", list(extra)));
    }
    if !missing.is_empty() {
        report.push_str(&format!("  the engine lacks moves the rules allow: {}\n", list(missing)));
    }
    if !twice.is_empty() {
        report.push_str(&format!("  the engine lists one move twice: {}\n", twice.iter().map(show).collect::<Vec<_>>().join("  ")));
    }
    let engine_result = game.outcome(pos).map(|o| o.winner.map(|p| p.0));
    if engine_result != oracle.result() {
        report.push_str(&format!("  result: engine {engine_result:?}, rules {:?} (Some(winner), Some(None) a draw)\n", oracle.result()));
    }
    if report.is_empty() {
        return report;
    }
    format!("{}{report}  ({} moves by the engine, {} by the rules)\n", oracle.drawing(), engine.len(), expected.len())
}

/// Why the engine's perft from `pos` differs from the oracle's from `oracle`, the same position:
/// the first root move whose counts differ (a divide), followed down to the first position whose
/// move lists differ.
fn explain<O: Oracle>(game: &Game, pos: &mut Position, oracle: &O, depth: u32, line: &mut Vec<String>) -> String {
    let here = if line.is_empty() { "from the start".to_string() } else { format!("after {}", line.join(" ")) };
    let diff = differences(game, pos, oracle);
    if !diff.is_empty() {
        return format!("{here}:\n{diff}");
    }
    if depth <= 1 {
        return format!("{here}: no difference in the moves");
    }
    let (engine, _) = engine_moves(game, pos);
    let expected = oracle_moves(oracle);
    for (key, &mv) in &engine {
        let next = oracle.play(&expected[key]);
        game.make(pos, mv);
        let reached = O::from_engine(game, pos);
        if !next.shown_by(&reached) {
            let text = format!("{here}, {}: the engine reaches\n{}but the rules give\n{}", show(key), reached.drawing(), next.drawing());
            pos.unmake();
            return text;
        }
        let (ours, theirs) = (game.perft(pos, depth - 1), next.perft(depth - 1));
        if ours != theirs {
            line.push(show(key));
            let deeper = explain(game, pos, &next, depth - 1, line);
            pos.unmake();
            return format!(
                "divide {here}: first differing move {}: engine {ours}, rules {theirs} at depth {}\n{deeper}",
                show(key),
                depth - 1
            );
        }
        pos.unmake();
    }
    format!("{here}: every root move agrees")
}

/// Perft from the start, engine against oracle, for each depth; the ruleset's start must be the
/// rules' start. Returns the oracle's counts.
fn perft_agrees<O: Oracle>(id: &str, params: &[(String, i64)], start: O, depths: std::ops::RangeInclusive<u32>) -> Vec<u64> {
    let game = game(id, params);
    let mut pos = Position::start(&game);
    check_start(&game, &pos, &start);
    let mut counts = Vec::new();
    for depth in depths {
        let expected = start.perft(depth);
        let engine = game.perft(&mut pos, depth);
        if engine != expected {
            let why = explain(&game, &mut pos, &start, depth, &mut Vec::new());
            panic!("{id} {params:?} perft {depth}: engine {engine}, rules {expected}\n{why}");
        }
        counts.push(expected);
    }
    eprintln!("{id} {params:?} perft: {counts:?}");
    counts
}

/// The ruleset's start must show the rules' start.
fn check_start<O: Oracle>(game: &Game, pos: &Position, start: &O) {
    let read = O::from_engine(game, pos);
    assert!(
        start.shown_by(&read),
        "{}: the ruleset's start is not the rules' start:\n{}the rules:\n{}",
        game.rules().id,
        read.drawing(),
        start.drawing()
    );
}

/// SplitMix64: a tiny, well-known generator, for reproducible random games.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const GAMES: usize = 30;
const PLIES: usize = 200;

/// Random games from the rules' start `start`: at every ply the legal move sets, the result,
/// and the position each played move leads to must agree.
fn random_games<O: Oracle>(id: &str, params: &[(String, i64)], start: O, seed: u64) {
    random_games_of(id, params, start, seed, GAMES, PLIES);
}

/// The move a random game plays: one of the moves, all named by their keys, in key order.
fn pick<'a, T>(moves: &'a BTreeMap<Key, T>, rng: &mut SplitMix64) -> (&'a Key, &'a T) {
    moves.iter().nth(rng.below(moves.len())).expect("a move")
}

/// As [`random_games`], with the number of games and the plies each may last. Returns how many
/// games ended.
fn random_games_of<O: Oracle>(id: &str, params: &[(String, i64)], start: O, seed: u64, games: usize, plies: usize) -> usize {
    let game = game(id, params);
    let mut rng = SplitMix64(seed);
    let mut finished = 0;
    for number in 0..games {
        let mut pos = Position::start(&game);
        check_start(&game, &pos, &start);
        let mut oracle = start.clone();
        let mut line: Vec<String> = Vec::new();
        for _ in 0..plies {
            let diff = differences(&game, &pos, &oracle);
            assert!(diff.is_empty(), "{id} {params:?}, game {number} (seed {seed}), after {}:\n{diff}", line.join(" "));
            let (engine, _) = engine_moves(&game, &pos);
            if engine.is_empty() {
                finished += 1;
                break;
            }
            let (key, &mv) = pick(&engine, &mut rng);
            let expected = oracle.play(&oracle_moves(&oracle)[key]);
            game.make(&mut pos, mv);
            let reached = O::from_engine(&game, &pos);
            line.push(show(key));
            assert!(
                expected.shown_by(&reached),
                "{id} {params:?}, game {number} (seed {seed}), after {}: the engine reaches\n{}but the rules give\n{}",
                line.join(" "),
                reached.drawing(),
                expected.drawing()
            );
            oracle = expected;
        }
    }
    eprintln!("{id} {params:?}: {games} random games, {finished} ended within {plies} plies");
    finished
}

fn size(n: i64) -> Vec<(String, i64)> {
    vec![("size".to_string(), n)]
}

// ----------------------------------------------------------------------------------------------
// Perft from the start

#[test]
fn perft_loa() {
    perft_agrees("loa", &[], loa::Loa::standard(8), 1..=4);
}

#[test]
fn perft_loa_size_8_named() {
    perft_agrees("loa", &size(8), loa::Loa::standard(8), 1..=2);
}

#[test]
fn perft_loa_size_6() {
    perft_agrees("loa", &size(6), loa::Loa::standard(6), 1..=3);
}

/// 81 cells: past the 64-cell neighbour masks, connection is found by the general search.
#[test]
fn perft_loa_size_9() {
    perft_agrees("loa", &size(9), loa::Loa::standard(9), 1..=3);
}

/// 144 cells, the largest size: the general paths, and cell numbers above 128.
#[test]
fn perft_loa_size_12() {
    perft_agrees("loa", &size(12), loa::Loa::standard(12), 1..=3);
}

#[test]
fn perft_loa_scrambled() {
    perft_agrees("loa-scrambled", &[], loa::Loa::scrambled(), 1..=3);
}

#[test]
fn perft_loa_6x7() {
    perft_agrees("loa-6x7", &[], loa::Loa::six_by_seven(), 1..=3);
}

#[test]
fn perft_camelot_chessboard() {
    perft_agrees("camelot-chessboard", &[], camelot::Camelot::start(), 1..=4);
}

/// Hexasah from its start; castling rights and en passant followed by the oracle along the way.
#[test]
fn perft_hexasah() {
    let counts = perft_agrees("hexasah", &[], hexasah::Hexasah::start(), 1..=3);
    // 50 moves a side, counted piece by piece in hexasah::tests::fifty_moves_from_the_start;
    // neither side's first move reaches the other's pieces: 50 x 50.
    assert_eq!(counts[..2], [50, 50 * 50]);
}

/// Depth 4, 5 825 555 leaves by the oracle (about 15 s of a test build): by the oracle's count
/// 338 of White's second moves capture and 42 give check, which Black must answer here.
#[test]
fn perft_hexasah_depth_4() {
    perft_agrees("hexasah", &[], hexasah::Hexasah::start(), 4..=4);
}

/// Thai draughts from its start (eight men a side). The published figures (Rein Halbersma's
/// DCTL tests of 2011: 7, 49, 392, 3136, 26592, 218695) agree with the oracle in
/// `thai::tests`; here the engine agrees with the oracle.
#[test]
fn perft_thai() {
    perft_agrees("draughts-thai", &[], thai::Thai::start(), 1..=5);
}

/// Counting every path of a capture apart: the oracle's ring of four men around d4, taken
/// clockwise or anticlockwise by the king d2 (one move, two paths).
#[test]
fn perft_thai_paths_agree_where_a_capture_has_two_paths() {
    let game = game("draughts-thai", &[]);
    let oracle = thai::Thai::with_pieces(&["Kd2", "mc3", "mc5", "me5", "me3", "Mh2", "mh8"], 0);
    let mut pos = game.read_position("W:WKd2,h2:Bc3,c5,e5,e3,h8").unwrap();
    assert!(oracle.shown_by(&thai::Thai::from_engine(&game, &pos)));
    for depth in 1..=3 {
        let (engine, rules) = (game.perft_counting(&mut pos, depth, Counting::Paths), oracle.perft(depth, true));
        assert_eq!(engine, rules, "draughts-thai paths perft {depth} from the ring");
        let (engine, rules) = (game.perft_counting(&mut pos, depth, Counting::Moves), oracle.perft(depth, false));
        assert_eq!(engine, rules, "draughts-thai moves perft {depth} from the ring");
    }
}

/// Fox and hounds from each of the fox's four start squares.
/// Depths 1 and 2 are counted by hand in `dameo::tests` (52, 2704); deeper, the engine agrees
/// with the oracle.
#[test]
fn perft_dameo() {
    let counts = perft_agrees("dameo", &[], dameo::Dameo::start(), 1..=4);
    assert_eq!(&counts[..2], &[52, 2704]);
}

/// Depth 5 (275931640 leaves, the oracle's count) takes a minute or so: `--ignored`.
#[test]
#[ignore]
fn perft_dameo_depth_5() {
    perft_agrees("dameo", &[], dameo::Dameo::start(), 5..=5);
}

#[test]
fn perft_fox_and_hounds() {
    for square in 1..=4 {
        perft_agrees("fox-and-hounds", &[("fox_square".to_string(), square)], fox::Fox::start(square as i32), 1..=6);
    }
}

/// Hasami shogi from its start, to five captures and to the last man.
#[test]
fn perft_hasami_shogi() {
    perft_agrees("hasami-shogi", &[], hasami::Hasami::start(2), 1..=3);
    perft_agrees("hasami-shogi", &[("win_below".to_string(), 9)], hasami::Hasami::start(9), 1..=3);
}

/// Ataxx from its start. The first five counts, 16, 256, 6460, 155888, 4752668, are also the
/// ones the Universal Ataxx Interface's engines publish for this start.
#[test]
fn perft_ataxx() {
    let counts = perft_agrees("ataxx", &[], ataxx::Ataxx::start(), 1..=4);
    assert_eq!(counts, [16, 256, 6460, 155888]);
}

/// Ugolki from its start, with the 3x3 corners and the 2x2 ones.
#[test]
fn perft_ugolki() {
    perft_agrees("ugolki", &[], ugolki::Ugolki::start(3), 1..=4);
    perft_agrees("ugolki", &[("corner".to_string(), 2)], ugolki::Ugolki::start(2), 1..=4);
}

/// Fox and geese from its start.
#[test]
fn perft_fox_and_geese() {
    perft_agrees("fox-and-geese", &[], geese::Geese::start(4), 1..=6);
}

// ----------------------------------------------------------------------------------------------
// Random games

#[test]
fn random_games_loa() {
    random_games("loa", &[], loa::Loa::standard(8), 0x10A_0008);
}

/// Random games on 12 x 12 last hundreds of plies (500 to 900 in a few tries): long enough
/// for them to end, so that the end by connection on 144 cells is compared too.
#[test]
fn random_games_loa_size_12() {
    let finished = random_games_of("loa", &size(12), loa::Loa::standard(12), 0x10A_0012, 6, 3000);
    assert!(finished >= 3, "only {finished} of 6 games ended: the end by connection was hardly compared");
}

#[test]
fn random_games_loa_scrambled() {
    random_games("loa-scrambled", &[], loa::Loa::scrambled(), 0x10A_5C4A);
}

#[test]
fn random_games_loa_6x7() {
    random_games("loa-6x7", &[], loa::Loa::six_by_seven(), 0x10A_0607);
}

/// Thai games reach kings, which fly but land right behind each piece they take, and take
/// pieces that leave at once (so a square is crossed again): both compared at every ply.
#[test]
fn random_games_thai() {
    random_games("draughts-thai", &[], thai::Thai::start(), 0x7A1_0008);
}

/// Random fox and hounds games end within 60 plies (a hound never steps back): the fox's win on
/// the hounds' row and both players' blocks are compared.
#[test]
fn random_games_dameo() {
    random_games("dameo", &[], dameo::Dameo::start(), 0xDA3E_0002);
}

#[test]
fn random_games_fox_and_hounds() {
    for square in [1, 4] {
        let finished =
            random_games_of("fox-and-hounds", &[("fox_square".to_string(), square)], fox::Fox::start(square as i32), 0xF0C5, GAMES, PLIES);
        assert_eq!(finished, GAMES, "every game ends");
    }
}

/// Random Hasami shogi games: captures along rows and columns and in the corners. Random moves
/// seldom take many men, so the end is compared where two captures end the game.
#[test]
fn random_games_hasami_shogi() {
    random_games_of("hasami-shogi", &[], hasami::Hasami::start(2), 0x4A5A, 10, 300);
    let finished = random_games_of("hasami-shogi", &[("win_below".to_string(), 8)], hasami::Hasami::start(8), 0x4A5B, 20, 400);
    assert!(finished >= 10, "only {finished} of 20 games ended");
}

/// Brandubh and Tablut from their starts. The first counts, 40 and 80, are counted by hand on the
/// games' pages; the rest are the oracle's.
#[test]
fn perft_tafl() {
    let counts = perft_agrees("brandubh", &[], tafl::Tafl::start(tafl::Game::Brandubh), 1..=3);
    assert_eq!(counts[0], 40);
    let counts = perft_agrees("tablut", &[], tafl::Tafl::start(tafl::Game::Tablut), 1..=3);
    assert_eq!(counts[0], 80);
}

/// Random Brandubh and Tablut games: captures against pieces, the throne and the corners, the
/// king taken by two (Brandubh) or four (Tablut), escapes. Most random games end.
#[test]
fn random_games_tafl() {
    let finished = random_games_of("brandubh", &[], tafl::Tafl::start(tafl::Game::Brandubh), 0x7AF1, 30, 300);
    assert!(finished >= 20, "brandubh: only {finished} of 30 games ended");
    let finished = random_games_of("tablut", &[], tafl::Tafl::start(tafl::Game::Tablut), 0x7AF2, 20, 400);
    assert!(finished >= 10, "tablut: only {finished} of 20 games ended");
}

/// Random Ataxx games fill the board: clones, jumps, conversions, passes and the count at the end.
#[test]
fn random_games_ataxx() {
    let finished = random_games_of("ataxx", &[], ataxx::Ataxx::start(), 0xA7A8, 10, 400);
    assert!(finished >= 8, "only {finished} of 10 games ended");
}

/// Surakarta from its start: steps, then captures round the corner loops from the fourth ply.
#[test]
fn perft_surakarta() {
    perft_agrees("surakarta", &[], surakarta::Surakarta::start(), 1..=4);
}

/// Surakarta to a depth the normal tests leave out.
#[test]
#[ignore = "a minute: perft 5 against the brute-force generator"]
fn perft_surakarta_deep() {
    perft_agrees("surakarta", &[], surakarta::Surakarta::start(), 5..=5);
}

/// Random Surakarta games: runs round one loop or several, over the runner's own start, to the
/// last piece.
#[test]
fn random_games_surakarta() {
    random_games_of("surakarta", &[], surakarta::Surakarta::start(), 0x5A4A, 20, 400);
}

/// Random Ugolki games: long chains of hops over both sides' men, on the 2x2 corners where
/// random games also end.
#[test]
fn random_games_ugolki() {
    random_games_of("ugolki", &[], ugolki::Ugolki::start(3), 0x0601, 10, 200);
    random_games_of("ugolki", &[("corner".to_string(), 2)], ugolki::Ugolki::start(2), 0x0602, 20, 400);
}

/// Random fox and geese games: chains of jumps that stop where the fox likes, and both ends.
#[test]
fn random_games_fox_and_geese() {
    let finished = random_games_of("fox-and-geese", &[], geese::Geese::start(4), 0x6EE5, GAMES, 300);
    assert!(finished >= GAMES / 2, "only {finished} of {GAMES} games ended");
}

#[test]
fn random_games_camelot_chessboard() {
    random_games("camelot-chessboard", &[], camelot::Camelot::start(), 0xCA3E_1075);
}

/// Pente from the empty board, on 19x19 and on 9x9: the centre, then the tournament rule.
#[test]
fn perft_pente() {
    let counts = perft_agrees("pente", &[], pente::Pente::start(19), 1..=3);
    // Worked by hand on the game's page: 1, 360, 24 x 336 + 336 x 335.
    assert_eq!(counts, [1, 360, 120624]);
    perft_agrees("pente", &size(9), pente::Pente::start(9), 1..=4);
}

/// Konane from the start, on 8x8 and 6x6: the two removals, then straight chains of jumps.
#[test]
fn perft_konane() {
    let counts = perft_agrees("konane", &[], konane::Konane::start(8), 1..=9);
    // Worked by hand on the game's page: 4 removals, 2 + 2 + 4 + 4 answers, 2 + 2 + 12 + 12 jumps.
    assert_eq!(counts[..3], [4, 12, 28]);
    perft_agrees("konane", &size(6), konane::Konane::start(6), 1..=8);
    perft_agrees("konane", &size(7), konane::Konane::start(7), 1..=7);
}

/// Random Konane games on 8x8, 6x6 and 10x10: removals, straight chains stopped anywhere, and the
/// end compared at every ply; the notation of every move read back, and perft 2 from every
/// fifth position of more games, read from the oracle's own notation.
#[test]
fn random_games_konane() {
    for n in [8, 6, 10] {
        let finished = random_games_of("konane", &size(n), konane::Konane::start(n as i32), 0x4B0_0000 + n as u64, 30, 200);
        assert_eq!(finished, 30, "every game of Konane ends: each move takes a stone");
    }
    let game = game("konane", &[]);
    let (mut seen, mut compared, mut longest) = (0, 0, 0);
    oracle_games(konane::Konane::start(8), 0x4B0_0001, 20, 200, |oracle, moves| {
        seen += 1;
        longest = longest.max(moves.values().map(|m| m.captures.len()).max().unwrap_or(0));
        let mut pos = game.read_position(&konane_text(oracle)).unwrap_or_else(|e| panic!("{}: {e}", konane_text(oracle)));
        assert!(oracle.shown_by(&konane::Konane::from_engine(&game, &pos)), "read back:\n{}", oracle.drawing());
        for mv in game.legal_moves(&pos) {
            let text = game.move_name(&pos, mv);
            assert_eq!(game.parse_move(&pos, &text).ok(), Some(mv), "{text} reads back in\n{}", oracle.drawing());
        }
        let written: BTreeSet<String> = game.legal_moves(&pos).into_iter().map(|mv| game.move_name(&pos, mv)).collect();
        let theirs: BTreeSet<String> = moves.values().map(konane::Move::text).collect();
        assert_eq!(written, theirs, "the page's notation in\n{}", oracle.drawing());
        if seen % 5 == 0 {
            assert_eq!(game.perft(&mut pos, 2), oracle.perft(2), "perft 2 from\n{}", oracle.drawing());
            compared += 1;
        }
    });
    assert!(compared >= 20, "only {compared} positions compared on perft");
    assert!(longest >= 2, "no chain of two jumps among the moves seen");
    eprintln!("konane: perft 2 compared from {compared} positions; chains of up to {longest} jumps");
}

/// A Konane position of the oracle in the page's notation: rows from the top, the side, the
/// phase, and before white's removal the hole, as the last move.
fn konane_text(p: &konane::Konane) -> String {
    let rows = rows_text(p.size, p.size, |sq| p.at(sq).map(|owner| if owner == konane::BLACK { 'x' } else { 'o' }));
    let side = if p.side == konane::BLACK { "b" } else { "w" };
    let phase = ["first-removal", "second-removal", "play"][p.ply as usize];
    let last = match (p.ply, p.hole) {
        (1, Some(hole)) => format!(" last:{}xstone", konane::name(hole)),
        _ => String::new(),
    };
    format!("{rows} {side} {phase}{last}")
}

/// Kamisado from the start: perft to depth 3 (depth 1 is the page's 102).
#[test]
fn perft_kamisado() {
    let counts = perft_agrees("kamisado", &[], kamisado::Kamisado::start(), 1..=3);
    assert_eq!(counts[0], 102, "the page's count of first moves");
}

/// Random Kamisado games: the named tower, stays, wins on the far row and deadlocks compared at
/// every ply; and perft 2 from every tenth position of them.
#[test]
fn random_games_kamisado() {
    let finished = random_games_of("kamisado", &[], kamisado::Kamisado::start(), 0x6A31, 60, 200);
    assert!(finished >= 50, "only {finished} of 60 games ended");
    let game = game("kamisado", &[]);
    let (mut compared, mut stays) = (0, 0);
    oracle_games(kamisado::Kamisado::start(), 0x6A32, 30, 200, |oracle, moves| {
        stays += usize::from(oracle.stays > 0);
        if moves.len() % 10 == 0 && !moves.is_empty() {
            let mut pos = game.read_position(&kamisado_text(oracle)).expect("the oracle's position reads");
            assert!(oracle.shown_by(&kamisado::Kamisado::from_engine(&game, &pos)), "read back:\n{}", oracle.drawing());
            assert_eq!(game.perft(&mut pos, 2), oracle.perft(2), "perft 2 from\n{}", oracle.drawing());
            compared += 1;
        }
    });
    assert!(compared >= 10, "only {compared} positions compared on perft");
    assert!(stays >= 1, "no game had a blocked tower");
    eprintln!("kamisado: perft 2 compared from {compared} positions; {stays} positions after a stay");
}

/// A Kamisado position of the oracle in the engine's notation: rows from the top, the side, the
/// stays in a row, the last move (only its cell matters: written as from that cell to it).
fn kamisado_text(p: &kamisado::Kamisado) -> String {
    let rows = rows_text(8, 8, |sq| {
        p.at(sq).map(|(owner, c)| {
            let mark = ['o', 'b', 'p', 'k', 'y', 'r', 'g', 'n'][c];
            if owner == kamisado::WHITE { mark.to_ascii_uppercase() } else { mark }
        })
    });
    let side = if p.side == kamisado::WHITE { "w" } else { "b" };
    let stays = if p.stays > 0 { format!(" passes:{}", p.stays) } else { String::new() };
    let last = p.last.map_or(String::new(), |to| format!(" last:{}-{}", kamisado::name(to), kamisado::name(to)));
    format!("{rows} {side}{stays}{last}")
}

/// Random Pente games on 9x9, where random stones soon bracket pairs and make rows: captures
/// (several pairs at once), the ten-stone win and the five in a row compared at every ply; and
/// perft 2 from every tenth position of them.
#[test]
fn random_games_pente() {
    let finished = random_games_of("pente", &size(9), pente::Pente::start(9), 0x9E47E, 40, 90);
    assert!(finished >= 30, "only {finished} of 40 games ended");
    let game = game("pente", &size(9));
    let (mut compared, mut ten) = (0, 0);
    oracle_games(pente::Pente::start(9), 0x9E47F, 20, 90, |oracle, moves| {
        ten += usize::from(oracle.captured.iter().any(|&c| c >= 10));
        if moves.len() % 10 == 0 && !moves.is_empty() {
            let mut pos = game.read_position(&oracle_text(oracle)).expect("the oracle's position reads");
            assert!(oracle.shown_by(&pente::Pente::from_engine(&game, &pos)), "read back:\n{}", oracle.drawing());
            assert_eq!(game.perft(&mut pos, 2), oracle.perft(2), "perft 2 from\n{}", oracle.drawing());
            compared += 1;
        }
    });
    assert!(compared >= 10, "only {compared} positions compared on perft");
    assert!(ten >= 1, "no game reached the fifth pair");
    eprintln!("pente: perft 2 compared from {compared} positions; {ten} positions with ten stones captured");
}

/// Nine men's morris from the empty board: 24, 23 x 24, 22 x 23 x 24, 21 x 22 x 23 x 24 (no mill
/// before white's third man, ply 5), then the first mills.
#[test]
fn perft_nine_mens_morris() {
    let counts = perft_agrees("nine-mens-morris", &[], morris::Morris::start(), 1..=4);
    assert_eq!(counts, [24, 552, 12144, 255024]);
}

/// Random games of Nine men's morris: placing with mills and removals, men spared in mills,
/// stepping, flying at three men, the two-men and blocked losses compared at every ply; perft 3
/// from positions of further games (those with a multiple of eight moves). Random games seldom
/// put every enemy man in a mill: [`positions_nine_mens_morris`] sets that up.
#[test]
fn random_games_nine_mens_morris() {
    let finished = random_games_of("nine-mens-morris", &[], morris::Morris::start(), 0x3_0225, 40, 300);
    assert!(finished >= 20, "only {finished} of 40 games ended");
    let game = game("nine-mens-morris", &[]);
    let (mut compared, mut flying) = (0, 0);
    oracle_games(morris::Morris::start(), 0x3_0226, 20, 300, |oracle, moves| {
        flying += usize::from(!oracle.placing() && oracle.men(oracle.side) == 3 && !moves.is_empty());
        if moves.len() % 8 == 0 && !moves.is_empty() {
            let mut pos = game.read_position(&oracle.text()).expect("the oracle's position reads");
            assert!(oracle.shown_by(&morris::Morris::from_engine(&game, &pos)), "read back:\n{}", oracle.drawing());
            assert_eq!(game.perft(&mut pos, 3), oracle.perft(3), "perft 3 from\n{}", oracle.drawing());
            compared += 1;
        }
    });
    assert!(compared >= 20, "only {compared} positions compared on perft");
    assert!(flying >= 1, "no game reached three men");
    eprintln!("nine-mens-morris: perft 3 from {compared} positions; {flying} positions with flying");
}

/// Perft 3 from set positions where random games rarely go: every enemy man in a mill (any may
/// be taken), while placing and while flying; two mills closed at once; a blocked player.
#[test]
fn positions_nine_mens_morris() {
    let game = game("nine-mens-morris", &[]);
    for text in [
        "BBB/3/3/6/3/3/WW1 w place:2,3",
        "BBB/1B1/1B1/6/3/3/WW1 w place:2,5",
        "BBB/3/3/1W4/3/W2/W2 w move",
        "3/3/W2/WW4/W2/3/WB1 w place:5,5",
        "BWB/3/3/BW3W/3/3/BW1 b move",
    ] {
        let mut pos = game.read_position(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let oracle = morris::Morris::from_engine(&game, &pos);
        assert_eq!(oracle.text(), text, "the oracle reads the position back");
        let diff = differences(&game, &pos, &oracle);
        assert!(diff.is_empty(), "{text}:\n{diff}");
        assert_eq!(game.perft(&mut pos, 3), oracle.perft(3), "perft 3 from {text}");
    }
}

/// Fanorona from the start: five captures into the centre (worked by hand on the game's page),
/// then the chains of the replies.
#[test]
fn perft_fanorona() {
    let counts = perft_agrees("fanorona", &[], fanorona::Fanorona::start(), 1..=4);
    assert_eq!(counts[0], 5);
}

/// Random Fanorona games: chains of approach and withdrawal, the choice between them, paika
/// when nothing can be taken, and both ends compared at every ply; the notation of every move
/// read back; perft 2 from every tenth position.
#[test]
fn random_games_fanorona() {
    let finished = random_games_of("fanorona", &[], fanorona::Fanorona::start(), 0xFA_0000, 40, 300);
    assert!(finished >= 10, "only {finished} of 40 games ended");
    let game = game("fanorona", &[]);
    let mut compared = 0;
    let mut longest = 0;
    oracle_games(fanorona::Fanorona::start(), 0xFA_0001, 20, 200, |oracle, moves| {
        longest = longest.max(moves.values().map(|m| m.path.len()).max().unwrap_or(0));
        if moves.len() % 10 == 0 && !moves.is_empty() {
            let mut pos = game.read_position(&fanorona_text(oracle)).expect("the oracle's position reads");
            assert!(oracle.shown_by(&fanorona::Fanorona::from_engine(&game, &pos)), "read back:\n{}", oracle.drawing());
            assert_eq!(game.perft(&mut pos, 2), oracle.perft(2), "perft 2 from\n{}", oracle.drawing());
            for mv in game.legal_moves(&pos) {
                let text = game.move_name(&pos, mv);
                assert_eq!(game.parse_move(&pos, &text).ok(), Some(mv), "{text} reads back in\n{}", oracle.drawing());
            }
            compared += 1;
        }
    });
    assert!(compared >= 10, "only {compared} positions compared on perft");
    assert!(longest >= 3, "no chain of three captures among the moves seen");
    eprintln!("fanorona: perft 2 compared from {compared} positions; chains of up to {longest} steps");
}

/// A Fanorona position of the oracle in the engine's notation: rows from the top, the side.
fn fanorona_text(p: &fanorona::Fanorona) -> String {
    let rows = rows_text(9, 5, |sq| p.at(sq).map(|owner| if owner == fanorona::WHITE { 'W' } else { 'B' }));
    format!("{rows} {}", if p.side == fanorona::WHITE { "w" } else { "b" })
}

/// A board's rows from the top, as position notation writes them: a piece's letter, a run of
/// empty cells as its length, rows joined by '/'.
fn rows_text(width: i32, height: i32, mark: impl Fn((i32, i32)) -> Option<char>) -> String {
    let rows: Vec<String> = (0..height)
        .rev()
        .map(|y| {
            let (mut row, mut empty) = (String::new(), 0);
            for x in 0..width {
                match mark((x, y)) {
                    None => empty += 1,
                    Some(letter) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(letter);
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    rows.join("/")
}

/// A Pente position of the oracle in the engine's notation: rows from the top, the side, the
/// captured stones.
fn oracle_text(p: &pente::Pente) -> String {
    let rows = rows_text(p.size, p.size, |sq| p.at(sq).map(|owner| if owner == pente::WHITE { 'w' } else { 'b' }));
    let side = if p.side == pente::WHITE { "w" } else { "b" };
    format!("{rows} {side} captured:stone={},{}", p.captured[0], p.captured[1])
}

/// Plays `line` (moves as `show` writes them) from the rules' start `start` on the engine and
/// the oracle, comparing at every position what the random games compare.
fn line_agrees<O: Oracle>(id: &str, params: &[(String, i64)], start: O, line: &[&str]) {
    let game = game(id, params);
    let mut pos = Position::start(&game);
    check_start(&game, &pos, &start);
    let mut oracle = start;
    let mut played: Vec<&str> = Vec::new();
    for next in line.iter().map(Some).chain([None]) {
        let diff = differences(&game, &pos, &oracle);
        assert!(diff.is_empty(), "{id} {params:?}, after {}:\n{diff}", played.join(" "));
        let Some(&text) = next else { break };
        let expected = oracle_moves(&oracle);
        let (key, mv) = expected
            .iter()
            .find(|(key, _)| show(key) == text)
            .unwrap_or_else(|| panic!("{id}: {text} is not legal by the rules after {}", played.join(" ")));
        let (engine, _) = engine_moves(&game, &pos);
        let after = oracle.play(mv);
        game.make(&mut pos, engine[key]);
        played.push(text);
        let reached = O::from_engine(&game, &pos);
        assert!(
            after.shown_by(&reached),
            "{id} {params:?}, after {}: the engine reaches\n{}but the rules give\n{}",
            played.join(" "),
            reached.drawing(),
            after.drawing()
        );
        oracle = after;
    }
}

/// En passant, which neither perft from the start nor the random games meet often, along lines
/// from the start: offered right after a 2- or 3-cell advance, taken, or gone a move later.
#[test]
fn en_passant_lines_hexasah() {
    let start = hexasah::Hexasah::start();
    let three = hexasah::EN_PASSANT_AFTER_THREE_CELLS;
    line_agrees("hexasah", &[], start.clone(), &three);
    line_agrees("hexasah", &[], start.clone(), &[&three[..7], &["f5-g4 x h5"]].concat());
    let two = hexasah::EN_PASSANT_AFTER_TWO_CELLS;
    line_agrees("hexasah", &[], start.clone(), &two);
    line_agrees("hexasah", &[], start, &[&two[..8], &["e8-f9 x g8"]].concat());
}

const HEXASAH_SEED: u64 = 0x4E8A_5A40;
const HEXASAH_GAMES: usize = 30;
const HEXASAH_PLIES: usize = 150;

#[test]
fn random_games_hexasah() {
    random_games_of("hexasah", &[], hexasah::Hexasah::start(), HEXASAH_SEED, HEXASAH_GAMES, HEXASAH_PLIES);
}

/// The games a random-games test plays, played by the oracle alone: while the engine agrees
/// with the oracle the two pick the same moves. `visit` sees every position and its legal moves.
fn oracle_games<O: Oracle>(start: O, seed: u64, games: usize, plies: usize, mut visit: impl FnMut(&O, &BTreeMap<Key, O::Move>)) {
    let mut rng = SplitMix64(seed);
    for _ in 0..games {
        let mut oracle = start.clone();
        for _ in 0..plies {
            let moves = oracle_moves(&oracle);
            visit(&oracle, &moves);
            if moves.is_empty() {
                break;
            }
            let (_, mv) = pick(&moves, &mut rng);
            oracle = oracle.play(mv);
        }
    }
}

/// The random Hexasah games put the special rules before the engine: en passant, both
/// castlings of both sides, promotion, check, checkmate; counted over the positions of the games
/// as the oracle plays them (the engine's, while it agrees).
#[test]
fn random_games_hexasah_meet_every_rule() {
    let (mut positions, mut en_passant, mut promotions, mut checks, mut mates) = (0, 0, 0, 0, 0);
    let mut castlings = BTreeSet::new();
    oracle_games(hexasah::Hexasah::start(), HEXASAH_SEED, HEXASAH_GAMES, HEXASAH_PLIES, |pos, moves| {
        positions += 1;
        checks += usize::from(pos.in_check());
        mates += usize::from(moves.is_empty() && pos.in_check());
        for mv in moves.values() {
            en_passant += usize::from(mv.capture.is_some_and(|c| c != mv.to));
            promotions += usize::from(mv.promotion.is_some());
            if mv.rook.is_some() {
                castlings.insert(mv.text());
            }
        }
    });
    eprintln!("hexasah random games: {positions} positions, {checks} checks, {mates} checkmates; legal there:");
    eprintln!("  {en_passant} en passant, {promotions} promotions, castlings {castlings:?}");
    assert!(en_passant > 0 && promotions > 0 && checks > 0 && mates > 0);
    assert_eq!(castlings.into_iter().collect::<Vec<_>>(), ["j1-f1", "j1-n1", "j11-f11", "j11-n11"]);
}

// ----------------------------------------------------------------------------------------------
// The oracles' own figures, printed for cross-checking (`-- --nocapture oracle_figures`)

#[test]
fn oracle_figures() {
    let counts = |o: &dyn Fn(u32) -> u64, depths: u32| (1..=depths).map(o).collect::<Vec<u64>>();
    let loa8 = counts(&|d| loa::Loa::standard(8).perft(d), 4);
    // The published number of moves from the standard start.
    assert_eq!(loa8[0], 36);
    eprintln!("loa: {loa8:?}");
    eprintln!("loa size 6: {:?}", counts(&|d| loa::Loa::standard(6).perft(d), 3));
    eprintln!("loa-scrambled: {:?}", counts(&|d| loa::Loa::scrambled().perft(d), 3));
    eprintln!("loa-6x7: {:?}", counts(&|d| loa::Loa::six_by_seven().perft(d), 3));
    let camelot = counts(&|d| camelot::Camelot::start().perft(d), 4);
    // Worked by hand in camelot::tests::fifty_moves_from_the_start.
    assert_eq!(camelot[0], 50);
    eprintln!("camelot-chessboard: {camelot:?}");
    let hexasah = counts(&|d| hexasah::Hexasah::start().perft(d), 3);
    // Worked by hand in hexasah::tests::fifty_moves_from_the_start: 50, then 50 x 50.
    assert_eq!(hexasah[..2], [50, 2500]);
    eprintln!("hexasah: {hexasah:?}");
}

#[test]
fn perft_lasca() {
    perft_agrees("lasca", &[], columns::Columns::start(columns::LASCA), 1..=6);
}

#[test]
fn perft_bashni() {
    perft_agrees("bashni", &[], columns::Columns::start(columns::BASHNI), 1..=6);
}

#[test]
fn random_games_lasca() {
    let finished = random_games_of("lasca", &[], columns::Columns::start(columns::LASCA), 0x1A5CA, GAMES, 400);
    assert!(finished >= GAMES / 2, "only {finished} of {GAMES} games ended: the end was hardly compared");
}

#[test]
fn random_games_bashni() {
    let finished = random_games_of("bashni", &[], columns::Columns::start(columns::BASHNI), 0xBA5A1, GAMES, 400);
    assert!(finished >= GAMES / 2, "only {finished} of {GAMES} games ended: the end was hardly compared");
}

/// A ring of captures an officer makes either way round, whose columns differ by the order:
/// the engine and the oracle play the same one.
#[test]
fn lasca_a_ring_taken_either_way_agrees() {
    let game = game("lasca", &[]);
    let mut pos = game.read_position("W:WKc3:BKb4,d4,b6,d6").expect("a position");
    let oracle = columns::Columns::from_engine(&game, &pos);
    let diff = differences(&game, &pos, &oracle);
    assert!(diff.is_empty(), "{diff}");
    let expected = oracle_moves(&oracle);
    for (key, &mv) in &engine_moves(&game, &pos).0 {
        let next = oracle.play(&expected[key]);
        game.make(&mut pos, mv);
        let reached = columns::Columns::from_engine(&game, &pos);
        assert!(next.shown_by(&reached), "{}: the engine reaches\n{}but the rules give\n{}", show(key), reached.drawing(), next.drawing());
        pos.unmake();
    }
}
