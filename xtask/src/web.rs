//! `cargo xtask web`: builds the web board into `target/web/`: the wasm crate for
//! wasm32-unknown-unknown (release), its JavaScript bindings by wasm-bindgen-cli (installed
//! from crates.io at the version Cargo.lock holds when missing), and the page's files from
//! `web/`. `hetproba serve` serves that folder.

use std::path::Path;
use std::process::{Command, ExitCode};

pub const USAGE: &str = "usage: cargo xtask web [--dev]
  Builds the web board into target/web/ (the page, its worker and the .wasm); installs what it
  needs first: the wasm32-unknown-unknown target (rustup) and wasm-bindgen-cli at the version of
  the wasm-bindgen crate in Cargo.lock (cargo install). Serve it with `hetproba serve`.
  --dev   an unoptimised build (faster to build, slower to play)";

pub fn web(root: &Path, args: &[String]) -> ExitCode {
    let mut release = true;
    for arg in args {
        match arg.as_str() {
            "--dev" => release = false,
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
    match build(root, release) {
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

/// wasm-bindgen-cli at `version`, installed when missing or of another version.
fn wasm_bindgen(version: &str) -> Result<(), String> {
    let installed =
        Command::new("wasm-bindgen").arg("--version").output().ok().map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    if installed.as_deref() == Some(&format!("wasm-bindgen {version}")) {
        return Ok(());
    }
    eprintln!("installing wasm-bindgen-cli {version} (found: {})", installed.as_deref().unwrap_or("none"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    run(Command::new(cargo).args(["install", "wasm-bindgen-cli", "--version", version]))
}

fn build(root: &Path, release: bool) -> Result<(), String> {
    // Without rustup (a toolchain from elsewhere) the target may already be there.
    if let Err(e) = run(Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"])) {
        eprintln!("warning: {e}");
    }
    let version = locked_version(root, "wasm-bindgen")?;
    wasm_bindgen(&version)?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command.current_dir(root).args(["build", "--locked", "--target", "wasm32-unknown-unknown", "-p", "hetproba-web"]);
    if release {
        command.arg("--release");
    }
    run(&mut command)?;
    let profile = if release { "release" } else { "debug" };
    let wasm = root.join("target/wasm32-unknown-unknown").join(profile).join("hetproba_web.wasm");
    let out = root.join("target/web");
    let pkg = out.join("pkg");
    std::fs::create_dir_all(&pkg).map_err(|e| format!("cannot create {}: {e}", pkg.display()))?;
    run(Command::new("wasm-bindgen").arg("--target").arg("web").arg("--no-typescript").arg("--out-dir").arg(&pkg).arg(&wasm))?;
    // The page's own files; the service worker's cache is named after this build.
    let mut stamp: u64 = 0xcbf2_9ce4_8422_2325;
    let mut hash = |bytes: &[u8]| {
        for &b in bytes {
            stamp = (stamp ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    };
    let mut files = Vec::new();
    let dir = root.join("web");
    for entry in std::fs::read_dir(&dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_file() {
            let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            hash(&bytes);
            files.push((path, bytes));
        }
    }
    let built = std::fs::read(pkg.join("hetproba_web_bg.wasm")).map_err(|e| format!("wasm-bindgen wrote no .wasm: {e}"))?;
    hash(&built);
    for (path, bytes) in files {
        let name = path.file_name().unwrap_or_default();
        let bytes = if name == "sw.js" {
            String::from_utf8_lossy(&bytes).replace("BUILD_ID", &format!("{stamp:016x}")).into_bytes()
        } else {
            bytes
        };
        std::fs::write(out.join(name), bytes).map_err(|e| format!("cannot write {}: {e}", out.join(name).display()))?;
    }
    println!("web board built in {} (the .wasm is {} KiB); serve it with: hetproba serve", out.display(), built.len() / 1024);
    Ok(())
}
