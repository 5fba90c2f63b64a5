//! `fills(REGION)`: every cell of the region holds a piece of the player.

use crate::describe::Lang;
use crate::describe::region_words_in;
use crate::model::{RegionId, Ruleset, Who};
use crate::prims::{ArgSpec, Spec, TestInput, TestPrim};

/// Every cell of the region (resolved for the player) holds one of the player's pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fills {
    pub region: RegionId,
}

impl Fills {
    pub const SPEC: Spec = Spec::new(&["fills"], &[ArgSpec::at("REGION", "")], "every cell of the region holds a piece of the player", "end-tests");
}

impl TestPrim for Fills {
    fn read(input: &mut TestInput) -> Option<Fills> {
        let TestInput { r, call, args, .. } = input;
        let region = match args.positional().as_slice() {
            [arg] => r.region(arg)?,
            _ => {
                r.call_error(call, "fills() takes one region name, e.g. fills(goal)");
                return None;
            }
        };
        Some(Fills { region })
    }

    fn default_who(&self) -> Who {
        Who::Mover
    }

    fn words(&self, r: Option<&Ruleset>, whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            let name = r.map_or("egy tartomány".to_string(), |r| region_words_in(r, self.region, lang));
            return format!("{whom} bábuja áll minden mezőn itt: {name}");
        }
        let name = r.map_or("a region".to_string(), |r| region_words_in(r, self.region, lang));
        format!("every cell of {name} holds a piece of {whom}")
    }

    fn reason(&self) -> String {
        "the region is filled".into()
    }
}
