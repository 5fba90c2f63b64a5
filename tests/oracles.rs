//! Oracles: small brute-force move generators written from the rules of two games alone (Lines
//! of Action as in Sackson's "A Gamut of Games", and Mészáros Mihály's small Camelot on a
//! chessboard), never from the engine, and the tests that hold the engine to them:
//! - perft from the start, depth by depth; a mismatch prints a divide down to the first
//!   position where the two move lists differ;
//! - random games from the start: at every ply the two sets of legal moves, the position each
//!   move leads to, and whether the game is over and who won.
//!
//! The oracles have their own unit tests, on positions whose moves are counted by hand
//! (`loa::tests`, `camelot::tests`).

#[path = "oracles/camelot.rs"]
mod camelot;
#[path = "oracles/loa.rs"]
mod loa;

use hetproba_engine::{Game, Move, Position, owner_tag, piece_type};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Debug;

// ----------------------------------------------------------------------------------------------
// What the engine and the oracles are compared on

/// A move as both sides can name it: (from, to, captured cells sorted, is it a pass).
type Key = (Option<String>, Option<String>, Vec<String>, bool);

fn show(key: &Key) -> String {
    if key.3 {
        return "pass".to_string();
    }
    let mut out = format!("{}-{}", key.0.as_deref().unwrap_or("?"), key.1.as_deref().unwrap_or("?"));
    if !key.2.is_empty() {
        out.push_str(&format!(" x {}", key.2.join(",")));
    }
    out
}

fn sorted_key(mut key: Key) -> Key {
    key.2.sort();
    key
}

fn engine_key(game: &Game, pos: &Position, mv: Move) -> Key {
    if mv.is_pass() {
        return (None, None, Vec::new(), true);
    }
    let info = game.move_info(pos, mv);
    sorted_key((info.from, info.to, info.captures, false))
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
            let code = pos.at(id as u16);
            let piece = match owner_tag(code) {
                0 => None,
                tag @ (1 | 2) => Some((tag - 1, game.rules().pieces[piece_type(code) as usize].name.clone())),
                other => panic!("{}: owner tag {other} on {}", game.rules().id, cell.name),
            };
            EngineSquare { x: cell.x, y: cell.y, name: cell.name.clone(), piece }
        })
        .collect()
}

/// What the comparison needs from an oracle position.
trait Oracle: Clone + PartialEq + Debug {
    type Move;
    /// The engine's position, read through cell names, owners and piece type names.
    fn from_engine(game: &Game, pos: &Position) -> Self;
    fn moves(&self) -> Vec<Self::Move>;
    fn play(&self, mv: &Self::Move) -> Self;
    /// `Some(Some(winner))`, `Some(None)` for a draw, `None` while the game goes on.
    fn result(&self) -> Option<Option<u8>>;
    fn key(mv: &Self::Move) -> Key;
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
        out.side = pos.side();
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

