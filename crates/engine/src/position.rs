//! The game state, with an undo log: every change to a cell goes through [`Position::set`]
//! (or, for a piece moved from one cell to another, [`Position::step`] and [`Position::take`]),
//! which records the old value and updates the hash and the piece counts, so unmaking a move
//! replays the log backwards. No allocation per move once the log has grown.

use crate::cellbits::CellBits;
use crate::hash::{Keys, column_key};
use crate::mv::LastMove;
use crate::piece::{Piece, Square, slot};
use hetproba_board::{CellId, CellSet, CellSets, NO_CELL, Width};
use hetproba_rules::model::PlayerId;
use std::cell::RefCell;

/// Scalars saved before a move, restored when it is unmade.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frame {
    undo_len: u32,
    side: PlayerId,
    phase: u8,
    progress: Progress,
    hash: u64,
    passed: CellBits,
    victim: CellId,
    ko: CellId,
    streak: [(CellId, u8); 2],
}

/// An undo-log entry: what a move changed, to put back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Undo {
    /// The cell held this.
    Cell(CellId, Option<Piece>),
    /// The piece on the cell had never moved.
    Unmoved(CellId),
    /// The column under the cell's top was the last entry of `stack_log`.
    Stack(CellId),
    /// A piece moved from the first cell to the second ([`Position::step`]): it was this
    /// piece, and the second cell held this.
    Step(CellId, CellId, Piece, Option<Piece>),
    /// Hand slot `.0` ([`Keys::hand_slot`]) held `.1` pieces.
    Hand(u16, u16),
    /// The mark "arrived by promotion" of the cell was flipped.
    Mark(CellId),
    /// The pieces on the cells of the last entry of `turn_log` (a board of one word) were
    /// this player's, and turned to the other ([`Position::turn_word`]).
    Turn(PlayerId),
    /// Counter `.0` of the declared state ([`Position::tally`]) held `.1`.
    Tally(u16, u16),
    /// The last move was the last entry of `last_log`.
    Last,
}

/// How far the current phase has gone, as its limit counts. The phase says which count it
/// holds: in a phase of so many plies, the plies played (in the first slot); in a phase that
/// lasts until each player has placed so many pieces, the pieces each has placed (in the
/// player's slot); nothing in a phase without a limit. The loader keeps limits within `u16`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Progress([u16; 2]);

impl Progress {
    /// The start of a phase.
    pub const START: Progress = Progress([0, 0]);

    /// After `plies` plies of a phase of so many plies.
    pub fn after_plies(plies: u16) -> Progress {
        Progress([plies, 0])
    }

    /// After each player has placed so many pieces (the first player's first).
    pub fn after_placing(placed: [u16; 2]) -> Progress {
        Progress(placed)
    }

    /// Plies played, in a phase of so many plies.
    #[inline(always)]
    pub fn plies(self) -> u32 {
        u32::from(self.0[0])
    }

    /// Pieces `player` has placed, in a phase that counts them.
    #[inline(always)]
    pub fn placed(self, player: PlayerId) -> u32 {
        u32::from(self.0[player.index()])
    }

    /// The progress after one more ply.
    #[inline(always)]
    pub(crate) fn ply(self) -> Progress {
        Progress([self.0[0] + 1, self.0[1]])
    }

    /// The progress after `player` places one more piece.
    #[inline(always)]
    pub(crate) fn place(mut self, player: PlayerId) -> Progress {
        self.0[player.index()] += 1;
        self
    }

    /// The bits it adds to the phase's hash key.
    #[inline(always)]
    pub(crate) fn key(self) -> u64 {
        u64::from(self.0[0]) | u64::from(self.0[1]) << 16
    }
}

