//! One game on the page: a [`Match`] of the play crate (the moves, the players, the clocks, the
//! record and how the game ended, as the terminal's `play` keeps them), which of its positions
//! the board shows, and the move being entered by clicks. The match borrows its compiled game,
//! so the two live together in one cell ([`Live`]).

use crate::draw::{self, View};
use crate::input::{Click, Entry, Outcome as Entered};
use crate::words::{Lang, Say};
use hetproba_ai::Timer;
use hetproba_board::CellId;
use hetproba_engine::rules::model::{Clock, PlayerId};
use hetproba_engine::rules::{BuiltinFiles, Report, Ruleset, builtin_text, load, parse_clock, source};
use hetproba_engine::{Game, IllegalMove, Move, Owner, Piece, Position, Session};
use hetproba_play::record::{self, Record, check_result, params_of, player_tag};
use hetproba_play::{AgentSpec, Ending, Match, Undo, format_clock, move_cells, token_winner};
use serde::Serialize;
use std::time::Duration;

/// A match, named for the cell below (which wants a type with one lifetime).
type Playing<'g> = Match<'g>;

self_cell::self_cell!(
    /// A compiled game and the match played on it.
    struct Live {
        owner: Game,
        #[covariant]
        dependent: Playing,
    }
);

/// Where a ruleset came from: a built-in id, or a file's name and text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Builtin(String),
    Text { name: String, text: String },
}

impl Source {
    /// The file's text (a built-in's own).
    pub fn text(&self) -> &str {
        match self {
            Source::Builtin(id) => builtin_text(id).unwrap_or(""),
            Source::Text { text, .. } => text,
        }
    }

    /// Loads the ruleset with its parameters set (`extends` among the built-ins).
    pub fn load(&self, params: &[(String, i64)]) -> Result<Ruleset, Report> {
        match self {
            Source::Builtin(id) => load(&source::builtin_name(id), self.text(), &BuiltinFiles, params),
            Source::Text { name, text } => load(name, text, &BuiltinFiles, params),
        }
    }
}

/// A loaded record's end that its moves do not reach (a resignation, a time-out): it is shown,
/// and the game does not go on.
struct Recorded {
    winner: Option<PlayerId>,
    text: String,
}

/// Who plays, with which seed and clock: what a match is built from besides its moves.
#[derive(Clone)]
struct Seats {
    players: [AgentSpec; 2],
    seed: u64,
    clock: Option<Clock>,
    timer: &'static dyn Timer,
}

impl Seats {
    /// A match from `start` after `moves`.
    fn start<'g>(&self, start: Session<'g>, moves: &[Move]) -> Match<'g> {
        Match::new(start, moves, self.players.clone(), self.seed, self.timer).with_clock(self.clock)
    }
}

pub struct Table {
    pub source: Source,
    /// The ruleset's parameters (a loaded record's `Param` tags).
    params: Vec<(String, i64)>,
    live: Live,
    seats: Seats,
    /// The game started from a position set up (the record then gives it).
    set_up: bool,
    /// How many of the moves the board shows (fewer than played while stepping back).
    view: usize,
    entry: Entry,
    /// Moves waiting for the player's choice (promotions).
    choices: Vec<Move>,
    pub flipped: bool,
    /// Pieces being set up by hand, per cell.
    setup: Option<Vec<Option<Piece>>>,
    recorded: Option<Recorded>,
    /// A move suggested by a hint, marked on the board until the next move.
    hint: Option<Move>,
    /// Why the last click did nothing, when it was on a piece that cannot move now.
    note: Option<String>,
    /// The language of the words the table gives the page.
    pub lang: Lang,
}

