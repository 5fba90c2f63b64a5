//! `[pieces.NAME]`: symbols, owner, value, and `promote`, whose target pieces and region are
//! resolved once every piece and region is known.

use super::cx::{Cx, Fields, file_start};
use crate::model::{Figure, MidCapture, PieceType, PieceTypeId, Promotion, Region, RegionId};
use crate::source::{Diagnostic, Span};
use crate::tree::{Node, Value};

/// A piece symbol: one character a terminal draws one column wide, since the board is drawn
/// one symbol a cell (a wide character, an emoji or a combining mark would shift the columns).
fn single_char(cx: &mut Cx, node: &Node) -> Option<char> {
    use unicode_width::UnicodeWidthChar;
    let s = cx.string(node)?;
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_ascii_digit() && !c.is_whitespace() && c != '/' && c.width() == Some(1) => Some(c),
        _ => {
            cx.error(node.span, "a piece symbol is one narrow character (one column on a terminal), not a digit, space or '/'");
            None
        }
    }
}

/// A promotion as written, resolved once the pieces and regions are known.
pub(super) struct RawPromotion {
    piece: usize,
    to: Vec<(String, Span)>,
    region: (String, Span),
    during: MidCapture,
}

/// The most piece types a ruleset may have: a `PieceTypeSet` holds that many.
pub const MAX_PIECE_TYPES: usize = crate::model::PieceTypeSet::CAPACITY;

pub(super) fn read_pieces(cx: &mut Cx, node: Option<&Node>) -> (Vec<PieceType>, Vec<RawPromotion>) {
    let Some(node) = node else {
        cx.diags.push(Diagnostic::at(file_start(), "the ruleset has no [pieces] table"));
        return (Vec::new(), Vec::new());
    };
    let Some(t) = cx.table(node) else { return (Vec::new(), Vec::new()) };
    let mut pieces = Vec::new();
    let mut promotions = Vec::new();
    let mut unsymbolled = Vec::new();
    for (key, node) in &t.entries {
        let Some(pt) = cx.table(node) else { continue };
        let mut f = Fields::new(pt, format!("[pieces.{}]", key.name));
        let owned = f.get("owner").and_then(|n| cx.keyword(n, "owner", &[("player", true), ("none", false)])).unwrap_or(true);
        let symbols = if owned {
            match f.get("symbols") {
                Some(n) => match cx.array(n) {
                    Some([a, b]) => match (single_char(cx, a), single_char(cx, b)) {
                        (Some(a), Some(b)) => Some([a, b]),
                        _ => None,
                    },
                    Some(_) => {
                        cx.error(n.span, "symbols lists one character for each player");
                        None
                    }
                    None => None,
                },
                None => {
                    cx.error(key.span, "an owned piece needs symbols = [first player's, second player's]");
                    None
                }
            }
        } else {
            match f.get("symbol") {
                Some(n) => single_char(cx, n).map(|c| [c, c]),
                None => {
                    cx.error(key.span, "a piece that belongs to nobody needs one symbol");
                    None
                }
            }
        };
        let value = match f.get("value") {
            Some(n) => match n.value {
                Value::Int(v) => v as i32,
                _ => {
                    cx.expect_type(n, "an integer");
                    1
                }
            },
            None => 1,
        };
        let royal = match f.get("royal") {
            Some(n) => match n.value {
                Value::Bool(b) => {
                    if b && !owned {
                        cx.error(key.span, "a royal piece must belong to a player");
                    }
                    b
                }
                _ => {
                    cx.expect_type(n, "true or false");
                    // Taken as meant royal, so that `check` is not refused for the same mistake.
                    owned
                }
            },
            None => false,
        };
        let letter = match f.get("letter") {
            Some(n) => {
                let text = cx.string(n).unwrap_or_default();
                if text.chars().any(|c| c.is_whitespace() || c.is_ascii_digit()) {
                    cx.error(n.span, "a piece's letter has no spaces or digits");
                }
                text
            }
            None => String::new(),
        };
        let figure = f.get("figure").and_then(|n| cx.keyword(n, "figure", &Figure::ALL.map(|fig| (fig.name(), fig))));
        let promote = f.get("promote").and_then(|n| {
            let pt = cx.table(n)?;
            let mut pf = Fields::new(pt, format!("[pieces.{}.promote]", key.name));
            let to = match pf.get("to") {
                Some(tn) => match &tn.value {
                    Value::Str(one) => vec![(one.clone(), tn.span)],
                    _ => cx.strings(tn).unwrap_or_default(),
                },
                None => {
                    cx.error(n.span, "promote needs to = \"<piece>\" (or a list to choose from)");
                    Vec::new()
                }
            };
            let region = match pf.get("in") {
                Some(rn) => (cx.string(rn).unwrap_or_default(), rn.span),
                None => {
                    cx.error(n.span, "promote needs in = \"<region>\"");
                    (String::new(), n.span)
                }
            };
            let during = pf
                .get("during-capture")
                .and_then(|dn| {
                    let choices = [("at-end", MidCapture::AtEnd), ("at-once", MidCapture::AtOnce), ("ends-move", MidCapture::EndsMove)];
                    cx.keyword(dn, "during-capture", &choices)
                })
                .unwrap_or(MidCapture::AtEnd);
            pf.finish(cx);
            Some((to, region, during))
        });
        f.finish(cx);
        // A piece whose symbols were refused is still a piece type, so that the moves and the
        // start that name it bring no more errors; the ruleset is refused all the same.
        unsymbolled.push(symbols.is_none());
        let symbols = symbols.unwrap_or([char::REPLACEMENT_CHARACTER; 2]);
        if let Some((to, region, during)) = promote {
            promotions.push(RawPromotion { piece: pieces.len(), to, region, during });
        }
        pieces.push(PieceType { name: key.name.clone(), symbols, owned, value, promotion: None, royal, letter, figure });
    }
    // The engine's piece is one byte: the type in six bits, the owner in two.
    if let Some((key, _)) = t.entries.get(MAX_PIECE_TYPES)
        && pieces.len() > MAX_PIECE_TYPES
    {
        cx.error(key.span, format!("a ruleset has at most {MAX_PIECE_TYPES} piece types; this one has {}", pieces.len()));
    }
    // Symbols name pieces in position notation: they must be unique.
    let mut seen: Vec<char> = Vec::new();
    for p in pieces.iter().zip(&unsymbolled).filter(|(_, refused)| !**refused).map(|(p, _)| p) {
        let own = if p.owned { &p.symbols[..] } else { &p.symbols[..1] };
        for &c in own {
            if seen.contains(&c) {
                let span = t.entries.iter().find(|(k, _)| k.name == p.name).map(|(k, _)| k.span).unwrap_or_default();
                cx.error(span, format!("the symbol '{c}' is used twice"));
            }
            seen.push(c);
        }
    }
    (pieces, promotions)
}

