//! The draughts family (issue 3): the draw rules that need history, each firing exactly at its
//! limit; a win before a draw; the chess clock; PDN records, PDN FEN and `moves --json`; how
//! captures are typed; and the hand-worked rule positions the rulesets embed.
//!
//! Every limit below comes from the rules text of each game ("N moves" in a draw rule means N
//! moves by each player, 2N plies), never from running the engine. Each draw test checks the ply
//! before the limit (no result) and the limit itself (a draw, for the right reason), so it fails
//! if a rule fires one ply early or one ply late.
//!
//! The long king manoeuvres are played by a deterministic helper ([`Line::quiet`]): each ply it
//! takes the first legal move, in the engine's move order, that captures nothing, leaves the
//! opponent without a capture (and with a reply that gives nothing back), does not end the
//! game, and reaches a position not seen before (one seen once only if there is no other), so
//! neither captures nor repetitions get in the way of the rule under test.

mod common;

use common::{hetproba, hetproba_with_input, scratch, write};
use hetproba_engine::rules::model::PlayerId;
use hetproba_engine::{Game, Move, MoveError, Outcome, Position, Session};
use std::collections::HashMap;
use std::path::Path;

// ----------------------------------------------------------------------------------------------
// Engine helpers

fn game(id: &str) -> Game {
    let rules = hetproba_rules::load_builtin(id, &[])
        .unwrap_or_else(|| panic!("no built-in ruleset {id}"))
        .unwrap_or_else(|report| panic!("{id} does not load:\n{report}"));
    Game::new(rules)
}

fn position(game: &Game, fen: &str) -> Position {
    game.read_position(fen).unwrap_or_else(|e| panic!("{}: {e}", game.rules().id))
}

/// "N moves" of a draw rule, in plies: N moves by each player, 2N plies.
const fn plies(moves: usize) -> usize {
    2 * moves
}

/// Which pieces the helper may move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Who {
    Kings,
    Men,
}

/// A game in a [`Session`], with the moves played so far (for messages) and how often each
/// position (with its side to move) has occurred.
#[derive(Clone)]
struct Line<'g> {
    game: &'g Game,
    session: Session<'g>,
    seen: HashMap<u64, u32>,
    played: Vec<String>,
}

