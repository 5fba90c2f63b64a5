//! The event file, both ways: reading a file (the text format or CSV) into an [`Event`], with
//! every problem at its line and column, and writing the lines of the text format (a player, a
//! duel) so that they read back as written.

use std::collections::HashMap;

/// How a duel ended, from the first-named player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Res {
    /// `1-0`
    FirstWon,
    /// `0-1`
    SecondWon,
    /// `1/2-1/2` or `draw`
    Draw,
}

impl Res {
    pub(super) fn parse(token: &str) -> Option<Res> {
        match token {
            "1-0" => Some(Res::FirstWon),
            "0-1" => Some(Res::SecondWon),
            "1/2-1/2" | "draw" => Some(Res::Draw),
            _ => None,
        }
    }

    pub(super) fn token(self) -> &'static str {
        match self {
            Res::FirstWon => "1-0",
            Res::SecondWon => "0-1",
            Res::Draw => "1/2-1/2",
        }
    }
}

const RESULTS: &str = "1-0 (the first player won), 0-1 (the second won), 1/2-1/2 or draw";

/// A player: a name, and the school and category when the file gives them.
#[derive(Clone, Debug, Default)]
pub struct Entrant {
    pub name: String,
    pub school: Option<String>,
    pub category: Option<String>,
}

/// One duel: the line it is on, the game (an index into [`Event::games`]), the two players
/// (indices into [`Event::players`]) and the result.
#[derive(Clone, Debug)]
pub struct Duel {
    pub line: usize,
    pub game: usize,
    pub first: usize,
    pub second: usize,
    pub result: Res,
}

/// An event as read: players and games in the order the file first names them, duels in file order.
#[derive(Clone, Debug, Default)]
pub struct Event {
    pub players: Vec<Entrant>,
    pub games: Vec<String>,
    pub duels: Vec<Duel>,
}

/// A word of a line and the column (in characters, from 1) where it starts.
#[derive(Clone, Debug)]
struct Word {
    text: String,
    column: usize,
    /// The whole word was one quoted string (`"player"` is a name, not the keyword).
    quoted: bool,
}

/// What is wrong with an event file, at its place.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct EventError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

fn error_at(file: &str, line: usize, column: usize, message: impl std::fmt::Display) -> EventError {
    EventError { file: file.to_string(), line, column, message: message.to_string() }
}

/// True for a file name that ends in `.csv` (in any case): its text is read as CSV.
pub fn has_csv_extension(path: &str) -> bool {
    std::path::Path::new(path).extension().is_some_and(|e| e.eq_ignore_ascii_case("csv"))
}

/// Reads an event: CSV when `csv` (the file's extension) says so or when the first line that is
/// not blank or a comment names columns (`game,first,...`), else the text format.
pub fn parse_event(file: &str, text: &str, csv: bool) -> Result<Event, EventError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Names and games are printed in the standings: no terminal escapes, no text turned around.
    for (number, line) in text.lines().enumerate() {
        if let Some((column, c)) = line.chars().enumerate().find(|&(_, c)| hetproba_engine::rules::text::is_hidden(c) && c != '\t') {
            let what = hetproba_engine::rules::text::hidden_kind(c);
            let why = if what == "invisible character" {
                "an event file holds no characters that show nothing (format characters, line and paragraph separators)"
            } else {
                "an event file holds no control characters but tab, and no bidirectional controls"
            };
            return Err(error_at(file, number + 1, column + 1, format!("{what} {}; {why}", hetproba_engine::rules::text::char_name(c))));
        }
    }
    let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#'));
    let separator = first.and_then(|l| {
        let comma = l.find(',');
        let semicolon = l.find(';');
        let separator = match (comma, semicolon) {
            (Some(c), Some(s)) => Some(if s < c { ';' } else { ',' }),
            (Some(_), None) => Some(','),
            (None, Some(_)) => Some(';'),
            (None, None) => None,
        }?;
        let head = l.split(separator).next().unwrap_or_default().trim().trim_matches('"');
        (csv || head.eq_ignore_ascii_case("game")).then_some(separator)
    });
    let mut reader = Reader { file, event: Event::default(), index: HashMap::new(), declared: Vec::new() };
    match separator.or(csv.then_some(',')) {
        Some(separator) => reader.csv(text, separator)?,
        None => reader.text(text)?,
    }
    Ok(reader.event)
}

