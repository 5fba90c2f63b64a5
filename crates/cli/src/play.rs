//! `play`: a game at the terminal, played through `hetproba_play::Match`.
//!
//! Three steps: [`prepare`] reads the command line and the record it resumes into a [`Plan`]
//! (who plays, the seed, the clock: what the command line leaves out, the record says);
//! [`start`] replays the resumed moves (refusing what `replay` refuses, in its words), sets the
//! record's tags and saves it once, so a record that cannot be written is known before the
//! first move; then [`Match::run`] plays with a [`Table`] as its host, which shows the game
//! through a [`Face`], reads a human's commands (a move, `?`, `hint`, `undo`, `quit`) and saves
//! the record after every move, so a game stopped any way (Ctrl-C, a closed terminal, a crash)
//! loses at most the move being made. The [`Face`] is plain lines when input or output is
//! piped, the terminal view ([`crate::tui`]) when both are a terminal.

use crate::CliError;
use crate::files::{Kind, read_text};
use crate::load::load_game;
use crate::tui::Scene;
use hetproba_ai::Progress;
use hetproba_board::CellId;
use hetproba_engine::Game;
use hetproba_engine::rules::model::{Clock, PlayerId};
use hetproba_play::record::{check_result, params_of, parse_param, player_tag, position_tag, replay};
use hetproba_play::{AgentSpec, Host, Match, Record, Turn, Undo, format_clock, opening};
use std::io::{BufRead, IsTerminal, Read};
use std::ops::ControlFlow;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct PlayArgs {
    /// A built-in ruleset id or a path to a .toml file (at most 1 MiB).
    pub ruleset: String,
    /// Who plays first: human, random, alphabeta:6 (depth) or alphabeta:1s (time per move), mcts,
    /// mcts:1000 (playouts per move, 1 to 1000000) or mcts:2s (time per move, 1ms to 1h); options
    /// after a comma, as alphabeta:1s,hash=64,contempt=50 or mcts:2s,c=0.7,contempt=0.5 (see the
    /// README). Default: human, or the player --resume's record names.
    #[arg(long, value_parser = parse_agent)]
    pub first: Option<AgentSpec>,
    /// Who plays second (as --first). Default: mcts, or the player --resume's record names.
    #[arg(long, value_parser = parse_agent)]
    pub second: Option<AgentSpec>,
    /// Seed for the computer players, 0 to 2^64 - 1 (default: the Seed of --resume's record,
    /// otherwise from the clock; the record keeps it).
    #[arg(long, value_parser = crate::bounds::integer(0u64, u64::MAX), allow_hyphen_values = true)]
    pub seed: Option<u64>,
    /// Start from this position instead of the start.
    #[arg(long)]
    pub position: Option<String>,
    /// A game clock: time per player, optionally an increment (`5m`, `90s`, `1h`, `3m+2s`), each
    /// at most 24h. A player whose time runs out loses. Default: the TimeControl of --resume's
    /// record, otherwise the ruleset's clock, if it has one.
    #[arg(long, value_parser = parse_clock_arg, allow_hyphen_values = true)]
    pub clock: Option<Clock>,
    /// Play without a clock even if the ruleset or the resumed record sets one.
    #[arg(long, conflicts_with = "clock")]
    pub no_clock: bool,
    /// Save the game to this file, checked before the first move and saved again after every
    /// move (whole, through a temporary file beside it), so a stopped game loses nothing: PDN
    /// for rulesets whose positions are written in PDN, the same tag-and-moves format for the
    /// others.
    #[arg(long)]
    pub record: Option<String>,
    /// Let --record write over a file that exists (by default it is refused: the game in it
    /// would be lost; --resume continues it).
    #[arg(long, requires = "record")]
    pub force: bool,
    /// Continue a game saved with --record (at most 16 MiB), with its players, seed and clock
    /// unless given here; the moves are saved back to it (or to --record).
    #[arg(long)]
    pub resume: Option<String>,
    /// Set a ruleset parameter (`--param size=10`); a resumed game takes them from its record.
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_param)]
    pub params: Vec<(String, i64)>,
    /// A game still going after this many plies (1 to 100000) is adjudicated a draw, as in
    /// selfplay (default: no cap, but 1000 where a player may always pass and no draw rule ends
    /// the game).
    #[arg(long, value_parser = crate::bounds::integer(1usize, crate::bounds::MAX_PLIES), allow_hyphen_values = true)]
    pub max_plies: Option<usize>,
}

