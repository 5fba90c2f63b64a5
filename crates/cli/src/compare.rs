//! `compare A B`: the report of `hetproba_analysis::compare`, printed line by line as it comes,
//! or (`--json`) as data at the end.

use crate::CliError;
use crate::load::load_ruleset;
use hetproba_analysis::compare::{Options, compare as report};
use hetproba_engine::Game;

pub fn compare(a_arg: &str, b_arg: &str, max_depth: u32, seconds: f64, play: u64, seed: u64, json: bool) -> Result<(), CliError> {
    let a = Game::new(load_ruleset(a_arg, &[])?);
    let b = Game::new(load_ruleset(b_arg, &[])?);
    let options = Options { max_depth, seconds, play, seed };
    let mut print = |line: &str| {
        if !json {
            crate::outln!("{line}");
        }
    };
    let data = report(&a, &b, &options, crate::system_timer(), &mut print).map_err(|e| CliError::failure(e.to_string()))?;
    if json {
        crate::outln!("{}", serde_json::to_string_pretty(&data).map_err(|e| CliError::failure(e.to_string()))?);
    }
    Ok(())
}
