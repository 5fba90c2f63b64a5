//! The computer players find what a player of each game would, at a small depth: a mate in one
//! and in two, a draughts shot (a man given up to take three), a Reversi corner, a Lines of
//! Action connection in one. The positions are worked out by hand beside each test.

use hetproba_ai::{Agent, AlphaBetaAgent, Budget, Limit, MctsAgent, Progress, Score, StepTimer, Think};
use hetproba_engine::{Game, Session};
use std::ops::ControlFlow;
use std::time::Duration;

fn game(id: &str) -> Game {
    Game::new(hetproba_rules::load_builtin(id, &[]).expect("built in").expect("loads"))
}

/// The move an alpha-beta search to `depth` plays from `position`, in notation, and the score
/// of its last report.
fn alphabeta(game: &Game, position: &str, depth: u32) -> (String, Score) {
    let session = Session::from_text(game, position).unwrap_or_else(|e| panic!("{position}: {e}"));
    let timer = StepTimer::new(Duration::ZERO);
    let mut last = None;
    let mut observe = |p: &Progress| {
        if p.fresh {
            last = Some(p.score);
        }
        ControlFlow::Continue(())
    };
    let mv = AlphaBetaAgent::new(Limit::Depth(depth), 1).choose(&session, &mut Think::observed(&timer, &mut observe));
    (game.move_name(session.position(), mv), last.expect("a search reports its score"))
}

#[test]
fn alphabeta_mates_in_one() {
    // The back rank: the rook goes to a8 and the king, boxed in by its own pawns, has no square.
    let chess = game("chess");
    let (mv, score) = alphabeta(&chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 2);
    assert_eq!((mv.as_str(), score), ("Ra8#", Score::Win(1)));
}

#[test]
fn alphabeta_mates_in_two() {
    // The rook ladder: one rook takes the seventh rank (Ra7 or Rb7), the king is left on the
    // eighth, and the other rook mates there. Three plies to the mate.
    let chess = game("chess");
    let (mv, score) = alphabeta(&chess, "4k3/8/8/8/8/8/8/RR5K w - - 0 1", 4);
    assert!(mv == "Ra7" || mv == "Rb7", "{mv}");
    assert_eq!(score, Score::Win(3));
}

#[test]
fn alphabeta_finds_a_draughts_shot() {
    // White gives the man on c3: c3-d4, and black must take it (e5:c3; c5 cannot, e3 is
    // occupied; the capture cannot go on, a1 is occupied). Then b2 takes three:
    // b2:d4:b6:d8, crowning. One man for three.
    let draughts = game("draughts-brazilian");
    let (mv, score) = alphabeta(&draughts, "W:Wa1,b2,c3,e3:Bc5,c7,e5,h8", 4);
    assert_eq!(mv, "c3-d4");
    assert!(matches!(score, Score::Points(p) if p >= 150), "{score:?}");
}

#[test]
fn alphabeta_takes_a_reversi_corner() {
    // Black can take a1 (turning b2 along the diagonal to c3) or play in the centre (c4 turns
    // d4, between c4 and e4); the corner can never be taken back.
    let reversi = game("reversi");
    let (mv, _) = alphabeta(&reversi, "8/8/8/8/3ox3/2x5/1o6/8 b", 3);
    assert_eq!(mv, "a1");
}

#[test]
fn alphabeta_connects_lines_of_action_in_one() {
    // Black's b2, c2, d2 are one group and f2 stands apart; along either diagonal through f2
    // it is the only piece, so it moves one cell: to e1 or e3, next to d2, joining all four.
    let loa = game("loa");
    let session = Session::from_text(&loa, "o6o/8/8/8/8/8/1xxx1x2/8 b").expect("a position");
    let timer = StepTimer::new(Duration::ZERO);
    let mv = AlphaBetaAgent::new(Limit::Depth(2), 1).choose(&session, &mut Think::new(&timer));
    let mut after = session.clone();
    after.play_unchecked(mv);
    let outcome = after.outcome().expect("the game is over");
    assert_eq!(outcome.short(&loa), "black wins", "{}", loa.move_name(session.position(), mv));
}

