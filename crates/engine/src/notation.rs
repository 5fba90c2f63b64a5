//! Move notation (written from templates, read by matching the legal moves) and position
//! notation (a FEN-like line: rows, side to move, phase).

use crate::cellbits::CellBits;
use crate::game::Game;
use crate::host::Host;
use crate::mv::{Move, NO_DIR};
use crate::piece::{Owner, Piece};
use crate::position::{Position, Progress};
use hetproba_board::{CellId, NO_CELL};
use hetproba_rules::model::{PhaseLimit, PieceTypeId, PlayerId, PositionNotation};
use hetproba_rules::text::{escape, quote};

/// What is wrong with a typed move. The text is shown quoted (escaped, a long one cut).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("illegal move '{}'; legal moves: {}", quote(.text), if .legal.is_empty() { "none (the game is over)".to_string() } else { .legal.join(" ") })]
    Illegal { text: String, legal: Vec<String> },
    #[error("ambiguous move '{}': it could be {}", quote(.text), .candidates.join(" or "))]
    Ambiguous { text: String, candidates: Vec<String> },
}

/// What is wrong with a position string. The text is shown quoted, and the reason, which may
/// repeat part of it, escaped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("bad position '{}': {}", quote(.text), escape(.reason))]
    Bad { text: String, reason: String },
    /// A legal position whose moves hetproba cannot all find: the limit is the engine's.
    #[error("position '{}' is beyond hetproba's search: {}", quote(.text), escape(.reason))]
    BeyondSearch { text: String, reason: String },
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
    /// The cell of its later part (a move of two parts: an arrow shot after a slide).
    pub part: Option<String>,
    /// The piece type it takes from the mover's hand, for a drop.
    pub drop: Option<String>,
}

fn normalise(text: &str) -> String {
    normalise_keeping_case(text).to_ascii_lowercase()
}

/// [`normalise`] without folding case: in algebraic notation `b` (a pawn's file) and `B` (a
/// bishop) differ.
fn normalise_keeping_case(text: &str) -> String {
    // A check or mate mark, and an annotation, are not part of the move.
    let text = text.trim().trim_end_matches(['+', '#', '!', '?']);
    // Castling is written with letters O or zeros.
    if text.chars().all(|c| c == '0' || c == '-') && text.contains('0') {
        return text.replace('0', "O");
    }
    text.replace(['x', 'X'], ":").replace(' ', "")
}

impl Game {
    /// The landing path of a legal move: for a chain the first of its equivalent paths in cell
    /// order, otherwise just `to` (empty for a placement or a pass).
    pub fn move_path(&self, pos: &Position, mv: Move) -> Vec<CellId> {
        let mut paths = self.legal_paths(pos, &mv);
        paths.sort();
        paths.into_iter().next().unwrap_or_default()
    }

    /// Every landing path of a legal move that the rules allow, sorted: a board that enters a
    /// capture by its landings lets the player take any of them.
    pub fn move_paths(&self, pos: &Position, mv: Move) -> Vec<Vec<CellId>> {
        let mut paths = self.legal_paths(pos, &mv);
        paths.sort();
        paths
    }

    /// The notation of a legal move in `pos`.
    pub fn move_name(&self, pos: &Position, mv: Move) -> String {
        let legal = if self.writes_san(&mv) { self.legal_moves(pos) } else { Vec::new() };
        self.move_name_given(pos, mv, &legal)
    }

    /// [`Game::move_name`], given the legal moves of `pos` as [`Game::generate`] lists them:
    /// a game loop that has them at hand names the move without generating again.
    pub fn move_name_given(&self, pos: &Position, mv: Move, legal: &[Move]) -> String {
        if mv.is_pass() {
            return "pass".into();
        }
        if self.writes_san(&mv) {
            return self.san(pos, mv, legal);
        }
        let path = self.move_path(pos, mv);
        self.render_marked(pos, mv, &path)
    }

    /// The notation of each of the moves (legal in `pos`).
    pub fn move_names(&self, pos: &Position, moves: &[Move]) -> Vec<String> {
        let legal = if moves.iter().any(|m| self.writes_san(m)) { self.legal_moves(pos) } else { Vec::new() };
        moves
            .iter()
            .map(|&mv| match mv {
                _ if mv.is_pass() => "pass".to_string(),
                _ if self.writes_san(&mv) => self.san(pos, mv, &legal),
                _ => self.render_marked(pos, mv, &self.move_path(pos, mv)),
            })
            .collect()
    }

    /// Is this move written in standard algebraic notation (the ruleset asks for it and the
    /// move's rule has no template of its own)?
    fn writes_san(&self, mv: &Move) -> bool {
        self.rules().notation.san && !mv.is_pass() && self.compiled(mv.rule.index()).rule.template.is_none()
    }

    /// A move written by its template; with SAN move notation, the check or mate mark follows,
    /// as it does every move of the game.
    fn render_marked(&self, pos: &Position, mv: Move, path: &[CellId]) -> String {
        let mut out = if self.compiled(mv.rule.index()).rule.goes_on { self.render_onward(pos, mv, path) } else { self.render(mv, path) };
        if self.rules().notation.san {
            out.extend(self.check_mark(pos, mv));
        }
        out
    }

