//! `[params]`: named integers that other keys' expressions use, and the caller's overrides
//! (`--param`), which may only set parameters the file declares, within their range.
//!
//! A parameter is an integer (`size = 8`) or a table with its default and range
//! (`size = { default = 8, min = 5, max = 12 }`).

use super::cx::Cx;
use crate::source::Diagnostic;
use crate::tree::{Node, Value};

/// The parameters with their values (after `overrides`), and each one's range.
pub(super) type Params = (Vec<(String, i64)>, Vec<(Option<i64>, Option<i64>)>);

pub(super) fn read_params(cx: &mut Cx, node: Option<&Node>, overrides: &[(String, i64)], origin: &str) -> Params {
    let mut params: Vec<(String, i64)> = Vec::new();
    let mut ranges: Vec<(Option<i64>, Option<i64>)> = Vec::new();
    // Overrides come from the command line or a record (`origin`): their errors name it, not a
    // place in the file.
    if let Some(node) = node
        && let Some(t) = cx.table(node)
    {
        for (key, value) in &t.entries {
            match &value.value {
                Value::Int(v) => {
                    params.push((key.name.clone(), *v));
                    ranges.push((None, None));
                }
                Value::Table(pt) => {
                    let int = |cx: &mut Cx, name: &str| match pt.get(name).map(|n| (&n.value, n)) {
                        Some((Value::Int(v), _)) => Some(*v),
                        Some((_, n)) => {
                            cx.expect_type(n, "an integer");
                            None
                        }
                        None => None,
                    };
                    for (k, _) in &pt.entries {
                        if !["default", "min", "max"].contains(&k.name.as_str()) {
                            cx.error(
                                k.span,
                                format!("unknown key '{}' in parameter '{}'; expected one of: default, min, max", k.name, key.name),
                            );
                        }
                    }
                    let (min, max) = (int(cx, "min"), int(cx, "max"));
                    match int(cx, "default") {
                        Some(v) => {
                            if min.is_some_and(|m| v < m) || max.is_some_and(|m| v > m) {
                                cx.error(value.span, format!("the default of '{}' ({v}) is outside its range", key.name));
                            }
                            params.push((key.name.clone(), v));
                            ranges.push((min, max));
                        }
                        None => cx.error(value.span, format!("parameter '{}' needs default = <integer>", key.name)),
                    }
                }
                _ => cx.expect_type(value, "an integer or a table { default, min, max }"),
            }
        }
    }
    for (key, value) in overrides {
        match params.iter().position(|(k, _)| k == key) {
            Some(i) => {
                let (min, max) = ranges[i];
                if min.is_some_and(|m| *value < m) || max.is_some_and(|m| *value > m) {
                    let range = match (min, max) {
                        (Some(a), Some(b)) if a == b => format!("{a} (this ruleset fixes it)"),
                        (Some(a), Some(b)) => format!("between {a} and {b}"),
                        (Some(a), None) => format!("at least {a}"),
                        (None, Some(b)) => format!("at most {b}"),
                        (None, None) => unreachable!("a value outside no range"),
                    };
                    // Not applied: the keys computed from it would only repeat the error.
                    cx.diags.push(Diagnostic::nowhere(format!("{origin} {key}={value}: parameter '{key}' must be {range}")));
                } else {
                    params[i].1 = *value;
                }
            }
            None => {
                let known: Vec<&str> = params.iter().map(|(k, _)| k.as_str()).collect();
                cx.diags.push(Diagnostic::nowhere(format!(
                    "{origin} {key}={value}: unknown parameter '{key}'; this ruleset has: {}",
                    if known.is_empty() { "none".to_string() } else { known.join(", ") }
                )));
            }
        }
    }
    (params, ranges)
}
