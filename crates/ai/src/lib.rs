//! Agents that play any ruleset: uniformly random, and Monte Carlo tree search (UCT with random
//! playouts). They see only the engine's interface, never a game by name.
//!
//! Architecture invariant: nothing here reads the system clock, a file or a terminal. Time comes
//! from a [`Timer`] the front end hands in (the system clock natively, the page's clock in a
//! browser, a [`StepTimer`] in tests), so the crate builds for `wasm32-unknown-unknown`.

use hetproba_engine::rules::model::PlayerId;
use hetproba_engine::{Game, Move, Position, Session};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

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

/// A monotonic clock. Library code never reads the system clock: the front end hands a timer in.
pub trait Timer: Send + Sync {
    /// The time since an origin of the timer's choosing; it never goes back.
    fn now(&self) -> Duration;
}

/// A timer that moves on by a fixed step each time it is read: searches with a time budget
/// become deterministic (tests), and a step of zero stops time.
#[derive(Debug, Default)]
pub struct StepTimer {
    step_ns: u64,
    now_ns: AtomicU64,
}

impl StepTimer {
    pub fn new(step: Duration) -> StepTimer {
        StepTimer { step_ns: u64::try_from(step.as_nanos()).unwrap_or(u64::MAX), now_ns: AtomicU64::new(0) }
    }
}

impl Timer for StepTimer {
    fn now(&self) -> Duration {
        Duration::from_nanos(self.now_ns.fetch_add(self.step_ns, Ordering::Relaxed))
    }
}

/// The mover's clock, for agents that share their time out over a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLeft {
    /// The mover's time left when the turn began.
    pub mine: Duration,
    /// The opponent's time left.
    pub theirs: Duration,
    /// What each move adds to the mover's time.
    pub increment: Duration,
}

/// What an agent is given besides the game: the time, someone to tell its progress to, the clock.
pub struct Think<'a> {
    pub timer: &'a dyn Timer,
    observer: Option<&'a mut Observer<'a>>,
    /// The clock, when one runs.
    pub clock: Option<TimeLeft>,
}

