//! Self-play and its statistics, run as a user would: `selfplay` writes the same lines whatever
//! the number of threads and however the run is sliced into shards, each game replays with
//! `play --seed`, `stats` computes what a hand count of a small file gives, and `compare --play`
//! puts two rulesets' games side by side.

mod common;

use common::{hetproba, scratch, write};
use serde_json::Value;

fn lines(text: &str) -> Vec<Value> {
    text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

#[test]
fn the_lines_do_not_depend_on_the_threads() {
    let one = hetproba(&["selfplay", "draughts-russian", "--games", "40", "--seed", "7", "--jobs", "1"]).ok();
    let two = hetproba(&["selfplay", "draughts-russian", "--games", "40", "--seed", "7", "--jobs", "2"]).ok();
    assert_eq!(one.stdout, two.stdout);
    let games = lines(&one.stdout);
    assert_eq!(games.len(), 40);
    // Game numbers in order, seats alternating: player A first in even games.
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["game"].as_u64(), Some(i as u64));
        assert_eq!(g["a_seat"].as_u64(), Some(if i % 2 == 0 { 1 } else { 2 }));
        let plies = g["plies"].as_u64().unwrap() as usize;
        assert_eq!(g["moves"].as_array().unwrap().len(), plies);
        assert_eq!(g["branching"].as_array().unwrap().len(), plies);
    }
    // Another seed, other games.
    let other = hetproba(&["selfplay", "draughts-russian", "--games", "40", "--seed", "8"]).ok();
    assert_ne!(other.stdout, one.stdout);
}

/// More games than two batches of 512, each game's line made on the thread that played it: the
/// lines still come out in game order, the same under one thread or two, to a file or to
/// standard output, and the summary counts what the lines say.
#[test]
fn lines_across_batches_keep_their_order_and_the_summary_counts_them() {
    // At 60 plies some reversi games end and some are stopped: all four counts are met.
    let args = ["selfplay", "reversi", "--games", "1100", "--seed", "3", "--max-plies", "60"];
    let one = hetproba(&[&args[..], &["--jobs", "1"]].concat()).ok();
    let two = hetproba(&[&args[..], &["--jobs", "2"]].concat()).ok();
    assert_eq!(one.stdout, two.stdout);
    let dir = scratch("selfplay_batches");
    let file = dir.join("games.jsonl");
    let written = hetproba(&[&args[..], &["--jobs", "2", "--out", file.to_str().unwrap()]].concat()).ok();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), two.stdout);
    let games = lines(&two.stdout);
    assert_eq!(games.len(), 1100);
    let mut counts = [0u64; 4];
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["game"].as_u64(), Some(i as u64));
        let capped = g["capped"].as_bool().unwrap_or(false);
        let slot = match g["winner"].as_u64() {
            _ if capped => 3,
            Some(seat) if Some(seat) == g["a_seat"].as_u64() => 0,
            Some(_) => 1,
            None => 2,
        };
        counts[slot] += 1;
    }
    assert!(counts.iter().all(|&c| c > 0), "{counts:?}");
    let [a, b, drawn, capped] = counts;
    let summary = format!(
        "1100 games of reversi written to {}: A (random) won {a}, B (random) won {b}, {drawn} drawn, {capped} stopped at 60 plies",
        file.to_str().unwrap()
    );
    assert_eq!(written.stderr.trim_end(), summary);
}