/// A player as the command line names it.
pub fn parse_agent(text: &str) -> Result<AgentSpec, String> {
    AgentSpec::parse(text).map_err(|e| e.to_string())
}

fn parse_clock_arg(text: &str) -> Result<Clock, String> {
    hetproba_rules::parse_clock(text).map_err(|why| format!("{why}; a clock is a time such as 5m, 90s or 1h, with +2s for an increment"))
}

/// What a human typed: a line, or nothing more.
pub enum Typed {
    Line(String),
    /// The end of input, or Ctrl-C on a terminal.
    End,
    /// Input that is not lines of text (a line too long, not UTF-8): why.
    Bad(String),
    /// The player's clock ran out while waiting.
    TimeOut,
}

/// How a game meets the people playing it: plain lines (piped input, which the tests drive) or
/// the terminal view ([`crate::tui::Screen`]). The [`Table`] keeps the game and asks its face to
/// show it and to read a human's lines.
pub trait Face {
    /// Shows the position at the start of a turn (and at the end of the game).
    fn show(&mut self, scene: &Scene);
    /// Reads a human's line; with a clock, gives up when the mover's time (as `scene` says it
    /// was at `started`) runs out.
    fn ask(&mut self, scene: &Scene, started: Instant) -> Typed;
    /// Tells the player something: the legal moves, a hint, why a move was refused.
    fn say(&mut self, text: &str);
    /// Called as a computer search (`who`: the player, or `hint`) goes on; `Break` stops it.
    fn thinking(&mut self, scene: &Scene, who: &str, progress: &Progress, started: Instant) -> ControlFlow<()>;
    /// True once the people asked the game to stop (Ctrl-C on a terminal).
    fn stopped(&self) -> bool;
    /// The game is over or stopped: the last words (the result, where the record is).
    fn finish(&mut self, scene: &Scene, lines: &[String]);
}

/// The longest line read from standard input or typed, in bytes: a move is a few characters
/// (`play < /dev/zero` asked for 4 GiB for its first line).
pub const MAX_LINE: usize = 4096;

/// A line of standard input, or why there are no more.
enum Input {
    Line(String),
    /// The end of input.
    End,
    /// Input that is not lines of text: the reason.
    Bad(String),
}

/// Reads one line of at most [`MAX_LINE`] bytes, without its line end.
fn read_line(input: &mut impl BufRead) -> Input {
    let mut bytes = Vec::new();
    match input.by_ref().take(MAX_LINE as u64 + 1).read_until(b'\n', &mut bytes) {
        Ok(0) => return Input::End,
        Ok(_) => {}
        Err(e) => return Input::Bad(format!("standard input cannot be read: {e}")),
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    } else if bytes.len() > MAX_LINE {
        return Input::Bad(format!("standard input: a line longer than {MAX_LINE} bytes; a move or a command is a few characters"));
    }
    match String::from_utf8(bytes) {
        Ok(line) => Input::Line(line.strip_suffix('\r').map(str::to_string).unwrap_or(line)),
        Err(_) => Input::Bad("standard input is not UTF-8 text".to_string()),
    }
}

/// Reads standard input line by line on a thread, until its end or a line that is not one.
fn spawn_reader() -> Receiver<Input> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        loop {
            let input = read_line(&mut stdin);
            let last = !matches!(input, Input::Line(_));
            if send.send(input).is_err() || last {
                return;
            }
        }
    });
    receive
}

/// The plain face: the board as text after every move, moves read line by line (on their own
/// thread, so that a clock can run out while a human thinks).
struct Lines {
    input: Receiver<Input>,
    /// Piped input is not echoed by a terminal: it is echoed here, so the transcript reads like
    /// a session.
    echo: bool,
    /// A position has been shown.
    shown: bool,
}

