//! `play` and `replay`.

use crate::CliError;
use crate::draw::draw_with_status;
use crate::load::{load_game, parse_param};
use crate::record::Record;
use hetproba_ai::{Agent, Budget, MctsAgent, RandomAgent};
use hetproba_engine::{Game, Move, Position};
use std::io::{BufRead, IsTerminal, Write};
use std::time::Duration;

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
    /// Save the game to this file when it ends (or is stopped).
    #[arg(long)]
    pub record: Option<String>,
    /// Continue a game saved with --record.
    #[arg(long)]
    pub resume: Option<String>,
    /// Set a ruleset parameter (`--param size=10`).
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_param)]
    pub params: Vec<(String, i64)>,
}

/// A kind of player, as given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AgentSpec {
    Human,
    Random,
    Mcts(Budget),
}

impl AgentSpec {
    fn label(&self) -> String {
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
            if let Some(ms) = budget.strip_suffix("ms") {
                ms.parse::<u64>().map(|v| AgentSpec::Mcts(Budget::Time(Duration::from_millis(v)))).map_err(|_| bad())
            } else if let Some(s) = budget.strip_suffix('s') {
                s.parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite() && *v > 0.0)
                    .map(|v| AgentSpec::Mcts(Budget::Time(Duration::from_secs_f64(v))))
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

fn result_token(game: &Game, pos: &Position) -> String {
    match game.outcome(pos) {
        Some(o) => match o.winner {
            Some(0) => "1-0".into(),
            Some(_) => "0-1".into(),
            None => "1/2-1/2".into(),
        },
        None => "*".into(),
    }
}

/// Writes a file whole or not at all: to a temporary name, then renamed over the target.
fn write_atomically(path: &str, text: &str) -> Result<(), CliError> {
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            CliError::failure(format!("cannot write {path}: {e}"))
        })
}

/// Replays a record's moves from its start, checking each.
fn replay_record(game: &Game, record: &Record, name: &str) -> Result<(Position, Vec<String>), CliError> {
    let mut pos = match record.tag("Position") {
        Some(text) => game.read_position(text).map_err(|e| CliError::failure(format!("{name}: {e}")))?,
        None => Position::start(game),
    };
    let mut played = Vec::new();
    for (i, token) in record.moves.iter().enumerate() {
        let mv = game.parse_move(&pos, token).map_err(|e| {
            let number = i / 2 + 1;
            let who = game.player_name(pos.side());
            CliError::failure(format!("{name}: move {number} ({who}, ply {}): {e}", i + 1))
        })?;
        played.push(game.move_name(&pos, mv));
        game.make(&mut pos, mv);
    }
    Ok((pos, played))
}

fn params_of(record: &Record) -> Result<Vec<(String, i64)>, CliError> {
    record.tags.iter().filter(|(k, _)| k == "Param").map(|(_, v)| parse_param(v).map_err(CliError::failure)).collect()
}

