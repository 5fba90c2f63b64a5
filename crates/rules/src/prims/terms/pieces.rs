//! `pieces(TYPES)`: the player's pieces of some types.

use crate::describe::Lang;
use crate::model::{PieceTypeSet, Ruleset};
use crate::prims::{ArgSpec, Spec, TermInput, TermPrim};

/// The number of the player's pieces of these types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pieces {
    pub types: PieceTypeSet,
}

impl Pieces {
    pub const SPEC: Spec = Spec::new(&["pieces"], &[ArgSpec::at("TYPES", "every type")], "the player's pieces (of the types)", "eval");
}

impl TermPrim for Pieces {
    fn read(input: &mut TermInput) -> Option<Pieces> {
        input.types_positional().map(|types| Pieces { types })
    }

    fn words(&self, r: &Ruleset, points: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!("{points} minden bábuért{}", crate::describe::hu_only(r, self.types));
        }
        format!("{points} for each {}", crate::describe::pieces_words(r, self.types, lang))
    }
}
