//! `[moves.NAME]`: which piece moves, its notation template, and its pattern (`do`), compiled
//! into a `MoveRule`.

use super::cx::{Args, Cx, Fields, Names, arg_error, call_error, file_start, landing_arg, one_dir_set, uint_arg};
use crate::model::{Action, Effect, Hop, Landing, MoveRule, Over, PieceTypeId};
use crate::source::Diagnostic;
use crate::syntax::{self, ArgValue, Repeat, SyntaxError};
use crate::tree::Node;
use hetproba_board::Board;

/// `[moves]` is required. Checked on its own because `read_moves` runs only once the players,
/// the board and the pieces have been read.
pub(super) fn require_moves(cx: &mut Cx, node: Option<&Node>) {
    if node.is_none() {
        cx.diags.push(Diagnostic::at(file_start(), "the ruleset has no [moves] table"));
    }
}

pub(super) fn read_moves(cx: &mut Cx, node: Option<&Node>, names: &Names) -> Vec<MoveRule> {
    let Some(t) = node.and_then(|node| cx.table(node)) else { return Vec::new() };
    let mut moves = Vec::new();
    for (key, node) in &t.entries {
        let Some(mt) = cx.table(node) else { continue };
        let mut f = Fields::new(mt, format!("[moves.{}]", key.name));
        let piece = match f.get("piece") {
            Some(n) => cx.string(n).and_then(|name| {
                names.piece(&name).or_else(|| {
                    cx.error(n.span, format!("no piece type '{name}'"));
                    None
                })
            }),
            None => {
                let owned: Vec<usize> = names.pieces.iter().enumerate().filter(|(_, p)| p.owned).map(|(i, _)| i).collect();
                match owned.as_slice() {
                    [only] => Some(*only as PieceTypeId),
                    _ => {
                        cx.error(key.span, "say which piece this move uses: piece = \"...\"");
                        None
                    }
                }
            }
        };
        let notation = f.get("notation").and_then(|n| {
            let text = cx.string(n)?;
            check_template(cx, n, &text).then_some(text)
        });
        let pattern_node = f.get("do");
        f.finish(cx);
        let Some(pattern_node) = pattern_node else {
            cx.error(key.span, format!("[moves.{}] needs do = \"<pattern>\"", key.name));
            continue;
        };
        let Some(text) = cx.string(pattern_node) else { continue };
        let ast = match syntax::parse_pattern(&text) {
            Ok(ast) => ast,
            Err(err) => {
                cx.syntax_error(pattern_node, err);
                continue;
            }
        };
        let Some(piece) = piece else { continue };
        if let Some(rule) = compile_pattern(cx, pattern_node, &ast, names, piece, key.name.clone(), notation, text) {
            moves.push(rule);
        }
    }
    moves
}

const TEMPLATE_FIELDS: [&str; 5] = ["from", "to", "dir", "path", "captures"];

fn check_template(cx: &mut Cx, node: &Node, text: &str) -> bool {
    if let Some(i) = text.find(char::is_whitespace) {
        cx.syntax_error(
            node,
            SyntaxError { at: i..i + 1, message: "a move's notation cannot contain spaces (moves are separated by spaces)".into() },
        );
        return false;
    }
    let mut rest = text;
    let mut offset = 0;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            cx.syntax_error(node, SyntaxError { at: offset + open..offset + open + 1, message: "unclosed '{'".into() });
            return false;
        };
        let field = &rest[open + 1..open + close];
        let (name, _) = field.split_once(':').unwrap_or((field, ""));
        if !TEMPLATE_FIELDS.contains(&name) {
            cx.syntax_error(
                node,
                SyntaxError {
                    at: offset + open..offset + open + close + 1,
                    message: format!("unknown field '{name}'; expected one of: {}", TEMPLATE_FIELDS.join(", ")),
                },
            );
            return false;
        }
        offset += open + close + 1;
        rest = &rest[open + close + 1..];
    }
    true
}

