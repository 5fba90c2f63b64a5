//! `[board]`: the shape and its size, the `cells` filter, how cells are named, each player's
//! forward direction, direction sets, regions and the points drawn dark. `[start]` uses its
//! `cell_set` too.

use super::cx::{Cx, Fields, file_start, int_expr};
use super::links::{read_links, read_points};
use crate::model::{DirId, DirectionSet, Player, Region, Track};
use crate::source::{Diagnostic, Span};
use crate::syntax;
use crate::tree::{Node, Value};
use hetproba_board::{Board, Direction, Naming, Shape, build_graph_with, build_graph_with_directions};

/// What `[board]` yields: the board and the names later sections look up in it.
pub(super) struct BoardParts {
    pub(super) board: Board,
    pub(super) shape: Shape,
    pub(super) naming: Naming,
    pub(super) forward: [Option<DirId>; 2],
    pub(super) direction_sets: Vec<DirectionSet>,
    pub(super) regions: Vec<Region>,
    pub(super) dark: Vec<(i32, i32)>,
    pub(super) tracks: Vec<Track>,
}

fn dimension(cx: &mut Cx, f: &mut Fields, key: &'static str, params: &[(String, i64)], span: Span) -> Option<i32> {
    let Some(node) = f.get(key) else {
        cx.error(span, format!("[board] needs {key}"));
        return None;
    };
    let value = int_expr(cx, node, params)?;
    if !(1..=64).contains(&value) {
        cx.error(node.span, format!("{key} must be between 1 and 64, not {value}"));
        return None;
    }
    Some(value as i32)
}