pub(super) fn resolve_promotions(cx: &mut Cx, pieces: &mut [PieceType], raw: Vec<RawPromotion>, regions: &[Region]) {
    for p in raw {
        let mut to = Vec::new();
        for (name, span) in &p.to {
            match pieces.iter().position(|q| &q.name == name) {
                Some(i) if i != p.piece => to.push(PieceTypeId::new(i)),
                Some(_) => cx.error(*span, "a piece cannot promote to itself"),
                None => cx.error(*span, format!("no piece type '{name}'")),
            }
        }
        let region = match regions.iter().position(|r| r.name == p.region.0) {
            Some(r) => RegionId::new(r),
            None => {
                if !p.region.0.is_empty() {
                    cx.error(p.region.1, format!("no region '{}'", p.region.0));
                }
                continue;
            }
        };
        if !to.is_empty() {
            pieces[p.piece].promotion = Some(Promotion { to, region, during_capture: p.during });
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{BuiltinFiles, load};

    const WIDE: &str = "[game]\nid = \"t\"\nname = \"T\"\n[[players]]\nname = \"a\"\n[[players]]\nname = \"b\"\n\
        [board]\nwidth = 4\nheight = 4\n[pieces.man]\nsymbols = [\"\u{4e2d}\", \"m\"]\n[pieces.king]\nsymbols = [\"K\", \"k\"]\n\
        [pieces.pawn]\nsymbols = [\"P\", \"p\"]\npromote = { to = \"man\", in = \"edge\" }\n\
        [start]\na = { man = [\"a1\"] }\nb = { man = [\"d4\"] }\n[moves.man]\npiece = \"man\"\ndo = \"step(all)\"\n\
        [moves.king]\npiece = \"king\"\ndo = \"step(all)\"\n[[end]]\nif = \"no-moves\"\nresult = \"mover loses\"\n";

    #[test]
    fn a_refused_symbol_is_one_error_not_one_per_use_of_the_piece() {
        let report = load("t.toml", WIDE, &BuiltinFiles, &[]).unwrap_err();
        let lines: Vec<String> = report.diagnostics.iter().map(|d| d.one_line(&report.sources)).collect();
        // The start (twice), the move and the promotion name the piece: none of them is an error.
        assert_eq!(lines, ["t.toml:12:12: a piece symbol is one narrow character (one column on a terminal), not a digit, space or '/'"]);
    }

    #[test]
    fn a_piece_without_symbols_is_one_error() {
        let text = WIDE.replace("symbols = [\"\u{4e2d}\", \"m\"]\n", "");
        let report = load("t.toml", &text, &BuiltinFiles, &[]).unwrap_err();
        let lines: Vec<String> = report.diagnostics.iter().map(|d| d.one_line(&report.sources)).collect();
        assert_eq!(lines, ["t.toml:11:9: an owned piece needs symbols = [first player's, second player's]"]);
    }
}
