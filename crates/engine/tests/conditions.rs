//! The language of conditions in play: a move's `if` (asked before it) and `if-after` (asked
//! after it), `[turn] if-after`, counts compared, `player(NAME)`, `occupies(REGION, TYPES)`,
//! `repetitions`, and the pass that a royal piece in check forbids. Each on a small ruleset
//! written here, whose moves are worked out by hand in the comments.

use hetproba_engine::{Game, Position, Session};

fn game(text: &str) -> Game {
    let rules = hetproba_rules::load("t.toml", text, &hetproba_rules::BuiltinFiles, &[]).unwrap_or_else(|r| panic!("{r}"));
    Game::new(rules)
}

fn moves(game: &Game, position: &str) -> Vec<String> {
    let pos = game.read_position(position).unwrap_or_else(|e| panic!("{position}: {e}"));
    let mut names = game.move_names(&pos, &game.legal_moves(&pos));
    names.sort();
    names
}

/// Kings and a rook on 4x4: the king steps, the rook slides; `extra` adds tables.
fn kings(extra: &str) -> String {
    format!(
        "[game]\nid = \"k\"\nname = \"K\"\n\n[[players]]\nname = \"white\"\nshort = \"w\"\n\n[[players]]\nname = \"black\"\nshort = \"b\"\n\n\
         [board]\nwidth = 4\nheight = 4\n\n[board.regions]\ntop = \"y == 3\"\n\n\
         [pieces.king]\nsymbols = [\"K\", \"k\"]\nroyal = true\n\n[pieces.rook]\nsymbols = [\"R\", \"r\"]\n\n\
         [start]\nwhite = {{ king = [\"a1\"], rook = [\"b1\"] }}\nblack = {{ king = [\"d4\"] }}\n\n\
         [moves.king]\npiece = \"king\"\ndo = \"step(all, to=any)\"\n\n[moves.rook]\npiece = \"rook\"\ndo = \"slide(orthogonal, to=any)\"\n\n{extra}\n"
    )
}

#[test]
fn turn_if_after_forbids_giving_check() {
    // White: king a1 (a2, b2; b1 is its own rook), rook b1 (b2, b3, b4, c1, d1). With black's
    // king on d4, b1-b4 and b1-d1 give check.
    let plain = game(&kings(""));
    assert_eq!(moves(&plain, "3k/4/4/KR2 w"), ["a1-a2", "a1-b2", "b1-b2", "b1-b3", "b1-b4", "b1-c1", "b1-d1"]);
    let racing = game(&kings("[turn]\nif-after = \"not check by next\""));
    assert_eq!(moves(&racing, "3k/4/4/KR2 w"), ["a1-a2", "a1-b2", "b1-b2", "b1-b3", "b1-c1"]);
    // perft 1 agrees with the list, and deeper counts only legal lines.
    let mut pos = racing.read_position("3k/4/4/KR2 w").expect("a position");
    assert_eq!(racing.perft(&mut pos, 1), 5);
}

#[test]
fn a_rules_if_after_holds_for_its_own_moves_only() {
    // Only the rook may not give check.
    let rook =
        kings("").replace("do = \"slide(orthogonal, to=any)\"", "do = \"slide(orthogonal, to=any)\"\nif-after = \"not check by next\"");
    let game = game(&rook);
    assert_eq!(moves(&game, "3k/4/4/KR2 w"), ["a1-a2", "a1-b2", "b1-b2", "b1-b3", "b1-c1"]);
    // Black's king on c4: b1-b4 and b1-c1 would check; the king's moves are not asked.
    assert_eq!(moves(&game, "2k1/4/4/KR2 w"), ["a1-a2", "a1-b2", "b1-b2", "b1-b3", "b1-d1"]);
}

