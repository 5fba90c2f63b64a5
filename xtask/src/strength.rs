//! `cargo xtask strength`: how strong the computer players are, measured by playing. For each
//! ruleset, alpha-beta and the improved MCTS against random, against each other, and against
//! plain UCT (the MCTS hetproba first had), seats alternating; for chess also `hetproba uci`
//! against Stockfish at its lowest skill level, refereed here over UCI. Writes the table, with
//! 95% intervals and the settings it was measured with, to docs/strength.md.

use hetproba_ai::{Agent, AlphaBetaAgent, Budget, Limit, MctsAgent, MctsOptions, RandomAgent, Think, Timer};
use hetproba_engine::rules::model::PlayerId;
use hetproba_engine::{Game, Position, Session};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

pub const USAGE: &str =
    "usage: cargo xtask strength [--games N] [--time MS] [--jobs N] [--plies N] [--pairing A/B]... [--no-stockfish] [--fresh] [--minutes N] [RULESET...]
  Plays, for each ruleset (default: every built-in), alphabeta and mcts against random, against
  each other and against plain UCT (mcts,plain), N games each (default 100) with seats
  alternating, MS milliseconds a move (default 1000), on N threads (default 1: time-limited
  players share no cores), at most N plies a game (default 600; then a draw); for chess also
  hetproba uci against Stockfish at Skill Level 0 (the stockfish command).
  --pairing picks pairings (repeatable): alphabeta/random, mcts/random, alphabeta/mcts,
  alphabeta/mcts,plain, mcts/mcts,plain, uci/stockfish (default: all; --no-stockfish leaves out
  the last). Writes docs/strength.md after every cell; the cells a run does not measure are kept
  from the page as it was (--fresh starts an empty table). --minutes N starts no new cell after
  N minutes (the page says how many cells the run measured).";

/// The clock a move's time is measured on: the CPU time of the thread that plays the game, so
/// that other work on the machine neither shortens the players' moves nor favours one of them,
/// as a wall clock would on a shared machine. (Where the thread's CPU time cannot be read, the
/// wall clock.)
struct CpuTimer {
    start: Duration,
    wall: Instant,
}

impl CpuTimer {
    fn new() -> CpuTimer {
        CpuTimer { start: thread_cpu_time().unwrap_or_default(), wall: Instant::now() }
    }
}

impl Timer for CpuTimer {
    fn now(&self) -> Duration {
        match thread_cpu_time() {
            Some(t) => t.saturating_sub(self.start),
            None => self.wall.elapsed(),
        }
    }
}

/// The CPU time the calling thread has used.
#[cfg(unix)]
fn thread_cpu_time() -> Option<Duration> {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid timespec to write to, and the clock id is one libc defines.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

#[cfg(not(unix))]
fn thread_cpu_time() -> Option<Duration> {
    None
}

/// A player of the table.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Player {
    Random,
    AlphaBeta,
    Mcts,
    Plain,
}

impl Player {
    fn name(self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::AlphaBeta => "alphabeta",
            Player::Mcts => "mcts",
            Player::Plain => "mcts,plain",
        }
    }

    fn agent(self, time: Duration, seed: u64) -> Box<dyn Agent> {
        match self {
            Player::Random => Box::new(RandomAgent::new(seed)),
            Player::AlphaBeta => Box::new(AlphaBetaAgent::new(Limit::Time(time), seed)),
            Player::Mcts => Box::new(MctsAgent::new(Budget::Time(time), seed)),
            Player::Plain => Box::new(MctsAgent::with_options(Budget::Time(time), seed, MctsOptions::plain())),
        }
    }
}

/// The pairings of the table: the first player's score is reported.
const PAIRINGS: [(Player, Player); 5] = [
    (Player::AlphaBeta, Player::Random),
    (Player::Mcts, Player::Random),
    (Player::AlphaBeta, Player::Mcts),
    (Player::AlphaBeta, Player::Plain),
    (Player::Mcts, Player::Plain),
];

/// `--pairing`'s name of the Stockfish games.
const STOCKFISH: &str = "uci/stockfish";

fn pairing_name((a, b): (Player, Player)) -> String {
    format!("{}/{}", a.name(), b.name())
}

