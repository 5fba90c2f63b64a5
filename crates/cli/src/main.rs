//! `hetproba`: list, explain, check, count and play board games described in data.
//!
//! The binary is thin: it parses arguments, calls the libraries, and turns their errors into
//! messages and exit codes (0 success, 1 a failed check or bad input, 2 bad usage).

mod analyse;
mod bounds;
mod championship;
mod compare;
mod files;
mod info;
mod load;
mod play;
mod plot;
mod protocols;
mod replay;
mod selfplay;
mod serve;
mod stats;
mod tui;

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::process::ExitCode;

/// Writes to standard output; a reader that went away (`| head`) ends the program quietly
/// instead of a panic.
pub fn write_out(args: std::fmt::Arguments) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        errln!("error: cannot write to standard output: {e}");
        std::process::exit(1);
    }
}

/// Writes to standard error. A reader that went away (`2>&1 | head -1`) leaves nobody to tell:
/// the rest is dropped, and the exit status stays what it would have been (`eprintln!`
/// panicked there, with exit status 101).
pub fn write_err(args: std::fmt::Arguments) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.flush());
}

/// `eprintln!` through [`write_err`].
#[macro_export]
macro_rules! errln {
    ($($arg:tt)*) => { $crate::write_err(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprint!` through [`write_err`].
#[macro_export]
macro_rules! err {
    ($($arg:tt)*) => { $crate::write_err(format_args!($($arg)*)) };
}

/// `print!` through [`write_out`].
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => { $crate::write_out(format_args!($($arg)*)) };
}

/// `println!` through [`write_out`].
#[macro_export]
macro_rules! outln {
    () => { $crate::write_out(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::write_out(format_args!("{}\n", format_args!($($arg)*))) };
}

/// The system's monotonic clock, for the libraries, which never read it themselves.
pub struct SystemTimer(std::time::Instant);

impl hetproba_ai::Timer for SystemTimer {
    fn now(&self) -> std::time::Duration {
        self.0.elapsed()
    }
}

impl SystemTimer {
    /// The instant a reading of this timer stands for.
    pub fn instant(&self, reading: std::time::Duration) -> std::time::Instant {
        self.0 + reading
    }
}

/// The one system timer of the process.
pub fn system_timer() -> &'static SystemTimer {
    static TIMER: std::sync::OnceLock<SystemTimer> = std::sync::OnceLock::new();
    TIMER.get_or_init(|| SystemTimer(std::time::Instant::now()))
}

/// An error for the user: a message and an exit status.
#[derive(Debug)]
pub struct CliError {
    pub message: String,
    pub status: u8,
}

/// What the libraries report about their input is a failure (exit status 1), in their words.
macro_rules! failures {
    ($($error:ty),*) => {$(
        impl From<$error> for CliError {
            fn from(e: $error) -> CliError {
                CliError::failure(e.to_string())
            }
        }
    )*};
}

failures!(
    hetproba_play::RecordError,
    hetproba_play::ReplayError,
    hetproba_play::protocol::hub::HubError,
    hetproba_analysis::stats::StatsError,
    hetproba_analysis::championship::EventError
);

/// The message, as `uci` tells a GUI why a ruleset refused a parameter's value.
impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl CliError {
    /// A failed check, an illegal move, a bad position or file: exit status 1.
    pub fn failure(message: impl Into<String>) -> CliError {
        CliError { message: message.into(), status: 1 }
    }

    /// Bad usage: exit status 2.
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError { message: message.into(), status: 2 }
    }

    /// Stopped by Ctrl-C, having said so itself: exit status 130, as a shell gives a program
    /// that SIGINT stops.
    pub fn interrupted() -> CliError {
        CliError { message: String::new(), status: 130 }
    }
}

/// How moves are written, for `play` and `moves`: by the kind of move, not by game.
const NOTATION_HELP: &str = "\
Move notation: each game writes its moves its own way; `hetproba show ID` gives examples for every
piece, and `hetproba moves ID` lists the legal moves as they are written. By kind of move:
  a placement           the cell: d3, c4
  a push or roll-in     the entry cell, then the push's direction: a1, a1>
  a step or a slide     start-end, x when it lands on a piece, after the piece's letter if it has
                        one: c3-d4, c3xd4, Cd1-c4; captures by enclosing follow: c3-c4xb4
  hops                  the cells landed on: c3:e5:c7 on lettered boards, 9x18x27 on numbered
                        ones, where a plain move is 32-28; a capture may be typed by its start and
                        end (c3:c7), and x for :
  SAN                   games that write standard algebraic notation: e4, Nf3, exd5, O-O, e8=Q;
                        or long algebraic, as UCI engines do: e2e4, e7e8q
  passing               pass
";

/// Each subcommand's `--help` examples, kept with the docs as data: they name built-in rulesets.
const HELP_EXAMPLES: &str = include_str!("../../../docs/help-examples.txt");

/// The `Examples:` of `command`'s help: its section of docs/help-examples.txt, indented.
fn examples(command: &str) -> String {
    let header = format!("[{command}]");
    let lines: Vec<&str> = HELP_EXAMPLES.lines().skip_while(|l| *l != header).skip(1).take_while(|l| !l.starts_with('[')).collect();
    let body: Vec<String> = lines.iter().map(|l| format!("  {l}")).collect();
    format!("Examples:\n{}", body.join("\n").trim_end())
}

/// `--lang CODE`: a language code as `[lang.CODE]` tables are named.
fn lang_code(text: &str) -> Result<String, String> {
    if hetproba_rules::is_language_code(text) {
        Ok(text.to_string())
    } else {
        Err("a language code is two or three lower-case letters, as `hu` or `en`".into())
    }
}

/// `moves --help` and `play --help`: examples, then the notation.
fn examples_and_notation(command: &str) -> String {
    format!("{}\n\n{NOTATION_HELP}", examples(command))
}

#[derive(Parser)]
#[command(name = "hetproba", version, about = "List, explain, check, count and play board games described in data")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where a command starts: a ruleset, an optional position, optional moves played first.
#[derive(Args, Clone)]
pub struct Setup {
    /// A built-in ruleset id (`hetproba list`) or a path to a .toml file (at most 1 MiB).
    pub ruleset: String,
    /// Start from this position (in the ruleset's position notation) instead of the start.
    #[arg(long)]
    pub position: Option<String>,
    /// Play these moves first, separated by spaces (`--after "d3 c5"`).
    #[arg(long)]
    pub after: Option<String>,
    /// Set a ruleset parameter (`--param size=10`); may be repeated.
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = hetproba_play::record::parse_param)]
    pub params: Vec<(String, i64)>,
}

/// `perft --count`: how captures along different paths count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum CountArg {
    /// Once per move: same start, end and captured pieces (duplicates dropped).
    Moves,
    /// Once per way of taking the pieces: their order and directions (duplicates kept).
    Paths,
}

impl From<CountArg> for hetproba_engine::Counting {
    fn from(c: CountArg) -> Self {
        match c {
            CountArg::Moves => hetproba_engine::Counting::Moves,
            CountArg::Paths => hetproba_engine::Counting::Paths,
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// List the built-in rulesets.
    #[command(after_help = examples("list"))]
    List {
        /// Print a JSON list.
        #[arg(long)]
        json: bool,
        /// Names, players and summaries in this language where the ruleset gives them
        /// (`[lang.CODE]`: `--lang hu`); as written otherwise.
        #[arg(long, value_name = "CODE", value_parser = lang_code)]
        lang: Option<String>,
    },
    /// Explain a ruleset in words (how moves are written too) and draw its start position.
    #[command(after_help = examples("show"))]
    Show {
        /// A built-in ruleset id or a path to a .toml file (at most 1 MiB).
        ruleset: String,
        /// Set a ruleset parameter (`--param size=10`).
        #[arg(long = "param", value_name = "NAME=VALUE", value_parser = hetproba_play::record::parse_param)]
        params: Vec<(String, i64)>,
        /// Print JSON: {id, name, extends, source, summary, params, players, first, board, cells,
        /// pieces, rules, notation, interpretations, start, text} (docs/language.md).
        #[arg(long)]
        json: bool,
        /// The name, summary, players and pieces in this language where the ruleset gives them
        /// (`[lang.CODE]`: `--lang hu`); the rules' words stay English.
        #[arg(long, value_name = "CODE", value_parser = lang_code)]
        lang: Option<String>,
    },
    /// Check ruleset files and run the tests embedded in them.
    #[command(after_help = examples("check"))]
    Check {
        /// Built-in ids or paths to .toml files (each at most 1 MiB).
        rulesets: Vec<String>,
        /// Check every built-in ruleset.
        #[arg(long)]
        all: bool,
        /// Print JSON: {ok, rulesets: [{target, ok, file, id, cells, piece_types, move_rules,
        /// end_rules, tests_passed, perft_leaves, errors: [{file, line, column, message}], notes}]}.
        /// Problems still go to standard error, and a failure exits with 1.
        #[arg(long)]
        json: bool,
    },
    /// List the legal moves of a position, written as `play` reads them.
    #[command(after_help = examples_and_notation("moves"))]
    Moves {
        #[command(flatten)]
        setup: Setup,
        /// Print JSON: a list of {notation, from, to, path, captures, flips}.
        #[arg(long)]
        json: bool,
    },
    /// Count the move tree to a depth (perft). On a terminal it prints the depth, the nodes and
    /// the time; piped, the line `nodes N` (after the --divide lines) that tools read.
    #[command(after_help = examples("perft"))]
    Perft {
        #[command(flatten)]
        setup: Setup,
        /// Depth in plies, 0 to 64.
        #[arg(value_parser = bounds::integer(0u32, bounds::MAX_DEPTH), allow_negative_numbers = true)]
        depth: u32,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Print JSON: {ruleset, depth, nodes, divide?, seconds}.
        #[arg(long)]
        json: bool,
        /// Threads for the root split, 1 to 256 (default: all cores; 1: single-threaded).
        #[arg(long, value_parser = bounds::integer(1usize, bounds::MAX_THREADS), allow_hyphen_values = true)]
        threads: Option<usize>,
        /// How captures that take the same pieces along different paths count: once (moves,
        /// the legal moves a player chooses from) or once per order and direction of the pieces
        /// taken (paths).
        #[arg(long, value_enum, default_value_t = CountArg::Moves)]
        count: CountArg,
    },
    /// Play a game in the terminal.
    ///
    /// On a terminal: the board in colour (plain when NO_COLOR is set), the last move marked, the
    /// moves beside the board, both clocks counting down, and what the computer is doing while it
    /// thinks (playouts so far, per second, its best move so far); numbered boards show their
    /// square numbers. Piped, the board is printed after every move and moves are read line by
    /// line.
    ///
    /// Type a move in the game's notation (`d3`, `32-28`, `c3:e5:c7`, `Nf3`, `e2e4`), or:
    ///   ?      list the legal moves (also `moves`, `help`)
    ///   hint   ask the engine for a move
    ///   undo   take back your last move and the computer's reply (between humans, the last move)
    ///   quit   stop; the record is already saved (Ctrl-C on a terminal too)
    #[command(verbatim_doc_comment, after_help = examples_and_notation("play"))]
    Play(play::PlayArgs),
    /// Play many games between two computer players; one JSON line per game, for `stats`.
    #[command(after_help = examples("selfplay"))]
    Selfplay(selfplay::SelfplayArgs),
    /// Statistics of selfplay games: results by seat and player with 95% intervals, draws by
    /// reason, game length, branching, and balance, drawishness, decisiveness, duration and lead
    /// changes.
    #[command(after_help = examples("stats"))]
    Stats {
        /// Files written by selfplay, each at most 1 GiB (the shards of one run merge).
        #[arg(required = true)]
        files: Vec<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Draw SVG charts into this directory.
        #[arg(long, value_name = "DIR")]
        plot: Option<String>,
    },
    /// Compare two rulesets: the rules that differ, perft side by side, and a position where
    /// their legal moves differ.
    #[command(after_help = examples("compare"))]
    Compare {
        /// The first ruleset (built-in id or .toml path, at most 1 MiB).
        a: String,
        /// The second ruleset.
        b: String,
        /// The deepest perft depth to compare, 1 to 64.
        #[arg(long, default_value_t = 8, value_parser = bounds::integer(1u32, bounds::MAX_DEPTH), allow_hyphen_values = true)]
        depth: u32,
        /// Time budget in seconds, above 0 and at most 86400 (24 h); the report says what was
        /// found within it.
        #[arg(long, default_value_t = 20.0, value_parser = bounds::seconds, allow_hyphen_values = true)]
        time: f64,
        /// Also play this many random games of each ruleset (0 to 100000) and compare them: the
        /// statistics side by side, and how often the legal moves of a position reached differ
        /// under the other ruleset.
        #[arg(long, default_value_t = 0, value_parser = bounds::integer(0u64, bounds::MAX_COMPARE_GAMES), allow_hyphen_values = true)]
        play: u64,
        /// Seed for the games of --play (0 to 2^64 - 1).
        #[arg(long, default_value_t = 1, value_parser = bounds::integer(0u64, u64::MAX), allow_hyphen_values = true)]
        seed: u64,
        /// Print JSON: {a, b, rules_differ: [{aspect, key, a, b}], same_start, perft: [{depth, a,
        /// b}], first_difference, witness: {line, position, to_move, only_a, only_b}, text}.
        #[arg(long)]
        json: bool,
    },
    /// Check a recorded game move by move and print its final position and result.
    #[command(after_help = examples("replay"))]
    Replay {
        /// A game record written by `play --record` (at most 16 MiB).
        file: String,
        /// The ruleset to check it against (default: the record's own Ruleset tag).
        #[arg(long)]
        ruleset: Option<String>,
        /// Print JSON: {file, ruleset, moves, position, to_move, result, winner, reason}. An
        /// illegal move is still an error on standard error, with exit status 1.
        #[arg(long)]
        json: bool,
    },
    /// The standings of a championship from its duel results (base points, trophies, limits),
    /// or a championship simulated with computer players.
    #[command(after_help = examples("championship"))]
    Championship(championship::ChampionshipArgs),
    /// Speak the Universal Chess Interface on standard input and output, for the GUIs and
    /// referees that speak it (cutechess-cli, python-chess); the alpha-beta player thinks.
    #[command(after_help = examples("uci"))]
    Uci {
        /// A built-in ruleset id or a .toml path (default: the first built-in whose positions are
        /// FEN and whose moves are SAN, as UCI's are, and which is no variant of another such).
        ruleset: Option<String>,
        /// Set a ruleset parameter (`--param size=10`); `setoption` sets them too.
        #[arg(long = "param", value_name = "NAME=VALUE", value_parser = hetproba_play::record::parse_param)]
        params: Vec<(String, i64)>,
    },
    /// Speak Scan's Hub protocol on standard input and output, for the GUIs and referees that
    /// speak it (pydraughts, Hub); the alpha-beta player thinks.
    #[command(after_help = examples("hub"))]
    Hub {
        /// A built-in ruleset id or a .toml path whose positions are PDN (default: the built-in
        /// that introduces PDN GameType 20, the game Hub itself plays; not a variant that
        /// inherits the GameType).
        ruleset: Option<String>,
        /// Set a ruleset parameter (`--param size=10`).
        #[arg(long = "param", value_name = "NAME=VALUE", value_parser = hetproba_play::record::parse_param)]
        params: Vec<(String, i64)>,
    },
    /// Serve the web board (built by `cargo xtask web`) to browsers on this machine and the
    /// local network.
    #[command(after_help = examples("serve"))]
    Serve(serve::ServeArgs),
}

/// The ruleset a protocol speaks when none is named: the first built-in that `fits` and
/// whose parent (the ruleset it extends) does not. A variant inherits what it does not change,
/// so the game that introduces a notation is the one meant, not a variant sorted before it (a
/// losing variant inherits its parent's PDN GameType).
fn default_ruleset(fits: impl Fn(&hetproba_rules::Ruleset) -> bool, what: &str) -> Result<String, CliError> {
    let load = |id: &str| hetproba_rules::load_builtin(id, &[]).and_then(Result::ok);
    let introduces = |r: &hetproba_rules::Ruleset| fits(r) && !r.extends.as_deref().and_then(load).is_some_and(|parent| fits(&parent));
    hetproba_rules::builtin_ids()
        .find(|id| load(id).is_some_and(|r| introduces(&r)))
        .map(str::to_string)
        .ok_or_else(|| CliError::usage(format!("no built-in ruleset {what}; name one")))
}

/// The PDN GameType of the game Hub engines play unless told otherwise (the PDN standard's
/// number; the ruleset that declares it is data).
const HUB_GAME_TYPE: &str = "20";

fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::List { json, lang } => info::list(json, lang.as_deref()),
        Command::Show { ruleset, params, json, lang } => info::show(&ruleset, &params, json, lang.as_deref()),
        Command::Check { rulesets, all, json } => info::check(&rulesets, all, json),
        Command::Moves { setup, json } => analyse::moves(&setup, json),
        Command::Perft { setup, depth, divide, json, threads, count } => analyse::perft(&setup, depth, divide, json, threads, count.into()),
        Command::Play(args) => play::play(&args),
        Command::Selfplay(args) => selfplay::selfplay(&args),
        Command::Stats { files, json, plot } => stats::stats(&files, json, plot.as_deref()),
        Command::Replay { file, ruleset, json } => replay::replay(&file, ruleset.as_deref(), json),
        Command::Compare { a, b, depth, time, play, seed, json } => compare::compare(&a, &b, depth, time, play, seed, json),
        Command::Championship(args) => championship::championship(&args),
        Command::Uci { ruleset, params } => {
            let fen = |r: &hetproba_rules::Ruleset| r.notation.san && r.notation.position == hetproba_rules::model::PositionNotation::Fen;
            let ruleset = match ruleset {
                Some(r) => r,
                None => default_ruleset(fen, "writes FEN and SAN")?,
            };
            protocols::uci(&ruleset, &params)
        }
        Command::Hub { ruleset, params } => {
            let hub = |r: &hetproba_rules::Ruleset| r.notation.game_type.as_deref() == Some(HUB_GAME_TYPE);
            let ruleset = match ruleset {
                Some(r) => r,
                None => default_ruleset(hub, "has PDN GameType 20")?,
            };
            protocols::hub(&ruleset, &params)
        }
        Command::Serve(args) => serve::serve(&args),
    }
}

fn main() -> ExitCode {
    files::interrupt::install();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            let status = if err.use_stderr() { 2 } else { 0 };
            // clap quotes the argument it refuses as typed: one with control or bidirectional
            // characters is shown escaped, without clap's colours.
            let plain = err.render().to_string();
            if plain.chars().any(|c| hetproba_rules::text::is_hidden(c) && c != '\n') {
                errln!("{}", hetproba_rules::text::escape(plain.trim_end()).replace("\\u{a}", "\n"));
            } else if let Err(e) = err.print().and_then(|()| std::io::Write::flush(&mut std::io::stdout())) {
                // `--help` and `--version` go to standard output; one that cannot be written
                // (a full disk) is a failure like any other command's.
                if !err.use_stderr() {
                    errln!("error: cannot write to standard output: {e}");
                    return ExitCode::from(1);
                }
            }
            return ExitCode::from(status);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            if !err.message.is_empty() {
                errln!("error: {}", err.message);
            }
            ExitCode::from(err.status)
        }
    }
}
