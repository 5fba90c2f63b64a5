//! From text to a checked [`Ruleset`]: parse, resolve `extends`, apply parameters, read every
//! section, check every reference. All problems are collected and reported together, each with
//! the place in the file it comes from.

use crate::model::*;
use crate::source::{Diagnostic, FileId, Report, Sources, Span};
use crate::syntax::{self, ArgValue, Call, CondAst, Repeat, SyntaxError};
use crate::tree::{self, Node, Table, Value};
use hetproba_board::{Board, Naming, Shape, build_graph_with};

/// Where `extends` finds other rulesets. The rules crate does no IO itself: the caller decides
/// what a reference means (a built-in id, a path next to the file).
pub trait Files {
    /// Reads the ruleset `reference` names, as seen from the file called `from`.
    /// Returns the name to show in messages and the text.
    fn read(&self, reference: &str, from: &str) -> Result<(String, String), String>;
}

/// Resolves `extends` among the built-in rulesets only.
pub struct BuiltinFiles;

impl Files for BuiltinFiles {
    fn read(&self, reference: &str, _from: &str) -> Result<(String, String), String> {
        crate::builtin_text(reference)
            .map(|text| (format!("rules/{reference}.toml"), text.to_string()))
            .ok_or_else(|| format!("no built-in ruleset '{reference}'"))
    }
}

/// Loads a ruleset from its text. `params` override the file's `[params]`.
pub fn load(name: &str, text: &str, files: &dyn Files, params: &[(String, i64)]) -> Result<Ruleset, Report> {
    let mut cx = Cx { sources: Sources::default(), diags: Vec::new() };
    let file = cx.sources.add(name, text);
    let resolved = resolve(&mut cx, file, &mut Vec::new(), files);
    let ruleset = match resolved {
        Some((table, extends)) => read_ruleset(&mut cx, &table, extends, params),
        None => None,
    };
    match ruleset {
        Some(mut ruleset) if cx.diags.is_empty() => {
            ruleset.sources = cx.sources;
            Ok(ruleset)
        }
        _ => {
            if cx.diags.is_empty() {
                cx.diags.push(Diagnostic::nowhere("the ruleset could not be read"));
            }
            Err(Report { sources: cx.sources, diagnostics: cx.diags })
        }
    }
}

/// The start of the ruleset's own file, for problems that have no better place.
fn file_start() -> Span {
    Span { file: 0, start: 0, end: 1 }
}

pub(crate) struct Cx {
    pub(crate) sources: Sources,
    pub(crate) diags: Vec<Diagnostic>,
}

impl Cx {
    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diags.push(Diagnostic::at(span, message));
    }

    fn expect_type(&mut self, node: &Node, wanted: &str) {
        let found = node.value.kind();
        self.error(node.span, format!("expected {wanted}, found {found}"));
    }

    fn string(&mut self, node: &Node) -> Option<String> {
        match &node.value {
            Value::Str(s) => Some(s.clone()),
            _ => {
                self.expect_type(node, "a string");
                None
            }
        }
    }

    /// A string that must be one of `choices`; anything else is reported as
    /// "`what` must be a, b or c, not 'x'".
    fn keyword<T: Copy>(&mut self, node: &Node, what: &str, choices: &[(&str, T)]) -> Option<T> {
        let text = self.string(node)?;
        if let Some((_, value)) = choices.iter().find(|(name, _)| *name == text) {
            return Some(*value);
        }
        let names: Vec<&str> = choices.iter().map(|(name, _)| *name).collect();
        let list = match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.join(""),
        };
        self.error(node.span, format!("{what} must be {list}, not '{text}'"));
        None
    }

    fn table<'t>(&mut self, node: &'t Node) -> Option<&'t Table> {
        match &node.value {
            Value::Table(t) => Some(t),
            _ => {
                self.expect_type(node, "a table");
                None
            }
        }
    }

    fn array<'t>(&mut self, node: &'t Node) -> Option<&'t [Node]> {
        match &node.value {
            Value::Array(items) => Some(items),
            _ => {
                self.expect_type(node, "an array");
                None
            }
        }
    }

    fn strings(&mut self, node: &Node) -> Option<Vec<(String, Span)>> {
        let items = self.array(node)?;
        let mut out = Vec::new();
        for item in items {
            out.push((self.string(item)?, item.span));
        }
        Some(out)
    }

    /// Where the text of a string node starts in its file (after the opening quotes).
    fn content_offset(&self, node: &Node) -> usize {
        let text = &self.sources.file(node.span.file).text;
        let rest = &text[node.span.start as usize..];
        if rest.starts_with("\"\"\"") || rest.starts_with("'''") { if rest[3..].starts_with('\n') { 4 } else { 3 } } else { 1 }
    }

    /// A span inside a string node, for an error at `at` in its text.
    fn inner_span(&self, node: &Node, at: &std::ops::Range<usize>) -> Span {
        let offset = self.content_offset(node);
        node.span.sub(offset + at.start, (at.end - at.start).max(1))
    }

    fn syntax_error(&mut self, node: &Node, err: SyntaxError) {
        let span = self.inner_span(node, &err.at);
        self.diags.push(Diagnostic::at(span, err.message));
    }
}

/// Reads a table's keys one by one and reports the keys nobody asked for.
struct Fields<'t> {
    table: &'t Table,
    used: Vec<bool>,
    known: Vec<&'static str>,
    what: String,
}