/// Wins, draws and losses of the first player of a pairing.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
}

impl Tally {
    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    fn score(&self) -> f64 {
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games().max(1))
    }

    /// The Wilson score interval at 95%, a draw counting half a win.
    fn interval(&self) -> (f64, f64) {
        let n = f64::from(self.games().max(1));
        let p = self.score();
        let z = 1.96f64;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }

    fn cell(&self) -> String {
        let (lo, hi) = self.interval();
        format!("{:.0}% [{:.0}-{:.0}] ({}-{}-{})", 100.0 * self.score(), 100.0 * lo, 100.0 * hi, self.wins, self.draws, self.losses)
    }
}

/// A measured cell: the tally and the time a move it was played at.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Cell {
    tally: Tally,
    ms: u64,
}

impl Cell {
    fn text(&self) -> String {
        let (lo, hi) = self.tally.interval();
        let t = &self.tally;
        format!("{:.0}% [{:.0}-{:.0}] ({}-{}-{}, {} ms)", 100.0 * t.score(), 100.0 * lo, 100.0 * hi, t.wins, t.draws, t.losses, self.ms)
    }

    /// Reads back [`Cell::text`]: the figures in brackets, `W-D-L, MS ms`.
    fn parse(text: &str) -> Option<Cell> {
        let inner = text.rsplit_once('(')?.1.split_once(')')?.0;
        let (wdl, ms) = inner.split_once(", ")?;
        let mut n = wdl.split('-').map(|v| v.trim().parse::<u32>().ok());
        let tally = Tally { wins: n.next()??, draws: n.next()??, losses: n.next()?? };
        Some(Cell { tally, ms: ms.strip_suffix(" ms")?.parse().ok()? })
    }
}

/// What the page shows: a cell per ruleset and pairing, the Stockfish games, and the runs
/// that measured them.
#[derive(Default)]
struct Table {
    cells: std::collections::BTreeMap<(String, usize), Cell>,
    stockfish: Option<Cell>,
    runs: Vec<String>,
}

const STOCKFISH_LINE: &str = "Chess, `hetproba uci` (alpha-beta) against Stockfish";
const RUN_PREFIX: &str = "- `cargo xtask strength";

impl Table {
    /// The table of a page written by [`Table::page`]; what it cannot read is left out.
    fn read(page: &str) -> Table {
        let mut table = Table::default();
        let mut columns: Vec<Option<usize>> = Vec::new();
        let mut lines = page.lines().peekable();
        while let Some(line) = lines.next() {
            if line.starts_with(RUN_PREFIX) {
                table.runs.push(line.to_string());
            } else if line.starts_with(STOCKFISH_LINE) {
                let mut text = line.to_string();
                while !text.contains("**.") {
                    let Some(next) = lines.next() else { break };
                    text.push(' ');
                    text.push_str(next);
                }
                table.stockfish = text.split("**").nth(1).and_then(Cell::parse);
            } else if let Some(row) = line.strip_prefix("| ") {
                let fields: Vec<&str> = row.trim_end_matches('|').split(" | ").map(str::trim).collect();
                if fields.first() == Some(&"ruleset") {
                    columns = fields[1..]
                        .iter()
                        .map(|h| PAIRINGS.iter().position(|&(a, b)| *h == format!("{} against {}", a.name(), b.name())))
                        .collect();
                } else if let Some(id) = fields.first().filter(|id| hetproba_engine::rules::builtin_ids().any(|b| b == **id)) {
                    for (field, column) in fields[1..].iter().zip(&columns) {
                        if let (Some(cell), Some(column)) = (Cell::parse(field), column) {
                            table.cells.insert((id.to_string(), *column), cell);
                        }
                    }
                }
            }
        }
        table
    }

