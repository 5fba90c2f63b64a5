//! `lines(N, DIRS)`: open runs of N cells holding own pieces.

use crate::describe::Lang;
use crate::describe::axis_words;
use crate::model::{DirSetId, Ruleset};
use crate::prims::{ArgSpec, Spec, TermInput, TermPrim};

/// Every straight run of `len` cells along the axes of `dirs` that holds own pieces and no
/// other: the square of the own pieces in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lines {
    pub len: u32,
    pub dirs: DirSetId,
}

impl Lines {
    pub const SPEC: Spec = Spec::new(
        &["lines"],
        &[ArgSpec::at("N, from 2 to 64", ""), ArgSpec::at("DIRS", "all")],
        "runs of N cells with own pieces and no other: the square of the own pieces in each",
        "eval",
    );
}

impl TermPrim for Lines {
    fn read(input: &mut TermInput) -> Option<Lines> {
        let TermInput { r, call, args, .. } = input;
        let positional = args.positional();
        let len = match positional.first() {
            Some(arg) => match r.uint(arg) {
                Some(len) if (2..=64).contains(&len) => Some(len),
                Some(_) => {
                    r.arg_error(arg, "a line is from 2 to 64 cells long");
                    None
                }
                None => None,
            },
            None => {
                r.call_error(call, "lines() needs the length of a winning line, e.g. lines(4)");
                None
            }
        };
        let dirs = match positional.get(1) {
            Some(arg) => r.dir_set(arg),
            None => r.names.direction_set("all"),
        };
        if let Some(extra) = positional.get(2) {
            r.arg_error(extra, "lines() takes a length and a direction set");
        }
        Some(Lines { len: len?, dirs: dirs? })
    }

    fn words(&self, r: &Ruleset, points: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            return format!(
                "{points} minden {} mezős szakaszért {}, amelyen csak saját bábu áll, szorozva a benne álló saját bábuk számának négyzetével",
                self.len,
                axis_words(Some(r), Some(self.dirs), lang)
            );
        }
        format!(
            "{points} for each run of {} cells {} holding own pieces and no other, times the square of the own pieces in it",
            self.len,
            axis_words(Some(r), Some(self.dirs), lang)
        )
    }
}
