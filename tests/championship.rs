//! `hetproba championship` run as a user would run it: files read and refused, the command
//! line, simulated events, and the documented example. The scoring itself (hand-scored events)
//! is tested in crates/analysis/tests/championship.rs.

mod common;

use common::{hetproba, scratch, write};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

// ----------------------------------------------------------------------------------------------
// Helpers

/// The rows of the first table whose heading line starts with `heading` (the line before the
/// table's column names, or the column names themselves).
fn table_after(stdout: &str, heading: &str) -> Vec<(String, String, u32, u32, u32)> {
    let mut lines = stdout.lines().skip_while(|l| !l.starts_with(heading));
    let first = lines.next().unwrap_or_else(|| panic!("no {heading:?} in\n{stdout}"));
    if !first.starts_with("rank") {
        assert!(lines.next().is_some_and(|l| l.starts_with("rank")), "{stdout}");
    }
    lines
        .take_while(|l| !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let n = f.len();
            let num = |i: usize| f[i].parse::<u32>().unwrap_or_else(|_| panic!("not a number in {l:?}"));
            (f[0].to_string(), f[1].to_string(), num(n - 3), num(n - 2), num(n - 1))
        })
        .collect()
}

// ----------------------------------------------------------------------------------------------
// Files

#[test]
fn broken_files_get_one_error_at_their_line_and_column() {
    // Every kind of mistake is in crates/analysis/tests/championship.rs; here, that the command
    // says it in one line with the file's path and exits with 1.
    let dir = scratch("broken");
    for (name, text, place, message) in [
        ("result.txt", "loa Anna Bence 1-0\nloa Anna Csaba win\n", "2:16", "unknown result 'win'; expected 1-0"),
        ("column.csv", "game,first,second,winner\n", "1:19", "unknown column 'winner'"),
    ] {
        let path = write(&dir, name, text);
        let run = hetproba(&["championship", &path]).fails(1).one_line();
        let prefix = format!("error: {path}:{place}: ");
        assert!(run.stderr.starts_with(&prefix), "{name}: expected {prefix}\n{}", run.stderr);
        assert!(run.stderr.contains(message), "{name}: expected {message:?}\n{}", run.stderr);
    }
    let missing = dir.join("missing.txt");
    hetproba(&["championship", missing.to_str().unwrap()]).fails(1).one_line().stderr_has("cannot read");
}

#[test]
fn bad_command_lines_are_usage_errors() {
    let dir = scratch("usage");
    let event = write(&dir, "event.txt", "loa Anna Bence 1-0\n");
    let runs = [
        vec!["championship"],
        vec!["championship", event.as_str(), "--players", "A=random,B=random"],
        vec!["championship", event.as_str(), "--simulate", "--players", "A=random,B=random", "--games", "loa"],
        vec!["championship", "--simulate", "--players", "A=human,B=random", "--games", "loa"],
        vec!["championship", "--simulate", "--players", "A=random", "--games", "loa"],
        vec!["championship", "--simulate", "--players", "A=random,A=random", "--games", "loa"],
        vec!["championship", "--simulate", "--players", "A=random,B=random", "--games", "loa", "--schools", "C=Alpha"],
        vec!["championship", event.as_str(), "--same-opponent", "school"],
    ];
    for args in runs {
        let run = hetproba(&args);
        assert_eq!(run.status, 2, "{args:?}\n{run:#?}");
        assert!(run.stdout.is_empty() && !run.stderr.contains("panicked"), "{args:?}\n{run:#?}");
    }
    // An unknown game is a bad file, as in every command: status 1.
    hetproba(&["championship", "--simulate", "--players", "A=random,B=random", "--games", "nosuch"])
        .fails(1)
        .stderr_has("unknown ruleset 'nosuch'");
}

// ----------------------------------------------------------------------------------------------
// Simulation

/// The event part of a simulation's output (before the standings, which are comments).
fn event_part(stdout: &str) -> &str {
    &stdout[..stdout.find("\n\n# Standings").expect("the standings follow the event, after a blank line") + 1]
}

