//! The games built on the general primitives (Lines of Action and its two variants, Quints, Camelot
//! on a chessboard), run through the command line as a user would run them: they play to the end,
//! `compare` tells the variants apart, their parameters work within their ranges and are refused
//! outside them, boards of more than 64 cells go through the general paths, and every new key and
//! primitive gives one clear error at its exact place when it is written wrong.
//!
//! Expected counts come from hand counts (worked in the comments) or from the independent
//! brute-force Lines of Action generator in tests/oracles/loa.rs, which knows nothing of the engine.

mod common;

#[allow(dead_code)]
#[path = "oracles/loa.rs"]
mod loa;

use common::{TINY, assert_broken, hetproba, hetproba_with_input, scratch, write};
use std::collections::BTreeSet;

const NEW_GAMES: [&str; 5] = ["loa", "loa-scrambled", "loa-6x7", "quints", "camelot-chessboard"];

fn words(text: &str) -> BTreeSet<&str> {
    text.split_whitespace().collect()
}

/// `perft ID DEPTH ARGS...`, as a number.
fn perft(id: &str, depth: u32, extra: &[&str]) -> u64 {
    let depth = depth.to_string();
    let mut args = vec!["perft", id, depth.as_str()];
    args.extend_from_slice(extra);
    let run = hetproba(&args).ok();
    let nodes = run.stdout.strip_prefix("nodes ").and_then(|n| n.trim_end().parse().ok());
    nodes.unwrap_or_else(|| panic!("perft printed no count\n{run:#?}"))
}

/// The oracle's moves as the engine names them: `b1-b3`, `f8xh6`, `pass`.
fn oracle_move_names(pos: &loa::Loa) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .map(|mv| match *mv {
            loa::Move::Pass => "pass".to_string(),
            loa::Move::Slide { from, to, capture } => format!("{}{}{}", loa::name(from), if capture { "x" } else { "-" }, loa::name(to)),
        })
        .collect()
}

// ----------------------------------------------------------------------------------------------
// play: every new ruleset plays to the end

/// Plays one game with `--record`, then replays the record: the game ends with a result line,
/// every recorded move is legal, and the replay reaches the same result.
#[track_caller]
fn play_to_the_end(id: &str, extra: &[&str], first: &str, second: &str, seed: &str) {
    let dir = scratch(&format!("play_{id}_{}_{first}_{second}_{seed}", extra.join("_")).replace([':', '='], "-"));
    let record = dir.join("game.txt");
    let record = record.to_str().unwrap();
    let mut args = vec!["play", id, "--first", first, "--second", second, "--seed", seed, "--record", record];
    args.extend_from_slice(extra);
    let run = hetproba(&args).ok();
    let over = run.lines().into_iter().find(|l| l.starts_with("Game over: ")).map(str::to_string);
    let over = over.unwrap_or_else(|| panic!("{id} {first} {second} seed {seed}: no result line\n{}", run.stdout));
    assert!(!run.stdout.contains("game stopped"), "{}", run.stdout);
    let played = run.stdout.matches(" played ").count();
    assert!(played > 0, "{id}: no move was played\n{}", run.stdout);
    let replay = hetproba(&["replay", record]).ok();
    assert!(replay.stdout.contains(&format!("\n{played} moves checked; result ")), "{id}\n{}", replay.stdout);
    assert!(replay.stdout.contains(&format!("{over}\n")), "{id}: the replay ends otherwise than {over:?}\n{}", replay.stdout);
}

#[test]
fn play_loa_to_the_end() {
    play_to_the_end("loa", &[], "random", "random", "1");
    play_to_the_end("loa", &[], "random", "random", "2");
    play_to_the_end("loa", &[], "mcts:50", "random", "1");
}

#[test]
fn play_loa_scrambled_to_the_end() {
    play_to_the_end("loa-scrambled", &[], "random", "random", "1");
    play_to_the_end("loa-scrambled", &[], "random", "random", "2");
    play_to_the_end("loa-scrambled", &[], "mcts:50", "random", "1");
}

#[test]
fn play_loa_6x7_to_the_end() {
    play_to_the_end("loa-6x7", &[], "random", "random", "1");
    play_to_the_end("loa-6x7", &[], "random", "random", "2");
    play_to_the_end("loa-6x7", &[], "mcts:50", "random", "1");
}

#[test]
fn play_quints_to_the_end() {
    play_to_the_end("quints", &[], "random", "random", "1");
    play_to_the_end("quints", &[], "random", "random", "2");
    play_to_the_end("quints", &[], "mcts:50", "random", "1");
}

#[test]
fn play_camelot_to_the_end() {
    play_to_the_end("camelot-chessboard", &[], "random", "random", "1");
    play_to_the_end("camelot-chessboard", &[], "random", "random", "2");
    play_to_the_end("camelot-chessboard", &[], "mcts:50", "random", "1");
}

#[test]
fn play_loa_on_the_largest_and_smallest_boards_to_the_end() {
    // 12 x 12 is 144 cells: connection is tested without the 64-cell neighbour masks.
    play_to_the_end("loa", &["--param", "size=12"], "random", "random", "1");
    play_to_the_end("loa", &["--param", "size=5"], "random", "random", "1");
}

