//! Helpers shared by the CLI test binaries: run `hetproba` as a user would and look at what it
//! did, and scratch files for one test.
#![allow(dead_code)]

pub mod fairy;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What one run of the binary did.
#[derive(Debug)]
pub struct Run {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }

    /// Exit status 0, nothing alarming on stderr.
    #[track_caller]
    pub fn ok(self) -> Run {
        assert_eq!(self.status, 0, "expected success\n{self:#?}");
        assert!(!self.stderr.contains("panicked"), "{self:#?}");
        self
    }

    /// A clean failure: the given status, a message on stderr starting with `error:`, no panic
    /// trace, nothing on stdout (stdout carries only results).
    #[track_caller]
    pub fn fails(self, status: i32) -> Run {
        assert_eq!(self.status, status, "expected exit status {status}\n{self:#?}");
        assert!(!self.stderr.contains("panicked"), "panic trace on stderr\n{self:#?}");
        assert!(!self.stderr.contains("stack backtrace"), "backtrace on stderr\n{self:#?}");
        assert!(self.stderr.starts_with("error:"), "stderr should start with 'error:'\n{self:#?}");
        assert!(self.stdout.is_empty(), "a failed command should print no result\n{self:#?}");
        self
    }

    /// The error is one line.
    #[track_caller]
    pub fn one_line(self) -> Run {
        assert_eq!(self.stderr.trim_end().lines().count(), 1, "the error should be one line\n{self:#?}");
        self
    }

    #[track_caller]
    pub fn stderr_has(self, part: &str) -> Run {
        assert!(self.stderr.contains(part), "stderr lacks {part:?}\n{self:#?}");
        self
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e})\n{self:#?}"))
    }
}

pub fn run_in(dir: Option<&Path>, args: &[&str], input: Option<&str>) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hetproba"));
    cmd.args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).env("RUST_BACKTRACE", "1");
    cmd.stdin(if input.is_some() { Stdio::piped() } else { Stdio::null() });
    if let Some(dir) = dir {
        cmd.current_dir(dir);
    }
    let mut child = cmd.spawn().expect("the hetproba binary runs");
    if let Some(text) = input {
        let mut stdin = child.stdin.take().expect("piped stdin");
        // The program may stop reading early (a game ends); a broken pipe is fine.
        let _ = stdin.write_all(text.as_bytes());
    }
    let out = child.wait_with_output().expect("the hetproba binary finishes");
    Run {
        status: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

pub fn hetproba(args: &[&str]) -> Run {
    run_in(None, args, None)
}

pub fn hetproba_with_input(args: &[&str], input: &str) -> Run {
    run_in(None, args, Some(input))
}

/// An empty scratch directory for one test (below the test binary's own folder).
pub fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(env!("CARGO_CRATE_NAME")).join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the scratch directory can be made");
    dir
}

pub fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("the scratch file can be written");
    path.to_str().expect("a UTF-8 path").to_string()
}

/// Writes a broken ruleset, then checks that `check` and `moves` both refuse it with exactly one
/// diagnostic at `file:line:column` containing `message`, exit status 1, and no panic.
#[track_caller]
pub fn assert_broken(test: &str, files: &[(&str, &str)], reported_file: &str, line_col: &str, message: &str) {
    let dir = scratch(test);
    let mut paths = Vec::new();
    for (name, text) in files {
        paths.push(write(&dir, name, text));
    }
    let target = &paths[0];
    let place = format!("{}:{line_col}: ", dir.join(reported_file).display());
    for command in ["check", "moves"] {
        let run = hetproba(&[command, target]).fails(1);
        let diagnostics: Vec<&str> = run.stderr.lines().filter(|l| l.starts_with("error: ") && l.contains(".toml:")).collect();
        assert_eq!(diagnostics.len(), 1, "{command}: one diagnostic expected\n{}", run.stderr);
        assert!(diagnostics[0].starts_with(&format!("error: {place}")), "{command}: expected {place}\n{}", run.stderr);
        assert!(diagnostics[0].contains(message), "{command}: expected {message:?}\n{}", run.stderr);
        // The source line is quoted and a caret points under the column.
        let column: usize = line_col.split(':').nth(1).unwrap().parse().unwrap();
        let caret = run.stderr.lines().find(|l| l.starts_with("  | ") && l.trim_start_matches("  | ").trim_start().starts_with('^'));
        let caret = caret.unwrap_or_else(|| panic!("{command}: no caret line\n{}", run.stderr));
        assert_eq!(caret.find('^'), Some(4 + column - 1), "{command}: the caret is not under column {column}\n{}", run.stderr);
        if command == "check" {
            assert!(run.stderr.ends_with("error: 1 of 1 rulesets failed\n"), "{}", run.stderr);
        }
    }
}

/// A small valid ruleset; the broken files in the tests change one line of it. Line numbers
/// matter: the tests expect diagnostics at exact places.
pub const TINY: &str = r#"[game]
id = "tiny"
name = "Tiny"

[[players]]
name = "x"

[[players]]
name = "o"

[board]
shape = "rect"
width = 4
height = 4

[pieces.stone]
symbols = ["x", "o"]

[moves.drop]
do = "roll(orthogonal)"

[[end]]
if = "line(3) by mover"
result = "mover wins"
"#;

/// Starts `hetproba` with `input` on its standard input, left open: the run goes on until the
/// test kills it or the program stops by itself.
pub fn spawn_with_open_input(args: &[&str], input: &str) -> std::process::Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hetproba"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the hetproba binary runs");
    child.stdin.as_mut().expect("piped stdin").write_all(input.as_bytes()).expect("the input is written");
    child
}

/// Waits up to `seconds` for the file at `path` to hold `part`; its text.
pub fn wait_for_file(path: &Path, part: &str, seconds: u64) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        if text.contains(part) || std::time::Instant::now() > deadline {
            return text;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// A seeded splitmix64, for random games that replay the same way each run.
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}
