//! `place`: put a new piece on an empty cell, anywhere or in a region.

use super::{Move, RuleId, Sink};
use crate::game::{Game, Piece, slot};
use crate::position::Position;
use hetproba_board::{CellId, NO_CELL};
use hetproba_rules::model::{PlayerId, RegionId, Ruleset};

#[derive(Clone, Debug)]
pub(crate) struct Place {
    /// Per player: may the piece be placed on each cell (all true without a region).
    allowed: [Vec<bool>; 2],
}

impl Place {
    pub(crate) fn compile(rules: &Ruleset, region: Option<RegionId>) -> Place {
        let n = rules.board.len();
        let allowed = match region {
            Some(r) => rules.regions[r.index()].cells.clone(),
            None => [vec![true; n], vec![true; n]],
        };
        Place { allowed }
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
                if near[c.index()] & enemy == 0 || !allowed[c.index()] {
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
            if pos.cells[c.index()].is_none() && allowed[c.index()] && !game.emit(rule, pos, side, Move::new(r, NO_CELL, c), NO_CELL, sink)
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
