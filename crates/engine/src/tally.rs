//! The counters and the memory of the last move that `[state]` declares (`checks`, `captured`,
//! `passes`, `last`): where each counter sits in [`Position::tally`], how a move updates them
//! (after it is made, each change recorded for `unmake`), their hash keys, and their fields in
//! position notation. Games that declare none never come here.

use crate::game::Game;
use crate::host::Host;
use crate::mv::{LastMove, Move};
use crate::position::Position;
use hetproba_board::NO_CELL;
use hetproba_rules::model::{PieceTypeSet, PlayerId};

impl Game {
    /// Makes a move in a game that declares counters or the last move: the move itself, then
    /// each counter it changes. Out of line: the other games' `make` does not come here.
    #[cold]
    #[inline(never)]
    pub(crate) fn make_tallied(&self, pos: &mut Position, mv: Move) {
        let plan = self.tally();
        let mover = pos.side;
        // The pieces it captures, before they go.
        let mut captured = PieceTypeSet::EMPTY;
        let mut taken: Vec<usize> = Vec::new();
        if !mv.is_pass() {
            for c in mv.captured_cells() {
                if let Some(p) = pos.at(c) {
                    captured.insert(p.kind());
                    taken.push(p.kind().index());
                }
            }
        }
        self.make_plain(pos, mv);
        if plan.captured.is_some() {
            for t in taken {
                let i = plan.captured_at(mover, t).expect("captured pieces are counted");
                pos.set_tally(self.keys(), i, pos.tally[i].saturating_add(1));
            }
        }
        if let Some((at, max)) = plan.checks
            && self.is_check(pos)
        {
            let i = at + mover.index();
            pos.set_tally(self.keys(), i, pos.tally[i].saturating_add(1).min(max));
        }
        if let Some(i) = plan.passes {
            let idle = mv.is_pass() || (mv.from == mv.to && !mv.is_capture() && mv.part == NO_CELL);
            pos.set_tally(self.keys(), i, if idle { pos.tally[i].saturating_add(1) } else { 0 });
        }
        if plan.last {
            let (from, to) = if mv.is_pass() { (NO_CELL, NO_CELL) } else { (mv.from, mv.to) };
            pos.set_last(self.keys(), LastMove { known: true, from, to, captured });
        }
    }

    /// The declared counters and last move in position notation: ` checks:1,0 passes:1
    /// captured:stone=4,2 last:e2-e4` (each only when declared; `last` only when known). In FEN
    /// the checks are written apart ([`Game::write_checks_left`]), and `passes` only after a
    /// pass: Fairy-Stockfish's FEN has no such field, and a position without it reads as none.
    pub(crate) fn write_tally(&self, pos: &Position, fen: bool) -> String {
        let plan = self.tally();
        let mut out = String::new();
        if let (Some((at, _)), false) = (plan.checks, fen) {
            out.push_str(&format!(" checks:{},{}", pos.tally[at], pos.tally[at + 1]));
        }
        if let Some(i) = plan.passes
            && !(fen && pos.tally[i] == 0)
        {
            out.push_str(&format!(" passes:{}", pos.tally[i]));
        }
        if plan.captured.is_some() {
            let mut counts = Vec::new();
            for (t, piece) in self.rules().pieces.iter().enumerate() {
                let n = PlayerId::BOTH.map(|p| plan.captured_at(p, t).map_or(0, |i| pos.tally[i]));
                if n != [0, 0] {
                    counts.push(format!("{}={},{}", piece.name, n[0], n[1]));
                }
            }
            out.push_str(&format!(" captured:{}", counts.join(";")));
        }
        if plan.last && pos.last.known {
            let last = pos.last;
            let board = self.board();
            let cells = match (last.from, last.to) {
                (NO_CELL, NO_CELL) => "pass".to_string(),
                (NO_CELL, to) => board.name(to).to_string(),
                (from, to) => format!("{}-{}", board.name(from), board.name(to)),
            };
            let taken: Vec<&str> = last.captured.iter().map(|t| self.rules().pieces[t.index()].name.as_str()).collect();
            let taken = if taken.is_empty() { String::new() } else { format!("x{}", taken.join("|")) };
            out.push_str(&format!(" last:{cells}{taken}"));
        }
        out
    }

    /// Is `field` one of the fields [`Game::write_tally`] writes?
    pub(crate) fn is_tally_field(field: &str) -> bool {
        ["checks:", "passes:", "captured:", "last:"].iter().any(|p| field.starts_with(p))
    }

