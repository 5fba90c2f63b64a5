//! `mobility`: the moves the player's rules generate.

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

    fn words(&self, _r: &Ruleset, points: &str) -> String {
        format!("{points} for each move the player's rules allow, before the turn's rules choose among them")
    }
}
