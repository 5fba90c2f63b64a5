//! The seed corpus of the fuzz targets, built from the repository: the ruleset files and the
//! whole-ruleset examples of the language page, the positions of `tests/perft/*.perft`, of the
//! rulesets' `[[tests]]` and of a few random games, legal moves of those positions in several
//! spellings, move lines and game records of random games. Written to `fuzz/corpus/<target>/`,
//! one file per seed, named by a hash of its content (so building twice adds nothing). Not kept
//! in git: it follows the rules and tests as they are.

use hetproba_ai::Rng;
use hetproba_engine::rules::model::{PlayerId, PositionNotation};
use hetproba_engine::rules::{builtin_ids, builtin_text, load_builtin};
use hetproba_engine::{Game, Position, Session};
use hetproba_play::record::Record;
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::path::Path;

/// Seeds by target name.
#[derive(Default)]
struct Seeds(BTreeMap<&'static str, Vec<String>>);

impl Seeds {
    fn add(&mut self, target: &'static str, text: impl Into<String>) {
        self.0.entry(target).or_default().push(text.into());
    }
}

/// The longest input `cargo xtask fuzz` gives a target (its `-max_len`): libFuzzer cuts a longer
/// seed there, so a ruleset file is also given compact.
const MAX_LEN: usize = 4096;

/// Plies of the random games the seeds come from.
const GAME_PLIES: usize = 80;

/// Positions of a game whose moves are seeds of `move_parse`: the first ones (the start, the
/// perft file's, the `[[tests]]`') and the random game's three.
const MOVE_POSITIONS: usize = 8;

/// Builds the seeds into `root/fuzz/corpus/<target>/`; returns how many were new, by target.
pub fn build(root: &Path) -> Result<Vec<(&'static str, usize)>, String> {
    let mut seeds = Seeds::default();
    for block in language_examples(&std::fs::read_to_string(root.join("docs/language.md")).map_err(|e| format!("docs/language.md: {e}"))?) {
        seeds.add("ruleset_load", block);
    }
    for id in builtin_ids() {
        let text = builtin_text(id).unwrap_or_default();
        if text.len() <= MAX_LEN {
            seeds.add("ruleset_load", text);
        }
        seeds.add("ruleset_load", compact(text));
        let rules = match load_builtin(id, &[]) {
            Some(Ok(rules)) => rules,
            _ => return Err(format!("built-in ruleset {id} does not load")),
        };
        let game = Game::new(rules);
        let perft = std::fs::read_to_string(root.join(format!("tests/perft/{id}.perft"))).unwrap_or_default();
        game_seeds(&mut seeds, id, &game, &perft);
    }
    let mut written = Vec::new();
    for (target, texts) in &seeds.0 {
        let dir = root.join("fuzz/corpus").join(target);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut new = 0;
        for text in texts {
            let mut hasher = std::hash::DefaultHasher::new();
            text.hash(&mut hasher);
            let path = dir.join(format!("seed-{:016x}", hasher.finish()));
            if !path.exists() {
                std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
                new += 1;
            }
        }
        written.push((*target, new));
    }
    Ok(written)
}

/// A ruleset file without its comment lines, its `[[interpretations]]` and all but its first
/// `[[tests]]`: what the loader reads of it, short enough to be a whole seed.
fn compact(text: &str) -> String {
    let mut out = String::new();
    let (mut skip, mut tests) = (false, 0);
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with("[[tests]]") {
            tests += 1;
            skip = tests > 1;
        } else if t.starts_with("[[interpretations]]") {
            skip = true;
        } else if t.starts_with('[') {
            skip = false;
        }
        if !skip && !t.starts_with('#') {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The ```toml blocks of a Markdown page that are whole rulesets (a line starting `[game]`).
fn language_examples(page: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut open: Option<String> = None;
    for line in page.lines() {
        match &mut open {
            None if line.trim() == "```toml" => open = Some(String::new()),
            None => {}
            Some(_) if line.trim_start().starts_with("```") => blocks.extend(open.take()),
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
        }
    }
    blocks.retain(|b| b.lines().any(|l| l.starts_with("[game]")));
    blocks
}

