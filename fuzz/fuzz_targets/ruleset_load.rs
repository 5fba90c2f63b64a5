//! Any text as a ruleset file, `extends` resolved among the built-in rulesets (as the CLI does
//! for a built-in id). What loads must describe itself, compile, and keep the position invariants
//! at its start; what does not load must say why, at a place that renders.
#![no_main]

use hetproba_engine::{Game, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(text) = hetproba_fuzz::text(data) else { return };
    match hetproba_engine::rules::load("fuzz.toml", text, &hetproba_engine::rules::BuiltinFiles, &[]) {
        Ok(rules) => {
            let _ = hetproba_engine::rules::describe::rules_in_words(&rules);
            let _ = hetproba_engine::rules::describe::fingerprint(&rules);
            let game = Game::new(rules);
            hetproba_fuzz::check_position(&game, &Position::start(&game));
        }
        Err(report) => {
            assert!(!report.diagnostics.is_empty(), "a refused ruleset says why");
            let _ = report.to_string();
        }
    }
});
