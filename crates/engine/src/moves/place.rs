//! `place`: put a new piece on an empty cell, anywhere or in a region, or near a piece.

use super::{Move, RuleId, Sink};
use crate::game::{Game, Piece, Square, slot};
use crate::position::Position;
use hetproba_board::{CellId, DirId, NO_CELL};
use hetproba_rules::model::{DirSetId, Near, PlayerId, RegionId, Ruleset, Whose};

#[derive(Clone, Debug)]
pub(crate) struct Place {
    /// Per player: may the piece be placed on each cell (all true without a region).
    allowed: [Vec<bool>; 2],
    /// `near=`: whose piece must stand near, and for each cell the cells near enough.
    near: Option<(Whose, Vec<Vec<CellId>>)>,
    /// `along=`: a later part, on cells reached along these directions from where the part
    /// before landed.
    along: Option<[Vec<DirId>; 2]>,
}

impl Place {
    pub(crate) fn compile(rules: &Ruleset, region: Option<RegionId>, near: Option<Near>, along: Option<DirSetId>) -> Place {
        let n = rules.board.len();
        let allowed = match region {
            Some(r) => rules.regions[r.index()].cells.clone(),
            None => [vec![true; n], vec![true; n]],
        };
        let near = near.map(|near| (near.of, (0..n).map(|c| within(&rules.board, CellId::new(c), near.within)).collect()));
        let along = along.map(|d| rules.direction_sets[d.index()].dirs.clone());
        Place { allowed, near, along }
    }

    /// The cells a later part may place on, `origin` being where the part before landed: each
    /// goes to `each`, which returns false to stop. Returns false if it stopped.
    pub(crate) fn each_cell(
        &self,
        game: &Game,
        pos: &Position,
        side: PlayerId,
        origin: CellId,
        each: &mut impl FnMut(CellId) -> bool,
    ) -> bool {
        let allowed = &self.allowed[side.index()];
        let fits = |c: CellId| allowed[c.index()] && self.near_enough(pos, side, c);
        match &self.along {
            Some(dirs) => {
                let board = game.board();
                for &d in &dirs[side.index()] {
                    let mut c = board.step(origin, d);
                    while c != NO_CELL && pos.cells[c.index()].is_none() {
                        if fits(c) && !each(c) {
                            return false;
                        }
                        c = board.step(c, d);
                    }
                }
                true
            }
            None => (0..pos.cells.len()).map(CellId::new).filter(|&c| pos.cells[c.index()].is_none() && fits(c)).all(each),
        }
    }

    /// Is a piece of the kind `near=` asks for within reach of `c`?
    #[inline]
    fn near_enough(&self, pos: &Position, side: PlayerId, c: CellId) -> bool {
        let Some((whose, cells)) = &self.near else { return true };
        cells[c.index()].iter().any(|k| {
            let at = pos.cells[k.index()];
            match whose {
                Whose::Own => at.of(side),
                Whose::Enemy => at.of(side.other()),
                Whose::Any => at.is_some_and(|p| p.owner().player().is_some()),
            }
        })
    }

    /// The cells a new piece of `side` may be put on.
    pub(crate) fn reach(&self, side: PlayerId, out: &mut Vec<CellId>) {
        out.extend(self.allowed[side.index()].iter().enumerate().filter(|(_, on)| **on).map(|(c, _)| CellId::new(c)));
    }

    pub(crate) fn generate(&self, game: &Game, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let allowed = &self.allowed[side.index()];
        let rule = &game.compiled[r.index()];
        let effects = &rule.effects;
        if let Some(near) = effects.near(side) {
            // Only empty cells next to an enemy piece can enclose one.
            let enemy = pos.bits[slot(side.other())];
            let mut empty = pos.bits[0];
            // Effects that only ask for an enclosure and nothing else in the way (Reversi): test
            // and push, without the general path.
            let plain = !effects.removes() && game.regions.no_quiet.is_none() && game.promotions[rule.piece.index()].is_none();
            while empty != 0 {
                let c = CellId::lowest(empty);
                empty &= empty - 1;
                if near[c.index()] & enemy == 0 || !allowed[c.index()] || !self.near_enough(pos, side, c) {
                    continue;
                }
                let more = if plain {
                    !effects.allow(game, pos, side, c, NO_CELL) || sink.push(Move::new(r, NO_CELL, c))
                } else {
                    game.emit(rule, pos, side, Move::new(r, NO_CELL, c), NO_CELL, sink)
                };
                if !more {
                    return false;
                }
            }
            return true;
        }
        for c in (0..pos.cells.len()).map(CellId::new) {
            if pos.cells[c.index()].is_none()
                && allowed[c.index()]
                && self.near_enough(pos, side, c)
                && !game.emit(rule, pos, side, Move::new(r, NO_CELL, c), NO_CELL, sink)
            {
                return false;
            }
        }
        true
    }
}

/// The default notation of a move that puts a new piece on the board (`place`, `roll`, `push`):
/// the cell (with the push direction), then each piece its effects capture after an `x`.
pub(super) fn template(mv: &Move) -> &'static str {
    if mv.captures == super::CellBits::NONE { "{to}{dir}" } else { "{to}{dir}x{removed:x}" }
}

/// Puts the new piece on its cell (`place`, `roll`).
pub(super) fn make(game: &Game, pos: &mut Position, mv: Move, piece: Piece) {
    pos.set(game, mv.to, Some(piece));
}

/// The cells at most `steps` steps from `from` along the board's directions, `from` aside.
fn within(board: &hetproba_board::Board, from: CellId, steps: u32) -> Vec<CellId> {
    let mut seen = vec![false; board.len()];
    seen[from.index()] = true;
    let mut frontier = vec![from];
    let mut out = Vec::new();
    for _ in 0..steps {
        let mut next = Vec::new();
        for c in frontier {
            for d in board.all_directions() {
                let k = board.step(c, d);
                if k != NO_CELL && !seen[k.index()] {
                    seen[k.index()] = true;
                    next.push(k);
                }
            }
        }
        out.extend(&next);
        frontier = next;
    }
    out.sort();
    out
}