/// The state the page shows, as JSON.
#[derive(Serialize)]
pub struct State {
    /// The ruleset's name and summary, in the table's language.
    pub name: String,
    pub summary: String,
    /// The players' names, as the ruleset calls them (in the table's language).
    pub players: Vec<String>,
    /// Each player's colours on the board: fill, outline, ink.
    pub colours: [[&'static str; 3]; 2],
    /// Who plays each side, as written (`human`, `mcts:1000`).
    pub agents: [String; 2],
    /// Whose turn it is in the position shown (0 or 1).
    pub side: usize,
    pub to_move: String,
    /// The result and its reason (as the engine words them in English), when the game is over.
    pub result: Option<String>,
    /// The game is over (whatever position is shown).
    pub over: bool,
    pub winner: Option<usize>,
    pub moves: Vec<String>,
    /// 1 when the first move is the second player's (numbered `1...`).
    pub offset: usize,
    /// How many moves the board shows.
    pub view: usize,
    /// The game goes on from the position shown (not stepped back, not over).
    pub live: bool,
    /// A computer is to move in the game going on: the page asks its worker for the move.
    pub computer: bool,
    pub can_pass: bool,
    /// Moves to choose between (their names), when clicks named several.
    pub choices: Vec<String>,
    /// Why the last click on the board did nothing, if it says something.
    pub note: Option<String>,
    pub position: String,
    /// The phase's name, when the game has several.
    pub phase: Option<String>,
    pub clocks: Option<Clocks>,
    /// A legal move as the notation writes it (the shortest), for a person typing a move.
    pub example: Option<String>,
    /// The players' hands in the position shown, the one drawn above the board first; none in
    /// a game without hands.
    pub hands: Vec<Hand>,
}

/// A player's hand, drawn beside the board.
#[derive(Serialize)]
pub struct Hand {
    /// The player (0 or 1).
    pub side: usize,
    /// The player's name, in the table's language.
    pub player: String,
    /// The player to move holds it.
    pub to_move: bool,
    /// The pieces held, the most valuable first (none when the hand is empty).
    pub pieces: Vec<Held>,
}

/// Pieces of one type in a hand.
#[derive(Serialize)]
pub struct Held {
    /// The type's name, in the table's language.
    pub name: String,
    pub count: u32,
    /// A piece of it drawn as on the board (SVG).
    pub svg: String,
    /// The click key that chooses it for a drop (`h2`), when one of it may be dropped now.
    pub key: Option<String>,
    /// Chosen for a drop: the board marks the cells it may go to.
    pub chosen: bool,
}

/// The clocks as the page shows them.
#[derive(Serialize)]
pub struct Clocks {
    /// Each player's time left now, in milliseconds.
    pub left: [u64; 2],
    /// As the terminal writes it (`4:59.8`).
    pub text: [String; 2],
    /// Whose clock runs: the player to move, once the first move is played.
    pub running: Option<usize>,
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Table {
    /// A new game of the ruleset between two people, without a clock unless the ruleset has one.
    pub fn new(source: Source, params: Vec<(String, i64)>, seed: u64, timer: &'static dyn Timer) -> Result<Table, Report> {
        let game = Game::new(source.load(&params)?);
        let seats = Seats { players: [AgentSpec::Human, AgentSpec::Human], seed, clock: game.rules().clock, timer };
        let live = Live::new(game, |game| seats.start(Session::new(game, Position::start(game)), &[]));
        let mut table = Table {
            source,
            params,
            live,
            seats,
            set_up: false,
            view: 0,
            entry: Entry::default(),
            choices: Vec::new(),
            flipped: false,
            setup: None,
            recorded: None,
            hint: None,
            note: None,
            lang: Lang::En,
        };
        table.changed();
        Ok(table)
    }

    pub fn game(&self) -> &Game {
        self.live.borrow_owner()
    }

    pub fn game_match(&self) -> &Match<'_> {
        self.live.borrow_dependent()
    }

    pub fn params(&self) -> &[(String, i64)] {
        &self.params
    }

    fn plies(&self) -> usize {
        self.game_match().plies()
    }

    /// The session after the first `plies` moves.
    fn session_at(&self, plies: usize) -> Session<'_> {
        let m = self.game_match();
        let mut session = m.start().clone();
        for &mv in &m.session().moves()[..plies] {
            session.play_unchecked(mv);
        }
        session
    }

    /// The session of the position shown.
    pub fn session(&self) -> Session<'_> {
        self.session_at(self.view)
    }

    /// The game has not ended (whatever position is shown).
    fn going_on(&self) -> bool {
        self.recorded.is_none() && self.game_match().to_move().is_some()
    }

    /// The game goes on from the position shown.
    fn is_live(&self) -> bool {
        self.view == self.plies() && self.going_on()
    }

    /// After the match changed: the board shows its last position, and the record its tags.
    fn changed(&mut self) {
        self.view = self.plies();
        self.hint = None;
        self.note = None;
        self.setup = None;
        let (params, set_up) = (&self.params, self.set_up);
        self.live.with_dependent_mut(|game, m| {
            let start = m.start().write_position();
            let record = m.record_mut();
            // A new record says what it is; a loaded one keeps its tags (its event, its date).
            if record.tag("Ruleset").is_none() {
                let kept = std::mem::take(&mut record.tags);
                record.identify(game, params);
                if set_up {
                    record.set_tag(record::position_tag(game), start);
                }
                record.tags.extend(kept);
            }
            m.tag_players();
        });
        self.refresh_entry();
    }

    fn refresh_entry(&mut self) {
        self.choices.clear();
        self.entry = if self.is_live() && self.game_match().is_human(self.game_match().position().side()) {
            let m = self.game_match();
            let moves = m.game().legal_moves(m.position());
            Entry::new(m.game(), m.position(), &moves)
        } else {
            Entry::default()
        };
    }

    /// Rebuilds the match from its start and moves with the seats as they are now; the clocks
    /// keep their time when `carry_clocks`, and an end off the board (a resignation, a time-out)
    /// stays.
    fn rebuild(&mut self, carry_clocks: bool) {
        let seats = self.seats.clone();
        self.live.with_dependent_mut(|_, m| {
            let moves = m.session().moves().to_vec();
            let mut next = seats.start(m.start().clone(), &moves);
            if let (true, Some(clocks), Some(_)) = (carry_clocks, m.clocks(), seats.clock) {
                next = next.with_clocks(clocks.clone());
            }
            if let Some(ending @ (Ending::Resigned(_) | Ending::Time(_))) = m.ending() {
                next.end(ending.clone());
            }
            *m = next;
        });
        self.changed();
    }

