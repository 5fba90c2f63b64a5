//! `selfplay`: many games between two computer players, one JSON line per game, for `stats`.
//! The games are played by `hetproba_analysis::selfplay`; here are the options, the threads,
//! the progress bar and the output file.

use crate::CliError;
use crate::load::load_game;
use hetproba_analysis::Workers;
use hetproba_analysis::selfplay::{Run, Shard, game_numbers, play_many};
use hetproba_play::AgentSpec;
use hetproba_play::record::parse_param;
use std::io::{IsTerminal, Write};

#[derive(clap::Args)]
pub struct SelfplayArgs {
    /// A built-in ruleset id or a path to a .toml file (at most 1 MiB).
    pub ruleset: String,
    /// How many games (over all shards), 1 to 10000000.
    #[arg(long, default_value_t = 100, value_parser = crate::bounds::integer(1u64, crate::bounds::MAX_GAMES), allow_hyphen_values = true)]
    pub games: u64,
    /// Player A: random, alphabeta:6 (depth) or alphabeta:1s (time), mcts, mcts:1000 (playouts per
    /// move) or mcts:2s (time); options after a comma, as alphabeta:1s,hash=64,contempt=50 or
    /// mcts:2s,c=0.7,contempt=0.5 (see the README).
    #[arg(long, default_value = "random", value_parser = parse_computer)]
    pub first: AgentSpec,
    /// Player B (as --first).
    #[arg(long, default_value = "random", value_parser = parse_computer)]
    pub second: AgentSpec,
    /// Keep player A in the first seat; by default the seats alternate (A first in even games).
    #[arg(long)]
    pub fixed_seats: bool,
    /// The run's seed (0 to 2^64 - 1): each game's seed is drawn from it and the game's number.
    #[arg(long, default_value_t = 1, value_parser = crate::bounds::integer(0u64, u64::MAX), allow_hyphen_values = true)]
    pub seed: u64,
    /// Threads, 1 to 256 (default: all cores). The lines do not depend on it.
    #[arg(long, value_parser = crate::bounds::integer(1usize, crate::bounds::MAX_THREADS), allow_hyphen_values = true)]
    pub jobs: Option<usize>,
    /// Play only the K-th of N slices of the games (1-based): games K-1, K-1+N, K-1+2N, ...
    #[arg(long, value_parser = parse_shard)]
    pub shard: Option<Shard>,
    /// A game still running after this many plies (1 to 100000) is stopped and counts as a draw
    /// (result `1/2-1/2` with `capped: true`).
    #[arg(long, default_value_t = 1000, value_parser = crate::bounds::integer(1usize, crate::bounds::MAX_PLIES), allow_hyphen_values = true)]
    pub max_plies: usize,
    /// Write the lines to this file (default: standard output).
    #[arg(long)]
    pub out: Option<String>,
    /// Set a ruleset parameter (`--param size=10`).
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_param)]
    pub params: Vec<(String, i64)>,
    /// The memory the computer players' search trees and tables may hold together, over all
    /// jobs, from 16M to 1T (`512M`, `8G`): a tree search that finds none left plays its best
    /// move so far, an alpha-beta table is made smaller (halved until it fits, at least 1 MiB).
    /// The lines do not depend on --jobs unless the searches reach it. Default 2G.
    #[arg(long, default_value = "2G", value_parser = parse_memory)]
    pub memory: u64,
}

/// `512M`, `8G`: a size in bytes, with K, M, G or T (powers of 1024).
pub fn parse_memory(text: &str) -> Result<u64, String> {
    let bad = || format!("'{}' is not a size from 16M to 1T: a number with K, M, G or T (512M, 8G)", hetproba_rules::text::quote(text));
    let text = text.trim();
    let (digits, unit) = text.split_at(text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len()));
    let shift = match unit.to_ascii_uppercase().trim_end_matches(['B', 'I']) {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(bad()),
    };
    let bytes = digits.parse::<u64>().ok().and_then(|n| n.checked_mul(1 << shift)).ok_or_else(bad)?;
    if !(16 << 20..=1 << 40).contains(&bytes) {
        return Err(bad());
    }
    Ok(bytes)
}

fn parse_computer(text: &str) -> Result<AgentSpec, String> {
    match AgentSpec::parse(text).map_err(|e| e.to_string())? {
        AgentSpec::Human => Err("selfplay needs computer players: random, mcts, mcts:1000 or mcts:2s".into()),
        spec => Ok(spec),
    }
}

fn parse_shard(text: &str) -> Result<Shard, String> {
    Shard::parse(text).ok_or_else(|| format!("'{text}' is not a shard; write K/N with 1 <= K <= N (--shard 2/8)"))
}

pub fn selfplay(args: &SelfplayArgs) -> Result<(), CliError> {
    let game = load_game(&args.ruleset, &args.params)?;
    let numbers = game_numbers(args.games, args.shard);
    let workers = Workers::new(args.jobs).map_err(|e| CliError::failure(e.to_string()))?;
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(numbers.len() as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, {eta} left")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });
    let progress = |n: u64| {
        if let Some(bar) = &bar {
            bar.inc(n);
        }
    };
    // Into a temporary file beside the target, renamed at the end: nothing half-written.
    let mut file = args.out.as_deref().map(crate::files::Output::create).transpose().map_err(CliError::failure)?;
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    let out: &mut dyn Write = match &mut file {
        Some(f) => f,
        None => &mut stdout,
    };
    let write_err = |e: std::io::Error| {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        CliError::failure(format!("cannot write the games: {e}"))
    };
    let run = Run {
        players: [args.first.clone(), args.second.clone()],
        seed: args.seed,
        alternate: !args.fixed_seats,
        max_plies: args.max_plies,
        memory: hetproba_ai::TreeMemory::new(args.memory),
    };
    // A's wins, B's, the draws, the games at the cap: the summary of a run written to a file.
    let mut tally = [0u64; 4];
    // Each game's summary slot and text are made on the thread that played it: the calling
    // thread only copies bytes out, and no longer holds the other threads back.
    let keep = |line: hetproba_analysis::selfplay::GameLine| {
        let slot = match line.winner {
            _ if line.capped => 3,
            Some(seat) if seat == line.a_seat => 0,
            Some(_) => 1,
            None => 2,
        };
        let mut text = line.to_json_line();
        text.push('\n');
        (slot, text)
    };
    let played = play_many(
        &workers,
        &game,
        &run,
        &numbers,
        crate::system_timer(),
        keep,
        |kept| {
            for (slot, text) in kept {
                tally[slot] += 1;
                out.write_all(text.as_bytes()).map_err(write_err)?;
            }
            Ok(())
        },
        &progress,
    );
    let flushed = played.and_then(|()| out.flush().map_err(write_err));
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    match (flushed, file) {
        (Err(e), Some(file)) => {
            file.abandon();
            Err(e)
        }
        (Err(e), None) => Err(e),
        (Ok(()), Some(file)) => {
            file.commit().map_err(CliError::failure)?;
            // The lines went to the file: standard error says what they hold.
            let [a, b, drawn, capped] = tally;
            let cap = if capped > 0 { format!(", {capped} stopped at {} plies", args.max_plies) } else { String::new() };
            crate::errln!(
                "{} games of {} written to {}: A ({}) won {a}, B ({}) won {b}, {drawn} drawn{cap}",
                numbers.len(),
                game.rules().id,
                args.out.as_deref().unwrap_or_default(),
                args.first.label(),
                args.second.label()
            );
            Ok(())
        }
        (Ok(()), None) => Ok(()),
    }
}
