//! `[eval]`: the evaluation the computer players search with, a list of weighted terms
//! (`terms = ["100 * material", "5 * mobility", "30 * region(corners)"]`). Each term is one
//! general primitive; an unknown one, or a bad argument, is refused at its place in the string.

use super::cx::{Args, Cx, Fields, Names, arg_error, call_error, dir_set_arg, piece_types_arg, region_arg, uint_arg};
use crate::model::{ALL_TYPES, DEFAULT_PLAYOUT, DirSetId, Eval, EvalKind, EvalTerm, MAX_PLAYOUT, PieceTypeSet};
use crate::syntax::{self, Call, SyntaxError};
use crate::tree::{Node, Value};
use hetproba_board::DirId;

/// The terms `[eval]` knows, for the message about an unknown one.
pub const TERMS: [&str; 13] =
    ["material", "pieces", "mobility", "movers", "advance", "region", "approach", "lines", "groups", "spread", "stable", "shelter", "gap"];

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
    let mut args = Args::new(call);
    let kind = match call.name.as_str() {
        "material" => Some(EvalKind::Material),
        "mobility" => Some(EvalKind::Mobility),
        "movers" => Some(EvalKind::Movers),
        "pieces" => types_positional(cx, node, call, &mut args, names).map(|types| EvalKind::Pieces { types }),
        "advance" => {
            if forward.iter().any(Option::is_none) {
                call_error(cx, node, call, "advance() needs each player's forward direction ([board.forward])");
                None
            } else {
                types_positional(cx, node, call, &mut args, names).map(|types| EvalKind::Advance { types })
            }
        }
        "region" | "approach" => {
            let region = match args.positional().as_slice() {
                [arg] => region_arg(cx, node, arg, names),
                [] => {
                    call_error(cx, node, call, format!("{}() needs a region, e.g. {}(centre)", call.name, call.name));
                    None
                }
                [_, extra, ..] => {
                    arg_error(cx, node, extra, format!("{}() takes one region; pieces=TYPE|TYPE picks the pieces", call.name));
                    None
                }
            };
            let types = match args.key("pieces") {
                Some(arg) => piece_types_arg(cx, node, arg, names),
                None => Some(ALL_TYPES),
            };
            match (region?, types?) {
                (region, types) if call.name == "region" => Some(EvalKind::Region { region, types }),
                (region, types) => Some(EvalKind::Approach { region, types }),
            }
        }
        "lines" => {
            let positional = args.positional();
            let len = match positional.first() {
                Some(arg) => match uint_arg(cx, node, arg, names) {
                    Some(len) if (2..=64).contains(&len) => Some(len),
                    Some(_) => {
                        arg_error(cx, node, arg, "a line is from 2 to 64 cells long");
                        None
                    }
                    None => None,
                },
                None => {
                    call_error(cx, node, call, "lines() needs the length of a winning line, e.g. lines(4)");
                    None
                }
            };
            let dirs = match positional.get(1) {
                Some(arg) => dir_set_arg(cx, node, arg, names),
                None => all_dirs(names),
            };
            if let Some(extra) = positional.get(2) {
                arg_error(cx, node, extra, "lines() takes a length and a direction set");
            }
            Some(EvalKind::Lines { len: len?, dirs: dirs? })
        }
        "gap" => {
            let positional = args.positional();
            if positional.len() < 2 {
                call_error(cx, node, call, "gap() needs the two regions to join, e.g. gap(own-side, other-side)");
                return None;
            }
            let from = region_arg(cx, node, positional[0], names);
            let to = region_arg(cx, node, positional[1], names);
            let dirs = match positional.get(2) {
                Some(arg) => dir_set_arg(cx, node, arg, names),
                None => all_dirs(names),
            };
            if let Some(extra) = positional.get(3) {
                arg_error(cx, node, extra, "gap() takes two regions and a direction set");
            }
            Some(EvalKind::Gap { from: from?, to: to?, dirs: dirs? })
        }
        "groups" | "spread" | "stable" | "shelter" => {
            let dirs = match args.positional().as_slice() {
                [] => all_dirs(names),
                [arg] => dir_set_arg(cx, node, arg, names),
                [_, extra, ..] => {
                    arg_error(cx, node, extra, format!("{}() takes one direction set", call.name));
                    None
                }
            }?;
            if call.name == "shelter" && !names.pieces.iter().any(|p| p.royal) {
                call_error(cx, node, call, "shelter() counts the pieces next to royal pieces, and no piece type is royal");
                return None;
            }
            Some(match call.name.as_str() {
                "groups" => EvalKind::Groups { dirs },
                "spread" => EvalKind::Spread { dirs },
                "stable" => EvalKind::Stable { dirs },
                _ => EvalKind::Shelter { dirs },
            })
        }
        other => {
            call_error(cx, node, call, format!("unknown evaluation term '{other}'; the terms are: {}", TERMS.join(", ")));
            return None;
        }
    };
    args.finish(cx, node);
    kind
}

/// `pieces(TYPE|TYPE)`, `advance(man)`: the piece types, or all of them when none is named.
fn types_positional(cx: &mut Cx, node: &Node, call: &Call, args: &mut Args, names: &Names) -> Option<PieceTypeSet> {
    match args.positional().as_slice() {
        [] => Some(ALL_TYPES),
        [arg] => piece_types_arg(cx, node, arg, names),
        [_, extra, ..] => {
            arg_error(cx, node, extra, format!("{}() takes piece types joined by |, e.g. {}(man|king)", call.name, call.name));
            None
        }
    }
}

fn all_dirs(names: &Names) -> Option<DirSetId> {
    names.direction_set("all")
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
        assert_eq!(r.eval.terms[0].kind, EvalKind::Material);
        assert!(matches!(r.eval.terms[2].kind, EvalKind::Region { types, .. } if types.len() == 1));
        assert!(matches!(r.eval.terms[3].kind, EvalKind::Lines { len: 3, .. }));
        assert_eq!(r.eval.terms[4].kind, EvalKind::Movers);
        assert!(r.eval.declared);
    }

    #[test]
    fn a_ruleset_without_eval_gets_material_and_mobility() {
        let text = text("").replace("\n[eval]\nterms = []\n", "");
        let r = crate::load("t.toml", &text, &crate::BuiltinFiles, &[]).unwrap_or_else(|e| panic!("{e}"));
        assert!(!r.eval.declared);
        let kinds: Vec<&EvalKind> = r.eval.terms.iter().map(|t| &t.kind).collect();
        assert_eq!(kinds, [&EvalKind::Material, &EvalKind::Mobility]);
    }

    #[test]
    fn an_unknown_term_is_refused_at_its_name() {
        // Line 30 is `terms = [...]`; "5 * wobble" starts at column 29, its name at 33.
        let message = error(r#""100 * material", "5 * wobble""#);
        assert_eq!(
            message,
            "30:33: unknown evaluation term 'wobble'; the terms are: material, pieces, mobility, movers, advance, region, approach, lines, groups, spread, stable, shelter, gap"
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