    pub fn state(&self) -> State {
        let m = self.game_match();
        let game = self.game();
        let session = self.session();
        let pos = session.position();
        let rules = game.rules();
        let at_end = self.view == self.plies();
        let lang = self.lang;
        let (result, winner) = match (&self.recorded, m.ending()) {
            (_, _) if !at_end => (None, None),
            (Some(r), _) => (Some(r.text.clone()), r.winner.map(PlayerId::index)),
            (None, Some(ending)) => match ending.outcome(game) {
                Some(o) => (Some(result_words(game, ending, &o, lang)), o.winner.map(PlayerId::index)),
                None => (None, None),
            },
            (None, None) => (None, None),
        };
        let live = self.is_live();
        let legal = if live { game.legal_moves(pos) } else { Vec::new() };
        let can_pass = live && m.is_human(pos.side()) && legal.iter().any(|m| m.is_pass());
        let example = legal.iter().filter(|m| !m.is_pass()).map(|&mv| game.move_name(pos, mv)).min_by_key(String::len);
        State {
            name: rules.name_in(lang.code()).to_string(),
            summary: rules.summary_in(lang.code()).to_string(),
            players: PlayerId::BOTH.iter().map(|&p| rules.player_in(p, lang.code()).to_string()).collect(),
            colours: PlayerId::BOTH.map(|p| {
                let (fill, stroke, ink) = draw::player_colours(rules, p);
                [fill, stroke, ink]
            }),
            agents: m.players().map(|p| p.label()),
            side: pos.side().index(),
            to_move: rules.player_in(pos.side(), lang.code()).to_string(),
            result,
            over: !self.going_on(),
            winner,
            moves: m.record().moves.clone(),
            offset: m.record().offset,
            view: self.view,
            live,
            computer: live && !m.is_human(pos.side()),
            can_pass,
            choices: game.move_names(pos, &self.choices),
            note: self.note.clone(),
            position: session.write_position(),
            phase: (rules.phases.len() > 1).then(|| rules.phases[pos.phase() as usize].name.clone()),
            clocks: self.clocks(),
            example,
            hands: self.hands(pos),
        }
    }

    /// The hands of `pos` (the position shown), the one drawn above the board first: the
    /// second player's unless the board is flipped.
    fn hands(&self, pos: &Position) -> Vec<Hand> {
        let game = self.game();
        let rules = game.rules();
        if rules.hands.is_none() {
            return Vec::new();
        }
        let code = self.lang.code();
        let marks = draw::marks(rules);
        let (droppable, chosen) =
            if self.setup.is_none() { (self.entry.hand_starts(), self.entry.hand_chosen()) } else { (Vec::new(), None) };
        let order = if self.flipped { PlayerId::BOTH } else { [PlayerId::SECOND, PlayerId::FIRST] };
        order
            .into_iter()
            .map(|side| {
                let pieces = game
                    .hand_order()
                    .into_iter()
                    .filter_map(|kind| {
                        let count = pos.in_hand(game, side, kind);
                        let mover = side == pos.side();
                        (count > 0).then(|| Held {
                            name: rules.piece_in(kind, code).to_string(),
                            count,
                            svg: draw::icon(rules, &marks, Piece::new(kind, Owner::Player(side))),
                            key: (mover && droppable.contains(&kind)).then(|| format!("h{}", kind.index())),
                            chosen: mover && chosen == Some(kind),
                        })
                    })
                    .collect();
                Hand { side: side.index(), player: rules.player_in(side, code).to_string(), to_move: side == pos.side(), pieces }
            })
            .collect()
    }

    /// The clocks now; a clock runs from the first move on (the first move is not timed, so a
    /// game does not lose time while the players sit down).
    pub fn clocks(&self) -> Option<Clocks> {
        let m = self.game_match();
        let clocks = m.clocks()?;
        let running = m.to_move().filter(|_| m.plies() > 0 && self.recorded.is_none());
        let left = [PlayerId::FIRST, PlayerId::SECOND]
            .map(|side| millis(if running.is_some() { m.time_left(side).unwrap_or_default() } else { clocks.left(side) }));
        Some(Clocks { left, text: left.map(format_clock), running: running.map(PlayerId::index) })
    }

    /// The game is lost on time when the mover's clock has run out; true when that ended it now.
    pub fn tick(&mut self) -> bool {
        let m = self.game_match();
        let Some(side) = m.to_move() else { return false };
        if self.recorded.is_some() || m.plies() == 0 || m.time_left(side) != Some(Duration::ZERO) {
            return false;
        }
        self.live.with_dependent_mut(|_, m| m.end(Ending::Time(side)));
        self.refresh_entry();
        true
    }

    /// The board as SVG, with the move being entered, the last move and a hint shown.
    pub fn svg(&self) -> String {
        let game = self.game();
        if let Some(pieces) = &self.setup {
            let pos = Position::with_pieces(game, &pieces_of(pieces), PlayerId::FIRST);
            return draw::svg(game, &pos, &View { flipped: self.flipped, lang: self.lang, ..View::default() });
        }
        let session = self.session();
        let pos = session.position();
        let mut view = View { flipped: self.flipped, lang: self.lang, side: pos.side(), ..View::default() };
        view.alert = draw::checked_royals(game, pos);
        if self.view == self.plies()
            && let Some(winner) = self.game_match().outcome().and_then(|o| o.winner)
        {
            view.winning = draw::winning_cells(game, pos, winner);
        }
        let clicked = self.entry.clicked();
        view.selected = clicked.iter().filter_map(|c| if let Click::Cell(c) = c { Some(*c) } else { None }).collect();
        if clicked.is_empty() {
            view.movable = self.entry.starts();
            view.entries = self.entry.edges();
        } else {
            for c in self.entry.next() {
                match c {
                    Click::Cell(c) => view.targets.push(c),
                    Click::Edge(cell, dir) => view.entries.push((cell, dir)),
                    Click::Hand(_) => {}
                }
            }
        }
        if self.view > 0 {
            let before = self.session_at(self.view - 1);
            let mv = self.game_match().session().moves()[self.view - 1];
            view.last = move_cells(game, before.position(), mv);
            let info = game.move_info(before.position(), mv);
            let board = game.board();
            view.changed = info.captures.iter().chain(&info.flips).filter_map(|n| board.find(n)).collect();
            view.ghosts = info.captures.iter().filter_map(|n| board.find(n)).filter_map(|c| Some((c, before.position().at(c)?))).collect();
        }
        if let Some(hint) = self.hint.filter(|_| self.is_live()) {
            view.suggested = move_cells(game, pos, hint);
        }
        draw::svg(game, pos, &view)
    }

