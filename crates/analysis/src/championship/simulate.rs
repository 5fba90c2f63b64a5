//! The loop of a simulated event: each planned duel played by the engine, and the event file
//! written from the results.

use super::event::{Res, quote};
use super::schedule::{Pairing, pairings};
use super::score::limits_words;
use super::{PLY_CAP, Scope};
use crate::Workers;
use hetproba_ai::{Rng, Timer};
use hetproba_engine::{Game, Position, Session};
use hetproba_play::{AgentSpec, Ending, Match};
use std::collections::HashMap;

/// Plays one duel to its end (or `cap` plies: adjudicated a draw, as everywhere; a simulated event
/// caps at [`PLY_CAP`]); the first agent moves first. Returns the result and a note for the event
/// file.
pub fn play_duel(game: &Game, first: &AgentSpec, second: &AgentSpec, seed: u64, cap: usize, timer: &dyn Timer) -> (Res, String) {
    let start = Session::new(game, Position::start(game));
    let mut duel = Match::new(start, &[], [first.clone(), second.clone()], seed, timer).with_cap(Some(cap));
    let Ok(()) = duel.run(&mut hetproba_play::matches::Computers);
    let outcome = duel.outcome().expect("a duel of computers ends by its rules or the cap");
    let result = match outcome.winner {
        None => Res::Draw,
        Some(w) if w.index() == 0 => Res::FirstWon,
        Some(_) => Res::SecondWon,
    };
    let note = match duel.ending() {
        Some(Ending::Cap(_)) => format!("no end within {cap} plies: counted as a draw"),
        _ => format!("{} plies; {}", duel.plies(), outcome.describe(game)),
    };
    (result, note)
}

/// An event to simulate.
pub struct Simulation<'a> {
    /// The players and their agents, in the order given.
    pub players: &'a [(String, AgentSpec)],
    /// The games.
    pub games: &'a [Game],
    /// Schools, (player, school), in the order given.
    pub schools: &'a [(String, String)],
    /// The seed of the pairings and of the agents.
    pub seed: u64,
    pub scope: Scope,
}

/// Why an event cannot be simulated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimulateError {
    #[error("the players name '{0}' twice")]
    PlayerTwice(String),
    #[error("an event needs at least two players")]
    TooFewPlayers,
    #[error("the schools name '{0}', who is not a player")]
    SchoolOfNobody(String),
    #[error("the schools name '{0}' twice")]
    SchoolTwice(String),
    #[error("the games name '{0}' twice")]
    GameTwice(String),
    #[error("'{0}' cannot be human in a simulated event; use random or mcts")]
    Human(String),
}

/// Plays a whole event and returns its event file (text format), the duels in the order planned.
pub fn simulate(sim: &Simulation, workers: &Workers, timer: &dyn Timer) -> Result<String, SimulateError> {
    let players = sim.players;
    for (i, (name, spec)) in players.iter().enumerate() {
        if players[..i].iter().any(|(other, _)| other == name) {
            return Err(SimulateError::PlayerTwice(name.clone()));
        }
        if spec.is_human() {
            return Err(SimulateError::Human(name.clone()));
        }
    }
    if players.len() < 2 {
        return Err(SimulateError::TooFewPlayers);
    }
    let mut schools = HashMap::new();
    for (name, school) in sim.schools {
        if !players.iter().any(|(p, _)| p == name) {
            return Err(SimulateError::SchoolOfNobody(name.clone()));
        }
        if schools.insert(name.clone(), school.clone()).is_some() {
            return Err(SimulateError::SchoolTwice(name.clone()));
        }
    }
    let games = sim.games;
    for (i, game) in games.iter().enumerate() {
        if games[..i].iter().any(|g| g.rules().id == game.rules().id) {
            return Err(SimulateError::GameTwice(game.rules().id.clone()));
        }
    }
    let (seed, scope) = (sim.seed, sim.scope);
    let mut rng = Rng::new(seed);
    let mut planned = pairings(players, &schools, games.len(), scope, &mut rng);
    // Grouped by game for the reader; any order of these duels keeps within the limits, since
    // the whole set does.
    planned.sort_by_key(|p| p.game);
    let seeds: Vec<(&Pairing, u64)> = planned.iter().map(|p| (p, rng.next_u64())).collect();
    let results: Vec<(Res, String)> =
        workers.map(&seeds, |&(p, seed)| play_duel(&games[p.game], &players[p.first].1, &players[p.second].1, seed, PLY_CAP, timer));

    let agents: Vec<String> = players.iter().map(|(name, spec)| format!("{name}={}", spec.label())).collect();
    let ids: Vec<&str> = games.iter().map(|g| g.rules().id.as_str()).collect();
    let mut command = format!(
        "hetproba championship --simulate --players {} --games {} --seed {seed}",
        shell_word(&agents.join(",")),
        shell_word(&ids.join(","))
    );
    if !sim.schools.is_empty() {
        let pairs: Vec<String> = sim.schools.iter().map(|(n, s)| format!("{n}={s}")).collect();
        command += &format!(" --schools {}", shell_word(&pairs.join(",")));
    }
    if scope == Scope::Game {
        command += " --same-opponent game";
    }
    let mut out = format!("# A championship simulated by hetproba, seed {seed}:\n# {command}\n");
    out += &format!("# Limits: {}.\n", limits_words(scope));
    if scope == Scope::Game {
        out += "# Read it back with --same-opponent game.\n";
    }
    out += &format!("# The first player named moved first; a game without an end within {PLY_CAP} plies is a draw.\n\n");
    let width = players.iter().map(|(n, _)| quote(n).chars().count()).max().unwrap_or(0);
    for (name, spec) in players {
        let mut line = format!("player {:width$}", quote(name));
        if let Some(school) = schools.get(name) {
            line += &format!("  school={}", quote(school));
        }
        out += &format!("{}  # {}\n", line, spec.label());
    }
    out += "\n";
    let game_width = ids.iter().map(|id| quote(id).chars().count()).max().unwrap_or(0);
    for (p, (result, note)) in planned.iter().zip(&results) {
        out += &format!(
            "{:game_width$}  {:width$}  {:width$}  {:7}  # {note}\n",
            quote(ids[p.game]),
            quote(&players[p.first].0),
            quote(&players[p.second].0),
            result.token()
        );
    }
    Ok(out)
}

/// A word for a shell command line: quoted unless it is only letters, digits and `,.:=/_-`.
fn shell_word(word: &str) -> String {
    if word.chars().all(|c| c.is_alphanumeric() || ",.:=/_-".contains(c)) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}
