//! Limits and points: which duels count (hors concours, over a limit, counted), then base
//! points, trophies and totals, over the event and in each game.

use super::event::{Duel, Event, Res};
use super::{DUELS_PER_OPPONENT, OPPONENTS_PER_GAME, Scope};
use std::collections::HashMap;

/// What became of a duel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Counted and won: the winner earns 1 + the loser's final base points.
    Won { winner: usize, loser: usize },
    /// Counted, drawn: no points.
    Drawn,
    /// The two players are of the same school: shown, not scored, not counted for the limits.
    HorsConcours,
    /// It would break a limit (the sentences say which): shown, not scored, not counted.
    OverLimit(Vec<String>),
}

/// One player's tally over the counted duels (of the event, or of one game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    /// Duels won.
    pub base: u32,
    /// The beaten opponents' final base points, one term a won duel.
    pub trophy: u32,
}

impl Tally {
    pub fn total(&self) -> u32 {
        self.base + self.trophy
    }
}

/// Everything the report shows.
pub struct Standings<'e> {
    pub event: &'e Event,
    pub scope: Scope,
    /// One a duel, in file order.
    pub status: Vec<Status>,
    /// One a player: over the event's counted duels.
    pub overall: Vec<Tally>,
    /// One a game, one a player.
    pub per_game: Vec<Vec<Tally>>,
}

impl Standings<'_> {
    /// The points the winner earned for duel `i`: 1 + the beaten player's final base points.
    pub fn points(&self, i: usize) -> u32 {
        match self.status[i] {
            Status::Won { loser, .. } => 1 + self.overall[loser].base,
            _ => 0,
        }
    }
}

/// The duels counted so far: whom each player met in each game, and the lines of each pair's
/// duels (in the event, or in each game).
pub(super) struct Limits {
    scope: Scope,
    opponents: HashMap<(usize, usize), Vec<usize>>,
    pairs: HashMap<(usize, usize, Option<usize>), Vec<usize>>,
}

/// A limit a duel would break.
enum Breach {
    /// `player` would meet a 4th opponent in the game; `met` are the three.
    Opponents { player: usize, met: Vec<usize> },
    /// The pair played twice already, on these lines.
    SameOpponent { lines: Vec<usize> },
}

impl Limits {
    pub(super) fn new(scope: Scope) -> Limits {
        Limits { scope, opponents: HashMap::new(), pairs: HashMap::new() }
    }

    fn pair(&self, game: usize, a: usize, b: usize) -> (usize, usize, Option<usize>) {
        (a.min(b), a.max(b), (self.scope == Scope::Game).then_some(game))
    }

    pub(super) fn met(&self, player: usize, game: usize) -> &[usize] {
        self.opponents.get(&(player, game)).map_or(&[], Vec::as_slice)
    }

    /// Would a duel of `a` and `b` in `game` keep within both limits?
    pub(super) fn allows(&self, game: usize, a: usize, b: usize) -> bool {
        self.breaches(game, a, b).is_empty()
    }

    fn breaches(&self, game: usize, a: usize, b: usize) -> Vec<Breach> {
        let mut found = Vec::new();
        for (player, opponent) in [(a, b), (b, a)] {
            let met = self.met(player, game);
            if !met.contains(&opponent) && met.len() >= OPPONENTS_PER_GAME {
                found.push(Breach::Opponents { player, met: met.to_vec() });
            }
        }
        let lines = self.pairs.get(&self.pair(game, a, b)).cloned().unwrap_or_default();
        if lines.len() >= DUELS_PER_OPPONENT {
            found.push(Breach::SameOpponent { lines });
        }
        found
    }

    pub(super) fn add(&mut self, game: usize, a: usize, b: usize, line: usize) {
        for (player, opponent) in [(a, b), (b, a)] {
            let met = self.opponents.entry((player, game)).or_default();
            if !met.contains(&opponent) {
                met.push(opponent);
            }
        }
        let key = self.pair(game, a, b);
        self.pairs.entry(key).or_default().push(line);
    }
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn breach_words(event: &Event, scope: Scope, duel: &Duel, breach: &Breach) -> String {
    let name = |p: usize| event.players[p].name.as_str();
    let game = &event.games[duel.game];
    match breach {
        Breach::Opponents { player, met } => format!(
            "{}'s {} opponent in {game}; at most {OPPONENTS_PER_GAME} opponents a game (met: {})",
            name(*player),
            ordinal(met.len() + 1),
            met.iter().map(|&p| name(p)).collect::<Vec<_>>().join(", ")
        ),
        Breach::SameOpponent { lines } => format!(
            "the {} duel of {} and {} {}; at most {DUELS_PER_OPPONENT} with the same opponent (lines {})",
            ordinal(lines.len() + 1),
            name(duel.first),
            name(duel.second),
            match scope {
                Scope::Event => "in the event".to_string(),
                Scope::Game => format!("in {game}"),
            },
            lines.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
        ),
    }
}

fn same_school(event: &Event, a: usize, b: usize) -> bool {
    matches!((&event.players[a].school, &event.players[b].school), (Some(x), Some(y)) if x == y)
}

/// Judges an event: each duel in file order is hors concours (same school), over a limit (not
/// counted), or counted; then base points, trophies and totals.
pub fn judge(event: &Event, scope: Scope) -> Standings<'_> {
    let mut limits = Limits::new(scope);
    let mut status = Vec::with_capacity(event.duels.len());
    for duel in &event.duels {
        let (a, b) = (duel.first, duel.second);
        if same_school(event, a, b) {
            status.push(Status::HorsConcours);
            continue;
        }
        let breaches = limits.breaches(duel.game, a, b);
        if !breaches.is_empty() {
            status.push(Status::OverLimit(breaches.iter().map(|br| breach_words(event, scope, duel, br)).collect()));
            continue;
        }
        limits.add(duel.game, a, b, duel.line);
        status.push(match duel.result {
            Res::FirstWon => Status::Won { winner: a, loser: b },
            Res::SecondWon => Status::Won { winner: b, loser: a },
            Res::Draw => Status::Drawn,
        });
    }
    let players = event.players.len();
    let mut overall = vec![Tally::default(); players];
    let mut per_game = vec![vec![Tally::default(); players]; event.games.len()];
    // Base points first: a trophy is the beaten player's base points at the end of the event.
    for (duel, status) in event.duels.iter().zip(&status) {
        for tally in [&mut overall, &mut per_game[duel.game]] {
            match *status {
                Status::Won { winner, loser } => {
                    tally[winner].won += 1;
                    tally[winner].base += 1;
                    tally[loser].lost += 1;
                }
                Status::Drawn => {
                    tally[duel.first].drawn += 1;
                    tally[duel.second].drawn += 1;
                }
                Status::HorsConcours | Status::OverLimit(_) => {}
            }
        }
    }
    let base: Vec<u32> = overall.iter().map(|t| t.base).collect();
    for (duel, status) in event.duels.iter().zip(&status) {
        if let Status::Won { winner, loser } = *status {
            overall[winner].trophy += base[loser];
            per_game[duel.game][winner].trophy += base[loser];
        }
    }
    Standings { event, scope, status, overall, per_game }
}

/// The limits in words, for the report and the head of a simulated event file.
pub(super) fn limits_words(scope: Scope) -> String {
    format!(
        "at most {OPPONENTS_PER_GAME} opponents a game; at most {DUELS_PER_OPPONENT} duels with the same opponent {}",
        match scope {
            Scope::Event => "in the whole event",
            Scope::Game => "in each game",
        }
    )
}
