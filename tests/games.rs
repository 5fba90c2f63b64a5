//! The games built on the general primitives (Lines of Action and its two variants, Quints, Camelot
//! on a chessboard, Chess, Hexasah, Tobit and Tobit on 4 x 4 lines), run through the command line
//! as a user would run them: they play to the end, `compare` tells the variants apart, their
//! parameters work within their ranges and are refused outside them, boards of more than 64 cells
//! go through the general paths, chess positions and moves are read and written in FEN and SAN,
//! and every new key and primitive gives one clear error at its exact place when it is written
//! wrong.
//!
//! Expected counts come from hand counts (worked in the comments), from published figures (the
//! Chess Programming Wiki's perft table), or from the independent brute-force Lines of Action
//! generator in crates/engine/tests/oracles/loa.rs, which knows nothing of the engine.

mod common;

#[allow(dead_code)]
#[path = "../crates/engine/tests/oracles/loa.rs"]
mod loa;
/// What the oracles share (square names, perft), which the LOA oracle uses.
#[allow(dead_code)]
#[path = "../crates/engine/tests/oracles/shared.rs"]
mod shared;

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
    let dir = scratch(&format!("play_{id}_{}_{first}_{second}_{seed}", extra.join("_")).replace([':', '=', '/', ' '], "-"));
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
fn play_the_xiangqi_family_to_the_end() {
    play_to_the_end("xiangqi", &[], "random", "random", "1");
    play_to_the_end("xiangqi", &[], "mcts:50", "random", "1");
    play_to_the_end("minixiangqi", &[], "random", "random", "1");
    play_to_the_end("minixiangqi", &[], "mcts:50", "random", "2");
    play_to_the_end("janggi", &[], "random", "random", "1");
    play_to_the_end("janggi", &[], "mcts:50", "random", "1");
}

#[test]
fn selfplay_and_compare_the_xiangqi_family() {
    // Each selfplay line is a finished game: a result and the rule that ended it.
    for id in ["xiangqi", "minixiangqi", "janggi"] {
        let run = hetproba(&["selfplay", id, "--games", "3", "--first", "random", "--second", "random"]).ok();
        let lines = run.lines();
        assert_eq!(lines.len(), 3, "{}", run.stdout);
        for line in lines {
            assert!(line.contains("\"result\":\"") && line.contains("\"reason\":\""), "{id}: {line}");
        }
    }
    // Perft side by side: 44 and 19 moves from the starts (tests/perft/xiangqi.perft, minixiangqi.perft).
    let run = hetproba(&["compare", "xiangqi", "minixiangqi"]).ok();
    assert!(run.stdout.contains("       1           44           19"), "{}", run.stdout);
    // Janggi beside xiangqi: 32 moves (a pass among them) against 44, and a position where they
    // differ.
    let run = hetproba(&["compare", "janggi", "xiangqi"]).ok();
    assert!(run.stdout.contains("       1          32          44   <- first difference"), "{}", run.stdout);
}

#[test]
fn play_selfplay_and_compare_grand_chess() {
    play_to_the_end("grand", &[], "random", "random", "1");
    play_to_the_end("grand", &[], "mcts:50", "random", "2");
    let run = hetproba(&["selfplay", "grand", "--games", "2", "--first", "random", "--second", "random"]).ok();
    let lines = run.lines();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    for line in lines {
        assert!(line.contains("\"result\":\"") && line.contains("\"reason\":\""), "grand: {line}");
    }
    // Perft side by side: 20 and 65 moves from the starts (rules/chess.toml, rules/grand.toml).
    let run = hetproba(&["compare", "chess", "grand"]).ok();
    assert!(run.stdout.contains("       1          20          65"), "{}", run.stdout);
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
// Reference games: other programs' games replay to their results

/// Every record in tests/reference-games (games played by kish, pydraughts and OpenSpiel, see
/// its README) replays move by move and ends exactly where the record ends, with its result.
#[test]
fn reference_games_replay_to_the_programs_results() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/reference-games");
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/reference-games exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdn" || e == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "{files:?}");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let result = text.split("[Result \"").nth(1).and_then(|r| r.split('"').next()).expect("a Result tag");
        let path = file.to_str().unwrap();
        let run = hetproba(&["replay", path]).ok();
        let last = run.lines().last().copied().unwrap_or_default().to_string();
        assert!(last.contains(&format!("; result {result}: ")), "{path}: {last}");
        assert!(!last.contains("the game goes on"), "{path}: the record ends before the game does: {last}");
    }
}

/// The games in tests/fixtures/authors (Hexapawn, Five Field Kono, Halma, Bagh-chal, Teeko, Dao) were
/// written from docs/language.md alone, each from the published rules its header names. `check` reads each
/// and runs its embedded tests (first moves and perft counts worked by hand in their comments, wins), so
/// a change of the language or of the page's promises that breaks an author's file fails here.
#[test]
fn games_written_from_the_language_page_pass_check() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/authors");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/fixtures/authors exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| p.to_str().expect("a UTF-8 path").to_string())
        .collect();
    files.sort();
    assert!(files.len() >= 3, "{files:?}");
    for file in &files {
        let run = hetproba(&["check", file]).ok();
        assert!(run.stdout.starts_with("ok: ") && run.stdout.contains("embedded tests passed"), "{file}: {}", run.stdout);
    }
}

/// Hex on 5x5, where some moves win within four plies. OpenSpiel 2.0.2 (PyPI open_spiel), game
/// "hex" (board_size=5, no swap), perft by a depth-first walk over legal_actions, nothing counted
/// below a terminal state, from positions after 8 to 14 random plies (Python random.Random(22)).
#[test]
fn hex_on_5x5_agrees_with_openspiel() {
    let cases = [
        ("1R3/RB3/2R2/1RR2/B2BB b", [16, 240, 3360, 43316]),
        ("RR3/BB3/1B1R1/1B3/BRR2 r", [15, 210, 2730, 32760]),
        ("1B1B1/R3R/2B1B/BR3/1R1RR b", [14, 182, 2184, 24024]),
    ];
    for (position, counts) in cases {
        for (depth, nodes) in (1..).zip(counts) {
            assert_eq!(perft("hex", depth, &["--param", "size=5", "--position", position]), nodes, "{position} perft {depth}");
        }
    }
}

/// The rulesets of the chessboard collections play to the end, and their records replay.
#[test]
fn play_the_collection_rulesets_to_the_end() {
    for id in ["draughts-turkish", "breakthrough", "clobber", "fox-and-hounds", "draughts-giveaway", "draughts-poddavki"] {
        play_to_the_end(id, &[], "random", "mcts:20", "3");
    }
    play_to_the_end("gomoku", &["--param", "size=7"], "mcts:20", "random", "5");
    play_to_the_end("pente", &["--param", "size=9"], "mcts:20", "random", "5");
    play_to_the_end("kamisado", &[], "mcts:20", "random", "5");
    play_to_the_end("konane", &[], "mcts:20", "random", "5");
    play_to_the_end("nine-mens-morris", &[], "mcts:20", "random", "4");
    play_to_the_end("fanorona", &[], "mcts:20", "random", "5");
    play_to_the_end("hex", &[], "random", "random", "4");
    play_to_the_end("ataxx", &[], "random", "mcts:20", "4");
    play_to_the_end("hasami-shogi", &["--param", "win_below=8"], "mcts:20", "random", "4");
    play_to_the_end("brandubh", &[], "mcts:20", "random", "4");
    play_to_the_end("tablut", &[], "random", "mcts:20", "4");
    // Ugolki ends by move 40 at the latest: a man still at home then loses.
    play_to_the_end("ugolki", &[], "mcts:20", "random", "4");
    play_to_the_end("amazons", &[], "random", "random", "4");
    play_to_the_end("fox-and-geese", &[], "mcts:20", "random", "4");
    play_to_the_end("dameo", &[], "random", "mcts:20", "4");
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
    assert_broken("slide_distance", &[("distance.toml", &text)], "distance.toml", "20:18", "distance= takes any, line-count or farthest");
    let text = tiny_pattern("slide(all, over=friends)");
    assert_broken("slide_over", &[("over.toml", &text)], "over.toml", "20:18", "over= takes none, own, enemy or any");
    let text = tiny_pattern("slide(all, max=2, distance=line-count)");
    assert_broken("slide_max", &[("max.toml", &text)], "max.toml", "20:7", "slide() takes max= or distance=line-count, not both");
    // A slide as far as it can has one landing per direction: no limit, no way over pieces.
    let far = "a slide as far as it can goes over empty cells to the last one before a piece or the edge";
    for (key, pattern) in [("max", "slide(all, distance=farthest, max=2)"), ("over", "slide(all, over=own, distance=farthest)")] {
        let text = tiny_pattern(pattern);
        let message = format!("slide() takes distance=farthest or {key}=, not both: {far}");
        assert_broken(&format!("slide_farthest_{key}"), &[("far.toml", &text)], "far.toml", "20:7", &message);
    }
}

#[test]
fn broken_line_moves() {
    assert_broken(
        "line_dirs",
        &[("line.toml", &tiny_pattern("line()"))],
        "line.toml",
        "20:7",
        "line() needs a direction set, e.g. line(orthogonal)",
    );
    // "line(all, " is 10 characters: an argument starts at column 7 + 10.
    let cases = [
        ("line_length", "line(all, length=0)", "length= is the fewest pieces of a line: at least 1 (a lone piece is a line of one)"),
        ("line_max_zero", "line(all, max=0)", "max= is how many cells a line may move: at least 1, or any (as far as empty cells allow)"),
        (
            "line_max_word",
            "line(all, max=far)",
            "max= takes a number of cells, a parameter's name, or any (as far as empty cells allow), not 'far'",
        ),
        ("line_of_unknown", "line(all, of=ghost)", "no piece type 'ghost'; the pieces are: stone"),
        ("line_push", "line(all, push=enemy)", "line() has no option 'push'"),
    ];
    for (name, pattern, message) in cases {
        assert_broken(name, &[("line.toml", &tiny_pattern(pattern))], "line.toml", "20:17", message);
    }
    // "line(all) then " is 15 characters.
    let text = tiny_pattern("line(all) then flip(all)");
    assert_broken(
        "line_effect",
        &[("line.toml", &text)],
        "line.toml",
        "20:22",
        "flip() cannot follow line() yet: a line moves several pieces",
    );
    // With a second piece type, of= must still hold the rule's own: four lines more above the
    // pattern, now on line 24.
    let text = tiny_pattern("line(all, of=rock)")
        .replace("[moves.drop]\n", "[pieces.rock]\nsymbols = [\"r\", \"R\"]\n\n[moves.drop]\npiece = \"stone\"\n");
    assert_broken(
        "line_of_own",
        &[("line.toml", &text)],
        "line.toml",
        "24:17",
        "of= must include 'stone', the rule's piece: a line moves from its rear stone",
    );
}

/// Lines of stones on 4x4 (counted by hand): a1 and b1 form a line along row 1, each stone a
/// line of one up its file. One cell: a1-c1 moves both, b1-c1 the front one. As far as empty
/// cells allow: a1-d1 moves both two cells, to c1 and d1, as the next moves show. With length=2
/// only the line of two moves.
#[test]
fn a_line_of_stones_moves_as_a_unit() {
    let dir = scratch("line_moves");
    let moves = |pattern: &str, position: &str, after: &str| {
        let path = write(&dir, "line.toml", &tiny_pattern(pattern));
        let mut args = vec!["moves", path.as_str(), "--position", position];
        if !after.is_empty() {
            args.extend(["--after", after]);
        }
        hetproba(&args).ok().stdout
    };
    assert_eq!(moves("line(orthogonal)", "4/4/4/xx2 x", ""), "a1-a2 a1-c1 b1-b2 b1-c1\n");
    assert_eq!(moves("line(orthogonal, max=any)", "4/4/4/xx2 x", ""), "a1-a2 a1-a3 a1-a4 a1-c1 a1-d1 b1-b2 b1-b3 b1-b4 b1-c1 b1-d1\n");
    assert_eq!(moves("line(orthogonal, length=2, max=any)", "4/4/4/xx2 x", ""), "a1-c1 a1-d1\n");
    assert_eq!(
        moves("line(orthogonal, max=any)", "o3/4/4/xx2 x", "a1-d1 a4-b4"),
        "c1-c2 c1-c3 c1-c4 c1-b1 c1-a1 d1-d2 d1-d3 d1-d4 d1-b1 d1-a1\n"
    );
}

#[test]
fn broken_parameter_names_in_strings() {
    // "line(" is 5 characters: the argument at column 7 + 5.
    let text = tiny_condition("line(connect) by mover");
    assert_broken(
        "param_unknown_line",
        &[("param.toml", &text)],
        "param.toml",
        "23:12",
        "line() takes a length (a number, or a parameter's name), 'exact' and a direction set; 'connect' is none of these (this ruleset has no [params])",
    );
    // With [params], a number argument names them: "slide(all, max=" is 15 characters.
    let with_params = |pattern: &str| format!("{}\n[params]\nreach = 2\n", tiny_pattern(pattern));
    assert_broken(
        "param_unknown_max",
        &[("param.toml", &with_params("slide(all, max=far)"))],
        "param.toml",
        "20:18",
        "expected a non-negative integer or a parameter name, not 'far'; the parameters are: reach",
    );
    let text = with_params("slide(all, max=reach)");
    let dir = scratch("param_known_max");
    let path = write(&dir, "param.toml", &text);
    let run = hetproba(&["moves", &path, "--position", "4/4/4/x3 x"]).ok();
    assert_eq!(run.stdout, "a1-a2 a1-a3 a1-b2 a1-c3 a1-b1 a1-c1\n", "max=reach is max=2");
    let run = hetproba(&["moves", &path, "--param", "reach=1", "--position", "4/4/4/x3 x"]).ok();
    assert_eq!(run.stdout, "a1-a2 a1-b2 a1-b1\n", "--param reach=1");
}

