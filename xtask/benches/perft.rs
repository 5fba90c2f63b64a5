//! Speed of every built-in ruleset: perft; a side-by-side ratio where hand-tuned crates play the
//! same game (reversi: magpie; chess: shakmaty and cozy-chess); random playouts, whole games as
//! self-play plays them; then micro-benchmarks. Run with
//! `cargo xtask bench [--perft] [--compare] [--playouts] [--micro] [RULESET...]`.
//!
//! For perft the depth is the deepest one whose single-threaded run should take at most about
//! 2 s (estimated from the growth of the previous depth), so a new ruleset is measured without
//! touching this file. Each figure is the best of 3 runs.
//!
//! Playouts go through `Session`, as real play does, so the draws that need history
//! (repetition, move counters) end games and their bookkeeping is part of the cost. Each ruleset
//! gets about `PLAYOUT_BUDGET`; playout `i` is seeded with `i`, so every game is reproducible.
//! p1 in the results is the first player the ruleset lists.

use hetproba_ai::Rng;
use hetproba_engine::{Game, Position, Session};
use std::time::{Duration, Instant};

fn best_of<F: FnMut() -> u64>(runs: usize, mut f: F) -> (u64, Duration) {
    let mut best = Duration::MAX;
    let mut nodes = 0;
    for _ in 0..runs {
        let start = Instant::now();
        nodes = f();
        best = best.min(start.elapsed());
    }
    (nodes, best)
}

fn rate(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64().max(1e-9)
}

fn game(id: &str) -> Game {
    let rules = hetproba_rules::load_builtin(id, &[]).expect("built-in id").expect("built-in rulesets load");
    Game::new(rules)
}

/// Picks the deepest depth whose run should take at most `target`, estimating the next depth's
/// time from the growth of the last one.
fn choose_depth(game: &Game, target: Duration) -> u32 {
    let mut depth = 1;
    let mut last_nodes = 1u64;
    loop {
        let mut pos = Position::start(game);
        let start = Instant::now();
        let nodes = game.perft(&mut pos, depth).max(1);
        let took = start.elapsed();
        let growth = nodes as f64 / last_nodes as f64;
        if took.as_secs_f64() * growth > target.as_secs_f64() || depth >= 14 {
            return depth;
        }
        last_nodes = nodes;
        depth += 1;
    }
}

/// Reversi perft with magpie's bitboards, counting a pass as a move and nothing below an
/// ended game, as the published figures do.
fn magpie_perft(board: magpie::othello::Board, stone: magpie::othello::Stone, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.moves_for(stone);
    if moves.is_empty() {
        if board.moves_for(stone.flip()).is_empty() {
            return 0;
        }
        return if depth == 1 { 1 } else { magpie_perft(board.clone(), stone.flip(), depth - 1) };
    }
    if depth == 1 {
        return u64::from(moves.count_set());
    }
    let mut total = 0;
    for pos in moves.hot_bits() {
        let mut next = board.clone();
        next.play(stone, pos);
        total += magpie_perft(next, stone.flip(), depth - 1);
    }
    total
}

/// Chess perft with cozy-chess, from its move-set callback: whole sets are counted at the last
/// ply.
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

/// Chess positions for the side by side: name, FEN, depth and the published leaf count.
const CHESS_CASES: [(&str, &str, u32, u64); 2] = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4_865_609),
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4_085_603),
];

/// Time spent on playouts per ruleset, once at least `MIN_PLAYOUTS` have finished.
const PLAYOUT_BUDGET: Duration = Duration::from_millis(1500);
const MIN_PLAYOUTS: u32 = 5;
/// Plies after which a playout stops, for games that no rule ends.
const PLY_CAP: u32 = 1000;

/// One uniformly random game from the start: its length in plies and how it ended.
fn playout(game: &Game, seed: u64, moves: &mut Vec<hetproba_engine::Move>) -> (u32, End) {
    let mut rng = Rng::new(seed);
    let mut session = Session::new(game, Position::start(game));
    let mut plies = 0;
    loop {
        // Outcome before generation, in the order the play loop uses.
        if let Some(outcome) = session.outcome() {
            return (plies, outcome.winner.map_or(End::Draw, |p| End::Win(p.0)));
        }
        if plies >= PLY_CAP {
            return (plies, End::Capped);
        }
        game.generate(session.position(), moves);
        if moves.is_empty() {
            return (plies, End::NoMoves);
        }
        session.play(moves[rng.below(moves.len())]);
        plies += 1;
    }
}

