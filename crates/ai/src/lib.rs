//! Agents that play any ruleset: uniformly random, and Monte Carlo tree search (UCT with random
//! playouts). They see only the engine's interface, never a game by name.

use hetproba_engine::rules::model::PlayerId;
use hetproba_engine::{Game, Move, Position};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// A small, seedable random number generator (SplitMix64): games must replay from a seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5DEE_CE66_D1CE_4E5B)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// How much an MCTS agent may think per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    Playouts(u32),
    Time(Duration),
}

/// How far a search has come, for a display that shows the computer thinking.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Playouts made so far in this search.
    pub playouts: u32,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The move the search would play if it stopped now (the most visited so far).
    pub best: Move,
}

/// What a search tells its progress to: `Break` stops the search.
pub type Observer<'a> = dyn FnMut(&Progress) -> ControlFlow<()> + 'a;

/// A search reports its [`Progress`] every this many playouts (and once at its end).
pub const PROGRESS_EVERY: u32 = 64;

/// Something that chooses moves.
pub trait Agent {
    /// Chooses one of the legal moves of `pos` (which has at least one).
    fn choose(&mut self, game: &Game, pos: &Position) -> Move;

    /// Chooses as [`Agent::choose`] does, calling `observe` as the search goes on; the move and
    /// the agent's random numbers are those of `choose` as long as `observe` continues. When it
    /// breaks, the search stops and plays its best move so far. An agent that does not search
    /// never calls it.
    fn choose_observed(&mut self, game: &Game, pos: &Position, observe: &mut Observer) -> Move {
        let _ = observe;
        self.choose(game, pos)
    }
}

/// Picks a legal move uniformly at random.
pub struct RandomAgent {
    rng: Rng,
    moves: Vec<Move>,
}

impl RandomAgent {
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent { rng: Rng::new(seed), moves: Vec::new() }
    }
}

impl Agent for RandomAgent {
    fn choose(&mut self, game: &Game, pos: &Position) -> Move {
        game.generate(pos, &mut self.moves);
        self.moves[self.rng.below(self.moves.len())]
    }
}

/// Plays random moves from `pos` until the game ends or `max_plies` pass. Returns the winner
/// (`None` for a draw or an unfinished playout).
pub fn random_playout(game: &Game, pos: &mut Position, rng: &mut Rng, moves: &mut Vec<Move>, max_plies: usize) -> Option<PlayerId> {
    let mut made = 0;
    let result = loop {
        game.generate(pos, moves);
        if moves.is_empty() {
            break game.outcome(pos).and_then(|o| o.winner);
        }
        if made >= max_plies {
            break None;
        }
        let mv = moves[rng.below(moves.len())];
        game.make(pos, mv);
        made += 1;
    };
    for _ in 0..made {
        pos.unmake();
    }
    result
}

struct Node {
    mv: Move,
    parent: usize,
    children: Vec<usize>,
    untried: Vec<Move>,
    visits: f64,
    /// Score for the player who made `mv` (win 1, draw 0.5).
    score: f64,
    /// The player who made `mv`.
    mover: PlayerId,
}

/// The most positions an MCTS tree holds (one per playout, and the root): a search with a time
/// budget stops early when its tree is this large, as one of 1,000,000 playouts does.
pub const MAX_TREE: usize = 1_000_000;

/// Monte Carlo tree search with UCT selection and random playouts; a search stops at its budget
/// or when its tree holds [`MAX_TREE`] positions.
pub struct MctsAgent {
    budget: Budget,
    rng: Rng,
    /// Longest playout, in plies; a playout cut short counts as a draw.
    pub max_playout: usize,
}

impl MctsAgent {
    pub fn new(budget: Budget, seed: u64) -> MctsAgent {
        MctsAgent { budget, rng: Rng::new(seed), max_playout: 2000 }
    }
}

impl Agent for MctsAgent {
    fn choose(&mut self, game: &Game, pos: &Position) -> Move {
        self.search(game, pos, None)
    }

    fn choose_observed(&mut self, game: &Game, pos: &Position, observe: &mut Observer) -> Move {
        self.search(game, pos, Some(observe))
    }
}

/// The most visited child of the root: the move a search plays.
fn most_visited(nodes: &[Node]) -> Move {
    let best = nodes[0].children.iter().max_by(|&&a, &&b| nodes[a].visits.total_cmp(&nodes[b].visits)).copied();
    match best {
        Some(child) => nodes[child].mv,
        None => nodes[0].untried[0],
    }
}

