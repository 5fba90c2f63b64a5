//! `fewer(N)`: the player has fewer than N pieces (of some types).

use crate::describe::Lang;
use crate::describe::types_words;
use crate::model::{PieceTypeSet, Ruleset, Who};
use crate::prims::{ArgSpec, Spec, TestInput, TestPrim};

/// The player has fewer than `count` pieces (of the `types`; `None`: of any type).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fewer {
    pub count: u32,
    pub types: Option<PieceTypeSet>,
}

impl Fewer {
    pub const SPEC: Spec = Spec::new(
        &["fewer"],
        &[ArgSpec::at("N, at least 1", ""), ArgSpec::at("TYPES", "any type")],
        "the player has fewer than N pieces (of the types)",
        "end-tests",
    );
}

impl TestPrim for Fewer {
    fn read(input: &mut TestInput) -> Option<Fewer> {
        let TestInput { r, call, args, .. } = input;
        let positional = args.positional();
        let Some((first, rest)) = positional.split_first() else {
            r.call_error(call, "fewer() needs a count: fewer(2), or fewer(2, man|king)");
            return None;
        };
        let count = r.uint(first)?;
        let types = match rest {
            [] => None,
            [arg] => Some(r.piece_types(arg)?),
            [_, extra, ..] => {
                r.arg_error(extra, "fewer() takes a count, then piece types joined by |: fewer(2, man|king)");
                return None;
            }
        };
        if count == 0 {
            r.arg_error(first, "fewer(0) never holds: the count is at least 1");
            return None;
        }
        Some(Fewer { count, types })
    }

    fn default_who(&self) -> Who {
        Who::Next
    }

    fn words(&self, r: Option<&Ruleset>, whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            let what = match (r, self.types) {
                (Some(r), Some(mask)) => format!(" ({})", types_words(r, mask, lang)),
                _ => String::new(),
            };
            return format!("{whom} táblán levő bábuinak{what} száma kevesebb, mint {}", self.count);
        }
        let what = match (r, self.types) {
            (Some(r), Some(mask)) => format!("pieces of type {}", types_words(r, mask, lang)),
            _ => "pieces".to_string(),
        };
        format!("{whom} has fewer than {} {what} on the board", self.count)
    }

    fn reason(&self) -> String {
        format!("fewer than {} pieces left", self.count)
    }
}
