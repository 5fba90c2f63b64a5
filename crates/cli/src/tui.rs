//! The terminal view of `play`: the board in colour with the last move marked, the moves beside
//! it, both clocks counting down, and what the computer is doing while it thinks.
//!
//! [`render`] draws a [`Scene`] into lines of text (plain, or styled with crossterm's
//! [`Stylize`]), so what is drawn is tested without a terminal; [`Screen`] is the live terminal:
//! raw mode, a redraw at least every 100 ms, a line editor for the move being typed. The
//! terminal is restored on every way out: the game's end, `quit`, Ctrl-C (a key in raw mode), an
//! error (the [`Screen`]'s `Drop`) and a panic (a panic hook restores it before the message).

use crate::play::{Face, Typed};
use crossterm::cursor::{Hide, MoveTo, Show};
use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::style::{Color, Stylize};
use crossterm::terminal::{self, Clear, ClearType};
use crossterm::{execute, queue};
use hetproba_ai::{Progress, Score, Unit};
use hetproba_board::{CellId, Shape};
use hetproba_engine::{Game, Owner, Position};
use hetproba_play::format_clock;
use hetproba_rules::model::{Naming, PhaseLimit, PlayerId};
use std::io::Write;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// Everything one frame shows.
#[derive(Clone)]
pub struct Scene<'a> {
    pub game: &'a Game,
    pub pos: &'a Position,
    /// The cells of the last move (where it started, where it went), marked on the board.
    pub marked: Vec<CellId>,
    /// The moves so far, in the game's notation.
    pub moves: &'a [String],
    /// 1 when the first move recorded is the second player's (`1... c5`).
    pub offset: usize,
    /// Who plays each side, as the command line names it (`human`, `mcts:1000`).
    pub players: [String; 2],
    /// The time each player has left, in milliseconds, when a clock runs.
    pub clocks: Option<[u64; 2]>,
    /// Whose turn it is; `None` once the game is over.
    pub to_move: Option<PlayerId>,
    /// What happened last (`black played d3`), or how the game ended.
    pub last: Option<String>,
    /// Lines under the board: messages, the computer's progress.
    pub notes: Vec<String>,
    /// The prompt and what has been typed after it.
    pub prompt: Option<String>,
}

/// True for rulesets whose cells are numbered (`names = "numbers-from-top"`): their numbers are
/// drawn on the board.
pub fn numbered(game: &Game) -> bool {
    matches!(game.rules().naming, Naming::Numbers { .. })
}

/// The square colours, dark then light: plain, and marked as the last move's.
const SQUARE: [Color; 2] = [Color::AnsiValue(65), Color::AnsiValue(108)];
const MARKED: [Color; 2] = [Color::AnsiValue(136), Color::AnsiValue(179)];

/// Is the point (x, y) shaded dark: one the ruleset declares dark (`[board] dark`, which covers
/// the squares of a checkered board that are not cells too). Without it every point is light.
fn shaded_dark(game: &Game, x: i32, y: i32) -> bool {
    game.rules().dark.contains(&(x, y))
}

/// The colour a player's pieces are drawn in: the player's name when it is a colour's, otherwise
/// white for the first player and black for the second.
fn piece_colour(game: &Game, player: PlayerId) -> Color {
    match game.player_name(player).to_ascii_lowercase().as_str() {
        "white" => Color::White,
        "black" => Color::Black,
        "red" => Color::DarkRed,
        "blue" => Color::DarkBlue,
        "green" => Color::DarkGreen,
        "yellow" => Color::Yellow,
        _ if player == PlayerId::FIRST => Color::White,
        _ => Color::Black,
    }
}

