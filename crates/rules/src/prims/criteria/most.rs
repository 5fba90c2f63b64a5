//! `most(...)`: the captures that take the most (pieces, pieces of some types, or weight).

use crate::describe::Lang;
use crate::describe::types_words;
use crate::model::{PieceTypeId, Ruleset};
use crate::prims::{ArgSpec, CriterionInput, CriterionPrim, Spec};
use crate::syntax::ArgValue;

/// The most captured, each captured piece weighing its type's weight (indexed by piece type;
/// `most(pieces)` weighs every type 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Most {
    pub weights: Vec<i64>,
}

impl Most {
    pub const SPEC: Spec = Spec::new(
        &["most"],
        &[ArgSpec::at("...", "")],
        "the captures that take the most: most(pieces), most(TYPES) or most(TYPE=N, ...), a weight per type",
        "precedence-which-captures-come-first",
    );
}

impl CriterionPrim for Most {
    fn read(input: &mut CriterionInput) -> Option<Most> {
        let CriterionInput { r, call, args } = input;
        let mut weights = vec![0i64; r.names.pieces.len()];
        let positional = args.positional();
        match positional.as_slice() {
            [arg] if matches!(&arg.value, ArgValue::Name(n) if n == "pieces") => weights.fill(1),
            [arg] => {
                for t in r.piece_types(arg)?.iter() {
                    weights[t.index()] = 1;
                }
            }
            [] => {
                let mut given = false;
                for (t, piece) in r.names.pieces.iter().enumerate() {
                    if let Some(arg) = args.key(&piece.name) {
                        given = true;
                        match arg.value {
                            ArgValue::Int(v) if (0..=1_000_000).contains(&v) => weights[t] = v,
                            _ => r.arg_error(arg, "a weight is an integer from 0 to 1000000"),
                        }
                    }
                }
                if !given {
                    r.call_error(call, "most() needs what to count: pieces, piece types (man|king), or weights (man=2, king=3)");
                    return None;
                }
            }
            [_, extra, ..] => {
                r.arg_error(extra, "most() counts one thing: pieces, piece types joined by |, or weights as TYPE=N");
                return None;
            }
        }
        Some(Most { weights })
    }

    fn words(&self, r: &Ruleset, lang: Lang) -> String {
        if lang == Lang::Hu {
            let w = &self.weights;
            if w.iter().all(|&w| w == 1) {
                return "olyan ütés, amely a legtöbb bábut üti le".to_string();
            }
            if w.iter().all(|&w| w <= 1) {
                let types = w.iter().enumerate().filter(|(_, w)| **w == 1).map(|(t, _)| PieceTypeId::new(t)).collect();
                return format!("olyan ütés, amely a legtöbb ilyen bábut üti le: {}", types_words(r, types, lang));
            }
            let weights: Vec<String> =
                w.iter().enumerate().map(|(t, w)| format!("{} {w}", crate::describe::piece_name(r, PieceTypeId::new(t), lang))).collect();
            return format!("a legnagyobb súlyú ütés ({})", weights.join(", "));
        }
        let w = &self.weights;
        if w.iter().all(|&w| w == 1) {
            return "a capture that takes the most pieces".to_string();
        }
        if w.iter().all(|&w| w <= 1) {
            let types = w.iter().enumerate().filter(|(_, w)| **w == 1).map(|(t, _)| PieceTypeId::new(t)).collect();
            return format!("a capture that takes the most pieces of type {}", types_words(r, types, lang));
        }
        let weights: Vec<String> = r.pieces.iter().zip(w).map(|(p, w)| format!("a {} {w}", p.name)).collect();
        format!("a capture of the greatest weight ({})", weights.join(", "))
    }

    fn is_majority(&self) -> bool {
        self.weights.iter().all(|&w| w == 1)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn criteria_are_worded_in_hungarian() {
        let text = crate::prims::test_support::rules_hu(
            "[moves.m]\npiece = \"stone\"\ndo = \"jump(diagonal)+\"",
            "no-moves",
            "[turn]\ncapture = \"compulsory\"\nprecedence = [\"most(stone=1, king=2)\"]",
        );
        assert!(text.contains("Az ütés kötelező. Az ütések közül ezt kell választani: a legnagyobb súlyú ütés (kő 1, király 2)."), "{text}");
    }
}
