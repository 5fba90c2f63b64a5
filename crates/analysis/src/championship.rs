//! `championship`: the standings of an event played as Mészáros Mihály's competition notice for
//! the Hétpróbások Bajnoksága 2016 ("versenykiírás", game rules pp.17-19) describes it: duels in
//! several games, one base point a won duel, and for each won duel a trophy worth the beaten
//! player's base points at the end of the event; at most three opponents a game, at most two duels
//! with the same opponent; players of the same school play each other only hors concours. And
//! events simulated with computer players, to try the scoring end to end.
//!
//! The file format, the options and every interpretation the notice leaves open are in
//! `docs/championship.md`. The pieces: [`parse_event`] (text or CSV to an [`Event`]),
//! [`judge`] (limits and points to [`Standings`]), [`write_text`] and [`to_json`], and
//! [`simulate`] (a schedule under the limits, each duel played by the engine, written as an event
//! file that is then read back like any other).

use crate::Workers;
use hetproba_ai::{Rng, Timer};
use hetproba_engine::{Game, Position, Session};
use hetproba_play::{AgentSpec, Ending, Match};
use serde_json::{Value, json};
use std::collections::HashMap;

/// The most different opponents a player may duel in one game.
pub const OPPONENTS_PER_GAME: usize = 3;
/// The most duels two players may play against each other (in the event, or in one game).
pub const DUELS_PER_OPPONENT: usize = 2;
/// A simulated duel that has not ended after this many plies is adjudicated a draw (the same cap
/// the MCTS player puts on its playouts).
pub const PLY_CAP: usize = 2000;

/// Where the same-opponent limit counts duels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Over the whole event (the notice's words: "with the same opponent at most two games").
    Event,
    /// In each game apart.
    Game,
}

impl Scope {
    /// `event` or `game`, as the option and the JSON write it.
    pub fn name(self) -> &'static str {
        match self {
            Scope::Event => "event",
            Scope::Game => "game",
        }
    }
}

// ----------------------------------------------------------------------------------------------
// The event

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
    fn parse(token: &str) -> Option<Res> {
        match token {
            "1-0" => Some(Res::FirstWon),
            "0-1" => Some(Res::SecondWon),
            "1/2-1/2" | "draw" => Some(Res::Draw),
            _ => None,
        }
    }

    fn token(self) -> &'static str {
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

// ----------------------------------------------------------------------------------------------
// Limits and points

/// What became of a duel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Counted and won: the winner earns 1 + the loser's final base points.
    Won { winner: usize, loser: usize },
    /// Counted, drawn: no points.
    Drawn,
    /// The two players are of the same school: shown, not scored, not counted for the limits.
    HorsConcours,
    /// It would break a limit (the sentences say which): shown, not scored, not counted.
    OverLimit(Vec<String>),
}

/// One player's tally over the counted duels (of the event, or of one game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    /// Duels won.
    pub base: u32,
    /// The beaten opponents' final base points, one term a won duel.
    pub trophy: u32,
}

impl Tally {
    pub fn total(&self) -> u32 {
        self.base + self.trophy
    }
}

/// Everything the report shows.
pub struct Standings<'e> {
    pub event: &'e Event,
    pub scope: Scope,
    /// One a duel, in file order.
    pub status: Vec<Status>,
    /// One a player: over the event's counted duels.
    pub overall: Vec<Tally>,
    /// One a game, one a player.
    pub per_game: Vec<Vec<Tally>>,
}

impl Standings<'_> {
    /// The points the winner earned for duel `i`: 1 + the beaten player's final base points.
    pub fn points(&self, i: usize) -> u32 {
        match self.status[i] {
            Status::Won { loser, .. } => 1 + self.overall[loser].base,
            _ => 0,
        }
    }
}

/// The duels counted so far: whom each player met in each game, and the lines of each pair's
/// duels (in the event, or in each game).
struct Limits {
    scope: Scope,
    opponents: HashMap<(usize, usize), Vec<usize>>,
    pairs: HashMap<(usize, usize, Option<usize>), Vec<usize>>,
}

