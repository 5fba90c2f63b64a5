//! What a variant takes away from the ruleset it extends (`remove = ["moves.castle", "eval"]`),
//! and the hint that tells an author so when an inherited line is at fault.

use super::cx::Cx;
use crate::source::{Diagnostic, FileId, Span};
use crate::tree::{Node, Table, Value};

/// Takes each path `remove` lists out of the parent's merged table, before the variant's own
/// table is laid over it (so that writing the table again replaces it). Each path names a key
/// at any depth of tables, dot-separated; what is not there is an error at its place.
pub(super) fn apply_removals(cx: &mut Cx, parent: &mut Table, node: &Node, parent_name: &str) {
    let Some(paths) = cx.strings(node) else { return };
    let mut done: Vec<&str> = Vec::new();
    for (path, span) in &paths {
        if done.contains(&path.as_str()) {
            cx.error(*span, format!("'{path}' is removed twice"));
            continue;
        }
        if let Some(whole) = done.iter().find(|d| path.strip_prefix(**d).is_some_and(|rest| rest.starts_with('.'))) {
            cx.error(*span, format!("'{path}' lies in '{whole}', which is removed whole"));
            continue;
        }
        done.push(path);
        if let Err(message) = remove_path(parent, path, parent_name) {
            cx.error(*span, message);
        }
    }
}

fn remove_path(table: &mut Table, path: &str, parent_name: &str) -> Result<(), String> {
    let parts: Vec<&str> = path.split('.').collect();
    if parts.iter().any(|p| p.is_empty()) {
        return Err(format!("'{path}' is not a path; write the keys joined by dots, as in \"moves.castle\" or \"eval\""));
    }
    let (last, along) = parts.split_last().expect("split yields at least one part");
    let mut here = table;
    for (depth, part) in along.iter().enumerate() {
        let so_far = parts[..=depth].join(".");
        let Some(i) = here.entries.iter().position(|(k, _)| k.name == *part) else {
            return Err(missing(here, &parts[..depth], part, parent_name));
        };
        here = match &mut here.entries[i].1 {
            Node { value: Value::Table(t), .. } => t,
            Node { value: Value::Array(_), .. } => {
                return Err(format!("'{so_far}' is a list and goes whole: remove \"{so_far}\" and write the entries to keep"));
            }
            _ => return Err(format!("'{so_far}' is a single value, with no keys to remove")),
        };
    }
    match here.entries.iter().position(|(k, _)| k.name == *last) {
        Some(i) => {
            here.entries.remove(i);
            Ok(())
        }
        None => Err(missing(here, along, last, parent_name)),
    }
}

/// "nothing to remove": the key that is not there, and the keys that are.
fn missing(table: &Table, along: &[&str], key: &str, parent_name: &str) -> String {
    let place = if along.is_empty() { "at the top".to_string() } else { format!("in [{}]", along.join(".")) };
    let keys: Vec<&str> = table.entries.iter().map(|(k, _)| k.name.as_str()).collect();
    let listed = if keys.is_empty() { "nothing".to_string() } else { keys.join(", ") };
    format!("nothing to remove: {parent_name} has no '{key}' {place}; it has {listed}")
}

/// For a problem found in an inherited line (in a file the variant extends): how the variant
/// takes that part away or replaces it, appended to the message. `variant` is the variant's file.
pub(super) fn hint_inherited(diags: &mut [Diagnostic], merged: &Table, variant: FileId, variant_name: &str) {
    for d in diags {
        let Some(span) = d.span else { continue };
        if span.file == variant {
            continue;
        }
        let Some(path) = removable_path(merged, span) else { continue };
        let top = merged.get(&path[0]).map(|n| &n.value);
        let path = path.join(".");
        let how = match top {
            Some(Value::Array(_)) => {
                format!("{variant_name} replaces it by writing its own [[{path}]] list, or takes it away with remove = [\"{path}\"]")
            }
            _ => format!("{variant_name} takes it away with remove = [\"{path}\"], then may write its own [{path}]"),
        };
        d.message = format!("{}; inherited: {how}", d.message);
    }
}

