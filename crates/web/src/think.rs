//! The computer's move, worked out in a Web Worker: the page sends the game (its ruleset, start
//! and moves) and the agent as JSON, the worker rebuilds the game and asks the agent, telling
//! the page its progress as it thinks.

use crate::table::{Source, Table};
use hetproba_ai::{Agent, Budget, MctsAgent, Progress, RandomAgent, Think, Timer};
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;
use std::time::Duration;

#[derive(Serialize, Deserialize)]
pub struct Request {
    /// `{"builtin": ID}` or `{"name": ..., "text": ...}`.
    pub source: serde_json::Value,
    pub start: String,
    pub moves: Vec<String>,
    pub agent: String,
    pub seed: u64,
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

pub fn source_json(source: &Source) -> String {
    match source {
        Source::Builtin(id) => serde_json::json!({ "builtin": id }).to_string(),
        Source::Text { name, text } => serde_json::json!({ "name": name, "text": text }).to_string(),
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

/// The request for the position the table shows.
pub fn request(table: &Table, agent: &str, seed: u64) -> String {
    let view = table.state().view;
    let request = Request {
        source: serde_json::from_str(&source_json(&table.source)).unwrap_or_default(),
        start: table.start_text(),
        moves: table.names()[..view].to_vec(),
        agent: agent.to_string(),
        seed,
    };
    serde_json::to_string(&request).unwrap_or_default()
}

/// The players offered besides `human` (any other spec may be typed).
pub const AGENTS: [&str; 5] = ["random", "mcts:200", "mcts:1000", "mcts:1s", "mcts:5s"];

/// An agent from its spec: `random`, `mcts` (1000 playouts), `mcts:N` playouts or `mcts:TIME`.
// Until the play crate's player registry is on main; then its AgentSpec replaces this.
fn agent(spec: &str, seed: u64) -> Result<Box<dyn Agent>, String> {
    match spec.split_once(':') {
        None if spec == "random" => Ok(Box::new(RandomAgent::new(seed))),
        None if spec == "mcts" => Ok(Box::new(MctsAgent::new(Budget::Playouts(1000), seed))),
        Some(("mcts", n)) => {
            let budget = match n.parse::<u32>() {
                Ok(n) if (1..=1_000_000).contains(&n) => Budget::Playouts(n),
                _ => Budget::Time(Duration::from_millis(hetproba_engine::rules::parse_duration(n, 3_600_000)?.max(1))),
            };
            Ok(Box::new(MctsAgent::new(budget, seed)))
        }
        _ => Err(format!("unknown player '{spec}'; expected random, mcts, mcts:N or mcts:TIME")),
    }
}

/// Rebuilds the game of a request and lets its agent choose, reporting progress at most every
/// 100 ms.
pub fn think(request: &str, timer: &dyn Timer, progress: &dyn Fn(&Report)) -> Result<Answer, String> {
    let request: Request = serde_json::from_str(request).map_err(|e| format!("bad request: {e}"))?;
    let mut table = Table::new(source_of(&request.source)?).map_err(|r| r.to_string())?;
    table.set_position(&request.start)?;
    for name in &request.moves {
        table.play_text(name)?;
    }
    let mut agent = agent(&request.agent, request.seed)?;
    let session = table.session();
    if session.outcome().is_some() {
        return Err("the game is over".into());
    }
    let game = table.game();
    let pos = session.position().clone();
    let start = timer.now();
    let mut last_report = Duration::ZERO;
    let mut playouts = 0;
    let mut observe = |p: &Progress| {
        playouts = p.playouts;
        if p.elapsed >= last_report + Duration::from_millis(100) {
            last_report = p.elapsed;
            progress(&Report { playouts: p.playouts, ms: p.elapsed.as_millis() as u64, best: game.move_name(&pos, p.best) });
        }
        ControlFlow::Continue(())
    };
    let mv = {
        let mut think = Think::observed(timer, &mut observe);
        agent.choose(&session, &mut think)
    };
    let ms = (timer.now() - start).as_millis() as u64;
    Ok(Answer { mv: game.move_name(session.position(), mv), playouts, ms })
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetproba_ai::StepTimer;

    #[test]
    fn a_worker_plays_a_legal_reply_to_the_moves_so_far() {
        let mut table = Table::new(Source::Builtin("reversi".into())).unwrap();
        table.play_text("d3").unwrap();
        let request = request(&table, "mcts:200", 7);
        let timer = StepTimer::new(Duration::from_micros(10));
        let reports = std::cell::Cell::new(0);
        let answer = think(&request, &timer, &|_| reports.set(reports.get() + 1)).unwrap();
        table.play_text(&answer.mv).unwrap();
        assert_eq!(answer.playouts, 200);
    }

    #[test]
    fn an_unknown_agent_is_refused_by_name() {
        let table = Table::new(Source::Builtin("reversi".into())).unwrap();
        let timer = StepTimer::new(Duration::ZERO);
        let err = think(&request(&table, "wizard", 1), &timer, &|_| {}).err().unwrap();
        assert!(err.contains("'wizard'"), "{err}");
    }
}
