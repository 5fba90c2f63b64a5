//! FEN (Forsyth-Edwards Notation), for any ruleset that asks for it: the rows, the side to
//! move, the castling rights (the `fen` letters of the castling moves whose two pieces have
//! never moved; capitals for the first player), the cells the last move passed over (en
//! passant), then the half-move clock and the move number. The position keeps neither (move
//! counts belong to the game's history): a `Session` writes and starts them, other callers
//! write `0 1`.

use crate::cellbits::CellBits;
use crate::game::Game;
use crate::host::Host;
use crate::moves::Kind;
use crate::notation::cells_of;
use crate::position::Position;
use hetproba_board::CellId;
use hetproba_rules::model::PlayerId;

impl Game {
    pub(crate) fn write_fen(&self, pos: &Position) -> String {
        self.write_fen_counted(pos, 0, 1)
    }

    /// FEN with the half-move clock and the move number given.
    pub(crate) fn write_fen_counted(&self, pos: &Position, halfmove: u32, fullmove: u32) -> String {
        let mut out = self.write_rows(pos);
        if self.hands().is_some() {
            out.push_str(&format!("[{}]", self.write_hands_listed(pos)));
        }
        out.push(' ');
        out.push_str(&self.rules().players[pos.side.index()].short);
        let mut rights = String::new();
        for side in PlayerId::BOTH {
            for (letter, from, partners) in self.castling_pairs(pos, side) {
                if pos.is_unmoved(from) && partners.iter().any(|&p| pos.is_unmoved(p)) {
                    let letter = if side == PlayerId::FIRST { letter } else { letter.to_ascii_lowercase() };
                    if !rights.contains(letter) {
                        rights.push(letter);
                    }
                }
            }
        }
        out.push(' ');
        out.push_str(if rights.is_empty() { "-" } else { &rights });
        out.push(' ');
        match pos.passed() {
            Some((passed, _)) => out.push_str(&cells_of(passed).map(|c| self.board().name(c)).collect::<Vec<_>>().join(",")),
            None => out.push('-'),
        }
        // Three-check's field as Fairy-Stockfish writes it: the checks each player has left.
        if let Some(left) = self.write_checks_left(pos) {
            out.push(' ');
            out.push_str(&left);
        }
        out.push_str(&format!(" {halfmove} {fullmove}"));
        out.push_str(&self.write_tally(pos, true));
        out
    }

    /// For each castling move with a FEN letter, each castling piece of `side` on the board and
    /// the pieces it could castle with, nearest first: (letter, its cell, the partners' cells).
    fn castling_pairs(&self, pos: &Position, side: PlayerId) -> Vec<(char, CellId, Vec<CellId>)> {
        let mut out = Vec::new();
        for rule in self.moves().all() {
            let (Kind::Castle(castle), Some(letter)) = (&rule.kind, rule.rule.fen) else { continue };
            let piece = rule.rule.moving[side.index()];
            for from in pos.cells_with(piece) {
                let partners = castle.partners(self.board(), pos, side, from);
                if !partners.is_empty() {
                    out.push((letter, from, partners));
                }
            }
        }
        out
    }

    /// The half-move clock and the move number of a FEN text (0 and 1 when left out), for a
    /// ruleset whose positions are FEN; `None` for others, or when they are not numbers.
    pub(crate) fn fen_counters(&self, text: &str) -> Option<(u32, u32)> {
        if self.rules().notation.position != hetproba_rules::model::PositionNotation::Fen {
            return None;
        }
        let fields = self.fen_fields(text);
        let number = |i: usize, default: u32| fields.get(i).map_or(Some(default), |f| f.parse::<u32>().ok());
        Some((number(4, 0)?, number(5, 1)?.max(1)))
    }