#[test]
fn broken_counting_joining_and_filling_tests() {
    let broken = |name: &str, condition: &str, at: &str, message: &str| {
        let text = tiny_condition(condition);
        assert_broken(name, &[("end.toml", &text)], "end.toml", at, message);
    };
    broken("fewer_empty", "fewer() by next", "23:7", "fewer() needs a count: fewer(2), or fewer(2, man|king)");
    // "fewer(2, " is 9 characters.
    broken("fewer_queen", "fewer(2, queen) by next", "23:16", "no piece type 'queen'; the pieces are: stone");
    broken("fewer_zero", "fewer(0) by next", "23:13", "fewer(0) never holds");
    broken("joins_one", "joins(edge) by mover", "23:7", "joins() takes two regions and a direction set");
    // "joins(edge, " is 12 characters.
    broken("joins_nowhere", "joins(edge, nowhere) by mover", "23:19", "no region 'nowhere'; the board has: all, edge");
    broken("fills_empty", "fills() by mover", "23:7", "fills() takes one region name, e.g. fills(goal)");
    broken("within_two", "within(edge, all) by mover", "23:7", "within() takes one region name, e.g. within(goal)");
}

#[test]
fn broken_cannot_draw() {
    // Line 4, right after the name: `cannot-draw = true`, the value at column 15.
    let no_draw = TINY.replace("name = \"Tiny\"\n", "name = \"Tiny\"\ncannot-draw = true\n");
    let text = format!("{no_draw}\n[[draw]]\nrepetition = 3\n");
    assert_broken(
        "no_draw_draws",
        &[("draws.toml", &text)],
        "draws.toml",
        "4:15",
        "[game] says cannot-draw = true, but the ruleset has 1 [[draw]] rule",
    );
    let text = format!("{no_draw}\n[[end]]\nif = \"no-moves\"\nresult = \"draw\"\n");
    assert_broken("no_draw_end", &[("end.toml", &text)], "end.toml", "28:6", "this rule draws, but [game] says cannot-draw = true");
    // Roll-in three on 4x4 can fill the board with no row of three: check finds a draw.
    let dir = scratch("no_draw_found");
    let path = write(&dir, "fills.toml", &no_draw);
    let run = hetproba(&["check", &path]).fails(1);
    assert!(run.stderr.contains("fills.toml:4:15: test 'cannot-draw' failed: a random game from the start ends drawn: "), "{}", run.stderr);
    assert!(run.stderr.contains("(draw: no legal moves)"), "{}", run.stderr);
}

#[test]
fn broken_new_effects_and_placements() {
    // "place(" is 6 characters.
    let text = tiny_pattern("place(near=friends)");
    assert_broken("near_friends", &[("near.toml", &text)], "near.toml", "20:13", "near= takes own, enemy or any");
    let text = tiny_pattern("place(within=2)");
    assert_broken(
        "within_alone",
        &[("near.toml", &text)],
        "near.toml",
        "20:13",
        "within= says how near: it goes with near=own, enemy or any",
    );
    // "step(all) then surround(all, " is 29 characters: the second direction set.
    let text = tiny_pattern("step(all) then surround(all, orthogonal)");
    assert_broken("surround_two", &[("surround.toml", &text)], "surround.toml", "20:36", "surround() takes one direction set");
    let text = tiny_pattern("step(all) then convert()");
    assert_broken(
        "convert_none",
        &[("convert.toml", &text)],
        "convert.toml",
        "20:22",
        "convert() takes one direction set, e.g. convert(orthogonal)",
    );
    let text = tiny_pattern("step(all) then capture(all)");
    assert_broken(
        "unknown_effect",
        &[("effect.toml", &text)],
        "effect.toml",
        "20:22",
        "unknown effect 'capture'; expected flip, enclose, surround, convert, approach, withdraw or explode",
    );
    // "step(all) then enclose(all, remove, " is 36 characters: the argument.
    let text = tiny_pattern("step(all) then enclose(all, remove, hostile=throne)");
    assert_broken("hostile_region", &[("hostile.toml", &text)], "hostile.toml", "20:43", "no region 'throne'");
}

/// Amazons on 4x4 (docs/language.md): a move of two parts, the amazon's slide, then the arrow.
const TWO_PARTS: &str = "[game]\nid = \"two\"\nname = \"Two parts\"\n\n[[players]]\nname = \"white\"\n\n[[players]]\nname = \"black\"\n\n\
[board]\nwidth = 4\nheight = 4\n\n[pieces.amazon]\nsymbols = [\"W\", \"B\"]\n\n[pieces.arrow]\nowner = \"none\"\nsymbol = \"x\"\n\n\
[start]\nwhite = { amazon = [\"a1\"] }\nblack = { amazon = [\"d4\"] }\n\n\
[moves.move]\npiece = \"amazon\"\ndo = \"slide(all)\"\nnext = \"shoot\"\n\n\
[moves.shoot]\npiece = \"arrow\"\ndo = \"place(along=all)\"\n\n[[end]]\nif = \"no-moves\"\nresult = \"mover wins\"\n";

#[test]
fn a_move_of_two_parts_is_one_move() {
    let dir = scratch("two_parts");
    let path = write(&dir, "two.toml", TWO_PARTS);
    // Hand-counted (docs/language.md): a1 goes to a2, a3 or a4, then shoots to 5, 7 or 8 cells.
    let run = hetproba(&["moves", &path, "--position", "3B/4/1x2/Wx2 w"]).ok();
    let names: Vec<&str> = run.stdout.split_whitespace().collect();
    assert_eq!(names.len(), 20, "{}", run.stdout);
    assert!(names.contains(&"a1-a2/a1") && names.contains(&"a1-a4/d1") && !names.contains(&"a1-a2/b2"), "{}", run.stdout);
    let after = hetproba(&["moves", &path, "--position", "3B/4/1x2/Wx2 w", "--after", "a1-a4/a1", "--json"]).ok();
    assert!(!after.stdout.contains("\"a1\""), "the arrow on a1 blocks it: {}", after.stdout);
    let json = hetproba(&["moves", &path, "--position", "3B/4/1x2/Wx2 w", "--json"]).ok();
    assert!(json.stdout.contains("\"notation\":\"a1-a2/a3\",\"from\":\"a1\",\"to\":\"a2\""), "{}", json.stdout);
    assert!(json.stdout.contains("\"part\":\"a3\""), "{}", json.stdout);
    let show = hetproba(&["show", &path]).ok();
    assert!(show.stdout.contains("Then, in the same move (written after a '/'): place a neutral arrow"), "{}", show.stdout);
    assert!(!show.stdout.contains("\n  - Place a neutral arrow"), "the later part is no move of its own: {}", show.stdout);
}

/// A capture by approach or withdrawal whose man goes on capturing (docs/language.md, "Later
/// parts that move the piece again"). Line 20 is the first rule's `next`, 23 the later part's
/// `do`, 26 its `direction`.
const CHAINS: &str = "[game]\nid = \"chains\"\nname = \"Chains\"\n\n[[players]]\nname = \"white\"\n\n[[players]]\nname = \"black\"\n\n\
[board]\nwidth = 5\nheight = 3\n\n[pieces.man]\nsymbols = [\"W\", \"B\"]\n\n\
[moves.capture]\ndo = \"step(all) then approach(all) then withdraw(all)\"\nnext = \"again\"\n\n\
[moves.again]\ndo = \"step(all) then approach(all) then withdraw(all)\"\nnext = \"again\"\nchain = \"may-stop\"\ndirection = \"other\"\nrevisit = \"never\"\n\n\
[moves.man]\ndo = \"step(all)\"\n\n[turn]\ncapture = \"compulsory\"\n\n[[end]]\nif = \"no-pieces by next\"\nresult = \"mover wins\"\n";

#[test]
fn a_piece_that_goes_on_capturing() {
    let dir = scratch("chains");
    let path = write(&dir, "chains.toml", CHAINS);
    // Worked by hand (docs/language.md): b1-a1 withdraws from c1; b1-b2 approaches b3, then may
    // stop, withdraw from c1 by b2-a3, or approach d2 by b2-c2 and withdraw from c1 by c2-c3.
    let run = hetproba(&["moves", &path, "--position", "1B3/3B1/1WB2 w"]).ok();
    let mut names: Vec<&str> = run.stdout.split_whitespace().collect();
    names.sort();
    assert_eq!(names, ["b1-a1xc1", "b1-b2xb3", "b1-b2xb3/b2-a3xc1", "b1-b2xb3/b2-c2xd2", "b1-b2xb3/b2-c2xd2/c2-c3xc1"]);
    let json = hetproba(&["moves", &path, "--position", "1B3/3B1/1WB2 w", "--json"]).ok();
    assert!(json.stdout.contains("\"from\":\"b1\",\"to\":\"c3\",\"path\":[\"b2\",\"c2\",\"c3\"]"), "{}", json.stdout);
    let after = hetproba(&["moves", &path, "--position", "1B3/3B1/1WB2 w", "--after", "b1-b2xb3/b2-c2xd2/c2-c3xc1"]).ok();
    assert_eq!(after.stdout.trim(), "no legal moves (white wins: no pieces left)", "{}", after.stdout);
    let show = hetproba(&["show", &path]).ok();
    assert!(show.stdout.contains("the same piece moves on from where it arrived"), "{}", show.stdout);
    assert!(
        show.stdout.contains("never in the direction of its step before; never onto a cell it stood on earlier in the move"),
        "{}",
        show.stdout
    );
    let hu = hetproba(&["show", &path, "--lang", "hu"]).ok();
    assert!(hu.stdout.contains("ugyanaz a bábu lép tovább"), "{}", hu.stdout);
}

#[test]
fn broken_moves_that_go_on() {
    let text = CHAINS.replace("revisit = \"never\"\n", "");
    assert_broken(
        "onward_loop",
        &[("chains.toml", &text)],
        "chains.toml",
        "23:6",
        "'again' goes on with itself, round and round: say revisit = \"never\"",
    );
    let text = CHAINS.replace("direction = \"other\"", "direction = \"straight\"");
    assert_broken(
        "onward_direction",
        &[("chains.toml", &text)],
        "chains.toml",
        "26:13",
        "direction must be any, other or same, not 'straight'",
    );
    let text = CHAINS.replace("do = \"step(all)\"\n", "do = \"step(all)\"\ndirection = \"other\"\n");
    assert_broken(
        "onward_not_a_part",
        &[("chains.toml", &text)],
        "chains.toml",
        "31:13",
        "direction applies to moves of hops (jump, fly) and to a later part that moves the piece again, and 'man' is neither",
    );
    let text = CHAINS.replacen("then approach(all) then withdraw(all)", "then enclose(all, remove)", 1);
    assert_broken(
        "onward_effect",
        &[("chains.toml", &text)],
        "chains.toml",
        "20:8",
        "a move whose piece moves again takes only effects that capture as it goes (approach, withdraw, surround) for now, and 'capture' has enclose()",
    );
    let text = CHAINS.replacen("do = \"step(all) then approach(all) then withdraw(all)\"", "do = \"place\"", 1);
    assert_broken(
        "onward_after_place",
        &[("chains.toml", &text)],
        "chains.toml",
        "20:8",
        "a later part that moves the piece again follows a step(), slide() or leap(), and 'capture' is place()",
    );
    let text = CHAINS.replace("revisit = \"never\"\n", "revisit = \"never\"\nif = \"count by mover > 1\"\n");
    assert_broken(
        "onward_if",
        &[("chains.toml", &text)],
        "chains.toml",
        "28:6",
        "a later part that moves the piece again takes no if yet: 'again' has one",
    );
    let later = CHAINS.find("[moves.again]").expect("the later part");
    let end = CHAINS.find("[moves.man]").expect("the paika");
    let text = format!("{}{}", &CHAINS[..later], &CHAINS[end..]).replace("next = \"again\"", "next = \"capture\"");
    assert_broken(
        "onward_itself",
        &[("chains.toml", &text)],
        "chains.toml",
        "20:8",
        "a move cannot go on with itself: 'capture' names itself in next; write the later part as a rule of its own",
    );
}

#[test]
fn broken_moves_of_two_parts() {
    // Line 29 is `next = "shoot"`: its value at column 8.
    let text = TWO_PARTS.replace("next = \"shoot\"", "next = \"shot\"").replace("place(along=all)", "place");
    assert_broken("next_unknown", &[("next.toml", &text)], "next.toml", "29:8", "no move 'shot' in [moves]; the moves are: move, shoot");
    let text = TWO_PARTS.replace("piece = \"arrow\"\ndo = \"place(along=all)\"", "piece = \"amazon\"\ndo = \"jump(all)\"");
    assert_broken(
        "next_jump",
        &[("next.toml", &text)],
        "next.toml",
        "29:8",
        "a later part of a move is a place() or a remove(), or a step(), slide() or leap() of the piece that moved, and 'shoot' is jump()",
    );
    let text =
        TWO_PARTS.replace("piece = \"arrow\"\ndo = \"place(along=all)\"", "piece = \"amazon\"\ndo = \"place(along=all) then flip(all)\"");
    assert_broken(
        "next_effects",
        &[("next.toml", &text)],
        "next.toml",
        "29:8",
        "a later part of a move takes no effects yet: 'shoot' has 'then ...'",
    );
    let text = TWO_PARTS.replace(
        "do = \"place(along=all)\"",
        "do = \"place(along=all)\"\nnext = \"again\"\n\n[moves.again]\npiece = \"arrow\"\ndo = \"place\"",
    );
    assert_broken(
        "next_three",
        &[("next.toml", &text)],
        "next.toml",
        "28:6",
        "a move has at most two parts: 'move' goes on with 'shoot', which goes on with 'again'",
    );
    let text = TWO_PARTS.replace("next = \"shoot\"\n", "");
    assert_broken(
        "along_alone",
        &[("along.toml", &text)],
        "along.toml",
        "32:6",
        "place(along=...) places from where the part before landed, and no move goes on with 'shoot'",
    );
    // "place(" is 6 characters: the argument.
    let text = TWO_PARTS.replace("place(along=all)", "place(along=around)");
    assert_broken("along_unknown", &[("along.toml", &text)], "along.toml", "33:13", "unknown direction set 'around'");
    let text = format!("{TWO_PARTS}\n[[phases]]\nname = \"play\"\nmoves = [\"move\", \"shoot\"]\n");
    assert_broken(
        "phase_part",
        &[("phase.toml", &text)],
        "phase.toml",
        "41:18",
        "'shoot' is the later part of 'move', not a move by itself: list 'move'",
    );
}

