//! The classes a Python program plays with: `Ruleset`, `Position`, `Move`, `Outcome` and
//! `Game` (a game in progress, with the history the draw rules need).

use crate::adapter;
use crate::errors::{illegal_move, move_error, position_error, ruleset_error};
use crate::load::{self, Origin};
use hetproba_engine::board::CellId;
use hetproba_engine::rules::model::PlayerId;
use hetproba_engine::{Counting, Game, Move, Position as EnginePosition, Session};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::sync::Arc;

/// A compiled ruleset and what it was made from.
#[derive(Debug)]
pub struct Compiled {
    pub game: Game,
    pub origin: Origin,
}

impl Compiled {
    pub fn player(&self, p: PlayerId) -> String {
        self.game.player_name(p).to_string()
    }
}

/// `params` as the loader takes them: a mapping of names to whole numbers.
pub fn read_params(params: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, i64)>> {
    let Some(params) = params else { return Ok(Vec::new()) };
    let mut out = Vec::new();
    for (k, v) in params.iter() {
        let name: String = k.extract().map_err(|_| PyTypeError::new_err("a parameter's name is a string"))?;
        let value: i64 = v.extract().map_err(|_| PyTypeError::new_err(format!("parameter '{name}' takes a whole number")))?;
        out.push((name, value));
    }
    Ok(out)
}

/// A ruleset: a built-in game or a `.toml` file, compiled.
#[pyclass(module = "hetproba", frozen)]
pub struct Ruleset {
    pub inner: Arc<Compiled>,
}

impl Ruleset {
    pub fn game(&self) -> &Game {
        &self.inner.game
    }

    /// A position of this ruleset read from text.
    pub fn read(&self, py: Python<'_>, text: &str) -> PyResult<EnginePosition> {
        self.game().read_position(text).map_err(|e| position_error(py, e))
    }

    pub fn wrap(&self, pos: EnginePosition) -> Position {
        Position { rules: self.inner.clone(), pos: Arc::new(pos) }
    }
}

/// Loads a built-in id or a `.toml` path.
pub fn load_ruleset(py: Python<'_>, arg: &str, params: Vec<(String, i64)>) -> PyResult<Ruleset> {
    let (game, origin) = py.detach(|| load::load(arg, &params)).map_err(|e| ruleset_error(py, e))?;
    Ok(Ruleset { inner: Arc::new(Compiled { game, origin }) })
}

/// A ruleset argument: a `Ruleset`, or a built-in id or path to load.
pub fn ruleset_arg(py: Python<'_>, arg: &Bound<'_, PyAny>, params: Option<&Bound<'_, PyDict>>) -> PyResult<Arc<Compiled>> {
    if let Ok(r) = arg.cast::<Ruleset>() {
        if params.is_some_and(|p| !p.is_empty()) {
            return Err(PyValueError::new_err("params are given to Ruleset.load; this ruleset is loaded already"));
        }
        return Ok(r.get().inner.clone());
    }
    let text: String =
        arg.extract().map_err(|_| PyTypeError::new_err("a ruleset is a Ruleset, a built-in id or a path to a .toml file"))?;
    Ok(load_ruleset(py, &text, read_params(params)?)?.inner)
}

fn counting(text: &str) -> PyResult<Counting> {
    match text {
        "moves" => Ok(Counting::Moves),
        "paths" => Ok(Counting::Paths),
        _ => Err(PyValueError::new_err(format!("counting is 'moves' or 'paths', not '{text}'"))),
    }
}

/// Perft from `pos` on `threads` threads (`None`: every core), the GIL released.
pub fn perft_of(
    py: Python<'_>,
    game: &Game,
    pos: &EnginePosition,
    depth: u32,
    counting_text: &str,
    threads: Option<usize>,
) -> PyResult<u64> {
    let counting = counting(counting_text)?;
    if threads == Some(0) {
        return Err(PyValueError::new_err("threads is at least 1"));
    }
    py.detach(|| -> PyResult<u64> {
        if depth == 0 {
            return Ok(1);
        }
        let count = || game.perft_divide_counting(pos, depth, counting, threads != Some(1), &|_, _| {}).iter().map(|(_, n)| n).sum();
        match threads {
            Some(n) if n > 1 => {
                let pool = rayon::ThreadPoolBuilder::new().num_threads(n).build().map_err(|e| PyValueError::new_err(e.to_string()))?;
                Ok(pool.install(count))
            }
            _ => Ok(count()),
        }
    })
}

