//! `approach(REGION, pieces=TYPES)`: for each piece, how many steps nearer the region it stands than the farthest cell.

use crate::describe::Lang;
use crate::describe::region_words_in;
use crate::model::{PieceTypeSet, RegionId, Ruleset};
use crate::describe::pieces_words;
use crate::prims::{ArgSpec, Spec, TermInput, TermPrim};

/// For each piece of these types, how many steps nearer the region it stands than the cell farthest
/// from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Approach {
    pub region: RegionId,
    pub types: PieceTypeSet,
}

impl Approach {
    pub const SPEC: Spec = Spec::new(
        &["approach"],
        &[ArgSpec::at("REGION", ""), ArgSpec::key("pieces", "TYPES", "every type")],
        "for each piece, how many steps nearer the region it stands than the farthest cell",
        "eval",
    );
}

impl TermPrim for Approach {
    fn read(input: &mut TermInput) -> Option<Approach> {
        let (region, types) = input.region_and_types()?;
        Some(Approach { region, types })
    }

    fn words(&self, r: &Ruleset, points: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!(
                "{points} minden lépésért, amennyivel egy bábu{} közelebb áll ehhez: {}, mint a legtávolabbi mező",
                crate::describe::hu_only(r, self.types),
                region_words_in(r, self.region, lang)
            );
        }
        format!("{points} for each step a {} stands nearer to {} than the farthest cell", pieces_words(r, self.types, lang), region_words_in(r, self.region, lang))
    }
}