#[test]
fn shards_are_slices_of_the_whole_run_and_stats_merges_them() {
    let dir = scratch("selfplay_shards");
    let whole = dir.join("whole.jsonl");
    hetproba(&["selfplay", "amoba-push", "--games", "30", "--seed", "3", "--out", whole.to_str().unwrap()]).ok();
    assert!(!dir.join("whole.jsonl.part").exists(), "the temporary file is renamed");
    let mut shards = Vec::new();
    for k in 1..=3 {
        let path = dir.join(format!("shard{k}.jsonl"));
        hetproba(&[
            "selfplay",
            "amoba-push",
            "--games",
            "30",
            "--seed",
            "3",
            "--shard",
            &format!("{k}/3"),
            "--out",
            path.to_str().unwrap(),
        ])
        .ok();
        shards.push(path.to_str().unwrap().to_string());
    }
    // Shard k holds games k-1, k-1+3, ...: together, exactly the whole run's lines.
    let whole_text = std::fs::read_to_string(&whole).unwrap();
    let mut from_shards: Vec<Value> = shards.iter().flat_map(|p| lines(&std::fs::read_to_string(p).unwrap())).collect();
    from_shards.sort_by_key(|g| g["game"].as_u64());
    assert_eq!(from_shards, lines(&whole_text));
    let first: Vec<u64> = lines(&std::fs::read_to_string(&shards[1]).unwrap()).iter().map(|g| g["game"].as_u64().unwrap()).collect();
    assert_eq!(first, [1, 4, 7, 10, 13, 16, 19, 22, 25, 28]);
    // stats of the shards is stats of the whole.
    let mut args = vec!["stats", "--json"];
    args.extend(shards.iter().map(String::as_str));
    let merged = hetproba(&args).ok().json();
    let alone = hetproba(&["stats", "--json", whole.to_str().unwrap()]).ok().json();
    assert_eq!(merged, alone);
    // The same game twice is refused.
    let run = hetproba(&["stats", whole.to_str().unwrap(), &shards[0]]).fails(1).one_line();
    assert!(run.stderr.contains("game 0 of amoba-push is also at"), "{}", run.stderr);
}

#[test]
fn a_game_replays_with_play_and_its_seed() {
    let run = hetproba(&["selfplay", "reversi", "--games", "2", "--seed", "11", "--first", "random", "--second", "mcts:20"]).ok();
    let games = lines(&run.stdout);
    // Game 1: the seats are swapped, mcts:20 first.
    let g = &games[1];
    assert_eq!(g["seats"], serde_json::json!(["mcts:20", "random"]));
    let seed = g["seed"].as_u64().unwrap().to_string();
    let dir = scratch("selfplay_replay");
    let record = dir.join("game.txt");
    hetproba(&["play", "reversi", "--first", "mcts:20", "--second", "random", "--seed", &seed, "--record", record.to_str().unwrap()]).ok();
    let text = std::fs::read_to_string(&record).unwrap();
    let moves: Vec<&str> = g["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    for mv in &moves {
        assert!(text.contains(mv), "{mv} is not in the record\n{text}");
    }
    assert!(text.contains(&format!("[Result \"{}\"]", g["result"].as_str().unwrap())), "{text}");
}

/// Four games by hand: lengths 10, 20, 30, 40; the first seat wins twice, the second once, one
/// draw by repetition.
const FOUR_GAMES: &str = include_str!("fixtures/four-games.jsonl");

/// The figures are counted by hand in crates/analysis/tests/selfplay.rs; here, that the command
/// prints them, in words and as JSON.
#[test]
fn stats_of_four_games_in_words_and_json() {
    let dir = scratch("stats_by_hand");
    let file = write(&dir, "four.jsonl", FOUR_GAMES);
    let json = hetproba(&["stats", "--json", &file]).ok().json();
    let r = &json[0];
    assert_eq!((r["games"].as_u64(), r["first_seat_wins"]["count"].as_u64(), r["a_wins"]["count"].as_u64()), (Some(4), Some(2), Some(1)));
    assert_eq!(r["draw_reasons"], serde_json::json!([["repetition", 1]]));
    assert_eq!(r["measures"]["drawishness"].as_f64(), Some(0.25));
    let text = hetproba(&["stats", &file]).ok().stdout;
    assert!(text.contains("first seat wins        2 ( 50.0%, 95% CI  15.0- 85.0%)"), "{text}");
    assert!(text.contains("median 25.0, quartiles 17.5-32.5, range 10-40"), "{text}");
}

#[test]
fn stats_lists_the_draws_by_reason_under_the_draws() {
    let dir = scratch("stats_draw_reasons");
    let file = write(&dir, "four.jsonl", FOUR_GAMES);
    let text = hetproba(&["stats", &file]).ok().stdout;
    // The reason line sat under "B wins", where it read as a reason for B's wins.
    let lines: Vec<&str> = text.lines().collect();
    let draws = lines.iter().position(|l| l.trim_start().starts_with("draws ")).expect("a draws line");
    assert_eq!(lines[draws + 1].trim(), "1 repetition", "{text}");
    assert!(lines[draws + 2].trim_start().starts_with("A wins"), "{text}");
}