#[derive(Clone, Copy)]
enum End {
    Win(u8),
    Draw,
    Capped,
    /// No move generated although `outcome` saw no end: an engine inconsistency, shown apart.
    NoMoves,
}

fn playouts(ids: &[&str]) {
    println!(
        "random playouts via Session (history draws end games), single thread, ~{:.1} s each, cap {PLY_CAP} plies (capped games count in the mean)",
        PLAYOUT_BUDGET.as_secs_f64()
    );
    println!(
        "{:<24} {:>8} {:>10} {:>7} {:>12} {:>12}  wins p1/p2, draws",
        "ruleset", "playouts", "mean plies", "capped", "playouts/s", "plies/s"
    );
    for id in ids {
        let game = game(id);
        let mut moves = Vec::new();
        let (mut count, mut plies, mut capped, mut stuck, mut draws) = (0u32, 0u64, 0u32, 0u32, 0u32);
        let mut wins = [0u32; 2];
        let start = Instant::now();
        while count < MIN_PLAYOUTS || start.elapsed() < PLAYOUT_BUDGET {
            let (length, end) = playout(&game, u64::from(count), &mut moves);
            count += 1;
            plies += u64::from(length);
            match end {
                End::Win(p) => wins[usize::from(p)] += 1,
                End::Draw => draws += 1,
                End::Capped => capped += 1,
                End::NoMoves => stuck += 1,
            }
        }
        let took = start.elapsed();
        let stuck = if stuck > 0 { format!(", {stuck} with no move but no outcome") } else { String::new() };
        println!(
            "{id:<24} {count:>8} {:>10.1} {capped:>7} {:>12.1} {:>12.0}  {}/{}, {draws}{stuck}",
            plies as f64 / f64::from(count),
            rate(u64::from(count), took),
            rate(plies, took),
            wins[0],
            wins[1]
        );
    }
}

fn perft(ids: &[&str]) {
    println!("perft, single thread (best of 3) and root split over all threads");
    println!("{:<24} {:>5} {:>14} {:>10} {:>14} {:>14}", "ruleset", "depth", "leaves", "seconds", "leaves/s (1)", "leaves/s (all)");
    for id in ids {
        let game = game(id);
        let depth = choose_depth(&game, Duration::from_secs(2));
        let (nodes, single) = best_of(3, || game.perft(&mut Position::start(&game), depth));
        let start = Position::start(&game);
        let (_, parallel) = best_of(3, || game.perft_divide(&start, depth, true, &|_, _| {}).iter().map(|(_, n)| n).sum());
        println!(
            "{id:<24} {depth:>5} {nodes:>14} {:>10.3} {:>14.0} {:>14.0}",
            single.as_secs_f64(),
            rate(nodes, single),
            rate(nodes, parallel)
        );
    }
}