#[pymethods]
impl Ruleset {
    /// Loads a built-in ruleset by id (`"chess"`) or a `.toml` file by path, with parameters
    /// (`params={"size": 10}`).
    #[staticmethod]
    #[pyo3(signature = (id_or_path, params=None))]
    fn load(py: Python<'_>, id_or_path: &str, params: Option<&Bound<'_, PyDict>>) -> PyResult<Ruleset> {
        load_ruleset(py, id_or_path, read_params(params)?)
    }

    /// A ruleset from its TOML text; `name` is what messages call it, and `extends` is looked
    /// for beside it on disk, then among the built-ins.
    #[staticmethod]
    #[pyo3(signature = (text, name="<text>.toml", params=None))]
    fn from_text(py: Python<'_>, text: &str, name: &str, params: Option<&Bound<'_, PyDict>>) -> PyResult<Ruleset> {
        let params = read_params(params)?;
        let (game, origin) = py.detach(|| load::from_text(name, text, &params)).map_err(|e| ruleset_error(py, e))?;
        Ok(Ruleset { inner: Arc::new(Compiled { game, origin }) })
    }

    #[getter]
    fn id(&self) -> String {
        self.game().rules().id.clone()
    }

    #[getter]
    fn name(&self) -> String {
        self.game().rules().name.clone()
    }

    #[getter]
    fn summary(&self) -> String {
        self.game().rules().summary.clone()
    }

    #[getter]
    fn source(&self) -> String {
        self.game().rules().source.clone()
    }

    #[getter]
    fn extends(&self) -> Option<String> {
        self.game().rules().extends.clone()
    }

    /// The players' names, first player first.
    #[getter]
    fn players(&self) -> Vec<String> {
        self.game().rules().players.iter().map(|p| p.name.clone()).collect()
    }

    /// The parameters and their values.
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.game().rules().params {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// The cells' names, in the order observations and actions number them.
    #[getter]
    fn cells(&self) -> Vec<String> {
        let board = self.game().board();
        (0..board.len()).map(|i| board.name(CellId::new(i)).to_string()).collect()
    }

    /// The piece types: name, symbols (first player's, second's) and whether players own them.
    #[getter]
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.game()
            .rules()
            .pieces
            .iter()
            .map(|p| {
                let d = PyDict::new(py);
                d.set_item("name", &p.name)?;
                let symbols: Vec<String> =
                    if p.owned { p.symbols.iter().map(char::to_string).collect() } else { vec![p.symbols[0].to_string()] };
                d.set_item("symbols", symbols)?;
                d.set_item("owned", p.owned)?;
                d.set_item("value", p.value)?;
                Ok(d)
            })
            .collect()
    }

    /// The ruleset's TOML text.
    #[getter]
    fn text(&self) -> String {
        self.inner.origin.text.clone()
    }

    /// The rules in words (as `hetproba show` says them) and the start position drawn.
    fn show(&self) -> String {
        let game = self.game();
        let start = EnginePosition::start(game);
        let mut out = hetproba_engine::rules::describe::rules_in_words(game.rules());
        if matches!(game.rules().naming, hetproba_engine::rules::model::Naming::Numbers { .. }) {
            out.push_str("\nCell numbers:\n");
            out.push_str(&hetproba_play::draw::numbering(game));
        }
        out.push_str(&format!("\nStart position ({}):\n", game.write_position(&start)));
        out.push_str(&hetproba_play::draw::draw_with_status(game, &start));
        out
    }

    /// The start position.
    fn start(&self) -> Position {
        self.wrap(EnginePosition::start(self.game()))
    }

    /// A position written in the ruleset's notation (FEN, PDN FEN or rows).
    fn position(&self, py: Python<'_>, text: &str) -> PyResult<Position> {
        Ok(self.wrap(self.read(py, text)?))
    }

    /// A new game from the start, or from a position (a `Position` or its text).
    #[pyo3(signature = (position=None))]
    fn new_game(&self, py: Python<'_>, position: Option<&Bound<'_, PyAny>>) -> PyResult<GameState> {
        GameState::create(py, self.inner.clone(), position)
    }

