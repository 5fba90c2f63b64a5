//! Timing that a shared, noisy machine still gives usable figures from: runs that are compared
//! alternate (A B, B A, A B, ...), each round yields one ratio, and a figure is the median over
//! the rounds with its spread (lowest and highest round).

use hetproba_ai::Rng;
use hetproba_engine::{Game, Move, Position, Session};
use std::process::Command;
use std::time::Instant;

/// One timed run: units of work done (leaves, playouts), plies played (playouts only) and the
/// seconds the work took.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sample {
    pub work: u64,
    pub plies: u64,
    pub seconds: f64,
}

impl Sample {
    pub fn rate(&self) -> f64 {
        self.work as f64 / self.seconds.max(1e-9)
    }

    pub fn ply_rate(&self) -> f64 {
        self.plies as f64 / self.seconds.max(1e-9)
    }

    /// The line the single-measure mode prints, which [`Sample::parse`] reads back.
    pub fn line(&self) -> String {
        format!("work {} plies {} seconds {:.6}", self.work, self.plies, self.seconds)
    }

    pub fn parse(text: &str) -> Option<Sample> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["work", w, "plies", p, "seconds", s, ..] => {
                Some(Sample { work: w.parse().ok()?, plies: p.parse().ok()?, seconds: s.parse().ok()? })
            }
            _ => None,
        }
    }
}

/// Times `f`, which returns (work, plies).
pub fn time(f: impl FnOnce() -> (u64, u64)) -> Sample {
    let start = Instant::now();
    let (work, plies) = f();
    Sample { work, plies, seconds: start.elapsed().as_secs_f64() }
}

/// A run to time: a closure in this process or a measure run by another bench binary.
pub type Runner<'a> = Box<dyn FnMut() -> Sample + 'a>;

/// Runs every runner once a round, `rounds` times, in turn; odd rounds run them in reverse
/// order so that neither side always runs first. Returns each runner's samples.
pub fn alternate(rounds: usize, runners: &mut [Runner]) -> Vec<Vec<Sample>> {
    let mut samples = vec![Vec::with_capacity(rounds); runners.len()];
    for round in 0..rounds {
        let order: Vec<usize> = if round % 2 == 0 { (0..runners.len()).collect() } else { (0..runners.len()).rev().collect() };
        for i in order {
            samples[i].push(runners[i]());
        }
    }
    samples
}

/// The median and the lowest and highest of some figures.
#[derive(Clone, Copy, Debug)]
pub struct Spread {
    pub median: f64,
    pub low: f64,
    pub high: f64,
}

impl Spread {
    pub fn of(mut values: Vec<f64>) -> Spread {
        values.sort_by(f64::total_cmp);
        let n = values.len();
        assert!(n > 0, "a spread of no figures");
        let median = if n % 2 == 1 { values[n / 2] } else { (values[n / 2 - 1] + values[n / 2]) / 2.0 };
        Spread { median, low: values[0], high: values[n - 1] }
    }

    /// The ratio a/b of each round.
    pub fn of_ratios(a: &[Sample], b: &[Sample], rate: fn(&Sample) -> f64) -> Spread {
        Spread::of(a.iter().zip(b).map(|(a, b)| rate(a) / rate(b).max(1e-12)).collect())
    }

    pub fn of_rates(samples: &[Sample], rate: fn(&Sample) -> f64) -> Spread {
        Spread::of(samples.iter().map(rate).collect())
    }

    /// A ratio with its spread: `1.52x (1.48-1.57)`.
    pub fn ratio(&self) -> String {
        format!("{:.3}x ({:.3}-{:.3})", self.median, self.low, self.high)
    }

    /// A rate with its spread as per cent of the median: `1234567 ±2.1%`.
    pub fn rate(&self) -> String {
        let half = (self.high - self.low) / 2.0 / self.median.max(1e-12) * 100.0;
        format!("{:.0} ±{half:.1}%", self.median)
    }
}

/// A built-in ruleset by its id, or a ruleset file of the workspace with its parameters after a
/// `#`: `tests/fixtures/wide.toml#size=16`.
pub fn load(id: &str) -> Game {
    let rules = match id.split_once(".toml") {
        None => hetproba_rules::load_builtin(id, &[]).expect("built-in id"),
        Some((stem, rest)) => {
            let path = format!("{}/../{stem}.toml", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
            let params: Vec<(String, i64)> = rest
                .strip_prefix('#')
                .into_iter()
                .flat_map(|p| p.split(','))
                .map(|kv| {
                    let (name, value) = kv.split_once('=').unwrap_or_else(|| panic!("'{kv}' in '{id}' is not NAME=VALUE"));
                    (name.to_string(), value.parse().unwrap_or_else(|_| panic!("'{value}' in '{id}' is not a number")))
                })
                .collect();
            hetproba_rules::load(&path, &text, &hetproba_rules::BuiltinFiles, &params)
        }
    };
    Game::new(rules.unwrap_or_else(|report| panic!("{id} does not load: {report:?}")))
}

/// Plies after which a playout stops, for games that no rule ends.
pub const PLY_CAP: u32 = 1000;

/// How a playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Win(u8),
    Draw,
    Capped,
    /// No move generated although `outcome` saw no end: an engine inconsistency, shown apart.
    NoMoves,
}

