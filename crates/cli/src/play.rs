//! `play` and `replay`.
//!
//! `play` is three steps: [`prepare`] reads the command line and the record it resumes into a
//! [`Plan`] (who plays, the seed, the clock: what the command line leaves out, the record says);
//! [`Table::new`] replays the resumed moves (refusing what `replay` refuses, in its words), sets
//! the record's tags and saves it once, so a record that cannot be written is known before the
//! first move; [`Table::run`] asks each player for a move, keeps the [`Clocks`], and saves the
//! record after every move, so a game stopped any way (Ctrl-C, a closed terminal, a crash) loses
//! at most the move being made. What is drawn and how a human's line is read is a [`Face`]: plain
//! lines when input or output is piped, the terminal view ([`crate::tui`]) when both are a
//! terminal; [`Table::ask_human`] reads a human's commands (a move, `?`, `hint`, `undo`, `quit`).

use crate::CliError;
use crate::bounds::{MAX_MOVE_MS, MAX_PLAYOUTS};
use crate::files::{Kind, read_text};
use crate::load::{load_game, parse_param};
use crate::tui::Scene;
use hetproba_ai::{Agent, AlphaBetaAgent, Budget, Limit, MctsAgent, MctsOptions, Progress, RandomAgent, Think, TimeLeft};
use hetproba_board::{CellId, NO_CELL};
use hetproba_engine::record::Record;
use hetproba_engine::{Game, Move, Outcome, Position, Session};
use hetproba_rules::model::{Clock, PlayerId, PositionNotation};
use std::io::{BufRead, IsTerminal, Write};
use std::ops::ControlFlow;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct PlayArgs {
    /// A built-in ruleset id or a path to a .toml file (at most 1 MiB).
    pub ruleset: String,
    /// Who plays first: human, random, alphabeta (1s a move), alphabeta:6 (depth, 1 to 64),
    /// alphabeta:2s (time per move), mcts, mcts:1000 (playouts per move, 1 to 1000000) or mcts:2s
    /// (time per move, 1ms to 1h); options after a comma: alphabeta:2s,hash=64 (MiB),
    /// mcts:2s,c=0.7 (exploration), mcts:2s,plain. Default: human, or the player --resume's
    /// record names.
    #[arg(long, value_parser = parse_agent)]
    pub first: Option<AgentSpec>,
    /// Who plays second (as --first). Default: mcts, or the player --resume's record names.
    #[arg(long, value_parser = parse_agent)]
    pub second: Option<AgentSpec>,
    /// Seed for the computer players, 0 to 2^64 - 1 (default: the Seed of --resume's record,
    /// otherwise from the clock; the record keeps it).
    #[arg(long, value_parser = crate::bounds::integer(0u64, u64::MAX), allow_hyphen_values = true)]
    pub seed: Option<u64>,
    /// Start from this position instead of the start.
    #[arg(long)]
    pub position: Option<String>,
    /// A chess clock: time per player, optionally an increment (`5m`, `90s`, `1h`, `3m+2s`), each
    /// at most 24h. A player whose time runs out loses. Default: the TimeControl of --resume's
    /// record, otherwise the ruleset's clock, if it has one.
    #[arg(long, value_parser = parse_clock_arg, allow_hyphen_values = true)]
    pub clock: Option<Clock>,
    /// Play without a clock even if the ruleset or the resumed record sets one.
    #[arg(long, conflicts_with = "clock")]
    pub no_clock: bool,
    /// Save the game to this file, checked before the first move and saved again after every
    /// move (whole, through a temporary file beside it), so a stopped game loses nothing: PDN
    /// for draughts rulesets, the same tag-and-moves format for the others.
    #[arg(long)]
    pub record: Option<String>,
    /// Continue a game saved with --record (at most 16 MiB), with its players, seed and clock
    /// unless given here; the moves are saved back to it (or to --record).
    #[arg(long)]
    pub resume: Option<String>,
    /// Set a ruleset parameter (`--param size=10`); a resumed game takes them from its record.
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_param)]
    pub params: Vec<(String, i64)>,
}

fn parse_clock_arg(text: &str) -> Result<Clock, String> {
    hetproba_rules::parse_clock(text).map_err(|why| format!("{why}; a clock is a time such as 5m, 90s or 1h, with +2s for an increment"))
}

/// A kind of player, as given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AgentSpec {
    Human,
    Random,
    Mcts(Budget, MctsKnobs),
    /// Alpha-beta with its limit and its transposition table's size in MiB.
    AlphaBeta(Limit, usize),
}

/// The options of an MCTS player given after its budget: `c=0.7` (the exploration constant, in
/// thousandths here), `plain` (UCT with plain random playouts, as hetproba first had).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MctsKnobs {
    pub exploration_milli: Option<u32>,
    pub plain: bool,
}

/// The default MCTS player, `mcts`: 1000 playouts a move.
pub const MCTS: AgentSpec = AgentSpec::Mcts(Budget::Playouts(1000), MctsKnobs { exploration_milli: None, plain: false });

impl AgentSpec {
    /// The player as written on the command line (`random`, `mcts:1000`, `alphabeta:6`).
    pub fn label(&self) -> String {
        let time = |t: &Duration| format!("{}ms", t.as_millis());
        match self {
            AgentSpec::Human => "human".into(),
            AgentSpec::Random => "random".into(),
            AgentSpec::Mcts(budget, knobs) => {
                let mut label = match budget {
                    Budget::Playouts(n) => format!("mcts:{n}"),
                    Budget::Time(t) => format!("mcts:{}", time(t)),
                };
                if let Some(c) = knobs.exploration_milli {
                    label += &format!(",c={}", c as f64 / 1000.0);
                }
                if knobs.plain {
                    label += ",plain";
                }
                label
            }
            AgentSpec::AlphaBeta(limit, hash) => {
                let mut label = match limit {
                    Limit::Depth(d) => format!("alphabeta:{d}"),
                    Limit::Time(t) => format!("alphabeta:{}", time(t)),
                    Limit::Nodes(n) => format!("alphabeta:nodes={n}"),
                    Limit::Infinite => "alphabeta:infinite".into(),
                };
                if *hash != hetproba_ai::DEFAULT_HASH_MB {
                    label += &format!(",hash={hash}");
                }
                label
            }
        }
    }

