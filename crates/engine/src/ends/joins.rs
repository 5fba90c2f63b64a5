//! `joins(A, B, DIRS)`: a chain of the player's pieces joins two regions.

use crate::ends::kind::TestKind;
use crate::host::Host;
use crate::piece::Square;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::{CellId, DirId, NO_CELL, Width};
use hetproba_rules::model::{PlayerId, Ruleset, ends as model};

/// A chain of the player's pieces through `dirs` joins a cell of `from` to a cell of `to`
/// (each per player).
#[derive(Clone, Debug)]
pub(crate) struct Joins {
    from: [Vec<bool>; 2],
    to: [Vec<bool>; 2],
    dirs: [Vec<DirId>; 2],
}

impl Compile<model::Joins> for Joins {
    fn compile(test: &model::Joins, rules: &Ruleset, _width: Width) -> Joins {
        Joins {
            from: rules.regions[test.from.index()].cells.clone(),
            to: rules.regions[test.to.index()].cells.clone(),
            dirs: rules.direction_sets[test.dirs.index()].dirs.clone(),
        }
    }
}

impl TestKind for Joins {
    /// A flood fill from the player's pieces on `from`.
    #[inline]
    fn holds<const W: usize>(&self, host: &impl Host, pos: &Position, player: PlayerId, _has_moves: &mut dyn FnMut() -> bool) -> bool {
        let p = player.index();
        let (from, to, dirs) = (&self.from[p], &self.to[p], &self.dirs[p]);
        let board = host.board();
        let is_mine = |c: usize| pos.cells[c].of(player);
        let mut seen = vec![false; pos.cells.len()];
        let mut stack: Vec<CellId> = (0..pos.cells.len()).filter(|&c| from[c] && is_mine(c)).map(CellId::new).collect();
        for c in &stack {
            seen[c.index()] = true;
        }
        while let Some(c) = stack.pop() {
            if to[c.index()] {
                return true;
            }
            for &d in dirs {
                let k = board.step(c, d);
                if k != NO_CELL && !seen[k.index()] && is_mine(k.index()) {
                    seen[k.index()] = true;
                    stack.push(k);
                }
            }
        }
        false
    }
}