#[test]
fn play_loa_human_refused_then_to_a_win() {
    // From the start: b1-b2 is illegal (column b holds b1 and b8, so b1 moves two), b1-b3 is legal.
    let human = ["--first", "human", "--second", "human"];
    let mut args = vec!["play", "loa"];
    args.extend(human);
    let run = hetproba_with_input(&args, "b1-b2\nb1-b3\nquit\n").ok();
    assert!(run.stdout.contains("illegal move 'b1-b2'; legal moves: b1-b3 b1-d3 b1-h1 "), "{}", run.stdout);
    assert!(run.stdout.contains("black played b1-b3"), "{}", run.stdout);
    assert!(run.stdout.ends_with("white> quit\ngame stopped after 1 moves\n"), "{}", run.stdout);

    // The position of the ruleset's test "a capture that joins both sides wins for the mover":
    // b5xb2 joins black (b2 c1 d1) and leaves white joined (a8 b7); the mover wins.
    let mut args = vec!["play", "loa", "--position", "o7/1o6/8/1x6/8/8/1o6/2xx4 b"];
    args.extend(human);
    let run = hetproba_with_input(&args, "b5xb2\n").ok();
    assert!(run.stdout.contains("black played b5xb2\n8 o . . . . . . .\n7 . o . . . . . .\n"), "{}", run.stdout);
    assert!(run.stdout.contains("2 . x . . . . . .\n1 . . x x . . . .\n"), "b2 is black's now\n{}", run.stdout);
    assert!(run.stdout.ends_with("Game over: black wins: all pieces joined in one group\n"), "{}", run.stdout);
}

#[test]
fn play_loa_scrambled_human_moves_then_quit() {
    // b1-h1 is blocked by white's c1 (rank 1 holds six pieces); b1-b3 is legal, and after it
    // white's h3 goes two cells down the diagonal h3-g2-f1 (h3 and f1 on it) and takes f1.
    let input = "b1-h1\nb1-b3\nh3xf1\nquit\n";
    let run = hetproba_with_input(&["play", "loa-scrambled", "--first", "human", "--second", "human"], input).ok();
    assert!(run.stdout.contains("illegal move 'b1-h1'; legal moves: "), "{}", run.stdout);
    assert!(run.stdout.contains("black played b1-b3") && run.stdout.contains("white played h3xf1"), "{}", run.stdout);
    // The drawn board after h3xf1: rank 1 is . . o x o o o . (b1 gone, f1 white's).
    assert!(run.stdout.contains("1 . . o x o o o .\n"), "{}", run.stdout);
    assert!(run.stdout.ends_with("game stopped after 2 moves\n"), "{}", run.stdout);
}

#[test]
fn play_loa_6x7_human_moves_then_quit() {
    // a3xc1 and, in reply, f3xd1: both listed by the ruleset's hand count ("twenty-three moves").
    let run = hetproba_with_input(&["play", "loa-6x7", "--first", "human", "--second", "human"], "a3xc1\nf3xd1\nquit\n").ok();
    assert!(run.stdout.contains("black played a3xc1") && run.stdout.contains("white played f3xd1"), "{}", run.stdout);
    // Six files, seven ranks.
    assert!(run.stdout.contains("7 . x o x o .\n") && run.stdout.contains("\n  a b c d e f\n"), "{}", run.stdout);
    assert!(run.stdout.contains("1 . x x o o .\n"), "c1 black's, d1 white's\n{}", run.stdout);
    assert!(run.stdout.ends_with("game stopped after 2 moves\n"), "{}", run.stdout);
}

#[test]
fn play_quints_human_places_exactly_five_and_wins() {
    // x has a1 a2 a3 and four pieces placed each; a4, then o's h8, then a5: five in column a.
    let position = "8/8/8/8/8/x7/x7/x7 x place:4,4";
    let run =
        hetproba_with_input(&["play", "quints", "--position", position, "--first", "human", "--second", "human"], "a4\nh8\na5\n").ok();
    for line in ["x played a4", "o played h8", "x played a5"] {
        assert!(run.stdout.contains(line), "lacks {line:?}\n{}", run.stdout);
    }
    assert!(run.stdout.ends_with("Game over: x wins: exactly five in a row or column\n"), "{}", run.stdout);
}

#[test]
fn play_camelot_human_jumps_into_the_enemy_castle_and_wins() {
    // The ruleset's test: f6 takes g7 and lands in h8, black's castle; the move ends there.
    let position = "m7/6mm/5M2/8/8/8/8/8 w";
    let run =
        hetproba_with_input(&["play", "camelot-chessboard", "--position", position, "--first", "human", "--second", "human"], "f6:h8\n")
            .ok();
    assert!(run.stdout.contains("white played f6:h8\n8 m . . . . . . M\n7 . . . . . . . m\n"), "g7 taken, h7 not\n{}", run.stdout);
    assert!(run.stdout.ends_with("Game over: white wins: entered the enemy castle\n"), "{}", run.stdout);
}

// ----------------------------------------------------------------------------------------------
// compare

/// The perft row of `compare` for a depth, split into words.
fn perft_row(stdout: &str, depth: u32) -> Vec<&str> {
    let row = stdout.lines().find(|l| l.split_whitespace().next() == Some(&depth.to_string()));
    row.unwrap_or_else(|| panic!("no perft row for depth {depth}\n{stdout}")).split_whitespace().collect()
}

