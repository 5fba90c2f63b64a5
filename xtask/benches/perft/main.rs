//! Speed of every built-in ruleset: perft; families of boards against each other; side by side
//! with hand-tuned crates (reversi: magpie; chess: shakmaty and cozy-chess); random playouts,
//! whole games as self-play plays them; scaling over threads; then micro-benchmarks. Run with
//! `cargo xtask bench` (its `--help` lists the parts and options).
//!
//! The machine is shared and noisy, so every figure is a median over rounds with its spread, and
//! runs that are compared alternate within one process (A B, B A, ...): a comparison is the
//! median of the rounds' ratios. A run lasts about `HETPROBA_BENCH_SECONDS` (the perft depth, or
//! the number of playouts, is chosen from a first, shorter run), so a new ruleset is measured
//! without touching this file.
//!
//! The binary also runs one measure alone: with `HETPROBA_BENCH_ONE="perft ID DEPTH"` (or
//! `perft ID DEPTH POSITION`, `perft-parallel ID DEPTH`, `playouts ID GAMES`) it prints
//! `work W plies P seconds S` and exits. `HETPROBA_BENCH_BASELINE=PATH` names an earlier build of
//! this binary (kept with `cargo xtask bench --keep PATH`); perft and playouts then alternate
//! with it and print after/before ratios. Other programs can be timed beside a measure the same
//! way.

mod measure;
mod reference;

use hetproba_engine::CellBits;
use measure::{End, Job, PLY_CAP, Runner, Sample, Spread, alternate, load, time};
use std::process::Command;
use std::time::Instant;

/// The options of a bench run, read from the environment (`cargo xtask bench` sets them: the
/// divan harness rejects arguments it does not know).
struct Options {
    rounds: usize,
    seconds: f64,
    baseline: Option<String>,
    cli: Option<String>,
}

impl Options {
    fn read() -> Options {
        let number = |name: &str, default: f64| {
            std::env::var(name).ok().map_or(default, |v| v.parse().unwrap_or_else(|_| panic!("{name}={v} is not a number")))
        };
        Options {
            rounds: (number("HETPROBA_BENCH_ROUNDS", 5.0) as usize).max(1),
            seconds: number("HETPROBA_BENCH_SECONDS", 1.0).max(0.01),
            baseline: std::env::var("HETPROBA_BENCH_BASELINE").ok().filter(|s| !s.is_empty()),
            cli: std::env::var("HETPROBA_BENCH_CLI").ok().filter(|s| !s.is_empty()),
        }
    }
}

/// The deepest perft depth whose single-threaded run should take at most `seconds`, estimating
/// the next depth's time from the growth of the last one.
fn choose_depth(id: &str, seconds: f64) -> u32 {
    let game = load(id);
    let mut last = 1u64;
    for depth in 1.. {
        let sample = time(|| (game.perft(&mut hetproba_engine::Position::start(&game), depth).max(1), 0));
        let growth = sample.work as f64 / last as f64;
        if sample.seconds * growth > seconds || depth >= 14 {
            return depth;
        }
        last = sample.work;
    }
    unreachable!()
}

/// Every position perft visits to `depth` (the root, the inner positions and the leaves).
fn nodes(id: &str, depth: u32) -> u64 {
    let game = load(id);
    (0..=depth).map(|d| game.perft(&mut hetproba_engine::Position::start(&game), d)).sum()
}