    /// A computer player of this kind (`None` for a human).
    pub fn build(&self, seed: u64) -> Option<Box<dyn Agent>> {
        Some(match self {
            AgentSpec::Human => return None,
            AgentSpec::Random => Box::new(RandomAgent::new(seed)),
            AgentSpec::Mcts(budget, knobs) => {
                let mut options = if knobs.plain { MctsOptions::plain() } else { MctsOptions::default() };
                if let Some(c) = knobs.exploration_milli {
                    options.exploration = f64::from(c) / 1000.0;
                }
                Box::new(MctsAgent::with_options(*budget, seed, options))
            }
            AgentSpec::AlphaBeta(limit, hash) => Box::new(AlphaBetaAgent::with_hash(*limit, seed, *hash)),
        })
    }
}

/// The deepest `alphabeta:N`.
pub const MAX_DEPTH: u32 = 64;

/// `human`, `random`, `mcts`, `mcts:N` (N playouts a move, 1 to [`MAX_PLAYOUTS`]) or `mcts:TIME`
/// (a time a move, 1ms to 1h: `500ms`, `2s`, `1m`, `1h`), with options `,c=0.7` (exploration)
/// and `,plain`; `alphabeta` (1s a move), `alphabeta:N` (N plies deep, 1 to [`MAX_DEPTH`]) or
/// `alphabeta:TIME`, with `,hash=MIB` (the transposition table, 1 to 4096 MiB).
pub fn parse_agent(text: &str) -> Result<AgentSpec, String> {
    let bad = || {
        format!(
            "'{text}' is not a player; expected human, random, mcts, mcts:1000 (playouts), mcts:2s (time), alphabeta, alphabeta:6 (depth) or alphabeta:1s (time)"
        )
    };
    let (head, options) = match text.split_once(',') {
        Some((head, options)) => (head, options.split(',').collect::<Vec<_>>()),
        None => (text, Vec::new()),
    };
    let (name, budget) = match head.split_once(':') {
        Some((name, budget)) => (name, Some(budget)),
        None => (head, None),
    };
    let time = |budget: &str, range: &str| match hetproba_rules::parse_duration(budget, u64::MAX) {
        Ok(ms) if (1..=MAX_MOVE_MS).contains(&ms) => Ok(Duration::from_millis(ms)),
        Ok(_) => Err(format!("'{text}': {range}")),
        Err(_) => Err(bad()),
    };
    let whole = |b: &str| !b.is_empty() && b.bytes().all(|c| c.is_ascii_digit());
    match name {
        "human" | "random" if budget.is_some() || !options.is_empty() => Err(bad()),
        "human" => Ok(AgentSpec::Human),
        "random" => Ok(AgentSpec::Random),
        "mcts" => {
            let range = format!("playouts a move are from 1 to {MAX_PLAYOUTS}, a time a move from 1ms to 1h");
            let budget = match budget {
                None => Budget::Playouts(1000),
                Some(b) if b.starts_with('-') => return Err(format!("'{text}': a budget cannot be negative; {range}")),
                Some(b) if whole(b) => match b.parse::<u32>() {
                    Ok(n) if (1..=MAX_PLAYOUTS).contains(&n) => Budget::Playouts(n),
                    _ => return Err(format!("'{text}': {range}")),
                },
                Some(b) => Budget::Time(time(b, &range)?),
            };
            let mut knobs = MctsKnobs::default();
            for option in options {
                match option.split_once('=') {
                    None if option == "plain" => knobs.plain = true,
                    Some(("c", value)) => match value.parse::<f64>() {
                        Ok(c) if (0.0..=10.0).contains(&c) => knobs.exploration_milli = Some((c * 1000.0).round() as u32),
                        _ => return Err(format!("'{text}': the exploration constant c is a number from 0 to 10")),
                    },
                    _ => return Err(format!("'{text}': mcts takes the options c=NUMBER (exploration) and plain, not '{option}'")),
                }
            }
            Ok(AgentSpec::Mcts(budget, knobs))
        }
        "alphabeta" => {
            let range = format!("a depth is from 1 to {MAX_DEPTH} plies, a time a move from 1ms to 1h");
            let limit = match budget {
                None => Limit::Time(Duration::from_secs(1)),
                Some(b) if b.starts_with('-') => return Err(format!("'{text}': a limit cannot be negative; {range}")),
                Some(b) if whole(b) => match b.parse::<u32>() {
                    Ok(d) if (1..=MAX_DEPTH).contains(&d) => Limit::Depth(d),
                    _ => return Err(format!("'{text}': {range}")),
                },
                Some(b) => Limit::Time(time(b, &range)?),
            };
            let mut hash = hetproba_ai::DEFAULT_HASH_MB;
            for option in options {
                match option.split_once('=') {
                    Some(("hash", value)) => match value.parse::<usize>() {
                        Ok(mb) if (1..=hetproba_ai::MAX_HASH_MB).contains(&mb) => hash = mb,
                        _ => return Err(format!("'{text}': hash is the table's size in MiB, from 1 to {}", hetproba_ai::MAX_HASH_MB)),
                    },
                    _ => return Err(format!("'{text}': alphabeta takes the option hash=MIB, not '{option}'")),
                }
            }
            Ok(AgentSpec::AlphaBeta(limit, hash))
        }
        _ => Err(bad()),
    }
}

