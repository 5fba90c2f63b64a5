//! Game records: a plain-text format in the style of PGN/PDN. Tag lines `[Name "value"]`, then
//! the moves in the game's notation with move numbers, then the result (`1-0` the first player
//! won, `0-1` the second, `1/2-1/2` a draw, `*` unfinished). Comments in braces are skipped.
//! The format knows no game: `play --record` writes it and `replay` checks its moves
//! ([`replay`]: every move parsed in the game's notation, the result checked against the end).

use crate::result::token_winner;
use hetproba_engine::rules::model::PlayerId;
use hetproba_engine::{Game, Move, MoveError, Position, PositionError, Session};

/// What is wrong with a record's text: `name:line:column: reason`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RecordError(pub String);

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
    /// The result token.
    pub result: String,
    /// 1 when the first recorded move is the second player's (a game from a position with the
    /// second player to move): numbering then starts `1... move`.
    pub offset: usize,
}

impl Record {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some(slot) => slot.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    pub fn write(&self) -> String {
        let mut out = String::new();
        for (k, v) in &self.tags {
            out.push_str(&format!("[{k} \"{}\"]\n", v.replace('\\', "\\\\").replace('"', "\\\"")));
        }
        out.push('\n');
        let mut line = String::new();
        for (i, mv) in self.moves.iter().enumerate() {
            let ply = i + self.offset;
            let token = if ply.is_multiple_of(2) {
                format!("{}. {mv}", ply / 2 + 1)
            } else if i == 0 {
                format!("{}... {mv}", ply / 2 + 1)
            } else {
                mv.clone()
            };
            if line.len() + token.len() + 1 > 78 {
                out.push_str(line.trim_end());
                out.push('\n');
                line.clear();
            }
            line.push_str(&token);
            line.push(' ');
        }
        line.push_str(&self.result);
        out.push_str(line.trim_end());
        out.push('\n');
        out
    }

    /// Reads a record; `name` is the file name for messages.
    pub fn parse(name: &str, text: &str) -> Result<Record, RecordError> {
        // A byte-order mark, as editors on Windows write it, is no part of the first tag.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut record = Record { result: "*".into(), ..Record::default() };
        let mut in_moves = false;
        // The movetext ends with its result (the termination marker): a record is one game.
        let mut ended = false;
        for (number, line) in text.lines().enumerate() {
            // Tags and moves are printed back (in messages, by `play`): no terminal escapes, and
            // no bidirectional controls that would show a name backwards.
            if let Some((column, c)) = line.chars().enumerate().find(|&(_, c)| hetproba_engine::rules::text::is_hidden(c) && c != '\t') {
                let what = hetproba_engine::rules::text::hidden_kind(c);
                let why = if what == "invisible character" {
                    "a record holds no characters that show nothing (format characters, line and paragraph separators)"
                } else {
                    "a record holds no control characters but tab, and no bidirectional controls"
                };
                return Err(RecordError(format!(
                    "{name}:{}:{}: {what} {}; {why}",
                    number + 1,
                    column + 1,
                    hetproba_engine::rules::text::char_name(c)
                )));
            }
            let trimmed = line.trim();
            if !in_moves && trimmed.starts_with('[') {
                let inner = trimmed
                    .strip_prefix('[')
                    .and_then(|t| t.strip_suffix(']'))
                    .ok_or_else(|| RecordError(format!("{name}:{}:1: a tag must end with ']'", number + 1)))?;
                let (key, value) =
                    inner.split_once(' ').ok_or_else(|| RecordError(format!("{name}:{}:1: a tag is [Name \"value\"]", number + 1)))?;
                let value = value.trim();
                let value = value
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .ok_or_else(|| RecordError(format!("{name}:{}:{}: a tag value is quoted", number + 1, key.len() + 3)))?;
                // Each tag says one thing: which of two Ruleset tags would be the game's? (`Param`
                // is the one tag written once per parameter.)
                if key != "Param" && record.tags.iter().any(|(k, _)| k == key) {
                    return Err(RecordError(format!(
                        "{name}:{}:1: a second [{}] tag; a record gives each tag once",
                        number + 1,
                        hetproba_engine::rules::text::quote(key)
                    )));
                }
                record.tags.push((key.to_string(), value.replace("\\\"", "\"").replace("\\\\", "\\")));
                continue;
            }
            if trimmed.is_empty() {
                continue;
            }
            in_moves = true;
            let mut rest = line;
            // Drop brace comments.
            let mut clean = String::new();
            while let Some(open) = rest.find('{') {
                clean.push_str(&rest[..open]);
                match rest[open..].find('}') {
                    Some(close) => rest = &rest[open + close + 1..],
                    None => return Err(RecordError(format!("{name}:{}:{}: unclosed comment", number + 1, open + 1))),
                }
            }
            clean.push_str(rest);
            for token in clean.split_whitespace() {
                // "12." and "12..." are move numbers; "12.d3" is a number stuck to a move (and
                // "1.8.d3" two numbers: every one is dropped, so a move written alone reads the
                // same); "12-16" is a move on a numbered board.
                let mut token = token;
                loop {
                    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                    let after = &token[digits..];
                    if digits == 0 || !after.starts_with('.') {
                        break;
                    }
                    token = after.trim_start_matches('.');
                }
                if token.is_empty() {
                    continue;
                }
                if ended {
                    return Err(RecordError(format!(
                        "{name}:{}: '{}' after the game's result {}; a record holds one game, which its result ends",
                        number + 1,
                        hetproba_engine::rules::text::quote(token),
                        record.result
                    )));
                }
                // A result, also stuck to a number ("25.1-0"), as it reads once written apart.
                if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*" | "2-0" | "0-2" | "1-1") {
                    record.result = token.to_string();
                    ended = true;
                    continue;
                }
                record.moves.push(token.to_string());
            }
        }
        Ok(record)
    }
}

