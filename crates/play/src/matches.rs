//! One game between two players: the [`Match`]. It keeps the session (the position and the
//! history the draw rules need), the players, the clocks, the record of the moves and how the
//! game ended. Every front end plays through it, in one of two ways:
//!
//! - [`Match::run`] plays the game to its end, asking a [`Host`] to show it, to get the moves
//!   of the people at the table, and to hear what happened (`play` in a terminal, `selfplay`,
//!   a simulated championship);
//! - step by step, for front ends that cannot wait (a web page): [`Match::begin_turn`], then
//!   [`Match::think`] for a computer or a person's [`Match::play`], until [`Match::ending`].
//!
//! The match reads no clock of its own: time comes from the [`Timer`] it is given.

use crate::clock::{Clocks, control_label};
use crate::record::{Record, player_tag};
use crate::result::{Ending, result_token};
use crate::spec::AgentSpec;
use hetproba_ai::{Agent, Observer, Progress, Think, TimeLeft, Timer};
use hetproba_engine::board::{CellId, NO_CELL};
use hetproba_engine::rules::model::{Clock, PlayerId};
use hetproba_engine::rules::parse_clock;
use hetproba_engine::{Game, IllegalMove, Move, MoveError, Outcome, Position, PositionError, Session};
use std::ops::ControlFlow;
use std::time::Duration;

/// A seat at the table: who plays it, and their agent (none for a person).
struct Seat {
    spec: AgentSpec,
    agent: Option<Box<dyn Agent>>,
}

/// What a person did with their turn, as a [`Host`] reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// A legal move of the position.
    Move(Move),
    /// The people stopped the game (`quit`, the end of input, Ctrl-C): it has no result.
    Stop,
    /// The mover's time ran out while they thought.
    TimeOut,
    /// Moves were taken back ([`Match::undo`]): the turn starts again.
    Undone,
    /// The mover resigned.
    Resign,
}

/// What [`Match::undo`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undo {
    /// These moves were taken back, as the record wrote them; a person is to move.
    Took(Vec<String>),
    /// Nothing: no move has been played.
    NoMoves,
    /// Nothing: every move so far is a computer's.
    NoHumanMove,
    /// Nothing: the game was lost on time (also when the time the mover thought before asking
    /// ran out their clock).
    TimeOut,
}

/// The front end of [`Match::run`]: it shows the game, gets the people's moves and hears the
/// moves as they are played.
pub trait Host {
    type Error;

    /// At the start of every turn, and once more when the game has ended.
    fn show(&mut self, game: &Match) -> Result<(), Self::Error>;

    /// A person is to move: their move, or what else they did. The host may take moves back
    /// ([`Match::undo`]) or ask for a hint ([`Match::hint`]) meanwhile.
    fn human(&mut self, game: &mut Match) -> Result<Turn, Self::Error>;

    /// Whether the host watches the computer think ([`Host::thinking`]); a search that is not
    /// watched does not build its reports.
    fn watches(&self) -> bool {
        true
    }

    /// A computer's search goes on; `Break` stops it, and the match stops when
    /// [`Host::stopped`] then says so.
    fn thinking(&mut self, game: &Match, progress: &Progress) -> ControlFlow<()> {
        let _ = (game, progress);
        ControlFlow::Continue(())
    }

    /// True once the people asked the game to stop while the computer thought (Ctrl-C).
    fn stopped(&self) -> bool {
        false
    }

    /// A move has been played (the match's record has it).
    fn played(&mut self, game: &Match) -> Result<(), Self::Error> {
        let _ = game;
        Ok(())
    }
}

/// The host of a game between computers that nobody watches (self-play, simulations): it shows
/// nothing, and a seat left to a person stops the game.
pub struct Computers;

impl Host for Computers {
    type Error = std::convert::Infallible;

    fn show(&mut self, _: &Match) -> Result<(), Self::Error> {
        Ok(())
    }

    fn human(&mut self, _: &mut Match) -> Result<Turn, Self::Error> {
        Ok(Turn::Stop)
    }

    fn watches(&self) -> bool {
        false
    }
}

/// The ply cap `play` puts on a game that may never end ([`may_never_end`]) when none is asked
/// for: the cap self-play has by default.
pub const ENDLESS_CAP: usize = 1000;