/// One uniformly random game from the start, through `Session` as real play goes (the draws that
/// need history end games, and their bookkeeping is part of the cost): its length in plies and
/// how it ended. Playout `seed` is reproducible.
pub fn playout(game: &Game, seed: u64, moves: &mut Vec<Move>) -> (u32, End) {
    let mut rng = Rng::new(seed);
    let mut session = Session::new(game, Position::start(game));
    let mut plies = 0;
    loop {
        // One generation a ply: the outcome is asked knowing the moves.
        game.generate(session.position(), moves);
        if let Some(outcome) = session.outcome_given(moves) {
            return (plies, outcome.winner.map_or(End::Draw, |p| End::Win(p.0)));
        }
        if plies >= PLY_CAP {
            return (plies, End::Capped);
        }
        if moves.is_empty() {
            return (plies, End::NoMoves);
        }
        session.play_unchecked(moves[rng.below(moves.len())]);
        plies += 1;
    }
}

/// A measure that a bench binary can run alone (`HETPROBA_BENCH_ONE`), so that another build
/// of this bench (a baseline) or another program can be timed beside it.
#[derive(Clone, Debug, PartialEq)]
pub enum Job {
    /// Leaves of perft on one thread, from the start or from a position.
    Perft { id: String, depth: u32, position: Option<String> },
    /// Leaves of perft with the root moves shared among all threads.
    PerftParallel { id: String, depth: u32 },
    /// Random playouts, seeds 0 to games - 1.
    Playouts { id: String, games: u64 },
}

impl Job {
    /// `perft ID DEPTH [POSITION...]`, `perft-parallel ID DEPTH` or `playouts ID GAMES`.
    pub fn parse(text: &str) -> Result<Job, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let number = |w: &str| w.parse::<u64>().map_err(|_| format!("'{w}' is not a number"));
        match words.as_slice() {
            ["perft", id, depth, rest @ ..] => {
                Ok(Job::Perft { id: id.to_string(), depth: number(depth)? as u32, position: (!rest.is_empty()).then(|| rest.join(" ")) })
            }
            ["perft-parallel", id, depth] => Ok(Job::PerftParallel { id: id.to_string(), depth: number(depth)? as u32 }),
            ["playouts", id, games] => Ok(Job::Playouts { id: id.to_string(), games: number(games)? }),
            _ => Err(format!("'{text}' is not a measure: perft ID DEPTH [POSITION], perft-parallel ID DEPTH, playouts ID GAMES")),
        }
    }

    pub fn text(&self) -> String {
        match self {
            Job::Perft { id, depth, position: None } => format!("perft {id} {depth}"),
            Job::Perft { id, depth, position: Some(p) } => format!("perft {id} {depth} {p}"),
            Job::PerftParallel { id, depth } => format!("perft-parallel {id} {depth}"),
            Job::Playouts { id, games } => format!("playouts {id} {games}"),
        }
    }

    /// A runner of this measure in this process, with the game loaded once, outside the timing.
    pub fn here<'a>(&self) -> Runner<'a> {
        match self.clone() {
            Job::Perft { id, depth, position } => {
                let game = load(&id);
                let start = match &position {
                    Some(text) => game.read_position(text).unwrap_or_else(|e| panic!("{id} reads {text}: {e}")),
                    None => Position::start(&game),
                };
                Box::new(move || time(|| (game.perft(&mut start.clone(), depth), 0)))
            }
            Job::PerftParallel { id, depth } => {
                let game = load(&id);
                let start = Position::start(&game);
                Box::new(move || time(|| (game.perft_divide(&start, depth, true, &|_, _| {}).iter().map(|(_, n)| n).sum(), 0)))
            }
            Job::Playouts { id, games } => {
                let game = load(&id);
                let mut moves = Vec::new();
                Box::new(move || {
                    time(|| {
                        let plies = (0..games).map(|seed| u64::from(playout(&game, seed, &mut moves).0)).sum();
                        (games, plies)
                    })
                })
            }
        }
    }

    /// A runner of this measure in another bench binary (`bin`), timed by that binary.
    pub fn elsewhere<'a>(&self, bin: &'a str) -> Runner<'a> {
        let text = self.text();
        Box::new(move || {
            let out = Command::new(bin)
                .env("HETPROBA_BENCH_ONE", &text)
                .output()
                .unwrap_or_else(|e| panic!("cannot run the baseline {bin}: {e}"));
            let stdout = String::from_utf8_lossy(&out.stdout);
            stdout
                .lines()
                .find_map(Sample::parse)
                .unwrap_or_else(|| panic!("the baseline {bin} did not measure '{text}': {stdout}{}", String::from_utf8_lossy(&out.stderr)))
        })
    }
}
