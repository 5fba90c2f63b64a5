//! `play` and `replay`.

use crate::CliError;
use crate::load::{load_game, parse_param};
use hetproba_ai::{Agent, Budget, MctsAgent, RandomAgent};
use hetproba_engine::record::Record;
use hetproba_engine::{Game, Move, Outcome, Position, Session};
use hetproba_rules::model::{Clock, PlayerId, PositionNotation};
use std::io::{BufRead, IsTerminal, Write};
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct PlayArgs {
    /// A built-in ruleset id or a path to a .toml file.
    pub ruleset: String,
    /// Who plays first: human, random, mcts, mcts:1000 (playouts per move) or mcts:2s (time).
    #[arg(long, default_value = "human", value_parser = parse_agent)]
    pub first: AgentSpec,
    /// Who plays second (as --first).
    #[arg(long, default_value = "mcts", value_parser = parse_agent)]
    pub second: AgentSpec,
    /// Seed for the computer players (default: from the clock; the record keeps it).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Start from this position instead of the start.
    #[arg(long)]
    pub position: Option<String>,
    /// A chess clock: time per player, optionally an increment (`5m`, `90s`, `3m+2s`). A player
    /// whose time runs out loses. Default: the ruleset's clock, if it has one.
    #[arg(long, value_parser = parse_clock_arg)]
    pub clock: Option<Clock>,
    /// Play without a clock even if the ruleset sets one.
    #[arg(long, conflicts_with = "clock")]
    pub no_clock: bool,
    /// Save the game to this file when it ends (or is stopped): PDN for draughts rulesets, the
    /// same tag-and-moves format for the others.
    #[arg(long)]
    pub record: Option<String>,
    /// Continue a game saved with --record.
    #[arg(long)]
    pub resume: Option<String>,
    /// Set a ruleset parameter (`--param size=10`).
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_param)]
    pub params: Vec<(String, i64)>,
}

fn parse_clock_arg(text: &str) -> Result<Clock, String> {
    hetproba_rules::parse_clock(text).ok_or_else(|| format!("'{text}' is not a clock; write 5m, 90s, 500ms, or 3m+2s for an increment"))
}

/// A kind of player, as given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AgentSpec {
    Human,
    Random,
    Mcts(Budget),
}

impl AgentSpec {
    /// The player as written on the command line (`random`, `mcts:1000`).
    pub fn label(&self) -> String {
        match self {
            AgentSpec::Human => "human".into(),
            AgentSpec::Random => "random".into(),
            AgentSpec::Mcts(Budget::Playouts(n)) => format!("mcts:{n}"),
            AgentSpec::Mcts(Budget::Time(t)) => format!("mcts:{}ms", t.as_millis()),
        }
    }
}

pub fn parse_agent(text: &str) -> Result<AgentSpec, String> {
    let bad = || format!("'{text}' is not a player; expected human, random, mcts, mcts:1000 (playouts) or mcts:2s (time)");
    match text.split_once(':') {
        None => match text {
            "human" => Ok(AgentSpec::Human),
            "random" => Ok(AgentSpec::Random),
            "mcts" => Ok(AgentSpec::Mcts(Budget::Playouts(1000))),
            _ => Err(bad()),
        },
        Some(("mcts", budget)) => {
            if budget.ends_with('s') || budget.ends_with('m') {
                hetproba_rules::parse_clock(budget)
                    .map(|c| AgentSpec::Mcts(Budget::Time(Duration::from_millis(c.initial_ms))))
                    .ok_or_else(bad)
            } else {
                budget.parse::<u32>().ok().filter(|&n| n > 0).map(|n| AgentSpec::Mcts(Budget::Playouts(n))).ok_or_else(bad)
            }
        }
        Some(_) => Err(bad()),
    }
}

enum Player {
    Human,
    Computer(Box<dyn Agent>),
}

/// True for rulesets whose records are PDN (draughts).
fn is_pdn(game: &Game) -> bool {
    matches!(game.rules().notation.position, PositionNotation::Pdn { .. })
}