#[allow(clippy::too_many_arguments)]
fn compile_pattern(
    cx: &mut Cx,
    node: &Node,
    ast: &syntax::PatternAst,
    names: &Names,
    piece: PieceTypeId,
    name: String,
    notation: Option<String>,
    text: String,
) -> Option<MoveRule> {
    let [hop] = ast.hops.as_slice() else {
        call_error(cx, node, &ast.hops[1].call, "a move of several hops is not supported yet: write one primitive");
        return None;
    };
    let hopping = matches!(hop.call.name.as_str(), "jump" | "fly");
    match hop.repeat {
        Repeat::Once => {}
        Repeat::OneOrMore if hopping => {}
        _ if hopping => {
            call_error(cx, node, &hop.call, "a chain of hops is written with '+' (one or more); '*' and '?' are not supported yet");
            return None;
        }
        _ => {
            call_error(cx, node, &hop.call, format!("{}() cannot repeat; only jump() and fly() chain", hop.call.name));
            return None;
        }
    }
    let call = &hop.call;
    let mut args = Args::new(call);
    let placing = names.pieces[piece as usize].owned;
    let action = match call.name.as_str() {
        "place" => {
            let region = match args.key("in") {
                None => None,
                Some(arg) => match &arg.value {
                    ArgValue::Name(r) => names.region(r).or_else(|| {
                        arg_error(cx, node, arg, format!("no region '{r}'"));
                        None
                    }),
                    _ => {
                        arg_error(cx, node, arg, "in= takes a region name");
                        None
                    }
                },
            };
            Action::Place { region }
        }
        "roll" => Action::Roll { dirs: one_dir_set(cx, node, call, &mut args, names)? },
        "push" => Action::Push { dirs: one_dir_set(cx, node, call, &mut args, names)? },
        "step" => {
            let dirs = one_dir_set(cx, node, call, &mut args, names)?;
            Action::Step { dirs, to: landing_arg(cx, node, &mut args, Landing::Empty) }
        }
        "slide" => {
            let dirs = one_dir_set(cx, node, call, &mut args, names)?;
            let to = landing_arg(cx, node, &mut args, Landing::Empty);
            let max = args.key("max").and_then(|a| uint_arg(cx, node, a));
            Action::Slide { dirs, to, max }
        }
        "leap" => {
            let mut offsets = Vec::new();
            for arg in args.positional() {
                match arg.value {
                    ArgValue::Vector(dx, dy) => {
                        for (a, b) in [(dx, dy), (dy, dx)] {
                            for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                                if !offsets.contains(&(a * sa, b * sb)) {
                                    offsets.push((a * sa, b * sb));
                                }
                            }
                        }
                    }
                    _ => arg_error(cx, node, arg, "leap() takes offsets such as (1,2)"),
                }
            }
            if offsets.is_empty() {
                call_error(cx, node, call, "leap() needs at least one offset, e.g. leap((1,2))");
                return None;
            }
            Action::Leap { offsets, to: landing_arg(cx, node, &mut args, Landing::EmptyOrEnemy) }
        }
        "jump" | "fly" => {
            let dirs = one_dir_set(cx, node, call, &mut args, names)?;
            let over = match args.key("over") {
                None => Over::Enemy,
                Some(arg) => match &arg.value {
                    ArgValue::Name(n) if n == "enemy" => Over::Enemy,
                    ArgValue::Name(n) if n == "own" => Over::Own,
                    ArgValue::Name(n) if n == "any" => Over::Any,
                    _ => {
                        arg_error(cx, node, arg, "over= takes enemy, own or any");
                        Over::Enemy
                    }
                },
            };
            Action::Hop(Hop { dirs, over, long: call.name == "fly", repeat: hop.repeat == Repeat::OneOrMore })
        }
        other => {
            call_error(
                cx,
                node,
                call,
                format!("unknown move primitive '{other}'; expected place, roll, push, step, slide, leap, jump or fly"),
            );
            return None;
        }
    };
    args.finish(cx, node);
    if !action.places() && !placing {
        call_error(cx, node, call, format!("'{}' belongs to nobody, so it cannot move by itself", names.pieces[piece as usize].name));
    }
    let mut effects = Vec::new();
    for call in &ast.effects {
        let mut args = Args::new(call);
        match call.name.as_str() {
            "flip" => {
                let dirs = one_dir_set(cx, node, call, &mut args, names)?;
                let min = args.key("min").and_then(|a| uint_arg(cx, node, a)).unwrap_or(1);
                if !placing {
                    call_error(cx, node, call, "flip() needs a piece that belongs to the mover");
                }
                effects.push(Effect::Flip { dirs, min });
            }
            other => {
                call_error(cx, node, call, format!("unknown effect '{other}'; expected flip"));
                continue;
            }
        }
        args.finish(cx, node);
    }
    Some(MoveRule { name, piece, action, effects, notation, text, span: node.span })
}

/// The engine keeps the cells a chain of hops captures in 128 bits.
pub(super) fn check_hops_fit(cx: &mut Cx, moves: &[MoveRule], board: &Board, board_node: Option<&Node>) {
    if moves.iter().any(|m| matches!(m.action, Action::Hop(_))) && board.len() > 128 {
        let span = board_node.map_or(file_start(), |n| n.span);
        cx.diags.push(Diagnostic::at(span, format!("hops need a board of at most 128 cells; this one has {}", board.len())));
    }
}
