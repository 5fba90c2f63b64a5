//! Analysing hetproba rulesets: [`compare`] two rulesets (the rules that differ, perft side by
//! side, a position where their legal moves differ, and how their games differ in play),
//! [`selfplay`] batches of games between computer players (seeded, sharded, one line a game),
//! [`stats`] of those games (every figure of docs/stats.md), and the [`championship`] of duels
//! in several games (the event file, the limits, the scoring, the standings, a simulator).
//!
//! Architecture invariant: nothing here reads a file, a terminal or the system clock: texts come
//! in as strings, results go out as values and lines, time from a handed-in timer. Every game is
//! played through `hetproba_play::Match`.

pub mod championship;
pub mod compare;
pub mod selfplay;
pub mod stats;

/// Where batches of games run: a pool of threads with the `parallel` feature, else the calling
/// thread. Results come back in the order of the items, whatever the threads.
pub struct Workers {
    #[cfg(feature = "parallel")]
    pool: rayon::ThreadPool,
}

/// The threads could not be started.
#[derive(Debug, thiserror::Error)]
#[error("cannot start the threads: {0}")]
pub struct ThreadsError(String);

impl Workers {
    /// `threads` threads (`None`: one per core). Without the `parallel` feature, one.
    pub fn new(threads: Option<usize>) -> Result<Workers, ThreadsError> {
        #[cfg(feature = "parallel")]
        {
            let pool =
                rayon::ThreadPoolBuilder::new().num_threads(threads.unwrap_or(0)).build().map_err(|e| ThreadsError(e.to_string()))?;
            Ok(Workers { pool })
        }
        #[cfg(not(feature = "parallel"))]
        {
            let _ = threads;
            Ok(Workers {})
        }
    }

    /// `f` of each item, in the items' order. One item per task: rayon's own splitting can leave
    /// a run of a quarter of the items on one thread while the others wait.
    pub fn map<T: Sync, R: Send>(&self, items: &[T], f: impl Fn(&T) -> R + Sync + Send) -> Vec<R> {
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            self.pool.install(|| items.par_iter().with_max_len(1).map(f).collect())
        }
        #[cfg(not(feature = "parallel"))]
        {
            items.iter().map(f).collect()
        }
    }

    /// [`Workers::map`] on the pool while the calling thread runs `meanwhile`: a caller that
    /// writes one batch's results while the next is played keeps every thread busy.
    pub fn map_meanwhile<T: Sync, R: Send, S>(
        &self,
        items: &[T],
        f: impl Fn(&T) -> R + Sync + Send,
        meanwhile: impl FnOnce() -> S,
    ) -> (Vec<R>, S) {
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            let mut out = Vec::new();
            let other = self.pool.in_place_scope(|scope| {
                scope.spawn(|_| out = items.par_iter().with_max_len(1).map(f).collect());
                meanwhile()
            });
            (out, other)
        }
        #[cfg(not(feature = "parallel"))]
        {
            let other = meanwhile();
            (self.map(items, f), other)
        }
    }
}

#[cfg(all(test, feature = "parallel"))]
mod tests {
    use super::Workers;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};

    #[test]
    fn the_pool_works_while_the_caller_does_something_else() {
        let workers = Workers::new(Some(1)).unwrap();
        let caller_ran = AtomicBool::new(false);
        // Each item waits (up to 10 s) for the caller's work: run one after the other, they
        // would see nothing and the caller would run last.
        let (seen, ()) = workers.map_meanwhile(
            &[1, 2],
            |_| {
                let start = Instant::now();
                while !caller_ran.load(Ordering::Acquire) && start.elapsed() < Duration::from_secs(10) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                caller_ran.load(Ordering::Acquire)
            },
            || caller_ran.store(true, Ordering::Release),
        );
        assert_eq!(seen, [true, true]);
    }
}
