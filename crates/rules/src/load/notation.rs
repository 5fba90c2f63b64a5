//! `[clock]` (the time control) and `[notation]` (how positions are written: rows, or PDN for
//! draughts).

use super::cx::{Cx, Fields, Names};
use crate::model::{Clock, Notation, PieceTypeId, PositionNotation};
use crate::tree::{Node, Value};

pub(super) fn read_clock(cx: &mut Cx, node: Option<&Node>) -> Option<Clock> {
    let node = node?;
    let t = cx.table(node)?;
    let mut f = Fields::new(t, "[clock]");
    let time = f.get("time");
    f.finish(cx);
    let Some(time) = time else {
        cx.error(node.span, "[clock] needs time = \"5m\" (optionally \"5m+2s\")");
        return None;
    };
    let text = cx.string(time)?;
    match parse_clock(&text) {
        Some(clock) => Some(clock),
        None => {
            cx.error(
                time.span,
                format!("bad clock '{text}'; write minutes, seconds or milliseconds like 5m, 90s, 500ms, with +2s for an increment"),
            );
            None
        }
    }
}

/// `5m`, `90s`, `1.5s`, `500ms`, optionally `+2s`.
pub fn parse_clock(text: &str) -> Option<Clock> {
    let duration = |t: &str| -> Option<u64> {
        let t = t.trim();
        let (number, scale) = if let Some(n) = t.strip_suffix("ms") {
            (n, 1.0)
        } else if let Some(n) = t.strip_suffix('s') {
            (n, 1000.0)
        } else if let Some(n) = t.strip_suffix('m') {
            (n, 60_000.0)
        } else if let Some(n) = t.strip_suffix('h') {
            (n, 3_600_000.0)
        } else {
            return None;
        };
        let value: f64 = number.trim().parse().ok()?;
        (value.is_finite() && value >= 0.0).then(|| (value * scale).round() as u64)
    };
    let (initial, increment) = match text.split_once('+') {
        Some((a, b)) => (duration(a)?, duration(b)?),
        None => (duration(text)?, 0),
    };
    (initial > 0).then_some(Clock { initial_ms: initial, increment_ms: increment })
}

pub(super) fn read_notation(cx: &mut Cx, node: Option<&Node>, names: &Names) -> Notation {
    let plain = Notation { position: PositionNotation::Rows, san: false, game_type: None };
    let Some(node) = node else { return plain };
    let Some(t) = cx.table(node) else { return plain };
    let span = node.span;
    let mut f = Fields::new(t, "[notation]");
    let position = f.get("position");
    let king = f.get("king");
    let moves = f.get("moves");
    let game_type = f.get("game-type").and_then(|n| match &n.value {
        Value::Int(v) => Some(v.to_string()),
        _ => cx.string(n),
    });
    f.finish(cx);
    let san = moves.and_then(|n| cx.keyword(n, "move notation", &[("templates", false), ("san", true)])).unwrap_or(false);
    let notation = |position| Notation { position, san, game_type: game_type.clone() };
    #[derive(Clone, Copy)]
    enum Kind {
        Rows,
        Pdn,
        Fen,
    }
    let kind = position.and_then(|p| cx.keyword(p, "position notation", &[("rows", Kind::Rows), ("pdn", Kind::Pdn), ("fen", Kind::Fen)]));
    match kind {
        None | Some(Kind::Rows) => notation(PositionNotation::Rows),
        Some(Kind::Fen) => notation(PositionNotation::Fen),
        Some(Kind::Pdn) => {
            let owned: Vec<usize> = names.pieces.iter().enumerate().filter(|(_, p)| p.owned).map(|(i, _)| i).collect();
            let king_name = king.and_then(|k| cx.string(k));
            let (man, king) = match (owned.as_slice(), king_name) {
                ([a, b], Some(k)) => {
                    let k = names.piece(&k);
                    match k {
                        Some(k) if k as usize == *a => (*b, *a),
                        Some(k) if k as usize == *b => (*a, *b),
                        _ => {
                            cx.error(span, "king = names one of the two piece types");
                            return plain;
                        }
                    }
                }
                ([_, _], None) => {
                    cx.error(span, "PDN notation needs king = \"<the piece written with K>\"");
                    return plain;
                }
                _ => {
                    cx.error(span, "PDN notation needs exactly two piece types that belong to players (man and king)");
                    return plain;
                }
            };
            notation(PositionNotation::Pdn { man: man as PieceTypeId, king: king as PieceTypeId })
        }
    }
}
