//! Agents that play any ruleset: uniformly random, alpha-beta on the ruleset's `[eval]`
//! ([`AlphaBetaAgent`]), and Monte Carlo tree search ([`MctsAgent`]). They see only the engine's
//! interface, never a game by name.
//!
//! Architecture invariant: nothing here reads the system clock, a file or a terminal. Time comes
//! from a [`Timer`] the front end hands in (the system clock natively, the page's clock in a
//! browser, a [`StepTimer`] in tests), so the crate builds for `wasm32-unknown-unknown`.

mod alphabeta;
mod mcts;

pub use alphabeta::{AlphaBetaAgent, DEFAULT_HASH_MB, Limit, MAX_CONTEMPT, MAX_HASH_MB};
pub use mcts::{MAX_TREE, MctsAgent, MctsOptions, random_playout};

use hetproba_engine::{Move, Session};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

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
    pub(crate) fn take(&self, bytes: u64) -> bool {
        let Some(left) = &self.left else { return true };
        left.fetch_update(Ordering::AcqRel, Ordering::Acquire, |l| l.checked_sub(bytes)).is_ok()
    }

    /// Gives `bytes` back.
    pub(crate) fn give(&self, bytes: u64) {
        if let Some(left) = &self.left {
            left.fetch_add(bytes, Ordering::AcqRel);
        }
    }

    /// Memory for a table of `want_mib` MiB, held as long as the [`Lease`] lives: the most of
    /// `want_mib`, halved until it fits, that is left, and at least 1 MiB (a table needs some;
    /// that one is then not counted). Returns the MiB granted.
    pub fn lease_mib(&self, want_mib: usize) -> (usize, Lease) {
        let mut mib = want_mib.max(1);
        while mib > 1 && !self.take((mib as u64) << 20) {
            mib /= 2;
        }
        let bytes = if mib > 1 || self.take(1 << 20) { (mib as u64) << 20 } else { 0 };
        (mib, Lease { memory: self.clone(), bytes })
    }
}

/// Memory taken from a [`TreeMemory`] for a search's table, given back when dropped.
#[derive(Debug, Default)]
pub struct Lease {
    memory: TreeMemory,
    bytes: u64,
}

impl Drop for Lease {
    fn drop(&mut self) {
        self.memory.give(self.bytes);
    }
}

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

/// What a search thinks of the position, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Points of the ruleset's `[eval]` (100 is about a piece of value 1).
    Points(i32),
    /// A win found, in so many plies (the move that wins included).
    Win(u32),
    /// A loss found, in so many plies.
    Loss(u32),
}

/// What a search counts as its work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Positions searched (alpha-beta).
    Positions,
    /// Playouts made (MCTS).
    Playouts,
}

/// How far a search has come, for a display that shows the computer thinking and for the
/// engine protocols' `info` lines.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Work done so far in this search: positions or playouts, as `unit` says.
    pub nodes: u64,
    pub unit: Unit,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The move the search would play if it stopped now.
    pub best: Move,
    /// Alpha-beta: the depth of the last iteration searched whole; MCTS: the length of its
    /// principal variation.
    pub depth: u32,
    /// What the search thinks of the position.
    pub score: Score,
    /// The line it expects, the best move first.
    pub pv: Vec<Move>,
    /// True when the report brings a new result (an iteration done, a new best line); false when
    /// it only says that the search goes on.
    pub fresh: bool,
}

impl Progress {
    /// Work per second, 0 before any time has passed.
    pub fn per_second(&self) -> u64 {
        let seconds = self.elapsed.as_secs_f64();
        if seconds > 0.0 { (self.nodes as f64 / seconds).round() as u64 } else { 0 }
    }
}

/// What a search tells its progress to: `Break` stops the search.
pub type Observer<'a> = dyn FnMut(&Progress) -> ControlFlow<()> + 'a;

/// MCTS reports its [`Progress`] every this many playouts (and once at its end).
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

    /// [`Agent::choose`], given the legal moves of the session's position as
    /// `Game::generate` lists them (a game loop that has them at hand): the same move, and an
    /// agent that only picks among them need not generate again.
    fn choose_given(&mut self, session: &Session, moves: &[Move], think: &mut Think) -> Move {
        let _ = moves;
        self.choose(session, think)
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
    fn choose(&mut self, session: &Session, _: &mut Think) -> Move {
        session.game().generate(session.position(), &mut self.moves);
        self.moves[self.rng.below(self.moves.len())]
    }

    fn choose_given(&mut self, _: &Session, moves: &[Move], _: &mut Think) -> Move {
        moves[self.rng.below(moves.len())]
    }
}

/// For tests that search deep or want every reply reached: the built-in ruleset with the fewest
/// legal moves at the start, among those with at least four (with fewer, a search ends at once).
#[cfg(test)]
pub(crate) fn few_moves_game() -> hetproba_engine::Game {
    use hetproba_engine::{Game, Position};
    let moves = |g: &Game| g.legal_moves(&Position::start(g)).len();
    hetproba_engine::rules::builtin_ids()
        .map(|id| Game::new(hetproba_engine::rules::load_builtin(id, &[]).expect("built in").expect("loads")))
        .filter(|g| moves(g) >= 4)
        .min_by_key(moves)
        .expect("a built-in ruleset with four moves at the start")
}