/// True for rulesets whose records are PDN (draughts).
fn is_pdn(game: &Game) -> bool {
    matches!(game.rules().notation.position, PositionNotation::Pdn { .. })
}

/// The result token: `1-0` (first player won), `0-1`, `1/2-1/2`, `*`; in PDN the score of the
/// player called W comes first and a win counts 2 (`2-0`, `0-2`, `1-1`).
pub(crate) fn result_token(game: &Game, outcome: Option<&Outcome>) -> String {
    let Some(outcome) = outcome else { return "*".into() };
    if is_pdn(game) {
        let white = PlayerId(game.rules().players.iter().position(|p| p.short == "W").unwrap_or(0) as u8);
        return match outcome.winner {
            Some(w) if w == white => "2-0".into(),
            Some(_) => "0-2".into(),
            None => "1-1".into(),
        };
    }
    match outcome.winner {
        Some(PlayerId::FIRST) => "1-0".into(),
        Some(_) => "0-1".into(),
        None => "1/2-1/2".into(),
    }
}

/// The winner a result token names (`None` inside: a draw); `None`: unfinished or unknown.
fn token_winner(game: &Game, token: &str) -> Option<Option<PlayerId>> {
    let white = PlayerId(game.rules().players.iter().position(|p| p.short == "W").unwrap_or(0) as u8);
    match token {
        "1-0" => Some(Some(PlayerId::FIRST)),
        "0-1" => Some(Some(PlayerId::SECOND)),
        "2-0" => Some(Some(white)),
        "0-2" => Some(Some(white.other())),
        "1/2-1/2" | "1-1" => Some(None),
        _ => None,
    }
}

/// The tag that names a player's agent: the player's name, capitalised (`White`, `X`).
fn player_tag(game: &Game, player: PlayerId) -> String {
    let name = game.player_name(player);
    let mut chars = name.chars();
    chars.next().map(|c| c.to_uppercase().collect::<String>() + chars.as_str()).unwrap_or_default()
}

/// The start position a record names.
fn record_start(game: &Game, record: &Record, name: &str) -> Result<Position, CliError> {
    match record.tag("FEN").or(record.tag("Position")) {
        Some(text) => game.read_position(text).map_err(|e| CliError::failure(format!("{name}: {e}"))),
        None => Ok(Position::start(game)),
    }
}

/// A session from the start position a record names (with FEN's move counts, when it gives them).
fn record_session<'g>(game: &'g Game, record: &Record, name: &str) -> Result<Session<'g>, CliError> {
    match record.tag("FEN").or(record.tag("Position")) {
        Some(text) => Session::from_text(game, text).map_err(|e| CliError::failure(format!("{name}: {e}"))),
        None => Ok(Session::new(game, Position::start(game))),
    }
}

/// Replays a record's moves in a session, checking each; a move after the end is an error.
pub(crate) fn replay_record<'g>(game: &'g Game, record: &Record, name: &str) -> Result<(Session<'g>, Vec<String>), CliError> {
    let mut session = record_session(game, record, name)?;
    let mut played = Vec::new();
    let offset = usize::from(session.position().side() == PlayerId::SECOND);
    for (i, token) in record.moves.iter().enumerate() {
        let pos = session.position();
        let number = (i + offset) / 2 + 1;
        let who = game.player_name(pos.side()).to_string();
        if let Some(outcome) = session.outcome() {
            return Err(CliError::failure(format!(
                "{name}: move {number} ({who}, ply {}): '{token}' comes after the end of the game ({})",
                i + 1,
                outcome.describe(game)
            )));
        }
        let mv =
            game.parse_move(pos, token).map_err(|e| CliError::failure(format!("{name}: move {number} ({who}, ply {}): {e}", i + 1)))?;
        played.push(game.move_name(pos, mv));
        session.play(mv);
    }
    Ok((session, played))
}

pub(crate) fn params_of(record: &Record) -> Result<Vec<(String, i64)>, CliError> {
    record.tags.iter().filter(|(k, _)| k == "Param").map(|(_, v)| parse_param(v).map_err(CliError::failure)).collect()
}

pub fn format_clock(ms: u64) -> String {
    format!("{}:{:02}.{}", ms / 60_000, (ms / 1000) % 60, (ms % 1000) / 100)
}

/// A chess clock: the time each player has left. Times are at most 24h and the arithmetic
/// saturates, so nothing wraps however long a game or a move takes.
struct Clocks {
    control: Clock,
    left_ms: [u64; 2],
}

impl Clocks {
    fn new(control: Clock) -> Clocks {
        Clocks { control, left_ms: [control.initial_ms; 2] }
    }

    fn left(&self, side: PlayerId) -> Duration {
        Duration::from_millis(self.left_ms[side.index()])
    }

    /// Takes `used` from `side`'s time, without the increment; false if that was more than it
    /// had (its time ran out).
    fn spend(&mut self, side: PlayerId, used: Duration) -> bool {
        let used = u64::try_from(used.as_millis()).unwrap_or(u64::MAX);
        let left = &mut self.left_ms[side.index()];
        if used > *left {
            *left = 0;
            return false;
        }
        *left -= used;
        true
    }

    /// Takes `used` from `side`'s time; false if that was more than it had (its time ran out).
    /// Otherwise adds the increment.
    fn charge(&mut self, side: PlayerId, used: Duration) -> bool {
        let used = u64::try_from(used.as_millis()).unwrap_or(u64::MAX);
        let left = &mut self.left_ms[side.index()];
        if used > *left {
            *left = 0;
            return false;
        }
        *left = (*left - used).saturating_add(self.control.increment_ms);
        true
    }
}

