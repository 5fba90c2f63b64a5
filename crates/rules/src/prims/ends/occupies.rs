//! `occupies(REGION, TYPES)`: a piece of the player (of the types) stands on the region.

use crate::describe::Lang;
use crate::describe::{region_words_in, types_words};
use crate::model::{PieceTypeSet, RegionId, Ruleset, Who};
use crate::prims::{ArgSpec, Spec, TestInput, TestPrim};

/// A piece of the player stands on a cell of the region (resolved for that player); with
/// `types`, a piece of one of those types (the king on the hill).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occupies {
    pub region: RegionId,
    pub types: Option<PieceTypeSet>,
}

impl Occupies {
    pub const SPEC: Spec = Spec::new(
        &["occupies"],
        &[ArgSpec::at("REGION", ""), ArgSpec::at("TYPES", "any type")],
        "a piece of the player (of the types) stands on the region",
        "end-tests",
    );
}

impl TestPrim for Occupies {
    fn read(input: &mut TestInput) -> Option<Occupies> {
        let TestInput { r, call, args, .. } = input;
        let (region, types) = match args.positional().as_slice() {
            [region] => (r.region(region)?, None),
            [region, types] => {
                let region = r.region(region);
                let types = r.piece_types(types);
                (region?, Some(types?))
            }
            _ => {
                r.call_error(call, "occupies() takes a region, then piece types if only some count: occupies(far), occupies(hill, king)");
                return None;
            }
        };
        Some(Occupies { region, types })
    }

    fn default_who(&self) -> Who {
        Who::Mover
    }

    fn words(&self, r: Option<&Ruleset>, whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            let name = r.map_or("egy tartomány".to_string(), |r| region_words_in(r, self.region, lang));
            return match (r, self.types) {
                (Some(r), Some(types)) => format!("{whom} egyik bábuja ({}) itt áll: {name}", types_words(r, types, lang)),
                _ => format!("{whom} egyik bábuja itt áll: {name}"),
            };
        }
        let name = r.map_or("a region".to_string(), |r| region_words_in(r, self.region, lang));
        match (r, self.types) {
            (Some(r), Some(types)) => format!("a {} of {whom} stands on {name}", types_words(r, types, lang)),
            _ => format!("a piece of {whom} stands on {name}"),
        }
    }

    fn reason(&self) -> String {
        "a piece reached the region".into()
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{Condition, Test};
    use crate::prims::test_support::{load, message};

    #[test]
    fn occupies_takes_a_region_and_types() {
        let moves = "[moves.m]\npiece = \"stone\"\ndo = \"place\"";
        let r = load(moves, "occupies(home, king)", "").unwrap_or_else(|e| panic!("{e}"));
        let Condition::Test(Test::Occupies(o), _) = &r.ends[0].condition else { panic!() };
        assert_eq!(o.types.map(|t| t.len()), Some(1));
        assert_eq!(message(&load(moves, "occupies(home, rook)", "").expect_err("refused")), "no piece type 'rook'; the pieces are: stone, king");
        assert_eq!(
            message(&load(moves, "occupies()", "").expect_err("refused")),
            "occupies() takes a region, then piece types if only some count: occupies(far), occupies(hill, king)"
        );
    }
}
