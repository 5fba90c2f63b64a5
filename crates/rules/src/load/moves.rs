//! `[moves.NAME]`: which piece moves, its notation template, and its pattern (`do`), compiled
//! into a `MoveRule`.

use super::cx::{
    Args, Cx, Fields, Names, arg_error, call_error, dir_set_arg, file_start, landing_arg, one_dir_set, piece_types_arg, region_arg,
    uint_arg,
};
use crate::model::{
    Action, Distance, Effect, Enclosed, Hop, HopPattern, Landing, MoveRule, Near, Over, Phase, PieceTypeId, PieceTypeSet, Revisit, Whose,
};
use crate::source::Diagnostic;
use crate::syntax::{self, ArgValue, Repeat, SyntaxError};
use crate::tree::{Node, Value};

/// `[moves]` is required. Checked on its own because `read_moves` runs only once the players,
/// the board and the pieces have been read.
pub(super) fn require_moves(cx: &mut Cx, node: Option<&Node>) {
    if node.is_none() {
        cx.diags.push(Diagnostic::at(file_start(), "the ruleset has no [moves] table"));
    }
}

/// The move rules, and each later part's `if` node (compiled by [`read_part_conditions`] once the
/// phases, which conditions may name, are read).
pub(super) fn read_moves<'t>(cx: &mut Cx, node: Option<&'t Node>, names: &Names) -> (Vec<MoveRule>, Vec<(usize, &'t Node)>) {
    let Some(t) = node.and_then(|node| cx.table(node)) else { return (Vec::new(), Vec::new()) };
    let mut moves = Vec::new();
    let mut nexts = Vec::new();
    let mut conditions = Vec::new();
    for (key, node) in &t.entries {
        let Some(mt) = cx.table(node) else { continue };
        let mut f = Fields::new(mt, format!("[moves.{}]", key.name));
        // remove() takes a piece of any type: it needs no piece of its own.
        let removes = f.peek("do").and_then(|n| match &n.value {
            Value::Str(s) => Some(s.trim_start().starts_with("remove")),
            _ => None,
        }) == Some(true);
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
                    [only] => Some(PieceTypeId::new(*only)),
                    [first, ..] if removes => Some(PieceTypeId::new(*first)),
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
        let revisit_node = f.get("revisit");
        let reverse_node = f.get("reverse");
        let chain_node = f.get("chain");
        let from = f.get("from").and_then(|n| {
            let name = cx.string(n)?;
            names.region(&name).or_else(|| {
                let known: Vec<&str> = names.regions.iter().map(|r| r.name.as_str()).collect();
                cx.error(n.span, format!("no region '{name}'; the board has: {}", known.join(", ")));
                None
            })
        });
        let next_node = f.get("next").and_then(|n| Some((cx.string(n)?, n.span)));
        let if_node = f.get("if");
        let fen_node = f.get("fen");
        let fen = fen_node.and_then(|n| {
            let text = cx.string(n)?;
            let mut chars = text.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_uppercase() => Some(c),
                _ => {
                    cx.error(n.span, "fen = one capital letter (the first player's castling letter, such as K)");
                    None
                }
            }
        });
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
        if let Some(mut rule) = compile_pattern(cx, pattern_node, &ast, names, piece, key.name.clone(), notation, text) {
            rule.from = from;
            rule.fen = fen;
            if let Some(n) = reverse_node {
                match (&mut rule.action, &n.value) {
                    (Action::Hops(pattern), Value::Bool(b)) => pattern.reverse = *b,
                    (Action::Hops(_), _) => cx.expect_type(n, "true or false"),
                    _ => cx.error(n.span, "reverse applies to moves of hops (jump, fly)"),
                }
            }
            if let (Some(letter), Some(n)) = (fen, fen_node) {
                match rule.action {
                    Action::Castle { dirs, .. } => {
                        // One letter stands for one pair of pieces: one direction, its farthest partner.
                        let most = names.direction_sets[dirs.index()].dirs.iter().map(Vec::len).max().unwrap_or(0);
                        if most > 1 {
                            cx.error(
                                n.span,
                                format!(
                                    "fen = gives one castling direction its letter, and this castle() has {most}: write one castle() rule per direction, each with its own letter"
                                ),
                            );
                        } else if let Some(other) = moves.iter().find(|m: &&MoveRule| m.fen == Some(letter)) {
                            cx.error(n.span, format!("the fen letter '{letter}' is taken by move '{}'", other.name));
                        }
                    }
                    _ => cx.error(n.span, "fen = names a castling move: only castle() moves take it"),
                }
            }
            if let Some(n) = chain_node {
                let choices = [("must-go-on", false), ("may-stop", true)];
                match (&mut rule.action, cx.keyword(n, "chain", &choices)) {
                    (Action::Hops(pattern), Some(may_stop)) => pattern.may_stop = may_stop,
                    (_, Some(_)) => cx.error(n.span, "chain applies to moves of hops (jump, fly)"),
                    _ => {}
                }
            }
            if let Some(n) = revisit_node {
                let choices = [("by-capture", Revisit::ByCapture), ("never", Revisit::Never)];
                match (&mut rule.action, cx.keyword(n, "revisit", &choices)) {
                    (Action::Hops(pattern), Some(revisit)) => pattern.revisit = revisit,
                    (_, Some(_)) => cx.error(n.span, "revisit applies to moves of hops (jump, fly)"),
                    _ => {}
                }
            }
            nexts.push((moves.len(), next_node));
            if let Some(n) = if_node {
                conditions.push((moves.len(), n));
            }
            moves.push(rule);
        }
    }
    link_parts(cx, &mut moves, nexts);
    (moves, conditions)
}