#[test]
fn compare_loa_and_scrambled_eggs_differ_in_the_start_only() {
    let run = hetproba(&["compare", "loa", "loa-scrambled"]).ok();
    let out = &run.stdout;
    assert!(out.starts_with("Comparing loa and loa-scrambled.\n\n1. Rules that differ:\n   - start position:\n"), "{out}");
    assert!(!out.contains("   - board:"), "same board\n{out}");
    assert!(
        out.contains("loa-scrambled: black disc: b1 d1 f1 h2 a3 h4 a5 h6 a7 c8 e8 g8; white disc: c1 e1 g1 a2 h3 a4 h5 a6 h7 b8 d8 f8"),
        "{out}"
    );
    // The oracle's counts: 36 (the published figure) and 32.
    let (standard, scrambled) = (loa::Loa::standard(8).perft(1), loa::Loa::scrambled().perft(1));
    assert_eq!((standard, scrambled), (36, 32));
    assert_eq!(perft_row(out, 1), ["1", "36", "32", "<-", "first", "difference"], "{out}");
    assert!(out.contains("The start positions differ (pieces, or who moves first):"), "{out}");
    assert!(out.contains("They move identically; they differ only in their start position."), "{out}");
    assert!(out.contains("     loa: black to move, 1xxxxxx1/o6o/o6o/o6o/o6o/o6o/o6o/1xxxxxx1 b\n"), "{out}");
    // The start the ruleset's own test writes out by hand.
    assert!(out.contains("     loa-scrambled: black to move, 1oxoxox1/x6o/o6x/x6o/o6x/x6o/o6x/1xoxoxo1 b\n"), "{out}");
}

#[test]
fn compare_loa_and_6x7_differ_in_the_board() {
    let run = hetproba(&["compare", "loa", "loa-6x7"]).ok();
    let out = &run.stdout;
    assert!(
        out.contains(
            "   - board:\n       loa: a rectangle of 8 x 8 squares, 64 cells\n       loa-6x7: a rectangle of 6 x 7 squares, 42 cells\n"
        ),
        "{out}"
    );
    // 23: the oracle, and the hand count in rules/loa-6x7.toml.
    assert_eq!(loa::Loa::six_by_seven().perft(1), 23);
    assert_eq!(perft_row(out, 1), ["1", "36", "23", "<-", "first", "difference"], "{out}");
    assert!(out.contains("The boards differ, so no position can be played under both rulesets"), "{out}");
}

// ----------------------------------------------------------------------------------------------
// Parameters

#[test]
fn loa_size_6_counts_by_hand_and_by_the_oracle() {
    // On 6x6 black has b1 c1 d1 e1 and b6 c6 d6 e6, three moves each (by symmetry, as b1 and c1):
    // b1: file b holds b1 b6, so b3; rank 1 holds four, so f1 over its own c1 d1 e1; the
    //     diagonal b1-f5 holds b1 f5, so d3; the other diagonal (a2) leads off the board.
    // c1: file c holds two, so c3; rank 1 (four) leads off the board both ways; the diagonal
    //     c1-a3 holds c1 a3, so it takes a3; the diagonal c1-f4 holds c1 f4, so e3.
    // 8 x 3 = 24.
    let run = hetproba(&["moves", "loa", "--param", "size=6"]).ok();
    let moves = words(&run.stdout);
    assert_eq!(moves.len(), 24, "{}", run.stdout);
    for mv in ["b1-b3", "b1-f1", "b1-d3", "c1-c3", "c1xa3", "c1-e3", "e6-a6"] {
        assert!(moves.contains(mv), "lacks {mv}: {}", run.stdout);
    }
    assert_eq!(perft("loa", 1, &["--param", "size=6"]), 24);
    // The oracle.
    assert_eq!(perft("loa", 2, &["--param", "size=6"]), loa::Loa::standard(6).perft(2));
}

#[test]
fn parameters_outside_their_range_are_refused_naming_the_range() {
    for (id, param, message) in [
        ("loa", "size=4", "--param size=4: parameter 'size' must be between 5 and 12"),
        ("loa", "size=13", "--param size=13: parameter 'size' must be between 5 and 12"),
        ("quints", "pieces=4", "--param pieces=4: parameter 'pieces' must be between 5 and 32"),
        ("quints", "pieces=33", "--param pieces=33: parameter 'pieces' must be between 5 and 32"),
    ] {
        for command in [&["perft", id, "2", "--param", param][..], &["moves", id, "--param", param], &["show", id, "--param", param]] {
            let run = hetproba(command).fails(1);
            let first = run.stderr.lines().next().unwrap();
            assert!(first.starts_with("error: ") && first.ends_with(message), "{command:?}\n{}", run.stderr);
            assert_eq!(run.stderr.lines().filter(|l| l.starts_with("error:")).count(), 1, "{command:?}\n{}", run.stderr);
        }
        let run = hetproba(&["play", id, "--param", param, "--first", "random", "--second", "random"]).fails(1);
        assert!(run.stderr.contains(message), "{}", run.stderr);
    }
    // The range's ends are inside it.
    assert_eq!(perft("loa", 1, &["--param", "size=5"]), loa::Loa::standard(5).perft(1));
    assert_eq!(perft("quints", 1, &["--param", "pieces=32"]), 64);
}

