//! `[params]`: named integers that other keys' expressions use, and the caller's overrides
//! (`--param`), which may only set parameters the file declares, within their range.
//!
//! A parameter is an integer (`size = 8`) or a table with its default and range
//! (`size = { default = 8, min = 5, max = 12 }`).

use super::cx::{Cx, file_start};
use crate::source::{Diagnostic, Span};
use crate::tree::{Node, Value};

pub(super) fn read_params(cx: &mut Cx, node: Option<&Node>, overrides: &[(String, i64)]) -> Vec<(String, i64)> {
    let mut params: Vec<(String, i64)> = Vec::new();
    let mut ranges: Vec<(Option<i64>, Option<i64>, Span)> = Vec::new();
    if let Some(node) = node
        && let Some(t) = cx.table(node)
    {
        for (key, value) in &t.entries {
            match &value.value {
                Value::Int(v) => {
                    params.push((key.name.clone(), *v));
                    ranges.push((None, None, value.span));
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
                            ranges.push((min, max, value.span));
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
                let (min, max, span) = ranges[i];
                if min.is_some_and(|m| *value < m) || max.is_some_and(|m| *value > m) {
                    let range = match (min, max) {
                        (Some(a), Some(b)) => format!("between {a} and {b}"),
                        (Some(a), None) => format!("at least {a}"),
                        (None, Some(b)) => format!("at most {b}"),
                        (None, None) => unreachable!("a value outside no range"),
                    };
                    cx.diags.push(Diagnostic::at(span, format!("parameter '{key}' must be {range}, not {value}")));
                }
                params[i].1 = *value;
            }
            None => {
                let known: Vec<&str> = params.iter().map(|(k, _)| k.as_str()).collect();
                cx.diags.push(Diagnostic::at(
                    node.map_or(file_start(), |n| n.span),
                    format!(
                        "unknown parameter '{key}'; this ruleset has: {}",
                        if known.is_empty() { "none".to_string() } else { known.join(", ") }
                    ),
                ));
            }
        }
    }
    params
}
