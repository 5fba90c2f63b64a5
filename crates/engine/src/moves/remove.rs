//! `remove`: the later part of a move that takes a piece off the board ("then remove an enemy
//! piece"). Its cell is the move's `part`; the piece is also among the move's captures, so a
//! removal counts as a capture everywhere (draw counters, search, the web board).

use crate::game::{Game, per_player};
use crate::position::Position;
use hetproba_board::{CellId, CellSet, CellSets, Width};
use hetproba_rules::model::{PlayerId, RegionId, Ruleset, Whose};

#[derive(Clone, Debug)]
pub(crate) struct Remove {
    /// Whose pieces may be taken, seen from the mover.
    of: Whose,
    /// A set per player: the cells a piece may be taken from (all without a region).
    allowed: CellSets,
}

impl Remove {
    pub(crate) fn compile(rules: &Ruleset, of: Whose, region: Option<RegionId>, width: Width) -> Remove {
        let n = rules.board.len();
        let allowed = match region {
            Some(r) => per_player(width, &rules.regions[r.index()].cells),
            None => per_player(width, &[vec![true; n], vec![true; n]]),
        };
        Remove { of, allowed }
    }

    /// The cells whose piece `side` may take off: each goes to `each`, which returns false to
    /// stop. Returns false if it stopped.
    pub(crate) fn each_cell<const W: usize>(
        &self,
        _game: &Game,
        pos: &Position,
        side: PlayerId,
        each: &mut impl FnMut(CellId) -> bool,
    ) -> bool {
        let pieces: CellSet<W> = match self.of {
            Whose::Own => pos.player_set::<W>(side),
            Whose::Enemy => pos.player_set::<W>(side.other()),
            Whose::Any => pos.player_set::<W>(side) | pos.player_set::<W>(side.other()),
        };
        (pieces & self.allowed.get(side.index())).iter().all(each)
    }
}

/// A removal is written `x` and its cell: `d1/xg7`.
pub(super) const TEMPLATE: &str = "x{to}";