/// Whether a game may go on for ever: a player may always pass, and no `[[draw]]` rule ends a
/// game that goes on (two players who pass in turn).
pub fn may_never_end(rules: &hetproba_engine::rules::model::Ruleset) -> bool {
    rules.turn.pass == hetproba_engine::rules::model::PassRule::Always && rules.draws.is_empty()
}

/// One game between two players under an optional clock and an optional ply cap.
pub struct Match<'g> {
    game: &'g Game,
    /// The session at the start position: taking moves back replays the moves kept from it.
    start: Session<'g>,
    session: Session<'g>,
    seats: [Seat; 2],
    seed: u64,
    clocks: Option<Clocks>,
    cap: Option<usize>,
    timer: &'g dyn Timer,
    /// The moves as the game writes them, with the record's tags.
    record: Record,
    /// When the turn in play began, on the timer.
    turn_began: Duration,
    ending: Option<Ending>,
    /// The legal moves of the position, listed once a ply when the end is checked: the
    /// ending, the computer's choice and the record's name of the move take them from here.
    legal: Vec<Move>,
}

impl<'g> Match<'g> {
    /// A game from `start` (the start position, or one set up, with its history), after
    /// `moves` (a resumed game's, played without a clock), between `players` (first player
    /// first). A computer player in seat s (1 or 2) gets the seed `seed ^ s`, so a game replays
    /// from its seed.
    pub fn new(start: Session<'g>, moves: &[Move], players: [AgentSpec; 2], seed: u64, timer: &'g dyn Timer) -> Match<'g> {
        let game = start.game();
        let seats = [0, 1].map(|i| Seat { agent: players[i].agent(seed ^ (i as u64 + 1)), spec: players[i].clone() });
        let offset = usize::from(start.position().side() == PlayerId::SECOND);
        let mut session = start.clone();
        let mut record = Record { offset, ..Record::default() };
        for &mv in moves {
            record.moves.push(game.move_name(session.position(), mv));
            session.play_unchecked(mv);
        }
        let mut m = Match {
            game,
            start,
            session,
            seats,
            seed,
            clocks: None,
            cap: None,
            timer,
            record,
            turn_began: timer.now(),
            ending: None,
            legal: Vec::new(),
        };
        m.check_end();
        m
    }

    /// With the computer players' search trees taking their memory from `memory` (which other
    /// games may share), before the first move.
    pub fn with_memory(mut self, memory: &hetproba_ai::TreeMemory) -> Match<'g> {
        for (i, seat) in self.seats.iter_mut().enumerate() {
            seat.agent = seat.spec.agent_in(self.seed ^ (i as u64 + 1), memory);
        }
        self
    }

    /// With a game clock (`None`: without).
    pub fn with_clock(mut self, control: Option<Clock>) -> Match<'g> {
        self.clocks = control.map(Clocks::new);
        self
    }

    /// With clocks that have run (the time each player has left): a front end that builds the
    /// match again (another player, a worker thinking for a page) keeps the time.
    pub fn with_clocks(mut self, clocks: Clocks) -> Match<'g> {
        self.clocks = Some(clocks);
        self
    }

    /// With a ply cap: a game still going after `cap` plies is adjudicated a draw.
    pub fn with_cap(mut self, cap: Option<usize>) -> Match<'g> {
        self.cap = cap;
        self.check_end();
        self
    }

    pub fn game(&self) -> &'g Game {
        self.game
    }

    pub fn session(&self) -> &Session<'g> {
        &self.session
    }

    /// The session the game started from, before its first move.
    pub fn start(&self) -> &Session<'g> {
        &self.start
    }

    pub fn position(&self) -> &Position {
        self.session.position()
    }

    /// The record: the moves as the game writes them, the result and the tags front ends set.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The record, for a front end's tags.
    pub fn record_mut(&mut self) -> &mut Record {
        &mut self.record
    }

    /// The players, first player first.
    pub fn players(&self) -> [&AgentSpec; 2] {
        [&self.seats[0].spec, &self.seats[1].spec]
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }

    pub fn timer(&self) -> &'g dyn Timer {
        self.timer
    }

    /// How the game ended, once it has.
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// The result of the game, once it has one (a stopped game has none).
    pub fn outcome(&self) -> Option<Outcome> {
        self.ending.as_ref().and_then(|e| e.outcome(self.game))
    }

    /// The player to move; `None` once the game has ended.
    pub fn to_move(&self) -> Option<PlayerId> {
        self.ending.is_none().then(|| self.position().side())
    }

    /// True when a person plays `side`.
    pub fn is_human(&self, side: PlayerId) -> bool {
        self.seats[side.index()].agent.is_none()
    }

    /// Plies played.
    pub fn plies(&self) -> usize {
        self.session.moves().len()
    }

    /// When the turn in play began, on the timer.
    pub fn turn_began(&self) -> Duration {
        self.turn_began
    }

    /// How long the player to move has thought so far.
    pub fn thought(&self) -> Duration {
        self.timer.now().saturating_sub(self.turn_began)
    }

    /// The time `side` has left now: less what the mover has thought so far.
    pub fn time_left(&self, side: PlayerId) -> Option<Duration> {
        let clocks = self.clocks.as_ref()?;
        let left = clocks.left(side);
        Some(if self.to_move() == Some(side) { left.saturating_sub(self.thought()) } else { left })
    }

    /// The game's end by its rules or the cap, if it has come.
    fn check_end(&mut self) {
        if !matches!(self.ending, None | Some(Ending::Cap(_))) {
            return;
        }
        self.game.generate(self.session.position(), &mut self.legal);
        let ending = match (self.session.outcome_given(&self.legal), self.cap) {
            (Some(outcome), _) => Some(Ending::Rules(outcome)),
            (None, Some(cap)) if self.plies() >= cap => Some(Ending::Cap(cap)),
            _ => None,
        };
        if ending != self.ending || self.record.result.is_empty() {
            self.ending = ending;
            self.write_result();
        }
    }

    /// The record's result and termination follow the ending.
    fn write_result(&mut self) {
        let outcome = self.outcome();
        self.record.result = result_token(self.game, outcome.as_ref());
        match &outcome {
            Some(outcome) => self.record.set_tag("Termination", outcome.describe(self.game)),
            None => self.record.tags.retain(|(k, _)| k != "Termination"),
        }
        if self.record.tag("Result").is_some() {
            let result = self.record.result.clone();
            self.record.set_tag("Result", result);
        }
    }

    /// Writes who played and how into the record's tags, as `play` saves them: each player's
    /// tag (`White "mcts:1000"`), `Seed`, `TimeControl` (none without a clock) and `Result`.
    /// A tag that already says the same in its own words keeps them (`mcts` stays `mcts`).
    pub fn tag_players(&mut self) {
        let record = &mut self.record;
        for (side, seat) in [PlayerId::FIRST, PlayerId::SECOND].into_iter().zip(&self.seats) {
            record.update_tag(&player_tag(self.game, side), &seat.spec, |v| AgentSpec::parse(v).ok(), AgentSpec::label);
        }
        record.update_tag("Seed", &self.seed, |v| v.parse().ok(), u64::to_string);
        match self.clocks.as_ref().map(Clocks::control) {
            Some(clock) => record.update_tag("TimeControl", &clock, |v| parse_clock(v).ok(), control_label),
            None => record.remove_tag("TimeControl"),
        }
        let result = record.result.clone();
        record.set_tag("Result", result);
    }

    /// The turn of the player to move begins now: their clock runs from here.
    pub fn begin_turn(&mut self) {
        self.turn_began = self.timer.now();
    }

    /// The computer to move chooses its move, telling `observe` its progress (`Break` stops
    /// the search: it then plays its best move so far). `None` when a person is to move or the
    /// game is over. The move is not played: [`Match::play`] does that, charging the clock.
    pub fn think(&mut self, observe: Option<&mut Observer>) -> Option<Move> {
        let side = self.to_move()?;
        let mut agent = self.seats[side.index()].agent.take()?;
        let clock = self.time_left_for(side);
        let mv = match observe {
            Some(observe) => agent.choose_given(&self.session, &self.legal, &mut Think::observed(self.timer, observe).with_clock(clock)),
            None => agent.choose_given(&self.session, &self.legal, &mut Think::new(self.timer).with_clock(clock)),
        };
        self.seats[side.index()].agent = Some(agent);
        Some(mv)
    }

    /// The mover's clock as an agent sees it.
    fn time_left_for(&self, side: PlayerId) -> Option<TimeLeft> {
        let clocks = self.clocks.as_ref()?;
        Some(TimeLeft {
            mine: clocks.left(side),
            theirs: clocks.left(side.other()),
            increment: Duration::from_millis(clocks.control().increment_ms),
        })
    }

    /// Plays a legal move of the player to move: their clock is charged the time since the
    /// turn began (their time may run out: the game is then lost on time and the move is not
    /// played), the record gets its name, and the game may end (by its rules or the cap).
    /// Returns false when the move was not played; refuses a move that is not one of the legal
    /// moves of the position (one of another position, say) with [`IllegalMove`].
    pub fn play(&mut self, mv: Move) -> Result<bool, IllegalMove> {
        if !self.legal.contains(&mv) {
            return Err(IllegalMove { refused: mv });
        }
        Ok(self.play_legal(mv))
    }

    /// [`Match::play`] for a move known to be legal here (read from notation, chosen by a
    /// computer player).
    fn play_legal(&mut self, mv: Move) -> bool {
        debug_assert!(self.legal.contains(&mv), "a legal move");
        let Some(side) = self.to_move() else { return false };
        let used = self.thought();
        if let Some(clocks) = &mut self.clocks
            && !clocks.charge(side, used)
        {
            self.end(Ending::Time(side));
            return false;
        }
        self.record.moves.push(self.game.move_name_given(self.position(), mv, &self.legal));
        self.session.play_unchecked(mv);
        self.check_end();
        self.turn_began = self.timer.now();
        true
    }

    /// Plays a move typed in the game's notation, as [`Match::play`]; an illegal or unknown
    /// one is refused with the engine's message.
    pub fn play_text(&mut self, text: &str) -> Result<bool, MoveError> {
        let mv = self.game.parse_move(self.position(), text)?;
        Ok(self.play_legal(mv))
    }

    /// Ends the game now (time, resignation, a stop); a game that has ended stays as it ended.
    pub fn end(&mut self, ending: Ending) {
        if self.ending.is_some() {
            return;
        }
        if let (Ending::Time(side), Some(clocks)) = (&ending, &mut self.clocks) {
            clocks.flag(*side);
        }
        self.ending = Some(ending);
        self.write_result();
    }

    /// Takes back moves until a person is to move: against the computer, the person's last
    /// move and the computer's reply; between people, the last move. The time the mover thought
    /// before asking is spent (without the increment). A new turn begins. A game that has ended
    /// goes on again from there, unless it was lost on time.
    pub fn undo(&mut self) -> Undo {
        if matches!(self.ending, Some(Ending::Time(_))) {
            return Undo::TimeOut;
        }
        if let (Some(side), Some(clocks)) = (self.to_move(), &mut self.clocks)
            && !clocks.spend(side, self.timer.now().saturating_sub(self.turn_began))
        {
            self.end(Ending::Time(side));
            return Undo::TimeOut;
        }
        self.begin_turn();
        let moves = self.session.moves().to_vec();
        if moves.is_empty() {
            return Undo::NoMoves;
        }
        // The side to move after each number of plies.
        let mut pos = self.start.position().clone();
        let mut sides = vec![pos.side()];
        for &mv in &moves {
            self.game.make(&mut pos, mv);
            sides.push(pos.side());
        }
        let Some(keep) = (0..moves.len()).rev().find(|&n| self.is_human(sides[n])) else { return Undo::NoHumanMove };
        let taken = self.record.moves.split_off(keep.min(self.record.moves.len()));
        self.session = self.start.clone();
        for &mv in &moves[..keep] {
            self.session.play_unchecked(mv);
        }
        self.ending = None;
        self.check_end();
        Undo::Took(taken)
    }

    /// The longest a hint may think: 5 seconds, and with a clock a tenth of the mover's time
    /// left.
    pub fn hint_limit(&self) -> Duration {
        let limit = Duration::from_secs(5);
        match self.to_move().and_then(|side| self.time_left(side)) {
            Some(left) => limit.min(left / 10),
            None => limit,
        }
    }

    /// A move the engine suggests to the player to move: thought over by the computer
    /// opponent's kind of player (alpha-beta for a second without one) for at most
    /// [`Match::hint_limit`], telling `observe` its progress (`Break` stops it early). Its own
    /// seed: asking for a hint changes none of the computer players' moves. `None` once the
    /// game is over.
    pub fn hint(&self, observe: &mut Observer) -> Option<Move> {
        let side = self.to_move()?;
        let spec = self.seats[side.other().index()].spec.hint_player();
        let limit = self.hint_limit();
        let mut agent = spec.agent(self.seed ^ 0x6869_6e74 ^ self.plies() as u64)?;
        let mut watch = |progress: &Progress| if progress.elapsed >= limit { ControlFlow::Break(()) } else { observe(progress) };
        Some(agent.choose(&self.session, &mut Think::observed(self.timer, &mut watch)))
    }

    /// The cells the last move touched, for marking it on a board.
    pub fn last_move_cells(&self) -> Vec<CellId> {
        let Some((&last, earlier)) = self.session.moves().split_last() else { return Vec::new() };
        let mut pos = self.start.position().clone();
        for &mv in earlier {
            self.game.make(&mut pos, mv);
        }
        move_cells(self.game, &pos, last)
    }

    /// Plays the game to its end, or until the people stop it, through `host`. The host is
    /// shown the game at the start of every turn and once more when it ends by its rules or the
    /// cap; a game stopped, resigned or lost on time during a turn is not shown again.
    pub fn run<H: Host>(&mut self, host: &mut H) -> Result<(), H::Error> {
        loop {
            host.show(self)?;
            let Some(side) = self.to_move() else { return Ok(()) };
            self.begin_turn();
            // A computer's move comes from the generator of this position: it is played
            // unchecked, as searches play theirs; a move the host gives is checked.
            let computer = !self.is_human(side);
            let turn = if !computer {
                host.human(self)?
            } else {
                let mv = if host.watches() {
                    let mut agent = self.seats[side.index()].agent.take().expect("a computer's seat has its agent");
                    let clock = self.time_left_for(side);
                    let me = &*self;
                    let mut observe = |progress: &Progress| host.thinking(me, progress);
                    let mv = agent.choose(&me.session, &mut Think::observed(me.timer, &mut observe).with_clock(clock));
                    self.seats[side.index()].agent = Some(agent);
                    mv
                } else {
                    self.think(None).expect("a computer is to move")
                };
                if host.stopped() { Turn::Stop } else { Turn::Move(mv) }
            };
            match turn {
                // A move the host gives that is not legal here is not played: the turn is asked again.
                Turn::Move(mv) => {
                    let played = if computer { self.play_legal(mv) } else { self.play(mv) == Ok(true) };
                    if played {
                        host.played(self)?;
                    }
                }
                Turn::Stop => self.end(Ending::Stopped),
                Turn::TimeOut => self.end(Ending::Time(side)),
                Turn::Resign => self.end(Ending::Resigned(side)),
                Turn::Undone => {}
            }
            if matches!(self.ending, Some(Ending::Stopped | Ending::Time(_) | Ending::Resigned(_))) {
                return Ok(());
            }
        }
    }
}