pub(super) fn read_board(cx: &mut Cx, node: Option<&Node>, params: &[(String, i64)], players: &Option<[Player; 2]>) -> Option<BoardParts> {
    let Some(node) = node else {
        cx.diags.push(Diagnostic::at(file_start(), "the ruleset has no [board] table"));
        return None;
    };
    let t = cx.table(node)?;
    let span = node.span;
    let mut f = Fields::new(t, "[board]");
    let shape_name = match f.get("shape") {
        Some(n) => (cx.string(n)?, n.span),
        None => ("rect".to_string(), span),
    };
    let shape = match shape_name.0.as_str() {
        "rect" => {
            Shape::Rect { width: dimension(cx, &mut f, "width", params, span)?, height: dimension(cx, &mut f, "height", params, span)? }
        }
        "hex" => {
            Shape::Hex { width: dimension(cx, &mut f, "width", params, span)?, height: dimension(cx, &mut f, "height", params, span)? }
        }
        "lines" => {
            Shape::Lines { long: dimension(cx, &mut f, "long", params, span)?, trans: dimension(cx, &mut f, "trans", params, span)? }
        }
        "custom" => {
            let node = f.get("points").or_else(|| {
                cx.error(span, "a custom board needs points = [\"a1\", { name = \"top\", x = 1, y = 2 }, ...]");
                None
            })?;
            let cells = read_points(cx, node, params);
            let directions = Shape::Rect { width: 1, height: 1 }.directions();
            Shape::Custom { cells, directions, links: None }
        }
        other => {
            cx.error(shape_name.1, format!("unknown board shape '{other}'; expected rect, hex, lines or custom"));
            return None;
        }
    };
    let keep = match f.get("cells") {
        None => None,
        Some(node) => {
            let text = predicate_text(cx.string(node)?);
            match syntax::parse_predicate(&text).and_then(|p| p.check_names(&|n| coordinate_name(n, params)).map(|()| p)) {
                Ok(p) => Some((p, node)),
                Err(err) => {
                    cx.syntax_error(node, err);
                    return None;
                }
            }
        }
    };
    let naming = match f.get("names") {
        None => Naming::Algebraic,
        Some(node) => cx.keyword(
            node,
            "names",
            &[
                ("algebraic", Naming::Algebraic),
                ("numbers-from-top", Naming::Numbers { from_top: true }),
                ("numbers-from-bottom", Naming::Numbers { from_top: false }),
                ("number-letter", Naming::NumberLetter),
            ],
        )?,
    };
    let declared = match f.get("steps") {
        Some(node) => Some(read_steps(cx, node)?),
        None => None,
    };
    let links_node = f.get("links");
    let (width, height) = extent_of(&shape);
    let coord_lookup = |x: i64, y: i64| {
        move |n: &str| match n {
            "x" => Some(x),
            "y" => Some(y),
            "width" => Some(width as i64),
            "height" => Some(height as i64),
            _ => params.iter().find(|(k, _)| k == n).map(|(_, v)| *v),
        }
    };
    let keep_error = std::cell::RefCell::new(None);
    let graph = {
        let keep_fn = |x: i32, y: i32| match &keep {
            None => true,
            Some((pred, _)) => match pred.eval(&coord_lookup(x as i64, y as i64)) {
                Ok(v) => v,
                Err(e) => {
                    keep_error.borrow_mut().get_or_insert(e);
                    false
                }
            },
        };
        match &declared {
            Some(directions) => build_graph_with_directions(&shape, &keep_fn, &naming, directions.clone()),
            None => build_graph_with(&shape, &keep_fn, &naming),
        }
    };
    if let (Some(err), Some((_, node))) = (keep_error.into_inner(), &keep) {
        cx.syntax_error(node, err);
        return None;
    }
    // With `links`, the shape's points are joined by the links alone: the board becomes a
    // custom one of those points.
    let (shape, graph) = match (links_node, graph) {
        (Some(links_node), Ok((g, directions))) => {
            let cells: Vec<hetproba_board::Cell> = g.node_weights().cloned().collect();
            let links = read_links(cx, links_node, &cells, &directions)?;
            let linked = Shape::Custom { cells, directions: shape.directions(), links: Some(links) };
            let graph = build_graph_with_directions(&linked, &|_, _| true, &naming, directions);
            (linked, graph)
        }
        (_, graph) => (shape, graph),
    };
    let board = match graph.and_then(|(g, d)| Board::from_graph(g, d)) {
        Ok(b) => b,
        Err(err) => {
            cx.error(links_node.map_or(span, |n| n.span), format!("bad board: {err}"));
            return None;
        }
    };

    // Forward directions: `n` for the first player and `s` for the second unless told otherwise.
    let players = players.as_ref();
    let mut forward: [Option<DirId>; 2] = [board.direction_index("n"), board.direction_index("s")];
    if let Some(node) = f.get("forward")
        && let Some(ft) = cx.table(node)
    {
        for (key, value) in &ft.entries {
            let Some(player) = players.and_then(|p| p.iter().position(|p| p.name == key.name)) else {
                cx.error(key.span, format!("'{}' is not a player", key.name));
                continue;
            };
            let Some(dir_name) = cx.string(value) else { continue };
            match board.direction_index(&dir_name) {
                Some(d) => forward[player] = Some(d),
                None => cx.error(value.span, format!("unknown direction '{dir_name}'; the board has {}", direction_names(&board))),
            }
        }
    }
    let mut direction_sets = builtin_direction_sets(&board, forward);
    if let Some(node) = f.get("directions")
        && let Some(dt) = cx.table(node)
    {
        for (key, value) in &dt.entries {
            let dirs = match &value.value {
                Value::Table(per) => {
                    let mut dirs: [Vec<DirId>; 2] = [Vec::new(), Vec::new()];
                    for (pk, pv) in &per.entries {
                        let Some(player) = players.and_then(|p| p.iter().position(|p| p.name == pk.name)) else {
                            cx.error(pk.span, format!("'{}' is not a player", pk.name));
                            continue;
                        };
                        dirs[player] = union_of(cx, pv, &direction_sets, player);
                    }
                    dirs
                }
                _ => [union_of(cx, value, &direction_sets, 0), union_of(cx, value, &direction_sets, 1)],
            };
            direction_sets.retain(|d| d.name != key.name);
            direction_sets.push(DirectionSet { name: key.name.clone(), dirs });
        }
    }

    let mut regions = builtin_regions(&board);
    if let Some(node) = f.get("regions")
        && let Some(rt) = cx.table(node)
    {
        for (key, value) in &rt.entries {
            let cells = match &value.value {
                Value::Table(per) => {
                    let mut cells = [vec![false; board.len()], vec![false; board.len()]];
                    for (pk, pv) in &per.entries {
                        let Some(player) = players.and_then(|p| p.iter().position(|p| p.name == pk.name)) else {
                            cx.error(pk.span, format!("'{}' is not a player", pk.name));
                            continue;
                        };
                        cells[player] = cell_set(cx, pv, &board, &regions, params, player).unwrap_or_default();
                    }
                    cells
                }
                _ => {
                    let set = cell_set(cx, value, &board, &regions, params, 0).unwrap_or_default();
                    [set.clone(), set]
                }
            };
            regions.retain(|r| r.name != key.name);
            regions.push(Region { name: key.name.clone(), cells });
        }
    }
    let dark = match f.get("dark") {
        Some(node) => dark_points(cx, node, &shape, &board, &regions, params)?,
        None => Vec::new(),
    };
    let tracks = f.get("tracks").map(|n| read_tracks(cx, n, &board)).unwrap_or_default();
    f.finish(cx);
    Some(BoardParts { board, shape, naming, forward, direction_sets, regions, dark, tracks })
}

