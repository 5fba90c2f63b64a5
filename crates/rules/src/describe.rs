//! The rules in plain words, generated from the checked model (used by `hetproba show` and for
//! the default reason of each end rule).

use crate::model::*;

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
fn kinds_words(mask: u8) -> String {
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

/// "a", "a or b", "a, b or c".
pub(crate) fn join_or<S: AsRef<str>>(parts: &[S]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => format!("{} or {}", init.iter().map(|p| p.as_ref()).collect::<Vec<_>>().join(", "), last.as_ref()),
    }
}

/// One direction as the board is drawn (the first row at the bottom): "up and to the right".
fn drawn_words(dx: i32, dy: i32) -> &'static str {
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
fn relative_words(kind: u8, side: i32) -> String {
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
pub(crate) fn dirs_words(r: &Ruleset, set: DirSetId) -> String {
    let set = &r.direction_sets[set.index()];
    let all: Vec<DirId> = r.board.all_directions().collect();
    let same_for_both = set.dirs[0] == set.dirs[1];
    let holds = |chosen: &[DirId], want: &dyn Fn(i32, i32) -> bool| {
        let wanted: Vec<DirId> =
            all.iter().copied().filter(|d| want(r.board.directions()[d.index()].dx, r.board.directions()[d.index()].dy)).collect();
        !wanted.is_empty() && wanted.len() == chosen.len() && wanted.iter().all(|d| chosen.contains(d))
    };
    if set.dirs.iter().all(|chosen| holds(chosen, &|_, _| true)) {
        return "in any direction".into();
    }
    if set.dirs.iter().all(|chosen| chosen.is_empty()) {
        return "in no direction".into();
    }
    let words: Vec<Option<String>> = (0..2).map(|p| whole_kinds(r, p, &set.dirs[p]).filter(|&m| m != 0).map(kinds_words)).collect();
    if let [Some(a), Some(b)] = words.as_slice()
        && a == b
    {
        return a.clone();
    }
    if same_for_both {
        if set.dirs.iter().all(|chosen| holds(chosen, &|dx, dy| dx == 0 || dy == 0)) {
            return "along a row or column".into();
        }
        if set.dirs.iter().all(|chosen| holds(chosen, &|dx, dy| dx != 0 && dy != 0)) {
            return "diagonally".into();
        }
        let dirs = r.board.directions();
        let parts: Vec<&str> = set.dirs[0].iter().map(|d| drawn_words(dirs[d.index()].dx, dirs[d.index()].dy)).collect();
        return format!("{} (as the board is drawn)", join_or(&parts));
    }
    let relative: Vec<Option<String>> = (0..2)
        .map(|p| {
            let parts: Option<Vec<String>> =
                set.dirs[p].iter().map(|&d| kind_of(r, p, d).map(|(kind, side)| relative_words(kind, side))).collect();
            parts.map(|parts| join_or(&parts))
        })
        .collect();
    match relative.as_slice() {
        [Some(a), Some(b)] if a == b => a.clone(),
        _ => format!("along the '{}' directions", set.name),
    }
}

/// The lines a `line` test counts along: "in a row, column or diagonal".
pub(crate) fn axis_words(r: Option<&Ruleset>, set: Option<DirSetId>) -> String {
    match (r, set) {
        (Some(r), Some(set)) => match dirs_words(r, set).as_str() {
            "in any direction" => "in a row, column or diagonal".into(),
            "along a row or column" => "in a row or column".into(),
            "diagonally" => "along a diagonal".into(),
            other => format!("running {other}"),
        },
        _ => "in a row, column or diagonal".into(),
    }
}

/// How the pieces of a group touch: "through sides or corners".
pub(crate) fn neighbour_words(r: Option<&Ruleset>, set: Option<DirSetId>) -> String {
    match (r, set) {
        (Some(r), Some(set)) => match dirs_words(r, set).as_str() {
            "in any direction" => "through sides or corners".into(),
            "along a row or column" => "through sides".into(),
            "diagonally" => "through corners".into(),
            other => format!("as neighbours {other}"),
        },
        _ => "through sides or corners".into(),
    }
}

fn ordinal_word(n: usize) -> String {
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
    let region = &r.regions[id.index()];
    let cells = &region.cells;
    if cells.iter().all(|c| c.iter().all(|&b| b)) {
        return "the whole board".into();
    }
    if cells[0] == cells[1] && cells[0] == crate::load::edge_cells(&r.board) {
        return "the edge of the board".into();
    }
    // A row counted from each player's own side, the same for both.
    let row = |p: usize| rows_for(r, p).and_then(|rows| rows.iter().position(|row| *row == cells[p]).map(|k| (k, rows.len())));
    if let (Some((k, n)), Some(other)) = (row(0), row(1))
        && (k, n) == other
        && n > 1
    {
        return if k + 1 == n { "the far row".into() } else { format!("the player's {} row", ordinal_word(k + 1)) };
    }
    let readable = region.name.replace(['-', '_'], " ");
    let names = |p: usize| r.board.all_cells().filter(|c| cells[p][c.index()]).map(|c| r.board.name(c).to_string()).collect::<Vec<_>>();
    let (first, second) = (names(0), names(1));
    let most = first.len().max(second.len());
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

pub(crate) fn condition_words(ruleset: Option<&Ruleset>, c: &Condition, whom: Whom) -> String {
    let words = |c: &Condition| condition_words(ruleset, c, whom);
    match c {
        Condition::Or(parts) => parts.iter().map(words).collect::<Vec<_>>().join(", or "),
        Condition::And(parts) => parts.iter().map(words).collect::<Vec<_>>().join(" and "),
        Condition::Not(inner) => format!("not ({})", words(inner)),
        Condition::Test(test, who) => test.prim().words(ruleset, who_words(*who, whom)),
        Condition::Compare(a, op, b) => {
            let relation = match op {
                CmpOp::Eq => "is",
                CmpOp::Ne => "is not",
                CmpOp::Le => "is at most",
                CmpOp::Ge => "is at least",
                CmpOp::Lt => "is less than",
                CmpOp::Gt => "is more than",
            };
            format!("{} {relation} {}", count_words(ruleset, a, whom), count_words(ruleset, b, whom))
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
fn count_words(ruleset: Option<&Ruleset>, c: &Count, whom: Whom) -> String {
    match c {
        Count::Int(v) => v.to_string(),
        Count::Query(q, who) => q.prim().words(ruleset, who_words(*who, whom)),
        Count::Chain(first, rest) => {
            let mut out = count_words(ruleset, first, whom);
            for (op, c) in rest {
                let op = match op {
                    BinOp::Add => "plus",
                    BinOp::Sub => "minus",
                    BinOp::Mul => "times",
                    BinOp::Div => "divided by",
                    BinOp::Rem => "modulo",
                };
                out.push_str(&format!(" {op} {}", count_words(ruleset, c, whom)));
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

pub(crate) fn landing_words(to: Landing) -> &'static str {
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
    let mut s = m.action.prim().words(r, &r.pieces[m.piece.index()]);
    if let Some(region) = m.from {
        s.push_str(&format!(" Only from {}.", region_words(r, region)));
    }
    if m.leaves_passed {
        s.push_str(" The cells it passes over may be taken en passant on the next move.");
    }
    for effect in &m.effects {
        s.push_str(&effect.prim().words(r));
    }
    if m.leaves_ko {
        s.push_str(" Ko: when it captures exactly one piece and its piece then stands alone with that cell its only empty neighbour, the opponent may not place on that cell on the next move.");
    }
    if let Some(c) = &m.when {
        s.push_str(&format!(" Only if {}.", condition_words(Some(r), c, BEFORE)));
    }
    if let Some(c) = &m.after {
        s.push_str(&format!(" Only if afterwards {}.", condition_words(Some(r), c, AFTER)));
    }
    if let Some(part) = m.next {
        let later = &r.moves[part];
        let words = move_words(r, &MoveRule { when: None, ..later.clone() });
        let mut chars = words.chars();
        let lowered: String = chars.next().map(|c| c.to_ascii_lowercase()).into_iter().chain(chars).collect();
        match &later.when {
            None => s.push_str(&format!(" Then, in the same move (written after a '/'): {lowered}")),
            Some(c) => s.push_str(&format!(
                " Then, in the same move (written after a '/'), if {} (after the part before): {lowered}",
                condition_words(Some(r), c, AFTER)
            )),
        }
    }
    s
}

/// One sentence for an end rule.
pub fn end_words(r: &Ruleset, e: &EndRule) -> String {
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
                dirs_words(r, a.dirs)
            );
            &area
        }
    };
    format!("If {}, {verdict}.", condition_words(Some(r), &e.condition, AFTER))
}

/// The board's steps, when `[board.steps]` declares them instead of the shape's: each name, its
/// offset, the cells that block it and its notation symbol when that is not its name.
pub fn steps_words(r: &Ruleset) -> Option<String> {
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
                out.push_str(&format!(", blocked by a piece of either side on {}", cells.join(" or ")));
            }
            if d.symbol != d.name {
                out.push_str(&format!(", written {}", d.symbol));
            }
            out
        })
        .collect();
    Some(steps.join("; "))
}

/// The whole ruleset in words, section by section (without the board drawing).
pub fn rules_in_words(r: &Ruleset) -> String {
    let mut out = String::new();
    let shape = r.shape.describe();
    out.push_str(&format!("{} ({})\n", r.name, r.id));
    if let Some(parent) = &r.extends {
        out.push_str(&format!("A variant of {parent}.\n"));
    }
    if !r.summary.is_empty() {
        out.push_str(&format!("{}\n", r.summary));
    }
    if !r.source.is_empty() {
        out.push_str(&format!("Source: {}\n", r.source));
    }
    out.push_str(&format!(
        "\nBoard: {shape}, {} cells{}.\n",
        r.board.len(),
        match r.naming {
            Naming::Algebraic => ", named by file letter and rank number (a1)",
            Naming::Numbers { from_top: true } => ", numbered from the top row",
            Naming::Numbers { from_top: false } => ", numbered from the bottom row",
            Naming::NumberLetter => ", named by file number from the right and rank letter from the top (7g)",
        }
    ));
    if let Some(steps) = steps_words(r) {
        out.push_str(&format!("Steps, declared as offsets (dx, dy) from the cell a step starts on: {steps}.\n"));
    }
    out.push_str(&format!(
        "Players: {} ({}) and {} ({}); {} moves first.\n",
        r.players[0].name,
        r.players[0].short,
        r.players[1].name,
        r.players[1].short,
        r.players[r.start.side.index()].name
    ));
    out.push_str("Pieces:");
    for p in &r.pieces {
        if p.owned {
            out.push_str(&format!(" {} ({} / {})", p.name, p.symbols[0], p.symbols[1]));
        } else {
            out.push_str(&format!(" {} ({}, belongs to nobody)", p.name, p.symbols[0]));
        }
    }
    out.push('\n');
    out.push_str("\nTurn:\n");
    let several = r.phases.len() > 1;
    for phase in &r.phases {
        let indent = if several {
            out.push_str(&format!(
                "  Phase '{}'{}:\n",
                phase.name,
                match phase.limit {
                    None => " (to the end of the game)".to_string(),
                    Some(PhaseLimit::Plies(p)) => format!(" (the first {p} plies, players alternating)"),
                    Some(PhaseLimit::Placed(n)) => format!(" (until each player has placed {n} pieces)"),
                }
            ));
            "    "
        } else {
            "  "
        };
        for &m in &phase.moves {
            out.push_str(&format!("{indent}- {}\n", move_words(r, &r.moves[m])));
        }
    }
    for (_, words) in turn_words(r) {
        out.push_str(&format!("  {words}\n"));
    }
    out.push_str("\nEnd:\n");
    for e in &r.ends {
        out.push_str(&format!("  - {}\n", end_words(r, e)));
    }
    if r.cannot_draw.is_some() {
        out.push_str("  The game cannot be drawn.\n");
    } else if !r.ends.iter().any(|e| e.condition.needs_moves()) {
        out.push_str("  - If the player to move has no legal move, the game is drawn.\n");
    }
    if !r.draws.is_empty() {
        out.push_str("\nDraws in play (perft and moves ignore them):\n");
        for d in &r.draws {
            out.push_str(&format!("  - draw: {}\n", d.reason));
        }
    }
    out.push_str(&format!(
        "\nEvaluation, how the computer players judge a position{} (each term counts the player's own measure minus the opponent's):\n",
        if r.eval.declared { "" } else { " (no [eval] is declared: the default)" }
    ));
    for term in &r.eval.terms {
        out.push_str(&format!("  - {}\n", eval_words(r, term)));
    }
    if r.eval.terms.is_empty() {
        out.push_str("  - nothing: only won, lost and drawn positions differ\n");
    }
    out.push_str(&match r.eval.playout {
        0 => "  MCTS plays each playout to the end of the game.\n".to_string(),
        n => format!("  MCTS plays {n} random {} in a playout, then the evaluation judges.\n", if n == 1 { "ply" } else { "plies" }),
    });
    if let Some(clock) = &r.clock {
        out.push_str(&format!(
            "\nClock: {} per player{}; a player whose time runs out loses.\n",
            format_ms(clock.initial_ms),
            if clock.increment_ms > 0 { format!(", plus {} a move", format_ms(clock.increment_ms)) } else { String::new() }
        ));
    }
    if !r.interpretations.is_empty() {
        out.push_str("\nInterpretations (points the source leaves open):\n");
        for i in &r.interpretations {
            out.push_str(&format!("  - {}", i.rule));
            if !i.seed.is_empty() {
                out.push_str(&format!(" [the source's wording: \"{}\"]", i.seed));
            }
            out.push('\n');
        }
    }
    out
}

/// A term of `[eval]` in words: "100 points for each unit of the pieces' values (man 1, king 3)".
pub fn eval_words(r: &Ruleset, term: &EvalTerm) -> String {
    let points = match term.weight.abs() {
        1 => format!("{} point", term.weight),
        _ => format!("{} points", term.weight),
    };
    term.kind.prim().words(r, &points)
}

/// The default reason of a draw rule.
pub fn draw_reason(kind: &DrawKind, pieces: &[PieceType]) -> String {
    kind.prim().reason(pieces)
}

pub(crate) fn ordinal(n: u32) -> String {
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
pub(crate) fn types_words(r: &Ruleset, types: PieceTypeSet) -> String {
    let names: Vec<&str> = types.iter().map(|t| r.pieces[t.index()].name.as_str()).collect();
    names.join(" or ")
}

/// The sentence of a capture limited to some piece types (`take=`, `spare=`): " It captures
/// only a king." or " It never captures a cannon.", whichever names fewer types; nothing when
/// every type may be captured.
pub(crate) fn taken_words(r: &Ruleset, takes: Option<PieceTypeSet>) -> String {
    let Some(takes) = takes else { return String::new() };
    let spared: PieceTypeSet = (0..r.pieces.len()).map(PieceTypeId::new).filter(|&t| !takes.contains(t)).collect();
    if spared.len() <= takes.len() {
        format!(" It never captures a {}.", types_words(r, spared))
    } else {
        format!(" It captures only a {}.", types_words(r, takes))
    }
}

/// "piece" when a set holds every piece type, else the types: `man or king`.
pub(crate) fn pieces_words(r: &Ruleset, types: PieceTypeSet) -> String {
    if (0..r.pieces.len()).all(|t| types.contains(PieceTypeId::new(t))) { "piece".to_string() } else { types_words(r, types) }
}

/// "a", "a and b", "a, b and c".
pub(crate) fn join_and<S: AsRef<str>>(parts: &[S]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => format!("{} and {}", init.iter().map(|p| p.as_ref()).collect::<Vec<_>>().join(", "), last.as_ref()),
    }
}

/// The turn's capture, removal, promotion and passing rules, each as (key, sentence): the
/// options of `[turn]`, with the pieces' rules (promotion, royal pieces, stacks) among them.
fn turn_words(r: &Ruleset) -> Vec<(String, String)> {
    let options = r.turn.words(r);
    let (before, after): (Vec<_>, Vec<_>) = options.into_iter().partition(|(order, ..)| *order < 6);
    let mut out: Vec<(String, String)> = before.into_iter().map(|(_, key, words)| (key, words)).collect();
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
            out.push((
                format!("promotion of the {}", p.name),
                format!(
                    "A {} that {where_} {} {may} a {}{forced}{}",
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
            format!(" while the player also has a {}", types_words(r, limit.while_owning))
        };
        out.push((
            "same piece".to_string(),
            format!(
                "A player may not move the same {} more than {} times in a row without capturing{owning}; after that it may only capture.",
                types_words(r, limit.pieces),
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
                },
            ));
        }
    }
    for m in &r.moves {
        out.push((Aspect::Moves, format!("move '{}'", m.name), move_words(r, m)));
    }
    for (key, words) in turn_words(r) {
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
