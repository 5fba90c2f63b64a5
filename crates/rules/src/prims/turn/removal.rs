//! `[turn] removal`: when captured pieces leave the board in a chain.

use crate::describe::Lang;
use crate::load::cx::{Cx, Names};
use crate::model::{Action, Ruleset};
use crate::prims::{ArgSpec, Spec, TurnOption};
use crate::tree::Node;

/// When captured pieces leave the board in a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// After the whole chain: a captured piece stays as an obstacle until the move ends and
    /// cannot be captured twice.
    End,
    /// At once: its cell is free for the rest of the chain.
    Immediate,
}

/// `removal = "end"` or `"immediate"`.
pub struct RemovalOption;

impl RemovalOption {
    pub const SPEC: Spec =
        Spec::new(&["removal"], &[ArgSpec::at("end|immediate", "end")], "when the pieces a chain captures leave the board", "turn");
}

impl TurnOption for RemovalOption {
    type Value = Removal;
    const KEYS: &'static [&'static str] = &["removal"];
    const ORDER: u8 = 5;

    fn default() -> Removal {
        Removal::End
    }

    fn read(cx: &mut Cx, nodes: &[Option<&Node>], _names: &Names) -> Option<Removal> {
        cx.keyword(nodes[0]?, "removal", &[("end", Removal::End), ("immediate", Removal::Immediate)])
    }

    fn words(removal: &Removal, r: &Ruleset, lang: Lang) -> Vec<(String, String)> {
        if lang == Lang::Hu {
            if !r.moves.iter().any(|m| matches!(&m.action, Action::Hops(p) if p.chains() && p.captures())) {
                return Vec::new();
            }
            let sentence = match removal {
                Removal::End if r.stacks.is_some() => {
                    "Az átugrott oszlop csak a lépés végén veszíti el a tetejét (addig is útban van, és kétszer nem ugorható át)."
                }
                Removal::End => "A leütött bábuk csak a lépés végén kerülnek le a tábláról (addig is útban vannak, és kétszer nem üthetők le).",
                Removal::Immediate => "A leütött bábuk azonnal lekerülnek a tábláról.",
            };
            return vec![("removal of captured pieces".to_string(), sentence.to_string())];
        }
        if !r.moves.iter().any(|m| matches!(&m.action, Action::Hops(p) if p.chains() && p.captures())) {
            return Vec::new();
        }
        let sentence = match removal {
            Removal::End if r.stacks.is_some() => {
                "A jumped column loses its top only when the move ends (it still blocks, and cannot be jumped twice)."
            }
            Removal::End => {
                "Captured pieces leave the board only when the move ends (a captured piece still blocks, and cannot be captured twice)."
            }
            Removal::Immediate => "Captured pieces leave the board at once.",
        };
        vec![("removal of captured pieces".to_string(), sentence.to_string())]
    }
}
