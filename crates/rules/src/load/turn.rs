//! `[[phases]]` (which moves each part of the game allows, and for how many plies) and `[turn]`
//! (capture obligations, when captured pieces leave, passing).

use super::cx::{Args, Cx, Fields, Names, arg_error, call_error, int_expr, piece_types_arg, read_list};
use crate::model::{Criterion, MoveRule, PassRule, Phase, PhaseLimit, RegionId, Removal, Trigger, Turn};
use crate::source::Span;
use crate::syntax::{self, ArgValue};
use crate::tree::{Node, Value};

/// The most phases: the position keeps its phase in one byte.
const MAX_PHASES: usize = 255;

pub(super) fn read_phases(cx: &mut Cx, node: Option<&Node>, moves: &[MoveRule], params: &[(String, i64)]) -> Vec<Phase> {
    let all_moves: Vec<usize> = (0..moves.len()).collect();
    let Some(node) = node else {
        return vec![Phase { name: "play".into(), limit: None, moves: all_moves }];
    };
    let mut claimed = vec![false; moves.len()];
    let mut open: Option<usize> = None;
    let mut spans: Vec<Span> = Vec::new();
    let mut given: Vec<bool> = Vec::new();
    let mut phases = read_list(cx, node, "[[phases]]", |cx, t, span| {
        let mut f = Fields::new(t, "[[phases]]");
        let name = f.get("name").and_then(|n| cx.string(n)).unwrap_or_else(|| "play".into());
        let mut count = |cx: &mut Cx, key: &'static str| {
            let n = f.get(key)?;
            match int_expr(cx, n, params)? {
                v if v > 0 && v <= i64::from(u16::MAX) => Some((v as u32, n.span)),
                v => {
                    cx.error(n.span, format!("{key} must be between 1 and {}, not {v}", u16::MAX));
                    None
                }
            }
        };
        // A limit that is given but wrong has been reported; the phase is not also "unlimited".
        let limit_given = t.get("plies").is_some() || t.get("placed").is_some();
        let limit = match (count(cx, "plies"), count(cx, "placed")) {
            (Some((n, _)), None) => Some(PhaseLimit::Plies(n)),
            (None, Some((n, _))) => Some(PhaseLimit::Placed(n)),
            (Some(_), Some((_, span))) => {
                cx.error(span, "a phase lasts either plies = N or placed = N, not both");
                None
            }
            (None, None) => None,
        };
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
        Some((Phase { name, limit, moves: indices }, explicit, span, limit_given))
    })
    .into_iter()
    .enumerate()
    .map(|(i, (phase, explicit, span, limit_given))| {
        spans.push(span);
        given.push(limit_given);
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
        if p.limit.is_none() && !given[i] && i + 1 != phases.len() {
            cx.error(spans[i], format!("phase '{}' has no plies or placed limit, so the phases after it never start", p.name));
        }
    }
    if let Some(p) = phases.last()
        && p.limit.is_some()
    {
        cx.error(
            spans[phases.len() - 1],
            format!("the last phase ('{}') must last to the end of the game: drop its plies or placed limit", p.name),
        );
    }
    if phases.len() > MAX_PHASES {
        cx.error(spans[MAX_PHASES], format!("a ruleset has at most {MAX_PHASES} phases; this one has {}", phases.len()));
    }
    phases
}

