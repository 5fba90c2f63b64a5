//! A fixed action space per ruleset, for learning environments (PettingZoo, OpenSpiel), and a
//! game driven by action numbers.
//!
//! The encoding (docs: crates/py/README.md, "Actions"), computed from the compiled rules:
//!
//! - A *move action* is a triple (from, to, promotion): `from` is a cell or "none" (a
//!   placement, an entry from the edge, a removal of its own, a pass), `to` a cell or "none"
//!   (a pass), `promotion` none or one of the piece types the rules promote to or drop (a
//!   drop's type). Its number is
//!   `(from_slot * to_slots + to_slot) * extras + extra`, where the cells are numbered as the
//!   ruleset lists them, "none" comes after the cells, and a slot exists only when some rule
//!   can make it (no "from" cells in a game of placements only, no "none" without a pass).
//! - Most moves are named by their triple alone. Where several legal moves share one (captures
//!   of different pieces between the same cells, a later part's cell, a push's direction),
//!   the triple leaves the same player to choose among them by *choice actions*: a cell
//!   (captured by, or the later part of, the move meant), a direction, or "done" (the move
//!   whose cells are all chosen). Each choice keeps the moves that have it; the move is played
//!   as soon as one is left.

use crate::adapter::{self, Parts};
use crate::errors::ActionError;
use crate::model::{Compiled, GameState, Outcome};
use hetproba_engine::Move;
use hetproba_engine::board::CellId;
use hetproba_engine::rules::model::{PieceTypeId, PlayerId};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::sync::Arc;

/// The action space of one ruleset.
#[derive(Clone, Debug)]
pub struct ActionSpace {
    cells: usize,
    dirs: usize,
    /// Cells are "from" slots (some rule moves a piece from a cell).
    from_cells: bool,
    from_slots: usize,
    to_slots: usize,
    promotions: Vec<PieceTypeId>,
}

/// An action's number. The largest space, (cells + 1)^2 move actions for each promotion on the
/// largest board the language allows, stays far below 2^32.
fn number(n: usize) -> u32 {
    u32::try_from(n).expect("an action space has fewer than 2^32 actions")
}

/// What an action number means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Meaning {
    Triple { from: Option<CellId>, to: Option<CellId>, promotion: Option<PieceTypeId> },
    Cell(CellId),
    Dir(usize),
    Done,
}

impl ActionSpace {
    pub fn new(compiled: &Compiled) -> ActionSpace {
        let game = &compiled.game;
        let shapes = adapter::shapes(game.rules());
        let cells = game.board().len();
        let from_slots = if shapes.from_cell { cells } else { 0 } + usize::from(shapes.from_none);
        ActionSpace {
            cells,
            dirs: game.board().directions().len(),
            from_cells: shapes.from_cell,
            from_slots,
            to_slots: cells + usize::from(shapes.pass),
            promotions: shapes.promotions,
        }
    }

    fn extras(&self) -> usize {
        1 + self.promotions.len()
    }

    fn triples(&self) -> usize {
        self.from_slots * self.to_slots * self.extras()
    }

    /// How many actions there are.
    pub fn size(&self) -> usize {
        self.triples() + self.cells + self.dirs + 1
    }

    fn done(&self) -> u32 {
        number(self.size() - 1)
    }

    fn cell_action(&self, c: CellId) -> u32 {
        number(self.triples() + c.index())
    }

    fn dir_action(&self, d: usize) -> u32 {
        number(self.triples() + self.cells + d)
    }

    /// The move action of a move, or why it has none.
    fn triple(&self, p: &Parts) -> Result<u32, String> {
        let from = match p.from {
            Some(c) if self.from_cells => c.index(),
            None if self.from_slots > usize::from(self.from_cells) * self.cells => self.from_slots - 1,
            _ => return Err("its start has no slot".into()),
        };
        let to = match p.to {
            Some(c) => c.index(),
            None if self.to_slots > self.cells => self.cells,
            None => return Err("its end has no slot".into()),
        };
        let extra = match p.promotion {
            None => 0,
            Some(t) => 1 + self.promotions.iter().position(|&x| x == t).ok_or("its promotion has no slot")?,
        };
        Ok(number((from * self.to_slots + to) * self.extras() + extra))
    }

    /// The choices that tell a move from others of the same triple: its later part's cell,
    /// the cells it captures, its direction.
    fn choices(&self, p: &Parts) -> Vec<u32> {
        let mut out: Vec<u32> = p.captures.iter().map(|&c| self.cell_action(c)).collect();
        out.extend(p.part.map(|c| self.cell_action(c)));
        out.extend(p.dir.map(|d| self.dir_action(d.index())));
        out.sort_unstable();
        out.dedup();
        out
    }

