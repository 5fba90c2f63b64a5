//! The rule editor's check: a ruleset's text read as `check` reads it, every problem at its line
//! and column, the rules in words, and the results of its embedded tests.

use crate::words::Lang;
use hetproba_engine::Game;
use hetproba_engine::rules::{BuiltinFiles, Sources, Span, describe, load};
use serde::Serialize;

/// One problem, where it is.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The file it is in (the text checked, or a built-in it extends); None when it points nowhere.
    pub file: Option<String>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
    /// `file:line:column: message`, the source line and a caret, as `check` prints it.
    pub text: String,
}

#[derive(Serialize, Debug)]
pub struct Checked {
    pub ok: bool,
    pub errors: Vec<Problem>,
    /// The rules in words, when the text reads.
    pub words: Option<String>,
    pub tests_passed: usize,
    pub tests_failed: usize,
    /// A summary line as `check` prints it on success.
    pub summary: Option<String>,
}

fn at(sources: &Sources, span: Option<Span>, message: &str, text: String) -> Problem {
    match span {
        Some(span) => {
            let (line, column) = sources.line_col(span.file, span.start);
            Problem {
                file: Some(sources.file(span.file).name.clone()),
                line: Some(line),
                column: Some(column),
                message: message.to_string(),
                text,
            }
        }
        None => Problem { file: None, line: None, column: None, message: message.to_string(), text },
    }
}

/// Reads, compiles and tests a ruleset's text.
pub fn check(name: &str, text: &str, lang: Lang) -> Checked {
    let rules = match load(name, text, &BuiltinFiles, &[]) {
        Ok(rules) => rules,
        Err(report) => {
            let errors = report.diagnostics.iter().map(|d| at(&report.sources, d.span, &d.message, d.render(&report.sources))).collect();
            return Checked { ok: false, errors, words: None, tests_passed: 0, tests_failed: 0, summary: None };
        }
    };
    let words = describe::rules_in_words_in(&rules, lang);
    let game = Game::new(rules);
    let report = game.run_tests();
    let sources = &game.rules().sources;
    let errors: Vec<Problem> = report
        .failures
        .iter()
        .map(|f| at(sources, Some(f.span), &format!("test '{}' failed: {}", f.name, f.message), f.render(&game)))
        .collect();
    let r = game.rules();
    let summary = errors.is_empty().then(|| {
        format!(
            "{}: {} cells, {} piece types, {} move rules, {} end rules; {} embedded tests passed",
            r.id,
            r.board.len(),
            r.pieces.len(),
            r.moves.len(),
            r.ends.len(),
            report.passed
        )
    });
    Checked { ok: errors.is_empty(), tests_failed: errors.len(), errors, words: Some(words), tests_passed: report.passed, summary }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::RACING;

    #[test]
    fn a_typo_is_reported_at_its_line_and_column() {
        let text = RACING.replacen("[board]", "[board]\nshap = \"rect\"", 1);
        let checked = check("mine.toml", &text, Lang::En);
        assert!(!checked.ok);
        let e = &checked.errors[0];
        let line = text.lines().position(|l| l.starts_with("shap =")).unwrap() + 1;
        assert_eq!((e.file.as_deref(), e.line, e.column), (Some("mine.toml"), Some(line), Some(1)));
        assert!(e.message.starts_with("unknown key 'shap' in [board]"), "{}", e.message);
    }

    #[test]
    fn a_good_ruleset_gives_its_words_and_tests() {
        let checked = check("r.toml", RACING, Lang::En);
        assert!(checked.ok, "{:?}", checked.errors);
        assert_eq!(checked.tests_passed, 2);
        assert!(checked.words.unwrap().contains("Racing"));
        // The page in Hungarian: the rules in words are Hungarian too.
        let words = check("r.toml", RACING, Lang::Hu).words.unwrap();
        assert!(words.contains("\nLépések:\n") && words.contains("\nA játszma vége:\n") && !words.contains("Turn:"), "{words}");
    }

    #[test]
    fn a_failing_embedded_test_is_an_error_at_the_test() {
        // The first test counts 8 moves at the start: say 98.
        let at = RACING.find("count = ").unwrap() + "count = ".len();
        let broken = format!("{}9{}", &RACING[..at], &RACING[at..]);
        let checked = check("r.toml", &broken, Lang::En);
        assert!(!checked.ok);
        assert!(checked.errors[0].message.contains("failed"), "{}", checked.errors[0].message);
    }
}
