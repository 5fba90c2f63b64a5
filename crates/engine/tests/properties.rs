//! Property tests of the engine, for every built-in ruleset, from the start and from positions
//! reached by random move sequences:
//! - make then unmake restores the position (its notation and its state) and the hash;
//! - the incremental hash equals the hash computed from scratch after every move;
//! - every listed move's notation parses back to that same move;
//! - the position notation round trips (write, read, write) and the position read back plays
//!   the same (same moves, same result);
//! - `move_info` (what `moves --json` prints) describes what `make` does;
//! - random games end with a result within a bound (for the rulesets that fill the board);
//! - a position has no moves exactly when the game is over, and a session's outcome asked
//!   with the listed moves is its outcome;
//! - no listed move leaves a royal piece of the mover attacked;
//! - reading positions, moves and rulesets never panics, whatever the text.
//!
//! Case counts are modest so the file runs in a few seconds in the dev profile; set
//! `PROPTEST_CASES=2000` for a deeper run.

use hetproba_engine::board::CellId;
use hetproba_engine::rules::model::{Effect, PieceTypeId, PlayerId};
use hetproba_engine::{Game, Move, NO_DIR, Owner, Piece, Position, Session};
use proptest::prelude::*;
use proptest::test_runner::Config;
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// The test rulesets of tests/fixtures that the properties also walk: shapes no built-in has
/// (a later part that removes a piece; captures on a board of more than 128 cells; royal pieces
/// attacked by blocked steps).
const FIXTURES: [(&str, &str); 3] = [
    ("mills.toml", include_str!("../../../tests/fixtures/mills.toml")),
    ("wide.toml", include_str!("../../../tests/fixtures/wide.toml")),
    ("palace.toml", include_str!("../../../tests/fixtures/palace.toml")),
];

/// Every built-in ruleset and the fixtures, compiled once.
fn games() -> &'static [(&'static str, Game)] {
    static GAMES: OnceLock<Vec<(&'static str, Game)>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let fixtures = FIXTURES.iter().map(|&(name, text)| {
            let rules = hetproba_rules::load(name, text, &hetproba_rules::BuiltinFiles, &[]).unwrap_or_else(|r| panic!("{name}: {r}"));
            (name, Game::new(rules))
        });
        hetproba_rules::builtin_ids()
            .map(|id| {
                let rules = hetproba_rules::load_builtin(id, &[]).expect("a listed id").unwrap_or_else(|r| panic!("{id}: {r}"));
                (id, Game::new(rules))
            })
            .chain(fixtures)
            .collect()
    })
}

/// `cases` proptest cases, or `PROPTEST_CASES` when set (for a deeper run).
fn config(cases: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(cases);
    Config { cases, ..Config::default() }
}

/// The rulesets whose every move adds a piece to the board (or passes, and a pass is never
/// followed by another), so that every game ends within `MAX_PLIES`. Rulesets where pieces
/// move (draughts) need the draw rules of `play` to end and are not in this list.
const FILLING: [&str; 4] = ["amoba-push", "amoba-rollin", "reversi", "reversi-covered"];

/// Longer than any game of the `FILLING` rulesets on their 64-cell boards.
const MAX_PLIES: usize = 200;

/// At most 48 of a position's moves, spread evenly over the list, and fewer in a long list:
/// reading a name back lists and names every move again, and a placement game on a large board
/// (gomoku's 225 cells) has hundreds, a move of two parts (amazons) thousands.
fn sample(moves: &[Move]) -> impl Iterator<Item = (usize, Move)> + '_ {
    let most = (4000 / moves.len().max(1)).clamp(1, 48);
    let step = moves.len().div_ceil(most).max(1);
    moves.iter().copied().enumerate().step_by(step)
}

/// Plays the moves that `choices` pick (each taken modulo the number of legal moves) from the
/// start, calling `visit` on every position reached, the start included, with its legal moves.
/// Stops when the choices run out or the game ends. Returns the final position.
fn walk(game: &Game, choices: &[u16], mut visit: impl FnMut(&Position, &[Move])) -> Position {
    let mut pos = Position::start(game);
    let mut moves = Vec::new();
    for &choice in choices.iter().chain(std::iter::once(&0)) {
        game.generate(&pos, &mut moves);
        visit(&pos, &moves);
        if moves.is_empty() || pos.moves_made() == choices.len() {
            break;
        }
        let mv = moves[choice as usize % moves.len()];
        game.make(&mut pos, mv);
    }
    pos
}

