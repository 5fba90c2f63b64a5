//! The rules in plain words, generated from the checked model (used by `hetproba show` and for
//! the default reason of each end rule).

use crate::model::*;

/// The language the rules are worded in. Each primitive writes its own words for every
/// language in its module; a sentence a language lacks stays English.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    #[default]
    En,
    Hu,
}

impl Lang {
    /// The language of a code (`hu`, `hu-HU`, `en`); English for any it does not speak.
    pub fn from_code(code: &str) -> Lang {
        if code.get(..2).is_some_and(|c| c.eq_ignore_ascii_case("hu")) { Lang::Hu } else { Lang::En }
    }

    /// Its code, as `[lang.CODE]` tables are named.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Hu => "hu",
        }
    }

    /// The phrase in this language, from one in each.
    pub fn pick<T>(self, en: T, hu: T) -> T {
        match self {
            Lang::En => en,
            Lang::Hu => hu,
        }
    }
}

/// A piece type's name in the language (from `[lang.CODE] pieces`, else its own).
pub(crate) fn piece_name(r: &Ruleset, t: PieceTypeId, lang: Lang) -> &str {
    match lang {
        Lang::En => &r.pieces[t.index()].name,
        _ => r.piece_in(t, lang.code()),
    }
}

/// A player's name in the language (from `[lang.CODE] players`, else its own).
pub(crate) fn player_name(r: &Ruleset, p: usize, lang: Lang) -> &str {
    match (lang, PlayerId::BOTH.get(p)) {
        (Lang::Hu, Some(&id)) => r.player_in(id, lang.code()),
        _ => &r.players[p].name,
    }
}

/// Hungarian's definite article for a word: "az" before a vowel, else "a".
pub(crate) fn hu_the(word: &str) -> String {
    format!("{} {word}", hu_article(word))
}

/// "az" before a word that begins with a vowel, else "a".
pub(crate) fn hu_article(word: &str) -> &'static str {
    if word.chars().next().is_some_and(|c| "aáeéiíoóöőuúüűAÁEÉIÍOÓÖŐUÚÜŰ".contains(c)) { "az" } else { "a" }
}

/// The same, beginning a sentence: "A gyalog", "Az ágyú".
pub(crate) fn hu_the_cap(word: &str) -> String {
    capitalized(&hu_the(word))
}

/// The text with its first letter upper-case.
pub(crate) fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The kinds of direction relative to a player's forward direction, as bits.
const FORWARD: u8 = 1;
const FORWARD_DIAGONAL: u8 = 2;
const SIDEWAYS: u8 = 4;
const BACKWARD_DIAGONAL: u8 = 8;
const BACKWARD: u8 = 16;
const KINDS: [u8; 5] = [FORWARD, FORWARD_DIAGONAL, SIDEWAYS, BACKWARD_DIAGONAL, BACKWARD];

/// A direction's kind for a player, and which side it leans to (1 right, -1 left, 0 neither),
/// from the sign of its dot and cross product with the player's forward vector.
fn kind_of(r: &Ruleset, player: usize, d: DirId) -> Option<(u8, i32)> {
    let dirs = r.board.directions();
    let f = &dirs[r.forward[player]?.index()];
    let (dx, dy) = (dirs[d.index()].dx, dirs[d.index()].dy);
    let dot = dx * f.dx + dy * f.dy;
    let cross = dx * f.dy - dy * f.dx;
    let kind = match (dot.signum(), cross != 0) {
        (1, false) => FORWARD,
        (1, true) => FORWARD_DIAGONAL,
        (0, _) => SIDEWAYS,
        (_, true) => BACKWARD_DIAGONAL,
        (_, false) => BACKWARD,
    };
    Some((kind, cross.signum()))
}

/// The kinds a set holds whole for a player, or `None` when it holds part of a kind (or the
/// player has no forward direction).
fn whole_kinds(r: &Ruleset, player: usize, chosen: &[DirId]) -> Option<u8> {
    let mut mask = 0;
    for kind in KINDS {
        let mut of_kind = Vec::new();
        for d in r.board.all_directions() {
            if kind_of(r, player, d)?.0 == kind {
                of_kind.push(d);
            }
        }
        let held = of_kind.iter().filter(|d| chosen.contains(d)).count();
        if held == of_kind.len() && held > 0 {
            mask |= kind;
        } else if held > 0 {
            return None;
        }
    }
    Some(mask)
}

/// Whole kinds in words, as an adverb phrase: "diagonally forward", "along a row or column".
fn kinds_words(mask: u8, lang: Lang) -> String {
    if lang == Lang::Hu {
        return hu_kinds_words(mask);
    }
    let mut parts: Vec<&str> = Vec::new();
    let alone = |kind: u8| mask == kind;
    match (mask & FORWARD != 0, mask & SIDEWAYS != 0, mask & BACKWARD != 0) {
        (true, true, true) => parts.push("along a row or column"),
        (f, s, b) => {
            if f && b {
                parts.push("straight forward or backward");
            } else if f {
                parts.push(if alone(FORWARD) { "forward" } else { "straight forward" });
            } else if b {
                parts.push(if alone(BACKWARD) { "backward" } else { "straight backward" });
            }
            if s {
                parts.push("sideways");
            }
        }
    }
    match (mask & FORWARD_DIAGONAL != 0, mask & BACKWARD_DIAGONAL != 0) {
        (true, true) => parts.push("diagonally"),
        (true, false) => parts.push("diagonally forward"),
        (false, true) => parts.push("diagonally backward"),
        (false, false) => {}
    }
    join_or(&parts)
}

/// [`kinds_words`] in Hungarian: "átlósan előre", "sor vagy oszlop mentén".
fn hu_kinds_words(mask: u8) -> String {
    let mut parts: Vec<&str> = Vec::new();
    let alone = |kind: u8| mask == kind;
    match (mask & FORWARD != 0, mask & SIDEWAYS != 0, mask & BACKWARD != 0) {
        (true, true, true) => parts.push("sor vagy oszlop mentén"),
        (f, s, b) => {
            if f && b {
                parts.push("egyenesen előre vagy hátra");
            } else if f {
                parts.push(if alone(FORWARD) { "előre" } else { "egyenesen előre" });
            } else if b {
                parts.push(if alone(BACKWARD) { "hátra" } else { "egyenesen hátra" });
            }
            if s {
                parts.push("oldalra");
            }
        }
    }
    match (mask & FORWARD_DIAGONAL != 0, mask & BACKWARD_DIAGONAL != 0) {
        (true, true) => parts.push("átlósan"),
        (true, false) => parts.push("átlósan előre"),
        (false, true) => parts.push("átlósan hátra"),
        (false, false) => {}
    }
    join_or_in(&parts, Lang::Hu)
}

/// "a", "a or b", "a, b or c".
pub(crate) fn join_or<S: AsRef<str>>(parts: &[S]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => format!("{} or {}", init.iter().map(|p| p.as_ref()).collect::<Vec<_>>().join(", "), last.as_ref()),
    }
}

/// [`join_or`] in the language: "a, b vagy c".
pub(crate) fn join_or_in<S: AsRef<str>>(parts: &[S], lang: Lang) -> String {
    match (lang, parts) {
        (Lang::Hu, [init @ .., last]) if !init.is_empty() => {
            format!("{} vagy {}", init.iter().map(|p| p.as_ref()).collect::<Vec<_>>().join(", "), last.as_ref())
        }
        _ => join_or(parts),
    }
}

/// One direction as the board is drawn (the first row at the bottom): "up and to the right".
fn drawn_words(dx: i32, dy: i32, lang: Lang) -> &'static str {
    if lang == Lang::Hu {
        return match (dx.signum(), dy.signum()) {
            (0, 1) => "felfelé",
            (0, -1) => "lefelé",
            (1, 0) => "jobbra",
            (-1, 0) => "balra",
            (1, 1) => "jobbra felfelé",
            (-1, 1) => "balra felfelé",
            (1, -1) => "jobbra lefelé",
            (-1, -1) => "balra lefelé",
            _ => "sehova",
        };
    }
    match (dx.signum(), dy.signum()) {
        (0, 1) => "up",
        (0, -1) => "down",
        (1, 0) => "to the right",
        (-1, 0) => "to the left",
        (1, 1) => "up and to the right",
        (-1, 1) => "up and to the left",
        (1, -1) => "down and to the right",
        (-1, -1) => "down and to the left",
        _ => "nowhere",
    }
}

