//! `within(REGION)`: every piece of the player stands in the region.

use crate::describe::Lang;
use crate::describe::region_words_in;
use crate::model::{RegionId, Ruleset, Who};
use crate::prims::{ArgSpec, Spec, TestInput, TestPrim};

/// Every piece of the player stands in the region (resolved for the player); a player with
/// no pieces does not count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Within {
    pub region: RegionId,
}

impl Within {
    pub const SPEC: Spec = Spec::new(&["within"], &[ArgSpec::at("REGION", "")], "every piece of the player stands in the region", "end-tests");
}

impl TestPrim for Within {
    fn read(input: &mut TestInput) -> Option<Within> {
        let TestInput { r, call, args, .. } = input;
        let region = match args.positional().as_slice() {
            [arg] => r.region(arg)?,
            _ => {
                r.call_error(call, "within() takes one region name, e.g. within(goal)");
                return None;
            }
        };
        Some(Within { region })
    }

    fn default_who(&self) -> Who {
        Who::Mover
    }

    fn words(&self, r: Option<&Ruleset>, whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            let name = r.map_or("egy tartomány".to_string(), |r| region_words_in(r, self.region, lang));
            return format!("{whom} minden bábuja itt áll: {name}");
        }
        let name = r.map_or("a region".to_string(), |r| region_words_in(r, self.region, lang));
        format!("every piece of {whom} stands on {name}")
    }

    fn reason(&self) -> String {
        "every piece stands in the region".into()
    }
}