impl Lines {
    fn new() -> Lines {
        Lines { input: spawn_reader(), echo: !std::io::stdin().is_terminal(), shown: false }
    }
}

impl Face for Lines {
    fn show(&mut self, scene: &Scene) {
        if std::io::stdout().is_terminal() {
            let _ = crossterm::execute!(
                std::io::stdout(),
                crossterm::terminal::Clear(crossterm::terminal::ClearType::All),
                crossterm::cursor::MoveTo(0, 0)
            );
        }
        if let Some(text) = &scene.last {
            crate::outln!("{text}");
        }
        // A numbered board's numbers, once, before the first position: moves name them.
        if !std::mem::replace(&mut self.shown, true) && crate::tui::numbered(scene.game) {
            crate::out!("square numbers:\n{}", hetproba_play::draw::numbering(scene.game));
        }
        crate::out!("{}", hetproba_play::draw::draw(scene.game, scene.pos));
        if let Some(clocks) = &scene.clocks {
            let game = scene.game;
            crate::outln!(
                "clock: {} {}, {} {}",
                game.player_name(PlayerId::FIRST),
                format_clock(clocks[0]),
                game.player_name(PlayerId::SECOND),
                format_clock(clocks[1])
            );
        }
        if let Some(side) = scene.to_move {
            crate::outln!("{} to move", scene.game.player_name(side));
        }
    }

    fn ask(&mut self, scene: &Scene, started: Instant) -> Typed {
        let side = scene.to_move.unwrap_or(PlayerId::FIRST);
        crate::out!("{}> ", scene.game.player_name(side));
        let input = match &scene.clocks {
            Some(clocks) => match self.input.recv_timeout(Duration::from_millis(clocks[side.index()]).saturating_sub(started.elapsed())) {
                Ok(input) => input,
                Err(RecvTimeoutError::Timeout) => {
                    crate::outln!();
                    return Typed::TimeOut;
                }
                Err(RecvTimeoutError::Disconnected) => Input::End,
            },
            None => self.input.recv().unwrap_or(Input::End),
        };
        let line = match input {
            Input::Line(line) => line,
            Input::End => {
                crate::outln!("\ninput ended; game stopped");
                return Typed::End;
            }
            Input::Bad(why) => {
                crate::outln!();
                return Typed::Bad(why);
            }
        };
        if self.echo {
            crate::outln!("{}", line.trim_end());
        }
        Typed::Line(line)
    }

    fn say(&mut self, text: &str) {
        crate::outln!("{text}");
    }

    fn thinking(&mut self, _: &Scene, _: &str, _: &Progress, _: Instant) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn stopped(&self) -> bool {
        false
    }

    fn finish(&mut self, _: &Scene, lines: &[String]) {
        for line in lines {
            crate::outln!("{line}");
        }
    }
}

/// A game to play, as the command line and the resumed record decide it.
struct Plan {
    /// The resumed record and its file name.
    resumed: Option<(String, Record)>,
    players: [AgentSpec; 2],
    seed: u64,
    clock: Option<Clock>,
    /// Where the record goes: --record, or the resumed file.
    record_path: Option<String>,
    /// The parameters --param set (a resumed game keeps its record's).
    params: Vec<(String, i64)>,
    /// The ply cap.
    max_plies: Option<usize>,
}

/// A tag of the resumed record, read by `read`: `None` when nothing is resumed or the record
/// lacks the tag; an error naming the tag and the option that replaces it when `read` refuses it.
fn recorded<T>(
    resumed: &Option<(String, Record)>,
    tag: &str,
    option: &str,
    read: impl Fn(&str) -> Result<T, String>,
) -> Result<Option<T>, CliError> {
    let Some((path, record)) = resumed else { return Ok(None) };
    record
        .tag(tag)
        .map(|value| read(value).map_err(|why| CliError::failure(format!("{path}: [{tag} \"{value}\"]: {why}; give {option}"))))
        .transpose()
}