#[test]
fn mcts_proves_a_mate_in_one() {
    // The solver: the mating reply ends the game at once; the search plays it and reports the
    // win it proved.
    let chess = game("chess");
    let session = Session::from_text(&chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").expect("a position");
    let timer = StepTimer::new(Duration::ZERO);
    let mut last = None;
    let mut observe = |p: &Progress| {
        last = Some(p.score);
        ControlFlow::Continue(())
    };
    let mv = MctsAgent::new(Budget::Playouts(2000), 3).choose(&session, &mut Think::observed(&timer, &mut observe));
    assert_eq!(chess.move_name(session.position(), mv), "Ra8#");
    assert!(matches!(last, Some(Score::Win(_))), "{last:?}");
}

#[test]
fn alphabeta_leaves_its_own_corner_before_the_ugolki_move_40_rule() {
    // Ply 76: white has two moves left before the rule (a man in its own corner a1-c3 after
    // move 40 loses) and two men in that corner, a3 and c3, each one step from leaving it
    // (a3-a4, c3-c4 or c3-d3). A search of two plies does not see the rule at ply 80 from here;
    // e4-e5 brings a man a step nearer the opposite corner, and leaving the corner brings none
    // nearer. The evaluation must value leaving the corner for both men to be out in time.
    let ugolki = game("ugolki");
    let mut session = Session::from_text(&ugolki, "5W2/5WWW/5WW1/8/4W3/W1W5/BBB4B/BBB3BB b opening:75").expect("a position");
    let timer = StepTimer::new(Duration::ZERO);
    let mut white = AlphaBetaAgent::new(Limit::Depth(2), 1);
    let mut black = AlphaBetaAgent::new(Limit::Depth(1), 1);
    let mut line = Vec::new();
    for ply in 75..80 {
        let agent = if ply % 2 == 0 { &mut white } else { &mut black };
        let mv = agent.choose(&session, &mut Think::new(&timer));
        line.push(ugolki.move_name(session.position(), mv));
        session.play_unchecked(mv);
    }
    let result = session.outcome().map(|o| o.short(&ugolki));
    assert_eq!(result, None, "{}: {}", line.join(" "), session.write_position());
}

#[test]
fn alphabeta_searches_clobber_by_depth_where_every_move_captures() {
    // Every Clobber move captures, so following captures past the depth would search the game
    // to its end from every leaf: in 20,000 positions the search would not finish depth 2.
    let game = game("clobber");
    let session = Session::new(&game, hetproba_engine::Position::start(&game));
    let timer = StepTimer::new(Duration::ZERO);
    let mut depth = 0;
    let mut observe = |p: &Progress| {
        if p.fresh {
            depth = depth.max(p.depth);
        }
        ControlFlow::Continue(())
    };
    AlphaBetaAgent::new(Limit::Nodes(20_000), 1).choose(&session, &mut Think::observed(&timer, &mut observe));
    assert!(depth >= 4, "depth {depth} in 20,000 positions");
}

/// The wide fixture (tests/fixtures/wide.toml) on 8x8: men step and jump straight ahead or
/// sideways, capture is compulsory, a third repetition is a draw, and the evaluation is the
/// default one (100 a man, 10 a move more than the opponent has).
fn wide_8x8() -> Game {
    let text = include_str!("fixtures/wide.toml");
    let rules = hetproba_rules::load("wide.toml", text, &hetproba_rules::BuiltinFiles, &[("size".to_string(), 8)]).expect("loads");
    Game::new(rules)
}

#[test]
fn alphabeta_takes_a_repetition_a_man_down_unless_its_contempt_for_draws_is_larger() {
    // White's men on a2 and e2 against black's man on h7, white to move. White's a2 man and
    // black's man step sideways and back twice, so that after b2-a2 black's g7-h7 brings back
    // the first position (white to move) for the third time: a draw at once. Black is a man
    // down and has fewer moves (its man has 2 or 3, white's two men 5 or 6): playing on
    // scores about -100 - 3 * 10 for black, and the men are five rows apart, too far to take
    // or lose anything in four plies. Without contempt the draw (0) is better than that; with
    // a negative one (-50) better still (a draw is worth 50 to black); with a contempt of 1000
    // the draw is worth -1000 to black, less than a man down, and black plays on.
    let game = wide_8x8();
    let mut session = Session::from_text(&game, "8/7b/8/8/8/8/w3w3/8 W").expect("a position");
    for name in ["a2-b2", "h7-g7", "b2-a2", "g7-h7", "a2-b2", "h7-g7", "b2-a2"] {
        let mv = game.parse_move(session.position(), name).expect("legal");
        session.play_unchecked(mv);
    }
    let mut probe = session.clone();
    probe.play_unchecked(game.parse_move(session.position(), "g7-h7").expect("legal"));
    assert!(probe.outcome().is_some_and(|o| o.winner.is_none()), "g7-h7 draws by repetition");
    let timer = StepTimer::new(Duration::ZERO);
    let search = |contempt: i32| {
        let mut last = None;
        let mut observe = |p: &Progress| {
            if p.fresh {
                last = Some(p.score);
            }
            ControlFlow::Continue(())
        };
        let mut agent = AlphaBetaAgent::new(Limit::Depth(4), 1).with_contempt(contempt);
        let mv = agent.choose(&session, &mut Think::observed(&timer, &mut observe));
        (game.move_name(session.position(), mv), last.expect("a search reports its score"))
    };
    assert_eq!(search(0), ("g7-h7".to_string(), Score::Points(0)), "without contempt the draw is nothing, better than a man down");
    assert_eq!(search(-50), ("g7-h7".to_string(), Score::Points(50)), "a negative contempt makes a draw worth something");
    let (mv, score) = search(1000);
    assert_ne!(mv, "g7-h7", "a contempt of 1000 plays on a man down");
    assert!(matches!(score, Score::Points(p) if (-200..=-100).contains(&p)), "playing on is about a man down: {score:?}");
}
