//! `line(N)`: a straight unbroken line of N own pieces.

use crate::describe::Lang;
use crate::describe::axis_words;
use crate::model::{DirSetId, Ruleset, Who};
use crate::prims::{ArgSpec, Spec, TestInput, TestPrim};
use crate::syntax::ArgValue;

/// A straight unbroken line of `len` own pieces (`exact`: exactly `len`, longer lines do not
/// count) along the axes of `dirs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub len: u32,
    pub exact: bool,
    pub dirs: DirSetId,
}

impl Line {
    pub const SPEC: Spec = Spec::new(
        &["line"],
        &[ArgSpec::at("N, at least 2", ""), ArgSpec::at("exact", "at least N"), ArgSpec::at("DIRS", "all")],
        "a straight unbroken line of N own pieces",
        "end-tests",
    );
}

impl TestPrim for Line {
    fn read(input: &mut TestInput) -> Option<Line> {
        let TestInput { r, call, args, .. } = input;
        let mut len = None;
        let mut exact = false;
        let mut dirs = r.names.direction_set("all");
        for arg in args.positional() {
            match &arg.value {
                ArgValue::Int(_) if len.is_none() => len = r.uint(arg),
                // A parameter's name stands for its value: line(connect).
                ArgValue::Name(n) if len.is_none() && r.names.param(n).is_some() => len = r.uint(arg),
                ArgValue::Name(n) if n == "exact" => exact = true,
                ArgValue::Name(n) if len.is_none() && r.names.direction_set(n).is_none() => {
                    // Neither a direction set nor a parameter: one message, not a second one
                    // about the missing length.
                    let known: Vec<&str> = r.names.params.iter().map(|(k, _)| k.as_str()).collect();
                    let params = if known.is_empty() {
                        "this ruleset has no [params]".to_string()
                    } else {
                        format!("the parameters are: {}", known.join(", "))
                    };
                    r.arg_error(
                        arg,
                        format!(
                            "line() takes a length (a number, or a parameter's name), 'exact' and a direction set; '{n}' is none of these ({params})"
                        ),
                    );
                    return None;
                }
                ArgValue::Name(_) => dirs = r.dir_set(arg),
                _ => r.arg_error(arg, "line() takes a length, 'exact' and a direction set"),
            }
        }
        let Some(len) = len.filter(|&l| l >= 2) else {
            r.call_error(call, "line() needs a length of at least 2, e.g. line(4)");
            return None;
        };
        Some(Line { len, exact, dirs: dirs? })
    }

    fn default_who(&self) -> Who {
        Who::Mover
    }

    fn words(&self, r: Option<&Ruleset>, whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            let Line { len, exact, dirs } = *self;
            return format!(
                "{whom} {} {len} bábuja megszakítatlan egyenes vonalat alkot {}",
                if exact { "pontosan" } else { "legalább" },
                axis_words(r, Some(dirs), lang)
            ) + if exact { " (a hosszabb sor nem számít)" } else { "" };
        }
        let Line { len, exact, dirs } = *self;
        format!(
            "{whom} has {} {len} own pieces in an unbroken straight line {}",
            if exact { "exactly" } else { "at least" },
            axis_words(r, Some(dirs), lang)
        ) + if exact { " (longer lines do not count)" } else { "" }
    }

    fn reason(&self) -> String {
        if self.exact { format!("exactly {} in a row", self.len) } else { format!("{} in a row", self.len) }
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{load, message};

    fn end(condition: &str) -> Result<crate::model::Ruleset, String> {
        load("[moves.m]\npiece = \"stone\"\ndo = \"place\"", condition, "")
    }

    #[test]
    fn a_line_counts_from_two_and_says_so() {
        let r = end("line(3, exact, orthogonal)").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.ends[0].reason, "exactly 3 in a row");
        assert_eq!(
            crate::describe::end_words(&r, &r.ends[0]),
            "If the player who just moved has exactly 3 own pieces in an unbroken straight line in a row or column (longer lines do not count), the player who just moved wins."
        );
        assert_eq!(message(&end("line(1)").expect_err("refused")), "line() needs a length of at least 2, e.g. line(4)");
        assert!(message(&end("line(far)").expect_err("refused")).starts_with("line() takes a length (a number, or a parameter's name), 'exact' and a direction set; 'far' is none of these"));
    }

    #[test]
    fn end_tests_are_worded_in_hungarian() {
        let text = crate::prims::test_support::rules_hu("[moves.m]\npiece = \"stone\"\ndo = \"place\"", "line(4) or no-pieces by next", "");
        assert!(
            text.contains("  - Ha az éppen lépett játékos legalább 4 bábuja megszakítatlan egyenes vonalat alkot sorban, oszlopban vagy átlóban, vagy a soron következő játékos összes bábuja elfogyott, az éppen lépett játékos nyer.\n"),
            "{text}"
        );
        // No test needs the moves, so a player with none draws, in Hungarian too.
        assert!(text.contains("  - Ha a soron következő játékosnak nincs szabályos lépése, a játszma döntetlen.\n"), "{text}");
    }
}
