//! The library's face for the web board (`web/` in the repository): the page's JavaScript
//! calls these functions and classes through wasm-bindgen, and only this crate knows
//! JavaScript. Everything the page shows about a game is computed here: the board as SVG from
//! the board graph, the legal moves a click may continue, the names of moves, positions,
//! diagnostics and the description of the rules; the page only puts it on screen and passes
//! clicks back. Values cross as strings (SVG, HTML, JSON).
//!
//! Architecture invariant: no game is named here; the page draws whatever the ruleset declares.

pub mod desk;
pub mod draw;
pub mod editor;
pub mod figures;
#[cfg(test)]
mod fixtures;
pub mod input;
pub mod speed;
pub mod table;
pub mod think;
pub mod words;

use hetproba_engine::rules::model::PlayerId;
use hetproba_engine::rules::{builtin_ids, builtin_text, load_builtin};
use hetproba_play::AGENT_KINDS;
use serde::Serialize;
use std::time::Duration;
use table::{Source, Table};
use wasm_bindgen::prelude::*;
use words::Lang;

#[wasm_bindgen]
extern "C" {
    /// The page's (or the worker's) monotonic clock, in milliseconds.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The ai crate's [`hetproba_ai::Timer`] on the page's clock.
pub struct PageTimer;

impl hetproba_ai::Timer for PageTimer {
    fn now(&self) -> Duration {
        Duration::from_secs_f64(performance_now().max(0.0) / 1000.0)
    }
}

#[derive(Serialize)]
struct ListEntry {
    id: String,
    name: String,
    summary: String,
    players: Vec<String>,
}

/// The built-in rulesets, their words in language `lang` (`hu`, `en`) where the ruleset
/// gives them: `[{id, name, summary, players}]`.
#[wasm_bindgen]
pub fn list(lang: &str) -> String {
    let code = Lang::from_code(lang).code();
    let entries: Vec<ListEntry> = builtin_ids()
        .filter_map(|id| load_builtin(id, &[])?.ok())
        .map(|r| ListEntry {
            id: r.id.clone(),
            name: r.name_in(code).to_string(),
            summary: r.summary_in(code).to_string(),
            players: PlayerId::BOTH.iter().map(|&p| r.player_in(p, code).to_string()).collect(),
        })
        .collect();
    json(&entries)
}

fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// The page's clock, for the matches it keeps.
static PAGE_TIMER: PageTimer = PageTimer;

/// A game on the board, for the page.
#[wasm_bindgen(js_name = Table)]
pub struct WebTable {
    table: Table,
}

fn opened(source: Source, seed: f64) -> Result<WebTable, String> {
    Table::new(source, Vec::new(), seed as u64, &PAGE_TIMER).map(|table| WebTable { table }).map_err(|r| r.to_string())
}

#[wasm_bindgen(js_class = Table)]
impl WebTable {
    /// A built-in ruleset by its id; `seed` seeds the computer players.
    pub fn builtin(id: &str, seed: f64) -> Result<WebTable, String> {
        opened(Source::Builtin(id.to_string()), seed)
    }

    /// A ruleset from its text (`extends` among the built-ins); `name` is what messages call it.
    pub fn from_text(name: &str, text: &str, seed: f64) -> Result<WebTable, String> {
        opened(Source::Text { name: name.to_string(), text: text.to_string() }, seed)
    }

    /// The game a record is of (its `Ruleset` tag names a built-in), replayed: see
    /// [`WebTable::load_record`].
    pub fn from_record(text: &str, seed: f64) -> Result<WebTable, String> {
        let record = hetproba_play::Record::parse("record", text).map_err(|e| e.to_string())?;
        let id = record.tag("Ruleset").ok_or("the record names no ruleset (its [Ruleset] tag): open its game first")?;
        if builtin_text(id).is_none() {
            return Err(format!("the record is a game of '{id}', which is not a built-in ruleset: open its file first"));
        }
        let mut table = opened(Source::Builtin(id.to_string()), seed)?;
        table.load_record(text)?;
        Ok(table)
    }

    /// The ruleset's id.
    pub fn id(&self) -> String {
        self.table.game().rules().id.clone()
    }

    /// The ruleset's file.
    pub fn text(&self) -> String {
        self.table.source.text().to_string()
    }

    pub fn svg(&self) -> String {
        self.table.svg()
    }

    pub fn legend(&self) -> String {
        draw::legend(self.table.game(), self.table.lang)
    }

    /// The language of the words the table gives (`hu`, `en`; English for any other).
    pub fn set_lang(&mut self, lang: &str) {
        self.table.lang = Lang::from_code(lang);
    }

    /// The rules in words, as `show` prints them, in the table's language.
    pub fn rules_in_words(&self) -> String {
        use hetproba_engine::rules::describe;
        describe::rules_in_words_in(self.table.game().rules(), self.table.lang)
    }

    /// What the page shows besides the board, as JSON (see [`table::State`]; with the hands,
    /// [`table::Hand`]).
    pub fn state(&self) -> String {
        json(&self.table.state())
    }

    /// The clocks now, as JSON (see [`table::Clocks`]), or `null`.
    pub fn clocks(&self) -> String {
        json(&self.table.clocks())
    }

    /// Ends the game when the mover's time has run out; true when it did now.
    pub fn tick(&mut self) -> bool {
        self.table.tick()
    }

    /// A click on a cell or an edge arrow (its `data-key`), or on a type in the mover's hand
    /// (`h2`, the key [`table::Held`] gives); true when it played a move.
    pub fn click(&mut self, key: &str) -> bool {
        self.table.click(key).is_some()
    }

    /// Plays the `i`-th move offered to choose from.
    pub fn choose(&mut self, i: usize) -> bool {
        self.table.choose(i).is_some()
    }

    /// Plays a person's move written in the game's notation; the error says why not.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        self.table.play_text(text).map(|_| ())
    }

    /// Plays the move the worker chose for the computer to move.
    pub fn computer_move(&mut self, text: &str) -> Result<(), String> {
        self.table.computer_move(text).map(|_| ())
    }

    pub fn pass(&mut self) -> bool {
        self.table.pass()
    }

    /// Takes moves back as the match does; says what it did.
    pub fn undo(&mut self) -> String {
        self.table.undo()
    }

    pub fn goto(&mut self, plies: usize) {
        self.table.goto(plies)
    }

    /// A new game: the same start, players and clock.
    pub fn restart(&mut self) {
        self.table.restart()
    }

    pub fn flip(&mut self) {
        self.table.flipped = !self.table.flipped;
    }

    /// Resigns for the person at the table.
    pub fn resign(&mut self) -> bool {
        self.table.resign()
    }

    /// Who plays `side` (0 or 1): `human`, `random`, `mcts:1000`, any player the registry knows.
    pub fn set_player(&mut self, side: u8, text: &str) -> Result<(), String> {
        self.table.set_player(PlayerId(side.min(1)), text)
    }

    /// The clock (`5m`, `3m+2s`; empty for none); both clocks start again from it.
    pub fn set_clock(&mut self, text: &str) -> Result<(), String> {
        self.table.set_clock(text)
    }

    /// The clock's control as typed, or nothing.
    pub fn clock(&self) -> String {
        self.table.clock_text()
    }

    /// Starts from a position in the ruleset's notation.
    pub fn set_position(&mut self, text: &str) -> Result<(), String> {
        self.table.set_position(text)
    }

    /// Begins setting up a position by hand, from the one shown.
    pub fn setup_begin(&mut self) {
        self.table.setup_begin()
    }

    /// Puts a piece (a code from [`WebTable::pieces`], 0 for none) on a cell while setting up.
    pub fn setup_put(&mut self, cell: usize, code: u8) {
        self.table.setup_put(cell, code)
    }

    /// Starts the game from the pieces set up, `side` (0 or 1) to move.
    pub fn setup_end(&mut self, side: u8) -> Result<(), String> {
        self.table.setup_end(PlayerId(side.min(1)))
    }

    /// The pieces a position may hold: JSON `[{code, label, svg}]`.
    pub fn pieces(&self) -> String {
        json(&draw::palette(self.table.game(), self.table.lang))
    }

    /// The game's record (PDN where the ruleset writes its positions in PDN, else the plain format), as `play` writes it.
    pub fn record(&self) -> String {
        self.table.record_text()
    }

    /// Replays a record of this ruleset, checked as `replay` checks it.
    pub fn load_record(&mut self, text: &str) -> Result<(), String> {
        self.table.load_record(text)
    }

    /// A request for a worker: the computer's move (`hint` false) or a hint, as JSON.
    pub fn think_request(&self, hint: bool) -> String {
        think::request(&self.table, hint)
    }

    /// Marks the move a hint suggested on the board.
    pub fn show_hint(&mut self, text: &str) -> Result<(), String> {
        self.table.show_hint(text)
    }
}