/// What is wrong with a recorded game, as `replay` (and resuming) says it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The text is not a record.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The start position its FEN or Position tag gives is not one.
    #[error("{file}: {error}")]
    Position { file: String, error: PositionError },
    /// A move after the game's end.
    #[error("{file}: move {number} ({who}, ply {ply}): '{token}' comes after the end of the game ({end})")]
    AfterEnd { file: String, number: usize, who: String, ply: usize, token: String, end: String },
    /// A move that is not legal (or not a move) where it stands.
    #[error("{file}: move {number} ({who}, ply {ply}): {error}")]
    Move { file: String, number: usize, who: String, ply: usize, error: MoveError },
    /// The result the record claims is not the one its moves reach.
    #[error("{file}: the record's result {claimed} contradicts the final position ({actual})")]
    Contradiction { file: String, claimed: String, actual: String },
    /// The record claims a result, but the game goes on after its moves and nothing says how it
    /// ended early.
    #[error(
        "{file}: the record's result {claimed} contradicts its moves: the game goes on after them ({side} to move); a game that ended early (on time, by resignation or agreement) says how in a Termination tag"
    )]
    Unfinished { file: String, claimed: String, side: String },
}

/// A record's game replayed: the session at its start, the session after its moves, the moves
/// and their names as the game writes them.
#[derive(Clone, Debug)]
pub struct Replayed<'g> {
    pub start: Session<'g>,
    pub session: Session<'g>,
    pub moves: Vec<Move>,
    pub names: Vec<String>,
}

/// A ruleset parameter that is not written `NAME=VALUE` with an integer value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    #[error("expected NAME=VALUE, got '{0}'")]
    NoEquals(String),
    #[error("'{0}' is not an integer")]
    NotInteger(String),
}

/// `NAME=VALUE`: a ruleset parameter, as `--param` and a record's `Param` tags write it.
pub fn parse_param(text: &str) -> Result<(String, i64), ParamError> {
    let (name, value) = text.split_once('=').ok_or_else(|| ParamError::NoEquals(text.to_string()))?;
    let value = value.trim().parse().map_err(|_| ParamError::NotInteger(value.to_string()))?;
    Ok((name.trim().to_string(), value))
}