/// What a player did with a turn.
enum Entry {
    Move(Move),
    /// `quit`, the end of input, or Ctrl-C on a terminal.
    Stop,
    /// The clock ran out while a human was thinking.
    TimeOut,
    /// Moves were taken back: the turn starts again.
    Undone,
}

/// What a human typed: a line, or nothing more.
pub enum Typed {
    Line(String),
    /// The end of input, or Ctrl-C on a terminal.
    End,
    /// The player's clock ran out while waiting.
    TimeOut,
}

/// How a game meets the people playing it: plain lines (piped input, which the tests drive) or
/// the terminal view ([`crate::tui::Screen`]). [`Table`] keeps the game and asks its face to
/// show it and to read a human's lines.
pub trait Face {
    /// Shows the position at the start of a turn (and at the end of the game).
    fn show(&mut self, scene: &Scene);
    /// Reads a human's line; with a clock, gives up when the mover's time (as `scene` says it
    /// was at `started`) runs out.
    fn ask(&mut self, scene: &Scene, started: Instant) -> Typed;
    /// Tells the player something: the legal moves, a hint, why a move was refused.
    fn say(&mut self, text: &str);
    /// Called as a computer search (`who`: the player, or `hint`) goes on; `Break` stops it.
    fn thinking(&mut self, scene: &Scene, who: &str, progress: &Progress, started: Instant) -> ControlFlow<()>;
    /// True once the people asked the game to stop (Ctrl-C on a terminal).
    fn stopped(&self) -> bool;
    /// The game is over or stopped: the last words (the result, where the record is).
    fn finish(&mut self, scene: &Scene, lines: &[String]);
}

/// Reads standard input line by line on a thread; `None` at the end of input.
fn spawn_reader() -> Receiver<Option<String>> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            match line {
                Ok(line) => {
                    if send.send(Some(line)).is_err() {
                        return;
                    }
                }
                Err(_) => break,
            }
        }
        let _ = send.send(None);
    });
    receive
}

/// The plain face: the board as text after every move, moves read line by line (on their own
/// thread, so that a clock can run out while a human thinks).
struct Lines {
    input: Receiver<Option<String>>,
    /// Piped input is not echoed by a terminal: it is echoed here, so the transcript reads like
    /// a session.
    echo: bool,
    out: std::io::StdoutLock<'static>,
    /// A position has been shown.
    shown: bool,
}

impl Lines {
    fn new() -> Lines {
        Lines { input: spawn_reader(), echo: !std::io::stdin().is_terminal(), out: std::io::stdout().lock(), shown: false }
    }
}

impl Face for Lines {
    fn show(&mut self, scene: &Scene) {
        let out = &mut self.out;
        if std::io::stdout().is_terminal() {
            let _ =
                crossterm::execute!(out, crossterm::terminal::Clear(crossterm::terminal::ClearType::All), crossterm::cursor::MoveTo(0, 0));
        }
        if let Some(text) = &scene.last {
            let _ = writeln!(out, "{text}");
        }
        // A numbered board's numbers, once, before the first position: moves name them.
        if !std::mem::replace(&mut self.shown, true) && crate::tui::numbered(scene.game) {
            let _ = write!(out, "square numbers:\n{}", crate::draw::numbering(scene.game));
        }
        let _ = write!(out, "{}", crate::draw::draw(scene.game, scene.pos));
        if let Some(clocks) = &scene.clocks {
            let game = scene.game;
            let _ = writeln!(
                out,
                "clock: {} {}, {} {}",
                game.player_name(PlayerId::FIRST),
                format_clock(clocks[0]),
                game.player_name(PlayerId::SECOND),
                format_clock(clocks[1])
            );
        }
        if let Some(side) = scene.to_move {
            let _ = writeln!(out, "{} to move", scene.game.player_name(side));
        }
        let _ = out.flush();
    }

    fn ask(&mut self, scene: &Scene, started: Instant) -> Typed {
        let side = scene.to_move.unwrap_or(PlayerId::FIRST);
        let _ = write!(self.out, "{}> ", scene.game.player_name(side));
        let _ = self.out.flush();
        let line = match &scene.clocks {
            Some(clocks) => match self.input.recv_timeout(Duration::from_millis(clocks[side.index()]).saturating_sub(started.elapsed())) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    let _ = writeln!(self.out);
                    return Typed::TimeOut;
                }
                Err(RecvTimeoutError::Disconnected) => None,
            },
            None => self.input.recv().ok().flatten(),
        };
        let Some(line) = line else {
            let _ = writeln!(self.out, "\ninput ended; game stopped");
            return Typed::End;
        };
        if self.echo {
            let _ = writeln!(self.out, "{}", line.trim_end());
        }
        Typed::Line(line)
    }

    fn say(&mut self, text: &str) {
        let _ = writeln!(self.out, "{text}");
    }

    fn thinking(&mut self, _: &Scene, _: &str, _: &Progress, _: Instant) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn stopped(&self) -> bool {
        false
    }

    fn finish(&mut self, _: &Scene, lines: &[String]) {
        for line in lines {
            let _ = writeln!(self.out, "{line}");
        }
        let _ = self.out.flush();
    }
}

/// The cells a move touches, for marking it: where it starts (not for a placement), where it
/// lands, on the way.
pub fn move_cells(game: &Game, pos: &Position, mv: Move) -> Vec<CellId> {
    if mv.is_pass() {
        return Vec::new();
    }
    let mut cells: Vec<CellId> = (mv.from != NO_CELL).then_some(mv.from).into_iter().collect();
    cells.extend(game.move_path(pos, mv));
    if !cells.contains(&mv.to) {
        cells.push(mv.to);
    }
    cells
}

