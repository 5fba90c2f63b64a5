//! `stay`: a piece "moves" zero cells, from its cell to the same cell. Generation offers these
//! moves only when the player has no other legal move ([`crate::tables::PhaseRules::stay`]),
//! unless the rule says `always`.

use crate::compile::Compile;
use crate::host::Host;
use crate::moves::kind::MoveKind;
use crate::mv::{Move, RuleId, Sink};
use crate::piece::Piece;
use crate::position::Position;
use hetproba_board::{Board, CellId, Width};
use hetproba_rules::model::{PieceTypeId, PlayerId, Ruleset, moves as model};

#[derive(Clone, Debug)]
pub(crate) struct Stay {
    /// Offered among the other moves (`stay(always)`), not only when they give none.
    pub always: bool,
}

impl Compile<model::Stay> for Stay {
    fn compile(stay: &model::Stay, _rules: &Ruleset, _width: Width) -> Stay {
        Stay { always: stay.always }
    }
}

impl MoveKind for Stay {
    const FROM_PIECES: bool = true;

    fn template(&self, mv: &Move) -> &'static str {
        super::ray::template(mv)
    }

    /// It stays on `from`.
    fn reach(&self, _board: &Board, _side: PlayerId, _piece: PieceTypeId, from: CellId, moved: &mut Vec<CellId>, _others: &mut Vec<(Piece, CellId)>) {
        moved.push(from);
    }

    fn never_captures(&self) -> bool {
        true
    }

    fn generate<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let rule = host.rule(r);
        for c in pos.piece_set::<W>(rule.moving[side.index()]).iter() {
            if rule.starts_on(side, c) && !host.emit::<W>(rule, pos, side, Move::new(r, c, c), c, sink) {
                return false;
            }
        }
        true
    }
}
