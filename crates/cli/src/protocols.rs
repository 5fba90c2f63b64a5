//! `hetproba uci` and `hetproba hub`: the engine protocols of `hetproba_play::protocol` wired to
//! standard input and output, each search on a thread of its own so that `stop` is read while
//! the engine thinks.

use crate::load::load_ruleset;
use crate::{CliError, errln, outln};
use hetproba_engine::Game;
use hetproba_play::protocol::{Background, Reply, Search, Thinker, hub, uci};
use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{Scope, ScopedJoinHandle};

/// `hetproba uci [RULESET]`: until `quit` or the end of the input.
pub fn uci(ruleset: &str, params: &[(String, i64)]) -> Result<(), CliError> {
    uci::run(stdin_lines(), &Stdout, &mut Threads, params, |params| Ok(Game::new(load_ruleset(ruleset, params)?)))
}

/// `hetproba hub [RULESET]`: until `quit` or the end of the input.
pub fn hub(ruleset: &str, params: &[(String, i64)]) -> Result<(), CliError> {
    let game = Game::new(load_ruleset(ruleset, params)?);
    hub::run(stdin_lines(), &Stdout, &mut Threads, &game).map_err(|e| CliError::failure(e.to_string()))
}

/// Lines of standard input until its end or a read error.
fn stdin_lines() -> impl Iterator<Item = String> {
    std::io::stdin().lock().lines().map_while(Result::ok)
}

/// Replies to standard output, complaints to standard error.
struct Stdout;

impl Reply for Stdout {
    fn line(&self, text: &str) {
        outln!("{text}");
    }

    fn error(&self, why: &str) {
        errln!("error: {why}");
    }
}

/// Searches on threads of a scope that ends with the protocol.
struct Threads;

impl Background for Threads {
    fn scope<'g, R>(&mut self, serve: impl FnOnce(&mut dyn Thinker<'g>) -> R) -> R {
        std::thread::scope(|scope: &Scope<'_, 'g>| serve(&mut OnThread { scope, stop: Arc::new(AtomicBool::new(false)), running: None }))
    }
}

/// The running search, if any, and its stop signal.
struct OnThread<'scope, 'g> {
    scope: &'scope Scope<'scope, 'g>,
    stop: Arc<AtomicBool>,
    running: Option<ScopedJoinHandle<'scope, ()>>,
}

impl<'scope, 'g> Thinker<'g> for OnThread<'scope, 'g> {
    fn start(&mut self, mut search: Search<'g>) {
        self.stop.store(false, Ordering::SeqCst);
        let stop = Arc::clone(&self.stop);
        self.running = Some(self.scope.spawn(move || {
            let mv = search.think(crate::system_timer(), &stop);
            // `go infinite` answers only when told to stop.
            while search.holds() && !stop.load(Ordering::SeqCst) {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            search.answer(mv);
        }));
    }

    fn stop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    fn wait(&mut self) {
        if let Some(handle) = self.running.take() {
            let _ = handle.join();
        }
    }
}
