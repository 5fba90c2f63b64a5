//! A brute-force move generator for Hasami shogi, written from the game's page
//! (docs/games/hasami-shogi.md) alone: a 9x9 array; a move is made on a copy, then every line
//! and corner around the moved man is looked at on the board as it stands after the move.
//!
//! The rules it follows:
//! - 9x9 board; nine men each on the first row, black (at the bottom) first.
//! - A man moves as a rook onto an empty square, over empty squares only.
//! - After the move: along each of the four directions from the moved man, an unbroken line of
//!   enemy men followed by an own man is captured. An enemy man on a corner square next to the
//!   moved man, whose other neighbour is an own man, is captured.
//! - A player with fewer than `win_below` men has lost (2: all but one taken); a player to move
//!   with no move has lost.

pub const BLACK: u8 = 0;
pub const WHITE: u8 = 1;

pub type Square = (i32, i32);

pub fn name(sq: Square) -> String {
    format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1 + 1)
}

fn on_board((x, y): Square) -> bool {
    (0..9).contains(&x) && (0..9).contains(&y)
}

const DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hasami {
    pub board: [[Option<u8>; 9]; 9],
    pub side: u8,
    pub win_below: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub captured: Vec<Square>,
}

impl Move {
    pub fn key(&self) -> (Option<String>, Option<String>, Vec<String>, bool) {
        (Some(name(self.from)), Some(name(self.to)), self.captured.iter().map(|&c| name(c)).collect(), false)
    }
}

impl Hasami {
    pub fn start(win_below: usize) -> Hasami {
        let mut board = [[None; 9]; 9];
        for column in board.iter_mut() {
            column[0] = Some(BLACK);
            column[8] = Some(WHITE);
        }
        Hasami { board, side: BLACK, win_below }
    }

    pub fn at(&self, (x, y): Square) -> Option<u8> {
        self.board[x as usize][y as usize]
    }

    fn set(&mut self, (x, y): Square, v: Option<u8>) {
        self.board[x as usize][y as usize] = v;
    }

    fn count(&self, player: u8) -> usize {
        self.board.iter().flatten().filter(|&&c| c == Some(player)).count()
    }

    /// What the move takes, looked at on the board after the man has moved.
    fn captures(after: &Hasami, mover: u8, to: Square) -> Vec<Square> {
        let enemy = 1 - mover;
        let mut out = Vec::new();
        for (dx, dy) in DIRS {
            let mut run = Vec::new();
            let mut c = (to.0 + dx, to.1 + dy);
            while on_board(c) && after.at(c) == Some(enemy) {
                run.push(c);
                c = (c.0 + dx, c.1 + dy);
            }
            if !run.is_empty() && on_board(c) && after.at(c) == Some(mover) {
                out.extend(run);
            }
        }
        for corner in [(0, 0), (8, 0), (0, 8), (8, 8)] {
            if after.at(corner) != Some(enemy) || out.contains(&corner) {
                continue;
            }
            let beside: Vec<Square> = DIRS.iter().map(|(dx, dy)| (corner.0 + dx, corner.1 + dy)).filter(|&c| on_board(c)).collect();
            if beside.contains(&to) && beside.iter().all(|&c| after.at(c) == Some(mover)) {
                out.push(corner);
            }
        }
        out.sort();
        out
    }

    fn steps(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for x in 0..9 {
            for y in 0..9 {
                if self.at((x, y)) != Some(self.side) {
                    continue;
                }
                for (dx, dy) in DIRS {
                    let mut to = (x + dx, y + dy);
                    while on_board(to) && self.at(to).is_none() {
                        let mut after = self.clone();
                        after.set((x, y), None);
                        after.set(to, Some(self.side));
                        out.push(Move { from: (x, y), to, captured: Hasami::captures(&after, self.side, to) });
                        to = (to.0 + dx, to.1 + dy);
                    }
                }
            }
        }
        out
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        if self.result().is_some() { Vec::new() } else { self.steps() }
    }

    pub fn make(&self, mv: &Move) -> Hasami {
        let mut next = self.clone();
        next.set(mv.from, None);
        next.set(mv.to, Some(self.side));
        for &c in &mv.captured {
            next.set(c, None);
        }
        next.side = 1 - self.side;
        next
    }

    /// `Some(winner)` once the game is over.
    pub fn result(&self) -> Option<Option<u8>> {
        if self.count(self.side) < self.win_below {
            return Some(Some(1 - self.side));
        }
        self.steps().is_empty().then_some(Some(1 - self.side))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        let moves = self.legal_moves();
        if depth <= 1 {
            return if depth == 0 { 1 } else { moves.len() as u64 };
        }
        moves.iter().map(|mv| self.make(mv).perft(depth - 1)).sum()
    }

    pub fn drawing(&self) -> String {
        let mut out = String::new();
        for y in (0..9).rev() {
            out.push_str(&format!("{} ", y + 1));
            for x in 0..9 {
                out.push(match self.at((x, y)) {
                    Some(BLACK) => 'x',
                    Some(_) => 'o',
                    None => '.',
                });
            }
            out.push('\n');
        }
        out.push_str(&format!("  abcdefghi  {} to move\n", if self.side == BLACK { "black" } else { "white" }));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each black man slides up its file, seven squares.
    #[test]
    fn sixty_three_moves_from_the_start() {
        assert_eq!(Hasami::start(2).legal_moves().len(), 63);
    }

    /// White on a1 (a corner), black on b1: black's man arriving on a2 takes a1; a man arriving
    /// on a2 with b1 empty takes nothing.
    #[test]
    fn the_corner_rule() {
        let mut pos = Hasami { board: [[None; 9]; 9], side: BLACK, win_below: 2 };
        pos.set((0, 0), Some(WHITE));
        pos.set((1, 0), Some(BLACK));
        pos.set((0, 5), Some(BLACK));
        pos.set((8, 8), Some(WHITE));
        let mv = pos.legal_moves().into_iter().find(|m| m.from == (0, 5) && m.to == (0, 1)).unwrap();
        assert_eq!(mv.captured, vec![(0, 0)]);
        pos.set((1, 0), None);
        pos.set((1, 4), Some(BLACK));
        let mv = pos.legal_moves().into_iter().find(|m| m.from == (0, 5) && m.to == (0, 1)).unwrap();
        assert!(mv.captured.is_empty());
    }
}