fn perft(ids: &[&str], options: &Options) {
    println!(
        "perft from the start, one thread: leaves/s and nodes/s (every position visited), median of {} runs of about {:.1} s, ± half their range",
        options.rounds, options.seconds
    );
    match &options.baseline {
        None => println!("{:<24} {:>5} {:>12} {:>22} {:>14}", "ruleset", "depth", "leaves", "leaves/s", "nodes/s"),
        Some(b) => println!("{:<24} {:>5} {:>12} {:>22} {:>26}  (baseline {b})", "ruleset", "depth", "leaves", "leaves/s", "after/before"),
    }
    for id in ids {
        let depth = choose_depth(id, options.seconds);
        let job = Job::Perft { id: id.to_string(), depth, position: None };
        let mut runners: Vec<Runner> = vec![job.here()];
        if let Some(bin) = &options.baseline {
            runners.push(job.elsewhere(bin));
        }
        let samples = alternate(options.rounds, &mut runners);
        let leaves = samples[0][0].work;
        let rate = Spread::of_rates(&samples[0], Sample::rate);
        match samples.get(1) {
            None => {
                let per_node = rate.median * nodes(id, depth) as f64 / leaves as f64;
                println!("{id:<24} {depth:>5} {leaves:>12} {:>22} {per_node:>14.0}", rate.rate());
            }
            Some(before) => {
                assert_eq!(before[0].work, leaves, "{id} perft {depth}: the baseline counts otherwise");
                println!(
                    "{id:<24} {depth:>5} {leaves:>12} {:>22} {:>26}",
                    rate.rate(),
                    Spread::of_ratios(&samples[0], before, Sample::rate).ratio()
                );
            }
        }
    }
}

/// Boards of one family, each against the fastest: the cost of a bigger board per leaf and per
/// node. The goal is within 1.5x.
const FAMILIES: [(&str, &str); 2] = [("draughts-canadian", "draughts-international"), ("hexasah", "chess")];

fn families(ids: &[&str], options: &Options) {
    let pairs: Vec<_> = FAMILIES.iter().filter(|(a, b)| ids.contains(a) && ids.contains(b)).collect();
    if pairs.is_empty() {
        return;
    }
    println!(
        "boards of a family, perft from the start, one thread, alternating: the bigger board's leaves/s and nodes/s over the reference's"
    );
    println!("{:<24} {:<24} {:>26} {:>26}", "board", "reference", "leaves/s ratio", "nodes/s ratio");
    for (big, reference) in pairs {
        let (leaves, nodes) = perft_against(big, reference, options);
        println!("{big:<24} {reference:<24} {:>26} {:>26}", leaves.ratio(), nodes.ratio());
    }
}

/// Perft from the start of `id` against `reference`, each at the depth its run takes about
/// `--seconds`, alternating: the leaves/s and the nodes/s ratios.
fn perft_against(id: &str, reference: &str, options: &Options) -> (Spread, Spread) {
    let jobs = [id, reference].map(|id| {
        let depth = choose_depth(id, options.seconds);
        (Job::Perft { id: id.to_string(), depth, position: None }, nodes(id, depth))
    });
    let mut runners: Vec<Runner> = jobs.iter().map(|(j, _)| j.here()).collect();
    let samples = alternate(options.rounds, &mut runners);
    let leaves = Spread::of_ratios(&samples[0], &samples[1], Sample::rate);
    // Nodes per leaf is fixed for a depth, so the nodes/s ratio is the leaves/s ratio rescaled.
    let per_leaf = |i: usize| jobs[i].1 as f64 / samples[i][0].work as f64;
    let scale = per_leaf(0) / per_leaf(1);
    (leaves, Spread { median: leaves.median * scale, low: leaves.low * scale, high: leaves.high * scale })
}

/// Boards of any size: one ruleset file, draughts on a square board of `size` cells a side, at
/// sizes on both sides of 127 cells, each against size 11 (121 cells, the largest whose captured
/// sets are their own bits). Then the sets the process kept for boards over 127 cells, as games
/// on new seeds go on: a table that grew with every game would show here.
const WIDE: &str = "tests/fixtures/wide.toml";
const WIDE_SIZES: [u32; 4] = [8, 12, 16, 32];
const WIDE_REFERENCE: u32 = 11;

