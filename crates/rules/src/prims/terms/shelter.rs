//! `shelter(DIRS)`: the own pieces next to each royal piece.

use crate::describe::Lang;
use crate::describe::neighbour_words;
use crate::model::{DirSetId, Ruleset};
use crate::prims::{ArgSpec, Spec, TermInput, TermPrim};

/// The player's own pieces next to each of the player's royal pieces (through `dirs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shelter {
    pub dirs: DirSetId,
}

impl Shelter {
    pub const SPEC: Spec = Spec::new(&["shelter"], &[ArgSpec::at("DIRS", "all")], "the own pieces next to each royal piece", "eval");
}

impl TermPrim for Shelter {
    fn read(input: &mut TermInput) -> Option<Shelter> {
        let dirs = input.optional_dir_set()?;
        if !input.r.names.pieces.iter().any(|p| p.royal) {
            input.r.call_error(input.call, "shelter() counts the pieces next to royal pieces, and no piece type is royal");
            return None;
        }
        Some(Shelter { dirs })
    }

    fn words(&self, r: &Ruleset, points: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!("{points} minden saját bábuért, amely egy királyi bábu mellett áll ({})", neighbour_words(Some(r), Some(self.dirs), lang));
        }
        format!("{points} for each own piece next to a royal piece ({})", neighbour_words(Some(r), Some(self.dirs), lang))
    }
}