/// A limit a duel would break.
enum Breach {
    /// `player` would meet a 4th opponent in the game; `met` are the three.
    Opponents { player: usize, met: Vec<usize> },
    /// The pair played twice already, on these lines.
    SameOpponent { lines: Vec<usize> },
}

impl Limits {
    fn new(scope: Scope) -> Limits {
        Limits { scope, opponents: HashMap::new(), pairs: HashMap::new() }
    }

    fn pair(&self, game: usize, a: usize, b: usize) -> (usize, usize, Option<usize>) {
        (a.min(b), a.max(b), (self.scope == Scope::Game).then_some(game))
    }

    fn met(&self, player: usize, game: usize) -> &[usize] {
        self.opponents.get(&(player, game)).map_or(&[], Vec::as_slice)
    }

    fn breaches(&self, game: usize, a: usize, b: usize) -> Vec<Breach> {
        let mut found = Vec::new();
        for (player, opponent) in [(a, b), (b, a)] {
            let met = self.met(player, game);
            if !met.contains(&opponent) && met.len() >= OPPONENTS_PER_GAME {
                found.push(Breach::Opponents { player, met: met.to_vec() });
            }
        }
        let lines = self.pairs.get(&self.pair(game, a, b)).cloned().unwrap_or_default();
        if lines.len() >= DUELS_PER_OPPONENT {
            found.push(Breach::SameOpponent { lines });
        }
        found
    }

    fn add(&mut self, game: usize, a: usize, b: usize, line: usize) {
        for (player, opponent) in [(a, b), (b, a)] {
            let met = self.opponents.entry((player, game)).or_default();
            if !met.contains(&opponent) {
                met.push(opponent);
            }
        }
        let key = self.pair(game, a, b);
        self.pairs.entry(key).or_default().push(line);
    }
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn breach_words(event: &Event, scope: Scope, duel: &Duel, breach: &Breach) -> String {
    let name = |p: usize| event.players[p].name.as_str();
    let game = &event.games[duel.game];
    match breach {
        Breach::Opponents { player, met } => format!(
            "{}'s {} opponent in {game}; at most {OPPONENTS_PER_GAME} opponents a game (met: {})",
            name(*player),
            ordinal(met.len() + 1),
            met.iter().map(|&p| name(p)).collect::<Vec<_>>().join(", ")
        ),
        Breach::SameOpponent { lines } => format!(
            "the {} duel of {} and {} {}; at most {DUELS_PER_OPPONENT} with the same opponent (lines {})",
            ordinal(lines.len() + 1),
            name(duel.first),
            name(duel.second),
            match scope {
                Scope::Event => "in the event".to_string(),
                Scope::Game => format!("in {game}"),
            },
            lines.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
        ),
    }
}

fn same_school(event: &Event, a: usize, b: usize) -> bool {
    matches!((&event.players[a].school, &event.players[b].school), (Some(x), Some(y)) if x == y)
}

/// Judges an event: each duel in file order is hors concours (same school), over a limit (not
/// counted), or counted; then base points, trophies and totals.
pub fn judge(event: &Event, scope: Scope) -> Standings<'_> {
    let mut limits = Limits::new(scope);
    let mut status = Vec::with_capacity(event.duels.len());
    for duel in &event.duels {
        let (a, b) = (duel.first, duel.second);
        if same_school(event, a, b) {
            status.push(Status::HorsConcours);
            continue;
        }
        let breaches = limits.breaches(duel.game, a, b);
        if !breaches.is_empty() {
            status.push(Status::OverLimit(breaches.iter().map(|br| breach_words(event, scope, duel, br)).collect()));
            continue;
        }
        limits.add(duel.game, a, b, duel.line);
        status.push(match duel.result {
            Res::FirstWon => Status::Won { winner: a, loser: b },
            Res::SecondWon => Status::Won { winner: b, loser: a },
            Res::Draw => Status::Drawn,
        });
    }
    let players = event.players.len();
    let mut overall = vec![Tally::default(); players];
    let mut per_game = vec![vec![Tally::default(); players]; event.games.len()];
    // Base points first: a trophy is the beaten player's base points at the end of the event.
    for (duel, status) in event.duels.iter().zip(&status) {
        for tally in [&mut overall, &mut per_game[duel.game]] {
            match *status {
                Status::Won { winner, loser } => {
                    tally[winner].won += 1;
                    tally[winner].base += 1;
                    tally[loser].lost += 1;
                }
                Status::Drawn => {
                    tally[duel.first].drawn += 1;
                    tally[duel.second].drawn += 1;
                }
                Status::HorsConcours | Status::OverLimit(_) => {}
            }
        }
    }
    let base: Vec<u32> = overall.iter().map(|t| t.base).collect();
    for (duel, status) in event.duels.iter().zip(&status) {
        if let Status::Won { winner, loser } = *status {
            overall[winner].trophy += base[loser];
            per_game[duel.game][winner].trophy += base[loser];
        }
    }
    Standings { event, scope, status, overall, per_game }
}

