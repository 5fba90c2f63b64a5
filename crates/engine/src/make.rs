//! Making a move: its captures leave, its kind moves or places its pieces (`MoveKind::make`),
//! the declared state follows (moves in a row, passed cells, castling marks), the effects turn
//! pieces, a later part is made, and the turn ends. Every change goes through the position's
//! logged setters; [`Position::unmake`] takes it back.

use crate::cellbits::CellBits;
use crate::game::Game;
use crate::host::Host;
use crate::mv::Move;
use crate::piece::{Owner, Piece};
use crate::position::{Position, Progress};
use hetproba_board::{CellId, NO_CELL};
use hetproba_rules::model::{PieceTypeSet, Stacks};

impl Game {
    /// Makes a move without checking it: the move must be one of the legal moves of `pos`
    /// (perft, searches and playouts make the moves they generate). [`Position::unmake`] takes
    /// it back. [`Game::play`] is the checked path.
    #[inline]
    pub fn make(&self, pos: &mut Position, mv: Move) {
        if self.tally().any {
            self.make_tallied(pos, mv);
        } else {
            self.make_plain(pos, mv);
        }
    }

    /// Makes a move, without the counters `[state]` may declare ([`Game::make_tallied`]).
    pub(crate) fn make_plain(&self, pos: &mut Position, mv: Move) {
        let keys = self.keys();
        pos.begin(keys);
        if mv.is_pass() {
            self.end_turn(pos, false);
            return;
        }
        let compiled = self.compiled(mv.rule.index());
        let rule = &compiled.rule;
        if rule.one_piece {
            if !mv.captures.is_empty() {
                for c in mv.captures.iter() {
                    pos.take(keys, c);
                }
            }
            let promoted = mv.promotion().map(|t| Piece::new(t, Owner::Player(pos.side)));
            pos.step(keys, mv.from, mv.to, promoted);
            self.end_turn(pos, false);
            return;
        }
        self.make_part(pos, mv);
        let mut places = compiled.places();
        // A removal left with the move's captures, in make_part.
        if let Some(next) = rule.next
            && mv.part != NO_CELL
        {
            let part = self.compiled(next.index());
            part.kind.make_later(keys, pos, mv.part, part.rule.moving[pos.side.index()]);
            places |= part.places();
        }
        self.end_turn(pos, places);
    }

    /// Closes a move (`placed`: it put a new piece on the board): the other player moves, and
    /// the phase advances.
    #[inline(always)]
    fn end_turn(&self, pos: &mut Position, placed: bool) {
        let mut next = self.moves().phases().advance(pos.phase, pos.progress, pos.side, placed);
        // A phase that lasts until the hands are empty ends with the move that empties the last.
        if self.moves().phases().by_hands(next.0) && self.hands_empty(pos) {
            next = (next.0 + 1, Progress::START);
        }
        pos.end_turn(self.keys(), next);
    }

    /// Makes a move's first (or only) part: everything but its later part and the end of the turn.
    pub(crate) fn make_part(&self, pos: &mut Position, mv: Move) {
        if let Some(stacks) = self.rules().stacks {
            self.make_stacked(pos, mv, stacks);
            return;
        }
        if self.hands().is_some() {
            // Out of line: games without hands never come here.
            let marked = self.before_held(pos, &mv);
            self.make_on_board(pos, mv);
            self.after_held(pos, &mv, marked);
            return;
        }
        self.make_on_board(pos, mv);
    }

