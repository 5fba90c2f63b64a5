//! `leap`: jump to a cell at a fixed offset, over anything.

use crate::compile::Compile;
use crate::host::Host;
use crate::moves::kind::{Attack, MoveKind, Seen};
use crate::mv::{Move, RuleId, Sink, lands_taking};
use crate::piece::Piece;
use crate::position::Position;
use hetproba_board::{Board, CellId, Width};
use hetproba_rules::model::{Landing, PieceTypeId, PieceTypeSet, PlayerId, Ruleset, moves as model};

#[derive(Clone, Debug)]
pub(crate) struct Leap {
    /// Per player, `targets[cell]`: the cells a leap reaches from `cell`.
    targets: [Vec<Vec<CellId>>; 2],
    to: Landing,
    /// The enemy piece types it may land on; `None`: every type.
    takes: Option<PieceTypeSet>,
}

impl Compile<model::Leap> for Leap {
    fn compile(leap: &model::Leap, rules: &Ruleset, _width: Width) -> Leap {
        let board = &rules.board;
        let targets = PlayerId::BOTH.map(|side| {
            // With `forward`, an offset is (aside, ahead) along the player's forward direction
            // (no offsets for a player without one).
            let offsets: Vec<(i32, i32)> = if leap.forward {
                rules.forward[side.index()].map_or_else(Vec::new, |f| {
                    let d = &board.directions()[f.index()];
                    leap.offsets.iter().map(|&(aside, ahead)| (ahead * d.dx - aside * d.dy, ahead * d.dy + aside * d.dx)).collect()
                })
            } else {
                leap.offsets.clone()
            };
            (0..board.len())
                .map(|c| {
                    if leap.anywhere {
                        // Flying: every other cell, a table built only for rules that fly.
                        return (0..board.len()).filter(|&t| t != c).map(CellId::new).collect();
                    }
                    let cell = board.cell(CellId::new(c));
                    offsets.iter().filter_map(|(dx, dy)| board.at(cell.x + dx, cell.y + dy)).collect()
                })
                .collect()
        });
        Leap { targets, to: leap.to, takes: leap.takes }
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
    fn reach(&self, _board: &Board, side: PlayerId, _piece: PieceTypeId, from: CellId, moved: &mut Vec<CellId>, _others: &mut Vec<(Piece, CellId)>) {
        moved.extend_from_slice(&self.targets[side.index()][from.index()]);
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

    fn attack(&self, side: PlayerId) -> Attack<'_> {
        match self.to {
            Landing::Enemy | Landing::EmptyOrEnemy => Attack::Leaps(&self.targets[side.index()], self.takes),
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
            for &t in &self.targets[side.index()][c.index()] {
                let target = cells[t.index()];
                if lands_taking(self.to, target, side, self.takes)
                    && !host.emit::<W>(rule, pos, side, Move { take_to: target.is_some(), ..Move::new(r, c, t) }, c, sink)
                {
                    return false;
                }
            }
        }
        true
    }
}
