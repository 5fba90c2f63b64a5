//! `selfplay`: many games between two computer players, one JSON line per game, for `stats`.
//!
//! Each game has its own seed, drawn from the run's seed and the game's number, so a run gives
//! the same lines whatever the number of threads, and a slice of it (`--shard K/N`) the same
//! lines as that slice of the whole run. The players' seeds follow `play`'s rule (the player in
//! seat s gets the game's seed xor s), so any game replays with
//! `hetproba play RULESET --first A --second B --seed GAME_SEED`.

use crate::load::{load_game, parse_param};
use crate::play::{AgentSpec, parse_agent};
use crate::{CliError, bounds};
use hetproba_ai::{Agent, MctsAgent, RandomAgent, Think};
use hetproba_engine::rules::model::PlayerId;
use hetproba_engine::{Game, Position, Session};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::io::{IsTerminal, Write};

#[derive(clap::Args)]
pub struct SelfplayArgs {
    /// A built-in ruleset id or a path to a .toml file (at most 1 MiB).
    pub ruleset: String,
    /// How many games (over all shards), 1 to 10000000.
    #[arg(long, default_value_t = 100, value_parser = bounds::integer(1u64, bounds::MAX_GAMES), allow_hyphen_values = true)]
    pub games: u64,
    /// Player A: random, mcts, mcts:1000 (playouts per move) or mcts:2s (time).
    #[arg(long, default_value = "random", value_parser = parse_computer)]
    pub first: AgentSpec,
    /// Player B (as --first).
    #[arg(long, default_value = "random", value_parser = parse_computer)]
    pub second: AgentSpec,
    /// Keep player A in the first seat; by default the seats alternate (A first in even games).
    #[arg(long)]
    pub fixed_seats: bool,
    /// The run's seed (0 to 2^64 - 1): each game's seed is drawn from it and the game's number.
    #[arg(long, default_value_t = 1, value_parser = bounds::integer(0u64, u64::MAX), allow_hyphen_values = true)]
    pub seed: u64,
    /// Threads, 1 to 256 (default: all cores). The lines do not depend on it.
    #[arg(long, value_parser = bounds::integer(1usize, bounds::MAX_THREADS), allow_hyphen_values = true)]
    pub jobs: Option<usize>,
    /// Play only the K-th of N slices of the games (1-based): games K-1, K-1+N, K-1+2N, ...
    #[arg(long, value_parser = parse_shard)]
    pub shard: Option<(u64, u64)>,
    /// A game still running after this many plies (1 to 100000) is stopped (result `*`).
    #[arg(long, default_value_t = 1000, value_parser = bounds::integer(1usize, bounds::MAX_PLIES), allow_hyphen_values = true)]
    pub max_plies: usize,
    /// Write the lines to this file (default: standard output).
    #[arg(long)]
    pub out: Option<String>,
    /// Set a ruleset parameter (`--param size=10`).
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_param)]
    pub params: Vec<(String, i64)>,
}

fn parse_computer(text: &str) -> Result<AgentSpec, String> {
    match parse_agent(text)? {
        AgentSpec::Human => Err("selfplay needs computer players: random, mcts, mcts:1000 or mcts:2s".into()),
        spec => Ok(spec),
    }
}

fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("'{text}' is not a shard; write K/N with 1 <= K <= N (--shard 2/8)");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n) = (k.trim().parse::<u64>().map_err(|_| bad())?, n.trim().parse::<u64>().map_err(|_| bad())?);
    if k == 0 || n == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// One game, as `selfplay` writes it and `stats` reads it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct GameLine {
    pub ruleset: String,
    /// The game's number in the run (0-based).
    pub game: u64,
    /// The game's seed: `play --seed` with it replays the game.
    pub seed: u64,
    /// The player in each seat, first seat first.
    pub seats: [String; 2],
    /// Which seat player A (`--first`) took: 1 or 2.
    pub a_seat: u8,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` when stopped at the ply cap.
    pub result: String,
    /// The seat that won (1 or 2), none for a draw or a stopped game.
    pub winner: Option<u8>,
    pub reason: String,
    pub plies: usize,
    pub moves: Vec<String>,
    /// The number of legal moves before each ply.
    pub branching: Vec<u32>,
    /// How often the lead in material (the pieces' values) passed from one player to the other.
    pub lead_changes: u32,
    /// The ply after which the winner led in material to the end, if it did.
    pub decided_at: Option<usize>,
}

/// SplitMix64: the game's seed from the run's seed and the game's number.
pub fn game_seed(seed: u64, game: u64) -> u64 {
    let mut z = seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn agent(spec: &AgentSpec, seed: u64) -> Box<dyn Agent> {
    match spec {
        AgentSpec::Mcts(budget) => Box::new(MctsAgent::new(*budget, seed)),
        _ => Box::new(RandomAgent::new(seed)),
    }
}

/// The material balance, first player minus second, by the pieces' values.
fn material(game: &Game, pos: &Position) -> i64 {
    let pieces = &game.rules().pieces;
    (0..game.board().len()).fold(0, |sum, i| {
        let Some(piece) = pos.at(hetproba_engine::board::CellId::new(i)) else { return sum };
        let value = i64::from(pieces[piece.kind().index()].value);
        match piece.owner() {
            hetproba_engine::Owner::Player(PlayerId::FIRST) => sum + value,
            hetproba_engine::Owner::Player(_) => sum - value,
            hetproba_engine::Owner::Nobody => sum,
        }
    })
}

/// Plays game number `n` of a run.
pub fn play_one(game: &Game, a: &AgentSpec, b: &AgentSpec, seed: u64, n: u64, alternate: bool, max_plies: usize) -> GameLine {
    let gseed = game_seed(seed, n);
    let a_first = !alternate || n.is_multiple_of(2);
    let specs = if a_first { [a, b] } else { [b, a] };
    let mut players = [agent(specs[0], gseed ^ 1), agent(specs[1], gseed ^ 2)];
    let mut session = Session::new(game, Position::start(game));
    let mut moves = Vec::new();
    let mut names = Vec::new();
    let mut branching = Vec::new();
    let mut leads: Vec<i64> = vec![material(game, session.position()).signum()];
    let outcome = loop {
        if let Some(o) = session.outcome() {
            break Some(o);
        }
        if names.len() >= max_plies {
            break None;
        }
        let pos = session.position();
        game.generate(pos, &mut moves);
        branching.push(moves.len() as u32);
        let side = pos.side();
        let mv = players[side.index()].choose(&session, &mut Think::new(crate::system_timer()));
        names.push(game.move_name(pos, mv));
        session.play(mv);
        leads.push(material(game, session.position()).signum());
    };
    // The leader after each ply, ignoring level positions: a change is a sign flip.
    let signs: Vec<i64> = leads.iter().copied().filter(|&s| s != 0).collect();
    let lead_changes = signs.windows(2).filter(|w| w[0] != w[1]).count() as u32;
    let winner = outcome.as_ref().and_then(|o| o.winner);
    let decided_at = winner.and_then(|w| {
        let sign = if w == PlayerId::FIRST { 1 } else { -1 };
        // The first ply from which the winner leads to the end.
        let from = leads.iter().rposition(|&s| s != sign).map_or(0, |i| i + 1);
        (from < leads.len()).then_some(from)
    });
    let (result, reason) = match &outcome {
        Some(o) => (
            match o.winner {
                Some(PlayerId::FIRST) => "1-0",
                Some(_) => "0-1",
                None => "1/2-1/2",
            }
            .to_string(),
            o.reason.clone(),
        ),
        None => ("*".to_string(), format!("stopped after {max_plies} plies")),
    };
    GameLine {
        ruleset: game.rules().id.clone(),
        game: n,
        seed: gseed,
        seats: [specs[0].label(), specs[1].label()],
        a_seat: if a_first { 1 } else { 2 },
        result,
        winner: winner.map(|w| w.0 + 1),
        reason,
        plies: names.len(),
        moves: names,
        branching,
        lead_changes,
        decided_at,
    }
}

/// Plays the games `numbers` on the threads of `pool` and hands the lines, in game order, to
/// `sink` a batch at a time; `progress` hears how many are done.
#[allow(clippy::too_many_arguments)]
pub fn play_many(
    pool: &rayon::ThreadPool,
    game: &Game,
    a: &AgentSpec,
    b: &AgentSpec,
    seed: u64,
    numbers: &[u64],
    alternate: bool,
    max_plies: usize,
    mut sink: impl FnMut(Vec<GameLine>) -> Result<(), CliError>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(), CliError> {
    // Batches keep memory bounded for millions of games and let lines out in order.
    for batch in numbers.chunks(512) {
        let lines: Vec<GameLine> = pool.install(|| {
            batch
                .par_iter()
                .map(|&n| {
                    let line = play_one(game, a, b, seed, n, alternate, max_plies);
                    progress(1);
                    line
                })
                .collect()
        });
        sink(lines)?;
    }
    Ok(())
}

pub fn selfplay(args: &SelfplayArgs) -> Result<(), CliError> {
    let game = load_game(&args.ruleset, &args.params)?;
    let numbers: Vec<u64> = match args.shard {
        Some((k, n)) => (k - 1..args.games).step_by(n as usize).collect(),
        None => (0..args.games).collect(),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()
        .map_err(|e| CliError::failure(format!("cannot start the threads: {e}")))?;
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
    let played = play_many(
        &pool,
        &game,
        &args.first,
        &args.second,
        args.seed,
        &numbers,
        !args.fixed_seats,
        args.max_plies,
        |lines| {
            for line in lines {
                let text = serde_json::to_string(&line).map_err(|e| CliError::failure(e.to_string()))?;
                writeln!(out, "{text}").map_err(write_err)?;
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
        (Ok(()), Some(file)) => file.commit().map_err(CliError::failure),
        (Ok(()), None) => Ok(()),
    }
}