    /// Why a person cannot move now, if they cannot.
    fn refusal(&self) -> Option<String> {
        let m = self.game_match();
        let lang = self.lang;
        if !self.is_live() {
            return Some(if self.going_on() {
                lang.say("the board shows an earlier position: step forward to the last one to play").into()
            } else {
                lang.say("the game is over").into()
            });
        }
        let side = m.position().side();
        let name = self.game().rules().player_in(side, lang.code());
        (!m.is_human(side)).then(|| lang.fill("{} is played by the computer ({})", &[name, &m.players()[side.index()].to_string()]))
    }

    /// A click on the board (a cell's or an arrow's key); the move is played when it is named.
    pub fn click(&mut self, key: &str) -> Option<Move> {
        let click = Click::parse(key)?;
        self.note = self.refusal();
        if self.note.is_some() {
            return None;
        }
        self.choices.clear();
        let entered = self.entry.click(click);
        if let (Entered::Nothing, Click::Cell(cell)) = (&entered, click) {
            self.note = self.why_not(cell);
        }
        match entered {
            Entered::Play(mv) => {
                self.play(mv).ok()?;
                Some(mv)
            }
            Entered::Choose(moves) => {
                self.choices = moves;
                None
            }
            Entered::Nothing | Entered::Partial => None,
        }
    }

    /// Why a click on `cell` starts no move, when it holds a piece (the opponent's, or one of
    /// the mover's with no move) or when a piece in hand could be dropped there.
    fn why_not(&self, cell: CellId) -> Option<String> {
        let m = self.game_match();
        let (rules, side) = (m.game().rules(), m.position().side());
        let Some(piece) = m.position().at(cell) else {
            // An empty cell a piece in hand may be dropped on: the hand comes first.
            let droppable = m.game().legal_moves(m.position()).into_iter().any(|mv| mv.to() == cell && m.game().dropped(mv).is_some());
            return droppable.then(|| self.lang.say("to drop a piece here, choose it in your hand first").into());
        };
        let code = self.lang.code();
        match piece.owner().player() {
            Some(owner) if owner != side => {
                Some(self.lang.fill("that is {}'s piece: {} moves now", &[rules.player_in(owner, code), rules.player_in(side, code)]))
            }
            Some(_) if !self.entry.starts().contains(&cell) => {
                Some(self.lang.say("no move of this piece: choose one that is marked").into())
            }
            _ => None,
        }
    }

    /// Plays the `i`-th of the moves the player was asked to choose between.
    pub fn choose(&mut self, i: usize) -> Option<Move> {
        let mv = *self.choices.get(i)?;
        self.play(mv).ok()?;
        Some(mv)
    }

    /// Plays a move of the player to move through the match (its clock charged); false when the
    /// clock had run out first (the game is then lost on time). [`Match::play`] refuses a move
    /// that is not legal here, and the table stays as it was.
    fn play(&mut self, mv: Move) -> Result<bool, IllegalMove> {
        let played = self.live.with_dependent_mut(|_, m| {
            if m.plies() == 0 {
                m.begin_turn();
            }
            m.play(mv)
        })?;
        self.view = self.plies();
        self.hint = None;
        self.note = None;
        self.refresh_entry();
        Ok(played)
    }

    /// Plays a person's move written in the game's notation; false when their time had run out.
    pub fn play_text(&mut self, text: &str) -> Result<bool, String> {
        if let Some(why) = self.refusal() {
            return Err(why);
        }
        let mv = {
            let m = self.game_match();
            m.game().parse_move(m.position(), text).map_err(|e| e.to_string())?
        };
        self.play(mv).map_err(|e| e.to_string())
    }

    /// Plays the move a computer player chose (in the page's worker); false when its time had
    /// run out.
    pub fn computer_move(&mut self, text: &str) -> Result<bool, String> {
        let m = self.game_match();
        if !self.going_on() || m.is_human(m.position().side()) {
            return Err("no computer is to move".into());
        }
        let mv = m.game().parse_move(m.position(), text).map_err(|e| e.to_string())?;
        self.play(mv).map_err(|e| e.to_string())
    }

    /// Passes, when passing is legal.
    pub fn pass(&mut self) -> bool {
        let m = self.game_match();
        let pass = self.refusal().is_none() && m.game().legal_moves(m.position()).contains(&Move::PASS);
        pass && self.play(Move::PASS) == Ok(true)
    }

