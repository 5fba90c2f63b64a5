//! `[hands]`: each player keeps pieces off the board (captured ones, or a set given at the
//! start) and puts them on it with `drop()` moves. Which type a captured piece goes into a hand
//! as is worked out here from the promotions: a promoted piece goes back to what it was.

use super::cx::{Cx, Fields, Names};
use crate::model::{Action, Hands, MAX_IN_HAND, MoveRule, PieceTypeId, PositionNotation, Start};
use crate::tree::{Node, Value};

pub(super) fn read_hands(cx: &mut Cx, node: Option<&Node>, names: &Names, start: &Start) -> Option<Hands> {
    let node = node?;
    let t = cx.table(node)?;
    let mut f = Fields::new(t, "[hands]");
    let captures = f.get("captures").and_then(|n| cx.boolean(n)).unwrap_or(true);
    let marks_node = f.get("mark-promoted");
    let marks = marks_node.and_then(|n| cx.boolean(n)).unwrap_or(false);
    let order = f.get("order").and_then(|n| cx.strings(n)).map_or_else(Vec::new, |list| {
        let mut order = Vec::new();
        for (name, at) in list {
            match names.piece(&name) {
                Some(t) if order.contains(&t) => cx.error(at, format!("order names '{name}' twice")),
                Some(t) => order.push(t),
                None => cx.error(at, format!("no piece type '{name}'")),
            }
        }
        order
    });
    let players: Vec<Option<&Node>> = names.players.iter().map(|p| f.peek(&p.name)).collect();
    // The players' tables are keys of their own: `Fields` is told of them by name.
    let known: Vec<String> = names.players.iter().map(|p| p.name.clone()).collect();
    f.finish_except(cx, &known);
    if marks
        && !captures
        && let Some(n) = marks_node
    {
        cx.error(n.span, "mark-promoted says what a captured piece goes into a hand as: it goes with captures = true");
    }
    let types = names.pieces.len();
    let mut hands = Hands {
        captures,
        marks,
        demote: (0..types).map(PieceTypeId::new).collect(),
        unpromoted: (0..types).map(PieceTypeId::new).collect(),
        start: [vec![0; types], vec![0; types]],
        order,
    };
    for (p, table) in players.iter().enumerate() {
        let Some(table) = table.and_then(|n| cx.table(n)) else { continue };
        for (key, count) in &table.entries {
            let Some(piece) = names.piece(&key.name) else {
                cx.error(key.span, format!("no piece type '{}'", key.name));
                continue;
            };
            if !names.pieces[piece.index()].owned {
                cx.error(key.span, format!("'{}' belongs to nobody: only a player's pieces go into a hand", key.name));
                continue;
            }
            match count.value {
                Value::Int(n) if n >= 0 && n <= i64::from(MAX_IN_HAND) => hands.start[p][piece.index()] = n as u16,
                _ => cx.expect_type(count, &format!("a count of pieces from 0 to {MAX_IN_HAND}")),
            }
        }
    }
    // Which types each type is a promotion of.
    let sources: Vec<Vec<PieceTypeId>> = (0..types)
        .map(|t| {
            (0..types)
                .filter(|&s| names.pieces[s].promotion.as_ref().is_some_and(|p| p.to.iter().any(|to| to.index() == t)))
                .map(PieceTypeId::new)
                .collect()
        })
        .collect();
    let in_start = |t: usize| start.pieces.iter().any(|&(_, p, _)| p.index() == t) || hands.start.iter().any(|h| h[t] > 0);
    let name = |t: PieceTypeId| names.pieces[t.index()].name.as_str();
    for (t, from) in sources.iter().enumerate() {
        match from.as_slice() {
            [] => {}
            [one] if marks => hands.unpromoted[t] = *one,
            [one] if !captures || !in_start(t) => hands.demote[t] = *one,
            [one] => cx.error(
                node.span,
                format!(
                    "a captured {} goes into a hand as what it was, and it may have been a {} or a {} from the start: say mark-promoted = true, so that the position remembers the promoted ones",
                    name(PieceTypeId::new(t)),
                    name(*one),
                    name(PieceTypeId::new(t)),
                ),
            ),
            [a, b, ..] => cx.error(
                node.span,
                format!(
                    "a captured {} goes into a hand as what it was, and both {} and {} promote to it: give each promotion a type of its own",
                    name(PieceTypeId::new(t)),
                    name(*a),
                    name(*b)
                ),
            ),
        }
    }
    Some(hands)
}