    /// A move whose piece moved again: each part by its own rule's template, joined by `/`
    /// (`d3-e3xf3/e3-e4xe5`), along the first chain of parts that makes it.
    fn render_onward(&self, pos: &Position, mv: Move, path: &[CellId]) -> String {
        match self.onward_ways(pos, &mv).into_iter().next() {
            Some(parts) => parts.iter().map(|p| self.render(*p, &[p.to])).collect::<Vec<_>>().join("/"),
            None => self.render(mv, path),
        }
    }

    /// `+` when the move leaves a royal piece of the opponent attacked, `#` when it also leaves
    /// the opponent without a move.
    fn check_mark(&self, pos: &Position, mv: Move) -> Option<char> {
        let mut after = pos.clone();
        self.make(&mut after, mv);
        self.in_check(&after, after.side).then(|| if self.has_moves(&after) { '+' } else { '#' })
    }

    /// Standard algebraic notation: the piece's letter (none for a piece without one, which
    /// names its start file when it captures), the start's file, rank or both when another
    /// piece of the same kind could go to the same cell (`ab2`: a soldier's sideways step), `x` for a capture, the cell, `=` and
    /// the piece it promotes to, then `+` for check or `#` for mate.
    fn san(&self, pos: &Position, mv: Move, legal: &[Move]) -> String {
        let mut out = self.san_body(pos, mv, legal);
        out.extend(self.check_mark(pos, mv));
        out
    }

    /// SAN without the check mark; with no `legal` moves to tell apart, without the start's
    /// file or rank either.
    fn san_body(&self, pos: &Position, mv: Move, legal: &[Move]) -> String {
        let board = self.board();
        let rule = &self.compiled(mv.rule.index());
        if mv.from == NO_CELL {
            // A new piece, from a hand or not: its letter, `@`, the cell (`P@e4`).
            return format!("{}@{}", self.piece_letter(rule.rule.piece), board.name(mv.to));
        }
        let letter = &self.rules().pieces[rule.rule.piece.index()].letter;
        let (file, rank) = split_name(board.name(mv.from));
        let mut out = letter.clone();
        if letter.is_empty() && mv.is_capture() {
            out.push_str(file);
        } else {
            // Another piece of the same kind could go to the same cell (pieces without a letter
            // too: soldiers that also step sideways).
            let rivals: Vec<&Move> = legal
                .iter()
                .filter(|m| {
                    m.from != mv.from
                        && m.from != NO_CELL
                        && m.to == mv.to
                        && !m.is_pass()
                        && pos.cells[m.from.index()] == pos.cells[mv.from.index()]
                })
                .collect();
            if !rivals.is_empty() {
                let same_file = rivals.iter().any(|m| split_name(board.name(m.from)).0 == file);
                let same_rank = rivals.iter().any(|m| split_name(board.name(m.from)).1 == rank);
                match (same_file, same_rank) {
                    (false, _) => out.push_str(file),
                    (true, false) => out.push_str(rank),
                    (true, true) => out.push_str(board.name(mv.from)),
                }
            }
        }
        if mv.is_capture() {
            out.push('x');
        }
        out.push_str(board.name(mv.to));
        if let Some(t) = mv.promotion() {
            out.push('=');
            out.push_str(&self.piece_letter(t));
        }
        out
    }

    /// The letter that names a piece type in move notation: its own, or its first player's
    /// symbol as a capital.
    fn piece_letter(&self, piece: PieceTypeId) -> String {
        let p = &self.rules().pieces[piece.index()];
        if p.letter.is_empty() { p.symbols[0].to_ascii_uppercase().to_string() } else { p.letter.clone() }
    }

