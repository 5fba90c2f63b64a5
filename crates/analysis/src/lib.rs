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

    /// `f` of each item, in the items' order.
    pub fn map<T: Sync, R: Send>(&self, items: &[T], f: impl Fn(&T) -> R + Sync + Send) -> Vec<R> {
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            self.pool.install(|| items.par_iter().map(f).collect())
        }
        #[cfg(not(feature = "parallel"))]
        {
            items.iter().map(f).collect()
        }
    }
}
