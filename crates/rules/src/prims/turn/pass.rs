//! `[turn] pass`: when a player may pass.

use crate::describe::Lang;
use crate::load::cx::{Cx, Names};
use crate::model::Ruleset;
use crate::prims::{ArgSpec, Spec, TurnOption};
use crate::tree::Node;

/// When a player may pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassRule {
    Never,
    /// Only when no other move is legal, and the opponent has a move (otherwise the game ends).
    WhenStuck,
    /// On any turn.
    Always,
}

/// `pass = "never"`, `"when-stuck"` or `"always"`.
pub struct PassOption;

impl PassOption {
    pub const SPEC: Spec = Spec::new(&["pass"], &[ArgSpec::at("never|when-stuck|always", "never")], "when a player may pass", "turn");
}

impl TurnOption for PassOption {
    type Value = PassRule;
    const KEYS: &'static [&'static str] = &["pass"];
    const ORDER: u8 = 9;

    fn default() -> PassRule {
        PassRule::Never
    }

    fn read(cx: &mut Cx, nodes: &[Option<&Node>], _names: &Names) -> Option<PassRule> {
        let passes = [("never", PassRule::Never), ("when-stuck", PassRule::WhenStuck), ("always", PassRule::Always)];
        cx.keyword(nodes[0]?, "pass", &passes)
    }

    fn words(pass: &PassRule, _r: &Ruleset, lang: Lang) -> Vec<(String, String)> {
        if lang == Lang::Hu {
            let sentence = match pass {
                PassRule::Never => "Passzolni nem szabad.",
                PassRule::WhenStuck => "Akinek nincs szabályos lépése, passzol (ha az ellenfél sem tud lépni, a játszma véget ér).",
                PassRule::Always => "A játékos bármikor passzolhat.",
            };
            return vec![("passing".to_string(), sentence.to_string())];
        }
        let sentence = match pass {
            PassRule::Never => "Passing is not allowed.",
            PassRule::WhenStuck => "A player with no legal move passes (if the opponent cannot move either, the game ends).",
            PassRule::Always => "A player may pass on any turn.",
        };
        vec![("passing".to_string(), sentence.to_string())]
    }
}

#[cfg(test)]
mod tests {
    use crate::model::PassRule;
    use crate::prims::test_support::{load, message};

    #[test]
    fn pass_is_one_of_three_words() {
        let with = |value: &str| load("[moves.m]\npiece = \"stone\"\ndo = \"place\"", "no-moves", &format!("[turn]\npass = \"{value}\""));
        assert_eq!(with("when-stuck").unwrap_or_else(|e| panic!("{e}")).turn.pass, PassRule::WhenStuck);
        assert_eq!(message(&with("sometimes").expect_err("refused")), "pass must be never, when-stuck or always, not 'sometimes'");
    }

    #[test]
    fn turn_options_are_worded_in_hungarian() {
        let text = crate::prims::test_support::rules_hu("[moves.m]\npiece = \"stone\"\ndo = \"place\"", "no-moves", "[turn]\npass = \"always\"");
        assert!(text.contains("\nLépések:\n  - Egy saját kő kerül bármely üres mezőre.\n"), "{text}");
        assert!(text.contains("\n  A játékos bármikor passzolhat.\n"), "{text}");
        assert!(text.contains("A király királyi bábu: egy lépés sem hagyhatja támadás alatt"), "{text}");
        assert!(text.contains("Játékosok: iksz (x) és kör (o); iksz kezd."), "{text}");
    }
}