#[test]
fn quints_pieces_20_places_for_40_plies() {
    // Placements fill any empty cell: 64 x 63 x 62, whatever the number of pieces.
    assert_eq!(perft("quints", 3, &["--param", "pieces=20"]), 64 * 63 * 62);
    // Twenty each on rows 1 to 5 as a checkerboard (x where file + rank is even, so no two equal
    // pieces touch along a row or column: no line, no capture), x and o alternately.
    let mut x = Vec::new();
    let mut o = Vec::new();
    for rank in 1..=5 {
        for file in "abcdefgh".chars() {
            let cell = format!("{file}{rank}");
            if (file as u32 - 'a' as u32 + rank) % 2 == 1 { x.push(cell) } else { o.push(cell) }
        }
    }
    let placements: Vec<String> = x.iter().zip(&o).flat_map(|(a, b)| [a.clone(), b.clone()]).collect();
    assert_eq!(placements.len(), 40);
    // After 39 plies o still places: every one of the 25 empty cells (rows 6 to 8, and h5).
    let run = hetproba(&["moves", "quints", "--param", "pieces=20", "--after", &placements[..39].join(" ")]).ok();
    assert_eq!(words(&run.stdout).len(), 25, "{}", run.stdout);
    assert!(words(&run.stdout).contains("h5") && words(&run.stdout).contains("a8"), "{}", run.stdout);
    // After 40 plies x steps: only a5 c5 e5 g5 have an empty neighbour (rank 6 above them).
    let run = hetproba(&["moves", "quints", "--param", "pieces=20", "--after", &placements.join(" ")]).ok();
    assert_eq!(words(&run.stdout), words("a5-a6 c5-c6 e5-e6 g5-g6"), "{}", run.stdout);
}

#[test]
fn quints_pieces_5_places_for_10_plies_then_steps() {
    // x: a1 a2 a3 b1 c1; o: h8 h7 h6 g8 f8.
    let placements = "a1 h8 a2 h7 a3 h6 b1 g8 c1 f8";
    // After nine plies o places its fifth piece: any of the 55 empty cells.
    let nine: Vec<&str> = placements.split(' ').take(9).collect();
    let run = hetproba(&["moves", "quints", "--param", "pieces=5", "--after", &nine.join(" ")]).ok();
    assert_eq!(words(&run.stdout).len(), 64 - 9, "{}", run.stdout);
    // Then x steps. By hand: a1 is boxed in by a2 and b1; a2-b2; a3-a4, a3-b3; b1-b2; c1-c2, c1-d1.
    let run = hetproba(&["moves", "quints", "--param", "pieces=5", "--after", placements]).ok();
    assert_eq!(words(&run.stdout), words("a2-b2 a3-a4 a3-b3 b1-b2 c1-c2 c1-d1"), "{}", run.stdout);
}

// ----------------------------------------------------------------------------------------------
// Boards of more than 64 cells

#[test]
fn loa_on_9x9_and_12x12_agrees_with_the_oracle() {
    for size in [9, 12] {
        let param = format!("size={size}");
        let start = loa::Loa::standard(size);
        // The moves from the start, by name.
        let run = hetproba(&["moves", "loa", "--param", &param]).ok();
        let engine: BTreeSet<String> = run.stdout.split_whitespace().map(str::to_string).collect();
        assert_eq!(engine, oracle_move_names(&start), "size {size}");
        for depth in 1..=2 {
            assert_eq!(perft("loa", depth, &["--param", &param]), start.perft(depth), "size {size}, depth {depth}");
        }
    }
}

#[test]
fn loa_on_12x12_ends_by_connection_in_the_top_right_corner() {
    // Black k12 and l10 (cells 142 and 119 of 144), white a1 and c1: nobody is joined. The
    // diagonal through l10 and k11 holds only l10, so l10 moves one cell, to k11, next to k12.
    let position = "10x1/12/11x/12/12/12/12/12/12/12/12/o1o9 b";
    let run = hetproba(&["moves", "loa", "--param", "size=12", "--position", position]).ok();
    assert!(words(&run.stdout).contains("l10-k11"), "{}", run.stdout);
    let run = hetproba(&["moves", "loa", "--param", "size=12", "--position", position, "--after", "l10-k11"]).ok();
    assert_eq!(run.stdout, "no legal moves (black wins: all pieces joined in one group)\n");
    // l10-l11 (file l holds only l10) leaves k12 and l11 joined too; l10-k10 does not.
    let run = hetproba(&["moves", "loa", "--param", "size=12", "--position", position, "--after", "l10-l11"]).ok();
    assert_eq!(run.stdout, "no legal moves (black wins: all pieces joined in one group)\n");
    let run = hetproba(&["moves", "loa", "--param", "size=12", "--position", position, "--after", "l10-k10"]).ok();
    assert!(!run.stdout.starts_with("no legal moves"), "{}", run.stdout);
}

/// Quints on 10 x 10: 100 cells, more than 64, at most 128 (capturing by enclosing allows that).
const QUINTS_10: &str =
    "extends = \"quints\"\n\n[game]\nid = \"quints-10\"\nname = \"Quints on 10x10\"\n\n[board]\nwidth = 10\nheight = 10\n";

