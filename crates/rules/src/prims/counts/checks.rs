//! `checks`: how many checks the player has given.

use crate::describe::Lang;
use crate::model::{Ruleset, Who};
use crate::prims::{QueryPrim, Spec, TestInput};

/// The checks the player has given during the game (moves after which a royal piece of the
/// opponent stood attacked), as `[state] checks = N` counts them, up to N.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checks;

impl Checks {
    pub const SPEC: Spec = Spec::new(
        &["checks"],
        &[],
        "how many checks the player has given; needs [state] checks = N",
        "counters-captured-checks-passes-and-the-last-move",
    );
}

impl QueryPrim for Checks {
    fn read(input: &mut TestInput) -> Option<Checks> {
        let TestInput { r, call, .. } = input;
        if r.names.tally.checks.is_none() {
            r.call_error(call, "checks counts the checks each player gives: add checks = N to [state] (N, the most it counts)");
            return None;
        }
        Some(Checks)
    }

    fn default_who(&self) -> Who {
        Who::Mover
    }

    fn words(&self, _r: Option<&Ruleset>, whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!("{whom} által adott sakkok száma");
        }
        format!("the number of checks {whom} has given")
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{load, load_with_state, message};

    #[test]
    fn checks_needs_its_state_and_a_count_from_one() {
        let moves = "[moves.m]\npiece = \"stone\"\ndo = \"place\"";
        assert!(load_with_state(moves, "checks by mover >= 3", "checks = 3").is_ok());
        assert_eq!(
            message(&load(moves, "checks >= 3", "").expect_err("refused")),
            "checks counts the checks each player gives: add checks = N to [state] (N, the most it counts)"
        );
        for bad in ["0", "256", "true"] {
            assert_eq!(
                message(&load_with_state(moves, "checks >= 3", &format!("checks = {bad}")).expect_err("refused")),
                "checks = N counts the checks each player gives, up to N: from 1 to 255",
                "checks = {bad}"
            );
        }
    }
}
