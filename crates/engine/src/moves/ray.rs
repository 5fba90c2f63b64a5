//! Moves along a direction: `step` (one cell) and `slide` (any number of cells over empty ones,
//! up to a limit).

use super::{Move, Sink};
use crate::game::{EMPTY, Game, line_masks, owner_tag, tag};
use crate::position::Position;
use hetproba_board::{CellId, NO_CELL};
use hetproba_rules::model::{DirSetId, Landing, PlayerId, Ruleset};

#[derive(Clone, Debug)]
pub(crate) struct Ray {
    /// Directions, per player.
    dirs: [Vec<u8>; 2],
    to: Landing,
    /// Cells travelled at most: 1 for a step.
    max: Option<u32>,
    /// On boards of at most 64 cells, for a step to an empty cell: per player, the cells one
    /// step away from each cell, as bits. A piece's steps are then `mask & empty`.
    steps: Option<[Vec<u64>; 2]>,
}

impl Ray {
    pub(crate) fn step(rules: &Ruleset, dirs: DirSetId, to: Landing) -> Ray {
        let set = &rules.direction_sets[dirs as usize].dirs;
        let steps = (to == Landing::Empty && rules.board.len() <= 64).then(|| [0, 1].map(|p| line_masks(&rules.board, &set[p], false)));
        Ray { dirs: set.clone(), to, max: Some(1), steps }
    }

    pub(crate) fn slide(rules: &Ruleset, dirs: DirSetId, to: Landing, max: Option<u32>) -> Ray {
        Ray { dirs: rules.direction_sets[dirs as usize].dirs.clone(), to, max, steps: None }
    }

    pub(crate) fn generate(&self, game: &Game, pos: &Position, side: PlayerId, r: u8, sink: &mut impl Sink) -> bool {
        let rule = &game.compiled[r as usize];
        let mine = rule.code[side as usize];
        let cells = &pos.cells;
        let mut pieces = game.pieces_of(pos, mine);
        if let Some(steps) = &self.steps {
            // Steps to empty cells on a small board: one mask per piece.
            let masks = &steps[side as usize];
            let empty = pos.bits[0];
            let promo = game.promotions[rule.piece as usize].as_ref();
            let promotes = promo.map_or(0, |p| p.bits[side as usize]);
            while let Some(c) = pieces.next(cells, mine) {
                let mut targets = masks[c as usize] & empty;
                while targets != 0 {
                    let t = targets.trailing_zeros() as CellId;
                    targets &= targets - 1;
                    let mv = Move::new(r, c, t);
                    let more = match promo {
                        Some(p) if promotes & (1u64 << t) != 0 => p.to.iter().all(|&to| sink.push(Move { promote: to + 1, ..mv })),
                        _ => sink.push(mv),
                    };
                    if !more {
                        return false;
                    }
                }
            }
            return true;
        }
        let board = game.board();
        let enemy = tag(side ^ 1);
        let lands = |t: CellId| -> bool {
            let target = cells[t as usize];
            match self.to {
                Landing::Empty => target == EMPTY,
                Landing::Enemy => owner_tag(target) == enemy,
                Landing::EmptyOrEnemy => target == EMPTY || owner_tag(target) == enemy,
            }
        };
        while let Some(c) = pieces.next(cells, mine) {
            for &d in &self.dirs[side as usize] {
                let mut t = board.step(c, d);
                let mut dist = 1;
                while t != NO_CELL && self.max.is_none_or(|m| dist <= m) {
                    if lands(t)
                        && !game.push_promoting(rule.piece, side, Move { take_to: cells[t as usize] != EMPTY, ..Move::new(r, c, t) }, sink)
                    {
                        return false;
                    }
                    if cells[t as usize] != EMPTY {
                        break;
                    }
                    t = board.step(t, d);
                    dist += 1;
                }
            }
        }
        true
    }
}
