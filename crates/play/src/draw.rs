//! Drawing a position as text: cells placed by their coordinates, so rectangles, hexagon grids
//! and line grids all draw with one routine.

use hetproba_engine::board::{Shape, algebraic_name};
use hetproba_engine::rules::model::Naming;
use hetproba_engine::{Game, Position};

/// The board with file letters and rank numbers (for algebraic names), `.` for an empty cell.
pub fn draw(game: &Game, pos: &Position) -> String {
    let board = game.board();
    let (x0, y0, x1, y1) = board.extent();
    let width = (x1 - x0 + 1) as usize;
    // File letters and rank numbers label generated boards with algebraic names; listed
    // boards keep their own names.
    let algebraic = game.rules().naming == Naming::Algebraic && !matches!(game.rules().shape, Shape::Custom { .. });
    let label_width = if algebraic { (y1 + 1).to_string().len() + 1 } else { 0 };
    // A cell and a space; wider when a file's letters are more than one (`aa` past `z`), so that
    // the letters under the board stay apart.
    let file = |x: i32| algebraic_name(x, 0).trim_end_matches(char::is_numeric).to_string();
    let stride = if algebraic { (x0..=x1).map(|x| file(x).chars().count() + 1).max().unwrap_or(2).max(2) } else { 2 };
    let mut out = String::new();
    for y in (y0..=y1).rev() {
        let mut line = vec![' '; width * stride];
        let mut any = false;
        for x in x0..=x1 {
            if let Some(cell) = board.at(x, y) {
                any = true;
                line[(x - x0) as usize * stride] = pos.at(cell).map_or('.', |p| game.symbol(p));
            }
        }
        if !any {
            continue;
        }
        if algebraic {
            out.push_str(&format!("{:>w$} ", y + 1, w = label_width - 1));
        }
        out.push_str(line.iter().collect::<String>().trim_end());
        out.push('\n');
    }
    if algebraic {
        out.push_str(&" ".repeat(label_width));
        for x in x0..=x1 {
            out.push_str(&format!("{:<stride$}", file(x)));
        }
        out = out.trim_end().to_string();
        out.push('\n');
    }
    out
}

/// The board, then whose turn it is (or the result).
pub fn draw_with_status(game: &Game, pos: &Position) -> String {
    let mut out = draw(game, pos);
    match game.outcome(pos) {
        Some(outcome) => out.push_str(&format!("Game over: {}\n", outcome.describe(game))),
        None => {
            let phase = &game.rules().phases[pos.phase() as usize];
            let phase_note = if game.rules().phases.len() > 1 { format!(" ({} phase)", phase.name) } else { String::new() };
            out.push_str(&format!("{} to move{phase_note}\n", game.player_name(pos.side())));
        }
    }
    out
}

/// The cell names laid out like the board, for boards whose cells are numbered.
pub fn numbering(game: &Game) -> String {
    let board = game.board();
    let (x0, y0, x1, y1) = board.extent();
    let width = board.cells().iter().map(|c| c.name.len()).max().unwrap_or(1);
    let mut out = String::new();
    for y in (y0..=y1).rev() {
        let mut line = String::new();
        for x in x0..=x1 {
            match board.at(x, y) {
                Some(c) => line.push_str(&format!("{:>w$} ", board.name(c), w = width)),
                None => line.push_str(&" ".repeat(width + 1)),
            }
        }
        let line = line.trim_end();
        if !line.is_empty() {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 38, finding 20: past 26 columns the file letters ran together (`y z aaabacad`).
    #[test]
    fn files_past_z_stay_apart_under_their_cells() {
        let text = "[game]\nid = \"wide30\"\nname = \"Wide\"\n[[players]]\nname = \"white\"\nshort = \"w\"\n[[players]]\nname = \"black\"\nshort = \"b\"\n\
                    [board]\nwidth = 30\nheight = 2\n[pieces.stone]\nsymbols = [\"X\", \"O\"]\n[moves.place]\ndo = \"place\"\n\
                    [[end]]\nif = \"no-moves\"\nresult = \"draw\"\n";
        let rules = hetproba_engine::rules::load("wide30.toml", text, &hetproba_engine::rules::BuiltinFiles, &[]).expect("loads");
        let game = Game::new(rules);
        let mut pos = game.read_position("30/29X w").expect("a position");
        let drawn = draw(&game, &pos);
        let lines: Vec<&str> = drawn.lines().collect();
        assert_eq!(lines.len(), 3, "{drawn}");
        let files: Vec<&str> = lines[2].split_whitespace().collect();
        assert_eq!(files.len(), 30, "{drawn}");
        assert_eq!(files[25..], ["z", "aa", "ab", "ac", "ad"]);
        // Each file's letters start under its cell: the X on ad1 stands over "ad".
        let x_at = lines[1].find('X').expect("the stone");
        assert_eq!(&lines[2][x_at..x_at + 2], "ad", "{drawn}");
        pos = game.read_position("30/30 w").expect("a position");
        assert!(draw(&game, &pos).lines().next().is_some_and(|l| l.starts_with("2 .  .  .")));
    }
}
