//! `groups(DIRS)`: the groups the player's pieces form.

use crate::describe::Lang;
use crate::describe::neighbour_words;
use crate::model::{DirSetId, Ruleset};
use crate::prims::{ArgSpec, Spec, TermInput, TermPrim};

/// The number of groups the player's pieces form, joined through `dirs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Groups {
    pub dirs: DirSetId,
}

impl Groups {
    pub const SPEC: Spec = Spec::new(&["groups"], &[ArgSpec::at("DIRS", "all")], "the groups the player's pieces form", "eval");
}

impl TermPrim for Groups {
    fn read(input: &mut TermInput) -> Option<Groups> {
        let dirs = input.optional_dir_set()?;
        Some(Groups { dirs })
    }

    fn words(&self, r: &Ruleset, points: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!("{points} a játékos bábuinak minden csoportjáért ({} összefüggő bábuk)", neighbour_words(Some(r), Some(self.dirs), lang));
        }
        format!("{points} for each group of the player's pieces, joined {}", neighbour_words(Some(r), Some(self.dirs), lang))
    }
}