/// One direction relative to the player: "diagonally forward to the right".
fn relative_words(kind: u8, side: i32, lang: Lang) -> String {
    if lang == Lang::Hu {
        let base = match kind {
            FORWARD => "egyenesen előre",
            FORWARD_DIAGONAL => "átlósan előre",
            SIDEWAYS => "oldalra",
            BACKWARD_DIAGONAL => "átlósan hátra",
            _ => "egyenesen hátra",
        };
        return match (kind, side) {
            (SIDEWAYS, 1) => "jobbra".into(),
            (SIDEWAYS, -1) => "balra".into(),
            (_, 1) => format!("{base}, jobbra"),
            (_, -1) => format!("{base}, balra"),
            _ => base.to_string(),
        };
    }
    let base = match kind {
        FORWARD => "straight forward",
        FORWARD_DIAGONAL => "diagonally forward",
        SIDEWAYS => "sideways",
        BACKWARD_DIAGONAL => "diagonally backward",
        _ => "straight backward",
    };
    match side {
        1 => format!("{base} to the right"),
        -1 => format!("{base} to the left"),
        _ => base.to_string(),
    }
}

/// A direction set as an adverb phrase for a move ("diagonally forward", "in any direction"),
/// derived from the directions it holds for each player; its name only when no phrase fits.
pub(crate) fn dirs_words(r: &Ruleset, set: DirSetId, lang: Lang) -> String {
    let set = &r.direction_sets[set.index()];
    let all: Vec<DirId> = r.board.all_directions().collect();
    let same_for_both = set.dirs[0] == set.dirs[1];
    let holds = |chosen: &[DirId], want: &dyn Fn(i32, i32) -> bool| {
        let wanted: Vec<DirId> =
            all.iter().copied().filter(|d| want(r.board.directions()[d.index()].dx, r.board.directions()[d.index()].dy)).collect();
        !wanted.is_empty() && wanted.len() == chosen.len() && wanted.iter().all(|d| chosen.contains(d))
    };
    if set.dirs.iter().all(|chosen| holds(chosen, &|_, _| true)) {
        return lang.pick("in any direction", "bármely irányba").into();
    }
    if set.dirs.iter().all(|chosen| chosen.is_empty()) {
        return lang.pick("in no direction", "semerre").into();
    }
    let words: Vec<Option<String>> =
        (0..2).map(|p| whole_kinds(r, p, &set.dirs[p]).filter(|&m| m != 0).map(|m| kinds_words(m, lang))).collect();
    if let [Some(a), Some(b)] = words.as_slice()
        && a == b
    {
        return a.clone();
    }
    if same_for_both {
        if set.dirs.iter().all(|chosen| holds(chosen, &|dx, dy| dx == 0 || dy == 0)) {
            return lang.pick("along a row or column", "sor vagy oszlop mentén").into();
        }
        if set.dirs.iter().all(|chosen| holds(chosen, &|dx, dy| dx != 0 && dy != 0)) {
            return lang.pick("diagonally", "átlósan").into();
        }
        let dirs = r.board.directions();
        let parts: Vec<&str> = set.dirs[0].iter().map(|d| drawn_words(dirs[d.index()].dx, dirs[d.index()].dy, lang)).collect();
        return format!("{} {}", join_or_in(&parts, lang), lang.pick("(as the board is drawn)", "(a tábla rajzán)"));
    }
    let relative: Vec<Option<String>> = (0..2)
        .map(|p| {
            let parts: Option<Vec<String>> =
                set.dirs[p].iter().map(|&d| kind_of(r, p, d).map(|(kind, side)| relative_words(kind, side, lang))).collect();
            parts.map(|parts| join_or_in(&parts, lang))
        })
        .collect();
    match relative.as_slice() {
        [Some(a), Some(b)] if a == b => a.clone(),
        _ if lang == Lang::Hu => format!("a '{}' irányok mentén", set.name),
        _ => format!("along the '{}' directions", set.name),
    }
}

/// The lines a `line` test counts along: "in a row, column or diagonal".
pub(crate) fn axis_words(r: Option<&Ruleset>, set: Option<DirSetId>, lang: Lang) -> String {
    if lang == Lang::Hu {
        return match (r, set) {
            (Some(r), Some(set)) => match dirs_words(r, set, lang).as_str() {
                "bármely irányba" => "sorban, oszlopban vagy átlóban".into(),
                "sor vagy oszlop mentén" => "sorban vagy oszlopban".into(),
                "átlósan" => "átlóban".into(),
                other => format!("({other} futó vonalban)"),
            },
            _ => "sorban, oszlopban vagy átlóban".into(),
        };
    }
    match (r, set) {
        (Some(r), Some(set)) => match dirs_words(r, set, lang).as_str() {
            "in any direction" => "in a row, column or diagonal".into(),
            "along a row or column" => "in a row or column".into(),
            "diagonally" => "along a diagonal".into(),
            other => format!("running {other}"),
        },
        _ => "in a row, column or diagonal".into(),
    }
}

/// How the pieces of a group touch: "through sides or corners".
pub(crate) fn neighbour_words(r: Option<&Ruleset>, set: Option<DirSetId>, lang: Lang) -> String {
    if lang == Lang::Hu {
        return match (r, set) {
            (Some(r), Some(set)) => match dirs_words(r, set, lang).as_str() {
                "bármely irányba" => "oldalukkal vagy sarkukkal érintkezve".into(),
                "sor vagy oszlop mentén" => "oldalukkal érintkezve".into(),
                "átlósan" => "sarkukkal érintkezve".into(),
                other => format!("szomszédként, {other}"),
            },
            _ => "oldalukkal vagy sarkukkal érintkezve".into(),
        };
    }
    match (r, set) {
        (Some(r), Some(set)) => match dirs_words(r, set, lang).as_str() {
            "in any direction" => "through sides or corners".into(),
            "along a row or column" => "through sides".into(),
            "diagonally" => "through corners".into(),
            other => format!("as neighbours {other}"),
        },
        _ => "through sides or corners".into(),
    }
}

fn ordinal_word(n: usize, lang: Lang) -> String {
    if lang == Lang::Hu {
        return match n {
            1 => "első".into(),
            2 => "második".into(),
            3 => "harmadik".into(),
            4 => "negyedik".into(),
            5 => "ötödik".into(),
            n => format!("{n}."),
        };
    }
    match n {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        5 => "fifth".into(),
        n => format!("{n}th"),
    }
}

/// The rows of the board for a player, from the player's own side to the far side: each the
/// cells at one distance along the player's forward direction.
fn rows_for(r: &Ruleset, player: usize) -> Option<Vec<Vec<bool>>> {
    let dirs = r.board.directions();
    let f = &dirs[r.forward[player]?.index()];
    let level = |c: CellId| {
        let cell = r.board.cell(c);
        cell.x * f.dx + cell.y * f.dy
    };
    let mut levels: Vec<i32> = r.board.all_cells().map(level).collect();
    levels.sort_unstable();
    levels.dedup();
    Some(levels.iter().map(|&l| r.board.all_cells().map(|c| level(c) == l).collect()).collect())
}

/// A region as a noun phrase for players: "the far row", "the player's second row", "the
/// edge of the board", else its name with the cells when there are few ("the own castle cell
/// (a1 for white, h8 for black)").
pub fn region_words(r: &Ruleset, id: RegionId) -> String {
    region_words_in(r, id, Lang::En)
}

/// [`region_words`] in a language: "a túlsó sor", "a játékos saját második sora".
pub fn region_words_in(r: &Ruleset, id: RegionId, lang: Lang) -> String {
    let hu = lang == Lang::Hu;
    let region = &r.regions[id.index()];
    let cells = &region.cells;
    if cells.iter().all(|c| c.iter().all(|&b| b)) {
        return lang.pick("the whole board", "az egész tábla").into();
    }
    if cells[0] == cells[1] && cells[0] == crate::load::edge_cells(&r.board) {
        return lang.pick("the edge of the board", "a tábla széle").into();
    }
    // A row counted from each player's own side, the same for both.
    let row = |p: usize| rows_for(r, p).and_then(|rows| rows.iter().position(|row| *row == cells[p]).map(|k| (k, rows.len())));
    if let (Some((k, n)), Some(other)) = (row(0), row(1))
        && (k, n) == other
        && n > 1
    {
        return match (hu, k + 1 == n) {
            (false, true) => "the far row".into(),
            (false, false) => format!("the player's {} row", ordinal_word(k + 1, lang)),
            (true, true) => "a túlsó szélső sor".into(),
            (true, false) => format!("a játékos felől számított {} sor", ordinal_word(k + 1, lang)),
        };
    }
    let readable = region.name.replace(['-', '_'], " ");
    let names = |p: usize| r.board.all_cells().filter(|c| cells[p][c.index()]).map(|c| r.board.name(c).to_string()).collect::<Vec<_>>();
    let (first, second) = (names(0), names(1));
    let most = first.len().max(second.len());
    if hu {
        // The region's name is the ruleset's own word: quoted, not declined.
        let named = format!("{} „{readable}” {}", hu_article(&readable), if most == 1 { "mező" } else { "mezők" });
        if most == 0 {
            return format!("{named} (egy sincs)");
        }
        if most > 4 {
            return named;
        }
        let and = |names: &[String]| join_and_in(names, lang);
        if first == second {
            return format!("{named} ({})", and(&first));
        }
        return format!("{named} ({}: {}, {}: {})", player_name(r, 0, lang), and(&first), player_name(r, 1, lang), and(&second));
    }
    if most == 0 {
        return format!("the {readable} cells (none)");
    }
    let noun = if most == 1 { "cell" } else { "cells" };
    if most > 4 {
        return format!("the {readable} {noun}");
    }
    let and = |names: &[String]| match names {
        [] => "none".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    };
    if first == second {
        return format!("the {readable} {noun} ({})", and(&first));
    }
    format!("the {readable} {noun} ({} for {}, {} for {})", and(&first), r.players[0].name, and(&second), r.players[1].name)
}

