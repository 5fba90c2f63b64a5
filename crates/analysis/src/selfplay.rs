//! `selfplay`: many games between two computer players, one JSON line per game, for `stats`.
//!
//! Each game has its own seed, drawn from the run's seed and the game's number, so a run gives
//! the same lines whatever the number of threads, and a slice of it (`--shard K/N`) the same
//! lines as that slice of the whole run. The players' seeds follow `play`'s rule (the player in
//! seat s gets the game's seed xor s), so any game replays with
//! `hetproba play RULESET --first A --second B --seed GAME_SEED`.

use crate::Workers;
use hetproba_ai::{Timer, TreeMemory};
use hetproba_engine::rules::model::{PieceTypeId, PlayerId};
use hetproba_engine::{Game, Owner, Piece, Position, Session};
use hetproba_play::{AgentSpec, Ending, Host, Match};
use serde::{Deserialize, Serialize};
use std::convert::Infallible;

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
    /// `1-0`, `0-1` or `1/2-1/2` (a game at the ply cap is adjudicated a draw; files written
    /// before that rule say `*` for it).
    pub result: String,
    /// The seat that won (1 or 2), none for a draw.
    pub winner: Option<u8>,
    pub reason: String,
    /// True when the game reached the ply cap without an end: adjudicated a draw, which
    /// statistics count apart from the draws the rules make.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub capped: bool,
    pub plies: usize,
    pub moves: Vec<String>,
    /// The number of legal moves before each ply.
    pub branching: Vec<u32>,
    /// How often the lead in material (the pieces' values) passed from one player to the other.
    pub lead_changes: u32,
    /// The ply after which the winner led in material to the end, if it did.
    pub decided_at: Option<usize>,
}

impl GameLine {
    /// The line as `selfplay` writes it: one JSON object, no newline.
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("a game line is plain data")
    }
}

/// A slice of a run: the `k`-th of `n` (1-based) takes games k-1, k-1+n, k-1+2n, ... of `games`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub k: u64,
    pub n: u64,
}

impl Shard {
    /// `K/N` with 1 <= K <= N.
    pub fn parse(text: &str) -> Option<Shard> {
        let (k, n) = text.split_once('/')?;
        let (k, n) = (k.trim().parse::<u64>().ok()?, n.trim().parse::<u64>().ok()?);
        (k >= 1 && k <= n).then_some(Shard { k, n })
    }
}

/// The numbers of the games a run plays: all of `games`, or a shard's slice of them. The shards
/// of one run together play every game once, each with the seed the whole run gives it.
pub fn game_numbers(games: u64, shard: Option<Shard>) -> Vec<u64> {
    match shard {
        Some(Shard { k, n }) => (k - 1..games).step_by(usize::try_from(n).unwrap_or(usize::MAX)).collect(),
        None => (0..games).collect(),
    }
}

/// SplitMix64: the game's seed from the run's seed and the game's number.
pub fn game_seed(seed: u64, game: u64) -> u64 {
    let mut z = seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The material balance, first player minus second, by the pieces' values: from the counts the
/// position keeps, since self-play asks it after every ply.
fn material(game: &Game, pos: &Position) -> i64 {
    game.rules().pieces.iter().enumerate().fold(0, |sum, (k, piece)| {
        let kind = PieceTypeId::new(k);
        let count = |p: PlayerId| i64::from(pos.count(Piece::new(kind, Owner::Player(p))));
        sum + i64::from(piece.value) * (count(PlayerId::FIRST) - count(PlayerId::SECOND))
    })
}

/// What a game of self-play records as it goes: the legal moves before each ply and the lead
/// in material after each.
struct Tally<'g> {
    game: &'g Game,
    branching: Vec<u32>,
    leads: Vec<i64>,
    scratch: Vec<hetproba_engine::Move>,
}

