//! `[[players]]`: exactly two, each with a name, a short name and whether the name is a plural.

use super::cx::{Cx, Fields, file_start, read_list};
use crate::model::Player;
use crate::source::Diagnostic;
use crate::tree::Node;

pub(super) fn read_players(cx: &mut Cx, node: Option<&Node>) -> Option<[Player; 2]> {
    let Some(node) = node else {
        cx.diags.push(Diagnostic::at(file_start(), "the ruleset has no [[players]] (two entries: name, short)"));
        return None;
    };
    let players = read_list(cx, node, "[[players]]", |cx, t, span| {
        let mut f = Fields::new(t, "[[players]]");
        let name = f.get("name").and_then(|n| cx.string(n));
        let short = f.get("short").and_then(|n| cx.string(n));
        let plural = f.get("plural").and_then(|n| cx.boolean(n)).unwrap_or(false);
        f.finish(cx);
        let name = name.or_else(|| {
            cx.error(span, "a player needs a name");
            None
        })?;
        let short = short.unwrap_or_else(|| name.chars().next().map(String::from).unwrap_or_default());
        if short.is_empty() || short.contains(char::is_whitespace) {
            cx.error(span, "a player's short name must be a word");
        }
        Some(Player { name, short, plural })
    });
    match <[Player; 2]>::try_from(players) {
        Ok(players) => {
            if players[0].name == players[1].name {
                cx.error(node.span, format!("both players are named '{}'", players[0].name));
            }
            if players[0].short == players[1].short {
                cx.error(node.span, format!("both players have the short name '{}'", players[0].short));
            }
            Some(players)
        }
        Err(players) => {
            cx.error(node.span, format!("a ruleset has exactly two players, not {}", players.len()));
            None
        }
    }
}
