//! The Universal Chess Interface, for the GUIs and referees that speak it (cutechess-cli,
//! python-chess), with the alpha-beta agent thinking. Any ruleset plays through it; positions
//! are read in the ruleset's own notation (`position fen` takes FEN where the ruleset writes
//! FEN), moves as UCI writes them (`e2e4`, `e7e8q`) where the game's moves have a start and an
//! end, else in the game's notation.
//!
//! Commands: `uci`, `isready`, `setoption name Hash value 64`, `setoption name Contempt value
//! 50` (a draw's worth below nothing to the side searched for, in the evaluation's points), the
//! ruleset's parameters, `setoption name UCI_Variant value xiangqi` (another built-in ruleset,
//! by its id or its `[game] uci-variant`: Fairy-Stockfish's names for the variants both play),
//! `ucinewgame`, `position startpos|fen ... [moves ...]`, `go [wtime btime winc binc movestogo
//! movetime depth nodes infinite]`, `stop`, `quit`. The engine answers `info depth ... score cp
//! ... nodes ... nps ... time ... pv ...` after each iteration and `bestmove`.

use super::{Ask, Background, Engine, InputError, Line, Reply, Thinker, legal_line};
use crate::position::{SetupError, new_session, session_after};
use hetproba_ai::{AlphaBetaAgent, DEFAULT_HASH_MB, Limit, MAX_CONTEMPT, MAX_HASH_MB, Progress, Score, TimeLeft};
use hetproba_engine::rules::model::PlayerId;
use hetproba_engine::{Game, Move, MoveError, Position, Session};
use std::time::Duration;

/// A command the engine could not follow, as it tells the GUI (`info string ...`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UciError {
    #[error("setoption needs a name")]
    NoOptionName,
    #[error("Hash is from 1 to {MAX_HASH_MB} MiB, not '{0}'")]
    Hash(String),
    #[error("Contempt is from -{MAX_CONTEMPT} to {MAX_CONTEMPT}, not '{0}'")]
    Contempt(String),
    #[error("{name} takes an integer, not '{value}'")]
    NotInteger { name: String, value: String },
    #[error("no option '{0}'")]
    NoOption(String),
    #[error("position needs startpos or fen")]
    NoStart,
    #[error(transparent)]
    Setup(#[from] SetupError<MoveText>),
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    #[error(transparent)]
    Input(#[from] InputError),
    /// A parameter's value that the ruleset refused where it is used: the game stays as it was.
    #[error("{name} {value} is refused, the game stays as it was: {why}")]
    Refused { name: String, value: i64, why: String },
    #[error("UCI_Variant names a built-in ruleset (hetproba list), not '{0}'")]
    NoVariant(String),
    /// A built-in ruleset that does not load with the parameters set (the game stays as it was).
    #[error("UCI_Variant {id} is refused, the game stays as it was: {why}")]
    Variant { id: String, why: String },
}

/// The game again with `params`: the built-in ruleset UCI_Variant chose, else the one `load` makes.
fn load_variant<E: std::fmt::Display>(
    variant: &Option<String>,
    params: &[(String, i64)],
    load: &mut impl FnMut(&[(String, i64)]) -> Result<Game, E>,
) -> Result<Game, String> {
    match variant {
        Some(id) => match hetproba_engine::rules::load_builtin(id, params) {
            Some(Ok(rules)) => Ok(Game::new(rules)),
            Some(Err(report)) => Err(report.to_string()),
            None => Err(format!("no built-in ruleset '{id}'")),
        },
        None => load(params).map_err(|e| e.to_string()),
    }
}

/// A move of a `position` command that the game refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move '{word}': {error}")]
pub struct MoveText {
    pub word: String,
    pub error: MoveError,
}

/// Runs the protocol over `lines` until `quit` or their end. `load` compiles the game with the
/// parameters given (`params` first; a `setoption` of a parameter loads it anew, and the
/// protocol goes on with it, or, when the ruleset refuses the value, says why and goes on with
/// the game it had). An error only when the game cannot be loaded with `params`.
pub fn run<E: std::fmt::Display>(
    lines: impl Iterator<Item = Line>,
    out: &dyn Reply,
    background: &mut impl Background,
    params: &[(String, i64)],
    mut load: impl FnMut(&[(String, i64)]) -> Result<Game, E>,
) -> Result<(), E> {
    let mut lines = lines;
    let mut params = params.to_vec();
    let mut hash = DEFAULT_HASH_MB;
    // The built-in ruleset UCI_Variant chose, when one did: later parameters load it anew.
    let mut variant: Option<String> = None;
    let mut game = load(&params)?;
    loop {
        let next = background.scope(|thinker| {
            let mut uci = Uci::new(&game, out, thinker, hash);
            let next = loop {
                let Some(line) = lines.next() else {
                    uci.end();
                    break Flow::Quit;
                };
                match line {
                    Ok(line) => match uci.command(&line) {
                        Flow::Continue => {}
                        next => break next,
                    },
                    Err(bad) => uci.say(&UciError::Input(bad)),
                }
            };
            hash = uci.hash;
            next
        });
        match next {
            Flow::Reload(name, value) => {
                let mut tried = params.clone();
                tried.retain(|(n, _)| *n != name);
                tried.push((name.clone(), value));
                match load_variant(&variant, &tried, &mut load) {
                    Ok(loaded) => (game, params) = (loaded, tried),
                    Err(why) => {
                        let why = why.to_string();
                        let refused = UciError::Refused { name, value, why: why.lines().next().unwrap_or_default().to_string() };
                        out.line(&format!("info string {refused}"));
                        out.error(&refused.to_string());
                    }
                }
            }
            Flow::Variant(id) => match load_variant(&Some(id.clone()), &[], &mut load) {
                Ok(loaded) => (game, params, variant) = (loaded, Vec::new(), Some(id)),
                Err(why) => {
                    let refused = UciError::Variant { id, why: why.lines().next().unwrap_or_default().to_string() };
                    out.line(&format!("info string {refused}"));
                    out.error(&refused.to_string());
                }
            },
            _ => return Ok(()),
        }
    }
}

/// What follows a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next.
    Continue,
    /// `quit`: the search has answered.
    Quit,
    /// A ruleset parameter was set: load the game with it and go on (no search runs).
    Reload(String, i64),
    /// `UCI_Variant` named another built-in ruleset: play it from now on, at its start.
    Variant(String),
}