    /// Leaf count of the move tree `depth` plies deep (the loop runs in Rust, without the
    /// GIL); `counting` is "moves" or "paths"; `threads` None for every core.
    #[pyo3(signature = (depth, position=None, counting="moves", threads=None))]
    fn perft(
        &self,
        py: Python<'_>,
        depth: u32,
        position: Option<&Bound<'_, PyAny>>,
        counting: &str,
        threads: Option<usize>,
    ) -> PyResult<u64> {
        let pos = match position {
            None => EnginePosition::start(self.game()),
            Some(p) => position_arg(py, &self.inner, p)?,
        };
        perft_of(py, self.game(), &pos, depth, counting, threads)
    }

    fn __repr__(&self) -> String {
        let params: Vec<String> = self.inner.origin.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        if params.is_empty() { format!("Ruleset('{}')", self.id()) } else { format!("Ruleset('{}', {})", self.id(), params.join(", ")) }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Ruleset>().is_ok_and(|o| Arc::ptr_eq(&o.get().inner, &self.inner) || o.get().inner.origin == self.inner.origin)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.origin.name.hash(&mut h);
        self.inner.origin.text.hash(&mut h);
        self.inner.origin.params.hash(&mut h);
        h.finish()
    }

    /// Pickled as what it was made from, so that another process (a Ray worker on another
    /// machine) builds it again without the files.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let o = &self.inner.origin;
        let rebuild = py.import("hetproba._native")?.getattr("_rebuild_ruleset")?;
        let args = (o.name.clone(), o.text.clone(), o.files.clone(), o.params.clone());
        PyTuple::new(py, [rebuild.into_any(), args.into_pyobject(py)?.into_any()])
    }
}

/// Rebuilds a pickled ruleset.
#[pyfunction]
#[allow(clippy::type_complexity)]
pub fn _rebuild_ruleset(
    py: Python<'_>,
    name: String,
    text: String,
    files: Vec<(String, String, String, String)>,
    params: Vec<(String, i64)>,
) -> PyResult<Ruleset> {
    let origin = Origin { name, text, files, params };
    let game = load::rebuild(&origin).map_err(|e| ruleset_error(py, e))?;
    Ok(Ruleset { inner: Arc::new(Compiled { game, origin }) })
}

/// A position argument: a `Position` of the same ruleset, or its text.
pub fn position_arg(py: Python<'_>, rules: &Arc<Compiled>, arg: &Bound<'_, PyAny>) -> PyResult<EnginePosition> {
    if let Ok(p) = arg.cast::<Position>() {
        let p = p.get();
        if !Arc::ptr_eq(&p.rules, rules) && p.rules.origin != rules.origin {
            return Err(PyValueError::new_err(format!("the position is of {}, not of {}", p.rules.game.rules().id, rules.game.rules().id)));
        }
        return Ok((*p.pos).clone());
    }
    let text: String = arg.extract().map_err(|_| PyTypeError::new_err("a position is a Position or its text"))?;
    rules.game.read_position(&text).map_err(|e| position_error(py, e))
}

/// A position: the pieces on the board, the player to move and the state the rules declare.
/// Immutable: `play` returns the next position.
#[pyclass(module = "hetproba", frozen)]
pub struct Position {
    pub rules: Arc<Compiled>,
    pub pos: Arc<EnginePosition>,
}

/// A move of a position, with the position it was listed in (for its notation).
fn move_list(rules: &Arc<Compiled>, pos: &Arc<EnginePosition>, moves: &[Move]) -> Vec<MoveObj> {
    moves.iter().map(|&mv| MoveObj { rules: rules.clone(), pos: pos.clone(), mv }).collect()
}