const MILLS: &str = include_str!("fixtures/mills.toml");

#[test]
fn a_move_may_go_on_with_a_removal() {
    let dir = scratch("removal");
    let path = write(&dir, "mills.toml", MILLS);
    // Hand-counted (the fixture's first test): c1 makes a row of three and takes a2 or b2.
    let run = hetproba(&["moves", &path, "--position", "4/4/BB2/WW2 w"]).ok();
    assert_eq!(run.stdout.trim(), "c1/xa2 c1/xb2 d1 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4");
    let json = hetproba(&["moves", &path, "--position", "4/4/BB2/WW2 w", "--json"]).ok();
    assert!(
        json.stdout.contains("\"notation\":\"c1/xa2\",\"from\":null,\"to\":\"c1\",\"path\":[],\"captures\":[\"a2\"]"),
        "{}",
        json.stdout
    );
    assert!(json.stdout.contains("\"part\":\"a2\""), "{}", json.stdout);
    let after = hetproba(&["moves", &path, "--position", "4/4/BB2/WW2 w", "--after", "c1/xa2", "--json"]).ok();
    assert!(after.stdout.contains("\"notation\":\"a2\""), "a2 is empty again: {}", after.stdout);
    let show = hetproba(&["show", &path]).ok();
    assert!(
        show.stdout.contains("Then, in the same move (written after a '/'), if the player who just moved has at least 3 own pieces in an unbroken straight line in a row or column (after the part before): take an enemy piece off the board."),
        "{}",
        show.stdout
    );
    hetproba(&["check", &path]).ok();
}

const HOP_REMOVING: &str = include_str!("fixtures/hop-removing.toml");

/// A single hop whose move goes on with a removal is written and read with its landing: the
/// removed cell is among the move's captures, but on no path of the hop.
#[test]
fn a_hop_that_goes_on_with_a_removal_keeps_its_landing() {
    let dir = scratch("hop_removing");
    let path = write(&dir, "hop-removing.toml", HOP_REMOVING);
    // Hand-worked (the fixture's first test): a1 jumps b1 onto c1, then takes d1 or e1.
    let json = hetproba(&["moves", &path, "--position", "WB1BB w", "--json"]).ok();
    assert!(
        json.stdout.contains("{\"notation\":\"a1:c1/xd1\",\"from\":\"a1\",\"to\":\"c1\",\"path\":[\"c1\"],\"captures\":[\"b1\",\"d1\"]"),
        "{}",
        json.stdout
    );
    let run = hetproba(&["moves", &path, "--position", "WB1BB w", "--after", "a1:c1/xe1"]).ok();
    assert_eq!(run.stdout.trim(), "d1:b1", "black's d1 jumps back over c1");
    let run = hetproba(&["check", &path]).ok();
    assert!(run.stdout.contains("3 embedded tests passed"), "{}", run.stdout);
}

#[test]
fn broken_removals() {
    // Line 25 is `next = "take"`: without it, remove() on line 27 (after the shift) is a move of
    // its own, and near=last there asks for the last move, which the file does not keep.
    let text = MILLS
        .replace("next = \"take\"           # the move may go on: the rule of its later part\n", "")
        .replace("remove(enemy)", "remove(enemy, near=last)");
    assert_broken(
        "remove_alone_near_last",
        &[("mills.toml", &text)],
        "mills.toml",
        "27:6",
        "'take' is a removal next to the last move's cell: add last = true to [state], so that positions remember it",
    );
    // "remove(enemy, " is 14 characters: the argument.
    let text = MILLS.replace("remove(enemy)", "remove(enemy, near=hole)");
    assert_broken(
        "remove_near",
        &[("mills.toml", &text)],
        "mills.toml",
        "28:21",
        "near= takes last: the piece stands next to the cell the last move ended on",
    );
    let text = MILLS.replace("if = \"line(3, orthogonal)\"", "if-after = \"line(3)\"");
    assert_broken(
        "if_after_later",
        &[("mills.toml", &text)],
        "mills.toml",
        "29:12",
        "if-after is a condition on a whole move: write it in 'place', the move's first part",
    );
    let text = MILLS.replace("if = \"line(3, orthogonal)\"", "if = \"no-moves\"");
    assert_broken(
        "if_no_moves",
        &[("mills.toml", &text)],
        "mills.toml",
        "29:6",
        "a move's if cannot ask no-moves: the move is not made when it is asked (if-after can)",
    );
    // "remove(" is 7 characters: the argument.
    let text = MILLS.replace("remove(enemy)", "remove(foe)");
    assert_broken(
        "remove_whose",
        &[("mills.toml", &text)],
        "mills.toml",
        "28:14",
        "remove() takes enemy, own or any: whose piece leaves the board",
    );
    // "remove(enemy, " is 14 characters: the argument.
    let text = MILLS.replace("remove(enemy)", "remove(enemy, in=nowhere)");
    assert_broken("remove_in", &[("mills.toml", &text)], "mills.toml", "28:21", "no region 'nowhere'; the board has: all, edge");
    // A second positional argument: the message names what remove() takes, in= included.
    let text = MILLS.replace("remove(enemy)", "remove(enemy, own)");
    assert_broken(
        "remove_two",
        &[("mills.toml", &text)],
        "mills.toml",
        "28:21",
        "remove() takes one positional argument, whose piece leaves the board (enemy, own or any), in=REGION, spare-line=N, near=last and along=DIRS",
    );
    // "remove(enemy, " is 14 characters: the argument.
    let text = MILLS.replace("remove(enemy)", "remove(enemy, spare-line=1)");
    assert_broken(
        "spare_line_short",
        &[("mills.toml", &text)],
        "mills.toml",
        "28:21",
        "spare-line= is the length of a line that protects its pieces: at least 2",
    );
}

/// `remove(enemy, spare-line=3)` on the Mills fixture: a stone in a row of three is spared
/// unless every enemy stone stands in one; `leap(anywhere)` flies to any empty cell.
#[test]
fn a_removal_spares_lines_and_a_leap_flies() {
    let dir = scratch("spare_line");
    let text = MILLS.replace("remove(enemy)", "remove(enemy, spare-line=3)");
    let path = write(&dir, "mills.toml", &text);
    // Worked by hand: black's a3-b3-c3 is a row of three, d4 is alone: c1 takes d4 only; the
    // nine other empty cells make no row.
    let run = hetproba(&["moves", &path, "--position", "3B/BBB1/4/WW2 w"]).ok();
    assert_eq!(run.stdout.trim(), "c1/xd4 d1 a2 b2 c2 d2 d3 a4 b4 c4");
    // Every black stone in a row: any may go.
    let run = hetproba(&["moves", &path, "--position", "4/BBB1/4/WW2 w"]).ok();
    assert!(run.stdout.starts_with("c1/xa3 c1/xb3 c1/xc3 "), "{}", run.stdout);
    let text = MILLS.replace("do = \"place\"\nnext", "do = \"leap(anywhere, to=empty)\"\nnext");
    let path = write(&dir, "fly.toml", &text);
    // Worked by hand: a1 and b1 each fly to any of the 12 empty cells; two stones make no row of
    // three: 24 moves.
    let run = hetproba(&["moves", &path, "--position", "4/BB2/4/WW2 w"]).ok();
    assert_eq!(run.stdout.split_whitespace().count(), 24, "{}", run.stdout);
    let text = MILLS.replace("do = \"place\"\nnext", "do = \"leap(anywhere, (1,2))\"\nnext");
    assert_broken(
        "leap_anywhere_offsets",
        &[("fly.toml", &text)],
        "fly.toml",
        "24:7",
        "leap(anywhere) goes to any cell of the board: it takes no offsets and no forward",
    );
}

#[test]
fn a_typo_in_a_primitive_is_one_error_that_names_the_nearest() {
    // The rule 'take' is refused where its primitive is misspelt; 'place' names it in `next`,
    // and that is not a second error. "do = \"" is 6 characters: the call is at column 7.
    let text = MILLS.replace("remove(enemy)", "remvoe(enemy)");
    assert_broken(
        "typo_remove",
        &[("mills.toml", &text)],
        "mills.toml",
        "28:7",
        "unknown move primitive 'remvoe'; did you mean 'remove'? expected place, drop, remove, roll, push, stay, step, slide, leap, castle, line, track, jump or fly",
    );
    // Phases and [state] that name the refused rule say nothing more either.
    let text = MILLS
        .replace("do = \"place\"\nnext = \"take\"", "do = \"plcae\"\nnext = \"take\"")
        .replace("[[end]]\nif = \"line(4", "[[phases]]\nname = \"all\"\nmoves = [\"place\"]\n\n[[end]]\nif = \"line(4");
    assert!(text.contains("plcae") && text.contains("[[phases]]"));
    assert_broken("typo_place", &[("mills.toml", &text)], "mills.toml", "24:7", "unknown move primitive 'plcae'; did you mean 'place'?");
    // Effects, tests and terms name theirs too.
    let text = tiny_pattern("place then flp(all)");
    assert_broken(
        "typo_effect",
        &[("effect.toml", &text)],
        "effect.toml",
        "20:18",
        "unknown effect 'flp'; did you mean 'flip'? expected flip, enclose, surround, convert, approach, withdraw or explode",
    );
}

#[test]
fn broken_take_and_chain() {
    // "jump(all, " is 10 characters.
    // take= names piece types (or none): anything else is an unknown type, and the message lists them.
    let text = tiny_pattern("jump(all, take=some)+");
    assert_broken("take_some", &[("take.toml", &text)], "take.toml", "20:17", "no piece type 'some'; the pieces are: stone");
    // Line 21, after the pattern: `chain = "..."`, the value at column 9.
    let text = tiny_pattern("roll(orthogonal)\"\nchain = \"may-stop");
    assert_broken("chain_roll", &[("chain.toml", &text)], "chain.toml", "21:9", "chain applies to moves of hops (jump, fly)");
    let text = tiny_pattern("jump(all)+\"\nchain = \"often");
    assert_broken("chain_often", &[("chain.toml", &text)], "chain.toml", "21:9", "chain must be must-go-on or may-stop, not 'often'");
}

#[test]
fn two_actions_that_are_not_hops_are_named_as_such() {
    // "slide(all) " is 11 characters: the second action at column 18.
    let text = tiny_pattern("slide(all) slide(all)");
    assert_broken("two_slides", &[("two.toml", &text)], "two.toml", "20:18", "slide() cannot follow slide(): a pattern has one action");
}

