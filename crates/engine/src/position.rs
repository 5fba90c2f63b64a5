//! The game state, with an undo log: every change to a cell goes through [`Position::set`],
//! which records the old value and updates the hash and the piece counts, so unmaking a move
//! replays the log backwards. No allocation per move once the log has grown.

use crate::game::{Code, EMPTY, Game, owner_tag};
use crate::moves::CellBits;
use hetproba_board::{CellId, NO_CELL};
use hetproba_rules::model::{PhaseLimit, PlayerId};

/// Scalars saved before a move, restored when it is unmade.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frame {
    undo_len: u32,
    side: PlayerId,
    phase: u8,
    phase_ply: u32,
    hash: u64,
    passed: CellBits,
    victim: CellId,
    streak: [(CellId, u8); 2],
}

/// An undo-log entry for a cell's "never moved" mark rather than its piece.
const UNMOVED_ENTRY: u16 = 0x8000;

/// A position: cells, side to move, phase, hash, and the history needed to unmake moves.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) cells: Vec<Code>,
    pub(crate) side: PlayerId,
    pub(crate) phase: u8,
    /// Progress in the current phase: plies played in it, or, in a phase that lasts until
    /// each player has placed so many pieces, the pieces placed (the first player's in the low
    /// 16 bits, the second's in the high 16).
    pub(crate) phase_ply: u32,
    pub(crate) hash: u64,
    /// Pieces on the board by owner tag (index 1, 2: players; 3: neutral).
    pub(crate) counts: [u32; 4],
    /// On boards of at most 64 cells: the cells of each owner tag (0: empty) as bits.
    pub(crate) bits: [u64; 4],
    /// On boards of at most 64 cells: the cells of each piece code below 32 as bits.
    pub(crate) code_bits: [u64; 32],
    /// State the rules declare: the cells whose pieces have never moved (one bit a cell, for
    /// the piece types the ruleset tracks; empty when it tracks none).
    pub(crate) unmoved: Vec<u64>,
    /// State the rules declare: the cells the last move passed over, which the next move may
    /// land on to take the piece on `victim` (en passant); `victim` is `NO_CELL` when none.
    pub(crate) passed: CellBits,
    pub(crate) victim: CellId,
    /// State the rules declare (`same-piece`): per player, the cell of the piece that made the
    /// player's last moves and how many in a row it made without capturing (`NO_CELL`, 0: none).
    pub(crate) streak: [(CellId, u8); 2],
    undo: Vec<(CellId, Code)>,
    frames: Vec<Frame>,
}

impl PartialEq for Position {
    /// Two positions are equal when the game state is: history does not count.
    fn eq(&self, other: &Position) -> bool {
        self.cells == other.cells
            && self.side == other.side
            && self.phase == other.phase
            && self.phase_ply == other.phase_ply
            && self.unmoved == other.unmoved
            && self.passed == other.passed
            && self.victim == other.victim
            && self.streak == other.streak
    }
}

impl Position {
    /// An empty board, first player to move, first phase.
    pub(crate) fn empty(game: &Game) -> Position {
        let mut pos = Position {
            cells: vec![EMPTY; game.board().len()],
            side: PlayerId::FIRST,
            phase: 0,
            phase_ply: 0,
            hash: 0,
            counts: [0; 4],
            bits: [if game.board().len() >= 64 { u64::MAX } else { (1u64 << game.board().len()) - 1 }, 0, 0, 0],
            code_bits: [0; 32],
            unmoved: if game.tracks_unmoved() { vec![0; game.board().len().div_ceil(64)] } else { Vec::new() },
            passed: CellBits::NONE,
            victim: NO_CELL,
            streak: [(NO_CELL, 0); 2],
            undo: Vec::with_capacity(256),
            frames: Vec::with_capacity(64),
        };
        pos.hash = game.phase_key(0, 0);
        pos
    }

    /// The start position of the game.
    pub fn start(game: &Game) -> Position {
        let mut pos = Position::empty(game);
        for &(cell, piece, owner) in &game.rules.start.pieces {
            pos.put(game, cell, crate::game::code(piece, owner));
            if game.rules.unmoved.contains(&piece) {
                pos.mark_unmoved(game, cell);
            }
        }
        // A mark that pairs with nothing (a rook set up off its king's row) is dropped here as
        // after every move: positions that castle alike are alike, and FEN reads them back.
        game.drop_idle_marks(&mut pos);
        pos.set_side(game, game.rules.start.side);
        pos
    }