/// A game to play, as the command line and the resumed record decide it.
struct Plan {
    /// The resumed record and its file name.
    resumed: Option<(String, Record)>,
    players: [AgentSpec; 2],
    seed: u64,
    clock: Option<Clock>,
    /// Where the record goes: --record, or the resumed file.
    record_path: Option<String>,
    /// The parameters --param set (a resumed game keeps its record's).
    params: Vec<(String, i64)>,
}

/// A tag of the resumed record, read by `read`: `None` when nothing is resumed or the record
/// lacks the tag; an error naming the tag and the option that replaces it when `read` refuses it.
fn recorded<T>(
    resumed: &Option<(String, Record)>,
    tag: &str,
    option: &str,
    read: impl Fn(&str) -> Result<T, String>,
) -> Result<Option<T>, CliError> {
    let Some((path, record)) = resumed else { return Ok(None) };
    record
        .tag(tag)
        .map(|value| read(value).map_err(|why| CliError::failure(format!("{path}: [{tag} \"{value}\"]: {why}; give {option}"))))
        .transpose()
}

/// Reads the command line and the record it resumes: who plays, the seed, the clock. What the
/// command line gives wins (the record's tag is then not read); what it leaves out comes from the
/// record, then from the defaults.
fn prepare(args: &PlayArgs, game: &Game, resumed: Option<(String, Record)>) -> Result<Plan, CliError> {
    let first = match &args.first {
        Some(spec) => spec.clone(),
        None => recorded(&resumed, &player_tag(game, PlayerId::FIRST), "--first", parse_agent)?.unwrap_or(AgentSpec::Human),
    };
    let second = match &args.second {
        Some(spec) => spec.clone(),
        None => recorded(&resumed, &player_tag(game, PlayerId::SECOND), "--second", parse_agent)?.unwrap_or(MCTS),
    };
    let seed = match args.seed {
        Some(seed) => seed,
        None => recorded(&resumed, "Seed", "--seed", |v| v.parse::<u64>().map_err(|_| "not a seed".to_string()))?.unwrap_or_else(|| {
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0)
        }),
    };
    let clock = match (args.no_clock, args.clock) {
        (true, _) => None,
        (false, Some(clock)) => Some(clock),
        // A record without TimeControl was played without a clock.
        (false, None) if resumed.is_some() => recorded(&resumed, "TimeControl", "--clock or --no-clock", hetproba_rules::parse_clock)?,
        (false, None) => game.rules().clock,
    };
    let record_path = args.record.clone().or_else(|| resumed.as_ref().map(|(p, _)| p.clone()));
    Ok(Plan { resumed, players: [first, second], seed, clock, record_path, params: args.params.clone() })
}

/// Sets `tag` to `value` written by `write`, unless it already says `value` as `read` reads it.
fn update_tag<T: PartialEq>(record: &mut Record, tag: &str, value: &T, read: impl Fn(&str) -> Option<T>, write: impl Fn(&T) -> String) {
    if record.tag(tag).and_then(read).as_ref() != Some(value) {
        record.set_tag(tag, write(value));
    }
}

/// The record of the game in play, saved whole after every move when it has a file.
struct Recorder {
    record: Record,
    path: Option<String>,
}

impl Recorder {
    fn save(&self) -> Result<(), CliError> {
        match &self.path {
            Some(path) => crate::files::write_whole(path, &self.record.write()).map_err(CliError::failure),
            None => Ok(()),
        }
    }
}

/// A game in play: the session, the players, the clocks and the record.
struct Table<'g> {
    game: &'g Game,
    /// The session at the record's start position: `undo` replays the moves kept from it.
    start: Session<'g>,
    session: Session<'g>,
    /// Each side's computer player; `None` for a human.
    players: [Option<Box<dyn Agent>>; 2],
    specs: [AgentSpec; 2],
    seed: u64,
    clocks: Option<Clocks>,
    recorder: Recorder,
    /// What happened last (`black played d3`), shown above the board.
    last: Option<String>,
    /// The cells of the last move, marked on the board.
    marked: Vec<CellId>,
}

