//! Snapshot tests (insta) of the output people read: `show` for every built-in ruleset, `compare`
//! for three pairs of rulesets, and the diagnostics for broken ruleset files, bad positions,
//! illegal moves and bad parameters. A change of wording then shows up as a changed `.snap` file
//! in review instead of passing unnoticed.
//!
//! Each snapshot is a transcript: the command as typed, then what it printed (stdout for a
//! success, stderr and the exit status for a failure). The accepted snapshots are committed in
//! tests/snapshots/; plain `cargo test` compares against them and needs no cargo-insta. A
//! missing or different snapshot fails the test; insta then writes the new text beside the old
//! as `NAME.snap.new` (nothing under `CI=true`). To accept an intended change, run
//! `INSTA_UPDATE=always cargo test -p hetproba --test snapshots` (or `cargo insta review`) and
//! review the diff of tests/snapshots/ like any other change.

mod common;

use common::{Run, TINY, hetproba, scratch, write};
use std::path::{Path, PathBuf};

// ----------------------------------------------------------------------------------------------
// Helpers

/// Settings for every snapshot: the file is named after the snapshot alone (`show-reversi.snap`)
/// and its header carries no expression (the transcript says what was run).
fn settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings
}

/// An argument as a person would type it in a shell.
fn quoted(arg: &str) -> String {
    let plain = !arg.is_empty() && arg.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=:@".contains(c));
    if plain { arg.to_string() } else { format!("'{arg}'") }
}

fn command_line(args: &[&str]) -> String {
    let args: Vec<String> = args.iter().map(|a| quoted(a)).collect();
    format!("$ hetproba {}", args.join(" "))
}

/// A successful run: the command, then its standard output.
fn success(args: &[&str]) -> String {
    let run = hetproba(args).ok();
    assert_eq!(run.stderr, "", "{args:?} wrote to stderr\n{run:#?}");
    format!("{}\n{}", command_line(args), run.stdout)
}

/// A clean failure with exit status `status`: the command, its standard error, the status.
fn failure(args: &[&str], status: i32) -> String {
    let run: Run = hetproba(args).fails(status);
    format!("{}\n{}[exit status {status}]\n", command_line(args), run.stderr)
}

/// Writes `files` into a fresh scratch directory for `name`, runs `command` on the first of
/// them, and snapshots the failure. The scratch directory's path differs between machines, so
/// it is replaced with `[TMP]`: its canonical form first (what the loader prints; `/tmp` may be
/// a symbolic link), then the path as given.
#[track_caller]
fn broken_ruleset(name: &str, files: &[(&str, &str)], command: &str) {
    let dir = scratch(name);
    let paths: Vec<String> = files.iter().map(|(file, text)| write(&dir, file, text)).collect();
    let canonical = std::fs::canonicalize(&dir).expect("the scratch directory exists");
    let transcript = failure(&[command, &paths[0]], 1)
        .replace(canonical.to_str().expect("a UTF-8 path"), "[TMP]")
        .replace(dir.to_str().expect("a UTF-8 path"), "[TMP]");
    settings().bind(|| insta::assert_snapshot!(name, transcript));
}

/// A failure that involves no file of the test's own.
#[track_caller]
fn bad_input(name: &str, args: &[&str], status: i32) {
    let transcript = failure(args, status);
    settings().bind(|| insta::assert_snapshot!(name, transcript));
}

fn builtin_ids() -> Vec<String> {
    let list = hetproba(&["list", "--json"]).ok().json();
    let list = list.as_array().expect("list --json prints a JSON list");
    list.iter().map(|e| e["id"].as_str().expect("every entry has an id").to_string()).collect()
}

fn snapshot_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/snapshots")
}

// ----------------------------------------------------------------------------------------------
// show

/// One snapshot per built-in ruleset, `show-ID`. Every ruleset is compared before the test
/// fails, so that one run reports (and, outside CI, writes `.snap.new` for) all that differ.
#[test]
fn show_every_builtin_ruleset() {
    let ids = builtin_ids();
    assert!(ids.len() >= 9, "list --json names the built-in rulesets: {ids:?}");
    let differing: Vec<&String> = ids
        .iter()
        .filter(|id| {
            let transcript = success(&["show", id]);
            let name = format!("show-{id}");
            std::panic::catch_unwind(|| settings().bind(|| insta::assert_snapshot!(name, transcript))).is_err()
        })
        .collect();
    assert!(differing.is_empty(), "`show` differs from its snapshot for {differing:?}");
}

/// A ruleset that was removed or renamed leaves no stale `show-ID.snap` behind.
#[test]
fn show_snapshots_are_exactly_the_builtin_rulesets() {
    let mut ids = builtin_ids();
    ids.sort();
    let mut snapshots: Vec<String> = std::fs::read_dir(snapshot_dir())
        .expect("tests/snapshots exists")
        .map(|entry| entry.expect("a directory entry").file_name().to_string_lossy().into_owned())
        .filter_map(|file| file.strip_prefix("show-").and_then(|f| f.strip_suffix(".snap")).map(str::to_string))
        .collect();
    snapshots.sort();
    assert_eq!(snapshots, ids, "tests/snapshots/show-*.snap should match `list --json`");
}