/// A later part's `if = "CONDITION"`, in the language of `[[end]]`: the part is made only when
/// the condition holds after the part before. Only later parts take one, and it cannot ask
/// `no-moves` (the move is not over yet).
pub(super) fn read_part_conditions(cx: &mut Cx, moves: &mut [MoveRule], conditions: Vec<(usize, &Node)>, names: &Names, phases: &[Phase]) {
    for (index, node) in conditions {
        if !moves.iter().any(|m| m.next == Some(index)) {
            if matches!(moves[index].action, Action::Remove { .. } | Action::Place { along: Some(_), .. }) {
                continue; // reported as a later part that no move goes on with
            }
            let name = &moves[index].name;
            cx.error(
                node.span,
                format!(
                    "if = is for the later part of a move, and no move goes on with '{name}': name it in another move's next = \"{name}\""
                ),
            );
            continue;
        }
        let Some(condition) = super::ends::read_condition(cx, node, names, phases) else { continue };
        if condition.needs_moves() {
            cx.error(node.span, "a later part's if cannot ask no-moves: the move is not over when it is asked");
            continue;
        }
        moves[index].when = Some(condition);
    }
}

/// `next = "RULE"`: the rule whose move a move goes on with. A later part is a placement that
/// takes no effects and has no later part of its own; `place(along=...)` is only a later part.
fn link_parts(cx: &mut Cx, moves: &mut [MoveRule], nexts: Vec<(usize, Option<(String, crate::source::Span)>)>) {
    // A later part named in a next that was refused is not reported again for its along=.
    let named: Vec<String> = nexts.iter().filter_map(|(_, n)| n.as_ref().map(|(name, _)| name.clone())).collect();
    for (index, next) in nexts {
        let Some((name, span)) = next else { continue };
        let Some(part) = moves.iter().position(|m| m.name == name) else {
            let known: Vec<&str> = moves.iter().map(|m| m.name.as_str()).collect();
            cx.error(span, format!("no move '{name}' in [moves]; the moves are: {}", known.join(", ")));
            continue;
        };
        let later = &moves[part];
        if !matches!(later.action, Action::Place { .. } | Action::Remove { .. }) {
            let primitive = later.text.split('(').next().unwrap_or_default().trim();
            cx.error(span, format!("a later part of a move is a place() or a remove() for now, and '{name}' is {primitive}()"));
        } else if !later.effects.is_empty() {
            cx.error(span, format!("a later part of a move takes no effects yet: '{name}' has 'then ...'"));
        } else {
            moves[index].next = Some(part);
        }
    }
    for i in 0..moves.len() {
        if let Some(part) = moves[i].next
            && let Some(further) = moves[part].next
        {
            let (first, later, last) = (&moves[i].name, &moves[part].name, &moves[further].name);
            let message = if part == i {
                format!("a move cannot go on with itself: '{first}' names itself in next")
            } else {
                format!("a move has at most two parts: '{first}' goes on with '{later}', which goes on with '{last}'")
            };
            cx.error(moves[i].span, message);
        }
    }
    for m in moves.iter() {
        if matches!(m.action, Action::Remove { .. }) && !named.contains(&m.name) {
            cx.error(
                m.span,
                format!(
                    "remove() is the later part of a move, and no move goes on with '{}': name it in another move's next = \"{}\"",
                    m.name, m.name
                ),
            );
        }
        if matches!(m.action, Action::Place { along: Some(_), .. }) && !named.contains(&m.name) {
            cx.error(
                m.span,
                format!(
                    "place(along=...) places from where the part before landed, and no move goes on with '{}': name it in another move's next = \"{}\"",
                    m.name, m.name
                ),
            );
        }
    }
}

