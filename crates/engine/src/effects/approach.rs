//! `approach` and `withdraw`: a piece that moved along a line captures the unbroken line of
//! enemy pieces in front of where it arrived (approach) or behind where it started (withdrawal).
//! Each is an alternative: a rule's moves are those that capture one way, each way its own move.

use crate::effects::kind::EffectKind;
use crate::compile::Compile;
use crate::piece::Square;
use crate::position::Position;
use hetproba_board::{Board, CellId, CellSet, DirId, NO_CELL, Width};
use hetproba_rules::model::effects as model;
use hetproba_rules::model::{PlayerId, Ruleset};

#[derive(Clone, Debug)]
pub(crate) struct Approach {
    /// The directions of the moves that capture so, per player.
    dirs: [Vec<DirId>; 2],
    withdraw: bool,
}

impl Compile<model::Approach> for Approach {
    fn compile(a: &model::Approach, rules: &Ruleset, _width: Width) -> Approach {
        Approach { dirs: rules.direction_sets[a.dirs.index()].dirs.clone(), withdraw: a.withdraw }
    }
}

impl EffectKind for Approach {
    fn removes(&self) -> bool {
        true
    }

    fn alternative(&self) -> bool {
        true
    }

    /// The line a piece of `side` moving from `vacated` to `at` captures this way (empty: none).
    fn line<const W: usize>(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, vacated: CellId) -> CellSet<W> {
        let mut out = CellSet::EMPTY;
        if vacated == NO_CELL {
            return out;
        }
        let Some(d) = self.dirs[side.index()].iter().copied().find(|&d| reaches(board, vacated, d, at)) else { return out };
        let (mut c, d) = if self.withdraw {
            let Some(back) = board.opposite(d) else { return out };
            (board.step(vacated, back), back)
        } else {
            (board.step(at, d), d)
        };
        while c != NO_CELL && pos.cells[c.index()].of(side.other()) {
            out.insert(c);
            c = board.step(c, d);
        }
        out
    }
}

/// Does a walk from `from` along `d` reach `to`?
fn reaches(board: &Board, from: CellId, d: DirId, to: CellId) -> bool {
    let mut c = board.step(from, d);
    while c != NO_CELL {
        if c == to {
            return true;
        }
        c = board.step(c, d);
    }
    false
}
