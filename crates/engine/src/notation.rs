//! Move notation (written from templates, read by matching the legal moves) and position
//! notation (a FEN-like line: rows, side to move, phase).

use crate::game::{EMPTY, Game};
use crate::movegen::{Move, NO_DIR};
use crate::position::Position;
use hetproba_board::{CellId, NO_CELL};
use hetproba_rules::model::Action;

/// What is wrong with a typed move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("illegal move '{text}'; legal moves: {}", if .legal.is_empty() { "none (the game is over)".to_string() } else { .legal.join(" ") })]
    Illegal { text: String, legal: Vec<String> },
    #[error("ambiguous move '{text}': it could be {}", .candidates.join(" or "))]
    Ambiguous { text: String, candidates: Vec<String> },
}

/// What is wrong with a position string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("bad position '{text}': {reason}")]
    Bad { text: String, reason: String },
}

/// Everything about a move, for `moves --json` and displays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInfo {
    pub notation: String,
    pub from: Option<String>,
    pub to: Option<String>,
    pub path: Vec<String>,
    pub captures: Vec<String>,
    pub flips: Vec<String>,
}

fn normalise(text: &str) -> String {
    text.trim().to_ascii_lowercase().replace('x', ":").replace(' ', "")
}

impl Game {
    /// The notation of a legal move in `pos`.
    pub fn move_name(&self, pos: &Position, mv: Move) -> String {
        if mv.is_pass() {
            return "pass".into();
        }
        let rule = &self.rules.moves[mv.rule as usize];
        let board = self.board();
        let cell = |c: CellId| if c == NO_CELL { String::new() } else { board.name(c).to_string() };
        let dir = if mv.dir == NO_DIR { String::new() } else { board.directions()[mv.dir as usize].symbol.clone() };
        let capture = !self.captures(pos, mv).is_empty();
        let template = match &rule.notation {
            Some(t) => t.as_str(),
            None => match rule.action {
                Action::Place { .. } | Action::Roll { .. } | Action::Push { .. } => "{to}{dir}",
                _ if capture => "{from}x{to}",
                _ => "{from}-{to}",
            },
        };
        let path = cell(mv.to);
        let captures = self.captures(pos, mv).iter().map(|&c| cell(c)).collect::<Vec<_>>().join(",");
        template
            .replace("{from}", &cell(mv.from))
            .replace("{to}", &cell(mv.to))
            .replace("{dir}", &dir)
            .replace("{path}", &path)
            .replace("{captures}", &captures)
    }

    /// Everything about a legal move in `pos`.
    pub fn move_info(&self, pos: &Position, mv: Move) -> MoveInfo {
        let board = self.board();
        let name = |c: CellId| board.name(c).to_string();
        let placement = mv.from == NO_CELL;
        MoveInfo {
            notation: self.move_name(pos, mv),
            from: (!placement).then(|| name(mv.from)),
            to: (!mv.is_pass()).then(|| name(mv.to)),
            path: if placement { Vec::new() } else { vec![name(mv.to)] },
            captures: self.captures(pos, mv).into_iter().map(name).collect(),
            flips: self.flipped_cells(pos, mv).into_iter().map(name).collect(),
        }
    }

    /// Reads a move typed in the game's notation: it must name exactly one legal move.
    /// Case, spaces and `x` for `:` do not matter.
    pub fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, MoveError> {
        let moves = self.legal_moves(pos);
        let wanted = normalise(text);
        let names: Vec<String> = moves.iter().map(|&m| self.move_name(pos, m)).collect();
        let matches: Vec<usize> = (0..moves.len()).filter(|&i| normalise(&names[i]) == wanted).collect();
        match matches.as_slice() {
            [one] => Ok(moves[*one]),
            [] => Err(MoveError::Illegal { text: text.trim().to_string(), legal: names }),
            many => Err(MoveError::Ambiguous {
                text: text.trim().to_string(),
                candidates: many.iter().map(|&i| names[i].clone()).collect(),
            }),
        }
    }

