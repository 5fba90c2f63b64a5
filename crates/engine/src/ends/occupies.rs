//! `occupies(REGION)`: a piece of the player stands on the region.

use crate::ends::kind::TestKind;
use crate::host::Host;
use hetproba_board::per_player;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::{CellSets, Width};
use hetproba_rules::model::{PlayerId, Ruleset, ends as model};

/// A piece of the player stands on one of the cells (a set per player).
#[derive(Clone, Debug)]
pub(crate) struct Occupies {
    cells: CellSets,
}

impl Compile<model::Occupies> for Occupies {
    fn compile(test: &model::Occupies, rules: &Ruleset, width: Width) -> Occupies {
        Occupies { cells: per_player(width, &rules.regions[test.region.index()].cells) }
    }
}

impl TestKind for Occupies {
    #[inline]
    fn holds<const W: usize>(&self, _host: &impl Host, pos: &Position, player: PlayerId, _has_moves: &mut dyn FnMut() -> bool) -> bool {
        pos.player_set::<W>(player).intersects(&self.cells.get(player.index()))
    }
}