const TEMPLATE_FIELDS: [&str; 8] = ["from", "to", "dir", "path", "turns", "captures", "removed", "letter"];

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
    let hopping = |h: &syntax::Hop| matches!(h.call.name.as_str(), "jump" | "fly");
    if ast.hops.len() > 1 && !ast.hops.iter().any(hopping) {
        // Two actions, neither a hop: a pattern is one action, or a sequence of hops.
        call_error(
            cx,
            node,
            &ast.hops[1].call,
            format!(
                "{}() cannot follow {}(): a pattern has one action, then effects after 'then'; only jump() and fly() come in sequences",
                ast.hops[1].call.name, ast.hops[0].call.name
            ),
        );
        return None;
    }
    if ast.hops.len() > 1 || hopping(&ast.hops[0]) {
        if let Some(other) = ast.hops.iter().find(|h| !hopping(h)) {
            call_error(
                cx,
                node,
                &other.call,
                format!("{}() cannot follow or precede hops: a move of several parts is a sequence of jump() and fly()", other.call.name),
            );
            return None;
        }
        let segments = ast.hops.iter().map(|h| compile_hop(cx, node, h, names)).collect::<Option<Vec<Hop>>>()?;
        if segments.len() > MAX_SEGMENTS {
            call_error(cx, node, &ast.hops[MAX_SEGMENTS].call, format!("a move has at most {MAX_SEGMENTS} hop segments"));
            return None;
        }
        if segments.iter().all(|s| s.min == 0) {
            call_error(
                cx,
                node,
                &ast.hops[0].call,
                "every part of this pattern may be skipped, so it allows a move of no hops: make one part '+' or plain",
            );
            return None;
        }
        let action = Action::Hops(HopPattern { segments, revisit: Revisit::ByCapture, reverse: true, may_stop: false });
        let effects = compile_effects(cx, node, ast, names, piece, &action)?;
        return Some(MoveRule::new(name, piece, action, effects, notation, text, node.span));
    }
    let hop = &ast.hops[0];
    if hop.repeat != Repeat::Once {
        call_error(cx, node, &hop.call, format!("{}() cannot repeat; only jump() and fly() chain", hop.call.name));
        return None;
    }
    let call = &hop.call;
    let mut args = Args::new(call);
    let placing = names.pieces[piece.index()].owned;
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
            let near = match args.key("near") {
                None => None,
                Some(arg) => {
                    let of = match &arg.value {
                        ArgValue::Name(n) if n == "own" => Some(Whose::Own),
                        ArgValue::Name(n) if n == "enemy" => Some(Whose::Enemy),
                        ArgValue::Name(n) if n == "any" => Some(Whose::Any),
                        _ => {
                            arg_error(cx, node, arg, "near= takes own, enemy or any: whose piece the new one goes next to");
                            None
                        }
                    };
                    let within = args.key("within").and_then(|a| uint_arg(cx, node, a, names)).unwrap_or(1);
                    if within == 0 {
                        call_error(cx, node, call, "within= is a number of steps: at least 1");
                    }
                    of.map(|of| Near { of, within: within.max(1) })
                }
            };
            if near.is_none()
                && let Some(arg) = args.key("within")
            {
                arg_error(cx, node, arg, "within= says how near: it goes with near=own, enemy or any");
            }
            let along = args.key("along").and_then(|a| dir_set_arg(cx, node, a, names));
            Action::Place { region, near, along }
        }
        "remove" => {
            let of = match args.positional().as_slice() {
                [] => Whose::Enemy,
                [_, extra, ..] => {
                    arg_error(cx, node, extra, "remove() takes one argument: whose piece leaves the board");
                    Whose::Enemy
                }
                [arg] => match &arg.value {
                    ArgValue::Name(n) if n == "enemy" => Whose::Enemy,
                    ArgValue::Name(n) if n == "own" => Whose::Own,
                    ArgValue::Name(n) if n == "any" => Whose::Any,
                    _ => {
                        arg_error(cx, node, arg, "remove() takes enemy, own or any: whose piece leaves the board");
                        Whose::Enemy
                    }
                },
            };
            let region = args.key("in").and_then(|arg| region_arg(cx, node, arg, names));
            Action::Remove { of, region }
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
            let max = args.key("max").and_then(|a| uint_arg(cx, node, a, names));
            let min = args.key("min").and_then(|a| uint_arg(cx, node, a, names)).unwrap_or(1).max(1);
            if let Some(m) = max
                && m < min
            {
                call_error(cx, node, call, format!("slide() has min={min} above max={m}"));
            }
            let stay = args.key("stay").and_then(|a| region_arg(cx, node, a, names));
            let over = match args.key("over") {
                None => None,
                Some(arg) => match &arg.value {
                    ArgValue::Name(n) if n == "none" => None,
                    ArgValue::Name(n) if ["own", "enemy", "any"].contains(&n.as_str()) => over_arg(cx, node, arg),
                    _ => {
                        arg_error(cx, node, arg, "over= takes none, own, enemy or any");
                        None
                    }
                },
            };
            let distance = match args.key("distance") {
                None => Distance::Any,
                Some(arg) => match &arg.value {
                    ArgValue::Name(n) if n == "line-count" => Distance::LineCount,
                    ArgValue::Name(n) if n == "any" => Distance::Any,
                    _ => {
                        arg_error(cx, node, arg, "distance= takes any or line-count");
                        Distance::Any
                    }
                },
            };
            if distance == Distance::LineCount && max.is_some() {
                call_error(cx, node, call, "slide() takes max= or distance=line-count, not both");
            }
            Action::Slide { dirs, to, min, max, over, distance, stay }
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
            let to = landing_arg(cx, node, &mut args, Landing::EmptyOrEnemy);
            if to == Landing::Passed {
                call_error(cx, node, call, "a leap passes over no cells: to=passed is for step() and slide()");
            }
            Action::Leap { offsets, to }
        }
        "castle" => {
            let dirs = one_dir_set(cx, node, call, &mut args, names)?;
            let with = match args.key("with") {
                Some(arg) => match &arg.value {
                    ArgValue::Name(p) => names.piece(p).or_else(|| {
                        arg_error(cx, node, arg, format!("no piece type '{p}'"));
                        None
                    })?,
                    _ => {
                        arg_error(cx, node, arg, "with= takes a piece type");
                        return None;
                    }
                },
                None => {
                    call_error(cx, node, call, "castle() needs with=PIECE, the piece it castles with, e.g. castle(e, with=rook)");
                    return None;
                }
            };
            let steps = args.key("steps").and_then(|a| uint_arg(cx, node, a, names)).unwrap_or(2);
            if steps < 1 {
                call_error(cx, node, call, "castle() moves at least one cell: steps=1 or more");
            }
            Action::Castle { dirs, with, steps }
        }
        "line" => line_action(cx, node, call, &mut args, names, piece)?,
        other => {
            call_error(
                cx,
                node,
                call,
                format!(
                    "unknown move primitive '{other}'; expected place, remove, roll, push, step, slide, leap, castle, line, jump or fly"
                ),
            );
            return None;
        }
    };
    args.finish(cx, node);
    if !action.places() && !placing {
        call_error(cx, node, call, format!("'{}' belongs to nobody, so it cannot move by itself", names.pieces[piece.index()].name));
    }
    let effects = compile_effects(cx, node, ast, names, piece, &action)?;
    Some(MoveRule::new(name, piece, action, effects, notation, text, node.span))
}

