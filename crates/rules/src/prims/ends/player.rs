//! `player(NAME)`: the player the test looks at is NAME (`player(black)`: the mover is black).

use crate::describe::Lang;
use crate::model::{PlayerId, Ruleset, Who};
use crate::prims::{ArgSpec, Spec, TestInput, TestPrim};
use crate::syntax::ArgValue;

/// The player looked at (the mover, unless `by next`) is this one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub player: PlayerId,
}

impl Player {
    pub const SPEC: Spec = Spec::new(&["player"], &[ArgSpec::at("PLAYER", "")], "the player looked at is this one", "tests-about-players-and-the-last-move");
}

impl TestPrim for Player {
    fn read(input: &mut TestInput) -> Option<Player> {
        let TestInput { r, call, args, .. } = input;
        let names = r.names.players.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(" or ");
        let player = match args.positional().as_slice() {
            [arg] => match &arg.value {
                ArgValue::Name(name) => match r.names.player(name) {
                    Some(p) => p,
                    None => {
                        r.arg_error(arg, format!("no player '{name}'; the players are {names}"));
                        return None;
                    }
                },
                _ => {
                    r.arg_error(arg, format!("player() takes a player's name: {names}"));
                    return None;
                }
            },
            _ => {
                r.call_error(call, format!("player() takes one player's name: {names}"));
                return None;
            }
        };
        Some(Player { player })
    }

    fn default_who(&self) -> Who {
        Who::Mover
    }

    fn words(&self, r: Option<&Ruleset>, whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            let name = r.map_or_else(|| format!("a {}. játékos", self.player.0 + 1), |r| crate::describe::hu_the(crate::describe::player_name(r, self.player.index(), lang)));
            return format!("{whom} {name}");
        }
        let name = r.map_or_else(|| format!("player {}", self.player.0 + 1), |r| r.players[self.player.index()].name.clone());
        format!("{whom} is {name}")
    }

    fn reason(&self) -> String {
        "end condition".into()
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{load, message};

    #[test]
    fn player_names_one_player() {
        let moves = "[moves.m]\npiece = \"stone\"\ndo = \"place\"";
        assert!(load(moves, "no-moves and player(o)", "").is_ok());
        assert_eq!(message(&load(moves, "player(z)", "").expect_err("refused")), "no player 'z'; the players are x or o");
        assert_eq!(message(&load(moves, "player", "").expect_err("refused")), "player() takes one player's name: x or o");
    }
}
