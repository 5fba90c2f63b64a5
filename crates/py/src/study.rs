//! Players and studies: a `Match` between players named as the command line names them, with
//! clocks and a record; self-play batches (the lines `hetproba selfplay` writes, as columns);
//! the statistics `hetproba stats` reports.

use crate::errors::{PlayerError, StatsError, illegal_move, move_error, position_error};
use crate::model::{Compiled, MoveObj, Outcome, Position, ruleset_arg};
use hetproba_ai::{Timer, TreeMemory};
use hetproba_analysis::Workers;
use hetproba_analysis::selfplay::{GameLine, Run, play_many};
use hetproba_engine::rules::model::{Clock, PlayerId};
use hetproba_engine::{Move, Session};
use hetproba_play::record::position_tag;
use hetproba_play::{AgentSpec, Ending, Match};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The system's monotonic clock, for players that think for a time and for game clocks.
pub struct SystemTimer(Instant);

impl Timer for SystemTimer {
    fn now(&self) -> Duration {
        self.0.elapsed()
    }
}

/// The one system timer of the process.
pub fn system_timer() -> &'static SystemTimer {
    static TIMER: std::sync::OnceLock<SystemTimer> = std::sync::OnceLock::new();
    TIMER.get_or_init(|| SystemTimer(Instant::now()))
}

/// A player spec as the command line reads it (`random`, `mcts:200`, `alphabeta:1s,hash=64`).
pub fn player(text: &str) -> PyResult<AgentSpec> {
    AgentSpec::parse(text).map_err(|e| PlayerError::new_err(e.to_string()))
}

fn computer(text: &str) -> PyResult<AgentSpec> {
    match player(text)? {
        AgentSpec::Human => Err(PlayerError::new_err("self-play needs computer players: random, mcts, mcts:1000, alphabeta:4 ...")),
        spec => Ok(spec),
    }
}

/// Reads a player spec and gives it back as the command line writes it (`mcts` is
/// `mcts:1000`); a bad one raises `PlayerError`.
#[pyfunction]
pub fn parse_player(spec: &str) -> PyResult<String> {
    player(spec).map(|s| s.label())
}

self_cell::self_cell!(
    /// A match and the compiled game it borrows.
    struct MatchCell {
        owner: Arc<Compiled>,
        #[not_covariant]
        dependent: MatchOf,
    }
);

type MatchOf<'a> = Match<'a>;

/// A game between two players (`human` or a computer by its spec), with the ruleset's clock or
/// another, and its record as `hetproba play --record` writes it.
#[pyclass(module = "hetproba", name = "Match")]
pub struct MatchObj {
    cell: Mutex<MatchCell>,
}

impl MatchObj {
    fn with<R>(&self, f: impl for<'a> FnOnce(&Arc<Compiled>, &Match<'a>) -> R) -> R {
        let cell = self.cell.lock().unwrap_or_else(|p| p.into_inner());
        cell.with_dependent(|owner, m| f(owner, m))
    }

    fn with_mut<R>(&self, f: impl for<'a> FnOnce(&Arc<Compiled>, &mut Match<'a>) -> R) -> R {
        let mut cell = self.cell.lock().unwrap_or_else(|p| p.into_inner());
        cell.with_dependent_mut(|owner, m| f(owner, m))
    }
}

/// The clock argument: "ruleset" (its own, if any), None (none) or a control (`5m+2s`).
fn clock_arg(rules: &Compiled, clock: Option<&str>) -> PyResult<Option<Clock>> {
    match clock {
        None => Ok(None),
        Some("ruleset") => Ok(rules.game.rules().clock),
        Some(text) => hetproba_engine::rules::parse_clock(text)
            .map(Some)
            .map_err(|why| PyValueError::new_err(format!("{why}; a clock is a time such as 5m, 90s or 1h, with +2s for an increment"))),
    }
}

#[pymethods]
impl MatchObj {
    /// A match of `ruleset` between `first` and `second` (`human`, `random`, `mcts:500`,
    /// `alphabeta:1s`, ...), the computers seeded from `seed` as `hetproba play --seed` seeds
    /// them; `clock` "ruleset" (the ruleset's own, if it has one), None, or a control such as
    /// "5m+2s"; from the start or a position; a draw after `max_plies` plies if given.
    #[new]
    #[pyo3(signature = (ruleset, first="human", second="mcts", seed=1, clock=Some("ruleset"), position=None, max_plies=None, params=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        ruleset: &Bound<'_, PyAny>,
        first: &str,
        second: &str,
        seed: u64,
        clock: Option<&str>,
        position: Option<&str>,
        max_plies: Option<usize>,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<MatchObj> {
        let rules = ruleset_arg(py, ruleset, params)?;
        let players = [player(first)?, player(second)?];
        let control = clock_arg(&rules, clock)?;
        if let Some(text) = position {
            Session::from_text(&rules.game, text).map_err(|e| position_error(py, e))?;
        }
        let cell = MatchCell::new(rules, |c| {
            let game = &c.game;
            let start = match position {
                // Read above.
                Some(text) => Session::from_text(game, text).unwrap_or_else(|_| Session::new(game, hetproba_engine::Position::start(game))),
                None => Session::new(game, hetproba_engine::Position::start(game)),
            };
            let written = start.write_position();
            let mut m = Match::new(start, &[], players, seed, system_timer()).with_clock(control).with_cap(max_plies);
            let record = m.record_mut();
            if position.is_some() {
                record.tags.push((position_tag(game).to_string(), written));
            }
            record.identify(game, &c.origin.params);
            m.tag_players();
            m
        });
        Ok(MatchObj { cell: Mutex::new(cell) })
    }

