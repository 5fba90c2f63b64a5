//! The engine protocols checked with the clients players use: python-chess's `chess.engine`
//! drives `hetproba uci` (tests/protocols/uci_game.py) and pydraughts' `HubEngine` drives
//! `hetproba hub` (tests/protocols/hub_game.py); python-chess's atomic board is the independent
//! generator the `atomic` ruleset is held to (tests/protocols/atomic_games.py). python-chess and
//! pydraughts are PyPI packages that `cargo xtask test` installs (tests/requirements.txt); without
//! them these tests fail and say so, rather than pass without checking anything. The handshakes are also checked here without Python.

mod common;

use std::path::Path;
use std::process::Command;

/// Runs a client script against the built binary; its last line says what it checked.
fn client(script: &str, args: &[&str]) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/protocols").join(script);
    let run = Command::new("python3").arg(&path).arg(env!("CARGO_BIN_EXE_hetproba")).args(args).output();
    let run = run.unwrap_or_else(|e| panic!("python3 does not run ({e}); cargo xtask test installs it with the clients"));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        !stderr.contains("ModuleNotFoundError"),
        "the protocol clients are missing: pip install chess pydraughts (cargo xtask test does)\n{stderr}"
    );
    assert!(run.status.success(), "{script} {args:?} failed:\n{stderr}");
    String::from_utf8_lossy(&run.stdout).trim().to_string()
}

/// Atomic chess against python-chess's `chess.variant.AtomicBoard`: twelve random games, the legal
/// moves and the pieces each takes compared at every ply, the final position and the result.
#[test]
fn atomic_agrees_with_python_chess_at_every_ply() {
    let said = client("atomic_games.py", &["12"]);
    assert!(said.starts_with("atomic ok: 12 games"), "{said}");
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

/// Runs `hetproba ARGS` under an address-space limit of `limit_kib` KiB (`ulimit -v`), with
/// `input` (the bytes, then as many zero bytes as `zeros` says) on standard input.
#[cfg(unix)]
fn limited(limit_kib: u64, args: &[&str], input: &[u8], zeros: usize) -> (Option<i32>, String, String) {
    use std::io::Write;
    let script = format!("ulimit -v {limit_kib} && exec \"$0\" \"$@\"");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_hetproba"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
        let block = vec![0u8; 1 << 20];
        for _ in 0..zeros.div_ceil(1 << 20) {
            if stdin.write_all(&block).is_err() {
                break;
            }
        }
    });
    let out = child.wait_with_output().expect("it ends");
    let _ = feeder.join();
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Issue 38, finding 8: at the end of the input a search without a hard bound (bare `go`, `go
/// depth 1000`, a huge clock; Hub's `level depth=1000`) went on for ever. Now one without a
/// limit stops at once and one with a limit within the grace, each with its answer.
#[test]
fn at_the_end_of_the_input_every_search_ends_with_its_answer() {
    let runs: Vec<(&str, Vec<&str>, &str, u64)> = vec![
        ("position startpos\ngo\n", vec!["uci"], "bestmove ", 5),
        ("position startpos\ngo infinite\n", vec!["uci"], "bestmove ", 5),
        ("position startpos\ngo depth 1000\n", vec!["uci"], "bestmove ", 25),
        ("position startpos\ngo wtime 100000000 btime 100000000\n", vec!["uci"], "bestmove ", 25),
        ("level depth=1000\ngo think\n", vec!["hub"], "done move=", 25),
    ];
    let threads: Vec<_> = runs
        .into_iter()
        .map(|(input, args, answer, within)| {
            std::thread::spawn(move || {
                use std::io::{Read, Write};
                let started = std::time::Instant::now();
                let mut child = Command::new(env!("CARGO_BIN_EXE_hetproba"))
                    .args(&args)
                    .stdin(std::process::Stdio::piped())
                    .stdout(std::process::Stdio::piped())
                    .spawn()
                    .expect("hetproba runs");
                let _ = child.stdin.take().expect("piped").write_all(input.as_bytes());
                // A search that never ends is killed after a minute, and the test fails.
                let status = loop {
                    if let Some(status) = child.try_wait().expect("a status") {
                        break Some(status);
                    }
                    if started.elapsed() > std::time::Duration::from_secs(60) {
                        let _ = child.kill();
                        let _ = child.wait();
                        break None;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(50));
                };
                let took = started.elapsed();
                let mut stdout = String::new();
                let _ = child.stdout.take().expect("piped").read_to_string(&mut stdout);
                assert!(status.is_some_and(|s| s.success()), "{input:?}: still thinking after {took:?}, or failed: {status:?}");
                assert!(stdout.lines().any(|l| l.starts_with(answer)), "{input:?}: no {answer}: {stdout}");
                assert!(took < std::time::Duration::from_secs(within), "{input:?} took {took:?}");
            })
        })
        .collect();
    for t in threads {
        t.join().expect("each run passes");
    }
}

/// Issue 38, finding 11: `Hash 4096` touched 4 GiB at once (6-8 s before `readyok`). Now the
/// table is taken as the search fills it: under 2 GiB of address space the engine answers.
#[cfg(unix)]
#[test]
fn the_largest_hash_is_set_at_once() {
    let started = std::time::Instant::now();
    let (code, stdout, stderr) =
        limited(2 << 20, &["uci"], b"setoption name Hash value 4096\nisready\nposition startpos\ngo depth 3\nquit\n", 0);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("readyok") && stdout.contains("bestmove "), "{stdout}");
    assert!(started.elapsed() < std::time::Duration::from_secs(10), "{:?}", started.elapsed());
}

/// Issue 38, finding 12: `uci` and `hub` read lines without a bound (`< /dev/zero` grew until
/// the memory limit aborted the engine). 300 MiB without a line end, under 256 MiB of address
/// space: each MiB is skipped and said, and the engine ends when the input does.
#[cfg(unix)]
#[test]
fn endless_input_without_a_line_end_is_read_in_bounded_memory() {
    for (protocol, said) in [("uci", "info string a line longer than"), ("hub", "error message=\"a line longer than")] {
        let (code, stdout, stderr) = limited(256 << 10, &[protocol], b"", 300 << 20);
        assert_eq!(code, Some(0), "{protocol}: {stderr}");
        assert!(stdout.lines().filter(|l| l.starts_with(said)).count() >= 1, "{protocol}: {}", &stdout[..stdout.len().min(500)]);
    }
}

/// Issue 38, finding 9: one line that is not UTF-8 ended the session as if the input had.
#[cfg(unix)]
#[test]
fn a_line_that_is_not_utf8_is_said_and_the_session_goes_on() {
    let input = "isready\n\u{0}\n";
    let mut bytes = input.as_bytes().to_vec();
    bytes.extend(b"\xff\xfe oops\nisready\n");
    let (code, stdout, stderr) = limited(1 << 30, &["uci"], &bytes, 0);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout.matches("readyok").count(), 2, "{stdout}");
    assert!(stdout.contains("info string a line that is not UTF-8 text was skipped"), "{stdout}");
}
