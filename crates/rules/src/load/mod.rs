//! From text to a checked [`Ruleset`]: parse, resolve `extends`, apply parameters, read every
//! section, check every reference. All problems are collected and reported together, each with
//! the place in the file it comes from.
//!
//! One module per section of the file; `cx` holds what they share.

mod board;
pub(crate) use board::edge_cells;
pub(crate) mod cx;
mod draws;
mod embedded;
mod ends;
mod eval;
mod game;
mod hands;
mod inherit;
mod lang;
pub use lang::is_language_code;
mod links;
mod moves;
mod notation;
mod params;
mod pieces;
mod players;
mod stacks;
mod start;
mod state;
mod turn;

pub(crate) use ends::read_condition;
pub use notation::{MAX_CLOCK_MS, parse_clock, parse_duration};

use crate::model::Ruleset;
use crate::source::{Diagnostic, FileId, Report, Sources};
use crate::tree::{self, Table, Value};
use cx::{Cx, Fields, Names};

/// Where `extends` finds other rulesets. The rules crate does no IO itself: the caller decides
/// what a reference means (a built-in id, a path next to the file).
pub trait Files {
    /// Reads the ruleset `reference` names, as seen from the file called `from`.
    /// Returns the name to show in messages and the text.
    fn read(&self, reference: &str, from: &str) -> Result<(String, String), String>;
}

/// Resolves `extends` among the built-in rulesets only.
pub struct BuiltinFiles;

impl Files for BuiltinFiles {
    fn read(&self, reference: &str, _from: &str) -> Result<(String, String), String> {
        crate::builtin_text(reference)
            .map(|text| (crate::source::builtin_name(reference), text.to_string()))
            .ok_or_else(|| format!("no built-in ruleset '{reference}'"))
    }
}

/// Loads a ruleset from its text. `params` override the file's `[params]`; they come from the
/// command line (`--param`).
pub fn load(name: &str, text: &str, files: &dyn Files, params: &[(String, i64)]) -> Result<Ruleset, Report> {
    load_with_params(name, text, files, params, "--param")
}

/// [`load`] with parameters from elsewhere: `origin` names where they were given in messages
/// (`--param`, `game.txt: [Param]`). A ruleset that loads without them but not with them is
/// the parameters' fault: each problem is then told as theirs, with the place that uses them.
pub fn load_with_params(name: &str, text: &str, files: &dyn Files, params: &[(String, i64)], origin: &str) -> Result<Ruleset, Report> {
    // A variant's inherited faults say how to take them away, unless the parameters are at fault.
    let mut report = match load_once(name, text, files, params, origin, params.is_empty()) {
        Ok(ruleset) => return Ok(ruleset),
        Err(report) => report,
    };
    if !params.is_empty() && load_once(name, text, files, &[], origin, false).is_err() {
        return load_once(name, text, files, params, origin, true);
    }
    if !params.is_empty() {
        let given: Vec<String> = params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let given = given.join(" ");
        for d in &mut report.diagnostics {
            let Some(span) = d.span else { continue };
            let file = report.sources.file(span.file);
            let (line, col) = report.sources.line_col(span.file, span.start);
            let quoted = file.text.lines().nth(line - 1).unwrap_or("").trim();
            let place = crate::source::location(&file.name, line, col);
            *d = Diagnostic::nowhere(format!("{origin} {given}: {} ({place}: {})", d.message, crate::text::quote(quoted)));
        }
    }
    Err(report)
}

