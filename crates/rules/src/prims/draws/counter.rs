//! `moves = N`: N moves by each side without a capture (or a move of some piece types), or
//! with some material on the board, draw.

use crate::describe::Lang;
use crate::load::cx::Fields;
use crate::model::PieceTypeId;
use crate::prims::{ArgSpec, DrawInput, DrawPrim, Spec};
use crate::syntax::{self, Expr, Pred};
use crate::tree::Value;

/// `plies` plies pass while the material condition holds (the count starts again when the
/// material changes), or, without a condition, without any of the `reset` events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counter {
    pub plies: u32,
    /// `moves = "8 - pieces"`: the number of moves worked out from the pieces on the board
    /// (both players'), with its text; then `plies` is unused. Only with a material condition,
    /// so the pieces do not change while the count runs.
    pub by_pieces: Option<Box<(Expr, String)>>,
    pub reset: Vec<Event>,
    pub material: Option<Box<Material>>,
}

/// Something that restarts a move counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move that captures.
    Capture,
    /// A move by a piece of this type.
    PieceMoves(PieceTypeId),
}

/// A material configuration: one side satisfies `strong`, the other `weak`. Each is a predicate
/// over `pieces` (the side's total) and the count of each piece type by its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Material {
    pub strong: Pred,
    pub weak: Pred,
    pub text: String,
}

impl Counter {
    pub const SPEC: Spec = Spec::new(
        &["moves"],
        &[
            ArgSpec::at("N or \"EXPR\"", ""),
            ArgSpec::key("reset", "[\"capture\", TYPE...]", "nothing"),
            ArgSpec::key("material", "{ strong = PRED, weak = PRED }", "any material"),
        ],
        "N moves by each side without a reset event, or with the material on the board",
        "draw",
    );
}

