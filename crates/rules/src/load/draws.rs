//! `[[draw]]`: draws that need the game's history, each named by its key (`repetition = N`,
//! `moves = N`) and read by its primitive.

use super::cx::{Cx, Fields, Names, read_list};
use crate::describe::join_or;
use crate::model::{DrawKind, DrawRule};
use crate::prims::DrawInput;
use crate::source::Span;
use crate::tree::{Node, Table};

pub(super) fn read_draws(cx: &mut Cx, node: Option<&Node>, names: &Names) -> Vec<DrawRule> {
    match node {
        Some(node) => read_list(cx, node, "[[draw]]", |cx, t, span| read_draw(cx, t, span, names)),
        None => Vec::new(),
    }
}

fn read_draw(cx: &mut Cx, t: &Table, span: Span, names: &Names) -> Option<DrawRule> {
    let mut f = Fields::new(t, "[[draw]]");
    let given: Vec<(&'static str, &Node)> = DrawKind::keys().filter_map(|k| f.get(k).map(|n| (k, n))).collect();
    let extras: Vec<(&'static str, Option<&Node>)> = DrawKind::extra_keys().map(|k| (k, f.get(k))).collect();
    let reason = f.get("reason").and_then(|n| cx.string(n));
    f.finish(cx);
    let forms: Vec<String> = DrawKind::keys().map(|k| format!("{k} = N")).collect();
    let (key, value) = match given.as_slice() {
        [one] => *one,
        [] => {
            cx.error(span, format!("a draw rule needs {}", join_or(&forms)));
            return None;
        }
        _ => {
            cx.error(span, format!("a draw rule is either {}, not both", join_or(&forms)));
            return None;
        }
    };
    let mut input = DrawInput { cx, names, span, value, extras: &extras };
    let kind = DrawKind::read(key, &mut input).expect("a key of DrawKind::keys names a draw rule")?;
    let reason = reason.unwrap_or_else(|| crate::describe::draw_reason(&kind, names.pieces));
    Some(DrawRule { kind, reason })
}
