//! `[turn] capture`: may a player who can capture choose not to?

use crate::load::cx::{Cx, Names};
use crate::model::Ruleset;
use crate::prims::{ArgSpec, Spec, TurnOption};
use crate::tree::Node;

/// `capture = "compulsory"` or `"optional"`: the value is whether capturing is compulsory.
pub struct CaptureOption;

impl CaptureOption {
    pub const SPEC: Spec =
        Spec::new(&["capture"], &[ArgSpec::at("compulsory|optional", "optional")], "a player who can capture must", "turn");
}

impl TurnOption for CaptureOption {
    type Value = bool;
    const KEYS: &'static [&'static str] = &["capture"];
    const ORDER: u8 = 0;

    fn default() -> bool {
        false
    }

    fn read(cx: &mut Cx, nodes: &[Option<&Node>], _names: &Names) -> Option<bool> {
        cx.keyword(nodes[0]?, "capture", &[("compulsory", true), ("optional", false)])
    }

    fn words(&compulsory: &bool, r: &Ruleset) -> Vec<(String, String)> {
        if !r.moves.iter().any(|m| m.action.captures()) && !r.moves.iter().flat_map(|m| &m.effects).any(|e| e.captures()) {
            return Vec::new();
        }
        let criteria = r.turn.precedence.as_slice();
        let sentence = match (compulsory, criteria) {
            (true, [one]) if one.is_majority() => {
                "Capturing is compulsory. Among the captures, the player must take the most pieces (every piece counts one).".to_string()
            }
            (false, [one]) if one.is_majority() => "Capturing is optional, but a capture must take the most pieces possible.".to_string(),
            (true, []) => "Capturing is compulsory. With several captures the player chooses freely.".to_string(),
            (false, []) => "Capturing is optional.".to_string(),
            (compulsory, criteria) => format!(
                "{} Among the captures, the player must choose {}.",
                if compulsory { "Capturing is compulsory." } else { "Capturing is optional, but a capture must be a preferred one." },
                criteria.iter().map(|c| c.prim().words(r)).collect::<Vec<_>>().join("; among those equal, ")
            ),
        };
        vec![("capturing".to_string(), sentence)]
    }
}