/// How a condition names its two players, by where it is read: after a move (an end rule,
/// `if-after`, a later part's `if`), or before a move (a first part's `if`).
pub(crate) type Whom = [&'static str; 2];

/// After a move: "the player who just moved" and "the player to move".
pub(crate) const AFTER: Whom = ["the player who just moved", "the player to move"];

/// Before a move: "the player moving" and "the opponent".
pub(crate) const BEFORE: Whom = ["the player moving", "the opponent"];

/// [`AFTER`] in a language.
pub(crate) fn after(lang: Lang) -> Whom {
    lang.pick(AFTER, ["az éppen lépett játékos", "a soron következő játékos"])
}

/// [`BEFORE`] in a language.
pub(crate) fn before(lang: Lang) -> Whom {
    lang.pick(BEFORE, ["a lépő játékos", "az ellenfél"])
}

pub(crate) fn condition_words(ruleset: Option<&Ruleset>, c: &Condition, whom: Whom, lang: Lang) -> String {
    let words = |c: &Condition| condition_words(ruleset, c, whom, lang);
    if lang == Lang::Hu {
        return match c {
            Condition::Or(parts) => parts.iter().map(words).collect::<Vec<_>>().join(", vagy "),
            Condition::And(parts) => parts.iter().map(words).collect::<Vec<_>>().join(", és "),
            Condition::Not(inner) => format!("nem igaz, hogy ({})", words(inner)),
            Condition::Test(test, who) => test.prim().words(ruleset, who_words(*who, whom), lang),
            Condition::Compare(a, op, b) => {
                let (a, b) = (count_words(ruleset, a, whom, lang), count_words(ruleset, b, whom, lang));
                match op {
                    CmpOp::Eq => format!("{a} éppen {b}"),
                    CmpOp::Ne => format!("{a} nem {b}"),
                    CmpOp::Le => format!("{a} legfeljebb {b}"),
                    CmpOp::Ge => format!("{a} legalább {b}"),
                    CmpOp::Lt => format!("{a} kevesebb, mint {b}"),
                    CmpOp::Gt => format!("{a} több, mint {b}"),
                }
            }
        };
    }
    match c {
        Condition::Or(parts) => parts.iter().map(words).collect::<Vec<_>>().join(", or "),
        Condition::And(parts) => parts.iter().map(words).collect::<Vec<_>>().join(" and "),
        Condition::Not(inner) => format!("not ({})", words(inner)),
        Condition::Test(test, who) => test.prim().words(ruleset, who_words(*who, whom), lang),
        Condition::Compare(a, op, b) => {
            let relation = match op {
                CmpOp::Eq => "is",
                CmpOp::Ne => "is not",
                CmpOp::Le => "is at most",
                CmpOp::Ge => "is at least",
                CmpOp::Lt => "is less than",
                CmpOp::Gt => "is more than",
            };
            format!("{} {relation} {}", count_words(ruleset, a, whom, lang), count_words(ruleset, b, whom, lang))
        }
    }
}

fn who_words(who: Who, whom: Whom) -> &'static str {
    match who {
        Who::Mover => whom[0],
        Who::Next => whom[1],
    }
}

/// A count in words: "the number of men of the player to move plus 2".
fn count_words(ruleset: Option<&Ruleset>, c: &Count, whom: Whom, lang: Lang) -> String {
    match c {
        Count::Int(v) => v.to_string(),
        Count::Query(q, who) => q.prim().words(ruleset, who_words(*who, whom), lang),
        Count::Chain(first, rest) => {
            let mut out = count_words(ruleset, first, whom, lang);
            for (op, c) in rest {
                let op = match op {
                    BinOp::Add => lang.pick("plus", "plusz"),
                    BinOp::Sub => lang.pick("minus", "mínusz"),
                    BinOp::Mul => lang.pick("times", "szorozva"),
                    BinOp::Div => lang.pick("divided by", "osztva"),
                    BinOp::Rem => lang.pick("modulo", "maradéka osztva"),
                };
                out.push_str(&format!(" {op} {}", count_words(ruleset, c, whom, lang)));
            }
            out
        }
    }
}

/// The default reason shown with a result ("4 in a row").
pub fn reason(c: &Condition, verdict: Verdict) -> String {
    if verdict == Verdict::MostPieces {
        return "more pieces at the end".into();
    }
    if let Verdict::MostArea(_) = verdict {
        return "the greater area".into();
    }
    match c {
        Condition::Test(test, _) => test.prim().reason(),
        Condition::And(parts)
            if parts.iter().any(|p| matches!(p, Condition::Test(Test::NoMoves(_), _)))
                && parts.iter().any(|p| matches!(p, Condition::Test(Test::Check(_), _))) =>
        {
            "checkmate".into()
        }
        _ => "end condition".into(),
    }
}

pub(crate) fn landing_words(to: Landing, lang: Lang) -> &'static str {
    if lang == Lang::Hu {
        return match to {
            Landing::Empty => "üres mezőre",
            Landing::Enemy => "ellenséges bábura, leütve azt",
            Landing::EmptyOrEnemy => "üres mezőre vagy ellenséges bábura, leütve azt",
            Landing::Passed => {
                "arra az üres mezőre, amelyen az ellenfél előző lépése áthaladt, leütve az áthaladt bábut (menet közbeni ütés, en passant)"
            }
        };
    }
    match to {
        Landing::Empty => "an empty cell",
        Landing::Enemy => "an enemy piece, capturing it",
        Landing::EmptyOrEnemy => "an empty cell or an enemy piece, capturing it",
        Landing::Passed => "an empty cell the opponent's last move passed over, capturing the piece that passed it (en passant)",
    }
}

/// "A man", "An amazon": a piece with its article, to begin a sentence.
pub(crate) fn a_piece(name: &str) -> String {
    let vowel = name.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {name}", if vowel { "An" } else { "A" })
}

/// One sentence for a move rule.
pub fn move_words(r: &Ruleset, m: &MoveRule) -> String {
    move_words_in(r, m, Lang::En)
}

/// [`move_words`] in a language.
pub fn move_words_in(r: &Ruleset, m: &MoveRule, lang: Lang) -> String {
    let mut s = m.action.prim().words(r, m.piece, lang);
    if lang == Lang::Hu {
        hu_move_rest(r, m, &mut s);
        return s;
    }
    if let Some(region) = m.from {
        s.push_str(&format!(" Only from {}.", region_words(r, region)));
    }
    if let Some(t) = m.becomes {
        s.push_str(&format!(" It becomes {}.", a_piece(piece_name(r, t, lang)).to_lowercase()));
    }
    if m.leaves_passed {
        s.push_str(" The cells it passes over may be taken en passant on the next move.");
    }
    for effect in &m.effects {
        s.push_str(&effect.prim().words(r, lang));
    }
    if m.leaves_ko {
        s.push_str(" Ko: when it captures exactly one piece and its piece then stands alone with that cell its only empty neighbour, the opponent may not place on that cell on the next move.");
    }
    if let Some(c) = &m.when {
        s.push_str(&format!(" Only if {}.", condition_words(Some(r), c, BEFORE, lang)));
    }
    if let Some(c) = &m.after {
        s.push_str(&format!(" Only if afterwards {}.", condition_words(Some(r), c, AFTER, lang)));
    }
    if let Some(part) = m.next
        && let Some(words) = onward_words(r, part, lang)
    {
        s.push_str(&words);
    } else if let Some(part) = m.next {
        let later = &r.moves[part];
        let words = move_words(r, &MoveRule { when: None, ..later.clone() });
        let mut chars = words.chars();
        let lowered: String = chars.next().map(|c| c.to_ascii_lowercase()).into_iter().chain(chars).collect();
        match &later.when {
            None => s.push_str(&format!(" Then, in the same move (written after a '/'): {lowered}")),
            Some(c) => s.push_str(&format!(
                " Then, in the same move (written after a '/'), if {} (after the part before): {lowered}",
                condition_words(Some(r), c, AFTER, lang)
            )),
        }
    }
    s
}

