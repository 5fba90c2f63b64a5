//! `phase(NAME)`: the game is in a phase.

use crate::ends::kind::TestKind;
use crate::host::Host;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::Width;
use hetproba_rules::model::{PlayerId, Ruleset, ends as model};

#[derive(Clone, Debug)]
pub(crate) struct Phase(u8);

impl Compile<model::Phase> for Phase {
    fn compile(test: &model::Phase, _rules: &Ruleset, _width: Width) -> Phase {
        Phase(test.phase)
    }
}

impl TestKind for Phase {
    #[inline]
    fn holds<const W: usize>(&self, _host: &impl Host, pos: &Position, _player: PlayerId, _has_moves: &mut dyn FnMut() -> bool) -> bool {
        pos.phase == self.0
    }
}
