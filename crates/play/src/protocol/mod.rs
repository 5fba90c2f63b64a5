//! The engine protocols, for any front end: the Universal Chess Interface ([`uci`]) and Scan 3's
//! Hub protocol ([`hub`]), with the alpha-beta agent thinking.
//!
//! A protocol reads command lines and writes reply lines through [`Reply`]; it never touches a
//! standard stream, a process or a terminal. It goes on reading while the engine thinks: the
//! front end runs each [`Search`] where it likes through a [`Thinker`] (the binary on a thread of
//! its own, [`Background`]'s scope; [`Deferred`] on the caller's thread, for a page without
//! threads and for tests).

pub mod hub;
pub mod uci;

use hetproba_ai::{Agent, AlphaBetaAgent, Limit, Progress, Think, TimeLeft, Timer};
use hetproba_engine::{Game, Move, Position, Session};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// The longest command line a front end reads, in bytes: a `position` with a thousand moves
/// is a few KiB; a longer line is skipped, never kept whole (`uci < /dev/zero`).
pub const MAX_LINE: usize = 1 << 20;

/// At the end of the input, how long a search with a limit still runs before it is stopped
/// and answers: a GUI that died leaves no engine thinking for long (`go depth 1000`).
pub const END_OF_INPUT_GRACE: Duration = Duration::from_secs(10);

/// A line of input that a front end could not hand over as text: the protocol says so and
/// reads on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    #[error("a line that is not UTF-8 text was skipped")]
    NotUtf8,
    #[error("a line longer than {MAX_LINE} bytes was skipped")]
    TooLong,
}

/// What a front end reads: a line of text, or why a line could not be read.
pub type Line = Result<String, InputError>;

/// Where a protocol's output goes. It is shared with the search, which writes from wherever
/// the front end runs it.
pub trait Reply: Sync {
    /// One line for the program at the other end.
    fn line(&self, text: &str);
    /// What was wrong with a command, for a person reading along (the binary writes it to
    /// standard error); nowhere by default. The protocol has told the other end too.
    fn error(&self, _why: &str) {}
}

/// What a search is asked: its limit and the mover's clock.
#[derive(Clone, Copy, Debug)]
pub struct Ask {
    pub limit: Limit,
    pub clock: Option<TimeLeft>,
    /// Keep the answer until `stop` even when the search ends by itself (`go infinite`).
    pub hold: bool,
}

/// One search a protocol asked for: the position, the agent (shared, its transposition table
/// kept from move to move), what it reports while it thinks and what it does with its move.
pub struct Search<'g> {
    session: Session<'g>,
    ask: Ask,
    agent: Arc<Mutex<AlphaBetaAgent>>,
    progress: Box<dyn FnMut(&Progress) + Send + 'g>,
    done: Box<dyn FnOnce(Option<Move>) + Send + 'g>,
}

impl<'g> Search<'g> {
    /// Whether it keeps its answer until stopped (`go infinite`).
    pub fn holds(&self) -> bool {
        self.ask.hold
    }

    /// Whether it ends without being stopped: a limit or a clock, and no hold.
    pub fn ends_by_itself(&self) -> bool {
        !self.ask.hold && (self.ask.limit != Limit::Infinite || self.ask.clock.is_some())
    }

    /// Thinks until the limit, or until `stop` is set (then at once, with the best move so
    /// far). `None` when the game is over.
    pub fn think(&mut self, timer: &dyn Timer, stop: &AtomicBool) -> Option<Move> {
        if self.session.game().legal_moves(self.session.position()).is_empty() {
            return None;
        }
        let mut agent = lock(&self.agent);
        agent.set_limit(self.ask.limit);
        let progress = &mut self.progress;
        let mut observe = |p: &Progress| {
            progress(p);
            if stop.load(Ordering::SeqCst) { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        };
        let think = &mut Think::observed(timer, &mut observe).with_clock(self.ask.clock);
        Some(agent.choose(&self.session, think))
    }

    /// Gives the answer (the move [`Search::think`] found).
    pub fn answer(self, mv: Option<Move>) {
        (self.done)(mv)
    }
}

/// Where a front end runs the searches of a protocol.
pub trait Thinker<'g> {
    /// Starts `search` (a protocol starts one only when none runs) with the stop signal down.
    fn start(&mut self, search: Search<'g>);
    /// Asks the running search to stop: it answers at once with its best move so far.
    fn stop(&mut self);
    /// Waits for the running search, if any, to answer.
    fn wait(&mut self);
    /// The input has ended: lets the running search go on for at most `within`, then stops
    /// it, and waits for its answer. (A search on the caller's thread has answered already.)
    fn finish(&mut self, within: Duration) {
        let _ = within;
        self.wait();
    }
}

/// A front end that gives a protocol a [`Thinker`] for searches that borrow what lives as long
/// as `'g` (the binary: threads in a scope that ends when the protocol does).
pub trait Background {
    fn scope<'g, R>(&mut self, serve: impl FnOnce(&mut dyn Thinker<'g>) -> R) -> R;
}

/// Searches on the caller's thread: one that ends by itself runs as it starts, one that waits
/// for `stop` (`go infinite`) runs when it is stopped or waited for, stopping at its first
/// report. Replies come in the order a threaded engine may give them.
pub struct Deferred<'t, 'g> {
    timer: &'t dyn Timer,
    stop: AtomicBool,
    pending: Option<Search<'g>>,
}

