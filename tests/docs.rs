//! The examples in docs/language.md that are whole rulesets (a ```toml block with a line starting
//! `[game]`) are checked as a reader would check them: written to a file and run through
//! `hetproba check`, their `[[tests]]` included. Fragments (blocks without `[game]`) are parts of a
//! file, not rulesets, and are skipped. A failure names the block's line in the page.

mod common;

use common::{hetproba, scratch, write};
use std::path::Path;

/// A ```toml block: the line of its opening fence in the page (from 1) and its text.
#[derive(Debug, PartialEq)]
struct Block {
    line: usize,
    text: String,
}

/// Every ```toml block of a Markdown page. Any line starting with ``` closes a block.
fn toml_blocks(page: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in page.lines().enumerate() {
        let fence = line.trim_start().starts_with("```");
        match &mut open {
            None if line.trim() == "```toml" => open = Some(Block { line: i + 1, text: String::new() }),
            None => {}
            Some(_) if fence => blocks.extend(open.take()),
            Some(block) => {
                block.text.push_str(line);
                block.text.push('\n');
            }
        }
    }
    blocks
}

fn is_ruleset(block: &Block) -> bool {
    block.text.lines().any(|l| l.starts_with("[game]"))
}

#[test]
fn blocks_are_found_with_their_line_numbers() {
    let page = "text\n```toml\n[game]\nid = \"a\"\n```\n\n```console\n$ x\n```\n```toml\n[board]\n```\n";
    let blocks = toml_blocks(page);
    assert_eq!(blocks, vec![Block { line: 2, text: "[game]\nid = \"a\"\n".into() }, Block { line: 10, text: "[board]\n".into() }]);
    assert!(is_ruleset(&blocks[0]) && !is_ruleset(&blocks[1]));
}

#[test]
fn every_whole_ruleset_in_the_language_page_passes_check() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/language.md");
    let page = std::fs::read_to_string(&path).expect("docs/language.md is readable");
    let rulesets: Vec<Block> = toml_blocks(&page).into_iter().filter(is_ruleset).collect();
    // The page has a dozen; finding only a few means the extraction broke, not the examples.
    assert!(rulesets.len() >= 8, "only {} whole rulesets found in docs/language.md", rulesets.len());
    let dir = scratch("language");
    let failures: Vec<String> = rulesets
        .iter()
        .filter_map(|block| {
            let file = write(&dir, &format!("line-{}.toml", block.line), &block.text);
            let run = hetproba(&["check", &file]);
            let failed = run.status != 0 || run.stderr.contains("panicked");
            failed.then(|| {
                format!(
                    "docs/language.md:{}: this ruleset fails `hetproba check` (line N of the file is line {} + N of the page):\n{}{}",
                    block.line, block.line, run.stdout, run.stderr
                )
            })
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
