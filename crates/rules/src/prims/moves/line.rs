//! `line`: a straight unbroken line of own pieces moves as a unit along its own direction.

use crate::describe::Lang;
use crate::describe::{a_piece, dirs_words, types_words};
use crate::model::{PieceTypeId, DirSetId, PieceTypeSet, Ruleset};
use crate::prims::{ArgSpec, MoveInput, MovePrim, Spec};
use crate::syntax::ArgValue;

/// A straight unbroken line of the mover's pieces of the types `of`, from the rule's piece (its
/// rear) forward along a direction of `dirs`, at least `length` pieces long, moves as a unit
/// along that direction: one cell, or up to `max` cells (`None`: as far as empty cells allow),
/// into the empty cells in front of it (a line of men moving as one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub dirs: DirSetId,
    pub of: PieceTypeSet,
    pub length: u32,
    pub max: Option<u32>,
}

impl Line {
    pub const SPEC: Spec = Spec::new(
        &["line"],
        &[
            ArgSpec::at("DIRS", ""),
            ArgSpec::key("of", "TYPES", "the rule's piece"),
            ArgSpec::key("length", "N, at least 1", "1"),
            ArgSpec::key("max", "N|any", "1"),
        ],
        "a line of own pieces moves as a unit along itself",
        "line-a-line-of-own-pieces-moves-as-a-unit",
    );
}

impl MovePrim for Line {
    fn read(input: &mut MoveInput) -> Option<Line> {
        let MoveInput { r, args, hops, piece, .. } = input;
        let piece = *piece;
        let dirs = r.one_dir_set(&hops[0].call, args)?;
        let mut of = PieceTypeSet::EMPTY;
        of.insert(piece);
        if let Some(arg) = args.key("of") {
            of = r.piece_types(arg)?;
            if !of.contains(piece) {
                let name = &r.names.pieces[piece.index()].name;
                r.arg_error(arg, format!("of= must include '{name}', the rule's piece: a line moves from its rear {name}"));
                return None;
            }
            if let Some(t) = of.iter().find(|t| !r.names.pieces[t.index()].owned) {
                let message = format!("'{}' belongs to nobody, so it cannot be part of a player's line", r.names.pieces[t.index()].name);
                r.arg_error(arg, message);
                return None;
            }
        }
        let length = match args.key("length") {
            None => 1,
            Some(arg) => match r.uint(arg)? {
                0 => {
                    r.arg_error(arg, "length= is the fewest pieces of a line: at least 1 (a lone piece is a line of one)");
                    return None;
                }
                n => n,
            },
        };
        let max = match args.key("max") {
            None => Some(1),
            Some(arg) => match &arg.value {
                ArgValue::Name(n) if n == "any" => None,
                ArgValue::Name(n) if r.names.param(n).is_none() => {
                    r.arg_error(
                        arg,
                        format!("max= takes a number of cells, a parameter's name, or any (as far as empty cells allow), not '{n}'"),
                    );
                    return None;
                }
                _ => match r.uint(arg)? {
                    0 => {
                        r.arg_error(arg, "max= is how many cells a line may move: at least 1, or any (as far as empty cells allow)");
                        return None;
                    }
                    n => Some(n),
                },
            },
        };
        Some(Line { dirs, of, length, max })
    }

    fn words(&self, r: &Ruleset, piece: PieceTypeId, lang: Lang) -> String {
        let piece = crate::describe::piece_name(r, piece, lang);
        if lang == Lang::Hu {
            let others = types_words(r, self.of, lang);
            let line = match self.length {
                1 => format!("egyedül áll, vagy saját bábukból ({others}) álló egyenes, megszakítatlan vonal hátsó végén áll"),
                n => format!("legalább {n} saját bábuból ({others}) álló egyenes, megszakítatlan vonal hátsó végén áll"),
            };
            let how_far = match self.max {
                Some(1) => "egy mezőt".to_string(),
                Some(m) => format!("legfeljebb {m} mezőt"),
                None => "annyit, amennyit az üres mezők engednek".to_string(),
            };
            return format!(
                "{}, ha {line}, az egész vonallal együtt {how_far} halad {}, a vonal saját irányában, az előtte levő üres mezőkre; a lépést a hátsó bábutól ahhoz a mezőhöz írjuk, amelyre az első bábu lép.",
                crate::describe::hu_the_cap(piece),
                dirs_words(r, self.dirs, lang)
            );
        }
        let others = types_words(r, self.of, lang);
        let line = match self.length {
            1 => format!("alone or at the rear of a straight unbroken line of own pieces of type {others}"),
            n => format!("at the rear of a straight unbroken line of at least {n} own pieces of type {others}"),
        };
        let how_far = match self.max {
            Some(1) => "one cell".to_string(),
            Some(m) => format!("up to {m} cells"),
            None => "as far as empty cells allow".to_string(),
        };
        format!(
            "{} {line} moves with the whole line {how_far} {} along the line's own direction, into the empty cells in front of it; the move is written from the rear piece to the cell the front piece enters.",
            a_piece(piece),
            dirs_words(r, self.dirs, lang)
        )
    }

    fn refuses_effects(&self) -> Option<&'static str> {
        Some("cannot follow line() yet: a line moves several pieces")
    }

    fn refused_with_stacks(&self) -> Option<&'static str> {
        Some("line(): with [stacks] a line of columns is not defined yet")
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{error, words};

    #[test]
    fn a_line_moves_from_its_rear_piece() {
        assert!(words("line(orthogonal, length=2, max=any)").starts_with("A stone at the rear of a straight unbroken line of at least 2 own pieces of type stone moves with the whole line as far as empty cells allow"));
        assert_eq!(error("line(orthogonal, of=king)"), "of= must include 'stone', the rule's piece: a line moves from its rear stone");
        assert_eq!(error("line(orthogonal, length=0)"), "length= is the fewest pieces of a line: at least 1 (a lone piece is a line of one)");
        assert_eq!(error("line(orthogonal, max=far)"), "max= takes a number of cells, a parameter's name, or any (as far as empty cells allow), not 'far'");
    }
}
