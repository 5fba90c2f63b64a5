//! `no-pieces`: the player has no pieces on the board.

use crate::describe::Lang;
use crate::model::{Ruleset, Who};
use crate::prims::{Spec, TestInput, TestPrim};

/// The player has no pieces on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoPieces;

impl NoPieces {
    pub const SPEC: Spec = Spec::new(&["no-pieces"], &[], "the player has no pieces left", "end-tests");
}

impl TestPrim for NoPieces {
    fn read(_input: &mut TestInput) -> Option<NoPieces> {
        Some(NoPieces)
    }

    fn default_who(&self) -> Who {
        Who::Next
    }

    fn words(&self, _r: Option<&Ruleset>, whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!("{whom} összes bábuja elfogyott");
        }
        format!("{whom} has no pieces left")
    }

    fn reason(&self) -> String {
        "no pieces left".into()
    }
}