/// The board as lines, and the width each line shows. Each cell is a field: its piece (`.` when
/// empty), after its number on numbered boards; the last move's cells are in brackets without
/// colour, on a brighter square with it.
fn board_lines(game: &Game, pos: &Position, marked: &[CellId], colour: bool) -> (Vec<String>, usize) {
    let board = game.board();
    let (x0, y0, x1, y1) = board.extent();
    let numbers = numbered(game);
    let name_width = if numbers { board.cells().iter().map(|c| c.name.chars().count()).max().unwrap_or(1) } else { 0 };
    // With stacks each field also shows its column's height, when above one.
    let stacked = game.rules().stacks.is_some();
    let height_width = if stacked { 2 } else { 0 };
    let field = name_width + 3 + height_width;
    let algebraic = board.names_are_algebraic();
    let label_width = if algebraic { (y1 + 1).to_string().len() + 1 } else { 0 };
    let mut lines = Vec::new();
    for y in (y0..=y1).rev() {
        if (x0..=x1).all(|x| board.at(x, y).is_none()) {
            continue;
        }
        let mut line = if algebraic { format!("{:>w$} ", y + 1, w = label_width - 1) } else { String::new() };
        for x in x0..=x1 {
            let Some(cell) = board.at(x, y) else {
                // A square board's squares that are not cells (a checkered board's light
                // squares) are painted; other shapes' gaps stay blank.
                let blank = " ".repeat(field);
                match game.rules().shape {
                    Shape::Rect { .. } if colour => line.push_str(&blank.on(SQUARE[usize::from(!shaded_dark(game, x, y))]).to_string()),
                    _ => line.push_str(&blank),
                }
                continue;
            };
            let held = pos.at(cell);
            let symbol = held.map_or(if colour { '·' } else { '.' }, |p| game.symbol(p));
            let number = if numbers { format!("{:>name_width$}", board.name(cell)) } else { String::new() };
            let marked = marked.contains(&cell);
            let height = match pos.height(cell) {
                _ if !stacked => String::new(),
                0 | 1 => " ".repeat(height_width),
                h => format!("{h:<height_width$}"),
            };
            if !colour {
                let (open, close) = if marked { ('[', ']') } else { (' ', ' ') };
                line.push_str(&format!("{open}{number}{symbol}{height}{close}"));
                continue;
            }
            let shade = usize::from(!shaded_dark(game, x, y));
            let ground = if marked { MARKED[shade] } else { SQUARE[shade] };
            let piece = match held.map(|p| p.owner()) {
                None => format!("{symbol}").with(Color::AnsiValue(250)),
                Some(Owner::Nobody) => format!("{symbol}").with(Color::DarkMagenta).bold(),
                Some(Owner::Player(p)) => format!("{symbol}").with(piece_colour(game, p)).bold(),
            };
            line.push_str(&format!(
                "{}{}{}{}{}",
                " ".on(ground),
                number.with(Color::AnsiValue(252)).on(ground),
                piece.on(ground),
                height.with(Color::AnsiValue(252)).on(ground),
                " ".on(ground)
            ));
        }
        lines.push(line);
    }
    if algebraic {
        let mut files = " ".repeat(label_width);
        for x in x0..=x1 {
            let name = hetproba_board::algebraic_name(x, 0);
            files.push_str(&format!(" {:<w$}", name.trim_end_matches(char::is_numeric), w = field - 1));
        }
        lines.push(files.trim_end().to_string());
    }
    (lines, label_width + field * (x1 - x0 + 1) as usize)
}

/// The moves as numbered pairs (`12. d3 c5`), `...` for the first player's move before a
/// record that starts with the second's.
fn move_rows(moves: &[String], offset: usize) -> Vec<String> {
    let mut slots: Vec<&str> = vec!["..."; offset];
    slots.extend(moves.iter().map(String::as_str));
    let width = slots.iter().step_by(2).map(|m| m.chars().count()).max().unwrap_or(0);
    let digits = slots.len().div_ceil(2).to_string().len();
    slots
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let row = format!("{:>digits$}. {:<width$}  {}", i + 1, pair[0], pair.get(1).copied().unwrap_or(""));
            row.trim_end().to_string()
        })
        .collect()
}

/// `text` broken at spaces into lines of at most `width` characters (a longer word stays whole).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}

/// The pieces' symbols and names, and the letter a move writes when it is another:
/// `pieces: R r king, D d queen, ..., P p pawn`.
fn legend(game: &Game) -> String {
    let pieces: Vec<String> = game
        .rules()
        .pieces
        .iter()
        .map(|p| {
            let symbols = if p.owned && p.symbols[0] != p.symbols[1] {
                format!("{} {}", p.symbols[0], p.symbols[1])
            } else {
                p.symbols[0].to_string()
            };
            let letter = if p.letter.is_empty() || p.letter.chars().eq(std::iter::once(p.symbols[0])) {
                String::new()
            } else {
                format!(" (written {})", p.letter)
            };
            format!("{symbols} {}{letter}", p.name)
        })
        .collect();
    format!("pieces: {}", pieces.join(", "))
}

/// The phase of a game of several phases and how far it has gone: `phase: blocking, 2 of 4
/// plies played`, `phase: place, x has placed 2 of 15, o 1`; `None` for a game of one phase.
fn phase_line(game: &Game, pos: &Position) -> Option<String> {
    let phases = &game.rules().phases;
    if phases.len() < 2 {
        return None;
    }
    let phase = &phases[usize::from(pos.phase())];
    let progress = pos.progress();
    let names = [PlayerId::FIRST, PlayerId::SECOND].map(|p| game.player_name(p).to_string());
    Some(match phase.limit {
        None => format!("phase: {}", phase.name),
        Some(PhaseLimit::HandsEmpty) => format!("phase: {}, until both hands are empty", phase.name),
        Some(PhaseLimit::Plies(n)) => format!("phase: {}, {} of {n} plies played", phase.name, progress.plies()),
        Some(PhaseLimit::Placed(n)) => format!(
            "phase: {}, {} has placed {} of {n}, {} {}",
            phase.name,
            names[0],
            progress.placed(PlayerId::FIRST),
            names[1],
            progress.placed(PlayerId::SECOND)
        ),
    })
}

