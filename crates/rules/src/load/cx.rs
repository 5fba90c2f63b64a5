//! What every section reads with: `Cx` (the diagnostics and the typed readers), `Fields` and
//! `Args` (which report what nobody asked for), the argument helpers of move patterns and end
//! conditions, and `Names`, the table the later sections look names up in.

use crate::model::{
    DirSetId, DirectionSet, Landing, PieceType, PieceTypeId, PieceTypeSet, Player, PlayerId, Region, RegionId, Track, TrackId,
};
use crate::source::{Diagnostic, Sources, Span};
use crate::syntax::{self, ArgValue, Call, SyntaxError};
use crate::tree::{Node, Table, Value};
use hetproba_board::Board;

/// The start of the ruleset's own file, for problems that have no better place.
pub(crate) fn file_start() -> Span {
    Span { file: 0, start: 0, end: 1 }
}

pub(crate) struct Cx {
    pub(crate) sources: Sources,
    pub(crate) diags: Vec<Diagnostic>,
}

impl Cx {
    pub(crate) fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diags.push(Diagnostic::at(span, message));
    }

    pub(crate) fn expect_type(&mut self, node: &Node, wanted: &str) {
        let found = node.value.kind();
        self.error(node.span, format!("expected {wanted}, found {found}"));
    }

    pub(crate) fn string(&mut self, node: &Node) -> Option<String> {
        match &node.value {
            Value::Str(s) => Some(s.clone()),
            _ => {
                self.expect_type(node, "a string");
                None
            }
        }
    }

    /// A string that names something shown in one line (a game's id or name, a player's name):
    /// no line breaks or tabs, and for an id (`word`) no spaces either. (Control and
    /// bidirectional characters are refused in every string.)
    pub(crate) fn name(&mut self, node: &Node, what: &str, word: bool) -> Option<String> {
        let text = self.string(node)?;
        if text.is_empty() || text.contains(['\n', '\r', '\t']) || (word && text.contains(char::is_whitespace)) {
            let rule = if word { "a word, without spaces" } else { "one line of text" };
            self.error(node.span, format!("{what} must be {rule}"));
            return None;
        }
        Some(text)
    }

    pub(crate) fn boolean(&mut self, node: &Node) -> Option<bool> {
        match node.value {
            Value::Bool(b) => Some(b),
            _ => {
                self.expect_type(node, "true or false");
                None
            }
        }
    }

    /// A string that must be one of `choices`; anything else is reported as
    /// "`what` must be a, b or c, not 'x'".
    pub(crate) fn keyword<T: Copy>(&mut self, node: &Node, what: &str, choices: &[(&str, T)]) -> Option<T> {
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

    pub(crate) fn table<'t>(&mut self, node: &'t Node) -> Option<&'t Table> {
        match &node.value {
            Value::Table(t) => Some(t),
            _ => {
                self.expect_type(node, "a table");
                None
            }
        }
    }

    pub(crate) fn array<'t>(&mut self, node: &'t Node) -> Option<&'t [Node]> {
        match &node.value {
            Value::Array(items) => Some(items),
            _ => {
                self.expect_type(node, "an array");
                None
            }
        }
    }

    pub(crate) fn strings(&mut self, node: &Node) -> Option<Vec<(String, Span)>> {
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
    pub(crate) fn inner_span(&self, node: &Node, at: &std::ops::Range<usize>) -> Span {
        let offset = self.content_offset(node);
        node.span.sub(offset + at.start, (at.end - at.start).max(1))
    }

    pub(crate) fn syntax_error(&mut self, node: &Node, err: SyntaxError) {
        let span = self.inner_span(node, &err.at);
        self.diags.push(Diagnostic::at(span, err.message));
    }
}

/// Reads a table's keys one by one and reports the keys nobody asked for.
pub(crate) struct Fields<'t> {
    table: &'t Table,
    used: Vec<bool>,
    known: Vec<&'static str>,
    what: String,
}

