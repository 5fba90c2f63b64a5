//! One game on the page: the ruleset, where it started, the moves played, which of them the
//! board shows, and the move being entered by clicks.

use crate::draw::{self, View};
use crate::input::{Click, Entry, Outcome};
use hetproba_board::CellId;
use hetproba_engine::rules::model::PlayerId;
use hetproba_engine::rules::{BuiltinFiles, Report, Ruleset, builtin_text, load, source};
use hetproba_engine::{Game, Move, Piece, Position, Session};
use serde::Serialize;

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

    /// Loads the ruleset (`extends` among the built-ins).
    pub fn load(&self) -> Result<Ruleset, Report> {
        match self {
            Source::Builtin(id) => load(&source::builtin_name(id), self.text(), &BuiltinFiles, &[]),
            Source::Text { name, text } => load(name, text, &BuiltinFiles, &[]),
        }
    }
}

/// A result that the board's rules did not decide: a resignation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    pub winner: Option<PlayerId>,
    pub text: String,
}

pub struct Table {
    pub source: Source,
    game: Game,
    /// The position the game started from, as text (None: the ruleset's start).
    start: Option<String>,
    moves: Vec<Move>,
    names: Vec<String>,
    /// How many of the moves the board shows (fewer than played while stepping back).
    view: usize,
    entry: Entry,
    /// Moves waiting for the player's choice (promotions).
    choices: Vec<Move>,
    pub flipped: bool,
    ended: Option<Ended>,
    /// Pieces being set up by hand, per cell.
    setup: Option<Vec<Option<Piece>>>,
}

/// The state the page shows, as JSON.
#[derive(Serialize)]
pub struct State {
    pub name: String,
    pub players: Vec<String>,
    /// Whose turn it is in the position shown (0 or 1).
    pub side: usize,
    pub to_move: String,
    /// The result and its reason as the engine words them, when the game is over.
    pub result: Option<String>,
    pub winner: Option<usize>,
    pub moves: Vec<String>,
    /// How many moves the board shows.
    pub view: usize,
    /// The game goes on from the position shown (not stepped back, not over).
    pub live: bool,
    pub can_pass: bool,
    /// Moves to choose between (their names), when clicks named several.
    pub choices: Vec<String>,
    pub position: String,
    /// The phase's name, when the game has several.
    pub phase: Option<String>,
}

impl Table {
    pub fn new(source: Source) -> Result<Table, Report> {
        let game = Game::new(source.load()?);
        Ok(Table::with_game(source, game, None))
    }

    fn with_game(source: Source, game: Game, start: Option<String>) -> Table {
        let mut table = Table {
            source,
            game,
            start,
            moves: Vec::new(),
            names: Vec::new(),
            view: 0,
            entry: Entry::default(),
            choices: Vec::new(),
            flipped: false,
            ended: None,
            setup: None,
        };
        table.refresh_entry();
        table
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The session of the position shown: the start and the moves up to the view.
    pub fn session(&self) -> Session<'_> {
        self.session_at(self.view)
    }

