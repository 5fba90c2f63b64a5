//! Source files, spans and diagnostics.

use std::fmt;

/// A ruleset file's text and the name shown in messages.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    /// The byte offset of each line's start: a place is found by a binary search, so that a
    /// file with thousands of errors is reported in time linear in its size.
    line_starts: Vec<usize>,
}

impl SourceFile {
    /// The text of line `line` (1-based), without its line end.
    fn line(&self, line: usize) -> &str {
        let start = self.line_starts.get(line - 1).copied().unwrap_or(self.text.len());
        let end = self.line_starts.get(line).map_or(self.text.len(), |&next| next - 1);
        self.text[start..end.max(start)].trim_end_matches('\r')
    }
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
        let text = text.into();
        let line_starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        self.files.push(SourceFile { name: name.into(), text, line_starts });
        (self.files.len() - 1) as FileId
    }

    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id as usize]
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, file: FileId, offset: u32) -> (usize, usize) {
        let file = self.file(file);
        let offset = floor_char_boundary(&file.text, (offset as usize).min(file.text.len()));
        let line = file.line_starts.partition_point(|&start| start <= offset);
        let line_start = file.line_starts[line - 1];
        (line, file.text[line_start..offset].chars().count() + 1)
    }
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Of a line longer than both together, the characters shown before a diagnostic's place and
/// after it (a 16 KiB line of brackets is not quoted whole).
const SHOWN_BEFORE: usize = 60;
const SHOWN_AFTER: usize = 60;

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
                let text = file.line(line);
                let width = {
                    let (end_line, end_col) = sources.line_col(span.file, span.end);
                    if end_line == line { (end_col.saturating_sub(col)).max(1) } else { 1 }
                };
                // The line as it reads, with what would act on the terminal escaped, and the
                // caret under the same characters; a long line is cut to the part around the
                // place, marked with `...` where it is cut.
                let chars: Vec<char> = text.chars().collect();
                let part = |from: usize, to: usize| {
                    crate::text::escape(&chars[from.min(chars.len())..to.min(chars.len())].iter().collect::<String>())
                };
                let width = width.min(SHOWN_AFTER);
                let (from, to) = if chars.len() <= SHOWN_BEFORE + SHOWN_AFTER {
                    (0, chars.len())
                } else {
                    let from = (col - 1).saturating_sub(SHOWN_BEFORE);
                    (from, (col - 1 + width + SHOWN_AFTER).min(chars.len()))
                };
                let cut_before = if from > 0 { "..." } else { "" };
                let cut_after = if to < chars.len() { "..." } else { "" };
                let before = format!("{cut_before}{}", part(from, col - 1));
                let under = part(col - 1, col - 1 + width);
                format!(
                    "{}: {}\n  |\n  | {cut_before}{}{cut_after}\n  | {}{}",
                    location(&file.name, line, col),
                    self.message,
                    part(from, to),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 38, finding 15: each error's place was found by reading the file from its start,
    /// so thousands of errors cost seconds. The line index gives the same places.
    #[test]
    fn places_are_found_by_the_line_index_as_by_reading_the_file() {
        let text = "a = 1\r\nb = \"ő é\"\n\n  c = [1, 2]\nlast line without an end";
        let mut sources = Sources::default();
        let file = sources.add("t.toml", text);
        for (offset, _) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
            let before = &text[..offset];
            let line = before.matches('\n').count() + 1;
            let column = before[before.rfind('\n').map_or(0, |i| i + 1)..].chars().count() + 1;
            assert_eq!(sources.line_col(file, offset as u32), (line, column), "offset {offset}");
        }
        // The line shown under a message is the place's, without its line end.
        let shown = Diagnostic::at(Span::new(file, 7..8), "here").render(&sources);
        assert!(shown.ends_with("  | b = \"ő é\"\n  | ^"), "{shown}");
        let shown = Diagnostic::at(Span::new(file, 0..1), "here").render(&sources);
        assert!(shown.contains("  | a = 1\n"), "{shown}");
    }

    /// Issue 38, finding 16: a place on a 16 KB line quoted the whole line under its caret.
    #[test]
    fn a_long_line_is_cut_around_the_place() {
        let line = format!("if = \"{}x{}\"", "(".repeat(8000), ")".repeat(8000));
        let mut sources = Sources::default();
        let file = sources.add("deep.toml", line.clone());
        let at = line.find('x').expect("the place");
        let shown = Diagnostic::at(Span::new(file, at..at + 1), "too deep").render(&sources);
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines.len(), 4, "{shown}");
        assert!(lines[2].len() < 200 && lines[2].starts_with("  | ...(((") && lines[2].ends_with(")))..."), "{}", lines[2]);
        // The caret stands under the place.
        let caret = lines[3].find('^').expect("a caret");
        assert_eq!(&lines[2][caret..caret + 1], "x");
        // A short line is shown whole.
        let short = sources.add("short.toml", "x = 1");
        assert!(Diagnostic::at(Span::new(short, 4..5), "here").render(&sources).contains("  | x = 1\n  |     ^"));
    }
}