pub(super) fn read_turn(cx: &mut Cx, node: Option<&Node>, names: &Names) -> Turn {
    let Some(t) = node.and_then(|node| cx.table(node)) else { return Turn::default() };
    let mut f = Fields::new(t, "[turn]");
    let mut turn = Turn::default();
    if let Some(v) = f.get("capture").and_then(|n| cx.keyword(n, "capture", &[("compulsory", true), ("optional", false)])) {
        turn.compulsory_capture = v;
    }
    // `majority = true` is `precedence = ["most(pieces)"]`. One file says one or the other; a
    // file that extends another overrides whichever its parent says (the extending file is read
    // first, so its id is the smaller).
    let majority = f.get("majority");
    let precedence = f.get("precedence");
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
            Value::Bool(true) => turn.precedence = vec![Criterion::Most(vec![1; names.pieces.len()])],
            Value::Bool(false) => {}
            _ => cx.expect_type(n, "true or false"),
        },
        (_, Some(n)) => {
            if let Some(items) = cx.array(n) {
                turn.precedence = items.iter().filter_map(|item| criterion(cx, item, names)).collect();
            }
        }
        _ => {}
    }
    if let Some(v) = f.get("removal").and_then(|n| cx.keyword(n, "removal", &[("end", Removal::End), ("immediate", Removal::Immediate)])) {
        turn.removal = v;
    }
    let passes = [("never", PassRule::Never), ("when-stuck", PassRule::WhenStuck), ("always", PassRule::Always)];
    if let Some(v) = f.get("pass").and_then(|n| cx.keyword(n, "pass", &passes)) {
        turn.pass = v;
    }
    let triggers = [("any", Trigger::Any), ("direct", Trigger::Direct)];
    if let Some(v) = f.get("capture-trigger").and_then(|n| cx.keyword(n, "capture-trigger", &triggers)) {
        turn.capture_trigger = v;
    }
    turn.enter_by_capture_only = f.get("enter-by-capture-only").map(|n| regions(cx, n, names)).unwrap_or_default();
    turn.must_leave = f.get("must-leave").map(|n| regions(cx, n, names)).unwrap_or_default();
    turn.move_ends_in = f.get("move-ends-in").map(|n| regions(cx, n, names)).unwrap_or_default();
    f.finish(cx);
    turn
}

/// One criterion of capture precedence: `most(pieces)`, `most(TYPE|TYPE)`,
/// `most(TYPE=W, TYPE=W)`, `with(TYPE)`, `earliest(TYPE)`.
fn criterion(cx: &mut Cx, node: &Node, names: &Names) -> Option<Criterion> {
    let text = cx.string(node)?;
    let call = match syntax::parse_single_call(&text) {
        Ok(call) => call,
        Err(err) => {
            cx.syntax_error(node, err);
            return None;
        }
    };
    let mut args = Args::new(&call);
    let out = match call.name.as_str() {
        "most" => {
            let mut weights = vec![0i64; names.pieces.len()];
            let positional = args.positional();
            match positional.as_slice() {
                [arg] if matches!(&arg.value, ArgValue::Name(n) if n == "pieces") => weights.fill(1),
                [arg] => {
                    for t in piece_types_arg(cx, node, arg, names)?.iter() {
                        weights[t.index()] = 1;
                    }
                }
                [] => {
                    let mut given = false;
                    for (t, piece) in names.pieces.iter().enumerate() {
                        if let Some(arg) = args.key(&piece.name) {
                            given = true;
                            match arg.value {
                                ArgValue::Int(v) if (0..=1_000_000).contains(&v) => weights[t] = v,
                                _ => arg_error(cx, node, arg, "a weight is an integer from 0 to 1000000"),
                            }
                        }
                    }
                    if !given {
                        call_error(
                            cx,
                            node,
                            &call,
                            "most() needs what to count: pieces, piece types (man|king), or weights (man=2, king=3)",
                        );
                        return None;
                    }
                }
                [_, extra, ..] => {
                    arg_error(cx, node, extra, "most() counts one thing: pieces, piece types joined by |, or weights as TYPE=N");
                    return None;
                }
            }
            Criterion::Most(weights)
        }
        "with" | "earliest" => {
            let mask = match args.positional().as_slice() {
                [arg] => piece_types_arg(cx, node, arg, names)?,
                _ => {
                    call_error(
                        cx,
                        node,
                        &call,
                        format!("{}() takes a piece type, or piece types joined by |: {}(king)", call.name, call.name),
                    );
                    return None;
                }
            };
            if call.name == "with" { Criterion::With(mask) } else { Criterion::Earliest(mask) }
        }
        other => {
            call_error(
                cx,
                node,
                &call,
                format!("no precedence criterion '{other}'; the criteria are most(...), with(TYPE) and earliest(TYPE)"),
            );
            return None;
        }
    };
    args.finish(cx, node);
    Some(out)
}

/// A region name, or a list of them.
fn regions(cx: &mut Cx, node: &Node, names: &Names) -> Vec<RegionId> {
    let listed = match &node.value {
        Value::Str(one) => vec![(one.clone(), node.span)],
        _ => cx.strings(node).unwrap_or_default(),
    };
    let mut out = Vec::new();
    for (name, span) in listed {
        match names.region(&name) {
            Some(r) => out.push(r),
            None => {
                let known: Vec<&str> = names.regions.iter().map(|r| r.name.as_str()).collect();
                cx.error(span, format!("no region '{name}'; the board has: {}", known.join(", ")));
            }
        }
    }
    out
}