/// Where each player's school and category were given, for the message when a later line says
/// otherwise.
#[derive(Clone, Default)]
struct Declared {
    line: Option<usize>,
    school: Option<usize>,
    category: Option<usize>,
}

struct Reader<'a> {
    file: &'a str,
    event: Event,
    index: HashMap<String, usize>,
    declared: Vec<Declared>,
}

/// The columns of a CSV file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Column {
    Game,
    First,
    Second,
    Result,
    FirstSchool,
    FirstCategory,
    SecondSchool,
    SecondCategory,
}

const COLUMNS: [(&str, Column); 8] = [
    ("game", Column::Game),
    ("first", Column::First),
    ("second", Column::Second),
    ("result", Column::Result),
    ("first school", Column::FirstSchool),
    ("first category", Column::FirstCategory),
    ("second school", Column::SecondSchool),
    ("second category", Column::SecondCategory),
];

impl Reader<'_> {
    fn player(&mut self, name: &str) -> usize {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        self.event.players.push(Entrant { name: name.to_string(), ..Entrant::default() });
        self.declared.push(Declared::default());
        self.index.insert(name.to_string(), self.event.players.len() - 1);
        self.event.players.len() - 1
    }

    fn game(&mut self, name: &str) -> usize {
        match self.event.games.iter().position(|g| g == name) {
            Some(i) => i,
            None => {
                self.event.games.push(name.to_string());
                self.event.games.len() - 1
            }
        }
    }

    /// Sets a player's school (`school`) or category; a different value than an earlier line's
    /// is an error at `word`.
    fn set(&mut self, player: usize, school: bool, word: &Word, line: usize) -> Result<(), EventError> {
        let what = if school { "school" } else { "category" };
        if word.text.is_empty() {
            return Err(error_at(self.file, line, word.column, format!("the {what} is empty")));
        }
        let entrant = &mut self.event.players[player];
        let (slot, at) = if school {
            (&mut entrant.school, &mut self.declared[player].school)
        } else {
            (&mut entrant.category, &mut self.declared[player].category)
        };
        match (slot.as_ref(), *at) {
            (Some(old), Some(at)) if *old != word.text => Err(error_at(
                self.file,
                line,
                word.column,
                format!("'{}' is of {what} '{old}' at line {at}, not '{}'", entrant.name, word.text),
            )),
            (Some(_), _) => Ok(()),
            (None, _) => {
                *slot = Some(word.text.clone());
                *at = Some(line);
                Ok(())
            }
        }
    }

    /// Checks and adds a duel: its two players, different, neither named like a result. Returns
    /// the two players.
    fn duel(&mut self, line: usize, game: &Word, first: &Word, second: &Word, result: &Word) -> Result<(usize, usize), EventError> {
        let file = self.file;
        if game.text.is_empty() {
            return Err(error_at(file, line, game.column, "the game is empty"));
        }
        for (word, which) in [(first, "first"), (second, "second")] {
            if word.text.is_empty() {
                return Err(error_at(file, line, word.column, format!("the {which} player's name is empty")));
            }
            if Res::parse(&word.text).is_some() {
                return Err(error_at(
                    file,
                    line,
                    word.column,
                    format!("'{}' is a result, not a player: a duel is GAME FIRST SECOND RESULT", word.text),
                ));
            }
        }
        if first.text == second.text {
            return Err(error_at(
                file,
                line,
                second.column,
                format!("the duel names '{}' twice: a player cannot duel themself", second.text),
            ));
        }
        let result = Res::parse(&result.text).ok_or_else(|| {
            let shown = if result.text.is_empty() { "an empty result".to_string() } else { format!("unknown result '{}'", result.text) };
            error_at(file, line, result.column, format!("{shown}; expected {RESULTS}"))
        })?;
        let game = self.game(&game.text);
        let (first, second) = (self.player(&first.text), self.player(&second.text));
        self.event.duels.push(Duel { line, game, first, second, result });
        Ok((first, second))
    }

    /// The text format: `player NAME [school=S] [category=C]` lines and `GAME FIRST SECOND RESULT`
    /// lines; `#` starts a comment; words with spaces are quoted.
    fn text(&mut self, text: &str) -> Result<(), EventError> {
        for (i, line) in text.lines().enumerate() {
            let number = i + 1;
            let words = split_words(self.file, number, line)?;
            let Some(head) = words.first() else { continue };
            if head.text == "player" && !head.quoted {
                self.declaration(number, line, &words)?;
                continue;
            }
            let end = line.chars().count() + 1;
            let missing = ["the first player", "the second player", "the result"];
            if words.len() < 4 {
                let last = &words[words.len() - 1];
                return Err(error_at(
                    self.file,
                    number,
                    end,
                    format!("{} is missing after '{}': a duel is GAME FIRST SECOND RESULT", missing[words.len() - 1], last.text),
                ));
            }
            if let Some(extra) = words.get(4) {
                return Err(error_at(
                    self.file,
                    number,
                    extra.column,
                    format!("'{}' after the result: a duel is GAME FIRST SECOND RESULT (quote a name with spaces)", extra.text),
                ));
            }
            self.duel(number, &words[0], &words[1], &words[2], &words[3])?;
        }
        Ok(())
    }

    /// `player NAME [school=S] [category=C]`.
    fn declaration(&mut self, number: usize, line: &str, words: &[Word]) -> Result<(), EventError> {
        let file = self.file;
        let Some(name) = words.get(1) else {
            return Err(error_at(file, number, line.chars().count() + 1, "'player' needs a name: player NAME [school=S] [category=C]"));
        };
        if name.text.is_empty() {
            return Err(error_at(file, number, name.column, "the player's name is empty"));
        }
        if name.text.contains('=') && !name.quoted {
            return Err(error_at(file, number, name.column, format!("'{}' is not a name: player NAME [school=S] [category=C]", name.text)));
        }
        if Res::parse(&name.text).is_some() {
            return Err(error_at(file, number, name.column, format!("'{}' is a result, not a player", name.text)));
        }
        let player = self.player(&name.text);
        if let Some(at) = self.declared[player].line {
            return Err(error_at(file, number, name.column, format!("'{}' is declared already at line {at}", name.text)));
        }
        self.declared[player].line = Some(number);
        let mut seen: Vec<&str> = Vec::new();
        for word in &words[2..] {
            let Some((key, value)) = word.text.split_once('=') else {
                return Err(error_at(
                    file,
                    number,
                    word.column,
                    format!("'{}' is not KEY=VALUE; expected school=S or category=C", word.text),
                ));
            };
            let school = match key {
                "school" => true,
                "category" => false,
                _ => return Err(error_at(file, number, word.column, format!("unknown key '{key}'; expected school or category"))),
            };
            if seen.contains(&key) {
                return Err(error_at(file, number, word.column, format!("'{key}' is given twice")));
            }
            seen.push(if school { "school" } else { "category" });
            let value = Word { text: value.to_string(), column: word.column + key.chars().count() + 1, quoted: word.quoted };
            self.set(player, school, &value, number)?;
        }
        Ok(())
    }

    /// CSV: a header naming the columns, then one duel a row.
    fn csv(&mut self, text: &str, separator: char) -> Result<(), EventError> {
        let file = self.file;
        let mut columns: Option<Vec<Column>> = None;
        for (i, line) in text.lines().enumerate() {
            let number = i + 1;
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            let cells = split_cells(file, number, line, separator)?;
            if cells.iter().all(|c| c.text.is_empty()) {
                continue;
            }
            let Some(columns) = &columns else {
                columns = Some(self.header(number, &cells)?);
                continue;
            };
            if let Some(extra) = cells.get(columns.len()..).and_then(|rest| rest.iter().find(|c| !c.text.is_empty())) {
                return Err(error_at(
                    file,
                    number,
                    extra.column,
                    format!("'{}' is beyond the header's {} columns", extra.text, columns.len()),
                ));
            }
            let end = line.chars().count() + 1;
            let cell = |wanted: Column| {
                let at = columns.iter().position(|&c| c == wanted)?;
                Some(cells.get(at).cloned().unwrap_or(Word { text: String::new(), column: end, quoted: false }))
            };
            let required = |wanted: Column| cell(wanted).unwrap_or(Word { text: String::new(), column: end, quoted: false });
            let (game, first, second, result) =
                (required(Column::Game), required(Column::First), required(Column::Second), required(Column::Result));
            let (first, second) = self.duel(number, &game, &first, &second, &result)?;
            for (player, column, school) in [
                (first, Column::FirstSchool, true),
                (first, Column::FirstCategory, false),
                (second, Column::SecondSchool, true),
                (second, Column::SecondCategory, false),
            ] {
                if let Some(word) = cell(column).filter(|w| !w.text.is_empty()) {
                    self.set(player, school, &word, number)?;
                }
            }
        }
        if columns.is_none() {
            return Err(error_at(file, 1, 1, format!("no header line: a CSV event starts with {}", header_names())));
        }
        Ok(())
    }

    fn header(&self, number: usize, cells: &[Word]) -> Result<Vec<Column>, EventError> {
        let mut columns = Vec::new();
        for cell in cells {
            let name = cell.text.to_lowercase().replace(['_', '-'], " ").split_whitespace().collect::<Vec<_>>().join(" ");
            let Some(&(_, column)) = COLUMNS.iter().find(|(n, _)| *n == name) else {
                let message = if columns.is_empty() {
                    format!("'{}' is not a column name: the first line of a CSV event names its columns, {}", cell.text, header_names())
                } else {
                    format!("unknown column '{}'; expected {}", cell.text, header_names())
                };
                return Err(error_at(self.file, number, cell.column, message));
            };
            if columns.contains(&column) {
                return Err(error_at(self.file, number, cell.column, format!("the column '{}' is named twice", cell.text)));
            }
            columns.push(column);
        }
        let missing: Vec<&str> = COLUMNS[..4].iter().filter(|(_, c)| !columns.contains(c)).map(|(n, _)| *n).collect();
        if !missing.is_empty() {
            let end = cells.last().map_or(1, |c| c.column + c.text.chars().count());
            return Err(error_at(
                self.file,
                number,
                end,
                format!("the header lacks the column {}: expected {}", missing.join(", "), header_names()),
            ));
        }
        Ok(columns)
    }
}