    fn meaning(&self, a: u32) -> Option<Meaning> {
        let a = a as usize;
        if a < self.triples() {
            let extra = a % self.extras();
            let rest = a / self.extras();
            let (f, t) = (rest / self.to_slots, rest % self.to_slots);
            let from = (self.from_cells && f < self.cells).then(|| CellId::new(f));
            let to = (t < self.cells).then(|| CellId::new(t));
            let promotion = extra.checked_sub(1).map(|i| self.promotions[i]);
            Some(Meaning::Triple { from, to, promotion })
        } else if a < self.triples() + self.cells {
            Some(Meaning::Cell(CellId::new(a - self.triples())))
        } else if a < self.triples() + self.cells + self.dirs {
            Some(Meaning::Dir(a - self.triples() - self.cells))
        } else if a == self.size() - 1 {
            Some(Meaning::Done)
        } else {
            None
        }
    }

    /// An action in words: `e2-e4`, `@d3`, `e7-e8=queen`, `pass`, `choose c5`, `choose north`,
    /// `done`.
    fn describe(&self, compiled: &Compiled, a: u32) -> String {
        let game = &compiled.game;
        let name = |c: CellId| game.board().name(c).to_string();
        match self.meaning(a) {
            None => format!("no action {a}"),
            Some(Meaning::Triple { from, to, promotion }) => {
                let mut s = match (from, to) {
                    (Some(f), Some(t)) => format!("{}-{}", name(f), name(t)),
                    (None, Some(t)) => format!("@{}", name(t)),
                    (Some(f), None) => format!("{}-", name(f)),
                    (None, None) => "pass".into(),
                };
                if let Some(p) = promotion {
                    s.push_str(&format!("={}", game.rules().pieces[p.index()].name));
                }
                s
            }
            Some(Meaning::Cell(c)) => format!("choose {}", name(c)),
            Some(Meaning::Dir(d)) => format!("choose {}", game.board().directions()[d].name),
            Some(Meaning::Done) => "done".into(),
        }
    }
}

/// A move waiting for its choices: the moves of the triple still in question, each with its
/// choices, and the choices made.
#[derive(Clone, Debug)]
struct Pending {
    from: Option<CellId>,
    to: Option<CellId>,
    candidates: Vec<(Move, Vec<u32>)>,
    chosen: Vec<u32>,
}

/// A game driven by action numbers, for learning environments: legal actions, a mask,
/// observations, returns. The game ends by its rules, or when `max_plies` plies have been
/// played (a draw; `truncated` says so).
#[pyclass(module = "hetproba", name = "ActionGame")]
pub struct ActionGame {
    game: GameState,
    space: Arc<ActionSpace>,
    max_plies: Option<usize>,
    pending: Option<Pending>,
    /// The legal moves' triples, sorted, each with the index of its move in the game's list.
    triples: Vec<(u32, u32)>,
    /// Actions applied since the start.
    history: Vec<u32>,
}

impl ActionGame {
    fn compiled(&self) -> &Arc<Compiled> {
        self.game.rules()
    }

    fn played(&self) -> usize {
        self.game.session().moves().len()
    }

    fn truncated_now(&self) -> bool {
        !self.game.legal.is_empty() && self.max_plies.is_some_and(|cap| self.played() >= cap)
    }

    fn terminal(&self) -> bool {
        self.game.legal.is_empty() || self.truncated_now()
    }

    /// The triples of the position's legal moves; a move outside the space is an error.
    fn index(&mut self) -> PyResult<()> {
        let mut triples = Vec::with_capacity(self.game.legal.len());
        for (i, mv) in self.game.legal.iter().enumerate() {
            let t = self.space.triple(&adapter::parts(&self.game.rules().game, mv)).map_err(|why| {
                let name = self.game.rules().game.move_name(self.game.session().position(), *mv);
                ActionError::new_err(format!("move {name} has no action ({why}): the action space does not fit this ruleset"))
            })?;
            triples.push((t, number(i)));
        }
        triples.sort_unstable();
        self.triples = triples;
        Ok(())
    }

    fn legal(&self) -> Vec<u32> {
        if self.terminal() {
            return Vec::new();
        }
        match &self.pending {
            None => {
                let mut out: Vec<u32> = self.triples.iter().map(|&(t, _)| t).collect();
                out.dedup();
                out
            }
            Some(p) => {
                let mut out: Vec<u32> =
                    p.candidates.iter().flat_map(|(_, c)| c.iter().copied()).filter(|c| !p.chosen.contains(c)).collect();
                if p.candidates.iter().any(|(_, c)| c.len() == p.chosen.len()) {
                    out.push(self.space.done());
                }
                out.sort_unstable();
                out.dedup();
                out
            }
        }
    }

