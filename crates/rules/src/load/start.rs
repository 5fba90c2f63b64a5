//! `[start]`: who moves first and which pieces stand where.

use super::board::cell_set;
use super::cx::{Cx, Names};
use crate::model::{CellId, PlayerId, Start};
use crate::tree::Node;

pub(super) fn read_start(cx: &mut Cx, node: Option<&Node>, names: &Names) -> Start {
    let Some(t) = node.and_then(|node| cx.table(node)) else { return Start { pieces: Vec::new(), side: PlayerId::FIRST } };
    let mut start = Start { pieces: Vec::new(), side: PlayerId::FIRST };
    let mut occupied = vec![false; names.board.len()];
    for (key, node) in &t.entries {
        if key.name == "side" {
            if let Some(side) = cx.string(node) {
                match names.player(&side) {
                    Some(p) => start.side = p,
                    None => cx.error(node.span, format!("'{side}' is not a player")),
                }
            }
            continue;
        }
        let owner = if key.name == "none" {
            None
        } else {
            match names.player(&key.name) {
                Some(p) => Some(p),
                None => {
                    cx.error(key.span, format!("unknown key '{}' in [start]; expected side, none or a player's name", key.name));
                    continue;
                }
            }
        };
        let Some(pt) = cx.table(node) else { continue };
        for (piece_key, cells_node) in &pt.entries {
            let Some(piece) = names.piece(&piece_key.name) else {
                cx.error(piece_key.span, format!("no piece type '{}'", piece_key.name));
                continue;
            };
            if names.pieces[piece.index()].owned != owner.is_some() {
                cx.error(
                    piece_key.span,
                    format!("'{}' {} belong to a player", piece_key.name, if owner.is_some() { "does not" } else { "must" }),
                );
                continue;
            }
            let Some(set) = cell_set(cx, cells_node, names.board, names.regions, names.params, owner.unwrap_or(PlayerId::FIRST).index())
            else {
                continue;
            };
            for (cell, _) in set.iter().enumerate().filter(|(_, on)| **on) {
                if occupied[cell] {
                    cx.error(cells_node.span, format!("two pieces start on {}", names.board.name(CellId::new(cell))));
                }
                occupied[cell] = true;
                start.pieces.push((CellId::new(cell), piece, owner));
            }
        }
    }
    start.pieces.sort_by_key(|p| p.0);
    start
}
