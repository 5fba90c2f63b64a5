//! End conditions: when a position is over, and who won.

use crate::game::{EMPTY, Game, owner_tag, tag};
use crate::position::Position;
use hetproba_board::{CellId, NO_CELL};
use hetproba_rules::model::{Condition, DirSetId, PlayerId, Test, Verdict, Who};
use std::fmt;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<PlayerId>,
    pub reason: String,
}

impl Outcome {
    /// "black wins: more pieces at the end" or "draw: every line is full".
    pub fn describe(&self, game: &Game) -> String {
        match self.winner {
            Some(p) => format!("{} wins: {}", game.player_name(p), self.reason),
            None => format!("draw: {}", self.reason),
        }
    }

    /// "black wins", "draw": the short form used by tests and records.
    pub fn short(&self, game: &Game) -> String {
        match self.winner {
            Some(p) => format!("{} wins", game.player_name(p)),
            None => "draw".to_string(),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(p) => write!(f, "player {} wins: {}", p + 1, self.reason),
            None => write!(f, "draw: {}", self.reason),
        }
    }
}

impl Game {
    /// The result, if the game is over in this position.
    pub fn outcome(&self, pos: &Position) -> Option<Outcome> {
        let mut has_moves: Option<bool> = None;
        for (i, rule) in self.rules.ends.iter().enumerate() {
            let mut moves = || *has_moves.get_or_insert_with(|| self.has_raw_moves(pos));
            if self.eval(pos, &rule.condition, &mut moves) {
                return Some(self.verdict(pos, i));
            }
        }
        if !has_moves.unwrap_or_else(|| self.has_raw_moves(pos)) {
            return Some(Outcome { winner: None, reason: "no legal moves".into() });
        }
        None
    }

    fn verdict(&self, pos: &Position, rule: usize) -> Outcome {
        let end = &self.rules.ends[rule];
        let mover = pos.side ^ 1;
        let winner = match end.verdict {
            Verdict::MoverWins => Some(mover),
            Verdict::NextWins => Some(pos.side),
            Verdict::Draw => None,
            Verdict::MostPieces => {
                let (a, b) = (pos.piece_count(0), pos.piece_count(1));
                match a.cmp(&b) {
                    std::cmp::Ordering::Greater => Some(0),
                    std::cmp::Ordering::Less => Some(1),
                    std::cmp::Ordering::Equal => None,
                }
            }
        };
        let reason = if end.verdict == Verdict::MostPieces {
            format!("{} against {} at the end", pos.piece_count(0).max(pos.piece_count(1)), pos.piece_count(0).min(pos.piece_count(1)))
        } else {
            end.reason.clone()
        };
        Outcome { winner, reason }
    }

    /// The first end rule that holds without looking at the moves.
    pub(crate) fn static_end(&self, pos: &Position) -> Option<usize> {
        self.static_ends.iter().copied().find(|&i| self.eval(pos, &self.rules.ends[i].condition, &mut || true))
    }

    /// Does an end rule that mentions no-moves hold, given whether the player to move has moves?
    pub(crate) fn dynamic_end(&self, pos: &Position, has_moves: bool) -> bool {
        self.rules.ends.iter().any(|rule| rule.condition.needs_moves() && self.eval(pos, &rule.condition, &mut || has_moves))
    }

    fn eval(&self, pos: &Position, c: &Condition, has_moves: &mut dyn FnMut() -> bool) -> bool {
        match c {
            Condition::Or(parts) => parts.iter().any(|p| self.eval(pos, p, has_moves)),
            Condition::And(parts) => parts.iter().all(|p| self.eval(pos, p, has_moves)),
            Condition::Not(inner) => !self.eval(pos, inner, has_moves),
            Condition::Test(test, who) => {
                let player = match who {
                    Who::Mover => pos.side ^ 1,
                    Who::Next => pos.side,
                };
                match test {
                    Test::Line { len, exact, dirs } => self.has_line(pos, player, *len, *exact, *dirs),
                    Test::NoMoves => !has_moves(),
                    Test::NoPieces => pos.piece_count(player) == 0,
                }
            }
        }
    }

    /// Does `player` have a line of `len` (exactly, or at least)? Only lines through the cells
    /// the last move changed can be new, so only those are looked at (all cells in a position
    /// set up directly). A changed cell that is not the player's may have shortened a line next
    /// to it, so the runs beside it are measured too.
    fn has_line(&self, pos: &Position, player: PlayerId, len: u32, exact: bool, dirs: DirSetId) -> bool {
        let board = self.board();
        let mine = tag(player);
        let axes = &self.axes[dirs as usize][player as usize];
        let is_mine = |c: CellId| c != NO_CELL && pos.cells[c as usize] != EMPTY && owner_tag(pos.cells[c as usize]) == mine;
        let run_through = |c: CellId, d: u8, back: Option<u8>| -> u32 {
            let mut n = 1;
            let mut k = board.step(c, d);
            while is_mine(k) {
                n += 1;
                k = board.step(k, d);
            }
            if let Some(b) = back {
                let mut k = board.step(c, b);
                while is_mine(k) {
                    n += 1;
                    k = board.step(k, b);
                }
            }
            n
        };
        let wins = |n: u32| if exact { n == len } else { n >= len };
        let check = |c: CellId| -> bool {
            axes.iter().any(|&(d, back)| {
                if is_mine(c) {
                    wins(run_through(c, d, back))
                } else {
                    let ahead = board.step(c, d);
                    let behind = back.map_or(NO_CELL, |b| board.step(c, b));
                    (is_mine(ahead) && wins(run_through(ahead, d, back))) || (is_mine(behind) && wins(run_through(behind, d, back)))
                }
            })
        };
        match pos.last_changes() {
            Some(changes) => changes.iter().any(|&(c, _)| check(c)),
            None => (0..pos.cells.len() as CellId).any(|c| is_mine(c) && check(c)),
        }
    }
}
