//! `[stacks]`: columns of pieces. The top piece of a column stands in `Position::cells`, like
//! any piece, so generation, promotion and the end tests see only tops and need no change;
//! the pieces under it live in `Position::below`, touched only here and by the notation.
//! Making a move carries the column (or its top), and each hop takes the top of the column it
//! jumps, in the order of the chain, and puts it under the moving column (or off the board).

use crate::game::Game;
use crate::host::Host;
use crate::mv::Move;
use crate::piece::{Owner, Piece};
use crate::position::Position;
use hetproba_board::CellId;
use hetproba_rules::model::{Carry, Prisoners, Stacks};

impl Game {
    /// The cells a move takes tops from, in the order it takes them. A move that takes several
    /// is a chain; when chains of one move take them in different orders, the order whose
    /// cells come first (by cell index, hop by hop) is the one played. Called before the
    /// move changes anything.
    fn taking_order(&self, pos: &Position, mv: &Move) -> Vec<CellId> {
        if mv.captures.len() <= 1 || !self.compiled(mv.rule.index()).kind.has_paths() {
            return mv.captured_cells().collect();
        }
        self.capture_ways(pos, mv)
            .into_iter()
            .map(|way| way.into_iter().map(|(c, _)| c).collect::<Vec<_>>())
            .min()
            .unwrap_or_else(|| mv.captured_cells().collect())
    }

    /// Takes the tops a move captures, in order: each leaves its column (the piece under it, if
    /// any, becomes the top) and becomes a prisoner. Returns the prisoners, first taken first.
    pub(crate) fn take_tops(&self, pos: &mut Position, mv: &Move) -> Vec<Piece> {
        let order = self.taking_order(pos, mv);
        let mut taken = Vec::with_capacity(order.len());
        for c in order {
            let Some(top) = pos.cells[c.index()] else { continue };
            let (rest, next) = popped(&pos.below[c.index()]);
            pos.set_below(c, rest);
            pos.set(self.keys(), c, next);
            pos.clear_unmoved(self.keys(), c);
            taken.push(top);
        }
        taken
    }

    /// Moves the column on `mv.from` (or its top) to `mv.to`, its top promoted if the move
    /// promotes, with the prisoners under it, the first taken highest.
    pub(crate) fn carry(&self, pos: &mut Position, mv: Move, stacks: Stacks, prisoners: Vec<Piece>) {
        let Some(top) = pos.cells[mv.from.index()] else { return };
        let mut column = match stacks.carry {
            Carry::Column => {
                let under = pos.below[mv.from.index()].clone();
                pos.set_below(mv.from, Vec::new());
                pos.set(self.keys(), mv.from, None);
                under
            }
            Carry::Top => {
                let (rest, next) = popped(&pos.below[mv.from.index()]);
                pos.set_below(mv.from, rest);
                pos.set(self.keys(), mv.from, next);
                Vec::new()
            }
        };
        pos.clear_unmoved(self.keys(), mv.from);
        pos.clear_unmoved(self.keys(), mv.to);
        if stacks.prisoners == Prisoners::Under {
            // Bottom first: the last prisoner taken lies lowest.
            let mut under: Vec<Piece> = prisoners.into_iter().rev().collect();
            under.append(&mut column);
            column = under;
        }
        let arriving = match mv.promotion() {
            Some(t) => Piece::new(t, Owner::Player(pos.side)),
            None => top,
        };
        // A chain may end where it began: with carry = "top" the piece lands back on its column.
        if let Some(stay) = pos.cells[mv.to.index()] {
            let mut base = pos.below[mv.to.index()].clone();
            base.push(stay);
            base.append(&mut column);
            column = base;
        }
        pos.set_below(mv.to, column);
        pos.set(self.keys(), mv.to, Some(arriving));
    }
}

/// A column's pieces under its top (bottom first) after the top leaves: the rest, and the new top.
fn popped(under: &[Piece]) -> (Vec<Piece>, Option<Piece>) {
    match under.split_last() {
        Some((next, rest)) => (rest.to_vec(), Some(*next)),
        None => (Vec::new(), None),
    }
}

impl Game {
    /// ` stacks:c3=wb,e5=Wbb`: every column of two or more pieces, top first, in piece
    /// symbols (the rows or piece lists give the tops); empty when there is none.
    pub(crate) fn write_stacks(&self, pos: &Position) -> String {
        let columns: Vec<String> = (0..pos.below.len())
            .map(CellId::new)
            .filter(|&c| pos.height(c) > 1)
            .map(|c| format!("{}={}", self.board().name(c), pos.column(c).into_iter().map(|p| self.symbol(p)).collect::<String>()))
            .collect();
        if columns.is_empty() { String::new() } else { format!(" stacks:{}", columns.join(",")) }
    }

    /// Reads `stacks:c3=wb,e5=Wbb` (see [`Game::write_stacks`]) into a position whose tops are set.
    pub(crate) fn read_stacks(&self, pos: &mut Position, field: &str) -> Result<(), String> {
        if self.rules().stacks.is_none() {
            return Err("this ruleset stacks no pieces: drop the stacks field".into());
        }
        let list = field.strip_prefix("stacks:").unwrap_or(field);
        for entry in list.split(',').filter(|e| !e.is_empty()) {
            let Some((name, symbols)) = entry.split_once('=') else {
                return Err(format!("write stacks:CELL=PIECES (the column on CELL, top first, in piece symbols), not '{entry}'"));
            };
            let c = self.board().find(name).ok_or_else(|| format!("no cell '{name}' in '{field}'"))?;
            let mut pieces = Vec::new();
            for ch in symbols.chars() {
                pieces.push(self.piece_of_symbol(ch).ok_or_else(|| format!("unknown piece symbol '{ch}' in '{entry}'"))?);
            }
            let top = pos.cells[c.index()];
            if pieces.len() < 2 || top != pieces.first().copied() {
                let shown = top.map_or("nothing".to_string(), |p| format!("'{}'", self.symbol(p)));
                return Err(format!(
                    "'{entry}': a column has two or more pieces, the first its top, which the position shows on {name} ({shown})"
                ));
            }
            if pos.height(c) > 1 {
                return Err(format!("'{field}' gives the column on {name} twice"));
            }
            pos.put_below(c, pieces[1..].iter().rev().copied().collect());
        }
        Ok(())
    }
}
