//! Move notation (written from templates, read by matching the legal moves) and position
//! notation (a FEN-like line: rows, side to move, phase).

use crate::game::{EMPTY, Game};
use crate::moves::{Move, NO_DIR};
use crate::position::Position;
use hetproba_board::{CellId, NO_CELL};
use hetproba_rules::model::{PhaseLimit, PositionNotation};

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
    /// The piece type it promotes to.
    pub promotion: Option<String>,
}

fn normalise(text: &str) -> String {
    text.trim().to_ascii_lowercase().replace('x', ":").replace(' ', "")
}

impl Game {
    /// The landing path of a legal move: for a chain the first of its equivalent paths in cell
    /// order, otherwise just `to` (empty for a placement or a pass).
    pub fn move_path(&self, pos: &Position, mv: Move) -> Vec<CellId> {
        let mut paths = self.paths(pos, &mv);
        paths.sort();
        paths.into_iter().next().unwrap_or_default()
    }

    /// The notation of a legal move in `pos`.
    pub fn move_name(&self, pos: &Position, mv: Move) -> String {
        if mv.is_pass() {
            return "pass".into();
        }
        let path = self.move_path(pos, mv);
        self.render(mv, &path)
    }

    fn render(&self, mv: Move, path: &[CellId]) -> String {
        let rule = &self.compiled[mv.rule as usize];
        let board = self.board();
        let cell = |c: CellId| if c == NO_CELL { String::new() } else { board.name(c).to_string() };
        let template = rule.template(&mv);
        let mut out = String::new();
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let Some(close) = rest[open..].find('}') else { break };
            let field = &rest[open + 1..open + close];
            let (name, sep) = match field.split_once(':') {
                Some((name, sep)) => (name, Some(sep)),
                None => (field, None),
            };
            let join =
                |cells: &mut dyn Iterator<Item = CellId>, default: &str| cells.map(cell).collect::<Vec<_>>().join(sep.unwrap_or(default));
            match name {
                "from" => out.push_str(&cell(mv.from)),
                "to" => out.push_str(&cell(mv.to)),
                "dir" if mv.dir != NO_DIR => out.push_str(&board.directions()[mv.dir as usize].symbol),
                "path" => out.push_str(&join(&mut path.iter().copied(), "-")),
                "captures" => out.push_str(&join(&mut mv.captured_cells(), ",")),
                "removed" => out.push_str(&join(&mut mv.captured_cells().filter(|&c| !mv.take_to || c != mv.to), ",")),
                _ => {}
            }
            rest = &rest[open + close + 1..];
        }
        out.push_str(rest);
        if let Some(t) = mv.promotion() {
            // Several promotion choices: name the one taken.
            if self.promotions[rule.piece as usize].as_ref().is_some_and(|p| p.to.len() > 1) {
                out.push('=');
                out.push(self.rules.pieces[t as usize].symbols[0].to_ascii_uppercase());
            }
        }
        out
    }

    /// Everything about a legal move in `pos`.
    pub fn move_info(&self, pos: &Position, mv: Move) -> MoveInfo {
        let board = self.board();
        let name = |c: CellId| board.name(c).to_string();
        let placement = mv.from == NO_CELL;
        let path = self.move_path(pos, mv);
        MoveInfo {
            notation: if mv.is_pass() { "pass".into() } else { self.render(mv, &path) },
            from: (!placement).then(|| name(mv.from)),
            to: (!mv.is_pass()).then(|| name(mv.to)),
            path: path.into_iter().map(name).collect(),
            captures: mv.captured_cells().map(name).collect(),
            flips: self.turned_cells(pos, mv).into_iter().map(name).collect(),
            promotion: mv.promotion().map(|t| self.rules.pieces[t as usize].name.clone()),
        }
    }

    /// Reads a move typed in the game's notation: it must name exactly one legal move. Case,
    /// spaces and `x` for `:` do not matter. A capture may be given by any of its equivalent
    /// paths, or shortened to its start and end (`c3:e5`) or its first landings, when that
    /// names one move.
    pub fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, MoveError> {
        let moves = self.legal_moves(pos);
        let wanted = normalise(text);
        let names: Vec<String> = moves.iter().map(|&m| self.move_name(pos, m)).collect();
        let exact: Vec<usize> = (0..moves.len()).filter(|&i| normalise(&names[i]) == wanted).collect();
        let found = if exact.is_empty() { self.match_cells(pos, &moves, &wanted) } else { exact };
        match found.as_slice() {
            [one] => Ok(moves[*one]),
            [] => Err(MoveError::Illegal { text: text.trim().to_string(), legal: names }),
            many => {
                Err(MoveError::Ambiguous { text: text.trim().to_string(), candidates: many.iter().map(|&i| names[i].clone()).collect() })
            }
        }
    }

    /// Matches a move written as cells joined by `-` or `:` against the moves' paths.
    fn match_cells(&self, pos: &Position, moves: &[Move], wanted: &str) -> Vec<usize> {
        let board = self.board();
        let cells: Option<Vec<CellId>> = wanted.split(['-', ':']).map(|t| board.find(t)).collect();
        let Some(cells) = cells.filter(|c| c.len() >= 2) else { return Vec::new() };
        let (first, last, middle) = (cells[0], cells[cells.len() - 1], &cells[1..cells.len() - 1]);
        let paths = |m: &Move| self.paths(pos, m);
        let is_subsequence = |small: &[CellId], big: &[CellId]| {
            let mut it = big.iter();
            small.iter().all(|c| it.any(|b| b == c))
        };
        // Start, end and some of the landings in between.
        let by_ends: Vec<usize> = (0..moves.len())
            .filter(|&i| {
                let m = &moves[i];
                m.from == first && m.to == last && paths(m).iter().any(|p| is_subsequence(middle, &p[..p.len().saturating_sub(1)]))
            })
            .collect();
        if !by_ends.is_empty() {
            return by_ends;
        }
        // Start and the first landings.
        (0..moves.len()).filter(|&i| moves[i].from == first && paths(&moves[i]).iter().any(|p| p.starts_with(&cells[1..]))).collect()
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
        if let PositionNotation::Pdn { king, .. } = self.rules.notation.position {
            return self.write_pdn(pos, king);
        }
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
            match phase.limit {
                Some(PhaseLimit::Placed(_)) if pos.phase_ply > 0 => out.push_str(&format!(":{},{}", pos.placed(0), pos.placed(1))),
                _ if pos.phase_ply > 0 => out.push_str(&format!(":{}", pos.phase_ply)),
                _ => {}
            }
        }
        out
    }

    /// Reads a position written by [`Game::write_position`]. Without a phase field the position
    /// is in the last phase (ordinary play).
    pub fn read_position(&self, text: &str) -> Result<Position, PositionError> {
        if let PositionNotation::Pdn { man, king } = self.rules.notation.position {
            return self.read_pdn(text, man, king);
        }
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
                        // More empty cells than the row has is an error below; stop counting there.
                        n = (n * 10 + d as usize).min(cells.len() + 1);
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
        let side = self.rules.players.iter().position(|p| p.short == side_text || p.name == side_text).ok_or_else(|| {
            bad(format!("unknown side '{side_text}'; expected {} or {}", self.rules.players[0].short, self.rules.players[1].short))
        })?;
        pos.set_side(self, side as u8);
        let last = self.rules.phases.len() - 1;
        let (phase, ply) = match fields.get(2) {
            None => (last, 0),
            Some(field) => {
                let (name, progress) = field.split_once(':').unwrap_or((field, ""));
                let phase = self.rules.phases.iter().position(|p| p.name == name).ok_or_else(|| {
                    let names: Vec<&str> = self.rules.phases.iter().map(|p| p.name.as_str()).collect();
                    bad(format!("unknown phase '{name}'; expected one of {}", names.join(", ")))
                })?;
                let number = |t: &str| t.parse::<u32>().map_err(|_| bad(format!("bad count of placed pieces in '{field}'")));
                let ply = match self.rules.phases[phase].limit {
                    _ if progress.is_empty() => 0,
                    Some(PhaseLimit::Plies(limit)) => {
                        let ply = progress.parse::<u32>().map_err(|_| bad(format!("bad ply count in '{field}'")))?;
                        if ply >= limit {
                            return Err(bad(format!("phase '{name}' lasts {limit} plies; {ply} is past its end")));
                        }
                        ply
                    }
                    Some(PhaseLimit::Placed(limit)) => {
                        let Some((a, b)) = progress.split_once(',') else {
                            return Err(bad(format!("phase '{name}' counts the pieces each player has placed: write {name}:A,B")));
                        };
                        let (a, b) = (number(a)?, number(b)?);
                        if a.max(b) > limit || (a == limit && b == limit) {
                            return Err(bad(format!(
                                "phase '{name}' ends when each player has placed {limit} pieces; {a},{b} is past its end"
                            )));
                        }
                        a | b << 16
                    }
                    None => {
                        return Err(bad(format!("phase '{name}' lasts to the end of the game and counts nothing: write just '{name}'")));
                    }
                };
                (phase, ply)
            }
        };
        pos.set_phase(self, phase as u8, ply);
        Ok(pos)
    }

    /// PDN FEN: `W:Wa1,c3,Kd4:Bb6` — the side to move, then each side's pieces in board order,
    /// `K` before a king.
    fn write_pdn(&self, pos: &Position, king: u8) -> String {
        let mut out = self.rules.players[pos.side as usize].short.clone();
        for player in 0..2u8 {
            out.push(':');
            out.push_str(&self.rules.players[player as usize].short);
            let mut first = true;
            for (c, &code) in pos.cells.iter().enumerate() {
                if code == EMPTY || crate::game::owner_tag(code) != crate::game::tag(player) {
                    continue;
                }
                if !first {
                    out.push(',');
                }
                first = false;
                if crate::game::piece_type(code) == king {
                    out.push('K');
                }
                out.push_str(self.board().name(c as CellId));
            }
        }
        out
    }

    /// Reads PDN FEN. Squares may be given as ranges (`21-32`) on numbered boards; the lists may
    /// come in either order; the whole may be quoted and end with a full stop.
    fn read_pdn(&self, text: &str, man: u8, king: u8) -> Result<Position, PositionError> {
        let bad = |reason: String| PositionError::Bad { text: text.trim().to_string(), reason };
        let trimmed = text.trim().trim_matches('"').trim_end_matches('.');
        let mut fields = trimmed.split(':');
        let side_text = fields.next().unwrap_or("").trim();
        let player_of = |t: &str| self.rules.players.iter().position(|p| p.short.eq_ignore_ascii_case(t));
        let side = player_of(side_text).ok_or_else(|| {
            bad(format!("the side to move must be {} or {}, not '{side_text}'", self.rules.players[0].short, self.rules.players[1].short))
        })?;
        let mut pos = Position::empty(self);
        for field in fields {
            let field = field.trim();
            let short_len = self
                .rules
                .players
                .iter()
                .map(|p| p.short.as_str())
                .find(|s| field.get(..s.len()).is_some_and(|head| head.eq_ignore_ascii_case(s)))
                .map(str::len)
                .ok_or_else(|| {
                    bad(format!(
                        "a piece list must start with {} or {}: '{field}'",
                        self.rules.players[0].short, self.rules.players[1].short
                    ))
                })?;
            let owner = player_of(&field[..short_len]).unwrap_or(0) as u8;
            for entry in field[short_len..].split(',').map(str::trim).filter(|e| !e.is_empty()) {
                let (is_king, squares) = match entry.strip_prefix(['K', 'k']) {
                    Some(rest) if self.board().find(entry).is_none() => (true, rest),
                    _ => (false, entry),
                };
                let piece = if is_king { king } else { man };
                let cells: Vec<CellId> = match squares.split_once('-') {
                    Some((a, b)) => {
                        let (a, b) = (a.trim().parse::<usize>(), b.trim().parse::<usize>());
                        match (a, b) {
                            (Ok(a), Ok(b)) if a >= 1 && a <= b => (a..=b)
                                .map(|n| self.board().find(&n.to_string()).ok_or_else(|| bad(format!("no square {n}"))))
                                .collect::<Result<_, _>>()?,
                            _ => return Err(bad(format!("bad range '{squares}'"))),
                        }
                    }
                    None => vec![self.board().find(squares).ok_or_else(|| bad(format!("no square '{squares}' on this board")))?],
                };
                for c in cells {
                    if pos.cells[c as usize] != EMPTY {
                        return Err(bad(format!("two pieces on {}", self.board().name(c))));
                    }
                    pos.put(self, c, crate::game::code(piece, Some(owner)));
                }
            }
        }
        pos.set_side(self, side as u8);
        let last = self.rules.phases.len() - 1;
        pos.set_phase(self, last as u8, 0);
        Ok(pos)
    }
}
