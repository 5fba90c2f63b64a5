//! `drop`: put a piece of the rule's type from the mover's hand on an empty cell.

use super::{Compile, Move, MoveKind, Rule, RuleId, Seen, Sink};
use crate::game::{Game, Piece, per_player};
use crate::position::Position;
use hetproba_board::{CellId, CellSet, CellSets, NO_CELL, Width};
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

    fn generate<const W: usize>(&self, game: &Game, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let rule = &game.compiled[r.index()];
        if pos.in_hand(game, side, rule.piece) == 0 {
            return true;
        }
        let free: CellSet<W> = pos.empty_set::<W>() & self.allowed.get(side.index());
        if game.plain_emit(rule) {
            return free.iter().all(|c| sink.push(Move::new(r, NO_CELL, c)));
        }
        free.iter().all(|c| emit::<W>(game, rule, pos, side, Move::new(r, NO_CELL, c), sink))
    }

    fn template(&self, _mv: &Move) -> &'static str {
        "{piece}@{to}"
    }

    /// The cells a piece of `side` may be dropped on.
    fn reach(&self, _game: &Game, side: PlayerId, _piece: PieceTypeId, _from: CellId, moved: &mut Vec<CellId>, _others: &mut Vec<(Piece, CellId)>) {
        moved.extend(self.allowed.cells(side.index()));
    }

    fn make(&self, game: &Game, pos: &mut Position, mv: Move, rule: &Rule) {
        let side = pos.side;
        pos.set(game, mv.to, Some(rule.moving[side.index()]));
        let held = pos.in_hand(game, side, rule.piece);
        pos.set_hand(game, side, rule.piece, held.saturating_sub(1));
    }

    fn never_captures(&self) -> bool {
        true
    }
}

/// A drop through its rule's effects (which may forbid it, or add captures): never promoted,
/// and never onto a cell entered only by capturing.
fn emit<const W: usize>(game: &Game, rule: &Rule, pos: &Position, side: PlayerId, mv: Move, sink: &mut impl Sink) -> bool {
    if game.regions.no_quiet.as_ref().is_some_and(|r| r.contains(side.index(), mv.to)) {
        return true;
    }
    rule.effects.emit::<W>(game, pos, side, mv, NO_CELL, &mut |m| sink.push(m))
}