    /// A position with these pieces (cell, code), `side` to move, in the last phase (ordinary
    /// play), with no history: for tools that build positions themselves.
    pub fn with_pieces(game: &Game, pieces: &[(CellId, Code)], side: PlayerId) -> Position {
        let mut pos = Position::empty(game);
        for &(cell, code) in pieces {
            pos.put(game, cell, code);
        }
        pos.set_side(game, side);
        let last = game.phases.len() - 1;
        pos.set_phase(game, last as u8, 0);
        pos
    }

    /// Places a piece without recording it (setting up a position).
    pub(crate) fn put(&mut self, game: &Game, cell: CellId, code: Code) {
        let old = self.cells[cell.index()];
        self.hash ^= game.key(cell, old) ^ game.key(cell, code);
        self.replace(cell, old, code);
    }

    /// Writes a cell and keeps the counts and bit sets in step.
    #[inline(always)]
    fn replace(&mut self, cell: CellId, old: Code, code: Code) {
        self.counts[owner_tag(old) as usize] -= u32::from(old != EMPTY);
        self.counts[owner_tag(code) as usize] += u32::from(code != EMPTY);
        if cell.0 < 64 {
            let bit = cell.bit();
            self.bits[owner_tag(old) as usize] &= !bit;
            self.bits[owner_tag(code) as usize] |= bit;
            // Codes of the first eight piece types have bit sets; others are found by scanning.
            if (old as usize) < 32 {
                self.code_bits[old as usize] &= !bit;
            }
            if (code as usize) < 32 {
                self.code_bits[code as usize] |= bit;
            }
        }
        self.cells[cell.index()] = code;
    }

    pub(crate) fn set_side(&mut self, game: &Game, side: PlayerId) {
        if side != self.side {
            self.hash ^= game.side_key;
            self.side = side;
        }
    }

    pub(crate) fn set_phase(&mut self, game: &Game, phase: u8, phase_ply: u32) {
        self.hash ^= game.phase_key(self.phase, self.phase_ply) ^ game.phase_key(phase, phase_ply);
        self.phase = phase;
        self.phase_ply = phase_ply;
    }

    /// Changes a cell during a move, recording the old value.
    #[inline(always)]
    pub(crate) fn set(&mut self, game: &Game, cell: CellId, code: Code) {
        let old = self.cells[cell.index()];
        self.undo.push((cell, old));
        self.hash ^= game.key(cell, old) ^ game.key(cell, code);
        self.replace(cell, old, code);
    }

    /// Opens a move: saves the scalars. What the last move passed over is forgotten.
    #[inline(always)]
    pub(crate) fn begin(&mut self, game: &Game) {
        self.frames.push(Frame {
            undo_len: self.undo.len() as u32,
            side: self.side,
            phase: self.phase,
            phase_ply: self.phase_ply,
            hash: self.hash,
            passed: self.passed,
            victim: self.victim,
            streak: self.streak,
        });
        if self.victim != NO_CELL {
            self.hash ^= game.passed_key(self.passed, self.victim);
            self.passed = CellBits::NONE;
            self.victim = NO_CELL;
        }
    }

    /// Has the piece on `cell` never moved (for the tracked piece types)?
    #[inline(always)]
    pub(crate) fn is_unmoved(&self, cell: CellId) -> bool {
        self.unmoved.get(cell.index() / 64).is_some_and(|w| w & (1 << (cell.0 % 64)) != 0)
    }

    /// Marks the piece on `cell` as never moved (setting up a position).
    pub(crate) fn mark_unmoved(&mut self, game: &Game, cell: CellId) {
        if !self.is_unmoved(cell) && !self.unmoved.is_empty() {
            self.unmoved[cell.index() / 64] |= 1 << (cell.0 % 64);
            self.hash ^= game.unmoved_key(cell);
        }
    }

    /// The piece on `cell` has moved, or left the board: forget that it never moved.
    #[inline(always)]
    pub(crate) fn clear_unmoved(&mut self, game: &Game, cell: CellId) {
        if self.is_unmoved(cell) {
            self.unmoved[cell.index() / 64] &= !(1 << (cell.0 % 64));
            self.hash ^= game.unmoved_key(cell);
            self.undo.push((CellId(cell.0 | UNMOVED_ENTRY), 1));
        }
    }