/// The most tracks a board may declare (a track's index is one byte).
const MAX_TRACKS: usize = 64;

/// `[board.tracks]`: each a string of cell names in order, `~` between two where the way runs
/// round a loop; a `~` at the end is the loop from the last cell back to the first.
fn read_tracks(cx: &mut Cx, node: &Node, board: &Board) -> Vec<Track> {
    let Some(t) = cx.table(node) else { return Vec::new() };
    let mut tracks = Vec::new();
    for (key, value) in &t.entries {
        let Some(text) = cx.string(value) else { continue };
        let mut cells = Vec::new();
        let mut loops: Vec<bool> = Vec::new();
        let mut bad = false;
        for word in text.split_whitespace() {
            if word == "~" {
                match loops.last_mut() {
                    Some(l) if !*l => *l = true,
                    _ => {
                        cx.error(value.span, format!("track '{}': a ~ stands between two cells, once", key.name));
                        bad = true;
                    }
                }
                continue;
            }
            match board.find(word) {
                Some(c) => {
                    cells.push(c);
                    loops.push(false);
                }
                None => {
                    cx.error(value.span, format!("track '{}': no cell '{word}' on this board", key.name));
                    bad = true;
                }
            }
        }
        if cells.len() < 2 && !bad {
            cx.error(value.span, format!("track '{}' needs at least two cells, e.g. \"a1 a2 a3 ~\"", key.name));
            bad = true;
        }
        if tracks.len() == MAX_TRACKS {
            cx.error(key.span, format!("a board has at most {MAX_TRACKS} tracks"));
            bad = true;
        }
        if !bad {
            tracks.push(Track { name: key.name.clone(), cells, loops });
        }
    }
    tracks
}

/// The predicate a word of `cells` and `dark` is short for, or the text itself.
fn predicate_text(text: String) -> String {
    match text.as_str() {
        "all" => "0 == 0".to_string(),
        "dark" => "(x + y) % 2 == 0".to_string(),
        "light" => "(x + y) % 2 == 1".to_string(),
        _ => text,
    }
}

/// `dark`: the points drawn dark, a region's cells or the points of the shape (cells or not,
/// so that a board's unplayed squares have their colour too) where a predicate holds.
fn dark_points(
    cx: &mut Cx,
    node: &Node,
    shape: &Shape,
    board: &Board,
    regions: &[Region],
    params: &[(String, i64)],
) -> Option<Vec<(i32, i32)>> {
    let text = cx.string(node)?;
    if let Some(region) = regions.iter().find(|r| r.name == text) {
        let cells = board.cells().iter().zip(&region.cells[0]);
        return Some(cells.filter(|&(_, &inside)| inside).map(|(c, _)| (c.x, c.y)).collect());
    }
    let pred = match syntax::parse_predicate(&predicate_text(text)).and_then(|p| p.check_names(&|n| coordinate_name(n, params)).map(|()| p))
    {
        Ok(p) => p,
        Err(err) => {
            cx.syntax_error(node, err);
            return None;
        }
    };
    let (width, height) = extent_of(shape);
    let mut dark = Vec::new();
    for (x, y) in shape.points() {
        let lookup = |n: &str| match n {
            "x" => Some(x as i64),
            "y" => Some(y as i64),
            "width" => Some(width as i64),
            "height" => Some(height as i64),
            _ => params.iter().find(|(k, _)| k == n).map(|(_, v)| *v),
        };
        match pred.eval(&lookup) {
            Ok(true) => dark.push((x, y)),
            Ok(false) => {}
            Err(err) => {
                cx.syntax_error(node, err);
                return None;
            }
        }
    }
    Some(dark)
}

