//! `[[end]]`: when the game ends (`if`, a condition compiled into a `Condition`) and how
//! (`result`, `reason`).

use super::cx::{Args, Cx, Fields, Names, arg_error, call_error, dir_set_arg, piece_types_arg, read_list, uint_arg};
use crate::model::{Condition, EndRule, Phase, Test, Verdict, Who};
use crate::source::Span;
use crate::syntax::{self, ArgValue, CondAst};
use crate::tree::{Node, Table};

pub(super) fn read_ends(cx: &mut Cx, node: Option<&Node>, names: &Names, phases: &[Phase]) -> Vec<EndRule> {
    match node {
        Some(node) => read_list(cx, node, "[[end]]", |cx, t, span| read_end(cx, t, span, names, phases)),
        None => Vec::new(),
    }
}

fn read_end(cx: &mut Cx, t: &Table, span: Span, names: &Names, phases: &[Phase]) -> Option<EndRule> {
    let mut f = Fields::new(t, "[[end]]");
    let cond_node = f.get("if");
    let result_node = f.get("result");
    let reason = f.get("reason").and_then(|n| cx.string(n));
    f.finish(cx);
    let Some(cond_node) = cond_node else {
        cx.error(span, "an end rule needs if = \"<condition>\"");
        return None;
    };
    let text = cx.string(cond_node)?;
    let condition = read_condition(cx, cond_node, names, phases)?;
    let Some(result_node) = result_node else {
        cx.error(span, "an end rule needs result = \"mover wins\" | \"mover loses\" | \"draw\" | \"most pieces\"");
        return None;
    };
    let verdict = match cx.string(result_node)?.as_str() {
        "mover wins" | "next loses" => Verdict::MoverWins,
        "mover loses" | "next wins" => Verdict::NextWins,
        "draw" => Verdict::Draw,
        "most pieces" => Verdict::MostPieces,
        other => {
            cx.error(
                result_node.span,
                format!("unknown result '{other}'; expected mover wins, mover loses, next wins, next loses, draw or most pieces"),
            );
            return None;
        }
    };
    let reason = reason.unwrap_or_else(|| crate::describe::reason(&condition, verdict));
    Some(EndRule { condition, verdict, reason, text, span: cond_node.span })
}

/// A condition written as a string (`if = "line(3)"`), parsed and compiled.
pub(super) fn read_condition(cx: &mut Cx, node: &Node, names: &Names, phases: &[Phase]) -> Option<Condition> {
    let text = cx.string(node)?;
    let ast = match syntax::parse_condition(&text) {
        Ok(a) => a,
        Err(err) => {
            cx.syntax_error(node, err);
            return None;
        }
    };
    compile_condition(cx, node, &ast, names, phases)
}