/// The protocol on one game, a command at a time.
pub struct Uci<'a, 'g> {
    game: &'g Game,
    out: &'g dyn Reply,
    engine: Engine<'a, 'g>,
    session: Session<'g>,
    hash: usize,
}

impl<'a, 'g> Uci<'a, 'g> {
    /// The game at its start, the transposition table of `hash` MiB.
    pub fn new(game: &'g Game, out: &'g dyn Reply, thinker: &'a mut dyn Thinker<'g>, hash: usize) -> Uci<'a, 'g> {
        let engine = Engine::new(thinker, AlphaBetaAgent::with_hash(Limit::Infinite, 1, hash));
        Uci { game, out, engine, session: new_session(game), hash }
    }

    /// The transposition table's size, as `setoption name Hash` last set it.
    pub fn hash(&self) -> usize {
        self.hash
    }

    /// One command line.
    pub fn command(&mut self, line: &str) -> Flow {
        let (game, out) = (self.game, self.out);
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            None => {}
            Some("uci") => {
                out.line(&format!("id name hetproba {} ({})", env!("CARGO_PKG_VERSION"), game.rules().id));
                out.line("id author the hetproba authors");
                out.line(&format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"));
                out.line(&format!("option name Contempt type spin default 0 min -{MAX_CONTEMPT} max {MAX_CONTEMPT}"));
                let rules = game.rules();
                for ((name, value), (min, max)) in rules.params.iter().zip(&rules.param_ranges) {
                    let (min, max) = (min.unwrap_or(-UNBOUNDED), max.unwrap_or(UNBOUNDED));
                    out.line(&format!("option name {name} type spin default {value} min {min} max {max}"));
                }
                if let Some(line) = variant_option(game) {
                    out.line(&line);
                }
                out.line("uciok");
            }
            Some("isready") => out.line("readyok"),
            Some("debug" | "register" | "ponderhit") => {}
            Some("setoption") => match set_option(game, &words) {
                Ok(Some(Setting::Hash(mb))) => {
                    self.engine.stop_and_wait();
                    self.hash = mb;
                    self.engine.agent().set_hash(mb);
                }
                Ok(Some(Setting::Contempt(k))) => {
                    self.engine.stop_and_wait();
                    self.engine.agent().set_contempt(k);
                }
                Ok(Some(Setting::Param(name, value))) => {
                    self.engine.stop_and_wait();
                    return Flow::Reload(name, value);
                }
                Ok(Some(Setting::Variant(id))) => {
                    self.engine.stop_and_wait();
                    return Flow::Variant(id);
                }
                Ok(None) => {}
                Err(why) => self.say(&why),
            },
            Some("ucinewgame") => {
                self.engine.stop_and_wait();
                self.engine.agent().clear();
                self.session = new_session(game);
            }
            Some("position") => {
                self.engine.stop_and_wait();
                match position(game, &words[1..]) {
                    Ok(s) => self.session = s,
                    Err(why) => self.say(&why),
                }
            }
            Some("go") => {
                let ask = go(&words[1..], self.session.position().side());
                let start = self.session.position().clone();
                let start_for_done = start.clone();
                self.engine.start(
                    self.session.clone(),
                    ask,
                    move |p: &Progress| {
                        if p.fresh {
                            out.line(&info_line(game, &start, p));
                        }
                    },
                    move |mv: Option<Move>| match mv {
                        Some(mv) => out.line(&format!("bestmove {}", uci_move(game, &start_for_done, mv))),
                        None => out.line("bestmove 0000"),
                    },
                );
            }
            Some("stop") => self.engine.stop_and_wait(),
            Some("quit") => {
                self.engine.stop_and_wait();
                return Flow::Quit;
            }
            Some(other) => self.say(&UciError::UnknownCommand(other.to_string())),
        }
        Flow::Continue
    }

