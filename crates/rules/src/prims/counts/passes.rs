//! `passes`: how many moves in a row moved nothing.

use crate::describe::Lang;
use crate::model::{Ruleset, Who};
use crate::prims::{QueryPrim, Spec, TestInput};

/// The moves in a row, by either player, that moved nothing: passes, and moves of a piece that
/// stays on its cell and captures nothing. Counted with `[state] passes = true`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Passes;

impl Passes {
    pub const SPEC: Spec = Spec::new(
        &["passes"],
        &[],
        "how many moves in a row moved nothing (passes); needs [state] passes = true",
        "counters-captured-checks-passes-and-the-last-move",
    );
}

impl QueryPrim for Passes {
    fn read(input: &mut TestInput) -> Option<Passes> {
        let TestInput { r, call, .. } = input;
        if !r.names.tally.passes {
            r.call_error(call, "passes counts the passes in a row: add passes = true to [state]");
            return None;
        }
        Some(Passes)
    }

    fn default_who(&self) -> Who {
        Who::Mover
    }

    fn words(&self, _r: Option<&Ruleset>, _whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return "az egymás utáni, semmit sem mozdító lépések száma".to_string();
        }
        "the number of moves in a row that moved nothing".to_string()
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{load, load_with_state, message};

    #[test]
    fn passes_needs_its_state() {
        let moves = "[moves.m]\npiece = \"stone\"\ndo = \"place\"";
        assert!(load_with_state(moves, "passes >= 2", "passes = true").is_ok());
        assert_eq!(message(&load(moves, "passes >= 2", "").expect_err("refused")), "passes counts the passes in a row: add passes = true to [state]");
        assert_eq!(message(&load_with_state(moves, "passes(stone) >= 2", "passes = true").expect_err("refused")), "passes() takes no more arguments here");
    }
}
