//! What the oracles share: squares of a rectangle named as the engine names them (`a1` is
//! (0, 0)), steps, a perft over any oracle's moves, and a board drawn as rows of marks. Each
//! oracle keeps its own rules; only the bookkeeping around them lives here.

/// A square as (x, y): a1 is (0, 0), b3 is (1, 2).
pub type Square = (i32, i32);

/// The four orthogonal directions, as (dx, dy).
pub const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// "a1" for (0, 0), "c10" for (2, 9).
pub fn name(sq: Square) -> String {
    format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1 + 1)
}

/// (0, 0) for "a1": a file letter, then the rank's number.
pub fn square(name: &str) -> Square {
    let file = name.as_bytes().first().copied().unwrap_or_else(|| panic!("bad square name {name:?}"));
    assert!(file.is_ascii_lowercase(), "bad square name {name:?}");
    let rank: i32 = name[1..].parse().unwrap_or_else(|_| panic!("bad square name {name:?}"));
    ((file - b'a') as i32, rank - 1)
}

/// Whether `(x, y)` lies on a board `width` squares wide and `height` high.
pub fn within(width: i32, height: i32, (x, y): Square) -> bool {
    (0..width).contains(&x) && (0..height).contains(&y)
}

/// Whether `sq` lies on a square board of `size` squares a side.
pub fn on_square(size: i32, sq: Square) -> bool {
    within(size, size, sq)
}

/// One step from `sq` by `(dx, dy)`.
pub fn plus((x, y): Square, (dx, dy): (i32, i32)) -> Square {
    (x + dx, y + dy)
}

/// The leaves of the move tree `depth` plies deep: `moves` lists a position's moves, `make`
/// plays one on a copy. The last ply is counted, not played.
pub fn perft<P, M>(pos: &P, depth: u32, moves: &impl Fn(&P) -> Vec<M>, make: &impl Fn(&P, &M) -> P) -> u64 {
    if depth == 0 {
        return 1;
    }
    let list = moves(pos);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter().map(|mv| perft(&make(pos, mv), depth - 1, moves, make)).sum()
}

/// A board `width` by `height` as text: rows from the top, each after its number, a mark a
/// square; then the files' letters and `footer` (whose move it is).
pub fn drawing(width: i32, height: i32, mark: impl Fn(Square) -> char, footer: &str) -> String {
    let label = (height.max(1)).to_string().len();
    let indent = " ".repeat(label + 1);
    let mut out = String::new();
    for y in (0..height).rev() {
        out.push_str(&format!("{:>label$} ", y + 1));
        out.extend((0..width).map(|x| mark((x, y))));
        out.push('\n');
    }
    out.push_str(&indent);
    out.extend((0..width).map(|x| (b'a' + x as u8) as char));
    out.push('\n');
    out.push_str(&indent);
    out.push_str(footer);
    out.push('\n');
    out
}

/// The texts of `moves`, sorted: move lists compared with lists written by hand.
pub fn sorted_texts<M>(moves: &[M], text: impl Fn(&M) -> String) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(text).collect();
    out.sort();
    out
}

/// A list written by hand, sorted.
pub fn sorted(list: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

/// The squares of a `width` by `height` board where `holds` is true, column by column from a1.
pub fn squares_where(width: i32, height: i32, holds: impl Fn(Square) -> bool) -> Vec<Square> {
    (0..width).flat_map(|x| (0..height).map(move |y| (x, y))).filter(|&sq| holds(sq)).collect()
}

/// (from, to, captured squares, is it a pass), with square names: the form of a move the
/// comparison with the engine uses.
pub type NamedMove = (Option<String>, Option<String>, Vec<String>, bool);

/// A move of a piece from one square to another that takes nothing.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Step {
    pub from: Square,
    pub to: Square,
}

impl Step {
    pub fn key(&self) -> NamedMove {
        (Some(name(self.from)), Some(name(self.to)), Vec::new(), false)
    }
}

/// A move of a piece from one square to another that takes the pieces on `captured`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Capture {
    pub from: Square,
    pub to: Square,
    pub captured: Vec<Square>,
}

impl Capture {
    pub fn key(&self) -> NamedMove {
        (Some(name(self.from)), Some(name(self.to)), self.captured.iter().map(|&c| name(c)).collect(), false)
    }
}
