//! A search on a thread of its own, for the engine protocols (`uci`, `hub`): the protocol keeps
//! reading commands while the engine thinks, and `stop` ends the search at once.

use hetproba_ai::{AlphaBetaAgent, Limit, Progress, Think, TimeLeft};
use hetproba_engine::{Move, Session};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{Scope, ScopedJoinHandle};

/// What a search is asked: its limit and the mover's clock.
#[derive(Clone, Copy, Debug)]
pub struct Ask {
    pub limit: Limit,
    pub clock: Option<TimeLeft>,
    /// Keep the answer until `stop` even when the search ends by itself (`go infinite`).
    pub hold: bool,
}

/// The engine between searches: the agent (its transposition table kept from move to move) and
/// the search running, if any.
pub struct Background<'scope, 'env> {
    pub agent: Arc<Mutex<AlphaBetaAgent>>,
    stop: Arc<AtomicBool>,
    /// The running search holds its answer until stopped.
    holds: bool,
    running: Option<ScopedJoinHandle<'scope, ()>>,
    scope: &'scope Scope<'scope, 'env>,
}

impl<'scope, 'env> Background<'scope, 'env> {
    pub fn new(scope: &'scope Scope<'scope, 'env>, agent: AlphaBetaAgent) -> Background<'scope, 'env> {
        Background { agent: Arc::new(Mutex::new(agent)), stop: Arc::new(AtomicBool::new(false)), holds: false, running: None, scope }
    }

    /// Starts a search of `session`: `progress` hears each report, `done` the move chosen (`None`
    /// when the game is over).
    pub fn start(
        &mut self,
        session: Session<'env>,
        ask: Ask,
        progress: impl FnMut(&Progress) + Send + 'scope,
        done: impl FnOnce(Option<Move>, &Session) + Send + 'scope,
    ) {
        self.stop_and_wait();
        self.stop.store(false, Ordering::SeqCst);
        self.holds = ask.hold;
        let agent = Arc::clone(&self.agent);
        let stop = Arc::clone(&self.stop);
        let mut progress = progress;
        self.running = Some(self.scope.spawn(move || {
            let game = session.game();
            let mv = if game.legal_moves(session.position()).is_empty() {
                None
            } else {
                let mut agent = agent.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                agent.set_limit(ask.limit);
                let mut observe = |p: &Progress| {
                    progress(p);
                    if stop.load(Ordering::SeqCst) { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
                };
                let think = &mut Think::observed(crate::system_timer(), &mut observe).with_clock(ask.clock);
                Some(hetproba_ai::Agent::choose(&mut *agent, &session, think))
            };
            while ask.hold && !stop.load(Ordering::SeqCst) {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            done(mv, &session);
        }));
    }

    /// Asks the search to stop (it answers at once with its best move so far).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Stops the search, if one runs, and waits for its answer.
    pub fn stop_and_wait(&mut self) {
        self.stop();
        if let Some(handle) = self.running.take() {
            let _ = handle.join();
        }
    }

    /// At the end of the input: a search with a limit answers when it is done, one that holds
    /// its answer is stopped.
    pub fn finish(&mut self) {
        if self.holds {
            self.stop();
        }
        if let Some(handle) = self.running.take() {
            let _ = handle.join();
        }
    }
}