#[test]
fn a_first_parts_if_is_asked_before_the_move() {
    // The rook moves only while black has a king on the top row (`by next`: the opponent).
    let text =
        kings("").replace("do = \"slide(orthogonal, to=any)\"", "do = \"slide(orthogonal, to=any)\"\nif = \"occupies(top, king) by next\"");
    let game = game(&text);
    assert_eq!(moves(&game, "3k/4/4/KR2 w"), ["a1-a2", "a1-b2", "b1-b2", "b1-b3", "b1-b4", "b1-c1", "b1-d1"]);
    assert_eq!(moves(&game, "4/3k/4/KR2 w"), ["a1-a2", "a1-b2"]);
    // Counted with a comparison: at least as many pieces as the opponent.
    let text = kings("")
        .replace("do = \"slide(orthogonal, to=any)\"", "do = \"slide(orthogonal, to=any)\"\nif = \"count by mover > count by next + 1\"");
    let game = self::game(&text);
    assert_eq!(moves(&game, "3k/4/4/KR2 w"), ["a1-a2", "a1-b2"], "2 pieces against 1: not more than 1 + 1");
    // 3 against 1: both rooks move (a2: a3, a4, b2, c2, d2), the king only to b2.
    assert_eq!(moves(&game, "3k/4/R3/KR2 w").len(), 1 + 5 + 5);
}

#[test]
fn a_rule_with_an_if_attacks_only_when_it_holds() {
    // The rook that may not move does not attack: the black king may step next to it.
    let text = kings("").replace("do = \"slide(orthogonal, to=any)\"", "do = \"slide(orthogonal, to=any)\"\nif = \"count by mover >= 3\"");
    let game = game(&text);
    // Black's king on c3; white's rook on b1 would attack b3, c1... but cannot move.
    assert_eq!(moves(&game, "4/2k1/4/KR2 b"), ["c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3", "c3-d4"]);
    let plain = self::game(&kings(""));
    assert_eq!(moves(&plain, "4/2k1/4/KR2 b"), ["c3-c2", "c3-c4", "c3-d2", "c3-d3", "c3-d4"]);
}

#[test]
fn player_and_occupies_by_type_in_end_rules() {
    // Black wins with its king on the top row... no: white's king reaching the top row wins,
    // but only when white moved it there (player(white)); a rook there does not count.
    let text =
        kings("[[end]]\nif = \"occupies(top, king) and player(white)\"\nresult = \"mover wins\"\nreason = \"the king reached the top\"");
    let game = game(&text);
    let pos = game.read_position("R3/2k1/K3/4 b").expect("a position");
    assert!(game.outcome(&pos).is_none(), "a rook on the top row is not the king");
    let mut pos = game.read_position("4/2k1/K3/4 w").expect("a position");
    let mv = game.parse_move(&pos, "a2-a3").expect("legal");
    game.make(&mut pos, mv);
    assert_eq!(game.outcome(&pos).map(|o| o.short(&game)), None, "a3 is not the top row");
    let mut pos = game.read_position("4/K1k1/4/4 w").expect("a position");
    let mv = game.parse_move(&pos, "a3-a4").expect("legal");
    game.make(&mut pos, mv);
    assert_eq!(game.outcome(&pos).map(|o| o.short(&game)).as_deref(), Some("white wins"));
    // Black's king on the top row is no win for anybody: player(white) fails after black's move.
    let mut pos = game.read_position("4/2k1/4/K3 b").expect("a position");
    let mv = game.parse_move(&pos, "c3-c4").expect("legal");
    game.make(&mut pos, mv);
    assert!(game.outcome(&pos).is_none());
}

