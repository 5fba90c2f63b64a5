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

#[cfg(test)]
mod tests {
    #[test]
    fn terms_are_worded_in_hungarian() {
        let text = crate::prims::test_support::rules_hu("[moves.m]\npiece = \"stone\"\ndo = \"place\"", "no-moves", "[eval]\nterms = [\"100 * material\", \"4 * mobility\"]");
        assert!(text.contains("  - 100 pont a bábuk értékének minden egységéért (kő 1, király 1)\n"), "{text}");
        assert!(text.contains("  - 4 pont minden lépésért, amelyet a játékos szabályai megengednek"), "{text}");
    }
}