/// `line(DIRS, of=TYPES, length=N, max=N|any)`: a line of own pieces that moves as a unit.
fn line_action(cx: &mut Cx, node: &Node, call: &syntax::Call, args: &mut Args, names: &Names, piece: PieceTypeId) -> Option<Action> {
    let dirs = one_dir_set(cx, node, call, args, names)?;
    let mut of = PieceTypeSet::EMPTY;
    of.insert(piece);
    if let Some(arg) = args.key("of") {
        of = piece_types_arg(cx, node, arg, names)?;
        if !of.contains(piece) {
            let name = &names.pieces[piece.index()].name;
            arg_error(cx, node, arg, format!("of= must include '{name}', the rule's piece: a line moves from its rear {name}"));
            return None;
        }
        if let Some(t) = of.iter().find(|t| !names.pieces[t.index()].owned) {
            arg_error(
                cx,
                node,
                arg,
                format!("'{}' belongs to nobody, so it cannot be part of a player's line", names.pieces[t.index()].name),
            );
            return None;
        }
    }
    let length = match args.key("length") {
        None => 1,
        Some(arg) => match uint_arg(cx, node, arg, names)? {
            0 => {
                arg_error(cx, node, arg, "length= is the fewest pieces of a line: at least 1 (a lone piece is a line of one)");
                return None;
            }
            n => n,
        },
    };
    let max = match args.key("max") {
        None => Some(1),
        Some(arg) => match &arg.value {
            ArgValue::Name(n) if n == "any" => None,
            ArgValue::Name(n) if names.param(n).is_none() => {
                arg_error(
                    cx,
                    node,
                    arg,
                    format!("max= takes a number of cells, a parameter's name, or any (as far as empty cells allow), not '{n}'"),
                );
                return None;
            }
            _ => match uint_arg(cx, node, arg, names)? {
                0 => {
                    arg_error(cx, node, arg, "max= is how many cells a line may move: at least 1, or any (as far as empty cells allow)");
                    return None;
                }
                n => Some(n),
            },
        },
    };
    Some(Action::Line { dirs, of, length, max })
}

