//! A piece: its type and its owner in one byte, the byte a cell of a position holds
//! (`Option<Piece>`) and the index of its Zobrist keys and cell sets.

use hetproba_rules::model::{PieceTypeId, PieceTypeSet, PlayerId};
use std::num::NonZeroU8;

/// Who a piece belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Owner {
    Player(PlayerId),
    /// A piece of nobody's (a blocking stone).
    Nobody,
}

impl Owner {
    /// The player it is, if any.
    pub fn player(self) -> Option<PlayerId> {
        match self {
            Owner::Player(p) => Some(p),
            Owner::Nobody => None,
        }
    }
}

impl From<Option<PlayerId>> for Owner {
    fn from(player: Option<PlayerId>) -> Owner {
        player.map_or(Owner::Nobody, Owner::Player)
    }
}

/// A piece: its type and its owner, in one byte, `type << 2 | tag`, where the tag is 1 or 2
/// for the first or second player and 3 for nobody. Never 0, so that a cell, an
/// `Option<Piece>` with `None` for empty, is one byte too: the byte indexes the Zobrist keys.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(NonZeroU8);

/// The owner tag of a player.
#[inline(always)]
fn player_tag(player: PlayerId) -> u8 {
    player.0 + 1
}

impl Piece {
    /// A piece of this type (one of the first [`PieceTypeSet::CAPACITY`]) and owner.
    #[inline(always)]
    pub fn new(kind: PieceTypeId, owner: Owner) -> Piece {
        debug_assert!(kind.index() < PieceTypeSet::CAPACITY);
        let tag = match owner {
            Owner::Player(p) => player_tag(p),
            Owner::Nobody => NOBODY,
        };
        Piece(NonZeroU8::new((kind.index() as u8) << 2 | tag).expect("an owner tag is never 0"))
    }

    #[inline(always)]
    pub fn kind(self) -> PieceTypeId {
        PieceTypeId::new(usize::from(self.0.get() >> 2))
    }

    #[inline(always)]
    pub fn owner(self) -> Owner {
        match self.0.get() & 3 {
            NOBODY => Owner::Nobody,
            t => Owner::Player(PlayerId(t - 1)),
        }
    }

    /// Does it belong to `player`?
    #[inline(always)]
    pub fn belongs_to(self, player: PlayerId) -> bool {
        self.0.get() & 3 == player_tag(player)
    }

    /// The same type of piece, of `player`'s (a piece turned by enclosing it).
    #[inline(always)]
    pub fn turned_to(self, player: PlayerId) -> Piece {
        Piece::new(self.kind(), Owner::Player(player))
    }
}

impl std::fmt::Debug for Piece {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Piece").field("kind", &self.kind()).field("owner", &self.owner()).finish()
    }
}

/// The tag of nobody's pieces.
const NOBODY: u8 = 3;

/// What a cell holds, seen as the byte the position stores: for per-owner tables and keys.
pub(crate) trait Square: Copy {
    /// Its owner's slot in per-owner tables: 0 empty, 1 and 2 the players, 3 nobody.
    fn slot(self) -> usize;
    /// Its byte: the index of its Zobrist key and piece bit set (0: empty).
    fn code(self) -> usize;
    /// Does it hold a piece of `player`'s?
    fn of(self, player: PlayerId) -> bool;
}

impl Square for Option<Piece> {
    #[inline(always)]
    fn slot(self) -> usize {
        self.map_or(0, |p| usize::from(p.0.get() & 3))
    }

    #[inline(always)]
    fn code(self) -> usize {
        self.map_or(0, |p| usize::from(p.0.get()))
    }

    #[inline(always)]
    fn of(self, player: PlayerId) -> bool {
        self.slot() == slot(player)
    }
}

impl Square for Piece {
    #[inline(always)]
    fn slot(self) -> usize {
        usize::from(self.0.get() & 3)
    }

    #[inline(always)]
    fn code(self) -> usize {
        usize::from(self.0.get())
    }

    #[inline(always)]
    fn of(self, player: PlayerId) -> bool {
        self.belongs_to(player)
    }
}

/// A player's slot in per-owner tables (see [`Square::slot`]).
#[inline(always)]
pub(crate) fn slot(player: PlayerId) -> usize {
    usize::from(player_tag(player))
}
