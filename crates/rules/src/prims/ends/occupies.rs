//! `occupies(REGION)`: a piece of the player stands on the region.

use crate::describe::region_words;
use crate::model::{RegionId, Ruleset, Who};
use crate::prims::{ArgSpec, Spec, TestInput, TestPrim};

/// A piece of the player stands on a cell of the region (resolved for that player).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occupies {
    pub region: RegionId,
}

impl Occupies {
    pub const SPEC: Spec = Spec::new(&["occupies"], &[ArgSpec::at("REGION", "")], "a piece of the player stands on the region", "end-tests");
}

impl TestPrim for Occupies {
    fn read(input: &mut TestInput) -> Option<Occupies> {
        let TestInput { r, call, args, .. } = input;
        let region = match args.positional().as_slice() {
            [arg] => r.region(arg)?,
            _ => {
                r.call_error(call, "occupies() takes one region name, e.g. occupies(far)");
                return None;
            }
        };
        Some(Occupies { region })
    }

    fn default_who(&self) -> Who {
        Who::Mover
    }

    fn words(&self, r: Option<&Ruleset>, whom: &str) -> String {
        let name = r.map_or("a region".to_string(), |r| region_words(r, self.region));
        format!("a piece of {whom} stands on {name}")
    }

    fn reason(&self) -> String {
        "a piece reached the region".into()
    }
}