/// How to play, under the board while a person is to move: a move of each kind this position
/// has, as the game writes it, and the commands.
fn help_line(game: &Game, pos: &Position) -> String {
    let mut examples: Vec<String> = Vec::new();
    let mut kinds = Vec::new();
    for mv in game.legal_moves(pos) {
        if !kinds.contains(&mv.rule()) && examples.len() < 3 {
            kinds.push(mv.rule());
            examples.push(game.move_name(pos, mv));
        }
    }
    let moves = if examples.is_empty() { String::new() } else { format!("type a move such as {}; ", examples.join(", ")) };
    format!("{moves}? lists the legal moves, hint suggests one, undo takes back, quit stops")
}

/// A frame as lines for a terminal `width` characters wide: the title, the board with the moves
/// beside it (below it, the last few, when the terminal is too narrow), the pieces' legend, each
/// player with their clock, the phase, what happened last, the notes, how to play and the prompt.
pub fn render(scene: &Scene, colour: bool, width: usize) -> Vec<String> {
    let game = scene.game;
    let width = width.max(20);
    let mut out = vec![if colour { game.rules().name.clone().bold().to_string() } else { game.rules().name.clone() }, String::new()];
    let (board, board_width) = board_lines(game, scene.pos, &scene.marked, colour);
    let rows = move_rows(scene.moves, scene.offset);
    let beside = board_width + 4 + rows.iter().map(|r| r.chars().count()).max().unwrap_or(0) <= width;
    if beside {
        // The last moves, as many as the board is high.
        let shown = &rows[rows.len().saturating_sub(board.len())..];
        for (i, line) in board.iter().enumerate() {
            match shown.get(i) {
                Some(row) => out.push(format!("{line}{}    {row}", " ".repeat(board_width.saturating_sub(visible_width(line))))),
                None => out.push(line.clone()),
            }
        }
    } else {
        out.extend(board);
        if let Some(last) = rows.last() {
            out.push(format!("moves: {last}"));
        }
    }
    out.extend(wrap(&legend(game), width));
    out.push(String::new());
    let names: Vec<String> = [PlayerId::FIRST, PlayerId::SECOND].iter().map(|&p| game.player_name(p).to_string()).collect();
    let name_width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let label_width = scene.players.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    for player in [PlayerId::FIRST, PlayerId::SECOND] {
        let turn = scene.to_move == Some(player);
        let clock = scene.clocks.map_or(String::new(), |c| format!("  {}", format_clock(c[player.index()])));
        let line = format!(
            "{} {:<name_width$}  {:<label_width$}{clock}",
            if turn { '>' } else { ' ' },
            names[player.index()],
            scene.players[player.index()]
        );
        out.push(if colour && turn { line.bold().to_string() } else { line });
    }
    if let Some(phase) = phase_line(game, scene.pos) {
        out.push(phase);
    }
    out.push(String::new());
    if let Some(last) = &scene.last {
        out.extend(wrap(last, width));
    }
    for note in &scene.notes {
        out.extend(wrap(note, width));
    }
    if let Some(prompt) = &scene.prompt {
        out.extend(wrap(&help_line(game, scene.pos), width));
        out.push(prompt.clone());
    }
    for line in &mut out {
        line.truncate(line.trim_end().len());
    }
    out
}

/// Writes the lines of a frame that differ from those `shown`, and clears what is left below.
/// Each line is cleared before it is written: clearing after a line that fills the terminal's
/// width erased its last character, under the cursor (`a2-d` for `a2-d5`).
fn paint(out: &mut impl Write, shown: &[String], lines: &[String]) {
    for (row, line) in lines.iter().enumerate() {
        if shown.get(row) != Some(line) {
            let _ = queue!(out, MoveTo(0, row as u16), Clear(ClearType::CurrentLine), crossterm::style::Print(line));
        }
    }
    if lines.len() < shown.len() {
        let _ = queue!(out, MoveTo(0, lines.len() as u16), Clear(ClearType::FromCursorDown));
    }
}

/// Why a terminal `width` x `height` cannot show the board, if it cannot: the board's width, and
/// its rows with the title and the players' lines.
pub fn too_small(scene: &Scene, width: usize, height: usize) -> Option<String> {
    let (board, board_width) = board_lines(scene.game, scene.pos, &scene.marked, false);
    let needed = (board_width, board.len() + 6);
    (needed.0 > width || needed.1 > height).then(|| {
        format!(
            "The terminal is {width} x {height} characters; this board needs at least {} x {}: make the window larger (or play piped, `hetproba play ... | cat`).",
            needed.0, needed.1
        )
    })
}

/// The characters a line shows, without its styling.
fn visible_width(line: &str) -> usize {
    let mut width = 0;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // A CSI sequence ends at its first letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            width += 1;
        }
    }
    width
}

