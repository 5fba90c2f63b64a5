//! The new games against programs written by others, driven by scripts in tests/programs/: Go
//! against OpenSpiel's go (PyPI `open_spiel`, imported as `pyspiel` by `python3`), makruk and
//! shatranj against Fairy-Stockfish (Debian's `fairy-stockfish`, `/usr/games`). `cargo xtask test`
//! installs both; without them these tests fail and say so, rather than pass without checking.
//! Each script plays random games in the other program and compares every position's legal
//! moves with `hetproba moves --json`, then the result (Go) or perft from the start.

use std::path::{Path, PathBuf};
use std::process::Command;

fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs").join(name)
}

/// Runs a script against the built binary; its last line says what it checked.
fn run(name: &str, args: &[&str]) -> String {
    let run = Command::new("python3").arg(script(name)).arg(env!("CARGO_BIN_EXE_hetproba")).args(args).output();
    let run = run.unwrap_or_else(|e| panic!("python3 does not run ({e}); cargo xtask test installs it"));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        !stderr.contains("No module named 'pyspiel'"),
        "OpenSpiel is missing: pip install open_spiel (cargo xtask test does)\n{stderr}"
    );
    assert!(run.status.success(), "{name} {args:?} failed:\n{stderr}");
    String::from_utf8_lossy(&run.stdout).trim().to_string()
}

const FSF: &str = "/usr/games/fairy-stockfish";

fn fsf(variant: &str, games: &str, depth: &str, extra: &[&str]) -> String {
    assert!(Path::new(FSF).exists(), "Fairy-Stockfish is missing: apt-get install fairy-stockfish (cargo xtask test does)");
    let mut args = vec![FSF, variant, variant, games, "1", depth];
    args.extend(extra);
    run("fsf.py", &args)
}

#[test]
fn go_9x9_lists_openspiels_moves_at_every_ply() {
    let said = run("go_openspiel.py", &["9", "2", "1"]);
    assert!(said.starts_with("go ok 9: 2 games"), "{said}");
}

#[test]
fn go_5x5_lists_openspiels_moves_over_many_captures() {
    let said = run("go_openspiel.py", &["5", "12", "2"]);
    assert!(said.starts_with("go ok 5: 12 games"), "{said}");
}

#[test]
fn go_5x5_results_agree_with_openspiels_area_scores() {
    let said = run("go_openspiel.py", &["5", "12", "3", "results"]);
    assert!(said.starts_with("go ok 5: 12 games"), "{said}");
}

#[test]
fn makruk_agrees_with_fairy_stockfish_on_moves_and_perft_5() {
    // Fairy-Stockfish 11.1, makruk, go perft 5: 6223994 (checked by the script, live).
    let said = fsf("makruk", "2", "5", &[]);
    assert!(said.ends_with("perft 5 6223994"), "{said}");
}

#[test]
fn shatranj_agrees_with_fairy_stockfish_on_moves_and_perft_5() {
    let said = fsf("shatranj", "2", "5", &["bare-king"]);
    assert!(said.starts_with("shatranj ok: 2 games"), "{said}");
}

#[test]
#[ignore = "minutes: deeper perft against Fairy-Stockfish"]
fn makruk_and_shatranj_perft_6_against_fairy_stockfish() {
    assert!(fsf("makruk", "10", "6", &[]).starts_with("makruk ok"));
    assert!(fsf("shatranj", "10", "6", &["bare-king"]).starts_with("shatranj ok"));
}