fn wide(options: &Options) {
    let sized = |size: u32| format!("{WIDE}#size={size}");
    let reference = sized(WIDE_REFERENCE);
    println!(
        "boards of any size ({WIDE}), one thread, alternating with size {WIDE_REFERENCE} ({} cells): perft from the start, random playouts",
        WIDE_REFERENCE * WIDE_REFERENCE
    );
    println!(
        "{:<6} {:>6} {:>24} {:>24} {:>24}  kept sets after G, 2G, 4G playouts",
        "size", "cells", "perft leaves/s ratio", "perft nodes/s ratio", "playout plies/s ratio"
    );
    for size in WIDE_SIZES {
        let id = sized(size);
        let kept_before = CellBits::kept_sets();
        let (leaves, nodes) = perft_against(&id, &reference, options);
        let pair = [&id, &reference];
        // Games differ in length between boards, so playouts compare by plies a second.
        let games = pair.map(|id| calibrate_playouts(id, options.seconds).0);
        let mut runners: Vec<Runner> =
            pair.iter().zip(games).map(|(id, games)| Job::Playouts { id: id.to_string(), games }.here()).collect();
        let s = alternate(options.rounds, &mut runners);
        let plies = Spread::of_ratios(&s[0], &s[1], Sample::ply_rate);
        // The rounds replayed seeds 0 to G - 1; new seeds up to 4G show how the table grows.
        let game = load(&id);
        let mut moves = Vec::new();
        let mut kept = vec![CellBits::kept_sets() - kept_before];
        for seeds in [games[0]..2 * games[0], 2 * games[0]..4 * games[0]] {
            for seed in seeds {
                measure::playout(&game, seed, &mut moves);
            }
            kept.push(CellBits::kept_sets() - kept_before);
        }
        let kept: Vec<String> = kept.iter().map(|k| k.to_string()).collect();
        println!(
            "{size:<6} {:>6} {:>24} {:>24} {:>24}  {} (G = {})",
            size * size,
            leaves.ratio(),
            nodes.ratio(),
            plies.ratio(),
            kept.join(", "),
            games[0]
        );
    }
}

/// Side by side with hand-tuned crates: the same counts, one thread, alternating runs.
fn compare(ids: &[&str], options: &Options) {
    let (reversi, chess) = (ids.contains(&"reversi"), ids.contains(&"chess"));
    if !reversi && !chess {
        println!("side by side: none among the selected rulesets (reversi: magpie; chess: shakmaty, cozy-chess)");
        return;
    }
    println!("side by side with hand-tuned crates, one thread, {} alternating rounds: hetproba's leaves/s over theirs", options.rounds);
    println!(
        "{:<22} {:>5} {:>10} {:>22} {:>26} {:>26}",
        "position", "depth", "leaves", "hetproba leaves/s", "/ magpie or shakmaty", "/ cozy-chess"
    );
    if reversi {
        let depth = 9;
        let mut runners: Vec<Runner> = vec![
            Job::Perft { id: "reversi".into(), depth, position: None }.here(),
            Box::new(move || {
                time(|| (reference::magpie_perft(magpie::othello::Board::standard(), magpie::othello::Stone::Black, depth), 0))
            }),
        ];
        let s = alternate(options.rounds, &mut runners);
        assert_eq!(s[0][0].work, s[1][0].work, "reversi perft {depth}: hetproba and magpie disagree");
        let ours = Spread::of_rates(&s[0], Sample::rate);
        println!(
            "{:<22} {depth:>5} {:>10} {:>22} {:>26}",
            "reversi start",
            s[0][0].work,
            ours.rate(),
            Spread::of_ratios(&s[0], &s[1], Sample::rate).ratio()
        );
    }
    if chess {
        for (name, fen, depth, published) in reference::CHESS_CASES {
            let mut shak = reference::shakmaty_perft(fen, depth);
            let cozy_board: cozy_chess::Board = fen.parse().expect("cozy-chess parses the FEN");
            let mut runners: Vec<Runner> = vec![
                Job::Perft { id: "chess".into(), depth, position: Some(fen.into()) }.here(),
                Box::new(move || time(|| (shak(), 0))),
                Box::new(move || time(|| (reference::cozy_perft(&cozy_board, depth), 0))),
            ];
            let s = alternate(options.rounds, &mut runners);
            let (ours, shak, cozy) = (s[0][0].work, s[1][0].work, s[2][0].work);
            assert!(
                ours == shak && ours == cozy,
                "chess {name} perft {depth}: hetproba {ours}, shakmaty {shak}, cozy-chess {cozy} disagree"
            );
            assert_eq!(ours, published, "chess {name} perft {depth}: all three differ from the published count");
            println!(
                "{:<22} {depth:>5} {ours:>10} {:>22} {:>26} {:>26}",
                format!("chess {name}"),
                Spread::of_rates(&s[0], Sample::rate).rate(),
                Spread::of_ratios(&s[0], &s[1], Sample::rate).ratio(),
                Spread::of_ratios(&s[0], &s[2], Sample::rate).ratio()
            );
        }
    }
}

