//! `[lang.CODE]`: the ruleset's own words in another language (`[lang.hu]`): its name and
//! summary, its players' and pieces' names, and the words of its end and draw rules. What a
//! translation leaves out stays as the ruleset writes it.

use super::cx::{Cx, Fields, file_start};
use crate::model::{PieceType, Translation};
use crate::tree::{Node, Table, Value};
use std::collections::BTreeMap;

/// A language code: two or three lower-case ASCII letters (ISO 639-1 or 639-3: `hu`, `en`).
pub fn is_language_code(code: &str) -> bool {
    (2..=3).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_lowercase())
}

/// Reads every `[lang.CODE]` table. `words` are the texts a translation may give in
/// `[lang.CODE.words]`: the reasons of the end and draw rules.
pub(super) fn read_lang(cx: &mut Cx, node: Option<&Node>, pieces: &[PieceType], words: &[&str]) -> BTreeMap<String, Translation> {
    let mut out = BTreeMap::new();
    let Some(node) = node else { return out };
    let Some(t) = cx.table(node) else { return out };
    for (key, node) in &t.entries {
        if !is_language_code(&key.name) {
            cx.error(key.span, format!("'{}' is not a language code: two or three lower-case letters, as `hu` or `en`", key.name));
            continue;
        }
        let Some(t) = cx.table(node) else { continue };
        let what = format!("[lang.{}]", key.name);
        let mut f = Fields::new(t, what.clone());
        let mut tr = Translation {
            name: f.get("name").and_then(|n| cx.name(n, "a ruleset's name", false)),
            summary: f.get("summary").and_then(|n| cx.string(n)),
            ..Translation::default()
        };
        if let Some(n) = f.get("players")
            && let Some(names) = cx.array(n)
        {
            if names.len() == 2 {
                tr.players = names.iter().filter_map(|n| cx.name(n, "a player's name", false)).collect();
            } else {
                cx.error(n.span, format!("{what} players names both players, in the order of [[players]]; found {}", names.len()));
            }
        }
        if let Some(n) = f.get("pieces")
            && let Some(t) = cx.table(n)
        {
            tr.pieces = vec![None; pieces.len()];
            for (key, node) in &t.entries {
                match pieces.iter().position(|p| p.name == key.name) {
                    Some(i) => tr.pieces[i] = cx.name(node, "a piece's name", false),
                    None => {
                        let names: Vec<&str> = pieces.iter().map(|p| p.name.as_str()).collect();
                        cx.error(key.span, format!("no piece type '{}' to name; the pieces are: {}", key.name, names.join(", ")));
                    }
                }
            }
        }
        if let Some(n) = f.get("words")
            && let Some(t) = cx.table(n)
        {
            read_words(cx, t, words, &what, &mut tr.words);
        }
        f.finish(cx);
        out.insert(key.name.clone(), tr);
    }
    out
}

fn read_words(cx: &mut Cx, t: &Table, words: &[&str], what: &str, out: &mut BTreeMap<String, String>) {
    for (key, node) in &t.entries {
        if !words.contains(&key.name.as_str()) {
            // Words a parent translates that this variant no longer writes (its own ends) go.
            if key.span.file != file_start().file {
                continue;
            }
            let known: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
            cx.error(key.span, format!("{what} words: the ruleset writes no '{}'; it writes: {}", key.name, known.join(", ")));
            continue;
        }
        if let Value::Str(_) = node.value
            && let Some(text) = cx.name(node, "a translated word", false)
        {
            out.insert(key.name.clone(), text);
        } else if !matches!(node.value, Value::Str(_)) {
            cx.expect_type(node, "a string");
        }
    }
}