fn header_names() -> String {
    "game, first, second, result (and optionally first school, first category, second school, second category)".into()
}

/// The words of a text line: split at white space, `"..."` quoting spaces and `#`, a `#` outside
/// quotes starting a comment.
fn split_words(file: &str, number: usize, line: &str) -> Result<Vec<Word>, EventError> {
    let chars: Vec<char> = line.chars().collect();
    let mut words = Vec::new();
    let mut i = 0;
    loop {
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        if i >= chars.len() || chars[i] == '#' {
            return Ok(words);
        }
        let start = i;
        let mut text = String::new();
        let mut quotes = 0;
        while i < chars.len() && !chars[i].is_whitespace() && chars[i] != '#' {
            if chars[i] == '"' {
                let open = i;
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    text.push(chars[i]);
                    i += 1;
                }
                if i >= chars.len() {
                    return Err(error_at(file, number, open + 1, format!("the quote before '{text}' is not closed")));
                }
                quotes += 1;
            } else {
                text.push(chars[i]);
            }
            i += 1;
        }
        let quoted = quotes == 1 && chars[start] == '"' && chars[i - 1] == '"';
        words.push(Word { text, column: start + 1, quoted });
    }
}

/// The cells of a CSV row: separated by `separator`, trimmed, `"..."` quoting (`""` is a quote).
fn split_cells(file: &str, number: usize, line: &str, separator: char) -> Result<Vec<Word>, EventError> {
    let chars: Vec<char> = line.chars().collect();
    let mut cells = Vec::new();
    let mut i = 0;
    loop {
        while i < chars.len() && chars[i] != separator && chars[i].is_whitespace() {
            i += 1;
        }
        let start = i;
        let mut text = String::new();
        let quoted = i < chars.len() && chars[i] == '"';
        if quoted {
            i += 1;
            loop {
                match chars.get(i) {
                    None => return Err(error_at(file, number, start + 1, format!("the quote before '{text}' is not closed"))),
                    Some('"') if chars.get(i + 1) == Some(&'"') => {
                        text.push('"');
                        i += 2;
                    }
                    Some('"') => {
                        i += 1;
                        break;
                    }
                    Some(&c) => {
                        text.push(c);
                        i += 1;
                    }
                }
            }
            while i < chars.len() && chars[i] != separator && chars[i].is_whitespace() {
                i += 1;
            }
            if i < chars.len() && chars[i] != separator {
                let rest: String = chars[i..].iter().take_while(|&&c| c != separator).collect();
                return Err(error_at(file, number, i + 1, format!("'{}' after a quoted cell; expected '{separator}'", rest.trim())));
            }
        } else {
            while i < chars.len() && chars[i] != separator {
                text.push(chars[i]);
                i += 1;
            }
            text = text.trim_end().to_string();
        }
        cells.push(Word { text, column: start + 1, quoted });
        if i >= chars.len() {
            return Ok(cells);
        }
        i += 1;
    }
}

