//! `[turn] precedence` (and `majority`): which captures come first.

use crate::load::cx::{Args, Cx, Names};
use crate::model::Criterion;
use crate::prims::{ArgSpec, CriterionInput, Reader, Spec, TurnOption, did_you_mean};
use crate::syntax;
use crate::tree::{Node, Value};

/// `precedence = ["most(pieces)", "with(king)"]`, or `majority = true` (`["most(pieces)"]`):
/// each criterion in turn keeps the captures it ranks best, until one separates them.
pub struct PrecedenceOption;

impl PrecedenceOption {
    pub const SPEC: Spec = Spec::new(
        &["precedence", "majority"],
        &[ArgSpec::at("[CRITERION...]", "free choice")],
        "which captures are legal among several (majority = true: the most pieces)",
        "precedence-which-captures-come-first",
    );
}

impl TurnOption for PrecedenceOption {
    type Value = Vec<Criterion>;
    const KEYS: &'static [&'static str] = &["majority", "precedence"];
    const ORDER: u8 = 0;

    fn default() -> Vec<Criterion> {
        Vec::new()
    }

    /// One file says one or the other; a file that extends another overrides whichever its
    /// parent says (the extending file is read first, so its id is the smaller).
    fn read(cx: &mut Cx, nodes: &[Option<&Node>], names: &Names) -> Option<Vec<Criterion>> {
        let (majority, precedence) = (nodes[0], nodes[1]);
        let majority_rules = match (majority, precedence) {
            (Some(m), Some(p)) if m.span.file == p.span.file => {
                if matches!(m.value, Value::Bool(true)) {
                    cx.error(p.span, "give majority = true or precedence, not both: majority = true is precedence = [\"most(pieces)\"]");
                }
                false
            }
            (Some(m), Some(p)) => m.span.file < p.span.file,
            (Some(_), None) => true,
            (None, _) => false,
        };
        match (majority, precedence) {
            (Some(n), _) if majority_rules => match &n.value {
                Value::Bool(true) => Some(vec![Criterion::Most(crate::prims::criteria::Most { weights: vec![1; names.pieces.len()] })]),
                Value::Bool(false) => None,
                _ => {
                    cx.expect_type(n, "true or false");
                    None
                }
            },
            (_, Some(n)) => cx.array(n).map(|items| items.iter().filter_map(|item| criterion(cx, item, names)).collect()),
            _ => None,
        }
    }
}

/// One criterion of capture precedence: `most(pieces)`, `most(TYPE|TYPE)`, `most(TYPE=W, ...)`,
/// `with(TYPE)`, `earliest(TYPE)`.
fn criterion(cx: &mut Cx, node: &Node, names: &Names) -> Option<Criterion> {
    let text = cx.string(node)?;
    let call = match syntax::parse_single_call(&text) {
        Ok(call) => call,
        Err(err) => {
            cx.syntax_error(node, err);
            return None;
        }
    };
    let mut input = CriterionInput { r: Reader { cx, node, names }, call: &call, args: Args::new(&call) };
    let Some(read) = Criterion::read(&call.name, &mut input) else {
        let forms: Vec<String> = Criterion::SPECS.iter().map(|s| s.form()).collect();
        let message = format!(
            "no precedence criterion '{}'; {}the criteria are {}",
            call.name,
            did_you_mean(&call.name, Criterion::names()),
            crate::describe::join_and(&forms)
        );
        input.r.call_error(&call, message);
        return None;
    };
    let criterion = read?;
    let CriterionInput { mut r, args, .. } = input;
    r.finish(args);
    Some(criterion)
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{load, message};

    fn turn(keys: &str) -> Result<crate::model::Ruleset, String> {
        load("[moves.m]\npiece = \"stone\"\ndo = \"jump(all)\"", "no-moves", &format!("[turn]\n{keys}"))
    }

    #[test]
    fn majority_is_most_pieces_and_criteria_are_read_by_name() {
        let r = turn("majority = true").unwrap_or_else(|e| panic!("{e}"));
        assert!(r.turn.precedence.len() == 1 && r.turn.precedence[0].is_majority());
        let r = turn("precedence = [\"most(stone=1, king=3)\", \"with(king)\"]").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.turn.precedence.len(), 2);
        assert_eq!(
            message(&turn("majority = true\nprecedence = [\"with(king)\"]").expect_err("refused")),
            "give majority = true or precedence, not both: majority = true is precedence = [\"most(pieces)\"]"
        );
        assert_eq!(
            message(&turn("precedence = [\"mots(pieces)\"]").expect_err("refused")),
            "no precedence criterion 'mots'; did you mean 'most'? the criteria are most(...), with(TYPE) and earliest(TYPE)"
        );
    }
}