fn cells(game: &Game) -> impl Iterator<Item = CellId> + use<> {
    game.board().all_cells()
}

/// The piece counts the position keeps, against a count of its cells.
fn assert_counts(game: &Game, pos: &Position, context: &str) {
    for player in PlayerId::BOTH {
        let counted = cells(game).filter(|&c| pos.at(c).is_some_and(|p| p.belongs_to(player))).count();
        assert_eq!(pos.piece_count(player) as usize, counted, "{context}: piece count of player {player:?}");
    }
    for k in 0..game.rules().pieces.len() {
        for owner in [Owner::Player(PlayerId::FIRST), Owner::Player(PlayerId::SECOND), Owner::Nobody] {
            let piece = Piece::new(PieceTypeId::new(k), owner);
            let counted = cells(game).filter(|&c| pos.at(c) == Some(piece)).count();
            assert_eq!(pos.count(piece) as usize, counted, "{context}: count of {piece:?}");
        }
    }
}

fn choices(max: usize) -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(any::<u16>(), 0..max)
}

proptest! {
    #![proptest_config(config(24))]

    #[test]
    fn make_then_unmake_restores_the_position_and_the_hash(choices in choices(100)) {
        for (id, game) in games() {
            let mut trail: Vec<(String, Position, u64)> = Vec::new();
            let end = walk(game, &choices, |pos, moves| {
                let text = game.write_position(pos);
                trail.push((text.clone(), pos.clone(), pos.hash()));
                let mut p = pos.clone();
                for (_, mv) in sample(moves) {
                    let name = game.move_name(&p, mv);
                    game.make(&mut p, mv);
                    assert_ne!(game.write_position(&p), text, "{id}: {name} changed nothing in {text}");
                    assert!(p.unmake(), "{id}: nothing to unmake after {name}");
                    assert_eq!(game.write_position(&p), text, "{id}: make/unmake {name} from {text}");
                    assert!(p == *pos, "{id}: make/unmake {name} from {text}: the position differs");
                    assert_eq!(p.hash(), pos.hash(), "{id}: make/unmake {name} from {text}: the hash differs");
                    assert_counts(game, &p, &format!("{id}: make/unmake {name} from {text}"));
                }
            });
            // Unmaking the whole game walks back through every position it passed.
            let mut pos = end;
            while let Some((text, expected, hash)) = trail.pop() {
                assert_eq!(game.write_position(&pos), text, "{id}: unmaking the game");
                assert!(pos == expected && pos.hash() == hash, "{id}: unmaking the game at {text}");
                if trail.is_empty() {
                    assert!(!pos.unmake(), "{id}: unmake past the start");
                } else {
                    assert!(pos.unmake(), "{id}: unmake at {text}");
                }
            }
        }
    }

    #[test]
    fn the_incremental_hash_equals_the_computed_hash_after_every_move(choices in choices(150)) {
        for (id, game) in games() {
            walk(game, &choices, |pos, moves| {
                let text = game.write_position(pos);
                assert_eq!(pos.hash(), pos.compute_hash(game), "{id}: at {text}");
                assert_counts(game, pos, &format!("{id}: at {text}"));
                let mut p = pos.clone();
                for (_, mv) in sample(moves) {
                    let name = game.move_name(&p, mv);
                    game.make(&mut p, mv);
                    assert_eq!(p.hash(), p.compute_hash(game), "{id}: after {name} from {text}");
                    p.unmake();
                }
            });
        }
    }

    #[test]
    fn every_listed_move_parses_back_to_the_same_move(choices in choices(150)) {
        for (id, game) in games() {
            walk(game, &choices, |pos, moves| {
                let text = game.write_position(pos);
                let names: Vec<String> = moves.iter().map(|&m| game.move_name(pos, m)).collect();
                let distinct: BTreeSet<&String> = names.iter().collect();
                assert_eq!(distinct.len(), names.len(), "{id}: two moves share a name at {text}: {names:?}");
                // Case does not matter, unless two names differ only in case (chess's `bxc3`, a
                // pawn, and `Bxc3`, a bishop).
                let folded: BTreeSet<String> = names.iter().map(|n| n.trim_end_matches(['+', '#']).to_lowercase()).collect();
                let case_free = folded.len() == names.len();
                for (i, mv) in sample(moves) {
                    let name = &names[i];
                    assert_eq!(game.parse_move(pos, name), Ok(mv), "{id}: {name} at {text}");
                    if case_free {
                        assert_eq!(game.parse_move(pos, &name.to_uppercase()), Ok(mv), "{id}: {name} in capitals at {text}");
                    }
                    assert_eq!(game.parse_move(pos, &format!(" {name} ")), Ok(mv), "{id}: {name} with spaces at {text}");
                    let info = game.move_info(pos, mv);
                    assert_eq!(&info.notation, name, "{id}: move_info at {text}");
                }
            });
        }
    }

    #[test]
    fn move_info_describes_what_the_move_does(choices in choices(150)) {
        for (id, game) in games() {
            walk(game, &choices, |pos, moves| {
                let text = game.write_position(pos);
                let mover = pos.side();
                let cell = |name: &str| game.board().find(name).unwrap_or_else(|| panic!("{id}: no cell '{name}'"));
                for (_, mv) in sample(moves) {
                    let info = game.move_info(pos, mv);
                    let what = format!("{id}: {} at {text}", info.notation);
                    let mut after = pos.clone();
                    game.make(&mut after, mv);
                    let changed: BTreeSet<String> =
                        cells(game).filter(|&c| pos.at(c) != after.at(c)).map(|c| game.board().name(c).to_string()).collect();
                    if mv.is_pass() {
                        assert!(changed.is_empty() && info.from.is_none() && info.to.is_none(), "{what}: {info:?}");
                        continue;
                    }
                    let to = info.to.clone().unwrap_or_else(|| panic!("{what}: a move that is not a pass has a 'to'"));
                    let mut flips: BTreeSet<String> = info.flips.iter().cloned().collect();
                    assert_eq!(flips.len(), info.flips.len(), "{what}: a flip listed twice");
                    for name in &info.flips {
                        assert!(after.at(cell(name)).is_some_and(|p| p.belongs_to(mover)), "{what}: {name} not turned");
                    }
                    // A later part that removes a piece: its cell is among the captures, and empty after.
                    let removed = info.part.as_ref().filter(|part| info.captures.contains(part));
                    if let Some(part) = removed {
                        assert!(pos.at(cell(part)).is_some() && after.at(cell(part)).is_none(), "{what}: the removal {part}");
                    }
                    match &info.from {
                        // A placement: no path; its captures (groups left without liberties, a
                        // later removal) held pieces of the other side and are empty after.
                        // A removal of its own: the piece on `to` leaves, and nothing else changes.
                        None if info.captures == [to.clone()] && after.at(cell(&to)).is_none() => {
                            assert!(info.path.is_empty() && pos.at(cell(&to)).is_some(), "{what}: {info:?}");
                            assert_eq!(changed, BTreeSet::from([to.clone()]), "{what}: {info:?}");
                        }
                        None => {
                            assert!(info.path.is_empty(), "{what}: {info:?}");
                            for name in &info.captures {
                                let c = cell(name);
                                assert!(pos.at(c).is_some_and(|p| !p.belongs_to(mover)) && after.at(c).is_none(), "{what}: capture {name}");
                            }
                            if mv.dir() != NO_DIR {
                                // A push shifts a run one cell: one empty cell fills, none empties,
                                // and the stones it moves are not flips.
                                let filled = cells(game).filter(|&c| pos.at(c).is_none() && after.at(c).is_some()).count();
                                let emptied = cells(game).filter(|&c| pos.at(c).is_some() && after.at(c).is_none()).count();
                                assert!(filled == 1 && emptied == 0 && info.flips.is_empty(), "{what}: push");
                            } else {
                                // Exactly the new piece, the flips and a removal change.
                                flips.insert(to.clone());
                                flips.extend(info.captures.iter().cloned());
                                assert_eq!(changed, flips, "{what}: {info:?}");
                            }
                        }
                        // A piece moves: the path ends on `to`, where the mover's piece now is;
                        // the cells it left and captured are empty (a capture by landing on `to` aside).
                        Some(from) => {
                            assert_eq!(info.path.last(), Some(&to), "{what}: {info:?}");
                            // A capture that explodes takes the capturing piece too.
                            let blast = game.rules().moves[mv.rule().index()].effects.iter().any(|e| matches!(e, Effect::Explode(_)));
                            if blast && !info.captures.is_empty() {
                                assert_eq!(after.at(cell(&to)), None, "{what}: the capturing piece on {to} did not explode");
                            } else {
                                assert!(after.at(cell(&to)).is_some_and(|p| p.belongs_to(mover)), "{what}: {to} after the move");
                            }
                            // The later part of a move may put a piece on the cell left (Amazons' arrow).
                            if *from != to && info.part.as_ref() != Some(from) {
                                assert_eq!(after.at(cell(from)), None, "{what}: {from} is not left empty");
                            }
                            if let Some(part) = info.part.as_ref().filter(|_| removed.is_none()) {
                                let free = pos.at(cell(part)).is_none() || part == from;
                                assert!(free && after.at(cell(part)).is_some(), "{what}: the later part {part}");
                            }
                            for name in info.captures.iter().filter(|c| **c != to) {
                                if game.rules().stacks.is_some() {
                                    // A capture takes a column's top: the rest stays.
                                    assert_eq!(after.height(cell(name)) + 1, pos.height(cell(name)), "{what}: {name} does not lose its top");
                                } else {
                                    assert_eq!(after.at(cell(name)), None, "{what}: {name} is captured but not removed");
                                }
                            }
                        }
                    }
                }
            });
        }
    }

    #[test]
    fn position_notation_round_trips_and_plays_the_same(choices in choices(150)) {
        for (id, game) in games() {
            walk(game, &choices, |pos, moves| {
                let text = game.write_position(pos);
                let read = game.read_position(&text).unwrap_or_else(|e| panic!("{id}: {text} does not read back: {e}"));
                assert_eq!(game.write_position(&read), text, "{id}: write, read, write");
                assert!(read == *pos, "{id}: {text} reads back as a different position");
                assert_eq!(read.hash(), pos.hash(), "{id}: {text} reads back with another hash");
                assert_eq!(read.compute_hash(game), read.hash(), "{id}: {text}");
                assert_counts(game, &read, &format!("{id}: {text} read back"));
                // The position read back has no history; it must still play the same.
                assert_eq!(game.legal_moves(&read), moves, "{id}: {text} read back has other moves");
                assert_eq!(game.outcome(&read), game.outcome(pos), "{id}: {text} read back has another result");
            });
        }
    }

    #[test]
    fn a_position_has_no_moves_exactly_when_the_game_is_over(choices in choices(150)) {
        for (id, game) in games() {
            walk(game, &choices, |pos, moves| {
                let text = game.write_position(pos);
                let outcome = game.outcome(pos);
                assert_eq!(moves.is_empty(), outcome.is_some(), "{id}: at {text}: moves {moves:?}, outcome {outcome:?}");
                assert_eq!(game.has_moves(pos), !moves.is_empty(), "{id}: has_moves at {text}");
            });
        }
    }

    #[test]
    fn the_outcome_given_the_listed_moves_is_the_outcome(choices in choices(150)) {
        for (id, game) in games() {
            let mut session = Session::new(game, Position::start(game));
            let mut moves = Vec::new();
            for &choice in &choices {
                game.generate(session.position(), &mut moves);
                let outcome = session.outcome();
                assert_eq!(session.outcome_given(&moves), outcome, "{id}: after {:?}", session.moves());
                if outcome.is_some() || moves.is_empty() {
                    break;
                }
                session.play_unchecked(moves[choice as usize % moves.len()]);
            }
        }
    }

    /// Read back after each listed move, the position is one a legal move leads to: no royal
    /// piece of the player who moved stands attacked (`read_position` refuses such a position,
    /// asking the attack rules of the whole board, not the shortcuts of move generation).
    #[test]
    fn no_listed_move_leaves_a_royal_piece_attacked(choices in choices(150)) {
        let royal = |game: &Game| game.rules().pieces.iter().any(|p| p.royal);
        for (id, game) in games().iter().filter(|(_, game)| royal(game)) {
            walk(game, &choices, |pos, moves| {
                let mut p = pos.clone();
                for &mv in moves {
                    let name = game.move_name(&p, mv);
                    game.make(&mut p, mv);
                    let after = game.write_position(&p);
                    if let Err(e) = game.read_position(&after) {
                        panic!("{id}: {name} from {}: {e}", game.write_position(pos));
                    }
                    p.unmake();
                }
            });
        }
    }

    #[test]
    fn random_games_end_with_a_result_within_the_bound(choices in prop::collection::vec(any::<u16>(), MAX_PLIES..=MAX_PLIES)) {
        for (id, game) in games().iter().filter(|(id, _)| FILLING.contains(id)) {
            let end = walk(game, &choices, |_, _| {});
            let text = game.write_position(&end);
            let outcome = game.outcome(&end);
            assert!(outcome.is_some(), "{id}: no result after {} plies: {text}", end.moves_made());
            assert!(game.legal_moves(&end).is_empty(), "{id}: {text}");
            assert!(end.moves_made() <= 130, "{id}: a game of {} plies", end.moves_made());
            let outcome = outcome.unwrap();
            assert!(!outcome.reason.is_empty(), "{id}: a result gives its reason");
            // A 'most pieces' ending names the winner by the counts.
            if id.starts_with("reversi") {
                let (black, white) = (end.piece_count(PlayerId::FIRST), end.piece_count(PlayerId::SECOND));
                let winner = match black.cmp(&white) {
                    std::cmp::Ordering::Greater => Some(PlayerId::FIRST),
                    std::cmp::Ordering::Less => Some(PlayerId::SECOND),
                    std::cmp::Ordering::Equal => None,
                };
                assert_eq!(outcome.winner, winner, "{id}: {text}: {outcome:?}");
            }
        }
    }
}

