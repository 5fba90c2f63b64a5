//! `phase(NAME)`: the game is in a phase ("after move 40").

use crate::describe::Lang;
use crate::model::{Ruleset, Who};
use crate::prims::{ArgSpec, Spec, TestInput, TestPrim};
use crate::syntax::ArgValue;

/// The game is in this phase (its index in `[[phases]]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    pub phase: u8,
}

impl Phase {
    pub const SPEC: Spec = Spec::new(&["phase"], &[ArgSpec::at("PHASE", "")], "the game is in the phase", "end-tests");
}

impl TestPrim for Phase {
    fn read(input: &mut TestInput) -> Option<Phase> {
        let TestInput { r, call, args, phases, .. } = input;
        let known = || phases.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", ");
        let phase = match args.positional().as_slice() {
            [arg] => match &arg.value {
                ArgValue::Name(name) => match phases.iter().position(|p| &p.name == name) {
                    // The loader keeps phases to 255.
                    Some(i) => u8::try_from(i).ok()?,
                    None => {
                        r.arg_error(arg, format!("no phase '{name}'; the phases are: {}", known()));
                        return None;
                    }
                },
                _ => {
                    r.arg_error(arg, "phase() takes a phase name");
                    return None;
                }
            },
            _ => {
                r.call_error(call, format!("phase() takes one phase name, e.g. phase({})", phases[0].name));
                return None;
            }
        };
        Some(Phase { phase })
    }

    fn default_who(&self) -> Who {
        Who::Mover
    }

    fn words(&self, r: Option<&Ruleset>, _whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return match r {
                Some(r) => format!("a játszma a '{}' szakaszban van", r.phases[self.phase as usize].name),
                None => "a játszma egy bizonyos szakaszban van".to_string(),
            };
        }
        let name = r.map_or("a phase".to_string(), |r| format!("phase '{}'", r.phases[self.phase as usize].name));
        format!("the game is in {name}")
    }

    fn reason(&self) -> String {
        "the phase has come".into()
    }
}