/// What follows a move's own sentence, in Hungarian: where it starts, its effects, when it is
/// allowed and what the same move goes on with.
fn hu_move_rest(r: &Ruleset, m: &MoveRule, s: &mut String) {
    let lang = Lang::Hu;
    if let Some(region) = m.from {
        s.push_str(&format!(" Csak innen indulhat: {}.", region_words_in(r, region, lang)));
    }
    if let Some(t) = m.becomes {
        s.push_str(&format!(" Ezzel {} lesz belőle.", piece_name(r, t, lang)));
    }
    if m.leaves_passed {
        s.push_str(" Az átlépett mezőkön a következő lépésben menet közbeni ütéssel (en passant) leüthető.");
    }
    for effect in &m.effects {
        s.push_str(&effect.prim().words(r, lang));
    }
    if m.leaves_ko {
        s.push_str(" Ko: ha pontosan egy bábut üt le, és a bábuja ezután magában áll, egyetlen üres szomszédja pedig a leütött bábu mezője, akkor az ellenfél a következő lépésben nem tehet erre a mezőre.");
    }
    if let Some(c) = &m.when {
        s.push_str(&format!(" Csak akkor, ha {}.", condition_words(Some(r), c, before(lang), lang)));
    }
    if let Some(c) = &m.after {
        s.push_str(&format!(" Csak akkor, ha utána {}.", condition_words(Some(r), c, after(lang), lang)));
    }
    if let Some(part) = m.next
        && let Some(words) = onward_words(r, part, lang)
    {
        s.push_str(&words);
    } else if let Some(part) = m.next {
        let later = &r.moves[part];
        let words = move_words_in(r, &MoveRule { when: None, ..later.clone() }, lang);
        let mut chars = words.chars();
        let lowered: String = chars.next().map(|c| c.to_lowercase().chain(chars).collect()).unwrap_or_default();
        match &later.when {
            None => s.push_str(&format!(" Ezután ugyanabban a lépésben ('/' után írva): {lowered}")),
            Some(c) => s.push_str(&format!(
                " Ezután ugyanabban a lépésben ('/' után írva), ha (az előző rész után) {}: {lowered}",
                condition_words(Some(r), c, after(lang), lang)
            )),
        }
    }
}

/// The words for a later part `part` that moves the piece that moved again (a step, slide or
/// leap named in a `next`), with how the move goes on with it; `None` for any other later part.
/// The part's own `next` is named, not described again (it may be the part itself).
fn onward_words(r: &Ruleset, part: usize, lang: Lang) -> Option<String> {
    let later = &r.moves[part];
    if !later.action.spec().goes_on || later.action.places() {
        return None;
    }
    let words = move_words_in(r, &MoveRule { when: None, next: None, ..later.clone() }, lang);
    let mut chars = words.chars();
    let lowered: String = chars.next().map(|c| c.to_lowercase().chain(chars).collect()).unwrap_or_default();
    let o = later.onward;
    let hu = lang == Lang::Hu;
    let mut s = if hu {
        format!(" Ezután ugyanabban a lépésben ('/' után írva) ugyanaz a bábu lép tovább onnan, ahová érkezett: {lowered}")
    } else {
        format!(" Then, in the same move (written after a '/'), the same piece moves on from where it arrived: {lowered}")
    };
    let mut rest: Vec<&str> = Vec::new();
    match o.direction {
        Heading::Any => {}
        Heading::Other => rest.push(lang.pick("never in the direction of its step before", "sosem az előző lépése irányába")),
        Heading::Same => rest.push(lang.pick("only in the direction of its step before", "csak az előző lépése irányába")),
    }
    if o.revisit_never {
        rest.push(lang.pick("never onto a cell it stood on earlier in the move", "sosem olyan mezőre, amelyen a lépés során már állt"));
    }
    if !rest.is_empty() {
        s.push_str(&format!(" ({})", rest.join("; ")));
    }
    s.push_str(match (o.may_stop, hu) {
        (true, false) => " The move may end before such a part.",
        (false, false) => " The move goes on so while it can.",
        (true, true) => " A lépés bármelyik ilyen rész előtt véget érhet.",
        (false, true) => " A lépés így folytatódik, amíg lehet.",
    });
    match later.next {
        Some(n) if n == part => {
            s.push_str(lang.pick(" And so on, again and again.", " És így tovább, újra meg újra."));
        }
        Some(n) => s.push_str(&format!("{} '{}'.", lang.pick(" Then it may go on with", " Ezután folytatódhat ezzel:"), r.moves[n].name)),
        None => {}
    }
    Some(s)
}

/// One sentence for an end rule.
pub fn end_words(r: &Ruleset, e: &EndRule) -> String {
    end_words_in(r, e, Lang::En)
}

/// [`end_words`] in a language.
pub fn end_words_in(r: &Ruleset, e: &EndRule, lang: Lang) -> String {
    if lang == Lang::Hu {
        let verdict = match e.verdict {
            Verdict::MoverWins => "az éppen lépett játékos nyer".to_string(),
            Verdict::NextWins => "a soron következő játékos nyer (az éppen lépett veszít)".to_string(),
            Verdict::Draw => "a játszma döntetlen".to_string(),
            Verdict::MostPieces => "az nyer, akinek több bábuja van a táblán; egyenlő számnál döntetlen".to_string(),
            Verdict::MostArea(a) => {
                let komi = if a.komi > 0 {
                    format!(", {} pedig {} pont előnyt (komit) kap", player_name(r, 1, lang), a.komi)
                } else {
                    String::new()
                };
                let ties = a.ties.map_or("egyenlő területnél döntetlen".to_string(), |p| {
                    format!("egyenlő területnél {} nyer", player_name(r, p.index(), lang))
                });
                format!(
                    "a nagyobb területű játékos nyer: területe a bábui és azok az üres mezők, amelyekből üres mezőkön át ({}) csak az ő bábui érhetők el{komi}; {ties}",
                    dirs_words(r, a.dirs, lang)
                )
            }
        };
        return format!("Ha {}, {verdict}.", condition_words(Some(r), &e.condition, after(lang), lang));
    }
    let area;
    let verdict = match e.verdict {
        Verdict::MoverWins => "the player who just moved wins",
        Verdict::NextWins => "the player to move wins (the one who just moved loses)",
        Verdict::Draw => "the game is drawn",
        Verdict::MostPieces => "the player with more pieces on the board wins; equal counts draw",
        Verdict::MostArea(a) => {
            let komi = if a.komi > 0 { format!(", {} more for {}", a.komi, r.players[1].name) } else { String::new() };
            let ties = a.ties.map_or("equal areas draw".to_string(), |p| format!("equal areas go to {}", r.players[p.index()].name));
            area = format!(
                "the player with the greater area wins: its pieces and the empty cells from which only its pieces can be reached through empty cells {}{komi}; {ties}",
                dirs_words(r, a.dirs, lang)
            );
            &area
        }
    };
    format!("If {}, {verdict}.", condition_words(Some(r), &e.condition, AFTER, lang))
}

/// The board's steps, when `[board.steps]` declares them instead of the shape's: each name, its
/// offset, the cells that block it and its notation symbol when that is not its name.
pub fn steps_words(r: &Ruleset) -> Option<String> {
    steps_words_in(r, Lang::En)
}

/// [`steps_words`] in a language.
fn steps_words_in(r: &Ruleset, lang: Lang) -> Option<String> {
    let declared = r.board.directions();
    if declared == r.shape.directions().as_slice() {
        return None;
    }
    let steps: Vec<String> = declared
        .iter()
        .map(|d| {
            let mut out = format!("{} ({}, {})", d.name, d.dx, d.dy);
            if !d.blocked_by.is_empty() {
                let cells: Vec<String> = d.blocked_by.iter().map(|(x, y)| format!("({x}, {y})")).collect();
                match lang {
                    Lang::En => out.push_str(&format!(", blocked by a piece of either side on {}", cells.join(" or "))),
                    Lang::Hu => out.push_str(&format!(", bármelyik fél bábuja elzárja itt: {}", cells.join(" vagy "))),
                }
            }
            if d.symbol != d.name {
                out.push_str(&format!("{} {}", lang.pick(", written", ", jele:"), d.symbol));
            }
            out
        })
        .collect();
    Some(steps.join("; "))
}

/// The whole ruleset in words, section by section (without the board drawing).
pub fn rules_in_words(r: &Ruleset) -> String {
    rules_in_words_in(r, Lang::En)
}

/// The board's shape in words: "a rectangle of 8 x 8 squares".
fn shape_words(shape: &hetproba_board::Shape, lang: Lang) -> String {
    use hetproba_board::Shape;
    match (lang, shape) {
        (Lang::En, _) => shape.describe(),
        (Lang::Hu, Shape::Rect { width, height }) => format!("{width} x {height} négyzetből álló téglalap"),
        (Lang::Hu, Shape::Hex { width, height }) => format!("hatszögrács kettőzött koordinátákkal, {width} oszlop és {height} sor"),
        (Lang::Hu, Shape::Lines { long, trans }) => {
            format!("{long} vonal fut a játékosok között, ezeket {trans} vonal keresztezi; pontok a kereszteződésekben és a vonalak végén")
        }
        (Lang::Hu, Shape::Custom { cells, links: None, .. }) => format!("{} felsorolt mezőből álló tábla", cells.len()),
        (Lang::Hu, Shape::Custom { cells, links: Some(links), .. }) => {
            format!("{} pontból álló tábla, {} összeköttetéssel", cells.len(), links.len())
        }
    }
}

