//! `captured(TYPES)`: the pieces the player has captured (of the types).

use crate::counts::kind::CountKind;
use crate::host::Host;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::Width;
use hetproba_rules::model::{PlayerId, Ruleset, counts as model};

#[derive(Clone, Debug)]
pub(crate) struct Captured {
    /// The piece types counted, by index.
    types: Vec<usize>,
}

impl Compile<model::Captured> for Captured {
    fn compile(count: &model::Captured, rules: &Ruleset, _width: Width) -> Captured {
        let types = match count.types {
            Some(set) => set.iter().map(|t| t.index()).collect(),
            None => (0..rules.pieces.len()).collect(),
        };
        Captured { types }
    }
}

impl CountKind for Captured {
    #[inline]
    fn value<const W: usize>(&self, host: &impl Host, pos: &Position, _before: Option<&Position>, player: PlayerId) -> i64 {
        self.types.iter().filter_map(|&t| host.tally().captured_at(player, t)).map(|i| i64::from(pos.tally[i])).sum()
    }
}