fn extent_of(shape: &Shape) -> (i32, i32) {
    match shape {
        Shape::Rect { width, height } | Shape::Hex { width, height } => (*width, *height),
        Shape::Lines { long, trans } => (long + 2, trans + 2),
        Shape::Custom { cells, .. } => (cells.iter().map(|c| c.x + 1).max().unwrap_or(0), cells.iter().map(|c| c.y + 1).max().unwrap_or(0)),
    }
}

fn direction_names(board: &Board) -> String {
    board.directions().iter().map(|d| d.name.as_str()).collect::<Vec<_>>().join(", ")
}

/// `all`, `orthogonal`, `diagonal`, every single direction, and the sets relative to each
/// player's forward direction.
fn builtin_direction_sets(board: &Board, forward: [Option<DirId>; 2]) -> Vec<DirectionSet> {
    let dirs = board.directions();
    let all: Vec<DirId> = board.all_directions().collect();
    let select = |pred: &dyn Fn(i32, i32) -> bool| -> Vec<DirId> {
        all.iter().copied().filter(|&d| pred(dirs[d.index()].dx, dirs[d.index()].dy)).collect()
    };
    let same = |v: Vec<DirId>| [v.clone(), v];
    let mut sets = vec![
        DirectionSet { name: "all".into(), dirs: same(all.clone()) },
        DirectionSet { name: "orthogonal".into(), dirs: same(select(&|dx, dy| dx == 0 || dy == 0)) },
        DirectionSet { name: "diagonal".into(), dirs: same(select(&|dx, dy| dx != 0 && dy != 0)) },
    ];
    for (d, &id) in dirs.iter().zip(&all) {
        sets.push(DirectionSet { name: d.name.clone(), dirs: same(vec![id]) });
    }
    // Relative sets: by the sign of the dot product with the player's forward vector.
    let relative = |player: usize, pred: &dyn Fn(i32, i32) -> bool| -> Vec<DirId> {
        let Some(f) = forward[player] else { return Vec::new() };
        let (fx, fy) = (dirs[f.index()].dx, dirs[f.index()].dy);
        all.iter()
            .copied()
            .filter(|&d| {
                let (dx, dy) = (dirs[d.index()].dx, dirs[d.index()].dy);
                let dot = dx * fx + dy * fy;
                let cross = dx * fy - dy * fx;
                pred(dot, cross)
            })
            .collect()
    };
    type Rel = fn(i32, i32) -> bool;
    let named: [(&str, Rel); 6] = [
        ("forward", |dot, cross| dot > 0 && cross == 0),
        ("backward", |dot, cross| dot < 0 && cross == 0),
        ("sideways", |dot, _| dot == 0),
        ("forward-diagonal", |dot, cross| dot > 0 && cross != 0),
        ("backward-diagonal", |dot, cross| dot < 0 && cross != 0),
        ("forward-any", |dot, _| dot > 0),
    ];
    for (name, pred) in named {
        sets.push(DirectionSet { name: name.into(), dirs: [relative(0, &pred), relative(1, &pred)] });
    }
    sets
}

fn union_of(cx: &mut Cx, node: &Node, sets: &[DirectionSet], player: usize) -> Vec<DirId> {
    let Some(names) = cx.strings(node) else { return Vec::new() };
    let mut out: Vec<DirId> = Vec::new();
    for (name, span) in names {
        match sets.iter().find(|s| s.name == name) {
            Some(set) => {
                for &d in &set.dirs[player] {
                    if !out.contains(&d) {
                        out.push(d);
                    }
                }
            }
            None => cx.error(span, format!("unknown direction or direction set '{name}'")),
        }
    }
    out
}

