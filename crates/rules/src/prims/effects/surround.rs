//! `surround`: capture against the board's edge.

use crate::describe::{dirs_words, region_words};
use crate::model::{DirSetId, RegionId, Ruleset};
use crate::prims::{ArgSpec, EffectInput, EffectPrim, Spec};

/// Each enemy piece next to the arriving piece along `dirs`, standing in `region` (resolved for
/// the mover; `None`: anywhere), whose every neighbour along `dirs` is an own piece or off the
/// board is captured: custodian capture against the board's edge (in a corner two pieces take
/// one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Surround {
    pub dirs: DirSetId,
    pub region: Option<RegionId>,
}

impl Surround {
    pub const SPEC: Spec = Spec::new(
        &["surround"],
        &[ArgSpec::at("DIRS", ""), ArgSpec::key("in", "REGION", "anywhere")],
        "an enemy piece next to the arriving one, with only own pieces or the edge around it, is captured",
        "surround-and-convert-captures-against-the-board-and-turning-neighbours",
    );
}

impl EffectPrim for Surround {
    fn read(input: &mut EffectInput) -> Option<Surround> {
        let dirs = input.one_dir_set()?;
        input.check_follows();
        let EffectInput { r, args, .. } = input;
        let region = args.key("in").and_then(|a| r.region(a));
        Some(Surround { dirs, region })
    }

    fn words(&self, r: &Ruleset) -> String {
        let where_ = self.region.map_or(String::new(), |g| format!(" on {}", region_words(r, g)));
        format!(
            " Then an enemy piece{where_} next to it {}, whose every neighbour that way is an own piece or the board's edge, is captured.",
            dirs_words(r, self.dirs)
        )
    }

    fn captures(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{error, words};

    #[test]
    fn a_surround_needs_a_piece_that_arrives_alone() {
        assert!(words("step(orthogonal) then surround(orthogonal, in=home)").ends_with("Then an enemy piece on the home cells next to it along a row or column, whose every neighbour that way is an own piece or the board's edge, is captured."));
        assert_eq!(error("step(orthogonal) then surround"), "surround() takes one direction set, e.g. surround(orthogonal)");
        assert_eq!(error("castle(orthogonal, with=king) then surround(all)"), "surround() cannot follow castle(): a castling moves two pieces");
    }
}