impl<'g> Line<'g> {
    fn new(game: &'g Game, fen: &str) -> Line<'g> {
        let pos = position(game, fen);
        let seen = HashMap::from([(pos.hash(), 1)]);
        Line { game, session: Session::new(game, pos), seen, played: Vec::new() }
    }

    fn pos(&self) -> &Position {
        self.session.position()
    }

    /// Plies played so far.
    fn ply(&self) -> usize {
        self.session.moves().len()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.session.outcome()
    }

    /// Where we are, for messages.
    fn here(&self) -> String {
        format!(
            "{} after {} plies ({}), position {}",
            self.game.rules().id,
            self.ply(),
            self.played.join(" "),
            self.game.write_position(self.pos())
        )
    }

    fn play(&mut self, mv: Move) {
        assert!(self.outcome().is_none(), "the game is already over: {:?}\n{}", self.outcome(), self.here());
        self.played.push(self.game.move_name(self.pos(), mv));
        self.session.play_unchecked(mv);
        *self.seen.entry(self.pos().hash()).or_default() += 1;
    }

    /// Plays a move given in notation.
    fn play_text(&mut self, text: &str) {
        let mv = self.game.parse_move(self.pos(), text).unwrap_or_else(|e| panic!("{e}\n{}", self.here()));
        self.play(mv);
    }

    fn moves_piece(&self, mv: Move, who: Who) -> bool {
        let king = self.game.rules().piece_index("king").expect("a draughts ruleset has kings");
        (self.pos().at(mv.from()).map(|p| p.kind()) == Some(king)) == (who == Who::Kings)
    }

    fn has_capture(&self, pos: &Position) -> bool {
        self.game.legal_moves(pos).iter().any(Move::is_capture)
    }

    fn after(&self, pos: &Position, mv: Move) -> Position {
        let mut next = pos.clone();
        self.game.make(&mut next, mv);
        next
    }

    /// Is `pos` (the opponent to move) quiet: no result, no capture for the opponent, and a
    /// king move in reply that leaves the mover without a capture?
    fn is_quiet(&self, pos: &Position) -> bool {
        let game = self.game;
        let king = game.rules().piece_index("king").expect("a draughts ruleset has kings");
        game.outcome(pos).is_none()
            && !self.has_capture(pos)
            && game.legal_moves(pos).iter().any(|&reply| {
                let next = self.after(pos, reply);
                pos.at(reply.from()).map(|p| p.kind()) == Some(king) && game.outcome(&next).is_none() && !self.has_capture(&next)
            })
    }

    /// Plays the helper's quiet move (see the file's comment) with a piece of kind `who`.
    fn quiet(&mut self, who: Who) {
        let pos = self.pos().clone();
        let moves = self.game.legal_moves(&pos);
        assert!(!moves.iter().any(Move::is_capture), "the side to move must capture\n{}", self.here());
        let mut seen_once = None;
        for &mv in &moves {
            if !self.moves_piece(mv, who) {
                continue;
            }
            let next = self.after(&pos, mv);
            if !self.is_quiet(&next) {
                continue;
            }
            match self.seen.get(&next.hash()).copied().unwrap_or(0) {
                0 => return self.play(mv),
                1 if seen_once.is_none() => seen_once = Some(mv),
                _ => {}
            }
        }
        let mv = seen_once.unwrap_or_else(|| panic!("no quiet move with the {who:?}\n{}", self.here()));
        self.play(mv);
    }

    /// Quiet moves with pieces of kind `who` until `ply` plies have been played, checking that
    /// the game goes on before each.
    fn quiet_until(&mut self, ply: usize, who: Who) {
        while self.ply() < ply {
            self.expect_going_on();
            self.quiet(who);
        }
    }

    /// Plays a quiet move of kind `who` that offers the opponent a capture, such that after any
    /// of the opponent's captures the game goes on quietly (no capture back).
    fn offer_capture(&mut self, who: Who) {
        let pos = self.pos().clone();
        let offer = self.game.legal_moves(&pos).into_iter().find(|&mv| {
            if mv.is_capture() || !self.moves_piece(mv, who) {
                return false;
            }
            let next = self.after(&pos, mv);
            let replies = self.game.legal_moves(&next);
            replies.iter().any(Move::is_capture) && replies.iter().all(|&reply| self.is_quiet(&self.after(&next, reply)))
        });
        let mv = offer.unwrap_or_else(|| panic!("no move of the {who:?} offers a capture\n{}", self.here()));
        self.play(mv);
    }

    /// Plays the first move that offers the opponent a capture, whatever follows.
    fn offer_any_capture(&mut self) {
        let pos = self.pos().clone();
        let offer = self.game.legal_moves(&pos).into_iter().find(|&mv| !mv.is_capture() && self.has_capture(&self.after(&pos, mv)));
        let mv = offer.unwrap_or_else(|| panic!("no move offers a capture\n{}", self.here()));
        self.play(mv);
    }

    /// Plays the first capture (captures are compulsory: the side to move must have one).
    fn capture(&mut self) {
        let moves = self.game.legal_moves(self.pos());
        let mv = moves.into_iter().find(Move::is_capture).unwrap_or_else(|| panic!("no capture\n{}", self.here()));
        self.play(mv);
    }

    #[track_caller]
    fn expect_going_on(&self) {
        if let Some(outcome) = self.outcome() {
            panic!("the game ended too early: {}\n{}", outcome.describe(self.game), self.here());
        }
    }

    /// A draw whose reason contains `reason`.
    #[track_caller]
    fn expect_draw(&self, reason: &str) {
        match self.outcome() {
            Some(Outcome { winner: None, reason: r }) if r.contains(reason) => {}
            other => panic!("expected a draw ({reason}), found {other:?}\n{}", self.here()),
        }
    }
}

// ----------------------------------------------------------------------------------------------
// Threefold repetition (Brazilian; inherited by Russian, restated by Polish)

/// Two kings each, far apart: no material rule applies, and the king-move rule needs 40 or 50
/// plies, far more than the shuffles below.
const TWO_KINGS_EACH: &str = "W:WKa1,Kg1:BKb8,Kh6";

#[test]
fn threefold_repetition_draws_at_the_third_occurrence_with_the_same_side_to_move() {
    // Brazilian and Russian: threefold repetition of the same position with the same side to
    // move; Polish: the same position for the third time with the same player to move.
    for id in ["draughts-brazilian", "draughts-russian", "draughts-polish64"] {
        let game = game(id);
        let mut line = Line::new(&game, TWO_KINGS_EACH);
        let start = line.pos().clone();
        // White loses a tempo on the a1-c3 diagonal: the start board comes back with Black to
        // move. That is not the start position.
        for mv in ["a1-c3", "b8-c7", "c3-b2", "c7-b8", "b2-a1"] {
            line.expect_going_on();
            line.play_text(mv);
        }
        // PDN FEN: the side to move, then the pieces.
        assert_eq!(game.write_position(line.pos())[1..], game.write_position(&start)[1..]);
        assert_ne!(line.pos().side(), start.side());
        // Black loses a tempo on b8-d6: the start position again (its 2nd time; the board's 3rd).
        for mv in ["b8-d6", "a1-b2", "d6-c7", "b2-a1", "c7-b8"] {
            line.expect_going_on();
            line.play_text(mv);
        }
        assert_eq!(line.ply(), 10);
        assert!(*line.pos() == start, "{}", line.here());
        line.expect_going_on();
        // A plain shuffle: the start position for the third time, at ply 14.
        for mv in ["a1-b2", "b8-c7", "b2-a1"] {
            line.play_text(mv);
            line.expect_going_on();
        }
        line.play_text("c7-b8");
        assert!(*line.pos() == start, "{}", line.here());
        line.expect_draw("third time");
    }
}

// ----------------------------------------------------------------------------------------------
// The king-move rules: Brazilian and Russian 25 moves, Polish 20 moves

#[test]
fn the_king_move_rule_draws_after_25_moves_each_in_brazilian_and_russian_and_20_in_polish() {
    // Brazilian and Russian: 25 moves by each side with only kings moving and no capture;
    // Polish: 20 consecutive moves of both players (20 each) with only kings moving, no capture
    // and no man move.
    for (id, limit, reason) in [
        ("draughts-brazilian", plies(25), "25 moves"),
        ("draughts-russian", plies(25), "25 moves"),
        ("draughts-polish64", plies(20), "20 moves"),
    ] {
        let game = game(id);
        let mut line = Line::new(&game, TWO_KINGS_EACH);
        line.quiet_until(limit - 1, Who::Kings);
        line.expect_going_on();
        line.quiet(Who::Kings);
        assert_eq!(line.ply(), limit);
        line.expect_draw(reason);
    }
}

#[test]
fn a_man_move_restarts_the_king_move_count() {
    // Kings and a man each. 30 plies of king moves, then a man moves: the 25-move count starts
    // again, so the draw comes 50 plies after the man move (ply 81), not at ply 50.
    for (id, limit, reason) in [("draughts-brazilian", plies(25), "25 moves"), ("draughts-polish64", plies(20), "20 moves")] {
        let game = game(id);
        let mut line = Line::new(&game, "W:WKa1,Kg1,b2:BKb8,Kh6,g7");
        line.quiet_until(30, Who::Kings);
        line.expect_going_on();
        line.quiet(Who::Men);
        let man_move = line.ply();
        line.quiet_until(man_move + limit - 1, Who::Kings);
        line.expect_going_on();
        line.quiet(Who::Kings);
        line.expect_draw(reason);
    }
}

#[test]
fn a_capture_restarts_the_king_move_count() {
    // Three kings each. 20 plies of king moves, then White offers a king and Black takes it:
    // the count starts again at the capture, so the draw comes 50 plies after it.
    for (id, limit, reason) in [("draughts-brazilian", plies(25), "25 moves"), ("draughts-polish64", plies(20), "20 moves")] {
        let game = game(id);
        let mut line = Line::new(&game, "W:WKa1,Kc1,Kg1:BKb8,Kd8,Kh8");
        line.quiet_until(20, Who::Kings);
        line.offer_capture(Who::Kings);
        line.expect_going_on();
        line.capture();
        assert_eq!(
            (line.pos().piece_count(PlayerId::FIRST), line.pos().piece_count(PlayerId::SECOND)),
            (2, 3),
            "one king taken\n{}",
            line.here()
        );
        let capture = line.ply();
        line.quiet_until(capture + limit - 1, Who::Kings);
        line.expect_going_on();
        line.quiet(Who::Kings);
        line.expect_draw(reason);
    }
}

// ----------------------------------------------------------------------------------------------
// Material rules: Brazilian 5 and 16 moves against a lone king; Polish 16 moves only

#[test]
fn two_pieces_with_a_king_or_a_king_against_a_lone_king_draw_after_5_moves_each() {
    // Brazilian: with two pieces (at least one a king) or one king against a lone king, not won
    // within 5 moves. Russian inherits the rule.
    for id in ["draughts-brazilian", "draughts-russian"] {
        let game = game(id);
        for fen in ["W:WKc1,Ke1:BKe5", "W:WKc1,g1:BKe5", "W:WKc1:BKe5", "W:WKe5:BKc1,Ke1"] {
            let mut line = Line::new(&game, fen);
            line.quiet_until(plies(5) - 1, Who::Kings);
            line.expect_going_on();
            line.quiet(Who::Kings);
            line.expect_draw("within 5 moves");
        }
    }
}

#[test]
fn the_5_move_count_restarts_when_the_lone_king_takes_a_piece() {
    // Two kings against one: after 6 plies the lone king takes a king (ply 8). King against
    // king is still a 5-move configuration, but the material changed: the count starts again
    // at the capture (a counter tied to a material configuration starts again when the material
    // changes), so the draw comes at ply 18, not at ply 10.
    let game = game("draughts-brazilian");
    let mut line = Line::new(&game, "W:WKc1,Ke1:BKe5");
    line.quiet_until(6, Who::Kings);
    line.offer_capture(Who::Kings);
    line.expect_going_on();
    line.capture();
    assert_eq!(line.ply(), 8);
    line.quiet_until(8 + plies(5) - 1, Who::Kings);
    line.expect_going_on();
    line.quiet(Who::Kings);
    line.expect_draw("within 5 moves");
}

#[test]
fn a_win_at_the_limit_is_a_win_not_a_draw() {
    // Black has two kings against White's lone king: the 5-move rule counts from the start.
    // White offers its king at ply 9 and Black takes it at ply 10, the ply at which the rule
    // draws when nothing happens (shown below): the result is Black's win, not a draw. (A
    // capture changes the material, so in these rulesets a win and a draw count cannot fall
    // due on the same ply except by blocking, which the lone king's diagonals make unreachable
    // without a capture first.)
    let game = game("draughts-brazilian");
    let mut line = Line::new(&game, "W:WKe5:BKc1,Ke1");
    line.quiet_until(8, Who::Kings);
    let mut won = line.clone();
    won.offer_any_capture();
    won.expect_going_on();
    won.capture();
    assert_eq!(won.ply(), plies(5));
    match won.outcome() {
        Some(Outcome { winner: Some(PlayerId::SECOND), reason }) => assert!(reason.contains("all pieces captured"), "{reason}"),
        other => panic!("expected a win for black, found {other:?}\n{}", won.here()),
    }
    // The same count without the capture is a draw at that ply.
    line.quiet_until(plies(5) - 1, Who::Kings);
    line.expect_going_on();
    line.quiet(Who::Kings);
    line.expect_draw("within 5 moves");
    // And a capture of the lone king before the limit wins as well.
    let mut early = Line::new(&game, "W:WKe5:BKc1,Ke1");
    early.quiet_until(2, Who::Kings);
    early.offer_any_capture();
    early.capture();
    assert_eq!(early.outcome().map(|o| o.winner), Some(Some(PlayerId::SECOND)), "{}", early.here());
}

#[test]
fn three_pieces_with_a_king_against_a_lone_king_draw_after_16_moves_each() {
    // Brazilian: with three pieces (at least one a king) against a lone king, not won within 16
    // moves; Polish: three kings, or two kings and a man, or a king and two men against a lone
    // king: a draw once each player has made 16 moves in that configuration.
    for id in ["draughts-brazilian", "draughts-russian", "draughts-polish64"] {
        let game = game(id);
        for fen in ["W:WKc1,Ke1,Kg1:BKe5", "W:WKc1,Ke1,a3:BKe5", "W:WKc1,a3,g1:BKe5", "W:WKe5:BKc1,Ke1,Kg1"] {
            let mut line = Line::new(&game, fen);
            line.quiet_until(plies(16) - 1, Who::Kings);
            line.expect_going_on();
            line.quiet(Who::Kings);
            assert_eq!(line.ply(), 32);
            line.expect_draw("16 moves");
        }
    }
}

#[test]
fn a_man_move_does_not_restart_the_16_move_count() {
    // The 16-move count is tied to the material, not to man moves: a man that moves without
    // promoting leaves it running (the king-move count, 50 or 40 plies, is far away).
    for id in ["draughts-brazilian", "draughts-polish64"] {
        let game = game(id);
        let mut line = Line::new(&game, "W:WKc1,Ke1,a3:BKe5");
        line.quiet_until(10, Who::Kings);
        line.quiet(Who::Men);
        line.quiet_until(plies(16) - 1, Who::Kings);
        line.expect_going_on();
        line.quiet(Who::Kings);
        line.expect_draw("16 moves");
    }
}

#[test]
fn the_16_move_count_restarts_when_a_man_is_crowned() {
    // Polish names the configurations apart (three kings, or two kings and a man, ...), and a
    // counter starts again when the material changes. Two kings and a man against a lone king for
    // 10 plies; the man is crowned at ply 11 (three kings): the draw comes 32 plies later, at ply
    // 43, not at ply 32.
    for id in ["draughts-polish64", "draughts-brazilian"] {
        let game = game(id);
        let mut line = Line::new(&game, "W:WKa1,Kc1,g7:BKa7");
        line.quiet_until(10, Who::Kings);
        line.quiet(Who::Men);
        let crowned = line.ply();
        assert_eq!(crowned, 11);
        let fen = game.write_position(line.pos());
        let white: Vec<&str> = fen.split(':').nth(1).unwrap().trim_start_matches('W').split(',').collect();
        assert!(white.len() == 3 && white.iter().all(|p| p.starts_with('K')), "three kings now\n{}", line.here());
        line.quiet_until(crowned + plies(16) - 1, Who::Kings);
        line.expect_going_on();
        line.quiet(Who::Kings);
        line.expect_draw("16 moves");
    }
}

#[test]
fn the_lone_king_taking_a_piece_ends_the_16_move_count_and_starts_the_5_move_count() {
    // Three kings against one for 14 plies; White offers a king at ply 15, Black takes it at
    // ply 16: two kings against one, the 5-move rule, counted from the capture: draw at ply 26
    // (not at 32, where the 16-move rule would have drawn).
    let game = game("draughts-brazilian");
    let mut line = Line::new(&game, "W:WKc1,Ke1,Kg1:BKe5");
    line.quiet_until(14, Who::Kings);
    line.offer_capture(Who::Kings);
    line.expect_going_on();
    line.capture();
    assert_eq!(line.ply(), 16);
    line.quiet_until(16 + plies(5) - 1, Who::Kings);
    line.expect_going_on();
    line.quiet(Who::Kings);
    line.expect_draw("within 5 moves");
}

#[test]
fn polish_has_no_5_move_rule_two_kings_against_one_draw_by_the_20_move_rule() {
    // The Polish rules have no rule for fewer pieces against a lone king: none applies.
    // Two kings against a lone king play on past ply 10 and draw at ply 40 by the king-move rule.
    let game = game("draughts-polish64");
    let mut line = Line::new(&game, "W:WKc1,Ke1:BKe5");
    line.quiet_until(plies(20) - 1, Who::Kings);
    line.expect_going_on();
    line.quiet(Who::Kings);
    line.expect_draw("20 moves");
}

// ----------------------------------------------------------------------------------------------
// Move input

#[test]
fn a_capture_may_be_typed_by_start_and_end_with_x_or_by_any_equivalent_path() {
    let game = game("draughts-brazilian");
    let pos = position(&game, "W:Wa3,e3:Bb4,d6,f4");
    let full = game.parse_move(&pos, "a3:c5:e7").expect("the full path");
    for text in ["a3:e7", "a3xc5xe7", "A3XE7", "a3x e7", "a3:c5"] {
        assert_eq!(game.parse_move(&pos, text), Ok(full), "{text}");
    }
    // A king taking two pieces on one line may touch down between them on d4 or e5: one move,
    // written with the first path in cell order, typed either way.
    let pos = position(&game, "W:WKa1:Bc3,f6");
    let mut names: Vec<String> = game.legal_moves(&pos).iter().map(|&m| game.move_name(&pos, m)).collect();
    names.sort();
    assert_eq!(names, ["a1:d4:g7", "a1:d4:h8"]);
    let by_d4 = game.parse_move(&pos, "a1:d4:h8").unwrap();
    assert_eq!(game.parse_move(&pos, "a1:e5:h8"), Ok(by_d4));
    assert_eq!(game.parse_move(&pos, "a1xh8"), Ok(by_d4));
    // The command line reads them the same way.
    for text in ["a3:e7", "a3xc5xe7"] {
        let run = hetproba(&["moves", "draughts-brazilian", "--position", "W:Wa3,e3:Bb4,d6,f4", "--after", text]).ok();
        assert_eq!(run.stdout, "f4:d2\n", "{text}");
    }
    // A loop taken either way round is one move.
    let game = self::game("draughts-russian");
    let pos = position(&game, AMBIGUOUS);
    let round = game.parse_move(&pos, "a3:c5:e3:c1:a3").unwrap();
    assert_eq!(game.parse_move(&pos, "a3:c1:e3:c5:a3"), Ok(round));
}

/// Russian (free choice among captures): the king on a3 can go round the diamond b4-d4-d2-b2
/// either way and leave over f2 to g1, taking b4 d4 f2 or b2 d2 f2: two captures from a3 to
/// g1. (It can also go all the way round, back to a3.)
const AMBIGUOUS: &str = "W:WKa3:Bb2,b4,d2,d4,f2";

#[test]
fn an_ambiguous_shortened_capture_is_refused_with_the_candidates() {
    let game = game("draughts-russian");
    let pos = position(&game, AMBIGUOUS);
    match game.parse_move(&pos, "a3:g1") {
        Err(MoveError::Ambiguous { candidates, .. }) => {
            let mut candidates = candidates;
            candidates.sort();
            assert_eq!(candidates, ["a3:c1:e3:g1", "a3:c5:e3:g1"]);
        }
        other => panic!("expected an ambiguous move, found {other:?}"),
    }
    // A landing square that tells them apart names one.
    let via_c5 = game.parse_move(&pos, "a3:c5:g1").unwrap();
    assert_eq!(game.parse_move(&pos, "a3xc5xe3xg1"), Ok(via_c5));
    assert_ne!(game.parse_move(&pos, "a3:c1:g1").unwrap(), via_c5);
    // The command line says so too, and lists both.
    let run = hetproba(&["moves", "draughts-russian", "--position", AMBIGUOUS, "--after", "a3:g1"]).fails(1);
    assert!(run.stderr.contains("ambiguous") && run.stderr.contains("a3:c5:e3:g1") && run.stderr.contains("a3:c1:e3:g1"), "{run:#?}");
    let run = hetproba_with_input(
        &["play", "draughts-russian", "--position", AMBIGUOUS, "--first", "human", "--second", "human"],
        "a3:g1\na3:c5:g1\n",
    )
    .ok();
    assert!(run.stdout.contains("ambiguous move 'a3:g1': it could be"), "{}", run.stdout);
    assert!(run.stdout.contains("white played a3:c5:e3:g1"), "{}", run.stdout);
}

// ----------------------------------------------------------------------------------------------
// Command-line helpers (as in tests/cli.rs)

fn path_in(dir: &Path, name: &str) -> String {
    dir.join(name).to_str().expect("a UTF-8 path").to_string()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// The tags of a PDN record, in order.
fn tags(pdn: &str) -> Vec<(String, String)> {
    pdn.lines()
        .filter_map(|l| l.strip_prefix('[')?.strip_suffix(']'))
        .map(|inner| {
            let (k, v) = inner.split_once(' ').expect("[Name \"value\"]");
            (k.to_string(), v.trim_matches('"').to_string())
        })
        .collect()
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

/// The move text of a PDN record: the moves without numbers, and the result token.
fn movetext(pdn: &str) -> (Vec<String>, String) {
    let body: Vec<&str> = pdn.lines().filter(|l| !l.starts_with('[')).flat_map(str::split_whitespace).collect();
    let (result, moves) = body.split_last().expect("a result token");
    let moves = moves
        .iter()
        .filter(|t| !(t.ends_with('.') && t.trim_end_matches('.').chars().all(|c| c.is_ascii_digit())))
        .map(|t| t.to_string())
        .collect();
    (moves, result.to_string())
}

// ----------------------------------------------------------------------------------------------
// The clock

#[test]
fn a_player_whose_time_runs_out_loses_and_the_record_says_so() {
    let dir = scratch("clock_runs_out");
    let record = path_in(&dir, "g.pdn");
    // White thinks for 400 ms on a 200 ms clock: its time runs out on its first move.
    let run = hetproba(&[
        "play",
        "draughts-polish64",
        "--first",
        "mcts:400ms",
        "--second",
        "random",
        "--clock",
        "200ms",
        "--seed",
        "1",
        "--record",
        &record,
    ])
    .ok();
    assert!(run.stdout.contains("clock: white 0:00.2, black 0:00.2"), "the clock is shown\n{}", run.stdout);
    assert!(run.stdout.contains("Game over: black wins: white's time ran out"), "{}", run.stdout);
    let pdn = read(&record);
    let tags = tags(&pdn);
    assert_eq!(tag(&tags, "Result"), Some("0-2"), "{pdn}");
    assert_eq!(tag(&tags, "Termination"), Some("black wins: white's time ran out"), "{pdn}");
    assert_eq!(tag(&tags, "TimeControl"), Some("200ms"), "{pdn}");
    assert_eq!(movetext(&pdn).1, "0-2", "{pdn}");
    // A game lost on time replays: a record may end before the position does.
    hetproba(&["replay", &record]).ok();
}

#[test]
fn polish_plays_with_its_5_minute_clock_unless_no_clock_is_given() {
    let show = hetproba(&["show", "draughts-polish64"]).ok();
    assert!(show.stdout.contains("Clock: 5m per player; a player whose time runs out loses."), "{}", show.stdout);

    let dir = scratch("polish_clock");
    let (with, without) = (path_in(&dir, "with.pdn"), path_in(&dir, "without.pdn"));
    let run = hetproba(&["play", "draughts-polish64", "--first", "random", "--second", "random", "--seed", "1", "--record", &with]).ok();
    assert!(run.stdout.starts_with(&format!("{}clock: white 5:00.0, black 5:00.0\n", first_board(&run.stdout))), "{}", run.stdout);
    assert_eq!(tag(&tags(&read(&with)), "TimeControl"), Some("5m"));

    let run = hetproba(&[
        "play",
        "draughts-polish64",
        "--first",
        "random",
        "--second",
        "random",
        "--seed",
        "1",
        "--no-clock",
        "--record",
        &without,
    ])
    .ok();
    assert!(!run.stdout.contains("clock:"), "{}", run.stdout);
    assert!(run.stdout.contains("Game over: "), "{}", run.stdout);
    assert_eq!(tag(&tags(&read(&without)), "TimeControl"), None);
    // The same game, with or without the clock (random players take no time).
    assert_eq!(movetext(&read(&with)), movetext(&read(&without)));

    hetproba(&["play", "draughts-polish64", "--clock", "1m", "--no-clock", "--first", "random", "--second", "random"]).fails(2);
}

/// The board drawing at the top of `play`'s output (up to the file letters).
fn first_board(stdout: &str) -> String {
    let end = stdout.find("  a b c d e f g h\n").expect("a board") + "  a b c d e f g h\n".len();
    stdout[..end].to_string()
}

// ----------------------------------------------------------------------------------------------
// PDN records

/// Plays a random game of `id` and returns the record's path and text.
fn random_game(dir: &Path, id: &str, seed: &str, extra: &[&str]) -> (String, String) {
    let record = path_in(dir, &format!("{id}-{seed}.pdn"));
    let mut args = vec!["play", id, "--first", "random", "--second", "random", "--seed", seed, "--record", &record];
    args.extend(extra);
    let run = hetproba(&args).ok();
    assert!(run.stdout.contains("Game over: "), "{}", run.stdout);
    let text = read(&record);
    (record, text)
}

#[test]
fn a_russian_game_record_is_standard_pdn_with_algebraic_moves_and_replays() {
    let dir = scratch("russian_pdn");
    // The first of a few seeded games with a capture of several pieces (to check that every
    // landing square is written); random games of draughts nearly always have one.
    let game = game("draughts-russian");
    let (record, pdn) = ["1", "2", "3", "4", "5"]
        .iter()
        .map(|seed| random_game(&dir, "draughts-russian", seed, &[]))
        .find(|(_, pdn)| {
            let mut pos = Position::start(&game);
            movetext(pdn).0.iter().any(|token| {
                let mv = game.parse_move(&pos, token).unwrap_or_else(|e| panic!("{token}: {e}"));
                game.make(&mut pos, mv);
                mv.capture_count() > 1
            })
        })
        .expect("a game with a multi-capture among seeds 1-5");
    let tags = tags(&pdn);
    assert_eq!(tag(&tags, "Event"), Some("hetproba"), "{pdn}");
    assert_eq!(tag(&tags, "White"), Some("random"), "{pdn}");
    assert_eq!(tag(&tags, "Black"), Some("random"), "{pdn}");
    assert_eq!(tag(&tags, "Ruleset"), Some("draughts-russian"), "{pdn}");
    let result = tag(&tags, "Result").expect("a Result tag");
    assert!(["2-0", "0-2", "1-1"].contains(&result), "PDN results are 2-0, 0-2 or 1-1: {pdn}");
    let (moves, token) = movetext(&pdn);
    assert_eq!(token, result);
    // Move numbers before White's moves.
    assert!(pdn.contains("\n1. ") && pdn.contains(" 2. "), "{pdn}");

    // Every move is algebraic: c3-d4, or a capture with ':' and every landing square (one per
    // captured piece), and it is the move the engine plays there.
    let mut pos = Position::start(&game);
    for token in &moves {
        let squares: Vec<&str> = token.split([':', '-']).collect();
        assert!(squares.iter().all(|s| game.board().find(s).is_some() && s.starts_with(|c: char| c.is_ascii_lowercase())), "{token}");
        let mv = game.parse_move(&pos, token).unwrap_or_else(|e| panic!("{token}: {e}"));
        assert_eq!(&game.move_name(&pos, mv), token);
        if mv.is_capture() {
            assert!(token.contains(':') && !token.contains('-'), "{token}");
            assert_eq!(squares.len() - 1, mv.capture_count() as usize, "{token}: every landing square");
        } else {
            assert_eq!(squares.len(), 2, "{token}");
        }
        game.make(&mut pos, mv);
    }

    let replay = hetproba(&["replay", &record]).ok();
    assert!(replay.stdout.contains(&format!("\n{} moves checked; result {result}: ", moves.len())), "{}", replay.stdout);
    assert!(replay.stdout.contains(&format!("position: {}\n", game.write_position(&pos))), "{}", replay.stdout);
}

#[test]
fn replay_names_the_first_illegal_move_by_number_with_the_legal_moves() {
    let dir = scratch("russian_illegal");
    let (_, pdn) = random_game(&dir, "draughts-russian", "2", &[]);
    let (moves, result) = movetext(&pdn);
    assert!(moves.len() > 6, "{pdn}");
    // Replace White's third move (move 3, ply 5) with a move that is not legal there.
    let game = game("draughts-russian");
    let mut pos = Position::start(&game);
    game.play_line(&mut pos, &moves[..4].join(" ")).unwrap();
    let legal: Vec<String> = game.legal_moves(&pos).iter().map(|&m| game.move_name(&pos, m)).collect();
    let bad = "h2-g1";
    assert!(!legal.contains(&bad.to_string()));
    let mut edited = moves.clone();
    edited[4] = bad.into();
    let text = format!("[Event \"edited\"]\n[Ruleset \"draughts-russian\"]\n\n{} {result}\n", numbered(&edited));
    let file = write(&dir, "edited.pdn", &text);
    let run = hetproba(&["replay", &file]).fails(1).one_line();
    run.stderr_has("move 3 (white, ply 5): illegal move 'h2-g1'; legal moves: ").stderr_has(&legal.join(" "));
}

#[test]
fn replay_refuses_a_move_after_the_end_of_the_game() {
    let dir = scratch("russian_after_end");
    let (_, pdn) = random_game(&dir, "draughts-russian", "3", &[]);
    let (mut moves, result) = movetext(&pdn);
    let plies = moves.len();
    moves.push("a1-b2".into());
    let file = write(&dir, "longer.pdn", &format!("[Ruleset \"draughts-russian\"]\n\n{} {result}\n", numbered(&moves)));
    let run = hetproba(&["replay", &file]).fails(1).one_line();
    run.stderr_has(&format!("ply {}): 'a1-b2' comes after the end of the game", plies + 1));
}

#[test]

fn a_record_started_with_black_to_move_numbers_the_moves_as_pdn_does() {
    let dir = scratch("black_first");
    let (_, pdn) = random_game(&dir, "draughts-russian", "2", &["--position", "B:Wa1,c3:Bf6,h8"]);
    let body = pdn.split("\n\n").nth(1).expect("move text after the tags");
    assert!(body.starts_with("1... "), "Black's first move is numbered '1...'\n{pdn}");
    let words: Vec<&str> = body.split_whitespace().collect();
    assert_eq!(words.get(2), Some(&"2."), "White's first move is move 2\n{pdn}");
}

/// Moves with PDN move numbers.
fn numbered(moves: &[String]) -> String {
    moves.iter().enumerate().map(|(i, m)| if i % 2 == 0 { format!("{}. {m}", i / 2 + 1) } else { m.clone() }).collect::<Vec<_>>().join(" ")
}

#[test]
fn an_english_checkers_record_uses_pdn_numbers_and_game_type_21() {
    let dir = scratch("checkers_pdn");
    let (record, pdn) = random_game(&dir, "checkers-english", "1", &[]);
    let tags = tags(&pdn);
    assert_eq!(tag(&tags, "GameType"), Some("21"), "{pdn}");
    assert_eq!(tag(&tags, "Black"), Some("random"), "{pdn}");
    assert_eq!(tag(&tags, "White"), Some("random"), "{pdn}");
    let (moves, result) = movetext(&pdn);
    assert!(["2-0", "0-2", "1-1"].contains(&result.as_str()), "{pdn}");
    for token in &moves {
        let numbers: Vec<&str> = token.split(['-', 'x']).collect();
        assert!(numbers.len() >= 2 && numbers.iter().all(|n| n.parse::<u32>().is_ok_and(|n| (1..=32).contains(&n))), "{token}");
    }
    // Black (on 1-12) moves first.
    assert!(moves[0].split('-').next().unwrap().parse::<u32>().unwrap() <= 12, "{pdn}");
    assert!(moves.iter().any(|m| m.contains('x')), "a capture is written with x: {pdn}");
    hetproba(&["replay", &record]).ok();
}

#[test]
fn a_record_started_from_a_position_carries_its_fen_and_replays() {
    let dir = scratch("fen_record");
    let fen = "W:Wa3,e3:Bb4,d6,f4";
    let (record, pdn) = random_game(&dir, "draughts-brazilian", "1", &["--position", fen]);
    let tags = tags(&pdn);
    let game = game("draughts-brazilian");
    let recorded = tag(&tags, "FEN").unwrap_or_else(|| panic!("no FEN tag\n{pdn}"));
    assert!(position(&game, recorded) == position(&game, fen), "[FEN {recorded:?}] is not {fen}");
    // The majority rule: the only legal first move takes two.
    assert_eq!(movetext(&pdn).0[0], "a3:c5:e7", "{pdn}");
    let replay = hetproba(&["replay", &record]).ok();
    assert!(replay.stdout.contains(" moves checked; result "), "{}", replay.stdout);
}

// ----------------------------------------------------------------------------------------------
// PDN FEN

#[test]
fn pdn_fen_ranges_on_numbered_boards_give_the_start_positions() {
    for (id, fen) in [("draughts-international", "W:W31-50:B1-20"), ("checkers-english", "B:W21-32:B1-12")] {
        let game = game(id);
        assert!(position(&game, fen) == Position::start(&game), "{id}: {fen}");
        let start = hetproba(&["moves", id]).ok();
        let given = hetproba(&["moves", id, "--position", fen]).ok();
        assert_eq!(sorted_words(&start.stdout), sorted_words(&given.stdout));
    }
    // Ranges mix with single squares and kings; the lists may come in either order.
    let game = game("draughts-international");
    assert!(position(&game, "W:B1-20:W31-50") == Position::start(&game));
    assert!(position(&game, "\"W:W31-50:B1-20.\"") == Position::start(&game), "quoted, with a full stop");
    let pos = position(&game, "B:W31-33,K45:BK3,10-11");
    assert_eq!(game.write_position(&pos), "B:W31,32,33,K45:BK3,10,11");
    // The board's own square names.
    let run = hetproba(&["moves", "draughts-international", "--position", "W:W31-50:B1-20"]).ok();
    assert_eq!(sorted_words(&run.stdout), ["31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"]);
}

/// The words of a move list, sorted (the order of the list is the engine's own).
fn sorted_words(text: &str) -> Vec<&str> {
    let mut words: Vec<&str> = text.split_whitespace().collect();
    words.sort();
    words
}

#[test]
fn bad_pdn_fen_fails_with_a_clear_one_line_error() {
    for (fen, part) in [
        ("W:Wz9:Bb8", "no square 'z9'"),
        ("W:Wa1,a1:Bb8", "two pieces on a1"),
        ("W:Wa1:Ba1", "two pieces on a1"),
        ("X:Wa1:Bb8", "the side to move must be W or B, not 'X'"),
        // c6 is a light square: not a square of the 8x8 draughts board.
        ("W:Wc6:Bb8", "no square 'c6'"),
        // Algebraic boards have no numbers, so no ranges.
        ("W:W31-32:B1", "no square 31"),
        ("W:Q1", "a piece list must start with W or B"),
    ] {
        hetproba(&["moves", "draughts-brazilian", "--position", fen]).fails(1).one_line().stderr_has("bad position").stderr_has(part);
    }
    hetproba(&["moves", "draughts-international", "--position", "W:W31-51:B1-20"]).fails(1).one_line().stderr_has("no square 51");
    hetproba(&["moves", "checkers-english", "--position", "B:W21-33:B1-12"]).fails(1).one_line().stderr_has("no square 33");
    hetproba(&["play", "draughts-russian", "--position", "W:Wc6:Bb8", "--first", "random", "--second", "random"]).fails(1).one_line();
}

// ----------------------------------------------------------------------------------------------
// moves --json

#[test]
fn moves_json_of_captures_gives_from_to_every_landing_and_the_captured_squares() {
    let run = hetproba(&["moves", "draughts-brazilian", "--position", "W:Wa3,e3:Bb4,d6,f4", "--json"]).ok();
    let list = run.json();
    assert_eq!(list.as_array().unwrap().len(), 1, "majority: only the double capture\n{}", run.stdout);
    let m = &list[0];
    assert_eq!(m["notation"], "a3:c5:e7");
    assert_eq!(m["from"], "a3");
    assert_eq!(m["to"], "e7");
    assert_eq!(m["path"], serde_json::json!(["c5", "e7"]));
    assert_eq!(m["captures"], serde_json::json!(["b4", "d6"]));

    // International: PDN numbers. 28 takes 23 (to 19), 22 (to 17) or 33 (to 39).
    let run = hetproba(&["moves", "draughts-international", "--position", "W:W28:B22,23,33", "--json"]).ok();
    let mut seen: Vec<(String, String, String)> = run
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            assert_eq!(m["from"], "28");
            assert_eq!(m["path"], serde_json::json!([m["to"].clone()]));
            (m["notation"].as_str().unwrap().into(), m["to"].as_str().unwrap().into(), m["captures"][0].as_str().unwrap().into())
        })
        .collect();
    seen.sort();
    let expected = [("28x17", "17", "22"), ("28x19", "19", "23"), ("28x39", "39", "33")];
    assert_eq!(seen, expected.map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string())));

    // Russian: the man crowned at d8 flies on as a king; each landing once, captures in order.
    let run = hetproba(&["moves", "draughts-russian", "--position", "W:Wb6:Ba7,c7,e7", "--json"]).ok();
    for m in run.json().as_array().unwrap() {
        assert_eq!(m["from"], "b6");
        assert_eq!(m["path"][0], "d8");
        assert_eq!(m["path"][1], m["to"]);
        assert_eq!(m["captures"], serde_json::json!(["c7", "e7"]));
    }
}