    fn page(&self) -> String {
        let mut out = String::new();
        out.push_str("# How strong the computer players are\n\n");
        out.push_str("Regenerated by `cargo xtask strength` (`xtask/src/strength.rs`); do not edit by hand. Each cell is\n");
        out.push_str("the first player's score against the second (a win 1, a draw 1/2), its 95% Wilson interval,\n");
        out.push_str("wins-draws-losses and the time a move both players had, as the CPU time of the thread that\n");
        out.push_str("plays the game (other work on the machine then takes nothing from a move; the Stockfish line,\n");
        out.push_str("two processes, is timed by the clock). Seats alternate from game to game;\n");
        out.push_str("every game is played on a session, so the ruleset's draw rules end games as in `play`; a game\n");
        out.push_str("still going after the ply limit counts as a draw. `alphabeta` and `mcts` are the players of that\n");
        out.push_str("name; `mcts,plain` is plain UCT with random playouts to the end (`mcts:TIME,plain`, what `mcts`\n");
        out.push_str("was before `[eval]`). A cell left `-` was not measured.\n\n");
        out.push_str("The issue's setting, 100 games a pairing at 1 s a move in every ruleset, is the command's default\n");
        out.push_str("(`cargo xtask strength`, weeks of play on one core); the cells here were measured in\n");
        out.push_str("shorter runs on a 2-core machine. Each run replaces the cells it measures:\n\n");
        for run in &self.runs {
            out.push_str(run);
            out.push('\n');
        }
        out.push_str("\n| ruleset |");
        for (a, b) in PAIRINGS {
            out.push_str(&format!(" {} against {} |", a.name(), b.name()));
        }
        out.push_str("\n|---|");
        for _ in PAIRINGS {
            out.push_str("---|");
        }
        out.push('\n');
        for id in hetproba_engine::rules::builtin_ids() {
            if !(0..PAIRINGS.len()).any(|k| self.cells.contains_key(&(id.to_string(), k))) {
                continue;
            }
            out.push_str(&format!("| {id} |"));
            for k in 0..PAIRINGS.len() {
                match self.cells.get(&(id.to_string(), k)) {
                    Some(cell) => out.push_str(&format!(" {} |", cell.text())),
                    None => out.push_str(" - |"),
                }
            }
            out.push('\n');
        }
        let left: Vec<&str> = hetproba_engine::rules::builtin_ids()
            .filter(|id| !(0..PAIRINGS.len()).any(|k| self.cells.contains_key(&(id.to_string(), k))))
            .collect();
        if !left.is_empty() {
            out.push_str(&format!("\nNot measured: {}.\n", left.join(", ")));
        }
        if let Some(cell) = &self.stockfish {
            out.push_str(&format!(
                "\n{STOCKFISH_LINE} at `Skill Level` 0 (Debian's `stockfish`, one\nthread, 16 MiB), the same time a move each, refereed over UCI: **{}**.\n",
                cell.text()
            ));
        }
        out.push_str(
            "\nThe goals (issue 15): alpha-beta wins at least 95% against random everywhere and at least 70%\nagainst plain UCT in the draughts family and chess; the improved MCTS beats plain UCT in every\nruleset.\n",
        );
        out
    }
}

struct Settings {
    games: u32,
    time: Duration,
    jobs: usize,
    plies: usize,
    pairings: Vec<usize>,
    stockfish: bool,
    fresh: bool,
    minutes: Option<u64>,
    rulesets: Vec<String>,
}

