//! `cargo xtask <task>`: project tasks that are not tests.
//!
//! - `bench`: perft speed of every built-in ruleset (single thread and all threads), the
//!   side-by-side ratio against a hand-tuned crate where one exists, then micro-benchmarks.

use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => {
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
            let status = Command::new(cargo).args(["bench", "--package", "xtask", "--bench", "perft", "--"]).args(&args[1..]).status();
            match status {
                Ok(s) if s.success() => ExitCode::SUCCESS,
                Ok(_) => ExitCode::FAILURE,
                Err(e) => {
                    eprintln!("error: cannot run cargo: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        _ => {
            eprintln!("usage: cargo xtask bench [RULESET...]   perft speed of every built-in ruleset (or those named)");
            ExitCode::from(2)
        }
    }
}