/// A position: cells, side to move, phase, hash, and the history needed to unmake moves.
#[derive(Clone, Debug)]
pub struct Position {
    /// What each cell holds: one byte a cell.
    pub(crate) cells: Vec<Option<Piece>>,
    pub(crate) side: PlayerId,
    pub(crate) phase: u8,
    pub(crate) progress: Progress,
    pub(crate) hash: u64,
    /// Pieces on the board by owner slot ([`Square::slot`]; 1, 2: players; 3: nobody).
    pub(crate) counts: [u32; 4],
    /// Cell sets of the board's width: the cells of each owner slot (0: empty;
    /// [`Position::slot_set`]), then the cells whose pieces have never moved (state the rules
    /// declare, for the piece types the ruleset tracks), then the cells of each piece code
    /// ([`Position::piece_set`]), then with `[hands] mark-promoted` the cells whose pieces
    /// arrived by promotion.
    sets: CellSets,
    /// With `[hands]`: the count of each hand slot ([`Keys::hand_slot`]); empty without.
    hands: Vec<u16>,
    /// State the rules declare: the cells the last move passed over, which the next move may
    /// land on to take the piece on `victim` (en passant); `victim` is `NO_CELL` when none.
    pub(crate) passed: CellBits,
    pub(crate) victim: CellId,
    /// State the rules declare (`ko`): the cell the last move's ko forbids to place on, or
    /// `NO_CELL`.
    pub(crate) ko: CellId,
    /// State the rules declare (`same-piece`): per player, the cell of the piece that made the
    /// player's last moves and how many in a row it made without capturing (`NO_CELL`, 0: none).
    pub(crate) streak: [(CellId, u8); 2],
    /// With `[stacks]`: per cell, the pieces under its top, bottom first (all empty where
    /// nothing is stacked; no cells at all in games without stacks).
    pub(crate) below: Vec<Vec<Piece>>,
    /// The counters `[state]` declares (checks, passes, captured pieces; the game's
    /// `TallyPlan` says which is where); empty in games without.
    pub(crate) tally: Vec<u16>,
    /// The last move, with `[state] last = true`.
    pub(crate) last: LastMove,
    /// The last moves `Undo::Last` entries put back, in order.
    last_log: Vec<LastMove>,
    /// The columns `Undo::Stack` entries put back, in the order they were changed.
    stack_log: Vec<Vec<Piece>>,
    /// The cells `Undo::Turn` entries turn back, in the order they were turned.
    turn_log: Vec<u64>,
    undo: Vec<Undo>,
    frames: Vec<Frame>,
}

impl PartialEq for Position {
    /// Two positions are equal when the game state is: history does not count. (The cell sets
    /// follow from the cells, but for the never-moved marks and the promoted marks.)
    fn eq(&self, other: &Position) -> bool {
        self.cells == other.cells
            && self.side == other.side
            && self.phase == other.phase
            && self.progress == other.progress
            && self.sets == other.sets
            && self.hands == other.hands
            && self.passed == other.passed
            && self.victim == other.victim
            && self.ko == other.ko
            && self.streak == other.streak
            && self.below == other.below
            && self.tally == other.tally
            && self.last == other.last
    }
}

impl Position {
    /// An empty board of `cells` cells (sets of `width`), first player to move, first phase;
    /// `stacked`: cells may hold columns; `tally`: the counters `[state]` declares.
    pub(crate) fn empty(keys: &Keys, cells: usize, width: Width, stacked: bool, tally: usize) -> Position {
        let mut pos = Position {
            cells: vec![None; cells],
            side: PlayerId::FIRST,
            phase: 0,
            progress: Progress::START,
            hash: 0,
            counts: [0; 4],
            sets: CellSets::new(width, PIECES + keys.codes() + usize::from(keys.marks())),
            hands: vec![0; keys.hand_slots()],
            passed: CellBits::EMPTY,
            victim: NO_CELL,
            ko: NO_CELL,
            streak: [(NO_CELL, 0); 2],
            below: if stacked { vec![Vec::new(); cells] } else { Vec::new() },
            tally: vec![0; tally],
            last: LastMove::NONE,
            last_log: Vec::new(),
            stack_log: Vec::new(),
            turn_log: Vec::new(),
            undo: Vec::with_capacity(256),
            frames: Vec::with_capacity(64),
        };
        for c in (0..cells).map(CellId::new) {
            pos.sets.insert(0, c);
        }
        pos.hash = keys.phase(0, Progress::START.key());
        pos
    }

    /// Becomes a copy of `other`'s state, without its history, reusing this position's memory.
    pub(crate) fn copy_state_from(&mut self, other: &Position) {
        self.cells.clone_from(&other.cells);
        self.sets.clone_from(&other.sets);
        self.side = other.side;
        self.phase = other.phase;
        self.progress = other.progress;
        self.hash = other.hash;
        self.counts = other.counts;
        self.passed = other.passed;
        self.victim = other.victim;
        self.ko = other.ko;
        self.streak = other.streak;
        self.below.clone_from(&other.below);
        self.hands.clone_from(&other.hands);
        self.tally.clone_from(&other.tally);
        self.last = other.last;
        self.undo.clear();
        self.frames.clear();
        self.turn_log.clear();
        self.stack_log.clear();
        self.last_log.clear();
    }

    /// The cells of an owner slot ([`Square::slot`]: 0 empty, 1 and 2 the players, 3 nobody),
    /// read at the board's width `W`.
    #[inline(always)]
    pub(crate) fn slot_set<const W: usize>(&self, slot: usize) -> CellSet<W> {
        self.sets.get(slot)
    }

    /// The empty cells.
    #[inline(always)]
    pub(crate) fn empty_set<const W: usize>(&self) -> CellSet<W> {
        self.slot_set(0)
    }

    /// The cells that hold a piece.
    #[inline(always)]
    pub(crate) fn occupied_set<const W: usize>(&self) -> CellSet<W> {
        self.slot_set::<W>(1) | self.slot_set(2) | self.slot_set(3)
    }

