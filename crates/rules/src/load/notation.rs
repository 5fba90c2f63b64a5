//! `[clock]` (the time control) and `[notation]` (how positions are written: rows, or PDN).

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
        Ok(clock) => Some(clock),
        Err(why) => {
            cx.error(time.span, format!("bad clock '{text}': {why}"));
            None
        }
    }
}

/// The longest clock time, and the longest increment: 24 hours, in milliseconds.
pub const MAX_CLOCK_MS: u64 = 24 * 3_600_000;

/// A duration in milliseconds, at most `max_ms`: a number and a unit (`500ms`, `90s`, `1.5m`,
/// `2h`), or several (`1m30s`, as `show` writes them). Err: why not, in words.
pub fn parse_duration(text: &str, max_ms: u64) -> Result<u64, String> {
    let t = text.trim();
    let bad = || format!("'{t}' is not a duration; write 500ms, 90s, 1.5m, 2h or 1m30s");
    if t.starts_with('-') {
        return Err(format!("'{t}': a duration cannot be negative"));
    }
    let mut rest = t;
    let mut total = 0.0f64;
    while !rest.is_empty() {
        let digits = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).ok_or_else(bad)?;
        let number: f64 = rest[..digits].parse().map_err(|_| bad())?;
        rest = &rest[digits..];
        let (scale, unit) = if rest.starts_with("ms") {
            (1.0, 2)
        } else if rest.starts_with('s') {
            (1000.0, 1)
        } else if rest.starts_with('m') {
            (60_000.0, 1)
        } else if rest.starts_with('h') {
            (3_600_000.0, 1)
        } else {
            return Err(bad());
        };
        rest = &rest[unit..];
        total += number * scale;
    }
    if t.is_empty() || !total.is_finite() {
        return Err(bad());
    }
    // Compared as a float: a huge number never wraps into a small one.
    if total.round() > max_ms as f64 {
        let most = if max_ms.is_multiple_of(3_600_000) { format!("{}h", max_ms / 3_600_000) } else { crate::describe::format_ms(max_ms) };
        return Err(format!("'{t}' is longer than {most}"));
    }
    Ok(total.round() as u64)
}

/// A time control: `5m`, `90s`, `1.5s`, `500ms`, optionally `+2s` for an increment a move. The
/// time is above 0; time and increment are each at most 24 hours ([`MAX_CLOCK_MS`]).
pub fn parse_clock(text: &str) -> Result<Clock, String> {
    let (initial, increment) = match text.split_once('+') {
        Some((a, b)) => (parse_duration(a, MAX_CLOCK_MS)?, parse_duration(b, MAX_CLOCK_MS)?),
        None => (parse_duration(text, MAX_CLOCK_MS)?, 0),
    };
    if initial == 0 {
        return Err("a clock's time must be above 0".into());
    }
    Ok(Clock { initial_ms: initial, increment_ms: increment })
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
        Sfen,
    }
    let kinds = [("rows", Kind::Rows), ("pdn", Kind::Pdn), ("fen", Kind::Fen), ("sfen", Kind::Sfen)];
    let kind = position.and_then(|p| cx.keyword(p, "position notation", &kinds));
    match kind {
        None | Some(Kind::Rows) => notation(PositionNotation::Rows),
        Some(Kind::Fen) => notation(PositionNotation::Fen),
        Some(Kind::Sfen) => notation(PositionNotation::Sfen),
        Some(Kind::Pdn) => {
            let owned: Vec<usize> = names.pieces.iter().enumerate().filter(|(_, p)| p.owned).map(|(i, _)| i).collect();
            let king_name = king.and_then(|k| cx.string(k));
            let (man, king) = match (owned.as_slice(), king_name) {
                ([a, b], Some(k)) => {
                    let k = names.piece(&k);
                    match k {
                        Some(k) if k.index() == *a => (*b, *a),
                        Some(k) if k.index() == *b => (*a, *b),
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
            notation(PositionNotation::Pdn { man: PieceTypeId::new(man), king: PieceTypeId::new(king) })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_and_clocks() {
        assert_eq!(parse_duration("500ms", MAX_CLOCK_MS), Ok(500));
        assert_eq!(parse_duration("1.5s", MAX_CLOCK_MS), Ok(1500));
        assert_eq!(parse_duration("1m30s", MAX_CLOCK_MS), Ok(90_000));
        assert_eq!(parse_duration("24h", MAX_CLOCK_MS), Ok(MAX_CLOCK_MS));
        assert_eq!(parse_duration("1h", 3_600_000), Ok(3_600_000));
        assert_eq!(parse_duration("18446744073709551615s", MAX_CLOCK_MS), Err("'18446744073709551615s' is longer than 24h".into()));
        assert_eq!(parse_duration("99999999999999999999h", MAX_CLOCK_MS), Err("'99999999999999999999h' is longer than 24h".into()));
        assert_eq!(parse_duration("61m", 3_600_000), Err("'61m' is longer than 1h".into()));
        assert_eq!(parse_duration("-5m", MAX_CLOCK_MS), Err("'-5m': a duration cannot be negative".into()));
        for bad in ["", "5", "m", "5x", "1e3s", "..s", "inf s"] {
            assert!(parse_duration(bad, MAX_CLOCK_MS).unwrap_err().contains("is not a duration"), "{bad}");
        }
        assert_eq!(parse_clock("3m+2s"), Ok(Clock { initial_ms: 180_000, increment_ms: 2000 }));
        assert_eq!(parse_clock("0s"), Err("a clock's time must be above 0".into()));
        assert!(parse_clock("5m+25h").is_err());
    }
}
