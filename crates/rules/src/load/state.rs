//! `[state]`: what the position remembers beyond the pieces, as the rules declare it — which
//! pieces have never moved (`unmoved`: castling rights), which cells the last move passed
//! over (`passed`: en passant), and how often in a row each player has moved the same piece
//! (`same-piece`: a limit on repeated moves), and the cell a ko forbids (`ko`). Checked against the moves that use it.

use super::cx::{Cx, Fields, Names};
use crate::model::{Effect, MoveRule, PieceTypeId, PieceTypeSet, SamePiece, Tally};
use crate::tree::{Node, Value};

/// The most checks `[state] checks` counts to.
pub const MAX_CHECKS: u16 = 255;

/// What `[state]` declares.
pub(super) struct State {
    pub unmoved: Vec<PieceTypeId>,
    pub same_piece: Option<SamePiece>,
    pub tally: Tally,
}

/// `[state]`; a move named in `refused` was refused where it is written, and is passed over.
pub(super) fn read_state(cx: &mut Cx, node: Option<&Node>, names: &Names, moves: &mut [MoveRule], refused: &[String]) -> State {
    let mut unmoved = Vec::new();
    let mut same_piece = None;
    let mut tally = Tally::default();
    // A wrong name in `passed` is reported there; en passant's to=passed is then not blamed too.
    let mut bad_passed = false;
    if let Some(t) = node.and_then(|n| cx.table(n)) {
        let mut f = Fields::new(t, "[state]");
        if let Some(n) = f.get("unmoved") {
            for (name, span) in cx.strings(n).unwrap_or_default() {
                match names.piece(&name) {
                    Some(p) if !unmoved.contains(&p) => unmoved.push(p),
                    Some(_) => {}
                    None => cx.error(span, format!("no piece type '{name}'")),
                }
            }
        }
        if let Some(n) = f.get("passed") {
            let list = cx.strings(n);
            bad_passed |= list.is_none();
            for (name, span) in list.unwrap_or_default() {
                match moves.iter_mut().find(|m| m.name == name) {
                    Some(m) if m.action.prim().passes_cells() => m.leaves_passed = true,
                    Some(_) => {
                        cx.error(span, format!("move '{name}' is not a step or slide: only those pass over cells"));
                        bad_passed = true;
                    }
                    None => {
                        if !refused.contains(&name) {
                            cx.error(span, format!("no move '{name}' in [moves]"));
                        }
                        bad_passed = true;
                    }
                }
            }
        }
        if let Some(n) = f.get("ko") {
            for (name, span) in cx.strings(n).unwrap_or_default() {
                match moves.iter_mut().find(|m| m.name == name) {
                    Some(m) if m.effects.iter().any(|e| matches!(e, Effect::Surround(s) if s.groups)) => m.leaves_ko = true,
                    Some(_) => {
                        cx.error(span, format!("move '{name}' takes no groups: a ko follows a placement then surround(DIRS, groups)"))
                    }
                    None => {
                        if !refused.contains(&name) {
                            cx.error(span, format!("no move '{name}' in [moves]"));
                        }
                    }
                }
            }
        }
        same_piece = f.get("same-piece").and_then(|n| read_same_piece(cx, n, names));
        if let Some(n) = f.get("checks") {
            tally.checks = match n.value {
                Value::Int(v) if v >= 1 && v <= i64::from(MAX_CHECKS) => u16::try_from(v).ok(),
                _ => {
                    cx.error(n.span, format!("checks = N counts the checks each player gives, up to N: from 1 to {MAX_CHECKS}"));
                    None
                }
            };
            if tally.checks.is_some() && !names.pieces.iter().any(|p| p.royal) {
                cx.error(n.span, "checks counts checks of royal pieces, and this ruleset has none: say royal = true in [pieces.NAME]");
            }
        }
        for (key, flag) in [("captured", &mut tally.captured), ("passes", &mut tally.passes), ("last", &mut tally.last)] {
            if let Some(n) = f.get(key) {
                *flag = cx.boolean(n).unwrap_or(false);
            }
        }
        f.finish(cx);
    }
    // The moves that read the state need it declared.
    for m in moves.iter() {
        for (piece, what) in m.action.prim().needs_unmoved(m.piece) {
            if !unmoved.contains(&piece) {
                cx.error(
                    m.span,
                    format!(
                        "{}() needs to know whether {what} has moved: add '{}' to [state] unmoved",
                        m.action.spec().name(),
                        names.pieces[piece.index()].name
                    ),
                );
            }
        }
        let lands_on_passed = m.action.prim().lands_on_passed();
        if lands_on_passed && !bad_passed && !moves.iter().any(|m| m.leaves_passed) {
            cx.error(m.span, "to=passed needs moves that pass over cells: list them in [state] passed = [...]");
        }
    }
    State { unmoved, same_piece, tally }
}

/// `same-piece = { piece = "king", max = 3, while-owning = "man" }`.
fn read_same_piece(cx: &mut Cx, node: &Node, names: &Names) -> Option<SamePiece> {
    let t = cx.table(node)?;
    let mut f = Fields::new(t, "[state] same-piece");
    let types = |cx: &mut Cx, n: &Node| -> Option<PieceTypeSet> {
        let listed = match &n.value {
            Value::Str(one) => vec![(one.clone(), n.span)],
            _ => cx.strings(n)?,
        };
        let mut set = PieceTypeSet::EMPTY;
        for (name, span) in listed {
            match names.piece(&name) {
                Some(p) => set.insert(p),
                None => {
                    let known: Vec<&str> = names.pieces.iter().map(|p| p.name.as_str()).collect();
                    cx.error(span, format!("no piece type '{name}'; the pieces are: {}", known.join(", ")));
                    return None;
                }
            }
        }
        Some(set)
    };
    let pieces = match f.get("piece") {
        Some(n) => types(cx, n),
        None => {
            cx.error(node.span, "same-piece needs piece = \"TYPE\": the pieces whose moves in a row are counted");
            None
        }
    };
    let while_owning = match f.get("while-owning") {
        Some(n) => types(cx, n),
        None => Some(PieceTypeSet::EMPTY),
    };
    let max = match f.get("max") {
        Some(n) => match n.value {
            Value::Int(v) if (1..=255).contains(&v) => Some(v as u8),
            _ => {
                cx.error(n.span, "max is the most moves in a row, from 1 to 255");
                None
            }
        },
        None => {
            cx.error(node.span, "same-piece needs max = N: the most moves in a row by one piece");
            None
        }
    };
    f.finish(cx);
    Some(SamePiece { pieces: pieces?, max: max?, while_owning: while_owning? })
}