/// [`rules_in_words`] in a language: the frame's labels and every rule's sentence.
pub fn rules_in_words_in(r: &Ruleset, lang: Lang) -> String {
    let hu = lang == Lang::Hu;
    let mut out = String::new();
    let shape = shape_words(&r.shape, lang);
    let (name, summary) = if hu { (r.name_in(lang.code()), r.summary_in(lang.code())) } else { (r.name.as_str(), r.summary.as_str()) };
    out.push_str(&format!("{name} ({})\n", r.id));
    if let Some(parent) = &r.extends {
        out.push_str(&match lang {
            Lang::En => format!("A variant of {parent}.\n"),
            Lang::Hu => format!("Változat, alapja: {parent}.\n"),
        });
    }
    if !summary.is_empty() {
        out.push_str(&format!("{summary}\n"));
    }
    if !r.source.is_empty() {
        out.push_str(&format!("{} {}\n", lang.pick("Source:", "Forrás:"), r.source));
    }
    let naming = match (lang, &r.naming) {
        (Lang::En, Naming::Algebraic) => ", named by file letter and rank number (a1)",
        (Lang::En, Naming::Numbers { from_top: true }) => ", numbered from the top row",
        (Lang::En, Naming::Numbers { from_top: false }) => ", numbered from the bottom row",
        (Lang::En, Naming::NumberLetter) => ", named by file number from the right and rank letter from the top (7g)",
        (Lang::Hu, Naming::Algebraic) => ", a mezők neve oszlopbetű és sorszám (a1)",
        (Lang::Hu, Naming::Numbers { from_top: true }) => ", a felső sortól számozva",
        (Lang::Hu, Naming::Numbers { from_top: false }) => ", az alsó sortól számozva",
        (Lang::Hu, Naming::NumberLetter) => ", a mezők neve jobbról számolt oszlopszám és felülről számolt sorbetű (7g)",
    };
    out.push_str(&format!("\n{} {shape}, {} {}{naming}.\n", lang.pick("Board:", "Tábla:"), r.board.len(), lang.pick("cells", "mező")));
    if let Some(steps) = steps_words_in(r, lang) {
        out.push_str(&format!(
            "{}: {steps}.\n",
            lang.pick(
                "Steps, declared as offsets (dx, dy) from the cell a step starts on",
                "Lépésirányok, eltolásként (dx, dy) megadva attól a mezőtől, ahonnan a lépés indul"
            )
        ));
    }
    out.push_str(&format!(
        "{} {} ({}) {} {} ({}); {} {}.\n",
        lang.pick("Players:", "Játékosok:"),
        player_name(r, 0, lang),
        r.players[0].short,
        lang.pick("and", "és"),
        player_name(r, 1, lang),
        r.players[1].short,
        player_name(r, r.start.side.index(), lang),
        lang.pick("moves first", "kezd")
    ));
    out.push_str(lang.pick("Pieces:", "Bábuk:"));
    for (t, p) in r.pieces.iter().enumerate() {
        let name = piece_name(r, PieceTypeId::new(t), lang);
        if p.owned {
            out.push_str(&format!(" {name} ({} / {})", p.symbols[0], p.symbols[1]));
        } else {
            out.push_str(&format!(" {name} ({}, {})", p.symbols[0], lang.pick("belongs to nobody", "senkié")));
        }
    }
    out.push('\n');
    out.push_str(lang.pick("\nTurn:\n", "\nLépések:\n"));
    let several = r.phases.len() > 1;
    for phase in &r.phases {
        let indent = if several {
            let limit = match (lang, phase.limit) {
                (Lang::En, None) => " (to the end of the game)".to_string(),
                (Lang::En, Some(PhaseLimit::Plies(p))) => format!(" (the first {p} plies, players alternating)"),
                (Lang::En, Some(PhaseLimit::Placed(n))) => format!(" (until each player has placed {n} pieces)"),
                (Lang::En, Some(PhaseLimit::HandsEmpty)) => {
                    " (each player while their hand holds pieces; it ends when both hands are empty)".to_string()
                }
                (Lang::Hu, None) => " (a játszma végéig)".to_string(),
                (Lang::Hu, Some(PhaseLimit::Plies(p))) => format!(" (az első {p} lépés, a játékosok felváltva)"),
                (Lang::Hu, Some(PhaseLimit::Placed(n))) => format!(" (amíg mindkét játékos le nem tett {n} bábut)"),
                (Lang::Hu, Some(PhaseLimit::HandsEmpty)) => {
                    " (mindkét játékos, amíg van bábu a kezében; akkor ér véget, amikor mindkét kéz üres)".to_string()
                }
            };
            out.push_str(&match lang {
                Lang::En => format!("  Phase '{}'{limit}:\n", phase.name),
                Lang::Hu => format!("  '{}' szakasz{limit}:\n", phase.name),
            });
            "    "
        } else {
            "  "
        };
        for &m in &phase.moves {
            out.push_str(&format!("{indent}- {}\n", move_words_in(r, &r.moves[m], lang)));
        }
    }
    for (_, words) in turn_words(r, lang) {
        out.push_str(&format!("  {words}\n"));
    }
    out.push_str(lang.pick("\nEnd:\n", "\nA játszma vége:\n"));
    for e in &r.ends {
        out.push_str(&format!("  - {}\n", end_words_in(r, e, lang)));
    }
    if r.cannot_draw.is_some() {
        out.push_str(lang.pick("  The game cannot be drawn.\n", "  A játszma nem végződhet döntetlennel.\n"));
    } else if !r.ends.iter().any(|e| e.condition.needs_moves()) {
        out.push_str(lang.pick(
            "  - If the player to move has no legal move, the game is drawn.\n",
            "  - Ha a soron következő játékosnak nincs szabályos lépése, a játszma döntetlen.\n",
        ));
    }
    if !r.draws.is_empty() {
        out.push_str(lang.pick(
            "\nDraws in play (perft and moves ignore them):\n",
            "\nDöntetlen játék közben (a perft és a moves parancs nem veszi figyelembe):\n",
        ));
        for d in &r.draws {
            let reason = if hu { draw_reason_in(r, d, lang) } else { d.reason.clone() };
            out.push_str(&format!("  - {}: {reason}\n", lang.pick("draw", "döntetlen")));
            if let Some(besides) = d.kind.prim().besides(lang) {
                out.push_str(&format!("    {besides}\n"));
            }
        }
    }
    out.push_str(&match lang {
        Lang::En => format!(
            "\nEvaluation, how the computer players judge a position{} (each term counts the player's own measure minus the opponent's):\n",
            if r.eval.declared { "" } else { " (no [eval] is declared: the default)" }
        ),
        Lang::Hu => format!(
            "\nÉrtékelés: így ítéli meg a gépi játékos az állást{} (minden tag a játékos saját mértéke mínusz az ellenféléé):\n",
            if r.eval.declared { "" } else { " (nincs [eval]: az alapértelmezés)" }
        ),
    });
    for term in &r.eval.terms {
        out.push_str(&format!("  - {}\n", eval_words_in(r, term, lang)));
    }
    if r.eval.terms.is_empty() {
        out.push_str(lang.pick(
            "  - nothing: only won, lost and drawn positions differ\n",
            "  - semmi: csak a nyert, a vesztett és a döntetlen állás különbözik\n",
        ));
    }
    out.push_str(&match (lang, r.eval.playout) {
        (Lang::En, 0) => "  MCTS plays each playout to the end of the game.\n".to_string(),
        (Lang::En, n) => {
            format!("  MCTS plays {n} random {} in a playout, then the evaluation judges.\n", if n == 1 { "ply" } else { "plies" })
        }
        (Lang::Hu, 0) => "  Az MCTS minden szimulációt a játszma végéig játszik.\n".to_string(),
        (Lang::Hu, n) => format!("  Az MCTS egy szimulációban {n} véletlen lépést tesz, aztán az értékelés dönt.\n"),
    });
    if let Some(clock) = &r.clock {
        let initial = format_ms(clock.initial_ms);
        let increment = format_ms(clock.increment_ms);
        out.push_str(&match (lang, clock.increment_ms > 0) {
            (Lang::En, more) => format!(
                "\nClock: {initial} per player{}; a player whose time runs out loses.\n",
                if more { format!(", plus {increment} a move") } else { String::new() }
            ),
            (Lang::Hu, more) => format!(
                "\nÓra: játékosonként {initial}{}; akinek lejár az ideje, veszít.\n",
                if more { format!(", plusz lépésenként {increment}") } else { String::new() }
            ),
        });
    }
    if !r.interpretations.is_empty() {
        out.push_str(lang.pick("\nInterpretations (points the source leaves open):\n", "\nÉrtelmezések (amit a forrás nyitva hagy):\n"));
        for i in &r.interpretations {
            out.push_str(&format!("  - {}", i.rule));
            if !i.seed.is_empty() {
                out.push_str(&format!(" [{}: \"{}\"]", lang.pick("the source's wording", "a forrás szövege"), i.seed));
            }
            out.push('\n');
        }
    }
    out
}

