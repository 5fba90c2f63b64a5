//! `[[phases]]` (which moves each part of the game allows, and for how many plies) and `[turn]`
//! (capture obligations, when captured pieces leave, passing).

use super::cx::{Cx, Fields, Names, int_expr, read_list};
use crate::model::{MoveRule, Phase, PhaseLimit, Turn};
use crate::source::Span;
use crate::tree::Node;

/// The most phases: the position keeps its phase in one byte.
const MAX_PHASES: usize = 255;

/// The phases; a move named in `refused` was refused where it is written, and is passed over.
pub(super) fn read_phases(
    cx: &mut Cx,
    node: Option<&Node>,
    moves: &[MoveRule],
    refused: &[String],
    params: &[(String, i64)],
    hands: bool,
) -> Vec<Phase> {
    // A later part of a move (another rule's `next`) is no move by itself.
    let part = |m: usize| moves.iter().any(|r| r.next == Some(m));
    let all_moves: Vec<usize> = (0..moves.len()).filter(|&m| !part(m)).collect();
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
        // A limit that is given but wrong has been reported; the phase is not also "unlimited".
        let limit_given = t.get("plies").is_some() || t.get("placed").is_some() || t.get("until").is_some();
        let until = f.get("until").and_then(|n| match cx.string(n)?.as_str() {
            "hands-empty" if hands => Some(n.span),
            "hands-empty" => {
                cx.error(n.span, "until = \"hands-empty\" waits for the players' hands: the ruleset needs [hands]");
                None
            }
            other => {
                cx.error(n.span, format!("until takes \"hands-empty\", not '{other}'"));
                None
            }
        });
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
        let limit = match (count(cx, "plies"), count(cx, "placed"), until) {
            (Some((n, _)), None, None) => Some(PhaseLimit::Plies(n)),
            (None, Some((n, _)), None) => Some(PhaseLimit::Placed(n)),
            (None, None, Some(_)) => Some(PhaseLimit::HandsEmpty),
            (None, None, None) => None,
            (Some(_), Some((_, span)), None) => {
                cx.error(span, "a phase lasts either plies = N or placed = N, not both");
                None
            }
            (_, _, Some(span)) => {
                cx.error(span, "a phase lasts until the hands are empty, or plies = N, or placed = N: not two of them");
                None
            }
        };
        let listed = f.get("moves").and_then(|n| cx.strings(n));
        f.finish(cx);
        let mut indices = Vec::new();
        let explicit = listed.is_some();
        for (m, mspan) in listed.unwrap_or_default() {
            match moves.iter().position(|r| r.name == m) {
                Some(i) if part(i) => {
                    let first = moves.iter().find(|r| r.next == Some(i)).map_or("", |r| r.name.as_str());
                    cx.error(mspan, format!("'{m}' is the later part of '{first}', not a move by itself: list '{first}'"));
                }
                Some(i) => {
                    claimed[i] = true;
                    indices.push(i);
                }
                None if refused.contains(&m) => {}
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
        phases[i].moves = (0..moves.len()).filter(|&m| !claimed[m] && !part(m)).collect();
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
    let turn = Turn::read_options(cx, names, |key| f.get(key));
    f.finish(cx);
    turn
}
