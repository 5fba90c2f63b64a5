//! Drawing a position as text: cells placed by their coordinates, so rectangles, hexagon grids
//! and line grids all draw with one routine; a board of links draws its links between them.

use hetproba_engine::board::{Board, CellId, Shape, algebraic_name};
use hetproba_engine::{Game, Position};

/// The board with file letters and rank numbers (for algebraic names), `.` for an empty cell.
pub fn draw(game: &Game, pos: &Position) -> String {
    if let Shape::Custom { links: Some(_), .. } = game.rules().shape {
        return draw_links(game, pos);
    }
    let board = game.board();
    let (x0, y0, x1, y1) = board.extent();
    let width = (x1 - x0 + 1) as usize;
    // File letters and rank numbers label boards whose cells are named by them.
    let algebraic = board.names_are_algebraic();
    let label_width = if algebraic { (y1 + 1).to_string().len() + 1 } else { 0 };
    // A cell and a space; wider when a file's letters are more than one (`aa` past `z`), so that
    // the letters under the board stay apart.
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
        out.push_str(&file_letters(label_width, x0, x1, stride));
    }
    out
}

/// The letters of file `x` (`a`, ..., `z`, `aa`, ...).
fn file(x: i32) -> String {
    algebraic_name(x, 0).trim_end_matches(char::is_numeric).to_string()
}

/// The line of file letters under a board, `stride` columns a file.
fn file_letters(label_width: usize, x0: i32, x1: i32, stride: usize) -> String {
    let mut out = " ".repeat(label_width);
    for x in x0..=x1 {
        out.push_str(&format!("{:<stride$}", file(x)));
    }
    out.trim_end().to_string() + "\n"
}

/// A board of links: points two columns and two lines apart per unit of their coordinates, and
/// each link drawn between its points: `-` along a row, `|` along a column, `/` and `\` along a
/// diagonal (`+` and `X` where two cross). A link along no row, column or diagonal is not drawn.
fn draw_links(game: &Game, pos: &Position) -> String {
    let board = game.board();
    let (x0, y0, x1, y1) = board.extent();
    let (columns, lines) = (2 * (x1 - x0) as usize + 1, 2 * (y1 - y0) as usize + 1);
    let mut canvas = vec![vec![' '; columns]; lines];
    // Canvas place of a point: x to the right, y upwards.
    let place = |c: CellId| {
        let cell = board.cell(c);
        (2 * (y1 - cell.y), 2 * (cell.x - x0))
    };
    for (from, to) in links_of(board) {
        let ((r0, c0), (r1, c1)) = (place(from), place(to));
        let (dr, dc) = (r1 - r0, c1 - c0);
        let mark = match (dr.signum(), dc.signum()) {
            (0, _) => '-',
            (_, 0) => '|',
            (r, c) if r == c => '\\',
            _ => '/',
        };
        if dr != 0 && dc != 0 && dr.abs() != dc.abs() {
            continue;
        }
        let steps = dr.abs().max(dc.abs());
        for k in 1..steps {
            let (r, c) = ((r0 + k * dr.signum()) as usize, (c0 + k * dc.signum()) as usize);
            let here = &mut canvas[r][c];
            *here = match (*here, mark) {
                (' ', m) => m,
                ('-', '|') | ('|', '-') => '+',
                ('/', '\\') | ('\\', '/') => 'X',
                (old, _) => old,
            };
        }
    }
    for c in board.all_cells() {
        let (r, col) = place(c);
        canvas[r as usize][col as usize] = pos.at(c).map_or('.', |p| game.symbol(p));
    }
    let algebraic = board.names_are_algebraic();
    let label_width = if algebraic { (y1 + 1).to_string().len() + 1 } else { 0 };
    let mut out = String::new();
    for (r, line) in canvas.iter().enumerate() {
        let text: String = line.iter().collect();
        if text.trim().is_empty() {
            continue;
        }
        if algebraic {
            // Rank numbers on the lines of points; the lines between carry links only.
            let rank = if r % 2 == 0 { (y1 - (r / 2) as i32 + 1).to_string() } else { String::new() };
            out.push_str(&format!("{rank:>w$} ", w = label_width - 1));
        }
        out.push_str(text.trim_end());
        out.push('\n');
    }
    if algebraic {
        // Two canvas columns a unit of x.
        out.push_str(&file_letters(label_width, x0, x1, 2));
    }
    out
}

/// Each link of the board once, as (cell, cell) with the lower first.
fn links_of(board: &Board) -> Vec<(CellId, CellId)> {
    let mut links: Vec<(CellId, CellId)> = board
        .all_cells()
        .flat_map(|c| board.all_directions().map(move |d| (c, board.step(c, d))))
        .filter(|&(c, t)| t != CellId::NONE && c < t)
        .collect();
    links.sort_unstable();
    links.dedup();
    links
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

    fn game(board: &str) -> Game {
        let text = format!(
            "[game]\nid = \"t\"\nname = \"T\"\n[[players]]\nname = \"a\"\n[[players]]\nname = \"b\"\n{board}\n\
             [pieces.stone]\nsymbols = [\"X\", \"O\"]\n[moves.step]\ndo = \"step(all)\"\n[[end]]\nif = \"no-moves\"\nresult = \"draw\"\n"
        );
        Game::new(hetproba_engine::rules::load("t.toml", &text, &hetproba_engine::rules::BuiltinFiles, &[]).expect("the board loads"))
    }

    #[test]
    fn a_board_of_links_draws_its_links_and_where_they_cross() {
        let game = game("[board]\nwidth = 2\nheight = 2\nlinks = [\"a1 b1\", \"a2 b2\", \"a1 a2\", \"b1 b2\", \"a1 b2\", \"a2 b1\"]");
        let pos = game.read_position("2/X1 a").expect("a position of the board");
        assert_eq!(draw(&game, &pos), "2 .-.\n  |X|\n1 X-.\n  a b\n");
    }

    #[test]
    fn links_far_apart_draw_the_whole_way_and_leave_what_is_unlinked_blank() {
        // Two corners of the morris board's outer square and the middle of its bottom side; a
        // listed board with algebraic names keeps its file letters and rank numbers.
        let game =
            game("[board]\nshape = \"custom\"\npoints = [\"a1\", \"d1\", \"a4\", \"d4\"]\nlinks = [\"a4 a1 d1\", \"a4 d1\", \"d1 d4\"]");
        let pos = game.read_position("2/2 a").expect("a position of the board");
        assert_eq!(draw(&game, &pos), "4 .     .\n  |\\    |\n3 | \\   |\n  |  \\  |\n2 |   \\ |\n  |    \\|\n1 .-----.\n  a b c d\n");
    }
}
