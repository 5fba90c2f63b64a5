//! `movers`: the player's pieces that have a move.

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

    fn words(&self, _r: &Ruleset, points: &str) -> String {
        format!("{points} for each of the player's pieces that has a move its rules allow, before the turn's rules choose")
    }
}
