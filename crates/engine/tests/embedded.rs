//! Every built-in ruleset loads, compiles and passes the tests embedded in its file.
use hetproba_engine::Game;
use hetproba_rules::{builtin_ids, load_builtin};

#[test]
fn every_builtin_ruleset_passes_its_embedded_tests() {
    let mut failures = Vec::new();
    for id in builtin_ids() {
        let rules = match load_builtin(id, &[]).expect("listed id exists") {
            Ok(r) => r,
            Err(report) => {
                failures.push(format!("{report}"));
                continue;
            }
        };
        let game = Game::new(rules);
        let report = game.run_tests();
        failures.extend(report.failures.iter().map(|f| f.render(&game)));
        assert!(report.passed > 0 || !report.failures.is_empty(), "{id} has no embedded tests");
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
