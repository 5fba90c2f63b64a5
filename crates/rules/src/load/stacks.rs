//! `[stacks]`: a cell may hold a column of pieces. The top piece owns and moves the column and
//! is what every other rule sees on the cell; a hop takes the top of the column it jumps. The
//! moves that would need more of a column than that (landing on it, enclosing it, pushing or
//! castling it) are refused here, each where it is written.

use super::cx::{Cx, Fields};
use crate::model::{Carry, MoveRule, Notation, PositionNotation, Prisoners, Removal, Stacks, Turn};
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
        let refused = match m.action.prim().refused_with_stacks() {
            Some(why) => Some(why),
            None if !m.effects.is_empty() => Some("an effect after the move: with [stacks] effects are not defined for columns yet"),
            None => None,
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
