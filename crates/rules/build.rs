//! Embeds every `rules/*.toml` of the workspace into the library, so the binary works from any
//! directory.
use std::{env, fs, path::Path};

fn main() {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules");
    println!("cargo:rerun-if-changed={}", rules.display());
    let mut entries: Vec<(String, String)> = Vec::new();
    if let Ok(dir) = fs::read_dir(&rules) {
        for entry in dir.flatten() {
            let path = entry.path();
            println!("cargo:rerun-if-changed={}", path.display());
            if path.extension().is_some_and(|e| e == "toml")
                && let Some(stem) = path.file_stem().and_then(|s| s.to_str())
            {
                let absolute = fs::canonicalize(&path).expect("a listed file exists");
                entries.push((stem.to_string(), absolute.display().to_string()));
            }
        }
    }
    entries.sort();
    let mut code = String::from("/// Built-in rulesets: (id, file text), sorted by id.\npub static BUILTIN: &[(&str, &str)] = &[\n");
    for (id, path) in entries {
        code.push_str(&format!("    ({id:?}, include_str!({path:?})),\n"));
    }
    code.push_str("];\n");
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("builtin.rs");
    fs::write(out, code).expect("OUT_DIR is writable");
}