    /// Takes back moves as the match does (against the computer, the person's last move and the
    /// reply; between people, the last move), also once the game is over (but for a loss on
    /// time). Returns what happened, in words.
    pub fn undo(&mut self) -> String {
        if self.recorded.take().is_some() {
            // The record's result goes with its last move: the match starts again from its moves.
            self.rebuild(false);
        }
        let undo = self.live.with_dependent_mut(|_, m| m.undo());
        self.view = self.plies();
        self.hint = None;
        self.refresh_entry();
        let game = self.game();
        let lang = self.lang;
        match undo {
            Undo::Took(moves) => lang.fill("Took back {}.", &[&moves.join(" ")]),
            Undo::NoMoves => lang.say("No move to take back.").into(),
            Undo::NoHumanMove => lang.say("Every move so far is a computer's: none to take back.").into(),
            Undo::TimeOut => match self.game_match().ending().and_then(|e| Some((e, e.outcome(game)?))) {
                Some((e, o)) => lang.fill("The game is over: {}.", &[&result_words(game, e, &o, lang)]),
                None => lang.say("The game is over.").into(),
            },
        }
    }

    /// Shows the position after `plies` moves (stepping through the game).
    pub fn goto(&mut self, plies: usize) {
        self.view = plies.min(self.plies());
        self.note = None;
        self.refresh_entry();
    }

    /// A new game from the same start, the same players and clock, and the next seed.
    pub fn restart(&mut self) {
        self.seats.seed = next_seed(self.seats.seed);
        self.recorded = None;
        let seats = self.seats.clone();
        self.live.with_dependent_mut(|_, m| *m = seats.start(m.start().clone(), &[]));
        self.changed();
    }

    /// Who plays `side`: `human` or any player the play crate's registry knows. The game goes
    /// on with the clocks as they are.
    pub fn set_player(&mut self, side: PlayerId, text: &str) -> Result<(), String> {
        let spec = AgentSpec::parse(text.trim()).map_err(|e| e.to_string())?;
        if self.seats.players[side.index()] != spec {
            self.seats.players[side.index()] = spec;
            self.rebuild(true);
        }
        Ok(())
    }

    /// The clock: a time control as typed (`5m`, `3m+2s`), or nothing for none. Both clocks
    /// start again from it; the moves stay.
    pub fn set_clock(&mut self, text: &str) -> Result<(), String> {
        let clock = match text.trim() {
            "" => None,
            text => Some(parse_clock(text)?),
        };
        self.seats.clock = clock;
        self.rebuild(false);
        Ok(())
    }

    /// The clock's control as typed (`5m+2s`), or nothing.
    pub fn clock_text(&self) -> String {
        self.seats.clock.as_ref().map(hetproba_play::control_label).unwrap_or_default()
    }

    /// Starts a game from a position in the ruleset's notation.
    pub fn set_position(&mut self, text: &str) -> Result<(), String> {
        let seats = self.seats.clone();
        self.live.with_dependent_mut(|game, m| {
            let start = Session::from_text(game, text).map_err(|e| e.to_string())?;
            *m = seats.start(start, &[]);
            Ok::<(), String>(())
        })?;
        self.set_up = true;
        self.recorded = None;
        self.changed();
        Ok(())
    }

    /// Begins setting up by hand, from the position shown.
    pub fn setup_begin(&mut self) {
        let session = self.session();
        let pos = session.position();
        let pieces = self.game().board().all_cells().map(|c| pos.at(c)).collect();
        self.setup = Some(pieces);
        self.entry = Entry::default();
    }

    /// Puts a piece (its [`Piece::byte`]; 0 empties the cell) on a cell while setting up.
    pub fn setup_put(&mut self, cell: usize, key: u8) {
        let piece = Piece::from_byte(self.game().rules(), key);
        if let Some(pieces) = &mut self.setup
            && cell < pieces.len()
        {
            pieces[cell] = piece;
        }
    }

    /// Ends setting up: the game starts from the pieces set, `side` to move, when the position
    /// reads back as one of the game's (it is written in the game's notation and read again).
    pub fn setup_end(&mut self, side: PlayerId) -> Result<(), String> {
        let Some(pieces) = self.setup.take() else { return Ok(()) };
        let game = self.game();
        let text = game.write_position(&Position::with_pieces(game, &pieces_of(&pieces), side));
        self.set_position(&text)
    }

    /// Resigns for the person at the table: the player to move, or the other side when the
    /// computer is to move against a person.
    pub fn resign(&mut self) -> bool {
        if !self.going_on() {
            return false;
        }
        let m = self.game_match();
        let side = m.position().side();
        let loser = if !m.is_human(side) && m.is_human(side.other()) { side.other() } else { side };
        self.live.with_dependent_mut(|_, m| m.end(Ending::Resigned(loser)));
        self.refresh_entry();
        true
    }

    /// Marks a move a hint suggested (in the game's notation) on the board.
    pub fn show_hint(&mut self, text: &str) -> Result<(), String> {
        let m = self.game_match();
        let mv = m.game().parse_move(m.position(), text).map_err(|e| e.to_string())?;
        self.hint = Some(mv);
        Ok(())
    }

    /// The game's record as `play` writes it: tags, numbered moves, the result (PDN where the
    /// ruleset writes its positions in PDN).
    pub fn record_text(&self) -> String {
        self.game_match().record().write()
    }

