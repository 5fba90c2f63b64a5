//! The Hub protocol of Scan 3, for the GUIs and referees that speak it (pydraughts' HubEngine, Hub
//! itself), with the alpha-beta agent thinking. Any ruleset whose positions are PDN plays
//! through it.
//!
//! Squares are numbered as Hub numbers them: the playable cells from the top row (the second
//! player's side) down, left to right, 1 to N; a position is the side to move (`W`, `B`) and a
//! letter per square (`w`, `b` a man, `W`, `B` a king, `e` empty); a move is `32-28`, or a
//! capture `28x19x23` (start, end, then the captured squares).
//!
//! Commands: `hub` (answered by `id`, `param` lines and `wait`), `init` (`ready`), `ping`
//! (`pong`), `set-param name=hash value=64`, `set-param name=contempt value=50` (a draw's
//! worth below nothing to the side searched for, in the evaluation's points), `new-game`, `pos pos=... moves="..."`, `level
//! time=S inc=S | move-time=S | depth=N | nodes=N`, `go think|ponder|analyze`, `stop`,
//! `quit`. While it thinks the engine writes `info depth=... score=... nodes=... time=...
//! nps=... pv="..."`, and its move as `done move=...`.

use super::{Ask, Background, Engine, InputError, Line, Reply, Thinker, legal_line};
use crate::position::{SetupError, new_session, session_after};
use hetproba_ai::{AlphaBetaAgent, DEFAULT_HASH_MB, Limit, MAX_CONTEMPT, MAX_HASH_MB, Progress, Score, TimeLeft};
use hetproba_engine::board::CellId;
use hetproba_engine::rules::model::{PlayerId, PositionNotation};
use hetproba_engine::{Game, Move, Position, Session};
use std::time::Duration;

/// What the engine could not follow, as it tells the GUI (`error message="..."`), or a game it
/// cannot play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HubError {
    #[error("'{0}' does not write its positions in PDN; the Hub protocol needs positions in PDN")]
    NotPdn(String),
    #[error("'{text}' is not a square from 1 to {squares}")]
    Square { text: String, squares: usize },
    #[error("'{0}' does not start with W or B")]
    NoSide(String),
    #[error("a position has {squares} squares here, not {given}")]
    Length { squares: usize, given: usize },
    #[error("'{0}' is not w, b, W, B or e")]
    Letter(char),
    #[error("'{0}' is not a move such as 32-28 or 28x19x23")]
    NotAMove(String),
    #[error("'{0}' is not a legal move here")]
    Illegal(String),
    #[error(transparent)]
    Setup(Box<SetupError<HubError>>),
    #[error("unknown parameter or bad value: {0}")]
    Param(String),
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    #[error(transparent)]
    Input(#[from] InputError),
}

/// Runs the protocol on `game` over `lines` until `quit` or their end; an error when the game
/// does not write its positions in PDN.
pub fn run(lines: impl Iterator<Item = Line>, out: &dyn Reply, background: &mut impl Background, game: &Game) -> Result<(), HubError> {
    check(game)?;
    background.scope(|thinker| {
        let mut hub = Hub::new(game, out, thinker)?;
        for line in lines {
            match line {
                Ok(line) if hub.command(&line) == Flow::Quit => return Ok(()),
                Ok(_) => {}
                Err(bad) => hub.say(&HubError::Input(bad)),
            }
        }
        hub.end();
        Ok(())
    })
}

/// What follows a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next.
    Continue,
    /// `quit`: the search has answered.
    Quit,
}

/// The protocol on one game, a command at a time.
pub struct Hub<'a, 'g> {
    out: &'g dyn Reply,
    squares: Squares<'g>,
    engine: Engine<'a, 'g>,
    session: Session<'g>,
    /// The limit of the next `go think`, as `level` last set it.
    ask: Ask,
}

fn check(game: &Game) -> Result<(), HubError> {
    let PositionNotation::Pdn { .. } = game.rules().notation.position else {
        return Err(HubError::NotPdn(game.rules().id.clone()));
    };
    Ok(())
}

impl<'a, 'g> Hub<'a, 'g> {
    /// The game at its start, or an error when it does not write its positions in PDN.
    pub fn new(game: &'g Game, out: &'g dyn Reply, thinker: &'a mut dyn Thinker<'g>) -> Result<Hub<'a, 'g>, HubError> {
        check(game)?;
        Ok(Hub {
            out,
            squares: Squares { game, squares: hub_squares(game) },
            engine: Engine::new(thinker, AlphaBetaAgent::new(Limit::Infinite, 1)),
            session: new_session(game),
            ask: Ask { limit: Limit::Time(Duration::from_secs(1)), clock: None, hold: false },
        })
    }

