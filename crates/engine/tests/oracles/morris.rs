//! A brute-force move generator for Nine men's morris, written from the game's page
//! (docs/games/nine-mens-morris.md) alone: the 24 points and the 16 mills listed by name, the
//! neighbours of a point being the points next to it in a mill.
//!
//! The rules it follows:
//! - White, then black, places one man a turn on an empty point until each has placed nine.
//! - Then a man steps to a neighbouring empty point; a player with exactly three men flies one
//!   of them to any empty point instead.
//! - A man placed or moved onto a point where it completes a mill (the three points of a mill
//!   all the mover's) takes one enemy man off: one in no enemy mill, or any when all are in
//!   mills; nothing when the enemy has no man on the board. Two mills at once take one man.
//! - After the placing, a player with two men loses; a player with no move loses.

pub const WHITE: u8 = 0;

/// The points, named as on the page's 7x7 grid.
pub const POINTS: [&str; 24] = [
    "a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4", "b4", "c4", "e4", "f4", "g4", "c3", "d3", "e3", "b2", "d2", "f2", "a1",
    "d1", "g1",
];

/// The 16 mills: the eight along rows, the eight along columns.
const MILLS: [[&str; 3]; 16] = [
    ["a7", "d7", "g7"],
    ["b6", "d6", "f6"],
    ["c5", "d5", "e5"],
    ["a4", "b4", "c4"],
    ["e4", "f4", "g4"],
    ["c3", "d3", "e3"],
    ["b2", "d2", "f2"],
    ["a1", "d1", "g1"],
    ["a1", "a4", "a7"],
    ["b2", "b4", "b6"],
    ["c3", "c4", "c5"],
    ["d7", "d6", "d5"],
    ["d3", "d2", "d1"],
    ["e5", "e4", "e3"],
    ["f6", "f4", "f2"],
    ["g7", "g4", "g1"],
];

fn point(name: &str) -> usize {
    POINTS.iter().position(|&p| p == name).unwrap_or_else(|| panic!("no point {name}"))
}

fn mills() -> impl Iterator<Item = [usize; 3]> {
    MILLS.iter().map(|m| m.map(point))
}

/// Are `a` and `b` next to each other in a mill?
fn neighbours(a: usize, b: usize) -> bool {
    mills().any(|m| (m[0] == a && m[1] == b) || (m[1] == a && m[0] == b) || (m[1] == a && m[2] == b) || (m[2] == a && m[1] == b))
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Morris {
    pub board: [Option<u8>; 24],
    pub side: u8,
    /// The men each player has placed.
    pub placed: [u32; 2],
}

/// A man placed (`from` none) or moved to `to`, taking `taken`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: Option<usize>,
    pub to: usize,
    pub taken: Option<usize>,
}

impl Move {
    pub fn key(&self) -> (Option<String>, Option<String>, Vec<String>, bool) {
        (
            self.from.map(|f| POINTS[f].to_string()),
            Some(POINTS[self.to].to_string()),
            self.taken.map(|t| POINTS[t].to_string()).into_iter().collect(),
            false,
        )
    }
}

impl Morris {
    pub fn start() -> Morris {
        Morris { board: [None; 24], side: WHITE, placed: [0, 0] }
    }

    pub fn placing(&self) -> bool {
        self.placed.iter().any(|&n| n < 9)
    }

    pub fn men(&self, player: u8) -> usize {
        self.board.iter().filter(|&&c| c == Some(player)).count()
    }

    fn in_mill(&self, p: usize) -> bool {
        let owner = self.board[p];
        owner.is_some() && mills().any(|m| m.contains(&p) && m.iter().all(|&q| self.board[q] == owner))
    }

    /// The winner if the game is over: only wins, no draws (the engine's perft ignores draw
    /// rules, and so does this comparison).
    pub fn result(&self) -> Option<Option<u8>> {
        let mover = 1 - self.side;
        if !self.placing() && self.men(self.side) <= 2 {
            return Some(Some(mover));
        }
        if self.moves_ignoring_end().is_empty() {
            return Some(Some(mover));
        }
        None
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        if self.result().is_some() {
            return Vec::new();
        }
        self.moves_ignoring_end()
    }

    fn moves_ignoring_end(&self) -> Vec<Move> {
        let me = self.side;
        let empty: Vec<usize> = (0..24).filter(|&p| self.board[p].is_none()).collect();
        let mut plain: Vec<(Option<usize>, usize)> = Vec::new();
        if self.placing() {
            if self.placed[me as usize] < 9 {
                plain.extend(empty.iter().map(|&t| (None, t)));
            }
        } else {
            let flying = self.men(me) == 3;
            for f in (0..24).filter(|&p| self.board[p] == Some(me)) {
                plain.extend(empty.iter().filter(|&&t| flying || neighbours(f, t)).map(|&t| (Some(f), t)));
            }
        }
        let mut out = Vec::new();
        for (from, to) in plain {
            let mut after = self.clone();
            if let Some(f) = from {
                after.board[f] = None;
            }
            after.board[to] = Some(me);
            if !after.in_mill(to) {
                out.push(Move { from, to, taken: None });
                continue;
            }
            let enemy: Vec<usize> = (0..24).filter(|&p| after.board[p] == Some(1 - me)).collect();
            let loose: Vec<usize> = enemy.iter().copied().filter(|&p| !after.in_mill(p)).collect();
            let takeable = if loose.is_empty() { enemy } else { loose };
            if takeable.is_empty() {
                out.push(Move { from, to, taken: None });
            }
            out.extend(takeable.into_iter().map(|t| Move { from, to, taken: Some(t) }));
        }
        out
    }

    pub fn make(&self, mv: &Move) -> Morris {
        let mut next = self.clone();
        match mv.from {
            Some(f) => next.board[f] = None,
            None => next.placed[self.side as usize] += 1,
        }
        next.board[mv.to] = Some(self.side);
        if let Some(t) = mv.taken {
            next.board[t] = None;
        }
        next.side = 1 - self.side;
        next
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::shared::perft(self, depth, &Self::legal_moves, &Self::make)
    }

    /// The engine's position notation: rows from the top (3, 3, 3, 6, 3, 3, 3 points), the side,
    /// the phase with the men placed.
    pub fn text(&self) -> String {
        let rows = [0..3, 3..6, 6..9, 9..15, 15..18, 18..21, 21..24];
        let rows: Vec<String> = rows
            .into_iter()
            .map(|range| {
                let (mut row, mut empty) = (String::new(), 0);
                for p in range {
                    match self.board[p] {
                        None => empty += 1,
                        Some(owner) => {
                            if empty > 0 {
                                row.push_str(&empty.to_string());
                                empty = 0;
                            }
                            row.push(if owner == WHITE { 'W' } else { 'B' });
                        }
                    }
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                }
                row
            })
            .collect();
        let side = if self.side == WHITE { "w" } else { "b" };
        let phase = if self.placing() { format!("place:{},{}", self.placed[0], self.placed[1]) } else { "move".to_string() };
        format!("{} {side} {phase}", rows.join("/"))
    }

    pub fn drawing(&self) -> String {
        format!("{}\n", self.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_has_two_to_four_neighbours() {
        let counts: Vec<usize> = (0..24).map(|a| (0..24).filter(|&b| neighbours(a, b)).count()).collect();
        // The board has 4 points with four neighbours, 8 with three, 12 with two: 32 links.
        assert_eq!(counts.iter().filter(|&&n| n == 4).count(), 4);
        assert_eq!(counts.iter().filter(|&&n| n == 3).count(), 8);
        assert_eq!(counts.iter().filter(|&&n| n == 2).count(), 12);
    }
}
