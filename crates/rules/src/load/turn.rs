//! `[[phases]]` (which moves each part of the game allows, and for how many plies) and `[turn]`
//! (capture obligations, when captured pieces leave, passing).

use super::cx::{Cx, Fields, read_list};
use crate::model::{MoveRule, PassRule, Phase, Removal, Turn};
use crate::source::Span;
use crate::tree::{Node, Value};

pub(super) fn read_phases(cx: &mut Cx, node: Option<&Node>, moves: &[MoveRule]) -> Vec<Phase> {
    let all_moves: Vec<usize> = (0..moves.len()).collect();
    let Some(node) = node else {
        return vec![Phase { name: "play".into(), plies: None, moves: all_moves }];
    };
    let mut claimed = vec![false; moves.len()];
    let mut open: Option<usize> = None;
    let mut spans: Vec<Span> = Vec::new();
    let mut phases = read_list(cx, node, "[[phases]]", |cx, t, span| {
        let mut f = Fields::new(t, "[[phases]]");
        let name = f.get("name").and_then(|n| cx.string(n)).unwrap_or_else(|| "play".into());
        let plies = f.get("plies").and_then(|n| match n.value {
            Value::Int(v) if v > 0 && v <= u32::MAX as i64 => Some(v as u32),
            Value::Int(v) => {
                cx.error(n.span, format!("plies must be at least 1, not {v}"));
                None
            }
            _ => {
                cx.expect_type(n, "a positive integer");
                None
            }
        });
        let listed = f.get("moves").and_then(|n| cx.strings(n));
        f.finish(cx);
        let mut indices = Vec::new();
        let explicit = listed.is_some();
        for (m, mspan) in listed.unwrap_or_default() {
            match moves.iter().position(|r| r.name == m) {
                Some(i) => {
                    claimed[i] = true;
                    indices.push(i);
                }
                None => cx.error(mspan, format!("no move '{m}' in [moves]")),
            }
        }
        Some((Phase { name, plies, moves: indices }, explicit, span))
    })
    .into_iter()
    .enumerate()
    .map(|(i, (phase, explicit, span))| {
        spans.push(span);
        if !explicit {
            if open.is_some() {
                cx.error(span, format!("phase '{}' lists no moves, and neither does an earlier phase: only one phase may take the moves no other phase lists", phase.name));
            }
            open = Some(i);
        }
        phase
    })
    .collect::<Vec<_>>();
    // A phase that lists no moves gets every move no other phase claims.
    if let Some(i) = open {
        phases[i].moves = (0..moves.len()).filter(|&m| !claimed[m]).collect();
    }
    if phases.is_empty() {
        cx.error(node.span, "[[phases]] is empty");
    }
    for (i, p) in phases.iter().enumerate() {
        if p.plies.is_none() && i + 1 != phases.len() {
            cx.error(spans[i], format!("phase '{}' has no plies limit, so the phases after it never start", p.name));
        }
    }
    if let Some(p) = phases.last()
        && p.plies.is_some()
    {
        cx.error(spans[phases.len() - 1], format!("the last phase ('{}') must last to the end of the game: drop its plies limit", p.name));
    }
    phases
}

pub(super) fn read_turn(cx: &mut Cx, node: Option<&Node>) -> Turn {
    let Some(t) = node.and_then(|node| cx.table(node)) else { return Turn::default() };
    let mut f = Fields::new(t, "[turn]");
    let mut turn = Turn::default();
    if let Some(v) = f.get("capture").and_then(|n| cx.keyword(n, "capture", &[("compulsory", true), ("optional", false)])) {
        turn.compulsory_capture = v;
    }
    if let Some(n) = f.get("majority") {
        match &n.value {
            Value::Bool(b) => turn.majority = *b,
            _ => cx.expect_type(n, "true or false"),
        }
    }
    if let Some(v) = f.get("removal").and_then(|n| cx.keyword(n, "removal", &[("end", Removal::End), ("immediate", Removal::Immediate)])) {
        turn.removal = v;
    }
    let passes = [("never", PassRule::Never), ("when-stuck", PassRule::WhenStuck), ("always", PassRule::Always)];
    if let Some(v) = f.get("pass").and_then(|n| cx.keyword(n, "pass", &passes)) {
        turn.pass = v;
    }
    f.finish(cx);
    turn
}
