//! `player(NAME)`: the player looked at is this one.

use crate::ends::kind::TestKind;
use crate::host::Host;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::Width;
use hetproba_rules::model::{PlayerId, Ruleset, ends as model};

#[derive(Clone, Debug)]
pub(crate) struct Player(PlayerId);

impl Compile<model::Player> for Player {
    fn compile(test: &model::Player, _rules: &Ruleset, _width: Width) -> Player {
        Player(test.player)
    }
}

impl TestKind for Player {
    #[inline]
    fn holds<const W: usize>(&self, _host: &impl Host, _pos: &Position, player: PlayerId, _has_moves: &mut dyn FnMut() -> bool) -> bool {
        player == self.0
    }
}