/// The result token: `1-0` (first player won), `0-1`, `1/2-1/2`, `*`; in PDN the score of the
/// player called W comes first and a win counts 2 (`2-0`, `0-2`, `1-1`).
fn result_token(game: &Game, outcome: Option<&Outcome>) -> String {
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

/// Writes a file whole or not at all: to a temporary name, then renamed over the target.
fn write_atomically(path: &str, text: &str) -> Result<(), CliError> {
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, text).and_then(|()| std::fs::rename(&tmp, path)).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        CliError::failure(format!("cannot write {path}: {e}"))
    })
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
fn replay_record<'g>(game: &'g Game, record: &Record, name: &str) -> Result<(Session<'g>, Vec<String>), CliError> {
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

fn params_of(record: &Record) -> Result<Vec<(String, i64)>, CliError> {
    record.tags.iter().filter(|(k, _)| k == "Param").map(|(_, v)| parse_param(v).map_err(CliError::failure)).collect()
}

fn format_clock(ms: i64) -> String {
    let ms = ms.max(0);
    format!("{}:{:02}.{}", ms / 60_000, (ms / 1000) % 60, (ms % 1000) / 100)
}

/// What a human typed.
enum Entry {
    Move(Move),
    Stop,
    /// The clock ran out while waiting.
    TimeOut,
}

/// Reads standard input line by line on a thread; `None` at the end of input.
fn spawn_reader() -> std::sync::mpsc::Receiver<Option<String>> {
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

pub fn play(args: &PlayArgs) -> Result<(), CliError> {
    let seed = args
        .seed
        .unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0));
    let resumed = match &args.resume {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| CliError::failure(format!("cannot read {path}: {e}")))?;
            Some((path.clone(), Record::parse(path, &text).map_err(|e| CliError::failure(e.0))?))
        }
        None => None,
    };
    let mut params = args.params.clone();
    if let Some((_, record)) = &resumed {
        params.extend(params_of(record)?);
    }
    let game = load_game(&args.ruleset, &params)?;
    let mut record = Record { result: "*".into(), ..Record::default() };
    let (mut session, played) = match (&resumed, &args.position) {
        (Some(_), Some(_)) => return Err(CliError::usage("--resume and --position cannot be used together")),
        (Some((path, old)), None) => {
            if let Some(id) = old.tag("Ruleset")
                && id != game.rules().id
            {
                return Err(CliError::failure(format!("{path} is a game of '{id}', not '{}'", game.rules().id)));
            }
            record.tags = old.tags.clone();
            replay_record(&game, old, path)?
        }
        (None, Some(text)) => {
            let session = Session::from_text(&game, text).map_err(|e| CliError::failure(e.to_string()))?;
            record.set_tag(if is_pdn(&game) { "FEN" } else { "Position" }, session.write_position());
            (session, Vec::new())
        }
        (None, None) => (Session::new(&game, Position::start(&game)), Vec::new()),
    };
    record.moves = played;
    // Numbering starts at the record's start position: `1...` when the second player moves first.
    let start_side = match &resumed {
        Some((path, old)) => record_start(&game, old, path)?.side(),
        None => session.position().side(),
    };
    record.offset = usize::from(start_side == PlayerId::SECOND);
    if resumed.is_none() {
        // Identifying tags first, then the start position.
        let position = record.tags.clone();
        record.tags.clear();
        record.set_tag("Event", "hetproba");
        record.set_tag("Ruleset", game.rules().id.clone());
        if let Some(gt) = &game.rules().notation.game_type {
            record.set_tag("GameType", gt.clone());
        }
        for (name, value) in &args.params {
            record.tags.push(("Param".into(), format!("{name}={value}")));
        }
        record.tags.extend(position);
    }
    record.set_tag(&player_tag(&game, PlayerId::FIRST), args.first.label());
    record.set_tag(&player_tag(&game, PlayerId::SECOND), args.second.label());
    record.set_tag("Seed", seed.to_string());
    let clock = if args.no_clock { None } else { args.clock.or(game.rules().clock) };
    if let Some(c) = clock {
        record.set_tag(
            "TimeControl",
            hetproba_rules::describe::format_ms(c.initial_ms)
                + &if c.increment_ms > 0 { format!("+{}", hetproba_rules::describe::format_ms(c.increment_ms)) } else { String::new() },
        );
    }
    let record_path = args.record.clone().or_else(|| resumed.as_ref().map(|(p, _)| p.clone()));

    let make_player = |spec: &AgentSpec, salt: u64| match spec {
        AgentSpec::Human => Player::Human,
        AgentSpec::Random => Player::Computer(Box::new(RandomAgent::new(seed ^ salt))),
        AgentSpec::Mcts(budget) => Player::Computer(Box::new(MctsAgent::new(*budget, seed ^ salt))),
    };
    let mut players = [make_player(&args.first, 1), make_player(&args.second, 2)];
    let mut remaining: [i64; 2] = clock.map_or([0, 0], |c| [c.initial_ms as i64; 2]);
    let terminal = std::io::stdout().is_terminal();
    // Lines are read on their own thread, so that a clock can run out while a human thinks.
    let input = spawn_reader();
    let echo_free = std::io::stdin().is_terminal();
    let mut out = std::io::stdout().lock();
    let mut last: Option<String> = None;
    let mut end: Option<Outcome> = None;
    let stopped = loop {
        if terminal {
            let _ = write!(out, "\x1b[2J\x1b[H");
        }
        if let Some(text) = &last {
            let _ = writeln!(out, "{text}");
        }
        let pos = session.position().clone();
        let _ = write!(out, "{}", crate::draw::draw(&game, &pos));
        if clock.is_some() {
            let _ = writeln!(
                out,
                "clock: {} {}, {} {}",
                game.player_name(PlayerId::FIRST),
                format_clock(remaining[0]),
                game.player_name(PlayerId::SECOND),
                format_clock(remaining[1])
            );
        }
        if let Some(outcome) = session.outcome() {
            let _ = writeln!(out, "Game over: {}", outcome.describe(&game));
            end = Some(outcome);
            break false;
        }
        let _ = writeln!(out, "{} to move", game.player_name(pos.side()));
        let _ = out.flush();
        let side = pos.side();
        let mover = game.player_name(side).to_string();
        let started = Instant::now();
        let entry = match &mut players[side.index()] {
            Player::Computer(agent) => Entry::Move(agent.choose(&game, &pos)),
            Player::Human => loop {
                let _ = write!(out, "{mover}> ");
                let _ = out.flush();
                let line = match clock {
                    Some(_) => {
                        let left = Duration::from_millis(remaining[side.index()].max(0) as u64).saturating_sub(started.elapsed());
                        match input.recv_timeout(left) {
                            Ok(line) => line,
                            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => break Entry::TimeOut,
                            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => None,
                        }
                    }
                    None => input.recv().ok().flatten(),
                };
                let Some(line) = line else {
                    let _ = writeln!(out, "\ninput ended; game stopped");
                    break Entry::Stop;
                };
                if !echo_free {
                    // Piped input is not echoed by a terminal: echo it, so the transcript reads
                    // like a session.
                    let _ = writeln!(out, "{}", line.trim_end());
                }
                let line = line.trim();
                match line {
                    "" => continue,
                    "?" | "help" | "moves" => {
                        let names: Vec<String> = game.legal_moves(&pos).iter().map(|&m| game.move_name(&pos, m)).collect();
                        let _ = writeln!(out, "legal moves: {}", names.join(" "));
                        continue;
                    }
                    "quit" | "exit" => break Entry::Stop,
                    _ => {}
                }
                match game.parse_move(&pos, line) {
                    Ok(mv) => break Entry::Move(mv),
                    Err(err) => {
                        let _ = writeln!(out, "{err}");
                    }
                }
            },
        };
        let mv = match entry {
            Entry::Move(mv) => mv,
            Entry::Stop => break true,
            Entry::TimeOut => {
                let _ = writeln!(out);
                remaining[side.index()] = -1;
                Move::PASS
            }
        };
        if let Some(c) = clock {
            remaining[side.index()] -= started.elapsed().as_millis() as i64;
            if remaining[side.index()] < 0 {
                let outcome = Outcome { winner: Some(side.other()), reason: format!("{mover}'s time ran out") };
                let _ = writeln!(out, "Game over: {}", outcome.describe(&game));
                end = Some(outcome);
                break false;
            }
            remaining[side.index()] += c.increment_ms as i64;
        }
        let name = game.move_name(&pos, mv);
        last = Some(format!("{mover} played {name}"));
        record.moves.push(name);
        session.play(mv);
    };
    record.result = result_token(&game, end.as_ref());
    match &end {
        Some(outcome) => record.set_tag("Termination", outcome.describe(&game)),
        None => record.tags.retain(|(k, _)| k != "Termination"),
    }
    record.set_tag("Result", record.result.clone());
    if let Some(path) = &record_path {
        write_atomically(path, &record.write())?;
        let _ = writeln!(out, "game saved to {path}");
    }
    if stopped {
        let _ = writeln!(out, "game stopped after {} moves", record.moves.len());
    }
    Ok(())
}

