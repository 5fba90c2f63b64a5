//! `mobility`: the moves the player's rules generate.

use crate::describe::Lang;
use crate::model::Ruleset;
use crate::prims::{Spec, TermInput, TermPrim};

/// The moves the player's rules generate in the position (as if it were the player's turn),
/// before the turn's filters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mobility;

impl Mobility {
    pub const SPEC: Spec = Spec::new(&["mobility"], &[], "the moves the player's rules allow", "eval");
}

impl TermPrim for Mobility {
    fn read(_input: &mut TermInput) -> Option<Mobility> {
        Some(Mobility)
    }

    fn words(&self, _r: &Ruleset, points: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!("{points} minden lépésért, amelyet a játékos szabályai megengednek, mielőtt a lépés szabályai választanának közülük");
        }
        format!("{points} for each move the player's rules allow, before the turn's rules choose among them")
    }
}
