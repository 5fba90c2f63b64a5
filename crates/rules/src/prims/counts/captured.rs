//! `captured(TYPES)`: how many pieces the player has captured (of the types).

use crate::describe::Lang;
use crate::model::{PieceTypeSet, Ruleset, Who};
use crate::prims::{ArgSpec, QueryPrim, Spec, TestInput};

/// The pieces the player has captured during the game (of `types`; all when `None`), as
/// `[state] captured = true` counts them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Captured {
    pub types: Option<PieceTypeSet>,
}

impl Captured {
    pub const SPEC: Spec = Spec::new(
        &["captured"],
        &[ArgSpec::at("TYPES", "any type")],
        "how many pieces the player has captured (of the types); needs [state] captured = true",
        "counters-captured-checks-passes-and-the-last-move",
    );
}

impl QueryPrim for Captured {
    fn read(input: &mut TestInput) -> Option<Captured> {
        let TestInput { r, call, args, .. } = input;
        let types = match args.positional().as_slice() {
            [] => None,
            [arg] => Some(r.piece_types(arg)?),
            [_, extra, ..] => {
                r.arg_error(extra, "captured() takes piece types joined by |: captured(man|king)");
                return None;
            }
        };
        if !r.names.tally.captured {
            r.call_error(call, "captured counts the pieces each player has captured: add captured = true to [state]");
            return None;
        }
        Some(Captured { types })
    }

    fn default_who(&self) -> Who {
        Who::Mover
    }

    fn words(&self, r: Option<&Ruleset>, whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            let what = super::count::pieces_words(r, self.types, lang);
            return format!("{whom} által leütött {what} száma");
        }
        let what = super::count::pieces_words(r, self.types, lang);
        format!("the number of {what} {whom} has captured")
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{load, load_with_state, message};

    #[test]
    fn captured_needs_its_state() {
        let moves = "[moves.m]\npiece = \"stone\"\ndo = \"place\"";
        assert!(load_with_state(moves, "captured(stone) by mover >= 10", "captured = true").is_ok());
        assert_eq!(
            message(&load(moves, "captured >= 10", "").expect_err("refused")),
            "captured counts the pieces each player has captured: add captured = true to [state]"
        );
    }
}