/// A term of `[eval]` in words: "100 points for each unit of the pieces' values (man 1, king 3)".
pub fn eval_words(r: &Ruleset, term: &EvalTerm) -> String {
    eval_words_in(r, term, Lang::En)
}

/// [`eval_words`] in a language.
pub fn eval_words_in(r: &Ruleset, term: &EvalTerm, lang: Lang) -> String {
    let points = match (lang, term.weight.abs()) {
        (Lang::En, 1) => format!("{} point", term.weight),
        (Lang::En, _) => format!("{} points", term.weight),
        (Lang::Hu, _) => format!("{} pont", term.weight),
    };
    term.kind.prim().words(r, &points, lang)
}

/// The default reason of a draw rule.
pub fn draw_reason(kind: &DrawKind, pieces: &[PieceType]) -> String {
    let names: Vec<&str> = pieces.iter().map(|p| p.name.as_str()).collect();
    kind.prim().reason(&names, Lang::En)
}

/// A draw rule's reason in a language: the ruleset's own translation (`[lang.CODE.words]`),
/// else, for the default reason, the primitive's words in the language, else as written.
pub fn draw_reason_in(r: &Ruleset, d: &DrawRule, lang: Lang) -> String {
    let translated = r.words_in(&d.reason, lang.code());
    if lang == Lang::En || translated != d.reason || d.reason != draw_reason(&d.kind, &r.pieces) {
        return translated.to_string();
    }
    let names: Vec<&str> = (0..r.pieces.len()).map(|t| piece_name(r, PieceTypeId::new(t), lang)).collect();
    d.kind.prim().reason(&names, lang)
}

pub(crate) fn ordinal(n: u32, lang: Lang) -> String {
    if lang == Lang::Hu {
        return ordinal_word(usize::try_from(n).unwrap_or(usize::MAX), lang);
    }
    match n {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        n => format!("{n}th"),
    }
}

/// `5m`, `1m30s`, `2s`, `500ms`.
pub fn format_ms(ms: u64) -> String {
    if !ms.is_multiple_of(1000) {
        return format!("{ms}ms");
    }
    let s = ms / 1000;
    match (s / 60, s % 60) {
        (0, s) => format!("{s}s"),
        (m, 0) => format!("{m}m"),
        (m, s) => format!("{m}m{s}s"),
    }
}

/// Piece type names from a set: `man or king`.
pub(crate) fn types_words(r: &Ruleset, types: PieceTypeSet, lang: Lang) -> String {
    let names: Vec<&str> = types.iter().map(|t| piece_name(r, t, lang)).collect();
    names.join(lang.pick(" or ", " vagy "))
}

/// The sentence of a capture limited to some piece types (`take=`, `spare=`): " It captures
/// only a king." or " It never captures a cannon.", whichever names fewer types; nothing when
/// every type may be captured.
pub(crate) fn taken_words(r: &Ruleset, takes: Option<PieceTypeSet>, lang: Lang) -> String {
    let Some(takes) = takes else { return String::new() };
    let spared: PieceTypeSet = (0..r.pieces.len()).map(PieceTypeId::new).filter(|&t| !takes.contains(t)).collect();
    match (lang, spared.len() <= takes.len()) {
        (Lang::En, true) => format!(" It never captures a {}.", types_words(r, spared, lang)),
        (Lang::En, false) => format!(" It captures only a {}.", types_words(r, takes, lang)),
        (Lang::Hu, true) => format!(" Ezt sosem ütheti: {}.", types_words(r, spared, lang)),
        (Lang::Hu, false) => format!(" Csak ezt ütheti: {}.", types_words(r, takes, lang)),
    }
}

/// "piece" when a set holds every piece type, else the types: `man or king`.
pub(crate) fn pieces_words(r: &Ruleset, types: PieceTypeSet, lang: Lang) -> String {
    if (0..r.pieces.len()).all(|t| types.contains(PieceTypeId::new(t))) {
        lang.pick("piece", "bábu").to_string()
    } else {
        types_words(r, types, lang)
    }
}

/// After a Hungarian "bábu" that counts only some types: " (gyalog vagy király)"; nothing
/// when every type counts.
pub(crate) fn hu_only(r: &Ruleset, types: PieceTypeSet) -> String {
    if (0..r.pieces.len()).all(|t| types.contains(PieceTypeId::new(t))) {
        String::new()
    } else {
        format!(" ({})", types_words(r, types, Lang::Hu))
    }
}

/// "a", "a and b", "a, b and c".
pub(crate) fn join_and<S: AsRef<str>>(parts: &[S]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => format!("{} and {}", init.iter().map(|p| p.as_ref()).collect::<Vec<_>>().join(", "), last.as_ref()),
    }
}

/// [`join_and`] in the language: "a, b és c".
pub(crate) fn join_and_in<S: AsRef<str>>(parts: &[S], lang: Lang) -> String {
    match (lang, parts) {
        (Lang::Hu, [init @ .., last]) if !init.is_empty() => {
            format!("{} és {}", init.iter().map(|p| p.as_ref()).collect::<Vec<_>>().join(", "), last.as_ref())
        }
        _ => join_and(parts),
    }
}

/// The turn's capture, removal, promotion and passing rules, each as (key, sentence): the
/// options of `[turn]`, with the pieces' rules (promotion, royal pieces, stacks) among them.
fn turn_words(r: &Ruleset, lang: Lang) -> Vec<(String, String)> {
    let options = r.turn.words(r, lang);
    let (before, after): (Vec<_>, Vec<_>) = options.into_iter().partition(|(order, ..)| *order < 6);
    let mut out: Vec<(String, String)> = before.into_iter().map(|(_, key, words)| (key, words)).collect();
    if lang == Lang::Hu {
        hu_piece_rules(r, &mut out);
        out.extend(after.into_iter().map(|(_, key, words)| (key, words)));
        return out;
    }
    for (index, p) in r.pieces.iter().enumerate() {
        if let Some(promo) = &p.promotion {
            let to: Vec<&str> = promo.to.iter().map(|&t| r.pieces[t.index()].name.as_str()).collect();
            // What happens in the middle of a capture matters only to a piece that chains hops.
            let chains =
                r.moves.iter().any(|m| m.piece.index() == index && matches!(&m.action, Action::Hops(h) if h.chains() && h.captures()));
            let (where_, may) = match (promo.leaving, promo.optional) {
                (false, false) => ("ends its move on", "becomes"),
                (false, true) => ("ends its move on", "may become"),
                (true, false) => ("starts or ends its move on", "becomes"),
                (true, true) => ("starts or ends its move on", "may become"),
            };
            let forced = match promo.forced {
                Some(f) if promo.optional => format!(" (it must on {})", region_words(r, f)),
                _ => String::new(),
            };
            let limit = limit_words(r, promo.limit.as_ref(), Lang::En);
            out.push((
                format!("promotion of the {}", p.name),
                format!(
                    "A {} that {where_} {} {may} a {}{forced}{limit}{}",
                    p.name,
                    region_words(r, promo.region),
                    to.join(" or "),
                    match promo.during_capture {
                        _ if !chains => ".",
                        MidCapture::AtEnd => "; reaching it during a capture that can go on, it goes on as it is and does not promote.",
                        MidCapture::AtOnce => "; reaching it during a capture, it promotes at once and goes on capturing as the new piece.",
                        MidCapture::EndsMove => "; reaching it during a capture ends the move.",
                    }
                ),
            ));
        }
    }
    let royal: Vec<&str> = r.pieces.iter().filter(|p| p.royal).map(|p| p.name.as_str()).collect();
    if !royal.is_empty() {
        out.push((
            "royal pieces".to_string(),
            format!(
                "The {} is royal: no move may leave it attacked (a cell is attacked when an opponent's move could capture there).",
                royal.join(" and the ")
            ),
        ));
    }
    if let Some(limit) = &r.same_piece {
        let owning = if limit.while_owning.is_empty() {
            String::new()
        } else {
            format!(" while the player also has a {}", types_words(r, limit.while_owning, lang))
        };
        out.push((
            "same piece".to_string(),
            format!(
                "A player may not move the same {} more than {} times in a row without capturing{owning}; after that it may only capture.",
                types_words(r, limit.pieces, lang),
                limit.max
            ),
        ));
    }
    if r.tally.any() {
        let mut kept = Vec::new();
        if let Some(n) = r.tally.checks {
            kept.push(format!("the checks each player has given (up to {n})"));
        }
        if r.tally.captured {
            kept.push("the pieces each player has captured, by type".to_string());
        }
        if r.tally.passes {
            kept.push("the moves in a row that moved nothing (passes)".to_string());
        }
        if r.tally.last {
            kept.push("the cells of the last move and what it captured".to_string());
        }
        out.push(("counters".to_string(), format!("The position keeps {}.", join_and(&kept))));
    }
    if let Some(stacks) = &r.stacks {
        let carry = match stacks.carry {
            crate::model::Carry::Column => "a move carries the whole column",
            crate::model::Carry::Top => "a move carries the top piece alone",
        };
        let prisoners = match stacks.prisoners {
            crate::model::Prisoners::Under => "goes under the capturing column",
            crate::model::Prisoners::Removed => "leaves the board",
        };
        out.push((
            "stacks".to_string(),
            format!(
                "A cell may hold a column of pieces, owned and moved by its top piece; {carry}. A capture takes the top of the jumped column, which {prisoners}."
            ),
        ));
    }
    if let Some(hands) = &r.hands {
        out.push(("hands".to_string(), hands_words(r, hands)));
    }
    out.extend(after.into_iter().map(|(_, key, words)| (key, words)));
    out
}

