//! `[[draw]]`: draws by repetition, and by a number of moves without a reset event, optionally
//! only with some material on the board.

use super::cx::{Cx, Fields, Names, read_list};
use crate::model::{DrawKind, DrawRule, Event, Material};
use crate::source::Span;
use crate::syntax;
use crate::tree::{Node, Table, Value};

pub(super) fn read_draws(cx: &mut Cx, node: Option<&Node>, names: &Names) -> Vec<DrawRule> {
    match node {
        Some(node) => read_list(cx, node, "[[draw]]", |cx, t, span| read_draw(cx, t, span, names)),
        None => Vec::new(),
    }
}

fn read_draw(cx: &mut Cx, t: &Table, span: Span, names: &Names) -> Option<DrawRule> {
    let mut f = Fields::new(t, "[[draw]]");
    let repetition = f.get("repetition");
    let moves = f.get("moves");
    let reset = f.get("reset");
    let material = f.get("material");
    let reason = f.get("reason").and_then(|n| cx.string(n));
    f.finish(cx);
    let positive = |cx: &mut Cx, n: &Node| match n.value {
        Value::Int(v) if v > 0 && v < 100_000 => Some(v as u32),
        _ => {
            cx.expect_type(n, "a positive integer");
            None
        }
    };
    let kind = match (repetition, moves) {
        (Some(r), None) => {
            if reset.is_some() || material.is_some() {
                cx.error(span, "a repetition draw takes no reset or material");
            }
            DrawKind::Repetition { count: positive(cx, r)? }
        }
        (None, Some(m)) => {
            // With a material condition, 0 moves means: drawn as soon as the material arises.
            let count = match m.value {
                Value::Int(0) if material.is_some() => 0,
                Value::Int(0) => {
                    cx.error(
                        m.span,
                        "moves = 0 needs a material condition: it draws as soon as that material stands on the board (material = { strong = \"...\", weak = \"...\" })",
                    );
                    return None;
                }
                _ => positive(cx, m)?,
            };
            let mut events = Vec::new();
            if let Some(rn) = reset {
                for (name, espan) in cx.strings(rn).unwrap_or_default() {
                    if name == "capture" {
                        events.push(Event::Capture);
                    } else if let Some(p) = names.piece(&name) {
                        events.push(Event::PieceMoves(p));
                    } else {
                        cx.error(espan, format!("unknown event '{name}'; expected capture or a piece type"));
                    }
                }
            }
            let material = match material {
                None => None,
                Some(mn) => {
                    let mt = cx.table(mn)?;
                    let mut mf = Fields::new(mt, "material");
                    let mut side = |cx: &mut Cx, key: &'static str| -> Option<(crate::syntax::Pred, String)> {
                        let Some(node) = mf.get(key) else {
                            cx.error(mn.span, format!("material needs {key} = \"<predicate over pieces and piece counts>\""));
                            return None;
                        };
                        let text = cx.string(node)?;
                        let pred = match syntax::parse_predicate(&text) {
                            Ok(p) => p,
                            Err(err) => {
                                cx.syntax_error(node, err);
                                return None;
                            }
                        };
                        // Check the names now: pieces and the piece types.
                        let known = |n: &str| n == "pieces" || names.piece(n).is_some();
                        if let Err(mut err) = pred.check_names(&known) {
                            let known: Vec<&str> = std::iter::once("pieces").chain(names.pieces.iter().map(|p| p.name.as_str())).collect();
                            err.message = format!("{}; a material condition counts: {}", err.message, known.join(", "));
                            cx.syntax_error(node, err);
                            return None;
                        }
                        Some((pred, text))
                    };
                    let strong = side(cx, "strong");
                    let weak = side(cx, "weak");
                    mf.finish(cx);
                    let ((strong, a), (weak, b)) = (strong?, weak?);
                    Some(Box::new(Material { strong, weak, text: format!("{a} against {b}") }))
                }
            };
            if events.is_empty() && material.is_none() {
                cx.error(span, "a move-count draw needs reset = [...] events or a material condition");
            }
            DrawKind::Counter { plies: count * 2, reset: events, material }
        }
        (Some(_), Some(_)) => {
            cx.error(span, "a draw rule is either repetition = N or moves = N, not both");
            return None;
        }
        (None, None) => {
            cx.error(span, "a draw rule needs repetition = N or moves = N");
            return None;
        }
    };
    let reason = reason.unwrap_or_else(|| crate::describe::draw_reason(&kind, names.pieces));
    Some(DrawRule { kind, reason })
}