/// The most directions the optional captures of one move may look along (each doubles the moves).
const MAX_OPTIONAL_LINES: usize = 16;

/// The most hop segments in one pattern.
const MAX_SEGMENTS: usize = 16;

/// One hop segment: `jump(dirs, over=...)` or `fly(...)`, with its repeat.
fn compile_hop(cx: &mut Cx, node: &Node, hop: &syntax::Hop, names: &Names) -> Option<Hop> {
    let call = &hop.call;
    let mut args = Args::new(call);
    let dirs = one_dir_set(cx, node, call, &mut args, names)?;
    let over = match args.key("over") {
        None => Over::Enemy,
        Some(arg) => match &arg.value {
            ArgValue::Name(n) if ["enemy", "own", "any"].contains(&n.as_str()) => over_arg(cx, node, arg).unwrap_or(Over::Enemy),
            ArgValue::Names(list) if list.iter().any(|n| ["enemy", "own", "any"].contains(&n.as_str())) => {
                arg_error(cx, node, arg, "over= takes enemy, own or any alone, or enemy piece types joined by | (over=man|king)");
                Over::Enemy
            }
            _ => piece_types_arg(cx, node, arg, names).map_or(Over::Enemy, Over::EnemyOf),
        },
    };
    let take = match args.key("take") {
        None => true,
        Some(arg) => match &arg.value {
            ArgValue::Name(n) if n == "none" => false,
            _ => {
                arg_error(cx, node, arg, "take= takes none: a hop that captures nothing");
                true
            }
        },
    };
    let behind = match args.key("land") {
        None => false,
        Some(arg) => match &arg.value {
            ArgValue::Name(n) if n == "behind" && call.name == "fly" => true,
            ArgValue::Name(n) if n == "beyond" && call.name == "fly" => false,
            _ if call.name != "fly" => {
                arg_error(cx, node, arg, "land= is for fly(): a jump always lands right behind the piece");
                false
            }
            _ => {
                arg_error(
                    cx,
                    node,
                    arg,
                    "land= takes beyond (any empty cell past the piece, the default) or behind (the cell right behind it)",
                );
                false
            }
        },
    };
    args.finish(cx, node);
    let (min, max) = match hop.repeat {
        Repeat::Once => (1, 1),
        Repeat::OneOrMore => (1, Hop::UNBOUNDED),
        Repeat::ZeroOrMore => (0, Hop::UNBOUNDED),
        Repeat::Optional => (0, 1),
    };
    Some(Hop { dirs, over, long: call.name == "fly", behind, min, max, take })
}

