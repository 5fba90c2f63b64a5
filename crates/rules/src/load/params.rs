//! `[params]`: named integers that other keys' expressions use, and the caller's overrides
//! (`--param`), which may only set parameters the file declares.

use super::cx::{Cx, file_start};
use crate::source::Diagnostic;
use crate::tree::{Node, Value};

pub(super) fn read_params(cx: &mut Cx, node: Option<&Node>, overrides: &[(String, i64)]) -> Vec<(String, i64)> {
    let mut params: Vec<(String, i64)> = Vec::new();
    if let Some(node) = node
        && let Some(t) = cx.table(node)
    {
        for (key, value) in &t.entries {
            match value.value {
                Value::Int(v) => params.push((key.name.clone(), v)),
                _ => cx.expect_type(value, "an integer"),
            }
        }
    }
    for (key, value) in overrides {
        match params.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = *value,
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