/// What the computer is doing: `white thinks: depth 5, score +0.35, 12345 positions, 45678/s,
/// 1.2s, line e4 e5 Nf3` (MCTS: its playouts, and the depth and score of its most visited line).
pub fn progress_line(game: &Game, pos: &Position, who: &str, progress: &Progress) -> String {
    let unit = match progress.unit {
        Unit::Positions => "positions",
        Unit::Playouts => "playouts",
    };
    let line = line_names(game, pos, &progress.pv, 6);
    let line = if line.is_empty() { game.move_name(pos, progress.best) } else { line };
    format!(
        "{who} thinks: depth {}, {}, {} {unit}, {}/s, {:.1}s, line {line}",
        progress.depth,
        score_words(progress.score),
        progress.nodes,
        progress.per_second(),
        progress.elapsed.as_secs_f64(),
    )
}

/// A score for players: `score +1.35` (in pieces of value 1), `win in 3 plies`.
pub fn score_words(score: Score) -> String {
    match score {
        Score::Points(p) => format!("score {:+.2}", f64::from(p) / 100.0),
        Score::Win(1) => "win in 1 ply".to_string(),
        Score::Win(n) => format!("win in {n} plies"),
        Score::Loss(1) => "loss in 1 ply".to_string(),
        Score::Loss(n) => format!("loss in {n} plies"),
    }
}

/// The first `most` moves of a line in notation, each from the position the ones before reach;
/// it stops at a move that is not legal there.
pub fn line_names(game: &Game, pos: &Position, line: &[hetproba_engine::Move], most: usize) -> String {
    let mut pos = pos.clone();
    let mut names = Vec::new();
    for &mv in line.iter().take(most) {
        if !game.legal_moves(&pos).contains(&mv) {
            break;
        }
        names.push(game.move_name(&pos, mv));
        game.make(&mut pos, mv);
    }
    names.join(" ")
}

/// Leaves raw mode and shows the cursor: on every way out.
fn restore() {
    let _ = terminal::disable_raw_mode();
    let _ = execute!(std::io::stdout(), Show, terminal::EnableLineWrap);
}

/// The live terminal: raw mode while it lives, and what the player is typing.
pub struct Screen {
    colour: bool,
    typed: String,
    notes: Vec<String>,
    /// Ctrl-C (or Ctrl-D) was pressed: the game stops.
    stopped: bool,
    /// When the computer's progress was last drawn.
    drawn: Instant,
    /// The terminal was resized: clear it whole at the next frame.
    clear: bool,
    /// The lines on the terminal: only the lines that change are written again.
    shown: Vec<String>,
    /// Lines typed and entered while the computer thought: the next turns' input, in order.
    queued: std::collections::VecDeque<String>,
}

impl Screen {
    /// Raw mode (keys one at a time, no echo), with a panic hook that restores the terminal.
    pub fn start(colour: bool) -> std::io::Result<Screen> {
        terminal::enable_raw_mode()?;
        // A line wider than the terminal is cut, not wrapped over the next.
        let _ = execute!(std::io::stdout(), terminal::DisableLineWrap);
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        // A signal (`kill`, a closed terminal) ends the program: the terminal is restored first.
        crate::files::interrupt::before_exit(Some(restore));
        Ok(Screen {
            colour,
            typed: String::new(),
            notes: Vec::new(),
            stopped: false,
            drawn: Instant::now(),
            clear: true,
            shown: Vec::new(),
            queued: std::collections::VecDeque::new(),
        })
    }

    /// Draws the scene over the last frame, the cursor after the prompt.
    fn draw(&mut self, scene: &Scene) {
        let (width, height) = terminal::size().unwrap_or((80, 24));
        let mut lines = match too_small(scene, width as usize, height as usize) {
            // What cannot be shown is said, and the prompt stays.
            Some(why) => {
                let mut lines = wrap(&why, width as usize);
                lines.extend(scene.prompt.clone());
                lines
            }
            None => render(scene, self.colour, width as usize),
        };
        // A frame taller than the terminal loses its top lines, not the prompt.
        if lines.len() > height as usize {
            lines.drain(..lines.len() - height as usize);
        }
        let mut out = std::io::stdout().lock();
        let _ = queue!(out, Hide);
        if std::mem::take(&mut self.clear) {
            let _ = queue!(out, Clear(ClearType::All));
            self.shown.clear();
        }
        paint(&mut out, &self.shown, &lines);
        self.shown = lines;
        let last_row = self.shown.len().saturating_sub(1) as u16;
        let column = scene.prompt.as_ref().map_or(0, |p| p.chars().count()) as u16;
        let _ = queue!(out, MoveTo(column.min(width.saturating_sub(1)), last_row), Show);
        let _ = out.flush();
    }