/// A ranked row: the rank, whether it is shared, the player.
struct Ranked {
    rank: usize,
    tied: bool,
    player: usize,
}

/// Ranks players by total, then base points; equal totals and base points share a rank (the next
/// rank skips: 1, 2=, 2=, 4). Within a tie, by name.
fn rank(event: &Event, tallies: &[Tally], players: impl Iterator<Item = usize>) -> Vec<Ranked> {
    let mut order: Vec<usize> = players.collect();
    let key = |p: usize| (tallies[p].total(), tallies[p].base);
    order.sort_by(|&a, &b| key(b).cmp(&key(a)).then_with(|| event.players[a].name.cmp(&event.players[b].name)));
    let mut ranked: Vec<Ranked> = Vec::with_capacity(order.len());
    for (i, &player) in order.iter().enumerate() {
        let rank = match ranked.last() {
            Some(prev) if key(prev.player) == key(player) => prev.rank,
            _ => i + 1,
        };
        ranked.push(Ranked { rank, tied: false, player });
    }
    for i in 0..ranked.len() {
        let shared = |j: usize| ranked.get(j).is_some_and(|r: &Ranked| r.rank == ranked[i].rank);
        let tied = (i > 0 && shared(i - 1)) || shared(i + 1);
        ranked[i].tied = tied;
    }
    ranked
}

/// The players who played a counted duel in a game.
fn game_players(standings: &Standings, game: usize) -> impl Iterator<Item = usize> {
    let tallies = &standings.per_game[game];
    (0..tallies.len()).filter(|&p| tallies[p].won + tallies[p].drawn + tallies[p].lost > 0)
}

/// The categories in the order players are first named, then players without one (`None`), if
/// any player has a category.
fn categories(event: &Event) -> Vec<Option<&str>> {
    let mut found: Vec<Option<&str>> = Vec::new();
    for p in &event.players {
        let c = p.category.as_deref();
        if c.is_some() && !found.contains(&c) {
            found.push(c);
        }
    }
    if !found.is_empty() && event.players.iter().any(|p| p.category.is_none()) {
        found.push(None);
    }
    found
}

/// A built-in ruleset's name, when the game is one.
fn ruleset_name(game: &str) -> Option<String> {
    hetproba_engine::rules::load_builtin(game, &[]).and_then(Result::ok).map(|r| r.name)
}

struct Counts {
    won: usize,
    drawn: usize,
    hors_concours: usize,
    over_limit: usize,
}

fn counts(standings: &Standings) -> Counts {
    let mut c = Counts { won: 0, drawn: 0, hors_concours: 0, over_limit: 0 };
    for s in &standings.status {
        match s {
            Status::Won { .. } => c.won += 1,
            Status::Drawn => c.drawn += 1,
            Status::HorsConcours => c.hors_concours += 1,
            Status::OverLimit(_) => c.over_limit += 1,
        }
    }
    c
}

fn limits_words(scope: Scope) -> String {
    format!(
        "at most {OPPONENTS_PER_GAME} opponents a game; at most {DUELS_PER_OPPONENT} duels with the same opponent {}",
        match scope {
            Scope::Event => "in the whole event",
            Scope::Game => "in each game",
        }
    )
}

// ----------------------------------------------------------------------------------------------
// Reports

