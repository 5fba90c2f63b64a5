//! `explode`: a capture takes off the capturing piece and the pieces around where it landed,
//! but for the spared types (atomic chess).

use crate::effects::kind::EffectKind;
use crate::compile::Compile;
use crate::hash::Keys;
use crate::position::Position;
use hetproba_board::{Board, CellId, CellSet, CellSets, DirId, NO_CELL, Width};
use hetproba_rules::model::effects as model;
use hetproba_rules::model::{PieceTypeSet, PlayerId, Ruleset};

#[derive(Clone, Debug)]
pub(crate) struct Explode {
    /// `blast[p * cells + c]`: the cells one step from `c` along the effect's directions, for
    /// player `p`.
    pub(crate) blast: CellSets,
    pub(crate) spare: PieceTypeSet,
}

impl Compile<model::Explode> for Explode {
    fn compile(e: &model::Explode, rules: &Ruleset, width: Width) -> Explode {
        let board = &rules.board;
        let dirs: &[Vec<DirId>; 2] = &rules.direction_sets[e.dirs.index()].dirs;
        let blast = CellSets::from_sets(
            width,
            dirs.iter().flat_map(|dirs| {
                board.all_cells().map(move |c| dirs.iter().map(|&d| board.step(c, d)).filter(|&k| k != NO_CELL).collect::<Vec<_>>())
            }),
        );
        Explode { blast, spare: e.spare }
    }
}

impl EffectKind for Explode {
    fn removes(&self) -> bool {
        true
    }

    fn attacks(&self) -> bool {
        false
    }

    /// A capture (landing on an enemy piece, or taking one otherwise) blows up the pieces next
    /// to where it lands, of either player, but the spared types.
    #[inline]
    fn take<const W: usize>(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, vacated: CellId, taken: &mut CellSet<W>) {
        let lands_on_enemy = pos.cells[at.index()].is_some_and(|p| p.owner().player() == Some(side.other()));
        if !lands_on_enemy && taken.is_empty() {
            return;
        }
        for c in self.blast.get::<W>(side.index() * board.len() + at.index()).iter() {
            if c != vacated && pos.cells[c.index()].is_some_and(|p| !self.spare.contains(p.kind())) {
                taken.insert(c);
            }
        }
    }

    /// The capturing piece goes too.
    fn make(&self, _board: &Board, keys: &Keys, pos: &mut Position, _side: PlayerId, at: CellId, captured: bool) {
        if captured {
            pos.set(keys, at, None);
            pos.clear_unmoved(keys, at);
        }
    }
}