    /// The scene with the mover's clock running since `started`, the notes and the prompt.
    fn live<'a>(&self, scene: &Scene<'a>, started: Instant, prompt: Option<String>) -> Scene<'a> {
        let mut scene = scene.clone();
        if let (Some(clocks), Some(side)) = (&mut scene.clocks, scene.to_move) {
            let used = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
            clocks[side.index()] = clocks[side.index()].saturating_sub(used);
        }
        scene.notes.extend(self.notes.iter().cloned());
        scene.prompt = prompt;
        scene
    }

    /// Enter while the computer thinks: the line typed waits for the next turn, whole.
    fn entered_while_thinking(&mut self) {
        if !self.typed.trim().is_empty() {
            self.queued.push_back(std::mem::take(&mut self.typed));
        }
    }

    /// The prompt and the line being typed, its end shown when it is wider than the terminal.
    fn prompt(&self, mover: &str) -> String {
        let width = terminal::size().map_or(80, |(w, _)| w as usize);
        let head = format!("{mover}> ");
        let room = width.saturating_sub(head.chars().count() + 2).max(1);
        let count = self.typed.chars().count();
        if count <= room {
            format!("{head}{}", self.typed)
        } else {
            let tail: String = self.typed.chars().skip(count - room + 1).collect();
            format!("{head}…{tail}")
        }
    }

    /// Reads the keys waiting, without blocking: typing goes on while the computer thinks; true
    /// for Enter.
    fn keys(&mut self, wait: Duration) -> bool {
        let mut waited = false;
        loop {
            let timeout = if waited { Duration::ZERO } else { wait };
            waited = true;
            if !event::poll(timeout).unwrap_or(false) {
                return false;
            }
            match event::read() {
                Ok(Event::Key(key)) if key.kind != KeyEventKind::Release => {
                    let control = key.modifiers.contains(KeyModifiers::CONTROL);
                    match key.code {
                        KeyCode::Char('c' | 'd') if control => {
                            self.stopped = true;
                            return false;
                        }
                        KeyCode::Enter => return true,
                        KeyCode::Backspace => {
                            self.typed.pop();
                        }
                        KeyCode::Esc => self.typed.clear(),
                        KeyCode::Char(c) if !control && self.typed.len() + c.len_utf8() <= crate::play::MAX_LINE => self.typed.push(c),
                        _ => {}
                    }
                }
                Ok(Event::Resize(..)) => self.clear = true,
                _ => {}
            }
        }
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        crate::files::interrupt::before_exit(None);
        restore();
    }
}

impl Face for Screen {
    fn show(&mut self, scene: &Scene) {
        self.notes.clear();
        self.draw(scene);
    }