#[test]
fn quints_on_10x10_places_steps_captures_and_wins() {
    let dir = scratch("quints_10");
    let path = write(&dir, "quints-10.toml", QUINTS_10);
    let run = hetproba(&["check", &path]).ok();
    assert!(run.stdout.contains("(quints-10): 100 cells"), "{}", run.stdout);
    // Any empty cell: 100, then 99.
    assert_eq!(perft(&path, 1, &[]), 100);
    assert_eq!(perft(&path, 2, &[]), 100 * 99);

    // In the top-right corner (cells 89 to 99): x h10, o i10, x j9. By hand: h10-g10, h10-h9;
    // j9-j8, j9-i9, j9-j10, and j9-j10 taking i10, sandwiched against h10.
    let position = "7xo1/9x/10/10/10/10/10/10/10/o9 x move";
    let run = hetproba(&["moves", &path, "--position", position]).ok();
    assert_eq!(words(&run.stdout), words("h10-g10 h10-h9 j9-j8 j9-i9 j9-j10 j9-j10xi10"), "{}", run.stdout);
    let json = hetproba(&["moves", &path, "--position", position, "--json"]).ok().json();
    let capture = json.as_array().unwrap().iter().find(|m| m["notation"] == "j9-j10xi10").expect("the capture is listed");
    assert_eq!(capture["captures"], serde_json::json!(["i10"]));
    // After the capture and o's a1-a2, i10 is empty: h10 may step there.
    let run = hetproba(&["moves", &path, "--position", position, "--after", "j9-j10xi10 a1-a2"]).ok();
    assert_eq!(words(&run.stdout), words("h10-g10 h10-h9 h10-i10 j10-i10 j10-j9"), "{}", run.stdout);
    // Without the capture, i10 stays: nothing new to step to.
    let run = hetproba(&["moves", &path, "--position", position, "--after", "j9-j10 a1-a2"]).ok();
    assert_eq!(words(&run.stdout), words("h10-g10 h10-h9 j10-j9"), "{}", run.stdout);

    // Exactly five on the top rank wins; six does not.
    let five = hetproba(&["moves", &path, "--position", "xxxx6/10/10/10/10/10/10/10/10/10 x place:4,4", "--after", "e10"]).ok();
    assert_eq!(five.stdout, "no legal moves (x wins: exactly five in a row or column)\n");
    let six = hetproba(&["moves", &path, "--position", "xxxx1x4/10/10/10/10/10/10/10/10/10 x place:5,5", "--after", "e10"]).ok();
    assert!(!six.stdout.starts_with("no legal moves"), "{}", six.stdout);
}

// ----------------------------------------------------------------------------------------------
// The draw option of Lines of Action

/// Sackson's rule scores a move that joins both sides a win for the mover; the tournament rule
/// scores it a draw, written as one more end rule put first (as rules/loa.toml describes).
const LOA_DRAW: &str = r#"extends = "loa"

[game]
id = "loa-draw"
name = "Lines of Action, joining both sides draws"

[[end]]
if = "connected(all) by mover and connected(all) by next"
result = "draw"

[[end]]
if = "connected(all) by mover"
result = "mover wins"
reason = "all pieces joined in one group"

[[end]]
if = "connected(all) by next"
result = "mover loses"
reason = "the move left the opponent's pieces joined in one group"

[[tests]]
name = "a capture that joins both sides is a draw"
position = "o7/1o6/8/1x6/8/8/1o6/2xx4 b"
after = "b5xb2"
result = "draw"

[[tests]]
name = "a capture that leaves only the opponent joined still loses"
position = "o7/1o6/8/1x6/8/8/1o6/6xx b"
after = "b5xb2"
result = "white wins"
"#;

#[test]
fn loa_draw_variant_scores_joining_both_sides_a_draw() {
    let dir = scratch("loa_draw");
    let path = write(&dir, "loa-draw.toml", LOA_DRAW);
    let run = hetproba(&["check", &path]).ok();
    assert!(run.stdout.contains("(loa-draw): 64 cells, 1 piece type, 1 move rule, 3 end rules; 2 embedded tests passed"), "{}", run.stdout);
    // b5xb2 joins black (b2 c1 d1) and leaves white joined (a8 b7): under loa the mover wins,
    // under the variant it is a draw.
    let position = "o7/1o6/8/1x6/8/8/1o6/2xx4 b";
    let run = hetproba(&["moves", "loa", "--position", position, "--after", "b5xb2"]).ok();
    assert_eq!(run.stdout, "no legal moves (black wins: all pieces joined in one group)\n");
    let run = hetproba(&["moves", &path, "--position", position, "--after", "b5xb2"]).ok();
    assert!(run.stdout.starts_with("no legal moves (draw"), "{}", run.stdout);
    // The same in play.
    let run = hetproba_with_input(&["play", &path, "--position", position, "--first", "human", "--second", "human"], "b5xb2\n").ok();
    assert!(run.stdout.contains("\nGame over: draw"), "{}", run.stdout);
    // The variant moves like loa: compare finds the difference in the end rules only.
    let run = hetproba(&["compare", "loa", &path, "--depth", "2"]).ok();
    assert!(run.stdout.contains("They move identically; their difference lies only in how a game ends"), "{}", run.stdout);
    // The oracle's count.
    let count = loa::Loa::standard(8).perft(2).to_string();
    assert_eq!(perft_row(&run.stdout, 2), ["2", &count, &count], "{}", run.stdout);
}

// ----------------------------------------------------------------------------------------------
// Broken files: one mistake, one error at its exact place
//
// TINY's line 20 is `do = "roll(orthogonal)"`: the pattern text starts at column 7. Line 23 is
// `if = "line(3) by mover"`: the condition starts at column 7 too.

/// TINY with its move pattern replaced.
fn tiny_pattern(pattern: &str) -> String {
    TINY.replace("do = \"roll(orthogonal)\"", &format!("do = \"{pattern}\""))
}

/// TINY with its end condition replaced.
fn tiny_condition(condition: &str) -> String {
    TINY.replace("if = \"line(3) by mover\"", &format!("if = \"{condition}\""))
}

#[test]
fn broken_slide_distance_over_and_max() {
    // "slide(all, " is 11 characters: the argument starts at column 7 + 11.
    let text = tiny_pattern("slide(all, distance=far)");
    assert_broken("slide_distance", &[("distance.toml", &text)], "distance.toml", "20:18", "distance= takes any or line-count");
    let text = tiny_pattern("slide(all, over=friends)");
    assert_broken("slide_over", &[("over.toml", &text)], "over.toml", "20:18", "over= takes none, own, enemy or any");
    let text = tiny_pattern("slide(all, max=2, distance=line-count)");
    assert_broken("slide_max", &[("max.toml", &text)], "max.toml", "20:7", "slide() takes max= or distance=line-count, not both");
}