/// The seeds one built-in game gives the position, move, line and record targets.
fn game_seeds(seeds: &mut Seeds, id: &str, game: &Game, perft: &str) {
    let position_target = match game.rules().notation.position {
        PositionNotation::Pdn { .. } => "position_pdn",
        PositionNotation::Fen | PositionNotation::Sfen => "position_fen",
        PositionNotation::Rows => "position_rows",
    };
    // Positions: the start, the perft file's, the [[tests]]', and some of a random game's.
    let mut positions: Vec<(String, Position)> = vec![(String::new(), Position::start(game))];
    let texts = perft
        .lines()
        .filter_map(|l| l.strip_prefix("position "))
        .filter(|t| t.trim() != "start")
        .map(str::to_string)
        .chain(game.rules().tests.iter().filter_map(|t| t.position.clone()));
    for text in texts {
        if let Ok(pos) = game.read_position(&text) {
            positions.push((text, pos));
        }
    }
    let mut rng = Rng::new(id.len() as u64 * 7919 + id.bytes().map(u64::from).sum::<u64>());
    let (line, session) = random_game(game, Session::new(game, Position::start(game)), &mut rng);
    for ply in [4, 16, 40] {
        let mut pos = Position::start(game);
        for mv in line.iter().take(ply) {
            let m = game.parse_move(&pos, mv).expect("a move of the game");
            game.make(&mut pos, m);
        }
        pos.forget_history();
        positions.push((game.write_position(&pos), pos));
    }
    seeds.add(position_target, game.write_position(&Position::start(game)));
    seeds.add(position_target, session.write_position());
    for (text, _) in &positions {
        if !text.is_empty() {
            seeds.add(position_target, text.clone());
        }
    }

    // Moves: a few legal moves of some of the positions, as written, by their cells, and as UCI.
    let some = positions.iter().take(MOVE_POSITIONS - 3).chain(positions.iter().rev().take(3));
    for (text, pos) in some {
        let moves = game.legal_moves(pos);
        let picks = [0, moves.len() / 2, moves.len().saturating_sub(1)];
        for &i in picks.iter().filter(|&&i| i < moves.len()) {
            let info = game.move_info(pos, moves[i]);
            let mut spellings = vec![info.notation.clone()];
            if let (Some(from), Some(to)) = (&info.from, &info.to) {
                spellings.push(format!("{from}:{to}"));
                spellings.push(format!("{from}{to}"));
            }
            for spelling in spellings {
                seeds.add("move_parse", format!("{id}\n{text}\n{spelling}"));
            }
        }
    }

    // Lines of moves from the start, as --after takes them: the [[tests]]' and a random game's.
    for after in game.rules().tests.iter().filter(|t| t.position.is_none()).filter_map(|t| t.after.clone()) {
        seeds.add("after_sequence", format!("{id}\n{after}"));
    }
    seeds.add("after_sequence", format!("{id}\n{}", line.iter().take(12).cloned().collect::<Vec<_>>().join(" ")));
    seeds.add("after_sequence", format!("{id}\n{}", line.join(" ")));

    // Records as `play --record` writes them: the random game from the start, and one from a
    // position of the game with the other player to move.
    seeds.add("record_read", record(game, id, None, &line, &session));
    if let Some((text, pos)) = positions.iter().skip(1).find(|(_, p)| p.side() == PlayerId::SECOND) {
        let (line, session) = random_game(game, Session::new(game, pos.clone()), &mut rng);
        seeds.add("record_read", record(game, id, Some(text), &line, &session));
    }
}

/// Random moves from the session's position to the end of the game or [`GAME_PLIES`]: the moves'
/// names and the session after them.
fn random_game<'g>(game: &'g Game, mut session: Session<'g>, rng: &mut Rng) -> (Vec<String>, Session<'g>) {
    let mut line = Vec::new();
    while line.len() < GAME_PLIES && session.outcome().is_none() {
        let moves = game.legal_moves(session.position());
        let mv = moves[rng.below(moves.len())];
        line.push(game.move_name(session.position(), mv));
        session.play_unchecked(mv);
    }
    (line, session)
}

/// A record with the tags `play --record` writes.
fn record(game: &Game, id: &str, start: Option<&str>, line: &[String], session: &Session) -> String {
    let pdn = matches!(game.rules().notation.position, PositionNotation::Pdn { .. });
    let outcome = session.outcome();
    let result = match outcome.as_ref().map(|o| o.winner) {
        None => "*",
        Some(None) if pdn => "1-1",
        Some(None) => "1/2-1/2",
        Some(Some(PlayerId::FIRST)) if pdn => "2-0",
        Some(Some(_)) if pdn => "0-2",
        Some(Some(PlayerId::FIRST)) => "1-0",
        Some(Some(_)) => "0-1",
    };
    let mut r = Record { result: result.into(), ..Record::default() };
    r.set_tag("Event", "hetproba");
    r.set_tag("Ruleset", id);
    if let Some(gt) = &game.rules().notation.game_type {
        r.set_tag("GameType", gt.clone());
    }
    if let Some(text) = start {
        r.set_tag(if pdn { "FEN" } else { "Position" }, text);
        r.offset = usize::from(game.read_position(text).is_ok_and(|p| p.side() == PlayerId::SECOND));
    }
    r.set_tag("First", "random");
    r.set_tag("Second", "random");
    r.set_tag("Seed", "1");
    if let Some(o) = &outcome {
        r.set_tag("Termination", o.describe(game));
    }
    r.set_tag("Result", result);
    r.moves = line.to_vec();
    r.write()
}
