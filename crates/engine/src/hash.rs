//! Hashing: the Zobrist keys of a game ([`Keys`]), which a position updates as it changes (what
//! each cell holds, the side to move, the phase, the declared state), and the keys of the pieces
//! under a column's top.

use crate::cellbits::CellBits;
use crate::mv::LastMove;
use crate::piece::{Piece, Square};
use hetproba_board::CellId;
use hetproba_rules::model::{PieceTypeId, PlayerId, Ruleset};

/// The Zobrist keys of a game.
#[derive(Clone, Debug)]
pub(crate) struct Keys {
    /// `zobrist[cell * codes + code]`, the code of what the cell holds ([`Square::code`]).
    zobrist: Vec<u64>,
    /// Piece codes per cell: four per piece type (empty, the players', nobody's).
    codes: usize,
    side: u64,
    /// Keys of the declared state, per cell: never moved, passed over, the piece that passed,
    /// the piece that moved several times in a row.
    state: Vec<u64>,
    cells: usize,
    /// Per phase: does it have a limit (then its progress is part of the key)?
    limited: Vec<bool>,
    /// Does the position remember which pieces never moved?
    tracks_unmoved: bool,
    /// With `[hands]`: per player and piece type (`player * types + type`), the key a hand's
    /// count is mixed with; empty without hands.
    hands: Vec<u64>,
    /// The piece types, with `[hands]` (0 without).
    hand_types: usize,
    /// With `[hands] mark-promoted`: per cell, the key of "the piece here arrived by
    /// promotion"; empty otherwise.
    marks: Vec<u64>,
}

/// The seed of the keys of the declared counters and the last move.
const TALLY_SEED: u64 = 0x7461_6C6C_7921;