/// A board of links drawn in text: the morris board of tests/fixtures/morris.toml, its points,
/// the lines between them and its file letters and rank numbers. (Named `links-`, not `show-`:
/// the `show-` snapshots are the built-in rulesets.)
#[test]
fn show_a_board_of_links() {
    let dir = scratch("show_links");
    let path = write(&dir, "morris.toml", include_str!("fixtures/morris.toml"));
    let transcript = success(&["show", &path]).replace(&path, "morris.toml");
    settings().bind(|| insta::assert_snapshot!("links-show-morris", transcript));
}

// ----------------------------------------------------------------------------------------------
// compare

/// `compare` with its default depth (8) but a time budget no run comes near: the budget is the
/// one nondeterministic input (a slow or busy machine would stop the perft table or the witness
/// search early and print that it did). These comparisons take a few seconds at most, so with
/// 600 s the output depends on the rules alone. The output has no timings of its own.
#[track_caller]
fn compare(name: &str, a: &str, b: &str) {
    let transcript = success(&["compare", a, b, "--time", "600"]);
    settings().bind(|| insta::assert_snapshot!(name, transcript));
}

#[test]
fn compare_draughts_russian_with_brazilian() {
    compare("compare-draughts-russian-draughts-brazilian", "draughts-russian", "draughts-brazilian");
}

#[test]
fn compare_draughts_polish64_with_brazilian() {
    compare("compare-draughts-polish64-draughts-brazilian", "draughts-polish64", "draughts-brazilian");
}

#[test]
fn compare_reversi_with_reversi_covered() {
    compare("compare-reversi-reversi-covered", "reversi", "reversi-covered");
}

#[test]
fn compare_loa_with_loa_scrambled() {
    compare("compare-loa-loa-scrambled", "loa", "loa-scrambled");
}

// ----------------------------------------------------------------------------------------------
// Diagnostics: broken ruleset files (each changes one line of TINY)

#[test]
fn diagnostic_malformed_toml() {
    broken_ruleset("diag-malformed-toml", &[("malformed.toml", &TINY.replace("height = 4", "height 4"))], "check");
}

#[test]
fn diagnostic_unknown_key() {
    let text = TINY.replace("height = 4\n", "height = 4\ncolour = \"red\"\n");
    broken_ruleset("diag-unknown-key", &[("unknown.toml", &text)], "check");
}

#[test]
fn diagnostic_unknown_piece() {
    let text = TINY.replace("[moves.drop]\n", "[moves.drop]\npiece = \"knight\"\n");
    broken_ruleset("diag-unknown-piece", &[("nopiece.toml", &text)], "check");
}

#[test]
fn diagnostic_bad_pattern() {
    let text = TINY.replace("do = \"roll(orthogonal)\"", "do = \"roll(orthogonal\"");
    broken_ruleset("diag-bad-pattern", &[("pattern.toml", &text)], "check");
}

/// Through `moves` rather than `check`: the same message without check's summary line.
#[test]
fn diagnostic_unknown_move_primitive() {
    let text = TINY.replace("do = \"roll(orthogonal)\"", "do = \"wobble(orthogonal)\"");
    broken_ruleset("diag-unknown-primitive", &[("primitive.toml", &text)], "moves");
}

#[test]
fn diagnostic_stay_takes_no_arguments() {
    let text = TINY.replace("do = \"roll(orthogonal)\"", "do = \"stay(orthogonal)\"");
    broken_ruleset("diag-stay-arguments", &[("stay.toml", &text)], "check");
}

/// A set-up phase that waits for the hands, in a ruleset that keeps none.
#[test]
fn diagnostic_phase_until_hands_without_hands() {
    let text =
        format!("{TINY}\n[[phases]]\nname = \"setup\"\nuntil = \"hands-empty\"\nmoves = [\"drop\"]\n\n[[phases]]\nname = \"play\"\n");
    broken_ruleset("diag-phase-until-hands", &[("until.toml", &text)], "check");
}

/// A move rule's own promotion names no piece type.
#[test]
fn diagnostic_move_promotes_to_an_unknown_type() {
    let text = TINY.replace("do = \"roll(orthogonal)\"\n", "do = \"roll(orthogonal)\"\npromote = \"queen\"\n");
    broken_ruleset("diag-move-promote", &[("promote.toml", &text)], "check");
}

/// A removal of its own next to the last move's cell, in a file that keeps no last move.
#[test]
fn diagnostic_removal_near_the_last_move() {
    let text = TINY.replace("do = \"roll(orthogonal)\"", "do = \"remove(own, near=last, along=orthogonal)\"");
    broken_ruleset("diag-remove-near-last", &[("removal.toml", &text)], "check");
}

