//! Source files, spans and diagnostics.

use std::fmt;

/// A ruleset file's text and the name shown in messages.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
}

/// The name a built-in ruleset (embedded in the binary) goes by in messages: `built-in 'ID'`,
/// not a path the user does not have.
pub fn builtin_name(id: &str) -> String {
    format!("built-in '{id}'")
}

/// The id of a built-in ruleset from the name [`builtin_name`] gives it.
pub fn builtin_id(name: &str) -> Option<&str> {
    name.strip_prefix("built-in '")?.strip_suffix('\'')
}

/// A place in a file: `path:line:column`, or `built-in 'ID', line 3, column 7`.
pub fn location(name: &str, line: usize, col: usize) -> String {
    if builtin_id(name).is_some() { format!("{name}, line {line}, column {col}") } else { format!("{name}:{line}:{col}") }
}

/// Index of a file in a [`Sources`] list.
pub type FileId = u32;

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(file: FileId, range: std::ops::Range<usize>) -> Span {
        Span { file, start: range.start as u32, end: range.end as u32 }
    }

    /// A sub-range of this span, `offset` bytes in, `len` bytes long (clamped to the span).
    pub fn sub(self, offset: usize, len: usize) -> Span {
        let start = (self.start + offset as u32).min(self.end);
        Span { file: self.file, start, end: (start + len as u32).min(self.end).max(start) }
    }
}

/// The files read while loading a ruleset (the file itself and every file it extends).
#[derive(Clone, Debug, Default)]
pub struct Sources {
    files: Vec<SourceFile>,
}

impl Sources {
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        self.files.push(SourceFile { name: name.into(), text: text.into() });
        (self.files.len() - 1) as FileId
    }

    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id as usize]
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, file: FileId, offset: u32) -> (usize, usize) {
        let text = &self.file(file).text;
        let offset = (offset as usize).min(text.len());
        let before = &text[..floor_char_boundary(text, offset)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, before[line_start..].chars().count() + 1)
    }
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// One problem found in a ruleset, with the place it points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub span: Option<Span>,
    pub message: String,
}

impl Diagnostic {
    pub fn at(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { span: Some(span), message: message.into() }
    }

    pub fn nowhere(message: impl Into<String>) -> Diagnostic {
        Diagnostic { span: None, message: message.into() }
    }

    /// `file:line:column: message` (`built-in 'ID', line L, column C: message` for a built-in
    /// ruleset), then the source line and a caret under the place.
    pub fn render(&self, sources: &Sources) -> String {
        match self.span {
            None => self.message.clone(),
            Some(span) => {
                let file = sources.file(span.file);
                let (line, col) = sources.line_col(span.file, span.start);
                let text = file.text.lines().nth(line - 1).unwrap_or("");
                let width = {
                    let (end_line, end_col) = sources.line_col(span.file, span.end);
                    if end_line == line { (end_col.saturating_sub(col)).max(1) } else { 1 }
                };
                // The line as it reads, with what would act on the terminal escaped, and the
                // caret under the same characters.
                let chars: Vec<char> = text.chars().collect();
                let part = |from: usize, to: usize| {
                    crate::text::escape(&chars[from.min(chars.len())..to.min(chars.len())].iter().collect::<String>())
                };
                let before = part(0, col - 1);
                let under = part(col - 1, col - 1 + width);
                format!(
                    "{}: {}\n  |\n  | {}\n  | {}{}",
                    location(&file.name, line, col),
                    self.message,
                    crate::text::escape(text),
                    " ".repeat(before.chars().count()),
                    "^".repeat(under.chars().count().max(1))
                )
            }
        }
    }

    /// `file:line:column: message` on one line.
    pub fn one_line(&self, sources: &Sources) -> String {
        match self.span {
            None => self.message.clone(),
            Some(span) => {
                let (line, col) = sources.line_col(span.file, span.start);
                format!("{}: {}", location(&sources.file(span.file).name, line, col), self.message)
            }
        }
    }
}

/// Everything wrong with a ruleset, with the files needed to show where.
#[derive(Clone, Debug)]
pub struct Report {
    pub sources: Sources,
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{}", d.render(&self.sources))?;
        }
        Ok(())
    }
}

impl std::error::Error for Report {}

impl Report {
    /// The first problem, as `file:line:column: message`.
    pub fn first_line(&self) -> String {
        self.diagnostics.first().map(|d| d.one_line(&self.sources)).unwrap_or_default()
    }
}
