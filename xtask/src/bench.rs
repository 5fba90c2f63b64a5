//! `cargo xtask bench`: builds and runs the bench harness (`benches/perft/`), passing the parts and
//! options in the environment (the divan harness rejects arguments it does not know).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

pub const USAGE: &str = "usage: cargo xtask bench [PART...] [--rounds N] [--seconds S] [--baseline PATH] [--keep PATH] [RULESET...]
  Parts (default: every part):
  --perft      perft leaves/s and nodes/s of each ruleset from the start, one thread
  --families   boards of one family against the fastest (Canadian against international
               draughts, Hexasah against chess): leaves/s and nodes/s ratios
  --wide       boards of any size: the wide fixture (draughts on size x size cells) at sizes 8,
               12, 16 and 32 against size 11 (121 cells), perft and playouts ratios, and the
               sets kept for boards over 127 cells as new games go on (only when no RULESET
               is named)
  --compare    side by side with hand-tuned crates, one thread: magpie (reversi perft 9),
               shakmaty and cozy-chess (chess perft 5 from the start, Kiwipete perft 4)
  --playouts   random playouts/s of each ruleset: whole games from the start, history draws
  --scaling    all threads over one: perft (root moves shared) and selfplay --jobs N over
               --jobs 1 (reversi, checkers-english, chess unless rulesets are named)
  --micro      divan micro-benchmarks
  --python     the Python package (crates/py/bench/bench.py, after .ci/python setup): perft
               through Python over the binary's, random playouts driven step by step from
               Python over OpenSpiel's C++ chess, checkers and othello, self-play on a local Ray
               over selfplay --jobs 2 (not run by default: it installs PyPI packages)
  Options:
  --rounds N   runs per figure (default 5); compared runs alternate, and a figure is the
               median of the rounds with its spread (lowest-highest, or ± half the range)
  --seconds S  about how long one run lasts (default 1)
  --baseline PATH  an earlier build of the harness (see --keep): perft and playouts alternate
               with it and print after/before ratios
  --keep PATH  copy the built harness to PATH (to be a baseline later) and stop
  One measure alone, for timing another program beside it:
    HETPROBA_BENCH_ONE='perft reversi 9' PATH   (or 'playouts chess 200') prints
    `work W plies P seconds S`; PATH is a harness kept with --keep.
  With no RULESET every built-in ruleset is measured.";

/// Bench parts the harness understands.
const PARTS: [&str; 7] = ["perft", "families", "wide", "compare", "playouts", "scaling", "micro"];

pub fn bench(root: &Path, args: &[String]) -> ExitCode {
    let mut parts = Vec::new();
    let mut rest = Vec::new();
    let mut env: Vec<(&str, String)> = Vec::new();
    let mut keep = None;
    let mut python = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| match args.next() {
            Some(v) => Ok(v.clone()),
            None => Err(format!("{name} needs a value")),
        };
        let parsed = match arg.as_str() {
            "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--rounds" => value("--rounds").map(|v| env.push(("HETPROBA_BENCH_ROUNDS", v))),
            "--seconds" => value("--seconds").map(|v| env.push(("HETPROBA_BENCH_SECONDS", v))),
            "--baseline" => value("--baseline").map(|v| env.push(("HETPROBA_BENCH_BASELINE", absolute(&v)))),
            "--keep" => value("--keep").map(|v| keep = Some(v)),
            "--python" => {
                python = true;
                Ok(())
            }
            flag if flag.strip_prefix("--").is_some_and(|p| PARTS.contains(&p)) => {
                parts.push(&flag[2..]);
                Ok(())
            }
            flag if flag.starts_with("--") => Err(format!("unknown option {flag}")),
            name => {
                rest.push(name);
                Ok(())
            }
        };
        if let Err(e) = parsed {
            eprintln!("error: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    if python {
        return python_bench(&cargo, root, &env);
    }
    if let Some(path) = keep {
        return match harness(&cargo, root)
            .and_then(|built| std::fs::copy(&built, &path).map_err(|e| format!("cannot copy {} to {path}: {e}", built.display())))
        {
            Ok(_) => {
                println!("kept the bench harness as {path}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        };
    }
    // selfplay's scaling runs the CLI itself, built as users build it.
    if parts.is_empty() || parts.contains(&"scaling") {
        let built = Command::new(&cargo).current_dir(root).args(["build", "--release", "--package", "hetproba"]).status();
        if !built.is_ok_and(|s| s.success()) {
            eprintln!("error: cannot build the CLI for selfplay's scaling");
            return ExitCode::FAILURE;
        }
        env.push(("HETPROBA_BENCH_CLI", target_dir(root).join("release/hetproba").display().to_string()));
    }
    let mut command = Command::new(cargo);
    command.current_dir(root).args(["bench", "--package", "xtask", "--bench", "perft", "--"]).args(&rest);
    // Removed when empty so that a value left in the shell does not narrow the default.
    if parts.is_empty() {
        command.env_remove("HETPROBA_BENCH_PARTS");
    } else {
        command.env("HETPROBA_BENCH_PARTS", parts.join(","));
    }
    command.env_remove("HETPROBA_BENCH_ONE").envs(env);
    match command.status() {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: cannot run cargo: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `--python`: the package built and installed by `.ci/python setup`, then its bench script
/// with the rounds and seconds asked for, against the release binary.
fn python_bench(cargo: &str, root: &Path, env: &[(&str, String)]) -> ExitCode {
    let built = Command::new(cargo).current_dir(root).args(["build", "--release", "--package", "hetproba"]).status();
    let setup = Command::new("bash").current_dir(root).args([".ci/python", "setup"]).status();
    if !built.is_ok_and(|s| s.success()) || !setup.is_ok_and(|s| s.success()) {
        eprintln!("error: cannot build the CLI or the Python package");
        return ExitCode::FAILURE;
    }
    let cli = target_dir(root).join("release/hetproba").display().to_string();
    let mut command = Command::new(root.join("target/python/bin/python"));
    command.current_dir(root).args(["crates/py/bench/bench.py", "--cli", &cli]);
    for (name, value) in env {
        match *name {
            "HETPROBA_BENCH_ROUNDS" => command.args(["--rounds", value]),
            "HETPROBA_BENCH_SECONDS" => command.args(["--seconds", value]),
            _ => &mut command,
        };
    }
    match command.status() {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: cannot run the Python bench: {e}");
            ExitCode::FAILURE
        }
    }
}

fn absolute(path: &str) -> String {
    std::path::absolute(path).map_or_else(|_| path.to_string(), |p| p.display().to_string())
}

fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

/// Builds the harness and returns its executable, as cargo reports it.
fn harness(cargo: &str, root: &Path) -> Result<PathBuf, String> {
    let out = Command::new(cargo)
        .current_dir(root)
        .args(["bench", "--no-run", "--message-format=json-render-diagnostics", "--package", "xtask", "--bench", "perft"])
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !out.status.success() {
        return Err("the bench harness does not build".into());
    }
    // The artifact message of the harness names its executable; serde_json is not needed for one field.
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .filter(|l| l.contains("\"reason\":\"compiler-artifact\"") && l.contains("\"name\":\"perft\""))
        .find_map(|l| {
            let start = l.find("\"executable\":\"")? + "\"executable\":\"".len();
            let end = start + l[start..].find('"')?;
            Some(PathBuf::from(&l[start..end]))
        })
        .ok_or_else(|| "cargo named no executable for the bench harness".into())
}