    fn session_at(&self, plies: usize) -> Session<'_> {
        let mut session = match &self.start {
            Some(text) => Session::from_text(&self.game, text).unwrap_or_else(|_| Session::new(&self.game, Position::start(&self.game))),
            None => Session::new(&self.game, Position::start(&self.game)),
        };
        for &mv in &self.moves[..plies] {
            session.play(mv);
        }
        session
    }

    /// The start position as text.
    pub fn start_text(&self) -> String {
        match &self.start {
            Some(t) => t.clone(),
            None => Session::new(&self.game, Position::start(&self.game)).write_position(),
        }
    }

    fn is_live(&self) -> bool {
        self.view == self.moves.len() && self.ended.is_none() && self.session().outcome().is_none()
    }

    fn refresh_entry(&mut self) {
        self.choices.clear();
        self.entry = if self.is_live() {
            let session = self.session();
            let moves = self.game.legal_moves(session.position());
            Entry::new(&self.game, session.position(), &moves)
        } else {
            Entry::default()
        };
    }

    pub fn state(&self) -> State {
        let session = self.session();
        let pos = session.position();
        let rules = self.game.rules();
        let outcome = session.outcome();
        let (result, winner) = match (&self.ended, &outcome) {
            (Some(e), _) if self.view == self.moves.len() => (Some(e.text.clone()), e.winner.map(|p| p.index())),
            (_, Some(o)) => (Some(o.describe(&self.game)), o.winner.map(|p| p.index())),
            _ => (None, None),
        };
        let live = self.is_live();
        let can_pass = live && self.game.legal_moves(pos).iter().any(|m| m.is_pass());
        State {
            name: rules.name.clone(),
            players: rules.players.iter().map(|p| p.name.clone()).collect(),
            side: pos.side().index(),
            to_move: self.game.player_name(pos.side()).to_string(),
            result,
            winner,
            moves: self.names.clone(),
            view: self.view,
            live,
            can_pass,
            choices: self.game.move_names(pos, &self.choices),
            position: session.write_position(),
            phase: (rules.phases.len() > 1).then(|| rules.phases[pos.phase() as usize].name.clone()),
        }
    }

    /// The board as SVG, with the move being entered and the last move shown.
    pub fn svg(&self) -> String {
        if let Some(codes) = &self.setup {
            let pos = Position::with_pieces(&self.game, &pieces_of(codes), PlayerId::FIRST);
            return draw::svg(&self.game, &pos, &View { flipped: self.flipped, ..View::default() });
        }
        let session = self.session();
        let pos = session.position();
        let mut view = View { flipped: self.flipped, ..View::default() };
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
                }
            }
        }
        if self.view > 0 {
            let before = self.session_at(self.view - 1);
            let mv = self.moves[self.view - 1];
            let info = self.game.move_info(before.position(), mv);
            if mv.from != hetproba_board::NO_CELL {
                view.last.push(mv.from);
            }
            view.last.extend(self.game.move_path(before.position(), mv));
            if mv.from == hetproba_board::NO_CELL && !mv.is_pass() {
                view.last.push(mv.to);
            }
            let board = self.game.board();
            view.changed = info.captures.iter().chain(&info.flips).filter_map(|n| board.find(n)).collect();
        }
        draw::svg(&self.game, pos, &view)
    }

    /// A click on the board (a cell's or an arrow's key); the move is played when it is named.
    pub fn click(&mut self, key: &str) -> Option<Move> {
        let click = Click::parse(key)?;
        if !self.is_live() {
            return None;
        }
        self.choices.clear();
        match self.entry.click(click) {
            Outcome::Play(mv) => {
                self.play(mv);
                Some(mv)
            }
            Outcome::Choose(moves) => {
                self.choices = moves;
                None
            }
            Outcome::Nothing | Outcome::Partial => None,
        }
    }

    /// Plays the `i`-th of the moves the player was asked to choose between.
    pub fn choose(&mut self, i: usize) -> Option<Move> {
        let mv = *self.choices.get(i)?;
        self.play(mv);
        Some(mv)
    }

    /// Plays a legal move of the position (the game goes on from there).
    pub fn play(&mut self, mv: Move) {
        let name = {
            let session = self.session();
            self.game.move_name(session.position(), mv)
        };
        self.moves.truncate(self.view);
        self.names.truncate(self.view);
        self.moves.push(mv);
        self.names.push(name);
        self.view = self.moves.len();
        self.refresh_entry();
    }

    /// Plays a move written in the game's notation.
    pub fn play_text(&mut self, text: &str) -> Result<Move, String> {
        if !self.is_live() {
            return Err("the game is not going on from this position".into());
        }
        let mv = {
            let session = self.session();
            self.game.parse_move(session.position(), text).map_err(|e| e.to_string())?
        };
        self.play(mv);
        Ok(mv)
    }

    /// Passes, when passing is legal.
    pub fn pass(&mut self) -> bool {
        let pass = self.is_live() && self.game.legal_moves(self.session().position()).contains(&Move::PASS);
        if pass {
            self.play(Move::PASS);
        }
        pass
    }

    /// Takes back the last `n` moves.
    pub fn undo(&mut self, n: usize) -> bool {
        if self.moves.is_empty() || n == 0 {
            return false;
        }
        let keep = self.moves.len().saturating_sub(n);
        self.moves.truncate(keep);
        self.names.truncate(keep);
        self.view = keep;
        self.ended = None;
        self.refresh_entry();
        true
    }

    /// Shows the position after `plies` moves (stepping through the game).
    pub fn goto(&mut self, plies: usize) {
        self.view = plies.min(self.moves.len());
        self.refresh_entry();
    }

    /// Starts again from the same start.
    pub fn restart(&mut self) {
        self.moves.clear();
        self.names.clear();
        self.view = 0;
        self.ended = None;
        self.refresh_entry();
    }

    /// Starts a game from a position in the ruleset's notation.
    pub fn set_position(&mut self, text: &str) -> Result<(), String> {
        Session::from_text(&self.game, text).map_err(|e| e.to_string())?;
        self.start = Some(text.trim().to_string());
        self.restart();
        Ok(())
    }

    /// Begins setting up by hand, from the position shown.
    pub fn setup_begin(&mut self) {
        let session = self.session();
        let pos = session.position();
        let codes = self.game.board().all_cells().map(|c| pos.at(c)).collect();
        self.setup = Some(codes);
    }

    /// Puts a piece (its [`draw::piece_key`]; 0 empties the cell) on a cell while setting up.
    pub fn setup_put(&mut self, cell: usize, key: u8) {
        let piece = draw::key_piece(self.game.rules(), key);
        if let Some(codes) = &mut self.setup
            && cell < codes.len()
        {
            codes[cell] = piece;
        }
    }

    /// Ends setting up: the game starts from the pieces set, `side` to move, when the position
    /// reads back as one of the game's (it is written in the game's notation and read again).
    pub fn setup_end(&mut self, side: PlayerId) -> Result<(), String> {
        let Some(codes) = self.setup.take() else { return Ok(()) };
        let pos = Position::with_pieces(&self.game, &pieces_of(&codes), side);
        let text = self.game.write_position(&pos);
        self.set_position(&text)
    }

    /// The player resigns: the other wins.
    pub fn resign(&mut self, player: PlayerId) {
        if self.is_live() {
            let winner = player.other();
            let text = format!("{} wins: {} resigned", self.game.player_name(winner), self.game.player_name(player));
            self.ended = Some(Ended { winner: Some(winner), text });
            self.refresh_entry();
        }
    }

    /// Ends the game with a result decided outside the board (a clock that ran out).
    pub fn end(&mut self, winner: Option<PlayerId>, text: String) {
        if self.is_live() {
            self.ended = Some(Ended { winner, text });
            self.refresh_entry();
        }
    }

    /// The moves played so far, in the game's notation (what a worker replays).
    pub fn names(&self) -> &[String] {
        &self.names
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
}