impl<'t, 'g> Deferred<'t, 'g> {
    pub fn new(timer: &'t dyn Timer) -> Deferred<'t, 'g> {
        Deferred { timer, stop: AtomicBool::new(false), pending: None }
    }

    fn run(&mut self, mut search: Search<'g>) {
        let mv = search.think(self.timer, &self.stop);
        search.answer(mv);
    }
}

impl<'g> Thinker<'g> for Deferred<'_, 'g> {
    fn start(&mut self, search: Search<'g>) {
        self.stop.store(false, Ordering::SeqCst);
        if search.ends_by_itself() { self.run(search) } else { self.pending = Some(search) }
    }

    fn stop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    fn wait(&mut self) {
        if let Some(search) = self.pending.take() {
            self.stop();
            self.run(search);
        }
    }
}

/// [`Deferred`] as a [`Background`].
pub struct OnCaller<'t>(pub &'t dyn Timer);

impl Background for OnCaller<'_> {
    fn scope<'g, R>(&mut self, serve: impl FnOnce(&mut dyn Thinker<'g>) -> R) -> R {
        serve(&mut Deferred::new(self.0))
    }
}

/// The engine between searches: the agent and whether the search running ends by itself.
struct Engine<'a, 'g> {
    agent: Arc<Mutex<AlphaBetaAgent>>,
    /// The last search started has a limit or a clock and no hold.
    bounded: bool,
    thinker: &'a mut dyn Thinker<'g>,
}

impl<'a, 'g> Engine<'a, 'g> {
    fn new(thinker: &'a mut dyn Thinker<'g>, agent: AlphaBetaAgent) -> Engine<'a, 'g> {
        Engine { agent: Arc::new(Mutex::new(agent)), bounded: true, thinker }
    }

    fn agent(&self) -> MutexGuard<'_, AlphaBetaAgent> {
        lock(&self.agent)
    }

    /// Starts a search of `session`: `progress` hears each report, `done` the move chosen (`None`
    /// when the game is over).
    fn start(
        &mut self,
        session: Session<'g>,
        ask: Ask,
        progress: impl FnMut(&Progress) + Send + 'g,
        done: impl FnOnce(Option<Move>) + Send + 'g,
    ) {
        self.stop_and_wait();
        let search = Search { session, ask, agent: Arc::clone(&self.agent), progress: Box::new(progress), done: Box::new(done) };
        self.bounded = search.ends_by_itself();
        self.thinker.start(search);
    }

    /// Stops the search, if one runs, and waits for its answer.
    fn stop_and_wait(&mut self) {
        self.thinker.stop();
        self.thinker.wait();
    }

    /// At the end of the input: a search with a limit or a clock goes on for at most
    /// [`END_OF_INPUT_GRACE`], one without (or one that holds its answer) is stopped at once;
    /// either answers.
    fn finish(&mut self) {
        if self.bounded {
            self.thinker.finish(END_OF_INPUT_GRACE);
        } else {
            self.stop_and_wait();
        }
    }
}

/// The expected line of a report as far as it is legal from `start`, each move as `write`s it
/// at the position it is played from.
fn legal_line(game: &Game, start: &Position, pv: &[Move], write: impl Fn(&Position, Move) -> String) -> Vec<String> {
    let mut pos = start.clone();
    let mut line = Vec::new();
    for &mv in pv {
        if !game.is_legal(&pos, mv) {
            break;
        }
        line.push(write(&pos, mv));
        game.make(&mut pos, mv);
    }
    line
}

fn lock(agent: &Mutex<AlphaBetaAgent>) -> MutexGuard<'_, AlphaBetaAgent> {
    agent.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
pub(crate) mod script {
    //! A scripted session: lines in, the replies out, searches on the caller's thread.

    use super::Reply;
    use std::sync::Mutex;

    #[derive(Default)]
    pub struct Lines {
        pub lines: Mutex<Vec<String>>,
        pub errors: Mutex<Vec<String>>,
    }

    impl Reply for Lines {
        fn line(&self, text: &str) {
            self.lines.lock().unwrap().push(text.to_string());
        }
        fn error(&self, why: &str) {
            self.errors.lock().unwrap().push(why.to_string());
        }
    }

    impl Lines {
        pub fn take(&self) -> Vec<String> {
            std::mem::take(&mut self.lines.lock().unwrap())
        }
    }

    /// A timer that steps on each reading, so that searches with a time limit end alike.
    pub fn timer() -> hetproba_ai::StepTimer {
        hetproba_ai::StepTimer::new(std::time::Duration::from_micros(10))
    }

    /// The commands of a script, one a line.
    pub fn commands(script: &str) -> impl Iterator<Item = super::Line> + '_ {
        script.lines().map(|l| Ok(l.to_string()))
    }
}

#[cfg(test)]
pub(crate) mod fixture {
    //! The fixture rulesets of the protocols' tests, and a session run over a script.

    use hetproba_engine::Game;
    use hetproba_engine::rules::{BuiltinFiles, load};

    /// Three in a row on a board of `size` (a parameter) cells a side.
    pub const PLACING: &str = include_str!("../../../../tests/fixtures/placing-sized.toml");

    /// Men hopping on the dark cells of 6x6, positions in PDN FEN.
    pub const HOPPING: &str = include_str!("../../../../tests/fixtures/hopping.toml");

    pub fn game(text: &str, params: &[(String, i64)]) -> Result<Game, hetproba_engine::rules::Report> {
        load("fixture.toml", text, &BuiltinFiles, params).map(Game::new)
    }
}