#[test]
fn repetitions_count_the_positions_that_stood_before() {
    // Walkers on a row of five: a1-b1 e1-d1 b1-a1 d1-e1 brings the start back.
    let text = include_str!("../../../tests/fixtures/wandering.toml").to_string()
        + "\n[[end]]\nif = \"repetitions >= 2\"\nresult = \"draw\"\nreason = \"the third time\"\n";
    let game = game(&text);
    let mut session = Session::new(&game, Position::start(&game));
    let line = ["a1-b1", "e1-d1", "b1-a1", "d1-e1"];
    for (i, name) in line.iter().chain(line.iter()).enumerate() {
        assert!(session.outcome().is_none(), "over after {i} plies");
        let mv = game.parse_move(session.position(), name).expect("legal");
        session.play_unchecked(mv);
    }
    assert_eq!(session.outcome().map(|o| o.reason), Some("the third time".to_string()));
    // perft sees the same: from the start, depth 9 goes on from no third repetition at ply 8.
    let mut pos = Position::start(&game);
    let plain = self::game(include_str!("../../../tests/fixtures/wandering.toml"));
    let mut start = Position::start(&plain);
    assert!(game.perft(&mut pos, 9) < plain.perft(&mut start, 9));
}

#[test]
fn a_royal_piece_in_check_may_not_pass() {
    let game = game(&kings("[turn]\npass = \"always\""));
    // Black's king d4 is checked by the rook on d1: its steps out, and no pass.
    assert_eq!(moves(&game, "3k/4/4/K2R b"), ["d4-c3", "d4-c4"]);
    assert!(moves(&game, "3k/4/4/KR2 b").contains(&"pass".to_string()));
}

/// A pawn on 4x4 that promotes on the top row to a queen or a rook, with `limit` as given.
fn promoting(limit: &str) -> String {
    format!(
        "[game]\nid = \"p\"\nname = \"P\"\n\n[[players]]\nname = \"white\"\nshort = \"w\"\n\n[[players]]\nname = \"black\"\nshort = \"b\"\n\n\
         [board]\nwidth = 4\nheight = 4\n\n[board.regions]\ntop = {{ white = \"y == 3\", black = \"y == 0\" }}\n\n\
         [pieces.pawn]\nsymbols = [\"P\", \"p\"]\npromote = {{ to = [\"queen\", \"rook\"], in = \"top\", limit = {limit} }}\n\n\
         [pieces.queen]\nsymbols = [\"Q\", \"q\"]\n\n[pieces.rook]\nsymbols = [\"R\", \"r\"]\n\n\
         [start]\nwhite = {{ pawn = [\"a1\"], queen = [\"d1\"] }}\nblack = {{ pawn = [\"d4\"] }}\n\n\
         [moves.pawn]\npiece = \"pawn\"\ndo = \"step(forward)\"\n\n[moves.queen]\npiece = \"queen\"\ndo = \"step(orthogonal)\"\n\n\
         [moves.rook]\npiece = \"rook\"\ndo = \"step(orthogonal)\"\n\n[[end]]\nif = \"no-moves\"\nresult = \"draw\"\n"
    )
}

#[test]
fn a_promotion_limit_offers_only_the_types_below_it() {
    let pawn_moves =
        |game: &Game, position: &str| -> Vec<String> { moves(game, position).into_iter().filter(|m| m.starts_with("a3")).collect() };
    // At most one queen: with a queen on d1 the pawn becomes a rook only; without it, either.
    let one_queen = game(&promoting("{ queen = 1 }"));
    assert_eq!(pawn_moves(&one_queen, "4/P3/4/3Q w"), ["a3-a4=R"]);
    assert_eq!(pawn_moves(&one_queen, "4/P3/4/3R w"), ["a3-a4=Q", "a3-a4=R"]);
    // The black queen is not white's: it does not count.
    assert_eq!(pawn_moves(&one_queen, "4/P3/4/3q w"), ["a3-a4=Q", "a3-a4=R"]);
    // No choice left: the promotion is compulsory, so the pawn cannot move.
    let none_left = game(&promoting("{ queen = 1, rook = 0 }"));
    assert!(pawn_moves(&none_left, "4/P3/4/3Q w").is_empty());
    // "start": white starts with one queen and no rook, so a rook is never a choice.
    let start = game(&promoting("\"start\""));
    assert_eq!(pawn_moves(&start, "4/P3/4/3R w"), ["a3-a4=Q"]);
    assert!(pawn_moves(&start, "4/P3/4/3Q w").is_empty());
}