/// The ruleset parameters a record's `Param` tags set.
pub fn params_of(record: &Record) -> Result<Vec<(String, i64)>, RecordError> {
    record.tags.iter().filter(|(k, _)| k == "Param").map(|(_, v)| parse_param(v).map_err(|e| RecordError(e.to_string()))).collect()
}

/// The tag that names a player's agent: the player's name, capitalised (`White`, `X`).
pub fn player_tag(game: &Game, player: PlayerId) -> String {
    let name = game.player_name(player);
    let mut chars = name.chars();
    chars.next().map(|c| c.to_uppercase().collect::<String>() + chars.as_str()).unwrap_or_default()
}

/// The tag that gives a record's start position when it is not the game's: `FEN` in PDN
/// records, `Position` in the others.
pub fn position_tag(game: &Game) -> &'static str {
    if crate::result::is_pdn(game) { "FEN" } else { "Position" }
}

/// The session at the start position a record names (its FEN or Position tag, with FEN's move
/// counts when it gives them), or at the game's start.
pub fn start_session<'g>(game: &'g Game, record: &Record, file: &str) -> Result<Session<'g>, ReplayError> {
    match record.tag("FEN").or(record.tag("Position")) {
        Some(text) => Session::from_text(game, text).map_err(|error| ReplayError::Position { file: file.to_string(), error }),
        None => Ok(Session::new(game, Position::start(game))),
    }
}

/// Replays a record's moves from its start, checking each: every move must be legal where it
/// stands, and none may come after the end. The result is not checked ([`check_result`]).
pub fn replay<'g>(game: &'g Game, record: &Record, file: &str) -> Result<Replayed<'g>, ReplayError> {
    let start = start_session(game, record, file)?;
    let mut session = start.clone();
    let (mut moves, mut names) = (Vec::new(), Vec::new());
    let offset = usize::from(session.position().side() == PlayerId::SECOND);
    for (i, token) in record.moves.iter().enumerate() {
        let pos = session.position();
        let (number, ply) = ((i + offset) / 2 + 1, i + 1);
        let who = game.player_name(pos.side()).to_string();
        if let Some(outcome) = session.outcome() {
            let end = outcome.describe(game);
            return Err(ReplayError::AfterEnd { file: file.to_string(), number, who, ply, token: token.clone(), end });
        }
        let mv = game.parse_move(pos, token).map_err(|error| ReplayError::Move { file: file.to_string(), number, who, ply, error })?;
        names.push(game.move_name(pos, mv));
        moves.push(mv);
        session.play_unchecked(mv);
    }
    Ok(Replayed { start, session, moves, names })
}

/// Refuses a record whose result contradicts its final position: another result than the one
/// its moves reach, or a result for a game that goes on after them. A game may end early (on
/// time, by resignation or agreement), and then its Termination tag says how
/// ([`early_end`]).
pub fn check_result(game: &Game, record: &Record, session: &Session, file: &str) -> Result<(), ReplayError> {
    let claimed = token_winner(game, &record.result);
    match (claimed, &session.outcome()) {
        (Some(claimed), Some(actual)) if claimed != actual.winner => {
            Err(ReplayError::Contradiction { file: file.to_string(), claimed: record.result.clone(), actual: actual.describe(game) })
        }
        (Some(_), None) if early_end(record).is_none() => Err(ReplayError::Unfinished {
            file: file.to_string(),
            claimed: record.result.clone(),
            side: game.player_name(session.position().side()).to_string(),
        }),
        _ => Ok(()),
    }
}

/// How a game the record says has ended ended, when its moves do not end it: the Termination
/// tag (`white wins: black ran out of time`, `draw: no end within 200 plies`).
pub fn early_end(record: &Record) -> Option<&str> {
    record.tag("Termination").filter(|_| token_claims_result(&record.result))
}

/// Does a result token claim a result (anything but `*`)?
fn token_claims_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "2-0" | "0-2" | "1-1")
}