/// How many playouts of `id` take about `seconds`, and how a first batch of games ended
/// (wins of each player, draws, capped, stuck).
fn calibrate_playouts(id: &str, seconds: f64) -> (u64, [u32; 5]) {
    let game = load(id);
    let mut moves = Vec::new();
    let mut ends = [0u32; 5];
    let start = Instant::now();
    let mut games = 0u64;
    while games < 5 || start.elapsed().as_secs_f64() < seconds / 4.0 {
        let i = match measure::playout(&game, games, &mut moves).1 {
            End::Win(p) => usize::from(p),
            End::Draw => 2,
            End::Capped => 3,
            End::NoMoves => 4,
        };
        ends[i] += 1;
        games += 1;
    }
    let per_game = start.elapsed().as_secs_f64() / games as f64;
    (((seconds / per_game) as u64).max(1), ends)
}

fn playouts(ids: &[&str], options: &Options) {
    println!(
        "random playouts from the start through Session (history draws end games), one thread, median of {} runs of about {:.1} s, cap {PLY_CAP} plies",
        options.rounds, options.seconds
    );
    let last = if options.baseline.is_some() { "after/before playouts/s" } else { "wins p1/p2, draws, capped (first batch)" };
    println!("{:<24} {:>8} {:>10} {:>20} {:>20}  {last}", "ruleset", "playouts", "mean plies", "playouts/s", "plies/s");
    for id in ids {
        let (games, ends) = calibrate_playouts(id, options.seconds);
        let job = Job::Playouts { id: id.to_string(), games };
        let mut runners: Vec<Runner> = vec![job.here()];
        if let Some(bin) = &options.baseline {
            runners.push(job.elsewhere(bin));
        }
        let s = alternate(options.rounds, &mut runners);
        let last = match s.get(1) {
            Some(before) => Spread::of_ratios(&s[0], before, Sample::rate).ratio(),
            None => {
                let stuck = if ends[4] > 0 { format!(", {} with no move but no outcome", ends[4]) } else { String::new() };
                format!("{}/{}, {}, {}{stuck}", ends[0], ends[1], ends[2], ends[3])
            }
        };
        println!(
            "{id:<24} {games:>8} {:>10.1} {:>20} {:>20}  {last}",
            s[0][0].plies as f64 / games as f64,
            Spread::of_rates(&s[0], Sample::rate).rate(),
            Spread::of_rates(&s[0], Sample::ply_rate).rate()
        );
    }
}

/// The rulesets whose scaling is measured when none is named: the three of the speed goals.
const SCALING: [&str; 3] = ["reversi", "checkers-english", "chess"];