    fn render(&self, mv: Move, path: &[CellId]) -> String {
        let mv = self.first_part(mv);
        let rule = &self.compiled(mv.rule.index());
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
                "dir" if mv.dir != NO_DIR => out.push_str(&board.directions()[mv.dir.index()].symbol),
                "path" => out.push_str(&join(&mut path.iter().copied(), "-")),
                "captures" => out.push_str(&join(&mut mv.captured_cells(), ",")),
                "removed" => out.push_str(&join(&mut mv.captured_cells().filter(|&c| !mv.take_to || c != mv.to), ",")),
                "letter" => out.push_str(&self.rules().pieces[rule.rule.piece.index()].letter),
                "piece" => out.push_str(&self.piece_letter(rule.rule.piece)),
                "turns" => out.push_str(&join(&mut self.turning_points(mv.from, path).into_iter(), "-")),
                _ => {}
            }
            rest = &rest[open + close + 1..];
        }
        out.push_str(rest);
        if let Some(t) = mv.promotion() {
            match self.promotion(rule.rule.piece) {
                // Several promotion choices: name the one taken.
                Some(p) if p.to.len() > 1 => {
                    out.push('=');
                    out.push_str(&self.piece_letter(t));
                }
                // A promotion the mover may decline: `+` tells the two moves apart (`8h2b+`).
                Some(p) if p.optional => out.push('+'),
                _ => {}
            }
        }
        // A move of two parts: the later part after a '/' (`d1-d7/g7`).
        if let (Some(next), true) = (rule.rule.next, mv.part != NO_CELL) {
            out.push('/');
            out.push_str(&self.render(Move::new(next, NO_CELL, mv.part), &[]));
        }
        out
    }

    /// The landings of a path where it changes direction, and its end: a chain written by its
    /// turning points (`7:21:23:36`).
    fn turning_points(&self, from: CellId, path: &[CellId]) -> Vec<CellId> {
        let board = self.board();
        let heading = |a: CellId, b: CellId| {
            let (a, b) = (board.cell(a), board.cell(b));
            ((b.x - a.x).signum(), (b.y - a.y).signum())
        };
        let mut out = Vec::new();
        let mut prev = from;
        for (i, &here) in path.iter().enumerate() {
            match path.get(i + 1) {
                Some(&next) if heading(prev, here) == heading(here, next) => {}
                _ => out.push(here),
            }
            prev = here;
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
            notation: self.move_name(pos, mv),
            from: (!placement).then(|| name(mv.from)),
            to: (!mv.is_pass()).then(|| name(mv.to)),
            path: path.into_iter().map(name).collect(),
            captures: mv.captured_cells().map(name).collect(),
            flips: self.turned_cells(pos, mv).into_iter().map(name).collect(),
            promotion: mv.promotion().map(|t| self.rules().pieces[t.index()].name.clone()),
            part: (mv.part != NO_CELL).then(|| name(mv.part)),
            drop: self.dropped(mv).map(|t| self.rules().pieces[t.index()].name.clone()),
        }
    }

    /// Reads a move typed in the game's notation: it must name exactly one legal move. Case,
    /// spaces and `x` for `:` do not matter. A capture may be given by any of its equivalent
    /// paths, or shortened to its start and end (`c3:e5`) or its first landings, when that
    /// names one move.
    pub fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, MoveError> {
        let moves = self.legal_moves(pos);
        let names = self.move_names(pos, &moves);
        // No way of writing a move is longer than its name or its whole path of cells (with a
        // mark or two after): a longer text is no move, and is not matched cell by cell.
        let longest_cell = (0..self.board().len()).map(|c| self.board().name(CellId::new(c)).len()).max().unwrap_or(0);
        let longest = names.iter().map(String::len).max().unwrap_or(0).max((crate::moves::MAX_HOPS + 1) * (longest_cell + 1)) + 8;
        if text.trim().len() > longest {
            return Err(MoveError::Illegal { text: text.trim().to_string(), legal: names });
        }
        let wanted = normalise(text);
        let same_case = normalise_keeping_case(text);
        // The name itself first: where a promotion is written `+` (`8h2b+`), the marks that
        // normalising drops tell moves apart.
        let mut exact: Vec<usize> = (0..moves.len()).filter(|&i| names[i] == text.trim()).collect();
        if exact.is_empty() {
            exact = (0..moves.len()).filter(|&i| normalise_keeping_case(&names[i]) == same_case).collect();
        }
        if exact.is_empty() {
            exact = (0..moves.len()).filter(|&i| normalise(&names[i]) == wanted).collect();
        }
        let mut found = if exact.is_empty() { self.match_cells(pos, &moves, &wanted) } else { exact };
        if found.is_empty() && self.rules().notation.san {
            // SAN without the start's file or rank (`Nd2` for Nbd2 and Nfd2): ambiguous when
            // it fits several moves.
            let bare: Vec<String> =
                moves.iter().map(|&m| if self.writes_san(&m) { self.san_body(pos, m, &[]) } else { String::new() }).collect();
            found = (0..moves.len()).filter(|&i| !bare[i].is_empty() && normalise_keeping_case(&bare[i]) == same_case).collect();
            if found.is_empty() {
                found = (0..moves.len()).filter(|&i| !bare[i].is_empty() && normalise(&bare[i]) == wanted).collect();
            }
        }
        match found.as_slice() {
            [one] => Ok(moves[*one]),
            [] => Err(MoveError::Illegal { text: text.trim().to_string(), legal: names }),
            many => {
                Err(MoveError::Ambiguous { text: text.trim().to_string(), candidates: many.iter().map(|&i| names[i].clone()).collect() })
            }
        }
    }

    /// Matches a move written as cells joined by `-` or `:` against the moves' paths; or, as
    /// UCI writes it, two cells run together with the promotion's letter after (`e7e8q`).
    fn match_cells(&self, pos: &Position, moves: &[Move], wanted: &str) -> Vec<usize> {
        let board = self.board();
        if !wanted.contains(['-', ':']) {
            return self.match_uci(moves, wanted);
        }
        let cells: Option<Vec<CellId>> = wanted.split(['-', ':']).map(|t| board.find(t)).collect();
        let Some(cells) = cells.filter(|c| c.len() >= 2) else { return Vec::new() };
        let (first, last, middle) = (cells[0], cells[cells.len() - 1], &cells[1..cells.len() - 1]);
        let paths = |m: &Move| self.legal_paths(pos, m);
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

    /// `e2e4`, `e7e8q`: a start, an end, and perhaps the letter of the piece it promotes to.
    fn match_uci(&self, moves: &[Move], wanted: &str) -> Vec<usize> {
        let board = self.board();
        // The start is a cell's name: no longer than the longest.
        let longest_cell = (0..board.len()).map(|c| board.name(CellId::new(c)).len()).max().unwrap_or(0);
        for split in 2..wanted.len().saturating_sub(1).min(longest_cell + 1) {
            let (Some(a), Some(rest)) = (wanted.get(..split), wanted.get(split..)) else { continue };
            let Some(from) = board.find(a) else { continue };
            // The end cell, then an optional promotion letter.
            let last = rest.chars().last();
            let without_last = last.map_or(rest, |c| &rest[..rest.len() - c.len_utf8()]);
            let ends = [(rest, None), (without_last, last)];
            for (to_name, promo) in ends {
                let Some(to) = board.find(to_name) else { continue };
                let found: Vec<usize> = (0..moves.len())
                    .filter(|&i| {
                        let m = &moves[i];
                        m.from == from
                            && m.to == to
                            && match (promo, m.promotion()) {
                                (None, _) => true,
                                (Some(l), Some(t)) => self.piece_letter(t).eq_ignore_ascii_case(&l.to_string()),
                                (Some(_), None) => false,
                            }
                    })
                    .collect();
                // Without a letter UCI means no promotion: where the promotion is optional
                // (`e8e9` beside `e8e9q`), the move that does not promote.
                if promo.is_none() && found.len() > 1 {
                    let plain: Vec<usize> = found.iter().copied().filter(|&i| moves[i].promotion().is_none()).collect();
                    if plain.len() == 1 {
                        return plain;
                    }
                }
                if !found.is_empty() {
                    return found;
                }
            }
        }
        Vec::new()
    }

    /// Plays moves separated by spaces (`"d3 c5 pass"`), stopping at the first illegal one.
    /// Returns how many were played before the error, with the error. Afterwards only the last
    /// move can be unmade.
    pub fn play_line(&self, pos: &mut Position, line: &str) -> Result<usize, (usize, MoveError)> {
        let mut played = 0;
        for token in line.split_whitespace() {
            // Move numbers ("1." or "12...") are allowed and skipped.
            if token.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()) && token.ends_with('.') {
                continue;
            }
            let mv = self.parse_move(pos, token).map_err(|e| (played, e))?;
            self.make(pos, mv);
            // Naming the next move copies the position: keep its log short (a list of 20,000
            // moves took a minute when every copy carried the whole line).
            pos.trim_history();
            played += 1;
        }
        Ok(played)
    }

    /// The position in notation: rows from the top, each left to right, with piece symbols and
    /// digits counting empty cells, joined by `/`; then the side to move; then, when the
    /// ruleset has several phases, the phase (`blocking:2`, plies already played in it).
    pub fn write_position(&self, pos: &Position) -> String {
        match self.rules().notation.position {
            PositionNotation::Pdn { king, .. } => return self.write_pdn(pos, king),
            PositionNotation::Fen => return self.write_fen(pos),
            PositionNotation::Sfen => return self.write_sfen(pos, 1),
            PositionNotation::Rows => {}
        }
        let mut out = self.write_rows(pos);
        out.push(' ');
        out.push_str(&self.rules().players[pos.side.index()].short);
        if self.rules().phases.len() > 1 {
            let phase = &self.rules().phases[pos.phase as usize];
            out.push(' ');
            out.push_str(&phase.name);
            match phase.limit {
                Some(PhaseLimit::Placed(_)) if pos.progress != Progress::START => {
                    out.push_str(&format!(":{},{}", pos.placed(PlayerId::FIRST), pos.placed(PlayerId::SECOND)))
                }
                _ if pos.progress != Progress::START => out.push_str(&format!(":{}", pos.progress.plies())),
                _ => {}
            }
        }
        // The state the rules declare, when there is any.
        let board = self.board();
        let unmoved: Vec<&str> = (0..pos.cells.len()).map(CellId::new).filter(|&c| pos.is_unmoved(c)).map(|c| board.name(c)).collect();
        if !unmoved.is_empty() {
            out.push_str(&format!(" unmoved:{}", unmoved.join(",")));
        }
        if let Some((passed, victim)) = pos.passed() {
            let cells: Vec<&str> = cells_of(passed).map(|c| board.name(c)).collect();
            out.push_str(&format!(" passed:{}@{}", cells.join(","), board.name(victim)));
        }
        if let Some(ko) = pos.ko() {
            out.push_str(&format!(" ko:{}", board.name(ko)));
        }
        out.push_str(&self.write_streaks(pos));
        out.push_str(&self.write_stacks(pos));
        out.push_str(&self.write_tally(pos, false));
        if self.hands().is_some() {
            let held = self.write_hands_listed(pos);
            if !held.is_empty() {
                out.push_str(&format!(" hands:{held}"));
            }
        }
        out
    }

    /// SFEN: the rows, the side, the hands (`-` for none), the move number.
    pub(crate) fn write_sfen(&self, pos: &Position, number: u32) -> String {
        format!("{} {} {} {number}", self.write_rows(pos), self.rules().players[pos.side.index()].short, self.write_hands_counted(pos))
    }

    /// Reads SFEN: the rows, the side, the hands and the move number (the last two may be left
    /// out).
    fn read_sfen(&self, text: &str) -> Result<Position, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (rows, side_text) = match fields.as_slice() {
            [rows, side, ..] => (*rows, *side),
            [_] => return Err("missing the side to move after the rows".into()),
            [] => return Err("empty".into()),
        };
        if let Some(extra) = fields.get(4) {
            return Err(format!("unexpected '{extra}' after the move number"));
        }
        let mut pos = self.read_rows(rows)?;
        let side = self.rules().players.iter().position(|p| p.short == side_text).ok_or_else(|| {
            format!("unknown side '{side_text}'; expected {} or {}", self.rules().players[0].short, self.rules().players[1].short)
        })?;
        pos.set_side(self.keys(), PlayerId(side as u8));
        self.read_hands(&mut pos, fields.get(2).copied().unwrap_or("-"))?;
        pos.set_phase(self.keys(), self.implied_phase(&pos), Progress::START);
        if let Some(number) = fields.get(3)
            && number.parse::<u32>().is_err()
        {
            return Err(format!("the move number must be a number, not '{}'", quote(number)));
        }
        Ok(pos)
    }

    /// ` same:28=2,12=1`: the pieces that made their players' last moves, and how many in a
    /// row (`[state] same-piece`); empty when there are none.
    fn write_streaks(&self, pos: &Position) -> String {
        let runs: Vec<String> =
            PlayerId::BOTH.iter().filter_map(|&p| pos.streak(p)).map(|(c, n)| format!("{}={n}", self.board().name(c))).collect();
        if runs.is_empty() { String::new() } else { format!(" same:{}", runs.join(",")) }
    }

    /// Reads `same:28=2,12=1` (see [`Game::write_streaks`]).
    fn read_streaks(&self, pos: &mut Position, field: &str) -> Result<(), String> {
        let Some(limit) = &self.rules().same_piece else {
            return Err("this ruleset counts no moves in a row: drop the same field".into());
        };
        let list = field.strip_prefix("same:").unwrap_or(field);
        for entry in list.split(',').filter(|e| !e.is_empty()) {
            let Some((name, count)) = entry.split_once('=') else {
                return Err(format!("write same:CELL=N (the piece on CELL made the last N moves of its player), not '{entry}'"));
            };
            let c = self.board().find(name).ok_or_else(|| format!("no cell '{name}' in '{field}'"))?;
            let owner = match pos.cells[c.index()] {
                Some(p) if limit.pieces.contains(p.kind()) => p.owner().player(),
                _ => None,
            };
            let Some(owner) = owner else {
                return Err(format!("'{name}' holds no piece whose moves in a row are counted"));
            };
            let n = count
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=limit.max).contains(n))
                .ok_or_else(|| format!("'{entry}': a piece makes from 1 to {} moves in a row here, not '{count}'", limit.max))?;
            if pos.streak(owner).is_some() {
                return Err(format!("'{field}' names two pieces of one player"));
            }
            pos.set_streak(self.keys(), owner, c, n);
        }
        Ok(())
    }

    /// The rows of a position: top row first, each left to right, symbols and digits counting
    /// empty cells, joined by `/`.
    pub(crate) fn write_rows(&self, pos: &Position) -> String {
        let mut out = String::new();
        for (i, row) in self.board().rows().iter().enumerate() {
            if i > 0 {
                out.push('/');
            }
            let mut empty = 0;
            for &c in row {
                match pos.cells[c.index()] {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        if self.hands().is_some() {
                            self.held_symbol(pos, c, piece, &mut out);
                        } else {
                            out.push(self.symbol(piece));
                        }
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
        }
        out
    }

    /// Reads a position written by [`Game::write_position`]. Without a phase field the position
    /// is in the last phase (ordinary play).
    /// A position where the player who has just moved stands with a royal piece attacked cannot
    /// arise (no move may leave it so, but one that blows up the opponent's), and is refused.
    pub fn read_position(&self, text: &str) -> Result<Position, PositionError> {
        let pos = self.read_any_position(text)?;
        if let Some(reason) = self.impossible(&pos) {
            return Err(PositionError::Bad { text: text.trim().to_string(), reason: format!("the position cannot arise: {reason}") });
        }
        if let Some(reason) = self.search_cut(&pos) {
            return Err(PositionError::BeyondSearch { text: text.trim().to_string(), reason });
        }
        if !self.royal_blown(&pos)
            && let Some(cell) = self.exposed_royal(&pos)
        {
            let (owner, mover) = (pos.side.other(), pos.side);
            let piece = pos.cells[cell.index()].map_or("", |p| &self.rules().pieces[p.kind().index()].name);
            return Err(PositionError::Bad {
                text: text.trim().to_string(),
                reason: format!(
                    "the position cannot arise: {}'s {piece} on {} is attacked with {} to move (no move may leave the mover's royal piece attacked)",
                    self.player_name(owner),
                    self.board().name(cell),
                    self.player_name(mover)
                ),
            });
        }
        Ok(pos)
    }

    /// Reads a position in the ruleset's notation.
    fn read_any_position(&self, text: &str) -> Result<Position, PositionError> {
        let bad = |reason: String| PositionError::Bad { text: text.trim().to_string(), reason };
        match self.rules().notation.position {
            PositionNotation::Pdn { man, king } => return self.read_pdn(text, man, king),
            PositionNotation::Fen => return self.read_fen(text).map_err(bad),
            PositionNotation::Sfen => return self.read_sfen(text).map_err(bad),
            PositionNotation::Rows => {}
        }
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (rows_text, side_text) = match fields.as_slice() {
            [rows, side, ..] => (*rows, *side),
            [_] => return Err(bad("missing the side to move after the rows".into())),
            [] => return Err(bad("empty".into())),
        };
        // After the side: the phase, then the declared state (`unmoved:...`, `passed:...`).
        let mut phase_field = None;
        let mut state_fields = Vec::new();
        for &field in &fields[2..] {
            let state = ["unmoved:", "passed:", "ko:", "same:", "stacks:", "hands:"];
            if state.iter().any(|s| field.starts_with(s)) || Game::is_tally_field(field) {
                state_fields.push(field);
            } else if phase_field.is_none() && state_fields.is_empty() {
                phase_field = Some(field);
            } else if phase_field.is_some() {
                return Err(bad(format!("unexpected '{field}' after the phase")));
            } else {
                return Err(bad(format!("unexpected '{field}' after the state fields: the phase, if any, comes right after the side")));
            }
        }
        let mut pos = self.read_rows(rows_text).map_err(bad)?;
        let side = self.rules().players.iter().position(|p| p.short == side_text || p.name == side_text).ok_or_else(|| {
            bad(format!("unknown side '{side_text}'; expected {} or {}", self.rules().players[0].short, self.rules().players[1].short))
        })?;
        pos.set_side(self.keys(), PlayerId(side as u8));
        let last = self.rules().phases.len() - 1;
        let (phase, progress) = match phase_field {
            None => (last, Progress::START),
            Some(field) => {
                let (name, progress) = field.split_once(':').unwrap_or((field, ""));
                let phase = self.rules().phases.iter().position(|p| p.name == name).ok_or_else(|| {
                    let names: Vec<&str> = self.rules().phases.iter().map(|p| p.name.as_str()).collect();
                    bad(format!("unknown phase '{name}'; expected one of {}", names.join(", ")))
                })?;
                let number = |t: &str| t.parse::<u32>().map_err(|_| bad(format!("bad count of placed pieces in '{field}'")));
                // Counts below a limit, which the loader keeps within u16.
                let progress = match self.rules().phases[phase].limit {
                    _ if progress.is_empty() => Progress::START,
                    Some(PhaseLimit::Plies(limit)) => {
                        let ply = progress.parse::<u32>().map_err(|_| bad(format!("bad ply count in '{field}'")))?;
                        if ply >= limit {
                            return Err(bad(format!("phase '{name}' lasts {limit} plies; {ply} is past its end")));
                        }
                        Progress::after_plies(ply as u16)
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
                        Progress::after_placing([a as u16, b as u16])
                    }
                    None => {
                        return Err(bad(format!("phase '{name}' lasts to the end of the game and counts nothing: write just '{name}'")));
                    }
                    Some(PhaseLimit::HandsEmpty) => {
                        return Err(bad(format!("phase '{name}' lasts until the hands are empty and counts nothing: write just '{name}'")));
                    }
                };
                (phase, progress)
            }
        };
        pos.set_phase(self.keys(), phase as u8, progress);
        let implied = phase_field.is_none();
        for field in state_fields {
            self.read_state_field(&mut pos, field).map_err(bad)?;
        }
        if implied {
            pos.set_phase(self.keys(), self.implied_phase(&pos), Progress::START);
        }
        if self.moves().castles() {
            self.drop_idle_marks(&mut pos);
            pos.forget_history();
        }
        Ok(pos)
    }

    /// `unmoved:b1,j1` (those pieces never moved) or `passed:c3,c4@c5` (the last move passed
    /// over c3 and c4, and its piece stands on c5).
    fn read_state_field(&self, pos: &mut Position, field: &str) -> Result<(), String> {
        let board = self.board();
        let cell = |name: &str| board.find(name).ok_or_else(|| format!("no cell '{name}' in '{field}'"));
        if let Some(list) = field.strip_prefix("unmoved:") {
            if !self.keys().tracks_unmoved() {
                return Err("this ruleset remembers no unmoved pieces: drop the unmoved field".into());
            }
            for name in list.split(',').filter(|n| !n.is_empty()) {
                let c = cell(name)?;
                if !pos.cells[c.index()].is_some_and(|p| self.rules().unmoved.contains(&p.kind())) {
                    return Err(format!("'{name}' holds no piece whose moves the ruleset remembers"));
                }
                pos.mark_unmoved(self.keys(), c);
            }
        } else if field.starts_with("same:") {
            self.read_streaks(pos, field)?;
        } else if let Some(name) = field.strip_prefix("ko:") {
            if !self.moves().all().iter().any(|r| r.rule.leaves_ko) {
                return Err("this ruleset remembers no ko: drop the ko field".into());
            }
            let c = cell(name)?;
            if pos.cells[c.index()].is_some() {
                return Err(format!("'{name}' must be an empty cell: a ko forbids placing on it"));
            }
            pos.set_ko(self.keys(), c);
        } else if field.starts_with("stacks:") {
            self.read_stacks(pos, field)?;
        } else if Game::is_tally_field(field) {
            self.read_tally_field(pos, field)?;
        } else if let Some(held) = field.strip_prefix("hands:") {
            self.read_hands(pos, held)?;
        } else if let Some(rest) = field.strip_prefix("passed:") {
            if !self.moves().remembers_passed() {
                return Err("this ruleset remembers no passed cells: drop the passed field".into());
            }
            let Some((cells, victim)) = rest.split_once('@') else {
                return Err(format!("write passed:CELLS@CELL (the cells passed over, then the piece that passed), not '{field}'"));
            };
            let victim = cell(victim)?;
            let mut bits = CellBits::EMPTY;
            for name in cells.split(',').filter(|n| !n.is_empty()) {
                let c = cell(name)?;
                if pos.cells[c.index()].is_some() {
                    return Err(format!("'{name}' must be an empty cell"));
                }
                bits.insert(c);
            }
            if bits.is_empty() || pos.cells[victim.index()].is_none() {
                return Err(format!("'{field}' names no cells passed over, or no piece that passed"));
            }
            let mover = pos.side.other();
            if !self.could_have_passed(pos, mover, bits, victim) {
                return Err(format!(
                    "the piece on {} could not have just passed over {cells}: it must be {}'s, beyond them, moved by a rule of [state] passed",
                    board.name(victim),
                    self.rules().players[mover.index()].name
                ));
            }
            pos.set_passed(self.keys(), bits, victim);
        }
        Ok(())
    }

    /// Could the piece on `victim`, of `mover`, have just passed over `passed` by a move of a
    /// rule that leaves passed cells ([state] passed), from a cell now empty? Positions read
    /// from text name the cells and not the move.
    pub(crate) fn could_have_passed(&self, pos: &Position, mover: PlayerId, passed: CellBits, victim: CellId) -> bool {
        let Some(here) = pos.cells[victim.index()].filter(|p| p.belongs_to(mover)) else { return false };
        self.moves().all().iter().any(|compiled| {
            let rule = &compiled.rule;
            // The piece, or what it promoted to on arriving there.
            let piece = rule.moving[mover.index()] == here
                || self.promotion(rule.piece).is_some_and(|p| p.cells.contains(mover.index(), victim) && p.to.contains(&here.kind()));
            rule.leaves_passed && piece && compiled.kind.could_pass(self.board(), pos, mover, rule, victim, passed)
        })
    }

    /// Reads the rows part of a position into an otherwise empty one (first player to move,
    /// first phase).
    pub(crate) fn read_rows(&self, rows_text: &str) -> Result<Position, String> {
        let mut pos = self.empty_position();
        let rows = self.board().rows();
        let given: Vec<&str> = rows_text.split('/').collect();
        if given.len() != rows.len() {
            return Err(format!("{} rows given; the board has {}", given.len(), rows.len()));
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
                    let piece = match ch {
                        // `+P`: a promoted piece, as shogi writes it.
                        '+' if self.hands().is_some() => {
                            let Some(next) = chars.next() else { return Err(format!("'+' ends row {} without a piece", r + 1)) };
                            self.promoted_of_symbol(next).ok_or_else(|| format!("'+{next}' in row {} is no promoted piece", r + 1))?
                        }
                        _ => self.piece_of_symbol(ch).ok_or_else(|| format!("unknown piece symbol '{ch}' in row {}", r + 1))?,
                    };
                    if i < cells.len() {
                        pos.put(self.keys(), cells[i], Some(piece));
                        // `Q~`: a piece that arrived by promotion, where the hands remember it.
                        if chars.peek() == Some(&'~') {
                            chars.next();
                            if !self.hands().is_some_and(|h| h.marks) {
                                return Err(format!("'{ch}~' in row {}: this ruleset marks no promoted pieces", r + 1));
                            }
                            let kind = piece.kind();
                            if self.hands().is_some_and(|h| h.unpromoted[kind.index()] == kind) {
                                return Err(format!(
                                    "'{ch}~' in row {}: no piece promotes to a {}",
                                    r + 1,
                                    self.rules().pieces[kind.index()].name
                                ));
                            }
                            pos.set_mark(self.keys(), cells[i], true, false);
                        }
                    }
                    i += 1;
                }
                if i > cells.len() {
                    return Err(format!("row {} has more than {} cells", r + 1, cells.len()));
                }
            }
            if i != cells.len() {
                return Err(format!("row {} has {i} cells; it needs {}", r + 1, cells.len()));
            }
        }
        Ok(pos)
    }

    /// PDN FEN: `W:Wa1,c3,Kd4:Bb6` — the side to move, then each side's pieces in board order,
    /// `K` before a king.
    fn write_pdn(&self, pos: &Position, king: PieceTypeId) -> String {
        let mut out = self.rules().players[pos.side.index()].short.clone();
        for player in PlayerId::BOTH {
            out.push(':');
            out.push_str(&self.rules().players[player.index()].short);
            let mut first = true;
            for (c, &held) in pos.cells.iter().enumerate() {
                let Some(piece) = held.filter(|p| p.belongs_to(player)) else { continue };
                if !first {
                    out.push(',');
                }
                first = false;
                if piece.kind() == king {
                    out.push('K');
                }
                out.push_str(self.board().name(CellId::new(c)));
            }
        }
        out.push_str(&self.write_streaks(pos));
        out.push_str(&self.write_stacks(pos));
        out.push_str(&self.write_tally(pos, false));
        out
    }

    /// Reads PDN FEN. Squares may be given as ranges (`21-32`) on numbered boards; the lists may
    /// come in either order; the whole may be quoted and end with a full stop.
    fn read_pdn(&self, text: &str, man: PieceTypeId, king: PieceTypeId) -> Result<Position, PositionError> {
        let bad = |reason: String| PositionError::Bad { text: text.trim().to_string(), reason };
        let trimmed = text.trim().trim_matches('"').trim_end_matches('.');
        // The declared state follows the piece lists after a space: `W:W28:B5 same:28=2`.
        let state_at = [" same:", " stacks:", " checks:", " passes:", " captured:", " last:"].iter().filter_map(|f| trimmed.find(f)).min();
        let (trimmed, state) = match state_at {
            Some(at) => (trimmed[..at].trim_end(), trimmed[at..].split_whitespace().collect()),
            None => (trimmed, Vec::new()),
        };
        let mut fields = trimmed.split(':');
        let side_text = fields.next().unwrap_or("").trim();
        let player_of = |t: &str| self.rules().players.iter().position(|p| p.short.eq_ignore_ascii_case(t));
        let side = player_of(side_text).ok_or_else(|| {
            bad(format!(
                "the side to move must be {} or {}, not '{side_text}'",
                self.rules().players[0].short,
                self.rules().players[1].short
            ))
        })?;
        let mut pos = self.empty_position();
        for field in fields {
            let field = field.trim();
            let short_len = self
                .rules()
                .players
                .iter()
                .map(|p| p.short.as_str())
                .find(|s| field.get(..s.len()).is_some_and(|head| head.eq_ignore_ascii_case(s)))
                .map(str::len)
                .ok_or_else(|| {
                    bad(format!(
                        "a piece list must start with {} or {}: '{field}'",
                        self.rules().players[0].short,
                        self.rules().players[1].short
                    ))
                })?;
            let owner = PlayerId(player_of(&field[..short_len]).unwrap_or(0) as u8);
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
                    if pos.cells[c.index()].is_some() {
                        return Err(bad(format!("two pieces on {}", self.board().name(c))));
                    }
                    pos.put(self.keys(), c, Some(Piece::new(piece, Owner::Player(owner))));
                }
            }
        }
        pos.set_side(self.keys(), PlayerId(side as u8));
        let last = self.rules().phases.len() - 1;
        pos.set_phase(self.keys(), last as u8, Progress::START);
        for field in state {
            if field.starts_with("stacks:") {
                self.read_stacks(&mut pos, field).map_err(bad)?;
            } else if field.starts_with("same:") {
                self.read_streaks(&mut pos, field).map_err(bad)?;
            } else if Game::is_tally_field(field) {
                self.read_tally_field(&mut pos, field).map_err(bad)?;
            } else {
                return Err(bad(format!("unexpected '{field}' after the piece lists")));
            }
        }
        Ok(pos)
    }
}

/// The cells of a move's set, in cell order.
pub(crate) fn cells_of(cells: CellBits) -> impl Iterator<Item = CellId> {
    cells.iter()
}

/// An algebraic cell name split into its file letters and its rank digits (`e4` is `e`, `4`).
fn split_name(name: &str) -> (&str, &str) {
    let at = name.find(|c: char| c.is_ascii_digit()).unwrap_or(name.len());
    name.split_at(at)
}
