//! `movers`: the player's pieces that have a move.

use crate::describe::Lang;
use crate::model::Ruleset;
use crate::prims::{Spec, TermInput, TermPrim};

/// The player's pieces that have at least one of the moves [`super::Mobility`] counts (distinct
/// cells moves leave; placements count none), before the turn's filters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Movers;

impl Movers {
    pub const SPEC: Spec = Spec::new(&["movers"], &[], "the player's pieces that have a move", "eval");
}

impl TermPrim for Movers {
    fn read(_input: &mut TermInput) -> Option<Movers> {
        Some(Movers)
    }

    fn words(&self, _r: &Ruleset, points: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!("{points} a játékos minden olyan bábujáért, amelynek van a szabályai szerint megengedett lépése, mielőtt a lépés szabályai választanának");
        }
        format!("{points} for each of the player's pieces that has a move its rules allow, before the turn's rules choose")
    }
}
