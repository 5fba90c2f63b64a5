//! The ruleset file as a tree of values that remember where they were written.
//!
//! toml's `DeTable` gives spans; this tree adds the file they belong to, so that values merged
//! from an `extends` chain still point at the file that set them.

use crate::source::{Diagnostic, FileId, Span};
use toml::de::{DeTable, DeValue};

#[derive(Clone, Debug)]
pub enum Value {
    Str(String),
    Int(i64),
    Float(f64),
    Bool(bool),
    Array(Vec<Node>),
    Table(Table),
}

#[derive(Clone, Debug)]
pub struct Node {
    pub value: Value,
    pub span: Span,
}

#[derive(Clone, Debug, Default)]
pub struct Table {
    pub entries: Vec<(Key, Node)>,
}

#[derive(Clone, Debug)]
pub struct Key {
    pub name: String,
    pub span: Span,
}

impl Value {
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Str(_) => "a string",
            Value::Int(_) => "an integer",
            Value::Float(_) => "a float",
            Value::Bool(_) => "a boolean",
            Value::Array(_) => "an array",
            Value::Table(_) => "a table",
        }
    }
}

impl Table {
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.entries.iter().find(|(k, _)| k.name == key).map(|(_, v)| v)
    }

    /// Overlays `child` on `self`: tables merge key by key, everything else is replaced.
    pub fn merge(&mut self, child: Table) {
        for (key, node) in child.entries {
            match self.entries.iter_mut().find(|(k, _)| k.name == key.name) {
                Some((_, existing)) => match (&mut existing.value, node.value) {
                    (Value::Table(base), Value::Table(over)) => base.merge(over),
                    (_, value) => *existing = Node { value, span: node.span },
                },
                None => self.entries.push((key, node)),
            }
        }
    }
}

/// Parses TOML text into a spanned tree.
pub fn parse(file: FileId, text: &str) -> Result<Table, Diagnostic> {
    let table = DeTable::parse(text).map_err(|err| {
        let span = err.span().map(|r| Span::new(file, r)).unwrap_or(Span { file, start: 0, end: 0 });
        let message = err.message().trim().to_string();
        Diagnostic::at(span, format!("malformed TOML: {message}"))
    })?;
    convert_table(file, table.into_inner())
}

/// Refuses a control character (an escape such as `\u001b`, a carriage return alone, a bell) or
/// a bidirectional control (U+202E turns the text after it around) in a key or a string: names,
/// symbols and texts of a ruleset reach the terminal through `show`, `list`, `check` and `play`,
/// where such a character would move the cursor, change colours or disguise a name ([`crate::text`]).
/// A newline and a tab are text, and so is the carriage return of a Windows line end.
/// A key names something (a piece, a move, a region): it is one line, without tabs.
fn plain_text(span: Span, text: &str, is_key: bool) -> Result<(), Diagnostic> {
    if is_key && let Some(c) = text.chars().find(|&c| matches!(c, '\n' | '\r' | '\t')) {
        return Err(Diagnostic::at(
            span,
            format!("control character {} in a key; a key is a name on one line, without tabs", crate::text::char_name(c)),
        ));
    }
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let line_end = c == '\r' && chars.peek() == Some(&'\n');
        if crate::text::is_hidden(c) && c != '\n' && c != '\t' && !line_end {
            let what = crate::text::hidden_kind(c);
            let why = if what == "invisible character" {
                "a ruleset's text may hold no characters that show nothing (format characters, line and paragraph separators)"
            } else {
                "a ruleset's text may hold no control characters but newline and tab, and no bidirectional controls"
            };
            return Err(Diagnostic::at(span, format!("{what} {} in a string; {why}", crate::text::char_name(c))));
        }
    }
    Ok(())
}

fn convert_table(file: FileId, table: DeTable<'_>) -> Result<Table, Diagnostic> {
    let mut entries = Vec::with_capacity(table.len());
    for (key, value) in table {
        let key_span = Span::new(file, key.span());
        plain_text(key_span, key.get_ref(), true)?;
        let key = Key { name: key.into_inner().into_owned(), span: key_span };
        entries.push((key, convert(file, value)?));
    }
    Ok(Table { entries })
}

fn convert(file: FileId, value: toml::Spanned<DeValue<'_>>) -> Result<Node, Diagnostic> {
    let span = Span::new(file, value.span());
    let value = match value.into_inner() {
        DeValue::String(s) => {
            plain_text(span, &s, false)?;
            Value::Str(s.into_owned())
        }
        DeValue::Integer(i) => {
            let digits = i.as_str().replace('_', "");
            let digits = digits.trim_start_matches('+');
            let (negative, digits) = match digits.strip_prefix('-') {
                Some(rest) => (true, rest),
                None => (false, digits),
            };
            let digits = match i.radix() {
                16 => digits.trim_start_matches("0x"),
                8 => digits.trim_start_matches("0o"),
                2 => digits.trim_start_matches("0b"),
                _ => digits,
            };
            let magnitude = i64::from_str_radix(digits, i.radix()).map_err(|_| Diagnostic::at(span, "integer out of range"))?;
            Value::Int(if negative { -magnitude } else { magnitude })
        }
        DeValue::Float(f) => Value::Float(f.as_str().replace('_', "").parse().map_err(|_| Diagnostic::at(span, "bad float"))?),
        DeValue::Boolean(b) => Value::Bool(b),
        DeValue::Datetime(_) => return Err(Diagnostic::at(span, "dates have no meaning in a ruleset")),
        DeValue::Array(items) => Value::Array(items.into_iter().map(|v| convert(file, v)).collect::<Result<_, _>>()?),
        DeValue::Table(t) => Value::Table(convert_table(file, t)?),
    };
    Ok(Node { value, span })
}
