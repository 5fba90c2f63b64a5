//! `[game]`: the ruleset's id, name, source and summary, and whether it can be drawn.

use super::cx::{Cx, Fields, file_start};
use crate::source::Diagnostic;
use crate::tree::Node;

/// What `[game]` says.
pub(super) struct GameKeys {
    pub id: String,
    pub name: String,
    pub source: String,
    pub summary: String,
    /// `cannot-draw = true`, where it is written.
    pub cannot_draw: Option<crate::source::Span>,
}

/// Reads `[game]`; missing keys are reported and left empty.
pub(super) fn read_game(cx: &mut Cx, node: Option<&Node>) -> GameKeys {
    let (mut id, mut name, mut source, mut summary) = (String::new(), String::new(), String::new(), String::new());
    let mut cannot_draw = None;
    match node {
        Some(node) => {
            if let Some(t) = cx.table(node) {
                let mut f = Fields::new(t, "[game]");
                match f.get("id") {
                    Some(n) => id = cx.string(n).unwrap_or_default(),
                    None => cx.error(node.span, "[game] needs an id"),
                }
                match f.get("name") {
                    Some(n) => name = cx.string(n).unwrap_or_default(),
                    None => cx.error(node.span, "[game] needs a name"),
                }
                if let Some(n) = f.get("source") {
                    source = cx.string(n).unwrap_or_default();
                }
                if let Some(n) = f.get("summary") {
                    summary = cx.string(n).unwrap_or_default();
                }
                if let Some(n) = f.get("cannot-draw")
                    && cx.boolean(n) == Some(true)
                {
                    cannot_draw = Some(n.span);
                }
                f.finish(cx);
            }
        }
        None => cx.diags.push(Diagnostic::at(file_start(), "the ruleset has no [game] table (id and name)")),
    }
    GameKeys { id, name, source, summary, cannot_draw }
}