    /// [`Game::make_part`] on the board: the captured pieces leave, the piece moves, the
    /// declared state follows.
    #[inline(always)]
    fn make_on_board(&self, pos: &mut Position, mv: Move) {
        let keys = self.keys();
        let side = pos.side;
        let compiled = self.compiled(mv.rule.index());
        let rule = &compiled.rule;
        // Pieces captured by hopping over them or enclosing them leave first.
        for c in mv.captures.iter() {
            pos.set(keys, c, None);
            pos.clear_unmoved(keys, c);
        }
        if let Some(limit) = &self.rules().same_piece {
            self.count_streak(pos, mv, limit.pieces, limit.max);
        }
        compiled.kind.make(self, pos, mv, rule);
        if rule.leaves_passed {
            pos.set_passed(keys, self.cells_between(mv.from, mv.to), mv.to);
        }
        if self.moves().castles() && pos.dropped_marks() {
            self.drop_idle_marks(pos);
        }
        if !rule.effects.is_empty() {
            rule.effects.make(self.board(), keys, pos, side, mv.to, mv.is_capture());
            // Suicide: the arriving piece is among what its own move captures. (A piece that
            // moved again may end where a piece it took stood.)
            if rule.effects.removes() && !rule.goes_on && mv.captures.contains(mv.to) {
                pos.set(keys, mv.to, None);
            }
        }
        if rule.leaves_ko
            && mv.capture_count() == 1
            && let Some(taken) = mv.captures.iter().next()
            && rule.effects.leaves_ko(self.board(), pos, side, mv.to, taken)
        {
            pos.set_ko(keys, taken);
        }
    }

    /// Makes a move of a game with `[stacks]`, whose moves the loader keeps to placements,
    /// steps, slides, leaps and hops with no effects: the tops it hops leave their columns
    /// first, then the moving column carries them. Out of line: games without stacks never
    /// come here, and `make` stays small for them.
    #[cold]
    #[inline(never)]
    fn make_stacked(&self, pos: &mut Position, mv: Move, stacks: Stacks) {
        let prisoners = self.take_tops(pos, &mv);
        if let Some(limit) = &self.rules().same_piece {
            self.count_streak(pos, mv, limit.pieces, limit.max);
        }
        let compiled = self.compiled(mv.rule.index());
        if compiled.places() {
            compiled.kind.make(self, pos, mv, &compiled.rule);
        } else {
            self.carry(pos, mv, stacks, prisoners);
        }
        if compiled.rule.leaves_passed {
            pos.set_passed(self.keys(), self.cells_between(mv.from, mv.to), mv.to);
        }
    }

    /// `[state] same-piece`: a move without capture by a counted piece adds one to its run (or
    /// starts one); any other move of the player ends the run. A piece captured ends its owner's
    /// run. Called before the move is made, captured pieces already gone. A run stops at `max`:
    /// longer runs play alike (and happen when the limit does not hold, the player owning none
    /// of the pieces it names), so counting on would only make positions differ that do not.
    fn count_streak(&self, pos: &mut Position, mv: Move, counted: PieceTypeSet, max: u8) {
        let keys = self.keys();
        let side = pos.side;
        let enemy = side.other();
        if let Some((cell, _)) = pos.streak(enemy)
            && (mv.captures.contains(cell) || (mv.take_to && mv.to == cell))
        {
            pos.set_streak(keys, enemy, NO_CELL, 0);
        }
        let piece = if mv.from == NO_CELL { None } else { pos.cells[mv.from.index()] };
        match piece {
            Some(p) if counted.contains(p.kind()) && !mv.is_capture() && mv.promotion().is_none() => {
                let run = match pos.streak(side) {
                    Some((cell, n)) if cell == mv.from => n.saturating_add(1).min(max),
                    _ => 1,
                };
                pos.set_streak(keys, side, mv.to, run);
            }
            _ => pos.set_streak(keys, side, NO_CELL, 0),
        }
    }

    /// The cells strictly between two cells on one line (empty if they share none).
    pub(crate) fn cells_between(&self, from: CellId, to: CellId) -> CellBits {
        let board = self.board();
        for d in board.all_directions() {
            let mut cells = CellBits::EMPTY;
            let mut c = board.step(from, d);
            while c != NO_CELL && c != to {
                cells.insert(c);
                c = board.step(c, d);
            }
            if c == to {
                return cells;
            }
        }
        CellBits::EMPTY
    }
}