    /// One command line.
    pub fn command(&mut self, line: &str) -> Flow {
        let out = self.out;
        let (command, args) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
        let args = pairs(args);
        let arg = |key: &str| args.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
        match command {
            "" => {}
            "hub" => {
                out.line(&format!("id name=hetproba version={} author=\"the hetproba authors\"", env!("CARGO_PKG_VERSION")));
                out.line(&format!("param name=hash value={DEFAULT_HASH_MB} type=int min=1 max={MAX_HASH_MB}"));
                out.line(&format!("param name=contempt value=0 type=int min=-{MAX_CONTEMPT} max={MAX_CONTEMPT}"));
                out.line("wait");
            }
            "init" => out.line("ready"),
            "ping" => out.line("pong"),
            "new-game" => {
                self.engine.stop_and_wait();
                self.engine.agent().clear();
            }
            "set-param" => match (arg("name"), arg("value").and_then(|v| v.parse::<i64>().ok())) {
                (Some("hash"), Some(mb)) if (1..=MAX_HASH_MB as i64).contains(&mb) => {
                    self.engine.stop_and_wait();
                    self.engine.agent().set_hash(mb as usize);
                }
                (Some("contempt"), Some(k)) if (-MAX_CONTEMPT as i64..=MAX_CONTEMPT as i64).contains(&k) => {
                    self.engine.stop_and_wait();
                    self.engine.agent().set_contempt(k as i32);
                }
                _ => self.say(&HubError::Param(line.to_string())),
            },
            "pos" => {
                self.engine.stop_and_wait();
                match self.squares.position(arg("pos"), arg("moves").unwrap_or("")) {
                    Ok(s) => self.session = s,
                    Err(why) => self.say(&why),
                }
            }
            "level" => self.ask = level(&args, self.ask),
            "go" => {
                let infinite = args.iter().any(|(k, _)| k == "ponder" || k == "analyze");
                let this = if infinite { Ask { limit: Limit::Infinite, clock: None, hold: true } } else { self.ask };
                let start = self.session.position().clone();
                let (info, done) = (self.squares.clone(), self.squares.clone());
                self.engine.start(
                    self.session.clone(),
                    this,
                    move |p: &Progress| {
                        if p.fresh {
                            out.line(&info.info_line(&start, p));
                        }
                    },
                    move |mv: Option<Move>| match mv {
                        Some(mv) => out.line(&format!("done move={}", done.move_text(mv))),
                        None => out.line("done"),
                    },
                );
            }
            "stop" => self.engine.stop_and_wait(),
            "ponder-hit" => {}
            "quit" => {
                self.engine.stop_and_wait();
                return Flow::Quit;
            }
            other => self.say(&HubError::UnknownCommand(other.to_string())),
        }
        Flow::Continue
    }

    /// The end of the input: a search with a limit answers when it is done, one that holds its
    /// answer (`go ponder`, `go analyze`) is stopped.
    pub fn end(&mut self) {
        self.engine.finish();
    }

    /// An error, for the GUI's log and for a person reading along.
    fn say(&self, why: &HubError) {
        let why = why.to_string();
        self.out.line(&format!("error message=\"{}\"", why.replace('"', "'")));
        self.out.error(&why);
    }
}

/// `key=value key="a value"` pairs, and bare words as keys with an empty value (`go think`).
fn pairs(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let end = rest.find([' ', '=']).unwrap_or(rest.len());
        let key = rest[..end].to_string();
        rest = &rest[end..];
        let value = if let Some(after) = rest.strip_prefix('=') {
            if let Some(quoted) = after.strip_prefix('"') {
                let close = quoted.find('"').unwrap_or(quoted.len());
                rest = quoted.get(close + 1..).unwrap_or("");
                quoted[..close].to_string()
            } else {
                let close = after.find(' ').unwrap_or(after.len());
                rest = &after[close..];
                after[..close].to_string()
            }
        } else {
            String::new()
        };
        out.push((key, value));
        rest = rest.trim_start();
    }
    out
}

