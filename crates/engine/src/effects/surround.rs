//! `surround`: an enemy piece next to the arriving piece, whose every neighbour is an own piece or
//! the board's edge, is captured.

use crate::effects::kind::EffectKind;
use crate::piece::Square;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::{Board, CellId, CellSet, DirId, NO_CELL, Width};
use hetproba_rules::model::effects as model;
use hetproba_rules::model::{PlayerId, Ruleset};

/// A capture against the board: an enemy piece next to the arriving piece, on one of `cells`,
/// with only own pieces and the board's edge around it along `dirs`.
#[derive(Clone, Debug)]
pub(crate) struct Surround {
    dirs: [Vec<DirId>; 2],
    /// Per player: where a piece may be so taken (`None`: anywhere).
    cells: Option<[Vec<bool>; 2]>,
}

impl Compile<model::Surround> for Surround {
    fn compile(s: &model::Surround, rules: &Ruleset, _width: Width) -> Surround {
        Surround { dirs: rules.direction_sets[s.dirs.index()].dirs.clone(), cells: s.region.map(|g| rules.regions[g.index()].cells.clone()) }
    }
}

impl EffectKind for Surround {
    fn removes(&self) -> bool {
        true
    }

    #[inline]
    fn take<const W: usize>(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, vacated: CellId, taken: &mut CellSet<W>) {
        *taken |= self.taken(board, pos, side, at, vacated, *taken);
    }
}

impl Surround {
    /// The enemy pieces a piece of `side` arriving on `at` (leaving `vacated`) takes this way,
    /// as a set; `taken` are pieces the move takes anyway (their cells count as empty).
    fn taken<const W: usize>(
        &self,
        board: &Board,
        pos: &Position,
        side: PlayerId,
        at: CellId,
        vacated: CellId,
        taken: CellSet<W>,
    ) -> CellSet<W> {
        let dirs = &self.dirs[side.index()];
        let mut out = CellSet::EMPTY;
        for &d in dirs {
            let c = board.step(at, d);
            if c == NO_CELL || c == vacated || !pos.cells[c.index()].of(side.other()) || taken.contains(c) {
                continue;
            }
            if self.cells.as_ref().is_some_and(|cells| !cells[side.index()][c.index()]) {
                continue;
            }
            let shut = dirs.iter().all(|&e| {
                let n = board.step(c, e);
                n == NO_CELL || n == at || (n != vacated && !taken.contains(n) && pos.cells[n.index()].of(side))
            });
            if shut {
                out.insert(c);
            }
        }
        out
    }
}