impl<'g> Table<'g> {
    /// Sets the game up from the plan and saves the record once: a record that cannot be
    /// written stops the game before its first move.
    fn new(game: &'g Game, plan: Plan, position: Option<&str>) -> Result<Table<'g>, CliError> {
        let mut record = Record { result: "*".into(), ..Record::default() };
        let (start, session, played, start_side) = match (&plan.resumed, position) {
            // `play` refuses --position with --resume.
            (Some((path, old)), _) => {
                if let Some(id) = old.tag("Ruleset")
                    && id != game.rules().id
                {
                    return Err(CliError::failure(format!("{path} is a game of '{id}', not '{}'", game.rules().id)));
                }
                let (session, played) = replay_record(game, old, path)?;
                // What `replay` refuses, resuming refuses, in the same words; and a game the
                // record says has ended (on time, by resignation) does not go on.
                check_result(game, old, &session, path)?;
                if session.outcome().is_none() && old.result != "*" {
                    let how = old.tag("Termination").map_or(String::new(), |t| format!(" ({t})"));
                    return Err(CliError::failure(format!("{path}: the game has ended, {}{how}; there is nothing to resume", old.result)));
                }
                record.tags = old.tags.clone();
                (record_session(game, old, path)?, session, played, record_start(game, old, path)?.side())
            }
            (None, Some(text)) => {
                let session = Session::from_text(game, text).map_err(|e| CliError::failure(e.to_string()))?;
                let side = session.position().side();
                record.set_tag(if is_pdn(game) { "FEN" } else { "Position" }, session.write_position());
                (session.clone(), session, Vec::new(), side)
            }
            (None, None) => {
                let session = Session::new(game, Position::start(game));
                let side = session.position().side();
                (session.clone(), session, Vec::new(), side)
            }
        };
        record.moves = played;
        // Numbering starts at the record's start position: `1...` when the second player moves first.
        record.offset = usize::from(start_side == PlayerId::SECOND);
        if plan.resumed.is_none() {
            // Identifying tags first, then the start position.
            let position = std::mem::take(&mut record.tags);
            record.set_tag("Event", "hetproba");
            record.set_tag("Ruleset", game.rules().id.clone());
            if let Some(gt) = &game.rules().notation.game_type {
                record.set_tag("GameType", gt.clone());
            }
            for (name, value) in &plan.params {
                record.tags.push(("Param".into(), format!("{name}={value}")));
            }
            record.tags.extend(position);
        }
        // A tag is written only when it says something else than the plan: a resumed record
        // keeps its own words (`mcts` stays `mcts`, not `mcts:1000`).
        for (side, spec) in [PlayerId::FIRST, PlayerId::SECOND].into_iter().zip(&plan.players) {
            update_tag(&mut record, &player_tag(game, side), spec, |v| parse_agent(v).ok(), AgentSpec::label);
        }
        update_tag(&mut record, "Seed", &plan.seed, |v| v.parse().ok(), u64::to_string);
        match &plan.clock {
            Some(clock) => update_tag(
                &mut record,
                "TimeControl",
                clock,
                |v| hetproba_rules::parse_clock(v).ok(),
                |c| {
                    let format_ms = hetproba_rules::describe::format_ms;
                    let increment = if c.increment_ms > 0 { format!("+{}", format_ms(c.increment_ms)) } else { String::new() };
                    format_ms(c.initial_ms) + &increment
                },
            ),
            None => record.tags.retain(|(k, _)| k != "TimeControl"),
        }
        record.set_tag("Result", record.result.clone());
        let recorder = Recorder { record, path: plan.record_path };
        recorder.save()?;
        let make_player = |spec: &AgentSpec, salt: u64| spec.build(plan.seed ^ salt);
        let mut table = Table {
            game,
            start,
            session,
            players: [make_player(&plan.players[0], 1), make_player(&plan.players[1], 2)],
            specs: plan.players.clone(),
            seed: plan.seed,
            clocks: plan.clock.map(Clocks::new),
            recorder,
            last: None,
            marked: Vec::new(),
        };
        table.marked = table.last_move_cells();
        Ok(table)
    }

    /// What the faces draw: the position, the last move, the moves, the players and clocks.
    fn scene(&self) -> Scene<'_> {
        let pos = self.session.position();
        Scene {
            game: self.game,
            pos,
            marked: self.marked.clone(),
            moves: &self.recorder.record.moves,
            offset: self.recorder.record.offset,
            players: [self.specs[0].label(), self.specs[1].label()],
            clocks: self.clocks.as_ref().map(|c| c.left_ms),
            to_move: self.session.outcome().is_none().then(|| pos.side()),
            last: self.last.clone(),
            notes: Vec::new(),
            prompt: None,
        }
    }

    /// The cells of the session's last move.
    fn last_move_cells(&self) -> Vec<CellId> {
        let Some((&last, earlier)) = self.session.moves().split_last() else { return Vec::new() };
        let mut pos = self.start.position().clone();
        for &mv in earlier {
            self.game.make(&mut pos, mv);
        }
        move_cells(self.game, &pos, last)
    }

    /// Takes back moves until a human is to move: against the computer, the human's last move
    /// and the computer's reply; between humans, the last move. The record is saved without
    /// them. The number taken back; `None` when there is no human's move to take back.
    fn undo(&mut self) -> Result<Option<usize>, CliError> {
        let moves = self.session.moves().to_vec();
        // The side to move after each number of plies.
        let mut pos = self.start.position().clone();
        let mut sides = vec![pos.side()];
        for &mv in &moves {
            self.game.make(&mut pos, mv);
            sides.push(pos.side());
        }
        let Some(keep) = (0..moves.len()).rev().find(|&n| self.players[sides[n].index()].is_none()) else { return Ok(None) };
        let record = &mut self.recorder.record;
        let taken = record.moves.split_off(keep.min(record.moves.len()));
        self.session = self.start.clone();
        for &mv in &moves[..keep] {
            self.session.play(mv);
        }
        self.marked = self.last_move_cells();
        self.last = Some(format!("took back {}", taken.join(" ")));
        self.recorder.save()?;
        Ok(Some(moves.len() - keep))
    }

    /// A move the engine suggests for the human to move, with what the search thinks of it:
    /// thought over by the computer opponent's kind of player (alpha-beta for a second without
    /// one), at most 5 seconds and, with a clock, at most a tenth of the mover's time left.
    /// `None` when the people stopped the game meanwhile.
    fn hint(&self, face: &mut dyn Face, pos: &Position, started: Instant) -> Option<String> {
        let side = pos.side();
        let spec = match &self.specs[side.other().index()] {
            spec @ (AgentSpec::Mcts(..) | AgentSpec::AlphaBeta(..)) => spec.clone(),
            _ => AgentSpec::AlphaBeta(Limit::Time(Duration::from_secs(1)), hetproba_ai::DEFAULT_HASH_MB),
        };
        let mut limit = Duration::from_secs(5);
        if let Some(clocks) = &self.clocks {
            limit = limit.min(clocks.left(side).saturating_sub(started.elapsed()) / 10);
        }
        // Its own seed: asking for a hint changes none of the computer players' moves.
        let mut agent = spec.build(self.seed ^ 0x6869_6e74 ^ self.session.moves().len() as u64).expect("a computer player");
        let mut last: Option<Progress> = None;
        let scene = self.scene();
        let mut observe = |progress: &Progress| {
            last = Some(progress.clone());
            if progress.elapsed >= limit { ControlFlow::Break(()) } else { face.thinking(&scene, "hint", progress, started) }
        };
        let mv = agent.choose(&self.session, &mut Think::observed(crate::system_timer(), &mut observe));
        if face.stopped() {
            return None;
        }
        let name = self.game.move_name(pos, mv);
        Some(match last {
            Some(p) if p.best == mv => {
                let line = crate::tui::line_names(self.game, pos, &p.pv, 6);
                format!("{name} ({}, depth {}, line {line})", crate::tui::score_words(p.score), p.depth)
            }
            _ => name,
        })
    }

