//! `list`, `show` and `check`.

use crate::CliError;
use crate::draw::draw_with_status;
use crate::load::{DiskFiles, is_path, load_ruleset};
use hetproba_engine::{Game, Position};
use hetproba_rules::{builtin_ids, builtin_text};
use serde::Serialize;

#[derive(Serialize)]
struct ListEntry {
    id: String,
    name: String,
    players: Vec<String>,
    extends: Option<String>,
    source: String,
    summary: String,
}

pub fn list(json: bool) -> Result<(), CliError> {
    let mut entries = Vec::new();
    for id in builtin_ids() {
        let rules = load_ruleset(id, &[])?;
        entries.push(ListEntry {
            id: rules.id.clone(),
            name: rules.name.clone(),
            players: rules.players.iter().map(|p| p.name.clone()).collect(),
            extends: rules.extends.clone(),
            source: rules.source.clone(),
            summary: rules.summary.clone(),
        });
    }
    if json {
        crate::outln!("{}", serde_json::to_string_pretty(&entries).map_err(|e| CliError::failure(e.to_string()))?);
        return Ok(());
    }
    let players = |e: &ListEntry| e.players.join(" / ");
    let extends = |e: &ListEntry| e.extends.clone().unwrap_or_else(|| "-".into());
    let width =
        |f: &dyn Fn(&ListEntry) -> String, title: &str| entries.iter().map(|e| f(e).chars().count()).max().unwrap_or(0).max(title.len());
    let (wi, wn) = (width(&|e| e.id.clone(), "ID"), width(&|e| e.name.clone(), "NAME"));
    let (wp, we) = (width(&players, "PLAYERS"), width(&extends, "EXTENDS"));
    crate::outln!("{:wi$}  {:wn$}  {:wp$}  {:we$}  SOURCE", "ID", "NAME", "PLAYERS", "EXTENDS");
    for e in &entries {
        crate::outln!("{:wi$}  {:wn$}  {:wp$}  {:we$}  {}", e.id, e.name, players(e), extends(e), e.source);
    }
    Ok(())
}

pub fn show(arg: &str, params: &[(String, i64)]) -> Result<(), CliError> {
    let rules = load_ruleset(arg, params)?;
    let text = hetproba_rules::describe::rules_in_words(&rules);
    let game = Game::new(rules);
    let start = Position::start(&game);
    crate::out!("{text}");
    if matches!(game.rules().naming, hetproba_rules::model::Naming::Numbers { .. }) {
        crate::outln!("\nCell numbers:");
        crate::out!("{}", crate::draw::numbering(&game));
    }
    crate::outln!("\nStart position ({}):", game.write_position(&start));
    crate::out!("{}", draw_with_status(&game, &start));
    Ok(())
}

pub fn check(args: &[String], all: bool) -> Result<(), CliError> {
    let mut targets: Vec<String> = args.to_vec();
    if all {
        targets.extend(builtin_ids().map(String::from));
    }
    if targets.is_empty() {
        return Err(CliError::usage("name rulesets or files to check, or use --all"));
    }
    let mut failed = 0;
    for target in &targets {
        match check_one(target) {
            Ok(summary) => crate::outln!("ok: {summary}"),
            Err(message) => {
                failed += 1;
                eprintln!("{message}");
            }
        }
    }
    if failed > 0 {
        return Err(CliError::failure(format!("{failed} of {} rulesets failed", targets.len())));
    }
    Ok(())
}

/// Loads, compiles and tests one ruleset; returns a summary line or every problem found.
fn check_one(target: &str) -> Result<String, String> {
    let loaded = if is_path(target) {
        let text = crate::files::read_text(target, crate::files::Kind::Ruleset).map_err(|e| format!("error: {e}"))?;
        hetproba_rules::load(&crate::load::display_name(std::path::Path::new(target)), &text, &DiskFiles, &[])
    } else {
        let text = builtin_text(target).ok_or_else(|| {
            format!("error: unknown ruleset '{target}'; built-in rulesets: {}", builtin_ids().collect::<Vec<_>>().join(", "))
        })?;
        hetproba_rules::load(&hetproba_rules::source::builtin_name(target), text, &hetproba_rules::BuiltinFiles, &[])
    };
    let rules = loaded.map_err(|report| {
        report.diagnostics.iter().map(|d| format!("error: {}", d.render(&report.sources))).collect::<Vec<_>>().join("\n")
    })?;
    let file = rules.sources.file(0).name.clone();
    let mut notes = Vec::new();
    for (i, piece) in rules.pieces.iter().enumerate() {
        if piece.owned && !rules.moves.iter().any(|m| m.piece as usize == i) {
            notes.push(format!("note: {file}: piece '{}' has no move and is never placed", piece.name));
        }
    }
    let game = Game::new(rules);
    let report = game.run_tests();
    if !report.failures.is_empty() {
        let mut lines: Vec<String> = report.failures.iter().map(|f| format!("error: {}", f.render(&game))).collect();
        lines.extend(notes);
        return Err(lines.join("\n"));
    }
    for note in &notes {
        eprintln!("{note}");
    }
    let r = game.rules();
    // A file says which ruleset it holds; a built-in's name already does.
    let label = if hetproba_rules::source::builtin_id(&file).is_some() { file } else { format!("{file} ({})", r.id) };
    Ok(format!(
        "{label}: {} cells, {} piece type{}, {} move rule{}, {} end rule{}; {} embedded test{} passed{}",
        r.board.len(),
        r.pieces.len(),
        plural(r.pieces.len()),
        r.moves.len(),
        plural(r.moves.len()),
        r.ends.len(),
        plural(r.ends.len()),
        report.passed,
        plural(report.passed),
        if report.nodes > 0 { format!(" ({} perft leaves)", report.nodes) } else { String::new() }
    ))
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
