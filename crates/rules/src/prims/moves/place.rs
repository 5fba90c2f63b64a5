//! `place`: put a new piece on an empty cell, anywhere or in a region, near a piece, or (as a
//! later part) along a direction from where the part before landed.

use crate::describe::Lang;
use crate::describe::{dirs_words, region_words_in};
use crate::model::{PieceTypeId, DirSetId, RegionId, Ruleset, Whose};
use crate::prims::{ArgSpec, MoveInput, MovePrim, Spec};
use crate::syntax::ArgValue;

/// Put the piece on an empty cell (of `region`, if given).
///
/// With `near`, only within `near.within` steps (along any of the board's directions) of a
/// piece of the owner `near.of` says: a clone, a new piece next to an own one.
///
/// With `along`, a later part of a move ([`crate::model::MoveRule::next`]): only on a cell
/// reached from where the part before landed along a direction of `along`, over empty cells
/// (an arrow shot from where a piece landed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub region: Option<RegionId>,
    pub near: Option<Near>,
    pub along: Option<DirSetId>,
}

/// `place(near=own, within=N)`: a placement next to (within N steps of) a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Near {
    pub of: Whose,
    /// Steps along the board's directions, at least 1.
    pub within: u32,
}

impl Place {
    pub const SPEC: Spec = Spec::new(
        &["place"],
        &[
            ArgSpec::key("in", "REGION", "any cell"),
            ArgSpec::key("near", "own|enemy|any", "anywhere"),
            ArgSpec::key("within", "N, at least 1", "1"),
            ArgSpec::key("along", "DIRS", "a move of one part"),
        ],
        "put a new piece on an empty cell; as a later part, along a direction from where the part before landed",
        "place-put-a-new-piece-on-an-empty-cell",
    )
    .later_part();
}

impl MovePrim for Place {
    fn read(input: &mut MoveInput) -> Option<Place> {
        let MoveInput { r, args, hops, .. } = input;
        let call = &hops[0].call;
        let region = match args.key("in") {
            None => None,
            Some(arg) => match &arg.value {
                ArgValue::Name(name) => r.names.region(name).or_else(|| {
                    r.arg_error(arg, format!("no region '{name}'"));
                    None
                }),
                _ => {
                    r.arg_error(arg, "in= takes a region name");
                    None
                }
            },
        };
        let near = match args.key("near") {
            None => None,
            Some(arg) => {
                let of = match &arg.value {
                    ArgValue::Name(n) if n == "own" => Some(Whose::Own),
                    ArgValue::Name(n) if n == "enemy" => Some(Whose::Enemy),
                    ArgValue::Name(n) if n == "any" => Some(Whose::Any),
                    _ => {
                        r.arg_error(arg, "near= takes own, enemy or any: whose piece the new one goes next to");
                        None
                    }
                };
                let within = args.key("within").and_then(|a| r.uint(a)).unwrap_or(1);
                if within == 0 {
                    r.call_error(call, "within= is a number of steps: at least 1");
                }
                of.map(|of| Near { of, within: within.max(1) })
            }
        };
        if near.is_none()
            && let Some(arg) = args.key("within")
        {
            r.arg_error(arg, "within= says how near: it goes with near=own, enemy or any");
        }
        let along = args.key("along").and_then(|a| r.dir_set(a));
        Some(Place { region, near, along })
    }

    fn words(&self, r: &Ruleset, piece: PieceTypeId, lang: Lang) -> String {
        let owned = r.pieces[piece.index()].owned;
        let piece = crate::describe::piece_name(r, piece, lang);
        if lang == Lang::Hu {
            return hu_words(self, r, piece, owned);
        }
        let whose = if owned { "own" } else { "neutral" };
        let mut place = self.region.map_or("any empty cell".to_string(), |id| format!("an empty cell of {}", region_words_in(r, id, lang)));
        if let Some(dirs) = self.along {
            place.push_str(&format!(" reached from where the move's first part landed, {}, over empty cells", dirs_words(r, dirs, lang)));
        }
        let near = match self.near {
            None => String::new(),
            Some(n) => {
                let whose = match n.of {
                    Whose::Own => "an own piece",
                    Whose::Enemy => "an enemy piece",
                    Whose::Any => "a piece",
                };
                match n.within {
                    1 => format!(" next to {whose}"),
                    k => format!(" at most {k} steps from {whose}"),
                }
            }
        };
        format!("Place a{} {whose} {} on {place}{near}.", if whose == "own" { "n" } else { "" }, piece)
    }

    fn places(&self) -> bool {
        true
    }

    fn only_later(&self, rule: &str) -> Option<String> {
        self.along.is_some().then(|| {
            format!(
                "place(along=...) places from where the part before landed, and no move goes on with '{rule}': name it in another move's next = \"{rule}\""
            )
        })
    }
}

/// A placing's sentence in Hungarian: "Egy saját kő kerül bármely üres mezőre."
fn hu_words(place: &Place, r: &Ruleset, piece: &str, owned: bool) -> String {
    let lang = Lang::Hu;
    let whose = if owned { "saját" } else { "semleges" };
    let mut to =
        place.region.map_or("bármely üres mezőre".to_string(), |id| format!("egy üres mezőre itt: {}", region_words_in(r, id, lang)));
    if let Some(dirs) = place.along {
        to.push_str(&format!(" (ahová a lépés első részének érkezési mezőjéről {} üres mezőkön át el lehet jutni)", dirs_words(r, dirs, lang)));
    }
    let near = match place.near {
        None => String::new(),
        Some(n) => {
            let whose = match n.of {
                Whose::Own => "saját ",
                Whose::Enemy => "ellenséges ",
                Whose::Any => "",
            };
            match n.within {
                1 => format!(", egy {whose}bábu mellé"),
                k => format!(", legfeljebb {k} lépésnyire egy {whose}bábutól"),
            }
        }
    };
    format!("Egy {whose} {piece} kerül {to}{near}.")
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{error, words};

    #[test]
    fn a_placement_is_worded_with_its_region_and_neighbours() {
        assert_eq!(words("place"), "Place an own stone on any empty cell.");
        assert_eq!(words("place(in=home, near=enemy, within=2)"), "Place an own stone on an empty cell of the home cells at most 2 steps from an enemy piece.");
    }

    #[test]
    fn within_needs_near_and_near_a_whose() {
        assert_eq!(error("place(within=2)"), "within= says how near: it goes with near=own, enemy or any");
        assert_eq!(error("place(near=friend)"), "near= takes own, enemy or any: whose piece the new one goes next to");
        assert_eq!(error("place(in=nowhere)"), "no region 'nowhere'");
    }
}