impl<'t> Fields<'t> {
    pub(crate) fn new(table: &'t Table, what: impl Into<String>) -> Fields<'t> {
        Fields { table, used: vec![false; table.entries.len()], known: Vec::new(), what: what.into() }
    }

    pub(crate) fn get(&mut self, key: &'static str) -> Option<&'t Node> {
        self.known.push(key);
        let index = self.table.entries.iter().position(|(k, _)| k.name == key)?;
        self.used[index] = true;
        Some(&self.table.entries[index].1)
    }

    /// A key's node, without asking for it.
    pub(crate) fn peek(&self, key: &str) -> Option<&'t Node> {
        self.table.entries.iter().find(|(k, _)| k.name == key).map(|(_, n)| n)
    }

    pub(crate) fn finish(self, cx: &mut Cx) {
        self.finish_except(cx, &[]);
    }

    /// [`Fields::finish`], where the keys `others` (names the file defines, such as players')
    /// are known too.
    pub(crate) fn finish_except(self, cx: &mut Cx, others: &[String]) {
        for (i, (key, _)) in self.table.entries.iter().enumerate() {
            if !self.used[i] && !others.contains(&key.name) {
                // TOML puts a key written under a table header into that table.
                let misplaced = match key.name.as_str() {
                    "extends" | "remove" => "; it belongs at the top of the file, before the first [table]",
                    _ => "",
                };
                let known: Vec<&str> = self.known.iter().copied().chain(others.iter().map(String::as_str)).collect();
                cx.error(
                    key.span,
                    format!("unknown key '{}' in {}; expected one of: {}{misplaced}", key.name, self.what, known.join(", ")),
                );
            }
        }
    }
}

/// Names the later sections refer to, over what `[[players]]`, `[board]` and `[pieces]` defined.
pub(crate) struct Names<'a> {
    pub(crate) players: &'a [Player; 2],
    pub(crate) pieces: &'a [PieceType],
    pub(crate) direction_sets: &'a [DirectionSet],
    pub(crate) regions: &'a [Region],
    pub(crate) board: &'a Board,
    pub(crate) params: &'a [(String, i64)],
    /// The phases, once `[[phases]]` is read (empty before).
    pub(crate) phases: &'a [crate::model::Phase],
    /// What `[state]` counts and remembers, once it is read.
    pub(crate) tally: crate::model::Tally,
    pub(crate) tracks: &'a [Track],
}

impl Names<'_> {
    pub(crate) fn direction_set(&self, name: &str) -> Option<DirSetId> {
        self.direction_sets.iter().position(|d| d.name == name).map(DirSetId::new)
    }

    pub(crate) fn region(&self, name: &str) -> Option<RegionId> {
        self.regions.iter().position(|r| r.name == name).map(RegionId::new)
    }

    pub(crate) fn piece(&self, name: &str) -> Option<PieceTypeId> {
        self.pieces.iter().position(|p| p.name == name).map(PieceTypeId::new)
    }

    /// The value of a parameter.
    pub(crate) fn param(&self, name: &str) -> Option<i64> {
        self.params.iter().find(|(k, _)| k == name).map(|(_, v)| *v)
    }

    pub(crate) fn track(&self, name: &str) -> Option<TrackId> {
        self.tracks.iter().position(|t| t.name == name).map(|i| TrackId(i as u8))
    }

    pub(crate) fn player(&self, name: &str) -> Option<PlayerId> {
        self.players.iter().position(|p| p.name == name).map(|i| PlayerId(i as u8))
    }
}