// ----------------------------------------------------------------------------------------------
// Robustness: text from users never makes the engine or the loader panic.

/// Text that looks like a position: rows of short digit runs (long runs overflow: see the ignored
/// test in cli.rs), piece symbols and noise, then
/// fields that look like a side and a phase.
fn position_like() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("1".to_string()),
        Just("3".to_string()),
        Just("8".to_string()),
        Just("9".to_string()),
        Just("12".to_string()),
        Just("x".to_string()),
        Just("o".to_string()),
        Just("#".to_string()),
        Just("/".to_string()),
        Just(" ".to_string()),
        Just("b".to_string()),
        Just("w".to_string()),
        Just(":".to_string()),
        Just("play".to_string()),
        Just("blocking".to_string()),
        Just("z".to_string()),
        Just("é".to_string()),
    ];
    prop::collection::vec(token, 0..40).prop_map(|t| t.concat())
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn reading_any_position_text_never_panics(text in position_like(), start in "[0-9x/ ]{0,6}") {
        for (_, game) in games() {
            let text = format!("{start}{text}");
            if let Ok(pos) = game.read_position(&text) {
                // Whatever reads must write back and read again to the same position.
                let written = game.write_position(&pos);
                let again = game.read_position(&written).expect("a written position reads");
                assert!(again == pos, "{text:?} -> {written:?}");
                let _ = game.legal_moves(&pos);
                let _ = game.outcome(&pos);
            }
        }
    }

    #[test]
    fn parsing_any_move_text_never_panics(text in "\\PC{0,8}") {
        for (_, game) in games() {
            let pos = Position::start(game);
            if let Ok(mv) = game.parse_move(&pos, &text) {
                assert!(game.legal_moves(&pos).contains(&mv));
            }
        }
    }
}