    /// The end of the input: a search with a limit answers when it is done, one that holds its
    /// answer (`go infinite`) is stopped.
    pub fn end(&mut self) {
        self.engine.finish();
    }

    /// A message for the GUI's log (UCI has no error reply), and for a person reading along.
    fn say(&self, why: &UciError) {
        let why = why.to_string();
        self.out.line(&format!("info string {why}"));
        self.out.error(&why);
    }
}

/// The bound advertised for a parameter whose range the ruleset leaves open on that side.
const UNBOUNDED: i64 = 1_000_000;

enum Setting {
    Hash(usize),
    Contempt(i32),
    Param(String, i64),
    Variant(String),
}

/// `option name UCI_Variant type combo ...`, when the game is a built-in ruleset written as UCI
/// writes chess (FEN and SAN): the built-ins so written, by id, which are Fairy-Stockfish's names
/// for the variants both play.
fn variant_option(game: &Game) -> Option<String> {
    let chess_like =
        |r: &hetproba_engine::rules::Ruleset| r.notation.san && r.notation.position == hetproba_engine::rules::model::PositionNotation::Fen;
    let id = &game.rules().id;
    if !chess_like(game.rules()) || hetproba_engine::rules::builtin_text(id).is_none() {
        return None;
    }
    // Each by its id and by its other name, where it has one.
    let ids: Vec<String> = hetproba_engine::rules::builtin_ids()
        .filter_map(|i| hetproba_engine::rules::load_builtin(i, &[]).and_then(Result::ok))
        .filter(|r| chess_like(r))
        .flat_map(|r| std::iter::once(r.id.clone()).chain(r.uci_variant.clone()))
        .collect();
    Some(format!("option name UCI_Variant type combo default {id} var {}", ids.join(" var ")))
}