/// `level ...`: the limit of the next `go think`. Hub sends the time left before the increment
/// is added, so the clock is the time plus the increment.
fn level(args: &[(String, String)], mut ask: Ask) -> Ask {
    // A number of seconds; `nan`, `inf` and the like are no time.
    let seconds = |key: &str| {
        let value = args.iter().find(|(k, _)| k == key).and_then(|(_, v)| v.parse::<f64>().ok()).filter(|s| s.is_finite());
        value.and_then(|s| Duration::try_from_secs_f64(s.clamp(0.0, 1e7)).ok())
    };
    let number = |key: &str| args.iter().find(|(k, _)| k == key).and_then(|(_, v)| v.parse::<u64>().ok());
    if let Some(time) = seconds("time") {
        let increment = seconds("inc").unwrap_or_default();
        ask = Ask {
            limit: Limit::Infinite,
            clock: Some(TimeLeft { mine: time + increment, theirs: time + increment, increment }),
            hold: false,
        };
    } else if let Some(t) = seconds("move-time") {
        ask = Ask { limit: Limit::Time(t.max(Duration::from_millis(1))), clock: None, hold: false };
    } else if let Some(d) = number("depth") {
        ask = Ask { limit: Limit::Depth(d.clamp(1, 64) as u32), clock: None, hold: false };
    } else if let Some(n) = number("nodes") {
        ask = Ask { limit: Limit::Nodes(n.max(1)), clock: None, hold: false };
    } else if args.iter().any(|(k, _)| k == "infinite") {
        ask = Ask { limit: Limit::Infinite, clock: None, hold: false };
    }
    ask
}

/// The playable cells in Hub's order: rows from the top down, each left to right.
fn hub_squares(game: &Game) -> Vec<CellId> {
    let board = game.board();
    let mut cells: Vec<CellId> = board.all_cells().collect();
    cells.sort_by_key(|&c| (-board.cell(c).y, board.cell(c).x));
    cells
}

/// Hub's square numbers on the game's board.
#[derive(Clone)]
struct Squares<'g> {
    game: &'g Game,
    /// Hub's square `n` is `squares[n - 1]`.
    squares: Vec<CellId>,
}

impl<'g> Squares<'g> {
    fn number(&self, cell: CellId) -> usize {
        self.squares.iter().position(|&c| c == cell).map_or(0, |i| i + 1)
    }

