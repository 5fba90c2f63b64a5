//! The board as SVG, drawn from what the ruleset declares: the shape gives the geometry
//! (squares, hexagons, points on lines), `[board] dark` the colours, the regions that rules
//! use are outlined, the naming gives the coordinates, and the pieces are their `figure`s or
//! discs marked with their letters; a column shows every piece in it. Nothing here knows a game.

use crate::figures;
use crate::words::{Lang, Say};
use hetproba_board::{CellId, DirId, Shape};
use hetproba_engine::rules::describe::region_words;
use hetproba_engine::rules::model::{Action, Condition, Figure, Naming, PieceTypeId, PlayerId, RegionId, Ruleset, Test, ends};
use hetproba_engine::{Game, Owner, Piece, Position};
use std::collections::HashSet;
use std::fmt::Write;

/// Side of a square, in SVG units.
const UNIT: f64 = 60.0;

/// What the board shows besides the position.
#[derive(Clone, Debug, Default)]
pub struct View {
    /// Drawn turned round: the second player's side at the bottom.
    pub flipped: bool,
    /// The cells clicked so far of a move being entered.
    pub selected: Vec<CellId>,
    /// Cells a click may go to next.
    pub targets: Vec<CellId>,
    /// Pieces that have a move (shown when nothing is selected).
    pub movable: Vec<CellId>,
    /// Edge entries a click may make: the border cell and the direction of the push.
    pub entries: Vec<(CellId, DirId)>,
    /// The last move's cells (start, landings).
    pub last: Vec<CellId>,
    /// Cells the last move captured or turned.
    pub changed: Vec<CellId>,
    /// The cells of a move a hint suggests.
    pub suggested: Vec<CellId>,
    /// Royal pieces under attack (a king in check, or mated).
    pub alert: Vec<CellId>,
    /// The cells of the line or chain that won the game.
    pub winning: Vec<CellId>,
    /// The pieces the last move took, drawn faintly where they stood.
    pub ghosts: Vec<(CellId, Piece)>,
    /// The player whose side of a per-player region is outlined (the player to move).
    pub side: PlayerId,
    /// The language of the cells' words.
    pub lang: Lang,
}

/// How a piece type is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Its figure (`figure = "knight"`).
    Figure(Figure),
    /// A disc with a letter on it.
    Letter(String),
    /// A plain disc with this many rings inside (0: plain).
    Rings(usize),
    /// A square block (a piece that belongs to nobody).
    Block,
}

/// How each piece type is drawn: its figure where it has one; else its notation letter where it has one (`letter`, or a symbol
/// that is one letter in two cases, as `M`/`m`); otherwise a plain disc, and pieces worth more
/// than the plainest get rings (a promoted piece); a piece of nobody's is a block.
pub fn marks(rules: &Ruleset) -> Vec<Mark> {
    let letter = |i: usize| {
        let p = &rules.pieces[i];
        if !p.letter.is_empty() {
            return Some(p.letter.clone());
        }
        let [a, b] = p.symbols;
        (a != b && a.is_alphabetic() && a.to_lowercase().eq(b.to_lowercase())).then(|| a.to_uppercase().to_string())
    };
    let mut plain: Vec<usize> = (0..rules.pieces.len()).filter(|&i| rules.pieces[i].owned && letter(i).is_none()).collect();
    plain.sort_by_key(|&i| rules.pieces[i].value);
    (0..rules.pieces.len())
        .map(|i| match letter(i) {
            _ if !rules.pieces[i].owned => Mark::Block,
            _ if rules.pieces[i].figure.is_some() => Mark::Figure(rules.pieces[i].figure.expect("just tested")),
            Some(l) => Mark::Letter(l),
            None => Mark::Rings(plain.iter().position(|&j| j == i).unwrap_or(0)),
        })
        .collect()
}

/// A player's colours (fill, outline, text): the colour the player is named after, or white
/// for the first and black for the second.
pub fn player_colours(rules: &Ruleset, player: PlayerId) -> (&'static str, &'static str, &'static str) {
    match rules.players[player.index()].name.to_ascii_lowercase().as_str() {
        "white" => ("#f7f4ec", "#333", "#222"),
        "black" => ("#262626", "#000", "#f2f2f2"),
        "red" => ("#c0392b", "#6d1f17", "#fff"),
        "blue" => ("#2e64b5", "#17325c", "#fff"),
        "green" => ("#2f8f46", "#174823", "#fff"),
        "yellow" => ("#f1c40f", "#7a6308", "#222"),
        _ if player == PlayerId::FIRST => ("#f7f4ec", "#333", "#222"),
        _ => ("#262626", "#000", "#f2f2f2"),
    }
}

/// The regions the rules use to decide something a player should see: where pieces promote,
/// where a piece wins by standing, where pieces may be placed, and the regions with rules of
/// their own. Regions that only say where a move may start or stop are left out.
pub fn shown_regions(rules: &Ruleset) -> Vec<RegionId> {
    let mut out: Vec<RegionId> = Vec::new();
    let add = |r: RegionId, out: &mut Vec<RegionId>| {
        // The built-in `all` is the whole board: nothing to outline.
        if rules.regions[r.index()].name != "all" && !out.contains(&r) {
            out.push(r);
        }
    };
    for p in &rules.pieces {
        if let Some(promo) = &p.promotion {
            add(promo.region, &mut out);
        }
    }
    let mut found = Vec::new();
    for e in &rules.ends {
        e.condition.any_test(&mut |t| {
            if let Test::Occupies(occupies) = t {
                found.push(occupies.region);
            }
            false
        });
    }
    for m in &rules.moves {
        if let Action::Place(place) = &m.action
            && let Some(r) = place.region
        {
            found.push(r);
        }
    }
    found.extend(rules.turn.enter_by_capture_only.iter().chain(&rules.turn.must_leave).chain(&rules.turn.move_ends_in));
    for r in found {
        add(r, &mut out);
    }
    out
}

