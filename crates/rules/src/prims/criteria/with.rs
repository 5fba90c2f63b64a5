//! `with(TYPES)`: the captures made by a piece of some types.

use crate::describe::Lang;
use crate::describe::types_words;
use crate::model::{PieceTypeSet, Ruleset};
use crate::prims::{ArgSpec, CriterionInput, CriterionPrim, Spec};

/// Captures made by a piece of one of these types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct With {
    pub types: PieceTypeSet,
}

impl With {
    pub const SPEC: Spec =
        Spec::new(&["with"], &[ArgSpec::at("TYPE", "")], "the captures made by a piece of the types", "precedence-which-captures-come-first");
}

impl CriterionPrim for With {
    fn read(input: &mut CriterionInput) -> Option<With> {
        input.types().map(|types| With { types })
    }

    fn words(&self, r: &Ruleset, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!("olyan ütés, amelyet ez a bábu végez: {}", types_words(r, self.types, lang));
        }
        format!("a capture made by a {}", types_words(r, self.types, lang))
    }
}
