//! The schedule of a simulated event: pairings in rounds, under the same limits the scoring
//! applies.

use super::Scope;
use super::score::Limits;
use hetproba_ai::Rng;
use hetproba_play::AgentSpec;
use std::collections::HashMap;

/// A planned duel: the game (index into the games), the player who moves first, the other.
pub(super) struct Pairing {
    pub(super) game: usize,
    pub(super) first: usize,
    pub(super) second: usize,
}

/// The pairings: rounds in which every player, in each game, in an order shuffled from the seed
/// (games mixed, so no game comes first), challenges one opponent drawn from those it may still
/// meet in that game (another school, not met in this game yet, within both limits), until a
/// round adds no duel. Who moves first is drawn too. Results do not matter: draws count for the
/// limits like wins.
pub(super) fn pairings(
    players: &[(String, AgentSpec)],
    schools: &HashMap<String, String>,
    games: usize,
    scope: Scope,
    rng: &mut Rng,
) -> Vec<Pairing> {
    let mut limits = Limits::new(scope);
    let mut planned = Vec::new();
    let n = players.len();
    let school = |p: usize| schools.get(&players[p].0);
    loop {
        let before = planned.len();
        let mut turns: Vec<(usize, usize)> = (0..games).flat_map(|g| (0..n).map(move |p| (g, p))).collect();
        for i in (1..turns.len()).rev() {
            turns.swap(i, rng.below(i + 1));
        }
        for (game, p) in turns {
            let candidates: Vec<usize> = (0..n)
                .filter(|&q| q != p)
                .filter(|&q| school(p).is_none() || school(p) != school(q))
                .filter(|&q| !limits.met(p, game).contains(&q))
                .filter(|&q| limits.allows(game, p, q))
                .collect();
            if candidates.is_empty() {
                continue;
            }
            let q = candidates[rng.below(candidates.len())];
            limits.add(game, p, q, planned.len() + 1);
            let (first, second) = if rng.below(2) == 0 { (p, q) } else { (q, p) };
            planned.push(Pairing { game, first, second });
        }
        if planned.len() == before {
            return planned;
        }
    }
}
