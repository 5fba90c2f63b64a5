//! `cargo xtask web`: builds the web board. The page's crate (`crates/web`) is compiled for
//! wasm32-unknown-unknown in the cargo profile `wasm` (opt-level "s", one codegen unit, LTO), its
//! JavaScript bindings are made by wasm-bindgen's own library (a dependency of this crate, so
//! locked by Cargo.lock at the version of the `wasm-bindgen` crate), which also drops the names
//! and debug sections; the .wasm is named by a hash of its bytes, and the page's files are copied
//! from `web/`. (No wasm-opt: Debian 12's binaryen 108 cannot read the `table.fill` of
//! wasm-bindgen's `externref` table, and binaryen's npm build took minutes for 6.5% less.)
//!
//! The page goes to `target/web/` and, when optimised, to `crates/cli/page/`: the copy in the
//! repository (with `files.rs`, its index for the `hetproba` binary to embed), so that a fresh
//! clone serves the page without building any of this. `--check` (CI) builds and compares that
//! copy with the build, byte for byte.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

pub const USAGE: &str = "usage: cargo xtask web [--dev | --check]
  Builds the web board into target/web/ and crates/cli/page/ (the copy in the repository, which a
  fresh clone serves): the page's crate for wasm32-unknown-unknown (cargo profile `wasm`), its JavaScript
  bindings (wasm-bindgen's library, at the version Cargo.lock holds), the .wasm named by a hash of
  its bytes, the page's files from web/. Adds the wasm32-unknown-unknown target with rustup when
  it is missing.
  --dev    an unoptimised build, into target/web/ only (faster to build, slower to play)
  --check  build into target/web/ and compare with crates/cli/page/: fails, naming the files,
           when the page in the repository is not what the sources build";

/// What a run builds and where it puts it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// target/web/ and crates/cli/page/.
    Release,
    /// target/web/ only, unoptimised.
    Dev,
    /// target/web/, then compared with crates/cli/page/.
    Check,
}

