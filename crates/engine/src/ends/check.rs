//! `check`: a royal piece of the player is attacked.

use crate::ends::kind::TestKind;
use crate::host::Host;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::Width;
use hetproba_rules::model::{PlayerId, Ruleset, ends as model};

#[derive(Clone, Debug)]
pub(crate) struct Royal;

impl Compile<model::Check> for Royal {
    fn compile(_test: &model::Check, _rules: &Ruleset, _width: Width) -> Royal {
        Royal
    }
}

impl TestKind for Royal {
    #[inline]
    fn holds<const W: usize>(&self, host: &impl Host, pos: &Position, player: PlayerId, _has_moves: &mut dyn FnMut() -> bool) -> bool {
        host.in_check::<W>(pos, player)
    }
}