/// A built-in ruleset's text with one line removed, duplicated or changed.
fn mangled_ruleset() -> impl Strategy<Value = (usize, usize, u8, String)> {
    let n = hetproba_rules::builtin_ids().count();
    (0..n, any::<prop::sample::Index>(), 0u8..4, "[a-z0-9=\"\\[\\]{},.()# -]{0,6}")
        .prop_map(|(r, line, how, insert)| (r, line.index(1000), how, insert))
}

proptest! {
    #![proptest_config(config(200))]

    #[test]
    fn loading_a_mangled_ruleset_never_panics((r, line, how, insert) in mangled_ruleset()) {
        let id = hetproba_rules::builtin_ids().nth(r).unwrap();
        let text = hetproba_rules::builtin_text(id).unwrap();
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let i = line % lines.len();
        match how {
            0 => { lines.remove(i); }
            1 => { let l = lines[i].clone(); lines.insert(i, l); }
            2 => { let l = &lines[i]; let at = l.char_indices().map(|(k, _)| k).nth(l.chars().count() / 2).unwrap_or(0); lines[i].insert_str(at, &insert); }
            _ => { lines[i] = insert.clone(); }
        }
        let text = lines.join("\n");
        match hetproba_rules::load(&format!("rules/{id}.toml"), &text, &hetproba_rules::BuiltinFiles, &[]) {
            Ok(rules) => {
                // A ruleset that loads compiles and plays.
                let game = Game::new(rules);
                let pos = Position::start(&game);
                let _ = game.legal_moves(&pos);
                let _ = game.write_position(&pos);
            }
            Err(report) => {
                // Every problem is reported; each one with a place renders without panicking.
                assert!(!report.diagnostics.is_empty());
                let rendered = report.to_string();
                assert!(!rendered.is_empty());
            }
        }
    }
}

