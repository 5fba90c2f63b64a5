//! `hetproba uci` and `hetproba hub`: the engine protocols of `hetproba_play::protocol` wired to
//! standard input and output, each search on a thread of its own so that `stop` is read while
//! the engine thinks.

use crate::load::load_ruleset;
use crate::{CliError, errln, outln};
use hetproba_engine::Game;
use hetproba_play::protocol::{Background, InputError, Line, MAX_LINE, Reply, Search, Thinker, hub, uci};
use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{Scope, ScopedJoinHandle};
use std::time::{Duration, Instant};

/// `hetproba uci [RULESET]`: until `quit` or the end of the input.
pub fn uci(ruleset: &str, params: &[(String, i64)]) -> Result<(), CliError> {
    uci::run(stdin_lines(), &Stdout, &mut Threads, params, |params| Ok(Game::new(load_ruleset(ruleset, params)?)))
}

/// `hetproba hub [RULESET]`: until `quit` or the end of the input.
pub fn hub(ruleset: &str, params: &[(String, i64)]) -> Result<(), CliError> {
    let game = Game::new(load_ruleset(ruleset, params)?);
    Ok(hub::run(stdin_lines(), &Stdout, &mut Threads, &game)?)
}

/// Lines of standard input until its end or a read error.
fn stdin_lines() -> impl Iterator<Item = Line> {
    lines(std::io::stdin().lock())
}

/// The lines of `input`, each of at most [`MAX_LINE`] bytes, without its line end: a longer
/// line is read to its end without being kept, and given as an error, as is one that is not
/// UTF-8; the protocol says so and reads on. They end with the input or a read error.
fn lines(mut input: impl BufRead) -> impl Iterator<Item = Line> {
    std::iter::from_fn(move || {
        let mut bytes = Vec::new();
        match std::io::Read::take(&mut input, MAX_LINE as u64 + 1).read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => return None,
            Ok(_) => {}
        }
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
        } else if bytes.len() > MAX_LINE {
            // The rest of the line, a piece at a time, until its end.
            loop {
                let (found, used) = match input.fill_buf() {
                    Ok([]) | Err(_) => break,
                    Ok(buf) => buf.iter().position(|&b| b == b'\n').map_or((false, buf.len()), |i| (true, i + 1)),
                };
                input.consume(used);
                if found {
                    break;
                }
            }
            return Some(Err(InputError::TooLong));
        }
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        Some(String::from_utf8(bytes).map_err(|_| InputError::NotUtf8))
    })
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

    fn finish(&mut self, within: Duration) {
        let deadline = Instant::now() + within;
        while self.running.as_ref().is_some_and(|h| !h.is_finished()) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        self.stop();
        self.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 38, findings 9 and 12: a line that is not UTF-8 ended the session, and a line
    /// without an end grew without a bound (`uci < /dev/zero`).
    #[test]
    fn lines_are_bounded_and_bad_ones_are_given_as_errors() {
        let mut input = b"isready\r\n\xff\xfe\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        input.extend(b"\nquit\nlast");
        let read: Vec<Line> = lines(&input[..]).collect();
        assert_eq!(
            read,
            [Ok("isready".to_string()), Err(InputError::NotUtf8), Err(InputError::TooLong), Ok("quit".into()), Ok("last".into())]
        );
        // Exactly the longest line is a line.
        let longest = vec![b'y'; MAX_LINE];
        assert_eq!(lines(&longest[..]).collect::<Vec<_>>(), [Ok("y".repeat(MAX_LINE))]);
        // Endless input without a line end: one error, then the end, in bounded memory.
        let endless = std::io::Read::take(std::io::repeat(0), 8 * MAX_LINE as u64);
        assert_eq!(lines(std::io::BufReader::new(endless)).collect::<Vec<_>>(), [Err(InputError::TooLong)]);
    }
}
