//! `cargo xtask test`: every test of the project in one command, on a machine with Rust,
//! Python 3 and Debian's package manager. It installs what the tests need first (a Python
//! virtual environment under `target/` with the pinned packages of `tests/requirements.txt`,
//! and Debian's Chromium and npm when missing), then runs each step in turn. A failing step does not
//! hide the others: every step runs (but those that need a failed one), and a summary ends
//! the run. `.ci/run` calls this command.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

pub const USAGE: &str = "usage: cargo xtask test [STEP...] [-- CARGO-TEST-ARGS...]
  Installs what the tests need, then runs every test step (or the steps named):
    cargo    cargo test --workspace --release --no-fail-fast (the protocol tests drive the
             binary with python-chess and pydraughts from the virtual environment; the
             chess-family variants are checked against Debian's fairy-stockfish)
    python   the Python package (crates/py): .ci/python builds its wheel with maturin into
             target/python, with the libraries its modules drive, and runs its pytest tests
    web      builds the web board and compares it with the committed crates/cli/page (cargo
             xtask web --check), then runs its browser tests (pytest web/tests, Playwright
             driving Debian's Chromium, axe-core from npm)
  Set up first: a Python virtual environment in target/test-venv with tests/requirements.txt,
  Debian's fairy-stockfish, and, for `web`, Debian's chromium and npm (apt-get) when they are
  missing.
  Arguments after -- go to cargo test (`cargo xtask test cargo -- -p hetproba-engine`).";

/// The cargo profile the tests build on: the release build users run, which the README's first
/// command has built (Cargo.toml says why it has no link-time optimisation).
const PROFILE: &str = "release";

/// One step of the run; a new kind of test joins this list.
struct Step {
    name: &'static str,
    /// What the step needs installed.
    needs: &'static [Need],
    run: fn(&Env, &[String]) -> Result<(), String>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Need {
    Venv,
    Chromium,
    Npm,
    /// Debian's Fairy-Stockfish, the oracle the chess-family variants are checked against.
    FairyStockfish,
}

const STEPS: &[Step] = &[
    Step { name: "cargo", needs: &[Need::Venv, Need::FairyStockfish], run: cargo_tests },
    Step { name: "python", needs: &[], run: python_tests },
    Step { name: "web", needs: &[Need::Venv, Need::Chromium, Need::Npm], run: web_tests },
];

/// What the steps run with.
struct Env {
    root: PathBuf,
    cargo: String,
    /// The virtual environment's `bin`, put first on PATH so that `python3` is its own.
    venv_bin: PathBuf,
}

impl Env {
    fn path(&self) -> std::ffi::OsString {
        let mut paths = vec![self.venv_bin.clone()];
        if let Some(path) = std::env::var_os("PATH") {
            paths.extend(std::env::split_paths(&path));
        }
        std::env::join_paths(paths).unwrap_or_default()
    }

    fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut command = Command::new(program);
        command.current_dir(&self.root).env("PATH", self.path()).env("VIRTUAL_ENV", self.venv_bin.parent().unwrap_or(&self.venv_bin));
        command
    }
}

pub fn test(root: &Path, args: &[String]) -> ExitCode {
    let (ours, cargo_args) = match args.iter().position(|a| a == "--") {
        Some(i) => (&args[..i], args[i + 1..].to_vec()),
        None => (args, Vec::new()),
    };
    let mut chosen: Vec<&Step> = Vec::new();
    for arg in ours {
        match STEPS.iter().find(|s| s.name == arg.as_str()) {
            Some(step) => chosen.push(step),
            None if arg == "--help" || arg == "-h" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            None => {
                eprintln!("error: unknown step '{arg}'\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    if chosen.is_empty() {
        chosen = STEPS.iter().collect();
    }
    let env = Env {
        root: root.to_path_buf(),
        cargo: std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()),
        venv_bin: root.join("target/test-venv/bin"),
    };
    let mut results: Vec<(&str, Result<(), String>)> = Vec::new();
    let mut installed: Vec<(Need, Result<(), String>)> = Vec::new();
    for step in chosen {
        let mut ready = Ok(());
        for &need in step.needs {
            let done = match installed.iter().find(|(n, _)| *n == need) {
                Some((_, r)) => r.clone(),
                None => {
                    let r = install(&env, need);
                    installed.push((need, r.clone()));
                    r
                }
            };
            if let Err(e) = done {
                ready = Err(format!("not run: {e}"));
                break;
            }
        }
        banner(&format!("step {}", step.name));
        let result = ready.and_then(|()| (step.run)(&env, &cargo_args));
        if let Err(e) = &result {
            eprintln!("error: step {}: {e}", step.name);
        }
        results.push((step.name, result));
    }
    banner("summary");
    for (name, result) in &results {
        match result {
            Ok(()) => println!("{name}: passed"),
            Err(e) => println!("{name}: FAILED ({e})"),
        }
    }
    let failed = results.iter().filter(|(_, r)| r.is_err()).count();
    // The plain closing line CI reads: `steps: N passed, N failed`.
    println!("steps: {} passed, {failed} failed", results.len() - failed);
    if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

fn banner(text: &str) {
    println!("\n==== cargo xtask test: {text} ====");
}

fn run(command: &mut Command) -> Result<(), String> {
    let shown = format!("{:?}", command.get_program());
    let args: Vec<String> = command.get_args().map(|a| a.to_string_lossy().into_owned()).collect();
    let shown = format!("{} {}", shown.trim_matches('"'), args.join(" "));
    match command.status() {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("`{shown}` failed ({s})")),
        Err(e) => Err(format!("cannot run `{shown}`: {e}")),
    }
}

fn install(env: &Env, need: Need) -> Result<(), String> {
    match need {
        Need::Venv => venv(env),
        Need::Chromium => chromium(),
        Need::Npm => npm(),
        Need::FairyStockfish => fairy_stockfish(),
    }
}

/// The virtual environment with the pinned packages, made or brought up to date. pip installs
/// nothing when the pins are met, so a second run costs a second.
fn venv(env: &Env) -> Result<(), String> {
    let python = env.venv_bin.join("python3");
    if !python.exists() {
        banner("set-up: a Python virtual environment in target/test-venv");
        let dir = env.venv_bin.parent().unwrap_or(&env.venv_bin).to_path_buf();
        if run(Command::new("python3").arg("-m").arg("venv").arg(&dir)).is_err() {
            // Debian's own python3 makes environments only with its python3-venv package.
            apt_install(&["python3-venv"])?;
            run(Command::new("python3").arg("-m").arg("venv").arg("--clear").arg(&dir))?;
        }
    }
    let requirements = env.root.join("tests/requirements.txt");
    run(Command::new(&python).args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r"]).arg(&requirements))
}

/// Debian's Chromium, which Playwright drives (it never downloads a browser of its own here).
fn chromium() -> Result<(), String> {
    let wanted = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if Path::new(&wanted).exists() {
        return Ok(());
    }
    banner("set-up: Debian's chromium");
    apt_install(&["chromium"])
}

/// npm, which installs axe-core for the browser tests (web/tests/package-lock.json).
fn npm() -> Result<(), String> {
    if Command::new("npm").arg("--version").output().is_ok_and(|o| o.status.success()) {
        return Ok(());
    }
    banner("set-up: Debian's npm");
    apt_install(&["npm"])
}

/// Fairy-Stockfish (Debian installs it in /usr/games), whose perft and move lists the
/// chess-family variants' tests compare with.
fn fairy_stockfish() -> Result<(), String> {
    let on_path = Command::new("fairy-stockfish").arg("quit").output().is_ok_and(|o| o.status.success());
    if on_path || Path::new("/usr/games/fairy-stockfish").exists() {
        return Ok(());
    }
    banner("set-up: Debian's fairy-stockfish");
    apt_install(&["fairy-stockfish"])
}

/// Installs Debian packages with apt-get, as root or through sudo.
fn apt_install(packages: &[&str]) -> Result<(), String> {
    let root = Command::new("id").arg("-u").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let apt = |args: &[&str]| {
        let mut command = if root { Command::new("apt-get") } else { Command::new("sudo") };
        if !root {
            command.arg("apt-get");
        }
        command.args(args).env("DEBIAN_FRONTEND", "noninteractive");
        run(&mut command)
    };
    apt(&["update", "-qq"])
        .and_then(|()| apt(&[&["install", "-y", "-qq"][..], packages].concat()))
        .map_err(|e| format!("{e}; install {} with your package manager", packages.join(" ")))
}

/// `cargo test` on every crate, every test binary run even when one fails.
fn cargo_tests(env: &Env, extra: &[String]) -> Result<(), String> {
    let mut command = env.command(&env.cargo);
    command.args(["test", "--locked", "--no-fail-fast", "--profile", PROFILE]);
    if !extra.iter().any(|a| a == "-p" || a.starts_with("--package")) {
        command.arg("--workspace");
    }
    run(command.args(extra))
}

/// The Python package's wheel built and its tests run, by the script CI has always used.
fn python_tests(env: &Env, _extra: &[String]) -> Result<(), String> {
    run(env.command("bash").arg(".ci/python"))
}

/// The page built into target/web and compared with the committed one, then driven in Chromium,
/// served by the binary the tests built. The browser tests run even when the committed page is
/// stale (they drive the new build); the step fails all the same.
fn web_tests(env: &Env, _extra: &[String]) -> Result<(), String> {
    run(env.command("npm").args(["ci", "--silent", "--no-audit", "--no-fund"]).current_dir(env.root.join("web/tests")))?;
    let checked = run(env.command(&env.cargo).args(["xtask", "web", "--check"]));
    if checked.is_err() && !env.root.join("target/web/index.html").exists() {
        return checked;
    }
    let binary = env.root.join("target").join(PROFILE).join("hetproba");
    if !binary.exists() {
        run(env.command(&env.cargo).args(["build", "--locked", "--profile", PROFILE, "-p", "hetproba"]))?;
    }
    let mut command = env.command(env.venv_bin.join("python3"));
    command.args(["-m", "pytest", "-q", "web/tests"]).env("HETPROBA", &binary);
    run(&mut command).and(checked)
}