    /// Plays to the end, or until a human stops; the record is saved after every move and at
    /// the end.
    fn run(&mut self, face: &mut dyn Face) -> Result<(), CliError> {
        let end = loop {
            face.show(&self.scene());
            if let Some(outcome) = self.session.outcome() {
                break Some(outcome);
            }
            let pos = self.session.position().clone();
            let side = pos.side();
            let mover = self.game.player_name(side).to_string();
            let started = Instant::now();
            let entry = match self.players[side.index()].take() {
                Some(mut agent) => {
                    let scene = self.scene();
                    let mut observe = |progress: &Progress| face.thinking(&scene, &mover, progress, started);
                    let clock = self.clocks.as_ref().map(|c| TimeLeft {
                        mine: c.left(side),
                        theirs: c.left(side.other()),
                        increment: Duration::from_millis(c.control.increment_ms),
                    });
                    let think = &mut Think::observed(crate::system_timer(), &mut observe).with_clock(clock);
                    let mv = agent.choose(&self.session, think);
                    self.players[side.index()] = Some(agent);
                    if face.stopped() { Entry::Stop } else { Entry::Move(mv) }
                }
                None => self.ask_human(face, &pos, started)?,
            };
            let mv = match entry {
                Entry::Move(mv) => mv,
                Entry::Stop => break None,
                Entry::TimeOut => break Some(self.time_out(side)),
                Entry::Undone => continue,
            };
            if let Some(clocks) = &mut self.clocks
                && !clocks.charge(side, started.elapsed())
            {
                break Some(self.time_out(side));
            }
            let name = self.game.move_name(&pos, mv);
            self.last = Some(format!("{mover} played {name}"));
            self.marked = move_cells(self.game, &pos, mv);
            self.recorder.record.moves.push(name);
            self.session.play(mv);
            self.recorder.save()?;
        };
        let mut lines = Vec::new();
        let record = &mut self.recorder.record;
        record.result = result_token(self.game, end.as_ref());
        match &end {
            Some(outcome) => {
                lines.push(format!("Game over: {}", outcome.describe(self.game)));
                record.set_tag("Termination", outcome.describe(self.game));
            }
            None => record.tags.retain(|(k, _)| k != "Termination"),
        }
        record.set_tag("Result", record.result.clone());
        let saved = self.recorder.save();
        if let (Ok(()), Some(path)) = (&saved, &self.recorder.path) {
            lines.push(format!("game saved to {path}"));
        }
        if end.is_none() {
            lines.push(format!("game stopped after {} moves", self.recorder.record.moves.len()));
        }
        let mut scene = self.scene();
        scene.to_move = None;
        face.finish(&scene, &lines);
        saved
    }

    /// The loss of the player whose time ran out.
    fn time_out(&mut self, side: PlayerId) -> Outcome {
        if let Some(clocks) = &mut self.clocks {
            clocks.left_ms[side.index()] = 0;
        }
        Outcome { winner: Some(side.other()), reason: format!("{}'s time ran out", self.game.player_name(side)) }
    }

    /// Reads a human's commands until one ends the turn: a move, `quit` (or the end of input),
    /// `undo`; `?` lists the legal moves, `hint` asks the engine, anything else is told why it
    /// is not a move. With a clock, waiting stops when it runs out.
    fn ask_human(&mut self, face: &mut dyn Face, pos: &Position, started: Instant) -> Result<Entry, CliError> {
        let side = pos.side();
        loop {
            let line = match face.ask(&self.scene(), started) {
                Typed::Line(line) => line,
                Typed::End => return Ok(Entry::Stop),
                Typed::TimeOut => return Ok(Entry::TimeOut),
            };
            match line.trim() {
                "" => continue,
                "?" | "help" | "moves" => {
                    let names: Vec<String> = self.game.legal_moves(pos).iter().map(|&m| self.game.move_name(pos, m)).collect();
                    face.say(&format!("legal moves: {}", names.join(" ")));
                }
                "quit" | "exit" => return Ok(Entry::Stop),
                "hint" => match self.hint(face, pos, started) {
                    Some(name) => face.say(&format!("hint: {name}")),
                    None => return Ok(Entry::Stop),
                },
                "undo" => {
                    // The time thought before taking moves back is spent.
                    if let Some(clocks) = &mut self.clocks
                        && !clocks.spend(side, started.elapsed())
                    {
                        return Ok(Entry::TimeOut);
                    }
                    match self.undo()? {
                        Some(_) => return Ok(Entry::Undone),
                        None if self.session.moves().is_empty() => face.say("nothing to undo: no move has been played"),
                        None => face.say("nothing to undo: every move so far is the computer's"),
                    }
                }
                text => match self.game.parse_move(pos, text) {
                    Ok(mv) => return Ok(Entry::Move(mv)),
                    Err(err) => face.say(&err.to_string()),
                },
            }
        }
    }
}

