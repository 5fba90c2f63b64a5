//! `gap(A, B, DIRS)`: the empty cells the player must still fill to join two regions.

use crate::describe::Lang;
use crate::describe::{neighbour_words, region_words_in};
use crate::model::{DirSetId, RegionId, Ruleset};
use crate::prims::{ArgSpec, Spec, TermInput, TermPrim};

/// The fewest empty cells the player must still fill for its pieces to join region `from` to
/// region `to` through `dirs` (both resolved for the player); other pieces bar the way, and a
/// way barred everywhere counts as the board's number of cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gap {
    pub from: RegionId,
    pub to: RegionId,
    pub dirs: DirSetId,
}

impl Gap {
    pub const SPEC: Spec = Spec::new(
        &["gap"],
        &[ArgSpec::at("REGION", ""), ArgSpec::at("REGION", ""), ArgSpec::at("DIRS", "all")],
        "the empty cells the player must still fill to join the two regions",
        "eval",
    );
}

impl TermPrim for Gap {
    fn read(input: &mut TermInput) -> Option<Gap> {
        let TermInput { r, call, args, .. } = input;
        let positional = args.positional();
        if positional.len() < 2 {
            r.call_error(call, "gap() needs the two regions to join, e.g. gap(own-side, other-side)");
            return None;
        }
        let from = r.region(positional[0]);
        let to = r.region(positional[1]);
        let dirs = match positional.get(2) {
            Some(arg) => r.dir_set(arg),
            None => r.names.direction_set("all"),
        };
        if let Some(extra) = positional.get(3) {
            r.arg_error(extra, "gap() takes two regions and a direction set");
        }
        Some(Gap { from: from?, to: to?, dirs: dirs? })
    }

    fn words(&self, r: &Ruleset, points: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!(
                "{points} minden üres mezőért, amelyet a játékosnak még ki kell töltenie, hogy összekösse ezeket: {} és {} ({}), a más bábuk által elzárt utakat kerülve",
                region_words_in(r, self.from, lang),
                region_words_in(r, self.to, lang),
                neighbour_words(Some(r), Some(self.dirs), lang)
            );
        }
        format!(
            "{points} for each empty cell the player must still fill to join {} to {} ({}), other pieces barring the way",
            region_words_in(r, self.from, lang),
            region_words_in(r, self.to, lang),
            neighbour_words(Some(r), Some(self.dirs), lang)
        )
    }
}