    /// A FEN's fields, without the checks field and the declared state's fields after the move
    /// number (so that the half-move clock is the fifth field, as in chess).
    fn fen_fields<'t>(&self, text: &'t str) -> Vec<&'t str> {
        let mut fields: Vec<&str> = text.split_whitespace().filter(|f| !Game::is_tally_field(f)).collect();
        if self.tally().checks.is_some() && fields.get(4).is_some_and(|f| f.contains('+')) {
            fields.remove(4);
        }
        fields
    }

    pub(crate) fn read_fen(&self, text: &str) -> Result<Position, String> {
        let all: Vec<&str> = text.split_whitespace().collect();
        let fields = self.fen_fields(text);
        let (rows, side_text) = match fields.as_slice() {
            [rows, side, ..] => (*rows, *side),
            [_] => return Err("missing the side to move after the rows".into()),
            [] => return Err("empty".into()),
        };
        if fields.len() > 6 {
            return Err(format!("unexpected '{}' after the move number", fields[6]));
        }
        // With hands: the pieces in hand in brackets after the rows (`...RNBQKBNR[Qp]`).
        let (rows, held) = match rows.strip_suffix(']').and_then(|r| r.split_once('[')) {
            Some((rows, held)) => (rows, Some(held)),
            None => (rows, None),
        };
        let mut pos = self.read_rows(rows)?;
        match held {
            Some(held) => self.read_hands(&mut pos, held)?,
            None if self.hands().is_some() => {
                return Err("the hands are missing: write them in brackets after the rows, [] when empty".into());
            }
            None => {}
        }
        let side = self.rules().players.iter().position(|p| p.short == side_text).ok_or_else(|| {
            format!("unknown side '{side_text}'; expected {} or {}", self.rules().players[0].short, self.rules().players[1].short)
        })?;
        let side = PlayerId(side as u8);
        pos.set_side(self.keys(), side);
        let last = self.rules().phases.len() - 1;
        pos.set_phase(self.keys(), last as u8, crate::position::Progress::START);
        // Castling rights: each letter marks its pair of pieces as never moved.
        let rights = fields.get(2).copied().unwrap_or("-");
        if rights != "-" {
            for letter in rights.chars() {
                let player = if letter.is_ascii_uppercase() { PlayerId::FIRST } else { PlayerId::SECOND };
                let pair = self.castling_pairs(&pos, player).into_iter().find(|(l, ..)| *l == letter.to_ascii_uppercase());
                let Some((_, from, partners)) = pair else {
                    return Err(format!("castling right '{letter}' has no pair of pieces to castle"));
                };
                // The partner farthest out, as FEN reads it.
                pos.mark_unmoved(self.keys(), from);
                if let Some(&partner) = partners.last() {
                    pos.mark_unmoved(self.keys(), partner);
                }
            }
        }
        // En passant: the cells passed over; the piece that passed stands beyond them, on their
        // line, and must be one that could have passed them.
        let passed = fields.get(3).copied().unwrap_or("-");
        if passed != "-" {
            if !self.moves().remembers_passed() {
                return Err(format!("this ruleset remembers no passed cells: the en-passant field must be '-', not '{passed}'"));
            }
            let board = self.board();
            let mut cells = CellBits::EMPTY;
            for name in passed.split(',') {
                let c = board.find(name).ok_or_else(|| format!("no cell '{name}' for en passant"))?;
                if pos.cells[c.index()].is_some() {
                    return Err(format!("the en-passant cell '{name}' must be empty"));
                }
                cells.insert(c);
            }
            let mover = side.other();
            let victim = (0..board.len()).map(CellId::new).find(|&v| self.could_have_passed(&pos, mover, cells, v));
            let Some(victim) = victim else {
                let (what, them) = if cells.len() > 1 { ("cells", "them") } else { ("cell", "it") };
                return Err(format!(
                    "no {} piece stands beyond the en-passant {what} '{passed}' that could have passed over {them}",
                    self.rules().players[mover.index()].name
                ));
            };
            pos.set_passed(self.keys(), cells, victim);
        }
        if let Some(checks) = all.get(4).filter(|f| f.contains('+')) {
            self.read_checks_left(&mut pos, checks)?;
        }
        for field in all.iter().filter(|f| Game::is_tally_field(f)) {
            self.read_tally_field(&mut pos, field)?;
        }
        for (i, name) in [(4, "half-move clock"), (5, "move number")] {
            if let Some(f) = fields.get(i)
                && f.parse::<u32>().is_err()
            {
                let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
                let shown = hetproba_rules::text::quote(f);
                return Err(if f.strip_prefix('-').is_some_and(digits) {
                    format!("the {name} counts moves: it cannot be negative, as '{shown}' is")
                } else if digits(f) {
                    format!("the {name} must be at most {}, not '{shown}'", u32::MAX)
                } else {
                    format!("the {name} must be a number, not '{shown}'")
                });
            }
        }
        pos.set_phase(self.keys(), self.implied_phase(&pos), crate::position::Progress::START);
        Ok(pos)
    }
}