#[test]
fn a_file_without_tests_says_so() {
    let dir = scratch("no_tests");
    let path = write(&dir, "tiny.toml", TINY);
    let run = hetproba(&["check", &path]).ok();
    assert!(run.stdout.contains("; no embedded tests\n"), "{}", run.stdout);
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
    assert_broken(
        "occupies_empty",
        &[("occupies.toml", &text)],
        "occupies.toml",
        "23:7",
        "occupies() takes a region, then piece types if only some count: occupies(far), occupies(hill, king)",
    );
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
fn hops_enclosing_and_removals_capture_on_boards_of_more_than_128_cells() {
    // These were refused past 128 cells ("hops need a board of at most 128 cells"): on 12 x 12
    // (144 cells) each now takes a piece of the twelfth row, cells 132 to 143.
    let twelve = |text: String| text.replace("width = 4\nheight = 4", "width = 12\nheight = 12");
    let dir = scratch("captures_144");
    let row = |first: &str| format!("{first}/12/12/12/12/12/12/12/12/12/12/12 x");
    let json = |file: &str, text: String, position: &str| {
        let path = write(&dir, file, &twelve(text));
        hetproba(&["moves", &path, "--position", &row(position), "--json"]).ok().json()
    };
    // x on j12 hops o on k12 (cell 142) to l12.
    assert_eq!(
        json("hops.toml", tiny_pattern("jump(all)+"), "9xo1"),
        serde_json::json!([{"notation": "j12:l12", "from": "j12", "to": "l12", "path": ["l12"], "captures": ["k12"], "flips": []}])
    );
    // x steps d12-c12 and encloses o on b12 (cell 133) against a12.
    let moves = json("enclose.toml", tiny_pattern("step(orthogonal) then enclose(orthogonal, remove)"), "xo1x8");
    let taking: Vec<_> = moves.as_array().unwrap().iter().filter(|m| m["captures"] != serde_json::json!([])).collect();
    assert_eq!(
        taking,
        [&serde_json::json!({"notation": "d12-c12xb12", "from": "d12", "to": "c12", "path": ["c12"], "captures": ["b12"], "flips": []})]
    );
    // A placement followed by a removal takes the o on l12 (cell 143): every empty cell, each
    // with the removal, 143 moves. Once one is read back and made, l12 is empty: o may place
    // there, and take x's a1.
    let removal = TINY.replace(
        "[moves.drop]\ndo = \"roll(orthogonal)\"",
        "[moves.drop]\ndo = \"place\"\nnext = \"take\"\n\n[moves.take]\ndo = \"remove(enemy)\"",
    );
    let moves = json("remove.toml", removal.clone(), "11o");
    assert_eq!(moves.as_array().unwrap().len(), 143);
    assert!(moves.as_array().unwrap().iter().all(|m| m["captures"] == serde_json::json!(["l12"])), "{moves}");
    let path = write(&dir, "remove.toml", &twelve(removal));
    let after = hetproba(&["moves", &path, "--position", &row("11o"), "--after", "a1/xl12"]).ok();
    let replies: Vec<&str> = after.stdout.split_whitespace().collect();
    assert!(replies.len() == 143 && replies.contains(&"l12/xa1") && replies.iter().all(|m| m.ends_with("/xa1")), "{}", after.stdout);
    // Turning enclosed pieces, which captures nothing: Reversi on 12 x 12, white
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

/// The pawn race of docs/language.md on 16 x 12 (192 cells): black's start rank is the eleventh,
/// so a double step passes over a cell of the tenth row, cells 144 to 159.
const PAWN_RACE_WIDE: &str = r#"[game]
id = "pawn-race-wide"
name = "Pawn race on 16 x 12"

[[players]]
name = "white"
short = "w"

[[players]]
name = "black"
short = "b"

[board]
width = 16
height = 12

[board.regions]
start-rank = { white = "y == 1", black = "y == 10" }
far = { white = "y == 11", black = "y == 0" }

[pieces.pawn]
symbols = ["P", "p"]

[start]
white = { pawn = "start-rank" }
black = { pawn = "start-rank" }

[moves.step]
do = "step(forward)"

[moves.double]
do = "slide(forward, min=2, max=2)"
from = "start-rank"

[moves.capture]
do = "step(forward-diagonal, to=enemy)"

[moves.en-passant]
do = "step(forward-diagonal, to=passed)"

[state]
passed = ["double"]

[[end]]
if = "occupies(far) by mover"
result = "mover wins"
"#;

#[test]
fn en_passant_over_cells_past_128() {
    // These were refused past 128 cells ("passed cells are remembered on boards of at most 128
    // cells"). d11-d9 passes over d10 (cell 147): c9 may step there and take d9.
    let dir = scratch("passed_192");
    let path = write(&dir, "pawn-race-wide.toml", PAWN_RACE_WIDE);
    let position = "16/3p12/16/2P13/16/16/16/16/16/16/16/16 b";
    let run = hetproba(&["moves", &path, "--position", position, "--after", "d11-d9"]).ok();
    assert_eq!(run.stdout, "c9-c10 c9-d10xd9\n");
    // The position after it names the passed cell, and reads back with the same moves.
    let after = "16/16/16/2Pp12/16/16/16/16/16/16/16/16 w passed:d10@d9";
    let run = hetproba(&["moves", &path, "--position", after]).ok();
    assert_eq!(run.stdout, "c9-c10 c9-d10xd9\n");
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
        assert!(run.stdout.contains(&format!("ok: built-in '{id}': ")), "{}", run.stdout);
    }
    assert!(!run.stdout.contains("no embedded tests"), "{}", run.stdout);
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

// ----------------------------------------------------------------------------------------------
// Chess, Hexasah, Tobit and Tobit on 4 x 4 lines: royal pieces, castling, en passant, FEN and
// SAN, hop chains that never reverse

/// Chess, one move from mate: Black's king a8 may only go to b8 (a7 and b7 touch White's king
/// on b6), then Rh8 mates.
const CHESS_NEAR_THE_END: &str = "k7/8/1K6/8/8/8/8/7R b - - 0 1";

/// Hexasah near the end: Black's king d11 (neighbours b11 f11 c10 e10) may only go to b11 (the
/// rook f1 holds column f up to f11, the rook k10 row 10), then Tp7-p11 would mate.
const HEXASAH_NEAR_THE_END: &str = "1r6/5T3/8/9/7T/9/8/9/8/9/2T1R3 b";

#[test]
fn play_chess_to_the_end() {
    // Random games of chess end by the fifty-move rule or a mate within 0.1 s (seed 5 mates).
    play_to_the_end("chess", &[], "random", "random", "1");
    play_to_the_end("chess", &[], "random", "random", "5");
    // mcts:50 from the start takes 30 s (its playouts run hundreds of plies): from near the end.
    play_to_the_end("chess", &["--position", CHESS_NEAR_THE_END], "mcts:50", "random", "1");
}

#[test]
fn play_hexasah_to_the_end() {
    // Seed 2 ends by insufficient material (moves = 0), seed 6 by a mate.
    play_to_the_end("hexasah", &[], "random", "random", "2");
    play_to_the_end("hexasah", &[], "random", "random", "6");
    // From near the end; seed 2 mates in six plies (other seeds miss the mate and play on to a
    // fifty-move draw, 20 s).
    play_to_the_end("hexasah", &["--position", HEXASAH_NEAR_THE_END], "mcts:50", "random", "2");
}

#[test]
fn play_tobit_to_the_end() {
    play_to_the_end("tobit", &[], "random", "random", "1");
    play_to_the_end("tobit", &[], "random", "random", "2");
    play_to_the_end("tobit", &[], "mcts:50", "random", "1");
}

#[test]
fn play_tobit_4x4_to_the_end() {
    play_to_the_end("tobit-4x4", &[], "random", "random", "1");
    play_to_the_end("tobit-4x4", &[], "random", "random", "2");
    play_to_the_end("tobit-4x4", &[], "mcts:50", "random", "1");
}

#[test]
fn play_chess_near_the_end_mcts_mates() {
    let run =
        hetproba(&["play", "chess", "--position", CHESS_NEAR_THE_END, "--first", "mcts:50", "--second", "random", "--seed", "1"]).ok();
    assert!(run.stdout.contains("black played Kb8\n"), "{}", run.stdout);
    assert!(run.stdout.contains("white played Rh8#\n8 . k . . . . . R\n7 . . . . . . . .\n6 . K . . . . . .\n"), "{}", run.stdout);
    assert!(run.stdout.ends_with("Game over: white wins: checkmate\n"), "{}", run.stdout);
}

#[test]
fn play_chess_human_san_uci_and_castling_both_ways_of_writing() {
    // e5 is no move of White's; e4, then Black's e5 typed in UCI; knights and bishops out of the
    // way; O-O with letters, 0-0 with zeros.
    let input = "e5\ne4\ne7e5\nNf3\nNf6\nBc4\nBe7\nO-O\n0-0\nquit\n";
    let run = hetproba_with_input(&["play", "chess", "--first", "human", "--second", "human"], input).ok();
    let out = &run.stdout;
    assert!(out.contains("illegal move 'e5'; legal moves: a3 b3 c3 d3 e3 f3 g3 h3 a4 b4 c4 d4 e4 f4 g4 h4 Nc3 Na3 Nh3 Nf3\n"), "{out}");
    for line in
        ["white played e4\n", "black played e5\n", "white played Nf3\n", "black played Be7\n", "white played O-O\n", "black played O-O\n"]
    {
        assert!(out.contains(line), "lacks {line:?}\n{out}");
    }
    // Both kings on g, both rooks on f.
    assert!(out.contains("8 r n b q . r k .\n7 p p p p b p p p\n"), "{out}");
    assert!(out.contains("2 P P P P . P P P\n1 R N B Q . R K .\n"), "{out}");
    assert!(out.ends_with("white> quit\ngame stopped after 8 moves\n"), "{out}");
}

#[test]
fn play_hexasah_human_clears_the_way_and_castles_east() {
    // The knight n1 leaps to m4, the pawn m2 steps to l3, the bishop l1 (a white cell) goes to
    // m2: l1 and n1 are empty and Rj1-n1 castles, the rook p1 landing on l1. Black's pawns step.
    let input = "Cn1-m4\ni10-h9\nm2-l3\na10-b9\nNl1-m2\nq10-p9\nRj1-n1\nquit\n";
    let run = hetproba_with_input(&["play", "hexasah", "--first", "human", "--second", "human"], input).ok();
    let out = &run.stdout;
    for line in ["white played Cn1-m4\n", "black played i10-h9\n", "white played Nl1-m2\n", "white played Rj1-n1\n"] {
        assert!(out.contains(line), "lacks {line:?}\n{out}");
    }
    // Row 1 after castling: b1 T, d1 C, f1 N, h1 D, j1 empty, l1 T, n1 R, p1 empty.
    assert!(out.contains("white played Rj1-n1\n") && out.contains(" 1   T   C   N   D   .   T   R   .\n"), "{out}");
    assert!(out.ends_with("black> quit\ngame stopped after 7 moves\n"), "{out}");
}

#[test]
fn play_tobit_human_must_capture() {
    // The rules' 7-14 and 29-22; then 14-21 stands beside 22 and in front of 28: Black must
    // capture (22:20 sideways, or 28:14 down the line, 14 being empty again), so 30-23 is refused.
    let input = "7-14\n29-22\n14-21\n30-23\n22:20\nquit\n";
    let run = hetproba_with_input(&["play", "tobit", "--first", "human", "--second", "human"], input).ok();
    let out = &run.stdout;
    assert!(out.contains("illegal move '30-23'; legal moves: 22:20 28:14\n"), "{out}");
    assert!(out.contains("black played 22:20\n"), "{out}");
    // Rows 20-26 (the man on 20) and 13-19 (7's man gone from 14, 21 taken).
    assert!(out.contains("black played 22:20\n  b b b b b\nb b . b b b b\nb . . . . . .\n. . . . . . .\n"), "{out}");
    assert!(out.ends_with("white> quit\ngame stopped after 4 moves\n"), "{out}");
}

#[test]
fn play_tobit_4x4_human_captures_and_is_captured() {
    // 6-12 and 24-18 meet on line 1: White must take 12:24 (24 was left empty), and Black's only
    // answer is 29:18, over 24 into the point its own man left.
    let input = "6-12\n24-18\n12:24\n29:18\nquit\n";
    let run = hetproba_with_input(&["play", "tobit-4x4", "--first", "human", "--second", "human"], input).ok();
    let out = &run.stdout;
    for line in ["white played 6-12\n", "black played 24-18\n", "white played 12:24\n", "black played 29:18\n"] {
        assert!(out.contains(line), "lacks {line:?}\n{out}");
    }
    assert!(out.contains("black played 29:18\n  . b b b\nb . b b b b\n. b . . . .\n"), "{out}");
    assert!(out.ends_with("white> quit\ngame stopped after 4 moves\n"), "{out}");
}

#[test]
fn compare_tobit_and_tobit_4x4_differ_in_the_board() {
    let run = hetproba(&["compare", "tobit", "tobit-4x4"]).ok();
    let out = &run.stdout;
    assert!(out.starts_with("Comparing tobit and tobit-4x4.\n\n1. Rules that differ:\n   - board:\n"), "{out}");
    assert!(out.contains(", 38 cells\n") && out.contains(", 32 cells\n"), "{out}");
    // By hand, with L longitudinal lines (5 or 4): White's men on the first transverse line step
    // forward, L moves; Black answers likewise, L x L. At depth 3, if both used the same line
    // (L cases) White must take (1 move: over Black's man into the point it left, no more to
    // take); otherwise (L^2 - L cases) White has 3 moves of the advanced man (forward, two
    // sideways), L - 1 other men forward, two men sideways into the point left, the man behind it
    // forward: L + 5. 5 + 20 x 10 = 205; 4 + 12 x 9 = 112.
    assert_eq!(perft_row(out, 1), ["1", "5", "4", "<-", "first", "difference"], "{out}");
    assert_eq!(perft_row(out, 2), ["2", "25", "16"], "{out}");
    assert_eq!(perft_row(out, 3), ["3", "205", "112"], "{out}");
    assert!(out.contains("The boards differ, so no position can be played under both rulesets"), "{out}");
}

/// Tobit on 4 x 4 lines numbers its points 1..32, White on 1-10: `show` says so, and not the
/// 5-line board's 1..38 that Tobit's own interpretation gives.
#[test]
fn tobit_4x4_shows_its_own_numbering() {
    let run = hetproba(&["show", "tobit-4x4"]).ok();
    assert!(run.stdout.contains("Points are numbered 1..32") && run.stdout.contains("White starts on 1-10"), "{}", run.stdout);
    assert!(!run.stdout.contains("1..38") && !run.stdout.contains("1-12"), "{}", run.stdout);
    // Tobit's other interpretations are still listed.
    assert!(run.stdout.contains("A tobit captures at a distance like a flying king"), "{}", run.stdout);
}

#[test]
fn compare_chess_and_hexasah_does_not_crash() {
    let run = hetproba(&["compare", "chess", "hexasah"]).ok();
    let out = &run.stdout;
    assert!(out.contains("hexasah: a hexagon grid in doubled coordinates, 17 columns by 11 rows, 93 cells\n"), "{out}");
    assert!(out.contains("   - move 'castle-west':\n       chess: (none)\n"), "{out}");
    // Chess: published (20, 400, 8902); Hexasah: the hand count of rules/hexasah.toml (50, 2500)
    // and the oracle in crates/engine/tests/oracles/hexasah.rs (120810).
    assert_eq!(perft_row(out, 1), ["1", "20", "50", "<-", "first", "difference"], "{out}");
    assert_eq!(perft_row(out, 2), ["2", "400", "2500"], "{out}");
    assert_eq!(perft_row(out, 3), ["3", "8902", "120810"], "{out}");
}

#[test]
fn chess_hexasah_and_tobit_pass_their_embedded_tests() {
    let ids = ["chess", "hexasah", "tobit", "tobit-4x4"];
    let run = hetproba(&[&["check"][..], &ids].concat()).ok();
    for id in ids {
        assert!(run.stdout.contains(&format!("ok: built-in '{id}': ")), "{}", run.stdout);
    }
    // The hand-worked positions of rules/hexasah.toml.
    assert!(
        run.stdout.contains("ok: built-in 'hexasah': 93 cells, 6 piece types, 10 move rules, 2 end rules; 50 embedded tests passed"),
        "{}",
        run.stdout
    );
}

// ----------------------------------------------------------------------------------------------
// FEN

/// Kiwipete, position 2 of the Chess Programming Wiki's "Perft Results".
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn fen_kiwipete_has_48_moves_with_both_castlings() {
    // 48: the published perft 1 of Kiwipete.
    let run = hetproba(&["moves", "chess", "--position", KIWIPETE]).ok();
    let moves = words(&run.stdout);
    assert_eq!(moves.len(), 48, "{}", run.stdout);
    for mv in ["O-O", "O-O-O", "gxh3", "dxe6", "Bxa6", "Qxf6", "Nxf7", "Kd1"] {
        assert!(moves.contains(mv), "lacks {mv}: {}", run.stdout);
    }
    assert_eq!(perft("chess", 2, &["--position", KIWIPETE]), 2039, "published");
}

#[test]
fn fen_with_an_en_passant_cell() {
    // 1. e4 (Black's pawn already on d4): e3 was passed over. Black, by hand: pawns a-c and e-h one
    // or two cells (14), d3 and dxe3 (2); knights a6 c6 d7, f6 h6 (5); the bishop c8 d7 e6 f5 g4
    // h3 (5); the queen d7 d6 d5 (3); the king d7 (1). 30.
    let position = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3";
    let run = hetproba(&["moves", "chess", "--position", position]).ok();
    assert_eq!(words(&run.stdout).len(), 30, "{}", run.stdout);
    assert!(words(&run.stdout).contains("dxe3"), "{}", run.stdout);
    let json = hetproba(&["moves", "chess", "--position", position, "--json"]).ok().json();
    let ep = json.as_array().unwrap().iter().find(|m| m["notation"] == "dxe3").expect("dxe3 is listed");
    assert_eq!((&ep["from"], &ep["to"], &ep["captures"]), (&"d4".into(), &"e3".into(), &serde_json::json!(["e4"])));
    // Without the cell, no en passant: 29.
    let position = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3";
    let run = hetproba(&["moves", "chess", "--position", position]).ok();
    assert_eq!(words(&run.stdout).len(), 29, "{}", run.stdout);
}

#[test]
fn fen_errors_are_one_clear_line_each() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
    let cases = [
        (format!("{start} x KQkq - 0 1"), "unknown side 'x'; expected w or b"),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1".to_string(), "castling right 'K' has no pair of pieces to castle"),
        ("4k3/8/8/8/8/8/8/R3K3 w K - 0 1".to_string(), "castling right 'K' has no pair of pieces to castle"),
        (format!("{after_e4} b KQkq e4 0 1"), "the en-passant cell 'e4' must be empty"),
        (format!("{start} w KQkq - x 1"), "the half-move clock must be a number, not 'x'"),
        (format!("{start} w KQkq - 0 one"), "the move number must be a number, not 'one'"),
        (format!("{start} w KQkq - 0 1 extra"), "unexpected 'extra' after the move number"),
    ];
    for (fen, message) in cases {
        for command in [&["moves", "chess", "--position", &fen][..], &["perft", "chess", "1", "--position", &fen]] {
            let run = hetproba(command).fails(1).one_line();
            assert_eq!(run.stderr, format!("error: bad position '{fen}': {message}\n"), "{command:?}");
        }
    }
}

/// The en-passant cell e3 names the piece beyond it, e4, as the one that passed over it: a knight
/// on e4 never did (only pawn-double leaves passed cells), yet the position is read and d4 takes
/// the knight "en passant" (dxe3, capturing e4).
#[test]
fn fen_en_passant_cell_in_front_of_a_piece_that_cannot_have_passed_is_refused() {
    let run = hetproba(&["moves", "chess", "--position", "4k3/8/8/8/3pN3/8/8/4K3 b - e3 0 1"]).fails(1).one_line();
    assert!(run.stderr.contains("no white piece stands beyond the en-passant cell 'e3' that could have passed over it"), "{}", run.stderr);
    // A pawn there could have, unless its start e2 is taken, or it is Black's own.
    hetproba(&["moves", "chess", "--position", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"]).ok();
    for fen in ["4k3/8/8/8/3pP3/8/4P3/4K3 b - e3 0 1", "4k3/8/8/8/3pp3/8/8/4K3 b - e3 0 1"] {
        hetproba(&["moves", "chess", "--position", fen]).fails(1).one_line().stderr_has("could have passed over it");
    }
    // Rows name the piece: it must be one that could have passed, of the side that just moved.
    let dir = scratch("rows_passed_piece");
    let path = write(&dir, "mini.toml", MINI_CHESS);
    hetproba(&["moves", &path, "--position", "5/5/1P3/5/5 b passed:b2@b3"]).ok();
    let run = hetproba(&["moves", &path, "--position", "5/5/1P3/5/5 w passed:b2@b3"]).fails(1).one_line();
    assert!(run.stderr.contains("the piece on b3 could not have just passed over b2"), "{}", run.stderr);
    let run = hetproba(&["moves", &path, "--position", "5/5/1R3/5/5 b passed:b2@b3"]).fails(1).one_line();
    assert!(run.stderr.contains("the piece on b3 could not have just passed over b2"), "{}", run.stderr);
}

#[test]
fn perft_chess_positions_3_to_6_match_the_published_counts() {
    // The Chess Programming Wiki's "Perft Results", positions 3 to 6, depths 1 to 3.
    let positions = [
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [14, 191, 2812]),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", [6, 264, 9467]),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", [44, 1486, 62379]),
        ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", [46, 2079, 89890]),
    ];
    for (fen, counts) in positions {
        for (depth, count) in (1..).zip(counts) {
            assert_eq!(perft("chess", depth, &["--position", fen]), count, "{fen} depth {depth}");
        }
    }
}

// ----------------------------------------------------------------------------------------------
// SAN

#[test]
fn san_disambiguates_by_file_rank_or_both() {
    // Knights b1 and f3 both reach d2. By hand: b1 a3 c3 d2 (3); f3 g5 g1 e5 h4 h2 d4 d2 (7);
    // the king e1 d1 d2 e2 f2 f1 (5). 15.
    let run = hetproba(&["moves", "chess", "--position", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"]).ok();
    assert_eq!(words(&run.stdout), words("Nc3 Na3 Nbd2 Ng5 Ng1 Ne5 Nh4 Nh2 Nd4 Nfd2 Ke2 Kf2 Kf1 Kd1 Kd2"), "{}", run.stdout);
    // Knights g1 and g5, one file: both reach f3 and h3, told apart by rank.
    let run = hetproba(&["moves", "chess", "--position", "4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1"]).ok();
    for mv in ["N1f3", "N5f3", "N1h3", "N5h3", "Ne2", "Nf7"] {
        assert!(words(&run.stdout).contains(mv), "lacks {mv}: {}", run.stdout);
    }
    // Queens a1, c1, a3 all reach b2: a1 shares its file with a3 and its rank with c1 (Qa1b2);
    // c1 shares neither with a3 (Qcb2); a3 shares a1's file only (Q3b2).
    let run = hetproba(&["moves", "chess", "--position", "6k1/8/8/8/8/Q7/7K/Q1Q5 w - - 0 1"]).ok();
    for mv in ["Qa1b2", "Qcb2", "Q3b2", "Qa1c3", "Qcc3", "Q3c3", "Qd4"] {
        assert!(words(&run.stdout).contains(mv), "lacks {mv}: {}", run.stdout);
    }
    assert!(!words(&run.stdout).contains("Qb2"), "{}", run.stdout);
}

#[test]
fn san_marks_check_and_mate() {
    // Black's king a8, White's king b6 and rook h1. By hand: the rook h2 .. h8 and g1 .. a1 (14);
    // the king a5 b5 c5 a6 c6 c7 (a7 and b7 touch a8) (6). 20. Rh8 mates (a7 and b7 are the
    // king's, b8 the rook's); Ra1 checks, but Kb8 escapes.
    let position = "k7/8/1K6/8/8/8/8/7R w - - 0 1";
    let run = hetproba(&["moves", "chess", "--position", position]).ok();
    let moves = words(&run.stdout);
    assert_eq!(moves.len(), 20, "{}", run.stdout);
    assert!(moves.contains("Rh8#") && moves.contains("Ra1+"), "{}", run.stdout);
    assert_eq!(moves.iter().filter(|m| m.ends_with(['+', '#'])).count(), 2, "{}", run.stdout);
    let run = hetproba(&["moves", "chess", "--position", position, "--after", "Rh8#"]).ok();
    assert_eq!(run.stdout, "no legal moves (white wins: checkmate)\n");
    let run = hetproba(&["moves", "chess", "--position", position, "--after", "Ra1"]).ok();
    assert_eq!(run.stdout, "Kb8\n");
}

#[test]
fn san_promotions_and_pawn_captures() {
    // The pawn e7 promotes four ways; as a queen or rook on e8 it checks the king on a8 along
    // rank 8 (not mate: a7 is free). By hand: e8 x 4, the king c6 to c7 d7 d6 d5 c5 b5 b6 (7). 11.
    let position = "k7/4P3/2K5/8/8/8/8/8 w - - 0 1";
    let run = hetproba(&["moves", "chess", "--position", position]).ok();
    assert_eq!(words(&run.stdout), words("e8=Q+ e8=R+ e8=B e8=N Kc7 Kd7 Kd6 Kd5 Kc5 Kb5 Kb6"), "{}", run.stdout);
    let json = hetproba(&["moves", "chess", "--position", position, "--json"]).ok().json();
    let promotions: Vec<&str> = json.as_array().unwrap().iter().filter_map(|m| m["promotion"].as_str()).collect();
    assert_eq!(promotions, ["queen", "rook", "bishop", "knight"]);
    // A pawn capture names the pawn's file: 1. e4 d5 2. exd5.
    let run = hetproba(&["moves", "chess", "--after", "e4 d5"]).ok();
    assert!(words(&run.stdout).contains("exd5") && words(&run.stdout).contains("Bb5+"), "{}", run.stdout);
}

#[test]
fn san_en_passant_is_written_as_a_pawn_capture() {
    // 1. e4 a6 2. e5 d5: the pawn e5 takes d5 en passant, landing on d6: exd6.
    let run = hetproba(&["moves", "chess", "--after", "e4 a6 e5 d5", "--json"]).ok();
    let json = run.json();
    let ep = json.as_array().unwrap().iter().find(|m| m["notation"] == "exd6").expect("exd6 is listed");
    assert_eq!((&ep["to"], &ep["captures"]), (&"d6".into(), &serde_json::json!(["d5"])));
    // Afterwards d5 is empty: Black's queen takes on d6 down the open file, and c7 takes too.
    let run = hetproba(&["moves", "chess", "--after", "e4 a6 e5 d5 exd6"]).ok();
    assert!(words(&run.stdout).contains("Qxd6") && words(&run.stdout).contains("cxd6"), "{}", run.stdout);
    // One move later the chance is gone: 3. Nf3 Nf6 4. exd6 is no move.
    let run = hetproba(&["moves", "chess", "--after", "e4 a6 e5 d5 Nf3 Nf6 exd6"]).fails(1);
    assert!(run.stderr.contains("illegal move 'exd6'"), "{}", run.stderr);
}

#[test]
fn san_and_uci_input_are_accepted() {
    let knights = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    let after = |line: &str| hetproba(&["moves", "chess", "--position", knights, "--after", line]).ok().stdout;
    // Nbd2 and b1d2 name the same move; Nfd2 another. After Nbd2 Kd8 the knight on d2 can go
    // back to b1.
    assert_eq!(after("Nbd2 Kd8"), after("b1d2 Kd8"));
    assert_ne!(after("Nbd2 Kd8"), after("Nfd2 Kd8"));
    assert!(words(&after("Nbd2 Kd8")).contains("Nb1"), "{}", after("Nbd2 Kd8"));
    // Nd2 names two moves: ambiguous, with both named, as e7e8 below.
    for typed in ["Nd2", "nd2"] {
        let run = hetproba(&["moves", "chess", "--position", knights, "--after", typed]).fails(1).one_line();
        assert!(run.stderr.contains(&format!("ambiguous move '{typed}': it could be Nbd2 or Nfd2")), "{}", run.stderr);
    }
    // The promotion: e7e8q (UCI), e8=Q+ (SAN with its check mark), e8=Q; each leaves Black only
    // Ka7 (b8 is the queen's, b7 the king's). e7e8n makes a knight: Kb8 and Ka7.
    let pawn = "k7/4P3/2K5/8/8/8/8/8 w - - 0 1";
    for line in ["e7e8q", "e8=Q+", "e8=Q"] {
        let run = hetproba(&["moves", "chess", "--position", pawn, "--after", line]).ok();
        assert_eq!(run.stdout, "Ka7\n", "{line}");
    }
    let run = hetproba(&["moves", "chess", "--position", pawn, "--after", "e7e8n"]).ok();
    assert_eq!(words(&run.stdout), words("Kb8 Ka7"));
    // e7e8 without the piece names four moves.
    let run = hetproba(&["moves", "chess", "--position", pawn, "--after", "e7e8"]).fails(1).one_line();
    assert!(run.stderr.contains("ambiguous move 'e7e8': it could be e8=Q+ or e8=R+ or e8=B or e8=N"), "{}", run.stderr);
}

/// White's O-O puts the rook on f1, facing Black's king f8 up the open file; Black's O-O-O puts
/// the rook on d8, facing White's king d1.
const CASTLING_CHECKS: [(&str, &str); 2] = [("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "O-O"), ("r3k3/8/8/8/8/8/8/3K4 b q - 0 1", "O-O-O")];

#[test]
fn san_castling_that_checks_is_read_with_its_mark() {
    // After O-O+ Black's king f8 is in check from f1: g8 g7 e7 e8 (f7 is on the file). After
    // O-O-O+ White's king d1 is in check from d8: e2 e1 c2 c1 (d2 is on the file).
    for ((position, castling), answers) in CASTLING_CHECKS.into_iter().zip(["Kg8 Kg7 Ke7 Ke8", "Ke2 Ke1 Kc2 Kc1"]) {
        for typed in [format!("{castling}+"), castling.to_string(), castling.replace('O', "0")] {
            let run = hetproba(&["moves", "chess", "--position", position, "--after", &typed]).ok();
            assert_eq!(words(&run.stdout), words(answers), "{position} {typed}");
        }
    }
}

/// SAN marks a check with `+`, a castling too, though the castling rules write themselves by
/// their own template (`notation = "O-O"`).
#[test]
fn san_marks_a_castling_that_checks() {
    for (position, castling) in CASTLING_CHECKS {
        let run = hetproba(&["moves", "chess", "--position", position]).ok();
        assert!(words(&run.stdout).contains(format!("{castling}+").as_str()), "{position}: {}", run.stdout);
    }
}

// ----------------------------------------------------------------------------------------------
// Random chess games: FEN reads back

use common::SplitMix;

/// Chess draws at once when the material cannot mate: king and knight (or bishop) against a
/// lone king, or two kings; a pawn left on the board keeps the game going.
#[test]
fn chess_draws_by_insufficient_material_in_play() {
    let dir = scratch("chess_bare_kings");
    let replay = |name: &str, position: &str, moves: &str| {
        let path = write(&dir, name, &format!("[Ruleset \"chess\"]\n[Position \"{position}\"]\n\n{moves} *\n"));
        hetproba(&["replay", &path]).ok().stdout.lines().last().unwrap_or_default().to_string()
    };
    let drawn = "result 1/2-1/2: draw: insufficient material: a king, with at most a bishop or a knight, against a lone king";
    // The knight d1 and king e1 take the rook e2: a king and a knight against a king.
    assert_eq!(replay("kn.txt", "4k3/8/8/8/8/8/4r3/3NK3 w - - 0 1", "1. Kxe2"), format!("1 moves checked; {drawn}"));
    assert_eq!(replay("kb.txt", "4k3/8/8/8/8/8/4r3/3BK3 w - - 0 1", "1. Kxe2"), format!("1 moves checked; {drawn}"));
    assert_eq!(replay("kk.txt", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", ""), format!("0 moves checked; {drawn}"));
    // With a pawn, a rook, or two knights, it goes on.
    for (name, position) in [
        ("kp.txt", "4k3/8/8/8/8/8/P3r3/3NK3 w - - 0 1"),
        ("kr.txt", "4k3/8/8/8/8/8/4r3/3RK3 w - - 0 1"),
        ("knn.txt", "4k3/8/8/8/8/8/4r3/2NNK3 w - - 0 1"),
    ] {
        assert_eq!(replay(name, position, "1. Kxe2"), "1 moves checked; result *: the game goes on", "{position}");
    }
}

/// Makruk's pieces' honour: two boats and a horse against a bare king have 8 - 5 = 3 moves to
/// mate (the worked example of pychess-variants' Makruk guide), so the draw falls at White's
/// third move and not before; the capture that bares the king starts the count, and a boat
/// less gives one boat's 16 - 4 = 12 moves.
#[test]
fn makruk_counts_by_the_pieces_on_the_board() {
    let dir = scratch("makruk_counting");
    let replay = |name: &str, position: &str, moves: &str| {
        let path = write(&dir, name, &format!("[Ruleset \"makruk\"]\n[FEN \"{position}\"]\n\n{moves} *\n"));
        hetproba(&["replay", &path]).ok().stdout.lines().last().unwrap_or_default().to_string()
    };
    let two_boats = "4k3/8/8/8/8/8/8/RN2K2R b - - 0 1";
    assert_eq!(
        replay("six.txt", two_boats, "1... Kd8 2. Ra2 Ke8 3. Ra3 Kd8 4. Ra4"),
        "6 moves checked; result 1/2-1/2: draw: pieces' honour: two boats did not mate within 8 counted"
    );
    assert_eq!(replay("five.txt", two_boats, "1... Kd8 2. Ra2 Ke8 3. Ra3 Kd8"), "5 moves checked; result *: the game goes on");
    // The boat a1 takes the last black khon at the first move: the count starts there, and six
    // plies later (not five) the two boats have had their three moves.
    let khon = "4k3/8/8/8/8/8/s7/RN2K2R w - - 0 1";
    assert_eq!(replay("taken6.txt", khon, "1. Rxa2 Kd8 2. Ra3 Ke8 3. Ra4 Kd8"), "6 moves checked; result *: the game goes on");
    assert_eq!(
        replay("taken7.txt", khon, "1. Rxa2 Kd8 2. Ra3 Ke8 3. Ra4 Kd8 4. Ra5"),
        "7 moves checked; result 1/2-1/2: draw: pieces' honour: two boats did not mate within 8 counted"
    );
    // With one boat the limit is 16 - 4 = 12 moves: six moves each go on.
    let one_boat = "4k3/8/8/8/8/8/8/RN2K3 b - - 0 1";
    let line = "1... Kd8 2. Ra2 Ke8 3. Ra3 Kd8 4. Ra4 Ke8 5. Ra5 Kd8 6. Ra6 Ke7 7. Ra7+";
    assert_eq!(replay("one.txt", one_boat, line), "12 moves checked; result *: the game goes on");
}

/// Xiangqi's perpetual check: the chariot that checks at every move while the position comes
/// back a third time loses (0-1 after 5. Re5+); a quiet chariot move in the cycle makes the
/// third time a draw.
#[test]
fn xiangqi_perpetual_check_loses() {
    let dir = scratch("xiangqi_perpetual");
    let replay = |name: &str, moves: &str| {
        let record = format!("[Ruleset \"xiangqi\"]\n[FEN \"4k4/9/9/9/9/R8/9/9/9/5K3 w - - 0 1\"]\n\n{moves} *\n");
        hetproba(&["replay", &write(&dir, name, &record)]).ok().stdout.lines().last().unwrap_or_default().to_string()
    };
    assert_eq!(
        replay("checks.txt", "1. Re5+ Kd10 2. Rd5+ Ke10 3. Re5+ Kd10 4. Rd5+ Ke10 5. Re5+"),
        "9 moves checked; result 0-1: black wins: perpetual check (the same position three times)"
    );
    assert_eq!(
        replay("quiet.txt", "1. Re5+ Kd10 2. Ra5 Ke10 3. Re5+ Kd10 4. Ra5 Ke10"),
        "8 moves checked; result 1/2-1/2: draw: the same position three times"
    );
}

/// After 1. e4 no black pawn can take on e3, so the position is the one the knights' shuffle
/// returns to (FIDE 9.2): the third time is after 5. Ng1. With a pawn on d4 that could take, the
/// position after 1. e4 is another, and the game goes on.
#[test]
fn chess_repetition_ignores_passed_cells_no_move_takes() {
    let dir = scratch("chess_repetition_en_passant");
    let line = "1. e4 Kd8 2. Nf3 Ke8 3. Ng1 Kd8 4. Nf3 Ke8 5. Ng1";
    let replay = |name: &str, position: &str| {
        let path = write(&dir, name, &format!("[Ruleset \"chess\"]\n[Position \"{position}\"]\n\n{line} *\n"));
        hetproba(&["replay", &path]).ok().stdout.lines().last().unwrap_or_default().to_string()
    };
    assert_eq!(
        replay("idle.txt", "4k3/8/8/8/8/8/4P3/4K1N1 w - - 0 1"),
        "9 moves checked; result 1/2-1/2: draw: the same position for the third time"
    );
    assert_eq!(replay("takes.txt", "4k3/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1"), "9 moves checked; result *: the game goes on");
}

/// A game in play or replay writes FEN with its half-move clock (plies since a capture or a
/// pawn move, the fifty-move rule's resets) and move number; a FEN it starts from starts both,
/// and the fifty-move count with the clock.
#[test]
fn fen_counters_follow_the_game() {
    let dir = scratch("fen_counters");
    let replay = |name: &str, position: Option<&str>, moves: &str| {
        let tag = position.map_or(String::new(), |p| format!("[Position \"{p}\"]\n"));
        let path = write(&dir, name, &format!("[Ruleset \"chess\"]\n{tag}\n{moves} *\n"));
        let out = hetproba(&["replay", &path]).ok().stdout;
        let lines: Vec<String> = out.lines().rev().take(2).map(str::to_string).collect();
        (lines[1].clone(), lines[0].clone())
    };
    // 1. e4 e5 2. Nf3: a knight move after two pawn moves, Black to move in move 2.
    let (position, _) = replay("start.txt", None, "1. e4 e5 2. Nf3");
    assert_eq!(position, "position: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    // 2... Nc6 3. Bc4 Nf6 4. Nxe5: the capture sets the clock to 0.
    let (position, _) = replay("capture.txt", None, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Nxe5");
    assert!(position.ends_with(" b KQkq - 0 4"), "{position}");
    // From move 60 with 97 plies on the clock: two plies more, move 61, 99; a third draws.
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 97 60";
    let (position, result) = replay("two.txt", Some(fen), "60. Ke2 Kd8");
    assert_eq!(position, "position: 3k4/8/8/8/8/8/4K3/R7 w - - 99 61");
    assert_eq!(result, "2 moves checked; result *: the game goes on");
    let (_, result) = replay("three.txt", Some(fen), "60. Ke2 Kd8 61. Kf2");
    assert_eq!(result, "3 moves checked; result 1/2-1/2: draw: fifty moves by each side without a capture or a pawn move");
    // play keeps the counters of --position in the record's start.
    let record = dir.join("play.txt");
    hetproba_with_input(
        &[
            "play",
            "chess",
            "--position",
            "4k3/8/8/8/8/8/8/R3K3 b - - 7 30",
            "--first",
            "human",
            "--second",
            "human",
            "--record",
            record.to_str().unwrap(),
        ],
        "quit\n",
    )
    .ok();
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("[Position \"4k3/8/8/8/8/8/8/R3K3 b - - 7 30\"]"), "{text}");
}

/// Hexasah written in FEN: its castling rules get letters (a FEN ruleset needs them), the rest is
/// Hexasah's, whose pawns advance diagonally, so the cells they pass lie along no `forward` step.
const HEXASAH_FEN: &str = r#"extends = "hexasah"

[game]
id = "hexasah-fen"
name = "Hexasah in FEN"

[moves.castle-west]
fen = "Q"

[moves.castle-east]
fen = "K"

[notation]
position = "fen"
"#;

/// Plays seeded random games, writing the position in the ruleset's notation at every ply and
/// reading it back: the same text, the same legal moves. Returns (positions, positions with
/// passed cells, positions with some castling rights gone).
fn random_games_read_back(game: &hetproba_engine::Game, games: u64, plies: usize) -> (usize, usize, usize) {
    use hetproba_engine::Position;
    let sorted_names = |pos: &Position| {
        let mut names = game.move_names(pos, &game.legal_moves(pos));
        names.sort();
        names
    };
    let (mut positions, mut en_passant, mut some_rights) = (0, 0, 0);
    for seed in 1..=games {
        let mut rng = SplitMix(seed);
        let mut pos = Position::start(game);
        let all_rights = game.write_position(&pos).split(' ').nth(2).unwrap_or("").to_string();
        for ply in 0..=plies {
            let fen = game.write_position(&pos);
            let read = game.read_position(&fen).unwrap_or_else(|e| panic!("seed {seed} ply {ply}: {fen} does not read back: {e}"));
            assert_eq!(game.write_position(&read), fen, "seed {seed} ply {ply}");
            let names = sorted_names(&pos);
            assert_eq!(sorted_names(&read), names, "seed {seed} ply {ply}: {fen}");
            positions += 1;
            let fields: Vec<&str> = fen.split(' ').collect();
            en_passant += usize::from(fields[3] != "-");
            some_rights += usize::from(fields[2] != "-" && fields[2] != all_rights);
            let moves = game.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            game.make(&mut pos, moves[rng.below(moves.len())]);
        }
    }
    (positions, en_passant, some_rights)
}

#[test]
fn random_chess_games_write_fen_that_reads_back_the_same() {
    let rules = hetproba_rules::load_builtin("chess", &[]).expect("chess is built in").unwrap_or_else(|r| panic!("{r}"));
    let game = hetproba_engine::Game::new(rules);
    let (positions, en_passant, some_rights) = random_games_read_back(&game, 20, 200);
    // The games pass through en-passant cells and partly lost castling rights.
    assert!(positions > 1000 && en_passant > 0 && some_rights > 0, "{positions} {en_passant} {some_rights}");
}

/// A pawn's long advance in Hexasah passes one or two cells diagonally: FEN names them, and the
/// pawn that passed is found beyond them along their line, for White and for Black.
#[test]
fn random_hexasah_games_write_fen_that_reads_back_the_same() {
    let rules = hetproba_rules::load("hexasah-fen.toml", HEXASAH_FEN, &hetproba_rules::BuiltinFiles, &[]).unwrap_or_else(|r| panic!("{r}"));
    let game = hetproba_engine::Game::new(rules);
    let (positions, en_passant, some_rights) = random_games_read_back(&game, 12, 120);
    assert!(positions > 500 && en_passant > 10 && some_rights > 0, "{positions} {en_passant} {some_rights}");
}

#[test]
fn fen_en_passant_after_a_diagonal_advance_reads_back() {
    use hetproba_engine::{Game, Position};
    let rules = hetproba_rules::load("hexasah-fen.toml", HEXASAH_FEN, &hetproba_rules::BuiltinFiles, &[]).unwrap_or_else(|r| panic!("{r}"));
    let game = Game::new(rules);
    // White's e2-h5 passes f3 and g4 (the pawn stands beyond g4); Black's i10-f7 passes h9 and
    // g8 (the pawn stands beyond g8, the first of them in cell order).
    for (line, passed) in [("e2-h5", "f3,g4"), ("Cn1-m4 i10-f7", "g8,h9")] {
        let mut pos = Position::start(&game);
        game.play_line(&mut pos, line).unwrap_or_else(|e| panic!("{line}: {e:?}"));
        let fen = game.write_position(&pos);
        assert_eq!(fen.split(' ').nth(3), Some(passed), "{fen}");
        let read = game.read_position(&fen).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(read == pos, "{line}: {fen} reads back as {}", game.write_position(&read));
    }
}

/// A position where the player who has just moved stands in check cannot arise: it is refused
/// in FEN and in rows, whoever attacks (a rook read backwards, or moves generated).
#[test]
fn positions_with_the_mover_in_check_are_refused() {
    let run = hetproba(&["moves", "chess", "--position", "4k3/8/8/8/8/8/8/4R2K w - - 0 1"]).fails(1).one_line();
    assert!(
        run.stderr.contains(
            "the position cannot arise: black's king on e8 is attacked with white to move (no move may leave the mover's royal piece attacked)"
        ),
        "{}",
        run.stderr
    );
    // The same with Black to move is a check to answer.
    hetproba(&["moves", "chess", "--position", "4k3/8/8/8/8/8/8/4R2K b - - 0 1"]).ok();
    let dir = scratch("mover_in_check");
    let path = write(&dir, "kj.toml", KINGS_AND_JUMPERS);
    hetproba(&["moves", &path, "--position", "3k3/3R3/7/7/3K3 w"])
        .fails(1)
        .one_line()
        .stderr_has("black's king on d5 is attacked with white to move");
    hetproba(&["moves", &path, "--position", "3k3/3R3/7/7/3K3 b"]).ok();
    // This ruleset remembers no passed cells.
    let run = hetproba(&["moves", &path, "--position", "3k3/7/7/3R3/3K3 b passed:d2@d3"]).fails(1).one_line();
    assert!(run.stderr.contains("this ruleset remembers no passed cells: drop the passed field"), "{}", run.stderr);
}

/// Kings and rooks castling, as in docs/language.md, with a man that captures by jumping: that
/// player's attacks cannot be read backwards from a cell, so they are found by generating its
/// moves, which must see a rook attack on an empty cell.
const KINGS_AND_JUMPERS: &str = r#"[game]
id = "kings-and-jumpers"
name = "Kings, rooks and jumping men"

[[players]]
name = "white"
short = "w"

[[players]]
name = "black"
short = "b"

[board]
width = 7
height = 5

[pieces.king]
symbols = ["K", "k"]
letter = "K"
royal = true

[pieces.rook]
symbols = ["R", "r"]
letter = "R"

[pieces.man]
symbols = ["M", "m"]

[start]
white = { king = ["d1"], rook = ["a1", "g1"] }
black = { king = ["d5"], rook = ["a5", "g5"] }

[moves.man]
piece = "man"
do = "jump(diagonal, over=enemy)"

[moves.king]
piece = "king"
do = "step(all, to=any)"

[moves.rook]
piece = "rook"
do = "slide(orthogonal, to=any)"

[moves.castle]
piece = "king"
do = "castle(sideways, with=rook)"

[state]
unmoved = ["king", "rook"]
"#;

#[test]
fn castling_across_a_cell_attacked_by_generated_moves_is_refused() {
    let dir = scratch("kings_and_jumpers");
    let path = write(&dir, "kj.toml", KINGS_AND_JUMPERS);
    // The black rook on e4 attacks e1, which the king crosses castling east: only west is left.
    let run = hetproba(&["moves", &path, "--position", "3k3/4r2/7/7/R2K2R w unmoved:a1,d1,g1"]).ok();
    assert!(words(&run.stdout).contains("O-Kd1-b1") && !words(&run.stdout).contains("O-Kd1-f1"), "{}", run.stdout);
    // On c4 it attacks c1, which the king crosses castling west.
    let run = hetproba(&["moves", &path, "--position", "3k3/2r4/7/7/R2K2R w unmoved:a1,d1,g1"]).ok();
    assert!(words(&run.stdout).contains("O-Kd1-f1") && !words(&run.stdout).contains("O-Kd1-b1"), "{}", run.stdout);
    // Without the rook, both.
    let run = hetproba(&["moves", &path, "--position", "3k3/7/7/7/R2K2R w unmoved:a1,d1,g1"]).ok();
    assert!(words(&run.stdout).contains("O-Kd1-f1") && words(&run.stdout).contains("O-Kd1-b1"), "{}", run.stdout);
}

// ----------------------------------------------------------------------------------------------
// Broken files: royal pieces, castling, declared state, FEN and SAN keys, declared steps

/// A small valid ruleset with a royal king, castling and en passant; the broken files change or
/// add one line. Line numbers matter: line 18 is `royal = true`, line 32 the castle pattern, line
/// 36 the rook's pattern, line 40 the double step's, line 44 en passant's, lines 47 and 48 the
/// `[state]` lists, line 51 the end condition (its `check` at column 20).
const MINI_CHESS: &str = r#"[game]
id = "mini"
name = "Mini"

[[players]]
name = "white"

[[players]]
name = "black"

[board]
shape = "rect"
width = 5
height = 5

[pieces.king]
symbols = ["K", "k"]
royal = true

[pieces.rook]
symbols = ["R", "r"]

[pieces.pawn]
symbols = ["P", "p"]

[moves.king]
piece = "king"
do = "step(all, to=any)"

[moves.castle]
piece = "king"
do = "castle(e, with=rook)"

[moves.rook]
piece = "rook"
do = "slide(orthogonal, to=any)"

[moves.pawn-double]
piece = "pawn"
do = "slide(forward, min=2, max=2)"

[moves.en-passant]
piece = "pawn"
do = "step(forward-diagonal, to=passed)"

[state]
unmoved = ["king", "rook"]
passed = ["pawn-double"]

[[end]]
if = "no-moves and check"
result = "mover wins"
"#;

/// MINI_CHESS with `old` (which it must contain) replaced by `new`.
fn mini(old: &str, new: &str) -> String {
    assert!(MINI_CHESS.contains(old), "MINI_CHESS lacks {old:?}");
    MINI_CHESS.replacen(old, new, 1)
}

/// The first error of `check` and of `moves` on a broken file: at `line_col`, with `message`.
#[track_caller]
fn assert_first_error(test: &str, text: &str, line_col: &str, message: &str) {
    let dir = scratch(test);
    let path = write(&dir, "rules.toml", text);
    for command in ["check", "moves"] {
        let run = hetproba(&[command, &path]).fails(1);
        let first = run.stderr.lines().next().unwrap();
        assert_eq!(first, format!("error: {path}:{line_col}: {message}"), "{command}\n{}", run.stderr);
    }
}

#[test]
fn mini_chess_is_valid_and_castles() {
    let dir = scratch("mini_chess");
    let path = write(&dir, "mini.toml", MINI_CHESS);
    let run = hetproba(&["check", &path]).ok();
    assert!(run.stdout.contains("(mini): 25 cells, 3 piece types, 5 move rules, 1 end rule"), "{}", run.stdout);
    // King a1 and rook e1 never moved: a1-c1 castles (the rook to b1). By hand: the king a2 b2 b1
    // and a1-c1 (4); the rook d1 c1 b1, e2 .. e5 (7). 11.
    let run = hetproba(&["moves", &path, "--position", "5/5/5/5/K3R w unmoved:a1,e1"]).ok();
    assert_eq!(words(&run.stdout).len(), 11, "{}", run.stdout);
    let run = hetproba(&["moves", &path, "--position", "5/5/5/5/K3R w unmoved:a1,e1", "--after", "a1-c1"]).ok();
    assert_eq!(run.stdout, "no legal moves (draw: no legal moves)\n");
}

#[test]
fn broken_castle() {
    // "castle(e)" starts at column 7 of line 32.
    let text = mini("castle(e, with=rook)", "castle(e)");
    assert_broken(
        "castle_no_with",
        &[("castle.toml", &text)],
        "castle.toml",
        "32:7",
        "castle() needs with=PIECE, the piece it castles with, e.g. castle(e, with=rook)",
    );
    // The whole pattern, from its opening quote (column 6), is reported.
    let text = mini("unmoved = [\"king\", \"rook\"]", "unmoved = [\"king\"]");
    assert_broken(
        "castle_rook_not_unmoved",
        &[("castle.toml", &text)],
        "castle.toml",
        "32:6",
        "castle() needs to know whether the piece it castles with has moved: add 'rook' to [state] unmoved",
    );
    let text = mini("unmoved = [\"king\", \"rook\"]", "unmoved = [\"rook\"]");
    assert_broken(
        "castle_king_not_unmoved",
        &[("castle.toml", &text)],
        "castle.toml",
        "32:6",
        "castle() needs to know whether the castling piece has moved: add 'king' to [state] unmoved",
    );
}

#[test]
fn broken_state_passed() {
    // No [state] passed: en passant's pattern (line 44) is reported.
    let text = mini("passed = [\"pawn-double\"]\n", "");
    assert_broken(
        "to_passed_without_passed",
        &[("passed.toml", &text)],
        "passed.toml",
        "44:6",
        "to=passed needs moves that pass over cells: list them in [state] passed = [...]",
    );
}

/// The name in `[state] passed` (line 48, column 11) is reported first.
#[test]
fn broken_state_passed_names_a_leap_or_an_unknown_move_first() {
    let leap = mini("slide(forward, min=2, max=2)", "leap((0, 2))");
    assert_first_error("passed_leap_first", &leap, "48:11", "move 'pawn-double' is not a step or slide: only those pass over cells");
    let unknown = mini("passed = [\"pawn-double\"]", "passed = [\"pawn-triple\"]");
    assert_first_error("passed_unknown_first", &unknown, "48:11", "no move 'pawn-triple' in [moves]");
}

/// The wrong name is the one error: en passant's to=passed is not also reported as having no
/// moves that pass over cells (at 44:6).
#[test]
fn broken_state_passed_names_a_leap_or_an_unknown_move() {
    let leap = mini("slide(forward, min=2, max=2)", "leap((0, 2))");
    assert_broken(
        "passed_leap",
        &[("passed.toml", &leap)],
        "passed.toml",
        "48:11",
        "move 'pawn-double' is not a step or slide: only those pass over cells",
    );
    let unknown = mini("passed = [\"pawn-double\"]", "passed = [\"pawn-triple\"]");
    assert_broken("passed_unknown", &[("passed.toml", &unknown)], "passed.toml", "48:11", "no move 'pawn-triple' in [moves]");
}

#[test]
fn broken_fen_letter() {
    // Line 33, after the castle pattern.
    let text = mini("castle(e, with=rook)\"", "castle(e, with=rook)\"\nfen = \"k\"");
    assert_broken(
        "fen_lower",
        &[("fen.toml", &text)],
        "fen.toml",
        "33:7",
        "fen = one capital letter (the first player's castling letter, such as K)",
    );
}

/// `fen` on the rook's slide (line 37): refused, with the message of the key.
#[test]
fn broken_fen_on_a_move_that_is_no_castle_is_refused() {
    let text = mini("slide(orthogonal, to=any)\"", "slide(orthogonal, to=any)\"\nfen = \"K\"");
    let dir = scratch("fen_not_castle_refused");
    let path = write(&dir, "fen.toml", &text);
    let run = hetproba(&["check", &path]).fails(1);
    assert!(run.stderr.contains("fen = names a castling move: only castle() moves take it"), "{}", run.stderr);
}

/// The error points at the `fen` value (37:7), as `reverse` and `revisit` on moves that are not
/// hops point at theirs.
#[test]
fn broken_fen_on_a_move_that_is_no_castle() {
    let text = mini("slide(orthogonal, to=any)\"", "slide(orthogonal, to=any)\"\nfen = \"K\"");
    assert_broken("fen_not_castle", &[("fen.toml", &text)], "fen.toml", "37:7", "fen = names a castling move: only castle() moves take it");
}

/// One letter cannot carry the rights of two directions: FEN would write `K` for either rook and
/// read back only one.
#[test]
fn broken_fen_letter_on_a_castle_with_two_directions_or_taken_twice() {
    let text = mini("castle(e, with=rook)\"", "castle(sideways, with=rook)\"\nfen = \"K\"");
    assert_broken(
        "fen_two_directions",
        &[("fen.toml", &text)],
        "fen.toml",
        "33:7",
        "fen = gives one castling direction its letter, and this castle() has 2: write one castle() rule per direction, each with its own letter",
    );
    // A second castling rule (lines 55 to 58) with the first one's letter.
    let text = mini("castle(e, with=rook)\"", "castle(e, with=rook)\"\nfen = \"K\"")
        + "\n[moves.castle-west]\npiece = \"king\"\ndo = \"castle(w, with=rook)\"\nfen = \"K\"\n";
    assert_broken("fen_twice", &[("fen.toml", &text)], "fen.toml", "58:7", "the fen letter 'K' is taken by move 'castle'");
}

/// FEN writes castling rights only by letter: a castling rule without one in a FEN ruleset is
/// refused at its pattern.
#[test]
fn broken_castle_without_a_fen_letter_in_a_fen_ruleset() {
    let text = mini("[[end]]", "[notation]\nposition = \"fen\"\n\n[[end]]");
    assert_broken(
        "fen_castle_without_letter",
        &[("fen.toml", &text)],
        "fen.toml",
        "32:6",
        "in a ruleset with FEN positions a castling move needs fen = \"<capital letter>\", its letter in FEN's castling field (without one its rights could not be written)",
    );
    let text = mini("castle(e, with=rook)\"", "castle(e, with=rook)\"\nfen = \"K\"")
        .replace("[[end]]", "[notation]\nposition = \"fen\"\n\n[[end]]");
    let dir = scratch("fen_castle_with_letter");
    let path = write(&dir, "fen.toml", &text);
    let run = hetproba(&["moves", &path, "--position", "5/5/5/5/K3R w K - 0 1"]).ok();
    assert!(words(&run.stdout).contains("O-a1-c1"), "{}", run.stdout);
}

#[test]
fn broken_effects_after_castle() {
    // "castle(e, with=rook) then " is 26 characters: flip starts at column 33 of line 32.
    let text = mini("castle(e, with=rook)", "castle(e, with=rook) then flip(all)");
    assert_broken(
        "castle_then_flip",
        &[("castle.toml", &text)],
        "castle.toml",
        "32:33",
        "flip() cannot follow castle(): a castling moves two pieces",
    );
}

/// With steps=1 the king's castling lands where its plain step does: the default names differ
/// (`O-` marks the castling), and each names its own move.
#[test]
fn castling_one_cell_is_named_apart_from_the_plain_step() {
    let text = mini("castle(e, with=rook)", "castle(e, with=rook, steps=1)");
    let dir = scratch("castle_steps_1");
    let path = write(&dir, "mini.toml", &text);
    let position = "3k1/5/5/5/K3R w unmoved:a1,e1";
    let run = hetproba(&["moves", &path, "--position", position]).ok();
    assert!(words(&run.stdout).contains("a1-b1") && words(&run.stdout).contains("O-a1-b1"), "{}", run.stdout);
    // The step leaves the rook on e1; the castling brings it to a1, beside the king.
    let run = hetproba(&["moves", &path, "--position", position, "--after", "a1-b1 d5-c5"]).ok();
    assert!(words(&run.stdout).contains("e1-e2") && !words(&run.stdout).contains("a1-a2"), "{}", run.stdout);
    let run = hetproba(&["moves", &path, "--position", position, "--after", "O-a1-b1 d5-c5"]).ok();
    assert!(words(&run.stdout).contains("a1-a2") && !words(&run.stdout).contains("e1-e2"), "{}", run.stdout);
}

#[test]
fn broken_royal_and_check() {
    // Without a royal piece, the end test `check` (line 50 once line 18 is gone) is refused.
    let text = mini("royal = true\n", "");
    assert_broken(
        "check_without_royal",
        &[("check.toml", &text)],
        "check.toml",
        "50:20",
        "check looks at royal pieces, and this ruleset has none: say royal = true in [pieces.NAME]",
    );
    assert_first_error("royal_3_first", &mini("royal = true", "royal = 3"), "18:9", "expected true or false, found an integer");
}

/// `royal = 3` is the one error: `check` is not also reported as having no royal pieces (51:20).
#[test]
fn broken_royal_gives_one_error() {
    let text = mini("royal = true", "royal = 3");
    assert_broken("royal_3", &[("royal.toml", &text)], "royal.toml", "18:9", "expected true or false, found an integer");
}

/// A letter with a space is reported at its value (line 18, column 10), not at the piece's table.
#[test]
fn broken_letter_points_at_its_value() {
    let text = mini("symbols = [\"K\", \"k\"]\n", "symbols = [\"K\", \"k\"]\nletter = \"K 1\"\n");
    assert_broken("letter_space", &[("letter.toml", &text)], "letter.toml", "18:10", "a piece's letter has no spaces or digits");
}

/// A field after the state fields, with no phase written: the message does not speak of a phase
/// that is not there.
#[test]
fn position_with_a_field_after_the_state_fields() {
    let dir = scratch("field_after_state");
    let path = write(&dir, "mini.toml", MINI_CHESS);
    let run = hetproba(&["moves", &path, "--position", "5/5/5/5/K3R w unmoved:a1,e1 extra"]).fails(1).one_line();
    assert!(
        run.stderr.contains("unexpected 'extra' after the state fields: the phase, if any, comes right after the side"),
        "{}",
        run.stderr
    );
}

#[test]
fn broken_slide_stay_min_and_from() {
    // The rook's pattern, line 36: "slide(orthogonal, to=any, " is 26 characters.
    let text = mini("slide(orthogonal, to=any)", "slide(orthogonal, to=any, stay=nowhere)");
    assert_broken("stay_nowhere", &[("stay.toml", &text)], "stay.toml", "36:33", "no region 'nowhere'; the board has: all, edge");
    let text = mini("slide(orthogonal, to=any)", "slide(all, min=3, max=2)");
    assert_broken("min_above_max", &[("min.toml", &text)], "min.toml", "36:7", "slide() has min=3 above max=2");
    // Line 41, after the double step's pattern.
    let text = mini("slide(forward, min=2, max=2)\"", "slide(forward, min=2, max=2)\"\nfrom = \"nowhere\"");
    assert_broken("from_nowhere", &[("from.toml", &text)], "from.toml", "41:8", "no region 'nowhere'; the board has: all, edge");
}

#[test]
fn broken_board_steps() {
    // [board.steps] on lines 16 to 21: n e s w (lines 17 to 20), then the step written wrong.
    let steps = |last: &str| {
        mini("height = 5\n", &format!("height = 5\n\n[board.steps]\nn = [0, 1]\ne = [1, 0]\ns = [0, -1]\nw = [-1, 0]\n{last}\n"))
    };
    let dir = scratch("board_steps_ok");
    let path = write(&dir, "steps.toml", &steps("ne = [1, 1]"));
    hetproba(&["check", &path]).ok();
    assert_broken("steps_zero", &[("steps.toml", &steps("z = [0, 0]"))], "steps.toml", "21:5", "step 'z' goes nowhere");
    assert_broken(
        "steps_repeated",
        &[("steps.toml", &steps("up = [0, 1]"))],
        "steps.toml",
        "21:6",
        "step 'up' repeats the offset of another step",
    );
    assert_broken("steps_three", &[("steps.toml", &steps("ne = [1, 1, 0]"))], "steps.toml", "21:6", "an offset is two integers [dx, dy]");
}

#[test]
fn broken_reverse() {
    // Line 37, after the rook's pattern: the value at column 11.
    let text = mini("slide(orthogonal, to=any)\"", "jump(orthogonal, over=enemy)+\"\nreverse = \"maybe\"");
    assert_broken("reverse_maybe", &[("reverse.toml", &text)], "reverse.toml", "37:11", "expected true or false, found a string");
    let text = mini("slide(orthogonal, to=any)\"", "slide(orthogonal, to=any)\"\nreverse = false");
    assert_broken("reverse_slide", &[("reverse.toml", &text)], "reverse.toml", "37:11", "reverse applies to moves of hops (jump, fly)");
}

#[test]
fn broken_notation_and_material_draw() {
    // [notation] on line 50, its `moves` on line 51.
    let text = mini("[[end]]", "[notation]\nmoves = \"long\"\n\n[[end]]");
    assert_broken(
        "notation_long",
        &[("notation.toml", &text)],
        "notation.toml",
        "51:9",
        "move notation must be templates or san, not 'long'",
    );
    // A [[draw]] after the end rule (lines 54 and 55): moves = 0 only goes with a material
    // condition, and the message says so.
    let text = format!("{MINI_CHESS}\n[[draw]]\nmoves = 0\n");
    assert_broken(
        "draw_moves_0",
        &[("draw.toml", &text)],
        "draw.toml",
        "55:9",
        "moves = 0 needs a material condition: it draws as soon as that material stands on the board (material = { strong = \"...\", weak = \"...\" })",
    );
    let text = format!("{MINI_CHESS}\n[[draw]]\nmoves = -3\nreset = [\"capture\"]\n");
    assert_broken("draw_moves_negative", &[("draw.toml", &text)], "draw.toml", "55:9", "expected a positive integer, found an integer");
}

/// `show` describes declared steps, and `compare` finds two rulesets that differ only in them.
#[test]
fn show_and_compare_see_declared_steps() {
    let steps = |n: &str| mini("height = 5\n", &format!("height = 5\n\n[board.steps]\n{n}\ne = [1, 0]\ns = [0, -1]\nw = [-1, 0]\n"));
    let dir = scratch("declared_steps");
    let plain = write(&dir, "plain.toml", &steps("n = [0, 1]"));
    let blocked = write(&dir, "blocked.toml", &steps("n = { by = [0, 1], blocked-by = [[1, 0]], symbol = \"^\" }"));
    let run = hetproba(&["show", &blocked]).ok();
    assert!(
        run.stdout.contains(
            "Steps, declared as offsets (dx, dy) from the cell a step starts on: n (0, 1), blocked by a piece of either side on (1, 0), written ^; e (1, 0); s (0, -1); w (-1, 0).\n"
        ),
        "{}",
        run.stdout
    );
    let run = hetproba(&["compare", &plain, &blocked, "--depth", "1"]).ok();
    assert!(!run.stdout.contains("Rules that differ: none"), "{}", run.stdout);
    assert!(run.stdout.contains("   - board steps:\n"), "{}", run.stdout);
    assert!(run.stdout.contains("n (0, 1); e (1, 0)"), "{}", run.stdout);
    // A board without [board.steps] says nothing of them.
    assert!(!hetproba(&["show", "chess"]).ok().stdout.contains("Steps, declared"));
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

// ----------------------------------------------------------------------------------------------
// Issue 36: groups (Go), the counting games of the chess family (makruk, shatranj)

/// Makruk and shatranj play to their end in `play`, and their records replay.
#[test]
fn play_makruk_and_shatranj_to_the_end() {
    play_to_the_end("makruk", &[], "random", "mcts:20", "3");
    play_to_the_end("shatranj", &[], "mcts:20", "random", "3");
}

/// Sittuyin plays its set-up and then its game to the end, and the record replays.
#[test]
fn play_sittuyin_to_the_end() {
    play_to_the_end("sittuyin", &[], "random", "mcts:20", "3");
}

/// Go plays to its end in `play` once two passes end it.
#[test]
fn play_go_to_the_end() {
    play_to_the_end("go", &["--param", "size=5"], "random", "random", "3");
}

/// Self-play ends every game by the rules, none at the ply cap.
#[test]
fn selfplay_makruk_and_shatranj_end_their_games() {
    for id in ["makruk", "shatranj"] {
        let run = hetproba(&["selfplay", id, "--games", "6", "--seed", "5", "--max-plies", "2000"]).ok();
        let lines: Vec<&str> = run.stdout.lines().filter(|l| l.starts_with('{')).collect();
        assert_eq!(lines.len(), 6, "{id}: {}", run.stdout);
        assert!(lines.iter().all(|l| !l.contains("no end within")), "{id}: {}", run.stdout);
    }
}

/// `compare` of the two old chesses: the first difference is at the first move (makruk's bia
/// start on the third rank), and each side's perft is the published one (Fairy-Stockfish 11.1).
#[test]
fn compare_makruk_and_shatranj() {
    let run = hetproba(&["compare", "makruk", "shatranj", "--depth", "2"]).ok();
    let out = &run.stdout;
    assert_eq!(perft_row(out, 1), ["1", "23", "16", "<-", "first", "difference"], "{out}");
    assert_eq!(perft_row(out, 2), ["2", "529", "256"], "{out}");
}

/// Go's captures, suicide and ko on the command line.
#[test]
fn go_takes_groups_refuses_suicide_and_keeps_a_ko() {
    // White's a2-b2 group has one liberty left, c2: black fills it and takes both.
    let moves = hetproba(&["moves", "go", "--position", "9/9/9/9/9/9/XX7/OO7/XX7 b", "--json"]).ok();
    assert!(moves.stdout.contains(r#""notation":"c2","from":null,"to":"c2","path":[],"captures":["a2","b2"]"#), "{}", moves.stdout);
    // A black stone on a1 between white b1 and a2 would have no liberty: suicide.
    let moves = hetproba(&["moves", "go", "--position", "9/9/9/9/9/9/9/O8/1O7 b"]).ok();
    assert!(!moves.stdout.split_whitespace().any(|m| m == "a1"), "{}", moves.stdout);
    // c1 takes b1 and stands alone with b1 its only liberty: white may not retake at once.
    let ko = "9/9/9/9/9/9/9/1XO6/XO1O5 b";
    let moves = hetproba(&["moves", "go", "--position", ko, "--after", "c1"]).ok();
    assert!(!moves.stdout.split_whitespace().any(|m| m == "b1"), "{}", moves.stdout);
    let moves = hetproba(&["moves", "go", "--position", ko, "--after", "c1 e5 e6"]).ok();
    assert!(moves.stdout.split_whitespace().any(|m| m == "b1"), "{}", moves.stdout);
    // The same ko read from text: 76 empty points but b1, and the pass.
    let perft = hetproba(&["perft", "go", "1", "--position", "9/9/9/9/9/9/9/1XO6/X1XO5 w ko:b1"]).ok();
    assert_eq!(perft.stdout.trim(), "nodes 76");
}