/// Side by side with hand-tuned crates: the same counts, the same process, single thread, best
/// of 3 each. Runs for the selected rulesets that have one.
fn compare(ids: &[&str]) {
    let (reversi, chess) = (ids.contains(&"reversi"), ids.contains(&"chess"));
    if !reversi && !chess {
        println!("side by side: none among the selected rulesets (reversi: magpie; chess: shakmaty, cozy-chess)");
        return;
    }
    if reversi {
        let game = game("reversi");
        let depth = 9;
        let (ours, ours_time) = best_of(3, || game.perft(&mut Position::start(&game), depth));
        let (theirs, theirs_time) = best_of(3, || magpie_perft(magpie::othello::Board::standard(), magpie::othello::Stone::Black, depth));
        assert_eq!(ours, theirs, "reversi perft {depth}: hetproba and magpie disagree");
        println!(
            "reversi perft {depth} ({ours} leaves): hetproba {:.0}/s, magpie (hand-tuned bitboards) {:.0}/s, ratio {:.2}",
            rate(ours, ours_time),
            rate(theirs, theirs_time),
            rate(ours, ours_time) / rate(theirs, theirs_time)
        );
    }
    if chess {
        if reversi {
            println!();
        }
        let game = game("chess");
        println!("chess perft, single thread, best of 3; leaves/s, and ratios hetproba / each hand-tuned crate");
        println!(
            "{:<10} {:>5} {:>10} {:>12} {:>12} {:>12} {:>11} {:>11}",
            "position", "depth", "leaves", "hetproba", "shakmaty", "cozy-chess", "/shakmaty", "/cozy-chess"
        );
        for (name, fen, depth, published) in CHESS_CASES {
            let start = game.read_position(fen).unwrap_or_else(|e| panic!("hetproba reads {name}: {e}"));
            let (ours, ours_time) = best_of(3, || game.perft(&mut start.clone(), depth));
            let shakmaty_pos: shakmaty::Chess = fen
                .parse::<shakmaty::fen::Fen>()
                .expect("shakmaty parses the FEN")
                .into_position(shakmaty::CastlingMode::Standard)
                .expect("shakmaty accepts the position");
            let (shak, shak_time) = best_of(3, || shakmaty::perft(&shakmaty_pos, depth));
            let cozy_board: cozy_chess::Board = fen.parse().expect("cozy-chess parses the FEN");
            let (cozy, cozy_time) = best_of(3, || cozy_perft(&cozy_board, depth));
            assert!(
                ours == shak && ours == cozy,
                "chess {name} perft {depth}: hetproba {ours}, shakmaty {shak}, cozy-chess {cozy} disagree"
            );
            assert_eq!(ours, published, "chess {name} perft {depth}: all three differ from the published count");
            let (ours_rate, shak_rate, cozy_rate) = (rate(ours, ours_time), rate(shak, shak_time), rate(cozy, cozy_time));
            println!(
                "{name:<10} {depth:>5} {ours:>10} {ours_rate:>12.0} {shak_rate:>12.0} {cozy_rate:>12.0} {:>11.4} {:>11.4}",
                ours_rate / shak_rate,
                ours_rate / cozy_rate
            );
        }
    }
}

fn main() {
    // `cargo xtask bench` passes the chosen parts here, not as arguments: divan rejects flags it
    // does not know. Unset means every part.
    let parts = std::env::var("HETPROBA_BENCH_PARTS").unwrap_or_default();
    let parts: Vec<&str> = parts.split(',').filter(|p| !p.is_empty()).collect();
    if let Some(bad) = parts.iter().find(|p| !["perft", "compare", "playouts", "micro"].contains(p)) {
        eprintln!("error: unknown bench part '{bad}' (perft, compare, playouts, micro)");
        std::process::exit(2);
    }
    let runs = |part: &str| parts.is_empty() || parts.contains(&part);
    let wanted: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let ids: Vec<&str> = hetproba_rules::builtin_ids().filter(|id| wanted.is_empty() || wanted.iter().any(|w| w == id)).collect();
    if runs("perft") {
        perft(&ids);
        println!();
    }
    if runs("compare") {
        compare(&ids);
        println!();
    }
    if runs("playouts") {
        playouts(&ids);
        println!();
    }
    if runs("micro") {
        divan::main();
    }
}

mod micro {
    use super::*;

    #[divan::bench(args = ["reversi", "amoba-push", "amoba-rollin"])]
    fn generate_at_start(bencher: divan::Bencher, id: &str) {
        let game = game(id);
        let pos = Position::start(&game);
        let mut moves = Vec::new();
        bencher.bench_local(|| {
            game.generate(divan::black_box(&pos), &mut moves);
            moves.len()
        });
    }

    #[divan::bench(args = ["reversi", "amoba-push"])]
    fn make_unmake_first_move(bencher: divan::Bencher, id: &str) {
        let game = game(id);
        let mut pos = Position::start(&game);
        let mv = game.legal_moves(&pos)[0];
        bencher.bench_local(|| {
            game.make(&mut pos, mv);
            pos.unmake();
        });
    }
}