#[test]
fn broken_revisit() {
    // Line 21, after the pattern: `revisit = "sometimes"`, the value at column 11.
    let text = tiny_pattern("jump(all)+\"\nrevisit = \"sometimes");
    assert_broken(
        "revisit_value",
        &[("revisit.toml", &text)],
        "revisit.toml",
        "21:11",
        "revisit must be by-capture or never, not 'sometimes'",
    );
    let text = tiny_pattern("roll(orthogonal)\"\nrevisit = \"never");
    assert_broken("revisit_roll", &[("revisit.toml", &text)], "revisit.toml", "21:11", "revisit applies to moves of hops (jump, fly)");
}

#[test]
fn broken_hop_patterns() {
    let text = tiny_pattern("jump(all)* jump(all, over=own)?");
    assert_broken("all_optional", &[("optional.toml", &text)], "optional.toml", "20:7", "every part of this pattern may be skipped");
    // The step is reported, wherever it stands: column 7, or 7 + "jump(all) ".len().
    let text = tiny_pattern("step(all) jump(all)");
    assert_broken("step_then_jump", &[("mixed.toml", &text)], "mixed.toml", "20:7", "step() cannot follow or precede hops");
    let text = tiny_pattern("jump(all) step(all)");
    assert_broken("jump_then_step", &[("mixed.toml", &text)], "mixed.toml", "20:17", "step() cannot follow or precede hops");
}

#[test]
fn broken_enclose() {
    // "step(all) then enclose(all, " is 28 characters.
    let text = tiny_pattern("step(all) then enclose(all, explode)");
    assert_broken(
        "enclose_explode",
        &[("explode.toml", &text)],
        "explode.toml",
        "20:35",
        "enclose() takes a direction set, then flip or remove",
    );
    // "step(all) then " is 15 characters: the enclose() call.
    let text = tiny_pattern("step(all) then enclose(all, flip, optional)");
    assert_broken(
        "enclose_optional_flip",
        &[("optional.toml", &text)],
        "optional.toml",
        "20:22",
        "only a capture (remove) can be optional",
    );
}

#[test]
fn broken_connected_and_occupies() {
    // "connected(all, " is 15 characters: the second argument.
    let text = tiny_condition("connected(all, orthogonal) by mover");
    assert_broken("connected_two", &[("connected.toml", &text)], "connected.toml", "23:22", "connected() takes one direction set");
    // A board with one region of its own, `goal`; `all` and `edge` every board has.
    let with_region = |condition: &str| format!("{}\n[board.regions]\ngoal = [\"a1\"]\n", tiny_condition(condition));
    // "occupies(" is 9 characters.
    let text = with_region("occupies(nowhere) by mover");
    assert_broken(
        "occupies_nowhere",
        &[("occupies.toml", &text)],
        "occupies.toml",
        "23:16",
        "no region 'nowhere'; the board has: all, edge, goal",
    );
    let text = with_region("occupies() by mover");
    assert_broken("occupies_empty", &[("occupies.toml", &text)], "occupies.toml", "23:7", "occupies() takes one region name");
}

/// TINY with a placement phase (lines 26 to 28, `limit` from line 27 on), then the rest of the game.
fn tiny_phases(limit: &str) -> String {
    format!("{TINY}\n[[phases]]\n{limit}\nmoves = [\"drop\"]\n\n[[phases]]\nname = \"rest\"\n")
}

/// The two limits written wrong: the text, its place and the message. With both limits, the
/// second one (`placed`, line 28) is reported.
const BAD_LIMITS: [(&str, &str, &str); 2] = [
    ("placed = 0", "27:10", "placed must be between 1 and 65535, not 0"),
    ("plies = 4\nplaced = 2", "28:10", "a phase lasts either plies = N or placed = N, not both"),
];

#[test]
fn broken_phases_report_the_limit_first_at_its_place() {
    for (i, (limit, line_col, message)) in BAD_LIMITS.into_iter().enumerate() {
        let dir = scratch(&format!("phase_limit_{i}"));
        let path = write(&dir, "phases.toml", &tiny_phases(limit));
        for command in ["check", "moves"] {
            let run = hetproba(&[command, &path]).fails(1);
            let first = run.stderr.lines().next().unwrap();
            assert_eq!(first, format!("error: {path}:{line_col}: {message}"), "{}", run.stderr);
        }
    }
}

/// The phase's limit is wrong, so the loader drops it, and then also reports the phase as one
/// with no limit at all ("phase 'play' has no plies or placed limit, so the phases after it never
/// start", at the [[phases]] header): two errors for one mistake, the second one misleading.
#[test]
fn broken_phases_each_mistake_gives_one_error() {
    for (i, (limit, line_col, message)) in BAD_LIMITS.into_iter().enumerate() {
        let name = format!("phase_one_error_{i}");
        assert_broken(&name, &[("phases.toml", &tiny_phases(limit))], "phases.toml", line_col, message);
    }
}

#[test]
fn broken_turn_keys() {
    // Lines 26 and 27: [turn] and its one key.
    let text = format!("{TINY}\n[turn]\ncapture-trigger = \"sometimes\"\n");
    assert_broken(
        "capture_trigger",
        &[("trigger.toml", &text)],
        "trigger.toml",
        "27:19",
        "capture-trigger must be any or direct, not 'sometimes'",
    );
    let text = format!("{TINY}\n[board.regions]\ngoal = [\"a1\"]\n\n[turn]\nmust-leave = \"nowhere\"\n");
    assert_broken("must_leave", &[("leave.toml", &text)], "leave.toml", "30:14", "no region 'nowhere'; the board has: all, edge, goal");
}

