//! `[[end]]`: when the game ends (`if`, a condition compiled into a `Condition`) and how
//! (`result`, `reason`).

use super::cx::{Args, Cx, Fields, Names, read_list};
use crate::model::{Area, Condition, Count, EndRule, Query, Test, Verdict};
use crate::prims::{Reader, TestInput, did_you_mean, listed};
use crate::source::Span;
use crate::syntax::{self, CondAst, CountAst};
use crate::tree::{Node, Table};

pub(super) fn read_ends(cx: &mut Cx, node: Option<&Node>, names: &Names) -> Vec<EndRule> {
    match node {
        Some(node) => read_list(cx, node, "[[end]]", |cx, t, span| read_end(cx, t, span, names)),
        None => Vec::new(),
    }
}

fn read_end(cx: &mut Cx, t: &Table, span: Span, names: &Names) -> Option<EndRule> {
    let mut f = Fields::new(t, "[[end]]");
    let cond_node = f.get("if");
    let result_node = f.get("result");
    let reason = f.get("reason").and_then(|n| cx.string(n));
    let komi_node = f.get("komi");
    let ties_node = f.get("ties");
    f.finish(cx);
    let Some(cond_node) = cond_node else {
        cx.error(span, "an end rule needs if = \"<condition>\"");
        return None;
    };
    let text = cx.string(cond_node)?;
    let condition = read_condition(cx, cond_node, names)?;
    let Some(result_node) = result_node else {
        cx.error(span, "an end rule needs result = \"mover wins\" | \"mover loses\" | \"draw\" | \"most pieces\"");
        return None;
    };
    let verdict = match cx.string(result_node)?.as_str() {
        "mover wins" | "next loses" => Verdict::MoverWins,
        "mover loses" | "next wins" => Verdict::NextWins,
        "draw" => Verdict::Draw,
        "most pieces" => Verdict::MostPieces,
        other if other.starts_with("most area") => Verdict::MostArea(read_area(cx, result_node, other, names, komi_node, ties_node)?),
        other => {
            cx.error(
                result_node.span,
                format!("unknown result '{other}'; expected mover wins, mover loses, next wins, next loses, draw, most pieces or most area(DIRS)"),
            );
            return None;
        }
    };
    if !matches!(verdict, Verdict::MostArea(_)) {
        for node in [komi_node, ties_node].into_iter().flatten() {
            cx.error(node.span, "komi and ties are for result = \"most area(DIRS)\": the points of a score");
        }
    }
    let reason = reason.unwrap_or_else(|| crate::describe::reason(&condition, verdict));
    Some(EndRule { condition, verdict, reason, text, span: cond_node.span })
}

/// `result = "most area(orthogonal)"` with its `komi` and `ties`.
fn read_area(cx: &mut Cx, result: &Node, text: &str, names: &Names, komi: Option<&Node>, ties: Option<&Node>) -> Option<Area> {
    let inner = text.strip_prefix("most area").map(str::trim).and_then(|r| r.strip_prefix('(')).and_then(|r| r.strip_suffix(')'));
    let dirs = match inner.map(str::trim) {
        Some(name) => match names.direction_set(name) {
            Some(d) => Some(d),
            None => {
                let known: Vec<&str> = names.direction_sets.iter().map(|d| d.name.as_str()).collect();
                cx.error(result.span, format!("unknown direction set '{name}'; known: {}", known.join(", ")));
                None
            }
        },
        None => {
            cx.error(result.span, "most area takes the directions its regions join along: most area(orthogonal)");
            None
        }
    };
    let komi = match komi {
        None => Some(0),
        Some(n) => super::cx::int_expr(cx, n, names.params).and_then(|k| match u32::try_from(k) {
            Ok(k) if k <= 10_000 => Some(k),
            _ => {
                cx.error(n.span, format!("komi is the points the second player gets, from 0 to 10000, not {k}"));
                None
            }
        }),
    };
    let ties = match ties {
        None => Some(None),
        Some(n) => {
            let text = cx.string(n)?;
            if text == "draw" {
                Some(None)
            } else {
                match text.strip_suffix(" wins").and_then(|p| names.player(p)) {
                    Some(p) => Some(Some(p)),
                    None => {
                        cx.error(n.span, format!("ties must be draw or '<player> wins', not '{text}'"));
                        None
                    }
                }
            }
        }
    };
    Some(Area { dirs: dirs?, komi: komi?, ties: ties? })
}

