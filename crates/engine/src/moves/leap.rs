//! `leap`: jump to a cell at a fixed offset, over anything.

use crate::compile::Compile;
use crate::host::Host;
use crate::moves::kind::{Attack, MoveKind, Seen};
use crate::mv::{Move, RuleId, Sink, lands};
use crate::piece::{Piece};
use crate::position::Position;
use hetproba_board::{Board, CellId, Width};
use hetproba_rules::model::{Landing, PieceTypeId, PlayerId, Ruleset, moves as model};

#[derive(Clone, Debug)]
pub(crate) struct Leap {
    /// `targets[cell]`: the cells a leap reaches from `cell`.
    targets: Vec<Vec<CellId>>,
    to: Landing,
}

impl Compile<model::Leap> for Leap {
    fn compile(leap: &model::Leap, rules: &Ruleset, _width: Width) -> Leap {
        let board = &rules.board;
        let targets = (0..board.len())
            .map(|c| {
                let cell = board.cell(CellId::new(c));
                leap.offsets.iter().filter_map(|(dx, dy)| board.at(cell.x + dx, cell.y + dy)).collect()
            })
            .collect();
        Leap { targets, to: leap.to }
    }
}

impl MoveKind for Leap {
    const FROM_PIECES: bool = true;
    const VIEWS_PLAIN: bool = true;
    const SEEN: Seen = Seen::Piece;

    fn template(&self, mv: &Move) -> &'static str {
        super::ray::template(mv)
    }

    /// The cells a leap from `from` reaches, whatever stands there.
    fn reach(&self, _board: &Board, _side: PlayerId, _piece: PieceTypeId, from: CellId, moved: &mut Vec<CellId>, _others: &mut Vec<(Piece, CellId)>) {
        moved.extend_from_slice(&self.targets[from.index()]);
    }

    /// Does it land only on empty cells?
    fn never_captures(&self) -> bool {
        self.to == Landing::Empty
    }

    /// Does every move capture (land on an enemy piece)?
    fn always_captures(&self) -> bool {
        self.to == Landing::Enemy
    }

    fn moves_one_piece(&self, _piece: PieceTypeId) -> bool {
        true
    }

    fn attack(&self, _side: PlayerId) -> Attack<'_> {
        match self.to {
            Landing::Enemy | Landing::EmptyOrEnemy => Attack::Leaps(&self.targets),
            Landing::Empty | Landing::Passed => Attack::None,
        }
    }

    fn generate<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let rule = host.rule(r);
        let mine = rule.moving[side.index()];
        let cells = &pos.cells;
        for c in pos.piece_set::<W>(mine).iter() {
            if !rule.starts_on(side, c) {
                continue;
            }
            for &t in &self.targets[c.index()] {
                let target = cells[t.index()];
                if lands(self.to, target, side)
                    && !host.emit::<W>(rule, pos, side, Move { take_to: target.is_some(), ..Move::new(r, c, t) }, c, sink)
                {
                    return false;
                }
            }
        }
        true
    }
}