pub fn play(args: &PlayArgs) -> Result<(), CliError> {
    let resumed = match &args.resume {
        Some(_) if args.position.is_some() => return Err(CliError::usage("--resume and --position cannot be used together")),
        Some(path) => {
            if !args.params.is_empty() {
                return Err(CliError::usage("--resume takes the ruleset's parameters from the record; drop --param"));
            }
            let text = read_text(path, Kind::Record).map_err(CliError::failure)?;
            Some((path.clone(), Record::parse(path, &text).map_err(|e| CliError::failure(e.0))?))
        }
        None => None,
    };
    let params = match &resumed {
        Some((_, record)) => params_of(record)?,
        None => args.params.clone(),
    };
    let game = load_game(&args.ruleset, &params)?;
    let plan = prepare(args, &game, resumed)?;
    let mut table = Table::new(&game, plan, args.position.as_deref())?;
    // The terminal view needs a terminal on both sides; piped either way, plain lines.
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        let colour = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        if let Ok(mut screen) = crate::tui::Screen::start(colour) {
            return table.run(&mut screen);
        }
    }
    table.run(&mut Lines::new())
}

/// Refuses a record whose result contradicts its final position. A record may end early by
/// time, resignation or agreement: only a contradiction is an error.
pub(crate) fn check_result(game: &Game, record: &Record, session: &Session, path: &str) -> Result<(), CliError> {
    if let (Some(claimed), Some(actual)) = (token_winner(game, &record.result), &session.outcome())
        && claimed != actual.winner
    {
        return Err(CliError::failure(format!(
            "{path}: the record's result {} contradicts the final position ({})",
            record.result,
            actual.describe(game)
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_never_wrap() {
        let mut clocks = Clocks::new(Clock { initial_ms: 1000, increment_ms: hetproba_rules::MAX_CLOCK_MS });
        assert!(clocks.charge(PlayerId::FIRST, Duration::from_millis(1000)), "all the time, and not more");
        assert_eq!(clocks.left_ms[0], hetproba_rules::MAX_CLOCK_MS);
        assert!(!clocks.charge(PlayerId::SECOND, Duration::MAX));
        assert_eq!(clocks.left(PlayerId::SECOND), Duration::ZERO);
        clocks.left_ms[0] = u64::MAX - 1;
        assert!(clocks.charge(PlayerId::FIRST, Duration::ZERO));
        assert_eq!(clocks.left_ms[0], u64::MAX);
        assert_eq!(format_clock(hetproba_rules::MAX_CLOCK_MS), "1440:00.0");
    }

    #[test]
    fn time_spent_before_an_undo_counts_without_the_increment() {
        let mut clocks = Clocks::new(Clock { initial_ms: 1000, increment_ms: 500 });
        assert!(clocks.spend(PlayerId::FIRST, Duration::from_millis(400)));
        assert_eq!(clocks.left_ms[0], 600);
        assert!(clocks.spend(PlayerId::FIRST, Duration::from_millis(600)), "all the time, and not more");
        assert!(!clocks.spend(PlayerId::SECOND, Duration::MAX));
        assert_eq!(clocks.left_ms, [0, 0]);
    }

    #[test]
    fn mcts_budgets() {
        let mcts = |b| AgentSpec::Mcts(b, MctsKnobs::default());
        assert_eq!(parse_agent("mcts:1h"), Ok(mcts(Budget::Time(Duration::from_secs(3600)))));
        assert_eq!(parse_agent("mcts:1m"), Ok(mcts(Budget::Time(Duration::from_secs(60)))));
        assert_eq!(parse_agent("mcts:1000000"), Ok(mcts(Budget::Playouts(1_000_000))));
        assert_eq!(parse_agent("mcts"), Ok(MCTS));
        let tuned = AgentSpec::Mcts(Budget::Playouts(50), MctsKnobs { exploration_milli: Some(700), plain: false });
        assert_eq!(parse_agent("mcts:50,c=0.7"), Ok(tuned.clone()));
        let plain = AgentSpec::Mcts(Budget::Time(Duration::from_secs(1)), MctsKnobs { exploration_milli: None, plain: true });
        assert_eq!(parse_agent("mcts:1s,plain"), Ok(plain.clone()));
        // What `label` writes reads back.
        for spec in [mcts(Budget::Time(Duration::from_millis(1500))), mcts(Budget::Playouts(7)), AgentSpec::Random, tuned, plain] {
            assert_eq!(parse_agent(&spec.label()), Ok(spec));
        }
        assert!(parse_agent("mcts:0").unwrap_err().contains("from 1 to 1000000"));
        assert!(parse_agent("mcts:5,c=x").unwrap_err().contains("exploration constant"));
        assert!(parse_agent("mcts:5,deep").unwrap_err().contains("not 'deep'"));
    }

    #[test]
    fn alphabeta_limits() {
        let hash = hetproba_ai::DEFAULT_HASH_MB;
        assert_eq!(parse_agent("alphabeta"), Ok(AgentSpec::AlphaBeta(Limit::Time(Duration::from_secs(1)), hash)));
        assert_eq!(parse_agent("alphabeta:6"), Ok(AgentSpec::AlphaBeta(Limit::Depth(6), hash)));
        assert_eq!(parse_agent("alphabeta:250ms"), Ok(AgentSpec::AlphaBeta(Limit::Time(Duration::from_millis(250)), hash)));
        assert_eq!(parse_agent("alphabeta:6,hash=64"), Ok(AgentSpec::AlphaBeta(Limit::Depth(6), 64)));
        for text in ["alphabeta:6", "alphabeta:2000ms,hash=1"] {
            assert_eq!(parse_agent(text).map(|s| s.label()), Ok(text.to_string()));
        }
        assert!(parse_agent("alphabeta:0").unwrap_err().contains("from 1 to 64"));
        assert!(parse_agent("alphabeta:65").unwrap_err().contains("from 1 to 64"));
        assert!(parse_agent("alphabeta:6,hash=0").unwrap_err().contains("from 1 to 4096"));
        assert!(parse_agent("alphabeta:6,c=1").unwrap_err().contains("hash=MIB"));
        assert!(parse_agent("random:3").unwrap_err().contains("is not a player"));
    }
}