    /// Reads a record of this ruleset (PDN or the plain format), checks it as `replay` does
    /// (every move legal where it stands, none after the end, the result not contradicting the
    /// final position) and shows its last position. The players, seed and clock its tags give
    /// are taken (a player's tag that names no player, a person's name, is a person). A game the
    /// record leaves unfinished goes on; one it ends off the board (a resignation, a time-out)
    /// shows its result.
    pub fn load_record(&mut self, text: &str) -> Result<(), String> {
        let record = Record::parse("record", text).map_err(|e| e.to_string())?;
        let params = params_of(&record).map_err(|e| e.to_string())?;
        if let Some(id) = record.tag("Ruleset")
            && id != self.game().rules().id
        {
            return Err(format!("the record is a game of '{id}', not of '{}'", self.game().rules().id));
        }
        if params != self.params {
            let seats = self.seats.clone();
            *self = Table::new(self.source.clone(), params, seats.seed, seats.timer).map_err(|r| r.to_string())?;
            self.seats.players = seats.players;
        }
        let mut seats = self.seats.clone();
        for side in [PlayerId::FIRST, PlayerId::SECOND] {
            if let Some(tag) = record.tag(&player_tag(self.game(), side)) {
                seats.players[side.index()] = AgentSpec::parse(tag).unwrap_or(AgentSpec::Human);
            }
        }
        if let Some(seed) = record.tag("Seed").and_then(|s| s.parse().ok()) {
            seats.seed = seed;
        }
        seats.clock = match record.tag("TimeControl") {
            Some(text) => Some(parse_clock(text).map_err(|e| format!("record: [TimeControl \"{text}\"]: {e}"))?),
            None => None,
        };
        let recorded = self.live.with_dependent_mut(|game, m| {
            let replayed = record::replay(game, &record, "record").map_err(|e| e.to_string())?;
            check_result(game, &record, &replayed.session, "record").map_err(|e| e.to_string())?;
            let over = replayed.session.outcome().is_some();
            *m = seats.start(replayed.start, &replayed.moves);
            let recorded = (!over && record.result != "*").then(|| Recorded {
                winner: token_winner(game, &record.result).flatten(),
                text: match record.tag("Termination") {
                    Some(how) => format!("{} ({how})", record.result),
                    None => format!("{} (the record's result)", record.result),
                },
            });
            let kept = m.record_mut();
            kept.tags = record.tags.clone();
            if recorded.is_some() {
                // The record's end off the board stays its result.
                kept.result = record.result.clone();
            }
            Ok::<_, String>(recorded)
        })?;
        self.seats = seats;
        self.set_up = record.tag("FEN").or(record.tag("Position")).is_some();
        self.recorded = recorded;
        self.changed();
        Ok(())
    }
}

/// A game's result in words: in English as the engine and `play` word it; in another language
/// from the ruleset's translated names and words, and the page's own.
fn result_words(game: &Game, ending: &Ending, outcome: &hetproba_engine::Outcome, lang: Lang) -> String {
    if lang == Lang::En {
        return outcome.describe(game);
    }
    let rules = game.rules();
    let code = lang.code();
    let reason = match ending {
        Ending::Time(loser) => lang.fill("{}'s time ran out", &[rules.player_in(*loser, code)]),
        Ending::Resigned(loser) => lang.fill("{} resigned", &[rules.player_in(*loser, code)]),
        _ => rules.words_in(&outcome.reason, code).to_string(),
    };
    match outcome.winner {
        Some(p) => format!("{}: {reason}", lang.fill("{} wins", &[rules.player_in(p, code)])),
        None => format!("{}: {reason}", lang.say("draw")),
    }
}

/// The seed of the next game: a step of SplitMix64's sequence.
pub fn next_seed(seed: u64) -> u64 {
    seed.wrapping_add(0x9E37_79B9_7F4A_7C15)
}

