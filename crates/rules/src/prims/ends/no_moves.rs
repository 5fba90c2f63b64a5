//! `no-moves`: the player to move has no legal move.

use crate::describe::Lang;
use crate::model::{Ruleset, Who};
use crate::prims::{Spec, TestInput, TestPrim};

/// The player to move has no legal move (passing included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoMoves;

impl NoMoves {
    pub const SPEC: Spec = Spec::new(&["no-moves"], &[], "the player to move has no legal move", "end-tests");
}

impl TestPrim for NoMoves {
    fn read(input: &mut TestInput) -> Option<NoMoves> {
        if input.who == Some(Who::Mover) {
            input.r.call_error(input.call, "no-moves looks at the player to move; drop 'by mover'");
        }
        Some(NoMoves)
    }

    fn default_who(&self) -> Who {
        Who::Next
    }

    fn words(&self, _r: Option<&Ruleset>, _whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return "a soron következő játékosnak nincs szabályos lépése".into();
        }
        "the player to move has no legal move".into()
    }

    fn reason(&self) -> String {
        "no legal moves".into()
    }

    fn needs_moves(&self) -> bool {
        true
    }
}
