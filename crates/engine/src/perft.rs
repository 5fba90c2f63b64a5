//! Perft: the number of move sequences of a given length, the standard check of a move
//! generator. Bulk counting at the last ply; the root can be split across threads.

use crate::game::Game;
use crate::movegen::Move;
use crate::position::Position;
use rayon::prelude::*;

impl Game {
    /// Leaf count at `depth` plies from `pos`.
    pub fn perft(&self, pos: &mut Position, depth: u32) -> u64 {
        let mut lists: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
        self.perft_with(pos, depth, &mut lists)
    }

    fn perft_with(&self, pos: &mut Position, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (list, rest) = lists.split_first_mut().expect("one list per remaining ply");
        self.generate(pos, list);
        if depth == 1 {
            return list.len() as u64;
        }
        let mut total = 0;
        for &mv in list.iter() {
            self.make(pos, mv);
            total += self.perft_with(pos, depth - 1, rest);
            pos.unmake();
        }
        total
    }

    /// Leaf counts below each root move, in generation order. `progress` is called after each
    /// root move with (done, total). With `parallel`, root moves are shared among threads.
    pub fn perft_divide(
        &self,
        pos: &Position,
        depth: u32,
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
            self.make(&mut p, mv);
            let n = self.perft(&mut p, depth - 1);
            let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            progress(finished, total);
            (mv, n)
        };
        if parallel && depth >= 3 {
            roots.par_iter().map(count).collect()
        } else {
            roots.iter().map(count).collect()
        }
    }
}
