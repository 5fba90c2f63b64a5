//! `leap`: jump to a cell at a fixed offset, over anything.

use super::{Move, RuleId, Sink, lands};
use crate::game::Game;
use crate::position::Position;
use hetproba_board::CellId;
use hetproba_rules::model::{Landing, PlayerId, Ruleset};

#[derive(Clone, Debug)]
pub(crate) struct Leap {
    /// `targets[cell]`: the cells a leap reaches from `cell`.
    targets: Vec<Vec<CellId>>,
    to: Landing,
}

impl Leap {
    /// Does it land only on empty cells?
    pub(crate) fn lands_empty(&self) -> bool {
        self.to == Landing::Empty
    }

    /// Does every move capture (land on an enemy piece)?
    pub(crate) fn always_captures(&self) -> bool {
        self.to == Landing::Enemy
    }

    pub(crate) fn compile(rules: &Ruleset, offsets: &[(i32, i32)], to: Landing) -> Leap {
        let board = &rules.board;
        let targets = (0..board.len())
            .map(|c| {
                let cell = board.cell(CellId::new(c));
                offsets.iter().filter_map(|(dx, dy)| board.at(cell.x + dx, cell.y + dy)).collect()
            })
            .collect();
        Leap { targets, to }
    }

    /// The cells a leap from `from` reaches, whatever stands there.
    pub(crate) fn reach(&self, from: CellId, out: &mut Vec<CellId>) {
        out.extend_from_slice(&self.targets[from.index()]);
    }

    pub(crate) fn generate<const W: usize>(&self, game: &Game, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let rule = &game.compiled[r.index()];
        let mine = rule.moving[side.index()];
        let cells = &pos.cells;
        for c in game.pieces_of::<W>(pos, mine) {
            if !rule.starts_on(side, c) {
                continue;
            }
            for &t in &self.targets[c.index()] {
                let target = cells[t.index()];
                if lands(self.to, target, side)
                    && !game.emit::<W>(rule, pos, side, Move { take_to: target.is_some(), ..Move::new(r, c, t) }, c, sink)
                {
                    return false;
                }
            }
        }
        true
    }
}