#[test]
fn stats_plots_three_svg_charts() {
    let dir = scratch("stats_plot");
    let file = write(&dir, "four.jsonl", FOUR_GAMES);
    let plots = dir.join("plots");
    hetproba(&["stats", &file, "--plot", plots.to_str().unwrap()]).ok();
    for chart in ["length", "branching", "results"] {
        let svg = std::fs::read_to_string(plots.join(format!("x-random-random-{chart}.svg"))).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{chart}");
    }
}

#[test]
fn bad_input_is_refused_with_the_reason() {
    let dir = scratch("selfplay_bad");
    let bad = write(&dir, "bad.jsonl", &format!("{}not json\n", FOUR_GAMES.lines().next().unwrap().to_owned() + "\n"));
    let run = hetproba(&["stats", &bad]).fails(1).one_line();
    assert!(run.stderr.contains("bad.jsonl:2:") && run.stderr.contains("not a selfplay line"), "{}", run.stderr);
    let empty = write(&dir, "empty.jsonl", "\n");
    hetproba(&["stats", &empty]).fails(1).stderr_has("no games in the files");
    hetproba(&["stats", "no-such-file.jsonl"]).fails(1).stderr_has("cannot read no-such-file.jsonl");
    for args in [
        vec!["selfplay", "reversi", "--shard", "0/2"],
        vec!["selfplay", "reversi", "--shard", "3/2"],
        vec!["selfplay", "reversi", "--first", "human"],
        vec!["selfplay", "reversi", "--games", "0"],
        vec!["selfplay", "reversi", "--jobs", "0"],
    ] {
        hetproba(&args).fails(2);
    }
}

#[test]
fn compare_play_puts_the_games_side_by_side() {
    let run = hetproba(&["compare", "draughts-russian", "draughts-brazilian", "--play", "60", "--depth", "5"]).ok();
    let out = &run.stdout;
    assert!(out.contains("4. In play (60 games of each, random against random, seed 1):"), "{out}");
    assert!(out.contains("first seat wins") && out.contains("lead changes"), "{out}");
    // Russian and Brazilian draughts differ in play (free choice, promotion mid-capture): some
    // position of each one's games has other moves under the other.
    for (a, b) in [("draughts-russian", "draughts-brazilian"), ("draughts-brazilian", "draughts-russian")] {
        let line =
            out.lines().find(|l| l.contains(&format!("Positions reached in {a}'s games whose legal moves differ under {b}:"))).unwrap();
        let count: u64 = line.split(": ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
        assert!(count > 0, "{line}");
    }
    assert!(out.contains("only under draughts-russian:"), "{out}");
}

/// `--out /dev/null` writes into the device: the output goes to a temporary file and is renamed
/// over the target only for regular files (renaming over /dev/null, as root, replaced it).
#[test]
fn out_to_a_device_writes_into_it_and_leaves_it_a_device() {
    use std::os::unix::fs::FileTypeExt;
    if !std::path::Path::new("/dev/null").exists() {
        return;
    }
    hetproba(&["selfplay", "reversi", "--games", "2", "--seed", "1", "--out", "/dev/null"]).ok();
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    assert!(!std::path::Path::new("/dev/null.part").exists());
}

/// Issue 38, finding 13: `selfplay --memory` did not bound alpha-beta tables: each game built its
/// players at their full `hash=` outside the budget, then again inside it, zero-filling the whole
/// table (`alphabeta:1,hash=4096`: 6.3 GB for one game). Under 2 GiB of address space, a game
/// with that player now plays: its table is taken from the budget and filled as it is used.
#[cfg(unix)]
#[test]
fn selfplay_tables_stay_within_the_memory_budget() {
    let script = "ulimit -v 2097152 && exec \"$0\" \"$@\"";
    let out = std::process::Command::new("sh")
        .args(["-c", script, env!("CARGO_BIN_EXE_hetproba")])
        .args(["selfplay", "chess", "--games", "2", "--jobs", "1", "--memory", "64M", "--max-plies", "8", "--seed", "3"])
        .args(["--first", "alphabeta:1,hash=4096", "--second", "alphabeta:1,hash=4096"])
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(lines(&String::from_utf8_lossy(&out.stdout)).len(), 2);
}