/// The move a `Move` or a text names in `pos`, checked: it must be among the legal moves.
fn resolve_move(py: Python<'_>, rules: &Arc<Compiled>, pos: &EnginePosition, legal: &[Move], arg: &Bound<'_, PyAny>) -> PyResult<Move> {
    let game = &rules.game;
    let names = || game.move_names(pos, legal);
    if let Ok(m) = arg.cast::<MoveObj>() {
        let m = m.get();
        let same_rules = Arc::ptr_eq(&m.rules, rules) || m.rules.origin == rules.origin;
        if !same_rules {
            return Err(illegal_move(py, m.notation(), names(), &format!("a move of {}", m.rules.game.rules().id)));
        }
        if *m.pos != *pos || !legal.contains(&m.mv) {
            return Err(illegal_move(py, m.notation(), names(), "a move of another position"));
        }
        return Ok(m.mv);
    }
    let text: String = arg.extract().map_err(|_| PyTypeError::new_err("a move is a Move or its notation"))?;
    if legal.is_empty() {
        return Err(illegal_move(py, text, Vec::new(), "the game is over"));
    }
    let mv = game.parse_move(pos, &text).map_err(|e| move_error(py, e))?;
    if !legal.contains(&mv) {
        return Err(illegal_move(py, text, names(), "not among the legal moves"));
    }
    Ok(mv)
}

#[pymethods]
impl Position {
    /// A position of `ruleset` written in its notation (FEN, PDN FEN or rows).
    #[new]
    fn new(py: Python<'_>, ruleset: &Bound<'_, PyAny>, text: &str) -> PyResult<Position> {
        let rules = ruleset_arg(py, ruleset, None)?;
        let pos = rules.game.read_position(text).map_err(|e| position_error(py, e))?;
        Ok(Position { rules, pos: Arc::new(pos) })
    }

    #[getter]
    fn ruleset(&self) -> Ruleset {
        Ruleset { inner: self.rules.clone() }
    }

    /// The position in the ruleset's notation.
    fn to_text(&self) -> String {
        self.rules.game.write_position(&self.pos)
    }

    /// The player to move: 0 (first) or 1.
    #[getter]
    fn to_move(&self) -> u8 {
        self.pos.side().0
    }

    /// The name of the player to move.
    #[getter]
    fn to_move_name(&self) -> String {
        self.rules.player(self.pos.side())
    }