pub fn play(args: &PlayArgs) -> Result<(), CliError> {
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0)
    });
    let resumed = match &args.resume {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| CliError::failure(format!("cannot read {path}: {e}")))?;
            Some((path.clone(), Record::parse(path, &text)?))
        }
        None => None,
    };
    let mut params = args.params.clone();
    if let Some((_, record)) = &resumed {
        params.extend(params_of(record)?);
    }
    let game = load_game(&args.ruleset, &params)?;
    let mut record = Record { result: "*".into(), ..Record::default() };
    let mut pos = match (&resumed, &args.position) {
        (Some(_), Some(_)) => return Err(CliError::usage("--resume and --position cannot be used together")),
        (Some((path, old)), None) => {
            if let Some(id) = old.tag("Ruleset")
                && id != game.rules().id
            {
                return Err(CliError::failure(format!("{path} is a game of '{id}', not '{}'", game.rules().id)));
            }
            let (pos, played) = replay_record(&game, old, path)?;
            record.tags = old.tags.clone();
            record.moves = played;
            pos
        }
        (None, Some(text)) => {
            let pos = game.read_position(text).map_err(|e| CliError::failure(e.to_string()))?;
            record.set_tag("Position", game.write_position(&pos));
            pos
        }
        (None, None) => Position::start(&game),
    };
    record.set_tag("Game", "hetproba");
    record.set_tag("Ruleset", game.rules().id.clone());
    for (name, value) in &args.params {
        record.tags.push(("Param".into(), format!("{name}={value}")));
    }
    record.set_tag("First", args.first.label());
    record.set_tag("Second", args.second.label());
    record.set_tag("Seed", seed.to_string());
    let record_path = args.record.clone().or_else(|| resumed.as_ref().map(|(p, _)| p.clone()));

    let make_player = |spec: &AgentSpec, salt: u64| match spec {
        AgentSpec::Human => Player::Human,
        AgentSpec::Random => Player::Computer(Box::new(RandomAgent::new(seed ^ salt))),
        AgentSpec::Mcts(budget) => Player::Computer(Box::new(MctsAgent::new(*budget, seed ^ salt))),
    };
    let mut players = [make_player(&args.first, 1), make_player(&args.second, 2)];
    let terminal = std::io::stdout().is_terminal();
    let stdin = std::io::stdin();
    let mut input = stdin.lock().lines();
    let mut out = std::io::stdout().lock();
    let mut last: Option<String> = None;
    let stopped = loop {
        if terminal {
            let _ = write!(out, "\x1b[2J\x1b[H");
        }
        if let Some(text) = &last {
            let _ = writeln!(out, "{text}");
        }
        let _ = write!(out, "{}", draw_with_status(&game, &pos));
        let _ = out.flush();
        if game.outcome(&pos).is_some() {
            break false;
        }
        let side = pos.side();
        let mover = game.player_name(side).to_string();
        let mv: Option<Move> = match &mut players[side as usize] {
            Player::Computer(agent) => Some(agent.choose(&game, &pos)),
            Player::Human => loop {
                let _ = write!(out, "{mover}> ");
                let _ = out.flush();
                let Some(Ok(line)) = input.next() else {
                    let _ = writeln!(out, "\ninput ended; game stopped");
                    break None;
                };
                let line = line.trim();
                match line {
                    "" => continue,
                    "?" | "help" | "moves" => {
                        let names: Vec<String> = game.legal_moves(&pos).iter().map(|&m| game.move_name(&pos, m)).collect();
                        let _ = writeln!(out, "legal moves: {}", names.join(" "));
                        continue;
                    }
                    "quit" | "exit" => break None,
                    _ => {}
                }
                match game.parse_move(&pos, line) {
                    Ok(mv) => break Some(mv),
                    Err(err) => {
                        let _ = writeln!(out, "{err}");
                    }
                }
            },
        };
        // A human who quits or runs out of input stops the game.
        let Some(mv) = mv else { break true };
        let name = game.move_name(&pos, mv);
        last = Some(format!("{mover} played {name}"));
        record.moves.push(name);
        game.make(&mut pos, mv);
    };
    record.result = result_token(&game, &pos);
    if let Some(outcome) = game.outcome(&pos) {
        record.set_tag("Termination", outcome.describe(&game));
    }
    record.tags.retain(|(k, _)| k != "Result");
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
    let record = Record::parse(path, &text)?;
    let id = match ruleset.or(record.tag("Ruleset")) {
        Some(id) => id.to_string(),
        None => return Err(CliError::failure(format!("{path} has no Ruleset tag; give --ruleset"))),
    };
    let game = load_game(&id, &params_of(&record)?)?;
    let (pos, played) = replay_record(&game, &record, path)?;
    crate::out!("{}", draw_with_status(&game, &pos));
    crate::outln!("position: {}", game.write_position(&pos));
    crate::outln!("{} moves checked", played.len());
    let actual = result_token(&game, &pos);
    if record.result != "*" && record.result != actual {
        return Err(CliError::failure(format!("{path}: the record's result is {} but the position's is {actual}", record.result)));
    }
    Ok(())
}
