//! `[stacks]` through the command line: every new key gives one clear error at its place when
//! written wrong, and the moves that would split a column are refused where they are written;
//! `moves --json` shows the column a move starts from, positions with columns read and write
//! back, and the terminal board shows each column's height. The rules of a column are pinned on
//! the same test ruleset, tests/fixtures/columns.toml, in crates/engine/tests/stacks.rs.

mod common;

use common::{assert_broken, hetproba, scratch, write};

const COLUMNS: &str = include_str!("fixtures/columns.toml");

/// The test ruleset with `old` replaced by `new`.
fn columns(old: &str, new: &str) -> String {
    assert!(COLUMNS.contains(old), "the fixture has no {old:?}");
    COLUMNS.replacen(old, new, 1)
}

/// `line:column` (1-based) of the first `needle` in `text`.
fn place(text: &str, needle: &str) -> String {
    let at = text.find(needle).unwrap_or_else(|| panic!("no {needle:?} in the text"));
    let line = text[..at].matches('\n').count() + 1;
    let column = at - text[..at].rfind('\n').map_or(0, |i| i + 1) + 1;
    format!("{line}:{column}")
}

#[test]
fn broken_stacks_keys() {
    let cases = [
        ("carry = \"column\"", "carry = \"all\"", "\"all\"", "carry must be column or top, not 'all'"),
        ("prisoners = \"under\"", "prisoners = \"kept\"", "\"kept\"", "prisoners must be under or removed, not 'kept'"),
        ("prisoners = \"under\"", "prisoners = \"under\"\nheight = 3", "height = 3", "unknown key 'height' in [stacks]"),
        ("carry = \"column\"", "carry = 1", "1\nprisoners", "expected a string"),
        (
            "do = \"step(forward-diagonal)\"",
            "do = \"step(forward-diagonal, to=enemy)\"",
            "\"step(forward-diagonal, to=enemy)\"",
            "move 'man-step' is a move that lands on a piece",
        ),
        (
            "do = \"step(forward-diagonal)\"",
            "do = \"step(forward-diagonal) then enclose(diagonal, flip)\"",
            "\"step(forward-diagonal) then enclose(diagonal, flip)\"",
            "effects are not defined for columns yet",
        ),
        (
            "capture = \"compulsory\"",
            "capture = \"compulsory\"\nremoval = \"immediate\"",
            "[stacks]\ncarry",
            "[stacks] needs [turn] removal = \"end\"",
        ),
        (
            "do = \"step(forward-diagonal)\"",
            "do = \"push(orthogonal)\"",
            "\"push(orthogonal)\"",
            "move 'man-step' is push(): with [stacks] a push would split columns",
        ),
        (
            "[stacks]\n",
            "[notation]\nposition = \"fen\"\n\n[stacks]\n",
            "[stacks]\ncarry",
            "[stacks] positions are written in rows or pdn notation, not fen",
        ),
    ];
    for (i, (old, new, needle, message)) in cases.into_iter().enumerate() {
        let text = columns(old, new);
        assert_broken(&format!("broken_stacks_{i}"), &[("columns.toml", &text)], "columns.toml", &place(&text, needle), message);
    }
}

#[test]
fn the_test_ruleset_checks() {
    let dir = scratch("stacks_check");
    let file = write(&dir, "columns.toml", COLUMNS);
    let run = hetproba(&["check", &file]).ok();
    assert!(run.stdout.contains("2 embedded tests passed"), "{run:#?}");
}

#[test]
fn moves_json_shows_the_column() {
    let dir = scratch("stacks_json");
    let file = write(&dir, "columns.toml", COLUMNS);
    let run = hetproba(&["moves", &file, "--position", "3/2/1w1/2/3 w stacks:c3=wb", "--json"]).ok();
    let moves = run.json();
    let list = moves.as_array().expect("a list");
    assert_eq!(list.len(), 2);
    for mv in list {
        assert_eq!(mv["column"], serde_json::json!(["w", "b"]), "{mv}");
    }
    // Without [stacks] the field is absent.
    let plain = write(&dir, "plain.toml", &columns("[stacks]\ncarry = \"column\"\nprisoners = \"under\"\n", ""));
    let run = hetproba(&["moves", &plain, "--position", "3/2/1w1/2/3 w", "--json"]).ok();
    assert!(run.json()[0].get("column").is_none(), "{}", run.stdout);
    // A stacks field for a ruleset without stacks is refused.
    hetproba(&["moves", &plain, "--position", "3/2/1w1/2/3 w stacks:c3=wb"]).fails(1).stderr_has("this ruleset stacks no pieces");
}

/// Lasca and Bashni play to the end under `play`, their records replay, and `selfplay` plays
/// them through.
#[test]
fn lasca_and_bashni_play_to_the_end() {
    for (id, seed) in [("lasca", "1"), ("bashni", "2")] {
        let dir = scratch(&format!("stacks_play_{id}"));
        let record = dir.join("game.txt");
        let record = record.to_str().unwrap();
        let run = hetproba(&["play", id, "--first", "random", "--second", "mcts:20", "--seed", seed, "--record", record]).ok();
        let over = run.lines().into_iter().find(|l| l.starts_with("Game over: ")).map(str::to_string);
        let over = over.unwrap_or_else(|| panic!("{id}: no result line\n{}", run.stdout));
        let played = run.stdout.matches(" played ").count();
        assert!(played > 0, "{id}: no move was played\n{}", run.stdout);
        let replay = hetproba(&["replay", record]).ok();
        assert!(replay.stdout.contains(&format!("\n{played} moves checked; result ")), "{id}\n{}", replay.stdout);
        assert!(replay.stdout.contains(&format!("{over}\n")), "{id}: the replay ends otherwise than {over:?}\n{}", replay.stdout);
        let lines = hetproba(&["selfplay", id, "--games", "4", "--jobs", "1"]).ok();
        assert_eq!(lines.lines().len(), 4, "{}", lines.stdout);
    }
}

/// `compare` tells Bashni from Russian draughts by its columns, and finds where they differ.
#[test]
fn compare_tells_bashni_from_russian_draughts() {
    let run = hetproba(&["compare", "bashni", "draughts-russian", "--depth", "6"]).ok();
    assert!(run.stdout.contains("A cell may hold a column of pieces"), "{}", run.stdout);
    assert!(run.stdout.contains("first difference"), "{}", run.stdout);
}