    fn key(mv: &loa::Move) -> Key {
        sorted_key(mv.key())
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
        out.side = pos.side();
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

    fn key(mv: &camelot::Move) -> Key {
        sorted_key(mv.key())
    }

    fn perft(&self, depth: u32) -> u64 {
        camelot::Camelot::perft(self, depth)
    }

    fn drawing(&self) -> String {
        camelot::Camelot::drawing(self)
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
    let out: BTreeMap<Key, O::Move> = moves.into_iter().map(|m| (O::key(&m), m)).collect();
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
    let engine_result = game.outcome(pos).map(|o| o.winner);
    if engine_result != oracle.result() {
        report.push_str(&format!("  result: engine {engine_result:?}, rules {:?} (Some(winner), Some(None) a draw)\n", oracle.result()));
    }
    if report.is_empty() {
        return report;
    }
    format!("{}{report}  ({} moves by the engine, {} by the rules)\n", oracle.drawing(), engine.len(), expected.len())
}

/// Why the engine's perft from `pos` differs from the oracle's: the first root move whose
/// counts differ (a divide), followed down to the first position whose move lists differ.
fn explain<O: Oracle>(game: &Game, pos: &mut Position, depth: u32, line: &mut Vec<String>) -> String {
    let oracle = O::from_engine(game, pos);
    let here = if line.is_empty() { "from the start".to_string() } else { format!("after {}", line.join(" ")) };
    let diff = differences(game, pos, &oracle);
    if !diff.is_empty() {
        return format!("{here}:\n{diff}");
    }
    if depth <= 1 {
        return format!("{here}: no difference in the moves");
    }
    let (engine, _) = engine_moves(game, pos);
    let expected = oracle_moves(&oracle);
    for (key, &mv) in &engine {
        let next = oracle.play(&expected[key]);
        game.make(pos, mv);
        let reached = O::from_engine(game, pos);
        if reached != next {
            let text = format!("{here}, {}: the engine reaches\n{}but the rules give\n{}", show(key), reached.drawing(), next.drawing());
            pos.unmake();
            return text;
        }
        let (ours, theirs) = (game.perft(pos, depth - 1), next.perft(depth - 1));
        if ours != theirs {
            line.push(show(key));
            let deeper = explain::<O>(game, pos, depth - 1, line);
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
    let read = O::from_engine(&game, &pos);
    assert_eq!(read, start, "{id}: the ruleset's start is not the rules' start:\n{}the rules:\n{}", read.drawing(), start.drawing());
    let mut counts = Vec::new();
    for depth in depths {
        let expected = start.perft(depth);
        let engine = game.perft(&mut pos, depth);
        if engine != expected {
            let why = explain::<O>(&game, &mut pos, depth, &mut Vec::new());
            panic!("{id} {params:?} perft {depth}: engine {engine}, rules {expected}\n{why}");
        }
        counts.push(expected);
    }
    eprintln!("{id} {params:?} perft: {counts:?}");
    counts
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

/// Random games from the start: at every ply the legal move sets, the result, and the position
/// each played move leads to must agree.
fn random_games<O: Oracle>(id: &str, params: &[(String, i64)], seed: u64) {
    random_games_of::<O>(id, params, seed, GAMES, PLIES);
}

/// As [`random_games`], with the number of games and the plies each may last.
fn random_games_of<O: Oracle>(id: &str, params: &[(String, i64)], seed: u64, games: usize, plies: usize) -> usize {
    let game = game(id, params);
    let mut rng = SplitMix64(seed);
    let mut finished = 0;
    for number in 0..games {
        let mut pos = Position::start(&game);
        let mut line: Vec<String> = Vec::new();
        for _ in 0..plies {
            let oracle = O::from_engine(&game, &pos);
            let diff = differences(&game, &pos, &oracle);
            assert!(diff.is_empty(), "{id} {params:?}, game {number} (seed {seed}), after {}:\n{diff}", line.join(" "));
            let (engine, _) = engine_moves(&game, &pos);
            if engine.is_empty() {
                finished += 1;
                break;
            }
            let (key, &mv) = engine.iter().nth(rng.below(engine.len())).expect("a move");
            let expected = oracle.play(&oracle_moves(&oracle)[key]);
            game.make(&mut pos, mv);
            let reached = O::from_engine(&game, &pos);
            line.push(show(key));
            assert!(
                reached == expected,
                "{id} {params:?}, game {number} (seed {seed}), after {}: the engine reaches\n{}but the rules give\n{}",
                line.join(" "),
                reached.drawing(),
                expected.drawing()
            );
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

// ----------------------------------------------------------------------------------------------
// Random games

#[test]
fn random_games_loa() {
    random_games::<loa::Loa>("loa", &[], 0x10A_0008);
}

/// Random games on 12 x 12 last hundreds of plies (500 to 900 in a few tries): long enough
/// for them to end, so that the end by connection on 144 cells is compared too.
#[test]
fn random_games_loa_size_12() {
    let finished = random_games_of::<loa::Loa>("loa", &size(12), 0x10A_0012, 6, 3000);
    assert!(finished >= 3, "only {finished} of 6 games ended: the end by connection was hardly compared");
}

#[test]
fn random_games_loa_scrambled() {
    random_games::<loa::Loa>("loa-scrambled", &[], 0x10A_5C4A);
}

#[test]
fn random_games_loa_6x7() {
    random_games::<loa::Loa>("loa-6x7", &[], 0x10A_0607);
}

#[test]
fn random_games_camelot_chessboard() {
    random_games::<camelot::Camelot>("camelot-chessboard", &[], 0xCA3E_1075);
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
}