/// Reads the command line and the record it resumes: who plays, the seed, the clock. What the
/// command line gives wins (the record's tag is then not read); what it leaves out comes from the
/// record, then from the defaults.
fn prepare(args: &PlayArgs, game: &Game, resumed: Option<(String, Record)>) -> Result<Plan, CliError> {
    // A record may come from anyone: the players it names are held to a bounded cost.
    let from_record = |text: &str| parse_agent(text).and_then(|spec| spec.beyond_a_record().map_or(Ok(spec), Err));
    let first = match &args.first {
        Some(spec) => spec.clone(),
        None => recorded(&resumed, &player_tag(game, PlayerId::FIRST), "--first", from_record)?.unwrap_or(AgentSpec::Human),
    };
    let second = match &args.second {
        Some(spec) => spec.clone(),
        None => recorded(&resumed, &player_tag(game, PlayerId::SECOND), "--second", from_record)?.unwrap_or(hetproba_play::MCTS),
    };
    let seed = match args.seed {
        Some(seed) => seed,
        None => recorded(&resumed, "Seed", "--seed", |v| v.parse::<u64>().map_err(|_| "not a seed".to_string()))?.unwrap_or_else(|| {
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0)
        }),
    };
    let clock = match (args.no_clock, args.clock) {
        (true, _) => None,
        (false, Some(clock)) => Some(clock),
        // A record without TimeControl was played without a clock.
        (false, None) if resumed.is_some() => recorded(&resumed, "TimeControl", "--clock or --no-clock", hetproba_rules::parse_clock)?,
        (false, None) => game.rules().clock,
    };
    let record_path = args.record.clone().or_else(|| resumed.as_ref().map(|(p, _)| p.clone()));
    // Two players who may always pass, with no draw rule, could pass for ever.
    let max_plies = args.max_plies.or_else(|| {
        hetproba_play::may_never_end(game.rules()).then(|| {
            crate::errln!(
                "note: a player may always pass and no draw rule ends the game: it is a draw after {} plies (--max-plies)",
                hetproba_play::ENDLESS_CAP
            );
            hetproba_play::ENDLESS_CAP
        })
    });
    Ok(Plan { resumed, players: [first, second], seed, clock, record_path, params: args.params.clone(), max_plies })
}

/// Saves a record whole, when it has a file.
fn save(record: &Record, path: &Option<String>) -> Result<(), CliError> {
    match path {
        Some(path) => crate::files::write_whole(path, &record.write()).map_err(CliError::failure),
        None => Ok(()),
    }
}

/// Sets the game up from the plan and saves the record once: a record that cannot be written
/// stops the game before its first move.
fn start<'g>(game: &'g Game, plan: &Plan, position: Option<&str>) -> Result<Match<'g>, CliError> {
    let (first, moves, tags) = match (&plan.resumed, position) {
        // `play` refuses --position with --resume.
        (Some((path, old)), _) => {
            if let Some(id) = old.tag("Ruleset")
                && id != game.rules().id
            {
                return Err(CliError::failure(format!(
                    "{path} is a game of '{}', not '{}'",
                    hetproba_rules::text::quote(id),
                    game.rules().id
                )));
            }
            let replayed = replay(game, old, path)?;
            // What `replay` refuses, resuming refuses, in the same words; and a game the
            // record says has ended (on time, by resignation) does not go on.
            check_result(game, old, &replayed.session, path)?;
            if let Some(outcome) = replayed.session.outcome() {
                return Err(CliError::failure(format!(
                    "{path}: the game is over ({}); there is nothing to resume",
                    outcome.describe(game)
                )));
            }
            if old.result != "*" {
                let how = old.tag("Termination").map_or(String::new(), |t| format!(" ({t})"));
                return Err(CliError::failure(format!("{path}: the game has ended, {}{how}; there is nothing to resume", old.result)));
            }
            (replayed.start, replayed.moves, old.tags.clone())
        }
        (None, Some(text)) => {
            let session = opening(game, Some(text)).map_err(|e| CliError::failure(e.to_string()))?;
            let written = session.write_position();
            (session, Vec::new(), vec![(position_tag(game).to_string(), written)])
        }
        (None, None) => (opening(game, None).map_err(|e| CliError::failure(e.to_string()))?, Vec::new(), Vec::new()),
    };
    let mut table =
        Match::new(first, &moves, plan.players.clone(), plan.seed, crate::system_timer()).with_clock(plan.clock).with_cap(plan.max_plies);
    let record = table.record_mut();
    record.tags = tags;
    if plan.resumed.is_none() {
        // Identifying tags first, then the start position.
        record.identify(game, &plan.params);
    }
    // The players, seed, clock and result; a resumed record keeps its own words for them.
    table.tag_players();
    save(table.record(), &plan.record_path)?;
    Ok(table)
}