/// The checks that need the moves and the notation: a drop needs hands, and hands a notation
/// that writes them.
pub(super) fn check_hands(cx: &mut Cx, hands: Option<&Hands>, moves: &[MoveRule], position: &PositionNotation, node: Option<&Node>) {
    if hands.is_none() {
        for m in moves.iter().filter(|m| matches!(m.action, Action::Drop(_))) {
            cx.error(m.span, format!("move '{}' drops a piece from its player's hand: the ruleset needs [hands]", m.name));
        }
    }
    if let (Some(_), PositionNotation::Pdn { .. }, Some(node)) = (hands, position, node) {
        cx.error(node.span, "[hands] positions are written in rows, fen or sfen notation, not pdn");
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{load, message};

    const DROP: &str = "[moves.m]\npiece = \"stone\"\ndo = \"drop\"";

    fn refused(extra: &str) -> String {
        message(&load(DROP, "no-moves", extra).expect_err("refused"))
    }

    #[test]
    fn hands_start_with_their_counts_and_captures_by_default() {
        let r = load(DROP, "no-moves", "[hands]\nx = { stone = 3 }").unwrap_or_else(|e| panic!("{e}"));
        let hands = r.hands.expect("hands");
        assert!(hands.captures && !hands.marks);
        assert_eq!(hands.start[0][0], 3);
        assert_eq!(hands.start[1][0], 0);
    }

    #[test]
    fn broken_hands_are_refused_at_their_key() {
        assert_eq!(refused("[hands]\nx = { rock = 1 }"), "no piece type 'rock'");
        assert!(refused("[hands]\nx = { stone = -1 }").contains("a count of pieces from 0 to 65535"));
        assert_eq!(
            refused("[hands]\ncaptures = false\nmark-promoted = true"),
            "mark-promoted says what a captured piece goes into a hand as: it goes with captures = true"
        );
        assert!(
            refused("[hands]\ncolour = 1")
                .starts_with("unknown key 'colour' in [hands]; expected one of: captures, mark-promoted, order, x, o")
        );
        assert_eq!(refused("[hands]\norder = [\"rock\"]"), "no piece type 'rock'");
        assert_eq!(refused("[hands]\norder = [\"stone\", \"stone\"]"), "order names 'stone' twice");
    }

    /// A set-up phase needs hands, and lasts by one limit only.
    #[test]
    fn a_phase_until_the_hands_are_empty() {
        let phases = "[[phases]]\nname = \"setup\"\nuntil = \"hands-empty\"\nmoves = [\"m\"]\n\n[[phases]]\nname = \"play\"";
        let r = load(DROP, "no-moves", &format!("[hands]\nx = {{ stone = 1 }}\n\n{phases}")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.phases[0].limit, Some(crate::model::PhaseLimit::HandsEmpty));
        assert_eq!(
            message(&load(DROP, "no-moves", phases).expect_err("no hands")),
            "until = \"hands-empty\" waits for the players' hands: the ruleset needs [hands]"
        );
        let with_hands = |text: String| refused(&format!("[hands]\n\n{text}"));
        assert_eq!(with_hands(phases.replace("hands-empty", "never")), "until takes \"hands-empty\", not 'never'");
        assert_eq!(
            with_hands(phases.replace("until", "plies = 2\nuntil")),
            "a phase lasts until the hands are empty, or plies = N, or placed = N: not two of them"
        );
    }

    #[test]
    fn a_promoted_type_that_also_starts_on_the_board_needs_marks() {
        let extra = "[pieces.crown]\nsymbols = [\"C\", \"c\"]\n\n[hands]\n\n[start]\nx = { stone = [\"a1\"], crown = [\"b1\"] }";
        let text = crate::prims::test_support::text(DROP, "no-moves", extra)
            .replace("symbols = [\"x\", \"o\"]", "symbols = [\"x\", \"o\"]\npromote = { to = \"crown\", in = \"home\" }");
        let report = crate::load("t.toml", &text, &crate::BuiltinFiles, &[]).expect_err("a crown that may have been a stone").to_string();
        assert!(
            report.contains("a captured crown goes into a hand as what it was, and it may have been a stone or a crown from the start"),
            "{report}"
        );
        let marked = crate::load("t.toml", &text.replace("[hands]", "[hands]\nmark-promoted = true"), &crate::BuiltinFiles, &[]);
        let hands = marked.unwrap_or_else(|e| panic!("{e}")).hands.expect("hands");
        assert_eq!(hands.unpromoted[2].index(), 0, "a marked crown goes back as a stone");
    }
}
