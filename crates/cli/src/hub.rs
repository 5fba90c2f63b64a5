//! `hetproba hub [RULESET]`: the Hub protocol of Scan 3 on standard input and output, for
//! draughts GUIs and referees (pydraughts' HubEngine, Hub itself), with the alpha-beta agent
//! thinking. Any ruleset whose positions are PDN plays through it.
//!
//! Squares are numbered as Hub numbers them: the playable cells from the top row (the second
//! player's side) down, left to right, 1 to N; a position is the side to move (`W`, `B`) and a
//! letter per square (`w`, `b` a man, `W`, `B` a king, `e` empty); a move is `32-28`, or a
//! capture `28x19x23` (start, end, then the captured squares).
//!
//! Commands: `hub` (answered by `id`, `param` lines and `wait`), `init` (`ready`), `ping`
//! (`pong`), `set-param name=hash value=64`, `new-game`, `pos pos=... moves="..."`, `level
//! time=S inc=S | move-time=S | depth=N | nodes=N`, `go think|ponder|analyze`, `stop`,
//! `quit`. While it thinks the engine writes `info depth=... score=... nodes=... time=...
//! nps=... pv="..."`, and its move as `done move=...`.

use crate::background::{Ask, Background};
use crate::load::load_ruleset;
use crate::{CliError, outln};
use hetproba_ai::{AlphaBetaAgent, DEFAULT_HASH_MB, Limit, MAX_HASH_MB, Progress, Score, TimeLeft};
use hetproba_engine::board::CellId;
use hetproba_engine::rules::model::{PlayerId, PositionNotation};
use hetproba_engine::{Game, Move, Position, Session};
use hetproba_play::position::{new_session, session_after};
use std::io::BufRead;
use std::time::Duration;

/// Runs the protocol until `quit` or the end of the input.
pub fn hub(ruleset: &str, params: &[(String, i64)]) -> Result<(), CliError> {
    let game = Game::new(load_ruleset(ruleset, params)?);
    let PositionNotation::Pdn { .. } = game.rules().notation.position else {
        return Err(CliError::failure(format!(
            "'{}' does not write its positions in PDN; the Hub protocol is for draughts",
            game.rules().id
        )));
    };
    let squares = hub_squares(&game);
    let hub = Hub { game: &game, squares };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut session = new_session(&game);
    let mut ask = Ask { limit: Limit::Time(Duration::from_secs(1)), clock: None, hold: false };
    std::thread::scope(|scope| {
        let mut engine = Background::new(scope, AlphaBetaAgent::new(Limit::Infinite, 1));
        while let Some(Ok(line)) = lines.next() {
            let (command, args) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
            let args = pairs(args);
            let arg = |key: &str| args.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
            match command {
                "" => {}
                "hub" => {
                    outln!("id name=hetproba version={} author=\"the hetproba authors\"", env!("CARGO_PKG_VERSION"));
                    outln!("param name=hash value={DEFAULT_HASH_MB} type=int min=1 max={MAX_HASH_MB}");
                    outln!("wait");
                }
                "init" => outln!("ready"),
                "ping" => outln!("pong"),
                "new-game" => {
                    engine.stop_and_wait();
                    engine.agent.lock().unwrap_or_else(|p| p.into_inner()).clear();
                }
                "set-param" => match (arg("name"), arg("value").and_then(|v| v.parse::<usize>().ok())) {
                    (Some("hash"), Some(mb)) if (1..=MAX_HASH_MB).contains(&mb) => {
                        engine.stop_and_wait();
                        engine.agent.lock().unwrap_or_else(|p| p.into_inner()).set_hash(mb);
                    }
                    _ => say(&format!("unknown parameter or bad value: {line}")),
                },
                "pos" => {
                    engine.stop_and_wait();
                    match hub.position(arg("pos"), arg("moves").unwrap_or("")) {
                        Ok(s) => session = s,
                        Err(why) => say(&why),
                    }
                }
                "level" => ask = level(&args, ask),
                "go" => {
                    let infinite = args.iter().any(|(k, _)| k == "ponder" || k == "analyze");
                    let this = if infinite { Ask { limit: Limit::Infinite, clock: None, hold: true } } else { ask };
                    let start = session.position().clone();
                    let hub = &hub;
                    engine.start(
                        session.clone(),
                        this,
                        move |p: &Progress| {
                            if p.fresh {
                                outln!("{}", hub.info_line(&start, p));
                            }
                        },
                        move |mv: Option<Move>, _: &Session| match mv {
                            Some(mv) => outln!("done move={}", hub.move_text(mv)),
                            None => outln!("done"),
                        },
                    );
                }
                "stop" => engine.stop_and_wait(),
                "ponder-hit" => {}
                "quit" => {
                    engine.stop_and_wait();
                    return;
                }
                other => say(&format!("unknown command '{other}'")),
            }
        }
        engine.finish();
    });
    Ok(())
}