/// The host of a game at the terminal: what the face shows besides the game, and where the
/// record goes.
struct Table<'f> {
    face: &'f mut dyn Face,
    record_path: Option<String>,
    /// What happened last (`black played d3`), shown above the board.
    last: Option<String>,
    /// The cells of the last move, marked on the board.
    marked: Vec<CellId>,
    /// The player to move at the turn shown last.
    mover: Option<PlayerId>,
}

impl Table<'_> {
    /// What the faces draw: the position, the last move, the moves, the players and clocks.
    fn scene<'a>(&self, m: &'a Match) -> Scene<'a> {
        let record = m.record();
        Scene {
            game: m.game(),
            pos: m.position(),
            marked: self.marked.clone(),
            moves: &record.moves,
            offset: record.offset,
            players: m.players().map(AgentSpec::label),
            clocks: m.clocks().map(|c| c.left_ms()),
            to_move: m.to_move(),
            last: self.last.clone(),
            notes: Vec::new(),
            prompt: None,
        }
    }

    /// The turn's start as an instant: the faces count the clock down from it.
    fn started(m: &Match) -> Instant {
        crate::system_timer().instant(m.turn_began())
    }

    /// The last words: the result, where the record is, how far a stopped game went.
    fn finish(&mut self, m: &Match, saved: &Result<(), CliError>) {
        let mut lines = Vec::new();
        if let Some(outcome) = m.outcome() {
            lines.push(format!("Game over: {}", outcome.describe(m.game())));
        }
        if let (Ok(()), Some(path)) = (saved, &self.record_path) {
            lines.push(format!("game saved to {path}"));
        }
        if m.outcome().is_none() {
            lines.push(format!("game stopped after {} moves", m.record().moves.len()));
        }
        let mut scene = self.scene(m);
        scene.to_move = None;
        self.face.finish(&scene, &lines);
    }
}