impl Host for Tally<'_> {
    type Error = Infallible;

    fn show(&mut self, m: &Match) -> Result<(), Infallible> {
        if m.ending().is_none() {
            self.game.generate(m.position(), &mut self.scratch);
            self.branching.push(self.scratch.len() as u32);
        }
        Ok(())
    }

    fn human(&mut self, _: &mut Match) -> Result<hetproba_play::Turn, Infallible> {
        // Self-play seats computers; a person's seat stops the game.
        Ok(hetproba_play::Turn::Stop)
    }

    fn watches(&self) -> bool {
        false
    }

    fn played(&mut self, m: &Match) -> Result<(), Infallible> {
        self.leads.push(material(self.game, m.position()).signum());
        Ok(())
    }
}

/// Plays game number `n` of a run: player A and B, alternating seats when `alternate` (A first
/// in even games), capped at `max_plies`. Human players are not asked: both must be computers.
#[allow(clippy::too_many_arguments)]
pub fn play_one(
    game: &Game,
    a: &AgentSpec,
    b: &AgentSpec,
    seed: u64,
    n: u64,
    alternate: bool,
    max_plies: usize,
    timer: &dyn Timer,
) -> GameLine {
    play_one_in(game, [a, b], seed, n, alternate, max_plies, timer, &TreeMemory::unlimited())
}

/// [`play_one`] with the players' search trees in `memory`, which the run's games share.
#[allow(clippy::too_many_arguments)]
fn play_one_in(
    game: &Game,
    [a, b]: [&AgentSpec; 2],
    seed: u64,
    n: u64,
    alternate: bool,
    max_plies: usize,
    timer: &dyn Timer,
    memory: &TreeMemory,
) -> GameLine {
    let gseed = game_seed(seed, n);
    let a_first = !alternate || n.is_multiple_of(2);
    let specs = if a_first { [a, b] } else { [b, a] };
    let start = Session::new(game, Position::start(game));
    let mut table =
        Match::new(start, &[], [specs[0].clone(), specs[1].clone()], gseed, timer).with_memory(memory).with_cap(Some(max_plies));
    let mut tally =
        Tally { game, branching: Vec::new(), leads: vec![material(game, &Position::start(game)).signum()], scratch: Vec::new() };
    let Ok(()) = table.run(&mut tally);
    let outcome = table.outcome();
    // The leader after each ply, ignoring level positions: a change is a sign flip.
    let leads = &tally.leads;
    let signs: Vec<i64> = leads.iter().copied().filter(|&s| s != 0).collect();
    let lead_changes = signs.windows(2).filter(|w| w[0] != w[1]).count() as u32;
    let winner = outcome.as_ref().and_then(|o| o.winner);
    let decided_at = winner.and_then(|w| {
        let sign = if w == PlayerId::FIRST { 1 } else { -1 };
        // The first ply from which the winner leads to the end.
        let from = leads.iter().rposition(|&s| s != sign).map_or(0, |i| i + 1);
        (from < leads.len()).then_some(from)
    });
    // Self-play lines write results from the first seat's side, whatever the notation.
    let result = match outcome.as_ref().map(|o| o.winner) {
        Some(Some(PlayerId::FIRST)) => "1-0",
        Some(Some(_)) => "0-1",
        _ => "1/2-1/2",
    };
    // The moves leave the finished match by value: one copy less of every move's name.
    let moves = std::mem::take(&mut table.record_mut().moves);
    GameLine {
        ruleset: game.rules().id.clone(),
        game: n,
        seed: gseed,
        seats: [specs[0].label(), specs[1].label()],
        a_seat: if a_first { 1 } else { 2 },
        result: result.to_string(),
        winner: winner.map(|w| w.0 + 1),
        reason: outcome.map(|o| o.reason).unwrap_or_default(),
        capped: table.ending().is_some_and(Ending::is_cap),
        plies: moves.len(),
        moves,
        branching: tally.branching,
        lead_changes,
        decided_at,
    }
}

/// How a self-play run is played: the two players, the seed, seats, the cap.
#[derive(Clone, Debug)]
pub struct Run {
    /// Player A and player B.
    pub players: [AgentSpec; 2],
    /// The run's seed: each game's seed is drawn from it and the game's number.
    pub seed: u64,
    /// Seats alternate (A first in even games); otherwise A keeps the first seat.
    pub alternate: bool,
    /// A game still going after this many plies is adjudicated a draw.
    pub max_plies: usize,
    /// The memory all the games' search trees share at one time.
    pub memory: TreeMemory,
}