/// Columns separated by two spaces; the first `left` columns aligned left, the rest right.
fn table(head: &[&str], rows: &[Vec<String>], left: usize) -> String {
    let width = |c: usize| rows.iter().map(|r| r[c].chars().count()).chain([head[c].chars().count()]).max().unwrap_or(0);
    let widths: Vec<usize> = (0..head.len()).map(width).collect();
    let line = |cells: Vec<&str>| {
        let mut out = String::new();
        for (c, cell) in cells.iter().enumerate() {
            let pad = " ".repeat(widths[c] - cell.chars().count());
            if c > 0 {
                out.push_str("  ");
            }
            if c < left {
                out.push_str(cell);
                out.push_str(&pad);
            } else {
                out.push_str(&pad);
                out.push_str(cell);
            }
        }
        out.trim_end().to_string() + "\n"
    };
    let mut out = line(head.to_vec());
    for row in rows {
        out += &line(row.iter().map(String::as_str).collect());
    }
    out
}

fn rank_label(r: &Ranked) -> String {
    if r.tied { format!("{}=", r.rank) } else { r.rank.to_string() }
}

fn tally_cells(t: &Tally) -> [String; 6] {
    [t.won, t.drawn, t.lost, t.base, t.trophy, t.total()].map(|n| n.to_string())
}

const TALLY_HEAD: [&str; 6] = ["won", "drawn", "lost", "base", "trophy", "total"];

/// The standings table of some players; `details` adds the school and category columns the
/// event uses.
fn standings_table(standings: &Standings, tallies: &[Tally], players: impl Iterator<Item = usize>, details: bool) -> String {
    let event = standings.event;
    let schools = details && event.players.iter().any(|p| p.school.is_some());
    let cats = details && event.players.iter().any(|p| p.category.is_some());
    let mut head = vec!["rank", "player"];
    if schools {
        head.push("school");
    }
    if cats {
        head.push("category");
    }
    let left = head.len();
    head.extend(TALLY_HEAD);
    let rows: Vec<Vec<String>> = rank(event, tallies, players)
        .iter()
        .map(|r| {
            let p = &event.players[r.player];
            let mut row = vec![rank_label(r), p.name.clone()];
            if schools {
                row.push(p.school.clone().unwrap_or_else(|| "-".into()));
            }
            if cats {
                row.push(p.category.clone().unwrap_or_else(|| "-".into()));
            }
            row.extend(tally_cells(&tallies[r.player]));
            row
        })
        .collect();
    table(&head, &rows, left)
}

fn duel_words(event: &Event, duel: &Duel) -> String {
    format!(
        "line {}: {}  {} - {}  {}",
        duel.line,
        event.games[duel.game],
        event.players[duel.first].name,
        event.players[duel.second].name,
        duel.result.token()
    )
}

/// The report people read. It names no file, so a simulated event's report and the report of
/// the file it wrote are the same text.
pub fn write_text(standings: &Standings) -> String {
    let event = standings.event;
    let c = counts(standings);
    let mut out = format!(
        "Standings: {} players, {} duels ({} won, {} drawn, {} hors concours, {} over a limit)\n",
        event.players.len(),
        event.duels.len(),
        c.won,
        c.drawn,
        c.hors_concours,
        c.over_limit
    );
    out += &format!("Limits: {}\n", limits_words(standings.scope));
    out += "Score: 1 base point a won duel, plus a trophy: the beaten player's base points at the end\n\n";
    if event.players.is_empty() {
        out += "no player\n";
    } else {
        out += &standings_table(standings, &standings.overall, 0..event.players.len(), true);
    }
    let cats = categories(event);
    for category in &cats {
        out += &format!("\nCategory {}\n", category.unwrap_or("(none)"));
        let members = (0..event.players.len()).filter(|&p| event.players[p].category.as_deref() == *category);
        out += &standings_table(standings, &standings.overall, members, false);
    }
    for (g, game) in event.games.iter().enumerate() {
        let duels =
            event.duels.iter().zip(&standings.status).filter(|(d, s)| d.game == g && matches!(s, Status::Won { .. } | Status::Drawn));
        let title = match ruleset_name(game) {
            Some(name) => format!("{game} ({name})"),
            None => format!("{game} (not a built-in ruleset)"),
        };
        match duels.count() {
            0 => out += &format!("\nGame {title}: no duel counted\n"),
            n => {
                out += &format!("\nGame {title}: {n} {} counted\n", if n == 1 { "duel" } else { "duels" });
                out += &standings_table(standings, &standings.per_game[g], game_players(standings, g), false);
            }
        }
    }
    let hors: Vec<String> = event
        .duels
        .iter()
        .zip(&standings.status)
        .filter(|(_, s)| **s == Status::HorsConcours)
        .map(|(d, _)| format!("{}  (both of {})", duel_words(event, d), event.players[d.first].school.as_deref().unwrap_or_default()))
        .collect();
    out += &section("Hors concours (same school; shown, not scored)", &hors);
    let over: Vec<String> = event
        .duels
        .iter()
        .zip(&standings.status)
        .filter_map(|(d, s)| match s {
            Status::OverLimit(why) => Some(format!("{}: {}", duel_words(event, d), why.join("; and "))),
            _ => None,
        })
        .collect();
    out += &section("Over a limit (shown, not scored)", &over);
    out
}

