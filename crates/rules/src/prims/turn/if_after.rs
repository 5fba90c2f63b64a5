//! `[turn] if-after`: a condition every move must leave true (no move may give check).

use crate::describe::Lang;
use crate::load::cx::{Cx, Names};
use crate::model::{Condition, Ruleset};
use crate::prims::{ArgSpec, Spec, TurnOption};
use crate::tree::Node;

/// `if-after = "CONDITION"`: a move (a pass included) is legal only when the condition holds in
/// the position after it, read as an end condition reads it: the mover is the player who has
/// just moved. `if-after = "not check by next"`: no move may give check.
pub struct IfAfterOption;

impl IfAfterOption {
    pub const SPEC: Spec =
        Spec::new(&["if-after"], &[ArgSpec::at("CONDITION", "none")], "a condition every move must leave true", "if-and-if-after-conditions-on-moves");
}

impl TurnOption for IfAfterOption {
    type Value = Option<Condition>;
    const KEYS: &'static [&'static str] = &["if-after"];
    const ORDER: u8 = 8;

    fn default() -> Option<Condition> {
        None
    }

    fn read(cx: &mut Cx, nodes: &[Option<&Node>], names: &Names) -> Option<Option<Condition>> {
        crate::load::read_condition(cx, nodes[0]?, names).map(Some)
    }

    fn words(condition: &Option<Condition>, r: &Ruleset, lang: Lang) -> Vec<(String, String)> {
        if lang == Lang::Hu {
            let Some(c) = condition else { return Vec::new() };
            let words = crate::describe::condition_words(Some(r), c, crate::describe::after(lang), lang);
            return vec![("moves".to_string(), format!("Egy lépés – a passzt is beleértve – csak akkor szabályos, ha utána {words}."))];
        }
        let Some(c) = condition else { return Vec::new() };
        let words = crate::describe::condition_words(Some(r), c, crate::describe::AFTER, lang);
        vec![("moves".to_string(), format!("A move, a pass included, is legal only if afterwards {words}."))]
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{load, message};

    #[test]
    fn if_after_is_a_condition() {
        let moves = "[moves.m]\npiece = \"stone\"\ndo = \"place\"";
        let r = load(moves, "no-moves", "[turn]\nif-after = \"not check by next\"").unwrap_or_else(|e| panic!("{e}"));
        assert!(r.turn.if_after.is_some());
        let err = load(moves, "no-moves", "[turn]\nif-after = \"nothing(3)\"").expect_err("refused");
        assert!(message(&err).starts_with("unknown test 'nothing'"), "{err}");
    }
}
