//! `occupies(REGION, TYPES)`: a piece of the player (of the types) stands on the region.

use crate::ends::kind::TestKind;
use crate::host::Host;
use hetproba_board::per_player;
use crate::piece::{Owner, Piece};
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::{CellSet, CellSets, Width};
use hetproba_rules::model::{PlayerId, Ruleset, ends as model};

/// A piece of the player stands on one of the cells (a set per player); with `pieces`, one of
/// those pieces (per player).
#[derive(Clone, Debug)]
pub(crate) struct Occupies {
    cells: CellSets,
    pieces: Option<[Vec<Piece>; 2]>,
}

impl Compile<model::Occupies> for Occupies {
    fn compile(test: &model::Occupies, rules: &Ruleset, width: Width) -> Occupies {
        let pieces = test.types.map(|types| PlayerId::BOTH.map(|p| types.iter().map(|t| Piece::new(t, Owner::Player(p))).collect()));
        Occupies { cells: per_player(width, &rules.regions[test.region.index()].cells), pieces }
    }
}

impl TestKind for Occupies {
    #[inline]
    fn holds<const W: usize>(&self, _host: &impl Host, pos: &Position, player: PlayerId, _has_moves: &mut dyn FnMut() -> bool) -> bool {
        let set: CellSet<W> = match &self.pieces {
            None => pos.player_set::<W>(player),
            Some(pieces) => pieces[player.index()].iter().fold(CellSet::EMPTY, |s, &p| s | pos.piece_set::<W>(p)),
        };
        set.intersects(&self.cells.get(player.index()))
    }
}