impl DrawPrim for Counter {
    fn read(input: &mut DrawInput) -> Option<Counter> {
        input.refuse_others(&["reset", "material"], "a move-count draw");
        let (material, reset) = (input.extra("material"), input.extra("reset"));
        let m = input.value;
        let mut by_pieces = None;
        // With a material condition, 0 moves means: drawn as soon as the material arises.
        let count = match &m.value {
            Value::Str(text) => {
                let names = input.names;
                let known = |n: &str| n == "pieces" || names.piece(n).is_some();
                match syntax::parse_number(text).and_then(|e| e.check_names(&known).map(|()| e)) {
                    Ok(e) if material.is_some() => by_pieces = Some(Box::new((e, text.clone()))),
                    Ok(_) => {
                        input.cx.error(
                            m.span,
                            "moves = \"...\" counts the pieces on the board and needs a material condition (material = { strong = \"...\", weak = \"...\" }), under which the pieces stay the same while the count runs",
                        );
                        return None;
                    }
                    Err(mut err) => {
                        if err.message.starts_with("unknown name") {
                            let known: Vec<&str> = std::iter::once("pieces").chain(names.pieces.iter().map(|p| p.name.as_str())).collect();
                            err.message = format!("{}; moves counts: {}", err.message, known.join(", "));
                        }
                        input.cx.syntax_error(m, err);
                        return None;
                    }
                }
                0
            }
            Value::Int(0) if material.is_some() => 0,
            Value::Int(0) if material.is_some() => 0,
            Value::Int(0) => {
                input.cx.error(
                    m.span,
                    "moves = 0 needs a material condition: it draws as soon as that material stands on the board (material = { strong = \"...\", weak = \"...\" })",
                );
                return None;
            }
            _ => input.positive(m)?,
        };
        let DrawInput { cx, names, span, .. } = input;
        let mut events = Vec::new();
        if let Some(rn) = reset {
            for (name, espan) in cx.strings(rn).unwrap_or_default() {
                if name == "capture" {
                    events.push(Event::Capture);
                } else if let Some(p) = names.piece(&name) {
                    events.push(Event::PieceMoves(p));
                } else {
                    cx.error(espan, format!("unknown event '{name}'; expected capture or a piece type"));
                }
            }
        }
        let material = match material {
            None => None,
            Some(mn) => {
                let mt = cx.table(mn)?;
                let mut mf = Fields::new(mt, "material");
                let mut side = |cx: &mut crate::load::cx::Cx, key: &'static str| -> Option<(Pred, String)> {
                    let Some(node) = mf.get(key) else {
                        cx.error(mn.span, format!("material needs {key} = \"<predicate over pieces and piece counts>\""));
                        return None;
                    };
                    let text = cx.string(node)?;
                    let pred = match syntax::parse_predicate(&text) {
                        Ok(p) => p,
                        Err(err) => {
                            cx.syntax_error(node, err);
                            return None;
                        }
                    };
                    // Check the names now: pieces and the piece types.
                    let known = |n: &str| n == "pieces" || names.piece(n).is_some();
                    if let Err(mut err) = pred.check_names(&known) {
                        let known: Vec<&str> = std::iter::once("pieces").chain(names.pieces.iter().map(|p| p.name.as_str())).collect();
                        err.message = format!("{}; a material condition counts: {}", err.message, known.join(", "));
                        cx.syntax_error(node, err);
                        return None;
                    }
                    Some((pred, text))
                };
                let strong = side(cx, "strong");
                let weak = side(cx, "weak");
                mf.finish(cx);
                let ((strong, a), (weak, b)) = (strong?, weak?);
                Some(Box::new(Material { strong, weak, text: format!("{a} against {b}") }))
            }
        };
        if events.is_empty() && material.is_none() {
            cx.error(*span, "a move-count draw needs reset = [...] events or a material condition");
        }
        Some(Counter { plies: count * 2, by_pieces, reset: events, material })
    }

    fn reason(&self, pieces: &[&str], lang: Lang) -> String {
        let moves = self.plies / 2;
        if let (Some(by), Some(m)) = (&self.by_pieces, &self.material) {
            return match lang {
                Lang::En => format!("{} moves with {} without a result", by.1, m.text),
                Lang::Hu => format!("{} lépés eredmény nélkül, ezzel az anyaggal: {}", by.1, m.text),
            };
        }
        match (lang, &self.material) {
            (Lang::En, Some(m)) if moves == 0 => format!("{}: too little to win", m.text),
            (Lang::En, Some(m)) => format!("{moves} moves with {} without a result", m.text),
            (Lang::Hu, Some(m)) if moves == 0 => format!("{}: túl kevés a győzelemhez", m.text),
            (Lang::Hu, Some(m)) => format!("{moves} lépés eredmény nélkül, ezzel az anyaggal: {}", m.text),
            (_, None) => {
                let events: Vec<String> = self
                    .reset
                    .iter()
                    .map(|e| match (lang, e) {
                        (Lang::En, Event::Capture) => "capture".to_string(),
                        (Lang::En, Event::PieceMoves(p)) => format!("{} move", pieces[p.index()]),
                        (Lang::Hu, Event::Capture) => "ütés".to_string(),
                        (Lang::Hu, Event::PieceMoves(p)) => format!("{}lépés", pieces[p.index()]),
                    })
                    .collect();
                match lang {
                    Lang::En => format!("{moves} moves by each side without a {}", events.join(" or ")),
                    Lang::Hu => format!("mindkét fél {moves} lépése {} nélkül", events.join(" vagy ")),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{load, message};

    fn draw(table: &str) -> Result<crate::model::Ruleset, String> {
        load("[moves.m]\npiece = \"stone\"\ndo = \"step(all)\"", "no-moves", &format!("[[draw]]\n{table}"))
    }

    #[test]
    fn a_counter_restarts_on_its_events() {
        let r = draw("moves = 40\nreset = [\"capture\", \"stone\"]").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.draws[0].reason, "40 moves by each side without a capture or stone move");
        let r = draw("moves = 0\nmaterial = { strong = \"pieces == 1\", weak = \"pieces == 1\" }").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.draws[0].reason, "pieces == 1 against pieces == 1: too little to win");
        assert_eq!(message(&draw("moves = 40").expect_err("refused")), "a move-count draw needs reset = [...] events or a material condition");
        assert_eq!(message(&draw("moves = 40\nreset = [\"jump\"]").expect_err("refused")), "unknown event 'jump'; expected capture or a piece type");
    }

    #[test]
    fn a_count_by_the_pieces_on_the_board_needs_a_material_condition() {
        let bare = "material = { strong = \"stone >= 2\", weak = \"pieces == 1\" }";
        let r = draw(&format!("moves = \"8 - pieces\"\n{bare}")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.draws[0].reason, "8 - pieces moves with stone >= 2 against pieces == 1 without a result");
        let by = match &r.draws[0].kind {
            crate::model::DrawKind::Counter(c) => c.by_pieces.as_ref().map(|b| b.1.clone()),
            other => panic!("a counter, not {other:?}"),
        };
        assert_eq!(by.as_deref(), Some("8 - pieces"));
        assert!(message(&draw("moves = \"8 - pieces\"\nreset = [\"capture\"]").expect_err("refused")).contains("needs a material condition"));
        let err = message(&draw(&format!("moves = \"8 - boats\"\n{bare}")).expect_err("refused"));
        assert_eq!(err, "unknown name 'boats'; moves counts: pieces, stone, king");
        assert!(message(&draw(&format!("moves = \"8 -\"\n{bare}")).expect_err("refused")).contains("expected"));
    }
}
