//! `fills(REGION)`: every cell of the region holds a piece of the player.

use crate::ends::kind::TestKind;
use crate::host::Host;
use hetproba_board::per_player;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::{CellSets, Width};
use hetproba_rules::model::{PlayerId, Ruleset, ends as model};

/// Every cell of the region (a set per player) holds a piece of the player.
#[derive(Clone, Debug)]
pub(crate) struct Fills {
    cells: CellSets,
}

impl Compile<model::Fills> for Fills {
    fn compile(test: &model::Fills, rules: &Ruleset, width: Width) -> Fills {
        Fills { cells: per_player(width, &rules.regions[test.region.index()].cells) }
    }
}

impl TestKind for Fills {
    #[inline]
    fn holds<const W: usize>(&self, _host: &impl Host, pos: &Position, player: PlayerId, _has_moves: &mut dyn FnMut() -> bool) -> bool {
        self.cells.get::<W>(player.index()).without(pos.player_set::<W>(player)).is_empty()
    }
}