    /// The player to move: 0 or 1, None once the game is over.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.with(|_, m| m.to_move().map(|p| p.0))
    }

    /// Whether a person plays the side to move.
    #[getter]
    fn human_to_move(&self) -> bool {
        self.with(|_, m| m.to_move().is_some_and(|p| m.is_human(p)))
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.with(|_, m| m.ending().is_some())
    }

    /// The result once the game has one (by its rules, on time, by resignation, at the cap).
    fn outcome(&self) -> Option<Outcome> {
        self.with(|c, m| m.outcome().map(|o| Outcome::new(c, o)))
    }

    /// The moves so far as the game writes them.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.with(|_, m| m.record().moves.clone())
    }

    /// The time each player has left, in seconds (None without a clock).
    #[getter]
    fn clocks(&self) -> Option<(f64, f64)> {
        self.with(|_, m| {
            let left = |p: PlayerId| m.time_left(p).map(|d| d.as_secs_f64());
            Some((left(PlayerId::FIRST)?, left(PlayerId::SECOND)?))
        })
    }

    /// The current position.
    #[getter]
    fn position(&self) -> Position {
        self.with(|c, m| {
            let mut pos = m.position().clone();
            pos.forget_history();
            Position { rules: c.clone(), pos: Arc::new(pos) }
        })
    }

    /// The legal moves of the side to move (none once the game is over).
    fn legal_moves(&self) -> Vec<MoveObj> {
        self.with(|c, m| {
            if m.ending().is_some() {
                return Vec::new();
            }
            let mut pos = m.position().clone();
            pos.forget_history();
            let pos = Arc::new(pos);
            c.game.legal_moves(&pos).into_iter().map(|mv| MoveObj { rules: c.clone(), pos: pos.clone(), mv }).collect()
        })
    }

    /// Plays a person's move (a `Move` or its notation), charging their clock; an illegal one
    /// raises `MoveError` and nothing is played. Returns False if their time had run out (the
    /// game is then lost on time).
    fn play(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let chosen: Result<Move, PyErr> = self.with(|c, m| {
            if m.ending().is_some() {
                return Err(illegal_move(py, r#move.str().map(|s| s.to_string()).unwrap_or_default(), Vec::new(), "the game is over"));
            }
            let pos = m.position();
            let legal = c.game.legal_moves(pos);
            if let Ok(obj) = r#move.cast::<MoveObj>() {
                let obj = obj.get();
                if *obj.pos == *pos && legal.contains(&obj.mv) {
                    return Ok(obj.mv);
                }
                return Err(illegal_move(py, obj.notation(), c.game.move_names(pos, &legal), "a move of another position"));
            }
            let text: String = r#move.extract()?;
            c.game.parse_move(pos, &text).map_err(|e| move_error(py, e))
        });
        let mv = chosen?;
        // Checked above against the legal moves, and again by the match.
        self.with_mut(|_, m| m.play(mv))
            .map_err(|e| illegal_move(py, r#move.str().map(|s| s.to_string()).unwrap_or_default(), Vec::new(), &e.to_string()))
    }

    /// The computer to move thinks (without the GIL) and plays; returns the move's notation,
    /// or None when a person is to move or the game is over.
    fn step(&self, py: Python<'_>) -> Option<String> {
        py.detach(|| {
            self.with_mut(|_, m| {
                let side = m.to_move()?;
                if m.is_human(side) {
                    return None;
                }
                m.begin_turn();
                let mv = m.think(None)?;
                let before = m.record().moves.len();
                m.play(mv).ok()?;
                m.record().moves.get(before).cloned()
            })
        })
    }

    /// Plays the computers' moves until a person is to move or the game ends; returns the
    /// outcome (None while the game goes on).
    fn run(&self, py: Python<'_>) -> PyResult<Option<Outcome>> {
        while self.step(py).is_some() {
            py.check_signals()?;
        }
        Ok(self.outcome())
    }

    /// The side to move resigns.
    fn resign(&self) {
        self.with_mut(|_, m| {
            if let Some(side) = m.to_move() {
                m.end(Ending::Resigned(side));
            }
        })
    }

    /// The record as `hetproba play --record` writes it (PDN for draughts, the plain format
    /// otherwise): tags, moves, result.
    fn record(&self) -> String {
        self.with_mut(|_, m| {
            m.tag_players();
            m.record().write()
        })
    }

    /// The board drawn as text, and whose turn it is or the result.
    fn show(&self) -> String {
        self.with(|c, m| {
            let mut out = hetproba_play::draw::draw(&c.game, m.position());
            match m.outcome() {
                Some(o) => out.push_str(&format!("Game over: {}\n", o.describe(&c.game))),
                None => out.push_str(&format!("{} to move\n", c.game.player_name(m.position().side()))),
            }
            out
        })
    }
}

/// One game's line as a row of columns.
pub const COLUMNS: [&str; 14] = [
    "ruleset",
    "game",
    "seed",
    "seats",
    "a_seat",
    "result",
    "winner",
    "reason",
    "capped",
    "plies",
    "moves",
    "branching",
    "lead_changes",
    "decided_at",
];

fn columns<'py>(py: Python<'py>, lines: &[GameLine]) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    macro_rules! column {
        ($name:literal, $f:expr) => {
            d.set_item($name, PyList::new(py, lines.iter().map($f))?)?;
        };
    }
    column!("ruleset", |l| l.ruleset.clone());
    column!("game", |l| l.game);
    column!("seed", |l| l.seed);
    column!("seats", |l| l.seats.to_vec());
    column!("a_seat", |l| l.a_seat);
    column!("result", |l| l.result.clone());
    column!("winner", |l| l.winner);
    column!("reason", |l| l.reason.clone());
    column!("capped", |l| l.capped);
    column!("plies", |l| l.plies);
    column!("moves", |l| l.moves.clone());
    column!("branching", |l| l.branching.clone());
    column!("lead_changes", |l| l.lead_changes);
    column!("decided_at", |l| l.decided_at);
    debug_assert_eq!(d.len(), COLUMNS.len());
    Ok(d)
}

