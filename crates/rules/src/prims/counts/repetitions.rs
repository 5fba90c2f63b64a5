//! `repetitions`: how many times the position stood before.

use crate::describe::Lang;
use crate::model::{Ruleset, Who};
use crate::prims::{QueryPrim, Spec, TestInput};

/// How many times the current position (the same cells, player to move and declared state)
/// stood earlier, among the positions since the game, or the position it was set up from,
/// began (in play: at least the last 256 moves). The player it looks at does not matter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repetitions;

impl Repetitions {
    pub const SPEC: Spec = Spec::new(&["repetitions"], &[], "how many times the position stood before", "counts-and-comparisons");
}

impl QueryPrim for Repetitions {
    fn read(_input: &mut TestInput) -> Option<Repetitions> {
        Some(Repetitions)
    }

    fn default_who(&self) -> Who {
        Who::Mover
    }

    fn words(&self, _r: Option<&Ruleset>, _whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return "az állás korábbi előfordulásainak száma".to_string();
        }
        "the number of times the position stood before".to_string()
    }
}
