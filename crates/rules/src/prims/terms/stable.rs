//! `stable(DIRS)`: the pieces that can never be enclosed.

use crate::describe::Lang;
use crate::describe::axis_words;
use crate::model::{DirSetId, Ruleset};
use crate::prims::{ArgSpec, Spec, TermInput, TermPrim};

/// The player's pieces that can never be enclosed along the axes of `dirs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stable {
    pub dirs: DirSetId,
}

impl Stable {
    pub const SPEC: Spec = Spec::new(&["stable"], &[ArgSpec::at("DIRS", "all")], "the pieces that can never be enclosed", "eval");
}

impl TermPrim for Stable {
    fn read(input: &mut TermInput) -> Option<Stable> {
        let dirs = input.optional_dir_set()?;
        Some(Stable { dirs })
    }

    fn words(&self, r: &Ruleset, points: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!("{points} minden bábuért, amelyet soha nem lehet közrefogni {}", axis_words(Some(r), Some(self.dirs), lang));
        }
        format!("{points} for each piece that can never be enclosed {}", axis_words(Some(r), Some(self.dirs), lang))
    }
}
