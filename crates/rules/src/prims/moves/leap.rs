//! `leap`: jump to a cell at a fixed offset, over anything.

use crate::describe::{Lang, hu_the_cap};
use crate::describe::{a_piece, landing_words, taken_words};
use crate::model::{PieceTypeId, Landing, PieceTypeSet, Ruleset};
use crate::prims::{ArgSpec, MoveInput, MovePrim, Spec};
use crate::syntax::ArgValue;

/// Jump to a cell at a fixed offset, over anything. Each offset written stands for its eight
/// reflections and rotations; with `forward`, an offset `(DX,DY)` is DY cells ahead along the
/// player's forward direction and DX aside, either way (`(1,2)`: the shogi knight).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leap {
    /// With `forward`, each is (aside, ahead); otherwise in board coordinates.
    pub offsets: Vec<(i32, i32)>,
    pub to: Landing,
    pub forward: bool,
    /// `anywhere`: to any cell of the board (flying, as Nine men's morris' last three men do);
    /// then `offsets` is empty.
    pub anywhere: bool,
    /// The enemy piece types it may land on (`take=`, `spare=`); `None`: every type.
    pub takes: Option<PieceTypeSet>,
}

impl Leap {
    pub const SPEC: Spec = Spec::new(
        &["leap"],
        &[
            ArgSpec::at("(DX,DY)...", ""),
            ArgSpec::at("forward", "every direction"),
            ArgSpec::at("anywhere", "the offsets"),
            ArgSpec::key("to", "empty|enemy|any", "any"),
            ArgSpec::key("take", "TYPES", "every type"),
            ArgSpec::key("spare", "TYPES", "none"),
        ],
        "move a piece to a cell at a fixed offset (or, anywhere, to any cell), over anything",
        "step-slide-leap-move-a-piece-already-on-the-board",
    )
    .goes_on();
}

impl MovePrim for Leap {
    fn read(input: &mut MoveInput) -> Option<Leap> {
        let MoveInput { r, args, hops, .. } = input;
        let call = &hops[0].call;
        let positional = args.positional();
        let forward = positional.iter().any(|a| matches!(&a.value, ArgValue::Name(n) if n == "forward"));
        let anywhere = positional.iter().any(|a| matches!(&a.value, ArgValue::Name(n) if n == "anywhere"));
        let mut offsets = Vec::new();
        for arg in positional {
            match &arg.value {
                ArgValue::Name(n) if n == "forward" => {}
                ArgValue::Name(n) if n == "anywhere" => {}
                &ArgValue::Vector(dx, dy) => {
                    // Forward: DY ahead, DX to either side; otherwise every turn and reflection.
                    let turns: &[(i32, i32)] = if forward { &[(dx, dy), (-dx, dy)] } else { &[(dx, dy), (dy, dx)] };
                    let signs: &[(i32, i32)] = if forward { &[(1, 1)] } else { &[(1, 1), (1, -1), (-1, 1), (-1, -1)] };
                    for &(a, b) in turns {
                        for (sa, sb) in signs {
                            if !offsets.contains(&(a * sa, b * sb)) {
                                offsets.push((a * sa, b * sb));
                            }
                        }
                    }
                }
                _ => r.arg_error(arg, "leap() takes offsets such as (1,2), and forward for those that go forward, or anywhere"),
            }
        }
        if anywhere && (forward || !offsets.is_empty()) {
            r.call_error(call, "leap(anywhere) goes to any cell of the board: it takes no offsets and no forward");
            offsets.clear();
        } else if offsets.is_empty() && !anywhere {
            r.call_error(call, "leap() needs at least one offset, e.g. leap((1,2))");
            return None;
        }
        let to = r.landing(args, Landing::EmptyOrEnemy);
        if to == Landing::Passed {
            r.call_error(call, "a leap passes over no cells: to=passed is for step() and slide()");
        }
        let takes = r.taken_types(call, args);
        super::step::check_takes(r, call, to, takes);
        Some(Leap { offsets, to, forward: forward && !anywhere, anywhere, takes })
    }

    fn words(&self, r: &Ruleset, piece: PieceTypeId, lang: Lang) -> String {
        let piece = crate::describe::piece_name(r, piece, lang);
        if self.anywhere {
            if lang == Lang::Hu {
                return format!("{} a tábla bármelyik mezőjére ugorhat: {}.{}", hu_the_cap(piece), landing_words(self.to, lang), taken_words(r, self.takes, lang));
            }
            return format!("{} flies to any cell of the board: to {}.{}", a_piece(piece), landing_words(self.to, lang), taken_words(r, self.takes, lang));
        }
        if lang == Lang::Hu {
            return format!(
                "{} ezekkel az eltolásokkal ugrik: {}{}, {}.{}",
                hu_the_cap(piece),
                self.offsets.iter().map(|(a, b)| format!("({a},{b})")).collect::<Vec<_>>().join(" "),
                if self.forward { " (oldalra, előre mérve)" } else { "" },
                landing_words(self.to, lang),
                taken_words(r, self.takes, lang)
            );
        }
        format!(
            "{} leaps by {}{} to {}.{}",
            a_piece(piece),
            self.offsets.iter().map(|(a, b)| format!("({a},{b})")).collect::<Vec<_>>().join(" "),
            if self.forward { " (cells aside, cells ahead)" } else { "" },
            landing_words(self.to, lang),
            taken_words(r, self.takes, lang)
        )
    }

    fn captures(&self) -> bool {
        self.to != Landing::Empty
    }

    fn refused_with_stacks(&self) -> Option<&'static str> {
        (self.to != Landing::Empty).then_some("a move that lands on a piece: with [stacks] pieces capture only by hopping (to=empty)")
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{error, load};

    #[test]
    fn an_offset_stands_for_its_eight_turns() {
        let r = load("[moves.m]\npiece = \"stone\"\ndo = \"leap((1,2))\"", "no-moves", "").unwrap_or_else(|e| panic!("{e}"));
        let crate::model::Action::Leap(leap) = &r.moves[0].action else { panic!("a leap") };
        assert_eq!(leap.offsets.len(), 8);
        assert!(!leap.forward);
        let r = load("[moves.m]\npiece = \"stone\"\ndo = \"leap((1,2), forward)\"", "no-moves", "").unwrap_or_else(|e| panic!("{e}"));
        // Forward: two ahead and one to either side, the shogi knight.
        assert!(matches!(&r.moves[0].action, crate::model::Action::Leap(leap) if leap.forward && leap.offsets == [(1, 2), (-1, 2)]));
        assert_eq!(error("leap((1,2), backward)"), "leap() takes offsets such as (1,2), and forward for those that go forward, or anywhere");
        assert_eq!(error("leap(anywhere, (1,2))"), "leap(anywhere) goes to any cell of the board: it takes no offsets and no forward");
        assert_eq!(error("leap(anywhere, forward)"), "leap(anywhere) goes to any cell of the board: it takes no offsets and no forward");
        let r = load("[moves.m]\npiece = \"stone\"\ndo = \"leap(anywhere, to=empty)\"", "no-moves", "").unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(&r.moves[0].action, crate::model::Action::Leap(leap) if leap.anywhere && leap.offsets.is_empty()));
        assert_eq!(error("leap"), "leap() needs at least one offset, e.g. leap((1,2))");
        assert_eq!(error("leap((1,1), to=passed)"), "a leap passes over no cells: to=passed is for step() and slide()");
    }
}