/// A condition written as a string (`if = "line(3)"`, `captured by mover >= 10`), parsed and
/// compiled. The same language serves end rules, a move's `if` and `if-after`, and `[turn]`.
pub(crate) fn read_condition(cx: &mut Cx, node: &Node, names: &Names) -> Option<Condition> {
    let text = cx.string(node)?;
    let ast = match syntax::parse_condition(&text) {
        Ok(a) => a,
        Err(err) => {
            cx.syntax_error(node, err);
            return None;
        }
    };
    compile_condition(cx, node, &ast, names)
}

fn compile_condition(cx: &mut Cx, node: &Node, ast: &CondAst, names: &Names) -> Option<Condition> {
    Some(match ast {
        CondAst::Or(parts) => Condition::Or(parts.iter().map(|p| compile_condition(cx, node, p, names)).collect::<Option<_>>()?),
        CondAst::And(parts) => Condition::And(parts.iter().map(|p| compile_condition(cx, node, p, names)).collect::<Option<_>>()?),
        CondAst::Not(inner) => Condition::Not(Box::new(compile_condition(cx, node, inner, names)?)),
        CondAst::Test { call, who } => {
            let mut input = TestInput { r: Reader { cx, node, names }, call, args: Args::new(call), who: *who, phases: names.phases };
            let Some(read) = Test::read(&call.name, &mut input) else {
                let message = if Query::names().any(|q| q == call.name) {
                    format!("{} is a count, not a test: compare it, as in {} >= 1", call.name, call.name)
                } else {
                    format!("unknown test '{}'; {}expected {}", call.name, did_you_mean(&call.name, Test::names()), listed(Test::names()))
                };
                input.r.call_error(call, message);
                return None;
            };
            let test = read?;
            let TestInput { mut r, args, .. } = input;
            r.finish(args);
            let default = test.prim().default_who();
            Condition::Test(test, who.unwrap_or(default))
        }
        CondAst::Compare(left, op, right) => {
            let (left, right) = (compile_count(cx, node, left, names), compile_count(cx, node, right, names));
            Condition::Compare(left?, *op, right?)
        }
    })
}

/// A count: a number, a query of the registry, or a parameter's name (its value).
fn compile_count(cx: &mut Cx, node: &Node, ast: &CountAst, names: &Names) -> Option<Count> {
    Some(match ast {
        CountAst::Int(v) => Count::Int(*v),
        CountAst::Chain(first, rest) => {
            let first = compile_count(cx, node, first, names);
            let rest: Option<Vec<_>> = rest.iter().map(|(op, c)| compile_count(cx, node, c, names).map(|c| (*op, c))).collect();
            Count::Chain(Box::new(first?), rest?)
        }
        CountAst::Query { call, who } => {
            // A parameter's name, alone, stands for its value.
            if call.args.is_empty()
                && who.is_none()
                && !Query::names().any(|q| q == call.name)
                && let Some(v) = names.param(&call.name)
            {
                return Some(Count::Int(v));
            }
            let mut input = TestInput { r: Reader { cx, node, names }, call, args: Args::new(call), who: *who, phases: names.phases };
            let Some(read) = Query::read(&call.name, &mut input) else {
                let params: Vec<&str> = names.params.iter().map(|(k, _)| k.as_str()).collect();
                let or_params = if params.is_empty() { String::new() } else { format!(", or a parameter ({})", params.join(", ")) };
                let message = if Test::names().any(|t| t == call.name) {
                    format!("{} is a test, not a count: it holds or not, and is not compared", call.name)
                } else {
                    format!(
                        "unknown count '{}'; {}expected {}{or_params}",
                        call.name,
                        did_you_mean(&call.name, Query::names()),
                        listed(Query::names())
                    )
                };
                input.r.call_error(call, message);
                return None;
            };
            let query = read?;
            let TestInput { mut r, args, .. } = input;
            r.finish(args);
            let default = query.prim().default_who();
            Count::Query(query, who.unwrap_or(default))
        }
    })
}

/// A game that says it cannot be drawn (`[game] cannot-draw = true`) has no end rule whose
/// result is a draw, and no `[[draw]]` rules.
pub(super) fn check_cannot_draw(cx: &mut Cx, at: Span, ends: &[EndRule], draws: &[crate::model::DrawRule]) {
    for end in ends.iter().filter(|e| e.verdict == Verdict::Draw) {
        cx.error(end.span, "this rule draws, but [game] says cannot-draw = true");
    }
    if !draws.is_empty() {
        cx.error(
            at,
            format!(
                "[game] says cannot-draw = true, but the ruleset has {} [[draw]] rule{}",
                draws.len(),
                if draws.len() == 1 { "" } else { "s" }
            ),
        );
    }
}
