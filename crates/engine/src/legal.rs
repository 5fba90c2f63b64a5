//! Legality: no move may leave the mover's royal pieces attacked. What the tests of one position
//! share is found once ([`Legality`]: the royal pieces, whether one is attacked, the pieces that
//! might be pinned); then each pseudo-legal move is tested on a view of the position after it,
//! without making it ([`crate::attack::View`] over the attack tables). Only moves whose effects
//! a view cannot show, and attacks that cannot be read backwards, are made, on a scratch copy of
//! the position that is reused.

use crate::attack::View;
use crate::game::Game;
use crate::host::Host;
use crate::moves::kind::Seen;
use crate::mv::{Move, Sink};
use crate::piece::{Owner, Piece};
use crate::position::{Position, with_scratch};
use hetproba_board::{CellId, CellSet, NO_CELL};
use hetproba_rules::model::PlayerId;

/// What the legality tests of one position share, found once: the mover's royal pieces, whether
/// one of them is attacked, and the pieces that might be pinned.
pub(crate) struct Legality<const W: usize> {
    royals: [CellId; 8],
    count: usize,
    /// When no royal piece is attacked: the mover's pieces that are not royal and cannot be
    /// pinned to one (not among a superset of the pins). A plain move of one of them
    /// ([`crate::rule::Rule::views_plain`]) is legal. Empty when one is attacked.
    free: CellSet<W>,
    /// Attacks that cannot be read backwards, or more royal pieces than `royals` holds: each
    /// move is made and the replies asked.
    by_making: bool,
}

impl<const W: usize> Legality<W> {
    fn royals(&self) -> &[CellId] {
        &self.royals[..self.count]
    }
}

/// A sink that asks whether a move captures on `cell`, and stops at the first that does.
struct CapturesOn(CellId, bool);

impl Sink for CapturesOn {
    #[inline(always)]
    fn push(&mut self, m: Move) -> bool {
        self.1 = (m.take_to && m.to == self.0) || m.captures.contains(self.0);
        !self.1
    }
}

impl Game {
    /// Would `piece`, standing on `cell`, be attacked by `by` in this position? (`piece` is the
    /// one there, or one that would cross the cell, such as a castling piece.)
    pub(crate) fn is_attacked<const W: usize>(&self, pos: &Position, cell: CellId, by: PlayerId, piece: Piece) -> bool {
        match self.attacks() {
            Some(a) if a.general(by) => self.attacked_by_generating::<W>(pos, cell, by, piece),
            Some(a) => a.attacked_in(self.board(), self.rays(), &View::<W>::new(pos, &[]), cell, by),
            None => false,
        }
    }

    /// Does a royal piece of `player` stand attacked?
    pub(crate) fn in_check(&self, pos: &Position, player: PlayerId) -> bool {
        hetproba_board::with_width!(self.width(), W => self.in_check_w::<W>(pos, player))
    }

    pub(crate) fn in_check_w<const W: usize>(&self, pos: &Position, player: PlayerId) -> bool {
        let Some(a) = self.attacks() else { return false };
        a.royal(player).iter().any(|&royal| pos.piece_set::<W>(royal).iter().any(|c| self.is_attacked::<W>(pos, c, player.other(), royal)))
    }

    /// A royal piece of the player who has just moved that stands attacked: a position no
    /// legal move leads to (a pass in check is no legal move either).
    pub(crate) fn exposed_royal(&self, pos: &Position) -> Option<CellId> {
        let a = self.attacks()?;
        let owner = pos.side.other();
        hetproba_board::with_width!(self.width(), W => a.royal(owner)
            .iter()
            .find_map(|&royal| pos.piece_set::<W>(royal).iter().find(|&c| self.is_attacked::<W>(pos, c, pos.side, royal))))
    }

    /// The slow, sure way: does any move of `by` capture `piece` on `cell`? Moves only capture
    /// pieces, so an empty cell is asked on a copy with the piece standing there (a hop over it,
    /// an enclosure of it).
    fn attacked_by_generating<const W: usize>(&self, pos: &Position, cell: CellId, by: PlayerId, piece: Piece) -> bool {
        let mut sink = CapturesOn(cell, false);
        if pos.cells[cell.index()] == Some(piece) {
            self.generate_phase_but::<W>(pos, by, self.attack_phase(pos), &mut sink, true);
            return sink.1;
        }
        with_scratch(pos, |there| {
            there.put(self.keys(), cell, Some(piece));
            self.generate_phase_but::<W>(there, by, self.attack_phase(there), &mut sink, true);
            sink.1
        })
    }

    /// What the legality tests of `pos` share, or `None` when every move is legal (the mover
    /// has no royal piece on the board).
    #[inline]
    pub(crate) fn legality<const W: usize>(&self, pos: &Position) -> Option<Legality<W>> {
        let a = self.attacks()?;
        let side = pos.side;
        // The royal pieces, on the stack: this runs at every node of a perft with royal pieces.
        let mut royals = [NO_CELL; 8];
        let mut count = 0;
        for &royal in a.royal(side) {
            for c in pos.piece_set::<W>(royal).iter() {
                if count < royals.len() {
                    royals[count] = c;
                }
                count += 1;
            }
        }
        if count == 0 {
            return None;
        }
        let enemy = side.other();
        let by_making = a.general(enemy) || count > royals.len();
        let mut legality = Legality { royals, count: count.min(royals.len()), free: CellSet::EMPTY, by_making };
        if by_making {
            return Some(legality);
        }
        let view = View::<W>::new(pos, &[]);
        let (board, rays) = (self.board(), self.rays());
        let in_check = legality.royals().iter().any(|&k| a.attacked_in(board, rays, &view, k, enemy));
        if !in_check {
            let n = board.len();
            let mut exposed = CellSet::EMPTY;
            let mut danger = false;
            for &k in legality.royals() {
                exposed.insert(k);
                exposed |= a.flanks::<W>(side, n, k) | a.pinned::<W>(board, rays, pos, &view, k, side);
                if a.has_screens(enemy) {
                    let (pins, open) = a.screen_pins(board, rays, &view, k, side);
                    exposed |= pins;
                    danger |= open;
                }
            }
            // A piece moving onto a line where a screen is missing gives check: every move is
            // then tested.
            if !danger {
                legality.free = pos.player_set::<W>(side).without(exposed);
            }
        }
        Some(legality)
    }

