//! Agents that play any ruleset: uniformly random, and Monte Carlo tree search (UCT with random
//! playouts). They see only the engine's interface, never a game by name.

use hetproba_engine::rules::model::PlayerId;
use hetproba_engine::{Game, Move, Position};
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

/// Something that chooses moves.
pub trait Agent {
    /// Chooses one of the legal moves of `pos` (which has at least one).
    fn choose(&mut self, game: &Game, pos: &Position) -> Move;
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
    fn choose(&mut self, game: &Game, root_pos: &Position) -> Move {
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
        let best = nodes[0].children.iter().max_by(|&&a, &&b| nodes[a].visits.total_cmp(&nodes[b].visits)).copied();
        match best {
            Some(child) => nodes[child].mv,
            None => nodes[0].untried[0],
        }
    }
}