/// A promotion's `limit` in words, after its choices ("" without one).
fn limit_words(r: &Ruleset, limit: Option<&PromotionLimit>, lang: Lang) -> String {
    let most = |most: &[(PieceTypeId, u32)]| {
        let each: Vec<String> = most.iter().map(|&(t, n)| format!("{} {n}", piece_name(r, t, lang))).collect();
        each.join(", ")
    };
    match (limit, lang) {
        (None, _) => String::new(),
        (Some(PromotionLimit::Start), Lang::En) => {
            ", but only to a type its owner has fewer of on the board than at the start (where it must promote and cannot, it may not move)".into()
        }
        (Some(PromotionLimit::Most(m)), Lang::En) => format!(
            ", but to each only while its owner has fewer of that type on the board than: {} (where it must promote and cannot, it may not move)",
            most(m)
        ),
        (Some(PromotionLimit::Start), Lang::Hu) => {
            ", de csak olyanná, amelyből a tulajdonosának kevesebb áll a táblán, mint a kezdéskor (ahová át kellene változnia, de nem tud, oda nem léphet)".into()
        }
        (Some(PromotionLimit::Most(m)), Lang::Hu) => format!(
            ", de mindegyikké csak addig, amíg a tulajdonosának kevesebb áll belőle a táblán, mint: {} (ahová át kellene változnia, de nem tud, oda nem léphet)",
            most(m)
        ),
    }
}

/// The pieces' rules of [`turn_words`] (promotion, royal pieces, the same piece, counters,
/// stacks, hands) in Hungarian, under the same keys.
fn hu_piece_rules(r: &Ruleset, out: &mut Vec<(String, String)>) {
    let lang = Lang::Hu;
    let name = |t: PieceTypeId| piece_name(r, t, lang);
    for (index, p) in r.pieces.iter().enumerate() {
        let Some(promo) = &p.promotion else { continue };
        let to: Vec<&str> = promo.to.iter().map(|&t| name(t)).collect();
        let chains = r.moves.iter().any(|m| m.piece.index() == index && matches!(&m.action, Action::Hops(h) if h.chains() && h.captures()));
        let when = if promo.leaving { "a lépése elején vagy végén" } else { "a lépése végén" };
        let (may, becomes) = if promo.optional { ("átváltozhat", "ez lehet belőle") } else { ("átváltozik", "ez lesz belőle") };
        let forced = match promo.forced {
            Some(f) if promo.optional => format!(" (itt kötelező: {})", region_words_in(r, f, lang)),
            _ => String::new(),
        };
        let during = match promo.during_capture {
            _ if !chains => ".",
            MidCapture::AtEnd => "; ha folytatható ütés közben ér oda, úgy folytatja, ahogy van, és nem változik át.",
            MidCapture::AtOnce => "; ha ütés közben ér oda, azonnal átváltozik, és új bábuként üt tovább.",
            MidCapture::EndsMove => "; ha ütés közben ér oda, a lépése véget ér.",
        };
        let limit = limit_words(r, promo.limit.as_ref(), lang);
        out.push((
            format!("promotion of the {}", p.name),
            format!(
                "{} {may}, ha {when} itt áll: {}; {becomes}: {}{forced}{limit}{during}",
                hu_the_cap(name(PieceTypeId::new(index))),
                region_words_in(r, promo.region, lang),
                join_or_in(&to, lang)
            ),
        ));
    }
    let royal: Vec<String> = (0..r.pieces.len()).filter(|&t| r.pieces[t].royal).map(|t| hu_the(name(PieceTypeId::new(t)))).collect();
    if !royal.is_empty() {
        out.push((
            "royal pieces".to_string(),
            format!(
                "{} királyi {}: egy lépés sem hagyhatja támadás alatt (egy mező támadott, ha az ellenfél valamelyik lépése ott üthetne).",
                capitalized(&royal.join(" és ")),
                if royal.len() == 1 { "bábu" } else { "bábuk" }
            ),
        ));
    }
    if let Some(limit) = &r.same_piece {
        let owning = if limit.while_owning.is_empty() {
            String::new()
        } else {
            format!(", amíg a játékosnak ilyen bábuja is van: {}", types_words(r, limit.while_owning, lang))
        };
        out.push((
            "same piece".to_string(),
            format!(
                "Ugyanazzal a bábuval ({}) legfeljebb {} lépést tehet egy játékos egymás után ütés nélkül{owning}; azután azzal csak üthet.",
                types_words(r, limit.pieces, lang),
                limit.max
            ),
        ));
    }
    if r.tally.any() {
        let mut kept = Vec::new();
        if let Some(n) = r.tally.checks {
            kept.push(format!("az egyes játékosok által adott sakkokat (legfeljebb {n}-ig)"));
        }
        if r.tally.captured {
            kept.push("az egyes játékosok által leütött bábukat, típusonként".to_string());
        }
        if r.tally.passes {
            kept.push("a semmit sem mozdító lépéseket (passzokat) egymás után".to_string());
        }
        if r.tally.last {
            kept.push("az utolsó lépés mezőit, és hogy mit ütött".to_string());
        }
        out.push(("counters".to_string(), format!("Az állás számon tartja {}.", join_and_in(&kept, lang))));
    }
    if let Some(stacks) = &r.stacks {
        let carry = match stacks.carry {
            crate::model::Carry::Column => "a lépés az egész oszlopot viszi",
            crate::model::Carry::Top => "a lépés csak a legfelső bábut viszi",
        };
        let prisoners = match stacks.prisoners {
            crate::model::Prisoners::Under => "az ütő oszlop alá kerül",
            crate::model::Prisoners::Removed => "lekerül a tábláról",
        };
        out.push((
            "stacks".to_string(),
            format!(
                "Egy mezőn bábuoszlop állhat; azé, akié a legfelső bábu, és az mozgatja; {carry}. Az ütés az átugrott oszlop legfelső bábuját veszi el, amely {prisoners}."
            ),
        ));
    }
    if let Some(hands) = &r.hands {
        let mut words = "Minden játékos a kezében, a táblán kívül is tart bábukat, és a lerakó lépésekkel teszi le őket.".to_string();
        if hands.captures {
            words.push_str(" A leütött bábu gazdát cserél, és az ütő kezébe kerül");
            let demoted: Vec<String> = (0..r.pieces.len())
                .filter(|&t| hands.demote[t].index() != t)
                .map(|t| format!("{} mint {}", hu_the(name(PieceTypeId::new(t))), name(hands.demote[t])))
                .collect();
            if !demoted.is_empty() {
                words.push_str(&format!(" ({})", demoted.join(", ")));
            }
            if hands.marks {
                words.push_str("; az átváltozással keletkezett bábu meg van jelölve, és átváltozás előtti bábuként kerül a kézbe");
            }
            words.push('.');
        } else {
            words.push_str(" A leütött bábuk kikerülnek a játékból.");
        }
        for (p, held) in hands.start.iter().enumerate() {
            let listed: Vec<String> =
                held.iter().enumerate().filter(|(_, n)| **n > 0).map(|(t, n)| format!("{n} {}", name(PieceTypeId::new(t)))).collect();
            if !listed.is_empty() {
                words.push_str(&format!(" {} kezében kezdetben: {}.", capitalized(player_name(r, p, lang)), join_and_in(&listed, lang)));
            }
        }
        out.push(("hands".to_string(), words));
    }
}