#[derive(Serialize)]
struct Kind {
    name: &'static str,
    forms: &'static str,
    about: &'static str,
    examples: &'static [&'static str],
}

/// The players the play crate's registry knows, for the page's menus: JSON
/// `[{name, forms, about, examples}]`.
#[wasm_bindgen]
pub fn agents() -> String {
    let kinds: Vec<Kind> =
        AGENT_KINDS.iter().map(|k| Kind { name: k.name, forms: k.forms, about: k.about, examples: k.examples }).collect();
    json(&kinds)
}

/// The championship desk's report for an event's text: JSON `{error: {line, column, message,
/// text}, html, text, last}` (see [`desk::Report`]); `scope` is `event` or `game`, `lang` the
/// tables' language.
#[wasm_bindgen]
pub fn desk_report(text: &str, scope: &str, lang: &str) -> String {
    json(&desk::report(text, desk::scope(scope), Lang::from_code(lang)))
}

/// The names of a duel about to be entered that the event does not know yet, each with the
/// nearest known one: JSON `[{field, name, suggestion}]` (see [`desk::unknown_names`]).
#[wasm_bindgen]
pub fn desk_unknown(text: &str, game: &str, first: &str, second: &str) -> String {
    let builtins: Vec<&str> = builtin_ids().collect();
    json(&desk::unknown_names(text, game, first, second, &builtins))
}