    /// Does `mv` leave the mover's royal pieces safe?
    #[inline]
    pub(crate) fn legal<const W: usize>(&self, pos: &Position, legality: &Legality<W>, mv: &Move) -> bool {
        if mv.is_pass() {
            return true;
        }
        let side = pos.side;
        if legality.by_making {
            return self.safe_after_making::<W>(pos, *mv, side);
        }
        let royals = legality.royals();
        let compiled = self.compiled(mv.rule.index());
        let rule = &compiled.rule;
        if legality.free.contains(mv.from) && rule.views_plain && mv.captures.is_empty() {
            return true;
        }
        let mut changes: [(CellId, Option<Piece>); 8] = [(NO_CELL, None); 8];
        let mut count = 0;
        match compiled.kind.seen() {
            Seen::Own => {
                changes[..4].copy_from_slice(&compiled.kind.changes(self.board(), pos, mv));
                count = 4;
            }
            Seen::Piece => {
                if mv.from != NO_CELL {
                    changes[count] = (mv.from, None);
                    count += 1;
                }
                let arriving = match mv.promotion() {
                    Some(t) => Some(Piece::new(t, Owner::Player(side))),
                    None if mv.from != NO_CELL => pos.cells[mv.from.index()],
                    None => Some(rule.moving[side.index()]),
                };
                changes[count] = (mv.to, arriving);
                count += 1;
                let mut captured = mv.captures.iter();
                for c in captured.by_ref().take(changes.len() - count) {
                    changes[count] = (c, None);
                    count += 1;
                }
                if captured.next().is_some() || !rule.effects.is_empty() {
                    return self.safe_after_making::<W>(pos, *mv, side);
                }
            }
            Seen::Made => return self.safe_after_making::<W>(pos, *mv, side),
        }
        let view = View::<W>::new(pos, &changes[..count]);
        let enemy = side.other();
        let Some(a) = self.attacks() else { return true };
        royals.iter().all(|&k| {
            let k = if k == mv.from { mv.to } else { k };
            !a.attacked_in(self.board(), self.rays(), &view, k, enemy)
        })
    }

    /// Do the `if-after` conditions of `mv` (its rule's and `[turn]`'s) hold after it? The move is
    /// made on a copy; `no-moves` there asks for the replies without their own `if-after`.
    pub(crate) fn allowed_after<const W: usize>(&self, pos: &Position, mv: &Move) -> bool {
        let rule = (!mv.is_pass()).then(|| mv.rule.index());
        if !self.ends().has_after_for(rule) {
            return true;
        }
        let side = pos.side;
        with_scratch(pos, |after| {
            self.make(after, *mv);
            let mut replies = None;
            let mut has_moves = || *replies.get_or_insert_with(|| self.has_moves_before_after::<W>(after));
            self.ends().after_holds::<W>(self, after, side, pos, rule, &mut has_moves)
        })
    }

    /// Makes the move on a scratch copy and asks whether the mover's royal pieces are safe. A
    /// move that takes the mover's last royal piece off (an explosion) is not; one that takes
    /// the opponent's last is, whatever it leaves attacked: the game is won.
    fn safe_after_making<const W: usize>(&self, pos: &Position, mv: Move, side: PlayerId) -> bool {
        let royals =
            |p: &Position, player: PlayerId| self.attacks().map_or(0, |a| a.royal(player).iter().map(|&r| p.count(r)).sum::<u32>());
        let theirs = royals(pos, side.other());
        with_scratch(pos, |scratch| {
            self.make(scratch, mv);
            if royals(scratch, side) == 0 {
                return false;
            }
            if theirs > 0 && royals(scratch, side.other()) == 0 {
                return true;
            }
            !self.in_check_w::<W>(scratch, side)
        })
    }
}

/// A sink that passes on only the legal moves (and, with a tired piece, only its captures).
pub(crate) struct Legal<'a, const W: usize, S: Sink> {
    pub game: &'a Game,
    pub pos: &'a Position,
    pub legality: Option<Legality<W>>,
    pub tired: Option<CellId>,
    /// Ask the `if-after` conditions.
    pub after: bool,
    pub sink: &'a mut S,
}

impl<const W: usize, S: Sink> Sink for Legal<'_, W, S> {
    #[inline(always)]
    fn push(&mut self, mv: Move) -> bool {
        if self.tired.is_some_and(|t| mv.from == t && !mv.is_capture()) {
            return true;
        }
        if let Some(l) = &self.legality {
            // The common case first, without the call: a plain move of a piece no pin can hold.
            // (`free` holds no `NO_CELL`: a placement is tested.)
            let free = l.free.contains(mv.from) && mv.captures.is_empty() && self.game.compiled(mv.rule.index()).rule.views_plain;
            if !free && !self.game.legal(self.pos, l, &mv) {
                return true;
            }
        }
        if self.after && !self.game.allowed_after::<W>(self.pos, &mv) {
            return true;
        }
        self.sink.push(mv)
    }

    fn mark(&self) -> usize {
        self.sink.mark()
    }

    fn holds_since(&self, mark: usize, mv: &Move) -> bool {
        self.sink.holds_since(mark, mv)
    }
}