pub fn strength(root: &Path, args: &[String]) -> ExitCode {
    // The players' strength depends on their speed: measure an optimised build.
    if cfg!(debug_assertions) && !args.iter().any(|a| a == "--help") {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo)
            .args(["run", "--release", "--quiet", "-p", "xtask", "--", "strength"])
            .args(args)
            .current_dir(root)
            .status();
        return match status {
            Ok(s) if s.success() => ExitCode::SUCCESS,
            _ => ExitCode::FAILURE,
        };
    }
    let mut settings = Settings {
        games: 100,
        time: Duration::from_secs(1),
        jobs: 1,
        plies: 600,
        pairings: Vec::new(),
        stockfish: false,
        fresh: false,
        minutes: None,
        rulesets: Vec::new(),
    };
    let mut no_stockfish = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut number = |what: &str| -> Option<u64> {
            let value = it.next().and_then(|v| v.parse::<u64>().ok()).filter(|&v| v > 0);
            if value.is_none() {
                eprintln!("error: {what} takes a positive number\n{USAGE}");
            }
            value
        };
        match arg.as_str() {
            "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--games" => match number("--games") {
                Some(n) => settings.games = n as u32,
                None => return ExitCode::from(2),
            },
            "--time" => match number("--time") {
                Some(ms) => settings.time = Duration::from_millis(ms),
                None => return ExitCode::from(2),
            },
            "--jobs" => match number("--jobs") {
                Some(n) => settings.jobs = n as usize,
                None => return ExitCode::from(2),
            },
            "--plies" => match number("--plies") {
                Some(n) => settings.plies = n as usize,
                None => return ExitCode::from(2),
            },
            "--pairing" => match it.next().map(String::as_str) {
                Some(STOCKFISH) => settings.stockfish = true,
                Some(name) if PAIRINGS.iter().any(|&p| pairing_name(p) == name) => {
                    settings.pairings.push(PAIRINGS.iter().position(|&p| pairing_name(p) == name).expect("found"))
                }
                other => {
                    let names: Vec<String> = PAIRINGS.iter().map(|&p| pairing_name(p)).chain([STOCKFISH.to_string()]).collect();
                    eprintln!("error: --pairing takes one of {}, not '{}'\n{USAGE}", names.join(", "), other.unwrap_or(""));
                    return ExitCode::from(2);
                }
            },
            "--no-stockfish" => no_stockfish = true,
            "--fresh" => settings.fresh = true,
            "--minutes" => match number("--minutes") {
                Some(n) => settings.minutes = Some(n),
                None => return ExitCode::from(2),
            },
            id if hetproba_engine::rules::builtin_ids().any(|b| b == id) => settings.rulesets.push(id.to_string()),
            other => {
                eprintln!("error: unknown argument '{other}'\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    if settings.pairings.is_empty() && !settings.stockfish {
        settings.pairings = (0..PAIRINGS.len()).collect();
        settings.stockfish = true;
    }
    settings.stockfish &= !no_stockfish;
    if settings.rulesets.is_empty() {
        settings.rulesets = hetproba_engine::rules::builtin_ids().map(str::to_string).collect();
    }
    let path = root.join("docs/strength.md");
    let mut table = if settings.fresh { Table::default() } else { Table::read(&std::fs::read_to_string(&path).unwrap_or_default()) };
    let run = run_line(&settings, args);
    table.runs.push(format!("{run} (under way)"));
    let write = |table: &Table| match std::fs::write(&path, table.page()) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", path.display());
            false
        }
    };
    let started = Instant::now();
    let out_of_time = || settings.minutes.is_some_and(|m| started.elapsed() >= Duration::from_secs(60 * m));
    let planned = settings.rulesets.len() * settings.pairings.len() + usize::from(settings.stockfish);
    let mut measured = 0;
    for id in &settings.rulesets {
        let game = Game::new(hetproba_engine::rules::load_builtin(id, &[]).expect("listed").expect("built-ins load"));
        for &k in &settings.pairings {
            if out_of_time() {
                break;
            }
            measured += 1;
            let (a, b) = PAIRINGS[k];
            let tally = play_pairing(&game, a, b, &settings);
            eprintln!("{id}: {} against {}: {}", a.name(), b.name(), tally.cell());
            table.cells.insert((id.clone(), k), Cell { tally, ms: settings.time.as_millis() as u64 });
            if !write(&table) {
                return ExitCode::FAILURE;
            }
        }
    }
    if settings.stockfish
        && !out_of_time()
        && let Some(tally) = settings.rulesets.iter().find(|r| is_chess_like(r)).and_then(|id| against_stockfish(root, id, &settings))
    {
        table.stockfish = Some(Cell { tally, ms: settings.time.as_millis() as u64 });
        measured += 1;
    }
    let budget = match settings.minutes {
        Some(m) if measured < planned => format!(" ({measured} of its {planned} cells in its {m}-minute budget)"),
        _ => String::new(),
    };
    *table.runs.last_mut().expect("this run's line") = format!("{run}; it took {}{budget}", minutes(started.elapsed()));
    if !write(&table) {
        return ExitCode::FAILURE;
    }
    println!("wrote {}", path.display());
    ExitCode::SUCCESS
}

/// A duration in whole minutes, as words.
fn minutes(took: Duration) -> String {
    match (took.as_secs_f64() / 60.0).round() as u64 {
        0 => "under a minute".into(),
        1 => "1 minute".into(),
        m => format!("{m} minutes"),
    }
}

