//! The turn: which moves are legal in a position. The moves of the current phase's rules, then
//! the turn's filters (compulsory and majority capture), then passing, then the end rules that
//! look at the moves.

use crate::game::Game;
use crate::moves::{AnyMove, Move, Sink};
use crate::position::Position;
use hetproba_rules::model::{PassRule, PlayerId};

impl Game {
    /// The legal moves of a position, in generation order. Empty when the game is over.
    pub fn generate(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        if self.has_static_ends && self.static_end(pos).is_some() {
            return;
        }
        self.generate_phase(pos, pos.side, pos.phase, out);
        let turn = &self.turn;
        if turn.compulsory_capture && out.iter().any(Move::is_capture) {
            out.retain(Move::is_capture);
            if turn.majority {
                let most = out.iter().map(Move::capture_count).max().unwrap_or(0);
                out.retain(|m| m.capture_count() == most);
            }
        } else if turn.majority && !turn.compulsory_capture {
            let most = out.iter().filter(|m| m.is_capture()).map(Move::capture_count).max().unwrap_or(0);
            out.retain(|m| !m.is_capture() || m.capture_count() == most);
        }
        match self.turn.pass {
            PassRule::Never => {}
            PassRule::Always => out.push(Move::PASS),
            PassRule::WhenStuck => {
                if out.is_empty() && self.opponent_could_move(pos) {
                    out.push(Move::PASS);
                }
            }
        }
        // End rules that mention no-moves may still hold through their other tests.
        if self.has_dynamic_ends && self.dynamic_end(pos, !out.is_empty()) {
            out.clear();
        }
    }

    /// The legal moves as a new list.
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        self.generate(pos, &mut out);
        out
    }

    /// True if the position has a legal move (cheaper than listing them).
    pub fn has_moves(&self, pos: &Position) -> bool {
        if self.has_static_ends && self.static_end(pos).is_some() {
            return false;
        }
        let any = self.has_raw_moves(pos);
        any && !(self.has_dynamic_ends && self.dynamic_end(pos, any))
    }

    /// True if the side to move has a move, passing included, ignoring end conditions.
    pub(crate) fn has_raw_moves(&self, pos: &Position) -> bool {
        let mut any = AnyMove(false);
        self.generate_phase(pos, pos.side, pos.phase, &mut any);
        any.0
            || match self.turn.pass {
                PassRule::Never => false,
                PassRule::Always => true,
                PassRule::WhenStuck => self.opponent_could_move(pos),
            }
    }

    /// Would the opponent have a move if the side to move passed?
    fn opponent_could_move(&self, pos: &Position) -> bool {
        let phase = self.phase_after_ply(pos);
        let mut any = AnyMove(false);
        self.generate_phase(pos, pos.side ^ 1, phase, &mut any);
        any.0
    }

    fn phase_after_ply(&self, pos: &Position) -> u8 {
        match self.phases[pos.phase as usize].plies {
            Some(limit) if pos.phase_ply + 1 >= limit => pos.phase + 1,
            _ => pos.phase,
        }
    }

    /// Generates the moves of `side` under the rules of `phase`. Returns false if the sink stopped.
    pub(crate) fn generate_phase(&self, pos: &Position, side: PlayerId, phase: u8, sink: &mut impl Sink) -> bool {
        for &rule in &self.phases[phase as usize].moves {
            if !self.generate_rule(pos, side, rule, sink) {
                return false;
            }
        }
        true
    }
}
