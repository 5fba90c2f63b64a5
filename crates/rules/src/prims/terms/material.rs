//! `material`: the sum of the player's pieces' values.

use crate::describe::Lang;
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

    fn words(&self, r: &Ruleset, points: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            let values: Vec<String> = (0..r.pieces.len())
                .filter(|&t| r.pieces[t].owned)
                .map(|t| format!("{} {}", crate::describe::piece_name(r, crate::model::PieceTypeId::new(t), lang), r.pieces[t].value))
                .collect();
            return format!("{points} a bábuk értékének minden egységéért ({})", values.join(", "));
        }
        let values: Vec<String> = r.pieces.iter().filter(|p| p.owned).map(|p| format!("{} {}", p.name, p.value)).collect();
        format!("{points} for each unit of the pieces' values ({})", values.join(", "))
    }
}