/// The session a new game starts from: the game's start, or a position written in its notation
/// (with FEN's move counters, when it gives them).
pub fn opening<'g>(game: &'g Game, position: Option<&str>) -> Result<Session<'g>, PositionError> {
    match position {
        Some(text) => Session::from_text(game, text),
        None => Ok(Session::new(game, Position::start(game))),
    }
}

/// The cells a move touches, for marking it: where it starts (not for a placement), where it
/// lands, on the way.
pub fn move_cells(game: &Game, pos: &Position, mv: Move) -> Vec<CellId> {
    if mv.is_pass() {
        return Vec::new();
    }
    let mut cells: Vec<CellId> = (mv.from() != NO_CELL).then_some(mv.from()).into_iter().collect();
    cells.extend(game.move_path(pos, mv));
    if !cells.contains(&mv.to()) {
        cells.push(mv.to());
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::cap_reason;
    use hetproba_ai::{Budget, StepTimer};

    /// Three in a row on a 3x3 board wins; a full board is a draw.
    const PLACING: &str = include_str!("../../../tests/fixtures/placing.toml");

    /// One piece each on a row of five cells, stepping left or right: a game without an end.
    const WANDERING: &str = include_str!("../../../tests/fixtures/wandering.toml");

    fn game(text: &str) -> Game {
        Game::new(
            hetproba_engine::rules::load("fixture.toml", text, &hetproba_engine::rules::BuiltinFiles, &[])
                .unwrap_or_else(|r| panic!("{r}")),
        )
    }

    fn start(game: &Game) -> Session<'_> {
        Session::new(game, Position::start(game))
    }

    #[test]
    fn a_move_of_another_position_is_refused_and_the_match_stays_as_it_was() {
        let game = game(PLACING);
        let timer = StepTimer::new(Duration::ZERO);
        let mut m = Match::new(start(&game), &[], [AgentSpec::Human, AgentSpec::Human], 5, &timer);
        m.begin_turn();
        let b2 = game.parse_move(m.position(), "b2").expect("legal at the start");
        assert_eq!(m.play(b2), Ok(true));
        // b2 is taken now: the move the start allowed is not one of this position's.
        let before = (m.session().write_position(), m.plies(), m.record().moves.clone());
        assert_eq!(m.play(b2), Err(IllegalMove { refused: b2 }));
        assert_eq!((m.session().write_position(), m.plies(), m.record().moves.clone()), before);
    }

    /// A host whose people play the moves of a script, then stop; it counts what it is told.
    #[derive(Default)]
    struct Script {
        moves: Vec<&'static str>,
        shown: usize,
        played: Vec<String>,
    }

    impl Host for Script {
        type Error = hetproba_engine::MoveError;

        fn show(&mut self, _: &Match) -> Result<(), Self::Error> {
            self.shown += 1;
            Ok(())
        }

        fn human(&mut self, m: &mut Match) -> Result<Turn, Self::Error> {
            if self.moves.is_empty() {
                return Ok(Turn::Stop);
            }
            let text = self.moves.remove(0);
            match text {
                "undo" => {
                    m.undo();
                    Ok(Turn::Undone)
                }
                "resign" => Ok(Turn::Resign),
                _ => m.game().parse_move(m.position(), text).map(Turn::Move),
            }
        }

        fn played(&mut self, m: &Match) -> Result<(), Self::Error> {
            self.played.push(m.record().moves.last().cloned().unwrap_or_default());
            Ok(())
        }
    }

    fn people() -> [AgentSpec; 2] {
        [AgentSpec::Human, AgentSpec::Human]
    }

    #[test]
    fn people_play_to_a_win_and_the_record_says_so() {
        let game = game(PLACING);
        let timer = StepTimer::new(Duration::ZERO);
        let mut m = Match::new(start(&game), &[], people(), 1, &timer);
        let mut host = Script { moves: vec!["a1", "b1", "a2", "b2", "a3"], ..Script::default() };
        m.run(&mut host).unwrap();
        assert_eq!(m.outcome().map(|o| o.describe(&game)).as_deref(), Some("cross wins: three in a row"));
        assert_eq!(host.played, ["a1", "b1", "a2", "b2", "a3"]);
        assert_eq!(host.shown, 6, "at each of the five turns and at the end");
        assert_eq!(m.record().result, "1-0");
        assert_eq!(m.record().tag("Termination"), Some("cross wins: three in a row"));
        assert_eq!(m.to_move(), None);
    }

    #[test]
    fn a_game_stopped_by_the_people_has_no_result_and_is_not_shown_again() {
        let game = game(PLACING);
        let timer = StepTimer::new(Duration::ZERO);
        let mut m = Match::new(start(&game), &[], people(), 1, &timer);
        let mut host = Script { moves: vec!["b2"], ..Script::default() };
        m.run(&mut host).unwrap();
        assert_eq!(m.ending(), Some(&Ending::Stopped));
        assert_eq!((m.outcome(), m.record().result.as_str()), (None, "*"));
        assert_eq!(host.shown, 2, "the start and the turn after b2; not again once stopped");
    }

    #[test]
    fn at_the_ply_cap_a_game_is_adjudicated_a_draw() {
        let game = game(WANDERING);
        let timer = StepTimer::new(Duration::ZERO);
        let players = [AgentSpec::Random, AgentSpec::Random];
        let mut m = Match::new(start(&game), &[], players, 7, &timer).with_cap(Some(12));
        m.run(&mut Computers).unwrap();
        assert_eq!(m.plies(), 12);
        assert_eq!(m.ending(), Some(&Ending::Cap(12)));
        let outcome = m.outcome().expect("a result");
        assert_eq!((outcome.winner, outcome.reason.as_str()), (None, "no end within 12 plies"));
        assert_eq!(outcome.reason, cap_reason(12));
        assert_eq!(m.record().result, "1/2-1/2");
        assert_eq!(m.record().tag("Termination"), Some("draw: no end within 12 plies"));
    }

    #[test]
    fn the_same_seed_plays_the_same_game() {
        let game = game(WANDERING);
        let timer = StepTimer::new(Duration::ZERO);
        let play = |seed| {
            let mut m =
                Match::new(start(&game), &[], [AgentSpec::Random, AgentSpec::Mcts(Budget::Playouts(20), Default::default())], seed, &timer)
                    .with_cap(Some(30));
            m.run(&mut Computers).unwrap();
            m.record().moves.clone()
        };
        assert_eq!(play(3), play(3));
        assert_ne!(play(3), play(4), "another seed, another game (almost surely)");
    }

    #[test]
    fn a_player_whose_time_runs_out_loses_and_the_move_is_not_played() {
        let game = game(PLACING);
        // Every reading of the timer moves it on by 400 ms: the turn begins at one reading and
        // the move is charged at the next, 400 ms later, so a 1 s clock with no increment lasts
        // two moves and runs out on the third.
        let timer = StepTimer::new(Duration::from_millis(400));
        let clock = Clock { initial_ms: 1000, increment_ms: 0 };
        let mut m = Match::new(start(&game), &[], people(), 1, &timer).with_clock(Some(clock));
        let mut host = Script { moves: vec!["a1", "c3", "b1", "b3", "a3"], ..Script::default() };
        m.run(&mut host).unwrap();
        assert_eq!(host.played, ["a1", "c3", "b1", "b3"], "cross's third move came too late");
        assert_eq!(m.ending(), Some(&Ending::Time(PlayerId::FIRST)));
        assert_eq!(m.outcome().map(|o| o.describe(&game)).as_deref(), Some("nought wins: cross's time ran out"));
        assert_eq!(m.clocks().map(Clocks::left_ms), Some([0, 200]));
        assert_eq!(m.record().result, "0-1");
    }

    #[test]
    fn undo_takes_back_the_persons_move_and_the_computers_reply() {
        let game = game(PLACING);
        let timer = StepTimer::new(Duration::ZERO);
        let mut m = Match::new(start(&game), &[], [AgentSpec::Human, AgentSpec::Random], 5, &timer);
        assert_eq!(m.undo(), Undo::NoMoves);
        m.begin_turn();
        assert!(m.play_text("b2").unwrap());
        let reply = m.think(None).expect("the computer's move");
        assert_eq!(m.play(reply), Ok(true));
        assert_eq!(m.plies(), 2);
        let Undo::Took(taken) = m.undo() else { panic!("something to take back") };
        assert_eq!(taken.len(), 2);
        assert_eq!(taken[0], "b2");
        assert_eq!((m.plies(), m.record().moves.len(), m.to_move()), (0, 0, Some(PlayerId::FIRST)));
        // Between computers there is nothing a person could take back.
        let mut c = Match::new(start(&game), &[], [AgentSpec::Random, AgentSpec::Random], 5, &timer);
        let mv = c.think(None).unwrap();
        assert_eq!(c.play(mv), Ok(true));
        assert_eq!(c.undo(), Undo::NoHumanMove);
    }

    #[test]
    fn a_resignation_loses() {
        let game = game(PLACING);
        let timer = StepTimer::new(Duration::ZERO);
        let mut m = Match::new(start(&game), &[], people(), 1, &timer);
        let mut host = Script { moves: vec!["a1", "resign"], ..Script::default() };
        m.run(&mut host).unwrap();
        assert_eq!(m.ending(), Some(&Ending::Resigned(PlayerId::SECOND)));
        assert_eq!(m.record().result, "1-0");
    }

    #[test]
    fn a_hint_is_a_legal_move_and_the_same_for_a_seed() {
        let game = game(PLACING);
        let timer = StepTimer::new(Duration::ZERO);
        let m = Match::new(start(&game), &[], [AgentSpec::Human, AgentSpec::Mcts(Budget::Playouts(50), Default::default())], 9, &timer);
        let hint = m.hint(&mut |_| ControlFlow::Continue(())).expect("a hint");
        assert!(game.legal_moves(m.position()).contains(&hint));
        assert_eq!(m.hint(&mut |_| ControlFlow::Continue(())), Some(hint));
    }

    #[test]
    fn a_resumed_game_starts_after_its_moves() {
        let game = game(PLACING);
        let timer = StepTimer::new(Duration::ZERO);
        let first = Match::new(start(&game), &[], people(), 1, &timer);
        let pos = first.position();
        let b2 = game.parse_move(pos, "b2").unwrap();
        let resumed = Match::new(start(&game), &[b2], people(), 1, &timer);
        assert_eq!(resumed.record().moves, ["b2"]);
        assert_eq!(resumed.to_move(), Some(PlayerId::SECOND));
        assert_eq!(resumed.last_move_cells(), vec![b2.to()]);
    }
}
