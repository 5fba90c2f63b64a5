//! `[game]`: the ruleset's id, name, source and summary.

use super::cx::{Cx, Fields, file_start};
use crate::source::Diagnostic;
use crate::tree::Node;

/// Returns (id, name, source, summary); missing ones are reported and left empty.
pub(super) fn read_game(cx: &mut Cx, node: Option<&Node>) -> (String, String, String, String) {
    let (mut id, mut name, mut source, mut summary) = (String::new(), String::new(), String::new(), String::new());
    match node {
        Some(node) => {
            if let Some(t) = cx.table(node) {
                let mut f = Fields::new(t, "[game]");
                match f.get("id") {
                    Some(n) => id = cx.name(n, "a ruleset's id", true).unwrap_or_default(),
                    None => cx.error(node.span, "[game] needs an id"),
                }
                match f.get("name") {
                    Some(n) => name = cx.name(n, "a ruleset's name", false).unwrap_or_default(),
                    None => cx.error(node.span, "[game] needs a name"),
                }
                if let Some(n) = f.get("source") {
                    source = cx.string(n).unwrap_or_default();
                }
                if let Some(n) = f.get("summary") {
                    summary = cx.string(n).unwrap_or_default();
                }
                f.finish(cx);
            }
        }
        None => cx.diags.push(Diagnostic::at(file_start(), "the ruleset has no [game] table (id and name)")),
    }
    (id, name, source, summary)
}
