//! `cargo xtask fuzz [TARGET] [--seconds N] [-- LIBFUZZER_FLAGS...]`: runs the cargo-fuzz targets
//! of `fuzz/` one after another (never two at once), each for N seconds, one process and one
//! thread each, and prints what each did: executions, executions per second, and what it found.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

/// The targets in `fuzz/Cargo.toml`, in the order they run.
pub const TARGETS: [&str; 7] =
    ["ruleset_load", "position_pdn", "position_rows", "position_fen", "move_parse", "after_sequence", "record_read"];

pub const USAGE: &str = "usage: cargo xtask fuzz [TARGET] [--seconds N] [-- LIBFUZZER_FLAGS...]
       cargo xtask fuzz-seeds
  fuzz        runs TARGET (default: every target, one after another) for N seconds each
              (default 60), with cargo +nightly fuzz run; builds the seed corpus first if a
              target's fuzz/corpus/TARGET is empty. Prints executions, executions/s and findings
              (fuzz/artifacts/TARGET/) per target; exits 1 if any target found something.
  fuzz-seeds  (re)builds the seed corpus into fuzz/corpus/TARGET/ from rules/, docs/language.md,
              tests/perft/ and random games
  Targets: ruleset_load position_pdn position_rows position_fen move_parse after_sequence record_read
  Needs a nightly toolchain and cargo-fuzz:
    rustup toolchain install nightly --profile minimal
    cargo install cargo-fuzz
  The machine is shared: run it as `nice -n 10 cargo xtask fuzz`.";

/// Flags given to every run: inputs of at most 4 KiB (the readers' work grows with the text,
/// and longer inputs add little a short one cannot show; the seeds are built to fit, see
/// `seeds::MAX_LEN`), an input that takes 10 s is a finding, and the statistics at the end are
/// printed to be read here.
const FLAGS: [&str; 3] = ["-max_len=4096", "-timeout=10", "-print_final_stats=1"];

/// What one run of a target did.
struct Run {
    target: &'static str,
    execs: Option<u64>,
    per_second: Option<u64>,
    new_units: Option<u64>,
    /// Inputs libFuzzer wrote: crashes, timeouts, out-of-memory.
    findings: Vec<String>,
    status: Option<i32>,
}

