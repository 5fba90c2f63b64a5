//! `last(from=REGION, to=REGION, piece=TYPES, captured=TYPES)`: what the last move did.

use crate::describe::Lang;
use crate::describe::{join_and, region_words_in, types_words};
use crate::model::{PieceTypeSet, RegionId, Ruleset, Who};
use crate::prims::{ArgSpec, Spec, TestInput, TestPrim};

/// A last move is known (`[state] last = true` keeps it) and it fits every part given: it left
/// a cell of `from`, it ended on a cell of `to` (both resolved for the player who made it; a
/// placement leaves none), the piece that stands where it ended is of `piece`, it captured a
/// piece of `captured`. A pass ends nowhere and leaves nowhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Last {
    pub from: Option<RegionId>,
    pub to: Option<RegionId>,
    pub piece: Option<PieceTypeSet>,
    pub captured: Option<PieceTypeSet>,
}

impl Last {
    pub const SPEC: Spec = Spec::new(
        &["last"],
        &[
            ArgSpec::key("from", "REGION", "anywhere"),
            ArgSpec::key("to", "REGION", "anywhere"),
            ArgSpec::key("piece", "TYPES", "any"),
            ArgSpec::key("captured", "TYPES", "anything or nothing"),
        ],
        "the last move is known and left, ended on, moved or captured what is given; needs [state] last = true",
        "tests-about-players-and-the-last-move",
    );
}

impl TestPrim for Last {
    fn read(input: &mut TestInput) -> Option<Last> {
        let TestInput { r, call, args, .. } = input;
        if let Some(extra) = args.positional().first() {
            r.arg_error(extra, "last() takes from=REGION, to=REGION, piece=TYPES and captured=TYPES: last(to=red)");
            return None;
        }
        let from = args.key("from").map(|a| r.region(a));
        let to = args.key("to").map(|a| r.region(a));
        let piece = args.key("piece").map(|a| r.piece_types(a));
        let captured = args.key("captured").map(|a| r.piece_types(a));
        if !r.names.tally.last {
            r.call_error(call, "last() asks about the last move: add last = true to [state], so that positions remember it");
            return None;
        }
        // An argument given but wrong (reported) refuses the test.
        if from == Some(None) || to == Some(None) || piece == Some(None) || captured == Some(None) {
            return None;
        }
        Some(Last { from: from.flatten(), to: to.flatten(), piece: piece.flatten(), captured: captured.flatten() })
    }

    fn default_who(&self) -> Who {
        Who::Mover
    }

    fn words(&self, r: Option<&Ruleset>, _whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            let Some(r) = r else { return "az utolsó lépés ismert".to_string() };
            let mut parts = Vec::new();
            if let Some(region) = self.from {
                parts.push(format!("innen indult: {}", region_words_in(r, region, lang)));
            }
            if let Some(region) = self.to {
                parts.push(format!("ide érkezett: {}", region_words_in(r, region, lang)));
            }
            if let Some(types) = self.piece {
                parts.push(format!("ezzel a bábuval: {}", types_words(r, types, lang)));
            }
            if let Some(types) = self.captured {
                parts.push(format!("ezt ütötte le: {}", types_words(r, types, lang)));
            }
            return if parts.is_empty() { "ismert egy utolsó lépés".to_string() } else { format!("az utolsó lépés {}", parts.join(", és ")) };
        }
        let Some(r) = r else { return "the last move is known".to_string() };
        let mut parts = Vec::new();
        if let Some(region) = self.from {
            parts.push(format!("left {}", region_words_in(r, region, lang)));
        }
        if let Some(region) = self.to {
            parts.push(format!("ended on {}", region_words_in(r, region, lang)));
        }
        if let Some(types) = self.piece {
            parts.push(format!("brought a {} there", types_words(r, types, lang)));
        }
        if let Some(types) = self.captured {
            parts.push(format!("captured a {}", types_words(r, types, lang)));
        }
        if parts.is_empty() { "a last move is known".to_string() } else { format!("the last move {}", join_and(&parts)) }
    }

    fn reason(&self) -> String {
        "end condition".into()
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{load, load_with_state, message};

    #[test]
    fn last_reads_its_parts_and_needs_its_state() {
        let moves = "[moves.m]\npiece = \"stone\"\ndo = \"place\"";
        assert!(load_with_state(moves, "last(to=home, piece=stone, captured=king)", "last = true").is_ok());
        assert_eq!(
            message(&load(moves, "last(to=home)", "").expect_err("refused")),
            "last() asks about the last move: add last = true to [state], so that positions remember it"
        );
        assert_eq!(
            message(&load_with_state(moves, "last(home)", "last = true").expect_err("refused")),
            "last() takes from=REGION, to=REGION, piece=TYPES and captured=TYPES: last(to=red)"
        );
    }
}
