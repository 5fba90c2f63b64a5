//! Perft: the number of move sequences of a given length, the standard check of a move
//! generator. Bulk counting at the last ply; the root can be split across threads.
//!
//! Two conventions for captures that take the same pieces from the same start to the same end
//! along different paths: one move (`Counting::Moves`, the legal moves a player chooses from),
//! or one per way of taking them (`Counting::Paths`: the order of the pieces and the direction
//! each is taken in), as some published tables count them.

use crate::game::Game;
use crate::host::Host;
use crate::mv::Move;
use crate::position::Position;
#[cfg(feature = "parallel")]
use rayon::prelude::*;

/// How perft counts captures that take the same pieces along different paths.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Counting {
    /// Once: the legal moves as a player sees them.
    #[default]
    Moves,
    /// Once per distinct way of taking the pieces: their order, and the direction each is
    /// taken in.
    Paths,
}

impl Game {
    /// Leaf count at `depth` plies from `pos`.
    pub fn perft(&self, pos: &mut Position, depth: u32) -> u64 {
        self.perft_counting(pos, depth, Counting::Moves)
    }

    /// Leaf count at `depth` plies from `pos`, counting captures by `counting`.
    pub fn perft_counting(&self, pos: &mut Position, depth: u32, counting: Counting) -> u64 {
        // One move list per ply, made when the search first reaches that ply and reused after.
        let mut lists: Vec<Vec<Move>> = Vec::new();
        hetproba_board::with_width!(self.width(), W => match counting {
            Counting::Moves => self.perft_with::<W, false>(pos, depth, 0, &mut lists),
            Counting::Paths => self.perft_with::<W, true>(pos, depth, 0, &mut lists),
        })
    }

    fn perft_with<const W: usize, const PATHS: bool>(&self, pos: &mut Position, depth: u32, ply: usize, lists: &mut Vec<Vec<Move>>) -> u64 {
        if depth == 0 {
            return 1;
        }
        if lists.len() <= ply {
            lists.push(Vec::with_capacity(64));
        }
        let mut list = std::mem::take(&mut lists[ply]);
        self.generate_w::<W>(pos, &mut list);
        let total = if depth == 1 && !PATHS {
            list.len() as u64
        } else {
            let mut total = 0;
            for &mv in list.iter() {
                let ways = if PATHS { self.ways(pos, &mv) } else { 1 };
                if depth == 1 {
                    total += ways;
                    continue;
                }
                self.make(pos, mv);
                total += ways * self.perft_with::<W, PATHS>(pos, depth - 1, ply + 1, lists);
                pos.unmake();
            }
            total
        };
        lists[ply] = list;
        total
    }

    /// In how many distinct ways a move can take its pieces (1 for most moves).
    fn ways(&self, pos: &Position, mv: &Move) -> u64 {
        if mv.capture_count() < 2 { 1 } else { self.preferred_ways(pos, mv).len().max(1) as u64 }
    }

    /// Leaf counts below each root move, in generation order. `progress` is called after each
    /// root move with (done, total). With `parallel`, root moves are shared among threads (when
    /// the crate is built with its `parallel` feature; otherwise one thread counts them all).
    pub fn perft_divide(&self, pos: &Position, depth: u32, parallel: bool, progress: &(dyn Fn(usize, usize) + Sync)) -> Vec<(Move, u64)> {
        self.perft_divide_counting(pos, depth, Counting::Moves, parallel, progress)
    }

    /// [`Game::perft_divide`], counting captures by `counting`.
    pub fn perft_divide_counting(
        &self,
        pos: &Position,
        depth: u32,
        counting: Counting,
        parallel: bool,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Vec<(Move, u64)> {
        let roots = self.legal_moves(pos);
        if depth == 0 {
            return Vec::new();
        }
        let total = roots.len();
        let done = std::sync::atomic::AtomicUsize::new(0);
        let count = |&mv: &Move| {
            let mut p = pos.clone();
            let ways = if counting == Counting::Paths { self.ways(pos, &mv) } else { 1 };
            self.make(&mut p, mv);
            let n = ways * self.perft_counting(&mut p, depth - 1, counting);
            let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            progress(finished, total);
            (mv, n)
        };
        #[cfg(feature = "parallel")]
        if parallel && depth >= 4 && roots.len() < 8 * rayon::current_num_threads() {
            return self.perft_split_twice(pos, &roots, depth, counting, progress);
        }
        #[cfg(feature = "parallel")]
        if parallel && depth >= 3 {
            return roots.par_iter().map(count).collect();
        }
        let _ = parallel;
        roots.iter().map(count).collect()
    }

    /// [`Game::perft_divide_counting`] with the threads sharing the replies to the root moves:
    /// a few root moves with trees of unequal size (seven, say) would leave a thread idle.
    #[cfg(feature = "parallel")]
    fn perft_split_twice(
        &self,
        pos: &Position,
        roots: &[Move],
        depth: u32,
        counting: Counting,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Vec<(Move, u64)> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let ways = |p: &Position, mv: &Move| if counting == Counting::Paths { self.ways(p, mv) } else { 1 };
        let after: Vec<Position> = roots
            .iter()
            .map(|&mv| {
                let mut p = pos.clone();
                self.make(&mut p, mv);
                p
            })
            .collect();
        let replies: Vec<Vec<Move>> = after.iter().map(|p| self.legal_moves(p)).collect();
        let tasks: Vec<(usize, Move)> = replies.iter().enumerate().flat_map(|(i, r)| r.iter().map(move |&m| (i, m))).collect();
        let (total, done) = (roots.len(), AtomicUsize::new(0));
        let left: Vec<AtomicUsize> = replies.iter().map(|r| AtomicUsize::new(r.len())).collect();
        for _ in replies.iter().filter(|r| r.is_empty()) {
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
        }
        let counts: Vec<u64> = tasks
            .par_iter()
            .map(|&(i, reply)| {
                let mut p = after[i].clone();
                let w = ways(&after[i], &reply);
                self.make(&mut p, reply);
                let n = w * self.perft_counting(&mut p, depth - 2, counting);
                if left[i].fetch_sub(1, Ordering::Relaxed) == 1 {
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                }
                n
            })
            .collect();
        let mut below = vec![0u64; roots.len()];
        for (&(i, _), n) in tasks.iter().zip(counts) {
            below[i] += n;
        }
        roots.iter().zip(below).map(|(&mv, n)| (mv, ways(pos, &mv) * n)).collect()
    }
}