/// Speed-up on all threads over one: perft with the root moves shared, and `selfplay --jobs N`
/// against `--jobs 1` (whole processes of the CLI, when its path is given).
fn scaling(ids: &[&str], named: bool, options: &Options) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("scaling on {threads} threads over one thread, {} alternating rounds", options.rounds);
    println!("{:<24} {:>26} {:>26}", "ruleset", "perft", "selfplay --jobs");
    for id in ids.iter().filter(|id| named || SCALING.contains(id)) {
        let depth = choose_depth(id, options.seconds * threads as f64);
        let mut runners: Vec<Runner> =
            vec![Job::PerftParallel { id: id.to_string(), depth }.here(), Job::Perft { id: id.to_string(), depth, position: None }.here()];
        let s = alternate(options.rounds, &mut runners);
        let selfplay = match &options.cli {
            Some(cli) => {
                let (games, _) = calibrate_playouts(id, options.seconds * threads as f64);
                let run = |jobs: usize| -> Runner {
                    let cli = cli.clone();
                    let id = id.to_string();
                    Box::new(move || {
                        time(|| {
                            let status = Command::new(&cli)
                                .args(["selfplay", &id, "--games", &games.to_string(), "--jobs", &jobs.to_string(), "--out", "/dev/null"])
                                .status()
                                .expect("the CLI runs");
                            assert!(status.success(), "selfplay {id} failed");
                            (games, 0)
                        })
                    })
                };
                let mut runners = vec![run(threads), run(1)];
                let s = alternate(options.rounds, &mut runners);
                Spread::of_ratios(&s[0], &s[1], Sample::rate).ratio()
            }
            None => "(no CLI given)".into(),
        };
        println!("{id:<24} {:>26} {selfplay:>26}", Spread::of_ratios(&s[0], &s[1], Sample::rate).ratio());
    }
}

const PARTS: [&str; 8] = ["perft", "families", "wide", "compare", "playouts", "scaling", "micro", "all"];

fn main() {
    if let Ok(one) = std::env::var("HETPROBA_BENCH_ONE") {
        let job = Job::parse(&one).unwrap_or_else(|e| {
            eprintln!("error: {e}");
            std::process::exit(2)
        });
        println!("{}", job.here()().line());
        return;
    }
    let options = Options::read();
    // `cargo xtask bench` passes the chosen parts here, not as arguments: divan rejects flags it
    // does not know. Unset means every part but the micro-benchmarks' own.
    let parts = std::env::var("HETPROBA_BENCH_PARTS").unwrap_or_default();
    let parts: Vec<&str> = parts.split(',').filter(|p| !p.is_empty()).collect();
    if let Some(bad) = parts.iter().find(|p| !PARTS.contains(p)) {
        eprintln!("error: unknown bench part '{bad}' ({})", PARTS.join(", "));
        std::process::exit(2);
    }
    let runs = |part: &str| parts.is_empty() || parts.contains(&part) || parts.contains(&"all");
    let wanted: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let ids: Vec<&str> = hetproba_rules::builtin_ids().filter(|id| wanted.is_empty() || wanted.iter().any(|w| w == id)).collect();
    let sections: [(&str, &dyn Fn()); 6] = [
        ("perft", &|| perft(&ids, &options)),
        ("families", &|| families(&ids, &options)),
        ("wide", &|| {
            if wanted.is_empty() {
                wide(&options)
            }
        }),
        ("compare", &|| compare(&ids, &options)),
        ("playouts", &|| playouts(&ids, &options)),
        ("scaling", &|| scaling(&ids, !wanted.is_empty(), &options)),
    ];
    for (part, run) in sections {
        if runs(part) {
            run();
            println!();
        }
    }
    if runs("micro") {
        divan::main();
    }
}

mod micro {
    use super::load;
    use hetproba_engine::Position;

    #[divan::bench(args = ["reversi", "amoba-push", "amoba-rollin"])]
    fn generate_at_start(bencher: divan::Bencher, id: &str) {
        let game = load(id);
        let pos = Position::start(&game);
        let mut moves = Vec::new();
        bencher.bench_local(|| {
            game.generate(divan::black_box(&pos), &mut moves);
            moves.len()
        });
    }

    #[divan::bench(args = ["reversi", "amoba-push"])]
    fn make_unmake_first_move(bencher: divan::Bencher, id: &str) {
        let game = load(id);
        let mut pos = Position::start(&game);
        let mv = game.legal_moves(&pos)[0];
        bencher.bench_local(|| {
            game.make(&mut pos, mv);
            pos.unmake();
        });
    }
}