    fn cell(&self, text: &str) -> Result<CellId, HubError> {
        text.parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| self.squares.get(i).copied())
            .ok_or_else(|| HubError::Square { text: text.to_string(), squares: self.squares.len() })
    }

    /// The player a Hub side letter names: the player whose short name it is.
    fn player(&self, letter: char) -> Option<PlayerId> {
        self.game.rules().player_index(&letter.to_string())
    }

    /// `pos=W...` and the moves after it: the position as PDN FEN in the ruleset's own names,
    /// read as the ruleset reads it.
    fn position(&self, pos: Option<&str>, moves: &str) -> Result<Session<'g>, HubError> {
        let game = self.game;
        let start = match pos {
            None => None,
            Some(text) => {
                let mut chars = text.chars();
                let side = chars.next().and_then(|c| self.player(c)).ok_or_else(|| HubError::NoSide(text.to_string()))?;
                let letters: Vec<char> = chars.collect();
                if letters.len() != self.squares.len() {
                    return Err(HubError::Length { squares: self.squares.len(), given: letters.len() });
                }
                let mut lists: [Vec<String>; 2] = Default::default();
                for (i, &letter) in letters.iter().enumerate() {
                    if letter == 'e' {
                        continue;
                    }
                    let owner = self.player(letter.to_ascii_uppercase()).ok_or(HubError::Letter(letter))?;
                    let king = if letter.is_ascii_uppercase() { "K" } else { "" };
                    lists[owner.index()].push(format!("{king}{}", game.board().name(self.squares[i])));
                }
                let short = |p: PlayerId| game.rules().players[p.index()].short.clone();
                let fen = format!(
                    "{}:{}{}:{}{}",
                    short(side),
                    short(PlayerId::FIRST),
                    lists[0].join(","),
                    short(PlayerId::SECOND),
                    lists[1].join(",")
                );
                Some(fen)
            }
        };
        // A refused position is quoted as Hub wrote it, not as its PDN FEN.
        session_after(game, start.as_deref(), moves.split_whitespace(), |pos, word| self.parse_move(pos, word)).map_err(|e| match e {
            SetupError::Position { text, reason } => {
                let (fen, hub) = (format!("'{text}'"), format!("'{}'", pos.unwrap_or_default()));
                HubError::Setup(Box::new(SetupError::Position {
                    text: pos.unwrap_or_default().to_string(),
                    reason: reason.replace(&fen, &hub),
                }))
            }
            SetupError::Move(e) => e,
            illegal @ SetupError::Illegal { .. } => HubError::Setup(Box::new(illegal)),
        })
    }

    /// `32-28` or `28x19x23`: start, end and the captured squares in any order.
    fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, HubError> {
        let capture = text.contains('x');
        let cells: Vec<CellId> = text.split(['-', 'x']).map(|t| self.cell(t)).collect::<Result<_, _>>()?;
        let [from, to, captured @ ..] = cells.as_slice() else { return Err(HubError::NotAMove(text.to_string())) };
        let mut captured = captured.to_vec();
        captured.sort();
        self.game
            .legal_moves(pos)
            .into_iter()
            .find(|m| {
                let mut taken: Vec<CellId> = m.captured_cells().collect();
                taken.sort();
                m.from() == *from && m.to() == *to && m.is_capture() == capture && (captured.is_empty() || taken == captured)
            })
            .ok_or_else(|| HubError::Illegal(text.to_string()))
    }

    fn move_text(&self, mv: Move) -> String {
        if !mv.is_capture() {
            return format!("{}-{}", self.number(mv.from()), self.number(mv.to()));
        }
        let mut taken: Vec<usize> = mv.captured_cells().map(|c| self.number(c)).collect();
        taken.sort_unstable();
        let mut parts = vec![self.number(mv.from()), self.number(mv.to())];
        parts.extend(taken);
        parts.iter().map(usize::to_string).collect::<Vec<_>>().join("x")
    }

    /// `info depth=D mean-depth=D score=S nodes=N time=T nps=R pv="..."`: the score in men (a
    /// win in N plies is 100 - N/100, as Hub writes it).
    fn info_line(&self, start: &Position, p: &Progress) -> String {
        let score = match p.score {
            Score::Points(points) => f64::from(points) / 100.0,
            Score::Win(plies) => (10_000.0 - f64::from(plies)) / 100.0,
            Score::Loss(plies) => -(10_000.0 - f64::from(plies)) / 100.0,
        };
        let pv = legal_line(self.game, start, &p.pv, |_, mv| self.move_text(mv));
        format!(
            "info depth={} mean-depth={} score={score:.2} nodes={} time={:.3} nps={} pv=\"{}\"",
            p.depth.max(1),
            p.depth.max(1),
            p.nodes,
            p.elapsed.as_secs_f64(),
            p.per_second(),
            pv.join(" ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::fixture::{HOPPING, PLACING, game};
    use crate::protocol::script::{Lines, commands, timer};
    use crate::protocol::{Deferred, OnCaller};

    /// The replies to a script, searches run on this thread with a timer that steps.
    fn session(script: &str) -> Lines {
        let out = Lines::default();
        let timer = timer();
        let game = game(HOPPING, &[]).expect("the fixture loads");
        run(commands(script), &out, &mut OnCaller(&timer), &game).expect("a PDN game");
        out
    }

    /// On 6x6 Hub numbers b6 d6 f6 1-3, a5 c5 e5 4-6, ..., c3 11, a1 16: white men on c3 and
    /// a1, black men on b6 and d4, white to move; c3 must take d4, landing on e5.
    fn capture() -> String {
        hub_position(&[(1, 'b'), (8, 'b'), (11, 'w'), (16, 'w')])
    }

    fn hub_position(letters: &[(usize, char)]) -> String {
        let mut squares = ['e'; 18];
        for &(n, c) in letters {
            squares[n - 1] = c;
        }
        format!("W{}", squares.iter().collect::<String>())
    }

    #[test]
    fn the_handshake_is_answered() {
        let out = session("hub\ninit\nping\n");
        let expected = [
            format!("id name=hetproba version={} author=\"the hetproba authors\"", env!("CARGO_PKG_VERSION")),
            format!("param name=hash value={DEFAULT_HASH_MB} type=int min=1 max={MAX_HASH_MB}"),
            format!("param name=contempt value=0 type=int min=-{MAX_CONTEMPT} max={MAX_CONTEMPT}"),
            "wait".into(),
            "ready".into(),
            "pong".into(),
        ];
        assert_eq!(out.take(), expected);
    }

    #[test]
    fn squares_are_numbered_from_the_top_and_a_capture_names_its_captured_square() {
        let position = capture();
        let out = session(&format!("pos pos={position}\nlevel depth=1\ngo think\n"));
        let lines = out.take();
        assert_eq!(lines.last().map(String::as_str), Some("done move=11x6x8"), "{lines:?}");
        // After the capture, written without its captured square, black's man on b6 steps.
        let out = session(&format!("pos pos={position} moves=\"11x6\"\nlevel depth=2\ngo think\n"));
        let lines = out.take();
        let done = lines.last().expect("an answer");
        assert!(done == "done move=1-4" || done == "done move=1-5", "{lines:?}");
        let info = lines.iter().rfind(|l| l.starts_with("info ")).expect("an info line");
        let pv = format!(" pv=\"{}", done.trim_start_matches("done move="));
        assert!(info.starts_with("info depth=2 mean-depth=2 score=") && info.contains(&pv), "{info}");
        // A king is an upper-case letter: a white king on a5 steps back to b4 too.
        let out = session(&format!("pos pos={}\nlevel depth=1\ngo think\n", hub_position(&[(4, 'W'), (3, 'b')])));
        assert!(out.take().last().is_some_and(|l| l == "done move=4-1" || l == "done move=4-7"));
    }

    #[test]
    fn what_it_cannot_read_is_said_and_it_goes_on() {
        let script = format!(
            "pos pos=Weee\npos pos=X{}\npos pos={} moves=\"11-7\"\npos pos=Wq{}\nset-param name=colour value=1\nset-param name=contempt value=x\nset-param name=contempt value=-20\nfrobnicate\nping\n",
            "e".repeat(18),
            capture(),
            "e".repeat(17)
        );
        let out = session(&script);
        let lines = out.take();
        let errors: Vec<&str> = lines.iter().filter_map(|l| l.strip_prefix("error message=")).collect();
        assert_eq!(
            errors,
            [
                "\"a position has 18 squares here, not 3\"".to_string(),
                format!("\"'X{}' does not start with W or B\"", "e".repeat(18)),
                "\"'11-7' is not a legal move here\"".into(),
                "\"'q' is not w, b, W, B or e\"".into(),
                "\"unknown parameter or bad value: set-param name=colour value=1\"".into(),
                "\"unknown parameter or bad value: set-param name=contempt value=x\"".into(),
                "\"unknown command 'frobnicate'\"".into(),
            ]
        );
        assert_eq!(out.errors.lock().unwrap().len(), 7);
        assert_eq!(lines.last().map(String::as_str), Some("pong"));
    }

    #[test]
    fn pondering_answers_when_stopped() {
        let out = session(&format!("pos pos={}\ngo ponder\nping\nstop\nquit\nping\n", capture()));
        assert_eq!(out.take(), ["pong", "done move=11x6x8"]);
    }

    #[test]
    fn a_game_without_pdn_positions_is_refused() {
        let game = game(PLACING, &[]).expect("the fixture loads");
        let out = Lines::default();
        let timer = timer();
        let mut thinker = Deferred::new(&timer);
        let why = Hub::new(&game, &out, &mut thinker).err().expect("refused");
        assert_eq!(why, HubError::NotPdn("placing-sized".into()));
        assert_eq!(why.to_string(), "'placing-sized' does not write its positions in PDN; the Hub protocol needs positions in PDN");
    }

    /// Issue 38, finding 7: `level time=nan` panicked (a float that is no number of seconds).
    #[test]
    fn level_with_a_time_that_is_no_number_keeps_the_limit_it_had() {
        let before = Ask { limit: Limit::Depth(3), clock: None, hold: false };
        for odd in
            ["time=nan", "time=NaN inc=1", "move-time=nan", "move-time=inf", "time=-inf", "time=1e400", "move-time=-0", "time=5 inc=nan"]
        {
            let after = level(&pairs(odd), before);
            assert!(after.clock.is_none_or(|c| c.mine <= Duration::from_secs(10_000_000)), "{odd}: {after:?}");
        }
        assert_eq!(level(&pairs("move-time=nan"), before).limit, Limit::Depth(3));
        let timed = level(&pairs("time=5 inc=nan"), before).clock.expect("a clock");
        assert_eq!((timed.mine, timed.increment), (Duration::from_secs(5), Duration::ZERO));
    }

    #[test]
    fn arguments_are_pairs_and_level_sets_the_next_search() {
        let args = pairs(" name=hash value=64  moves=\"32-28 19-23\" think");
        let expected = [("name", "hash"), ("value", "64"), ("moves", "32-28 19-23"), ("think", "")];
        assert_eq!(args, expected.map(|(k, v)| (k.to_string(), v.to_string())));
        let before = Ask { limit: Limit::Depth(3), clock: None, hold: false };
        let timed = level(&pairs("time=10 inc=0.5"), before);
        let clock = timed.clock.expect("a clock");
        assert_eq!((clock.mine, clock.increment), (Duration::from_millis(10_500), Duration::from_millis(500)));
        assert_eq!(timed.limit, Limit::Infinite);
        assert_eq!(level(&pairs("move-time=0"), before).limit, Limit::Time(Duration::from_millis(1)));
        assert_eq!(level(&pairs("depth=99"), before).limit, Limit::Depth(64));
        assert_eq!(level(&pairs("nodes=0"), before).limit, Limit::Nodes(1));
        assert_eq!(level(&pairs("colour=red"), before).limit, Limit::Depth(3));
    }
}
