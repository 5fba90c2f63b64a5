//! `connected`: all the player's pieces form one group.

use crate::describe::Lang;
use crate::describe::neighbour_words;
use crate::model::{DirSetId, Ruleset, Who};
use crate::prims::{ArgSpec, Spec, TestInput, TestPrim};

/// All of the player's pieces form one group, joined through the directions of `dirs` (a
/// single piece, or none, counts as connected).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connected {
    pub dirs: DirSetId,
}

impl Connected {
    pub const SPEC: Spec =
        Spec::new(&["connected"], &[ArgSpec::at("DIRS", "all")], "all the player's pieces form one group", "end-tests");
}

impl TestPrim for Connected {
    fn read(input: &mut TestInput) -> Option<Connected> {
        let TestInput { r, args, .. } = input;
        let dirs = match args.positional().as_slice() {
            [] => r.names.direction_set("all")?,
            [arg] => r.dir_set(arg)?,
            [_, extra, ..] => {
                r.arg_error(extra, "connected() takes one direction set: the neighbourhood");
                return None;
            }
        };
        Some(Connected { dirs })
    }

    fn default_who(&self) -> Who {
        Who::Mover
    }

    fn words(&self, r: Option<&Ruleset>, whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!("{whom} bábui egyetlen, {} összefüggő csoportot alkotnak (egyetlen bábu is annak számít)", neighbour_words(r, Some(self.dirs), lang));
        }
        format!("the pieces of {whom} form one group, joined {} (a single piece counts)", neighbour_words(r, Some(self.dirs), lang))
    }

    fn reason(&self) -> String {
        "all pieces connected".into()
    }
}