/// The built-in region `edge`: the cells that lack a neighbour in some direction that other
/// cells have.
pub(crate) fn edge_cells(board: &Board) -> Vec<bool> {
    board
        .all_cells()
        .map(|c| {
            board
                .all_directions()
                .any(|d| board.step(c, d) == hetproba_board::NO_CELL && board.table(d).iter().any(|&t| t != hetproba_board::NO_CELL))
        })
        .collect()
}

fn builtin_regions(board: &Board) -> Vec<Region> {
    let n = board.len();
    let all = vec![true; n];
    let edge = edge_cells(board);
    vec![Region { name: "all".into(), cells: [all.clone(), all] }, Region { name: "edge".into(), cells: [edge.clone(), edge] }]
}

/// A set of cells: an array of names, a region name, or a predicate over x and y.
pub(super) fn cell_set(
    cx: &mut Cx,
    node: &Node,
    board: &Board,
    regions: &[Region],
    params: &[(String, i64)],
    player: usize,
) -> Option<Vec<bool>> {
    let mut set = vec![false; board.len()];
    match &node.value {
        Value::Array(items) => {
            for item in items {
                let name = cx.string(item)?;
                match board.find(&name) {
                    Some(c) => set[c.index()] = true,
                    None => cx.error(item.span, format!("no cell named '{name}' on this board")),
                }
            }
        }
        Value::Str(text) => {
            if let Some(region) = regions.iter().find(|r| &r.name == text) {
                return Some(region.cells[player].clone());
            }
            let pred = match syntax::parse_predicate(text).and_then(|p| p.check_names(&|n| coordinate_name(n, params)).map(|()| p)) {
                Ok(p) => p,
                Err(err) => {
                    cx.syntax_error(node, err);
                    return None;
                }
            };
            let (width, height) = {
                let (x0, y0, x1, y1) = board.extent();
                (x1 - x0 + 1, y1 - y0 + 1)
            };
            for (i, cell) in board.cells().iter().enumerate() {
                let lookup = |n: &str| match n {
                    "x" => Some(cell.x as i64),
                    "y" => Some(cell.y as i64),
                    "width" => Some(width as i64),
                    "height" => Some(height as i64),
                    _ => params.iter().find(|(k, _)| k == n).map(|(_, v)| *v),
                };
                match pred.eval(&lookup) {
                    Ok(v) => set[i] = v,
                    Err(err) => {
                        cx.syntax_error(node, err);
                        return None;
                    }
                }
            }
        }
        _ => {
            cx.expect_type(node, "a list of cells, a region name or a predicate");
            return None;
        }
    }
    Some(set)
}