    /// Reads one field [`Game::write_tally`] writes into `pos`.
    pub(crate) fn read_tally_field(&self, pos: &mut Position, field: &str) -> Result<(), String> {
        let plan = self.tally();
        let number = |text: &str, what: &str| {
            text.parse::<u16>().map_err(|_| format!("{what} must be a number from 0 to {}, not '{text}'", u16::MAX))
        };
        if let Some(rest) = field.strip_prefix("checks:") {
            let Some((at, max)) = plan.checks else { return Err("this ruleset counts no checks: drop the checks field".into()) };
            let Some((a, b)) = rest.split_once(',') else {
                return Err(format!("write checks:A,B (the checks each player has given), not '{field}'"));
            };
            for (k, text) in [a, b].into_iter().enumerate() {
                let n = number(text, "a count of checks")?;
                if n > max {
                    return Err(format!("checks are counted up to {max} here, not {n}"));
                }
                pos.put_tally(self.keys(), at + k, n);
            }
        } else if let Some(rest) = field.strip_prefix("passes:") {
            let Some(i) = plan.passes else { return Err("this ruleset counts no passes: drop the passes field".into()) };
            pos.put_tally(self.keys(), i, number(rest, "the passes in a row")?);
        } else if let Some(rest) = field.strip_prefix("captured:") {
            if plan.captured.is_none() {
                return Err("this ruleset counts no captured pieces: drop the captured field".into());
            }
            for entry in rest.split(';').filter(|e| !e.is_empty()) {
                let parsed = entry.split_once('=').and_then(|(name, counts)| Some((name, counts.split_once(',')?)));
                let Some((name, (a, b))) = parsed else {
                    return Err(format!(
                        "write captured:TYPE=A,B;TYPE=A,B (the pieces of each type each player has captured), not '{entry}'"
                    ));
                };
                let t = self.rules().piece_index(name).ok_or_else(|| format!("no piece type '{name}' in '{field}'"))?;
                for (player, text) in PlayerId::BOTH.into_iter().zip([a, b]) {
                    let i = plan.captured_at(player, t.index()).expect("captured pieces are counted");
                    pos.put_tally(self.keys(), i, number(text, "a count of captured pieces")?);
                }
            }
        } else if let Some(rest) = field.strip_prefix("last:") {
            if !plan.last {
                return Err("this ruleset remembers no last move: drop the last field".into());
            }
            let (cells, taken) = rest.split_once('x').unwrap_or((rest, ""));
            let board = self.board();
            let cell = |name: &str| board.find(name).ok_or_else(|| format!("no cell '{name}' in '{field}'"));
            let (from, to) = match cells.split_once('-') {
                _ if cells == "pass" => (NO_CELL, NO_CELL),
                Some((a, b)) => (cell(a)?, cell(b)?),
                None => (NO_CELL, cell(cells)?),
            };
            let mut captured = PieceTypeSet::EMPTY;
            for name in taken.split('|').filter(|n| !n.is_empty()) {
                captured.insert(self.rules().piece_index(name).ok_or_else(|| format!("no piece type '{name}' in '{field}'"))?);
            }
            pos.put_last(self.keys(), LastMove { known: true, from, to, captured });
        }
        Ok(())
    }

    /// FEN's checks field as Fairy-Stockfish writes it: the checks each player has left before
    /// the count is reached, `3+3` at the start of three-check.
    pub(crate) fn write_checks_left(&self, pos: &Position) -> Option<String> {
        let (at, max) = self.tally().checks?;
        Some(format!("{}+{}", max - pos.tally[at], max - pos.tally[at + 1]))
    }

    /// Reads FEN's checks field (`2+3`: the checks each player has left).
    pub(crate) fn read_checks_left(&self, pos: &mut Position, field: &str) -> Result<(), String> {
        let Some((at, max)) = self.tally().checks else { return Err(format!("this ruleset counts no checks: unexpected '{field}'")) };
        let Some((a, b)) = field.split_once('+') else {
            return Err(format!("the checks field is A+B, the checks each player has left, not '{field}'"));
        };
        for (k, text) in [a, b].into_iter().enumerate() {
            let left = text
                .parse::<u16>()
                .ok()
                .filter(|&n| n <= max)
                .ok_or_else(|| format!("checks left must be from 0 to {max}, not '{text}'"))?;
            pos.put_tally(self.keys(), at + k, max - left);
        }
        Ok(())
    }
}
