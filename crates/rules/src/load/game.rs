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
    /// `uci-variant = "3check"`: the name UCI's `UCI_Variant` also knows the ruleset by.
    pub uci_variant: Option<String>,
}

/// Reads `[game]`; missing keys are reported and left empty.
pub(super) fn read_game(cx: &mut Cx, node: Option<&Node>) -> GameKeys {
    let (mut id, mut name, mut source, mut summary) = (String::new(), String::new(), String::new(), String::new());
    let (mut cannot_draw, mut uci_variant) = (None, None);
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
                if let Some(n) = f.get("uci-variant") {
                    uci_variant = cx.name(n, "a UCI variant name", true);
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
    GameKeys { id, name, source, summary, cannot_draw, uci_variant }
}

#[cfg(test)]
mod tests {
    /// `UCI_Variant` finds one built-in by each name: no other name is an id or another's name
    /// (a variant that inherited one would make two).
    #[test]
    fn each_uci_variant_names_one_builtin() {
        let ids: Vec<&str> = crate::builtin_ids().collect();
        let mut names = Vec::new();
        for id in &ids {
            let r = crate::load_builtin(id, &[]).expect("listed").expect("loads");
            if let Some(name) = r.uci_variant {
                assert!(!ids.contains(&name.as_str()), "{id}: uci-variant '{name}' is another ruleset's id");
                assert!(!names.contains(&name), "{id}: uci-variant '{name}' is another ruleset's too");
                names.push(name);
            }
        }
        assert!(!names.is_empty(), "no built-in has a uci-variant: the test tests nothing");
    }
}