fn load_once(name: &str, text: &str, files: &dyn Files, params: &[(String, i64)], origin: &str, hints: bool) -> Result<Ruleset, Report> {
    let mut cx = Cx { sources: Sources::default(), diags: Vec::new() };
    let file = cx.sources.add(name, text);
    let resolved = resolve(&mut cx, file, &mut Vec::new(), files);
    let ruleset = match &resolved {
        Some((table, extends)) => read_ruleset(&mut cx, table, extends.clone(), params, origin),
        None => None,
    };
    if let Some((table, Some(_))) = &resolved
        && hints
    {
        inherit::hint_inherited(&mut cx.diags, table, file, name);
    }
    match ruleset {
        Some(mut ruleset) if cx.diags.is_empty() => {
            ruleset.sources = cx.sources;
            Ok(ruleset)
        }
        _ => {
            if cx.diags.is_empty() {
                cx.diags.push(Diagnostic::nowhere("the ruleset could not be read"));
            }
            Err(Report { sources: cx.sources, diagnostics: cx.diags })
        }
    }
}

/// Reads the file, follows `extends` to its root, and overlays each file on its parent.
/// Returns the merged table and the id the file extends.
fn resolve(cx: &mut Cx, file: FileId, chain: &mut Vec<String>, files: &dyn Files) -> Option<(Table, Option<String>)> {
    let text = cx.sources.file(file).text.clone();
    let table = match tree::parse(file, &text) {
        Ok(t) => t,
        Err(d) => {
            cx.diags.push(d);
            return None;
        }
    };
    let name = cx.sources.file(file).name.clone();
    chain.push(name.clone());
    let Some(node) = table.get("extends") else {
        if let Some(remove) = table.get("remove") {
            cx.error(remove.span, "remove takes away what a variant inherits, and this file extends no ruleset");
        }
        return Some((table, None));
    };
    let parent_ref = cx.string(node)?;
    let span = node.span;
    let (parent_name, parent_text) = match files.read(&parent_ref, &name) {
        Ok(found) => found,
        Err(message) => {
            cx.error(span, format!("cannot extend '{parent_ref}': {message}"));
            return None;
        }
    };
    if chain.contains(&parent_name) {
        let mut cycle = chain.clone();
        cycle.push(parent_name);
        cx.error(span, format!("extends cycle: {}", cycle.join(" -> ")));
        return None;
    }
    let parent_file = cx.sources.add(parent_name, parent_text);
    let own_game = table.get("game").and_then(|g| match &g.value {
        Value::Table(t) => Some(t.get("id").is_some() && t.get("name").is_some()),
        _ => None,
    });
    if own_game != Some(true) {
        cx.error(span, "a variant needs its own [game] id and name; they are not inherited");
    }
    let (mut merged, _) = resolve(cx, parent_file, chain, files)?;
    // A variant's tests, its parent link and what it removes are its own; everything else is
    // inherited, less what it removes.
    merged.entries.retain(|(k, _)| !matches!(k.name.as_str(), "tests" | "extends" | "remove"));
    lang::drop_titles(&mut merged);
    if let Some(remove) = table.get("remove") {
        inherit::apply_removals(cx, &mut merged, remove, &parent_ref_words(&parent_ref));
    }
    merged.merge(table);
    Some((merged, Some(parent_ref)))
}

