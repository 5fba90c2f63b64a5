//! Hop chains on small rulesets written here, so each rule of the chain search is pinned
//! without any shipped game.

use hetproba_engine::{Game, Position};

/// A two-player ruleset on a square board, with the given pieces, moves and turn rules.
fn ruleset(size: u32, pieces: &str, moves: &str, turn: &str) -> Game {
    let text = format!(
        r#"
[game]
id = "chains"
name = "Chains"
[[players]]
name = "white"
short = "w"
[[players]]
name = "black"
short = "b"
[board]
shape = "rect"
width = {size}
height = {size}
{pieces}
{moves}
{turn}
"#
    );
    let rules = hetproba_rules::load("chains.toml", &text, &hetproba_rules::BuiltinFiles, &[]).unwrap_or_else(|r| panic!("{r}"));
    Game::new(rules)
}

fn game(moves: &str, turn: &str) -> Game {
    ruleset(5, "[pieces.man]\nsymbols = [\"W\", \"B\"]", moves, turn)
}

fn moves(game: &Game, position: &str) -> Vec<String> {
    let pos: Position = game.read_position(position).unwrap();
    let mut names: Vec<String> = game.legal_moves(&pos).iter().map(|&m| game.move_name(&pos, m)).collect();
    names.sort();
    names
}

#[test]
fn a_chain_of_mixed_hops_may_stop_where_no_capture_follows() {
    // White a1 hops over the black a2 (a capture) to a3, then may hop over its own a4 to a5:
    // only a capture that can go on forces the chain on.
    let g = game("[moves.hop]\ndo = \"jump(orthogonal, over=any)+\"", "");
    assert_eq!(moves(&g, "5/W4/5/B4/W4 w"), ["a1:a3", "a1:a3:a5"]);
}

#[test]
fn a_capturing_chain_must_go_on_while_it_can_capture() {
    let g = game("[moves.hop]\ndo = \"jump(orthogonal, over=enemy)+\"", "");
    // a1 takes a2 to a3, then must take a4 to a5.
    assert_eq!(moves(&g, "5/B4/5/B4/W4 w"), ["a1:a3:a5"]);
}

#[test]
fn a_single_hop_without_repeat_stops_after_one_capture() {
    let g = game("[moves.hop]\ndo = \"jump(orthogonal, over=enemy)\"", "");
    assert_eq!(moves(&g, "5/B4/5/B4/W4 w"), ["a1:a3"]);
}

#[test]
fn removal_at_once_frees_the_cell_for_the_rest_of_the_chain() {
    // White a3 flies over b3 (it must land on d3, the only landing that captures on), over d4
    // to d5, then over c5 to b5 or a5. From b5 the way south to b2 crosses b3: with removal at
    // the end b3 still blocks; removed at once, b5 goes on over b2 to b1.
    let hop = "[moves.hop]\ndo = \"fly(orthogonal, over=enemy)+\"";
    let turkish = game(hop, "[turn]\nremoval = \"end\"");
    let at_once = game(hop, "[turn]\nremoval = \"immediate\"");
    let pos = "2B2/3B1/WB3/1B3/5 w";
    assert_eq!(moves(&turkish, pos), ["a3:d3:d5:a5", "a3:d3:d5:b5"]);
    assert_eq!(moves(&at_once, pos), ["a3:d3:d5:b5:b1"]);
}

#[test]
fn many_piece_types_keep_their_own_cells() {
    // Nine piece types: the ninth's codes lie beyond the first eight types' bit sets and must
    // not be taken for them (a step rule for `p0` must not move a `p8`).
    let mut pieces = String::new();
    for i in 0..9 {
        pieces.push_str(&format!("[pieces.p{i}]\nsymbols = [\"{}\", \"{}\"]\n", (b'A' + i) as char, (b'a' + i) as char));
    }
    let game = ruleset(3, &pieces, "[moves.p0]\npiece = \"p0\"\ndo = \"step(orthogonal)\"", "");
    // A white p8 (symbol I) on a1 and a white p0 (A) on c3.
    let pos = game.read_position("2A/3/I2 w").unwrap();
    let mut names: Vec<String> = game.legal_moves(&pos).iter().map(|&m| game.move_name(&pos, m)).collect();
    names.sort();
    assert_eq!(names, ["c3-b3", "c3-c2"]);
}
