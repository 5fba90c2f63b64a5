//! `[turn] capture`: may a player who can capture choose not to?

use crate::describe::Lang;
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

    fn words(&compulsory: &bool, r: &Ruleset, lang: Lang) -> Vec<(String, String)> {
        if lang == Lang::Hu {
            if !r.moves.iter().any(|m| m.action.captures()) && !r.moves.iter().flat_map(|m| &m.effects).any(|e| e.captures()) {
                return Vec::new();
            }
            let criteria = r.turn.precedence.as_slice();
            let sentence = match (compulsory, criteria) {
                (true, [one]) if one.is_majority() => {
                    "Az ütés kötelező. Az ütések közül a legtöbb bábut leütőt kell választani (minden bábu egynek számít).".to_string()
                }
                (false, [one]) if one.is_majority() => "Az ütés nem kötelező, de ha üt, a lehető legtöbb bábut kell leütnie.".to_string(),
                (true, []) => "Az ütés kötelező. Több lehetséges ütés közül a játékos szabadon választ.".to_string(),
                (false, []) => "Az ütés nem kötelező.".to_string(),
                (compulsory, criteria) => format!(
                    "{} Az ütések közül ezt kell választani: {}.",
                    if compulsory { "Az ütés kötelező." } else { "Az ütés nem kötelező, de ha üt, az előnyt élvező ütések közül kell választania." },
                    criteria.iter().map(|c| c.prim().words(r, lang)).collect::<Vec<_>>().join("; ezek közül egyenlőség esetén: ")
                ),
            };
            return vec![("capturing".to_string(), sentence)];
        }
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
                criteria.iter().map(|c| c.prim().words(r, lang)).collect::<Vec<_>>().join("; among those equal, ")
            ),
        };
        vec![("capturing".to_string(), sentence)]
    }
}