/// The part of the merged table a span lies in, as a path: the top-level key, and in a table of
/// tables (`[moves]`, `[pieces]`) the entry too, the unit a variant takes away.
fn removable_path(merged: &Table, span: Span) -> Option<Vec<String>> {
    let (key, node) = merged.entries.iter().find(|(k, n)| contains(n, span) || within(k.span, span))?;
    let mut path = vec![key.name.clone()];
    if let Value::Table(t) = &node.value
        && !t.entries.is_empty()
        && t.entries.iter().all(|(_, n)| matches!(n.value, Value::Table(_)))
        && let Some((entry, _)) = t.entries.iter().find(|(k, n)| contains(n, span) || within(k.span, span))
    {
        path.push(entry.name.clone());
    }
    Some(path)
}

fn within(outer: Span, inner: Span) -> bool {
    outer.file == inner.file && outer.start <= inner.start && inner.end <= outer.end
}

/// Does the node, or anything in it, hold the span?
fn contains(node: &Node, span: Span) -> bool {
    within(node.span, span)
        || match &node.value {
            Value::Table(t) => t.entries.iter().any(|(k, n)| within(k.span, span) || contains(n, span)),
            Value::Array(items) => items.iter().any(|n| contains(n, span)),
            _ => false,
        }
}

#[cfg(test)]
mod tests {
    use crate::{Files, load};

