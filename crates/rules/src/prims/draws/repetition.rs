//! `repetition = N`: the same position for the N-th time draws.

use crate::describe::{Lang, ordinal};
use crate::prims::{ArgSpec, DrawInput, DrawPrim, Spec};

/// The same position, with the same player to move, for the `count`-th time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repetition {
    pub count: u32,
    /// `perpetual-check = "loses"`: a player who gave check with every move of theirs since
    /// the position first stood loses instead (shogi's and xiangqi's perpetual check).
    pub check_loses: bool,
}

impl Repetition {
    pub const SPEC: Spec = Spec::new(
        &["repetition"],
        &[ArgSpec::at("N", ""), ArgSpec::key("perpetual-check", "\"loses\"", "a draw too")],
        "the same position, same player to move, for the N-th time",
        "draw",
    );
}

impl DrawPrim for Repetition {
    fn read(input: &mut DrawInput) -> Option<Repetition> {
        input.refuse_others(&["perpetual-check"], "a repetition draw");
        let check_loses = match input.extra("perpetual-check") {
            None => false,
            Some(node) => match input.cx.string(node)?.as_str() {
                "loses" => true,
                other => {
                    input.cx.error(node.span, format!("perpetual-check = \"{other}\": the only value is \"loses\" (without the key, a perpetual check draws like any repetition)"));
                    return None;
                }
            },
        };
        Some(Repetition { count: input.positive(input.value)?, check_loses })
    }

    fn besides(&self, lang: Lang) -> Option<&'static str> {
        self.check_loses.then(|| {
            lang.pick(
                "unless one player gave check with every move since the position first stood: that player loses (perpetual check)",
                "kivéve, ha az egyik játékos az állás első előfordulása óta minden lépésével sakkot adott: ő veszít (örökös sakk)",
            )
        })
    }

    fn reason(&self, _pieces: &[&str], lang: Lang) -> String {
        match (lang, self.count) {
            (Lang::En, n) => format!("the same position for the {} time", ordinal(n, lang)),
            (Lang::Hu, 2) => "ugyanaz az állás másodszor".to_string(),
            (Lang::Hu, 3) => "ugyanaz az állás harmadszor".to_string(),
            (Lang::Hu, 4) => "ugyanaz az állás negyedszer".to_string(),
            (Lang::Hu, 5) => "ugyanaz az állás ötödször".to_string(),
            (Lang::Hu, n) => format!("ugyanaz az állás {n}. alkalommal"),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{load, message};

    fn draw(table: &str) -> Result<crate::model::Ruleset, String> {
        load("[moves.m]\npiece = \"stone\"\ndo = \"step(all)\"", "no-moves", &format!("[[draw]]\n{table}"))
    }

    #[test]
    fn a_repetition_counts_and_takes_nothing_else() {
        let r = draw("repetition = 3").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.draws[0].reason, "the same position for the third time");
        assert_eq!(message(&draw("repetition = 3\nreset = [\"capture\"]").expect_err("refused")), "a repetition draw takes no reset");
        let r = draw("repetition = 4\nperpetual-check = \"loses\"").unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(&r.draws[0].kind, crate::model::DrawKind::Repetition(p) if p.check_loses && p.count == 4));
        assert!(message(&draw("repetition = 4\nperpetual-check = \"wins\"").expect_err("refused")).contains("the only value is \"loses\""));
        assert_eq!(message(&draw("moves = 50\nreset = [\"capture\"]\nperpetual-check = \"loses\"").expect_err("refused")), "a move-count draw takes no perpetual-check");
        assert_eq!(message(&draw("repetition = 3\nmoves = 50").expect_err("refused")), "a draw rule is either repetition = N or moves = N, not both");
        assert_eq!(message(&draw("reason = \"why\"").expect_err("refused")), "a draw rule needs repetition = N or moves = N");
    }

    #[test]
    fn the_default_reason_is_worded_in_hungarian() {
        let text = crate::prims::test_support::rules_hu(
            "[moves.m]\npiece = \"stone\"\ndo = \"step(all)\"",
            "no-moves",
            "[[draw]]\nrepetition = 3\n\n[[draw]]\nmoves = 50\nreset = [\"capture\", \"stone\"]",
        );
        assert!(text.contains("  - döntetlen: ugyanaz az állás harmadszor\n  - döntetlen: mindkét fél 50 lépése ütés vagy kőlépés nélkül\n"), "{text}");
    }
}
