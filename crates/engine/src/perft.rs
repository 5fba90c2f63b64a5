//! Perft: the number of move sequences of a given length, the standard check of a move
//! generator. Bulk counting at the last ply; the root can be split across threads.

use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use rayon::prelude::*;

impl Game {
    /// Leaf count at `depth` plies from `pos`.
    pub fn perft(&self, pos: &mut Position, depth: u32) -> u64 {
        // One move list per ply, made when the search first reaches that ply and reused after.
        let mut lists: Vec<Vec<Move>> = Vec::new();
        self.perft_with(pos, depth, 0, &mut lists)
    }

    fn perft_with(&self, pos: &mut Position, depth: u32, ply: usize, lists: &mut Vec<Vec<Move>>) -> u64 {
        if depth == 0 {
            return 1;
        }
        if lists.len() <= ply {
            lists.push(Vec::with_capacity(64));
        }
        let mut list = std::mem::take(&mut lists[ply]);
        self.generate(pos, &mut list);
        let total = if depth == 1 {
            list.len() as u64
        } else {
            let mut total = 0;
            for &mv in list.iter() {
                self.make(pos, mv);
                total += self.perft_with(pos, depth - 1, ply + 1, lists);
                pos.unmake();
            }
            total
        };
        lists[ply] = list;
        total
    }

    /// Leaf counts below each root move, in generation order. `progress` is called after each
    /// root move with (done, total). With `parallel`, root moves are shared among threads.
    pub fn perft_divide(&self, pos: &Position, depth: u32, parallel: bool, progress: &(dyn Fn(usize, usize) + Sync)) -> Vec<(Move, u64)> {
        let roots = self.legal_moves(pos);
        if depth == 0 {
            return Vec::new();
        }
        let total = roots.len();
        let done = std::sync::atomic::AtomicUsize::new(0);
        let count = |&mv: &Move| {
            let mut p = pos.clone();
            self.make(&mut p, mv);
            let n = self.perft(&mut p, depth - 1);
            let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            progress(finished, total);
            (mv, n)
        };
        if parallel && depth >= 3 { roots.par_iter().map(count).collect() } else { roots.iter().map(count).collect() }
    }
}
