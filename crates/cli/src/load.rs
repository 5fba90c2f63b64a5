//! Finding a ruleset: a built-in id or a path to a `.toml` file.

use crate::CliError;
use crate::files::{Kind, read_text};
use hetproba_engine::Game;
use hetproba_rules::source::{builtin_id, builtin_name};
use hetproba_rules::{Files, Ruleset, builtin_ids, builtin_text};
use std::path::{Path, PathBuf};

/// Resolves `extends` from disk first (next to the file that extends), then among built-ins,
/// so that an author editing two files in `rules/` checks them together.
pub struct DiskFiles;

impl Files for DiskFiles {
    fn read(&self, reference: &str, from: &str) -> Result<(String, String), String> {
        // A built-in extends built-ins only, whatever lies on disk.
        if builtin_id(from).is_some() {
            return hetproba_rules::BuiltinFiles.read(reference, from);
        }
        let dir = Path::new(from).parent().unwrap_or(Path::new("."));
        let candidate: PathBuf = if reference.ends_with(".toml") { dir.join(reference) } else { dir.join(format!("{reference}.toml")) };
        if candidate.exists() {
            let text = read_text(&candidate.display().to_string(), Kind::Ruleset)?;
            return Ok((display_name(&candidate), text));
        }
        if reference.ends_with(".toml") {
            return Err(format!("no file {}", candidate.display()));
        }
        builtin_text(reference)
            .map(|text| (builtin_name(reference), text.to_string()))
            .ok_or_else(|| format!("no built-in ruleset '{reference}' and no file {}", candidate.display()))
    }
}

/// One name per file however the path is spelled (so `extends` cycles are seen): the
/// canonical path, relative to the working directory when it lies below it.
pub fn display_name(path: &Path) -> String {
    let Ok(canonical) = std::fs::canonicalize(path) else { return path.display().to_string() };
    let relative = std::env::current_dir().ok().and_then(|cwd| canonical.strip_prefix(&cwd).ok().map(Path::to_path_buf));
    relative.unwrap_or(canonical).display().to_string()
}

/// Is this argument a path rather than a built-in id?
pub fn is_path(arg: &str) -> bool {
    arg.ends_with(".toml") || arg.contains('/') || arg.contains('\\')
}

/// Loads a ruleset by id or path, or explains why not.
pub fn load_ruleset(arg: &str, params: &[(String, i64)]) -> Result<Ruleset, CliError> {
    let result = if is_path(arg) {
        let text = read_text(arg, Kind::Ruleset).map_err(CliError::failure)?;
        hetproba_rules::load(&display_name(Path::new(arg)), &text, &DiskFiles, params)
    } else {
        match builtin_text(arg) {
            Some(text) => hetproba_rules::load(&builtin_name(arg), text, &hetproba_rules::BuiltinFiles, params),
            None => {
                let known: Vec<&str> = builtin_ids().collect();
                return Err(CliError::failure(format!("unknown ruleset '{arg}'; built-in rulesets: {}", known.join(", "))));
            }
        }
    };
    result.map_err(|report| CliError::failure(report.to_string()))
}

/// Loads and compiles.
pub fn load_game(arg: &str, params: &[(String, i64)]) -> Result<Game, CliError> {
    load_ruleset(arg, params).map(Game::new)
}
