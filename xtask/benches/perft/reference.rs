//! The hand-tuned references, counting what hetproba counts.

/// Reversi perft with magpie's bitboards, counting a pass as a move and nothing below an
/// ended game, as the published figures do.
pub fn magpie_perft(board: magpie::othello::Board, stone: magpie::othello::Stone, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.moves_for(stone);
    if moves.is_empty() {
        if board.moves_for(stone.flip()).is_empty() {
            return 0;
        }
        return if depth == 1 { 1 } else { magpie_perft(board.clone(), stone.flip(), depth - 1) };
    }
    if depth == 1 {
        return u64::from(moves.count_set());
    }
    let mut total = 0;
    for pos in moves.hot_bits() {
        let mut next = board.clone();
        next.play(stone, pos);
        total += magpie_perft(next, stone.flip(), depth - 1);
    }
    total
}

/// Chess perft with cozy-chess, from its move-set callback: whole sets are counted at the last
/// ply.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

/// Chess perft with shakmaty (its own perft, bulk-counting the last ply).
pub fn shakmaty_perft(fen: &str, depth: u32) -> impl FnMut() -> u64 {
    let pos: shakmaty::Chess = fen
        .parse::<shakmaty::fen::Fen>()
        .expect("shakmaty parses the FEN")
        .into_position(shakmaty::CastlingMode::Standard)
        .expect("shakmaty accepts the position");
    move || shakmaty::perft(&pos, depth)
}

/// Chess positions for the side by side: name, FEN, depth and the published leaf count (the
/// Chess Programming Wiki's "Perft Results": the initial position and Kiwipete).
pub const CHESS_CASES: [(&str, &str, u32, u64); 2] = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4_865_609),
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4_085_603),
];
