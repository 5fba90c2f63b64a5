//! `[moves.NAME]`: which piece moves, its notation template, and its pattern (`do`), compiled
//! into a `MoveRule`.

use super::cx::{Args, Cx, Fields, Names, call_error, file_start};
use crate::model::moves::Revisit;
use crate::model::{Action, Effect, Heading, MoveRule, PieceTypeId};
use crate::prims::{EffectInput, MoveInput, Reader, did_you_mean, listed};
use crate::source::Diagnostic;
use crate::syntax::{self, Repeat, SyntaxError};
use crate::tree::{Node, Value};

/// `[moves]` is required. Checked on its own because `read_moves` runs only once the players,
/// the board and the pieces have been read.
pub(super) fn require_moves(cx: &mut Cx, node: Option<&Node>) {
    if node.is_none() {
        cx.diags.push(Diagnostic::at(file_start(), "the ruleset has no [moves] table"));
    }
}

/// The move rules read.
pub(super) struct Moves<'t> {
    pub rules: Vec<MoveRule>,
    /// Each rule's `if` and `if-after` nodes (compiled by [`read_move_conditions`] once the
    /// phases, which conditions may name, are read).
    pub conditions: Vec<RuleConditions<'t>>,
    /// The names of the rules refused, each reported where it is written: the sections that
    /// name them say nothing more of them.
    pub refused: Vec<String>,
    /// The rules a refused rule names in its `next`: they may be a later part, as far as is known.
    pub parts_of_refused: Vec<String>,
}

/// A rule's conditions as written: its index, `if` and `if-after`.
pub(super) struct RuleConditions<'t> {
    rule: usize,
    before: Option<&'t Node>,
    after: Option<&'t Node>,
}

