//! The computer's move, worked out in a Web Worker: the page sends its game as the record
//! `play` would write (the players, the seed and the clock in its tags), with the ruleset and
//! the time left; the worker replays it into a [`Match`] of its own, which thinks (or finds a
//! hint), telling the page its progress as it goes. The page's match then plays the move and
//! charges its clock.
//!
//! A computer's move depends on the game's seed and the number of plies played (each request
//! builds its players afresh, seeded from both), so a game replays the same from its record.

use crate::table::{Source, Table};
use hetproba_ai::{Progress, Score, Think, Timer};
use hetproba_engine::Game;
use hetproba_engine::rules::model::PlayerId;
use hetproba_engine::rules::parse_clock;
use hetproba_play::record::{self, Record, player_tag};
use hetproba_play::{AgentSpec, Clocks, Match};
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;
use std::time::Duration;

#[derive(Serialize, Deserialize)]
pub struct Request {
    /// `{"builtin": ID}` or `{"name": ..., "text": ...}`.
    pub source: serde_json::Value,
    pub params: Vec<(String, i64)>,
    /// The game so far, as its record.
    pub record: String,
    /// Each player's time left when the turn began, in milliseconds, under a clock.
    pub left_ms: Option<[u64; 2]>,
    /// A hint for the person to move, rather than the computer's move.
    pub hint: bool,
}

/// The progress the page shows while an agent thinks.
#[derive(Serialize)]
pub struct Report {
    pub playouts: u32,
    pub ms: u64,
    /// The move the search would play now, in the game's notation.
    pub best: String,
}

#[derive(Serialize)]
pub struct Answer {
    #[serde(rename = "move")]
    pub mv: String,
    pub playouts: u32,
    pub ms: u64,
}

pub fn source_json(source: &Source) -> serde_json::Value {
    match source {
        Source::Builtin(id) => serde_json::json!({ "builtin": id }),
        Source::Text { name, text } => serde_json::json!({ "name": name, "text": text }),
    }
}

fn source_of(value: &serde_json::Value) -> Result<Source, String> {
    if let Some(id) = value.get("builtin").and_then(|v| v.as_str()) {
        return Ok(Source::Builtin(id.to_string()));
    }
    match (value.get("name").and_then(|v| v.as_str()), value.get("text").and_then(|v| v.as_str())) {
        (Some(name), Some(text)) => Ok(Source::Text { name: name.to_string(), text: text.to_string() }),
        _ => Err("a request names no ruleset".into()),
    }
}

/// The request for the game on the table: the computer's move, or a hint.
pub fn request(table: &Table, hint: bool) -> String {
    let m = table.game_match();
    let request = Request {
        source: source_json(&table.source),
        params: table.params().to_vec(),
        record: table.record_text(),
        left_ms: m.clocks().map(Clocks::left_ms),
        hint,
    };
    serde_json::to_string(&request).unwrap_or_default()
}