pub fn fuzz(root: &Path, args: &[String]) -> ExitCode {
    let mut target = None;
    let mut seconds: u64 = 60;
    let mut extra: Vec<String> = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--help" | "-h" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--seconds" => match rest.next().and_then(|n| n.parse().ok()).filter(|&n| n > 0) {
                Some(n) => seconds = n,
                None => return usage("--seconds takes a whole number of seconds, at least 1"),
            },
            "--" => {
                extra.extend(rest.by_ref().cloned());
            }
            name if target.is_none() && !name.starts_with('-') => match TARGETS.iter().find(|t| **t == name) {
                Some(t) => target = Some(*t),
                None => return usage(&format!("unknown fuzz target '{name}'")),
            },
            other => return usage(&format!("unexpected argument '{other}'")),
        }
    }
    if let Err(missing) = check_tools() {
        eprintln!("error: {missing}");
        eprintln!("install them with:\n  rustup toolchain install nightly --profile minimal\n  cargo install cargo-fuzz");
        return ExitCode::from(2);
    }
    let targets: Vec<&'static str> = match target {
        Some(t) => vec![t],
        None => TARGETS.to_vec(),
    };
    if targets.iter().any(|t| is_empty_dir(&root.join("fuzz/corpus").join(t))) {
        eprintln!("building the seed corpus (cargo xtask fuzz-seeds)");
        if let Err(e) = crate::seeds::build(root) {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    }
    let mut runs = Vec::new();
    for t in targets {
        match run(root, t, seconds, &extra) {
            Ok(r) => runs.push(r),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    println!("\n{:<16} {:>8} {:>12} {:>9} {:>9}  findings", "target", "seconds", "execs", "execs/s", "new units");
    let show = |n: Option<u64>| n.map_or("?".to_string(), |n| n.to_string());
    for r in &runs {
        let findings = if r.findings.is_empty() {
            match r.status {
                Some(0) => "none".to_string(),
                status => format!("none written, but libFuzzer exited with {status:?}"),
            }
        } else {
            r.findings.join(" ")
        };
        println!("{:<16} {:>8} {:>12} {:>9} {:>9}  {findings}", r.target, seconds, show(r.execs), show(r.per_second), show(r.new_units));
    }
    if runs.iter().all(|r| r.findings.is_empty() && r.status == Some(0)) { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

fn usage(message: &str) -> ExitCode {
    eprintln!("error: {message}\n{USAGE}");
    ExitCode::from(2)
}

/// `cargo` as rustup's proxy, which understands `+nightly`; the variables cargo sets for
/// `cargo xtask` (its own toolchain) are removed so that they do not pin the child's.
fn nightly_cargo() -> Command {
    let mut command = Command::new("cargo");
    command.arg("+nightly");
    for var in ["RUSTUP_TOOLCHAIN", "CARGO", "RUSTC", "RUSTDOC", "RUSTC_WRAPPER"] {
        command.env_remove(var);
    }
    command
}

/// The nightly toolchain and cargo-fuzz are there, or what is missing.
fn check_tools() -> Result<(), String> {
    let works = |command: &mut Command| command.stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok_and(|s| s.success());
    if !works(nightly_cargo().arg("--version")) {
        return Err("no nightly toolchain (cargo +nightly --version fails)".into());
    }
    if !works(nightly_cargo().args(["fuzz", "--version"])) {
        return Err("cargo-fuzz is not installed (cargo +nightly fuzz --version fails)".into());
    }
    Ok(())
}

fn is_empty_dir(dir: &Path) -> bool {
    std::fs::read_dir(dir).map_or(true, |mut entries| entries.next().is_none())
}

/// The files in a directory.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir).into_iter().flatten().flatten().map(|e| e.path()).collect();
    out.sort();
    out
}

/// Runs one target: cargo fuzz's output goes through to standard error, and libFuzzer's
/// `stat::` lines at the end are read.
fn run(root: &Path, target: &'static str, seconds: u64, extra: &[String]) -> Result<Run, String> {
    eprintln!("\n== {target}: {seconds} s ==");
    let artifacts = root.join("fuzz/artifacts").join(target);
    let before = files(&artifacts);
    let mut command = nightly_cargo();
    command
        .current_dir(root)
        .args(["fuzz", "run", target, "--"])
        .arg(format!("-max_total_time={seconds}"))
        .args(FLAGS)
        .args(extra)
        .stderr(Stdio::piped());
    let mut child = command.spawn().map_err(|e| format!("cannot run cargo +nightly fuzz: {e}"))?;
    let mut r = Run { target, execs: None, per_second: None, new_units: None, findings: Vec::new(), status: None };
    if let Some(stderr) = child.stderr.take() {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            eprintln!("{line}");
            let stat = |name: &str| line.strip_prefix(name).and_then(|v| v.trim().parse::<u64>().ok());
            if let Some(n) = stat("stat::number_of_executed_units:") {
                r.execs = Some(n);
            } else if let Some(n) = stat("stat::average_exec_per_sec:") {
                r.per_second = Some(n);
            } else if let Some(n) = stat("stat::new_units_added:") {
                r.new_units = Some(n);
            }
        }
    }
    let status = child.wait().map_err(|e| format!("cargo +nightly fuzz: {e}"))?;
    r.status = status.code();
    r.findings = files(&artifacts)
        .into_iter()
        .filter(|p| !before.contains(p))
        .map(|p| p.strip_prefix(root).unwrap_or(&p).display().to_string())
        .collect();
    Ok(r)
}