/// `[board.steps]`: the board's directions as offsets in its coordinates, with names, replacing
/// the shape's own: `e = [2, 0]`, or `n = { by = [0, 2], blocked-by = [[-1, 1], [1, 1]] }` for a
/// step that passes between two cells and is blocked when either holds a piece.
fn read_steps(cx: &mut Cx, node: &Node) -> Option<Vec<Direction>> {
    let t = cx.table(node)?;
    let mut out: Vec<Direction> = Vec::new();
    let vector = |cx: &mut Cx, n: &Node| -> Option<(i32, i32)> {
        let items = cx.array(n)?;
        match items {
            [a, b] => match (&a.value, &b.value) {
                (Value::Int(x), Value::Int(y)) if x.abs() <= 64 && y.abs() <= 64 => Some((*x as i32, *y as i32)),
                _ => {
                    cx.error(n.span, "an offset is two integers [dx, dy], each between -64 and 64");
                    None
                }
            },
            _ => {
                cx.error(n.span, "an offset is two integers [dx, dy]");
                None
            }
        }
    };
    for (key, value) in &t.entries {
        let (by, blocked_by, symbol) = match &value.value {
            Value::Array(_) => (vector(cx, value), Vec::new(), None),
            Value::Table(dt) => {
                let mut df = Fields::new(dt, format!("[board.steps] {}", key.name));
                let by = match df.get("by") {
                    Some(n) => vector(cx, n),
                    None => {
                        cx.error(value.span, format!("step '{}' needs by = [dx, dy]", key.name));
                        None
                    }
                };
                let blocked_by = match df.get("blocked-by") {
                    Some(n) => cx.array(n).unwrap_or_default().iter().filter_map(|item| vector(cx, item)).collect(),
                    None => Vec::new(),
                };
                let symbol = df.get("symbol").and_then(|n| cx.string(n));
                df.finish(cx);
                (by, blocked_by, symbol)
            }
            _ => {
                cx.expect_type(value, "an offset [dx, dy] or a table { by, blocked-by, symbol }");
                continue;
            }
        };
        let Some((dx, dy)) = by else { continue };
        if (dx, dy) == (0, 0) {
            cx.error(value.span, format!("step '{}' goes nowhere", key.name));
            continue;
        }
        if out.iter().any(|d| (d.dx, d.dy) == (dx, dy)) {
            cx.error(value.span, format!("step '{}' repeats the offset of another step", key.name));
            continue;
        }
        let symbol = symbol.unwrap_or_else(|| key.name.clone());
        out.push(Direction { name: key.name.clone(), dx, dy, symbol, blocked_by });
    }
    if out.len() >= 255 {
        cx.error(node.span, format!("a board has at most 254 directions; this one has {}", out.len()));
        return None;
    }
    if out.is_empty() {
        cx.error(node.span, "[board.steps] declares no step");
        return None;
    }
    Some(out)
}

/// The names a cell predicate may use: the coordinates, the board's size and the parameters.
fn coordinate_name(name: &str, params: &[(String, i64)]) -> bool {
    matches!(name, "x" | "y" | "width" | "height") || params.iter().any(|(k, _)| k == name)
}

#[cfg(test)]
pub(super) mod tests {
    use crate::{BuiltinFiles, load};

    /// A ruleset around a `[board]`, which starts on line 8.
    pub(in crate::load) fn ruleset(board: &str) -> String {
        format!(
            "[game]\nid = \"t\"\nname = \"T\"\n[[players]]\nname = \"a\"\n[[players]]\nname = \"b\"\n{board}\n\
             [pieces.stone]\nsymbols = [\"X\", \"O\"]\n[moves.place]\ndo = \"place\"\n[[end]]\nif = \"no-moves\"\nresult = \"draw\"\n"
        )
    }

    #[test]
    fn dark_points_of_a_predicate_include_points_that_are_not_cells() {
        let text = ruleset("[board]\nwidth = 2\nheight = 2\ncells = \"light\"\ndark = \"dark\"");
        let rules = load("t.toml", &text, &BuiltinFiles, &[]).unwrap();
        // a1 and b2 are dark and not cells (cells = "light" keeps b1 and a2).
        assert_eq!(rules.dark, vec![(0, 0), (1, 1)]);
        assert_eq!(rules.board.len(), 2);
    }

    #[test]
    fn dark_cells_of_a_region() {
        let text = ruleset("[board]\nwidth = 3\nheight = 1\ndark = \"middle\"\n[board.regions]\nmiddle = [\"b1\"]");
        assert_eq!(load("t.toml", &text, &BuiltinFiles, &[]).unwrap().dark, vec![(1, 0)]);
    }

    #[test]
    fn a_bad_dark_predicate_is_reported_at_its_place() {
        let text = ruleset("[board]\nwidth = 3\nheight = 1\ndark = \"x ==\"");
        let report = load("t.toml", &text, &BuiltinFiles, &[]).unwrap_err();
        assert!(report.first_line().starts_with("t.toml:11:13: expected an expression"), "{}", report.first_line());
    }

    #[test]
    fn no_dark_key_draws_every_cell_alike() {
        let text = ruleset("[board]\nwidth = 3\nheight = 1");
        assert!(load("t.toml", &text, &BuiltinFiles, &[]).unwrap().dark.is_empty());
    }
}