    /// Did the move being made drop a "never moved" mark?
    #[inline(always)]
    pub(crate) fn dropped_marks(&self) -> bool {
        self.frames.last().is_some_and(|f| self.undo[f.undo_len as usize..].iter().any(|&(c, _)| c.0 & UNMOVED_ENTRY != 0))
    }

    /// The move being made passed over `passed`, and its piece stands on `victim`.
    pub(crate) fn set_passed(&mut self, game: &Game, passed: CellBits, victim: CellId) {
        if passed != CellBits::NONE {
            self.passed = passed;
            self.victim = victim;
            self.hash ^= game.passed_key(passed, victim);
        }
    }

    /// Sets how many moves in a row `player`'s piece on `cell` has made (0: forget).
    pub(crate) fn set_streak(&mut self, game: &Game, player: PlayerId, cell: CellId, count: u8) {
        let (old_cell, old_count) = self.streak[player.index()];
        if old_count > 0 {
            self.hash ^= game.streak_key(old_cell, old_count);
        }
        let new = if count > 0 { (cell, count) } else { (NO_CELL, 0) };
        if count > 0 {
            self.hash ^= game.streak_key(cell, count);
        }
        self.streak[player.index()] = new;
    }

    /// The cell of the piece that made `player`'s last moves, and how many in a row.
    pub fn streak(&self, player: PlayerId) -> Option<(CellId, u8)> {
        let (cell, count) = self.streak[player.index()];
        (count > 0).then_some((cell, count))
    }

    /// The cells the last move passed over, and the cell of the piece that passed them.
    pub fn passed(&self) -> Option<(CellBits, CellId)> {
        (self.victim != NO_CELL).then_some((self.passed, self.victim))
    }

    /// Closes a move (`placed`: it put a new piece on the board): the other player moves, and
    /// the phase advances.
    #[inline(always)]
    pub(crate) fn end_turn(&mut self, game: &Game, placed: bool) {
        let (phase, ply) = game.advance(self.phase, self.phase_ply, self.side, placed);
        self.hash ^= game.side_key;
        self.side = self.side.other();
        if (phase, ply) != (self.phase, self.phase_ply) {
            self.set_phase(game, phase, ply);
        }
    }

    /// Pieces `player` has placed in the current phase, if the phase counts them.
    pub fn placed(&self, player: PlayerId) -> u32 {
        placed_of(self.phase_ply, player)
    }

    /// Unmakes the last move. Returns false if there is none.
    pub fn unmake(&mut self) -> bool {
        let Some(frame) = self.frames.pop() else { return false };
        while self.undo.len() > frame.undo_len as usize {
            let (cell, old) = self.undo.pop().expect("the log is longer than the frame's mark");
            if cell.0 & UNMOVED_ENTRY != 0 {
                let cell = CellId(cell.0 & !UNMOVED_ENTRY);
                self.unmoved[cell.index() / 64] |= 1 << (cell.0 % 64);
                continue;
            }
            let now = self.cells[cell.index()];
            self.replace(cell, now, old);
        }
        self.passed = frame.passed;
        self.victim = frame.victim;
        self.streak = frame.streak;
        self.side = frame.side;
        self.phase = frame.phase;
        self.phase_ply = frame.phase_ply;
        self.hash = frame.hash;
        true
    }

    /// Forgets how to unmake every move but the last. A position that goes through a whole game
    /// (a session, a line of moves) then keeps a log of one move, and copying it (to name a
    /// move, to search from it) costs its size, not the length of the game.
    pub(crate) fn trim_history(&mut self) {
        if self.frames.len() <= 1 {
            return;
        }
        let last = self.frames.pop().expect("more than one frame");
        self.undo.drain(..last.undo_len as usize);
        self.frames.clear();
        self.frames.push(Frame { undo_len: 0, ..last });
    }

