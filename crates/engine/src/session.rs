//! A game in progress: the position plus the history that draw rules need (repetitions, move
//! counters, material configurations). `play`, `replay` and self-play use it; perft does not.

use crate::ends::Outcome;
use crate::game::{EMPTY, Game, owner_tag, piece_type};
use crate::moves::Move;
use crate::position::Position;
use hetproba_rules::model::{DrawKind, Event, Material, PlayerId};

/// A game with its history.
#[derive(Clone, Debug)]
pub struct Session<'g> {
    game: &'g Game,
    pos: Position,
    /// The repetition key of every position so far, the current one last.
    keys: Vec<u64>,
    /// Plies counted by each draw rule (0 for repetition rules).
    counters: Vec<u32>,
    moves: Vec<Move>,
    /// The pieces of each type each player has now, if a draw rule looks at material.
    material: Option<[Vec<u32>; 2]>,
}

impl<'g> Session<'g> {
    /// Starts from `pos` with an empty history and counters at zero.
    pub fn new(game: &'g Game, pos: Position) -> Session<'g> {
        let keys = vec![repetition_key(game, &pos)];
        let counters = vec![0; game.rules().draws.len()];
        let needs_material = game.rules().draws.iter().any(|d| matches!(&d.kind, DrawKind::Counter { material: Some(_), .. }));
        let material = needs_material.then(|| material_counts(game, &pos));
        Session { game, pos, keys, counters, moves: Vec::new(), material }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a legal move and updates the history.
    pub fn play(&mut self, mv: Move) {
        let game = self.game;
        let mover_piece = (mv.from != hetproba_board::NO_CELL).then(|| piece_type(self.pos.at(mv.from)));
        game.make(&mut self.pos, mv);
        // Material is counted only for rulesets whose draws look at it, once per move.
        let (before, after) = match &mut self.material {
            Some(counts) => {
                let after = material_counts(game, &self.pos);
                (std::mem::replace(counts, after.clone()), after)
            }
            None => Default::default(),
        };
        for (i, rule) in game.rules().draws.iter().enumerate() {
            if let DrawKind::Counter { reset, material, .. } = &rule.kind {
                let reset_now = reset.iter().any(|e| match e {
                    Event::Capture => mv.is_capture(),
                    Event::PieceMoves(t) => mover_piece == Some(*t),
                });
                let holds = material.as_ref().is_none_or(|m| material_holds(game, m, &after));
                self.counters[i] = if !holds || reset_now || (material.is_some() && before != after) { 0 } else { self.counters[i] + 1 };
            }
        }
        self.keys.push(repetition_key(game, &self.pos));
        self.moves.push(mv);
    }

    /// The result: the game's own end conditions first, then the draws that need history.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.game.outcome(&self.pos) {
            return Some(o);
        }
        for (i, rule) in self.game.rules().draws.iter().enumerate() {
            let drawn = match &rule.kind {
                DrawKind::Repetition { count } => {
                    let now = self.keys.last().copied().unwrap_or_default();
                    self.keys.iter().filter(|&&k| k == now).count() as u32 >= *count
                }
                DrawKind::Counter { plies, material, .. } => {
                    self.counters[i] >= *plies
                        && material
                            .as_ref()
                            .is_none_or(|m| self.material.as_ref().is_some_and(|counts| material_holds(self.game, m, counts)))
                }
            };
            if drawn {
                return Some(Outcome { winner: None, reason: rule.reason.clone() });
            }
        }
        None
    }

    /// The counter of each draw rule, in plies.
    pub fn counters(&self) -> &[u32] {
        &self.counters
    }
}

/// A position's key for repetition: its hash, but without the passed cells when no legal move
/// lands on them. Positions are the same when the same moves are possible (FIDE 9.2): a pawn's
/// double step that no pawn can take changes nothing. (The never-moved marks are kept canonical
/// the same way, by `drop_idle_marks`.)
fn repetition_key(game: &Game, pos: &Position) -> u64 {
    match pos.passed() {
        Some((passed, victim)) if !game.legal_moves(pos).iter().any(|m| !m.is_pass() && game.compiled[m.rule.index()].takes_passed) => {
            pos.hash() ^ game.passed_key(passed, victim)
        }
        _ => pos.hash(),
    }
}

/// Pieces of each type for each player: `counts[player][type]`.
fn material_counts(game: &Game, pos: &Position) -> [Vec<u32>; 2] {
    let types = game.rules().pieces.len();
    let mut counts = [vec![0; types], vec![0; types]];
    for c in 0..game.board().len() {
        let code = pos.at(hetproba_board::CellId::new(c));
        let owner = owner_tag(code);
        if code != EMPTY && (owner == 1 || owner == 2) {
            counts[(owner - 1) as usize][piece_type(code) as usize] += 1;
        }
    }
    counts
}

fn material_holds(game: &Game, m: &Material, counts: &[Vec<u32>; 2]) -> bool {
    let side_holds = |pred: &hetproba_rules::syntax::Pred, player: PlayerId| {
        let mine = &counts[player.index()];
        let lookup = |name: &str| -> Option<i64> {
            if name == "pieces" {
                return Some(mine.iter().sum::<u32>() as i64);
            }
            game.rules().piece_index(name).map(|t| mine[t as usize] as i64)
        };
        pred.eval(&lookup).unwrap_or(false)
    };
    (side_holds(&m.strong, PlayerId::FIRST) && side_holds(&m.weak, PlayerId::SECOND))
        || (side_holds(&m.strong, PlayerId::SECOND) && side_holds(&m.weak, PlayerId::FIRST))
}