/// A titled list of lines, or the title and "none".
fn section(title: &str, lines: &[String]) -> String {
    if lines.is_empty() {
        return format!("\n{title}: none\n");
    }
    let mut out = format!("\n{title}:\n");
    for line in lines {
        out += line;
        out.push('\n');
    }
    out
}

fn rows_json(standings: &Standings, tallies: &[Tally], players: impl Iterator<Item = usize>, details: bool) -> Value {
    let event = standings.event;
    rank(event, tallies, players)
        .iter()
        .map(|r| {
            let p = &event.players[r.player];
            let t = &tallies[r.player];
            let mut row = json!({"rank": r.rank, "tied": r.tied, "player": p.name});
            if details {
                row["school"] = json!(p.school);
                row["category"] = json!(p.category);
            }
            for (k, v) in TALLY_HEAD.iter().zip([t.won, t.drawn, t.lost, t.base, t.trophy, t.total()]) {
                row[*k] = json!(v);
            }
            row
        })
        .collect()
}

/// The same report for tools (the shape is in docs/championship.md).
pub fn to_json(standings: &Standings) -> Value {
    let event = standings.event;
    let c = counts(standings);
    let games: Vec<Value> = event
        .games
        .iter()
        .enumerate()
        .map(|(g, game)| {
            let counted =
                event.duels.iter().zip(&standings.status).filter(|(d, s)| d.game == g && matches!(s, Status::Won { .. } | Status::Drawn));
            json!({
                "game": game,
                "ruleset": ruleset_name(game),
                "duels": counted.count(),
                "standings": rows_json(standings, &standings.per_game[g], game_players(standings, g), false),
            })
        })
        .collect();
    let categories: Vec<Value> = categories(event)
        .iter()
        .map(|category| {
            let members = (0..event.players.len()).filter(|&p| event.players[p].category.as_deref() == *category);
            json!({"category": category, "standings": rows_json(standings, &standings.overall, members, false)})
        })
        .collect();
    let duels: Vec<Value> = event
        .duels
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let (status, winner, breaks) = match &standings.status[i] {
                Status::Won { winner, .. } => ("won", Some(event.players[*winner].name.as_str()), vec![]),
                Status::Drawn => ("drawn", None, vec![]),
                Status::HorsConcours => ("hors concours", None, vec![]),
                Status::OverLimit(why) => ("over limit", None, why.clone()),
            };
            json!({
                "line": d.line,
                "game": event.games[d.game],
                "first": event.players[d.first].name,
                "second": event.players[d.second].name,
                "result": d.result.token(),
                "status": status,
                "winner": winner,
                "points": standings.points(i),
                "breaks": breaks,
            })
        })
        .collect();
    json!({
        "limits": {
            "opponents_per_game": OPPONENTS_PER_GAME,
            "duels_with_same_opponent": DUELS_PER_OPPONENT,
            "same_opponent": standings.scope.name(),
        },
        "counts": {
            "players": event.players.len(),
            "duels": event.duels.len(),
            "won": c.won,
            "drawn": c.drawn,
            "hors_concours": c.hors_concours,
            "over_limit": c.over_limit,
        },
        "standings": rows_json(standings, &standings.overall, 0..event.players.len(), true),
        "categories": categories,
        "games": games,
        "duels": duels,
    })
}

