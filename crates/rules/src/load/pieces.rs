//! `[pieces.NAME]`: symbols, owner, value, and `promote`, whose target pieces and region are
//! resolved once every piece and region is known.

use super::cx::{Cx, Fields, file_start};
use crate::model::{Figure, MidCapture, PieceType, PieceTypeId, Promotion, PromotionLimit, Region, RegionId};
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
    optional: bool,
    leaving: bool,
    /// `forced-in`: the region's name and where it is written.
    forced: Option<(String, Span)>,
    limit: Option<RawLimit>,
}

/// `limit` as written: `"start"`, or piece types with counts (each name where it is written).
enum RawLimit {
    Start,
    Most(Vec<(String, Span, u32)>),
}

/// Reads `limit = "start"` or `limit = { queen = 1, rook = 2 }`.
fn read_limit(cx: &mut Cx, node: &Node) -> Option<RawLimit> {
    const WHAT: &str = "limit is \"start\" (no more of a type than the player has at the start) or a table of piece types and counts, as in limit = { queen = 1 }";
    match &node.value {
        Value::Str(s) if s == "start" => Some(RawLimit::Start),
        Value::Table(t) => {
            let mut most = Vec::new();
            for (key, n) in &t.entries {
                match n.value {
                    Value::Int(v) if (0..=i64::from(u16::MAX)).contains(&v) => {
                        most.push((key.name.clone(), key.span, u32::try_from(v).expect("checked to fit")))
                    }
                    _ => cx.error(n.span, format!("a promotion limit is a count of pieces from 0 to {}", u16::MAX)),
                }
            }
            Some(RawLimit::Most(most))
        }
        _ => {
            cx.error(node.span, WHAT);
            None
        }
    }
}

/// The most piece types a ruleset may have: a `PieceTypeSet` holds that many.
pub const MAX_PIECE_TYPES: usize = crate::model::PieceTypeSet::CAPACITY;

/// The symbol a piece whose own symbols are refused stands under, so that the rest of the file
/// still finds the piece by its name (one error, not one more wherever the piece is named).
const NO_SYMBOL: char = '\u{FFFD}';