/// Plays the games `numbers` of a self-play run, as `hetproba selfplay` plays them (each
/// game's seed from the run's seed and its number, seats alternating unless `fixed_seats`):
/// the lines as JSON text (`lines=True`), else as columns. The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (ruleset, numbers, first="random", second="random", seed=1, fixed_seats=false, max_plies=1000, jobs=None, memory=2147483648, lines=false))]
#[allow(clippy::too_many_arguments)]
pub fn _selfplay<'py>(
    py: Python<'py>,
    ruleset: &Bound<'py, PyAny>,
    numbers: Vec<u64>,
    first: &str,
    second: &str,
    seed: u64,
    fixed_seats: bool,
    max_plies: usize,
    jobs: Option<usize>,
    memory: u64,
    lines: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = ruleset_arg(py, ruleset, None)?;
    if max_plies == 0 {
        return Err(PyValueError::new_err("max_plies is at least 1"));
    }
    if jobs == Some(0) {
        return Err(PyValueError::new_err("jobs is at least 1"));
    }
    let run =
        Run { players: [computer(first)?, computer(second)?], seed, alternate: !fixed_seats, max_plies, memory: TreeMemory::new(memory) };
    let played = py.detach(|| -> Result<Vec<GameLine>, String> {
        let workers = Workers::new(jobs).map_err(|e| e.to_string())?;
        let mut out = Vec::with_capacity(numbers.len());
        play_many(
            &workers,
            &rules.game,
            &run,
            &numbers,
            system_timer(),
            |line| line,
            |batch| {
                out.extend(batch);
                Ok::<(), String>(())
            },
            &|_| {},
        )?;
        Ok(out)
    });
    let played = played.map_err(PyValueError::new_err)?;
    if lines { Ok(PyList::new(py, played.iter().map(GameLine::to_json_line))?.into_any()) } else { Ok(columns(py, &played)?.into_any()) }
}

/// The statistics of self-play lines (JSON text, one game a line; `names` say where each text
/// came from, for messages), as `hetproba stats --json` prints them.
#[pyfunction]
pub fn _stats_json(py: Python<'_>, texts: Vec<(String, String)>) -> PyResult<String> {
    py.detach(|| {
        let games = hetproba_analysis::stats::read(&texts).map_err(|e| StatsError::new_err(e.to_string()))?;
        let reports = hetproba_analysis::stats::reports(&games);
        serde_json::to_string(&reports).map_err(|e| StatsError::new_err(e.to_string()))
    })
}

/// The same statistics in words, as `hetproba stats` prints them.
#[pyfunction]
pub fn _stats_text(py: Python<'_>, texts: Vec<(String, String)>) -> PyResult<String> {
    py.detach(|| {
        let games = hetproba_analysis::stats::read(&texts).map_err(|e| StatsError::new_err(e.to_string()))?;
        let reports = hetproba_analysis::stats::reports(&games);
        let blocks: Vec<String> = reports.iter().map(|r| hetproba_analysis::stats::describe(r).join("\n")).collect();
        Ok(blocks.join("\n\n") + "\n")
    })
}