/// The seed of the players at a ply: the game's seed, moved on by the plies played.
fn seed_at(seed: u64, plies: usize) -> u64 {
    seed ^ (plies as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Rebuilds the game of a request and lets the computer to move choose (or finds a hint),
/// reporting its progress at once and then at most every 100 ms.
pub fn think(request: &str, timer: &dyn Timer, progress: &dyn Fn(&Report)) -> Result<Answer, String> {
    let request: Request = serde_json::from_str(request).map_err(|e| format!("bad request: {e}"))?;
    let game = Game::new(source_of(&request.source)?.load(&request.params).map_err(|r| r.to_string())?);
    let name = "the page's game";
    let record = Record::parse(name, &request.record).map_err(|e| e.to_string())?;
    let replayed = record::replay(&game, &record, name).map_err(|e| e.to_string())?;
    let player = |side| {
        let tag = player_tag(&game, side);
        AgentSpec::parse(record.tag(&tag).unwrap_or("human")).map_err(|e| format!("{name}: [{tag}]: {e}"))
    };
    let players = [player(PlayerId::FIRST)?, player(PlayerId::SECOND)?];
    let seed = record.tag("Seed").and_then(|s| s.parse().ok()).unwrap_or(0);
    let plies = replayed.moves.len();
    let pos = replayed.session.position().clone();
    let mut m = Match::new(replayed.start, &replayed.moves, players, seed_at(seed, plies), timer);
    if let (Some(control), Some(left)) = (record.tag("TimeControl"), request.left_ms) {
        m = m.with_clocks(Clocks::with_left(parse_clock(control)?, left));
    }
    let start = timer.now();
    let mut last_report: Option<Duration> = None;
    let mut playouts = 0;
    let mut observe = |p: &Progress| {
        // Positions for alpha-beta, playouts for MCTS: the work done so far.
        playouts = u32::try_from(p.nodes).unwrap_or(u32::MAX);
        if last_report.is_none_or(|last| p.elapsed >= last + Duration::from_millis(100)) {
            last_report = Some(p.elapsed);
            progress(&Report { playouts, ms: p.elapsed.as_millis() as u64, best: game.move_name(&pos, p.best) });
        }
        ControlFlow::Continue(())
    };
    let mv = if request.hint { m.hint(&mut observe) } else { m.think(Some(&mut observe)) };
    let mv = mv.ok_or(if m.to_move().is_none() { "the game is over" } else { "a person is to move" })?;
    let ms = (timer.now() - start).as_millis() as u64;
    Ok(Answer { mv: game.move_name(&pos, mv), playouts, ms })
}

/// What the analysis board shows of a position: the search's depth, its score from the first
/// player's side (points of the ruleset's `[eval]`, 100 about a piece of value 1; a win found is
/// `mate` plies, positive when the first player wins), and the line it expects.
#[derive(Serialize, Debug, PartialEq)]
pub struct Analysis {
    pub depth: u32,
    pub points: Option<i32>,
    pub mate: Option<i32>,
    pub line: Vec<String>,
    pub ms: u64,
}

/// The position after the first `plies` moves of a request's game, searched by alpha-beta for
/// `ms` milliseconds; `progress` is told each deeper result.
pub fn analyse(request: &str, plies: usize, ms: u32, timer: &dyn Timer, progress: &dyn Fn(&Analysis)) -> Result<Analysis, String> {
    let request: Request = serde_json::from_str(request).map_err(|e| format!("bad request: {e}"))?;
    let game = Game::new(source_of(&request.source)?.load(&request.params).map_err(|r| r.to_string())?);
    let name = "the page's game";
    let record = Record::parse(name, &request.record).map_err(|e| e.to_string())?;
    let replayed = record::replay(&game, &record, name).map_err(|e| e.to_string())?;
    let mut session = replayed.start.clone();
    for &mv in replayed.moves.iter().take(plies) {
        session.play_unchecked(mv);
    }
    if session.outcome().is_some() || game.legal_moves(session.position()).is_empty() {
        return Ok(Analysis { depth: 0, points: None, mate: None, line: Vec::new(), ms: 0 });
    }
    let spec = AgentSpec::parse(&format!("alphabeta:{}ms", ms.clamp(1, 60_000))).map_err(|e| e.to_string())?;
    let mut agent = spec.agent(0).ok_or("no analysing player")?;
    let first = session.position().side() == PlayerId::FIRST;
    let pos = session.position().clone();
    let start = timer.now();
    let mut last: Option<Analysis> = None;
    let mut observe = |p: &Progress| {
        if p.fresh {
            let a = analysis_of(&game, &pos, p, first);
            progress(&a);
            last = Some(a);
        }
        ControlFlow::Continue(())
    };
    let best = agent.choose(&session, &mut Think::observed(timer, &mut observe));
    let ms = u64::try_from((timer.now() - start).as_millis()).unwrap_or(u64::MAX);
    Ok(match last {
        Some(a) => Analysis { ms, ..a },
        None => Analysis { depth: 0, points: None, mate: None, line: vec![game.move_name(&pos, best)], ms },
    })
}

fn analysis_of(game: &Game, pos: &hetproba_engine::Position, p: &Progress, first: bool) -> Analysis {
    let sign = if first { 1 } else { -1 };
    let plies = |n: u32| i32::try_from(n).unwrap_or(i32::MAX);
    let (points, mate) = match p.score {
        Score::Points(v) => (Some(v * sign), None),
        Score::Win(n) => (None, Some(plies(n) * sign)),
        Score::Loss(n) => (None, Some(-plies(n) * sign)),
    };
    let mut at = pos.clone();
    let mut line = Vec::new();
    for &mv in p.pv.iter().take(8) {
        if !game.legal_moves(&at).contains(&mv) {
            break;
        }
        line.push(game.move_name(&at, mv));
        game.make(&mut at, mv);
    }
    Analysis { depth: p.depth, points, mate, line, ms: u64::try_from(p.elapsed.as_millis()).unwrap_or(u64::MAX) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetproba_ai::StepTimer;

    fn timer() -> &'static StepTimer {
        Box::leak(Box::new(StepTimer::new(Duration::from_micros(10))))
    }

    /// Runners sliding ahead on 4x4 (tests/fixtures/racing.toml): a game with room to think.
    fn racing() -> Table {
        let text = crate::fixtures::RACING;
        Table::new(Source::Text { name: "racing.toml".into(), text: text.into() }, Vec::new(), 7, timer()).unwrap()
    }

    #[test]
    fn a_worker_plays_the_computers_reply_and_the_same_game_gets_the_same_reply() {
        let mut table = racing();
        table.set_player(PlayerId::SECOND, "mcts:200").unwrap();
        table.play_text("a1-a2").unwrap();
        let request = request(&table, false);
        let reports = std::cell::Cell::new(0);
        let answer = think(&request, timer(), &|_| reports.set(reports.get() + 1)).unwrap();
        assert_eq!(answer.playouts, 200);
        assert!(reports.get() > 0, "progress was reported");
        assert_eq!(think(&request, timer(), &|_| {}).unwrap().mv, answer.mv, "the seed and the plies decide");
        table.computer_move(&answer.mv).unwrap();
        assert_eq!(table.state().moves.len(), 2);
    }

    #[test]
    fn the_analysis_finds_a_win_in_one_from_the_first_players_side() {
        // Three in a row on 3x3: crosses on a1 and b1, noughts on a2 and b2.
        let text = crate::fixtures::PLACING;
        let mut table = Table::new(Source::Text { name: "placing.toml".into(), text: text.into() }, Vec::new(), 1, timer()).unwrap();
        table.set_position("3/OO1/XX1 x").unwrap();
        let reports = std::cell::Cell::new(0);
        let a = analyse(&request(&table, false), 0, 200, timer(), &|_| reports.set(reports.get() + 1)).unwrap();
        // Cross (the first player) to move wins with c1 at once.
        assert_eq!((a.mate, a.line.first().map(String::as_str)), (Some(1), Some("c1")), "{a:?}");
        assert!(reports.get() > 0);
        // Nought to move wins with c2: a win for the second player counts against the first.
        table.set_position("3/OO1/XX1 o").unwrap();
        let b = analyse(&request(&table, false), 0, 200, timer(), &|_| {}).unwrap();
        assert_eq!((b.mate, b.line.first().map(String::as_str)), (Some(-1), Some("c2")), "{b:?}");
        // After c2 the game is over: nothing to analyse.
        table.play_text("c2").unwrap();
        let over = analyse(&request(&table, false), 1, 50, timer(), &|_| {}).unwrap();
        assert_eq!((over.depth, over.line.len()), (0, 0));
    }

    #[test]
    fn a_hint_is_a_legal_move_for_the_person_to_move() {
        let mut table = racing();
        let answer = think(&request(&table, true), timer(), &|_| {}).unwrap();
        table.show_hint(&answer.mv).unwrap();
        assert!(table.svg().contains("suggested"));
        table.play_text(&answer.mv).unwrap();
        // No computer is to move: the worker says so.
        assert_eq!(think(&request(&table, false), timer(), &|_| {}).err().as_deref(), Some("a person is to move"));
    }
}