    /// The pieces: {cell name: (owner 0/1 or None, piece type name, symbol)}.
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let game = &self.rules.game;
        let d = PyDict::new(py);
        for i in 0..game.board().len() {
            let c = CellId::new(i);
            if let Some(p) = self.pos.at(c) {
                let owner = p.owner().player().map(|p| p.0);
                d.set_item(game.board().name(c), (owner, game.rules().pieces[p.kind().index()].name.clone(), game.symbol(p).to_string()))?;
            }
        }
        Ok(d)
    }

    /// The legal moves (none once the position is over by the rules).
    fn legal_moves(&self) -> Vec<MoveObj> {
        let mut moves = Vec::new();
        adapter::generate(&self.rules.game, &self.pos, &mut moves);
        move_list(&self.rules, &self.pos, &moves)
    }

    /// The position after a legal move (a `Move` or its notation); an illegal one raises
    /// `MoveError`.
    fn play(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Position> {
        let game = &self.rules.game;
        let mut legal = Vec::new();
        adapter::generate(game, &self.pos, &mut legal);
        let mv = resolve_move(py, &self.rules, &self.pos, &legal, r#move)?;
        let mut next = (*self.pos).clone();
        next.forget_history();
        if !adapter::make_checked(game, &mut next, &legal, mv) {
            return Err(illegal_move(py, game.move_name(&self.pos, mv), game.move_names(&self.pos, &legal), "not among the legal moves"));
        }
        next.forget_history();
        Ok(Position { rules: self.rules.clone(), pos: Arc::new(next) })
    }

    /// How the position ends by the rules (draws that need a game's history are the `Game`'s).
    fn outcome(&self) -> Option<Outcome> {
        self.rules.game.outcome(&self.pos).map(|o| Outcome::new(&self.rules, o))
    }

    /// Leaf count `depth` plies deep from here.
    #[pyo3(signature = (depth, counting="moves", threads=None))]
    fn perft(&self, py: Python<'_>, depth: u32, counting: &str, threads: Option<usize>) -> PyResult<u64> {
        perft_of(py, &self.rules.game, &self.pos, depth, counting, threads)
    }

    /// The board drawn as text, and whose turn it is.
    fn show(&self) -> String {
        hetproba_play::draw::draw_with_status(&self.rules.game, &self.pos)
    }

    fn __str__(&self) -> String {
        self.to_text()
    }

    fn __repr__(&self) -> String {
        format!("Position('{}', '{}')", self.rules.game.rules().id, self.to_text())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Position>().is_ok_and(|o| {
            let o = o.get();
            (Arc::ptr_eq(&o.rules, &self.rules) || o.rules.origin == self.rules.origin) && *o.pos == *self.pos
        })
    }

    fn __hash__(&self) -> u64 {
        self.pos.hash()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let cls = py.import("hetproba._native")?.getattr("Position")?;
        let args = (Ruleset { inner: self.rules.clone() }, self.to_text());
        PyTuple::new(py, [cls.into_any(), args.into_pyobject(py)?.into_any()])
    }
}

/// A legal move of a position, with its notation and parts as `hetproba moves --json` gives
/// them.
#[pyclass(module = "hetproba", name = "Move", frozen)]
pub struct MoveObj {
    pub rules: Arc<Compiled>,
    pub pos: Arc<EnginePosition>,
    pub mv: Move,
}

impl MoveObj {
    pub fn notation(&self) -> String {
        self.rules.game.move_name(&self.pos, self.mv)
    }
}

#[pymethods]
impl MoveObj {
    /// The move as the game writes it.
    #[getter(notation)]
    fn py_notation(&self) -> String {
        self.notation()
    }

    /// The cell it leaves (None for a placement or a pass).
    #[getter]
    fn from_(&self) -> Option<String> {
        self.rules.game.move_info(&self.pos, self.mv).from
    }

    /// The cell it arrives on (None for a pass).
    #[getter]
    fn to(&self) -> Option<String> {
        self.rules.game.move_info(&self.pos, self.mv).to
    }

    #[getter]
    fn is_capture(&self) -> bool {
        self.mv.is_capture()
    }

    #[getter]
    fn is_pass(&self) -> bool {
        self.mv.is_pass()
    }

    /// Its fields as `hetproba moves --json` writes them: notation, from, to, path, captures,
    /// flips, and promotion, column, part and drop where they apply.
    fn json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let game = &self.rules.game;
        let info = game.move_info(&self.pos, self.mv);
        let d = PyDict::new(py);
        d.set_item("notation", info.notation)?;
        d.set_item("from", info.from)?;
        d.set_item("to", info.to)?;
        d.set_item("path", info.path)?;
        d.set_item("captures", info.captures)?;
        d.set_item("flips", info.flips)?;
        if let Some(p) = info.promotion {
            d.set_item("promotion", p)?;
        }
        if let Some(kind) = info.drop {
            d.set_item("drop", kind)?;
        }
        if game.rules().stacks.is_some()
            && let Some(from) = adapter::from_cell(&self.mv)
        {
            let column: Vec<String> = self.pos.column(from).into_iter().map(|p| game.symbol(p).to_string()).collect();
            d.set_item("column", column)?;
        }
        if let Some(part) = info.part {
            d.set_item("part", part)?;
        }
        Ok(d)
    }

    fn __str__(&self) -> String {
        self.notation()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.notation())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<MoveObj>().is_ok_and(|o| {
            let o = o.get();
            o.mv == self.mv && (Arc::ptr_eq(&o.pos, &self.pos) || *o.pos == *self.pos)
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.mv.hash(&mut h);
        self.pos.hash().hash(&mut h);
        h.finish()
    }
}

/// How a game ended: the winner (0, 1 or None for a draw), the reason, the result token.
#[pyclass(module = "hetproba", frozen, get_all)]
pub struct Outcome {
    /// 0 for the first player, 1 for the second, None for a draw.
    pub winner: Option<u8>,
    /// The winner's name, None for a draw.
    pub winner_name: Option<String>,
    pub reason: String,
    /// `1-0`, `0-1` or `1/2-1/2`, from the first player's side.
    pub result: String,
    /// The ending in words: "white wins: checkmate", "draw: stalemate".
    pub text: String,
}

impl Outcome {
    pub fn new(rules: &Compiled, o: hetproba_engine::Outcome) -> Outcome {
        let result = match o.winner {
            Some(PlayerId::FIRST) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        };
        Outcome {
            winner: o.winner.map(|p| p.0),
            winner_name: o.winner.map(|p| rules.player(p)),
            text: o.describe(&rules.game),
            reason: o.reason,
            result: result.to_string(),
        }
    }
}

#[pymethods]
impl Outcome {
    fn __repr__(&self) -> String {
        format!("Outcome({:?})", self.text)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }
}

self_cell::self_cell!(
    /// A game's session and the compiled game it borrows, in one value.
    pub struct SessionCell {
        owner: Arc<Compiled>,
        #[covariant]
        dependent: SessionOf,
    }
);

type SessionOf<'a> = Session<'a>;

/// A game in progress: the position, the moves so far and the history the draw rules need
/// (repetitions, move counters). `play` checks every move.
#[pyclass(module = "hetproba", name = "Game")]
pub struct GameState {
    pub cell: SessionCell,
    /// The start, as text when it was given so (FEN's move counters), to build copies.
    start: Start,
    /// The legal moves of the current position.
    pub legal: Vec<Move>,
    /// The current position, shared by the moves listed in it (made when first asked for).
    snapshot: Option<Arc<EnginePosition>>,
}

#[derive(Clone)]
enum Start {
    Position(Box<EnginePosition>),
    Text(String),
}

impl GameState {
    pub fn create(py: Python<'_>, rules: Arc<Compiled>, position: Option<&Bound<'_, PyAny>>) -> PyResult<GameState> {
        let start = match position {
            None => Start::Position(Box::new(EnginePosition::start(&rules.game))),
            Some(p) => match p.extract::<String>() {
                Ok(text) => {
                    // Read once here, so that a bad text is an error now.
                    rules.game.read_position(&text).map_err(|e| position_error(py, e))?;
                    Start::Text(text)
                }
                Err(_) => Start::Position(Box::new(position_arg(py, &rules, p)?)),
            },
        };
        Ok(GameState::from_start(rules, start, &[]))
    }

    fn from_start(rules: Arc<Compiled>, start: Start, moves: &[Move]) -> GameState {
        let begin = start.clone();
        let cell = SessionCell::new(rules, |c| {
            let mut session = match begin {
                Start::Position(p) => Session::new(&c.game, *p),
                // Read when the game was made: it reads again.
                Start::Text(t) => Session::from_text(&c.game, &t).unwrap_or_else(|_| Session::new(&c.game, EnginePosition::start(&c.game))),
            };
            for &mv in moves {
                session.play_unchecked(mv);
            }
            session
        });
        let mut g = GameState { cell, start, legal: Vec::new(), snapshot: None };
        g.refresh();
        g
    }

    pub fn rules(&self) -> &Arc<Compiled> {
        self.cell.borrow_owner()
    }

    pub fn session(&self) -> &Session<'_> {
        self.cell.borrow_dependent()
    }

    /// After the position changed: its legal moves (none once the game is over).
    fn refresh(&mut self) {
        self.snapshot = None;
        let mut legal = std::mem::take(&mut self.legal);
        self.cell.with_dependent(|owner, session| {
            adapter::generate(&owner.game, session.position(), &mut legal);
            if !legal.is_empty() && session.outcome_given(&legal).is_some() {
                legal.clear();
            }
        });
        self.legal = legal;
    }

    pub fn position_arc(&mut self) -> Arc<EnginePosition> {
        if let Some(p) = &self.snapshot {
            return p.clone();
        }
        let mut pos = self.session().position().clone();
        pos.forget_history();
        let p = Arc::new(pos);
        self.snapshot = Some(p.clone());
        p
    }

    /// Plays a legal move (as [`adapter::play_checked`] checks it).
    pub fn play_move(&mut self, mv: Move) -> bool {
        let legal = std::mem::take(&mut self.legal);
        let played = self.cell.with_dependent_mut(|_, session| adapter::play_checked(session, &legal, mv));
        self.legal = legal;
        if played {
            self.refresh();
        }
        played
    }

    pub fn outcome_now(&self) -> Option<hetproba_engine::Outcome> {
        if self.legal.is_empty() { self.session().outcome() } else { None }
    }

    /// The moves so far as the game writes them.
    pub fn move_names(&self) -> Vec<String> {
        let session = self.session();
        let game = &self.rules().game;
        let mut pos = match &self.start {
            Start::Position(p) => (**p).clone(),
            Start::Text(t) => game.read_position(t).unwrap_or_else(|_| EnginePosition::start(game)),
        };
        let mut names = Vec::new();
        for &mv in session.moves() {
            names.push(game.move_name(&pos, mv));
            game.make(&mut pos, mv);
        }
        names
    }

    pub fn duplicate(&self) -> GameState {
        let moves = self.session().moves().to_vec();
        GameState::from_start(self.rules().clone(), self.start.clone(), &moves)
    }
}

