//! `captured(TYPES)`: the pieces the player has captured, as `[state] captured` counts them.

use crate::describe::Lang;
use crate::model::{PieceTypeSet, Ruleset};
use crate::prims::{ArgSpec, Spec, TermInput, TermPrim};

/// The pieces the player has captured during the game (of these types): a counter of the
/// position, for games that win by captures (Pente's five pairs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CapturedTerm {
    pub types: PieceTypeSet,
}

impl CapturedTerm {
    pub const SPEC: Spec = Spec::new(
        &["captured"],
        &[ArgSpec::at("TYPES", "every type")],
        "the pieces the player has captured (of the types); needs [state] captured = true",
        "eval",
    );
}

impl TermPrim for CapturedTerm {
    fn read(input: &mut TermInput) -> Option<CapturedTerm> {
        let types = input.types_positional()?;
        if !input.r.names.tally.captured {
            input.r.call_error(input.call, "captured counts the pieces each player has captured: add captured = true to [state]");
            return None;
        }
        Some(CapturedTerm { types })
    }

    fn words(&self, r: &Ruleset, points: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!("{points} minden leütött bábuért{}", crate::describe::hu_only(r, self.types));
        }
        format!("{points} for each {} the player has captured", crate::describe::pieces_words(r, self.types, lang))
    }
}