/// A player's name as the text format can write it: not empty, no double quote, not a result.
pub fn checked_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() || name.contains('"') || Res::parse(name).is_some() || name.chars().any(hetproba_engine::rules::text::is_hidden) {
        return Err(format!(
            "'{}' is not a player's name (not empty, no double quotes, no control characters, not a result)",
            hetproba_engine::rules::text::quote(name)
        ));
    }
    Ok(name.to_string())
}

/// A duel's line in the text format (`GAME FIRST SECOND RESULT`, words quoted where they need
/// it), for a desk that enters duels as they are played; refused, at its place in the line, as
/// [`parse_event`] would refuse it.
pub fn duel_line(game: &str, first: &str, second: &str, result: &str) -> Result<String, EventError> {
    let line = [game, first, second, result].map(|w| quote(w.trim())).join("  ");
    parse_event("duel", &line, false).map(|_| line)
}

/// A player's line in the text format (`player NAME [school=S] [category=C]`), refused as
/// [`parse_event`] would refuse it.
pub fn player_line(name: &str, school: Option<&str>, category: Option<&str>) -> Result<String, EventError> {
    let mut line = format!("player {}", quote(name.trim()));
    for (key, value) in [("school", school), ("category", category)] {
        if let Some(value) = value {
            line += &format!("  {key}={}", quote(value.trim()));
        }
    }
    parse_event("player", &line, false).map(|_| line)
}

/// A word as the text format reads it back: quoted when it holds spaces or `#`, or could be read
/// as the keyword `player`.
pub(super) fn quote(word: &str) -> String {
    if word.is_empty() || word == "player" || word.chars().any(|c| c.is_whitespace() || c == '#' || c == '"') {
        format!("\"{word}\"")
    } else {
        word.to_string()
    }
}