    /// The cells of `player`'s pieces.
    #[inline(always)]
    pub(crate) fn player_set<const W: usize>(&self, player: PlayerId) -> CellSet<W> {
        self.slot_set(slot(player))
    }

    /// The cells holding `piece`.
    #[inline(always)]
    pub(crate) fn piece_set<const W: usize>(&self, piece: Piece) -> CellSet<W> {
        self.sets.get(PIECES + piece.code())
    }

    /// The cells holding `piece`, lowest first, at any width (for code that runs seldom).
    pub(crate) fn cells_with(&self, piece: Piece) -> impl Iterator<Item = CellId> + '_ {
        self.sets.cells(PIECES + piece.code())
    }

    /// Sets a cell without recording it (setting up a position).
    pub(crate) fn put(&mut self, keys: &Keys, cell: CellId, new: Option<Piece>) {
        let old = self.cells[cell.index()];
        self.hash ^= keys.key(cell, old) ^ keys.key(cell, new);
        self.replace(cell, old, new);
    }

    /// Writes a cell and keeps the counts and cell sets in step. (An empty cell's code is 0,
    /// whose set is the never-moved marks': it is left alone.)
    #[inline(always)]
    fn replace(&mut self, cell: CellId, old: Option<Piece>, new: Option<Piece>) {
        self.counts[old.slot()] -= u32::from(old.is_some());
        self.counts[new.slot()] += u32::from(new.is_some());
        self.sets.remove(old.slot(), cell);
        self.sets.insert(new.slot(), cell);
        if let Some(p) = old {
            self.sets.remove(PIECES + p.code(), cell);
        }
        if let Some(p) = new {
            self.sets.insert(PIECES + p.code(), cell);
        }
        self.cells[cell.index()] = new;
    }

    pub(crate) fn set_side(&mut self, keys: &Keys, side: PlayerId) {
        if side != self.side {
            self.hash ^= keys.side();
            self.side = side;
        }
    }

    pub(crate) fn set_phase(&mut self, keys: &Keys, phase: u8, progress: Progress) {
        self.hash ^= keys.phase(self.phase, self.progress.key()) ^ keys.phase(phase, progress.key());
        self.phase = phase;
        self.progress = progress;
    }

    /// Changes a cell during a move, recording the old value.
    #[inline(always)]
    pub(crate) fn set(&mut self, keys: &Keys, cell: CellId, new: Option<Piece>) {
        let old = self.cells[cell.index()];
        self.undo.push(Undo::Cell(cell, old));
        self.hash ^= keys.key(cell, old) ^ keys.key(cell, new);
        self.replace(cell, old, new);
    }

    /// Takes the piece on `cell` off the board during a move, recording it.
    #[inline(always)]
    pub(crate) fn take(&mut self, keys: &Keys, cell: CellId) {
        let Some(old) = self.cells[cell.index()] else { return };
        self.undo.push(Undo::Cell(cell, Some(old)));
        // An empty cell's key is 0.
        self.hash ^= keys.key(cell, Some(old));
        self.counts[old.slot()] -= 1;
        self.sets.toggle(old.slot(), cell);
        self.sets.toggle(0, cell);
        self.sets.toggle(PIECES + old.code(), cell);
        self.cells[cell.index()] = None;
    }

    /// Moves the piece on `from` to `to` during a move, where it arrives as `promoted` if that
    /// is given, taking what stood there: one undo entry for both cells, whose sets change by
    /// their bits alone. `to` may be `from` (a chain of captures that comes back).
    #[inline(always)]
    pub(crate) fn step(&mut self, keys: &Keys, from: CellId, to: CellId, promoted: Option<Piece>) {
        let moving = self.cells[from.index()].expect("a piece moves from a cell that holds one");
        let arriving = promoted.unwrap_or(moving);
        let taken = if from == to { None } else { self.cells[to.index()] };
        self.undo.push(Undo::Step(from, to, moving, taken));
        self.hash ^= keys.key(from, Some(moving)) ^ keys.key(to, taken) ^ keys.key(to, Some(arriving));
        self.flip_step(from, to, moving, taken, arriving);
        self.counts[moving.slot()] -= 1;
        self.counts[arriving.slot()] += 1;
        if let Some(t) = taken {
            self.counts[t.slot()] -= 1;
        }
        self.cells[from.index()] = None;
        self.cells[to.index()] = Some(arriving);
    }

    /// The cell sets' change of a step, which undoes itself: applied twice, nothing changed.
    #[inline(always)]
    fn flip_step(&mut self, from: CellId, to: CellId, moving: Piece, taken: Option<Piece>, arriving: Piece) {
        // One slice for all six words: writes through `self` would make the compiler reload
        // the vector's address and length for each.
        let (words, sets) = self.sets.raw_mut();
        let (f, t) = (from.index(), to.index());
        let mut flip = |row: usize, i: usize| sets[row * words + i / 64] ^= 1 << (i % 64);
        flip(moving.slot(), f);
        flip(PIECES + moving.code(), f);
        flip(0, f);
        match taken {
            None => flip(0, t),
            Some(p) => {
                flip(p.slot(), t);
                flip(PIECES + p.code(), t);
            }
        }
        flip(arriving.slot(), t);
        flip(PIECES + arriving.code(), t);
    }

    /// Takes back a step ([`Position::step`]).
    #[inline(always)]
    fn unstep(&mut self, from: CellId, to: CellId, moving: Piece, taken: Option<Piece>) {
        let arriving = self.cells[to.index()].expect("a step's piece stands where it arrived");
        self.flip_step(from, to, moving, taken, arriving);
        self.counts[arriving.slot()] -= 1;
        self.counts[moving.slot()] += 1;
        if let Some(t) = taken {
            self.counts[t.slot()] += 1;
        }
        self.cells[to.index()] = taken;
        self.cells[from.index()] = Some(moving);
    }

    /// Turns the pieces on `cells` (a board of one word: bit `i` is cell `i`), which all belong
    /// to `side`'s opponent, to `side` during a move: one undo entry for them all, and the
    /// owners' sets changed by the word at once.
    #[inline(always)]
    pub(crate) fn turn_word(&mut self, keys: &Keys, cells: u64, side: PlayerId) {
        let enemy = side.other();
        self.undo.push(Undo::Turn(enemy));
        self.turn_log.push(cells);
        for i in word_bits(cells) {
            let old = self.cells[i].expect("a turned cell holds a piece");
            let new = old.turned_to(side);
            self.hash ^= keys.key(CellId::new(i), Some(old)) ^ keys.key(CellId::new(i), Some(new));
        }
        self.turn_cells(cells, enemy, side);
    }

    /// The cells, counts and sets of [`Position::turn_word`], from `from`'s pieces to `to`'s.
    #[inline(always)]
    fn turn_cells(&mut self, cells: u64, from: PlayerId, to: PlayerId) {
        let (f, t) = (slot(from), slot(to));
        let n = cells.count_ones();
        self.counts[f] -= n;
        self.counts[t] += n;
        let (words, sets) = self.sets.raw_mut();
        debug_assert_eq!(words, 1, "turning a word on a board of one word");
        sets[f] ^= cells;
        sets[t] ^= cells;
        for i in word_bits(cells) {
            let old = self.cells[i].expect("a turned cell holds a piece");
            let new = old.turned_to(to);
            sets[PIECES + old.code()] ^= 1 << i;
            sets[PIECES + new.code()] ^= 1 << i;
            self.cells[i] = Some(new);
        }
    }

    /// Sets the pieces under a cell's top (bottom first) during a move, recording the old ones.
    pub(crate) fn set_below(&mut self, cell: CellId, column: Vec<Piece>) {
        let old = std::mem::replace(&mut self.below[cell.index()], column);
        self.hash ^= column_key(cell, &old) ^ column_key(cell, &self.below[cell.index()]);
        self.stack_log.push(old);
        self.undo.push(Undo::Stack(cell));
    }

    /// Sets the pieces under a cell's top without recording it (setting up a position).
    pub(crate) fn put_below(&mut self, cell: CellId, column: Vec<Piece>) {
        let old = std::mem::replace(&mut self.below[cell.index()], column);
        self.hash ^= column_key(cell, &old) ^ column_key(cell, &self.below[cell.index()]);
    }

    /// The column on a cell, top first: the piece [`Position::at`] gives, then those under it
    /// (only rulesets with `[stacks]` put any there). Empty for an empty cell.
    pub fn column(&self, cell: CellId) -> Vec<Piece> {
        let mut out: Vec<Piece> = self.cells[cell.index()].into_iter().collect();
        if let Some(under) = self.below.get(cell.index()) {
            out.extend(under.iter().rev());
        }
        out
    }

    /// How many pieces the cell holds: 0, 1, or the height of its column.
    pub fn height(&self, cell: CellId) -> usize {
        usize::from(self.cells[cell.index()].is_some()) + self.below.get(cell.index()).map_or(0, Vec::len)
    }

    /// Opens a move: saves the scalars. What the last move passed over is forgotten.
    #[inline(always)]
    pub(crate) fn begin(&mut self, keys: &Keys) {
        self.frames.push(Frame {
            undo_len: self.undo.len() as u32,
            side: self.side,
            phase: self.phase,
            progress: self.progress,
            hash: self.hash,
            passed: self.passed,
            victim: self.victim,
            ko: self.ko,
            streak: self.streak,
        });
        if self.victim != NO_CELL {
            self.hash ^= keys.passed(self.passed, self.victim);
            self.passed = CellBits::EMPTY;
            self.victim = NO_CELL;
        }
        if self.ko != NO_CELL {
            self.hash ^= keys.ko(self.ko);
            self.ko = NO_CELL;
        }
    }

    /// The move being made leaves a ko on `cell`: the next move may not place there.
    pub(crate) fn set_ko(&mut self, keys: &Keys, cell: CellId) {
        if self.ko != NO_CELL {
            self.hash ^= keys.ko(self.ko);
        }
        self.ko = cell;
        self.hash ^= keys.ko(cell);
    }

    /// The cell a ko forbids to place on in this move ([state] ko), if any.
    pub fn ko(&self) -> Option<CellId> {
        (self.ko != NO_CELL).then_some(self.ko)
    }

    /// Has the piece on `cell` never moved (for the tracked piece types)?
    #[inline(always)]
    pub(crate) fn is_unmoved(&self, cell: CellId) -> bool {
        self.sets.contains(UNMOVED, cell)
    }

    /// Marks the piece on `cell` as never moved (setting up a position).
    pub(crate) fn mark_unmoved(&mut self, keys: &Keys, cell: CellId) {
        if !self.is_unmoved(cell) && keys.tracks_unmoved() {
            self.sets.insert(UNMOVED, cell);
            self.hash ^= keys.unmoved(cell);
        }
    }

    /// The piece on `cell` has moved, or left the board: forget that it never moved.
    #[inline(always)]
    pub(crate) fn clear_unmoved(&mut self, keys: &Keys, cell: CellId) {
        if keys.tracks_unmoved() && self.is_unmoved(cell) {
            self.sets.remove(UNMOVED, cell);
            self.hash ^= keys.unmoved(cell);
            self.undo.push(Undo::Unmoved(cell));
        }
    }

    /// Did the move being made drop a "never moved" mark?
    #[inline(always)]
    pub(crate) fn dropped_marks(&self) -> bool {
        self.frames.last().is_some_and(|f| self.undo[f.undo_len as usize..].iter().any(|u| matches!(u, Undo::Unmoved(_))))
    }

    /// The move being made passed over `passed`, and its piece stands on `victim`.
    pub(crate) fn set_passed(&mut self, keys: &Keys, passed: CellBits, victim: CellId) {
        if passed != CellBits::EMPTY {
            self.passed = passed;
            self.victim = victim;
            self.hash ^= keys.passed(passed, victim);
        }
    }

    /// Sets how many moves in a row `player`'s piece on `cell` has made (0: forget).
    pub(crate) fn set_streak(&mut self, keys: &Keys, player: PlayerId, cell: CellId, count: u8) {
        let (old_cell, old_count) = self.streak[player.index()];
        if old_count > 0 {
            self.hash ^= keys.streak(old_cell, old_count);
        }
        let new = if count > 0 { (cell, count) } else { (NO_CELL, 0) };
        if count > 0 {
            self.hash ^= keys.streak(cell, count);
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

    /// Sets counter `i` of the declared state during a move, recording its old value.
    pub(crate) fn set_tally(&mut self, keys: &Keys, i: usize, value: u16) {
        let old = self.tally[i];
        if old != value {
            self.undo.push(Undo::Tally(u16::try_from(i).expect("a ruleset declares a few counters"), old));
            self.hash ^= keys.tally(i, old) ^ keys.tally(i, value);
            self.tally[i] = value;
        }
    }

    /// Sets counter `i` without recording it (setting up a position).
    pub(crate) fn put_tally(&mut self, keys: &Keys, i: usize, value: u16) {
        self.hash ^= keys.tally(i, self.tally[i]) ^ keys.tally(i, value);
        self.tally[i] = value;
    }

    /// Remembers `last` as the last move during a move, recording the one before.
    pub(crate) fn set_last(&mut self, keys: &Keys, last: LastMove) {
        self.undo.push(Undo::Last);
        self.last_log.push(self.last);
        self.put_last(keys, last);
    }

    /// Remembers `last` as the last move without recording it (setting up a position).
    pub(crate) fn put_last(&mut self, keys: &Keys, last: LastMove) {
        self.hash ^= keys.last(&self.last) ^ keys.last(&last);
        self.last = last;
    }

    /// How many pieces are in hand slot `slot` ([`Keys::hand_slot`]).
    #[inline]
    pub(crate) fn hand(&self, slot: usize) -> u32 {
        u32::from(self.hands[slot])
    }

    /// Sets hand slot `slot` to `count` during a move, recording the old count.
    pub(crate) fn set_hand(&mut self, keys: &Keys, slot: usize, count: u32) {
        let old = self.hands[slot];
        self.undo.push(Undo::Hand(u16::try_from(slot).expect("a ruleset has a few piece types"), old));
        self.put_hand(keys, slot, count);
    }

    /// Sets hand slot `slot` without recording it (setting up a position). Counts stop at
    /// `u16::MAX`, which the loader keeps every start below.
    pub(crate) fn put_hand(&mut self, keys: &Keys, slot: usize, count: u32) {
        let count = u16::try_from(count).unwrap_or(u16::MAX);
        self.hash ^= keys.hand(slot, u32::from(self.hands[slot])) ^ keys.hand(slot, u32::from(count));
        self.hands[slot] = count;
    }

    /// Did the piece on `cell` arrive by promotion (`[hands] mark-promoted`)?
    #[inline]
    pub(crate) fn marked(&self, keys: &Keys, cell: CellId) -> bool {
        keys.marks() && self.sets.contains(PIECES + keys.codes(), cell)
    }

    /// Marks or unmarks the piece on `cell` as arrived by promotion, during a move (recorded)
    /// or not.
    pub(crate) fn set_mark(&mut self, keys: &Keys, cell: CellId, on: bool, record: bool) {
        if keys.marks() && self.marked(keys, cell) != on {
            self.sets.toggle(PIECES + keys.codes(), cell);
            self.hash ^= keys.mark(cell);
            if record {
                self.undo.push(Undo::Mark(cell));
            }
        }
    }

    /// Closes a move: the other player moves, and the game is in `phase` with `progress` (which
    /// the phases' limits say, [`crate::moves::Phases::advance`]).
    #[inline(always)]
    pub(crate) fn end_turn(&mut self, keys: &Keys, (phase, progress): (u8, Progress)) {
        self.hash ^= keys.side();
        self.side = self.side.other();
        if (phase, progress) != (self.phase, self.progress) {
            self.set_phase(keys, phase, progress);
        }
    }

    /// Pieces `player` has placed in the current phase, if the phase counts them.
    pub fn placed(&self, player: PlayerId) -> u32 {
        self.progress.placed(player)
    }

    /// Unmakes the last move. Returns false if there is none.
    pub fn unmake(&mut self) -> bool {
        let Some(frame) = self.frames.pop() else { return false };
        while self.undo.len() > frame.undo_len as usize {
            match self.undo.pop().expect("the log is longer than the frame's mark") {
                Undo::Cell(cell, old) => {
                    let now = self.cells[cell.index()];
                    self.replace(cell, now, old);
                }
                Undo::Step(from, to, moving, taken) => self.unstep(from, to, moving, taken),
                Undo::Turn(owner) => {
                    let cells = self.turn_log.pop().expect("a turn entry has its cells logged");
                    self.turn_cells(cells, owner.other(), owner);
                }
                Undo::Unmoved(cell) => self.sets.insert(UNMOVED, cell),
                Undo::Tally(i, old) => self.tally[usize::from(i)] = old,
                Undo::Last => self.last = self.last_log.pop().expect("a last-move entry has its move logged"),
                Undo::Hand(slot, old) => self.hands[usize::from(slot)] = old,
                Undo::Mark(cell) => self.sets.toggle(self.sets.len() - 1, cell),
                Undo::Stack(cell) => self.below[cell.index()] = self.stack_log.pop().expect("a stack entry has its column logged"),
            }
        }
        self.passed = frame.passed;
        self.victim = frame.victim;
        self.ko = frame.ko;
        self.streak = frame.streak;
        self.side = frame.side;
        self.phase = frame.phase;
        self.progress = frame.progress;
        self.hash = frame.hash;
        true
    }

    /// Forgets how to unmake every move but the last. A position that goes through a whole game
    /// (a session, a line of moves) then keeps a log of one move, and copying it (to name a
    /// move, to search from it) costs its size, not the length of the game.
    /// Keeps the undo log of the last `keep` moves once it holds twice as many: a long game's
    /// position then copies in time bounded by `keep`, and a search can still take back `keep`
    /// moves (the oldest are dropped a batch at a time, so the cost per move stays constant).
    pub(crate) fn bound_history(&mut self, keep: usize) {
        if self.frames.len() <= 2 * keep {
            return;
        }
        let drop = self.frames.len() - keep;
        let cut = self.frames[drop].undo_len;
        self.drop_turns(cut as usize);
        self.undo.drain(..cut as usize);
        self.frames.drain(..drop);
        for frame in &mut self.frames {
            frame.undo_len -= cut;
        }
    }

    /// Drops the turned cells, columns and last moves logged for the first `entries` undo
    /// entries, which are dropped.
    fn drop_turns(&mut self, entries: usize) {
        let turns = self.undo[..entries].iter().filter(|u| matches!(u, Undo::Turn(_))).count();
        self.turn_log.drain(..turns);
        let stacks = self.undo[..entries].iter().filter(|u| matches!(u, Undo::Stack(_))).count();
        self.stack_log.drain(..stacks);
        let lasts = self.undo[..entries].iter().filter(|u| matches!(u, Undo::Last)).count();
        self.last_log.drain(..lasts);
    }

    /// Makes room in the undo log for `moves` more moves (of a few changed cells each).
    pub(crate) fn reserve_history(&mut self, moves: usize) {
        self.frames.reserve(moves);
        self.undo.reserve(4 * moves);
    }

    /// How many moves this position can unmake.
    pub(crate) fn moves_logged(&self) -> usize {
        self.frames.len()
    }

    pub(crate) fn trim_history(&mut self) {
        if self.frames.len() <= 1 {
            return;
        }
        let last = self.frames.pop().expect("more than one frame");
        self.drop_turns(last.undo_len as usize);
        self.undo.drain(..last.undo_len as usize);
        self.frames.clear();
        self.frames.push(Frame { undo_len: 0, ..last });
    }

    /// Whether `f` holds for a cell the last move changed (each such cell is offered once or
    /// more), or `None` if no move has been made here (a position set up directly: every cell
    /// counts as new). Plain loops: this runs after every move where a line ends the game.
    pub(crate) fn any_changed(&self, mut f: impl FnMut(CellId) -> bool) -> Option<bool> {
        let changes = &self.undo[self.frames.last()?.undo_len as usize..];
        let mut turns = 0;
        for u in changes {
            let hit = match *u {
                Undo::Cell(c, _) | Undo::Stack(c) => f(c),
                Undo::Step(from, to, ..) => f(from) || f(to),
                Undo::Turn(_) => {
                    turns += 1;
                    false
                }
                Undo::Unmoved(_) | Undo::Tally(..) | Undo::Last | Undo::Hand(..) | Undo::Mark(_) => false,
            };
            if hit {
                return Some(true);
            }
        }
        // The move's turned cells are the last entries of the turn log, one per `Undo::Turn`.
        if turns > 0 {
            let turned = self.turn_log[self.turn_log.len() - turns..].iter().fold(0, |all, &w| all | w);
            return Some(word_bits(turned).map(CellId::new).any(f));
        }
        Some(false)
    }

    /// Forgets the history: the position stays, unmake has nothing to undo.
    pub fn forget_history(&mut self) {
        self.undo.clear();
        self.frames.clear();
        self.stack_log.clear();
        self.turn_log.clear();
        self.last_log.clear();
    }

    /// The player to move.
    pub fn side(&self) -> PlayerId {
        self.side
    }

    /// The piece on a cell, if any.
    pub fn at(&self, cell: CellId) -> Option<Piece> {
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

    /// How far the current phase has gone.
    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// Pieces a player has on the board.
    pub fn piece_count(&self, player: PlayerId) -> u32 {
        self.counts[slot(player)]
    }

    /// How many of `piece` stand on the board (the tops of stacks, as [`Position::at`] sees
    /// them): read from the cell set the position keeps of each piece, not by a walk of the board.
    pub fn count(&self, piece: Piece) -> u32 {
        self.sets.count(PIECES + piece.code())
    }

    /// How many of the positions before the moves this position can unmake had the hash
    /// `hash` (the position's own history: since it was set up, in a session at least the last
    /// [`crate::session::UNDO_DEPTH`] moves).
    pub(crate) fn earlier_repetitions_of(&self, hash: u64) -> u32 {
        u32::try_from(self.frames.iter().filter(|f| f.hash == hash).count()).unwrap_or(u32::MAX)
    }

    /// Moves made since the position was set up.
    pub fn moves_made(&self) -> usize {
        self.frames.len()
    }

    /// The hash computed from scratch with `keys` (to check the incremental one).
    pub(crate) fn hash_from_scratch(&self, keys: &Keys) -> u64 {
        let mut h = keys.phase(self.phase, self.progress.key());
        for (cell, &held) in self.cells.iter().enumerate() {
            h ^= keys.key(CellId::new(cell), held);
        }
        if self.side == PlayerId::SECOND {
            h ^= keys.side();
        }
        for c in (0..self.cells.len()).map(CellId::new) {
            if self.is_unmoved(c) {
                h ^= keys.unmoved(c);
            }
        }
        if self.victim != NO_CELL {
            h ^= keys.passed(self.passed, self.victim);
        }
        for &(cell, count) in &self.streak {
            if count > 0 {
                h ^= keys.streak(cell, count);
            }
        }
        if self.ko != NO_CELL {
            h ^= keys.ko(self.ko);
        }
        for (cell, column) in self.below.iter().enumerate() {
            h ^= column_key(CellId::new(cell), column);
        }
        for (i, &v) in self.tally.iter().enumerate() {
            h ^= keys.tally(i, v);
        }
        h ^= keys.last(&self.last);
        for (slot, &count) in self.hands.iter().enumerate() {
            h ^= keys.hand(slot, u32::from(count));
        }
        for c in (0..self.cells.len()).map(CellId::new).filter(|&c| self.marked(keys, c)) {
            h ^= keys.mark(c);
        }
        h
    }
}

// Scratch positions, reused: a test that must make a move makes it on a copy of the position,
// and copying into an old copy allocates nothing. A pool, because such tests nest (a move made,
// its replies generated, one of them made).
thread_local! {
    static SCRATCH: RefCell<Vec<Position>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` on a scratch copy of `pos` (without its history).
pub(crate) fn with_scratch<R>(pos: &Position, f: impl FnOnce(&mut Position) -> R) -> R {
    let mut scratch = SCRATCH.with(|s| s.borrow_mut().pop()).unwrap_or_else(|| pos.clone());
    scratch.copy_state_from(pos);
    let result = f(&mut scratch);
    SCRATCH.with(|s| s.borrow_mut().push(scratch));
    result
}

/// The first sets of a position: the owner slots (0 empty, 1 and 2 the players, 3 nobody).
const UNMOVED: usize = 4;
/// The row of piece code `c` is `PIECES + c` (codes start at 1: row `PIECES` is `UNMOVED`'s).
pub(crate) const PIECES: usize = 4;

/// The indices of the set bits of `word`, lowest first.
#[inline(always)]
fn word_bits(mut word: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (word != 0).then(|| {
            let i = word.trailing_zeros() as usize;
            word &= word - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::{Position, Progress};
    use crate::game::Game;
    use hetproba_rules::model::PlayerId;

    #[test]
    fn a_long_line_of_moves_keeps_the_undo_log_of_its_last_move_only() {
        // Naming each move copies the position: when the copy carried the whole line's log,
        // `--after` with a line of 20,000 moves took 55 s. On the fixture's row of five cells, one
        // walker each, four steps bring the start back.
        let text = include_str!("../../../tests/fixtures/wandering.toml");
        let rules = hetproba_rules::load("wandering.toml", text, &hetproba_rules::BuiltinFiles, &[]);
        let game = Game::new(rules.unwrap_or_else(|r| panic!("{r}")));
        let mut one = Position::start(&game);
        assert_eq!(game.play_line(&mut one, "a1-b1"), Ok(1));
        let mut pos = Position::start(&game);
        assert_eq!(game.play_line(&mut pos, &["a1-b1", "e1-d1", "b1-a1", "d1-e1"].repeat(50).join(" ")), Ok(200));
        assert_eq!((pos.frames.len(), pos.undo.len()), (one.frames.len(), one.undo.len()), "one move's log, not 200 moves'");
    }

    /// The bytes a copy of `pos` holds: the struct and the heap blocks of its state (a copy
    /// carries no history: its logs are empty and hold no memory).
    fn bytes(pos: &Position) -> (usize, usize) {
        let copy = pos.clone();
        assert!(copy.undo.capacity() == 0 && copy.frames.capacity() == 0 && copy.last_log.capacity() == 0);
        let heap = copy.cells.capacity()
            + copy.sets.words_of(0).len() * copy.sets.len() * 8
            + copy.hands.capacity() * 2
            + copy.tally.capacity() * 2
            + copy.below.capacity() * std::mem::size_of::<Vec<crate::piece::Piece>>();
        (std::mem::size_of::<Position>(), heap)
    }

    #[test]
    fn hands_take_no_more_memory_full_than_empty() {
        // A hand is a count per slot, allocated once: a position whose hands hold many pieces
        // has the bytes of one whose hands hold one wall each.
        let rules =
            hetproba_rules::load("holding.toml", include_str!("../../../tests/fixtures/holding.toml"), &hetproba_rules::BuiltinFiles, &[])
                .expect("the fixture loads");
        let game = Game::new(rules);
        let start = Position::start(&game);
        let full = game.read_position("3/1O1/3 x hands:XXXXXXXXWWWWOOOOOOOOww").expect("a legal position");
        assert_eq!(bytes(&full), bytes(&start));
        println!("Position {} bytes; heap: {} (full hands {})", bytes(&start).0, bytes(&start).1, bytes(&full).1);
    }

    #[test]
    fn progress_counts_plies_or_each_players_placements() {
        let placed = Progress::START.place(PlayerId::SECOND).place(PlayerId::SECOND).place(PlayerId::FIRST);
        assert_eq!((placed.placed(PlayerId::FIRST), placed.placed(PlayerId::SECOND)), (1, 2));
        assert_eq!(placed, Progress::after_placing([1, 2]));
        assert_eq!(Progress::START.ply().ply().plies(), 2);
        assert_eq!(Progress::START.ply().ply(), Progress::after_plies(2));
        assert_ne!(placed.key(), Progress::after_placing([2, 1]).key());
    }
}