#[pymethods]
impl GameState {
    /// A new game of `ruleset` (a `Ruleset`, an id or a path), from its start or a position.
    #[new]
    #[pyo3(signature = (ruleset, position=None, params=None))]
    fn py_new(
        py: Python<'_>,
        ruleset: &Bound<'_, PyAny>,
        position: Option<&Bound<'_, PyAny>>,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<GameState> {
        let rules = ruleset_arg(py, ruleset, params)?;
        GameState::create(py, rules, position)
    }

    #[getter]
    fn ruleset(&self) -> Ruleset {
        Ruleset { inner: self.rules().clone() }
    }

    /// The current position.
    #[getter]
    fn position(&mut self) -> Position {
        Position { rules: self.rules().clone(), pos: self.position_arc() }
    }

    /// The player to move: 0 or 1; None once the game is over.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        (!self.legal.is_empty()).then(|| self.session().position().side().0)
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.legal.is_empty()
    }

    /// The legal moves; none once the game is over (by its rules or a draw its history makes).
    fn legal_moves(&mut self) -> Vec<MoveObj> {
        let pos = self.position_arc();
        move_list(self.rules(), &pos, &self.legal)
    }

    /// Plays a move (a `Move` of this position or its notation); one that is not legal raises
    /// `MoveError` with the legal moves, and nothing is played.
    fn play(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let rules = self.rules().clone();
        let mv = resolve_move(py, &rules, self.session().position(), &self.legal, r#move)?;
        if !self.play_move(mv) {
            return Err(illegal_move(py, rules.game.move_name(self.session().position(), mv), Vec::new(), "not among the legal moves"));
        }
        Ok(())
    }

    /// Takes the last move back; False when there is none.
    fn undo(&mut self) -> bool {
        let undone = self.cell.with_dependent_mut(|_, s| s.undo());
        if undone {
            self.refresh();
        }
        undone
    }

    /// The result once the game is over, else None.
    fn outcome(&self) -> Option<Outcome> {
        self.outcome_now().map(|o| Outcome::new(self.rules(), o))
    }

    /// The moves so far as the game writes them.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.move_names()
    }

    /// The position as text (FEN with this game's move counters).
    fn to_text(&self) -> String {
        self.session().write_position()
    }

    /// The board drawn as text, and whose turn it is or the result.
    fn show(&self) -> String {
        let game = &self.rules().game;
        let mut out = hetproba_play::draw::draw(game, self.session().position());
        match self.outcome_now() {
            Some(o) => out.push_str(&format!("Game over: {}\n", o.describe(game))),
            None => out.push_str(&format!("{} to move\n", game.player_name(self.session().position().side()))),
        }
        out
    }

    /// Leaf count `depth` plies deep from the current position.
    #[pyo3(signature = (depth, counting="moves", threads=None))]
    fn perft(&self, py: Python<'_>, depth: u32, counting: &str, threads: Option<usize>) -> PyResult<u64> {
        perft_of(py, &self.rules().game, self.session().position(), depth, counting, threads)
    }

    /// An independent copy (the same moves from the same start).
    fn copy(&self) -> GameState {
        self.duplicate()
    }

    fn __copy__(&self) -> GameState {
        self.duplicate()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> GameState {
        self.duplicate()
    }

    fn __len__(&self) -> usize {
        self.session().moves().len()
    }

    fn __repr__(&self) -> String {
        format!("Game('{}', {} moves, '{}')", self.rules().game.rules().id, self.session().moves().len(), self.to_text())
    }

    /// The `i`-th legal move (negative from the end), as `legal_moves()[i]` without listing all.
    fn legal_move(&mut self, i: isize) -> PyResult<MoveObj> {
        let n = self.legal.len();
        let k = if i < 0 { n.checked_sub(i.unsigned_abs()) } else { usize::try_from(i).ok() };
        let Some(&mv) = k.and_then(|k| self.legal.get(k)) else {
            return Err(PyIndexError::new_err(format!("move {i} of {n}")));
        };
        let pos = self.position_arc();
        Ok(MoveObj { rules: self.rules().clone(), pos, mv })
    }

    /// How many legal moves there are now.
    #[getter]
    fn legal_count(&self) -> usize {
        self.legal.len()
    }
}