/// A variant's name and summary are its own: those of the file it extends, in any language, are
/// not inherited (as `[game] name` is not). Called on the parent before the variant is laid over it.
pub(super) fn drop_titles(parent: &mut Table) {
    let Some(Value::Table(langs)) = parent.entries.iter_mut().find(|(k, _)| k.name == "lang").map(|(_, n)| &mut n.value) else {
        return;
    };
    for (_, node) in &mut langs.entries {
        if let Value::Table(t) = &mut node.value {
            t.entries.retain(|(k, _)| !matches!(k.name.as_str(), "name" | "summary"));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{PieceTypeId, PlayerId};
    use crate::{BuiltinFiles, Report, Ruleset, load};

    /// Three in a row on 3x3 (tests/fixtures), players cross and nought, one piece: stone.
    const PLACING: &str = include_str!("../../../../tests/fixtures/placing.toml");

    fn with(extra: &str) -> Result<Ruleset, Report> {
        load("placing.toml", &format!("{PLACING}\n{extra}"), &BuiltinFiles, &[])
    }

    fn error(extra: &str) -> String {
        let report = with(extra).expect_err("refused");
        report.diagnostics.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("\n")
    }

    #[test]
    fn a_translation_gives_names_and_words_and_leaves_the_rest_as_written() {
        let r = with(
            "[lang.hu]\nname = \"Amőba\"\nplayers = [\"iksz\", \"kör\"]\npieces = { stone = \"kő\" }\n\
             [lang.hu.words]\n\"three in a row\" = \"három egy sorban\"\n",
        )
        .unwrap_or_else(|r| panic!("{r}"));
        assert_eq!((r.name_in("hu"), r.summary_in("hu")), ("Amőba", r.summary.as_str()));
        assert_eq!((r.player_in(PlayerId::SECOND, "hu"), r.piece_in(PieceTypeId::new(0), "hu")), ("kör", "kő"));
        assert_eq!((r.words_in("three in a row", "hu"), r.words_in("the board is full", "hu")), ("három egy sorban", "the board is full"));
        // Another language, or none: as written.
        assert_eq!((r.name_in("de"), r.name_in("")), ("Placing", "Placing"));
    }

    #[test]
    fn a_translation_is_checked_against_the_ruleset() {
        assert!(error("[lang.Hungarian]\nname = \"x\"\n").contains("'Hungarian' is not a language code"));
        assert!(
            error("[lang.hu]\nplayers = [\"iksz\"]\n")
                .contains("[lang.hu] players names both players, in the order of [[players]]; found 1")
        );
        assert!(error("[lang.hu]\npieces = { rock = \"szikla\" }\n").contains("no piece type 'rock' to name; the pieces are: stone"));
        assert!(
            error("[lang.hu.words]\n\"four in a row\" = \"négy\"\n")
                .contains("the ruleset writes no 'four in a row'; it writes: \"three in a row\", \"the board is full\"")
        );
        assert!(error("[lang.hu]\ntitle = \"x\"\n").contains("unknown key 'title' in [lang.hu]"));
    }

    #[test]
    fn a_variant_inherits_pieces_and_words_but_not_its_parents_name() {
        // draughts-giveaway extends draughts-international, which extends draughts-brazilian.
        let r = crate::load_builtin("draughts-giveaway", &[]).expect("built in").unwrap_or_else(|r| panic!("{r}"));
        assert_eq!(r.name_in("hu"), "Öngyilkos dáma");
        let parent = crate::load_builtin("draughts-international", &[]).expect("built in").unwrap_or_else(|r| panic!("{r}"));
        assert_eq!((parent.name_in("hu"), parent.player_in(PlayerId::FIRST, "hu")), ("Nemzetközi dáma", "fehér"));
        assert_eq!(r.player_in(PlayerId::FIRST, "hu"), "fehér");
        // A variant that gives no name of its own in a language has its own English name there.
        let text = "extends = \"draughts-international\"\n[game]\nid = \"mine\"\nname = \"Mine\"\n";
        let mine = load("mine.toml", text, &BuiltinFiles, &[]).unwrap_or_else(|r| panic!("{r}"));
        assert_eq!((mine.name_in("hu"), mine.piece_in(PieceTypeId::new(0), "hu")), ("Mine", "korong"));
    }
}