    /// The cells the last move changed, or `None` if no move has been made here (a position
    /// set up directly: every cell counts as new).
    pub(crate) fn changed_cells(&self) -> Option<impl Iterator<Item = CellId> + '_> {
        let changes = &self.undo[self.frames.last()?.undo_len as usize..];
        Some(changes.iter().map(|&(c, _)| c).filter(|&c| c.0 & UNMOVED_ENTRY == 0))
    }

    /// Forgets the history: the position stays, unmake has nothing to undo.
    pub fn forget_history(&mut self) {
        self.undo.clear();
        self.frames.clear();
    }

    /// The player to move.
    pub fn side(&self) -> PlayerId {
        self.side
    }

    /// The piece code on a cell (0: empty).
    pub fn at(&self, cell: CellId) -> Code {
        self.cells[cell.index()]
    }

    /// The Zobrist hash of the position.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The current phase's index.
    pub fn phase(&self) -> u8 {
        self.phase
    }

    /// Plies played in the current phase.
    pub fn phase_ply(&self) -> u32 {
        self.phase_ply
    }

    /// Pieces a player has on the board.
    pub fn piece_count(&self, player: PlayerId) -> u32 {
        self.counts[crate::game::tag(player) as usize]
    }

    /// Moves made since the position was set up.
    pub fn moves_made(&self) -> usize {
        self.frames.len()
    }

    /// The hash computed from scratch (to check the incremental one).
    pub fn compute_hash(&self, game: &Game) -> u64 {
        let mut h = game.phase_key(self.phase, self.phase_ply);
        for (cell, &code) in self.cells.iter().enumerate() {
            h ^= game.key(CellId::new(cell), code);
        }
        if self.side == PlayerId::SECOND {
            h ^= game.side_key;
        }
        for c in (0..self.cells.len()).map(CellId::new) {
            if self.is_unmoved(c) {
                h ^= game.unmoved_key(c);
            }
        }
        if self.victim != NO_CELL {
            h ^= game.passed_key(self.passed, self.victim);
        }
        for &(cell, count) in &self.streak {
            if count > 0 {
                h ^= game.streak_key(cell, count);
            }
        }
        h
    }
}

/// The cells of one piece kind, visited in cell order.
pub(crate) enum Cells {
    /// Exactly these cells.
    Exact(u64),
    /// These cells, where the piece kind must still be checked.
    Bits(u64),
    Scan(usize),
}

impl Cells {
    #[inline(always)]
    pub(crate) fn next(&mut self, cells: &[Code], piece: Code) -> Option<CellId> {
        match self {
            Cells::Exact(bits) => {
                if *bits == 0 {
                    return None;
                }
                let c = CellId::lowest(*bits);
                *bits &= *bits - 1;
                Some(c)
            }
            Cells::Bits(bits) => {
                while *bits != 0 {
                    let c = bits.trailing_zeros() as usize;
                    *bits &= *bits - 1;
                    if cells[c] == piece {
                        return Some(CellId::new(c));
                    }
                }
                None
            }
            Cells::Scan(i) => {
                while *i < cells.len() {
                    let c = *i;
                    *i += 1;
                    if cells[c] == piece {
                        return Some(CellId::new(c));
                    }
                }
                None
            }
        }
    }
}

impl Game {
    /// The cells holding `piece`: from the owner's bit set on boards of at most 64 cells, by
    /// scanning otherwise.
    #[inline(always)]
    pub(crate) fn pieces_of(&self, pos: &Position, piece: Code) -> Cells {
        if self.board().len() <= 64 {
            if piece < 32 { Cells::Exact(pos.code_bits[piece as usize]) } else { Cells::Bits(pos.bits[owner_tag(piece) as usize]) }
        } else {
            Cells::Scan(0)
        }
    }
}

/// Pieces `player` has placed, from a placement phase's progress.
#[inline(always)]
pub(crate) fn placed_of(progress: u32, player: PlayerId) -> u32 {
    (progress >> (16 * player.0 as u32)) & 0xFFFF
}

impl Game {
    /// The phase and its progress after `side` makes a move in `phase` (`placed`: the move put
    /// a new piece on the board; a pass puts none).
    #[inline(always)]
    pub(crate) fn advance(&self, phase: u8, progress: u32, side: PlayerId, placed: bool) -> (u8, u32) {
        match self.phases[phase as usize].limit {
            None => (phase, progress),
            Some(PhaseLimit::Plies(limit)) if progress + 1 >= limit => (phase + 1, 0),
            Some(PhaseLimit::Plies(_)) => (phase, progress + 1),
            Some(PhaseLimit::Placed(limit)) => {
                let now = if placed { progress + (1 << (16 * side.0 as u32)) } else { progress };
                if placed_of(now, PlayerId::FIRST) >= limit && placed_of(now, PlayerId::SECOND) >= limit {
                    (phase + 1, 0)
                } else {
                    (phase, now)
                }
            }
        }
    }
}
