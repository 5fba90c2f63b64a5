//! `joins(A, B)`: a chain of the player's pieces joins two regions.

use crate::describe::Lang;
use crate::describe::{neighbour_words, region_words_in};
use crate::model::{DirSetId, RegionId, Ruleset, Who};
use crate::prims::{ArgSpec, Spec, TestInput, TestPrim};

/// A chain of the player's pieces, neighbours through the directions of `dirs`, joins a cell of
/// region `from` to a cell of region `to` (both resolved for the player).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Joins {
    pub from: RegionId,
    pub to: RegionId,
    pub dirs: DirSetId,
}

impl Joins {
    pub const SPEC: Spec = Spec::new(
        &["joins"],
        &[ArgSpec::at("REGION", ""), ArgSpec::at("REGION", ""), ArgSpec::at("DIRS", "all")],
        "a chain of the player's pieces joins the two regions",
        "end-tests",
    );
}

impl TestPrim for Joins {
    fn read(input: &mut TestInput) -> Option<Joins> {
        let TestInput { r, call, args, .. } = input;
        let positional = args.positional();
        let (from, to, dirs) = match positional.as_slice() {
            [a, b] => (r.region(a)?, r.region(b)?, r.names.direction_set("all")?),
            [a, b, d] => (r.region(a)?, r.region(b)?, r.dir_set(d)?),
            _ => {
                r.call_error(call, "joins() takes two regions and a direction set: joins(top, bottom) or joins(top, bottom, orthogonal)");
                return None;
            }
        };
        Some(Joins { from, to, dirs })
    }

    fn default_who(&self) -> Who {
        Who::Mover
    }

    fn words(&self, r: Option<&Ruleset>, whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            let (a, b) = match r {
                Some(r) => (region_words_in(r, self.from, lang), region_words_in(r, self.to, lang)),
                None => ("egy tartomány".to_string(), "egy másik".to_string()),
            };
            return format!(
                "{whom} bábuiból álló, egymáshoz {} kapcsolódó lánc köti össze ezeket: {a} és {b}",
                neighbour_words(r, Some(self.dirs), lang)
            );
        }
        let (a, b) = match r {
            Some(r) => (region_words_in(r, self.from, lang), region_words_in(r, self.to, lang)),
            None => ("a region".to_string(), "another".to_string()),
        };
        format!("a chain of pieces of {whom}, each next to the one before {}, joins {a} to {b}", neighbour_words(r, Some(self.dirs), lang))
    }

    fn reason(&self) -> String {
        "a chain joins the two regions".into()
    }
}
