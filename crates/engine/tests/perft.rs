//! Perft tables: `tests/perft/<ruleset id>.perft` holds move-tree counts from published sources
//! or worked by hand (each file says which), never produced by this engine.
//!
//! File format, one command per line; a line starting with `#` is a comment (`#` elsewhere is
//! data: it is the blocking stone in reversi-covered positions):
//! - `position start` or `position <position in the ruleset's notation>` (default: start);
//!   it applies to the `perft` lines after it.
//! - `count moves` or `count paths` (default: moves): how the `perft` lines after it count
//!   captures that take the same pieces along different paths (`perft --count`).
//! - `perft <depth> <nodes>`, optionally followed by `long`: a long line runs only when
//!   `HETPROBA_LONG_PERFT=1` is set, or in the ignored test `long_perft_tables`
//!   (`cargo test -p hetproba-engine --test perft -- --ignored`).

use hetproba_engine::{Counting, Game, Position};
use std::path::{Path, PathBuf};

/// One expected count.
#[derive(Debug)]
struct Case {
    /// `file:line`, for messages.
    place: String,
    ruleset: String,
    position: Option<String>,
    depth: u32,
    nodes: u64,
    long: bool,
    counting: Counting,
}

fn perft_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/perft")
}

fn perft_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(perft_dir())
        .expect("tests/perft exists")
        .map(|e| e.expect("a readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    files
}

/// Reads every case of every file; a line that is not understood is an error, not skipped.
fn read_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for file in perft_files() {
        let ruleset = file.file_stem().and_then(|s| s.to_str()).expect("a UTF-8 file name").to_string();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&file).expect("a readable perft file");
        let mut position: Option<String> = None;
        let mut counting = Counting::Moves;
        for (i, line) in text.lines().enumerate() {
            let place = format!("tests/perft/{name}:{}", i + 1);
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            match command {
                "position" => {
                    let rest = rest.trim();
                    assert!(!rest.is_empty(), "{place}: 'position' needs 'start' or a position");
                    position = (rest != "start").then(|| rest.to_string());
                }
                "count" => {
                    counting = match rest.trim() {
                        "moves" => Counting::Moves,
                        "paths" => Counting::Paths,
                        other => panic!("{place}: 'count' takes moves or paths, not {other:?}"),
                    };
                }
                "perft" => {
                    let fields: Vec<&str> = rest.split_whitespace().collect();
                    let (depth, nodes, long) = match fields.as_slice() {
                        [d, n] => (d, n, false),
                        [d, n, "long"] => (d, n, true),
                        _ => panic!("{place}: expected 'perft <depth> <nodes> [long]', found {line:?}"),
                    };
                    cases.push(Case {
                        place,
                        ruleset: ruleset.clone(),
                        position: position.clone(),
                        depth: depth.parse().unwrap_or_else(|_| panic!("bad depth in {line:?}")),
                        nodes: nodes.parse().unwrap_or_else(|_| panic!("bad node count in {line:?}")),
                        long,
                        counting,
                    });
                }
                other => panic!("{place}: unknown command '{other}'"),
            }
        }
    }
    cases
}

fn game(id: &str) -> Game {
    let rules = hetproba_rules::load_builtin(id, &[])
        .unwrap_or_else(|| panic!("tests/perft/{id}.perft names no built-in ruleset"))
        .unwrap_or_else(|report| panic!("{id} does not load:\n{report}"));
    Game::new(rules)
}

/// Runs the cases; returns one message per mismatch.
fn run(cases: &[&Case]) -> Vec<String> {
    let mut failures = Vec::new();
    for case in cases {
        let game = game(&case.ruleset);
        let mut pos = match &case.position {
            Some(text) => game.read_position(text).unwrap_or_else(|e| panic!("{}: {e}", case.place)),
            None => Position::start(&game),
        };
        let before = (pos.clone(), pos.hash());
        // The path the CLI takes: the root split across threads.
        let divided: u64 = game.perft_divide_counting(&pos, case.depth, case.counting, true, &|_, _| {}).iter().map(|(_, n)| n).sum();
        if divided != case.nodes {
            failures
                .push(format!("{}: {} perft {} (root split) is {divided}, expected {}", case.place, case.ruleset, case.depth, case.nodes));
        }
        // The plain recursive count, on the same position, for depths that take no time.
        if !case.long {
            let plain = game.perft_counting(&mut pos, case.depth, case.counting);
            if plain != case.nodes {
                failures.push(format!("{}: {} perft {} is {plain}, expected {}", case.place, case.ruleset, case.depth, case.nodes));
            }
            assert!(pos == before.0 && pos.hash() == before.1, "{}: perft changed the position", case.place);
        }
    }
    failures
}