    /// The parent `base.toml` beside the variant; built-in ids as usual.
    struct Beside(&'static str);

    impl Files for Beside {
        fn read(&self, reference: &str, from: &str) -> Result<(String, String), String> {
            match reference {
                "base.toml" => Ok(("base.toml".to_string(), self.0.to_string())),
                other => crate::BuiltinFiles.read(other, from),
            }
        }
    }

    const BASE: &str = "[game]\nid = \"base\"\nname = \"Base\"\n[[players]]\nname = \"a\"\n[[players]]\nname = \"b\"\n\
        [board]\nwidth = 4\nheight = 4\n[pieces.man]\nsymbols = [\"M\", \"m\"]\n\
        [start]\na = { man = [\"a1\", \"b1\"] }\nb = { man = [\"a4\"] }\n\
        [moves.step]\ndo = \"step(orthogonal)\"\n[moves.hop]\ndo = \"leap((2, 0))\"\n\
        [eval]\nterms = [\"100 * material\"]\n[[end]]\nif = \"no-moves\"\nresult = \"mover loses\"\n";

    fn variant(top: &str, rest: &str) -> String {
        format!("{top}extends = \"base.toml\"\n[game]\nid = \"v\"\nname = \"V\"\n{rest}")
    }

    fn errors(text: &str) -> Vec<String> {
        let report = load("v.toml", text, &Beside(BASE), &[]).unwrap_err();
        report.diagnostics.iter().map(|d| d.one_line(&report.sources)).collect()
    }

    #[test]
    fn a_variant_takes_a_rule_away_and_replaces_a_table_whole() {
        let text = variant("remove = [\"moves.hop\", \"start\", \"eval\"]\n", "[start]\nb = { man = [\"d4\"] }\n");
        let rules = load("v.toml", &text, &Beside(BASE), &[]).unwrap();
        let moves: Vec<&str> = rules.moves.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(moves, ["step"]);
        // The new [start] is all there is: without the removal a's men would still stand.
        assert_eq!(rules.start.pieces.len(), 1);
        assert_eq!(rules.board.name(rules.start.pieces[0].0), "d4");
        assert!(!rules.eval.declared, "the default terms, as without an [eval]");
        // Without `remove` the tables merge key by key: a's men are inherited.
        let merged = load("v.toml", &variant("", "[start]\nb = { man = [\"d4\"] }\n"), &Beside(BASE), &[]).unwrap();
        assert_eq!(merged.start.pieces.len(), 3);
    }

    #[test]
    fn removing_what_is_not_there_is_an_error_at_its_place() {
        let text = variant("remove = [\"moves.jump\", \"eval\", \"eval\", \"eval.terms\", \"end.1\", \"game.id.x\", \"a..b\"]\n", "");
        assert_eq!(
            errors(&text),
            [
                "v.toml:1:11: nothing to remove: the ruleset 'base.toml' has no 'jump' in [moves]; it has step, hop",
                "v.toml:1:33: 'eval' is removed twice",
                "v.toml:1:41: 'eval.terms' lies in 'eval', which is removed whole",
                "v.toml:1:55: 'end' is a list and goes whole: remove \"end\" and write the entries to keep",
                "v.toml:1:64: 'game.id' is a single value, with no keys to remove",
                "v.toml:1:77: 'a..b' is not a path; write the keys joined by dots, as in \"moves.castle\" or \"eval\"",
            ]
        );
    }

    #[test]
    fn remove_needs_a_parent_and_the_top_of_the_file() {
        let alone = BASE.replace("[game]\n", "remove = [\"eval\"]\n[game]\n");
        let report = load("base.toml", &alone, &Beside(BASE), &[]).unwrap_err();
        assert_eq!(report.first_line(), "base.toml:1:10: remove takes away what a variant inherits, and this file extends no ruleset");
        let under = variant("", "remove = [\"eval\"]\n");
        assert_eq!(
            errors(&under),
            [
                "v.toml:5:1: unknown key 'remove' in [game]; expected one of: id, name, source, summary, uci-variant, cannot-draw; it belongs at the top of the file, before the first [table]"
            ]
        );
    }

    #[test]
    fn an_inherited_line_at_fault_says_how_the_variant_takes_it_away() {
        // A built-in whose checkmate and evaluation look at a royal king (the first found, so
        // that no game is named here); this variant makes the king not royal.
        let (id, base) = crate::builtin_ids()
            .filter_map(|id| crate::builtin_text(id).map(|text| (id, text)))
            .find(|(_, text)| {
                !text.contains("\nextends")
                    && text.contains("if = \"no-moves and check\"")
                    && text.contains("\"8 * shelter\"")
                    && text.contains("[pieces.king]\n")
            })
            .expect("a built-in with checkmate and a shelter term");
        let text = format!("extends = \"{id}\"\n[game]\nid = \"v\"\nname = \"V\"\n[pieces.king]\nroyal = false\n");
        let found = errors(&text);
        assert_eq!(found.len(), 2, "{found:#?}");
        // The lines of its checkmate rule and shelter term, wherever they are today.
        let line_of = |text: &str| base.lines().position(|l| l.contains(text)).expect("the built-in has it") + 1;
        let (mate, shelter) = (line_of("if = \"no-moves and check\""), line_of("\"8 * shelter\""));
        assert!(found[0].starts_with(&format!("built-in '{id}', line {mate}, column 20: check looks at royal pieces")), "{}", found[0]);
        assert!(
            found[0].ends_with("; inherited: v.toml replaces it by writing its own [[end]] list, or takes it away with remove = [\"end\"]"),
            "{}",
            found[0]
        );
        assert!(found[1].starts_with(&format!("built-in '{id}', line {shelter}, column 10: shelter() counts the pieces next to royal")));
        assert!(
            found[1].ends_with("; inherited: v.toml takes it away with remove = [\"eval\"], then may write its own [eval]"),
            "{}",
            found[1]
        );
        // Doing what the messages say gives a ruleset that loads.
        let fixed = format!("remove = [\"eval\"]\n{text}[[end]]\nif = \"no-moves\"\nresult = \"mover loses\"\n");
        let rules = load("v.toml", &fixed, &Beside(BASE), &[]).unwrap();
        assert!(!rules.eval.declared);
    }

    #[test]
    fn a_fault_in_an_inherited_rule_names_the_rule() {
        let base = BASE.replace("leap((2, 0))", "leap((2, 0), far)");
        let report = load("v.toml", &variant("", ""), &Beside(Box::leak(base.into_boxed_str())), &[]).unwrap_err();
        let line = report.first_line();
        assert!(line.starts_with("base.toml:19:"), "{line}");
        assert!(
            line.ends_with("; inherited: v.toml takes it away with remove = [\"moves.hop\"], then may write its own [moves.hop]"),
            "{line}"
        );
    }
}