/// Plays the games `numbers` on `workers`, turns each game's line into what the caller keeps
/// with `keep` (on the worker that played it), and hands the kept values, in game order, to
/// `sink` a batch at a time (on the calling thread, while the next batch plays); `progress`
/// hears how many are done.
#[allow(clippy::too_many_arguments)]
pub fn play_many<T: Send, E>(
    workers: &Workers,
    game: &Game,
    run: &Run,
    numbers: &[u64],
    timer: &dyn Timer,
    keep: impl Fn(GameLine) -> T + Sync,
    mut sink: impl FnMut(Vec<T>) -> Result<(), E>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(), E> {
    let [a, b] = &run.players;
    // Batches keep memory bounded for millions of games and let lines out in order; the threads
    // play one batch while the caller writes the one before, so no thread waits for the writing.
    let mut played: Option<Vec<T>> = None;
    for batch in numbers.chunks(512) {
        let play = |&n: &u64| {
            let line = play_one_in(game, [a, b], run.seed, n, run.alternate, run.max_plies, timer, &run.memory);
            progress(1);
            keep(line)
        };
        let (kept, written) = workers.map_meanwhile(batch, play, || played.take().map_or(Ok(()), &mut sink));
        written?;
        played = Some(kept);
    }
    played.map_or(Ok(()), sink)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shards_of_a_run_play_every_game_once() {
        let mut all: Vec<u64> = (1..=3).flat_map(|k| game_numbers(10, Some(Shard { k, n: 3 }))).collect();
        all.sort_unstable();
        assert_eq!(all, game_numbers(10, None));
        assert_eq!(game_numbers(10, Some(Shard { k: 2, n: 3 })), [1, 4, 7]);
        assert_eq!(game_numbers(2, Some(Shard { k: 3, n: 3 })), Vec::<u64>::new());
    }

    /// The balance from the position's counts is the one a walk of the board gives, in every
    /// built-in ruleset, along a game of varied moves.
    #[test]
    fn the_material_balance_from_counts_is_the_board_walks() {
        use hetproba_engine::board::CellId;
        let walked = |game: &Game, pos: &Position| -> i64 {
            (0..game.board().len()).filter_map(|i| pos.at(CellId::new(i))).fold(0, |sum, p| {
                let value = i64::from(game.rules().pieces[p.kind().index()].value);
                match p.owner() {
                    Owner::Player(PlayerId::FIRST) => sum + value,
                    Owner::Player(_) => sum - value,
                    Owner::Nobody => sum,
                }
            })
        };
        // Positions where one side leads: the test would pass on all-zero balances otherwise.
        let mut leads = 0;
        for id in hetproba_engine::rules::builtin_ids() {
            let rules = hetproba_engine::rules::load_builtin(id, &[]).expect("built in").unwrap_or_else(|r| panic!("{r}"));
            let game = Game::new(rules);
            let mut pos = Position::start(&game);
            let mut moves = Vec::new();
            for ply in 0..200 {
                assert_eq!(material(&game, &pos), walked(&game, &pos), "{id} after {ply} plies");
                leads += usize::from(walked(&game, &pos) != 0);
                game.generate(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                game.make(&mut pos, moves[(ply * 7 + 3) % moves.len()]);
            }
        }
        assert!(leads > 100, "{leads} positions with a lead");
    }

    #[test]
    fn shards_are_read_as_k_of_n() {
        assert_eq!(Shard::parse("2/8"), Some(Shard { k: 2, n: 8 }));
        assert_eq!(Shard::parse(" 1 / 1 "), Some(Shard { k: 1, n: 1 }));
        for bad in ["0/2", "3/2", "2", "a/b", "-1/2", "1/0"] {
            assert_eq!(Shard::parse(bad), None, "{bad}");
        }
    }
}