impl Record {
    /// Sets `tag` to `value` written by `write`, unless it already says `value` as `read` reads
    /// it: a resumed record keeps its own words (`mcts` stays `mcts`, not `mcts:1000`).
    pub fn update_tag<T: PartialEq>(&mut self, tag: &str, value: &T, read: impl Fn(&str) -> Option<T>, write: impl Fn(&T) -> String) {
        if self.tag(tag).and_then(read).as_ref() != Some(value) {
            self.set_tag(tag, write(value));
        }
    }

    /// Puts the tags that say what the record is before any it has: `Event`, `Ruleset`,
    /// `GameType` (PDN's number for the game, where the ruleset gives one) and a `Param` tag a
    /// parameter that was set.
    pub fn identify(&mut self, game: &Game, params: &[(String, i64)]) {
        let rest = std::mem::take(&mut self.tags);
        self.set_tag("Event", "hetproba");
        self.set_tag("Ruleset", game.rules().id.clone());
        if let Some(game_type) = &game.rules().notation.game_type {
            self.set_tag("GameType", game_type.clone());
        }
        for (name, value) in params {
            self.tags.push(("Param".into(), format!("{name}={value}")));
        }
        self.tags.extend(rest);
    }

    /// Drops a tag.
    pub fn remove_tag(&mut self, name: &str) {
        self.tags.retain(|(k, _)| k != name);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let mut r = Record { result: "1-0".into(), ..Record::default() };
        r.set_tag("Ruleset", "some-game");
        r.moves = vec!["d3".into(), "c5".into(), "pass".into()];
        let text = r.write();
        assert_eq!(Record::parse("t", &text).unwrap(), r);
    }

    #[test]
    fn numbers_comments_and_results() {
        let r = Record::parse("t", "[Ruleset \"x\"]\n\n1. d3 {good} c5 2.f6 *\n").unwrap();
        assert_eq!(r.moves, vec!["d3", "c5", "f6"]);
        assert_eq!(r.result, "*");
    }

    /// Found by the fuzz target record_read: "1.8.b" read as the move "8.b", written "1. 8.b",
    /// which read back as "b".
    #[test]
    fn every_move_number_stuck_to_a_move_is_dropped() {
        let r = Record::parse("t", "1.8.b a1 2...c3 *\n").unwrap();
        assert_eq!(r.moves, vec!["b", "a1", "c3"]);
        assert_eq!(Record::parse("t", &r.write()).unwrap(), r, "written, it reads back the same");
        // record_read again: "25.1-0" is the result, not a move "1-0" that reads back as one.
        let r = Record::parse("t", "1. 32-28 19-23 25.1-0\n").unwrap();
        assert_eq!((r.moves.len(), r.result.as_str()), (2, "1-0"));
        assert_eq!(Record::parse("t", &r.write()).unwrap(), r, "written, it reads back the same");
    }

    /// "[Ruleset ...]" after a UTF-8 byte-order mark was read as a move: "has no Ruleset tag".
    #[test]
    fn a_byte_order_mark_before_the_tags_is_skipped() {
        let r = Record::parse("t", "\u{feff}[Ruleset \"placing\"]\n\n1. b2 *\n").unwrap();
        assert_eq!((r.tag("Ruleset"), r.moves.len()), (Some("placing"), 1));
    }

    #[test]
    fn control_characters_are_refused_at_their_place() {
        let err = Record::parse("t", "[Ruleset \"x\"]\n\n1. d3 \u{1b}[31mc5 *\n").unwrap_err();
        assert_eq!(err.0, "t:3:7: control character U+001B; a record holds no control characters but tab, and no bidirectional controls");
        let err = Record::parse("t", "[White \"Anna\u{202e}\"]\n").unwrap_err();
        assert_eq!(
            err.0,
            "t:1:13: bidirectional control U+202E; a record holds no control characters but tab, and no bidirectional controls"
        );
        assert!(Record::parse("t", "[Ruleset \"x\"]\r\n\r\n1.\td3 c5 *\r\n").is_ok());
    }
}