#[test]
fn broken_parameter_tables() {
    // Lines 26 and 27: [params] and its one parameter; the table value starts at column 5.
    let params = |value: &str| format!("{TINY}\n[params]\nn = {value}\n");
    let text = params("{ min = 5, max = 12 }");
    assert_broken("param_no_default", &[("params.toml", &text)], "params.toml", "27:5", "parameter 'n' needs default = <integer>");
    let text = params("{ default = 20, min = 5, max = 12 }");
    assert_broken(
        "param_default_outside",
        &[("params.toml", &text)],
        "params.toml",
        "27:5",
        "the default of 'n' (20) is outside its range",
    );
    // "n = { default = 3, " is 19 characters: the unknown key.
    let text = params("{ default = 3, step = 1 }");
    assert_broken(
        "param_unknown_key",
        &[("params.toml", &text)],
        "params.toml",
        "27:20",
        "unknown key 'step' in parameter 'n'; expected one of: default, min, max",
    );
}

// ----------------------------------------------------------------------------------------------
// Limits: the loader names the limit and the place

#[test]
fn limit_255_move_rules() {
    // TINY's one move rule and 255 more: the 256th rule's pattern is reported. TINY has 24 lines;
    // each added rule takes three (blank, header, do), its `do` on the third.
    let mut text = TINY.to_string();
    for i in 1..=255 {
        text.push_str(&format!("\n[moves.more{i}]\ndo = \"roll(orthogonal)\"\n"));
    }
    let line = 24 + 3 * 255;
    assert_broken(
        "move_rules",
        &[("rules.toml", &text)],
        "rules.toml",
        &format!("{line}:6"),
        "a ruleset has at most 255 move rules; this one has 256",
    );
    // 255 are fine.
    let fine = text.rsplit_once("\n[moves.more255]").unwrap().0.to_string();
    let dir = scratch("move_rules_255");
    let path = write(&dir, "rules.toml", &fine);
    assert!(hetproba(&["check", &path]).ok().stdout.contains("255 move rules"));
}

#[test]
fn limit_64_piece_types() {
    // 65 piece types, each with two symbols of its own (letters from U+0100 on); the move rule
    // names its piece. The 65th type's header key is reported: TINY's [pieces.stone] is on line
    // 16, and the moves table follows the pieces, so the extra types go before [moves.drop].
    let mut pieces = String::new();
    for i in 0..64u32 {
        let a = char::from_u32(0x100 + 2 * i).unwrap();
        let b = char::from_u32(0x101 + 2 * i).unwrap();
        pieces.push_str(&format!("[pieces.p{i}]\nsymbols = [\"{a}\", \"{b}\"]\n\n"));
    }
    let text = TINY.replace("[moves.drop]\n", &format!("{pieces}[moves.drop]\npiece = \"stone\"\n"));
    // p63, the 65th type, is the 64th added: its header on line 19 + 3 * 63, the key at column 9.
    let line = 19 + 3 * 63;
    assert_broken(
        "piece_types",
        &[("pieces.toml", &text)],
        "pieces.toml",
        &format!("{line}:9"),
        "a ruleset has at most 64 piece types; this one has 65",
    );
}

#[test]
fn limit_128_cells_for_hops_and_enclosing_captures() {
    let twelve = |text: String| text.replace("width = 4\nheight = 4", "width = 12\nheight = 12");
    // The [board] header, line 11.
    let text = twelve(tiny_pattern("jump(all)+"));
    assert_broken(
        "hops_144",
        &[("hops.toml", &text)],
        "hops.toml",
        "11:1",
        "hops need a board of at most 128 cells; this one has 144 (move 'drop')",
    );
    let text = twelve(tiny_pattern("step(orthogonal) then enclose(orthogonal, remove)"));
    assert_broken(
        "enclose_144",
        &[("enclose.toml", &text)],
        "enclose.toml",
        "11:1",
        "captures by enclosing need a board of at most 128 cells; this one has 144 (move 'drop')",
    );
    // Turning enclosed pieces captures nothing and has no such limit: Reversi on 12 x 12, white
    // places i12 and turns j12 (cells 140 and 141 of the 144).
    let dir = scratch("reversi_144");
    let path = write(
        &dir,
        "reversi-12.toml",
        "extends = \"reversi\"\n\n[game]\nid = \"reversi-12\"\nname = \"Reversi 12\"\n\n[board]\nwidth = 12\nheight = 12\n",
    );
    let position = "9xoo/12/12/12/12/12/12/12/12/12/12/12 w";
    let json = hetproba(&["moves", &path, "--position", position, "--json"]).ok().json();
    assert_eq!(json, serde_json::json!([{"notation": "i12", "from": null, "to": "i12", "path": [], "captures": [], "flips": ["j12"]}]));
    let run = hetproba(&["moves", &path, "--position", position, "--after", "i12"]).ok();
    assert_eq!(run.stdout, "no legal moves (white wins: 4 against 0 at the end)\n");
}

#[test]
fn every_new_ruleset_passes_its_embedded_tests() {
    let run = hetproba(&{
        let mut args = vec!["check"];
        args.extend(NEW_GAMES);
        args
    })
    .ok();
    for id in NEW_GAMES {
        assert!(run.stdout.contains(&format!("({id}): ")), "{}", run.stdout);
    }
    assert!(!run.stdout.contains(" 0 embedded tests"), "{}", run.stdout);
}

// ----------------------------------------------------------------------------------------------
// Regressions found while documenting the new primitives