pub(super) fn read_pieces(cx: &mut Cx, node: Option<&Node>) -> (Vec<PieceType>, Vec<RawPromotion>) {
    let Some(node) = node else {
        cx.diags.push(Diagnostic::at(file_start(), "the ruleset has no [pieces] table"));
        return (Vec::new(), Vec::new());
    };
    let Some(t) = cx.table(node) else { return (Vec::new(), Vec::new()) };
    // The engine's piece is one byte: the type in six bits, the owner in two. Past the limit
    // nothing more is read (thousands of types would cost seconds, then be refused).
    if let Some((key, _)) = t.entries.get(MAX_PIECE_TYPES) {
        cx.error(key.span, format!("a ruleset has at most {MAX_PIECE_TYPES} piece types; this one has {}", t.entries.len()));
    }
    let mut pieces = Vec::new();
    let mut spans = Vec::new();
    let mut promotions = Vec::new();
    for (key, node) in t.entries.iter().take(MAX_PIECE_TYPES) {
        let Some(pt) = cx.table(node) else { continue };
        let mut f = Fields::new(pt, format!("[pieces.{}]", key.name));
        let owned = f.get("owner").and_then(|n| cx.keyword(n, "owner", &[("player", true), ("none", false)])).unwrap_or(true);
        let symbols = if owned {
            match f.get("symbols") {
                Some(n) => match cx.array(n) {
                    Some([a, b]) => [single_char(cx, a).unwrap_or(NO_SYMBOL), single_char(cx, b).unwrap_or(NO_SYMBOL)],
                    Some(_) => {
                        cx.error(n.span, "symbols lists one character for each player");
                        [NO_SYMBOL; 2]
                    }
                    None => [NO_SYMBOL; 2],
                },
                None => {
                    cx.error(key.span, "an owned piece needs symbols = [first player's, second player's]");
                    [NO_SYMBOL; 2]
                }
            }
        } else {
            match f.get("symbol") {
                Some(n) => [single_char(cx, n).unwrap_or(NO_SYMBOL); 2],
                None => {
                    cx.error(key.span, "a piece that belongs to nobody needs one symbol");
                    [NO_SYMBOL; 2]
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
            let optional = pf.get("optional").and_then(|n| cx.boolean(n)).unwrap_or(false);
            let leaving = pf.get("leaving").and_then(|n| cx.boolean(n)).unwrap_or(false);
            let forced = pf.get("forced-in").map(|n| (cx.string(n).unwrap_or_default(), n.span));
            if let Some((_, span)) = &forced
                && !optional
            {
                cx.error(*span, "forced-in says where an optional promotion is compulsory: it goes with optional = true");
            }
            let limit = pf.get("limit").and_then(|n| {
                if during == MidCapture::AtOnce {
                    cx.error(
                        n.span,
                        "limit cannot go with during-capture = \"at-once\": a piece that promotes in mid-chain has no choice to limit",
                    );
                }
                read_limit(cx, n)
            });
            pf.finish(cx);
            Some((to, region, during, optional, leaving, forced, limit))
        });
        f.finish(cx);
        if let Some((to, region, during, optional, leaving, forced, limit)) = promote {
            promotions.push(RawPromotion { piece: pieces.len(), to, region, during, optional, leaving, forced, limit });
        }
        pieces.push(PieceType { name: key.name.clone(), symbols, owned, value, promotion: None, royal, letter, figure });
        spans.push(key.span);
    }
    // Symbols name pieces in position notation: they must be unique.
    let mut seen: Vec<char> = Vec::new();
    for (p, &span) in pieces.iter().zip(&spans) {
        let own = if p.owned { &p.symbols[..] } else { &p.symbols[..1] };
        for &c in own.iter().filter(|&&c| c != NO_SYMBOL) {
            if seen.contains(&c) {
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
        let find = |cx: &mut Cx, (name, span): &(String, Span)| match regions.iter().position(|r| &r.name == name) {
            Some(r) => Some(RegionId::new(r)),
            None => {
                if !name.is_empty() {
                    cx.error(*span, format!("no region '{name}'"));
                }
                None
            }
        };
        let Some(region) = find(cx, &p.region) else { continue };
        let forced = match &p.forced {
            Some(f) => match find(cx, f) {
                Some(r) => Some(r),
                None => continue,
            },
            None => None,
        };
        let limit = match p.limit {
            None => None,
            Some(RawLimit::Start) => Some(PromotionLimit::Start),
            Some(RawLimit::Most(most)) => {
                let mut out = Vec::new();
                for (name, span, n) in most {
                    match pieces.iter().position(|q| q.name == name) {
                        Some(i) if to.contains(&PieceTypeId::new(i)) => out.push((PieceTypeId::new(i), n)),
                        Some(_) => cx.error(span, format!("limit names '{name}', which the piece does not promote to")),
                        None => cx.error(span, format!("no piece type '{name}'")),
                    }
                }
                Some(PromotionLimit::Most(out))
            }
        };
        if !to.is_empty() {
            pieces[p.piece].promotion =
                Some(Promotion { to, region, during_capture: p.during, optional: p.optional, leaving: p.leaving, forced, limit });
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{BuiltinFiles, load};

    fn errors(text: &str) -> Vec<String> {
        match load("p.toml", text, &BuiltinFiles, &[]) {
            Ok(_) => Vec::new(),
            Err(report) => report.diagnostics.iter().map(|d| d.message.clone()).collect(),
        }
    }

    const GAME: &str = "[game]\nid = \"p\"\nname = \"p\"\n[[players]]\nname = \"white\"\nshort = \"w\"\n[[players]]\nname = \"black\"\nshort = \"b\"\n\
                        [board]\nwidth = 3\nheight = 3\n[[end]]\nif = \"no-moves\"\nresult = \"draw\"\n";

    /// Issue 38, finding 15: 6,000 piece types sharing a symbol took 12 s before the limit of
    /// 64 stopped anything. Past the limit nothing more is read.
    #[test]
    fn past_the_most_piece_types_nothing_more_is_read() {
        let mut text = format!("{GAME}[moves.place]\npiece = \"p0\"\ndo = \"place\"\n");
        for i in 0..6000 {
            text.push_str(&format!("[pieces.p{i}]\nsymbols = [\"A\", \"a\"]\n"));
        }
        let found = errors(&text);
        assert_eq!(found[0], "a ruleset has at most 64 piece types; this one has 6000");
        // The 63 types after the first among the 64 read repeat its symbols; the rest are not read.
        assert_eq!(found.len(), 1 + 2 * 63, "{:?}", &found[..3]);
    }

    const WIDE: &str = "[game]\nid = \"t\"\nname = \"T\"\n[[players]]\nname = \"a\"\n[[players]]\nname = \"b\"\n\
        [board]\nwidth = 4\nheight = 4\n[pieces.man]\nsymbols = [\"\u{4e2d}\", \"m\"]\n[pieces.king]\nsymbols = [\"K\", \"k\"]\n\
        [pieces.pawn]\nsymbols = [\"P\", \"p\"]\npromote = { to = \"man\", in = \"edge\" }\n\
        [start]\na = { man = [\"a1\"] }\nb = { man = [\"d4\"] }\n[moves.man]\npiece = \"man\"\ndo = \"step(all)\"\n\
        [moves.king]\npiece = \"king\"\ndo = \"step(all)\"\n[[end]]\nif = \"no-moves\"\nresult = \"mover loses\"\n";

    /// `promote.limit`'s broken forms, each its one message.
    #[test]
    fn a_broken_promotion_limit_is_named() {
        let file = |limit: &str, during: &str| {
            WIDE.replace("[\"\u{4e2d}\", \"m\"]", "[\"M\", \"m\"]")
                .replace(
                    "promote = { to = \"man\", in = \"edge\" }",
                    &format!("promote = {{ to = [\"man\", \"king\"], in = \"far\"{during}, limit = {limit} }}"),
                )
                .replace("[start]", "[board.regions]\nfar = \"y == 3\"\n[start]")
        };
        assert_eq!(errors(&file("{ man = 1 }", "")), Vec::<String>::new());
        assert_eq!(errors(&file("\"start\"", "")), Vec::<String>::new());
        assert_eq!(
            errors(&file("\"lost\"", "")),
            [
                "limit is \"start\" (no more of a type than the player has at the start) or a table of piece types and counts, as in limit = { queen = 1 }"
            ]
        );
        assert_eq!(errors(&file("{ man = -1 }", "")), ["a promotion limit is a count of pieces from 0 to 65535"]);
        assert_eq!(errors(&file("{ queen = 1 }", "")), ["no piece type 'queen'"]);
        assert_eq!(errors(&file("{ pawn = 1 }", "")), ["limit names 'pawn', which the piece does not promote to"]);
        assert_eq!(
            errors(&file("\"start\"", ", during-capture = \"at-once\"")),
            ["limit cannot go with during-capture = \"at-once\": a piece that promotes in mid-chain has no choice to limit"]
        );
    }

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