impl MctsAgent {
    /// The search; `observe`, when given, is told the progress every [`PROGRESS_EVERY`] playouts
    /// and at the end. Without it the search does no more than test that it is absent.
    fn search(&mut self, game: &Game, root_pos: &Position, mut observe: Option<&mut Observer>) -> Move {
        let mut pos = root_pos.clone();
        let mut scratch = Vec::new();
        let root_moves = game.legal_moves(&pos);
        if root_moves.len() == 1 {
            return root_moves[0];
        }
        let mut nodes = vec![Node {
            mv: Move::PASS,
            parent: usize::MAX,
            children: Vec::new(),
            untried: root_moves,
            visits: 0.0,
            score: 0.0,
            mover: pos.side().other(),
        }];
        let start = Instant::now();
        let mut playouts = 0u32;
        loop {
            match self.budget {
                Budget::Playouts(n) if playouts >= n => break,
                Budget::Time(t) if playouts > 0 && start.elapsed() >= t => break,
                // A long time budget on a fast game must not fill the memory.
                _ if nodes.len() > MAX_TREE => break,
                _ => {}
            }
            if let Some(observe) = observe.as_mut()
                && playouts.is_multiple_of(PROGRESS_EVERY)
                && playouts > 0
                && observe(&Progress { playouts, elapsed: start.elapsed(), best: most_visited(&nodes) }).is_break()
            {
                return most_visited(&nodes);
            }
            playouts += 1;
            // Select.
            let mut node = 0;
            let mut depth = 0;
            while nodes[node].untried.is_empty() && !nodes[node].children.is_empty() {
                let parent_visits = nodes[node].visits.max(1.0);
                let log_n = parent_visits.ln();
                node = *nodes[node]
                    .children
                    .iter()
                    .max_by(|&&a, &&b| {
                        let ucb = |i: usize| nodes[i].score / nodes[i].visits + 1.4 * (log_n / nodes[i].visits).sqrt();
                        ucb(a).total_cmp(&ucb(b))
                    })
                    .expect("a node with children has a best child");
                game.make(&mut pos, nodes[node].mv);
                depth += 1;
            }
            // Expand.
            if !nodes[node].untried.is_empty() {
                let i = self.rng.below(nodes[node].untried.len());
                let mv = nodes[node].untried.swap_remove(i);
                let mover = pos.side();
                game.make(&mut pos, mv);
                depth += 1;
                let untried = game.legal_moves(&pos);
                nodes.push(Node { mv, parent: node, children: Vec::new(), untried, visits: 0.0, score: 0.0, mover });
                let child = nodes.len() - 1;
                nodes[node].children.push(child);
                node = child;
            }
            // Simulate.
            let winner = random_playout(game, &mut pos, &mut self.rng, &mut scratch, self.max_playout);
            // Back up.
            let mut n = node;
            while n != usize::MAX {
                nodes[n].visits += 1.0;
                nodes[n].score += match winner {
                    Some(w) if w == nodes[n].mover => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                n = nodes[n].parent;
            }
            for _ in 0..depth {
                pos.unmake();
            }
        }
        let best = most_visited(&nodes);
        if let Some(observe) = observe {
            let _ = observe(&Progress { playouts, elapsed: start.elapsed(), best });
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Any game will do: the first built-in ruleset.
    fn game() -> Game {
        let id = hetproba_engine::rules::builtin_ids().next().expect("a built-in ruleset");
        Game::new(hetproba_engine::rules::load_builtin(id, &[]).expect("built in").expect("loads"))
    }

    #[test]
    fn progress_is_reported_with_growing_playout_counts_and_changes_nothing() {
        let game = game();
        let pos = Position::start(&game);
        let plain = MctsAgent::new(Budget::Playouts(300), 7).choose(&game, &pos);
        let mut seen = Vec::new();
        let observed = MctsAgent::new(Budget::Playouts(300), 7).choose_observed(&game, &pos, &mut |p| {
            seen.push(p.playouts);
            ControlFlow::Continue(())
        });
        assert_eq!(plain, observed, "observing does not change the move");
        assert_eq!(seen, vec![64, 128, 192, 256, 300], "every 64 playouts, then at the end");
        assert!(seen.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn an_observer_can_stop_a_search_early() {
        let game = game();
        let pos = Position::start(&game);
        let legal = game.legal_moves(&pos);
        let mut calls = 0;
        let mv = MctsAgent::new(Budget::Time(Duration::from_secs(3600)), 1).choose_observed(&game, &pos, &mut |p| {
            calls += 1;
            assert!(legal.contains(&p.best));
            if p.playouts >= 128 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        });
        assert_eq!(calls, 2);
        assert!(legal.contains(&mv));
    }

    #[test]
    fn an_agent_that_does_not_search_never_reports() {
        let game = game();
        let pos = Position::start(&game);
        let mut called = false;
        RandomAgent::new(3).choose_observed(&game, &pos, &mut |_| {
            called = true;
            ControlFlow::Continue(())
        });
        assert!(!called);
    }
}