/// The built-in ruleset `UCI_Variant` names: by its id, else the first (by id) whose `[game]
/// uci-variant` is the name (Fairy-Stockfish's `3check` for `three-check`).
fn builtin_variant(name: &str) -> Option<String> {
    if hetproba_engine::rules::builtin_text(name).is_some() {
        return Some(name.to_string());
    }
    hetproba_engine::rules::builtin_ids()
        .find(|id| hetproba_engine::rules::load_builtin(id, &[]).is_some_and(|r| r.is_ok_and(|r| r.uci_variant.as_deref() == Some(name))))
        .map(str::to_string)
}

/// `setoption name NAME value VALUE`.
fn set_option(game: &Game, words: &[&str]) -> Result<Option<Setting>, UciError> {
    let name_at = words.iter().position(|w| *w == "name").ok_or(UciError::NoOptionName)?;
    let value_at = words.iter().position(|w| *w == "value");
    // Each runs to the other keyword when that comes after it, else to the end: GUIs write
    // `name` first, but `value 64 name Hash` is read too.
    let end = |from: usize, other: Option<usize>| other.filter(|&o| o > from).unwrap_or(words.len());
    let name = words[name_at + 1..end(name_at, value_at)].join(" ");
    let value = value_at.map(|v| words[v + 1..end(v, Some(name_at))].join(" ")).unwrap_or_default();
    if name.eq_ignore_ascii_case("hash") {
        return match value.parse::<usize>() {
            Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => Ok(Some(Setting::Hash(mb))),
            _ => Err(UciError::Hash(value)),
        };
    }
    if name.eq_ignore_ascii_case("contempt") {
        return match value.parse::<i32>() {
            Ok(k) if (-MAX_CONTEMPT..=MAX_CONTEMPT).contains(&k) => Ok(Some(Setting::Contempt(k))),
            _ => Err(UciError::Contempt(value)),
        };
    }
    if name.eq_ignore_ascii_case("uci_variant") {
        return match builtin_variant(&value) {
            Some(id) if id == game.rules().id => Ok(None),
            Some(id) => Ok(Some(Setting::Variant(id))),
            None => Err(UciError::NoVariant(value)),
        };
    }
    if let Some((param, _)) = game.rules().params.iter().find(|(p, _)| p.eq_ignore_ascii_case(&name)) {
        return match value.parse::<i64>() {
            Ok(v) => Ok(Some(Setting::Param(param.clone(), v))),
            Err(_) => Err(UciError::NotInteger { name: param.clone(), value }),
        };
    }
    Err(UciError::NoOption(name))
}

/// `position startpos [moves ...]` or `position fen FEN [moves ...]` (FEN in the ruleset's own
/// position notation).
fn position<'g>(game: &'g Game, words: &[&str]) -> Result<Session<'g>, UciError> {
    let moves_at = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
    let start = match words.first() {
        Some(&"startpos") => None,
        Some(&"fen") => Some(words[1..moves_at].join(" ")),
        _ => return Err(UciError::NoStart),
    };
    let moves = words.get(moves_at + 1..).unwrap_or_default().iter().copied();
    let read = |pos: &Position, word: &str| game.parse_move(pos, word).map_err(|error| MoveText { word: word.to_string(), error });
    Ok(session_after(game, start.as_deref(), moves, read)?)
}

/// `go ...`: the limit and the mover's clock.
fn go(words: &[&str], side: PlayerId) -> Ask {
    let number = |key: &str| words.iter().position(|w| *w == key).and_then(|i| words.get(i + 1)).and_then(|v| v.parse::<i64>().ok());
    let ms = |key: &str| number(key).map(|v| Duration::from_millis(v.max(0) as u64));
    let (mine, theirs, inc) = if side == PlayerId::FIRST { ("wtime", "btime", "winc") } else { ("btime", "wtime", "binc") };
    let clock = ms(mine).map(|left| TimeLeft { mine: left, theirs: ms(theirs).unwrap_or(left), increment: ms(inc).unwrap_or_default() });
    let infinite = words.contains(&"infinite");
    let limit = if let Some(t) = ms("movetime") {
        Limit::Time(t.max(Duration::from_millis(1)))
    } else if let Some(d) = number("depth") {
        Limit::Depth(d.clamp(1, 64) as u32)
    } else if let Some(n) = number("nodes") {
        Limit::Nodes(n.max(1) as u64)
    } else {
        Limit::Infinite
    };
    Ask { limit, clock: if infinite { None } else { clock }, hold: infinite }
}

