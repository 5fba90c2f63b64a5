//! `within(REGION)`: every piece of the player stands in the region.

use crate::ends::kind::TestKind;
use crate::host::Host;
use hetproba_board::per_player;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::{CellSets, Width};
use hetproba_rules::model::{PlayerId, Ruleset, ends as model};

/// Every piece of the player stands in the region (a set per player), and there is one.
#[derive(Clone, Debug)]
pub(crate) struct Within {
    cells: CellSets,
}

impl Compile<model::Within> for Within {
    fn compile(test: &model::Within, rules: &Ruleset, width: Width) -> Within {
        Within { cells: per_player(width, &rules.regions[test.region.index()].cells) }
    }
}

impl TestKind for Within {
    #[inline]
    fn holds<const W: usize>(&self, _host: &impl Host, pos: &Position, player: PlayerId, _has_moves: &mut dyn FnMut() -> bool) -> bool {
        pos.piece_count(player) > 0 && pos.player_set::<W>(player).without(self.cells.get::<W>(player.index())).is_empty()
    }
}
