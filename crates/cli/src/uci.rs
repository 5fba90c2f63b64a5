//! `hetproba uci [RULESET]`: the Universal Chess Interface on standard input and output, for
//! chess GUIs and referees (cutechess-cli, python-chess), with the alpha-beta agent thinking.
//! Any ruleset plays through it; positions are read in the ruleset's own notation (`position fen`
//! takes FEN for chess), moves as UCI writes them (`e2e4`, `e7e8q`) where the game's moves have a
//! start and an end, else in the game's notation.
//!
//! Commands: `uci`, `isready`, `setoption name Hash value 64` (and the ruleset's parameters),
//! `ucinewgame`, `position startpos|fen ... [moves ...]`, `go [wtime btime winc binc movestogo
//! movetime depth nodes infinite]`, `stop`, `quit`. The engine answers `info depth ... score cp
//! ... nodes ... nps ... time ... pv ...` after each iteration and `bestmove`.

use crate::background::{Ask, Background};
use crate::load::load_ruleset;
use crate::{CliError, outln};
use hetproba_ai::{AlphaBetaAgent, DEFAULT_HASH_MB, Limit, MAX_HASH_MB, Progress, Score, TimeLeft};
use hetproba_engine::rules::model::PlayerId;
use hetproba_engine::{Game, Move, Position, Session};
use hetproba_play::position::{new_session, session_after};
use std::io::BufRead;
use std::time::Duration;

/// Runs the protocol until `quit` or the end of the input.
pub fn uci(ruleset: &str, params: &[(String, i64)]) -> Result<(), CliError> {
    let mut params = params.to_vec();
    let mut hash = DEFAULT_HASH_MB;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    // A parameter set by `setoption` compiles the game anew, and the protocol goes on with it.
    loop {
        let game = Game::new(load_ruleset(ruleset, &params)?);
        match serve(&game, &mut lines, &mut hash)? {
            Next::Quit => return Ok(()),
            Next::Reload(name, value) => {
                params.retain(|(n, _)| *n != name);
                params.push((name, value));
            }
        }
    }
}

enum Next {
    Quit,
    Reload(String, i64),
}

fn serve(game: &Game, lines: &mut impl Iterator<Item = std::io::Result<String>>, hash: &mut usize) -> Result<Next, CliError> {
    let mut session = new_session(game);
    std::thread::scope(|scope| {
        let mut engine = Background::new(scope, AlphaBetaAgent::with_hash(Limit::Infinite, 1, *hash));
        let next = loop {
            let Some(Ok(line)) = lines.next() else {
                engine.finish();
                break Next::Quit;
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.first().copied() {
                None => {}
                Some("uci") => {
                    outln!("id name hetproba {} ({})", env!("CARGO_PKG_VERSION"), game.rules().id);
                    outln!("id author the hetproba authors");
                    outln!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}");
                    for (name, value) in &game.rules().params {
                        outln!("option name {name} type spin default {value} min -1000000 max 1000000");
                    }
                    outln!("uciok");
                }
                Some("isready") => outln!("readyok"),
                Some("debug" | "register" | "ponderhit") => {}
                Some("setoption") => match set_option(game, &words) {
                    Ok(Some(Setting::Hash(mb))) => {
                        engine.stop_and_wait();
                        *hash = mb;
                        engine.agent.lock().unwrap_or_else(|p| p.into_inner()).set_hash(mb);
                    }
                    Ok(Some(Setting::Param(name, value))) => {
                        engine.stop_and_wait();
                        break Next::Reload(name, value);
                    }
                    Ok(None) => {}
                    Err(why) => say(&why),
                },
                Some("ucinewgame") => {
                    engine.stop_and_wait();
                    engine.agent.lock().unwrap_or_else(|p| p.into_inner()).clear();
                    session = new_session(game);
                }
                Some("position") => {
                    engine.stop_and_wait();
                    match position(game, &words[1..]) {
                        Ok(s) => session = s,
                        Err(why) => say(&why),
                    }
                }
                Some("go") => {
                    let ask = go(&words[1..], session.position().side());
                    let start = session.position().clone();
                    let start_for_done = start.clone();
                    engine.start(
                        session.clone(),
                        ask,
                        move |p: &Progress| {
                            if p.fresh {
                                outln!("{}", info_line(game, &start, p));
                            }
                        },
                        move |mv: Option<Move>, _: &Session| match mv {
                            Some(mv) => outln!("bestmove {}", uci_move(game, &start_for_done, mv)),
                            None => outln!("bestmove 0000"),
                        },
                    );
                }
                Some("stop") => engine.stop_and_wait(),
                Some("quit") => break Next::Quit,
                Some(other) => say(&format!("unknown command '{other}'")),
            }
        };
        engine.stop_and_wait();
        Ok(next)
    })
}

/// A message for the GUI's log (UCI has no error reply), and for a person reading standard error.
fn say(why: &str) {
    outln!("info string {why}");
    eprintln!("error: {why}");
}

enum Setting {
    Hash(usize),
    Param(String, i64),
}

/// `setoption name NAME value VALUE`.
fn set_option(game: &Game, words: &[&str]) -> Result<Option<Setting>, String> {
    let name_at = words.iter().position(|w| *w == "name").ok_or("setoption needs a name")?;
    let value_at = words.iter().position(|w| *w == "value");
    let name = words[name_at + 1..value_at.unwrap_or(words.len())].join(" ");
    let value = value_at.map(|v| words[v + 1..].join(" ")).unwrap_or_default();
    if name.eq_ignore_ascii_case("hash") {
        return match value.parse::<usize>() {
            Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => Ok(Some(Setting::Hash(mb))),
            _ => Err(format!("Hash is from 1 to {MAX_HASH_MB} MiB, not '{value}'")),
        };
    }
    if let Some((param, _)) = game.rules().params.iter().find(|(p, _)| p.eq_ignore_ascii_case(&name)) {
        return match value.parse::<i64>() {
            Ok(v) => Ok(Some(Setting::Param(param.clone(), v))),
            Err(_) => Err(format!("{param} takes an integer, not '{value}'")),
        };
    }
    Err(format!("no option '{name}'"))
}

/// `position startpos [moves ...]` or `position fen FEN [moves ...]` (FEN in the ruleset's own
/// position notation).
fn position<'g>(game: &'g Game, words: &[&str]) -> Result<Session<'g>, String> {
    let moves_at = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
    let start = match words.first() {
        Some(&"startpos") => None,
        Some(&"fen") => Some(words[1..moves_at].join(" ")),
        _ => return Err("position needs startpos or fen".into()),
    };
    let moves = words.get(moves_at + 1..).unwrap_or_default().iter().copied();
    session_after(game, start.as_deref(), moves, |pos, word| game.parse_move(pos, word).map_err(|e| format!("move '{word}': {e}")))
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
    if game.rules().notation.san && !mv.is_pass() && mv.from != hetproba_engine::board::NO_CELL {
        let promotion = mv.promotion().map(|t| game.rules().pieces[t.index()].letter.to_lowercase()).unwrap_or_default();
        return format!("{}{}{promotion}", board.name(mv.from), board.name(mv.to));
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
    let mut pos = start.clone();
    let mut pv = Vec::new();
    for &mv in &p.pv {
        if !game.legal_moves(&pos).contains(&mv) {
            break;
        }
        pv.push(uci_move(game, &pos, mv));
        game.make(&mut pos, mv);
    }
    format!(
        "info depth {} score {score} nodes {} nps {} time {} pv {}",
        p.depth.max(1),
        p.nodes,
        p.per_second(),
        p.elapsed.as_millis(),
        pv.join(" ")
    )
}