    fn play(&mut self, mv: Move) -> PyResult<()> {
        if !self.game.play_move(mv) {
            return Err(ActionError::new_err("the move of the action is not legal"));
        }
        self.pending = None;
        self.index()
    }

    fn apply(&mut self, a: u32) -> PyResult<()> {
        let legal = self.legal();
        if legal.binary_search(&a).is_err() {
            let why = if (a as usize) >= self.space.size() {
                format!("action {a} is outside the action space (0 to {})", self.space.size() - 1)
            } else if self.terminal() {
                format!("action {a} ({}): the game is over", self.space.describe(self.compiled(), a))
            } else {
                format!("action {a} ({}) is not legal now (outside the mask)", self.space.describe(self.compiled(), a))
            };
            return Err(ActionError::new_err(why));
        }
        self.history.push(a);
        match self.pending.take() {
            None => {
                let first = self.triples.partition_point(|&(t, _)| t < a);
                let same: Vec<Move> =
                    self.triples[first..].iter().take_while(|&&(t, _)| t == a).map(|&(_, i)| self.game.legal[i as usize]).collect();
                if let [mv] = same[..] {
                    return self.play(mv);
                }
                let game = &self.game.rules().game;
                let parts = adapter::parts(game, &same[0]);
                let candidates = same.iter().map(|mv| (*mv, self.space.choices(&adapter::parts(game, mv)))).collect();
                self.pending = Some(Pending { from: parts.from, to: parts.to, candidates, chosen: Vec::new() });
                Ok(())
            }
            Some(mut p) => {
                if a == self.space.done() {
                    let mv = p.candidates.iter().find(|(_, c)| c.len() == p.chosen.len()).map(|(m, _)| *m);
                    return match mv {
                        Some(mv) => self.play(mv),
                        None => Err(ActionError::new_err("no move has exactly the choices made")),
                    };
                }
                p.chosen.push(a);
                p.candidates.retain(|(_, c)| c.contains(&a));
                if let [(mv, _)] = p.candidates[..] {
                    return self.play(mv);
                }
                self.pending = Some(p);
                Ok(())
            }
        }
    }

    /// The planes: one per (owner, piece type), then the side to move, then a pending move's
    /// start, end and choices; each a byte per cell.
    fn planes(&self) -> usize {
        self.owners() * self.compiled().game.rules().pieces.len() + 4
    }

    fn owners(&self) -> usize {
        if self.compiled().game.rules().pieces.iter().any(|p| !p.owned) { 3 } else { 2 }
    }

    fn observe(&self) -> Vec<u8> {
        let game = &self.compiled().game;
        let pos = self.game.session().position();
        let cells = game.board().len();
        let kinds = game.rules().pieces.len();
        let mut out = vec![0u8; self.planes() * cells];
        for c in 0..cells {
            if let Some(p) = pos.at(CellId::new(c)) {
                let owner = p.owner().player().map_or(2, |q| q.index());
                out[(owner * kinds + p.kind().index()) * cells + c] = 1;
            }
        }
        let base = self.owners() * kinds * cells;
        if pos.side() == PlayerId::SECOND {
            out[base..base + cells].fill(1);
        }
        if let Some(p) = &self.pending {
            if let Some(f) = p.from {
                out[base + cells + f.index()] = 1;
            }
            if let Some(t) = p.to {
                out[base + 2 * cells + t.index()] = 1;
            }
            for &a in &p.chosen {
                if let Some(Meaning::Cell(c)) = self.space.meaning(a) {
                    out[base + 3 * cells + c.index()] = 1;
                }
            }
        }
        out
    }
}

#[pymethods]
impl ActionGame {
    /// A game of `ruleset` from its start (or a position), ending as a draw after
    /// `max_plies` plies if it has not ended by then (None: no cap).
    #[new]
    #[pyo3(signature = (ruleset, position=None, max_plies=None))]
    fn new(
        py: Python<'_>,
        ruleset: &Bound<'_, PyAny>,
        position: Option<&Bound<'_, PyAny>>,
        max_plies: Option<usize>,
    ) -> PyResult<ActionGame> {
        let rules = crate::model::ruleset_arg(py, ruleset, None)?;
        let space = Arc::new(ActionSpace::new(&rules));
        let game = GameState::create(py, rules, position)?;
        let mut g = ActionGame { game, space, max_plies, pending: None, triples: Vec::new(), history: Vec::new() };
        g.index()?;
        Ok(g)
    }

    /// How many actions the space has.
    #[getter]
    fn num_actions(&self) -> usize {
        self.space.size()
    }

    /// How many choice actions the space has (each cell, each direction, "done"): a ply takes
    /// its move action and at most these many after it.
    #[getter]
    fn choice_actions(&self) -> usize {
        self.space.size() - self.space.triples()
    }

    /// The observation's shape: (planes, cells).
    #[getter]
    fn observation_shape(&self) -> (usize, usize) {
        (self.planes(), self.compiled().game.board().len())
    }

