//! `[turn] capture-trigger`: which captures make capturing compulsory.

use crate::describe::Lang;
use crate::load::cx::{Cx, Names};
use crate::model::Ruleset;
use crate::prims::{ArgSpec, Spec, TurnOption};
use crate::tree::Node;

/// Which captures make capturing compulsory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// Any capture the player could make.
    Any,
    /// A capture from where a piece stands: a hop move whose first hop captures (a capture
    /// reached only after hops over own pieces does not count), or any other capturing move.
    Direct,
}

/// `capture-trigger = "any"` or `"direct"`.
pub struct TriggerOption;

impl TriggerOption {
    pub const SPEC: Spec = Spec::new(
        &["capture-trigger"],
        &[ArgSpec::at("any|direct", "any")],
        "which captures make capturing compulsory",
        "compulsory-capture-from-where-a-piece-stands-regions-with-rules-of-their-own",
    );
}

impl TurnOption for TriggerOption {
    type Value = Trigger;
    const KEYS: &'static [&'static str] = &["capture-trigger"];
    const ORDER: u8 = 1;

    fn default() -> Trigger {
        Trigger::Any
    }

    fn read(cx: &mut Cx, nodes: &[Option<&Node>], _names: &Names) -> Option<Trigger> {
        cx.keyword(nodes[0]?, "capture-trigger", &[("any", Trigger::Any), ("direct", Trigger::Direct)])
    }

    fn words(trigger: &Trigger, r: &Ruleset, lang: Lang) -> Vec<(String, String)> {
        if lang == Lang::Hu {
            let can_capture = r.moves.iter().any(|m| m.action.captures()) || r.moves.iter().flat_map(|m| &m.effects).any(|e| e.captures());
            if !(can_capture && r.turn.compulsory_capture && *trigger == Trigger::Direct) {
                return Vec::new();
            }
            return vec![(
                "what makes capturing compulsory".to_string(),
                "Az ütés csak akkor kötelező, ha egy bábu a helyéről üthet; az az ütés, amelyet csak saját bábukon átugorva érhetne el, nem kötelez, bár ütésnek számít, amikor az ütés kötelező.".to_string(),
            )];
        }
        let can_capture = r.moves.iter().any(|m| m.action.captures()) || r.moves.iter().flat_map(|m| &m.effects).any(|e| e.captures());
        if !(can_capture && r.turn.compulsory_capture && *trigger == Trigger::Direct) {
            return Vec::new();
        }
        vec![(
            "what makes capturing compulsory".to_string(),
            "Capturing is compulsory only when a piece can capture from where it stands; a capture it could reach only after hops over own pieces does not oblige, though it counts as a capture when capturing is compulsory.".to_string(),
        )]
    }
}
