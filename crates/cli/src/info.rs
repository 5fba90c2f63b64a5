//! `list`, `show` and `check`.

use crate::CliError;
use crate::load::{DiskFiles, is_path, load_ruleset};
use hetproba_engine::{Game, Position};
use hetproba_play::draw::draw_with_status;
use hetproba_rules::describe::Lang;
use hetproba_rules::model::PlayerId;
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

pub fn list(json: bool, lang: Option<&str>) -> Result<(), CliError> {
    let mut entries = Vec::new();
    let lang = lang.unwrap_or("");
    for id in builtin_ids() {
        let rules = load_ruleset(id, &[])?;
        entries.push(ListEntry {
            id: rules.id.clone(),
            name: rules.name_in(lang).to_string(),
            players: PlayerId::BOTH.iter().map(|&p| rules.player_in(p, lang).to_string()).collect(),
            extends: rules.extends.clone(),
            source: rules.source.clone(),
            summary: rules.summary_in(lang).to_string(),
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

/// A move's name with every run of letters and digits made one `a`, a repeated step of a path
/// made one, and check marks dropped: `a1>` is `a>`, `c3:e5:c7` and `c3:e5` are `a:a`, `Nf3+` is
/// `a`. Two moves of a rule written alike have the same skeleton.
fn skeleton(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars().filter(|c| !matches!(c, '+' | '#')) {
        if c.is_alphanumeric() {
            if !out.ends_with('a') {
                out.push('a');
            }
        } else {
            out.push(c);
        }
        // `a:a:a` is `a:a`: a path is written alike however long.
        let b = out.as_bytes();
        if b.len() >= 4 && b[b.len() - 1] == b'a' && b[b.len() - 3] == b'a' && b[b.len() - 2] == b[b.len() - 4] {
            out.truncate(out.len() - 2);
        }
    }
    out
}

/// How moves are written, by piece: each piece's moves found in a few random games from the
/// start, per move rule one plain and one capturing move of each way of writing, as the game
/// writes them.
pub fn notation_examples(game: &Game) -> Vec<(String, Vec<String>)> {
    let rules = game.rules();
    // Per rule: (captures, skeleton, example).
    let mut found: Vec<Vec<(bool, String, String)>> = vec![Vec::new(); rules.moves.len()];
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _game in 0..30 {
        let mut pos = Position::start(game);
        for _ply in 0..300 {
            if game.outcome(&pos).is_some() {
                break;
            }
            let moves = game.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                if let Some(slot) = found.get_mut(mv.rule().index()) {
                    let name = game.move_name(&pos, mv);
                    let shape = skeleton(&name);
                    match slot.iter().position(|(c, s, _)| *c == mv.is_capture() && *s == shape) {
                        // The shortest example of each way of writing.
                        Some(i) if name.len() < slot[i].2.len() => slot[i].2 = name,
                        Some(_) => {}
                        None if slot.len() < 3 => slot.push((mv.is_capture(), shape, name)),
                        None => {}
                    }
                }
            }
            let mv = moves[(next() % moves.len() as u64) as usize];
            game.make(&mut pos, mv);
        }
        if found.iter().zip(&rules.moves).all(|(f, m)| f.iter().any(|e| !e.0) && (f.iter().any(|e| e.0) || !can_capture(m))) {
            break;
        }
    }
    let mut by_piece: Vec<(String, Vec<String>)> = Vec::new();
    for (rule, examples) in rules.moves.iter().zip(found) {
        let piece = rules.pieces[rule.piece.index()].name.clone();
        let mut examples = examples;
        examples.sort_by_key(|(capture, ..)| *capture);
        let words: Vec<String> = examples.into_iter().map(|(capture, _, e)| if capture { format!("{e} (a capture)") } else { e }).collect();
        match by_piece.iter_mut().find(|(p, _)| *p == piece) {
            Some((_, list)) => {
                for w in words {
                    if !list.contains(&w) {
                        list.push(w);
                    }
                }
            }
            None => by_piece.push((piece, words)),
        }
    }
    by_piece.retain(|(_, list)| !list.is_empty());
    by_piece
}

/// Whether a move rule can capture at all (so a capture example is worth looking for).
fn can_capture(m: &hetproba_rules::model::MoveRule) -> bool {
    !m.effects.is_empty() || m.action.captures()
}

/// The "Moves are written" section of `show`.
fn notation_text(game: &Game, lang: Lang) -> String {
    let mut out = String::from(lang.pick(
        "\nMoves are written as in these examples (play, replay, moves and --after read them so):\n",
        "\nA lépések írásmódja, példákkal (a play, a replay, a moves és az --after így olvassa őket):\n",
    ));
    if game.rules().notation.san {
        out.push_str(lang.pick(
            "  Standard algebraic notation: the piece's letter (none for a pawn), x for a capture, the cell arrived on, =Q for a promotion, + for check.\n",
            "  Szabványos algebrai jelölés: a bábu betűje (gyalognál nincs), x az ütésnél, az érkezési mező, =Q az átváltozásnál, + a sakknál.\n",
        ));
    }
    let rules = game.rules();
    for (piece, examples) in notation_examples(game) {
        let name = rules
            .piece_index(&piece)
            .map_or(piece.as_str(), |t| if lang == Lang::En { piece.as_str() } else { rules.piece_in(t, lang.code()) });
        let examples: Vec<String> =
            examples.iter().map(|e| if lang == Lang::En { e.clone() } else { e.replace(" (a capture)", " (ütés)") }).collect();
        out.push_str(&format!("  {name}: {}\n", examples.join(", ")));
    }
    if game.rules().turn.pass != hetproba_rules::model::PassRule::Never {
        out.push_str(lang.pick("  a pass: pass\n", "  passz: pass\n"));
    }
    out
}

/// `show --json`: the ruleset for programs. Stable: fields are only ever added.
#[derive(Serialize)]
struct ShowJson {
    id: String,
    name: String,
    extends: Option<String>,
    source: String,
    summary: String,
    params: serde_json::Map<String, serde_json::Value>,
    players: Vec<PlayerJson>,
    first: String,
    board: String,
    cells: usize,
    pieces: Vec<PieceJson>,
    /// Every rule in words: {aspect: board, moves or end; key; words} (what `compare` compares).
    rules: Vec<RuleJson>,
    notation: Vec<NotationJson>,
    interpretations: Vec<InterpretationJson>,
    start: String,
    /// The whole text `show` prints, without the drawings.
    text: String,
}

#[derive(Serialize)]
struct PlayerJson {
    name: String,
    short: String,
}

#[derive(Serialize)]
struct PieceJson {
    name: String,
    symbols: Vec<String>,
    owned: bool,
}

#[derive(Serialize)]
pub struct RuleJson {
    pub aspect: &'static str,
    pub key: String,
    pub words: String,
}

#[derive(Serialize)]
struct NotationJson {
    piece: String,
    examples: Vec<String>,
}

#[derive(Serialize)]
struct InterpretationJson {
    rule: String,
    source_wording: String,
}

/// An aspect of [`hetproba_rules::describe::fingerprint`] as a word.
pub fn show(arg: &str, params: &[(String, i64)], json: bool, lang: Option<&str>) -> Result<(), CliError> {
    let rules = load_ruleset(arg, params)?;
    let lang = lang.unwrap_or("");
    // The rules' sentences in the language `show` speaks (English for any other), the heading
    // (name and summary) in any language the ruleset translates.
    let speaks = Lang::from_code(lang);
    let mut words = hetproba_rules::describe::rules_in_words_in(&rules, speaks);
    let heading = format!("{} ({})\n{}\n", rules.name, rules.id, rules.summary);
    if let Some(rest) = words.strip_prefix(&heading) {
        words = format!("{} ({})\n{}\n{rest}", rules.name_in(lang), rules.id, rules.summary_in(lang));
    }
    let game = Game::new(rules);
    let text = words + &notation_text(&game, speaks);
    let start = Position::start(&game);
    if json {
        let r = game.rules();
        let out = ShowJson {
            id: r.id.clone(),
            name: r.name_in(lang).to_string(),
            extends: r.extends.clone(),
            source: r.source.clone(),
            summary: r.summary_in(lang).to_string(),
            params: r.params.iter().map(|(n, v)| (n.clone(), serde_json::Value::from(*v))).collect(),
            players: PlayerId::BOTH
                .iter()
                .map(|&p| PlayerJson { name: r.player_in(p, lang).to_string(), short: r.players[p.index()].short.clone() })
                .collect(),
            first: r.players[r.start.side.index()].name.clone(),
            board: r.shape.describe(),
            cells: r.board.len(),
            pieces: r
                .pieces
                .iter()
                .map(|p| PieceJson {
                    name: p.name.clone(),
                    symbols: if p.owned { p.symbols.iter().map(|c| c.to_string()).collect() } else { vec![p.symbols[0].to_string()] },
                    owned: p.owned,
                })
                .collect(),
            rules: hetproba_rules::describe::fingerprint(r)
                .into_iter()
                .map(|(aspect, key, words)| RuleJson { aspect: aspect.word(), key, words })
                .collect(),
            notation: notation_examples(&game).into_iter().map(|(piece, examples)| NotationJson { piece, examples }).collect(),
            interpretations: r
                .interpretations
                .iter()
                .map(|i| InterpretationJson { rule: i.rule.clone(), source_wording: i.seed.clone() })
                .collect(),
            start: game.write_position(&start),
            text,
        };
        crate::outln!("{}", serde_json::to_string_pretty(&out).map_err(|e| CliError::failure(e.to_string()))?);
        return Ok(());
    }
    crate::out!("{text}");
    if matches!(game.rules().naming, hetproba_rules::model::Naming::Numbers { .. }) {
        crate::outln!("{}", speaks.pick("\nCell numbers:", "\nA mezők számai:"));
        crate::out!("{}", hetproba_play::draw::numbering(&game));
    }
    crate::outln!("{} ({}):", speaks.pick("\nStart position", "\nKezdőállás"), game.write_position(&start));
    match speaks {
        Lang::Hu if game.outcome(&start).is_none() => {
            let r = game.rules();
            let phase = &r.phases[start.phase() as usize];
            let phase_note = if r.phases.len() > 1 { format!(" ('{}' szakasz)", phase.name) } else { String::new() };
            crate::out!("{}", hetproba_play::draw::draw(&game, &start));
            crate::outln!("Lépésre következik: {}{phase_note}", r.player_in(start.side(), lang));
        }
        _ => crate::out!("{}", draw_with_status(&game, &start)),
    }
    Ok(())
}

/// One ruleset's result in `check --json`.
#[derive(Serialize, Default)]
struct CheckJson {
    /// The argument as given: a built-in id or a path.
    target: String,
    ok: bool,
    /// The name messages give the file (`built-in 'ID'` or the path); absent when it could
    /// not be read.
    file: Option<String>,
    id: Option<String>,
    cells: Option<usize>,
    piece_types: Option<usize>,
    move_rules: Option<usize>,
    end_rules: Option<usize>,
    tests_passed: Option<usize>,
    perft_leaves: Option<u64>,
    /// Every problem: {file, line, column, message}; file and line absent for a problem that
    /// points nowhere.
    errors: Vec<ProblemJson>,
    notes: Vec<String>,
}

#[derive(Serialize)]
struct ProblemJson {
    file: Option<String>,
    line: Option<usize>,
    column: Option<usize>,
    message: String,
}

impl ProblemJson {
    fn nowhere(message: String) -> ProblemJson {
        ProblemJson { file: None, line: None, column: None, message }
    }
}

pub fn check(args: &[String], all: bool, json: bool) -> Result<(), CliError> {
    let mut targets: Vec<String> = args.to_vec();
    if all {
        targets.extend(builtin_ids().map(String::from));
    }
    if targets.is_empty() {
        return Err(CliError::usage("name rulesets or files to check, or use --all"));
    }
    let mut failed = 0;
    let mut results = Vec::new();
    for target in &targets {
        let (outcome, result) = check_one(target);
        match outcome {
            Ok(summary) => {
                if !json {
                    crate::outln!("ok: {summary}");
                }
            }
            Err(message) => {
                failed += 1;
                crate::errln!("{message}");
            }
        }
        results.push(result);
    }
    if json {
        let out = serde_json::json!({ "ok": failed == 0, "rulesets": results });
        crate::outln!("{}", serde_json::to_string_pretty(&out).map_err(|e| CliError::failure(e.to_string()))?);
    }
    if failed > 0 {
        return Err(CliError::failure(format!("{failed} of {} rulesets failed", targets.len())));
    }
    Ok(())
}

/// Loads, compiles and tests one ruleset; returns a summary line or every problem found, and
/// the same as data for `--json`.
fn check_one(target: &str) -> (Result<String, String>, CheckJson) {
    let mut json = CheckJson { target: target.to_string(), ..CheckJson::default() };
    let loaded = if is_path(target) {
        match crate::load::read_ruleset_file(target) {
            Ok(text) => hetproba_rules::load(&crate::load::display_name(std::path::Path::new(target)), &text, &DiskFiles, &[]),
            Err(e) => {
                json.errors.push(ProblemJson::nowhere(e.clone()));
                return (Err(format!("error: {e}")), json);
            }
        }
    } else {
        match builtin_text(target) {
            Some(text) => hetproba_rules::load(&hetproba_rules::source::builtin_name(target), text, &hetproba_rules::BuiltinFiles, &[]),
            None => {
                let message = crate::load::unknown_ruleset(target);
                json.errors.push(ProblemJson::nowhere(message.clone()));
                return (Err(format!("error: {message}")), json);
            }
        }
    };
    let rules = match loaded {
        Ok(rules) => rules,
        Err(report) => {
            json.file = Some(report.sources.file(0).name.clone());
            for d in &report.diagnostics {
                json.errors.push(match d.span {
                    Some(span) => {
                        let (line, column) = report.sources.line_col(span.file, span.start);
                        ProblemJson {
                            file: Some(report.sources.file(span.file).name.clone()),
                            line: Some(line),
                            column: Some(column),
                            message: d.message.clone(),
                        }
                    }
                    None => ProblemJson::nowhere(d.message.clone()),
                });
            }
            let text = report.diagnostics.iter().map(|d| format!("error: {}", d.render(&report.sources))).collect::<Vec<_>>().join("\n");
            return (Err(text), json);
        }
    };
    let file = rules.sources.file(0).name.clone();
    json.file = Some(file.clone());
    let mut notes = Vec::new();
    for (i, piece) in rules.pieces.iter().enumerate() {
        if !piece.owned || rules.moves.iter().any(|m| m.piece.index() == i) {
            continue;
        }
        // Without a move of its own a piece can still come into play: standing at the start, or
        // by a promotion (a type that marks a goal reached, a piece that stays put).
        let starts = rules.start.pieces.iter().any(|&(_, t, _)| t.index() == i);
        let promoted = rules.pieces.iter().any(|p| p.promotion.as_ref().is_some_and(|pr| pr.to.iter().any(|t| t.index() == i)));
        notes.push(match (starts, promoted) {
            (false, false) => format!(
                "note: {file}: piece '{}' never comes into play: no move places or moves it, [start] has none, and nothing promotes to it",
                piece.name
            ),
            (true, _) => format!("note: {file}: piece '{}' has no move: it stays where [start] puts it", piece.name),
            (false, true) => format!("note: {file}: piece '{}' has no move: it stays where a promotion makes it", piece.name),
        });
    }
    if hetproba_play::may_never_end(&rules) {
        notes.push(format!(
            "note: {file}: a player may always pass and no [[draw]] rule ends a game that goes on: the game may never end (play stops it after {} plies)",
            hetproba_play::ENDLESS_CAP
        ));
    }
    json.notes = notes.clone();
    let game = Game::new(rules);
    let r = game.rules();
    json.id = Some(r.id.clone());
    json.cells = Some(r.board.len());
    json.piece_types = Some(r.pieces.len());
    json.move_rules = Some(r.moves.len());
    json.end_rules = Some(r.ends.len());
    let report = game.run_tests();
    json.tests_passed = Some(report.passed);
    json.perft_leaves = Some(report.nodes);
    if !report.failures.is_empty() {
        let sources = &r.sources;
        for f in &report.failures {
            let (line, column) = sources.line_col(f.span.file, f.span.start);
            json.errors.push(ProblemJson {
                file: Some(sources.file(f.span.file).name.clone()),
                line: Some(line),
                column: Some(column),
                message: format!("test '{}' failed: {}", f.name, f.message),
            });
        }
        let mut lines: Vec<String> = report.failures.iter().map(|f| format!("error: {}", f.render(&game))).collect();
        lines.extend(notes);
        return (Err(lines.join("\n")), json);
    }
    json.ok = true;
    for note in &notes {
        crate::errln!("{note}");
    }
    // A file says which ruleset it holds; a built-in's name already does.
    let label = if hetproba_rules::source::builtin_id(&file).is_some() { file } else { format!("{file} ({})", r.id) };
    let summary = format!(
        "{label}: {} cells, {} piece type{}, {} move rule{}, {} end rule{}; {}{}",
        r.board.len(),
        r.pieces.len(),
        plural(r.pieces.len()),
        r.moves.len(),
        plural(r.moves.len()),
        r.ends.len(),
        plural(r.ends.len()),
        match report.passed {
            0 => "no embedded tests".to_string(),
            n => format!("{n} embedded test{} passed", plural(n)),
        },
        if report.nodes > 0 { format!(" ({} perft leaves)", report.nodes) } else { String::new() }
    );
    (Ok(summary), json)
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
