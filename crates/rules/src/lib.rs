//! The hetproba ruleset language: a TOML file with small languages inside its strings (move
//! patterns, end conditions, cell predicates), `extends` and parameters, checked into a
//! [`model::Ruleset`].
//!
//! Architecture invariant: this crate does no IO (built-in rulesets are embedded at build time,
//! `extends` reads other files through the caller's [`Files`]) and knows no game by name.

pub mod describe;
mod load;
pub mod model;
pub mod prims;
pub mod source;
pub mod syntax;
pub mod text;
pub mod tree;

pub use load::{BuiltinFiles, Files, MAX_CLOCK_MS, is_language_code, load, load_with_params, parse_clock, parse_duration};
pub use model::Ruleset;
pub use source::{Diagnostic, Report, Sources, Span};

include!(concat!(env!("OUT_DIR"), "/builtin.rs"));

/// The text of a built-in ruleset.
pub fn builtin_text(id: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(i, _)| *i == id).map(|(_, text)| *text)
}

/// The ids of the built-in rulesets, sorted.
pub fn builtin_ids() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(id, _)| *id)
}

/// Loads a built-in ruleset.
pub fn load_builtin(id: &str, params: &[(String, i64)]) -> Option<Result<Ruleset, Report>> {
    builtin_text(id).map(|text| load(&source::builtin_name(id), text, &BuiltinFiles, params))
}