/// The move rules of `[moves]`.
pub(super) fn read_moves<'t>(cx: &mut Cx, node: Option<&'t Node>, names: &Names) -> Moves<'t> {
    let Some(t) = node.and_then(|node| cx.table(node)) else {
        return Moves { rules: Vec::new(), conditions: Vec::new(), refused: Vec::new(), parts_of_refused: Vec::new() };
    };
    let mut moves = Vec::new();
    let mut nexts = Vec::new();
    let mut conditions = Vec::new();
    let mut refused = Vec::new();
    let mut parts_of_refused = Vec::new();
    let mut onward = Vec::new();
    for (key, node) in &t.entries {
        // Until the rule is read whole, it counts as refused.
        refused.push(key.name.clone());
        let Some(mt) = cx.table(node) else { continue };
        let mut f = Fields::new(mt, format!("[moves.{}]", key.name));
        // remove() takes a piece of any type: it needs no piece of its own.
        let removes = f.peek("do").and_then(|n| match &n.value {
            Value::Str(s) => Some(takes_any_piece(s)),
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
        let direction_node = f.get("direction");
        let from = f.get("from").and_then(|n| {
            let name = cx.string(n)?;
            names.region(&name).or_else(|| {
                let known: Vec<&str> = names.regions.iter().map(|r| r.name.as_str()).collect();
                cx.error(n.span, format!("no region '{name}'; the board has: {}", known.join(", ")));
                None
            })
        });
        let becomes_node = f.get("promote").and_then(|n| Some((cx.string(n)?, n.span)));
        let next_node = f.get("next").and_then(|n| Some((cx.string(n)?, n.span)));
        // Until the rule is read whole, what it names in next counts as a later part.
        if let Some((name, _)) = &next_node {
            parts_of_refused.push(name.clone());
        }
        let if_node = f.get("if");
        let if_after_node = f.get("if-after");
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
            if let Some((name, span)) = becomes_node {
                match names.piece(&name) {
                    None => cx.error(span, format!("no piece type '{name}'")),
                    Some(t) if t == piece => cx.error(span, "a piece cannot promote to itself"),
                    Some(_) if rule.action.places() => {
                        cx.error(span, "promote = \"TYPE\" turns a moving piece: a placement puts the type it places")
                    }
                    Some(t) => rule.becomes = Some(t),
                }
            }
            let hop_names = listed(Action::chaining_names());
            if let Some(n) = reverse_node {
                match (&mut rule.action, &n.value) {
                    (Action::Hops(pattern), Value::Bool(b)) => pattern.reverse = *b,
                    (Action::Hops(_), _) => cx.expect_type(n, "true or false"),
                    _ => cx.error(n.span, format!("reverse applies to moves of hops ({})", hop_names.replace(" or ", ", "))),
                }
            }
            if let (Some(letter), Some(n)) = (fen, fen_node) {
                match &rule.action {
                    Action::Castle(castle) => {
                        let dirs = castle.dirs;
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
            // chain and revisit say how a chain of hops goes on, and how a move goes on with a
            // later part that moves the piece again: checked against the parts once linked.
            let mut onward_keys = Vec::new();
            if let Some(n) = chain_node {
                let choices = [("must-go-on", false), ("may-stop", true)];
                if let Some(may_stop) = cx.keyword(n, "chain", &choices) {
                    match &mut rule.action {
                        Action::Hops(pattern) => pattern.may_stop = may_stop,
                        _ => {
                            rule.onward.may_stop = may_stop;
                            onward_keys.push(("chain", n.span));
                        }
                    }
                }
            }
            if let Some(n) = revisit_node {
                let choices = [("by-capture", Revisit::ByCapture), ("never", Revisit::Never)];
                if let Some(revisit) = cx.keyword(n, "revisit", &choices) {
                    match &mut rule.action {
                        Action::Hops(pattern) => pattern.revisit = revisit,
                        _ if revisit == Revisit::Never => {
                            rule.onward.revisit_never = true;
                            onward_keys.push(("revisit", n.span));
                        }
                        _ => cx.error(
                            n.span,
                            format!("revisit = \"by-capture\" applies to moves of hops ({}); a later part that moves the piece again takes revisit = \"never\"", hop_names.replace(" or ", ", ")),
                        ),
                    }
                }
            }
            if let Some(n) = direction_node
                && let Some(heading) =
                    cx.keyword(n, "direction", &[("any", Heading::Any), ("other", Heading::Other), ("same", Heading::Same)])
            {
                match &mut rule.action {
                    Action::Hops(pattern) => pattern.direction = heading,
                    _ => {
                        rule.onward.direction = heading;
                        onward_keys.push(("direction", n.span));
                    }
                }
            }
            onward.push((moves.len(), onward_keys));
            if next_node.is_some() {
                parts_of_refused.pop();
            }
            nexts.push((moves.len(), next_node));
            if if_node.is_some() || if_after_node.is_some() {
                conditions.push(RuleConditions { rule: moves.len(), before: if_node, after: if_after_node });
            }
            moves.push(rule);
            refused.pop();
        }
    }
    let named: Vec<String> = nexts.iter().filter_map(|(_, n)| n.as_ref().map(|(name, _)| name.clone())).collect();
    link_parts(cx, &mut moves, nexts, &refused, &parts_of_refused);
    check_onward(cx, &moves, &onward, &named);
    Moves { rules: moves, conditions, refused, parts_of_refused }
}

/// Does the pattern's action take a piece of any type (`remove`), so that the rule needs no
/// piece of its own? Asked of the text before it is read, to pick the rule's piece.
fn takes_any_piece(pattern: &str) -> bool {
    let name: String = pattern.trim_start().chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect();
    Action::SPECS.iter().any(|s| s.any_piece && s.names.contains(&name.as_str()))
}

/// A rule's `if = "CONDITION"`, in the language of `[[end]]`: the part is made only when the
/// condition holds just before it (for a first part, in the position before the move; for a
/// later part, after the part before). It cannot ask `no-moves` (the move is not made yet).
/// And `if-after = "CONDITION"`, of a whole move, on its first part: the move is legal only
/// when the condition holds after it.
pub(super) fn read_move_conditions(
    cx: &mut Cx,
    moves: &mut [MoveRule],
    conditions: Vec<RuleConditions>,
    parts_of_refused: &[String],
    names: &Names,
) {
    for RuleConditions { rule: index, before, after } in conditions {
        let first = moves.iter().find(|m| m.next == Some(index)).map(|m| m.name.clone());
        // A later part whose first part was refused: reported there.
        let orphan = first.is_none() && parts_of_refused.contains(&moves[index].name);
        if let (Some(node), Some(_)) = (before, &first)
            && goes_on(&moves[index])
        {
            cx.error(node.span, format!("a later part that moves the piece again takes no if yet: '{}' has one", moves[index].name));
            continue;
        }
        if let Some(node) = before
            && !orphan
            && let Some(condition) = super::ends::read_condition(cx, node, names)
        {
            if condition.needs_moves() {
                cx.error(node.span, "a move's if cannot ask no-moves: the move is not made when it is asked (if-after can)");
            } else {
                moves[index].when = Some(condition);
            }
        }
        if let Some(node) = after
            && !orphan
        {
            match first {
                Some(first) => {
                    cx.error(node.span, format!("if-after is a condition on a whole move: write it in '{first}', the move's first part"))
                }
                None => moves[index].after = super::ends::read_condition(cx, node, names),
            }
        }
    }
}

/// `next = "RULE"`: the rule whose move a move goes on with. A later part is a kind that may be
/// one (`place`, `remove`), takes no effects and has no later part of its own; a kind that is only
/// ever a later part (`remove`, `place(along=...)`) needs a rule that goes on with it. A name of
/// a rule refused (`refused`) was reported there, and so were the rules that refused rules name
/// in their `next` (`parts_of_refused`).
fn link_parts(
    cx: &mut Cx,
    moves: &mut [MoveRule],
    nexts: Vec<(usize, Option<(String, crate::source::Span)>)>,
    refused: &[String],
    parts_of_refused: &[String],
) {
    // A later part named in a next that was refused is not reported again for its along=.
    let named: Vec<String> =
        nexts.iter().filter_map(|(_, n)| n.as_ref().map(|(name, _)| name.clone())).chain(parts_of_refused.iter().cloned()).collect();
    let raw: Vec<(usize, Option<String>)> = nexts.iter().map(|(i, n)| (*i, n.as_ref().map(|(name, _)| name.clone()))).collect();
    for (index, next) in nexts {
        let Some((name, span)) = next else { continue };
        let Some(part) = moves.iter().position(|m| m.name == name) else {
            if !refused.contains(&name) {
                let known: Vec<&str> = moves.iter().map(|m| m.name.as_str()).collect();
                cx.error(span, format!("no move '{name}' in [moves]; the moves are: {}", known.join(", ")));
            }
            continue;
        };
        let later = &moves[part];
        let spec = later.action.spec();
        if spec.goes_on && !later.action.places() {
            let own = &moves[index].name;
            let named_by_another = raw.iter().any(|(i, n)| *i != index && n.as_deref() == Some(own.as_str()));
            if let Some(message) = going_on_error(moves, index, part, named_by_another) {
                cx.error(span, message);
            } else {
                moves[index].next = Some(part);
            }
        } else if !spec.later_part {
            let primitive = later.text.split('(').next().unwrap_or_default().trim();
            let kinds: Vec<String> = Action::SPECS.iter().filter(|s| s.later_part).map(|s| format!("a {}()", s.name())).collect();
            let going: Vec<String> = Action::SPECS.iter().filter(|s| s.goes_on).map(|s| format!("{}()", s.name())).collect();
            cx.error(
                span,
                format!(
                    "a later part of a move is {}, or a {} of the piece that moved, and '{name}' is {primitive}()",
                    crate::describe::join_or(&kinds),
                    crate::describe::join_or(&going)
                ),
            );
        } else if !later.effects.is_empty() {
            cx.error(span, format!("a later part of a move takes no effects yet: '{name}' has 'then ...'"));
        } else {
            moves[index].next = Some(part);
        }
    }
    for i in 0..moves.len() {
        if let Some(part) = moves[i].next
            && !goes_on(&moves[part])
            && goes_on(&moves[i])
            && moves.iter().any(|m| m.next == Some(i))
        {
            let (later, last) = (&moves[i].name, &moves[part].name);
            cx.error(moves[i].span, format!("a move whose piece moves again ends with it for now: '{later}' cannot go on with '{last}'"));
        } else if let Some(part) = moves[i].next
            && let Some(further) = moves[part].next
            && !goes_on(&moves[part])
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
        if let Some(message) = m.action.prim().only_later(&m.name)
            && !named.contains(&m.name)
        {
            cx.error(m.span, message);
        }
    }
}

/// A removal of its own next to the last move's cell (`remove(near=last)` that no move goes on
/// with) needs the last move remembered: `last_known`, `[state] last = true`.
pub(super) fn check_removals(cx: &mut Cx, moves: &[MoveRule], last_known: bool) {
    for (i, m) in moves.iter().enumerate() {
        if let Action::Remove(remove) = &m.action
            && remove.near_last.is_some()
            && !last_known
            && !moves.iter().any(|other| other.next == Some(i))
        {
            cx.error(
                m.span,
                format!(
                    "'{}' is a removal next to the last move's cell: add last = true to [state], so that positions remember it",
                    m.name
                ),
            );
        }
    }
}

/// Is the rule a move of a piece already on the board, one line from where it stands (`step`,
/// `slide`, `leap`), which may be a later part that moves the piece again?
fn goes_on(rule: &MoveRule) -> bool {
    rule.action.spec().goes_on && !rule.action.places()
}

/// Why move `index` cannot go on with `part`, a step, slide or leap that moves the piece that
/// moved again: the first part must move a piece (of the same type), the part takes no `if`
/// and only effects that capture as it goes; a rule cannot go on with itself (it would be a
/// part only); a part may go on with itself or another such part.
fn going_on_error(moves: &[MoveRule], index: usize, part: usize, named_by_another: bool) -> Option<String> {
    let (first, later) = (&moves[index], &moves[part]);
    let primitive = |m: &MoveRule| m.action.spec().name();
    if part == index && !named_by_another {
        return Some(format!(
            "a move cannot go on with itself: '{}' names itself in next; write the later part as a rule of its own, which may name itself",
            first.name
        ));
    }
    if !goes_on(first) {
        return Some(format!(
            "a later part that moves the piece again follows a step(), slide() or leap(), and '{}' is {}()",
            first.name,
            primitive(first)
        ));
    }
    if first.piece != later.piece {
        return Some(format!("a later part moves the same piece again: '{}' and '{}' move different pieces", first.name, later.name));
    }
    for m in [first, later] {
        if m.effects.iter().any(|e| !matches!(e, Effect::Approach(_) | Effect::Surround(_))) {
            // The effect by the name it is written with (flip and enclose are one primitive).
            let written = m.text.split(" then ").skip(1).map(|e| e.split('(').next().unwrap_or_default().trim());
            let effect = written.into_iter().find(|n| !["approach", "withdraw", "surround"].contains(n)).unwrap_or_default();
            return Some(format!(
                "a move whose piece moves again takes only effects that capture as it goes (approach, withdraw, surround) for now, and '{}' has {effect}()",
                m.name
            ));
        }
    }
    None
}

/// `chain`, `revisit = "never"` and `direction` on a rule that is no move of hops belong to a
/// later part that moves the piece again; one that goes on with itself, or round a loop of
/// such parts, needs `revisit = "never"` (so that it ends).
fn check_onward(cx: &mut Cx, moves: &[MoveRule], onward: &[(usize, Vec<(&'static str, crate::source::Span)>)], named: &[String]) {
    let hops = listed(Action::chaining_names()).replace(" or ", ", ");
    for (index, keys) in onward {
        let rule = &moves[*index];
        let is_part = goes_on(rule) && named.contains(&rule.name);
        for (key, span) in keys {
            if !is_part {
                cx.error(
                    *span,
                    format!(
                        "{key} applies to moves of hops ({hops}) and to a later part that moves the piece again, and '{}' is neither",
                        rule.name
                    ),
                );
            }
        }
    }
    for (i, rule) in moves.iter().enumerate() {
        if !goes_on(rule) || !moves.iter().any(|m| m.next == Some(i)) || rule.onward.revisit_never {
            continue;
        }
        // Does following next from this part come back to it?
        let mut at = rule.next;
        for _ in 0..moves.len() {
            match at {
                Some(j) if j == i => {
                    cx.error(
                        rule.span,
                        format!("'{}' goes on with itself, round and round: say revisit = \"never\" (the piece never lands where it stood earlier in the move) so that the move ends", rule.name),
                    );
                    break;
                }
                Some(j) => at = moves[j].next,
                None => break,
            }
        }
    }
}

const TEMPLATE_FIELDS: [&str; 9] = ["from", "to", "dir", "path", "turns", "captures", "removed", "letter", "piece"];

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
    let hopping = |h: &syntax::Hop| Action::chaining_names().any(|n| n == h.call.name);
    // "jump() and fly()": the kinds that come in sequences.
    let chaining = crate::describe::join_and(&Action::chaining_names().map(|n| format!("{n}()")).collect::<Vec<_>>());
    if ast.hops.len() > 1 && !ast.hops.iter().any(hopping) {
        // Two actions, neither a hop: a pattern is one action, or a sequence of hops.
        call_error(
            cx,
            node,
            &ast.hops[1].call,
            format!(
                "{}() cannot follow {}(): a pattern has one action, then effects after 'then'; only {chaining} come in sequences",
                ast.hops[1].call.name, ast.hops[0].call.name
            ),
        );
        return None;
    }
    let sequence = ast.hops.len() > 1 || hopping(&ast.hops[0]);
    if sequence {
        if let Some(other) = ast.hops.iter().find(|h| !hopping(h)) {
            call_error(
                cx,
                node,
                &other.call,
                format!("{}() cannot follow or precede hops: a move of several parts is a sequence of {chaining}", other.call.name),
            );
            return None;
        }
    } else if ast.hops[0].repeat != Repeat::Once {
        let hop = &ast.hops[0];
        call_error(cx, node, &hop.call, format!("{}() cannot repeat; only {chaining} chain", hop.call.name));
        return None;
    }
    let call = &ast.hops[0].call;
    let placing = names.pieces[piece.index()].owned;
    let mut input = MoveInput { r: Reader { cx, node, names }, hops: &ast.hops, args: Args::new(call), piece };
    let action = match Action::read(&call.name, &mut input) {
        Some(read) => read?,
        None => {
            let message = format!(
                "unknown move primitive '{}'; {}expected {}",
                call.name,
                did_you_mean(&call.name, Action::names()),
                listed(Action::names())
            );
            input.r.call_error(call, message);
            return None;
        }
    };
    let MoveInput { mut r, args, .. } = input;
    if !sequence {
        r.finish(args);
        if !action.places() && !placing {
            let message = format!("'{}' belongs to nobody, so it cannot move by itself", names.pieces[piece.index()].name);
            r.call_error(call, message);
        }
    }
    let effects = compile_effects(r.cx, node, ast, names, piece, &action)?;
    Some(MoveRule::new(name, piece, action, effects, notation, text, node.span))
}

/// The effects after `then`, each read by its primitive; an unknown one is reported and
/// skipped, one refused refuses the rule.
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
        let mut input =
            EffectInput { r: Reader { cx: &mut *cx, node, names }, call, args: Args::new(call), earlier: &effects, action, placing };
        let Some(read) = Effect::read(&call.name, &mut input) else {
            let message = format!(
                "unknown effect '{}'; {}expected {}",
                call.name,
                did_you_mean(&call.name, Effect::names()),
                listed(Effect::names())
            );
            input.r.call_error(call, message);
            continue;
        };
        let effect = read?;
        let EffectInput { mut r, args, .. } = input;
        r.finish(args);
        effects.push(effect);
    }
    Some(effects)
}

/// In a ruleset whose positions are FEN, every castling rule needs its letter: FEN writes
/// castling rights by letter and nothing else.
pub(super) fn check_fen_letters(cx: &mut Cx, moves: &[MoveRule], fen: bool) {
    for m in moves.iter().filter(|m| fen && m.fen.is_none() && matches!(m.action, Action::Castle(_))) {
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