/// The standings a simulation prints as comments, uncommented.
fn standings_part(stdout: &str) -> String {
    let from = stdout.find("# Standings").unwrap();
    stdout[from..].lines().map(|l| l.strip_prefix("# ").or(l.strip_prefix('#')).unwrap_or(l).to_string() + "\n").collect()
}

/// The duels of an event file the simulation wrote: (game, first, second, result).
fn duel_lines(event: &str) -> Vec<(String, String, String, String)> {
    event
        .lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty() && !l.starts_with("player"))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(f.len(), 4, "{l}");
            (f[0].to_string(), f[1].to_string(), f[2].to_string(), f[3].to_string())
        })
        .collect()
}

#[test]
fn a_simulated_event_of_three_players_plays_every_pair_as_often_as_the_limit_allows() {
    // Three players, three games: nobody can reach 3 opponents, so only the same-opponent limit
    // binds. Over the event: 3 pairs x 2 duels = 6 duels, each pair in two different games (the
    // simulation pairs two players at most once a game). In each game apart: 3 pairs x 3 games
    // = 9 duels, every pair once in every game.
    let base = [
        "championship",
        "--simulate",
        "--players",
        "Anna=random,Bence=random,Csaba=random",
        "--games",
        "amoba-rollin,amoba-push,reversi-covered",
        "--seed",
        "3",
    ];
    for (scope, expected) in [("event", 6), ("game", 9)] {
        let mut args = base.to_vec();
        args.extend(["--same-opponent", scope]);
        let run = hetproba(&args).ok();
        let duels = duel_lines(event_part(&run.stdout));
        assert_eq!(duels.len(), expected, "{scope}\n{}", run.stdout);
        let mut pairs: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
        for (game, a, b, _) in &duels {
            let key = if a < b { (a.clone(), b.clone()) } else { (b.clone(), a.clone()) };
            assert!(pairs.entry(key).or_default().insert(game.clone()), "a pair twice in {game}\n{}", run.stdout);
        }
        assert_eq!(pairs.len(), 3);
        assert!(pairs.values().all(|games| games.len() == expected / 3), "{pairs:?}");
        assert!(standings_part(&run.stdout).contains("Over a limit (shown, not scored): none"), "{}", run.stdout);
        // Read back under the same reading, the same report.
        let path = write(&scratch(&format!("three_players_{scope}")), "event.txt", &run.stdout);
        assert_eq!(hetproba(&["championship", &path, "--same-opponent", scope]).ok().stdout, standings_part(&run.stdout));
    }
}