fn long_wanted() -> bool {
    std::env::var("HETPROBA_LONG_PERFT").is_ok_and(|v| v == "1")
}

#[test]
fn perft_tables() {
    let cases = read_cases();
    let selected: Vec<&Case> = cases.iter().filter(|c| !c.long || long_wanted()).collect();
    assert!(selected.len() >= 18, "the perft files hold fewer cases than expected: {}", selected.len());
    let failures = run(&selected);
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// Cell sets have one width per game (the fewest words that hold the board), and the generator
/// is one code path at each width: a game run with wider sets must count exactly alike. Every
/// short case of the files, at every width wider than its board needs.
#[test]
fn every_width_counts_the_cases_alike() {
    let cases = read_cases();
    let mut failures = Vec::new();
    for case in cases.iter().filter(|c| !c.long && c.nodes <= 300_000) {
        let rules = game(&case.ruleset).rules().clone();
        for width in rules.board.width().at_least().skip(1) {
            let game = Game::with_width(rules.clone(), width);
            let mut pos = match &case.position {
                Some(text) => game.read_position(text).unwrap_or_else(|e| panic!("{}: {e}", case.place)),
                None => Position::start(&game),
            };
            let nodes = game.perft_counting(&mut pos, case.depth, case.counting);
            if nodes != case.nodes {
                failures.push(format!(
                    "{}: {} perft {} with sets of {width:?} is {nodes}, expected {}",
                    case.place, case.ruleset, case.depth, case.nodes
                ));
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// The same for every built-in ruleset, with or without a perft file: from the start, at each
/// wider width, the counts of the first plies (each depth while the last had at most 2,000
/// leaves) are those of the board's own width.
#[test]
fn every_width_counts_every_ruleset_alike() {
    for id in hetproba_rules::builtin_ids() {
        let rules = game(id).rules().clone();
        let native = Game::new(rules.clone());
        let mut depths: Vec<(u32, u64)> = Vec::new();
        while depths.last().is_none_or(|&(d, n)| n <= 2_000 && d < 6) {
            let depth = depths.len() as u32 + 1;
            depths.push((depth, native.perft(&mut Position::start(&native), depth)));
        }
        for width in rules.board.width().at_least().skip(1) {
            let game = Game::with_width(rules.clone(), width);
            for &(depth, nodes) in &depths {
                assert_eq!(game.perft(&mut Position::start(&game), depth), nodes, "{id} perft {depth} with sets of {width:?}");
            }
        }
    }
}

#[test]
#[ignore = "long: reversi perft 9 and 10, draughts perft 8, checkers perft 10; run with --ignored or HETPROBA_LONG_PERFT=1"]
fn long_perft_tables() {
    let cases = read_cases();
    let selected: Vec<&Case> = cases.iter().filter(|c| c.long).collect();
    assert!(!selected.is_empty());
    let failures = run(&selected);
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn the_perft_files_hold_the_counts_the_issue_names() {
    let cases = read_cases();
    for id in [
        "amoba-rollin",
        "amoba-push",
        "reversi",
        "reversi-covered",
        "draughts-brazilian",
        "draughts-russian",
        "draughts-polish64",
        "draughts-international",
        "checkers-english",
    ] {
        assert!(cases.iter().any(|c| c.ruleset == id), "tests/perft/{id}.perft is missing or empty");
    }
    // The checks the issue names are there.
    let has = |id: &str, depth: u32, nodes: u64| {
        cases.iter().any(|c| c.ruleset == id && c.position.is_none() && c.depth == depth && c.nodes == nodes)
    };
    for (depth, nodes) in [(1, 4), (2, 12), (3, 56), (4, 244), (5, 1396), (6, 8200), (7, 55092), (8, 390216), (9, 3005288)] {
        assert!(has("reversi", depth, nodes), "reversi perft {depth} = {nodes} is not in the table");
    }
    assert!(has("reversi-covered", 4, 60 * 59 * 58 * 57));
    assert!(has("amoba-rollin", 1, 28) && has("amoba-push", 1, 28));
}

/// The draughts checks of issue 3 ("Checks that must pass in the test suite"): perft from the
/// start with the published counts, depth by depth; the deeper published counts are there as long
/// lines.
#[test]
fn the_perft_files_hold_the_draughts_counts_the_issue_names() {
    let cases = read_cases();
    let has = |id: &str, depth: u32, nodes: u64| {
        cases.iter().any(|c| c.ruleset == id && c.position.is_none() && c.depth == depth && c.nodes == nodes)
    };
    let tables: [(&str, &[u64]); 5] = [
        ("draughts-russian", &[7, 49, 302, 1469, 7482, 37986]),
        ("draughts-brazilian", &[7, 49, 302, 1469, 7473, 37628]),
        // Polish moves as Brazilian does (it changes only the draw rules and the clock).
        ("draughts-polish64", &[7, 49, 302, 1469, 7473, 37628]),
        ("draughts-international", &[9, 81, 658, 4265, 27117, 167140]),
        ("checkers-english", &[7, 49, 302, 1469, 7361, 36768, 179740, 845931]),
    ];
    for (id, counts) in tables {
        for (i, &nodes) in counts.iter().enumerate() {
            let depth = i as u32 + 1;
            assert!(has(id, depth, nodes), "{id} perft {depth} = {nodes} is not in tests/perft/{id}.perft");
            let case = cases.iter().find(|c| c.ruleset == id && c.position.is_none() && c.depth == depth).unwrap();
            assert!(!case.long, "{}: {id} perft {depth} must run in every test run, not only as a long line", case.place);
        }
    }
    for (id, depth, nodes) in [
        ("draughts-russian", 8, 929_899),
        ("draughts-brazilian", 8, 907_830),
        ("draughts-international", 8, 6_483_961),
        ("checkers-english", 10, 18_391_564),
    ] {
        assert!(has(id, depth, nodes), "{id} perft {depth} = {nodes} (long) is not in tests/perft/{id}.perft");
    }
}

/// The dialect checks of issue 8: each dialect's published perft from the start, with the
/// convention each figure uses (moves: duplicates dropped; paths: kept); the first depths run
/// in every test run, the deeper ones as long lines.
#[test]
fn the_perft_files_hold_the_dialect_counts_the_issue_names() {
    let cases = read_cases();
    let find = |id: &str, depth: u32, counting: Counting| {
        cases.iter().find(|c| c.ruleset == id && c.position.is_none() && c.depth == depth && c.counting == counting)
    };
    let tables: [(&str, Counting, &[u64]); 8] = [
        ("draughts-spanish", Counting::Moves, &[7, 49, 302, 1469, 7361, 36473, 177532, 828783]),
        ("draughts-czech", Counting::Moves, &[7, 49, 302, 1469, 7361, 36768, 179740, 845931]),
        ("draughts-pool", Counting::Moves, &[7, 49, 302, 1469, 7482, 37986, 190146, 929896]),
        ("draughts-pool", Counting::Paths, &[7, 49, 302, 1469, 7482, 37986, 190146, 929902]),
        ("draughts-thai", Counting::Moves, &[7, 49, 392, 3136, 26592, 218695]),
        ("draughts-frisian", Counting::Moves, &[9, 81, 658, 3874, 21265, 102431]),
        ("draughts-frisian", Counting::Paths, &[9, 81, 658, 3880, 21345, 103584]),
        ("draughts-canadian", Counting::Moves, &[11, 121, 1222, 10053, 79049, 584100]),
    ];
    for (id, counting, counts) in tables {
        for (i, &nodes) in counts.iter().enumerate() {
            let depth = i as u32 + 1;
            let case =
                find(id, depth, counting).unwrap_or_else(|| panic!("{id} perft {depth} ({counting:?}) is not in tests/perft/{id}.perft"));
            assert_eq!(case.nodes, nodes, "{}: {id} perft {depth} ({counting:?})", case.place);
            if depth <= 4 {
                assert!(!case.long, "{}: {id} perft {depth} must run in every test run", case.place);
            }
        }
    }
}

/// Six men a side on 6x6 dark squares, hops compulsory: few root moves, so the threads share
/// the replies (the split below the root), and captures, so both countings differ.
const HOPPING: &str = include_str!("../../../tests/fixtures/hopping.toml");

#[test]
fn the_split_below_the_root_counts_each_root_move_as_one_thread_does() {
    let rules = hetproba_rules::load("hopping.toml", HOPPING, &hetproba_rules::BuiltinFiles, &[]).unwrap_or_else(|r| panic!("{r}"));
    let game = Game::new(rules);
    let pos = Position::start(&game);
    for counting in [Counting::Moves, Counting::Paths] {
        for depth in 4..=7 {
            let calls = std::sync::Mutex::new(Vec::new());
            let split = game.perft_divide_counting(&pos, depth, counting, true, &|done, total| calls.lock().unwrap().push((done, total)));
            let alone = game.perft_divide_counting(&pos, depth, counting, false, &|_, _| {});
            assert_eq!(split, alone, "{counting:?} depth {depth}");
            // Progress hears each root move once, the last call saying all are done.
            let calls = calls.into_inner().unwrap();
            let roots = alone.len();
            assert_eq!(calls.len(), roots);
            assert!(calls.iter().all(|&(_, total)| total == roots) && calls.iter().any(|&(done, _)| done == roots), "{calls:?}");
        }
    }
}