impl<'t> Fields<'t> {
    fn new(table: &'t Table, what: impl Into<String>) -> Fields<'t> {
        Fields { table, used: vec![false; table.entries.len()], known: Vec::new(), what: what.into() }
    }

    fn get(&mut self, key: &'static str) -> Option<&'t Node> {
        self.known.push(key);
        let index = self.table.entries.iter().position(|(k, _)| k.name == key)?;
        self.used[index] = true;
        Some(&self.table.entries[index].1)
    }

    fn finish(self, cx: &mut Cx) {
        for (i, (key, _)) in self.table.entries.iter().enumerate() {
            if !self.used[i] {
                cx.error(key.span, format!("unknown key '{}' in {}; expected one of: {}", key.name, self.what, self.known.join(", ")));
            }
        }
    }
}

/// Reads the file, follows `extends` to its root, and overlays each file on its parent.
/// Returns the merged table and the id the file extends.
fn resolve(cx: &mut Cx, file: FileId, chain: &mut Vec<String>, files: &dyn Files) -> Option<(Table, Option<String>)> {
    let text = cx.sources.file(file).text.clone();
    let table = match tree::parse(file, &text) {
        Ok(t) => t,
        Err(d) => {
            cx.diags.push(d);
            return None;
        }
    };
    let name = cx.sources.file(file).name.clone();
    chain.push(name.clone());
    let Some(node) = table.get("extends") else { return Some((table, None)) };
    let parent_ref = cx.string(node)?;
    let span = node.span;
    let (parent_name, parent_text) = match files.read(&parent_ref, &name) {
        Ok(found) => found,
        Err(message) => {
            cx.error(span, format!("cannot extend '{parent_ref}': {message}"));
            return None;
        }
    };
    if chain.contains(&parent_name) {
        let mut cycle = chain.clone();
        cycle.push(parent_name);
        cx.error(span, format!("extends cycle: {}", cycle.join(" -> ")));
        return None;
    }
    let parent_file = cx.sources.add(parent_name, parent_text);
    let own_game = table.get("game").and_then(|g| match &g.value {
        Value::Table(t) => Some(t.get("id").is_some() && t.get("name").is_some()),
        _ => None,
    });
    if own_game != Some(true) {
        cx.error(span, "a variant needs its own [game] id and name; they are not inherited");
    }
    let (mut merged, _) = resolve(cx, parent_file, chain, files)?;
    // A variant's tests and its parent link are its own; everything else is inherited.
    merged.entries.retain(|(k, _)| k.name != "tests" && k.name != "extends");
    merged.merge(table);
    Some((merged, Some(parent_ref)))
}

fn read_ruleset(cx: &mut Cx, table: &Table, extends: Option<String>, overrides: &[(String, i64)]) -> Option<Ruleset> {
    let mut top = Fields::new(table, "the ruleset");
    top.get("extends");

    // [game]
    let (mut id, mut name, mut source, mut summary) = (String::new(), String::new(), String::new(), String::new());
    match top.get("game") {
        Some(node) => {
            if let Some(t) = cx.table(node) {
                let mut f = Fields::new(t, "[game]");
                match f.get("id") {
                    Some(n) => id = cx.string(n).unwrap_or_default(),
                    None => cx.error(node.span, "[game] needs an id"),
                }
                match f.get("name") {
                    Some(n) => name = cx.string(n).unwrap_or_default(),
                    None => cx.error(node.span, "[game] needs a name"),
                }
                if let Some(n) = f.get("source") {
                    source = cx.string(n).unwrap_or_default();
                }
                if let Some(n) = f.get("summary") {
                    summary = cx.string(n).unwrap_or_default();
                }
                f.finish(cx);
            }
        }
        None => cx.diags.push(Diagnostic::at(file_start(), "the ruleset has no [game] table (id and name)")),
    }

    // [params]
    let mut params: Vec<(String, i64)> = Vec::new();
    if let Some(node) = top.get("params")
        && let Some(t) = cx.table(node)
    {
        for (key, value) in &t.entries {
            match value.value {
                Value::Int(v) => params.push((key.name.clone(), v)),
                _ => cx.expect_type(value, "an integer"),
            }
        }
    }
    for (key, value) in overrides {
        match params.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = *value,
            None => {
                let known: Vec<&str> = params.iter().map(|(k, _)| k.as_str()).collect();
                cx.diags.push(Diagnostic::at(
                    top.table.get("params").map_or(file_start(), |n| n.span),
                    format!(
                        "unknown parameter '{key}'; this ruleset has: {}",
                        if known.is_empty() { "none".to_string() } else { known.join(", ") }
                    ),
                ));
            }
        }
    }

    // [[players]]
    let players = read_players(cx, top.get("players"));

    // [board]
    let board_node = top.get("board");
    let built = match board_node {
        Some(node) => cx.table(node).and_then(|t| read_board(cx, t, node.span, &params, &players)),
        None => {
            cx.diags.push(Diagnostic::at(file_start(), "the ruleset has no [board] table"));
            None
        }
    };

    // [pieces]
    let pieces = match top.get("pieces") {
        Some(node) => cx.table(node).map(|t| read_pieces(cx, t)).unwrap_or_default(),
        None => {
            cx.diags.push(Diagnostic::at(file_start(), "the ruleset has no [pieces] table"));
            (Vec::new(), Vec::new())
        }
    };

    let start_node = top.get("start");
    let moves_node = top.get("moves");
    let phases_node = top.get("phases");
    let turn_node = top.get("turn");
    let end_node = top.get("end");
    let tests_node = top.get("tests");
    let interpretations_node = top.get("interpretations");
    let draw_node = top.get("draw");
    let clock_node = top.get("clock");
    let notation_node = top.get("notation");
    top.finish(cx);

    if moves_node.is_none() {
        cx.diags.push(Diagnostic::at(file_start(), "the ruleset has no [moves] table"));
    }
    let players = players?;
    let BoardParts { board, shape, naming, direction_sets, regions } = built?;
    let (mut pieces, raw_promotions) = pieces;
    resolve_promotions(cx, &mut pieces, raw_promotions, &regions);
    let mut ctx =
        Names { players: &players, pieces: &pieces, direction_sets: &direction_sets, regions: &regions, board: &board, params: &params };

    let start = match start_node {
        Some(node) => cx.table(node).map(|t| read_start(cx, t, &ctx)).unwrap_or(Start { pieces: vec![], side: 0 }),
        None => Start { pieces: vec![], side: 0 },
    };
    let moves = match moves_node {
        Some(node) => cx.table(node).map(|t| read_moves(cx, t, &mut ctx)).unwrap_or_default(),
        None => Vec::new(),
    };
    let phases = read_phases(cx, phases_node, &moves);
    let turn = match turn_node {
        Some(node) => cx.table(node).map(|t| read_turn(cx, t)).unwrap_or_default(),
        None => Turn::default(),
    };
    if moves.iter().any(|m| matches!(m.action, Action::Hop(_))) && board.len() > 128 {
        let span = board_node.map_or(file_start(), |n| n.span);
        cx.diags.push(Diagnostic::at(span, format!("hops need a board of at most 128 cells; this one has {}", board.len())));
    }
    let draws = match draw_node {
        Some(node) => read_list(cx, node, "[[draw]]", |cx, t, span| read_draw(cx, t, span, &ctx)),
        None => Vec::new(),
    };
    let clock = clock_node.and_then(|node| {
        let t = cx.table(node)?;
        let mut f = Fields::new(t, "[clock]");
        let time = f.get("time");
        f.finish(cx);
        let Some(time) = time else {
            cx.error(node.span, "[clock] needs time = \"5m\" (optionally \"5m+2s\")");
            return None;
        };
        let text = cx.string(time)?;
        match parse_clock(&text) {
            Some(clock) => Some(clock),
            None => {
                cx.error(
                    time.span,
                    format!("bad clock '{text}'; write minutes, seconds or milliseconds like 5m, 90s, 500ms, with +2s for an increment"),
                );
                None
            }
        }
    });
    let notation = match notation_node {
        Some(node) => cx
            .table(node)
            .map(|t| read_notation(cx, t, node.span, &ctx))
            .unwrap_or(Notation { position: PositionNotation::Rows, game_type: None }),
        None => Notation { position: PositionNotation::Rows, game_type: None },
    };
    let ends = match end_node {
        Some(node) => read_list(cx, node, "[[end]]", |cx, t, span| read_end(cx, t, span, &ctx)),
        None => Vec::new(),
    };
    let tests = match tests_node {
        Some(node) => read_list(cx, node, "[[tests]]", read_test),
        None => Vec::new(),
    };
    let interpretations = match interpretations_node {
        Some(node) => read_list(cx, node, "[[interpretations]]", read_interpretation),
        None => Vec::new(),
    };

    Some(Ruleset {
        id,
        name,
        extends,
        source,
        summary,
        players,
        params,
        board,
        shape,
        naming,
        direction_sets,
        regions,
        pieces,
        start,
        phases,
        moves,
        turn,
        ends,
        draws,
        clock,
        notation,
        tests,
        interpretations,
        sources: Sources::default(),
    })
}

/// Names the later sections refer to.
struct Names<'a> {
    players: &'a [Player; 2],
    pieces: &'a [PieceType],
    direction_sets: &'a [DirectionSet],
    regions: &'a [Region],
    board: &'a Board,
    params: &'a [(String, i64)],
}