/// An error, for the GUI's log and for a person reading standard error.
fn say(why: &str) {
    outln!("error message=\"{}\"", why.replace('"', "'"));
    eprintln!("error: {why}");
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
    let seconds = |key: &str| {
        args.iter().find(|(k, _)| k == key).and_then(|(_, v)| v.parse::<f64>().ok()).map(|s| Duration::from_secs_f64(s.clamp(0.0, 1e7)))
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

struct Hub<'g> {
    game: &'g Game,
    /// Hub's square `n` is `squares[n - 1]`.
    squares: Vec<CellId>,
}

impl<'g> Hub<'g> {
    fn number(&self, cell: CellId) -> usize {
        self.squares.iter().position(|&c| c == cell).map_or(0, |i| i + 1)
    }

    fn cell(&self, text: &str) -> Result<CellId, String> {
        text.parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| self.squares.get(i).copied())
            .ok_or_else(|| format!("'{text}' is not a square from 1 to {}", self.squares.len()))
    }

    /// The player a Hub side letter names: the player whose short name it is.
    fn player(&self, letter: char) -> Option<PlayerId> {
        self.game.rules().player_index(&letter.to_string())
    }

    /// `pos=W...` and the moves after it: the position as PDN FEN in the ruleset's own names,
    /// read as the ruleset reads it.
    fn position(&self, pos: Option<&str>, moves: &str) -> Result<Session<'g>, String> {
        let game = self.game;
        let start = match pos {
            None => None,
            Some(text) => {
                let mut chars = text.chars();
                let side = chars.next().and_then(|c| self.player(c)).ok_or_else(|| format!("'{text}' does not start with W or B"))?;
                let letters: Vec<char> = chars.collect();
                if letters.len() != self.squares.len() {
                    return Err(format!("a position has {} squares here, not {}", self.squares.len(), letters.len()));
                }
                let mut lists: [Vec<String>; 2] = Default::default();
                for (i, &letter) in letters.iter().enumerate() {
                    if letter == 'e' {
                        continue;
                    }
                    let owner = self.player(letter.to_ascii_uppercase()).ok_or_else(|| format!("'{letter}' is not w, b, W, B or e"))?;
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
        session_after(game, start.as_deref(), moves.split_whitespace(), |pos, word| self.parse_move(pos, word))
            .map_err(|e| e.replace(&format!("'{}'", start.as_deref().unwrap_or_default()), &format!("'{}'", pos.unwrap_or_default())))
    }

    /// `32-28` or `28x19x23`: start, end and the captured squares in any order.
    fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, String> {
        let capture = text.contains('x');
        let cells: Vec<CellId> = text.split(['-', 'x']).map(|t| self.cell(t)).collect::<Result<_, _>>()?;
        let [from, to, captured @ ..] = cells.as_slice() else { return Err(format!("'{text}' is not a move such as 32-28 or 28x19x23")) };
        let mut captured = captured.to_vec();
        captured.sort();
        self.game
            .legal_moves(pos)
            .into_iter()
            .find(|m| {
                let mut taken: Vec<CellId> = m.captured_cells().collect();
                taken.sort();
                m.from == *from && m.to == *to && m.is_capture() == capture && (captured.is_empty() || taken == captured)
            })
            .ok_or_else(|| format!("'{text}' is not a legal move here"))
    }

    fn move_text(&self, mv: Move) -> String {
        if !mv.is_capture() {
            return format!("{}-{}", self.number(mv.from), self.number(mv.to));
        }
        let mut taken: Vec<usize> = mv.captured_cells().map(|c| self.number(c)).collect();
        taken.sort_unstable();
        let mut parts = vec![self.number(mv.from), self.number(mv.to)];
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
        let mut pos = start.clone();
        let mut pv = Vec::new();
        for &mv in &p.pv {
            if !self.game.legal_moves(&pos).contains(&mv) {
                break;
            }
            pv.push(self.move_text(mv));
            self.game.make(&mut pos, mv);
        }
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