#[test]
fn effects_after_a_push_or_with_two_outcomes_or_len_0_are_refused() {
    // `do = "` ends at column 6: the pattern starts at column 7 of line 20.
    let text = tiny_pattern("push(orthogonal) then flip(all)");
    assert_broken("push_then_flip", &[("push.toml", &text)], "push.toml", "20:29", "flip() cannot follow push() yet");
    let text = tiny_pattern("place then enclose(all, flip, remove)");
    assert_broken("two_outcomes", &[("two.toml", &text)], "two.toml", "20:37", "enclose() takes flip or remove, not both");
    let text = tiny_pattern("place then enclose(all, remove, len=0)");
    assert_broken("len_0", &[("len.toml", &text)], "len.toml", "20:39", "len= is the exact number of enclosed pieces: at least 1");
}

/// A one-file-wide board of five cells with a rook for each player and a stone that belongs to
/// nobody, moving by `pattern`.
fn column_ruleset(pattern: &str) -> String {
    format!(
        r##"[game]
id = "column"
name = "Column"

[[players]]
name = "x"

[[players]]
name = "o"

[board]
width = 1
height = 5

[pieces.rook]
symbols = ["R", "r"]

[pieces.stone]
owner = "none"
symbol = "#"

[moves.rook]
piece = "rook"
do = "{pattern}"
"##
    )
}

#[test]
fn a_slide_over_any_passes_own_and_enemy_pieces_but_not_neutral_ones() {
    let dir = scratch("slide_over_any");
    let file = write(&dir, "column.toml", &column_ruleset("slide(orthogonal, over=any, to=any)"));
    // R on a1, the neutral stone on a2: nothing to pass it, and it cannot be landed on.
    let run = hetproba(&["moves", &file, "--position", "1/1/1/#/R x"]).ok();
    assert!(!run.stdout.contains("a1-a3") && !run.stdout.contains("a1-a2"), "{}", run.stdout);
    // An enemy rook on a2 instead is passed (a1-a3) or taken (a1xa2).
    let run = hetproba(&["moves", &file, "--position", "1/1/1/r/R x"]).ok();
    assert_eq!(words(&run.stdout), BTreeSet::from(["a1xa2", "a1-a3", "a1-a4", "a1-a5"]), "{}", run.stdout);
}

#[test]
fn flips_listed_for_a_moving_piece_leave_its_start_cell_empty() {
    // a1 passes over the enemy a2 to a3; flipping southward from a3 meets a2 then a1, which the
    // rook has just left: nothing is enclosed, and playing the move turns nothing either.
    let dir = scratch("moving_flips");
    let file = write(&dir, "column.toml", &column_ruleset("slide(n, over=enemy) then flip(s, min=0)"));
    let run = hetproba(&["moves", &file, "--position", "1/1/1/r/R x", "--json"]).ok();
    let moves = run.json();
    let a3 = moves.as_array().unwrap().iter().find(|m| m["notation"] == "a1-a3").expect("a1-a3 is legal");
    assert_eq!(a3["flips"], serde_json::json!([]), "{}", run.stdout);
    let run = hetproba(&["moves", &file, "--position", "1/1/1/r/R x", "--after", "a1-a3"]).ok();
    assert!(!run.stdout.is_empty());
}

#[test]
fn a_phase_that_lasts_to_the_end_takes_no_progress_in_a_position() {
    let run = hetproba(&["moves", "quints", "--position", "8/8/8/8/8/8/8/8 x move:3"]).fails(1).one_line();
    assert!(run.stderr.contains("phase 'move' lasts to the end of the game and counts nothing: write just 'move'"), "{}", run.stderr);
}

/// Three columns, seven rows; the column step `n`/`s` jumps two rows and is blocked by a piece on
/// either cell beside the row it crosses (as Hexasah's column); `e`/`w` are plain steps.
const PIN_RULESET: &str = r#"[game]
id = "pin"
name = "Pin"

[[players]]
name = "x"

[[players]]
name = "o"

[board]
width = 3
height = 7

[board.steps]
n = { by = [0, 2], blocked-by = [[-1, 1], [1, 1]] }
e = [1, 0]
s = { by = [0, -2], blocked-by = [[-1, -1], [1, -1]] }
w = [-1, 0]
up = [0, 1]
down = [0, -1]

[board.directions]
lines = ["n", "e", "s", "w"]

[pieces.king]
symbols = ["K", "k"]
royal = true

[pieces.rook]
symbols = ["R", "r"]

[moves.rook]
piece = "rook"
do = "slide(lines, to=any)"
"#;

#[test]
fn a_piece_beside_a_blocked_line_is_pinned_to_the_royal_piece() {
    let dir = scratch("blocked_pin");
    let file = write(&dir, "pin.toml", PIN_RULESET);
    // The king on b1, the enemy rook on b7; the column b7-b5-b3-b1 is blocked only by the rook on
    // a4, beside the step b5-b3. Leaving for b4 opens it; a6, a2 and c4 block a step again.
    let run = hetproba(&["moves", &file, "--position", "1r1/3/3/R2/3/3/1K1 x"]).ok();
    assert_eq!(words(&run.stdout), BTreeSet::from(["a4-a6", "a4-a2", "a4-c4"]), "{}", run.stdout);
    // A rook on the column itself is pinned the usual way: along the line or taking the pinner.
    let run = hetproba(&["moves", &file, "--position", "1r1/3/3/3/1R1/3/1K1 x"]).ok();
    assert_eq!(words(&run.stdout), BTreeSet::from(["b3-b5", "b3xb7"]), "{}", run.stdout);
}