// ----------------------------------------------------------------------------------------------
// Simulation

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
fn quote(word: &str) -> String {
    if word.is_empty() || word == "player" || word.chars().any(|c| c.is_whitespace() || c == '#' || c == '"') {
        format!("\"{word}\"")
    } else {
        word.to_string()
    }
}

/// Plays one duel to its end (or `cap` plies: adjudicated a draw, as everywhere; a simulated event
/// caps at [`PLY_CAP`]); the first agent moves first. Returns the result and a note for the event
/// file.
pub fn play_duel(game: &Game, first: &AgentSpec, second: &AgentSpec, seed: u64, cap: usize, timer: &dyn Timer) -> (Res, String) {
    let start = Session::new(game, Position::start(game));
    let mut duel = Match::new(start, &[], [first.clone(), second.clone()], seed, timer).with_cap(Some(cap));
    let Ok(()) = duel.run(&mut hetproba_play::matches::Computers);
    let outcome = duel.outcome().expect("a duel of computers ends by its rules or the cap");
    let result = match outcome.winner {
        None => Res::Draw,
        Some(w) if w.index() == 0 => Res::FirstWon,
        Some(_) => Res::SecondWon,
    };
    let note = match duel.ending() {
        Some(Ending::Cap(_)) => format!("no end within {cap} plies: counted as a draw"),
        _ => format!("{} plies; {}", duel.plies(), outcome.describe(game)),
    };
    (result, note)
}

/// A planned duel: the game (index into the games), the player who moves first, the other.
struct Pairing {
    game: usize,
    first: usize,
    second: usize,
}

/// The pairings: rounds in which every player, in each game, in an order shuffled from the seed
/// (games mixed, so no game comes first), challenges one opponent drawn from those it may still
/// meet in that game (another school, not met in this game yet, within both limits), until a
/// round adds no duel. Who moves first is drawn too. Results do not matter: draws count for the
/// limits like wins.
fn pairings(players: &[(String, AgentSpec)], schools: &HashMap<String, String>, games: usize, scope: Scope, rng: &mut Rng) -> Vec<Pairing> {
    let mut limits = Limits::new(scope);
    let mut planned = Vec::new();
    let n = players.len();
    let school = |p: usize| schools.get(&players[p].0);
    loop {
        let before = planned.len();
        let mut turns: Vec<(usize, usize)> = (0..games).flat_map(|g| (0..n).map(move |p| (g, p))).collect();
        for i in (1..turns.len()).rev() {
            turns.swap(i, rng.below(i + 1));
        }
        for (game, p) in turns {
            let candidates: Vec<usize> = (0..n)
                .filter(|&q| q != p)
                .filter(|&q| school(p).is_none() || school(p) != school(q))
                .filter(|&q| !limits.met(p, game).contains(&q))
                .filter(|&q| limits.breaches(game, p, q).is_empty())
                .collect();
            if candidates.is_empty() {
                continue;
            }
            let q = candidates[rng.below(candidates.len())];
            limits.add(game, p, q, planned.len() + 1);
            let (first, second) = if rng.below(2) == 0 { (p, q) } else { (q, p) };
            planned.push(Pairing { game, first, second });
        }
        if planned.len() == before {
            return planned;
        }
    }
}

/// An event to simulate.
pub struct Simulation<'a> {
    /// The players and their agents, in the order given.
    pub players: &'a [(String, AgentSpec)],
    /// The games.
    pub games: &'a [Game],
    /// Schools, (player, school), in the order given.
    pub schools: &'a [(String, String)],
    /// The seed of the pairings and of the agents.
    pub seed: u64,
    pub scope: Scope,
}

/// Why an event cannot be simulated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimulateError {
    #[error("the players name '{0}' twice")]
    PlayerTwice(String),
    #[error("an event needs at least two players")]
    TooFewPlayers,
    #[error("the schools name '{0}', who is not a player")]
    SchoolOfNobody(String),
    #[error("the schools name '{0}' twice")]
    SchoolTwice(String),
    #[error("the games name '{0}' twice")]
    GameTwice(String),
    #[error("'{0}' cannot be human in a simulated event; use random or mcts")]
    Human(String),
}

