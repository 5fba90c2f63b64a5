//! Area scoring (`result = "most area(DIRS)"`): each player's pieces, and the empty cells from
//! which only that player's pieces can be reached through empty cells (Tromp-Taylor's rules).

use crate::piece::Square;
use crate::position::Position;
use hetproba_board::{CellId, NO_CELL};
use hetproba_rules::model::{Area, PlayerId, Ruleset};

/// Each player's area, the first player's first: pieces, then every region of empty
/// cells (joined along the area's directions) that borders one player's pieces only.
pub(crate) fn area(rules: &Ruleset, pos: &Position, area: &Area) -> [u32; 2] {
    {
        let board = &rules.board;
        // The first player's directions: a board's neighbours are the same for both.
        let dirs = &rules.direction_sets[area.dirs.index()].dirs[0];
        let mut score = [pos.piece_count(PlayerId::FIRST), pos.piece_count(PlayerId::SECOND)];
        let mut seen = vec![false; board.len()];
        let mut stack = Vec::new();
        for start in board.all_cells() {
            if seen[start.index()] || pos.cells[start.index()].is_some() {
                continue;
            }
            seen[start.index()] = true;
            stack.push(start);
            let (mut size, mut reaches) = (0, [false; 2]);
            while let Some(c) = stack.pop() {
                size += 1;
                for &d in dirs {
                    let k: CellId = board.step(c, d);
                    if k == NO_CELL {
                        continue;
                    }
                    match pos.cells[k.index()] {
                        None if !seen[k.index()] => {
                            seen[k.index()] = true;
                            stack.push(k);
                        }
                        None => {}
                        held => {
                            for p in PlayerId::BOTH {
                                reaches[p.index()] |= held.of(p);
                            }
                        }
                    }
                }
            }
            match reaches {
                [true, false] => score[0] += size,
                [false, true] => score[1] += size,
                _ => {}
            }
        }
        score
    }
}
