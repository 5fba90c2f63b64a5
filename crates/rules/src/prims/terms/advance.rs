//! `advance(TYPES)`: the rows the player's pieces stand ahead of its first row.

use crate::describe::Lang;
use crate::model::{PieceTypeSet, Ruleset};
use crate::prims::{ArgSpec, Spec, TermInput, TermPrim};

/// For each piece of these types, the rows it stands ahead of the player's first row, along the
/// player's forward direction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advance {
    pub types: PieceTypeSet,
}

impl Advance {
    pub const SPEC: Spec =
        Spec::new(&["advance"], &[ArgSpec::at("TYPES", "every type")], "the rows each piece stands ahead of the player's first row", "eval");
}

impl TermPrim for Advance {
    fn read(input: &mut TermInput) -> Option<Advance> {
        if input.forward.iter().any(Option::is_none) {
            input.r.call_error(input.call, "advance() needs each player's forward direction ([board.forward])");
            return None;
        }
        input.types_positional().map(|types| Advance { types })
    }

    fn words(&self, r: &Ruleset, points: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!("{points} minden sorért, amennyivel egy bábu{} a játékos első sora előtt áll", crate::describe::hu_only(r, self.types));
        }
        format!("{points} for each row a {} stands ahead of the player's first row", crate::describe::pieces_words(r, self.types, lang))
    }
}