/// The run's line on the page: the command as given and the settings it ran with.
fn run_line(settings: &Settings, args: &[String]) -> String {
    let command: Vec<&str> = std::iter::once("cargo xtask strength").chain(args.iter().map(String::as_str)).collect();
    let mut pairings: Vec<String> = settings.pairings.iter().map(|&k| pairing_name(PAIRINGS[k])).collect();
    if settings.stockfish {
        pairings.push(STOCKFISH.into());
    }
    format!(
        "{RUN_PREFIX}{}`: {} games a pairing, {} ms a move, {} thread{}, at most {} plies a game; {}; {}",
        command.join(" ").strip_prefix("cargo xtask strength").unwrap_or_default(),
        settings.games,
        settings.time.as_millis(),
        settings.jobs,
        if settings.jobs == 1 { "" } else { "s" },
        settings.plies,
        pairings.join(", "),
        if settings.rulesets.len() == hetproba_engine::rules::builtin_ids().count() {
            "every ruleset".to_string()
        } else {
            settings.rulesets.join(", ")
        }
    )
}

/// The ruleset Stockfish can play: FEN positions and SAN moves, with the chess start.
fn is_chess_like(id: &str) -> bool {
    hetproba_engine::rules::load_builtin(id, &[]).and_then(Result::ok).is_some_and(|r| {
        r.notation.san
            && r.notation.position == hetproba_engine::rules::model::PositionNotation::Fen
            && Game::new(r.clone())
                .write_position(&Position::start(&Game::new(r)))
                .starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
    })
}

/// Plays the games of one pairing on the settings' threads; game `i` seats `a` first when `i`
/// is even.
fn play_pairing(game: &Game, a: Player, b: Player, settings: &Settings) -> Tally {
    let next = AtomicUsize::new(0);
    let tally = Mutex::new(Tally::default());
    std::thread::scope(|scope| {
        for _ in 0..settings.jobs {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= settings.games as usize {
                        break;
                    }
                    let a_first = i.is_multiple_of(2);
                    let seed = 0x5354_5245_4e47_5448 ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    let (first, second) = if a_first { (a, b) } else { (b, a) };
                    let winner = play(game, [first.agent(settings.time, seed), second.agent(settings.time, seed ^ 1)], settings.plies);
                    let a_seat = if a_first { PlayerId::FIRST } else { PlayerId::SECOND };
                    let mut t = tally.lock().expect("no thread panics holding it");
                    match winner {
                        Some(w) if w == a_seat => t.wins += 1,
                        Some(_) => t.losses += 1,
                        None => t.draws += 1,
                    }
                }
            });
        }
    });
    tally.into_inner().expect("no thread panics holding it")
}

/// One game on a session (the draw rules apply); a game still going after `plies` is a draw.
fn play(game: &Game, mut agents: [Box<dyn Agent>; 2], plies: usize) -> Option<PlayerId> {
    let timer = CpuTimer::new();
    let mut session = Session::new(game, Position::start(game));
    for _ in 0..plies {
        if let Some(outcome) = session.outcome() {
            return outcome.winner;
        }
        let side = session.position().side();
        let mv = agents[side.index()].choose(&session, &mut Think::new(&timer));
        session.play_unchecked(mv);
    }
    session.outcome().and_then(|o| o.winner)
}

/// A UCI engine in a process of its own.
struct Uci {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: BufReader<std::process::ChildStdout>,
}

impl Uci {
    fn start(command: &mut Command, options: &[(&str, &str)]) -> Option<Uci> {
        let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().ok()?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        let mut uci = Uci { child, input, output };
        uci.send("uci");
        uci.until("uciok")?;
        for (name, value) in options {
            uci.send(&format!("setoption name {name} value {value}"));
        }
        uci.send("isready");
        uci.until("readyok")?;
        Some(uci)
    }

    fn send(&mut self, line: &str) {
        let _ = writeln!(self.input, "{line}");
        let _ = self.input.flush();
    }

