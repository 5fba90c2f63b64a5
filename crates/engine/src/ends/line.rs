//! `line(N)`: a straight unbroken line of N own pieces, looked for only through the cells the last
//! move changed.

use crate::ends::kind::TestKind;
use crate::host::Host;
use crate::piece::Square;
use hetproba_board::Axis;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::{Board, CellId, DirId, NO_CELL, Width};
use hetproba_rules::model::{PlayerId, Ruleset, ends as model};

/// A straight unbroken line of `len` own pieces (exactly, or at least) along the axes.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    len: u32,
    exact: bool,
    /// Per player.
    axes: [Vec<Axis>; 2],
}

impl Compile<model::Line> for Line {
    fn compile(test: &model::Line, rules: &Ruleset, _width: Width) -> Line {
        let dirs = &rules.direction_sets[test.dirs.index()].dirs;
        Line { len: test.len, exact: test.exact, axes: [rules.board.axes(&dirs[0]), rules.board.axes(&dirs[1])] }
    }
}

impl TestKind for Line {
    #[inline]
    fn holds<const W: usize>(&self, host: &impl Host, pos: &Position, player: PlayerId, _has_moves: &mut dyn FnMut() -> bool) -> bool {
        has_line(host.board(), pos, player, self.len, self.exact, &self.axes[player.index()])
    }
}

/// Does `player` have a line of `len` (exactly, or at least)? Only lines through the cells
/// the last move changed can be new, so only those are looked at (all cells in a position
/// set up directly). A changed cell that is not the player's may have shortened a line next
/// to it, so the runs beside it are measured too.
fn has_line(board: &Board, pos: &Position, player: PlayerId, len: u32, exact: bool, axes: &[Axis]) -> bool {
    let is_mine = |c: CellId| c != NO_CELL && pos.cells[c.index()].of(player);
    let run_through = |c: CellId, d: DirId, back: Option<DirId>| -> u32 {
        let mut n = 1;
        let mut k = board.step(c, d);
        while is_mine(k) {
            n += 1;
            k = board.step(k, d);
        }
        if let Some(b) = back {
            let mut k = board.step(c, b);
            while is_mine(k) {
                n += 1;
                k = board.step(k, b);
            }
        }
        n
    };
    let wins = |n: u32| if exact { n == len } else { n >= len };
    let check = |c: CellId| -> bool {
        axes.iter().any(|&(d, back)| {
            if is_mine(c) {
                wins(run_through(c, d, back))
            } else {
                let ahead = board.step(c, d);
                let behind = back.map_or(NO_CELL, |b| board.step(c, b));
                (is_mine(ahead) && wins(run_through(ahead, d, back))) || (is_mine(behind) && wins(run_through(behind, d, back)))
            }
        })
    };
    match pos.any_changed(check) {
        Some(hit) => hit,
        None => (0..pos.cells.len()).map(CellId::new).any(|c| is_mine(c) && check(c)),
    }
}
