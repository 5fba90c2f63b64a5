//! Finding a ruleset: a built-in id, a path to a `.toml` file, or a text. Every file read is
//! kept, so that the ruleset can be rebuilt where the files are not (a Ray worker on another
//! machine): [`Origin`].

use hetproba_engine::Game;
use hetproba_engine::rules::source::{builtin_id, builtin_name};
use hetproba_engine::rules::{BuiltinFiles, Files, Report, builtin_ids, builtin_text};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A ruleset file is at most this large (as the command line reads them).
const MAX_RULESET_BYTES: u64 = 1 << 20;

/// Why a ruleset could not be had.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file, or a file it extends, is wrong: every problem at its place.
    #[error("{0}")]
    Report(Box<Report>),
    /// No such built-in, or a file that cannot be read.
    #[error("{0}")]
    Other(String),
}

/// What a ruleset was made from: its file's name and text, the texts of the files it extends
/// (by what named them), and its parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    pub name: String,
    pub text: String,
    /// (reference, from, name, text) of each file `extends` read.
    pub files: Vec<(String, String, String, String)>,
    pub params: Vec<(String, i64)>,
}

/// The files a ruleset on disk extends: beside it first, then the built-ins (as `hetproba`
/// resolves them); every text read is kept.
struct Disk {
    read: Mutex<Vec<(String, String, String, String)>>,
}

impl Files for Disk {
    fn read(&self, reference: &str, from: &str) -> Result<(String, String), String> {
        let found = if builtin_id(from).is_some() {
            // A built-in extends built-ins only.
            BuiltinFiles.read(reference, from)
        } else {
            let dir = Path::new(from).parent().unwrap_or(Path::new("."));
            let candidate: PathBuf = if reference.ends_with(".toml") { dir.join(reference) } else { dir.join(format!("{reference}.toml")) };
            if candidate.exists() {
                read_file(&candidate).map(|text| (candidate.display().to_string(), text))
            } else if reference.ends_with(".toml") {
                Err(format!("no file {}", candidate.display()))
            } else {
                builtin_text(reference)
                    .map(|text| (builtin_name(reference), text.to_string()))
                    .ok_or_else(|| format!("no built-in ruleset '{reference}' and no file {}", candidate.display()))
            }
        }?;
        if let Ok(mut read) = self.read.lock() {
            read.push((reference.to_string(), from.to_string(), found.0.clone(), found.1.clone()));
        }
        Ok(found)
    }
}

/// The files an [`Origin`] kept, and nothing else.
struct Kept<'a>(&'a [(String, String, String, String)]);

impl Files for Kept<'_> {
    fn read(&self, reference: &str, from: &str) -> Result<(String, String), String> {
        self.0
            .iter()
            .find(|(r, f, ..)| r == reference && f == from)
            .map(|(.., name, text)| (name.clone(), text.clone()))
            .ok_or_else(|| format!("'{reference}' (extended by {from}) was not read with the ruleset"))
    }
}

/// A regular `.toml` file of at most [`MAX_RULESET_BYTES`], as UTF-8 text.
fn read_file(path: &Path) -> Result<String, String> {
    let fail = |why: String| format!("cannot read {}: {why}", path.display());
    if path.extension().and_then(|e| e.to_str()) != Some("toml") {
        return Err(fail("a ruleset file's name ends in .toml".into()));
    }
    let meta = std::fs::metadata(path).map_err(|e| fail(e.to_string()))?;
    if !meta.is_file() {
        return Err(fail("not a regular file".into()));
    }
    let file = std::fs::File::open(path).map_err(|e| fail(e.to_string()))?;
    let mut bytes = Vec::new();
    file.take(MAX_RULESET_BYTES + 1).read_to_end(&mut bytes).map_err(|e| fail(e.to_string()))?;
    if bytes.len() as u64 > MAX_RULESET_BYTES {
        return Err(fail("a ruleset file may be at most 1 MiB".into()));
    }
    String::from_utf8(bytes).map_err(|e| fail(format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to() + 1)))
}

/// Is this argument a path rather than a built-in id? (As the command line decides.)
fn is_path(arg: &str) -> bool {
    arg.ends_with(".toml") || arg.contains('/') || arg.contains('\\')
}

/// `unknown ruleset 'x'; built-in rulesets: ...`
fn unknown(arg: &str) -> String {
    let known: Vec<&str> = builtin_ids().collect();
    format!("unknown ruleset '{}'; built-in rulesets: {}", hetproba_engine::rules::text::quote(arg), known.join(", "))
}

/// Loads and compiles a built-in id or a `.toml` path, with parameters.
pub fn load(arg: &str, params: &[(String, i64)]) -> Result<(Game, Origin), LoadError> {
    if is_path(arg) {
        let text = read_file(Path::new(arg)).map_err(LoadError::Other)?;
        from_text(arg, &text, params)
    } else {
        let text = builtin_text(arg).ok_or_else(|| LoadError::Other(unknown(arg)))?;
        from_text(&builtin_name(arg), text, params)
    }
}

/// Loads a ruleset's text, named `name` in messages; `extends` is resolved beside `name` on
/// disk, then among the built-ins.
pub fn from_text(name: &str, text: &str, params: &[(String, i64)]) -> Result<(Game, Origin), LoadError> {
    let disk = Disk { read: Mutex::new(Vec::new()) };
    let rules =
        hetproba_engine::rules::load_with_params(name, text, &disk, params, "params").map_err(|r| LoadError::Report(Box::new(r)))?;
    let files = disk.read.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    Ok((Game::new(rules), Origin { name: name.to_string(), text: text.to_string(), files, params: params.to_vec() }))
}

/// Builds a ruleset again from what it was made from, reading no file.
pub fn rebuild(origin: &Origin) -> Result<Game, LoadError> {
    hetproba_engine::rules::load_with_params(&origin.name, &origin.text, &Kept(&origin.files), &origin.params, "params")
        .map(Game::new)
        .map_err(|r| LoadError::Report(Box::new(r)))
}
