//! `[eval]`: the evaluation the computer players search with, a list of weighted terms
//! (`terms = ["100 * material", "5 * mobility", "30 * region(corners)"]`). Each term is one
//! general primitive; an unknown one, or a bad argument, is refused at its place in the string.

use super::cx::{Args, Cx, Fields, Names};
use crate::model::{DEFAULT_PLAYOUT, Eval, EvalKind, EvalTerm, MAX_PLAYOUT};
use crate::prims::{Reader, TermInput, did_you_mean};
use crate::syntax::{self, Call, SyntaxError};
use crate::tree::{Node, Value};
use hetproba_board::DirId;

/// The largest weight a term may have: the sum stays far from the scores of won games.
pub const MAX_WEIGHT: i64 = 10_000;

pub(super) fn read_eval(cx: &mut Cx, node: Option<&Node>, names: &Names, forward: [Option<DirId>; 2]) -> Eval {
    let Some(node) = node else { return Eval::default_terms() };
    let Some(table) = cx.table(node) else { return Eval::default_terms() };
    let mut f = Fields::new(table, "[eval]");
    let terms_node = f.get("terms");
    let playout_node = f.get("playout");
    let playout = match playout_node {
        None => DEFAULT_PLAYOUT,
        Some(n) => match n.value {
            Value::Int(v) if (0..=i64::from(MAX_PLAYOUT)).contains(&v) => v as u32,
            _ => {
                cx.error(n.span, format!("playout is the plies an MCTS playout makes before the evaluation judges: an integer from 0 (to the end of the game) to {MAX_PLAYOUT}"));
                DEFAULT_PLAYOUT
            }
        },
    };
    f.finish(cx);
    let Some(terms_node) = terms_node else {
        // `playout` alone keeps the default terms.
        if playout_node.is_none() {
            cx.error(node.span, "[eval] needs terms = [\"100 * material\", ...]");
        }
        return Eval { playout, ..Eval::default_terms() };
    };
    let Some(items) = cx.array(terms_node) else { return Eval::default_terms() };
    let mut terms = Vec::new();
    for item in items {
        let Some(text) = cx.string(item) else { continue };
        let (weight, weight_at, call) = match syntax::parse_eval_term(&text) {
            Ok(parsed) => parsed,
            Err(err) => {
                cx.syntax_error(item, err);
                continue;
            }
        };
        if weight.abs() > MAX_WEIGHT {
            let message = format!("a weight is at most {MAX_WEIGHT} either way, not {weight}");
            cx.syntax_error(item, SyntaxError { at: weight_at, message });
            continue;
        }
        if let Some(kind) = read_term(cx, item, &call, names, forward) {
            terms.push(EvalTerm { weight: weight as i32, kind, text });
        }
    }
    Eval { terms, declared: true, playout }
}

fn read_term(cx: &mut Cx, node: &Node, call: &Call, names: &Names, forward: [Option<DirId>; 2]) -> Option<EvalKind> {
    let mut input = TermInput { r: Reader { cx, node, names }, call, args: Args::new(call), forward };
    let Some(read) = EvalKind::read(&call.name, &mut input) else {
        let known: Vec<&str> = EvalKind::names().collect();
        let message = format!(
            "unknown evaluation term '{}'; {}the terms are: {}",
            call.name,
            did_you_mean(&call.name, EvalKind::names()),
            known.join(", ")
        );
        input.r.call_error(call, message);
        return None;
    };
    let kind = read?;
    let TermInput { mut r, args, .. } = input;
    r.finish(args);
    Some(kind)
}

#[cfg(test)]
mod tests {
    use crate::model::EvalKind;

    fn text(terms: &str) -> String {
        format!(
            "[game]\nid = \"t\"\nname = \"T\"\n\n[[players]]\nname = \"x\"\n\n[[players]]\nname = \"o\"\n\n\
             [board]\nshape = \"rect\"\nwidth = 5\nheight = 5\n\n[board.regions]\ncentre = \"x == 2 and y == 2\"\n\n\
             [pieces.stone]\nsymbols = [\"x\", \"o\"]\n\n[moves.stone]\ndo = \"place\"\n\n\
             [[end]]\nif = \"line(3) by mover\"\nresult = \"mover wins\"\n\n[eval]\nterms = [{terms}]\n"
        )
    }

    /// The one message loading reports, as `line:column: message`.
    fn error(terms: &str) -> String {
        let text = text(terms);
        let report = crate::load("t.toml", &text, &crate::BuiltinFiles, &[]).expect_err("refused");
        let rendered = report.to_string();
        let first = rendered.lines().next().expect("a message").to_string();
        first.strip_prefix("t.toml:").expect("located in the file").to_string()
    }

