//! Effects that follow a move's action. Enclosure: every unbroken line of enemy pieces between
//! the arriving piece and another own piece, in the effect's directions, turns to the mover's
//! colour (Reversi's flip).

use crate::game::{Game, code, line_masks, owner_tag, piece_type, tag};
use crate::position::Position;
use hetproba_board::{CellId, NO_CELL};
use hetproba_rules::model::{Effect, PlayerId, Ruleset};

/// One enclosure effect.
#[derive(Clone, Debug)]
struct Enclose {
    /// Directions, per player.
    dirs: [Vec<u8>; 2],
    /// The move is legal only if at least this many pieces are enclosed.
    min: u32,
}

/// The effects of one move rule.
#[derive(Clone, Debug, Default)]
pub(crate) struct Effects {
    list: Vec<Enclose>,
    /// On boards of at most 64 cells, when an effect needs at least one piece: per player, the
    /// cells one step away along the effects' directions, as a bit mask per cell. A piece can
    /// only enclose next to an enemy piece, so other cells are skipped at once.
    near: Option<[Vec<u64>; 2]>,
}

impl Effects {
    pub(crate) fn compile(rules: &Ruleset, effects: &[Effect]) -> Effects {
        let list: Vec<Enclose> = effects
            .iter()
            .map(|e| match e {
                Effect::Flip { dirs, min } => Enclose { dirs: rules.direction_sets[*dirs as usize].dirs.clone(), min: *min },
            })
            .collect();
        let near = (rules.board.len() <= 64 && list.iter().any(|e| e.min > 0)).then(|| {
            [0, 1].map(|player| {
                let dirs: Vec<u8> = list.iter().flat_map(|e| e.dirs[player].iter().copied()).collect();
                line_masks(&rules.board, &dirs, false)
            })
        });
        Effects { list, near }
    }

    /// The cells next to each cell along the effects' directions, when every arrival must
    /// enclose something.
    #[inline(always)]
    pub(crate) fn near(&self, side: PlayerId) -> Option<&[u64]> {
        self.near.as_ref().map(|n| &n[side as usize][..])
    }

    /// Do the effects allow a piece of `side` arriving on `at` (leaving `vacated`, or
    /// `NO_CELL` for a new piece)?
    #[inline]
    pub(crate) fn allow(&self, game: &Game, pos: &Position, side: PlayerId, at: CellId, vacated: CellId) -> bool {
        for e in &self.list {
            if e.min == 0 {
                continue;
            }
            let mut total = 0;
            for &d in &e.dirs[side as usize] {
                total += enclosed(game, pos, side, at, d, vacated);
                if total >= e.min {
                    break;
                }
            }
            if total < e.min {
                return false;
            }
        }
        true
    }

    /// Applies the effects of a piece of `side` that has arrived on `at`.
    pub(crate) fn make(&self, game: &Game, pos: &mut Position, side: PlayerId, at: CellId) {
        for e in &self.list {
            for &d in &e.dirs[side as usize] {
                let count = enclosed(game, pos, side, at, d, NO_CELL);
                let mut k = at;
                for _ in 0..count {
                    k = game.board().step(k, d);
                    let turned = code(piece_type(pos.cells[k as usize]), Some(side));
                    pos.set(game, k, turned);
                }
            }
        }
    }

    /// The cells the effects would turn for a piece of `side` arriving on `at`.
    pub(crate) fn turned(&self, game: &Game, pos: &Position, side: PlayerId, at: CellId) -> Vec<CellId> {
        let mut out = Vec::new();
        for e in &self.list {
            for &d in &e.dirs[side as usize] {
                let count = enclosed(game, pos, side, at, d, NO_CELL);
                let mut k = at;
                for _ in 0..count {
                    k = game.board().step(k, d);
                    out.push(k);
                }
            }
        }
        out
    }
}

/// How many enemy pieces lie in an unbroken line from `at` along `d`, closed by an own piece
/// (`vacated` counts as empty: the cell the arriving piece left).
#[inline(always)]
fn enclosed(game: &Game, pos: &Position, side: PlayerId, at: CellId, d: u8, vacated: CellId) -> u32 {
    let table = game.board().table(d);
    let (own, enemy) = (tag(side), tag(side ^ 1));
    let mut k = table[at as usize];
    let mut count = 0;
    while k != NO_CELL && owner_tag(pos.cells[k as usize]) == enemy {
        count += 1;
        k = table[k as usize];
    }
    if count > 0 && k != NO_CELL && k != vacated && owner_tag(pos.cells[k as usize]) == own { count } else { 0 }
}