/// `[hands]` in words: what goes into a hand, and what each player holds at the start.
fn hands_words(r: &Ruleset, hands: &crate::model::Hands) -> String {
    let mut out = "Each player keeps pieces in a hand, off the board, and drops them with the drop moves.".to_string();
    if hands.captures {
        out.push_str(" A captured piece changes owner into the captor's hand");
        let demoted: Vec<String> = (0..r.pieces.len())
            .filter(|&t| hands.demote[t].index() != t)
            .map(|t| format!("a {} as a {}", r.pieces[t].name, r.pieces[hands.demote[t].index()].name))
            .collect();
        if !demoted.is_empty() {
            out.push_str(&format!(" ({})", demoted.join(", ")));
        }
        if hands.marks {
            out.push_str("; a piece that arrived by promotion is marked, and goes into the hand as what it promoted from");
        }
        out.push('.');
    } else {
        out.push_str(" Captured pieces leave the game.");
    }
    for (p, held) in hands.start.iter().enumerate() {
        let listed: Vec<String> =
            held.iter().enumerate().filter(|(_, n)| **n > 0).map(|(t, n)| format!("{n} {}", r.pieces[t].name)).collect();
        if !listed.is_empty() {
            out.push_str(&format!(" {} starts with {} in hand.", r.players[p].name, join_and(&listed)));
        }
    }
    out
}

/// What a fingerprint entry is about: moves (how pieces move) or the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aspect {
    Board,
    Moves,
    End,
}

impl Aspect {
    /// `board`, `moves` or `end`, as `show --json` and `compare --json` write it.
    pub fn word(self) -> &'static str {
        match self {
            Aspect::Board => "board",
            Aspect::Moves => "moves",
            Aspect::End => "end",
        }
    }
}

/// The ruleset as a list of (aspect, key, words): two rulesets differ where the words for a
/// key differ. `compare` prints these; `show` uses the same sentences.
pub fn fingerprint(r: &Ruleset) -> Vec<(Aspect, String, String)> {
    let mut out = Vec::new();
    out.push((Aspect::Board, "board".to_string(), format!("{}, {} cells", r.shape.describe(), r.board.len())));
    out.push((Aspect::Board, "board steps".to_string(), steps_words(r).unwrap_or_else(|| "the shape's own".to_string())));
    out.push((
        Aspect::Board,
        "players".to_string(),
        format!("{} and {}; {} moves first", r.players[0].name, r.players[1].name, r.players[r.start.side.index()].name),
    ));
    // Grouped by owner and piece: "white man: a1 c1 ...; black man: b6 ...".
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for &(c, p, o) in &r.start.pieces {
        let owner = o.map_or("neutral".to_string(), |o| r.players[o.index()].name.clone());
        let label = format!("{owner} {}", r.pieces[p.index()].name);
        match groups.iter_mut().find(|(l, _)| *l == label) {
            Some((_, cells)) => cells.push(r.board.name(c).to_string()),
            None => groups.push((label, vec![r.board.name(c).to_string()])),
        }
    }
    let start: Vec<String> = groups.into_iter().map(|(label, cells)| format!("{label}: {}", cells.join(" "))).collect();
    out.push((Aspect::Board, "start position".to_string(), if start.is_empty() { "empty".to_string() } else { start.join("; ") }));
    for p in &r.pieces {
        out.push((
            Aspect::Moves,
            format!("piece '{}'", p.name),
            if p.owned {
                format!("symbols {} / {}", p.symbols[0], p.symbols[1])
            } else {
                format!("symbol {}, belongs to nobody", p.symbols[0])
            },
        ));
    }
    for phase in &r.phases {
        if r.phases.len() > 1 {
            out.push((
                Aspect::Moves,
                format!("phase '{}'", phase.name),
                match phase.limit {
                    None => "to the end of the game".to_string(),
                    Some(PhaseLimit::Plies(p)) => format!("{p} plies"),
                    Some(PhaseLimit::Placed(n)) => format!("until each player has placed {n} pieces"),
                    Some(PhaseLimit::HandsEmpty) => "each player while their hand holds pieces, until both hands are empty".to_string(),
                },
            ));
        }
    }
    for m in &r.moves {
        out.push((Aspect::Moves, format!("move '{}'", m.name), move_words(r, m)));
    }
    for (key, words) in turn_words(r, Lang::En) {
        out.push((Aspect::Moves, key, words));
    }
    for (i, e) in r.ends.iter().enumerate() {
        out.push((Aspect::End, format!("end rule {}", i + 1), end_words(r, e)));
    }
    let draws: Vec<String> = r.draws.iter().map(|d| d.reason.clone()).collect();
    out.push((Aspect::End, "draws in play".to_string(), if draws.is_empty() { "none".to_string() } else { draws.join("; ") }));
    out.push((Aspect::End, "draws".to_string(), if r.cannot_draw.is_some() { "the game cannot be drawn" } else { "possible" }.to_string()));
    out.push((
        Aspect::End,
        "clock".to_string(),
        r.clock.map_or("none".to_string(), |c| {
            format!(
                "{} per player{}",
                format_ms(c.initial_ms),
                if c.increment_ms > 0 { format!(" + {} a move", format_ms(c.increment_ms)) } else { String::new() }
            )
        }),
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ruleset(board_extra: &str, moves: &str) -> Ruleset {
        let text = format!(
            "[game]\nid = \"t\"\nname = \"T\"\n\n[[players]]\nname = \"x\"\n\n[[players]]\nname = \"o\"\n\n\
             [board]\nshape = \"rect\"\nwidth = 5\nheight = 5\n{board_extra}\n\n[pieces.stone]\nsymbols = [\"x\", \"o\"]\n\n{moves}\n\n\
             [[end]]\nif = \"line(3) by mover\"\nresult = \"mover wins\"\n"
        );
        crate::load("t.toml", &text, &crate::BuiltinFiles, &[]).unwrap_or_else(|r| panic!("{r}"))
    }

    fn words(r: &Ruleset) -> Vec<String> {
        r.moves.iter().map(|m| move_words(r, m)).collect()
    }

    #[test]
    fn direction_sets_are_worded_by_their_directions_not_their_names() {
        let r = ruleset(
            "[board.directions]\nahead = [\"forward\"]\nslant = [\"ne\", \"nw\", \"se\", \"sw\"]\nmixed = [\"forward\", \"sideways\"]\n\
             home-run = { x = [\"forward\"], o = [\"backward\"] }\neast = [\"e\"]\nodd = { x = [\"forward\"], o = [\"sideways\"] }",
            "[moves.a]\ndo = \"step(ahead)\"\n[moves.b]\ndo = \"step(slant)\"\n[moves.c]\ndo = \"step(mixed)\"\n\
             [moves.d]\ndo = \"step(home-run)\"\n[moves.e]\ndo = \"step(east)\"\n[moves.f]\ndo = \"step(all)\"\n\
             [moves.g]\ndo = \"step(odd)\"",
        );
        let w = words(&r);
        assert!(w[0].contains("steps one cell forward to"), "{}", w[0]);
        assert!(w[1].contains("steps one cell diagonally to"), "{}", w[1]);
        assert!(w[2].contains("steps one cell straight forward or sideways to"), "{}", w[2]);
        // Forward for one player and backward for the other: up the board for both.
        assert!(w[3].contains("steps one cell up (as the board is drawn)"), "{}", w[3]);
        assert!(w[4].contains("to the right (as the board is drawn)"), "{}", w[4]);
        assert!(w[5].contains("in any direction"), "{}", w[5]);
        // Forward for one player, sideways for the other: no phrase fits both, so the name.
        assert!(w[6].contains("along the 'odd' directions"), "{}", w[6]);
    }

    #[test]
    fn regions_are_worded_by_their_cells() {
        let r = ruleset(
            "[board.regions]\ngoal = { x = \"y == height - 1\", o = \"y == 0\" }\nhome = { x = \"y == 0\", o = \"y == height - 1\" }\n\
             second = { x = \"y == 1\", o = \"y == 3\" }\nown-corner = { x = [\"a1\"], o = [\"e5\"] }\nmiddle = \"x == 2\"\nrim = \"edge\"",
            "[moves.a]\ndo = \"place(in=goal)\"\n[moves.b]\ndo = \"place(in=home)\"\n[moves.c]\ndo = \"place(in=second)\"\n\
             [moves.d]\ndo = \"place(in=own-corner)\"\n[moves.e]\ndo = \"place(in=middle)\"\n[moves.f]\ndo = \"place(in=rim)\"",
        );
        let w = words(&r);
        assert!(w[0].ends_with("of the far row."), "{}", w[0]);
        assert!(w[1].ends_with("of the player's first row."), "{}", w[1]);
        assert!(w[2].ends_with("of the player's second row."), "{}", w[2]);
        assert!(w[3].ends_with("of the own corner cell (a1 for x, e5 for o)."), "{}", w[3]);
        assert!(w[4].ends_with("of the middle cells."), "{}", w[4]);
        assert!(w[5].ends_with("of the edge of the board."), "{}", w[5]);
    }
}
