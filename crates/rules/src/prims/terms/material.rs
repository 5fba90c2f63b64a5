//! `material`: the sum of the player's pieces' values.

use crate::model::Ruleset;
use crate::prims::{Spec, TermInput, TermPrim};

/// The sum of the player's pieces' values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Material;

impl Material {
    pub const SPEC: Spec = Spec::new(&["material"], &[], "the sum of the player's pieces' values", "eval");
}

impl TermPrim for Material {
    fn read(_input: &mut TermInput) -> Option<Material> {
        Some(Material)
    }

    fn words(&self, r: &Ruleset, points: &str) -> String {
        let values: Vec<String> = r.pieces.iter().filter(|p| p.owned).map(|p| format!("{} {}", p.name, p.value)).collect();
        format!("{points} for each unit of the pieces' values ({})", values.join(", "))
    }
}