pub(crate) fn read_list<T>(cx: &mut Cx, node: &Node, what: &str, mut read: impl FnMut(&mut Cx, &Table, Span) -> Option<T>) -> Vec<T> {
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

/// An integer, or a string with an expression over the parameters (`"size - 1"`).
pub(crate) fn int_expr(cx: &mut Cx, node: &Node, params: &[(String, i64)]) -> Option<i64> {
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

/// Checks a call's arguments: `positional` describes what positional arguments mean,
/// `keys` the keyword arguments it accepts.
pub(crate) struct Args<'a> {
    call: &'a Call,
    used: Vec<bool>,
}

impl<'a> Args<'a> {
    pub(crate) fn new(call: &'a Call) -> Args<'a> {
        Args { call, used: vec![false; call.args.len()] }
    }

    pub(crate) fn positional(&mut self) -> Vec<&'a crate::syntax::Arg> {
        let mut out = Vec::new();
        for (i, arg) in self.call.args.iter().enumerate() {
            if arg.key.is_none() && !self.used[i] {
                self.used[i] = true;
                out.push(arg);
            }
        }
        out
    }

    pub(crate) fn key(&mut self, key: &str) -> Option<&'a crate::syntax::Arg> {
        let i = self.call.args.iter().position(|a| a.key.as_deref() == Some(key))?;
        self.used[i] = true;
        Some(&self.call.args[i])
    }

    pub(crate) fn finish(self, cx: &mut Cx, node: &Node) {
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

pub(crate) fn arg_error(cx: &mut Cx, node: &Node, arg: &crate::syntax::Arg, message: impl Into<String>) {
    cx.syntax_error(node, SyntaxError { at: arg.at.clone(), message: message.into() });
}

pub(crate) fn call_error(cx: &mut Cx, node: &Node, call: &Call, message: impl Into<String>) {
    cx.syntax_error(node, SyntaxError { at: call.at.clone(), message: message.into() });
}

pub(crate) fn dir_set_arg(cx: &mut Cx, node: &Node, arg: &crate::syntax::Arg, names: &Names) -> Option<DirSetId> {
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
pub(crate) fn one_dir_set(cx: &mut Cx, node: &Node, call: &Call, args: &mut Args, names: &Names) -> Option<DirSetId> {
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

pub(crate) fn landing_arg(cx: &mut Cx, node: &Node, args: &mut Args, default: Landing) -> Landing {
    match args.key("to") {
        None => default,
        Some(arg) => match &arg.value {
            ArgValue::Name(n) if n == "empty" => Landing::Empty,
            ArgValue::Name(n) if n == "enemy" => Landing::Enemy,
            ArgValue::Name(n) if n == "any" => Landing::EmptyOrEnemy,
            ArgValue::Name(n) if n == "passed" => Landing::Passed,
            _ => {
                arg_error(cx, node, arg, "to= takes empty, enemy, any or passed");
                default
            }
        },
    }
}

/// `key=REGION`: a region name.
pub(crate) fn region_arg(cx: &mut Cx, node: &Node, arg: &crate::syntax::Arg, names: &Names) -> Option<RegionId> {
    match &arg.value {
        ArgValue::Name(r) => names.region(r).or_else(|| {
            let known: Vec<&str> = names.regions.iter().map(|r| r.name.as_str()).collect();
            arg_error(cx, node, arg, format!("no region '{r}'; the board has: {}", known.join(", ")));
            None
        }),
        _ => {
            arg_error(cx, node, arg, "expected a region name");
            None
        }
    }
}

/// `key=TYPE` or `key=TYPE|TYPE...`: piece types.
pub(crate) fn piece_types_arg(cx: &mut Cx, node: &Node, arg: &crate::syntax::Arg, names: &Names) -> Option<PieceTypeSet> {
    let listed: Vec<&str> = match &arg.value {
        ArgValue::Name(n) => vec![n.as_str()],
        ArgValue::Names(list) => list.iter().map(String::as_str).collect(),
        _ => {
            arg_error(cx, node, arg, "expected a piece type, or piece types joined by |");
            return None;
        }
    };
    let mut set = PieceTypeSet::EMPTY;
    for name in listed {
        match names.piece(name) {
            Some(t) => set.insert(t),
            None => {
                let known: Vec<&str> = names.pieces.iter().map(|p| p.name.as_str()).collect();
                arg_error(cx, node, arg, format!("no piece type '{name}'; the pieces are: {}", known.join(", ")));
                return None;
            }
        }
    }
    Some(set)
}

/// A non-negative integer argument: a number, or the name of a parameter, which stands for its
/// value (`line(connect)`, `max=reach`).
pub(crate) fn uint_arg(cx: &mut Cx, node: &Node, arg: &crate::syntax::Arg, names: &Names) -> Option<u32> {
    let range = 0..=i64::from(u16::MAX);
    match &arg.value {
        ArgValue::Int(v) if range.contains(v) => Some(*v as u32),
        ArgValue::Name(n) => match names.param(n) {
            Some(v) if range.contains(&v) => Some(v as u32),
            Some(v) => {
                arg_error(cx, node, arg, format!("parameter '{n}' is {v} here; this takes an integer from 0 to {}", u16::MAX));
                None
            }
            None => {
                let known: Vec<&str> = names.params.iter().map(|(k, _)| k.as_str()).collect();
                let listed = if known.is_empty() {
                    "this ruleset has no [params]".to_string()
                } else {
                    format!("the parameters are: {}", known.join(", "))
                };
                arg_error(cx, node, arg, format!("expected a non-negative integer or a parameter name, not '{n}'; {listed}"));
                None
            }
        },
        _ => {
            arg_error(cx, node, arg, "expected a non-negative integer");
            None
        }
    }
}