    /// Plays moves separated by spaces (`"d3 c5 pass"`), stopping at the first illegal one.
    /// Returns how many were played before the error, with the error.
    pub fn play_line(&self, pos: &mut Position, line: &str) -> Result<usize, (usize, MoveError)> {
        let mut played = 0;
        for token in line.split_whitespace() {
            // Move numbers ("1." or "12...") are allowed and skipped.
            if token.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()) && token.ends_with('.') {
                continue;
            }
            let mv = self.parse_move(pos, token).map_err(|e| (played, e))?;
            self.make(pos, mv);
            played += 1;
        }
        Ok(played)
    }

    /// The position in notation: rows from the top, each left to right, with piece symbols and
    /// digits counting empty cells, joined by `/`; then the side to move; then, when the
    /// ruleset has several phases, the phase (`blocking:2`, plies already played in it).
    pub fn write_position(&self, pos: &Position) -> String {
        let mut out = String::new();
        for (i, row) in self.board().rows().iter().enumerate() {
            if i > 0 {
                out.push('/');
            }
            let mut empty = 0;
            for &c in row {
                let code = pos.cells[c as usize];
                if code == EMPTY {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(self.symbol(code));
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
        }
        out.push(' ');
        out.push_str(&self.rules.players[pos.side as usize].short);
        if self.rules.phases.len() > 1 {
            let phase = &self.rules.phases[pos.phase as usize];
            out.push(' ');
            out.push_str(&phase.name);
            if pos.phase_ply > 0 {
                out.push_str(&format!(":{}", pos.phase_ply));
            }
        }
        out
    }

    /// Reads a position written by [`Game::write_position`]. Without a phase field the position
    /// is in the last phase (ordinary play).
    pub fn read_position(&self, text: &str) -> Result<Position, PositionError> {
        let bad = |reason: String| PositionError::Bad { text: text.trim().to_string(), reason };
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (rows_text, side_text) = match fields.as_slice() {
            [rows, side, ..] => (*rows, *side),
            [_] => return Err(bad("missing the side to move after the rows".into())),
            [] => return Err(bad("empty".into())),
        };
        if fields.len() > 3 {
            return Err(bad(format!("unexpected '{}' after the phase", fields[3])));
        }
        let mut pos = Position::empty(self);
        let rows = self.board().rows();
        let given: Vec<&str> = rows_text.split('/').collect();
        if given.len() != rows.len() {
            return Err(bad(format!("{} rows given; the board has {}", given.len(), rows.len())));
        }
        for (r, (row, cells)) in given.iter().zip(&rows).enumerate() {
            let mut i = 0;
            let mut chars = row.chars().peekable();
            while let Some(ch) = chars.next() {
                if ch.is_ascii_digit() {
                    let mut n = ch.to_digit(10).unwrap_or(0) as usize;
                    while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                        n = n * 10 + d as usize;
                        chars.next();
                    }
                    i += n;
                } else {
                    let code = self.code_of_symbol(ch).ok_or_else(|| bad(format!("unknown piece symbol '{ch}' in row {}", r + 1)))?;
                    if i < cells.len() {
                        pos.put(self, cells[i], code);
                    }
                    i += 1;
                }
                if i > cells.len() {
                    return Err(bad(format!("row {} has more than {} cells", r + 1, cells.len())));
                }
            }
            if i != cells.len() {
                return Err(bad(format!("row {} has {i} cells; it needs {}", r + 1, cells.len())));
            }
        }
        let side = self
            .rules
            .players
            .iter()
            .position(|p| p.short == side_text || p.name == side_text)
            .ok_or_else(|| {
                bad(format!("unknown side '{side_text}'; expected {} or {}", self.rules.players[0].short, self.rules.players[1].short))
            })?;
        pos.set_side(self, side as u8);
        let last = self.rules.phases.len() - 1;
        let (phase, ply) = match fields.get(2) {
            None => (last, 0),
            Some(field) => {
                let (name, ply) = match field.split_once(':') {
                    Some((name, ply)) => (name, ply.parse::<u32>().map_err(|_| bad(format!("bad ply count in '{field}'")))?),
                    None => (*field, 0),
                };
                let phase = self.rules.phases.iter().position(|p| p.name == name).ok_or_else(|| {
                    let names: Vec<&str> = self.rules.phases.iter().map(|p| p.name.as_str()).collect();
                    bad(format!("unknown phase '{name}'; expected one of {}", names.join(", ")))
                })?;
                if let Some(limit) = self.rules.phases[phase].plies
                    && ply >= limit
                {
                    return Err(bad(format!("phase '{name}' lasts {limit} plies; {ply} is past its end")));
                }
                (phase, if self.rules.phases[phase].plies.is_some() { ply } else { 0 })
            }
        };
        pos.set_phase(self, phase as u8, ply);
        Ok(pos)
    }
}