/// splitmix64: a fixed, well-mixed stream of keys for Zobrist hashing.
pub(crate) fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Keys {
    pub(crate) fn new(rules: &Ruleset) -> Keys {
        let n = rules.board.len();
        let codes = rules.pieces.len() * 4;
        let mut seed = 0x4865_7470_726F_6261; // "Hetproba"
        // An empty cell has key 0, so the empty board hashes to the phase key alone.
        let zobrist = (0..n * codes).map(|i| if i % codes == 0 { 0 } else { splitmix(&mut seed) }).collect();
        let side = splitmix(&mut seed);
        let state = (0..4 * n).map(|_| splitmix(&mut seed)).collect();
        let limited = rules.phases.iter().map(|p| p.limit.is_some()).collect();
        let types = rules.pieces.len();
        let hands = if rules.hands.is_some() { (0..2 * types).map(|_| splitmix(&mut seed)).collect() } else { Vec::new() };
        let marks = if rules.hands.as_ref().is_some_and(|h| h.marks) { (0..n).map(|_| splitmix(&mut seed)).collect() } else { Vec::new() };
        Keys {
            zobrist,
            codes,
            side,
            state,
            cells: n,
            limited,
            tracks_unmoved: !rules.unmoved.is_empty(),
            hands,
            hand_types: if rules.hands.is_some() { types } else { 0 },
            marks,
        }
    }

    /// Where `player`'s count of `kind` sits in a position's hands, with `[hands]`.
    #[inline(always)]
    pub(crate) fn hand_slot(&self, player: PlayerId, kind: PieceTypeId) -> Option<usize> {
        (self.hand_types > 0).then(|| player.index() * self.hand_types + kind.index())
    }

    /// How many counts a position's hands hold (0 without `[hands]`).
    pub(crate) fn hand_slots(&self) -> usize {
        2 * self.hand_types
    }

    /// Does the position mark the pieces that arrived by promotion?
    #[inline(always)]
    pub(crate) fn marks(&self) -> bool {
        !self.marks.is_empty()
    }

    /// The key of "hand slot `slot` holds `count` pieces" (0 for none).
    #[inline]
    pub(crate) fn hand(&self, slot: usize, count: u32) -> u64 {
        if count == 0 {
            return 0;
        }
        let mut s = self.hands[slot] ^ u64::from(count);
        splitmix(&mut s)
    }

    /// The key of "the piece on `cell` arrived by promotion".
    #[inline]
    pub(crate) fn mark(&self, cell: CellId) -> u64 {
        self.marks[cell.index()]
    }

    /// The key of "a ko forbids placing on `cell`".
    pub(crate) fn ko(&self, cell: CellId) -> u64 {
        let mut s = self.state[self.cells + cell.index()] ^ 0x6B6F; // "ko"
        splitmix(&mut s)
    }

    /// The hash key of "counter `i` holds `value`" (0 for 0, so that an empty tally hashes to 0).
    pub(crate) fn tally(&self, i: usize, value: u16) -> u64 {
        if value == 0 {
            return 0;
        }
        let mut s = TALLY_SEED ^ ((i as u64) << 16 | u64::from(value));
        splitmix(&mut s)
    }

    /// The hash key of the remembered last move (0 when none is known).
    pub(crate) fn last(&self, last: &LastMove) -> u64 {
        if !last.known {
            return 0;
        }
        let captured: u64 = last.captured.iter().fold(0, |bits, t| bits | 1 << t.index());
        let mut s = TALLY_SEED.rotate_left(32) ^ (last.from.index() as u64) ^ (last.to.index() as u64) << 16;
        let mut c = captured;
        splitmix(&mut s) ^ splitmix(&mut c)
    }

    /// The key of `held` standing on `cell` (0 for an empty cell).
    #[inline(always)]
    pub(crate) fn key(&self, cell: CellId, held: Option<Piece>) -> u64 {
        self.zobrist[cell.index() * self.codes + held.code()]
    }

    /// How many piece codes there are (the rows of a position's piece sets).
    pub(crate) fn codes(&self) -> usize {
        self.codes
    }

    /// The key of "the second player is to move".
    #[inline(always)]
    pub(crate) fn side(&self) -> u64 {
        self.side
    }

    /// Does the position remember which pieces never moved?
    #[inline(always)]
    pub(crate) fn tracks_unmoved(&self) -> bool {
        self.tracks_unmoved
    }

    /// The key of "the piece on `cell` never moved".
    #[inline(always)]
    pub(crate) fn unmoved(&self, cell: CellId) -> u64 {
        self.state[cell.index()]
    }

    /// The key of "the last move passed over `passed`, its piece standing on `victim`".
    pub(crate) fn passed(&self, passed: CellBits, victim: CellId) -> u64 {
        let n = self.cells;
        let mut key = self.state[2 * n + victim.index()];
        for c in passed.iter() {
            key ^= self.state[n + c.index()];
        }
        key
    }

    /// The key of "the piece on `cell` has made `count` moves in a row".
    pub(crate) fn streak(&self, cell: CellId, count: u8) -> u64 {
        let mut s = self.state[3 * self.cells + cell.index()] ^ u64::from(count);
        splitmix(&mut s)
    }

    /// The key of the phase part of the position: only plies inside a limited phase matter
    /// (`progress`: the progress's own bits, `Progress::key`).
    pub(crate) fn phase(&self, phase: u8, progress: u64) -> u64 {
        let limited = self.limited[phase as usize];
        let mut s = (phase as u64) << 32 | if limited { progress } else { 0 };
        splitmix(&mut s)
    }
}

/// The hash key of the pieces under a cell's top: one key per (cell, height, piece), mixed
/// from the three rather than tabled, since columns may grow as tall as the pieces are many.
pub(crate) fn column_key(cell: CellId, under: &[Piece]) -> u64 {
    let mut h = 0;
    for (height, piece) in under.iter().enumerate() {
        h ^= mix((cell.index() as u64) << 32 | (height as u64) << 8 | piece.code() as u64);
    }
    h
}

/// SplitMix64's finaliser: distinct inputs give well-spread keys.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
