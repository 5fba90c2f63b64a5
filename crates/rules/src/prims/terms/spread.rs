//! `spread(DIRS)`: the steps from each piece to the most central one.

use crate::describe::Lang;
use crate::describe::dirs_words;
use crate::model::{DirSetId, Ruleset};
use crate::prims::{ArgSpec, Spec, TermInput, TermPrim};

/// The steps (through `dirs`) from each of the player's pieces to the most central of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spread {
    pub dirs: DirSetId,
}

impl Spread {
    pub const SPEC: Spec = Spec::new(&["spread"], &[ArgSpec::at("DIRS", "all")], "the steps from each piece to the most central one", "eval");
}

impl TermPrim for Spread {
    fn read(input: &mut TermInput) -> Option<Spread> {
        let dirs = input.optional_dir_set()?;
        Some(Spread { dirs })
    }

    fn words(&self, r: &Ruleset, points: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!("{points} minden lépésért ({} haladva), amely a játékos egyes bábuit a legközpontibb bábujától elválasztja", dirs_words(r, self.dirs, lang));
        }
        format!("{points} for each step (moving {}) from each of the player's pieces to the most central of them", dirs_words(r, self.dirs, lang))
    }
}
