//! `drop`: put a piece of the rule's type from the mover's hand on an empty cell.

use crate::compile::Compile;
use crate::host::Host;
use crate::moves::kind::{MoveKind, Seen};
use crate::mv::{Move, RuleId, Sink};
use crate::piece::Piece;
use crate::position::Position;
use crate::rule::Rule;
use hetproba_board::{Board, CellId, CellSet, CellSets, NO_CELL, Width, per_player};
use hetproba_rules::model::{PieceTypeId, PlayerId, Ruleset, moves as model};

#[derive(Clone, Debug)]
pub(crate) struct Drop {
    /// A set per player: the cells the piece may be dropped on (all without a region).
    allowed: CellSets,
}

impl Compile<model::Drop> for Drop {
    fn compile(drop: &model::Drop, rules: &Ruleset, width: Width) -> Drop {
        let n = rules.board.len();
        let allowed = match drop.region {
            Some(r) => per_player(width, &rules.regions[r.index()].cells),
            None => per_player(width, &[vec![true; n], vec![true; n]]),
        };
        Drop { allowed }
    }
}

impl MoveKind for Drop {
    const PLACES: bool = true;
    const SEEN: Seen = Seen::Piece;

    fn generate<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let rule = host.rule(r);
        if held(host, pos, side, rule.piece) == 0 {
            return true;
        }
        let free: CellSet<W> = pos.empty_set::<W>() & self.allowed.get(side.index());
        if host.plain_emit(rule) {
            return free.iter().all(|c| sink.push(Move::new(r, NO_CELL, c)));
        }
        free.iter().all(|c| emit::<W>(host, rule, pos, side, Move::new(r, NO_CELL, c), sink))
    }

    fn template(&self, _mv: &Move) -> &'static str {
        "{piece}@{to}"
    }

    /// The cells a piece of `side` may be dropped on.
    fn reach(&self, _board: &Board, side: PlayerId, _piece: PieceTypeId, _from: CellId, moved: &mut Vec<CellId>, _others: &mut Vec<(Piece, CellId)>) {
        moved.extend(self.allowed.cells(side.index()));
    }

    fn make(&self, host: &impl Host, pos: &mut Position, mv: Move, rule: &Rule) {
        let side = pos.side;
        pos.set(host.keys(), mv.to, Some(rule.moving[side.index()]));
        if let Some(slot) = host.keys().hand_slot(side, rule.piece) {
            pos.set_hand(host.keys(), slot, pos.hand(slot).saturating_sub(1));
        }
    }

    fn never_captures(&self) -> bool {
        true
    }
}

/// A drop through its rule's effects (which may forbid it, or add captures): never promoted,
/// and never onto a cell entered only by capturing.
fn emit<const W: usize>(host: &impl Host, rule: &Rule, pos: &Position, side: PlayerId, mv: Move, sink: &mut impl Sink) -> bool {
    if host.regions().no_quiet.as_ref().is_some_and(|r| r.contains(side.index(), mv.to)) {
        return true;
    }
    rule.effects.emit::<W>(host.board(), pos, side, mv, NO_CELL, &mut |m| sink.push(m))
}

/// How many pieces of type `kind` `side` holds in hand.
#[inline]
fn held(host: &impl Host, pos: &Position, side: PlayerId, kind: PieceTypeId) -> u32 {
    host.keys().hand_slot(side, kind).map_or(0, |slot| pos.hand(slot))
}