impl<'a> Think<'a> {
    /// Thinking unobserved, without a clock.
    pub fn new(timer: &'a dyn Timer) -> Think<'a> {
        Think { timer, observer: None, clock: None }
    }

    /// Thinking with `observer` told the progress; `Break` from it stops the search.
    pub fn observed(timer: &'a dyn Timer, observer: &'a mut Observer<'a>) -> Think<'a> {
        Think { timer, observer: Some(observer), clock: None }
    }

    /// With the mover's clock.
    pub fn with_clock(mut self, clock: Option<TimeLeft>) -> Think<'a> {
        self.clock = clock;
        self
    }

    /// Whether anyone watches: a search that is not watched need not build its reports.
    pub fn is_observed(&self) -> bool {
        self.observer.is_some()
    }

    /// Tells the observer, if any; `Break` means stop.
    pub fn report(&mut self, progress: &Progress) -> ControlFlow<()> {
        match self.observer.as_mut() {
            Some(observe) => observe(progress),
            None => ControlFlow::Continue(()),
        }
    }
}

/// Something that chooses moves.
pub trait Agent: Send {
    /// Chooses one of the legal moves of the session's position (which has at least one),
    /// reporting its progress through `think` as it goes; the move and the agent's random
    /// numbers do not depend on whether it is observed, as long as the observer continues. When
    /// the observer breaks, the search stops and plays its best move so far. An agent that does
    /// not search never reports.
    fn choose(&mut self, session: &Session, think: &mut Think) -> Move;
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
    fn choose(&mut self, session: &Session, _: &mut Think) -> Move {
        session.game().generate(session.position(), &mut self.moves);
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

/// Memory for search trees, shared by every search that holds a clone of it (all the jobs of a
/// run): a search takes what each position of its tree needs as the tree grows and gives it all
/// back when it ends; a search that finds none left stops there and plays its best move so far.
/// Thirty-two jobs of `mcts:1h` held a tree of 200-430 MB each and nothing bounded their sum.
/// Where it is reached, a search's move depends on what the other searches hold at that moment.
#[derive(Clone, Debug, Default)]
pub struct TreeMemory {
    /// The bytes left; `None`: no bound.
    left: Option<std::sync::Arc<AtomicU64>>,
}

impl TreeMemory {
    /// No bound but [`MAX_TREE`] for each tree.
    pub fn unlimited() -> TreeMemory {
        TreeMemory { left: None }
    }

    /// At most `bytes` for all the trees that share it at one time.
    pub fn new(bytes: u64) -> TreeMemory {
        TreeMemory { left: Some(std::sync::Arc::new(AtomicU64::new(bytes))) }
    }

    /// Takes `bytes` if that many are left.
    fn take(&self, bytes: u64) -> bool {
        let Some(left) = &self.left else { return true };
        left.fetch_update(Ordering::AcqRel, Ordering::Acquire, |l| l.checked_sub(bytes)).is_ok()
    }

    /// Gives `bytes` back.
    fn give(&self, bytes: u64) {
        if let Some(left) = &self.left {
            left.fetch_add(bytes, Ordering::AcqRel);
        }
    }
}

/// What a position of a tree holds in memory: the node, its moves not yet tried, and its
/// place in its parent's list.
fn node_bytes(untried: &[Move]) -> u64 {
    (std::mem::size_of::<Node>() + std::mem::size_of_val(untried) + std::mem::size_of::<usize>()) as u64
}

/// Monte Carlo tree search with UCT selection and random playouts; a search stops at its budget
/// or when its tree holds [`MAX_TREE`] positions.
pub struct MctsAgent {
    budget: Budget,
    rng: Rng,
    /// Longest playout, in plies; a playout cut short counts as a draw.
    pub max_playout: usize,
    /// Where its tree's memory comes from.
    memory: TreeMemory,
}

impl MctsAgent {
    pub fn new(budget: Budget, seed: u64) -> MctsAgent {
        MctsAgent { budget, rng: Rng::new(seed), max_playout: 2000, memory: TreeMemory::unlimited() }
    }

    /// Its trees take their memory from `memory`, which other searches may share.
    pub fn with_memory(mut self, memory: TreeMemory) -> MctsAgent {
        self.memory = memory;
        self
    }
}

impl Agent for MctsAgent {
    fn choose(&mut self, session: &Session, think: &mut Think) -> Move {
        self.search(session.game(), session.position(), think)
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
    /// The search; an observer is told the progress every [`PROGRESS_EVERY`] playouts and at the
    /// end. Without one the search does no more than test that it is absent.
    fn search(&mut self, game: &Game, root_pos: &Position, think: &mut Think) -> Move {
        let mut pos = root_pos.clone();
        let mut scratch = Vec::new();
        let root_moves = game.legal_moves(&pos);
        if root_moves.len() == 1 {
            return root_moves[0];
        }
        // The memory the tree holds, given back when the search ends (however it ends).
        struct Held<'m> {
            memory: &'m TreeMemory,
            bytes: u64,
        }
        impl Drop for Held<'_> {
            fn drop(&mut self) {
                self.memory.give(self.bytes);
            }
        }
        let mut held = Held { memory: &self.memory, bytes: 0 };
        let root_bytes = node_bytes(&root_moves);
        if !held.memory.take(root_bytes) {
            // No memory at all: the first move will do.
            return root_moves[0];
        }
        held.bytes = root_bytes;
        let mut nodes = vec![Node {
            mv: Move::PASS,
            parent: usize::MAX,
            children: Vec::new(),
            untried: root_moves,
            visits: 0.0,
            score: 0.0,
            mover: pos.side().other(),
        }];
        let timer = think.timer;
        let start = timer.now();
        let elapsed = || timer.now().saturating_sub(start);
        let mut playouts = 0u32;
        loop {
            match self.budget {
                Budget::Playouts(n) if playouts >= n => break,
                Budget::Time(t) if playouts > 0 && elapsed() >= t => break,
                // A long time budget on a fast game must not fill the memory.
                _ if nodes.len() > MAX_TREE => break,
                _ => {}
            }
            if think.is_observed()
                && playouts.is_multiple_of(PROGRESS_EVERY)
                && playouts > 0
                && think.report(&Progress { playouts, elapsed: elapsed(), best: most_visited(&nodes) }).is_break()
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
                let bytes = node_bytes(&untried);
                if !held.memory.take(bytes) {
                    // The trees together hold all the memory they may: this one stops here.
                    for _ in 0..depth {
                        pos.unmake();
                    }
                    break;
                }
                held.bytes += bytes;
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
        if think.is_observed() {
            let _ = think.report(&Progress { playouts, elapsed: elapsed(), best });
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

    fn timer() -> StepTimer {
        StepTimer::new(Duration::from_micros(10))
    }

    #[test]
    fn progress_is_reported_with_growing_playout_counts_and_changes_nothing() {
        let game = game();
        let session = Session::new(&game, Position::start(&game));
        let timer = timer();
        let plain = MctsAgent::new(Budget::Playouts(300), 7).choose(&session, &mut Think::new(&timer));
        let mut seen = Vec::new();
        let mut observe = |p: &Progress| {
            seen.push(p.playouts);
            ControlFlow::Continue(())
        };
        let observed = MctsAgent::new(Budget::Playouts(300), 7).choose(&session, &mut Think::observed(&timer, &mut observe));
        assert_eq!(plain, observed, "observing does not change the move");
        assert_eq!(seen, vec![64, 128, 192, 256, 300], "every 64 playouts, then at the end");
        assert!(seen.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn searches_that_share_a_memory_budget_stop_growing_at_it_and_give_it_back() {
        let game = game();
        let session = Session::new(&game, Position::start(&game));
        let timer = timer();
        let last = |memory: TreeMemory| {
            let mut last = 0;
            let mut observe = |p: &Progress| {
                last = p.playouts;
                ControlFlow::Continue(())
            };
            let mv =
                MctsAgent::new(Budget::Playouts(1000), 3).with_memory(memory).choose(&session, &mut Think::observed(&timer, &mut observe));
            assert!(game.legal_moves(session.position()).contains(&mv));
            last
        };
        // Room for the root and about ten positions: the search stops after about ten playouts.
        let bytes = node_bytes(&game.legal_moves(session.position())) * 11;
        let memory = TreeMemory::new(bytes);
        let small = last(memory.clone());
        assert!((1..=20).contains(&small), "{small} playouts in memory for about ten positions");
        // It gave its memory back: a second search in it does as well.
        assert_eq!(last(memory.clone()), small);
        assert_eq!(memory.left.as_ref().map(|l| l.load(Ordering::Acquire)), Some(bytes));
        // Held by another search, it leaves none: the first legal move.
        assert!(memory.take(bytes));
        assert_eq!(last(memory.clone()), 0, "no search at all");
        memory.give(bytes);
        assert_eq!(last(TreeMemory::unlimited()), 1000);
    }

    #[test]
    fn an_observer_can_stop_a_search_early() {
        let game = game();
        let session = Session::new(&game, Position::start(&game));
        let legal = game.legal_moves(session.position());
        let mut calls = 0;
        let timer = timer();
        let mut observe = |p: &Progress| {
            calls += 1;
            assert!(legal.contains(&p.best));
            if p.playouts >= 128 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        };
        let mv = MctsAgent::new(Budget::Time(Duration::from_secs(3600)), 1).choose(&session, &mut Think::observed(&timer, &mut observe));
        assert_eq!(calls, 2);
        assert!(legal.contains(&mv));
    }

    #[test]
    fn a_time_budget_is_read_from_the_timer_handed_in() {
        // Each reading of the timer moves it on by 1 ms: a budget of 50 ms ends after a number
        // of playouts fixed by the search's own readings, the same on every machine.
        let game = game();
        let session = Session::new(&game, Position::start(&game));
        let run = || {
            let timer = StepTimer::new(Duration::from_millis(1));
            let mut last = 0;
            let mut observe = |p: &Progress| {
                last = p.playouts;
                ControlFlow::Continue(())
            };
            let mv =
                MctsAgent::new(Budget::Time(Duration::from_millis(50)), 5).choose(&session, &mut Think::observed(&timer, &mut observe));
            (mv, last)
        };
        let (mv, playouts) = run();
        assert!((1..=50).contains(&playouts), "{playouts} playouts in 50 readings of 1 ms");
        assert_eq!(run(), (mv, playouts), "the same timer readings give the same search");
    }

    #[test]
    fn an_agent_that_does_not_search_never_reports() {
        let game = game();
        let session = Session::new(&game, Position::start(&game));
        let mut called = false;
        let timer = timer();
        let mut observe = |_: &Progress| {
            called = true;
            ControlFlow::Continue(())
        };
        RandomAgent::new(3).choose(&session, &mut Think::observed(&timer, &mut observe));
        assert!(!called);
    }
}