/// The line and chain tests of the end rules, wherever they stand in a condition.
fn shape_tests(c: &Condition, found: &mut Vec<Test>) {
    match c {
        Condition::Or(parts) | Condition::And(parts) => parts.iter().for_each(|p| shape_tests(p, found)),
        Condition::Not(_) => {}
        Condition::Test(t @ (Test::Line { .. } | Test::Joins { .. }), _) => found.push(t.clone()),
        Condition::Test(..) | Condition::Compare(..) => {}
    }
}

/// The cells that won a game for `player`: each unbroken line of its pieces as long as an end
/// rule's `line` asks (exactly as long, where it says so), and each chain of its pieces that
/// joins the two regions of a `joins` test. Empty where the game was won otherwise.
pub fn winning_cells(game: &Game, pos: &Position, player: PlayerId) -> Vec<CellId> {
    let rules = game.rules();
    let board = game.board();
    let mut tests = Vec::new();
    for end in &rules.ends {
        shape_tests(&end.condition, &mut tests);
    }
    let own = |c: CellId| c != hetproba_board::NO_CELL && pos.at(c).is_some_and(|p| p.belongs_to(player));
    let mut out: Vec<CellId> = Vec::new();
    for test in tests {
        match test {
            Test::Line(ends::Line { len, exact, dirs }) => {
                for &dir in &rules.direction_sets[dirs.index()].dirs[player.index()] {
                    let back = board.opposite(dir);
                    for cell in board.all_cells().filter(|&c| own(c)) {
                        // Only from the first cell of a run.
                        if back.is_some_and(|b| own(board.step(cell, b))) {
                            continue;
                        }
                        let mut run = vec![cell];
                        let mut at = board.step(cell, dir);
                        while own(at) {
                            run.push(at);
                            at = board.step(at, dir);
                        }
                        let n = u32::try_from(run.len()).unwrap_or(u32::MAX);
                        if n == len || (!exact && n > len) {
                            out.extend(run);
                        }
                    }
                }
            }
            Test::Joins(ends::Joins { from, to, dirs }) => {
                let (from, to) = (&rules.regions[from.index()].cells[player.index()], &rules.regions[to.index()].cells[player.index()]);
                let steps = &rules.direction_sets[dirs.index()].dirs[player.index()];
                let mut seen = vec![false; board.len()];
                for start in board.all_cells().filter(|&c| own(c) && from[c.index()]) {
                    if seen[start.index()] {
                        continue;
                    }
                    let mut group = vec![start];
                    seen[start.index()] = true;
                    let mut i = 0;
                    while i < group.len() {
                        for &d in steps {
                            let next = board.step(group[i], d);
                            if own(next) && !seen[next.index()] {
                                seen[next.index()] = true;
                                group.push(next);
                            }
                        }
                        i += 1;
                    }
                    if group.iter().any(|c| to[c.index()]) {
                        out.extend(group);
                    }
                }
            }
            _ => {}
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The cells of the royal pieces of the player to move that are attacked (a king in check).
pub fn checked_royals(game: &Game, pos: &Position) -> Vec<CellId> {
    if !game.is_check(pos) {
        return Vec::new();
    }
    let rules = game.rules();
    game.board()
        .all_cells()
        .filter(|&c| pos.at(c).is_some_and(|p| p.belongs_to(pos.side()) && rules.pieces[p.kind().index()].royal))
        .collect()
}

/// The colour of the n-th outlined region.
pub fn region_colour(n: usize) -> &'static str {
    ["#d4a017", "#2a9d8f", "#b5179e", "#e76f51", "#4361ee"][n % 5]
}

/// Where a point of the shape is drawn, and the geometry of its cell.
struct Frame {
    shape: Shape,
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
    flipped: bool,
    /// Space left of and below the board, for coordinates.
    margin: f64,
    /// A rectangle whose directions are a hexagon's six (a rhombus): each row is shifted by
    /// this much of a cell against the one below, and cells are drawn as hexagons.
    skew: Option<f64>,
    /// Room round the board for the loops of its tracks (`[board.tracks]`).
    loop_room: f64,
}

/// The shift per row of a rectangle whose six directions are those of hexagons in a rhombus:
/// along rows and columns and along one diagonal pair only, `(-1, 1)`/`(1, -1)` (rows shifted
/// right going up) or `(1, 1)`/`(-1, -1)` (shifted left). Other boards: `None`.
fn rhombus_skew(rules: &Ruleset) -> Option<f64> {
    let Shape::Rect { .. } = rules.shape else { return None };
    let mut steps: Vec<(i32, i32)> = rules.board.directions().iter().map(|d| (d.dx, d.dy)).collect();
    steps.sort_unstable();
    steps.dedup();
    let has = |v: (i32, i32)| steps.contains(&v);
    if steps.len() != 6 || ![(1, 0), (-1, 0), (0, 1), (0, -1)].into_iter().all(has) {
        return None;
    }
    if has((-1, 1)) && has((1, -1)) {
        Some(0.5)
    } else if has((1, 1)) && has((-1, -1)) {
        Some(-0.5)
    } else {
        None
    }
}

impl Frame {
    fn new(rules: &Ruleset, flipped: bool) -> Frame {
        let points = rules.shape.points();
        let xs = points.iter().map(|p| p.0);
        let ys = points.iter().map(|p| p.1);
        let (x0, x1) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0));
        let (y0, y1) = (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0));
        let loop_room = track_loops(rules).iter().map(|l| l.4).fold(0.0, f64::max) * UNIT;
        Frame { shape: rules.shape.clone(), x0, y0, x1, y1, flipped, margin: UNIT * 0.4 + loop_room, skew: rhombus_skew(rules), loop_room }
    }

    /// Horizontal and vertical distance between neighbouring points, in units of the point grid.
    fn step(&self) -> (f64, f64) {
        if self.skew.is_some() {
            // Pointy-top hexagons of width UNIT, rows 3/4 of their height apart.
            return (UNIT, UNIT * 3f64.sqrt() / 2.0);
        }
        match self.shape {
            // Pointy-top hexagons of width UNIT: a row's cells are 2 apart in x.
            Shape::Hex { .. } => (UNIT / 2.0, UNIT * 3f64.sqrt() / 2.0),
            _ => (UNIT, UNIT),
        }
    }

    /// The centre of point (x, y).
    fn centre(&self, x: i32, y: i32) -> (f64, f64) {
        let (sx, sy) = self.step();
        let (gx, gy) = match self.skew {
            Some(skew) => {
                // Across (from the left, bottom row first) and down (from the top row).
                let across = (x - self.x0) as f64 + skew * (y - self.y0) as f64 + skew.min(0.0).abs() * (self.y1 - self.y0) as f64;
                let down = (self.y1 - y) as f64;
                if self.flipped { (self.width_steps() - across, (self.y1 - self.y0) as f64 - down) } else { (across, down) }
            }
            None => {
                let (gx, gy) = if self.flipped { (self.x1 - x, y - self.y0) } else { (x - self.x0, self.y1 - y) };
                (gx as f64, gy as f64)
            }
        };
        (self.margin + UNIT / 2.0 + gx * sx, UNIT / 2.0 + gy * sy + self.pad_top())
    }

    /// How many steps across the board's cells span.
    fn width_steps(&self) -> f64 {
        (self.x1 - self.x0) as f64 + self.skew.map_or(0.0, |s| s.abs() * (self.y1 - self.y0) as f64)
    }

    /// Are the cells drawn as hexagons?
    fn hexagons(&self) -> bool {
        self.skew.is_some() || matches!(self.shape, Shape::Hex { .. })
    }

    fn pad_top(&self) -> f64 {
        UNIT * 0.6 + self.loop_room
    }

    /// The centre of a point between the grid's points, at (x, y) in its coordinates.
    fn at(&self, x: f64, y: f64) -> (f64, f64) {
        let (ox, oy) = self.centre(0, 0);
        let (ex, ey) = self.centre(1, 0);
        let (nx, ny) = self.centre(0, 1);
        (ox + x * (ex - ox) + y * (nx - ox), oy + x * (ey - oy) + y * (ny - oy))
    }

    fn size(&self) -> (f64, f64) {
        let (sx, sy) = self.step();
        let w = self.margin * 2.0 + UNIT + self.width_steps() * sx;
        let h = self.pad_top() + UNIT + (self.y1 - self.y0) as f64 * sy + self.margin;
        (w, h)
    }

    /// How much larger than on an 8x8 board coordinates and square names are written: the
    /// page scales a larger board down to the same width, and its labels must stay readable.
    fn label_scale(&self) -> f64 {
        let (w, h) = self.size();
        (w.max(h) / (UNIT * 8.8)).max(1.0)
    }

    /// Radius of a piece.
    fn piece_radius(&self) -> f64 {
        if self.hexagons() { UNIT * 0.36 } else { UNIT * 0.4 }
    }

    /// The outline of a cell at (x, y): a square, a hexagon, or a point's circle.
    fn cell_shape(&self, x: i32, y: i32, class: &str, extra: &str) -> String {
        let (cx, cy) = self.centre(x, y);
        match (self.hexagons(), &self.shape) {
            (true, _) => {
                let r = UNIT / 3f64.sqrt();
                let pts: Vec<String> = (0..6)
                    .map(|k| {
                        let a = std::f64::consts::PI / 3.0 * k as f64 + std::f64::consts::PI / 6.0;
                        format!("{:.1},{:.1}", cx + r * a.cos(), cy + r * a.sin())
                    })
                    .collect();
                format!(r#"<polygon class="{class}" points="{}"{extra}/>"#, pts.join(" "))
            }
            (false, Shape::Rect { .. }) => {
                format!(
                    r#"<rect class="{class}" x="{:.1}" y="{:.1}" width="{UNIT}" height="{UNIT}"{extra}/>"#,
                    cx - UNIT / 2.0,
                    cy - UNIT / 2.0
                )
            }
            (false, _) => {
                format!(r#"<circle class="{class}" cx="{cx:.1}" cy="{cy:.1}" r="{:.1}"{extra}/>"#, UNIT * 0.45)
            }
        }
    }

    /// Points are drawn as small dots on lines rather than as filled cells.
    fn is_points(&self) -> bool {
        matches!(self.shape, Shape::Lines { .. } | Shape::Custom { .. })
    }
}

/// Text safe inside SVG or HTML.
pub fn esc(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A piece in words: its owner's name and its type's, in the language.
pub fn piece_words(rules: &Ruleset, piece: Piece, lang: Lang) -> String {
    let kind = rules.piece_in(piece.kind(), lang.code());
    match piece.owner() {
        Owner::Nobody => kind.to_string(),
        Owner::Player(p) => format!("{} {kind}", rules.player_in(p, lang.code())),
    }
}

/// What a cell holds, in words (for screen readers and tooltips): `d4, white disc`; a column
/// names its pieces from the top down.
pub fn cell_words(game: &Game, pos: &Position, cell: CellId, lang: Lang) -> String {
    let rules = game.rules();
    let name = game.board().name(cell);
    let Some(piece) = pos.at(cell) else { return lang.fill("{}, empty", &[name]) };
    match pos.height(cell) {
        h if h > 1 => {
            let pieces: Vec<String> = pos.column(cell).into_iter().map(|p| piece_words(rules, p, lang)).collect();
            lang.fill("{}, a column of {}: {}", &[name, &h.to_string(), &pieces.join(", ")])
        }
        _ => lang.fill("{}, {}", &[name, &piece_words(rules, piece, lang)]),
    }
}

/// One piece drawn at (cx, cy).
pub fn piece_svg(rules: &Ruleset, marks: &[Mark], piece: Piece, cx: f64, cy: f64, r: f64) -> String {
    let mut out = String::new();
    match (&marks[piece.kind().index()], piece.owner()) {
        (Mark::Block, _) | (_, Owner::Nobody) => {
            let s = r * 1.6;
            let _ = write!(
                out,
                r##"<rect class="block" x="{:.1}" y="{:.1}" width="{s:.1}" height="{s:.1}" rx="{:.1}"/>"##,
                cx - s / 2.0,
                cy - s / 2.0,
                r * 0.2
            );
        }
        (Mark::Figure(figure), Owner::Player(player)) => {
            let (fill, stroke, ink) = player_colours(rules, player);
            out.push_str(&figures::svg(*figure, cx, cy, r, fill, stroke, ink));
        }
        (mark, Owner::Player(player)) => {
            let (fill, stroke, ink) = player_colours(rules, player);
            let _ = write!(out, r#"<circle class="disc" cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="{fill}" stroke="{stroke}"/>"#);
            match mark {
                Mark::Letter(l) => {
                    let size = if l.chars().count() > 1 { r * 0.85 } else { r * 1.15 };
                    let _ = write!(
                        out,
                        r#"<text class="letter" x="{cx:.1}" y="{:.1}" font-size="{size:.1}" fill="{ink}">{}</text>"#,
                        cy + size * 0.36,
                        esc(l)
                    );
                }
                Mark::Rings(n) => {
                    for k in 0..*n {
                        let rr = r * (0.62 - 0.2 * k as f64);
                        if rr > 0.0 {
                            let _ = write!(out, r#"<circle class="ring" cx="{cx:.1}" cy="{cy:.1}" r="{rr:.1}" stroke="{ink}"/>"#);
                        }
                    }
                }
                Mark::Block | Mark::Figure(_) => {}
            }
        }
    }
    out
}

/// The board and its position as an SVG element. Every cell is a `<g class="cell">` with
/// `data-key` (its index) and a label in words; an edge entry is a `<g class="entry">` with
/// `data-key` `CELL>DIR`.
pub fn svg(game: &Game, pos: &Position, view: &View) -> String {
    let rules = game.rules();
    let board = game.board();
    let frame = Frame::new(rules, view.flipped);
    let (w, h) = frame.size();
    let dark: HashSet<(i32, i32)> = rules.dark.iter().copied().collect();
    let marks = marks(rules);
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {w:.0} {h:.0}" role="group" aria-label="{}">"#,
        esc(rules.name_in(view.lang.code()))
    );
    // Squares of a rectangle that are not cells (unplayable squares) are drawn in
    // their colour; they take no clicks.
    if let Shape::Rect { .. } = rules.shape {
        for (x, y) in rules.shape.points() {
            if board.at(x, y).is_none() {
                let class = if dark.contains(&(x, y)) { "off dark" } else { "off light" };
                out.push_str(&frame.cell_shape(x, y, class, ""));
            }
        }
    }
    // The lines of a board of points: every edge of the board graph, once.
    if frame.is_points() {
        let mut seen = HashSet::new();
        for edge in board.graph().raw_edges() {
            let (a, b) = (edge.source().index(), edge.target().index());
            if seen.insert((a.min(b), a.max(b))) {
                let (ca, cb) = (board.cell(CellId::new(a)), board.cell(CellId::new(b)));
                let (ax, ay) = frame.centre(ca.x, ca.y);
                let (bx, by) = frame.centre(cb.x, cb.y);
                let _ = write!(out, r#"<line class="line" x1="{ax:.1}" y1="{ay:.1}" x2="{bx:.1}" y2="{by:.1}"/>"#);
            }
        }
    }
    tracks(&mut out, rules, &frame);
    let regions = shown_regions(rules);
    let selected: HashSet<CellId> = view.selected.iter().copied().collect();
    let targets: HashSet<CellId> = view.targets.iter().copied().collect();
    let movable: HashSet<CellId> = view.movable.iter().copied().collect();
    let last: HashSet<CellId> = view.last.iter().copied().collect();
    let changed: HashSet<CellId> = view.changed.iter().copied().collect();
    let suggested: HashSet<CellId> = view.suggested.iter().copied().collect();
    let alert: HashSet<CellId> = view.alert.iter().copied().collect();
    let winning: HashSet<CellId> = view.winning.iter().copied().collect();
    let first_focus = view.selected.last().copied().unwrap_or(CellId::new(0));
    for cell in board.all_cells() {
        let c = board.cell(cell);
        let (cx, cy) = frame.centre(c.x, c.y);
        let tone = if dark.contains(&(c.x, c.y)) { "dark" } else { "light" };
        let mut class = format!("cell {tone}");
        for (flag, name) in [
            (last.contains(&cell), " last"),
            (selected.contains(&cell), " selected"),
            (targets.contains(&cell), " target"),
            (movable.contains(&cell), " movable"),
            (suggested.contains(&cell), " suggested"),
            (alert.contains(&cell), " alert"),
            (winning.contains(&cell), " winning"),
        ] {
            if flag {
                class.push_str(name);
            }
        }
        let tab = if cell == first_focus { "0" } else { "-1" };
        let mut words = cell_words(game, pos, cell, view.lang);
        for (flag, what) in [(alert.contains(&cell), "check"), (winning.contains(&cell), "the winning line")] {
            if flag {
                words = format!("{words} ({})", view.lang.say(what));
            }
        }
        if let Some((_, taken)) = view.ghosts.iter().find(|(c, _)| *c == cell) {
            words = format!("{words} ({}: {})", view.lang.say("taken by the last move"), piece_words(rules, *taken, view.lang));
        }
        let _ = write!(
            out,
            r#"<g class="{class}" data-key="{}" data-x="{cx:.0}" data-y="{cy:.0}" role="button" tabindex="{tab}" aria-label="{}">"#,
            cell.index(),
            esc(&words)
        );
        let _ = write!(out, "<title>{}</title>", esc(&words));
        out.push_str(&frame.cell_shape(c.x, c.y, "ground", ""));
        // Regions: an inset outline per region the cell is in, for either player.
        for (n, &r) in regions.iter().enumerate() {
            let region = &rules.regions[r.index()];
            if region.cells[view.side.index()][cell.index()] {
                let inset = 3.0 + 4.0 * n as f64;
                let extra = format!(r#" stroke="{}" style="--inset:{inset}""#, region_colour(n));
                out.push_str(&inset_shape(&frame, c.x, c.y, inset, &extra));
            }
        }
        if frame.is_points() {
            let _ = write!(out, r#"<circle class="point" cx="{cx:.1}" cy="{cy:.1}" r="{:.1}"/>"#, UNIT * 0.09);
        }
        let piece = pos.at(cell);
        if alert.contains(&cell) {
            let _ = write!(out, r#"<circle class="alert-glow" cx="{cx:.1}" cy="{cy:.1}" r="{:.1}"/>"#, frame.piece_radius() * 1.2);
        }
        if let (None, Some((_, taken))) = (piece, view.ghosts.iter().find(|(c, _)| *c == cell)) {
            let _ = write!(out, r#"<g class="ghost">{}</g>"#, piece_svg(rules, &marks, *taken, cx, cy, frame.piece_radius()));
        }
        let column = if pos.height(cell) > 1 { pos.column(cell) } else { Vec::new() };
        if column.len() > 1 {
            // A column ([stacks]): every piece in it, the bottom one lowest, each a little above
            // the one under it, the top one whole; its height beside it.
            let r = frame.piece_radius() * 0.9;
            let shown = column.len().min(8);
            let lift = (r * 0.9 / shown as f64).min(r * 0.22);
            for (k, &p) in column[..shown].iter().rev().enumerate() {
                let dy = (shown - 1 - k) as f64 * lift - (shown - 1) as f64 * lift / 2.0;
                out.push_str(&piece_svg(rules, &marks, p, cx, cy + dy, r));
            }
            let (x, y) = (cx + frame.piece_radius() * 0.85, cy - frame.piece_radius() * 0.75);
            let _ = write!(out, r#"<text class="height" x="{x:.1}" y="{y:.1}">{}</text>"#, column.len());
        } else if let Some(piece) = piece {
            out.push_str(&piece_svg(rules, &marks, piece, cx, cy, frame.piece_radius()));
        }
        if changed.contains(&cell) {
            let _ = write!(out, r#"<circle class="changed" cx="{cx:.1}" cy="{cy:.1}" r="{:.1}"/>"#, UNIT * 0.1);
        }
        if movable.contains(&cell) && piece.is_none() {
            let _ = write!(out, r#"<circle class="spot" cx="{cx:.1}" cy="{cy:.1}" r="{:.1}"/>"#, UNIT * 0.12);
        }
        if targets.contains(&cell) {
            let class = if piece.is_none() { "hint" } else { "hint onpiece" };
            let r = if piece.is_none() { UNIT * 0.14 } else { frame.piece_radius() + 2.0 };
            let _ = write!(out, r#"<circle class="{class}" cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}"/>"#);
        }
        out.push_str("</g>");
    }
    track_runs(&mut out, rules, &frame);
    coordinates(&mut out, game, &frame);
    for &(cell, dir) in &view.entries {
        out.push_str(&entry_arrow(game, &frame, cell, dir, view.lang));
    }
    out.push_str("</svg>");
    out
}

/// A loop drawn as an arc: its track, its two ends, the arc's centre and its radius.
type LoopArc = (usize, (f64, f64), (f64, f64), (f64, f64), f64);

/// The loops of the board's tracks: each its track, the cells it joins, and the circle it
/// runs on (centre and radius), in the grid's coordinates.
fn track_loops(rules: &Ruleset) -> Vec<LoopArc> {
    let board = &rules.board;
    let at = |c: CellId| (f64::from(board.cell(c).x), f64::from(board.cell(c).y));
    let points: Vec<(f64, f64)> = board.all_cells().map(at).collect();
    let middle =
        |f: fn(&(f64, f64)) -> f64| (points.iter().map(f).fold(f64::MAX, f64::min) + points.iter().map(f).fold(f64::MIN, f64::max)) / 2.0;
    let mid = (middle(|p| p.0), middle(|p| p.1));
    let mut out = Vec::new();
    for (t, track) in rules.tracks.iter().enumerate() {
        let n = track.cells.len();
        for i in (0..n).filter(|&i| track.loops[i]) {
            let (p, q) = (at(track.cells[i]), at(track.cells[(i + 1) % n]));
            // The loop turns round the corner of the square with p and q at two of its
            // corners: of (p.x, q.y) and (q.x, p.y), the one farther from the board's middle.
            let far = |c: (f64, f64)| (c.0 - mid.0).powi(2) + (c.1 - mid.1).powi(2);
            let (a, b) = ((p.0, q.1), (q.0, p.1));
            let centre = if far(a) >= far(b) { a } else { b };
            let radius = ((centre.0 - p.0).powi(2) + (centre.1 - p.1).powi(2)).sqrt();
            out.push((t, p, q, centre, radius));
        }
    }
    out
}

/// The runs of the board's tracks between neighbours in them, as lines over the cells (faint,
/// and taking no clicks): drawn after the cells, which would hide them.
fn track_runs(out: &mut String, rules: &Ruleset, frame: &Frame) {
    let board = &rules.board;
    for (t, track) in rules.tracks.iter().enumerate() {
        let colour = region_colour(t);
        let n = track.cells.len();
        for i in (0..n).filter(|&i| !track.loops[i]) {
            let (a, b) = (board.cell(track.cells[i]), board.cell(track.cells[(i + 1) % n]));
            let ((ax, ay), (bx, by)) = (frame.centre(a.x, a.y), frame.centre(b.x, b.y));
            let _ = write!(out, r#"<line class="track run" stroke="{colour}" x1="{ax:.1}" y1="{ay:.1}" x2="{bx:.1}" y2="{by:.1}"/>"#);
        }
    }
}

/// The loops of the board's tracks, each three quarters of a circle round a corner outside the
/// board.
fn tracks(out: &mut String, rules: &Ruleset, frame: &Frame) {
    for (t, p, q, centre, radius) in track_loops(rules) {
        // From p round the outside to q: the long way, three quarters of the circle.
        let (ap, aq) = ((p.1 - centre.1).atan2(p.0 - centre.0), (q.1 - centre.1).atan2(q.0 - centre.0));
        let mut short = aq - ap;
        while short > std::f64::consts::PI {
            short -= std::f64::consts::TAU;
        }
        while short <= -std::f64::consts::PI {
            short += std::f64::consts::TAU;
        }
        let long = short - short.signum() * std::f64::consts::TAU;
        let points: Vec<String> = (0..=24)
            .map(|k| {
                let a = ap + long * f64::from(k) / 24.0;
                let (x, y) = frame.at(centre.0 + radius * a.cos(), centre.1 + radius * a.sin());
                format!("{x:.1},{y:.1}")
            })
            .collect();
        let _ = write!(out, r#"<polyline class="track loop" stroke="{}" fill="none" points="{}"/>"#, region_colour(t), points.join(" "));
    }
}

/// A cell's outline drawn `inset` units inside it (squares and hexagons), or a ring around a
/// point.
fn inset_shape(frame: &Frame, x: i32, y: i32, inset: f64, extra: &str) -> String {
    let (cx, cy) = frame.centre(x, y);
    match (frame.hexagons(), &frame.shape) {
        (true, _) => {
            let r = UNIT / 3f64.sqrt() - inset * 1.15;
            let pts: Vec<String> = (0..6)
                .map(|k| {
                    let a = std::f64::consts::PI / 3.0 * k as f64 + std::f64::consts::PI / 6.0;
                    format!("{:.1},{:.1}", cx + r * a.cos(), cy + r * a.sin())
                })
                .collect();
            format!(r#"<polygon class="region" points="{}"{extra}/>"#, pts.join(" "))
        }
        (false, Shape::Rect { .. }) => {
            let s = UNIT - 2.0 * inset;
            format!(r#"<rect class="region" x="{:.1}" y="{:.1}" width="{s:.1}" height="{s:.1}"{extra}/>"#, cx - s / 2.0, cy - s / 2.0)
        }
        (false, _) => format!(r#"<circle class="region" cx="{cx:.1}" cy="{cy:.1}" r="{:.1}"{extra}/>"#, UNIT * 0.47 - inset),
    }
}

/// File letters and rank numbers for algebraic names on a generated shape; otherwise each
/// cell's own name (numbers, or a custom board's names) in its corner.
fn coordinates(out: &mut String, game: &Game, frame: &Frame) {
    let rules = game.rules();
    let board = game.board();
    let generated = !matches!(rules.shape, Shape::Custom { .. });
    let (coord, cellname) = (18.0 * frame.label_scale(), 15.0 * frame.label_scale());
    if rules.naming == Naming::Algebraic && generated {
        let mut files: Vec<i32> = board.cells().iter().map(|c| c.x).collect();
        files.sort();
        files.dedup();
        let mut ranks: Vec<i32> = board.cells().iter().map(|c| c.y).collect();
        ranks.sort();
        ranks.dedup();
        let (_, bottom) = frame.centre(0, if frame.flipped { frame.y1 } else { frame.y0 });
        for x in files {
            let (cx, _) = frame.centre(x, 0);
            let name = hetproba_board::algebraic_name(x, 0);
            let _ = write!(
                out,
                r#"<text class="coord" x="{cx:.1}" y="{:.1}" font-size="{coord:.1}">{}</text>"#,
                bottom + UNIT * 0.5 + coord * 0.9,
                esc(name.trim_end_matches(char::is_numeric))
            );
        }
        for y in ranks {
            let (cx, cy) = frame.centre(if frame.flipped { frame.x1 } else { frame.x0 }, y);
            // Beside the row's first cell (rows of a rhombus start further along as they go).
            let left = if frame.skew.is_some() { cx - UNIT * 0.75 } else { frame.margin * 0.5 };
            let _ = write!(out, r#"<text class="coord" x="{left:.1}" y="{:.1}" font-size="{coord:.1}">{}</text>"#, cy + coord / 3.0, y + 1);
        }
    } else {
        for cell in board.all_cells() {
            let c = board.cell(cell);
            let (cx, cy) = frame.centre(c.x, c.y);
            let (dx, dy) = if frame.is_points() { (UNIT * 0.34, -UNIT * 0.36) } else { (-UNIT * 0.46, -UNIT * 0.3) };
            let _ = write!(
                out,
                r#"<text class="cellname" x="{:.1}" y="{:.1}" font-size="{cellname:.1}">{}</text>"#,
                cx + dx,
                cy + dy + (cellname - 15.0) * 0.6,
                esc(&c.name)
            );
        }
    }
}

/// An arrow just outside the border cell `cell`, pointing along `dir`: the push that enters
/// there.
fn entry_arrow(game: &Game, frame: &Frame, cell: CellId, dir: DirId, lang: Lang) -> String {
    let board = game.board();
    let c = board.cell(cell);
    let d = &board.directions()[dir.index()];
    let (cx, cy) = frame.centre(c.x, c.y);
    let (bx, by) = frame.centre(c.x - d.dx, c.y - d.dy);
    // The unit vector from outside towards the cell, in drawing coordinates.
    let (vx, vy) = (cx - bx, cy - by);
    let len = (vx * vx + vy * vy).sqrt().max(1.0);
    let (ux, uy) = (vx / len, vy / len);
    let (px, py) = (-uy, ux);
    // Centre of the arrow: a little more than half a cell outside.
    let (ax, ay) = (cx - ux * UNIT * 0.8, cy - uy * UNIT * 0.8);
    let tip = (ax + ux * UNIT * 0.22, ay + uy * UNIT * 0.22);
    let b1 = (ax - ux * UNIT * 0.16 + px * UNIT * 0.16, ay - uy * UNIT * 0.16 + py * UNIT * 0.16);
    let b2 = (ax - ux * UNIT * 0.16 - px * UNIT * 0.16, ay - uy * UNIT * 0.16 - py * UNIT * 0.16);
    let label = lang.fill("enter at {} towards {}", &[&c.name, &d.name]);
    format!(
        r#"<g class="entry" data-key="{}>{}" role="button" tabindex="-1" aria-label="{}"><title>{}</title><circle cx="{ax:.1}" cy="{ay:.1}" r="{:.1}"/><polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}"/></g>"#,
        cell.index(),
        dir.index(),
        esc(&label),
        esc(&label),
        UNIT * 0.26,
        tip.0,
        tip.1,
        b1.0,
        b1.1,
        b2.0,
        b2.1
    )
}

/// One piece drawn as on the board, alone in a small SVG (the legend, the palette, the hands).
pub fn icon(rules: &Ruleset, marks: &[Mark], piece: Piece) -> String {
    format!(r#"<svg viewBox="0 0 40 40" class="icon">{}</svg>"#, piece_svg(rules, marks, piece, 20.0, 20.0, 16.0))
}

/// The legend as HTML: the players' colours, each piece type with its mark and name, and the
/// outlined regions in words.
pub fn legend(game: &Game, lang: Lang) -> String {
    let rules = game.rules();
    let marks = marks(rules);
    let mut out = String::from(r#"<ul class="legend">"#);
    for (i, p) in rules.pieces.iter().enumerate() {
        let mut icons = String::new();
        for owner in owners(p.owned) {
            let piece = Piece::new(PieceTypeId::new(i), owner);
            icons.push_str(&icon(rules, &marks, piece));
        }
        let name = rules.piece_in(PieceTypeId::new(i), lang.code());
        let what = match &marks[i] {
            Mark::Letter(l) => format!("<b>{}</b> {}", esc(l), esc(name)),
            _ => esc(name),
        };
        let _ = write!(out, "<li>{icons} {what}</li>");
    }
    for (n, &r) in shown_regions(rules).iter().enumerate() {
        let _ = write!(
            out,
            r#"<li><svg viewBox="0 0 40 40" class="icon"><rect x="6" y="6" width="28" height="28" fill="none" stroke="{}" stroke-width="4"/></svg> {}</li>"#,
            region_colour(n),
            esc(&region_words(rules, r))
        );
    }
    out.push_str("</ul>");
    out
}

/// The owners a piece type's pieces can have.
fn owners(owned: bool) -> Vec<Owner> {
    if owned { vec![Owner::Player(PlayerId::FIRST), Owner::Player(PlayerId::SECOND)] } else { vec![Owner::Nobody] }
}

/// A piece the set-up palette offers.
#[derive(serde::Serialize)]
pub struct PaletteEntry {
    pub code: u8,
    pub label: String,
    pub svg: String,
}

/// Every piece a position may hold, drawn as on the board.
pub fn palette(game: &Game, lang: Lang) -> Vec<PaletteEntry> {
    let rules = game.rules();
    let marks = marks(rules);
    let mut out = Vec::new();
    for (i, p) in rules.pieces.iter().enumerate() {
        for owner in owners(p.owned) {
            let piece = Piece::new(PieceTypeId::new(i), owner);
            let label = piece_words(rules, piece, lang);
            out.push(PaletteEntry { code: piece.byte(), label, svg: icon(rules, &marks, piece) });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{HEXES, HOPPING, RACING, RHOMBUS, builtin_with, game, rules};
    use hetproba_engine::rules::load_builtin;

    #[test]
    fn every_built_in_board_draws_each_cell_once() {
        for id in hetproba_engine::rules::builtin_ids() {
            let game = Game::new(load_builtin(id, &[]).unwrap().unwrap());
            let svg = svg(&game, &Position::start(&game), &View::default());
            assert_eq!(svg.matches(r#"<g class="cell"#).count(), game.board().len(), "{id}");
            assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"), "{id}");
        }
    }

    #[test]
    fn a_board_with_tracks_draws_its_loops_outside_the_board() {
        // Surakarta: eight loops, round the four corners; the board moves in to leave them room.
        let game = Game::new(load_builtin("surakarta", &[]).unwrap().unwrap());
        let svg = svg(&game, &Position::start(&game), &View::default());
        assert_eq!(svg.matches(r#"<polyline class="track loop""#).count(), 8);
        // 24 runs on each circuit, four of them loops: 20 lines each.
        assert_eq!(svg.matches(r#"<line class="track run""#).count(), 40);
        let loops = track_loops(game.rules());
        let (_, p, q, centre, radius) = loops[0];
        assert_eq!((p, q, centre, radius), ((1.0, 5.0), (0.0, 4.0), (0.0, 5.0), 1.0), "b6 to a5 round a6");
        assert!(loops.iter().all(|l| l.3.0 == 0.0 || l.3.0 == 5.0), "every loop turns round a corner: {loops:?}");
    }

    #[test]
    fn a_board_of_hops_draws_its_unplayable_squares_light_and_its_cells_dark() {
        // 6x6 with the dark cells playable: 18 of each.
        let game = game(HOPPING);
        let svg = svg(&game, &Position::start(&game), &View::default());
        assert_eq!(svg.matches(r#"class="off light""#).count(), 18);
        assert_eq!(svg.matches(r#"class="cell dark"#).count(), 18);
    }

    #[test]
    fn a_rectangle_with_a_hexagons_six_directions_is_drawn_as_a_rhombus_of_hexagons() {
        // Rows, columns and the (-1, 1) diagonal declared on 3x3: 9 hexagons, each row half a
        // cell to the right of the one below, so that every declared neighbour touches.
        let game = game(RHOMBUS);
        let svg = svg(&game, &Position::start(&game), &View::default());
        assert_eq!(svg.matches("<polygon class=\"ground\"").count(), 9);
        assert!(!svg.contains("<rect class=\"ground\""));
        let frame = Frame::new(game.rules(), false);
        let ((ax, ay), (bx, by), (cx, _)) = (frame.centre(0, 0), frame.centre(0, 1), frame.centre(1, 0));
        assert!(((bx - ax) - UNIT / 2.0).abs() < 1e-9 && ((cx - ax) - UNIT).abs() < 1e-9, "{ax} {bx} {cx}");
        assert!(((ay - by) - UNIT * 3f64.sqrt() / 2.0).abs() < 1e-9);
        // A rectangle's eight directions stay squares.
        assert_eq!(rhombus_skew(&rules(RACING)), None);
    }

    #[test]
    fn a_hexagon_grid_draws_its_dark_region_dark() {
        let game = game(HEXES);
        let svg = svg(&game, &Position::start(&game), &View::default());
        assert_eq!(svg.matches("<polygon class=\"ground\"").count(), 7);
        // The middle row's three cells.
        assert_eq!(svg.matches(r#"class="cell dark"#).count(), 3);
    }

    #[test]
    fn pieces_with_letters_show_them_and_promoted_hoppers_get_a_ring() {
        let letters = game(RACING);
        let marks = marks(letters.rules());
        assert!(marks.iter().all(|m| matches!(m, Mark::Letter(_))), "{marks:?}");
        let hopping = game(HOPPING);
        assert_eq!(super::marks(hopping.rules()), vec![Mark::Rings(0), Mark::Rings(1)]);
        let blocks = builtin_with("with a piece nobody owns", |r| r.pieces.iter().any(|p| !p.owned));
        assert!(super::marks(blocks.rules()).contains(&Mark::Block));
    }

    #[test]
    fn the_far_row_of_promotion_is_outlined() {
        let game = game(HOPPING);
        let regions = shown_regions(game.rules());
        assert_eq!(regions.len(), 1);
        assert_eq!(game.rules().regions[regions[0].index()].name, "far");
        assert!(legend(&game, Lang::En).contains("the far row"));
    }

    #[test]
    fn lines_boards_draw_each_line_once() {
        let game = builtin_with("on points and lines", |r| matches!(r.shape, Shape::Lines { .. }));
        let svg = svg(&game, &Position::start(&game), &View::default());
        let edges = game.board().graph().edge_count() / 2;
        assert!(edges > 0);
        assert_eq!(svg.matches(r#"<line class="line""#).count(), edges);
    }
}