    /// The player to act: 0 or 1, None once the game is over.
    #[getter]
    fn current_player(&self) -> Option<u8> {
        (!self.terminal()).then(|| self.game.session().position().side().0)
    }

    #[getter]
    fn is_terminal(&self) -> bool {
        self.terminal()
    }

    /// The game was stopped at the ply cap (a draw by adjudication).
    #[getter]
    fn truncated(&self) -> bool {
        self.truncated_now()
    }

    /// True while a move waits for choice actions.
    #[getter]
    fn choosing(&self) -> bool {
        self.pending.is_some()
    }

    /// Plies played.
    #[getter]
    fn plies(&self) -> usize {
        self.played()
    }

    /// The actions applied so far.
    #[getter]
    fn history(&self) -> Vec<u32> {
        self.history.clone()
    }

    /// The legal actions, in increasing order (none once the game is over).
    fn legal_actions(&self) -> Vec<u32> {
        self.legal()
    }

    /// One byte per action, 1 for a legal one.
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let mut mask = vec![0u8; self.space.size()];
        for a in self.legal() {
            mask[a as usize] = 1;
        }
        PyBytes::new(py, &mask)
    }

    /// Applies a legal action; one outside the space or the mask raises `ActionError` and
    /// changes nothing.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let a = u32::try_from(action)
            .map_err(|_| ActionError::new_err(format!("action {action} is outside the action space (0 to {})", self.space.size() - 1)))?;
        self.apply(a)
    }

    /// Plays a random legal action, returning it (for quick playouts from Python).
    fn random_action(&self, seed: u64) -> Option<u32> {
        let legal = self.legal();
        (!legal.is_empty()).then(|| legal[hetproba_ai::Rng::new(seed).below(legal.len())])
    }

    /// The observation: planes × cells bytes (see `observation_shape`).
    fn observation<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.observe())
    }

    /// Each player's return: +1 a win, -1 a loss, 0 a draw or a game not over.
    fn returns(&self) -> (f64, f64) {
        match self.game.outcome_now().and_then(|o| o.winner) {
            Some(PlayerId::FIRST) => (1.0, -1.0),
            Some(_) => (-1.0, 1.0),
            None => (0.0, 0.0),
        }
    }

    /// How the game ended by its rules (None while it goes on, and at the cap).
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome_now().map(|o| Outcome::new(self.compiled(), o))
    }

    /// An action in words.
    fn action_to_string(&self, action: u32) -> String {
        self.space.describe(self.compiled(), action)
    }

    /// The action of a move written in the game's notation (its first action, when the move
    /// needs choices).
    fn move_action(&self, py: Python<'_>, text: &str) -> PyResult<u32> {
        let game = &self.compiled().game;
        let pos = self.game.session().position();
        let mv = game.parse_move(pos, text).map_err(|e| crate::errors::move_error(py, e))?;
        self.space.triple(&adapter::parts(game, &mv)).map_err(ActionError::new_err)
    }

    /// The current position.
    #[getter]
    fn position(&mut self) -> crate::model::Position {
        crate::model::Position { rules: self.compiled().clone(), pos: self.game.position_arc() }
    }

    /// The moves played so far, as the game writes them.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.game.move_names()
    }

    /// The position as text.
    fn to_text(&self) -> String {
        self.game.session().write_position()
    }

    /// The board drawn as text, with whose turn it is, or the result.
    fn render(&self) -> String {
        let game = &self.compiled().game;
        let mut out = hetproba_play::draw::draw(game, self.game.session().position());
        if self.truncated_now() {
            out.push_str(&format!("Game over: draw: no end within {} plies\n", self.played()));
        } else if let Some(o) = self.game.outcome_now() {
            out.push_str(&format!("Game over: {}\n", o.describe(game)));
        } else {
            let side = game.player_name(self.game.session().position().side());
            match &self.pending {
                Some(p) => {
                    let named: Vec<String> = p.candidates.iter().map(|(m, _)| game.move_name(self.game.session().position(), *m)).collect();
                    out.push_str(&format!("{side} to move, choosing among {}\n", named.join(" ")));
                }
                None => out.push_str(&format!("{side} to move\n")),
            }
        }
        out
    }

    /// An independent copy.
    fn clone(&self) -> ActionGame {
        ActionGame {
            game: self.game.duplicate(),
            space: self.space.clone(),
            max_plies: self.max_plies,
            pending: self.pending.clone(),
            triples: self.triples.clone(),
            history: self.history.clone(),
        }
    }

    fn __copy__(&self) -> ActionGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> ActionGame {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!("ActionGame('{}', {} actions, '{}')", self.compiled().game.rules().id, self.history.len(), self.to_text())
    }
}