fn compile_condition(cx: &mut Cx, node: &Node, ast: &CondAst, names: &Names, phases: &[Phase]) -> Option<Condition> {
    Some(match ast {
        CondAst::Or(parts) => Condition::Or(parts.iter().map(|p| compile_condition(cx, node, p, names, phases)).collect::<Option<_>>()?),
        CondAst::And(parts) => Condition::And(parts.iter().map(|p| compile_condition(cx, node, p, names, phases)).collect::<Option<_>>()?),
        CondAst::Not(inner) => Condition::Not(Box::new(compile_condition(cx, node, inner, names, phases)?)),
        CondAst::Test { call, who } => {
            let mut args = Args::new(call);
            let (test, default_who) = match call.name.as_str() {
                "line" => {
                    let mut len = None;
                    let mut exact = false;
                    let mut dirs = names.direction_set("all");
                    for arg in args.positional() {
                        match &arg.value {
                            ArgValue::Int(_) if len.is_none() => len = uint_arg(cx, node, arg, names),
                            // A parameter's name stands for its value: line(connect).
                            ArgValue::Name(n) if len.is_none() && names.param(n).is_some() => len = uint_arg(cx, node, arg, names),
                            ArgValue::Name(n) if n == "exact" => exact = true,
                            ArgValue::Name(n) if len.is_none() && names.direction_set(n).is_none() => {
                                // Neither a direction set nor a parameter: one message, not a
                                // second one about the missing length.
                                let known: Vec<&str> = names.params.iter().map(|(k, _)| k.as_str()).collect();
                                let params = if known.is_empty() {
                                    "this ruleset has no [params]".to_string()
                                } else {
                                    format!("the parameters are: {}", known.join(", "))
                                };
                                arg_error(
                                    cx,
                                    node,
                                    arg,
                                    format!(
                                        "line() takes a length (a number, or a parameter's name), 'exact' and a direction set; '{n}' is none of these ({params})"
                                    ),
                                );
                                return None;
                            }
                            ArgValue::Name(_) => dirs = dir_set_arg(cx, node, arg, names),
                            _ => arg_error(cx, node, arg, "line() takes a length, 'exact' and a direction set"),
                        }
                    }
                    let Some(len) = len.filter(|&l| l >= 2) else {
                        call_error(cx, node, call, "line() needs a length of at least 2, e.g. line(4)");
                        return None;
                    };
                    (Test::Line { len, exact, dirs: dirs? }, Who::Mover)
                }
                "no-moves" => {
                    if *who == Some(Who::Mover) {
                        call_error(cx, node, call, "no-moves looks at the player to move; drop 'by mover'");
                    }
                    (Test::NoMoves, Who::Next)
                }
                "no-pieces" => (Test::NoPieces, Who::Next),
                "connected" => {
                    let dirs = match args.positional().as_slice() {
                        [] => names.direction_set("all")?,
                        [arg] => dir_set_arg(cx, node, arg, names)?,
                        [_, extra, ..] => {
                            arg_error(cx, node, extra, "connected() takes one direction set: the neighbourhood");
                            return None;
                        }
                    };
                    (Test::Connected { dirs }, Who::Mover)
                }
                "occupies" => {
                    let region = match args.positional().as_slice() {
                        [arg] => region_name(cx, node, arg, names)?,
                        _ => {
                            call_error(cx, node, call, "occupies() takes one region name, e.g. occupies(far)");
                            return None;
                        }
                    };
                    (Test::Occupies { region }, Who::Mover)
                }
                "fewer" => {
                    let positional = args.positional();
                    let Some((first, rest)) = positional.split_first() else {
                        call_error(cx, node, call, "fewer() needs a count: fewer(2), or fewer(2, man|king)");
                        return None;
                    };
                    let count = uint_arg(cx, node, first, names)?;
                    let types = match rest {
                        [] => None,
                        [arg] => Some(piece_types_arg(cx, node, arg, names)?),
                        [_, extra, ..] => {
                            arg_error(cx, node, extra, "fewer() takes a count, then piece types joined by |: fewer(2, man|king)");
                            return None;
                        }
                    };
                    if count == 0 {
                        arg_error(cx, node, first, "fewer(0) never holds: the count is at least 1");
                        return None;
                    }
                    (Test::Fewer { count, types }, Who::Next)
                }
                "joins" => {
                    let positional = args.positional();
                    let (from, to, dirs) = match positional.as_slice() {
                        [a, b] => (region_name(cx, node, a, names)?, region_name(cx, node, b, names)?, names.direction_set("all")?),
                        [a, b, d] => (region_name(cx, node, a, names)?, region_name(cx, node, b, names)?, dir_set_arg(cx, node, d, names)?),
                        _ => {
                            call_error(
                                cx,
                                node,
                                call,
                                "joins() takes two regions and a direction set: joins(top, bottom) or joins(top, bottom, orthogonal)",
                            );
                            return None;
                        }
                    };
                    (Test::Joins { from, to, dirs }, Who::Mover)
                }
                "fills" | "within" => {
                    let region = match args.positional().as_slice() {
                        [arg] => region_name(cx, node, arg, names)?,
                        _ => {
                            call_error(cx, node, call, format!("{}() takes one region name, e.g. {}(goal)", call.name, call.name));
                            return None;
                        }
                    };
                    let test = if call.name == "fills" { Test::Fills { region } } else { Test::Within { region } };
                    (test, Who::Mover)
                }
                "phase" => {
                    let known = || phases.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", ");
                    let phase = match args.positional().as_slice() {
                        [arg] => match &arg.value {
                            ArgValue::Name(name) => match phases.iter().position(|p| &p.name == name) {
                                Some(i) => i as u8,
                                None => {
                                    arg_error(cx, node, arg, format!("no phase '{name}'; the phases are: {}", known()));
                                    return None;
                                }
                            },
                            _ => {
                                arg_error(cx, node, arg, "phase() takes a phase name");
                                return None;
                            }
                        },
                        _ => {
                            call_error(cx, node, call, format!("phase() takes one phase name, e.g. phase({})", phases[0].name));
                            return None;
                        }
                    };
                    (Test::Phase { phase }, Who::Mover)
                }
                "check" => {
                    if !names.pieces.iter().any(|p| p.royal) {
                        call_error(
                            cx,
                            node,
                            call,
                            "check looks at royal pieces, and this ruleset has none: say royal = true in [pieces.NAME]",
                        );
                    }
                    (Test::Check, Who::Next)
                }
                other => {
                    call_error(
                        cx,
                        node,
                        call,
                        format!(
                            "unknown test '{other}'; expected line, no-moves, no-pieces, fewer, connected, joins, occupies, fills, within, phase or check"
                        ),
                    );
                    return None;
                }
            };
            args.finish(cx, node);
            Condition::Test(test, who.unwrap_or(default_who))
        }
    })
}

/// A region named by an argument, or an error listing the board's regions.
fn region_name(cx: &mut Cx, node: &Node, arg: &crate::syntax::Arg, names: &Names) -> Option<crate::model::RegionId> {
    match &arg.value {
        ArgValue::Name(name) => names.region(name).or_else(|| {
            let known: Vec<&str> = names.regions.iter().map(|r| r.name.as_str()).collect();
            arg_error(cx, node, arg, format!("no region '{name}'; the board has: {}", known.join(", ")));
            None
        }),
        _ => {
            arg_error(cx, node, arg, "expected a region name");
            None
        }
    }
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