fn pieces_of(cells: &[Option<Piece>]) -> Vec<(CellId, Piece)> {
    cells.iter().enumerate().filter_map(|(i, p)| Some((CellId::new(i), (*p)?))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(id: &str) -> Table {
        Table::new(Source::Builtin(id.into())).unwrap()
    }

    fn key(t: &Table, name: &str) -> String {
        t.game().board().find(name).unwrap().index().to_string()
    }

    #[test]
    fn clicks_play_a_reversi_move_and_flip() {
        let mut t = table("reversi");
        let d3 = key(&t, "d3");
        assert!(t.click(&d3).is_some());
        let s = t.state();
        assert_eq!(s.moves, vec!["d3"]);
        assert_eq!(s.side, 1);
        // d4 was flipped: the last move marks it.
        assert!(t.svg().contains(r#"class="changed""#));
    }

    #[test]
    fn stepping_back_shows_an_earlier_position_and_a_move_there_goes_on_from_it() {
        let mut t = table("chess");
        t.play_text("e4").unwrap();
        t.play_text("e5").unwrap();
        t.goto(1);
        assert!(!t.state().live);
        assert!(t.play_text("d5").is_err());
        t.goto(2);
        t.undo(1);
        t.play_text("d5").unwrap();
        assert_eq!(t.state().moves, vec!["e4", "d5"]);
    }

    #[test]
    fn a_promotion_by_clicks_waits_for_the_choice() {
        let mut t = table("chess");
        t.set_position("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
        let (e7, e8) = (key(&t, "e7"), key(&t, "e8"));
        assert!(t.click(&e7).is_none());
        assert!(t.click(&e8).is_none());
        let choices = t.state().choices;
        let knight = choices.iter().position(|c| c.starts_with("e8=N")).unwrap();
        t.choose(knight).unwrap();
        assert!(t.state().moves[0].starts_with("e8=N"));
    }

    #[test]
    fn resigning_ends_the_game_and_undo_takes_it_back() {
        let mut t = table("reversi");
        t.play_text("d3").unwrap();
        t.resign(PlayerId::SECOND);
        let s = t.state();
        assert_eq!(s.result.as_deref(), Some("black wins: white resigned"));
        assert!(!s.live);
        t.undo(1);
        assert!(t.state().live);
    }

    #[test]
    fn a_position_set_up_by_hand_is_played_from() {
        let mut t = table("reversi");
        t.setup_begin();
        let d5 = t.game().board().find("d5").unwrap().index();
        t.setup_put(d5, 0);
        t.setup_end(PlayerId::SECOND).unwrap();
        let s = t.state();
        assert_eq!(s.to_move, "white");
        assert_eq!(s.position.matches('x').count() + s.position.matches('o').count(), 3, "{}", s.position);
    }

    #[test]
    fn a_bad_position_is_refused_with_the_reason() {
        let mut t = table("chess");
        let err = t.set_position("not a position").unwrap_err();
        assert!(err.starts_with("bad position"), "{err}");
    }
}
