//! The fixture rulesets of the unit tests (tests/fixtures), each written for the shape a test
//! needs, and the built-ins chosen by what they have, never by name.

use hetproba_engine::Game;
use hetproba_engine::rules::{BuiltinFiles, Ruleset, builtin_ids, load, load_builtin};

/// Three in a row on 3x3: stones placed, players cross and nought.
pub const PLACING: &str = include_str!("../../../tests/fixtures/placing.toml");
/// Runners slide ahead on 4x4 and choose a queen or a knight on the far row; white and black.
pub const RACING: &str = include_str!("../../../tests/fixtures/racing.toml");
/// Men that hop over enemy pieces on the dark cells of 6x6, in PDN, drawn on all 36 squares.
pub const HOPPING: &str = include_str!("../../../tests/fixtures/hopping.toml");
/// Stones put or pushed in from the border of 4x4.
pub const PUSHING: &str = include_str!("../../../tests/fixtures/pushing.toml");
/// Stones that step and capture on 3x3, captured ones held and dropped back; a wall in each hand.
pub const HOLDING: &str = include_str!("../../../tests/fixtures/holding.toml");
/// Seven hexagons, the middle row of three dark.
pub const HEXES: &str = include_str!("../../../tests/fixtures/hexes.toml");
/// A 3x3 rectangle with a hexagon's six directions.
pub const RHOMBUS: &str = include_str!("../../../tests/fixtures/rhombus.toml");

pub fn rules(text: &str) -> Ruleset {
    load("fixture.toml", text, &BuiltinFiles, &[]).unwrap_or_else(|r| panic!("{r}"))
}

pub fn game(text: &str) -> Game {
    Game::new(rules(text))
}

/// The first built-in that has what `fits` asks for.
pub fn builtin_with(what: &str, fits: impl Fn(&Ruleset) -> bool) -> Game {
    let found = builtin_ids().map(|id| load_builtin(id, &[]).expect("built in").expect("loads")).find(|r| fits(r));
    Game::new(found.unwrap_or_else(|| panic!("no built-in ruleset {what}")))
}
