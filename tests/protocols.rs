//! The engine protocols checked with the clients players use: python-chess's `chess.engine`
//! drives `hetproba uci` (tests/protocols/uci_game.py) and pydraughts' `HubEngine` drives
//! `hetproba hub` (tests/protocols/hub_game.py). Both are PyPI packages that `.ci/run` installs
//! (`pip install chess pydraughts`); without them these tests fail and say so, rather than pass
//! without checking anything. The handshakes are also checked here without Python.

mod common;

use std::path::Path;
use std::process::Command;

/// Runs a client script against the built binary; its last line says what it checked.
fn client(script: &str, args: &[&str]) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/protocols").join(script);
    let run = Command::new("python3").arg(&path).arg(env!("CARGO_BIN_EXE_hetproba")).args(args).output();
    let run = run.unwrap_or_else(|e| panic!("python3 does not run ({e}); .ci/run installs it with the clients"));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        !stderr.contains("ModuleNotFoundError"),
        "the protocol clients are missing: pip install chess pydraughts (.ci/run does)\n{stderr}"
    );
    assert!(run.status.success(), "{script} {args:?} failed:\n{stderr}");
    String::from_utf8_lossy(&run.stdout).trim().to_string()
}

#[test]
fn python_chess_plays_a_game_through_uci_and_reads_its_info_lines() {
    let said = client("uci_game.py", &[]);
    assert!(said.starts_with("uci ok"), "{said}");
}

#[test]
fn pydraughts_plays_international_draughts_through_hub() {
    let said = client("hub_game.py", &["standard", "draughts-international"]);
    assert!(said.starts_with("hub ok standard"), "{said}");
}

/// `hetproba hub` without a ruleset plays international draughts, the game that introduces PDN
/// GameType 20, and not draughts-giveaway, which inherits that GameType and sorts before it:
/// a giveaway engine gives its men away against moves picked without thought.
#[test]
fn pydraughts_plays_international_draughts_through_hub_by_default() {
    let said = client("hub_game.py", &["standard", "default"]);
    assert!(said.starts_with("hub ok standard"), "{said}");
}

#[test]
fn pydraughts_plays_frisian_draughts_through_hub() {
    let said = client("hub_game.py", &["frisian", "draughts-frisian"]);
    assert!(said.starts_with("hub ok frisian"), "{said}");
}

#[test]
fn uci_answers_the_handshake_and_a_fixed_depth() {
    let input = "uci\nisready\nposition fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 2\n";
    let run = common::run_in(None, &["uci"], Some(input));
    assert_eq!(run.status, 0, "{run:#?}");
    for line in ["id name hetproba", "option name Hash type spin", "uciok", "readyok", "score mate 1", "bestmove a1a8"] {
        assert!(run.stdout.contains(line), "no '{line}' in:\n{}", run.stdout);
    }
}

#[test]
fn uci_says_what_it_cannot_read_and_goes_on() {
    let input = "position fen nonsense\nposition startpos moves e2e5\nsetoption name Colour value red\nisready\n";
    let run = common::run_in(None, &["uci"], Some(input));
    assert_eq!(run.status, 0, "{run:#?}");
    assert_eq!(run.stdout.matches("info string").count(), 3, "{}", run.stdout);
    assert!(run.stdout.trim_end().ends_with("readyok"), "{}", run.stdout);
}

#[test]
fn hub_answers_the_handshake_and_numbers_squares_from_the_top() {
    // Russian draughts on Hub's 32 squares: white's men stand on 21-32, and after 22-17
    // (c3-b4) black replies; every move is written start-end or start x end x captured. At
    // the end of the input the search still answers.
    let input = "hub\ninit\nping\npos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-17\"\nlevel depth=2\ngo think\n";
    let run = common::run_in(None, &["hub", "draughts-russian"], Some(input));
    assert_eq!(run.status, 0, "{run:#?}");
    for line in ["id name=hetproba", "param name=hash", "wait", "ready", "pong", "info depth=2", "done move="] {
        assert!(run.stdout.contains(line), "no '{line}' in:\n{}", run.stdout);
    }
    let done = run.stdout.lines().find(|l| l.starts_with("done move=")).expect("a move");
    let mv = done.trim_start_matches("done move=");
    let (from, to) = mv.split_once('-').expect("a plain move");
    let (from, to): (u32, u32) = (from.parse().unwrap(), to.parse().unwrap());
    assert!((9..=12).contains(&from) && (13..=16).contains(&to), "black moves from its front row: {mv}");
}

#[test]
fn hub_refuses_a_ruleset_without_pdn_positions() {
    let run = common::run_in(None, &["hub", "chess"], Some(""));
    assert_eq!(run.status, 1);
    assert!(run.stderr.contains("does not write its positions in PDN"), "{}", run.stderr);
}