    fn ask(&mut self, scene: &Scene, started: Instant) -> Typed {
        // A line entered while the computer thought is this turn's.
        if let Some(line) = self.queued.pop_front() {
            return Typed::Line(line);
        }
        let mover = scene.to_move.map_or("", |p| scene.game.player_name(p)).to_string();
        let deadline = scene.clocks.zip(scene.to_move).map(|(c, side)| started + Duration::from_millis(c[side.index()]));
        loop {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Typed::TimeOut;
            }
            let frame = self.live(scene, started, Some(self.prompt(&mover)));
            self.draw(&frame);
            let enter = self.keys(Duration::from_millis(100));
            if self.stopped {
                return Typed::End;
            }
            if enter {
                self.notes.clear();
                return Typed::Line(std::mem::take(&mut self.typed));
            }
        }
    }

    fn say(&mut self, text: &str) {
        self.notes.push(text.to_string());
    }

    fn thinking(&mut self, scene: &Scene, who: &str, progress: &Progress, started: Instant) -> ControlFlow<()> {
        // Keys typed meanwhile make the next line; a line entered waits, whole, for the next
        // turn (it was glued to the next move when Enter was dropped). Ctrl-C stops the search.
        if self.keys(Duration::ZERO) {
            self.entered_while_thinking();
        }
        if self.stopped {
            return ControlFlow::Break(());
        }
        if self.drawn.elapsed() >= Duration::from_millis(100) {
            self.drawn = Instant::now();
            let mut frame = self.live(scene, started, None);
            frame.notes.push(progress_line(scene.game, scene.pos, who, progress));
            if !self.queued.is_empty() {
                frame.notes.push(format!("entered for your turn: {}", self.queued.iter().cloned().collect::<Vec<_>>().join(", ")));
            }
            if !self.typed.is_empty() {
                frame.notes.push(format!("typing: {}", self.typed));
            }
            self.draw(&frame);
        }
        ControlFlow::Continue(())
    }

    fn stopped(&self) -> bool {
        self.stopped
    }

    fn finish(&mut self, scene: &Scene, lines: &[String]) {
        self.notes.clear();
        self.draw(scene);
        restore();
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out);
        for line in lines {
            let _ = writeln!(out, "{line}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetproba_engine::Move;

    /// A game that only places discs, set up as the usual 8x8 placement games start: what the
    /// view draws does not depend on the rules.
    const PLACING: &str = r#"[game]
id = "placing"
name = "Placing"
source = "a test of the terminal view"
summary = "Place a disc on any empty cell."

[[players]]
name = "black"
short = "b"

[[players]]
name = "white"
short = "w"

[board]
shape = "rect"
width = 8
height = 8

[pieces.disc]
symbols = ["x", "o"]

[start]
side = "black"
black = { disc = ["d5", "e4"] }
white = { disc = ["d4", "e5"] }

[moves.disc]
do = "place"

[[end]]
if = "no-moves"
result = "most pieces"
"#;

    /// Men stepping on a numbered 10x10 board of dark squares.
    const STEPPING: &str = r#"[game]
id = "stepping"
name = "Stepping"
source = "a test of the terminal view"
summary = "Men step diagonally forward on the dark squares of a numbered board."

[[players]]
name = "white"
short = "W"

[[players]]
name = "black"
short = "B"

[board]
shape = "rect"
width = 10
height = 10
cells = "dark"
names = "numbers-from-top"
dark = "dark"

[pieces.man]
symbols = ["w", "b"]

[start]
side = "white"
white = { man = "y < 4" }
black = { man = "y > 5" }

[moves.man]
do = "step(forward-diagonal)"
notation = "{from}-{to}"

[[end]]
if = "no-moves"
result = "mover wins"
"#;

    fn game(text: &str) -> Game {
        Game::new(hetproba_rules::load("fixture.toml", text, &hetproba_rules::BuiltinFiles, &[]).unwrap_or_else(|r| panic!("{r}")))
    }

    fn scene<'a>(game: &'a Game, pos: &'a Position, moves: &'a [String], marked: Vec<CellId>) -> Scene<'a> {
        Scene {
            game,
            pos,
            marked,
            moves,
            offset: 0,
            players: ["human".into(), "mcts:1000".into()],
            clocks: Some([299_800, 5_000]),
            to_move: Some(pos.side()),
            last: Some("x played d3".into()),
            notes: vec!["legal moves: a b".into()],
            prompt: Some("x> d".into()),
        }
    }

    /// The position after `moves`, the cells of the last and the names.
    fn after(game: &Game, moves: &[&str]) -> (Position, Vec<CellId>, Vec<String>) {
        let mut pos = Position::start(game);
        let mut marked = Vec::new();
        let mut names = Vec::new();
        for text in moves {
            let mv: Move = game.parse_move(&pos, text).expect("legal");
            names.push(game.move_name(&pos, mv));
            marked = hetproba_play::move_cells(game, &pos, mv);
            game.make(&mut pos, mv);
        }
        (pos, marked, names)
    }

    /// The text without its styling.
    fn strip(text: &str) -> String {
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                chars.by_ref().find(|c| c.is_ascii_alphabetic());
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn a_column_shows_its_top_and_height() {
        let game = game(include_str!("../../../tests/fixtures/columns.toml"));
        let pos = game.read_position("3/2/1w1/2/3 w stacks:c3=wbb").expect("a position");
        let (lines, _) = board_lines(&game, &pos, &[], false);
        let row3 = lines.iter().find(|l| l.starts_with("3 ")).expect("rank 3");
        assert!(row3.contains(" w3 "), "{}", lines.join("\n"));
        let (lines, _) = board_lines(&game, &pos, &[], true);
        assert!(strip(&lines.join("\n")).contains("w3"), "{}", lines.join("\n"));
    }

    #[test]
    fn plain_frame_marks_the_last_move_and_lists_the_moves_beside_the_board() {
        let game = game(PLACING);
        let (pos, marked, names) = after(&game, &["d3", "c5", "f6"]);
        let lines = render(&scene(&game, &pos, &names, marked), false, 100);
        let text = lines.join("\n");
        assert!(!text.contains('\x1b'), "no colour: {text}");
        // f6 is placed: its cell is in brackets.
        let row6 = lines.iter().find(|l| l.starts_with("6 ")).expect("rank 6");
        assert!(row6.contains("[x]"), "{text}");
        assert_eq!(text.matches('[').count(), 1, "{text}");
        // The moves in numbered pairs, beside the board's top rows.
        assert!(lines.iter().any(|l| l.starts_with("8 ") && l.ends_with("1. d3  c5")), "{text}");
        assert!(lines.iter().any(|l| l.starts_with("7 ") && l.ends_with("2. f6")), "{text}");
        // Clocks as m:ss.t, the player to move marked.
        assert!(text.contains("\n  black  human      4:59.8\n> white  mcts:1000  0:05.0\n"), "{text}");
        assert!(lines.iter().all(|l| l.trim_end() == l), "no trailing spaces\n{text}");
        assert!(lines.last().is_some_and(|l| l == "x> d"), "{text}");
        assert!(text.contains("legal moves: a b"));
    }

    #[test]
    fn coloured_frame_paints_the_marked_squares() {
        let game = game(PLACING);
        let (pos, marked, names) = after(&game, &["d3"]);
        let plain = render(&scene(&game, &pos, &names, Vec::new()), true, 100).join("\n");
        let marked = render(&scene(&game, &pos, &names, marked), true, 100).join("\n");
        assert!(marked.contains('\x1b'));
        assert!(!strip(&marked).contains('['), "colour marks without brackets");
        let ground = |c: Color| format!("{}", " ".on(c));
        assert!(!plain.contains(&ground(MARKED[0])) && !plain.contains(&ground(MARKED[1])));
        assert!(marked.contains(&ground(MARKED[0])) || marked.contains(&ground(MARKED[1])));
        // Styling does not move the move list: it starts where the plain one does.
        let row = marked.lines().find(|l| l.contains("1. d3")).expect("moves beside");
        let plain_row = render(&scene(&game, &pos, &names, Vec::new()), false, 100);
        let plain_row = plain_row.iter().find(|l| l.contains("1. d3")).expect("moves beside");
        assert_eq!(visible_width(row), plain_row.chars().count());
    }

    #[test]
    fn numbered_boards_show_their_square_numbers() {
        let game = game(STEPPING);
        let (pos, marked, names) = after(&game, &["32-28"]);
        let text = render(&scene(&game, &pos, &names, marked), false, 120).join("\n");
        // Every square's number, the moved piece's squares in brackets.
        for n in 1..=50 {
            assert!(text.contains(&format!("{n:>2}")), "square {n}\n{text}");
        }
        assert!(text.contains("[32.]") && text.contains("[28"), "{text}");
        assert!(text.contains("1. 32-28"), "{text}");
    }

    #[test]
    fn a_narrow_terminal_gets_the_last_moves_below_the_board() {
        let game = game(PLACING);
        let (pos, marked, names) = after(&game, &["d3", "c5", "f6"]);
        let lines = render(&scene(&game, &pos, &names, marked), false, 26);
        assert!(lines.iter().any(|l| l == "moves: 2. f6"), "{lines:?}");
        assert!(!lines.iter().any(|l| l.contains("1. d3")));
    }

    #[test]
    fn a_record_that_starts_with_the_second_player() {
        let rows = move_rows(&["c5".into(), "f6".into(), "e6".into()], 1);
        assert_eq!(rows, ["1. ...  c5", "2. f6   e6"]);
    }

    /// Four blocking stones placed first, then enclosing discs.
    const BLOCKING: &str = r##"[game]
id = "blocking"
name = "Blocking"

[[players]]
name = "black"
short = "b"

[[players]]
name = "white"
short = "w"

[board]
shape = "rect"
width = 4
height = 4
dark = "(x == 0 and y == 0) or (x == 3 and y == 3)"

[pieces.disc]
symbols = ["x", "o"]

[pieces.block]
owner = "none"
symbol = "#"
letter = "B"

[moves.block]
piece = "block"
do = "place"

[moves.disc]
piece = "disc"
do = "place"

[[phases]]
name = "blocking"
plies = 4
moves = ["block"]

[[phases]]
name = "play"
moves = ["disc"]

[[end]]
if = "no-moves"
result = "most pieces"
"##;

    /// A screen as `Screen::start` makes it, without a terminal.
    fn screen() -> Screen {
        Screen {
            colour: false,
            typed: String::new(),
            notes: Vec::new(),
            stopped: false,
            drawn: Instant::now(),
            clear: false,
            shown: Vec::new(),
            queued: std::collections::VecDeque::new(),
        }
    }

    #[test]
    fn keys_typed_while_the_computer_thinks_are_the_next_turns_line_whole() {
        // Enter was dropped: the keys stuck to the next move ("c3-e5c3xd422-18").
        let game = game(PLACING);
        let (pos, marked, names) = after(&game, &["d3"]);
        let mut screen = screen();
        screen.typed = "c5".into();
        screen.entered_while_thinking();
        screen.typed = "   ".into();
        screen.entered_while_thinking();
        assert_eq!(screen.typed, "   ", "nothing entered but spaces stays typed");
        screen.typed.clear();
        match screen.ask(&scene(&game, &pos, &names, marked), Instant::now()) {
            Typed::Line(line) => assert_eq!(line, "c5"),
            _ => panic!("the entered line is the turn's"),
        }
        assert!(screen.queued.is_empty());
    }

    #[test]
    fn the_help_line_under_the_board_gives_this_games_moves_and_the_commands() {
        let game = game(STEPPING);
        let (pos, marked, names) = after(&game, &[]);
        let text = render(&scene(&game, &pos, &names, marked), false, 120).join("\n");
        assert!(
            text.contains("type a move such as 31-26; ? lists the legal moves, hint suggests one, undo takes back, quit stops"),
            "{text}"
        );
        // Not while nobody types.
        let mut quiet = scene(&game, &pos, &names, Vec::new());
        quiet.prompt = None;
        assert!(!render(&quiet, false, 120).join("\n").contains("hint suggests"));
    }

    #[test]
    fn a_line_that_fills_the_terminal_keeps_its_last_character() {
        let mut bytes = Vec::new();
        let full = "white> a2-d5".to_string();
        paint(&mut bytes, &[], std::slice::from_ref(&full));
        let text = String::from_utf8(bytes).unwrap();
        // Nothing is cleared after the text: the line is cleared first, then written.
        assert!(text.ends_with(&full), "{text:?}");
        assert_eq!(text.matches("\x1b[2K").count(), 1, "{text:?}");
        assert!(text.find("\x1b[2K").unwrap() < text.find(&full).unwrap());
    }

    #[test]
    fn the_phase_and_its_progress_are_shown() {
        let game = game(BLOCKING);
        let (pos, marked, names) = after(&game, &["a1", "b2"]);
        let text = render(&scene(&game, &pos, &names, marked), false, 100).join("\n");
        assert!(text.contains("\nphase: blocking, 2 of 4 plies played\n"), "{text}");
        let (pos, marked, names) = after(&game, &["a1", "b2", "c3", "d4", "a2"]);
        let text = render(&scene(&game, &pos, &names, marked), false, 100).join("\n");
        assert!(text.contains("\nphase: play\n"), "{text}");
        // One phase: no line.
        let game = super::tests::game(PLACING);
        let (pos, marked, names) = after(&game, &[]);
        assert!(!render(&scene(&game, &pos, &names, marked), false, 100).join("\n").contains("phase:"));
    }

    #[test]
    fn square_colours_follow_what_the_ruleset_declares() {
        // The background codes of the dark and the light squares.
        let (dark, light) = ("48;5;65m", "48;5;108m");
        assert_eq!((SQUARE[0], SQUARE[1]), (Color::AnsiValue(65), Color::AnsiValue(108)));
        // A checkered board: the cells (a1's colour) dark, the squares between them light; they
        // were one flat colour.
        let game = game(STEPPING);
        let pos = Position::start(&game);
        let lines = render(&scene(&game, &pos, &[], Vec::new()), true, 120);
        let top = &lines[2];
        assert!(top.contains(dark) && top.contains(light), "{top:?}");
        // Declared dark cells: a1 and d4 only.
        let game = super::tests::game(BLOCKING);
        let pos = Position::start(&game);
        let lines = render(&scene(&game, &pos, &[], Vec::new()), true, 100);
        let row = |n: &str| lines.iter().find(|l| strip(l).starts_with(n)).unwrap().clone();
        // A cell is painted in five parts: the space before, its number (none here), the piece,
        // its column's height (none here), the space after.
        assert_eq!(row("1 ").matches(dark).count(), 5, "a1 dark, b1-d1 light: {:?}", row("1 "));
        assert_eq!(row("2 ").matches(dark).count(), 0, "row 2 all light");
        assert_eq!(row("4 ").matches(dark).count(), 5, "d4 dark");
        // Nothing declared: every square alike.
        let game = super::tests::game(PLACING);
        let lines = render(&scene(&game, &Position::start(&game), &[], Vec::new()), true, 120);
        assert!(lines.iter().all(|l| !l.contains(dark)), "{lines:?}");
    }

    #[test]
    fn a_legend_names_the_pieces_and_their_letters() {
        let game = game(BLOCKING);
        let pos = Position::start(&game);
        let text = render(&scene(&game, &pos, &[], Vec::new()), false, 100).join("\n");
        assert!(text.contains("pieces: x o disc, # block (written B)"), "{text}");
    }

    #[test]
    fn a_terminal_too_small_for_the_board_says_so() {
        let game = game(STEPPING);
        let pos = Position::start(&game);
        let scene = scene(&game, &pos, &[], Vec::new());
        let why = too_small(&scene, 20, 10).expect("10x10 numbered squares do not fit 20 x 10");
        assert!(why.starts_with("The terminal is 20 x 10 characters; this board needs at least 50 x 16"), "{why}");
        assert_eq!(too_small(&scene, 120, 40), None);
    }

    #[test]
    fn the_progress_line_says_depth_score_work_rate_and_line() {
        let game = game(PLACING);
        let pos = Position::start(&game);
        let best = game.parse_move(&pos, "d3").expect("legal");
        let mut after = pos.clone();
        game.make(&mut after, best);
        let reply = game.legal_moves(&after)[0];
        let reply_name = game.move_name(&after, reply);
        let progress = Progress {
            nodes: 1000,
            unit: Unit::Playouts,
            elapsed: Duration::from_millis(500),
            best,
            depth: 2,
            score: Score::Points(-35),
            pv: vec![best, reply],
            fresh: true,
        };
        let line = progress_line(&game, &pos, "o", &progress);
        assert_eq!(line, format!("o thinks: depth 2, score -0.35, 1000 playouts, 2000/s, 0.5s, line d3 {reply_name}"));
        let won = Progress { score: Score::Win(3), unit: Unit::Positions, pv: vec![], ..progress };
        assert_eq!(progress_line(&game, &pos, "o", &won), "o thinks: depth 2, win in 3 plies, 1000 positions, 2000/s, 0.5s, line d3");
    }
}