    /// Reads lines until one starts with `word`; that line.
    fn until(&mut self, word: &str) -> Option<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line).ok()? == 0 {
                return None;
            }
            if line.starts_with(word) {
                return Some(line.trim().to_string());
            }
        }
    }

    fn best(&mut self, moves: &[String], time: Duration) -> Option<String> {
        self.send("ucinewgame");
        let moves = if moves.is_empty() { String::new() } else { format!(" moves {}", moves.join(" ")) };
        self.send(&format!("position startpos{moves}"));
        self.send(&format!("go movetime {}", time.as_millis().max(1)));
        let line = self.until("bestmove")?;
        line.split_whitespace().nth(1).map(str::to_string)
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

/// `stockfish` on the path, or where Debian's package puts it.
fn stockfish_command() -> String {
    let debian = Path::new("/usr/games/stockfish");
    if Command::new("stockfish").stdin(Stdio::null()).stdout(Stdio::null()).arg("quit").status().is_err() && debian.exists() {
        debian.display().to_string()
    } else {
        "stockfish".into()
    }
}

/// `hetproba uci` against Stockfish at Skill Level 0, the settings' games and time a move.
fn against_stockfish(root: &Path, id: &str, settings: &Settings) -> Option<Tally> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let built = Command::new(cargo).args(["build", "--release", "--quiet", "-p", "hetproba"]).current_dir(root).status();
    if !built.is_ok_and(|s| s.success()) {
        eprintln!("error: cannot build hetproba for the Stockfish games");
        return None;
    }
    let binary = root.join("target/release/hetproba");
    let game = Game::new(hetproba_engine::rules::load_builtin(id, &[]).expect("listed").expect("loads"));
    let mut tally = Tally::default();
    for i in 0..settings.games {
        let (Some(ours), Some(theirs)) = (
            Uci::start(Command::new(&binary).args(["uci", id]), &[]),
            Uci::start(&mut Command::new(stockfish_command()), &[("Skill Level", "0"), ("Threads", "1"), ("Hash", "16")]),
        ) else {
            eprintln!("error: cannot start hetproba uci or stockfish (apt-get install stockfish)");
            return None;
        };
        let mut engines = if i.is_multiple_of(2) { [ours, theirs] } else { [theirs, ours] };
        let ours_seat = if i.is_multiple_of(2) { PlayerId::FIRST } else { PlayerId::SECOND };
        let mut session = Session::new(&game, Position::start(&game));
        let mut moves: Vec<String> = Vec::new();
        let winner = loop {
            if let Some(outcome) = session.outcome() {
                break outcome.winner;
            }
            if moves.len() >= settings.plies {
                break None;
            }
            let side = session.position().side();
            let Some(text) = engines[side.index()].best(&moves, settings.time) else { break Some(side.other()) };
            match game.parse_move(session.position(), &text) {
                Ok(mv) => session.play_unchecked(mv),
                // An engine that answers with no legal move loses.
                Err(_) => break Some(side.other()),
            }
            moves.push(text);
        };
        match winner {
            Some(w) if w == ours_seat => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
        eprintln!("stockfish game {}: {:?} ({} plies)", i + 1, winner.map(|w| w == ours_seat), moves.len());
    }
    eprintln!("{id}: hetproba uci against Stockfish (Skill Level 0): {}", tally.cell());
    Some(tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_read_back_to_its_cells() {
        let mut table = Table::default();
        let cell = Cell { tally: Tally { wins: 9, draws: 1, losses: 0 }, ms: 100 };
        table.cells.insert(("chess".into(), 3), cell);
        table.cells.insert(("reversi".into(), 0), Cell { tally: Tally { wins: 0, draws: 0, losses: 4 }, ms: 1000 });
        table.stockfish = Some(Cell { tally: Tally { wins: 5, draws: 2, losses: 3 }, ms: 250 });
        table.runs.push(format!("{RUN_PREFIX} --games 10`: 10 games a pairing; it took 3 minutes"));
        assert_eq!(cell.text(), "95% [66-99] (9-1-0, 100 ms)");
        let page = table.page();
        assert!(page.contains("| chess | - | - | - | 95% [66-99] (9-1-0, 100 ms) | - |"), "{page}");
        let back = Table::read(&page);
        assert_eq!(back.cells, table.cells);
        assert_eq!(back.stockfish, table.stockfish);
        assert_eq!(back.runs, table.runs);
        assert_eq!(back.page(), page);
    }
}