/// Reads the sections in an order where every name is defined before it is looked up: players,
/// board and pieces first, then `Names` over them for the sections that refer to those. The order
/// of the `top.get` calls is the list an unknown top-level key is told to choose from.
fn read_ruleset(cx: &mut Cx, table: &Table, extends: Option<String>, overrides: &[(String, i64)], origin: &str) -> Option<Ruleset> {
    let mut top = Fields::new(table, "the ruleset");
    top.get("extends");
    top.get("remove");
    let game::GameKeys { id, name, source, summary, cannot_draw, uci_variant } = game::read_game(cx, top.get("game"));
    let (params, param_ranges) = params::read_params(cx, top.get("params"), overrides, origin);
    let players = players::read_players(cx, top.get("players"));
    let board_node = top.get("board");
    let built = board::read_board(cx, board_node, &params, &players);
    let pieces = pieces::read_pieces(cx, top.get("pieces"));

    let start_node = top.get("start");
    let moves_node = top.get("moves");
    let phases_node = top.get("phases");
    let turn_node = top.get("turn");
    let end_node = top.get("end");
    let tests_node = top.get("tests");
    let interpretations_node = top.get("interpretations");
    let draw_node = top.get("draw");
    let clock_node = top.get("clock");
    let notation_node = top.get("notation");
    let state_node = top.get("state");
    let eval_node = top.get("eval");
    let stacks_node = top.get("stacks");
    let hands_node = top.get("hands");
    let lang_node = top.get("lang");
    top.finish(cx);

    moves::require_moves(cx, moves_node);
    let players = players?;
    let board::BoardParts { board, shape, naming, forward, direction_sets, regions, dark, tracks } = built?;
    let (mut pieces, raw_promotions) = pieces;
    pieces::resolve_promotions(cx, &mut pieces, raw_promotions, &regions);
    let names = Names {
        players: &players,
        pieces: &pieces,
        direction_sets: &direction_sets,
        regions: &regions,
        board: &board,
        params: &params,
        phases: &[],
        tally: Default::default(),
        tracks: &tracks,
    };

    let start = start::read_start(cx, start_node, &names);
    let hands = hands::read_hands(cx, hands_node, &names, &start);
    let moves::Moves { rules: mut moves, conditions: part_conditions, refused, parts_of_refused } =
        moves::read_moves(cx, moves_node, &names);
    let state::State { unmoved, same_piece, tally } = state::read_state(cx, state_node, &names, &mut moves, &refused);
    moves::check_removals(cx, &moves, tally.last);
    let phases = turn::read_phases(cx, phases_node, &moves, &refused, &params, hands.is_some());
    // Conditions may name the phases, and count what [state] declares, from here on.
    let names = Names { phases: &phases, tally, ..names };
    moves::read_move_conditions(cx, &mut moves, part_conditions, &parts_of_refused, &names);
    let turn = turn::read_turn(cx, turn_node, &names);
    moves::check_limits(cx, &moves, moves_node);
    let draws = draws::read_draws(cx, draw_node, &names);
    let clock = notation::read_clock(cx, clock_node);
    let notation = notation::read_notation(cx, notation_node, &names);
    moves::check_fen_letters(cx, &moves, notation.position == crate::model::PositionNotation::Fen);
    let ends = ends::read_ends(cx, end_node, &names);
    let eval = eval::read_eval(cx, eval_node, &names, forward);
    if let Some(at) = cannot_draw {
        ends::check_cannot_draw(cx, at, &ends, &draws);
    }
    let stacks = stacks::read_stacks(cx, stacks_node, &moves, &turn, &notation);
    hands::check_hands(cx, hands.as_ref(), &moves, &notation.position, hands_node);
    if let (Some(_), Some(node)) = (&stacks, hands_node) {
        cx.error(node.span, "[hands] and [stacks] together are not defined yet: a captured column would go into a hand whole");
    }
    let tests = embedded::read_tests(cx, tests_node);
    let interpretations = embedded::read_interpretations(cx, interpretations_node);
    let words: Vec<&str> = ends.iter().map(|e| e.reason.as_str()).chain(draws.iter().map(|d| d.reason.as_str())).collect();
    let lang = lang::read_lang(cx, lang_node, &pieces, &words);

    Some(Ruleset {
        id,
        name,
        extends,
        source,
        summary,
        uci_variant,
        players,
        params,
        param_ranges,
        board,
        shape,
        naming,
        forward,
        direction_sets,
        regions,
        dark,
        tracks,
        pieces,
        start,
        phases,
        moves,
        turn,
        ends,
        draws,
        clock,
        notation,
        unmoved,
        same_piece,
        tally,
        eval,
        stacks,
        hands,
        cannot_draw,
        tests,
        interpretations,
        lang,
        sources: Sources::default(),
    })
}

/// The parent as messages name it: `the ruleset 'chess'`.
fn parent_ref_words(reference: &str) -> String {
    format!("the ruleset '{reference}'")
}