impl Names<'_> {
    fn direction_set(&self, name: &str) -> Option<DirSetId> {
        self.direction_sets.iter().position(|d| d.name == name).map(|i| i as DirSetId)
    }

    fn region(&self, name: &str) -> Option<RegionId> {
        self.regions.iter().position(|r| r.name == name).map(|i| i as RegionId)
    }

    fn piece(&self, name: &str) -> Option<PieceTypeId> {
        self.pieces.iter().position(|p| p.name == name).map(|i| i as PieceTypeId)
    }

    fn player(&self, name: &str) -> Option<PlayerId> {
        self.players.iter().position(|p| p.name == name).map(|i| i as PlayerId)
    }
}

fn read_list<T>(cx: &mut Cx, node: &Node, what: &str, mut read: impl FnMut(&mut Cx, &Table, Span) -> Option<T>) -> Vec<T> {
    let Some(items) = cx.array(node) else { return Vec::new() };
    let mut out = Vec::new();
    for item in items {
        match &item.value {
            Value::Table(t) => {
                if let Some(v) = read(cx, t, item.span) {
                    out.push(v);
                }
            }
            _ => cx.error(item.span, format!("each entry of {what} must be a table")),
        }
    }
    out
}

fn read_players(cx: &mut Cx, node: Option<&Node>) -> Option<[Player; 2]> {
    let Some(node) = node else {
        cx.diags.push(Diagnostic::at(file_start(), "the ruleset has no [[players]] (two entries: name, short)"));
        return None;
    };
    let players = read_list(cx, node, "[[players]]", |cx, t, span| {
        let mut f = Fields::new(t, "[[players]]");
        let name = f.get("name").and_then(|n| cx.string(n));
        let short = f.get("short").and_then(|n| cx.string(n));
        f.finish(cx);
        let name = name.or_else(|| {
            cx.error(span, "a player needs a name");
            None
        })?;
        let short = short.unwrap_or_else(|| name.chars().next().map(String::from).unwrap_or_default());
        if short.is_empty() || short.contains(char::is_whitespace) {
            cx.error(span, "a player's short name must be a word");
        }
        Some(Player { name, short })
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

struct BoardParts {
    board: Board,
    shape: Shape,
    naming: Naming,
    direction_sets: Vec<DirectionSet>,
    regions: Vec<Region>,
}

/// An integer, or a string with an expression over the parameters (`"size - 1"`).
fn int_expr(cx: &mut Cx, node: &Node, params: &[(String, i64)]) -> Option<i64> {
    match &node.value {
        Value::Int(v) => Some(*v),
        Value::Str(text) => {
            let lookup = |n: &str| params.iter().find(|(k, _)| k == n).map(|(_, v)| *v);
            match syntax::parse_number(text).and_then(|e| e.eval(&lookup)) {
                Ok(v) => Some(v),
                Err(err) => {
                    cx.syntax_error(node, err);
                    None
                }
            }
        }
        _ => {
            cx.expect_type(node, "an integer or an expression string");
            None
        }
    }
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

fn read_board(cx: &mut Cx, t: &Table, span: Span, params: &[(String, i64)], players: &Option<[Player; 2]>) -> Option<BoardParts> {
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
                cx.error(span, "a custom board needs points = [{ name, x, y }, ...]");
                None
            })?;
            let cells = read_list(cx, node, "points", |cx, t, span| {
                let mut pf = Fields::new(t, "a point");
                let name = pf.get("name").and_then(|n| cx.string(n));
                let x = pf.get("x").and_then(|n| int_expr(cx, n, params));
                let y = pf.get("y").and_then(|n| int_expr(cx, n, params));
                pf.finish(cx);
                match (name, x, y) {
                    (Some(name), Some(x), Some(y)) => Some(hetproba_board::Cell { name, x: x as i32, y: y as i32 }),
                    _ => {
                        cx.error(span, "a point needs name, x and y");
                        None
                    }
                }
            });
            let directions = Shape::Rect { width: 1, height: 1 }.directions();
            Shape::Custom { cells, directions }
        }
        other => {
            cx.error(shape_name.1, format!("unknown board shape '{other}'; expected rect, hex, lines or custom"));
            return None;
        }
    };
    let keep = match f.get("cells") {
        None => None,
        Some(node) => {
            let text = cx.string(node)?;
            let text = match text.as_str() {
                "all" => "0 == 0".to_string(),
                "dark" => "(x + y) % 2 == 0".to_string(),
                "light" => "(x + y) % 2 == 1".to_string(),
                _ => text,
            };
            match syntax::parse_predicate(&text) {
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
            ],
        )?,
    };
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
        build_graph_with(&shape, &keep_fn, &naming)
    };
    if let (Some(err), Some((_, node))) = (keep_error.into_inner(), &keep) {
        cx.syntax_error(node, err);
        return None;
    }
    let board = match graph.and_then(|(g, d)| Board::from_graph(g, d)) {
        Ok(b) => b,
        Err(err) => {
            cx.error(span, format!("bad board: {err}"));
            return None;
        }
    };

    // Forward directions: `n` for the first player and `s` for the second unless told otherwise.
    let players = players.as_ref();
    let mut forward: [Option<u8>; 2] = [board.direction_index("n"), board.direction_index("s")];
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
                    let mut dirs: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
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
    f.finish(cx);
    Some(BoardParts { board, shape, naming, direction_sets, regions })
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
fn builtin_direction_sets(board: &Board, forward: [Option<u8>; 2]) -> Vec<DirectionSet> {
    let dirs = board.directions();
    let all: Vec<u8> = (0..dirs.len() as u8).collect();
    let select = |pred: &dyn Fn(i32, i32) -> bool| -> Vec<u8> {
        all.iter().copied().filter(|&d| pred(dirs[d as usize].dx, dirs[d as usize].dy)).collect()
    };
    let same = |v: Vec<u8>| [v.clone(), v];
    let mut sets = vec![
        DirectionSet { name: "all".into(), dirs: same(all.clone()) },
        DirectionSet { name: "orthogonal".into(), dirs: same(select(&|dx, dy| dx == 0 || dy == 0)) },
        DirectionSet { name: "diagonal".into(), dirs: same(select(&|dx, dy| dx != 0 && dy != 0)) },
    ];
    for (i, d) in dirs.iter().enumerate() {
        sets.push(DirectionSet { name: d.name.clone(), dirs: same(vec![i as u8]) });
    }
    // Relative sets: by the sign of the dot product with the player's forward vector.
    let relative = |player: usize, pred: &dyn Fn(i32, i32) -> bool| -> Vec<u8> {
        let Some(f) = forward[player] else { return Vec::new() };
        let (fx, fy) = (dirs[f as usize].dx, dirs[f as usize].dy);
        all.iter()
            .copied()
            .filter(|&d| {
                let (dx, dy) = (dirs[d as usize].dx, dirs[d as usize].dy);
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

fn union_of(cx: &mut Cx, node: &Node, sets: &[DirectionSet], player: usize) -> Vec<u8> {
    let Some(names) = cx.strings(node) else { return Vec::new() };
    let mut out: Vec<u8> = Vec::new();
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

fn builtin_regions(board: &Board) -> Vec<Region> {
    let n = board.len();
    let all = vec![true; n];
    // An edge cell lacks a neighbour in some direction that other cells have.
    let edge: Vec<bool> = (0..n as CellId)
        .map(|c| {
            (0..board.directions().len() as u8)
                .any(|d| board.step(c, d) == hetproba_board::NO_CELL && board.table(d).iter().any(|&t| t != hetproba_board::NO_CELL))
        })
        .collect();
    vec![Region { name: "all".into(), cells: [all.clone(), all] }, Region { name: "edge".into(), cells: [edge.clone(), edge] }]
}

/// A set of cells: an array of names, a region name, or a predicate over x and y.
fn cell_set(cx: &mut Cx, node: &Node, board: &Board, regions: &[Region], params: &[(String, i64)], player: usize) -> Option<Vec<bool>> {
    let mut set = vec![false; board.len()];
    match &node.value {
        Value::Array(items) => {
            for item in items {
                let name = cx.string(item)?;
                match board.find(&name) {
                    Some(c) => set[c as usize] = true,
                    None => cx.error(item.span, format!("no cell named '{name}' on this board")),
                }
            }
        }
        Value::Str(text) => {
            if let Some(region) = regions.iter().find(|r| &r.name == text) {
                return Some(region.cells[player].clone());
            }
            let pred = match syntax::parse_predicate(text) {
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

fn single_char(cx: &mut Cx, node: &Node) -> Option<char> {
    let s = cx.string(node)?;
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_ascii_digit() && !c.is_whitespace() && c != '/' => Some(c),
        _ => {
            cx.error(node.span, "a piece symbol is one character, not a digit, space or '/'");
            None
        }
    }
}

/// A promotion as written, resolved once the pieces and regions are known.
struct RawPromotion {
    piece: usize,
    to: Vec<(String, Span)>,
    region: (String, Span),
    during: MidCapture,
}

fn read_pieces(cx: &mut Cx, t: &Table) -> (Vec<PieceType>, Vec<RawPromotion>) {
    let mut pieces = Vec::new();
    let mut promotions = Vec::new();
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
        if let Some(symbols) = symbols {
            if let Some((to, region, during)) = promote {
                promotions.push(RawPromotion { piece: pieces.len(), to, region, during });
            }
            pieces.push(PieceType { name: key.name.clone(), symbols, owned, value, promotion: None });
        }
    }
    // Symbols name pieces in position notation: they must be unique.
    let mut seen: Vec<char> = Vec::new();
    for p in &pieces {
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

fn resolve_promotions(cx: &mut Cx, pieces: &mut [PieceType], raw: Vec<RawPromotion>, regions: &[Region]) {
    for p in raw {
        let mut to = Vec::new();
        for (name, span) in &p.to {
            match pieces.iter().position(|q| &q.name == name) {
                Some(i) if i != p.piece => to.push(i as PieceTypeId),
                Some(_) => cx.error(*span, "a piece cannot promote to itself"),
                None => cx.error(*span, format!("no piece type '{name}'")),
            }
        }
        let region = match regions.iter().position(|r| r.name == p.region.0) {
            Some(r) => r as RegionId,
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

fn read_start(cx: &mut Cx, t: &Table, names: &Names) -> Start {
    let mut start = Start { pieces: Vec::new(), side: 0 };
    let mut occupied = vec![false; names.board.len()];
    for (key, node) in &t.entries {
        if key.name == "side" {
            if let Some(side) = cx.string(node) {
                match names.player(&side) {
                    Some(p) => start.side = p,
                    None => cx.error(node.span, format!("'{side}' is not a player")),
                }
            }
            continue;
        }
        let owner = if key.name == "none" {
            None
        } else {
            match names.player(&key.name) {
                Some(p) => Some(p),
                None => {
                    cx.error(key.span, format!("unknown key '{}' in [start]; expected side, none or a player's name", key.name));
                    continue;
                }
            }
        };
        let Some(pt) = cx.table(node) else { continue };
        for (piece_key, cells_node) in &pt.entries {
            let Some(piece) = names.piece(&piece_key.name) else {
                cx.error(piece_key.span, format!("no piece type '{}'", piece_key.name));
                continue;
            };
            if names.pieces[piece as usize].owned != owner.is_some() {
                cx.error(
                    piece_key.span,
                    format!("'{}' {} belong to a player", piece_key.name, if owner.is_some() { "does not" } else { "must" }),
                );
                continue;
            }
            let Some(set) = cell_set(cx, cells_node, names.board, names.regions, names.params, owner.unwrap_or(0) as usize) else {
                continue;
            };
            for (cell, _) in set.iter().enumerate().filter(|(_, on)| **on) {
                if occupied[cell] {
                    cx.error(cells_node.span, format!("two pieces start on {}", names.board.name(cell as CellId)));
                }
                occupied[cell] = true;
                start.pieces.push((cell as CellId, piece, owner));
            }
        }
    }
    start.pieces.sort_by_key(|p| p.0);
    start
}

fn read_moves(cx: &mut Cx, t: &Table, names: &mut Names) -> Vec<MoveRule> {
    let mut moves = Vec::new();
    for (key, node) in &t.entries {
        let Some(mt) = cx.table(node) else { continue };
        let mut f = Fields::new(mt, format!("[moves.{}]", key.name));
        let piece = match f.get("piece") {
            Some(n) => cx.string(n).and_then(|name| {
                names.piece(&name).or_else(|| {
                    cx.error(n.span, format!("no piece type '{name}'"));
                    None
                })
            }),
            None => {
                let owned: Vec<usize> = names.pieces.iter().enumerate().filter(|(_, p)| p.owned).map(|(i, _)| i).collect();
                match owned.as_slice() {
                    [only] => Some(*only as PieceTypeId),
                    _ => {
                        cx.error(key.span, "say which piece this move uses: piece = \"...\"");
                        None
                    }
                }
            }
        };
        let notation = f.get("notation").and_then(|n| {
            let text = cx.string(n)?;
            check_template(cx, n, &text).then_some(text)
        });
        let pattern_node = f.get("do");
        f.finish(cx);
        let Some(pattern_node) = pattern_node else {
            cx.error(key.span, format!("[moves.{}] needs do = \"<pattern>\"", key.name));
            continue;
        };
        let Some(text) = cx.string(pattern_node) else { continue };
        let ast = match syntax::parse_pattern(&text) {
            Ok(ast) => ast,
            Err(err) => {
                cx.syntax_error(pattern_node, err);
                continue;
            }
        };
        let Some(piece) = piece else { continue };
        if let Some(rule) = compile_pattern(cx, pattern_node, &ast, names, piece, key.name.clone(), notation, text) {
            moves.push(rule);
        }
    }
    moves
}

const TEMPLATE_FIELDS: [&str; 5] = ["from", "to", "dir", "path", "captures"];

fn check_template(cx: &mut Cx, node: &Node, text: &str) -> bool {
    if let Some(i) = text.find(char::is_whitespace) {
        cx.syntax_error(
            node,
            SyntaxError { at: i..i + 1, message: "a move's notation cannot contain spaces (moves are separated by spaces)".into() },
        );
        return false;
    }
    let mut rest = text;
    let mut offset = 0;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            cx.syntax_error(node, SyntaxError { at: offset + open..offset + open + 1, message: "unclosed '{'".into() });
            return false;
        };
        let field = &rest[open + 1..open + close];
        let (name, _) = field.split_once(':').unwrap_or((field, ""));
        if !TEMPLATE_FIELDS.contains(&name) {
            cx.syntax_error(
                node,
                SyntaxError {
                    at: offset + open..offset + open + close + 1,
                    message: format!("unknown field '{name}'; expected one of: {}", TEMPLATE_FIELDS.join(", ")),
                },
            );
            return false;
        }
        offset += open + close + 1;
        rest = &rest[open + close + 1..];
    }
    true
}

/// Checks a call's arguments: `positional` describes what positional arguments mean,
/// `keys` the keyword arguments it accepts.
struct Args<'a> {
    call: &'a Call,
    used: Vec<bool>,
}

impl<'a> Args<'a> {
    fn new(call: &'a Call) -> Args<'a> {
        Args { call, used: vec![false; call.args.len()] }
    }

    fn positional(&mut self) -> Vec<&'a crate::syntax::Arg> {
        let mut out = Vec::new();
        for (i, arg) in self.call.args.iter().enumerate() {
            if arg.key.is_none() && !self.used[i] {
                self.used[i] = true;
                out.push(arg);
            }
        }
        out
    }

    fn key(&mut self, key: &str) -> Option<&'a crate::syntax::Arg> {
        let i = self.call.args.iter().position(|a| a.key.as_deref() == Some(key))?;
        self.used[i] = true;
        Some(&self.call.args[i])
    }

    fn finish(self, cx: &mut Cx, node: &Node) {
        for (i, arg) in self.call.args.iter().enumerate() {
            if !self.used[i] {
                let what = match &arg.key {
                    Some(k) => format!("{}() has no option '{k}'", self.call.name),
                    None => format!("{}() takes no more arguments here", self.call.name),
                };
                cx.syntax_error(node, SyntaxError { at: arg.at.clone(), message: what });
            }
        }
    }
}

fn arg_error(cx: &mut Cx, node: &Node, arg: &crate::syntax::Arg, message: impl Into<String>) {
    cx.syntax_error(node, SyntaxError { at: arg.at.clone(), message: message.into() });
}

fn call_error(cx: &mut Cx, node: &Node, call: &Call, message: impl Into<String>) {
    cx.syntax_error(node, SyntaxError { at: call.at.clone(), message: message.into() });
}

fn dir_set_arg(cx: &mut Cx, node: &Node, arg: &crate::syntax::Arg, names: &Names) -> Option<DirSetId> {
    match &arg.value {
        ArgValue::Name(name) => names.direction_set(name).or_else(|| {
            let known: Vec<&str> = names.direction_sets.iter().map(|d| d.name.as_str()).collect();
            arg_error(cx, node, arg, format!("unknown direction set '{name}'; known: {}", known.join(", ")));
            None
        }),
        _ => {
            arg_error(cx, node, arg, "expected a direction set such as orthogonal or diagonal");
            None
        }
    }
}

/// The one required direction-set argument of a call.
fn one_dir_set(cx: &mut Cx, node: &Node, call: &Call, args: &mut Args, names: &Names) -> Option<DirSetId> {
    match args.positional().as_slice() {
        [arg] => dir_set_arg(cx, node, arg, names),
        [] => {
            call_error(cx, node, call, format!("{}() needs a direction set, e.g. {}(orthogonal)", call.name, call.name));
            None
        }
        [_, extra, ..] => {
            arg_error(cx, node, extra, format!("{}() takes one direction set", call.name));
            None
        }
    }
}

fn landing_arg(cx: &mut Cx, node: &Node, args: &mut Args, default: Landing) -> Landing {
    match args.key("to") {
        None => default,
        Some(arg) => match &arg.value {
            ArgValue::Name(n) if n == "empty" => Landing::Empty,
            ArgValue::Name(n) if n == "enemy" => Landing::Enemy,
            ArgValue::Name(n) if n == "any" => Landing::EmptyOrEnemy,
            _ => {
                arg_error(cx, node, arg, "to= takes empty, enemy or any");
                default
            }
        },
    }
}

fn uint_arg(cx: &mut Cx, node: &Node, arg: &crate::syntax::Arg) -> Option<u32> {
    match arg.value {
        ArgValue::Int(v) if (0..=i64::from(u16::MAX)).contains(&v) => Some(v as u32),
        _ => {
            arg_error(cx, node, arg, "expected a non-negative integer");
            None
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn compile_pattern(
    cx: &mut Cx,
    node: &Node,
    ast: &syntax::PatternAst,
    names: &Names,
    piece: PieceTypeId,
    name: String,
    notation: Option<String>,
    text: String,
) -> Option<MoveRule> {
    let [hop] = ast.hops.as_slice() else {
        call_error(cx, node, &ast.hops[1].call, "a move of several hops is not supported yet: write one primitive");
        return None;
    };
    let hopping = matches!(hop.call.name.as_str(), "jump" | "fly");
    match hop.repeat {
        Repeat::Once => {}
        Repeat::OneOrMore if hopping => {}
        _ if hopping => {
            call_error(cx, node, &hop.call, "a chain of hops is written with '+' (one or more); '*' and '?' are not supported yet");
            return None;
        }
        _ => {
            call_error(cx, node, &hop.call, format!("{}() cannot repeat; only jump() and fly() chain", hop.call.name));
            return None;
        }
    }
    let call = &hop.call;
    let mut args = Args::new(call);
    let placing = names.pieces[piece as usize].owned;
    let action = match call.name.as_str() {
        "place" => {
            let region = match args.key("in") {
                None => None,
                Some(arg) => match &arg.value {
                    ArgValue::Name(r) => names.region(r).or_else(|| {
                        arg_error(cx, node, arg, format!("no region '{r}'"));
                        None
                    }),
                    _ => {
                        arg_error(cx, node, arg, "in= takes a region name");
                        None
                    }
                },
            };
            Action::Place { region }
        }
        "roll" => Action::Roll { dirs: one_dir_set(cx, node, call, &mut args, names)? },
        "push" => Action::Push { dirs: one_dir_set(cx, node, call, &mut args, names)? },
        "step" => {
            let dirs = one_dir_set(cx, node, call, &mut args, names)?;
            Action::Step { dirs, to: landing_arg(cx, node, &mut args, Landing::Empty) }
        }
        "slide" => {
            let dirs = one_dir_set(cx, node, call, &mut args, names)?;
            let to = landing_arg(cx, node, &mut args, Landing::Empty);
            let max = args.key("max").and_then(|a| uint_arg(cx, node, a));
            Action::Slide { dirs, to, max }
        }
        "leap" => {
            let mut offsets = Vec::new();
            for arg in args.positional() {
                match arg.value {
                    ArgValue::Vector(dx, dy) => {
                        for (a, b) in [(dx, dy), (dy, dx)] {
                            for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                                if !offsets.contains(&(a * sa, b * sb)) {
                                    offsets.push((a * sa, b * sb));
                                }
                            }
                        }
                    }
                    _ => arg_error(cx, node, arg, "leap() takes offsets such as (1,2)"),
                }
            }
            if offsets.is_empty() {
                call_error(cx, node, call, "leap() needs at least one offset, e.g. leap((1,2))");
                return None;
            }
            Action::Leap { offsets, to: landing_arg(cx, node, &mut args, Landing::EmptyOrEnemy) }
        }
        "jump" | "fly" => {
            let dirs = one_dir_set(cx, node, call, &mut args, names)?;
            let over = match args.key("over") {
                None => Over::Enemy,
                Some(arg) => match &arg.value {
                    ArgValue::Name(n) if n == "enemy" => Over::Enemy,
                    ArgValue::Name(n) if n == "own" => Over::Own,
                    ArgValue::Name(n) if n == "any" => Over::Any,
                    _ => {
                        arg_error(cx, node, arg, "over= takes enemy, own or any");
                        Over::Enemy
                    }
                },
            };
            Action::Hop(Hop { dirs, over, long: call.name == "fly", repeat: hop.repeat == Repeat::OneOrMore })
        }
        other => {
            call_error(
                cx,
                node,
                call,
                format!("unknown move primitive '{other}'; expected place, roll, push, step, slide, leap, jump or fly"),
            );
            return None;
        }
    };
    args.finish(cx, node);
    if !action.places() && !placing {
        call_error(cx, node, call, format!("'{}' belongs to nobody, so it cannot move by itself", names.pieces[piece as usize].name));
    }
    let mut effects = Vec::new();
    for call in &ast.effects {
        let mut args = Args::new(call);
        match call.name.as_str() {
            "flip" => {
                let dirs = one_dir_set(cx, node, call, &mut args, names)?;
                let min = args.key("min").and_then(|a| uint_arg(cx, node, a)).unwrap_or(1);
                if !placing {
                    call_error(cx, node, call, "flip() needs a piece that belongs to the mover");
                }
                effects.push(Effect::Flip { dirs, min });
            }
            other => {
                call_error(cx, node, call, format!("unknown effect '{other}'; expected flip"));
                continue;
            }
        }
        args.finish(cx, node);
    }
    Some(MoveRule { name, piece, action, effects, notation, text, span: node.span })
}

fn read_phases(cx: &mut Cx, node: Option<&Node>, moves: &[MoveRule]) -> Vec<Phase> {
    let all_moves: Vec<usize> = (0..moves.len()).collect();
    let Some(node) = node else {
        return vec![Phase { name: "play".into(), plies: None, moves: all_moves }];
    };
    let mut claimed = vec![false; moves.len()];
    let mut open: Option<usize> = None;
    let mut spans: Vec<Span> = Vec::new();
    let mut phases = read_list(cx, node, "[[phases]]", |cx, t, span| {
        let mut f = Fields::new(t, "[[phases]]");
        let name = f.get("name").and_then(|n| cx.string(n)).unwrap_or_else(|| "play".into());
        let plies = f.get("plies").and_then(|n| match n.value {
            Value::Int(v) if v > 0 && v <= u32::MAX as i64 => Some(v as u32),
            Value::Int(v) => {
                cx.error(n.span, format!("plies must be at least 1, not {v}"));
                None
            }
            _ => {
                cx.expect_type(n, "a positive integer");
                None
            }
        });
        let listed = f.get("moves").and_then(|n| cx.strings(n));
        f.finish(cx);
        let mut indices = Vec::new();
        let explicit = listed.is_some();
        for (m, mspan) in listed.unwrap_or_default() {
            match moves.iter().position(|r| r.name == m) {
                Some(i) => {
                    claimed[i] = true;
                    indices.push(i);
                }
                None => cx.error(mspan, format!("no move '{m}' in [moves]")),
            }
        }
        Some((Phase { name, plies, moves: indices }, explicit, span))
    })
    .into_iter()
    .enumerate()
    .map(|(i, (phase, explicit, span))| {
        spans.push(span);
        if !explicit {
            if open.is_some() {
                cx.error(span, format!("phase '{}' lists no moves, and neither does an earlier phase: only one phase may take the moves no other phase lists", phase.name));
            }
            open = Some(i);
        }
        phase
    })
    .collect::<Vec<_>>();
    // A phase that lists no moves gets every move no other phase claims.
    if let Some(i) = open {
        phases[i].moves = (0..moves.len()).filter(|&m| !claimed[m]).collect();
    }
    if phases.is_empty() {
        cx.error(node.span, "[[phases]] is empty");
    }
    for (i, p) in phases.iter().enumerate() {
        if p.plies.is_none() && i + 1 != phases.len() {
            cx.error(spans[i], format!("phase '{}' has no plies limit, so the phases after it never start", p.name));
        }
    }
    if let Some(p) = phases.last()
        && p.plies.is_some()
    {
        cx.error(spans[phases.len() - 1], format!("the last phase ('{}') must last to the end of the game: drop its plies limit", p.name));
    }
    phases
}

fn read_turn(cx: &mut Cx, t: &Table) -> Turn {
    let mut f = Fields::new(t, "[turn]");
    let mut turn = Turn::default();
    if let Some(v) = f.get("capture").and_then(|n| cx.keyword(n, "capture", &[("compulsory", true), ("optional", false)])) {
        turn.compulsory_capture = v;
    }
    if let Some(n) = f.get("majority") {
        match &n.value {
            Value::Bool(b) => turn.majority = *b,
            _ => cx.expect_type(n, "true or false"),
        }
    }
    if let Some(v) = f.get("removal").and_then(|n| cx.keyword(n, "removal", &[("end", Removal::End), ("immediate", Removal::Immediate)])) {
        turn.removal = v;
    }
    let passes = [("never", PassRule::Never), ("when-stuck", PassRule::WhenStuck), ("always", PassRule::Always)];
    if let Some(v) = f.get("pass").and_then(|n| cx.keyword(n, "pass", &passes)) {
        turn.pass = v;
    }
    f.finish(cx);
    turn
}

/// `5m`, `90s`, `1.5s`, `500ms`, optionally `+2s`.
pub fn parse_clock(text: &str) -> Option<Clock> {
    let duration = |t: &str| -> Option<u64> {
        let t = t.trim();
        let (number, scale) = if let Some(n) = t.strip_suffix("ms") {
            (n, 1.0)
        } else if let Some(n) = t.strip_suffix('s') {
            (n, 1000.0)
        } else if let Some(n) = t.strip_suffix('m') {
            (n, 60_000.0)
        } else if let Some(n) = t.strip_suffix('h') {
            (n, 3_600_000.0)
        } else {
            return None;
        };
        let value: f64 = number.trim().parse().ok()?;
        (value.is_finite() && value >= 0.0).then(|| (value * scale).round() as u64)
    };
    let (initial, increment) = match text.split_once('+') {
        Some((a, b)) => (duration(a)?, duration(b)?),
        None => (duration(text)?, 0),
    };
    (initial > 0).then_some(Clock { initial_ms: initial, increment_ms: increment })
}

fn read_draw(cx: &mut Cx, t: &Table, span: Span, names: &Names) -> Option<DrawRule> {
    let mut f = Fields::new(t, "[[draw]]");
    let repetition = f.get("repetition");
    let moves = f.get("moves");
    let reset = f.get("reset");
    let material = f.get("material");
    let reason = f.get("reason").and_then(|n| cx.string(n));
    f.finish(cx);
    let positive = |cx: &mut Cx, n: &Node| match n.value {
        Value::Int(v) if v > 0 && v < 100_000 => Some(v as u32),
        _ => {
            cx.expect_type(n, "a positive integer");
            None
        }
    };
    let kind = match (repetition, moves) {
        (Some(r), None) => {
            if reset.is_some() || material.is_some() {
                cx.error(span, "a repetition draw takes no reset or material");
            }
            DrawKind::Repetition { count: positive(cx, r)? }
        }
        (None, Some(m)) => {
            let count = positive(cx, m)?;
            let mut events = Vec::new();
            if let Some(rn) = reset {
                for (name, espan) in cx.strings(rn).unwrap_or_default() {
                    if name == "capture" {
                        events.push(Event::Capture);
                    } else if let Some(p) = names.piece(&name) {
                        events.push(Event::PieceMoves(p));
                    } else {
                        cx.error(espan, format!("unknown event '{name}'; expected capture or a piece type"));
                    }
                }
            }
            let material = match material {
                None => None,
                Some(mn) => {
                    let mt = cx.table(mn)?;
                    let mut mf = Fields::new(mt, "material");
                    let mut side = |cx: &mut Cx, key: &'static str| -> Option<(crate::syntax::Pred, String)> {
                        let Some(node) = mf.get(key) else {
                            cx.error(mn.span, format!("material needs {key} = \"<predicate over pieces and piece counts>\""));
                            return None;
                        };
                        let text = cx.string(node)?;
                        let pred = match syntax::parse_predicate(&text) {
                            Ok(p) => p,
                            Err(err) => {
                                cx.syntax_error(node, err);
                                return None;
                            }
                        };
                        // Check the names now: pieces and the piece types.
                        let lookup = |n: &str| (n == "pieces" || names.piece(n).is_some()).then_some(0);
                        if let Err(mut err) = pred.eval(&lookup) {
                            let known: Vec<&str> = std::iter::once("pieces").chain(names.pieces.iter().map(|p| p.name.as_str())).collect();
                            err.message = format!("{}; a material condition counts: {}", err.message, known.join(", "));
                            cx.syntax_error(node, err);
                            return None;
                        }
                        Some((pred, text))
                    };
                    let strong = side(cx, "strong");
                    let weak = side(cx, "weak");
                    mf.finish(cx);
                    let ((strong, a), (weak, b)) = (strong?, weak?);
                    Some(Box::new(Material { strong, weak, text: format!("{a} against {b}") }))
                }
            };
            if events.is_empty() && material.is_none() {
                cx.error(span, "a move-count draw needs reset = [...] events or a material condition");
            }
            DrawKind::Counter { plies: count * 2, reset: events, material }
        }
        (Some(_), Some(_)) => {
            cx.error(span, "a draw rule is either repetition = N or moves = N, not both");
            return None;
        }
        (None, None) => {
            cx.error(span, "a draw rule needs repetition = N or moves = N");
            return None;
        }
    };
    let reason = reason.unwrap_or_else(|| crate::describe::draw_reason(&kind, names.pieces));
    Some(DrawRule { kind, reason })
}

fn read_notation(cx: &mut Cx, t: &Table, span: Span, names: &Names) -> Notation {
    let mut f = Fields::new(t, "[notation]");
    let position = f.get("position");
    let king = f.get("king");
    let game_type = f.get("game-type").and_then(|n| match &n.value {
        Value::Int(v) => Some(v.to_string()),
        _ => cx.string(n),
    });
    f.finish(cx);
    let notation = |position| Notation { position, game_type: game_type.clone() };
    let pdn = position.and_then(|p| cx.keyword(p, "position notation", &[("rows", false), ("pdn", true)]));
    match pdn {
        None | Some(false) => notation(PositionNotation::Rows),
        Some(true) => {
            let owned: Vec<usize> = names.pieces.iter().enumerate().filter(|(_, p)| p.owned).map(|(i, _)| i).collect();
            let king_name = king.and_then(|k| cx.string(k));
            let (man, king) = match (owned.as_slice(), king_name) {
                ([a, b], Some(k)) => {
                    let k = names.piece(&k);
                    match k {
                        Some(k) if k as usize == *a => (*b, *a),
                        Some(k) if k as usize == *b => (*a, *b),
                        _ => {
                            cx.error(span, "king = names one of the two piece types");
                            return Notation { position: PositionNotation::Rows, game_type: None };
                        }
                    }
                }
                ([_, _], None) => {
                    cx.error(span, "PDN notation needs king = \"<the piece written with K>\"");
                    return Notation { position: PositionNotation::Rows, game_type: None };
                }
                _ => {
                    cx.error(span, "PDN notation needs exactly two piece types that belong to players (man and king)");
                    return Notation { position: PositionNotation::Rows, game_type: None };
                }
            };
            notation(PositionNotation::Pdn { man: man as PieceTypeId, king: king as PieceTypeId })
        }
    }
}

fn read_end(cx: &mut Cx, t: &Table, span: Span, names: &Names) -> Option<EndRule> {
    let mut f = Fields::new(t, "[[end]]");
    let cond_node = f.get("if");
    let result_node = f.get("result");
    let reason = f.get("reason").and_then(|n| cx.string(n));
    f.finish(cx);
    let Some(cond_node) = cond_node else {
        cx.error(span, "an end rule needs if = \"<condition>\"");
        return None;
    };
    let text = cx.string(cond_node)?;
    let ast = match syntax::parse_condition(&text) {
        Ok(a) => a,
        Err(err) => {
            cx.syntax_error(cond_node, err);
            return None;
        }
    };
    let condition = compile_condition(cx, cond_node, &ast, names)?;
    let Some(result_node) = result_node else {
        cx.error(span, "an end rule needs result = \"mover wins\" | \"mover loses\" | \"draw\" | \"most pieces\"");
        return None;
    };
    let verdict = match cx.string(result_node)?.as_str() {
        "mover wins" | "next loses" => Verdict::MoverWins,
        "mover loses" | "next wins" => Verdict::NextWins,
        "draw" => Verdict::Draw,
        "most pieces" => Verdict::MostPieces,
        other => {
            cx.error(
                result_node.span,
                format!("unknown result '{other}'; expected mover wins, mover loses, next wins, next loses, draw or most pieces"),
            );
            return None;
        }
    };
    let reason = reason.unwrap_or_else(|| crate::describe::reason(&condition, verdict));
    Some(EndRule { condition, verdict, reason, text, span: cond_node.span })
}

fn compile_condition(cx: &mut Cx, node: &Node, ast: &CondAst, names: &Names) -> Option<Condition> {
    Some(match ast {
        CondAst::Or(parts) => Condition::Or(parts.iter().map(|p| compile_condition(cx, node, p, names)).collect::<Option<_>>()?),
        CondAst::And(parts) => Condition::And(parts.iter().map(|p| compile_condition(cx, node, p, names)).collect::<Option<_>>()?),
        CondAst::Not(inner) => Condition::Not(Box::new(compile_condition(cx, node, inner, names)?)),
        CondAst::Test { call, who } => {
            let mut args = Args::new(call);
            let (test, default_who) = match call.name.as_str() {
                "line" => {
                    let mut len = None;
                    let mut exact = false;
                    let mut dirs = names.direction_set("all");
                    for arg in args.positional() {
                        match &arg.value {
                            ArgValue::Int(_) if len.is_none() => len = uint_arg(cx, node, arg),
                            ArgValue::Name(n) if n == "exact" => exact = true,
                            ArgValue::Name(_) => dirs = dir_set_arg(cx, node, arg, names),
                            _ => arg_error(cx, node, arg, "line() takes a length, 'exact' and a direction set"),
                        }
                    }
                    let Some(len) = len.filter(|&l| l >= 2) else {
                        call_error(cx, node, call, "line() needs a length of at least 2, e.g. line(4)");
                        return None;
                    };
                    (Test::Line { len, exact, dirs: dirs? }, Who::Mover)
                }
                "no-moves" => {
                    if *who == Some(Who::Mover) {
                        call_error(cx, node, call, "no-moves looks at the player to move; drop 'by mover'");
                    }
                    (Test::NoMoves, Who::Next)
                }
                "no-pieces" => (Test::NoPieces, Who::Next),
                other => {
                    call_error(cx, node, call, format!("unknown test '{other}'; expected line, no-moves or no-pieces"));
                    return None;
                }
            };
            args.finish(cx, node);
            Condition::Test(test, who.unwrap_or(default_who))
        }
    })
}

fn read_test(cx: &mut Cx, t: &Table, span: Span) -> Option<TestCase> {
    let mut f = Fields::new(t, "[[tests]]");
    let mut case = TestCase { span, ..TestCase::default() };
    case.name = f.get("name").and_then(|n| cx.string(n)).unwrap_or_else(|| "unnamed test".into());
    case.position = f.get("position").and_then(|n| cx.string(n));
    case.after = f.get("after").and_then(|n| cx.string(n));
    case.moves = f.get("moves").and_then(|n| cx.strings(n)).map(|v| v.into_iter().map(|(s, _)| s).collect());
    case.legal = f.get("legal").and_then(|n| cx.strings(n)).map(|v| v.into_iter().map(|(s, _)| s).collect()).unwrap_or_default();
    case.illegal = f.get("illegal").and_then(|n| cx.strings(n)).map(|v| v.into_iter().map(|(s, _)| s).collect()).unwrap_or_default();
    case.count = f.get("count").and_then(|n| match n.value {
        Value::Int(v) if v >= 0 => Some(v as u64),
        _ => {
            cx.expect_type(n, "a non-negative integer");
            None
        }
    });
    if let Some(n) = f.get("perft")
        && let Some(items) = cx.array(n)
    {
        for item in items {
            match item.value {
                Value::Int(v) if v >= 0 => case.perft.push(v as u64),
                _ => cx.expect_type(item, "a non-negative integer"),
            }
        }
    }
    case.result = f.get("result").and_then(|n| cx.string(n));
    f.finish(cx);
    Some(case)
}

fn read_interpretation(cx: &mut Cx, t: &Table, span: Span) -> Option<Interpretation> {
    let mut f = Fields::new(t, "[[interpretations]]");
    let rule = f.get("rule").and_then(|n| cx.string(n));
    let seed = f.get("seed").and_then(|n| cx.string(n)).unwrap_or_default();
    f.finish(cx);
    match rule {
        Some(rule) => Some(Interpretation { rule, seed }),
        None => {
            cx.error(span, "an interpretation needs rule = \"...\"");
            None
        }
    }
}