#[test]
fn a_simulated_event_read_back_gives_the_same_standings_and_a_seed_gives_the_same_event() {
    let dir = scratch("simulate");
    let args = [
        "championship",
        "--simulate",
        "--players",
        "Anna=random,Bence=random,Csaba=random,Dóra=random,Ede Kis=random",
        "--games",
        "amoba-rollin,amoba-push,reversi-covered,draughts-russian",
        "--schools",
        "Anna=Alpha,Bence=Alpha",
        "--seed",
        "11",
    ];
    let run = hetproba(&args).ok();
    let event = event_part(&run.stdout);
    // The whole output is an event file (the standings are comments); read back, it gives the
    // standings printed.
    let path = write(&dir, "printed.txt", &run.stdout);
    let back = hetproba(&["championship", &path]).ok();
    assert_eq!(back.stdout, standings_part(&run.stdout));
    // The same seed, the same event and standings.
    assert_eq!(hetproba(&args).ok().stdout, run.stdout);
    // Another seed, another event.
    let mut other = args.to_vec();
    *other.last_mut().unwrap() = "12";
    assert_ne!(event_part(&hetproba(&other).ok().stdout), event);
    // --out writes the event and prints only the standings.
    let out = dir.join("event.txt");
    let mut with_out = args.to_vec();
    with_out.extend(["--out", out.to_str().unwrap()]);
    let written = hetproba(&with_out).ok();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), event);
    assert_eq!(written.stdout, back.stdout);
    // --json: the event's text and the standings of the file.
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let json = hetproba(&json_args).ok().json();
    assert_eq!(json["event"], event);
    let mut back_json = hetproba(&["championship", out.to_str().unwrap(), "--json"]).ok().json();
    back_json.as_object_mut().unwrap().insert("event".into(), json["event"].clone());
    assert_eq!(json, back_json);

    // The schedule keeps the limits, checked here from the file alone: at most 3 opponents a
    // player in a game, at most 2 duels a pair, never Anna against Bence (one school), a result
    // on every line; the players are declared, Anna and Bence with their school.
    assert!(event.contains("player Anna       school=Alpha") && event.contains("player \"Ede Kis\""), "{event}");
    let duels = duel_lines(&event.replace("\"Ede Kis\"", "Ede_Kis"));
    assert!(!duels.is_empty());
    let mut opponents: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    let mut pairs: BTreeMap<(String, String), usize> = BTreeMap::new();
    for (game, a, b, result) in &duels {
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result.as_str()), "{result}");
        assert!(!(a.as_str() == "Anna" && b == "Bence" || a.as_str() == "Bence" && b == "Anna"), "{event}");
        opponents.entry((a.clone(), game.clone())).or_default().insert(b.clone());
        opponents.entry((b.clone(), game.clone())).or_default().insert(a.clone());
        *pairs.entry(if a < b { (a.clone(), b.clone()) } else { (b.clone(), a.clone()) }).or_default() += 1;
    }
    assert!(opponents.values().all(|o| o.len() <= 3), "{opponents:?}");
    assert!(pairs.values().all(|&n| n <= 2), "{pairs:?}");
    let report = standings_part(&run.stdout);
    assert!(report.contains("Hors concours (same school; shown, not scored): none"), "{report}");
    assert!(report.contains(&format!("5 players, {} duels", duels.len())), "{report}");
}

// ----------------------------------------------------------------------------------------------
// The documentation's example

/// The fenced block that follows a marker line in docs/championship.md.
fn block_after(page: &str, marker: &str) -> String {
    let from = page.find(marker).unwrap_or_else(|| panic!("docs/championship.md lacks {marker:?}"));
    let rest = &page[from..];
    let open = rest.find("```").unwrap();
    let body = &rest[open..];
    let body = &body[body.find('\n').unwrap() + 1..];
    body[..body.find("```").unwrap()].to_string()
}

#[test]
fn the_documented_example_gives_the_documented_output() {
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/championship.md")).unwrap();
    let dir = scratch("docs");
    let event = write(&dir, "event.txt", &block_after(&page, "<!-- example: event.txt -->"));
    let csv = write(&dir, "event.csv", &block_after(&page, "<!-- example: event.csv -->"));
    let run = hetproba(&["championship", &event]).ok();
    assert_eq!(run.stdout, block_after(&page, "<!-- output: hetproba championship event.txt -->"));
    let from_csv = hetproba(&["championship", &csv]).ok();
    assert_eq!(table_after(&from_csv.stdout, "rank  player"), table_after(&run.stdout, "rank  player"));
    // The simulation: the block shows the command on its first two lines, then the output.
    let block = block_after(&page, "<!-- output: the simulation -->");
    let (command, output) = block.split_at(block.match_indices('\n').nth(1).unwrap().0 + 1);
    assert!(command.contains("--seed 2016") && command.contains("Csaba=mcts:100"), "{command}");
    let simulated = hetproba(&[
        "championship",
        "--simulate",
        "--players",
        "Anna=random,Bence=random,Csaba=mcts:100,Dóra=mcts:100",
        "--games",
        "amoba-rollin,amoba-push,reversi-covered",
        "--seed",
        "2016",
        "--schools",
        "Anna=Hejőkeresztúr,Bence=Hejőkeresztúr",
    ])
    .ok();
    assert_eq!(simulated.stdout, output);
}