    #[test]
    fn terms_are_read_with_their_weights() {
        let text = text(r#""100 * material", "mobility", "-3 * region(centre, pieces=stone)", "lines(3, orthogonal)", "-2 * movers""#);
        let r = crate::load("t.toml", &text, &crate::BuiltinFiles, &[]).unwrap_or_else(|e| panic!("{e}"));
        let weights: Vec<i32> = r.eval.terms.iter().map(|t| t.weight).collect();
        assert_eq!(weights, [100, 1, -3, 1, -2]);
        assert!(matches!(r.eval.terms[0].kind, EvalKind::Material(_)));
        assert!(matches!(r.eval.terms[2].kind, EvalKind::Region(ref region) if region.types.len() == 1));
        assert!(matches!(r.eval.terms[3].kind, EvalKind::Lines(ref lines) if lines.len == 3));
        assert!(matches!(r.eval.terms[4].kind, EvalKind::Movers(_)));
        assert!(r.eval.declared);
    }

    #[test]
    fn a_ruleset_without_eval_gets_material_and_mobility() {
        let text = text("").replace("\n[eval]\nterms = []\n", "");
        let r = crate::load("t.toml", &text, &crate::BuiltinFiles, &[]).unwrap_or_else(|e| panic!("{e}"));
        assert!(!r.eval.declared);
        let kinds: Vec<&EvalKind> = r.eval.terms.iter().map(|t| &t.kind).collect();
        assert_eq!(kinds, [&EvalKind::Material(crate::model::terms::Material), &EvalKind::Mobility(crate::model::terms::Mobility)]);
    }

    #[test]
    fn an_unknown_term_is_refused_at_its_name() {
        // Line 30 is `terms = [...]`; "5 * wobble" starts at column 29, its name at 33.
        let message = error(r#""100 * material", "5 * wobble""#);
        assert_eq!(
            message,
            "30:33: unknown evaluation term 'wobble'; the terms are: material, pieces, mobility, movers, advance, region, approach, lines, groups, spread, stable, shelter, gap, captured"
        );
    }

    #[test]
    fn bad_arguments_are_refused_at_the_argument() {
        assert_eq!(error(r#""region(corner)""#), "30:18: no region 'corner'; the board has: all, edge, centre");
        assert_eq!(error(r#""advance(knight)""#), "30:19: no piece type 'knight'; the pieces are: stone");
        assert_eq!(error(r#""lines(1)""#), "30:17: a line is from 2 to 64 cells long");
        assert_eq!(error(r#""lines""#), "30:11: lines() needs the length of a winning line, e.g. lines(4)");
        assert_eq!(error(r#""mobility(3)""#), "30:20: mobility() takes no more arguments here");
        assert_eq!(error(r#""shelter""#), "30:11: shelter() counts the pieces next to royal pieces, and no piece type is royal");
        assert_eq!(error(r#""gap(centre)""#), "30:11: gap() needs the two regions to join, e.g. gap(own-side, other-side)");
        assert_eq!(error(r#""gap(centre, edges)""#), "30:23: no region 'edges'; the board has: all, edge, centre");
        assert_eq!(error(r#""captured""#), "30:11: captured counts the pieces each player has captured: add captured = true to [state]");
        assert_eq!(error(r#""20000 * material""#), "30:11: a weight is at most 10000 either way, not 20000");
        assert!(error(r#""material +""#).starts_with("30:20: expected"), "{}", error(r#""material +""#));
    }

    #[test]
    fn eval_takes_only_terms() {
        let text = text(r#""material""#).replace("[eval]\n", "[eval]\ndepth = 3\n");
        let report = crate::load("t.toml", &text, &crate::BuiltinFiles, &[]).expect_err("refused");
        assert!(report.to_string().contains("unknown key 'depth' in [eval]; expected one of: terms, playout"), "{report}");
    }

    #[test]
    fn playout_is_read_and_a_bad_one_is_refused_at_its_value() {
        let with = |playout: &str| text(r#""material""#).replace("[eval]\n", &format!("[eval]\nplayout = {playout}\n"));
        let r = crate::load("t.toml", &with("0"), &crate::BuiltinFiles, &[]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.eval.playout, 0);
        let r = crate::load("t.toml", &text(r#""material""#), &crate::BuiltinFiles, &[]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.eval.playout, crate::model::DEFAULT_PLAYOUT);
        for bad in ["-1", "20000", "\"deep\""] {
            let report = crate::load("t.toml", &with(bad), &crate::BuiltinFiles, &[]).expect_err("refused");
            // Line 30 is `playout = ...`; its value starts at column 11.
            assert!(report.to_string().starts_with("t.toml:30:11: playout is the plies an MCTS playout makes"), "{report}");
        }
        // `playout` alone keeps the default terms.
        let alone = text(r#""material""#).replace("terms = [\"material\"]\n", "playout = 4\n");
        let r = crate::load("t.toml", &alone, &crate::BuiltinFiles, &[]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.eval.playout, r.eval.terms.len(), r.eval.declared), (4, 2, false));
    }
}