/// A chain of hops heads any, other or same way.
#[test]
fn diagnostic_hop_direction() {
    let text = TINY.replace("do = \"roll(orthogonal)\"", "do = \"jump(orthogonal)+\"\ndirection = \"straight\"");
    broken_ruleset("diag-hop-direction", &[("hops.toml", &text)], "check");
}

#[test]
fn diagnostic_unknown_eval_term() {
    let text = format!("{TINY}\n[eval]\nterms = [\"10 * lines(3)\", \"5 * wobble(2)\"]\n");
    broken_ruleset("diag-unknown-eval-term", &[("eval.toml", &text)], "check");
}

#[test]
fn diagnostic_extends_cycle() {
    let a = format!("extends = \"cycle-b\"\n{TINY}");
    let b = format!("extends = \"cycle-a\"\n{TINY}");
    broken_ruleset("diag-extends-cycle", &[("cycle-a.toml", &a), ("cycle-b.toml", &b)], "check");
}

#[test]
fn diagnostic_board_falls_apart() {
    let text = TINY.replace("height = 4\n", "height = 4\ncells = \"x == 0 or x == 3\"\n");
    broken_ruleset("diag-board-falls-apart", &[("apart.toml", &text)], "check");
}

/// The morris board (tests/fixtures/morris.toml, the example of docs/language.md) with one link
/// that runs along no direction and one that names no point.
#[test]
fn diagnostic_bad_links() {
    let text = include_str!("fixtures/morris.toml").replace("\"a1 a4 a7\"", "\"a1 b4 a7\"").replace("\"g7 g4 g1\"", "\"g7 g4 h1\"");
    broken_ruleset("diag-bad-links", &[("links.toml", &text)], "check");
}

#[test]
fn diagnostic_remove_what_is_not_inherited() {
    let variant =
        format!("extends = \"tiny.toml\"\nremove = [\"moves.place\", \"eval\"]\n{}", TINY.replace("id = \"tiny\"", "id = \"variant\""));
    broken_ruleset("diag-remove-missing", &[("variant.toml", &variant), ("tiny.toml", TINY)], "check");
}

/// The parent's evaluation needs a royal piece and the variant has none: the message ends with
/// the `remove` that takes the inherited part away.
#[test]
fn diagnostic_inherited_part_at_fault() {
    let parent = format!(
        "{}\n[eval]\nterms = [\"100 * material\", \"8 * shelter\"]\n",
        TINY.replace("symbols = [\"x\", \"o\"]", "symbols = [\"x\", \"o\"]\nroyal = true")
    );
    let variant =
        "extends = \"tiny.toml\"\n\n[game]\nid = \"variant\"\nname = \"Without a royal stone\"\n\n[pieces.stone]\nroyal = false\n";
    broken_ruleset("diag-inherited-at-fault", &[("variant.toml", variant), ("tiny.toml", &parent)], "check");
}

#[test]
fn diagnostic_failed_embedded_test() {
    let text = format!("{TINY}\n[[tests]]\nname = \"wrong count\"\ncount = 99\n");
    broken_ruleset("diag-failed-embedded-test", &[("failing.toml", &text)], "check");
}

// ----------------------------------------------------------------------------------------------
// Diagnostics: bad rulesets, positions, moves and parameters on the command line

#[test]
fn diagnostic_unknown_ruleset() {
    bad_input("diag-unknown-ruleset", &["show", "nosuch"], 1);
}

#[test]
fn diagnostic_bad_position_too_few_rows() {
    bad_input("diag-bad-position-rows", &["moves", "reversi-covered", "--position", "8/8/8 b"], 1);
}

#[test]
fn diagnostic_bad_position_unknown_phase() {
    bad_input("diag-bad-position-phase", &["perft", "reversi-covered", "1", "--position", "8/8/8/8/8/8/8/8 b bogus"], 1);
}

#[test]
fn diagnostic_illegal_move_in_after() {
    bad_input("diag-illegal-after-move", &["moves", "reversi", "--after", "d3 zz"], 1);
}

#[test]
fn diagnostic_unknown_parameter() {
    bad_input("diag-unknown-param", &["moves", "amoba-rollin", "--param", "nosuch=3"], 1);
}

#[test]
fn diagnostic_parameter_out_of_range() {
    bad_input("diag-param-out-of-range", &["moves", "amoba-rollin", "--param", "size=0"], 1);
}

#[test]
fn diagnostic_in_a_builtin_names_the_builtin() {
    // The built-in is in the binary: the message names it and its line, not a path; the value
    // that breaks it is the parameter's, which the message blames.
    bad_input("diag-builtin-param", &["show", "draughts-russian", "--param", "size=1000"], 1);
}
