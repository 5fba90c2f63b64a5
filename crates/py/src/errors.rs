//! The Python exceptions, each carrying what a program needs besides its message: the file,
//! line and column of a bad ruleset, the text and reason of a bad position, the legal moves
//! beside an illegal one.

use crate::load::LoadError;
use hetproba_engine::rules::Report;
use pyo3::BoundObject;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

pyo3::create_exception!(hetproba, HetprobaError, PyValueError, "Every error hetproba raises about its input.");
pyo3::create_exception!(
    hetproba,
    RulesetError,
    HetprobaError,
    "A ruleset that cannot be read or is wrong: `file`, `line`, `column` and `reason` of the first problem, `problems` all of them."
);
pyo3::create_exception!(hetproba, PositionError, HetprobaError, "A position text the ruleset's notation does not read: `text`, `reason`.");
pyo3::create_exception!(
    hetproba,
    MoveError,
    HetprobaError,
    "A move that is not legal here, or names several: `text`, `legal` (the legal moves), `candidates`."
);
pyo3::create_exception!(hetproba, PlayerError, HetprobaError, "A player spec (`random`, `mcts:200`, ...) that names no player.");
pyo3::create_exception!(hetproba, StatsError, HetprobaError, "Self-play lines that `stats` cannot read, at their place.");
pyo3::create_exception!(hetproba, ActionError, HetprobaError, "An action outside the action space, or not legal now (outside the mask).");

/// Sets attributes on the exception an error becomes.
fn with_attrs(py: Python<'_>, err: PyErr, attrs: &[(&str, Py<PyAny>)]) -> PyErr {
    let value = err.value(py);
    for (name, v) in attrs {
        // An attribute that cannot be set leaves the message, which says it all.
        let _ = value.setattr(*name, v);
    }
    err
}

fn obj<'py, T: IntoPyObject<'py>>(py: Python<'py>, v: T) -> Py<PyAny> {
    match v.into_pyobject(py) {
        Ok(b) => b.into_any().unbind(),
        Err(_) => py.None(),
    }
}

/// A ruleset's problems: the message is what `hetproba check` prints (every problem at its
/// place, with the line and a caret); the attributes are the first problem's.
pub fn ruleset_error(py: Python<'_>, err: LoadError) -> PyErr {
    match err {
        LoadError::Other(message) => with_attrs(
            py,
            RulesetError::new_err(message.clone()),
            &[
                ("file", py.None()),
                ("line", py.None()),
                ("column", py.None()),
                ("reason", obj(py, message)),
                ("problems", obj(py, Vec::<Py<PyAny>>::new())),
            ],
        ),
        LoadError::Report(report) => report_error(py, &report),
    }
}

fn report_error(py: Python<'_>, report: &Report) -> PyErr {
    let mut problems = Vec::new();
    for d in &report.diagnostics {
        let place = d.span.map(|s| {
            let (line, column) = report.sources.line_col(s.file, s.start);
            (report.sources.file(s.file).name.clone(), line, column)
        });
        let item = PyDict::new(py);
        let (file, line, column) = match &place {
            Some((f, l, c)) => (Some(f.clone()), Some(*l), Some(*c)),
            None => (None, None, None),
        };
        let _ = item.set_item("file", file);
        let _ = item.set_item("line", line);
        let _ = item.set_item("column", column);
        let _ = item.set_item("reason", &d.message);
        problems.push((place, d.message.clone(), item.into_any().unbind()));
    }
    let (place, reason) = problems.first().map(|(p, r, _)| (p.clone(), r.clone())).unwrap_or((None, String::new()));
    let (file, line, column) = match place {
        Some((f, l, c)) => (Some(f), Some(l), Some(c)),
        None => (None, None, None),
    };
    let list: Vec<Py<PyAny>> = problems.into_iter().map(|(.., d)| d).collect();
    with_attrs(
        py,
        RulesetError::new_err(report.to_string()),
        &[
            ("file", obj(py, file)),
            ("line", obj(py, line)),
            ("column", obj(py, column)),
            ("reason", obj(py, reason)),
            ("problems", obj(py, list)),
        ],
    )
}

/// A position text the game cannot read.
pub fn position_error(py: Python<'_>, err: hetproba_engine::PositionError) -> PyErr {
    let message = err.to_string();
    // A legal position beyond the search's limit is a position the game cannot read either.
    let (hetproba_engine::PositionError::Bad { text, reason } | hetproba_engine::PositionError::BeyondSearch { text, reason }) = err;
    with_attrs(py, PositionError::new_err(message), &[("text", obj(py, text)), ("reason", obj(py, reason))])
}

/// A move text that names no legal move, or several.
pub fn move_error(py: Python<'_>, err: hetproba_engine::MoveError) -> PyErr {
    let message = err.to_string();
    let (text, legal, candidates) = match err {
        hetproba_engine::MoveError::Illegal { text, legal } => (text, legal, Vec::new()),
        hetproba_engine::MoveError::Ambiguous { text, candidates } => (text, Vec::new(), candidates),
    };
    with_attrs(py, MoveError::new_err(message), &[("text", obj(py, text)), ("legal", obj(py, legal)), ("candidates", obj(py, candidates))])
}

/// A move object that is not legal in the position it is played in.
pub fn illegal_move(py: Python<'_>, text: String, legal: Vec<String>, why: &str) -> PyErr {
    let shown = if legal.is_empty() { "none (the game is over)".to_string() } else { legal.join(" ") };
    with_attrs(
        py,
        MoveError::new_err(format!("illegal move '{}' ({why}); legal moves: {shown}", hetproba_engine::rules::text::quote(&text))),
        &[("text", obj(py, text)), ("legal", obj(py, legal)), ("candidates", obj(py, Vec::<String>::new()))],
    )
}
