//! `convert`: every enemy piece next to the arriving piece turns to the mover's colour.

use crate::effects::kind::EffectKind;
use crate::piece::Square;
use crate::compile::Compile;
use crate::hash::Keys;
use crate::position::Position;
use hetproba_board::{Board, CellId, DirId, NO_CELL, Width};
use hetproba_rules::model::effects as model;
use hetproba_rules::model::{PlayerId, Ruleset};

/// Per player: the directions along which neighbouring enemy pieces turn.
#[derive(Clone, Debug)]
pub(crate) struct Convert {
    dirs: [Vec<DirId>; 2],
}

impl Compile<model::Convert> for Convert {
    fn compile(c: &model::Convert, rules: &Ruleset, _width: Width) -> Convert {
        Convert { dirs: rules.direction_sets[c.dirs.index()].dirs.clone() }
    }
}

impl EffectKind for Convert {
    fn make(&self, board: &Board, keys: &Keys, pos: &mut Position, side: PlayerId, at: CellId, _captured: bool) {
        for &d in &self.dirs[side.index()] {
            let k = board.step(at, d);
            if k != NO_CELL && pos.cells[k.index()].of(side.other()) {
                let turned = pos.cells[k.index()].map(|p| p.turned_to(side));
                pos.set(keys, k, turned);
            }
        }
    }

    fn turned(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, vacated: CellId, out: &mut Vec<CellId>) {
        for &d in &self.dirs[side.index()] {
            let k = board.step(at, d);
            if k != NO_CELL && k != vacated && pos.cells[k.index()].of(side.other()) && !out.contains(&k) {
                out.push(k);
            }
        }
    }
}