/// Two towers a side on 2x3, column a red cells and column b blue: each tower slides forward,
/// the tower of the colour the last move ended on, and a blocked one stays (`stay()`). Four
/// stays in a row (two players times two colours: the forced stays then go round for ever)
/// are a deadlock, lost by the player whose move caused it, who made the fourth.
fn towers() -> String {
    let mut text = String::from(
        "[game]\nid = \"t\"\nname = \"T\"\n\n[[players]]\nname = \"white\"\nshort = \"w\"\n\n[[players]]\nname = \"black\"\nshort = \"b\"\n\n\
         [board]\nwidth = 2\nheight = 3\nforward = { white = \"n\", black = \"s\" }\n\n\
         [board.regions]\nred-cells = \"x == 0\"\nblue-cells = \"x == 1\"\n\n\
         [pieces.red]\nsymbols = [\"R\", \"r\"]\n\n[pieces.blue]\nsymbols = [\"B\", \"b\"]\n\n\
         [start]\nwhite = { red = [\"a1\"], blue = [\"b1\"] }\nblack = { red = [\"a3\"], blue = [\"b3\"] }\n\n\
         [state]\nlast = true\npasses = true\n\n\
         [[end]]\nif = \"passes >= 4\"\nresult = \"mover loses\"\nreason = \"deadlock\"\n\n",
    );
    for colour in ["red", "blue"] {
        for (name, action) in [("slide", "slide(forward)"), ("stay", "stay")] {
            text += &format!(
                "[moves.{colour}-{name}]\npiece = \"{colour}\"\ndo = \"{action}\"\nif = \"last(to={colour}-cells) or not last\"\n\n"
            );
        }
    }
    text
}

#[test]
fn a_blocked_piece_stays_only_when_nothing_else_moves() {
    let game = game(&towers());
    // Any tower first: white's blue tower is blocked by b2, so only the red one moves, and
    // nothing stays.
    assert_eq!(moves(&game, "r1/1b/RB w"), ["a1-a2"]);
    // After a move to a red cell, the red tower: a2 only (a3 is black's).
    assert_eq!(moves(&game, "r1/1b/RB w last:b3-a2"), ["a1-a2"]);
    // After a move to b2 (a blue cell), the blue tower, blocked: it stays on b1.
    assert_eq!(moves(&game, "r1/1b/RB w last:b3-b2"), ["b1-b1"]);
    let mut session = Session::from_text(&game, "r1/1b/RB w last:b3-b2").expect("a position");
    let stay = game.parse_move(session.position(), "b1-b1").expect("legal");
    session.play_unchecked(stay);
    // Its own cell b1 is blue: black's blue tower must move, and is blocked by b1 in turn.
    assert_eq!(session.write_position(), "r1/1b/RB b passes:1 last:b1-b1");
    assert_eq!(moves(&game, &session.write_position()), ["b2-b2"]);
    assert!(session.outcome().is_none());
    for (i, name) in ["b2-b2", "b1-b1", "b2-b2"].iter().enumerate() {
        assert!(session.outcome().is_none(), "over after {i} stays");
        let stay = game.parse_move(session.position(), name).expect("legal");
        session.play_unchecked(stay);
    }
    // Four moves in a row moved nothing: black, whose b3-b2 caused it, made the fourth.
    let outcome = session.outcome().expect("over");
    assert_eq!((outcome.reason.as_str(), outcome.winner.map(|p| p.index())), ("deadlock", Some(0)));
    // perft agrees: one stay each ply, four, then none.
    let mut pos = game.read_position("r1/1b/RB w last:b3-b2").expect("a position");
    assert_eq!(game.perft(&mut pos, 4), 1);
    assert_eq!(game.perft(&mut pos, 5), 0);
}
