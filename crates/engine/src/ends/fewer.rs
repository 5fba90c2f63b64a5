//! `fewer(N, TYPES)`: the player has fewer than N pieces (of the types).

use crate::ends::kind::TestKind;
use crate::host::Host;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::Width;
use hetproba_rules::model::{PieceTypeSet, PlayerId, Ruleset, ends as model};

#[derive(Clone, Debug)]
pub(crate) struct Fewer {
    count: u32,
    types: Option<PieceTypeSet>,
}

impl Compile<model::Fewer> for Fewer {
    fn compile(test: &model::Fewer, _rules: &Ruleset, _width: Width) -> Fewer {
        Fewer { count: test.count, types: test.types }
    }
}

impl TestKind for Fewer {
    #[inline]
    fn holds<const W: usize>(&self, _host: &impl Host, pos: &Position, player: PlayerId, _has_moves: &mut dyn FnMut() -> bool) -> bool {
        let have = match self.types {
            None => pos.piece_count(player),
            Some(types) => pos.cells.iter().flatten().filter(|p| p.belongs_to(player) && types.contains(p.kind())).count() as u32,
        };
        have < self.count
    }
}
