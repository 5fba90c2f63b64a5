//! `earliest(TYPES)`: the captures that take a piece of some types earliest in their sequence.

use crate::describe::Lang;
use crate::describe::types_words;
use crate::model::{PieceTypeSet, Ruleset};
use crate::prims::{ArgSpec, CriterionInput, CriterionPrim, Spec};

/// Captures that take a piece of one of these types earliest in the sequence (captures that
/// take none rank last).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Earliest {
    pub types: PieceTypeSet,
}

impl Earliest {
    pub const SPEC: Spec = Spec::new(
        &["earliest"],
        &[ArgSpec::at("TYPE", "")],
        "the captures that take a piece of the types earliest in their sequence",
        "precedence-which-captures-come-first",
    );
}

impl CriterionPrim for Earliest {
    fn read(input: &mut CriterionInput) -> Option<Earliest> {
        input.types().map(|types| Earliest { types })
    }

    fn words(&self, r: &Ruleset, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!("olyan ütés, amely sorozatában a legkorábban üt le ilyet: {}", types_words(r, self.types, lang));
        }
        format!("a capture that takes a {} earliest in its sequence", types_words(r, self.types, lang))
    }
}