/// Plays a whole event and returns its event file (text format), the duels in the order planned.
pub fn simulate(sim: &Simulation, workers: &Workers, timer: &dyn Timer) -> Result<String, SimulateError> {
    let players = sim.players;
    for (i, (name, spec)) in players.iter().enumerate() {
        if players[..i].iter().any(|(other, _)| other == name) {
            return Err(SimulateError::PlayerTwice(name.clone()));
        }
        if spec.is_human() {
            return Err(SimulateError::Human(name.clone()));
        }
    }
    if players.len() < 2 {
        return Err(SimulateError::TooFewPlayers);
    }
    let mut schools = HashMap::new();
    for (name, school) in sim.schools {
        if !players.iter().any(|(p, _)| p == name) {
            return Err(SimulateError::SchoolOfNobody(name.clone()));
        }
        if schools.insert(name.clone(), school.clone()).is_some() {
            return Err(SimulateError::SchoolTwice(name.clone()));
        }
    }
    let games = sim.games;
    for (i, game) in games.iter().enumerate() {
        if games[..i].iter().any(|g| g.rules().id == game.rules().id) {
            return Err(SimulateError::GameTwice(game.rules().id.clone()));
        }
    }
    let (seed, scope) = (sim.seed, sim.scope);
    let mut rng = Rng::new(seed);
    let mut planned = pairings(players, &schools, games.len(), scope, &mut rng);
    // Grouped by game for the reader; any order of these duels keeps within the limits, since
    // the whole set does.
    planned.sort_by_key(|p| p.game);
    let seeds: Vec<(&Pairing, u64)> = planned.iter().map(|p| (p, rng.next_u64())).collect();
    let results: Vec<(Res, String)> =
        workers.map(&seeds, |&(p, seed)| play_duel(&games[p.game], &players[p.first].1, &players[p.second].1, seed, PLY_CAP, timer));

    let agents: Vec<String> = players.iter().map(|(name, spec)| format!("{name}={}", spec.label())).collect();
    let ids: Vec<&str> = games.iter().map(|g| g.rules().id.as_str()).collect();
    let mut command = format!(
        "hetproba championship --simulate --players {} --games {} --seed {seed}",
        shell_word(&agents.join(",")),
        shell_word(&ids.join(","))
    );
    if !sim.schools.is_empty() {
        let pairs: Vec<String> = sim.schools.iter().map(|(n, s)| format!("{n}={s}")).collect();
        command += &format!(" --schools {}", shell_word(&pairs.join(",")));
    }
    if scope == Scope::Game {
        command += " --same-opponent game";
    }
    let mut out = format!("# A championship simulated by hetproba, seed {seed}:\n# {command}\n");
    out += &format!("# Limits: {}.\n", limits_words(scope));
    if scope == Scope::Game {
        out += "# Read it back with --same-opponent game.\n";
    }
    out += &format!("# The first player named moved first; a game without an end within {PLY_CAP} plies is a draw.\n\n");
    let width = players.iter().map(|(n, _)| quote(n).chars().count()).max().unwrap_or(0);
    for (name, spec) in players {
        let mut line = format!("player {:width$}", quote(name));
        if let Some(school) = schools.get(name) {
            line += &format!("  school={}", quote(school));
        }
        out += &format!("{}  # {}\n", line, spec.label());
    }
    out += "\n";
    let game_width = ids.iter().map(|id| quote(id).chars().count()).max().unwrap_or(0);
    for (p, (result, note)) in planned.iter().zip(&results) {
        out += &format!(
            "{:game_width$}  {:width$}  {:width$}  {:7}  # {note}\n",
            quote(ids[p.game]),
            quote(&players[p.first].0),
            quote(&players[p.second].0),
            result.token()
        );
    }
    Ok(out)
}

/// A word for a shell command line: quoted unless it is only letters, digits and `,.:=/_-`.
fn shell_word(word: &str) -> String {
    if word.chars().all(|c| c.is_alphanumeric() || ",.:=/_-".contains(c)) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}