/// `over=enemy`, `own` or `any`.
fn over_arg(cx: &mut Cx, node: &Node, arg: &syntax::Arg) -> Option<Over> {
    match &arg.value {
        ArgValue::Name(n) if n == "enemy" => Some(Over::Enemy),
        ArgValue::Name(n) if n == "own" => Some(Over::Own),
        ArgValue::Name(n) if n == "any" => Some(Over::Any),
        _ => {
            arg_error(cx, node, arg, "over= takes enemy, own or any");
            None
        }
    }
}

/// The effects after `then`: `flip(dirs, min=N)` and `enclose(dirs, flip|remove, len=N, min=N, optional)`.
fn compile_effects(
    cx: &mut Cx,
    node: &Node,
    ast: &syntax::PatternAst,
    names: &Names,
    piece: PieceTypeId,
    action: &Action,
) -> Option<Vec<Effect>> {
    let placing = names.pieces[piece.index()].owned;
    let mut effects = Vec::new();
    for call in &ast.effects {
        let mut args = Args::new(call);
        match call.name.as_str() {
            "flip" | "enclose" => {
                let positional = args.positional();
                let Some((first, rest)) = positional.split_first() else {
                    call_error(cx, node, call, format!("{}() needs a direction set, e.g. {}(all)", call.name, call.name));
                    return None;
                };
                let dirs = dir_set_arg(cx, node, first, names)?;
                let mut outcome = None;
                let mut optional = false;
                for arg in rest {
                    let mut set = |cx: &mut Cx, value: Enclosed| {
                        if outcome.is_some_and(|o| o != value) {
                            arg_error(cx, node, arg, "enclose() takes flip or remove, not both");
                        }
                        outcome = Some(value);
                    };
                    match &arg.value {
                        ArgValue::Name(n) if call.name == "enclose" && n == "flip" => set(cx, Enclosed::Flip),
                        ArgValue::Name(n) if call.name == "enclose" && n == "remove" => set(cx, Enclosed::Remove),
                        ArgValue::Name(n) if call.name == "enclose" && n == "optional" => optional = true,
                        _ if call.name == "enclose" => {
                            arg_error(cx, node, arg, "enclose() takes a direction set, then flip or remove, and optional")
                        }
                        _ => arg_error(cx, node, arg, "flip() takes one direction set"),
                    }
                }
                let outcome = outcome.unwrap_or(Enclosed::Flip);
                let len = match if call.name == "enclose" { args.key("len") } else { None } {
                    Some(arg) => match uint_arg(cx, node, arg, names) {
                        Some(0) => {
                            arg_error(cx, node, arg, "len= is the exact number of enclosed pieces: at least 1");
                            None
                        }
                        len => len,
                    },
                    None => None,
                };
                let default_min = if outcome == Enclosed::Flip { 1 } else { 0 };
                let min = args.key("min").and_then(|a| uint_arg(cx, node, a, names)).unwrap_or(default_min);
                if optional && outcome == Enclosed::Flip {
                    call_error(cx, node, call, "only a capture (remove) can be optional");
                }
                let hostile = if call.name == "enclose" { args.key("hostile").and_then(|a| region_arg(cx, node, a, names)) } else { None };
                check_effect_follows(cx, node, call, action, placing);
                // Each line an optional capture may take or leave doubles the moves; the engine
                // offers the choices of at most 16 lines.
                let lines = |d: crate::model::DirSetId| names.direction_sets[d.index()].dirs.iter().map(Vec::len).max().unwrap_or(0);
                let before: usize = effects
                    .iter()
                    .map(|e| match e {
                        Effect::Enclose { dirs, optional: true, .. } => lines(*dirs),
                        _ => 0,
                    })
                    .sum();
                if optional && before + lines(dirs) > MAX_OPTIONAL_LINES {
                    call_error(
                        cx,
                        node,
                        call,
                        format!("optional captures may choose among at most {MAX_OPTIONAL_LINES} directions in one move"),
                    );
                }
                effects.push(Effect::Enclose { dirs, outcome, len, min, optional, hostile });
            }
            "surround" | "convert" => {
                let positional = args.positional();
                let dirs = match positional.as_slice() {
                    [arg] => dir_set_arg(cx, node, arg, names)?,
                    _ => {
                        call_error(cx, node, call, format!("{}() takes one direction set, e.g. {}(orthogonal)", call.name, call.name));
                        return None;
                    }
                };
                check_effect_follows(cx, node, call, action, placing);
                if call.name == "surround" {
                    let region = args.key("in").and_then(|a| region_arg(cx, node, a, names));
                    effects.push(Effect::Surround { dirs, region });
                } else {
                    effects.push(Effect::Convert { dirs });
                }
            }
            other => {
                call_error(cx, node, call, format!("unknown effect '{other}'; expected flip, enclose, surround or convert"));
                continue;
            }
        }
        args.finish(cx, node);
    }
    Some(effects)
}

