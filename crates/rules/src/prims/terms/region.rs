//! `region(REGION, pieces=TYPES)`: the player's pieces (of the types) standing in the region.

use crate::describe::Lang;
use crate::describe::region_words_in;
use crate::model::{PieceTypeSet, RegionId, Ruleset};
use crate::describe::pieces_words;
use crate::prims::{ArgSpec, Spec, TermInput, TermPrim};

/// The player's pieces of these types standing in the region (resolved for the player).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub region: RegionId,
    pub types: PieceTypeSet,
}

impl Region {
    pub const SPEC: Spec = Spec::new(
        &["region"],
        &[ArgSpec::at("REGION", ""), ArgSpec::key("pieces", "TYPES", "every type")],
        "the player's pieces (of the types) standing in the region",
        "eval",
    );
}

impl TermPrim for Region {
    fn read(input: &mut TermInput) -> Option<Region> {
        let (region, types) = input.region_and_types()?;
        Some(Region { region, types })
    }

    fn words(&self, r: &Ruleset, points: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!("{points} minden bábuért{}, amely itt áll: {}", crate::describe::hu_only(r, self.types), region_words_in(r, self.region, lang));
        }
        format!("{points} for each {} on {}", pieces_words(r, self.types, lang), region_words_in(r, self.region, lang))
    }
}