/// A move as UCI writes it: start and end cells run together, with the promotion's letter, for
/// games whose moves are written in SAN; the game's own notation otherwise.
fn uci_move(game: &Game, pos: &Position, mv: Move) -> String {
    let board = game.board();
    if game.rules().notation.san && !mv.is_pass() && mv.from() != hetproba_engine::board::NO_CELL {
        let promotion = mv.promotion().map(|t| game.rules().pieces[t.index()].letter.to_lowercase()).unwrap_or_default();
        return format!("{}{}{promotion}", board.name(mv.from()), board.name(mv.to()));
    }
    game.move_name(pos, mv).replace(' ', "")
}

/// `info depth D score cp S nodes N nps R time T pv ...`.
fn info_line(game: &Game, start: &Position, p: &Progress) -> String {
    let score = match p.score {
        Score::Points(cp) => format!("cp {cp}"),
        Score::Win(plies) => format!("mate {}", plies.div_ceil(2)),
        Score::Loss(plies) => format!("mate -{}", plies.div_ceil(2)),
    };
    let pv = legal_line(game, start, &p.pv, |pos, mv| uci_move(game, pos, mv));
    format!(
        "info depth {} score {score} nodes {} nps {} time {} pv {}",
        p.depth.max(1),
        p.nodes,
        p.per_second(),
        p.elapsed.as_millis(),
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::OnCaller;
    use crate::protocol::fixture::{PLACING, game};
    use crate::protocol::script::{Lines, commands, timer};

    /// The replies to a script, searches run on this thread with a timer that steps.
    fn session(script: &str) -> Lines {
        let out = Lines::default();
        let timer = timer();
        run(commands(script), &out, &mut OnCaller(&timer), &[], |params| game(PLACING, params)).expect("the fixture loads");
        out
    }

    #[test]
    fn the_handshake_names_the_game_and_its_options() {
        let out = session("uci\nisready\n");
        let expected = [
            format!("id name hetproba {} (placing-sized)", env!("CARGO_PKG_VERSION")),
            "id author the hetproba authors".into(),
            format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
            format!("option name Contempt type spin default 0 min -{MAX_CONTEMPT} max {MAX_CONTEMPT}"),
            "option name size type spin default 3 min -1000000 max 1000000".into(),
            "uciok".into(),
            "readyok".into(),
        ];
        assert_eq!(out.take(), expected);
        assert!(out.errors.lock().unwrap().is_empty());
    }

    #[test]
    fn a_position_with_moves_is_searched_and_the_win_in_one_found() {
        // Crosses on a1 and a2, noughts on b1 and b2: a3 wins at once.
        let out = session("position startpos moves a1 b1 a2 b2\ngo depth 2\n");
        let lines = out.take();
        assert_eq!(lines.last().map(String::as_str), Some("bestmove a3"), "{lines:?}");
        let info = lines.iter().find(|l| l.starts_with("info depth ")).expect("an info line");
        assert!(info.contains(" score mate 1 ") && info.ends_with(" pv a3"), "{info}");
        // With the game over there is no move to give.
        let out = session("position startpos moves a1 b1 a2 b2 a3\ngo depth 1\n");
        assert_eq!(out.take(), ["bestmove 0000"]);
    }

    #[test]
    fn what_it_cannot_read_is_said_and_it_goes_on() {
        let script = "position fen nonsense\nposition startpos moves z9\nposition\nsetoption name Colour value red\n\
                      setoption name Hash value 0\nsetoption name Contempt value x\nsetoption name size value big\n\
                      frobnicate\n\nisready\n";
        let out = session(script);
        let lines = out.take();
        let said: Vec<&str> = lines.iter().filter_map(|l| l.strip_prefix("info string ")).collect();
        assert_eq!(said.len(), 8, "{lines:?}");
        assert!(said[0].starts_with("bad position 'nonsense'"), "{}", said[0]);
        assert!(said[1].starts_with("move 'z9'"), "{}", said[1]);
        assert_eq!(
            said[2..],
            [
                "position needs startpos or fen".to_string(),
                "no option 'Colour'".into(),
                format!("Hash is from 1 to {MAX_HASH_MB} MiB, not '0'"),
                format!("Contempt is from -{MAX_CONTEMPT} to {MAX_CONTEMPT}, not 'x'"),
                "size takes an integer, not 'big'".into(),
                "unknown command 'frobnicate'".into(),
            ]
        );
        assert_eq!(*out.errors.lock().unwrap(), said);
        assert_eq!(lines.last().map(String::as_str), Some("readyok"));
    }

    #[test]
    fn a_contempt_scores_a_drawn_game_below_nothing_for_the_side_searched_for() {
        // Three in a row on 3x3 after a corner and the centre: every line of play to the end is
        // a draw (worked by hand: the centre holds), so a search to the end scores the draw.
        let go = "position startpos moves a1 b2\ngo depth 7\n";
        let score = |lines: Vec<String>| {
            let info = lines.iter().rfind(|l| l.starts_with("info depth 7 ")).cloned().unwrap_or_else(|| panic!("{lines:?}"));
            info.split(" score ").nth(1).and_then(|s| s.split(" nodes ").next()).map(str::to_string).expect("a score")
        };
        assert_eq!(score(session(go).take()), "cp 0");
        assert_eq!(score(session(&format!("setoption name Contempt value 50\n{go}")).take()), "cp -50");
        assert_eq!(score(session(&format!("setoption name contempt value -30\n{go}")).take()), "cp 30");
    }

    #[test]
    fn setting_a_parameter_loads_the_game_anew_and_the_protocol_goes_on() {
        // d4 is a cell only once the board is 4x4.
        let out = session("setoption name SIZE value 4\nuci\nposition startpos moves d4\nisready\nquit\nisready\n");
        let lines = out.take();
        assert!(lines.contains(&"option name size type spin default 4 min -1000000 max 1000000".to_string()), "{lines:?}");
        assert!(out.errors.lock().unwrap().is_empty(), "{:?}", out.errors);
        assert_eq!(lines.last().map(String::as_str), Some("readyok"), "nothing after quit: {lines:?}");
        assert_eq!(lines.iter().filter(|l| *l == "readyok").count(), 1);
    }

    #[test]
    fn an_infinite_search_answers_when_stopped_or_at_the_end_of_the_input() {
        let out = session("position startpos moves a1 b1 a2 b2\ngo infinite\nisready\nstop\n");
        let lines = out.take();
        let ready = lines.iter().position(|l| l == "readyok").expect("readyok");
        let best = lines.iter().position(|l| l.starts_with("bestmove ")).expect("a move");
        assert!(ready < best, "the answer waits for stop: {lines:?}");
        let out = session("go infinite\n");
        assert!(out.take().last().is_some_and(|l| l.starts_with("bestmove ")));
    }

    /// Issue 38, finding 6: `setoption value 64 name Hash` panicked (a slice from `name` to a
    /// `value` before it).
    #[test]
    fn setoption_with_its_value_before_its_name_is_read_and_odd_orders_never_panic() {
        let game = game(PLACING, &[]).expect("the fixture loads");
        let out = Lines::default();
        let timer = timer();
        let mut thinker = crate::protocol::Deferred::new(&timer);
        let mut uci = Uci::new(&game, &out, &mut thinker, DEFAULT_HASH_MB);
        uci.command("setoption value 64 name Hash");
        assert_eq!(uci.hash(), 64);
        for odd in [
            "setoption name",
            "setoption value",
            "setoption value name",
            "setoption name value",
            "setoption value value name name",
            "setoption name value name value",
        ] {
            uci.command(odd);
        }
        assert_eq!(uci.hash(), 64);
        assert_eq!(out.take().len(), 6, "each odd line is answered with what is wrong");
    }

    /// Issue 38, finding 9: a line that is not UTF-8 ended the session as if the input had.
    #[test]
    fn a_line_that_is_not_text_is_said_and_skipped() {
        let out = Lines::default();
        let timer = timer();
        let lines = [Ok("isready".to_string()), Err(InputError::NotUtf8), Err(InputError::TooLong), Ok("isready".to_string())];
        run(lines.into_iter(), &out, &mut OnCaller(&timer), &[], |params| game(PLACING, params)).expect("the fixture loads");
        assert_eq!(
            out.take(),
            [
                "readyok".to_string(),
                "info string a line that is not UTF-8 text was skipped".into(),
                format!("info string a line longer than {} bytes was skipped", crate::protocol::MAX_LINE),
                "readyok".into()
            ]
        );
    }

    /// Issue 38, finding 10: parameters were offered from -1000000 to 1000000, and a value the
    /// ruleset refused ended the engine. Now the declared range is offered, and a refused value
    /// is said while the game goes on as it was.
    #[test]
    fn parameters_are_offered_in_their_range_and_a_refused_value_is_said() {
        let out = Lines::default();
        let timer = timer();
        // The placing fixture with two declared ranges.
        let ranged = PLACING.replace(
            "[params]\nsize = 3\n",
            "[params]\nsize = { default = 15, min = 5, max = 19 }\nconnect = { default = 5, min = 3, max = 9 }\n",
        );
        assert!(ranged.contains("connect = "));
        let ranged = |params: &[(String, i64)]| game(&ranged, params);
        run(commands("uci\nsetoption name size value 40\nisready\n"), &out, &mut OnCaller(&timer), &[], ranged).expect("loads");
        let lines = out.take();
        assert!(lines.contains(&"option name size type spin default 15 min 5 max 19".to_string()), "{lines:?}");
        assert!(lines.contains(&"option name connect type spin default 5 min 3 max 9".to_string()), "{lines:?}");
        let refused = lines.iter().find(|l| l.starts_with("info string size 40 is refused")).unwrap_or_else(|| panic!("{lines:?}"));
        assert!(refused.contains("between 5 and 19"), "{refused}");
        assert_eq!(lines.last().map(String::as_str), Some("readyok"));
        // Inside no declared range, refused where it is used: the 3x3 fixture on a board of 0.
        let out = session("setoption name size value 0\nuci\nisready\n");
        let lines = out.take();
        assert!(lines.iter().any(|l| l.starts_with("info string size 0 is refused, the game stays as it was: ")), "{lines:?}");
        assert!(lines.contains(&format!("option name size type spin default 3 min -{UNBOUNDED} max {UNBOUNDED}")), "{lines:?}");
        assert_eq!(lines.last().map(String::as_str), Some("readyok"));
    }

    #[test]
    fn go_reads_the_limit_and_the_movers_clock() {
        let words = |text: &'static str| text.split_whitespace().collect::<Vec<_>>();
        let ms = Duration::from_millis;
        let ask = go(&words("wtime 1000 btime 2000 winc 10 binc 20 movestogo 5"), PlayerId::SECOND);
        assert_eq!(ask.limit, Limit::Infinite);
        let clock = ask.clock.expect("a clock");
        assert_eq!((clock.mine, clock.theirs, clock.increment), (ms(2000), ms(1000), ms(20)));
        assert!(!ask.hold);
        let ask = go(&words("wtime 1000"), PlayerId::FIRST);
        let clock = ask.clock.expect("a clock");
        assert_eq!((clock.mine, clock.theirs, clock.increment), (ms(1000), ms(1000), ms(0)));
        assert_eq!(go(&words("movetime 0"), PlayerId::FIRST).limit, Limit::Time(ms(1)));
        assert_eq!(go(&words("depth 100"), PlayerId::FIRST).limit, Limit::Depth(64));
        assert_eq!(go(&words("depth 0"), PlayerId::FIRST).limit, Limit::Depth(1));
        assert_eq!(go(&words("nodes 5000"), PlayerId::FIRST).limit, Limit::Nodes(5000));
        let ask = go(&words("infinite wtime 5"), PlayerId::FIRST);
        assert!(ask.hold && ask.clock.is_none() && ask.limit == Limit::Infinite);
    }
}
