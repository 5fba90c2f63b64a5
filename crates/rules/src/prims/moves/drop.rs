//! `drop`: put a piece of the rule's type from the mover's hand on an empty cell.

use crate::describe::Lang;
use crate::describe::region_words_in;
use crate::model::{PieceTypeId, RegionId, Ruleset};
use crate::prims::{ArgSpec, MoveInput, MovePrim, Spec};

/// Take a piece of the rule's type from the mover's hand (`[hands]`) and put it on an empty
/// cell (of `region`, resolved for the mover, if given). A player with none of that type in
/// hand has no such move. The piece arrives as it is: a drop never promotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drop {
    pub region: Option<RegionId>,
}

impl Drop {
    pub const SPEC: Spec = Spec::new(
        &["drop"],
        &[ArgSpec::key("in", "REGION", "any cell")],
        "put a piece of the rule's type from the mover's hand on an empty cell",
        "drop-put-a-piece-from-the-hand-on-an-empty-cell",
    );
}

impl MovePrim for Drop {
    fn read(input: &mut MoveInput) -> Option<Drop> {
        let MoveInput { r, args, .. } = input;
        if let Some(extra) = args.positional().first() {
            r.arg_error(extra, "drop() takes only in=REGION: the piece is the rule's, from the mover's hand");
        }
        let region = match args.key("in") {
            Some(arg) => Some(r.region(arg)?),
            None => None,
        };
        Some(Drop { region })
    }

    fn words(&self, r: &Ruleset, piece: PieceTypeId, lang: Lang) -> String {
        let piece = crate::describe::piece_name(r, piece, lang);
        if lang == Lang::Hu {
            let place =
                self.region.map_or("bármely üres mezőre".to_string(), |id| format!("egy üres mezőre itt: {}", region_words_in(r, id, lang)));
            return format!("A játékos kezéből egy {piece} kerül {place}.");
        }
        let place = self.region.map_or("any empty cell".to_string(), |id| format!("an empty cell of {}", region_words_in(r, id, lang)));
        format!("Drop a {} from the player's hand on {place}.", piece)
    }

    fn places(&self) -> bool {
        true
    }

    fn refused_with_stacks(&self) -> Option<&'static str> {
        Some("drop(): with [stacks] a hand is not defined yet")
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{load, message};

    #[test]
    fn a_drop_is_worded_with_its_region_and_needs_hands() {
        let moves = "[moves.m]\npiece = \"stone\"\ndo = \"drop(in=home)\"";
        let r = load(moves, "no-moves", "[hands]").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(crate::describe::move_words(&r, &r.moves[0]), "Drop a stone from the player's hand on an empty cell of the home cells.");
        let report = load(moves, "no-moves", "").expect_err("no hands");
        assert_eq!(message(&report), "move 'm' drops a piece from its player's hand: the ruleset needs [hands]");
        let report = load("[moves.m]\npiece = \"stone\"\ndo = \"drop(home)\"", "no-moves", "[hands]").expect_err("positional");
        assert_eq!(message(&report), "drop() takes only in=REGION: the piece is the rule's, from the mover's hand");
    }
}
