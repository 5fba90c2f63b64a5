//! `check`: a royal piece of the player is attacked.

use crate::describe::Lang;
use crate::model::{Ruleset, Who};
use crate::prims::{Spec, TestInput, TestPrim};

/// A royal piece of the player is attacked: some move of the opponent could capture it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check;

impl Check {
    pub const SPEC: Spec = Spec::new(&["check"], &[], "a royal piece of the player is attacked", "check-checkmate-and-stalemate");
}

impl TestPrim for Check {
    fn read(input: &mut TestInput) -> Option<Check> {
        if !input.r.names.pieces.iter().any(|p| p.royal) {
            input.r.call_error(input.call, "check looks at royal pieces, and this ruleset has none: say royal = true in [pieces.NAME]");
        }
        Some(Check)
    }

    fn default_who(&self) -> Who {
        Who::Next
    }

    fn words(&self, _r: Option<&Ruleset>, whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!("{whom} egyik királyi bábuja támadás alatt áll");
        }
        format!("a royal piece of {whom} is attacked")
    }

    fn reason(&self) -> String {
        "check".into()
    }
}
