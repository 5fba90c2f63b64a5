//! `[[tests]]` (positions, moves and perft counts the file checks itself against) and
//! `[[interpretations]]` (how the file reads its source's rules).

use super::cx::{Cx, Fields, read_list};
use crate::model::{Interpretation, TestCase};
use crate::source::Span;
use crate::tree::{Node, Table, Value};

pub(super) fn read_tests(cx: &mut Cx, node: Option<&Node>) -> Vec<TestCase> {
    match node {
        Some(node) => read_list(cx, node, "[[tests]]", read_test),
        None => Vec::new(),
    }
}

pub(super) fn read_interpretations(cx: &mut Cx, node: Option<&Node>) -> Vec<Interpretation> {
    match node {
        Some(node) => read_list(cx, node, "[[interpretations]]", read_interpretation),
        None => Vec::new(),
    }
}

fn read_test(cx: &mut Cx, t: &Table, span: Span) -> Option<TestCase> {
    let mut f = Fields::new(t, "[[tests]]");
    let mut case = TestCase { span, ..TestCase::default() };
    case.name = f.get("name").and_then(|n| cx.string(n)).unwrap_or_else(|| "unnamed test".into());
    case.position = f.get("position").and_then(|n| cx.string(n));
    case.after = f.get("after").and_then(|n| cx.string(n));
    case.moves = f.get("moves").and_then(|n| cx.strings(n)).map(|v| v.into_iter().map(|(s, _)| s).collect());
    case.legal = f.get("legal").and_then(|n| cx.strings(n)).map(|v| v.into_iter().map(|(s, _)| s).collect()).unwrap_or_default();
    case.illegal = f.get("illegal").and_then(|n| cx.strings(n)).map(|v| v.into_iter().map(|(s, _)| s).collect()).unwrap_or_default();
    case.count = f.get("count").and_then(|n| match n.value {
        Value::Int(v) if v >= 0 => Some(v as u64),
        _ => {
            cx.expect_type(n, "a non-negative integer");
            None
        }
    });
    if let Some(n) = f.get("perft")
        && let Some(items) = cx.array(n)
    {
        if let Some(deepest) = items.get(MAX_PERFT_DEPTH) {
            cx.error(deepest.span, format!("a test's perft counts go to depth {MAX_PERFT_DEPTH} at most; this one has {}", items.len()));
        }
        for item in items.iter().take(MAX_PERFT_DEPTH) {
            match item.value {
                Value::Int(v) if v >= 0 => case.perft.push(v as u64),
                _ => cx.expect_type(item, "a non-negative integer"),
            }
        }
    }
    case.result = f.get("result").and_then(|n| cx.string(n));
    f.finish(cx);
    Some(case)
}

/// The deepest perft count a test may give, as `perft` (the search recurses once a ply).
const MAX_PERFT_DEPTH: usize = 64;

fn read_interpretation(cx: &mut Cx, t: &Table, span: Span) -> Option<Interpretation> {
    let mut f = Fields::new(t, "[[interpretations]]");
    let rule = f.get("rule").and_then(|n| cx.string(n));
    let seed = f.get("seed").and_then(|n| cx.string(n)).unwrap_or_default();
    f.finish(cx);
    match rule {
        Some(rule) => Some(Interpretation { rule, seed }),
        None => {
            cx.error(span, "an interpretation needs rule = \"...\"");
            None
        }
    }
}
