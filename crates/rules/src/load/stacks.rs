//! `[stacks]`: a cell may hold a column of pieces. The top piece owns and moves the column and
//! is what every other rule sees on the cell; a hop takes the top of the column it jumps. The
//! moves that would need more of a column than that (landing on it, enclosing it, pushing or
//! castling it) are refused here, each where it is written.

use super::cx::{Cx, Fields};
use crate::model::{Action, Carry, Landing, MoveRule, Notation, PositionNotation, Prisoners, Removal, Stacks, Turn};
use crate::tree::Node;

pub(super) fn read_stacks(cx: &mut Cx, node: Option<&Node>, moves: &[MoveRule], turn: &Turn, notation: &Notation) -> Option<Stacks> {
    let node = node?;
    let t = cx.table(node)?;
    let mut f = Fields::new(t, "[stacks]");
    let carry = match f.get("carry") {
        Some(n) => cx.keyword(n, "carry", &[("column", Carry::Column), ("top", Carry::Top)]),
        None => Some(Carry::Column),
    };
    let prisoners = match f.get("prisoners") {
        Some(n) => cx.keyword(n, "prisoners", &[("under", Prisoners::Under), ("removed", Prisoners::Removed)]),
        None => Some(Prisoners::Under),
    };
    f.finish(cx);
    for m in moves {
        let refused = match &m.action {
            Action::Step { to, .. } | Action::Slide { to, .. } | Action::Leap { to, .. } if *to != Landing::Empty => {
                Some("a move that lands on a piece: with [stacks] pieces capture only by hopping (to=empty)")
            }
            Action::Push { .. } => Some("push(): with [stacks] a push would split columns"),
            Action::Roll { .. } => Some("roll(): with [stacks] a roll would split columns"),
            Action::Castle { .. } => Some("castle(): with [stacks] castling would split columns"),
            Action::Remove { .. } => Some("remove(): with [stacks] taking a piece off is not defined for columns yet"),
            Action::Line { .. } => Some("line(): with [stacks] a line of columns is not defined yet"),
            _ if !m.effects.is_empty() => Some("an effect after the move: with [stacks] effects are not defined for columns yet"),
            _ => None,
        };
        if let Some(why) = refused {
            cx.error(m.span, format!("move '{}' is {why}", m.name));
        }
    }
    if turn.removal == Removal::Immediate {
        cx.error(node.span, "[stacks] needs [turn] removal = \"end\": a jumped column stays in the way until the move ends");
    }
    if notation.position == PositionNotation::Fen {
        cx.error(node.span, "[stacks] positions are written in rows or pdn notation, not fen");
    }
    Some(Stacks { carry: carry?, prisoners: prisoners? })
}