// Inputs the fuzz targets (fuzz/, `cargo xtask fuzz`) found, each kept as a test.

/// A built-in ruleset with one line of its text replaced, compiled.
fn builtin_with(id: &str, line: &str, replacement: &str) -> Game {
    let text = hetproba_rules::builtin_text(id).unwrap();
    assert!(text.contains(line), "{id} has the line {line:?}");
    let text = text.replacen(line, replacement, 1);
    let rules =
        hetproba_rules::load(&format!("rules/{id}.toml"), &text, &hetproba_rules::BuiltinFiles, &[]).unwrap_or_else(|r| panic!("{r}"));
    Game::new(rules)
}

/// ruleset_load: chess with a rook set up off the back row (a6). The start marked it as never
/// moved though it castles with nothing; FEN, which writes castling rights rather than marks,
/// then read the start back as another position.
#[test]
fn fuzzed_a_castling_piece_set_up_where_it_castles_with_nothing_reads_back() {
    let game = builtin_with("chess", r#"rook = ["a8", "h8"]"#, r#"rook = ["a6", "h8"]"#);
    let start = Position::start(&game);
    let fen = game.write_position(&start);
    assert_eq!(fen, "1nbqkbnr/pppppppp/r7/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1");
    assert!(game.read_position(&fen).unwrap() == start, "{fen} reads back as the start");
}

/// ruleset_load: Hexasah with its column step made a (5, 2) offset, which no move rule can read
/// backwards, so "is this cell attacked?" generates the other side's moves. Castling asked it,
/// and the other side's castling asked it back, until the stack overflowed. Castling captures
/// nothing, so attacks are generated without it.
#[test]
fn fuzzed_castling_in_a_game_whose_attacks_are_generated_ends() {
    let game = builtin_with(
        "hexasah",
        r#"n = { by = [0, 2], blocked-by = [[-1, 1], [1, 1]], symbol = "^" }"#,
        r#"n = { by = [5, 2], blocked-by = [[-10, 1], [1, 1]], symbol = "^" }"#,
    );
    let pos = game.read_position("t3r2t/9/8/9/8/9/8/9/8/9/T3R2T w unmoved:b1,j1,p1,b11,j11,p11").unwrap();
    let names = game.move_names(&pos, &game.legal_moves(&pos));
    // Both castlings, nothing of the other side's standing on their cells.
    assert!(names.contains(&"Rj1-f1".to_string()) && names.contains(&"Rj1-n1".to_string()), "{names:?}");
}