pub fn replay(path: &str, ruleset: Option<&str>) -> Result<(), CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::failure(format!("cannot read {path}: {e}")))?;
    let record = Record::parse(path, &text).map_err(|e| CliError::failure(e.0))?;
    let id = match ruleset.or(record.tag("Ruleset")) {
        Some(id) => id.to_string(),
        None => return Err(CliError::failure(format!("{path} has no Ruleset tag; give --ruleset"))),
    };
    let game = load_game(&id, &params_of(&record)?)?;
    let (session, played) = replay_record(&game, &record, path)?;
    let pos = session.position();
    let outcome = session.outcome();
    crate::out!("{}", crate::draw::draw(&game, pos));
    match &outcome {
        Some(o) => crate::outln!("Game over: {}", o.describe(&game)),
        None => crate::outln!("{} to move", game.player_name(pos.side())),
    }
    crate::outln!("position: {}", session.write_position());
    crate::outln!(
        "{} moves checked; result {}",
        played.len(),
        outcome.as_ref().map_or("*: the game goes on".to_string(), |o| format!("{}: {}", result_token(&game, Some(o)), o.describe(&game)))
    );
    // A record may end early by time, resignation or agreement: only a contradiction is an error.
    if let (Some(claimed), Some(actual)) = (token_winner(&game, &record.result), &outcome)
        && claimed != actual.winner
    {
        return Err(CliError::failure(format!(
            "{path}: the record's result {} contradicts the final position ({})",
            record.result,
            actual.describe(&game)
        )));
    }
    Ok(())
}
