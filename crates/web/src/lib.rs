//! The library's face for the web board (`web/` in the repository): the page's JavaScript
//! calls these functions and classes through wasm-bindgen, and only this crate knows
//! JavaScript. Everything the page shows about a game is computed here: the board as SVG from
//! the board graph, the legal moves a click may continue, the names of moves, positions,
//! diagnostics and the description of the rules; the page only puts it on screen and passes
//! clicks back. Values cross as strings (SVG, HTML, JSON).
//!
//! Architecture invariant: no game is named here; the page draws whatever the ruleset declares.

pub mod draw;
pub mod editor;
pub mod input;
pub mod speed;
pub mod table;
pub mod think;

use hetproba_engine::rules::model::PlayerId;
use hetproba_engine::rules::{builtin_ids, load_builtin};
use serde::Serialize;
use std::time::Duration;
use table::{Source, Table};
use wasm_bindgen::prelude::*;

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

/// The built-in rulesets: `[{id, name, summary, players}]`.
#[wasm_bindgen]
pub fn list() -> String {
    let entries: Vec<ListEntry> = builtin_ids()
        .filter_map(|id| load_builtin(id, &[])?.ok())
        .map(|r| ListEntry {
            id: r.id.clone(),
            name: r.name.clone(),
            summary: r.summary.clone(),
            players: r.players.iter().map(|p| p.name.clone()).collect(),
        })
        .collect();
    json(&entries)
}

fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// A game on the board, for the page.
#[wasm_bindgen(js_name = Table)]
pub struct WebTable {
    table: Table,
}

#[wasm_bindgen(js_class = Table)]
impl WebTable {
    /// A built-in ruleset by its id.
    pub fn builtin(id: &str) -> Result<WebTable, String> {
        Table::new(Source::Builtin(id.to_string())).map(|table| WebTable { table }).map_err(|r| r.to_string())
    }

    /// A ruleset from its text (`extends` among the built-ins); `name` is what messages call it.
    pub fn from_text(name: &str, text: &str) -> Result<WebTable, String> {
        Table::new(Source::Text { name: name.to_string(), text: text.to_string() })
            .map(|table| WebTable { table })
            .map_err(|r| r.to_string())
    }

    /// The ruleset's id.
    pub fn id(&self) -> String {
        self.table.game().rules().id.clone()
    }

    /// The ruleset's file.
    pub fn text(&self) -> String {
        self.table.source.text().to_string()
    }

    /// Where the ruleset came from, as JSON for a worker: `{"builtin": ID}` or `{"name", "text"}`.
    pub fn source(&self) -> String {
        think::source_json(&self.table.source)
    }

    pub fn svg(&self) -> String {
        self.table.svg()
    }

    pub fn legend(&self) -> String {
        draw::legend(self.table.game())
    }

    /// The rules in words, as `show` prints them.
    pub fn rules_in_words(&self) -> String {
        hetproba_engine::rules::describe::rules_in_words(self.table.game().rules())
    }

    /// What the page shows besides the board, as JSON (see [`table::State`]).
    pub fn state(&self) -> String {
        json(&self.table.state())
    }

    /// A click on a cell or an edge arrow (its `data-key`); true when it played a move.
    pub fn click(&mut self, key: &str) -> bool {
        self.table.click(key).is_some()
    }

    /// Plays the `i`-th move offered to choose from.
    pub fn choose(&mut self, i: usize) -> bool {
        self.table.choose(i).is_some()
    }

    /// Plays a move written in the game's notation; the error says why not, with the legal moves.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        self.table.play_text(text).map(|_| ())
    }

    pub fn pass(&mut self) -> bool {
        self.table.pass()
    }

    pub fn undo(&mut self, n: usize) -> bool {
        self.table.undo(n)
    }

    pub fn goto(&mut self, plies: usize) {
        self.table.goto(plies)
    }

    pub fn restart(&mut self) {
        self.table.restart()
    }

    pub fn flip(&mut self) {
        self.table.flipped = !self.table.flipped;
    }

    pub fn resign(&mut self, player: u8) {
        self.table.resign(PlayerId(player.min(1)))
    }

    /// Ends the game on a result decided off the board (a flag fall): `winner` 0, 1, or 2 for a draw.
    pub fn end(&mut self, winner: u8, text: &str) {
        self.table.end((winner < 2).then_some(PlayerId(winner)), text.to_string())
    }

    /// Starts from a position in the ruleset's notation.
    pub fn set_position(&mut self, text: &str) -> Result<(), String> {
        self.table.set_position(text)
    }

    /// The start of the game, as text.
    pub fn start_position(&self) -> String {
        self.table.start_text()
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
        json(&draw::palette(self.table.game()))
    }

    /// The ruleset's own clock (`5m+2s`), or nothing.
    pub fn default_clock(&self) -> String {
        match &self.table.game().rules().clock {
            Some(c) if c.increment_ms > 0 => format!("{}+{}", describe_ms(c.initial_ms), describe_ms(c.increment_ms)),
            Some(c) => describe_ms(c.initial_ms),
            None => String::new(),
        }
    }

    /// A request for a worker to think about the position shown, as JSON.
    pub fn think_request(&self, agent: &str, seed: f64) -> String {
        think::request(&self.table, agent, seed as u64)
    }
}

fn describe_ms(ms: u64) -> String {
    if ms.is_multiple_of(60_000) {
        format!("{}m", ms / 60_000)
    } else if ms.is_multiple_of(1000) {
        format!("{}s", ms / 1000)
    } else {
        format!("{ms}ms")
    }
}

/// The players the page offers besides `human`.
#[wasm_bindgen]
pub fn agents() -> String {
    json(&think::AGENTS)
}

/// A clock as typed (`5m`, `3m+2s`): JSON `{initial_ms, increment_ms}`, or the error.
#[wasm_bindgen]
pub fn parse_clock(text: &str) -> Result<String, String> {
    let c = hetproba_engine::rules::parse_clock(text)?;
    Ok(serde_json::json!({ "initial_ms": c.initial_ms, "increment_ms": c.increment_ms }).to_string())
}

/// Checks a ruleset's text as `check` does: JSON `{ok, errors: [{line, column, message, text}],
/// words, tests: {passed, failures: [...]}}`.
#[wasm_bindgen]
pub fn check(name: &str, text: &str) -> String {
    json(&editor::check(name, text))
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
