//! A piece: its type and its owner in one byte, the byte a cell of a position holds
//! (`Option<Piece>`) and the index of its Zobrist keys and cell sets.

use hetproba_rules::model::{PieceTypeId, PieceTypeSet, PlayerId, Ruleset};
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

    /// The piece as its byte (`type << 2 | tag`, never 0), for callers that pass pieces as
    /// numbers (the web page's set-up palette).
    pub fn byte(self) -> u8 {
        self.0.get()
    }

    /// The piece a [`Piece::byte`] stands for in `rules`: None for 0, for a type the ruleset does
    /// not have, or for an owner its type cannot have (a piece of nobody's that is owned, or the
    /// reverse).
    pub fn from_byte(rules: &Ruleset, byte: u8) -> Option<Piece> {
        let piece = Piece(NonZeroU8::new(byte)?);
        let owned = rules.pieces.get(piece.kind().index())?.owned;
        let tag = byte & 3;
        (tag != 0 && owned == (tag != NOBODY)).then_some(piece)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_keeps_its_type_and_owner_in_one_byte() {
        assert_eq!(std::mem::size_of::<Option<Piece>>(), 1);
        let owners = [Owner::Player(PlayerId::FIRST), Owner::Player(PlayerId::SECOND), Owner::Nobody];
        let mut codes = std::collections::HashSet::new();
        for kind in (0..PieceTypeSet::CAPACITY).map(PieceTypeId::new) {
            for owner in owners {
                let piece = Piece::new(kind, owner);
                assert_eq!((piece.kind(), piece.owner()), (kind, owner));
                assert_eq!(piece.belongs_to(PlayerId::FIRST), owner == Owner::Player(PlayerId::FIRST));
                // The byte is the Zobrist index: distinct per piece, within the game's codes.
                assert!(Some(piece).code() < PieceTypeSet::CAPACITY * 4 && codes.insert(Some(piece).code()));
            }
        }
        assert_eq!((None::<Piece>.code(), None::<Piece>.slot()), (0, 0));
        let man = Piece::new(PieceTypeId::new(5), Owner::Player(PlayerId::FIRST));
        assert_eq!(man.turned_to(PlayerId::SECOND), Piece::new(PieceTypeId::new(5), Owner::Player(PlayerId::SECOND)));
        assert!(Some(man).of(PlayerId::FIRST) && !Some(man).of(PlayerId::SECOND) && !None::<Piece>.of(PlayerId::FIRST));
    }

    #[test]
    fn a_piece_byte_reads_back_only_as_a_piece_the_ruleset_can_hold() {
        let load = |text| hetproba_rules::load("fixture.toml", text, &hetproba_rules::BuiltinFiles, &[]).expect("loads");
        // Men and kings, both owned by the players.
        let rules = load(include_str!("../../../tests/fixtures/hopping.toml"));
        let king = PieceTypeId::new(1);
        for owner in [Owner::Player(PlayerId::FIRST), Owner::Player(PlayerId::SECOND)] {
            assert_eq!(Piece::from_byte(&rules, Piece::new(king, owner).byte()), Some(Piece::new(king, owner)));
        }
        // Empty, a king of nobody's, a third type, a tag of no owner.
        for byte in [0, Piece::new(king, Owner::Nobody).byte(), 2 << 2 | 1, 1 << 2] {
            assert_eq!(Piece::from_byte(&rules, byte), None, "{byte}");
        }
        // A built-in with a piece of nobody's: that piece reads back only as nobody's.
        let id = hetproba_rules::builtin_ids()
            .find(|id| hetproba_rules::load_builtin(id, &[]).expect("built in").expect("loads").pieces.iter().any(|p| !p.owned));
        let rules = hetproba_rules::load_builtin(id.expect("a built-in with a piece of nobody's"), &[]).expect("built in").expect("loads");
        let kind = PieceTypeId::new(rules.pieces.iter().position(|p| !p.owned).expect("found above"));
        assert_eq!(Piece::from_byte(&rules, Piece::new(kind, Owner::Nobody).byte()), Some(Piece::new(kind, Owner::Nobody)));
        assert_eq!(Piece::from_byte(&rules, Piece::new(kind, Owner::Player(PlayerId::FIRST)).byte()), None);
    }
}