/// An effect needs a piece of the mover that arrives alone: not after hops, a castling or a
/// push.
fn check_effect_follows(cx: &mut Cx, node: &Node, call: &syntax::Call, action: &Action, placing: bool) {
    if !placing {
        call_error(cx, node, call, format!("{}() needs a piece that belongs to the mover", call.name));
    }
    if matches!(action, Action::Hops(_)) {
        call_error(cx, node, call, format!("{}() cannot follow hops yet", call.name));
    }
    if matches!(action, Action::Castle { .. }) {
        call_error(cx, node, call, format!("{}() cannot follow castle(): a castling moves two pieces", call.name));
    }
    if matches!(action, Action::Push { .. }) {
        call_error(cx, node, call, format!("{}() cannot follow push() yet: a push moves other pieces too", call.name));
    }
    if matches!(action, Action::Line { .. }) {
        call_error(cx, node, call, format!("{}() cannot follow line() yet: a line moves several pieces", call.name));
    }
}

/// In a ruleset whose positions are FEN, every castling rule needs its letter: FEN writes
/// castling rights by letter and nothing else.
pub(super) fn check_fen_letters(cx: &mut Cx, moves: &[MoveRule], fen: bool) {
    for m in moves.iter().filter(|m| fen && m.fen.is_none() && matches!(m.action, Action::Castle { .. })) {
        cx.error(
            m.span,
            "in a ruleset with FEN positions a castling move needs fen = \"<capital letter>\", its letter in FEN's castling field (without one its rights could not be written)",
        );
    }
}

/// The most move rules: the engine numbers them in one byte, and one value is the pass.
pub const MAX_RULES: usize = 255;

/// The engine numbers move rules in one byte.
pub(super) fn check_limits(cx: &mut Cx, moves: &[MoveRule], moves_node: Option<&Node>) {
    if moves.len() > MAX_RULES {
        let span = moves.get(MAX_RULES).map_or_else(|| moves_node.map_or(file_start(), |n| n.span), |m| m.span);
        cx.diags.push(Diagnostic::at(span, format!("a ruleset has at most {MAX_RULES} move rules; this one has {}", moves.len())));
    }
}
