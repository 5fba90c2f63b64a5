//! `cargo xtask <task>`: project tasks, and the one command that runs every test.
//!
//! - `bench [PART...] [--rounds N] [--seconds S] [--baseline PATH] [--keep PATH] [RULESET...]`:
//!   the speed of every built-in ruleset, as medians over alternating runs with their spread
//!   (`bench.rs`; the harness is `benches/perft/`).
//! - `strength [--games N] [--time MS] [--jobs N] [--pairing A/B]... [--fresh] [RULESET...]`: the
//!   computer players against each other, random and Stockfish, written to docs/strength.md
//!   (`strength.rs`).
//! - `fuzz [TARGET] [--seconds N]`: the cargo-fuzz targets of `fuzz/`, one after another
//!   (`fuzz.rs`); `fuzz-seeds` builds their seed corpus (`seeds.rs`).
//! - `web [--dev]`: the web board, built into `target/web/` (`web.rs`).
//! - `docs`: the table of primitives in docs/language.md, from the registry (`docs.rs`).
//! - `test [STEP...]`: every test, with what they need installed first (`test.rs`).

mod bench;
mod docs;
mod fuzz;
mod seeds;
mod strength;
mod test;
mod web;

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => bench::bench(root(), &args[1..]),
        Some("fuzz") => fuzz::fuzz(root(), &args[1..]),
        Some("strength") => strength::strength(root(), &args[1..]),
        Some("web") => web::web(root(), &args[1..]),
        Some("docs") => docs::docs(root(), &args[1..]),
        Some("test") => test::test(root(), &args[1..]),
        Some("fuzz-seeds") => match seeds::build(root()) {
            Ok(written) => {
                for (target, new) in written {
                    println!("fuzz/corpus/{target}: {new} new seeds");
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        _ => {
            eprintln!(
                "usage: cargo xtask bench|docs|fuzz|fuzz-seeds|strength|test|web (--help for each)\n\n{}\n\n{}\n\n{}\n\n{}\n\n{}\n\n{}",
                bench::USAGE,
                docs::USAGE,
                fuzz::USAGE,
                strength::USAGE,
                test::USAGE,
                web::USAGE
            );
            ExitCode::from(2)
        }
    }
}

/// The workspace root: the parent of this crate's directory.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lies in the workspace")
}
