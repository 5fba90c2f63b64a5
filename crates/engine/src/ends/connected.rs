//! `connected(DIRS)`: all the player's pieces form one group.

use crate::ends::kind::TestKind;
use crate::host::Host;
use hetproba_board::line_masks;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::{CellSet, CellSets, Width};
use hetproba_rules::model::{PlayerId, Ruleset, ends as model};

/// All own pieces form one group through the directions: `neighbours[p * cells + c]`, player
/// `p`'s cells one step from `c` along them.
#[derive(Clone, Debug)]
pub(crate) struct Connected {
    neighbours: CellSets,
}

impl Compile<model::Connected> for Connected {
    fn compile(test: &model::Connected, rules: &Ruleset, width: Width) -> Connected {
        let dirs = &rules.direction_sets[test.dirs.index()].dirs;
        let masks = [0, 1].map(|p| line_masks(width, &rules.board, &dirs[p], false));
        let neighbours = CellSets::from_sets(width, masks.iter().flat_map(|m| (0..m.len()).map(move |c| m.cells(c).collect::<Vec<_>>())));
        Connected { neighbours }
    }
}

impl TestKind for Connected {
    /// No pieces, or one, count as connected. The group grows from the lowest piece, a frontier
    /// at a time.
    #[inline]
    fn holds<const W: usize>(&self, host: &impl Host, pos: &Position, player: PlayerId, _has_moves: &mut dyn FnMut() -> bool) -> bool {
        let pieces = pos.player_set::<W>(player);
        let Some(first) = pieces.first() else { return true };
        let n = host.board().len();
        let base = player.index() * n;
        let mut group = CellSet::single(first);
        let mut frontier = group;
        while let Some(c) = frontier.pop_first() {
            let new = (self.neighbours.get::<W>(base + c.index()) & pieces).without(group);
            group |= new;
            frontier |= new;
        }
        group == pieces
    }
}
