//! `cargo xtask docs`: writes the table of primitives into docs/language.md, between its
//! `<!-- primitives -->` and `<!-- /primitives -->` marks, from the registry of the rules crate
//! (`hetproba_rules::prims::docs_table`). A test of the rules crate checks that the page holds it.

use std::path::Path;
use std::process::ExitCode;

pub const USAGE: &str = "usage: cargo xtask docs
  Writes the table of primitives into docs/language.md (between its <!-- primitives --> marks),
  from the registry of primitives.";

/// The marks around the table in docs/language.md.
pub const OPEN: &str = "<!-- primitives -->\n";
pub const CLOSE: &str = "<!-- /primitives -->";

pub fn docs(root: &Path, args: &[String]) -> ExitCode {
    match args.first().map(String::as_str) {
        None => {}
        Some("--help") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(other) => {
            eprintln!("error: unknown argument '{other}'\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    let path = root.join("docs/language.md");
    let page = match std::fs::read_to_string(&path) {
        Ok(page) => page,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    };
    let (Some(open), Some(close)) = (page.find(OPEN), page.find(CLOSE)) else {
        eprintln!("error: {} has no {} ... {} marks", path.display(), OPEN.trim(), CLOSE);
        return ExitCode::FAILURE;
    };
    let table = hetproba_engine::rules::prims::docs_table();
    let written = format!("{}{OPEN}{table}{}", &page[..open], &page[close..]);
    if written == page {
        println!("docs/language.md: the table of primitives is current");
        return ExitCode::SUCCESS;
    }
    match std::fs::write(&path, written) {
        Ok(()) => {
            println!("docs/language.md: the table of primitives written");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", path.display());
            ExitCode::FAILURE
        }
    }
}