fn pieces_of(cells: &[Option<Piece>]) -> Vec<(CellId, Piece)> {
    cells.iter().enumerate().filter_map(|(i, p)| Some((CellId::new(i), (*p)?))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{HOLDING, HOPPING, PLACING, RACING};
    use std::sync::atomic::{AtomicU64, Ordering};

    /// A clock the test moves by hand.
    struct Manual(AtomicU64);

    impl Timer for Manual {
        fn now(&self) -> Duration {
            Duration::from_millis(self.0.load(Ordering::Relaxed))
        }
    }

    impl Manual {
        fn advance(&self, ms: u64) {
            self.0.fetch_add(ms, Ordering::Relaxed);
        }
    }

    fn manual() -> &'static Manual {
        Box::leak(Box::new(Manual(AtomicU64::new(0))))
    }

    /// A table for a fixture ruleset of tests/fixtures.
    fn table(text: &str) -> Table {
        table_with(text, manual())
    }

    fn table_with(text: &str, timer: &'static dyn Timer) -> Table {
        let id = crate::fixtures::rules(text).id;
        Table::new(Source::Text { name: format!("{id}.toml"), text: text.into() }, Vec::new(), 1, timer).unwrap()
    }

    fn key(t: &Table, name: &str) -> String {
        t.game().board().find(name).unwrap().index().to_string()
    }

    #[test]
    fn clicks_play_a_capture_and_the_captured_cell_is_marked() {
        let mut t = table(HOPPING);
        t.set_position("W:Wc3:Bd4,b6").unwrap();
        let (c3, e5) = (key(&t, "c3"), key(&t, "e5"));
        assert!(!t.svg().contains(r#"class="changed""#));
        assert!(t.click(&c3).is_none(), "its start first");
        assert!(t.click(&e5).is_some());
        let s = t.state();
        assert_eq!(s.moves, vec!["c3:e5"]);
        assert_eq!(s.side, 1);
        // d4 was taken: the last move marks it.
        assert!(t.svg().contains(r#"class="changed""#));
    }

    #[test]
    fn the_example_move_is_a_legal_move_in_the_notation_and_none_once_over() {
        let mut t = table(RACING);
        let example = t.state().example.unwrap();
        assert!(example.ends_with('2') || example.ends_with('3'), "a runner's slide: {example}");
        t.play_text(&example).unwrap();
        // White's runner on a1 is blocked by black's on a2: no move, the game is over.
        t.set_position("4/4/r3/R3 w").unwrap();
        assert_eq!(t.state().example, None);
    }

    #[test]
    fn stepping_back_shows_an_earlier_position_where_no_move_is_played() {
        let mut t = table(RACING);
        t.play_text("a1-a2").unwrap();
        t.play_text("a4-a3").unwrap();
        t.goto(1);
        assert!(!t.state().live);
        assert!(t.play_text("b4-b3").unwrap_err().contains("earlier position"));
        t.goto(2);
        t.play_text("b1-b2").unwrap();
        assert_eq!(t.state().moves, vec!["a1-a2", "a4-a3", "b1-b2"]);
    }

    #[test]
    fn a_promotion_by_clicks_waits_for_the_choice() {
        let mut t = table(RACING);
        t.set_position("4/1R2/3r/4 w").unwrap();
        let (b3, b4) = (key(&t, "b3"), key(&t, "b4"));
        assert!(t.click(&b3).is_none());
        assert!(t.click(&b4).is_none());
        let choices = t.state().choices;
        let knight = choices.iter().position(|c| c.starts_with("b3-b4=N")).unwrap();
        t.choose(knight).unwrap();
        assert!(t.state().moves[0].starts_with("b3-b4=N"));
    }

    #[test]
    fn resigning_ends_the_game_in_the_engines_words_and_undo_takes_it_back() {
        let mut t = table(PLACING);
        t.play_text("b2").unwrap();
        assert!(t.resign());
        let s = t.state();
        assert_eq!(s.result.as_deref(), Some("cross wins: nought resigned"));
        assert!(!s.live);
        assert!(t.record_text().contains("[Result \"1-0\"]"), "{}", t.record_text());
        assert_eq!(t.undo(), "Took back b2.");
        assert!(t.state().live);
        assert_eq!(t.state().result, None);
    }

    #[test]
    fn against_the_computer_undo_takes_back_the_persons_move_and_the_reply() {
        let mut t = table(PLACING);
        t.set_player(PlayerId::SECOND, "random").unwrap();
        t.play_text("b2").unwrap();
        let s = t.state();
        assert!(s.computer && s.agents == ["human", "random"]);
        assert!(t.play_text("a1").unwrap_err().contains("played by the computer"));
        t.computer_move("a1").unwrap();
        assert_eq!(t.undo(), "Took back b2 a1.");
        assert_eq!(t.state().moves.len(), 0);
        assert!(t.set_player(PlayerId::FIRST, "wizard").unwrap_err().contains("'wizard' is not a player"));
    }

    #[test]
    fn the_clock_runs_from_the_first_move_and_a_flag_fall_loses() {
        let timer = manual();
        let mut t = table_with(PLACING, timer);
        t.set_clock("1m").unwrap();
        timer.advance(10_000);
        assert_eq!(t.clocks().unwrap().running, None, "not before the first move");
        t.play_text("b2").unwrap();
        timer.advance(20_000);
        let clocks = t.clocks().unwrap();
        assert_eq!((clocks.left, clocks.running), ([60_000, 40_000], Some(1)), "the first move was not timed");
        assert_eq!(clocks.text[1], "0:40.0");
        assert!(!t.tick());
        timer.advance(40_000);
        assert!(t.tick());
        assert_eq!(t.state().result.as_deref(), Some("cross wins: nought's time ran out"));
        assert_eq!(t.undo(), "The game is over: cross wins: nought's time ran out.");
    }

    #[test]
    fn a_record_is_written_as_play_writes_it_and_reads_back() {
        let mut t = table(RACING);
        t.set_player(PlayerId::SECOND, "mcts:50").unwrap();
        t.play_text("a1-a2").unwrap();
        t.computer_move("a4-a3").unwrap();
        let text = t.record_text();
        for tag in
            ["[Event \"hetproba\"]", "[Ruleset \"racing\"]", "[White \"human\"]", "[Black \"mcts:50\"]", "[Seed \"1\"]", "[Result \"*\"]"]
        {
            assert!(text.contains(tag), "{tag} in {text}");
        }
        assert!(text.ends_with("1. a1-a2 a4-a3 *\n"), "{text}");
        let mut u = table(RACING);
        u.load_record(&text).unwrap();
        let s = u.state();
        assert_eq!(
            (s.moves, s.agents, s.live),
            (vec!["a1-a2".to_string(), "a4-a3".to_string()], ["human".to_string(), "mcts:50".to_string()], true)
        );
        assert_eq!(u.record_text(), text);
    }

    #[test]
    fn a_record_is_checked_as_replay_checks_it() {
        let mut t = table(RACING);
        let err = t.load_record("[Ruleset \"racing\"]\n\n1. a1-a2 a1-a2 *\n").unwrap_err();
        assert!(err.starts_with("record: move 1 (black, ply 2): "), "{err}");
        let err = t.load_record("[Ruleset \"placing\"]\n\n1. b2 *\n").unwrap_err();
        assert_eq!(err, "the record is a game of 'placing', not of 'racing'");
        // Ended off the board: the result shows and the game does not go on.
        t.load_record("[Ruleset \"racing\"]\n[Termination \"white wins: black resigned\"]\n\n1. a1-a2 1-0\n").unwrap();
        let s = t.state();
        assert_eq!((s.result.as_deref(), s.winner, s.live), (Some("1-0 (white wins: black resigned)"), Some(0), false));
        assert!(t.record_text().ends_with("1. a1-a2 1-0\n"));
    }

    #[test]
    fn a_record_in_pdn_keeps_its_start_position() {
        let mut t = table(HOPPING);
        t.set_position("W:Wa1:Bd4,b4,b2").unwrap();
        t.play_text("a1:c3:e5").unwrap();
        let text = t.record_text();
        assert!(text.contains("[FEN \"W:Wa1:Bb2,b4,d4\"]"), "{text}");
        assert!(text.ends_with("1. a1:c3:e5 *\n"), "{text}");
        let mut u = table(HOPPING);
        u.load_record(&text).unwrap();
        assert_eq!(u.state().moves, vec!["a1:c3:e5"]);
    }

    #[test]
    fn a_position_set_up_by_hand_is_played_from() {
        let mut t = table(PLACING);
        t.setup_begin();
        let cell = |name: &str| t.game().board().find(name).unwrap().index();
        let (a1, b2) = (cell("a1"), cell("b2"));
        // Key 1: the first piece type, the first player's; key 0 empties the cell.
        t.setup_put(a1, 1);
        t.setup_put(b2, 1);
        t.setup_put(a1, 0);
        t.setup_end(PlayerId::SECOND).unwrap();
        let s = t.state();
        assert_eq!(s.to_move, "nought");
        assert_eq!((s.position.matches('X').count(), s.position.matches('O').count()), (1, 0), "{}", s.position);
    }

    /// Pieces of a type in a hand: (name, count, key, chosen).
    type HeldRow = (String, u32, Option<String>, bool);

    /// Each hand as (side, its pieces), the one above the board first.
    fn hands(t: &Table) -> Vec<(usize, Vec<HeldRow>)> {
        t.state().hands.into_iter().map(|h| (h.side, h.pieces.into_iter().map(|p| (p.name, p.count, p.key, p.chosen)).collect())).collect()
    }

    #[test]
    fn the_hands_follow_captures_drops_undo_and_positions() {
        let mut t = table(HOLDING);
        let held = |name: &str, n: u32, key: Option<&str>, chosen: bool| (name.to_string(), n, key.map(String::from), chosen);
        // Nought's hand above, cross's below; only the mover's wall is a key.
        assert_eq!(hands(&t), vec![(1, vec![held("wall", 1, None, false)]), (0, vec![held("wall", 1, Some("h1"), false)])]);
        assert!(t.state().hands[1].to_move);
        t.play_text("a1-b2").unwrap();
        t.play_text("c3-b2").unwrap();
        // Nought took cross's stone: a stone in nought's hand, as nought's (the hand lists the
        // types in the ruleset's order, both being worth the same).
        assert_eq!(hands(&t)[0], (1, vec![held("stone", 1, None, false), held("wall", 1, None, false)]));
        assert_eq!(hands(&t)[1], (0, vec![held("wall", 1, Some("h1"), false)]));
        // Cross drops its wall by clicks: the hand, then the cell.
        assert_eq!(t.click(&key(&t, "c1")), None);
        assert_eq!(t.state().note.as_deref(), Some("to drop a piece here, choose it in your hand first"));
        assert!(t.click("h1").is_none());
        assert_eq!(hands(&t)[1].1, vec![held("wall", 1, Some("h1"), true)]);
        assert_eq!(t.svg().matches(" target").count(), 8, "every empty cell");
        assert!(t.click(&key(&t, "c1")).is_some());
        assert_eq!(t.state().moves.last().map(String::as_str), Some("W@c1"));
        assert_eq!(hands(&t)[1], (0, vec![]));
        t.undo();
        assert_eq!(hands(&t)[1], (0, vec![held("wall", 1, Some("h1"), false)]));
        // Flipped, cross's hand is drawn above; a position's hands are read.
        t.flipped = true;
        t.set_position("3/1O1/3 x hands:XXwO").unwrap();
        let s = hands(&t);
        assert_eq!(s[0], (0, vec![held("stone", 2, Some("h0"), false)]));
        assert_eq!(s[1], (1, vec![held("stone", 1, None, false), held("wall", 1, None, false)]));
        // A game without hands has none.
        assert!(table(RACING).state().hands.is_empty());
    }

    #[test]
    fn a_bad_position_is_refused_with_the_reason() {
        let mut t = table(RACING);
        let err = t.set_position("not a position").unwrap_err();
        assert!(err.starts_with("bad position"), "{err}");
    }
}
