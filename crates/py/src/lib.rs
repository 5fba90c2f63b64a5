//! `hetproba._native`, the compiled half of the `hetproba` Python package: a thin layer over the
//! library crates (no game logic here). The pure-Python half (`crates/py/python/hetproba`)
//! builds the data frames, the PettingZoo and OpenSpiel games and the Ray studies on it.

mod actions;
mod adapter;
mod errors;
mod load;
mod model;
mod study;

use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Every built-in ruleset, as `hetproba list --json` lists them: id, name, players, extends,
/// source, summary.
#[pyfunction]
fn list_rulesets(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    let mut out = Vec::new();
    for id in hetproba_engine::rules::builtin_ids() {
        let rules = hetproba_engine::rules::load_builtin(id, &[])
            .expect("a built-in id names a built-in")
            .map_err(|r| errors::ruleset_error(py, load::LoadError::Report(Box::new(r))))?;
        let d = PyDict::new(py);
        d.set_item("id", &rules.id)?;
        d.set_item("name", &rules.name)?;
        d.set_item("players", rules.players.iter().map(|p| p.name.clone()).collect::<Vec<_>>())?;
        d.set_item("extends", &rules.extends)?;
        d.set_item("source", &rules.source)?;
        d.set_item("summary", &rules.summary)?;
        out.push(d);
    }
    Ok(out)
}

/// Perft of a ruleset (`Ruleset`, id or path) from its start or a position: the loop runs in
/// Rust without the GIL, on `threads` threads (None: every core).
#[pyfunction]
#[pyo3(signature = (ruleset, depth, position=None, counting="moves", threads=None, params=None))]
fn perft(
    py: Python<'_>,
    ruleset: &Bound<'_, PyAny>,
    depth: u32,
    position: Option<&Bound<'_, PyAny>>,
    counting: &str,
    threads: Option<usize>,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<u64> {
    let rules = model::ruleset_arg(py, ruleset, params)?;
    let pos = match position {
        None => hetproba_engine::Position::start(&rules.game),
        Some(p) => model::position_arg(py, &rules, p)?,
    };
    model::perft_of(py, &rules.game, &pos, depth, counting, threads)
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<model::Ruleset>()?;
    m.add_class::<model::Position>()?;
    m.add_class::<model::MoveObj>()?;
    m.add_class::<model::Outcome>()?;
    m.add_class::<model::GameState>()?;
    m.add_class::<actions::ActionGame>()?;
    m.add_class::<study::MatchObj>()?;
    m.add_function(wrap_pyfunction!(list_rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(model::_rebuild_ruleset, m)?)?;
    m.add_function(wrap_pyfunction!(study::parse_player, m)?)?;
    m.add_function(wrap_pyfunction!(study::_selfplay, m)?)?;
    m.add_function(wrap_pyfunction!(study::_stats_json, m)?)?;
    m.add_function(wrap_pyfunction!(study::_stats_text, m)?)?;
    m.add("COLUMNS", study::COLUMNS.to_vec())?;
    m.add("HetprobaError", py.get_type::<errors::HetprobaError>())?;
    m.add("RulesetError", py.get_type::<errors::RulesetError>())?;
    m.add("PositionError", py.get_type::<errors::PositionError>())?;
    m.add("MoveError", py.get_type::<errors::MoveError>())?;
    m.add("PlayerError", py.get_type::<errors::PlayerError>())?;
    m.add("StatsError", py.get_type::<errors::StatsError>())?;
    m.add("ActionError", py.get_type::<errors::ActionError>())?;
    Ok(())
}