impl Host for Table<'_> {
    type Error = CliError;

    fn show(&mut self, m: &Match) -> Result<(), CliError> {
        self.mover = m.to_move();
        self.face.show(&self.scene(m));
        Ok(())
    }

    /// Reads a human's commands until one ends the turn: a move, `quit` (or the end of input),
    /// `undo`; `?` lists the legal moves, `hint` asks the engine, anything else is told why it
    /// is not a move. With a clock, waiting stops when it runs out.
    fn human(&mut self, m: &mut Match) -> Result<Turn, CliError> {
        loop {
            let started = Self::started(m);
            let line = match self.face.ask(&self.scene(m), started) {
                Typed::Line(line) => line,
                Typed::End => return Ok(Turn::Stop),
                Typed::Bad(why) => return Err(CliError::failure(why)),
                Typed::TimeOut => return Ok(Turn::TimeOut),
            };
            let (game, pos) = (m.game(), m.position());
            match line.trim() {
                "" => continue,
                "?" | "help" | "moves" => {
                    let names: Vec<String> = game.legal_moves(pos).iter().map(|&mv| game.move_name(pos, mv)).collect();
                    self.face.say(&format!("legal moves: {}", names.join(" ")));
                }
                "quit" | "exit" => return Ok(Turn::Stop),
                "hint" => {
                    let scene = self.scene(m);
                    let face = &mut *self.face;
                    let mut last: Option<hetproba_ai::Progress> = None;
                    let hint = m.hint(&mut |progress| {
                        last = Some(progress.clone());
                        face.thinking(&scene, "hint", progress, started)
                    });
                    // The move, and what the search thinks of it when its last report is about it.
                    let words = |mv| match &last {
                        Some(p) if p.best == mv => format!(
                            "{} ({}, depth {}, line {})",
                            game.move_name(pos, mv),
                            crate::tui::score_words(p.score),
                            p.depth,
                            crate::tui::line_names(game, pos, &p.pv, 6)
                        ),
                        _ => game.move_name(pos, mv),
                    };
                    match hint {
                        Some(mv) if !self.face.stopped() => self.face.say(&format!("hint: {}", words(mv))),
                        _ => return Ok(Turn::Stop),
                    }
                }
                "undo" => match m.undo() {
                    Undo::Took(taken) => {
                        self.last = Some(format!("took back {}", taken.join(" ")));
                        self.marked = m.last_move_cells();
                        save(m.record(), &self.record_path)?;
                        return Ok(Turn::Undone);
                    }
                    Undo::TimeOut => return Ok(Turn::TimeOut),
                    Undo::NoMoves => self.face.say("nothing to undo: no move has been played"),
                    Undo::NoHumanMove => self.face.say("nothing to undo: every move so far is the computer's"),
                },
                text => match game.parse_move(pos, text) {
                    Ok(mv) => return Ok(Turn::Move(mv)),
                    Err(err) => self.face.say(&err.to_string()),
                },
            }
        }
    }

    fn thinking(&mut self, m: &Match, progress: &Progress) -> ControlFlow<()> {
        let mover = m.to_move().map_or("", |side| m.game().player_name(side)).to_string();
        let scene = self.scene(m);
        self.face.thinking(&scene, &mover, progress, Self::started(m))
    }

    fn stopped(&self) -> bool {
        self.face.stopped()
    }

    fn played(&mut self, m: &Match) -> Result<(), CliError> {
        let mover = self.mover.map_or("", |side| m.game().player_name(side));
        self.last = Some(format!("{mover} played {}", m.record().moves.last().map_or("", String::as_str)));
        self.marked = m.last_move_cells();
        save(m.record(), &self.record_path)
    }
}

pub fn play(args: &PlayArgs) -> Result<(), CliError> {
    // A record is not written over unless asked: a user who meant --resume would lose the game.
    if let Some(path) = &args.record
        && !args.force
        && args.resume.as_deref() != Some(path.as_str())
        && std::fs::metadata(path).is_ok_and(|m| m.is_file())
    {
        return Err(CliError::failure(format!(
            "{path} exists: give --force to write a new game over it, or --resume {path} to go on with the game in it"
        )));
    }
    let resumed = match &args.resume {
        Some(_) if args.position.is_some() => return Err(CliError::usage("--resume and --position cannot be used together")),
        Some(path) => {
            if !args.params.is_empty() {
                return Err(CliError::usage("--resume takes the ruleset's parameters from the record; drop --param"));
            }
            let text = read_text(path, Kind::Record).map_err(CliError::failure)?;
            Some((path.clone(), Record::parse(path, &text)?))
        }
        None => None,
    };
    let game = match &resumed {
        Some((path, record)) => {
            crate::load::load_ruleset_with(&args.ruleset, &params_of(record)?, &format!("{path}: [Param]")).map(Game::new)?
        }
        None => load_game(&args.ruleset, &args.params)?,
    };
    let plan = prepare(args, &game, resumed)?;
    let mut table = start(&game, &plan, args.position.as_deref())?;
    // The terminal view needs a terminal on both sides; piped either way, plain lines.
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        let colour = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        if let Ok(mut screen) = crate::tui::Screen::start(colour) {
            return run(&mut table, &mut screen, &plan);
        }
    }
    run(&mut table, &mut Lines::new(), &plan)
}

/// Plays the game through `face`, then saves the record a last time and says how it ended.
fn run(table: &mut Match, face: &mut dyn Face, plan: &Plan) -> Result<(), CliError> {
    let mut host = Table { face, record_path: plan.record_path.clone(), last: None, marked: table.last_move_cells(), mover: None };
    table.run(&mut host)?;
    let saved = save(table.record(), &host.record_path);
    host.finish(table, &saved);
    saved?;
    // Ctrl-C at the terminal view stops the game as SIGINT would (it is a key there).
    if host.face.stopped() { Err(CliError::interrupted()) } else { Ok(()) }
}
