//! `championship`: the standings of an event from its duel results, or an event simulated with
//! computer players. Reading, scoring and simulating are `hetproba_analysis::championship`;
//! here are the options, the files and the printing.

use crate::CliError;
use hetproba_analysis::Workers;
use hetproba_analysis::championship::{
    Scope, SimulateError, Simulation, checked_name, has_csv_extension, judge, parse_event, to_json, write_text,
};
use hetproba_play::AgentSpec;
use serde_json::Value;

#[derive(clap::Args)]
pub struct ChampionshipArgs {
    /// The event's duel results: one duel a line (GAME FIRST SECOND RESULT), or CSV (a .csv file,
    /// or a first line that names the columns). See docs/championship.md.
    #[arg(required_unless_present = "simulate")]
    pub file: Option<String>,
    /// Print JSON: {limits, counts, standings, categories, games, duels}.
    #[arg(long)]
    pub json: bool,
    /// Where "at most 2 duels with the same opponent" counts: over the whole event, or in each
    /// game apart.
    #[arg(long, value_enum, default_value_t = ScopeArg::Event)]
    pub same_opponent: ScopeArg,
    /// Play a whole event with computer players instead of reading one; needs --players and
    /// --games.
    #[arg(long, conflicts_with = "file", requires_all = ["players", "games"])]
    pub simulate: bool,
    /// With --simulate: the players and their agents, NAME=AGENT separated by commas
    /// (Anna=random,Bence=mcts:200).
    #[arg(long, requires = "simulate", value_delimiter = ',', value_parser = parse_entrant, value_name = "NAME=AGENT,...")]
    pub players: Vec<(String, AgentSpec)>,
    /// With --simulate: the games, built-in ruleset ids or .toml paths separated by commas.
    #[arg(long, requires = "simulate", value_delimiter = ',', value_name = "ID,...")]
    pub games: Vec<String>,
    /// With --simulate: the seed of the pairings and of the agents (default: from the clock; the
    /// event file names it).
    #[arg(long, requires = "simulate")]
    pub seed: Option<u64>,
    /// With --simulate: schools, NAME=SCHOOL separated by commas; players of one school do not
    /// challenge each other.
    #[arg(long, requires = "simulate", value_delimiter = ',', value_parser = parse_school, value_name = "NAME=SCHOOL,...")]
    pub schools: Vec<(String, String)>,
    /// With --simulate: write the event file here, and print only the standings.
    #[arg(long, requires = "simulate")]
    pub out: Option<String>,
}

pub fn championship(args: &ChampionshipArgs) -> Result<(), CliError> {
    let (event, simulated) = if args.simulate {
        let text = simulate(args)?;
        let event = parse_event("(simulated event)", &text, false)?;
        if let Some(path) = &args.out {
            crate::files::write_whole(path, &text).map_err(CliError::failure)?;
        }
        (event, Some(text))
    } else {
        let path = args.file.as_deref().unwrap_or_default();
        let text = std::fs::read_to_string(path).map_err(|e| CliError::failure(format!("cannot read {path}: {e}")))?;
        (parse_event(path, &text, has_csv_extension(path))?, None)
    };
    let standings = judge(&event, args.same_opponent.into());
    if args.json {
        let mut value = to_json(&standings);
        if let (Some(text), Some(map)) = (&simulated, value.as_object_mut()) {
            map.insert("event".into(), Value::String(text.clone()));
        }
        crate::outln!("{}", serde_json::to_string_pretty(&value).unwrap_or_default());
        return Ok(());
    }
    let report = write_text(&standings);
    match (&simulated, &args.out) {
        // The event, then the standings as comments: the whole output reads back as the event.
        (Some(text), None) => {
            crate::out!("{text}\n");
            for line in report.lines() {
                crate::outln!("{}", if line.is_empty() { "#".to_string() } else { format!("# {line}") });
            }
        }
        _ => crate::out!("{report}"),
    }
    Ok(())
}

/// Where the same-opponent limit counts duels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ScopeArg {
    /// Over the whole event (the notice's words: "with the same opponent at most two games").
    Event,
    /// In each game apart.
    Game,
}

impl From<ScopeArg> for Scope {
    fn from(scope: ScopeArg) -> Scope {
        match scope {
            ScopeArg::Event => Scope::Event,
            ScopeArg::Game => Scope::Game,
        }
    }
}

/// Parses `NAME=AGENT` of `--players`: a computer agent (human players cannot be simulated).
fn parse_entrant(text: &str) -> Result<(String, AgentSpec), String> {
    let (name, agent) = text.split_once('=').ok_or_else(|| format!("expected NAME=AGENT, got '{text}'"))?;
    let name = checked_name(name)?;
    match AgentSpec::parse(agent.trim()).map_err(|e| e.to_string())? {
        AgentSpec::Human => Err(format!("'{name}' cannot be human in a simulated event; use random or mcts")),
        spec => Ok((name, spec)),
    }
}

/// Parses `NAME=SCHOOL` of `--schools`.
fn parse_school(text: &str) -> Result<(String, String), String> {
    let (name, school) = text.split_once('=').ok_or_else(|| format!("expected NAME=SCHOOL, got '{text}'"))?;
    let school = school.trim();
    if school.is_empty() || school.contains('"') {
        return Err(format!("'{school}' is not a school name (not empty, no double quotes)"));
    }
    Ok((checked_name(name)?, school.to_string()))
}

/// Loads the games and plays the event; the seed, when not given, from the clock.
fn simulate(args: &ChampionshipArgs) -> Result<String, CliError> {
    let mut games = Vec::new();
    for arg in &args.games {
        games.push(crate::load::load_game(arg.trim(), &[])?);
    }
    let seed = args
        .seed
        .unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0));
    let sim = Simulation { players: &args.players, games: &games, schools: &args.schools, seed, scope: args.same_opponent.into() };
    let workers = Workers::new(None).map_err(|e| CliError::failure(e.to_string()))?;
    hetproba_analysis::championship::simulate(&sim, &workers, crate::system_timer()).map_err(|e| {
        CliError::usage(match e {
            SimulateError::PlayerTwice(name) => format!("--players names '{name}' twice"),
            SimulateError::TooFewPlayers => "--players needs at least two players".to_string(),
            SimulateError::SchoolOfNobody(name) => format!("--schools names '{name}', who is not in --players"),
            SimulateError::SchoolTwice(name) => format!("--schools names '{name}' twice"),
            SimulateError::GameTwice(id) => format!("--games names '{id}' twice"),
            SimulateError::Human(_) => "a simulated event has no human players".to_string(),
        })
    })
}