/// A duel's line for the desk's event, as the event format writes it, or why it cannot be one.
#[wasm_bindgen]
pub fn desk_duel(game: &str, first: &str, second: &str, result: &str) -> Result<String, String> {
    hetproba_analysis::championship::duel_line(game, first, second, result).map_err(|e| e.message)
}

/// A player's line (`player NAME school=S category=C`; empty school or category left out).
#[wasm_bindgen]
pub fn desk_player(name: &str, school: &str, category: &str) -> Result<String, String> {
    hetproba_analysis::championship::player_line(name, given(school), given(category)).map_err(|e| e.message)
}

/// A text field's value, if it says something.
fn given(text: &str) -> Option<&str> {
    Some(text.trim()).filter(|t| !t.is_empty())
}

/// Checks a ruleset's text as `check` does: JSON `{ok, errors: [{line, column, message, text}],
/// words, tests: {passed, failures: [...]}}`, the rules in words in language `lang` (`hu`, `en`).
#[wasm_bindgen]
pub fn check(name: &str, text: &str, lang: &str) -> String {
    json(&editor::check(name, text, Lang::from_code(lang)))
}

/// An agent's move for a request made by [`WebTable::think_request`] (in a worker); `progress`
/// is called with JSON `{playouts, ms, best}` while it thinks. Returns JSON `{move, playouts, ms}`
/// or `{error}`.
#[wasm_bindgen]
pub fn think(request: &str, progress: &js_sys::Function) -> String {
    let report = |p: &think::Report| {
        let _ = progress.call1(&JsValue::NULL, &JsValue::from_str(&json(p)));
    };
    match think::think(request, &PageTimer, &report) {
        Ok(answer) => json(&answer),
        Err(error) => json(&serde_json::json!({ "error": error })),
    }
}

/// The analysis of the position after the first `plies` moves of a request's game (see
/// [`WebTable::think_request`]), by alpha-beta for `ms` milliseconds; `progress` is called with
/// each deeper result. JSON `{depth, points, mate, line, ms}` (see [`think::Analysis`]) or
/// `{error}`.
#[wasm_bindgen]
pub fn analyse(request: &str, plies: usize, ms: u32, progress: &js_sys::Function) -> String {
    let report = |a: &think::Analysis| {
        let _ = progress.call1(&JsValue::NULL, &JsValue::from_str(&json(a)));
    };
    match think::analyse(request, plies, ms, &PageTimer, &report) {
        Ok(a) => json(&a),
        Err(error) => json(&serde_json::json!({ "error": error })),
    }
}

/// Perft of a built-in ruleset from its start, timed on the page's clock: JSON `{nodes, ms}`.
#[wasm_bindgen]
pub fn bench_perft(id: &str, depth: u32) -> String {
    json(&speed::perft(id, depth, &PageTimer))
}

/// Random playouts of a built-in ruleset from its start for about `ms` milliseconds: JSON
/// `{playouts, ms}`.
#[wasm_bindgen]
pub fn bench_playouts(id: &str, ms: f64) -> String {
    json(&speed::playouts(id, Duration::from_secs_f64(ms / 1000.0), &PageTimer))
}