pub fn web(root: &Path, args: &[String]) -> ExitCode {
    let mut mode = Mode::Release;
    for arg in args {
        match arg.as_str() {
            "--dev" => mode = Mode::Dev,
            "--check" => mode = Mode::Check,
            "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("error: unknown argument '{other}'\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    match build(root, mode) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(command: &mut Command) -> Result<(), String> {
    let shown = format!("{command:?}");
    match command.status() {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("{shown} failed ({s})")),
        Err(e) => Err(format!("cannot run {shown}: {e}")),
    }
}

/// The first line a tool prints of its version, or None when it is not there.
fn version(program: &str, arg: &str) -> Option<String> {
    let out = Command::new(program).arg(arg).output().ok().filter(|o| o.status.success())?;
    String::from_utf8_lossy(&out.stdout).lines().next().map(|l| l.trim().to_string())
}

/// A step's line, with the time since the build began.
fn step(started: Instant, text: &str) {
    eprintln!("web [{:>5.1}s] {text}", started.elapsed().as_secs_f64());
}

/// The name of the page's crate's .wasm and bindings.
const STEM: &str = "hetproba_web";

/// The page's files in the repository: what a fresh clone serves and the binary is to embed.
const EMBEDDED: &str = "crates/cli/page";

fn build(root: &Path, mode: Mode) -> Result<(), String> {
    let started = Instant::now();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let installed = Command::new("rustup").args(["target", "list", "--installed"]).output().ok();
    let has_target = installed.as_ref().is_some_and(|o| String::from_utf8_lossy(&o.stdout).lines().any(|l| l == "wasm32-unknown-unknown"));
    if !has_target {
        step(started, "adding the wasm32-unknown-unknown target (rustup)");
        // Without rustup (a toolchain from elsewhere) the target may be there all the same.
        if let Err(e) = run(Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"])) {
            eprintln!("warning: {e}");
        }
    }
    let profile = if mode == Mode::Dev { "dev" } else { "wasm" };
    step(started, &format!("compiling crates/web for wasm32-unknown-unknown (cargo profile {profile}); cargo shows its progress"));
    // Paths in the .wasm (panic messages name source files) must not depend on where the
    // dependencies were unpacked, so that every machine builds the same bytes.
    let cargo_home =
        std::env::var("CARGO_HOME").map(PathBuf::from).ok().or_else(|| std::env::var("HOME").ok().map(|h| Path::new(&h).join(".cargo")));
    let mut flags = vec![format!("--remap-path-prefix={}=/src", root.display())];
    if let Some(home) = cargo_home {
        flags.push(format!("--remap-path-prefix={}=/cargo", home.display()));
    }
    let flags: Vec<String> = flags.iter().map(|f| format!("\"{f}\"")).collect();
    run(Command::new(&cargo).current_dir(root).args([
        "build",
        "--locked",
        "--target",
        "wasm32-unknown-unknown",
        "-p",
        "hetproba-web",
        "--profile",
        profile,
        "--config",
        &format!("target.wasm32-unknown-unknown.rustflags=[{}]", flags.join(",")),
    ]))?;
    let dir = if profile == "dev" { "debug" } else { profile };
    let compiled = root.join("target/wasm32-unknown-unknown").join(dir).join(format!("{STEM}.wasm"));
    let raw = std::fs::metadata(&compiled).map_err(|e| format!("cannot read {}: {e}", compiled.display()))?.len();

    let bindgen = locked_version(root, "wasm-bindgen-cli-support")?;
    step(started, &format!("wasm-bindgen {bindgen}: the JavaScript bindings"));
    let mut output = wasm_bindgen_cli_support::Bindgen::new()
        .input_path(&compiled)
        .out_name(STEM)
        .web(true)
        .and_then(|b| {
            b.typescript(false).omit_default_module_path(false).remove_name_section(true).remove_producers_section(true).generate_output()
        })
        .map_err(|e| format!("wasm-bindgen: {e:#}"))?;
    let js = output.js().to_string();
    let wasm = output.wasm_mut().emit_wasm();
    let wasm_name = format!("{STEM}.{:016x}.wasm", fnv(&wasm));
    // The bindings load the .wasm by its name beside them: the hashed one.
    let default_path = format!("'{STEM}_bg.wasm'");
    if !js.contains(&default_path) {
        return Err(format!("wasm-bindgen's JavaScript no longer names {default_path}: the build must learn its new form"));
    }
    let js = js.replace(&default_path, &format!("'{wasm_name}'"));

    let page = page_files(root, &wasm_name, &js, &wasm)?;
    let out = root.join("target/web");
    replace_dir(&out, &page)?;
    let kib = |n: u64| n as f64 / 1024.0;
    step(
        started,
        &format!(
            "built {}: pkg/{wasm_name} {:.0} KiB (compiled {:.0} KiB, with its names and custom sections)",
            out.display(),
            kib(wasm.len() as u64),
            kib(raw)
        ),
    );
    let embedded = root.join(EMBEDDED);
    match mode {
        Mode::Dev => {}
        Mode::Release => {
            replace_dir(&embedded, &page)?;
            write(&embedded.join("files.rs"), index(&page, &tools(&bindgen)).as_bytes())?;
            step(started, &format!("and into {EMBEDDED}/, the copy in the repository: commit it"));
        }
        Mode::Check => {
            let differ = compare(&embedded, &page, &tools(&bindgen))?;
            if !differ.is_empty() {
                return Err(format!(
                    "{EMBEDDED}/ is not the page these sources build ({}): run `cargo xtask web` and commit {EMBEDDED}/",
                    differ.join(", ")
                ));
            }
            step(started, &format!("{EMBEDDED}/ is the page these sources build"));
        }
    }
    eprintln!("serve it with: hetproba serve");
    Ok(())
}

/// The tools that made the page, as the embedded index records them: another rustc builds other
/// bytes.
fn tools(bindgen: &str) -> String {
    let rustc = version("rustc", "--version").unwrap_or_else(|| "rustc (unknown)".into());
    format!("{rustc}, wasm-bindgen {bindgen}")
}

/// The version of a package in Cargo.lock.
fn locked_version(root: &Path, package: &str) -> Result<String, String> {
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).map_err(|e| format!("cannot read Cargo.lock: {e}"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == format!("name = \"{package}\"")
            && let Some(version) = lines.next().and_then(|l| l.strip_prefix("version = \""))
        {
            return Ok(version.trim_end_matches('"').to_string());
        }
    }
    Err(format!("Cargo.lock has no package {package}"))
}

/// FNV-1a, 64 bits: a name that changes when the bytes do (for caches, not for security).
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h: u64, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The built page, by path inside it: the page's own files from `web/` (its service worker told
/// the build's name and the .wasm's), the bindings and the .wasm.
fn page_files(root: &Path, wasm_name: &str, js: &str, wasm: &[u8]) -> Result<Vec<(String, Vec<u8>)>, String> {
    let dir = root.join("web");
    let mut files = Vec::new();
    let mut names = Vec::new();
    for entry in std::fs::read_dir(&dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_file() {
            names.push(path);
        }
    }
    names.sort();
    let stamp = fnv(&[js.as_bytes(), wasm].concat());
    for path in names {
        let name = path.file_name().and_then(|n| n.to_str()).ok_or_else(|| format!("{}: not a UTF-8 name", path.display()))?.to_string();
        let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let bytes = if name == "sw.js" {
            String::from_utf8_lossy(&bytes).replace("BUILD_ID", &format!("{stamp:016x}")).replace("WASM_FILE", wasm_name).into_bytes()
        } else {
            bytes
        };
        files.push((name, bytes));
    }
    files.push((format!("pkg/{STEM}.js"), js.as_bytes().to_vec()));
    files.push((format!("pkg/{wasm_name}"), wasm.to_vec()));
    Ok(files)
}

/// Makes `dir` hold exactly `files` (a .wasm of an earlier build goes).
fn replace_dir(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<(), String> {
    for sub in ["", "pkg"] {
        let d = dir.join(sub);
        if let Ok(entries) = std::fs::read_dir(&d) {
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_file() {
                    std::fs::remove_file(&path).map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
                }
            }
        }
    }
    std::fs::create_dir_all(dir.join("pkg")).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for (name, bytes) in files {
        write(&dir.join(name), bytes)?;
    }
    Ok(())
}

/// The Rust index of the embedded page: each file's path and bytes, for `include!`.
fn index(files: &[(String, Vec<u8>)], tools: &str) -> String {
    let mut out = format!(
        "// The web board, built by `cargo xtask web` with {tools}; do not edit (CI checks it\n\
         // against a build with `cargo xtask web --check`). Each file of the page and its bytes.\n\
         pub const FILES: &[(&str, &[u8])] = &[\n"
    );
    for (name, _) in files {
        out += &format!("    (\"{name}\", include_bytes!(\"{name}\")),\n");
    }
    out + "];\n"
}

/// The files of `dir` that differ from the page built (by name), with the index.
fn compare(dir: &Path, files: &[(String, Vec<u8>)], tools: &str) -> Result<Vec<String>, String> {
    let mut differ = Vec::new();
    let mut expected: Vec<(String, Vec<u8>)> = files.to_vec();
    expected.push(("files.rs".into(), index(files, tools).into_bytes()));
    let mut present = Vec::new();
    for sub in ["", "pkg"] {
        if let Ok(entries) = std::fs::read_dir(dir.join(sub)) {
            for entry in entries.flatten() {
                if entry.path().is_file() {
                    let name = entry.file_name().to_string_lossy().to_string();
                    present.push(if sub.is_empty() { name } else { format!("{sub}/{name}") });
                }
            }
        }
    }
    for (name, bytes) in &expected {
        match std::fs::read(dir.join(name)) {
            Ok(old) if &old == bytes => {}
            Ok(_) => differ.push(format!("{name} differs")),
            Err(_) => differ.push(format!("{name} is missing")),
        }
    }
    for name in present {
        if !expected.iter().any(|(n, _)| *n == name) {
            differ.push(format!("{name} is left over"));
        }
    }
    if differ.iter().any(|d| d.starts_with("files.rs")) {
        let recorded = std::fs::read_to_string(dir.join("files.rs")).unwrap_or_default();
        if let Some(line) = recorded.lines().next() {
            eprintln!("the page in the repository says: {line}\nthis build used: {tools}");
        }
    }
    Ok(differ)
}
