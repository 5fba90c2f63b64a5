//! `approach(REGION, pieces=TYPES)`: for each piece, how many steps nearer the region it stands than the farthest cell.

use crate::describe::region_words;
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

    fn words(&self, r: &Ruleset, points: &str) -> String {
        format!("{points} for each step a {} stands nearer to {} than the farthest cell", pieces_words(r, self.types), region_words(r, self.region))
    }
}
