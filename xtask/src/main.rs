//! `cargo xtask <task>`: project tasks that are not tests.
//!
//! - `bench [--perft] [--compare] [--playouts] [--micro] [RULESET...]`: perft speed of every
//!   built-in ruleset (single thread and all threads), the side-by-side ratio against hand-tuned
//!   crates where they exist (reversi, chess), random playouts per second, then micro-benchmarks.
//!   The flags pick parts (default: all); names pick rulesets (default: all).
//! - `fuzz [TARGET] [--seconds N]`: the cargo-fuzz targets of `fuzz/`, one after another
//!   (`fuzz.rs`); `fuzz-seeds` builds their seed corpus (`seeds.rs`).
//! - `web [--dev]`: the web board, built into `target/web/` (`web.rs`).

mod fuzz;
mod seeds;
mod web;

use std::path::Path;
use std::process::{Command, ExitCode};

const USAGE: &str = "usage: cargo xtask bench|fuzz|fuzz-seeds|web (--help for each)
       cargo xtask bench [--perft] [--compare] [--playouts] [--micro] [RULESET...]
  --perft      perft leaves/s of each ruleset, single thread and all threads
  --compare    side by side with hand-tuned crates, single thread: magpie (reversi perft 9),
               shakmaty and cozy-chess (chess perft 5 from the start, Kiwipete perft 4)
  --playouts   random playouts/s of each ruleset: whole games, with history draws
  --micro      divan micro-benchmarks
  With no flag every part runs; with no RULESET every built-in ruleset is measured.";

/// Bench parts the bench understands; passed to it in `HETPROBA_BENCH_PARTS`, since the divan
/// harness rejects arguments it does not know.
const PARTS: [&str; 4] = ["perft", "compare", "playouts", "micro"];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => {
            let mut parts = Vec::new();
            let mut rest = Vec::new();
            for arg in &args[1..] {
                match arg.strip_prefix("--") {
                    Some("help") => {
                        println!("{USAGE}");
                        return ExitCode::SUCCESS;
                    }
                    Some(part) if PARTS.contains(&part) => parts.push(part),
                    _ => rest.push(arg.as_str()),
                }
            }
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
            let mut command = Command::new(cargo);
            command.args(["bench", "--package", "xtask", "--bench", "perft", "--"]).args(&rest);
            // Removed when empty so that a value left in the shell does not narrow the default.
            if parts.is_empty() {
                command.env_remove("HETPROBA_BENCH_PARTS");
            } else {
                command.env("HETPROBA_BENCH_PARTS", parts.join(","));
            }
            match command.status() {
                Ok(s) if s.success() => ExitCode::SUCCESS,
                Ok(_) => ExitCode::FAILURE,
                Err(e) => {
                    eprintln!("error: cannot run cargo: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("fuzz") => fuzz::fuzz(root(), &args[1..]),
        Some("web") => web::web(root(), &args[1..]),
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
            eprintln!("{USAGE}\n\n{}", fuzz::USAGE);
            ExitCode::from(2)
        }
    }
}

/// The workspace root: the parent of this crate's directory.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lies in the workspace")
}
