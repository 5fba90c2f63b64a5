//! `convert`: the enemy pieces next to the arriving piece turn.

use crate::describe::Lang;
use crate::describe::dirs_words;
use crate::model::{DirSetId, Ruleset};
use crate::prims::{ArgSpec, EffectInput, EffectPrim, Spec};

/// Every enemy piece next to the arriving piece along `dirs` turns to the mover's colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Convert {
    pub dirs: DirSetId,
}

impl Convert {
    pub const SPEC: Spec = Spec::new(
        &["convert"],
        &[ArgSpec::at("DIRS", "")],
        "the enemy pieces next to the arriving one turn to the mover's colour",
        "surround-and-convert-captures-against-the-board-and-turning-neighbours",
    );
}

impl EffectPrim for Convert {
    fn read(input: &mut EffectInput) -> Option<Convert> {
        let dirs = input.one_dir_set()?;
        input.check_follows();
        Some(Convert { dirs })
    }

    fn words(&self, r: &Ruleset, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!(" Ezután minden mellette ({}) álló ellenséges bábu a lépő színére fordul.", dirs_words(r, self.dirs, lang));
        }
        format!(" Then every enemy piece next to it {} turns to the mover's colour.", dirs_words(r, self.dirs, lang))
    }

    fn turns(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{error, words};

    #[test]
    fn a_conversion_turns_the_neighbours() {
        assert!(words("place then convert(all)").ends_with("Then every enemy piece next to it in any direction turns to the mover's colour."));
        assert_eq!(error("jump(all) then convert(all)"), "convert() cannot follow hops yet");
    }
}