#[test]

fn moves_json_names_the_promotion_where_a_man_is_crowned() {
    // b6 takes c7 and stops on d8: crowned (Brazilian).
    let run = hetproba(&["moves", "draughts-brazilian", "--position", "W:Wb6:Bc7,f6", "--json"]).ok();
    let m = &run.json()[0];
    assert_eq!(m["notation"], "b6:d8");
    assert_eq!(m["promotion"], "king", "{}", run.stdout);
    // A plain step to the far rank is crowned too; a step elsewhere has no promotion.
    let run = hetproba(&["moves", "draughts-brazilian", "--position", "W:Wa7,c3:Bh8", "--json"]).ok();
    for m in run.json().as_array().unwrap() {
        let crowned = m["to"].as_str().unwrap().ends_with('8');
        assert_eq!(m.get("promotion").and_then(|p| p.as_str()), crowned.then_some("king"), "{m}");
    }
}

// ----------------------------------------------------------------------------------------------
// The hand-worked rule positions embedded in the rulesets

#[test]
fn check_runs_the_hand_worked_positions_of_russian_and_brazilian() {
    // Majority capture, mid-capture promotion (Russian king, Brazilian man), Turkish strike,
    // the king's landing choice: `[[tests]]` in the ruleset files.
    let run = hetproba(&["check", "draughts-russian", "draughts-brazilian"]).ok();
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert!(lines[0].starts_with("ok: built-in 'draughts-russian': "), "{}", run.stdout);
    assert!(lines[1].starts_with("ok: built-in 'draughts-brazilian': "), "{}", run.stdout);
    let passed = |line: &str| -> usize {
        line.split("; ").nth(1).and_then(|s| s.split_whitespace().next()).and_then(|n| n.parse().ok()).unwrap_or(0)
    };
    let (russian, brazilian) =
        (hetproba_rules::builtin_text("draughts-russian").unwrap(), hetproba_rules::builtin_text("draughts-brazilian").unwrap());
    assert_eq!(passed(lines[0]), russian.matches("[[tests]]").count(), "{}", run.stdout);
    assert_eq!(passed(lines[1]), brazilian.matches("[[tests]]").count(), "{}", run.stdout);
    // The positions issue 3 asks for are among them (by the words of their names).
    let names = |text: &str| -> String { text.lines().filter(|l| l.starts_with("name = ")).collect::<Vec<_>>().join("\n").to_lowercase() };
    for words in ["majority", "mid-capture goes on as a man", "stops on the far rank", "turkish strike", "must land"] {
        assert!(names(brazilian).contains(words), "draughts-brazilian has no test on '{words}'\n{}", names(brazilian));
    }
    for words in ["free choice", "mid-capture goes on as a king"] {
        assert!(names(russian).contains(words), "draughts-russian has no test on '{words}'\n{}", names(russian));
    }
}
