"""Atomic chess against python-chess's chess.variant.AtomicBoard, an independent generator: random
games from the start (and from two published perft positions), where at every ply the engine's
legal moves (`hetproba moves atomic --json`) must be python-chess's, each with the pieces it takes
(the captured piece and the explosion's); then the whole game, replayed by `hetproba replay`, must
end on python-chess's position, and with its result when the game ended by the rules of the
variant (a king exploded, checkmate, stalemate). Run by tests/protocols.rs."""
import json, os, random, subprocess, sys, tempfile
import chess, chess.variant

binary = sys.argv[1]
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 12


def engine_moves(board):
    out = subprocess.run([binary, "moves", "atomic", "--position", board.fen(), "--json"], capture_output=True, text=True, check=True)
    moves = {}
    for m in json.loads(out.stdout):
        promo = {"queen": "q", "rook": "r", "bishop": "b", "knight": "n"}.get(m.get("promotion") or "", "")
        moves[m["from"] + m["to"] + promo] = set(m["captures"])
    return moves


def taken(board, move):
    """The cells that held a piece before the move and none after, but those it (and a castling
    rook) left."""
    if board.is_castling(move):
        return set()
    after = board.copy(stack=False)
    after.push(move)
    return {chess.square_name(s) for s in chess.SQUARES if board.piece_at(s) and not after.piece_at(s) and s != move.from_square}


def play(start, seed):
    rng = random.Random(seed)
    board = chess.variant.AtomicBoard(start)
    played = []
    while len(played) < 160:
        if board.is_variant_end():
            break
        ours = engine_moves(board)
        theirs = {m.uci(): m for m in board.legal_moves}
        assert set(ours) == set(theirs), f"{board.fen()}: engine only {sorted(set(ours) - set(theirs))}, python-chess only {sorted(set(theirs) - set(ours))}"
        for uci, move in theirs.items():
            empty_before = {chess.square_name(s) for s in chess.SQUARES if not board.piece_at(s)}
            assert ours[uci] - empty_before == taken(board, move), f"{board.fen()} {uci}: engine takes {sorted(ours[uci])}, python-chess {sorted(taken(board, move))}"
        if not theirs or board.is_insufficient_material() or board.can_claim_draw():
            break
        # Captures half the time: explosions come sooner.
        captures = [m for m in theirs.values() if board.is_capture(m)]
        move = rng.choice(captures if captures and rng.random() < 0.5 else list(theirs.values()))
        board.push(move)
        played.append(move.uci())
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(f'[Ruleset "atomic"]\n[Position "{start}"]\n\n{" ".join(played)} *\n')
    try:
        out = subprocess.run([binary, "replay", f.name], capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    position = next(l for l in lines if l.startswith("position: "))[len("position: "):]
    assert position.split()[:3] == board.fen().split()[:3], f"replayed to {position}, python-chess {board.fen()}"
    ended = board.is_variant_end() or not any(board.legal_moves)
    if ended:
        assert f"result {board.result()}" in lines[-1], f"{lines[-1]}; python-chess {board.result()} at {board.fen()}"
    return len(played), ended


starts = [chess.STARTING_FEN] * (GAMES - 2) + [
    # python-chess's examples/perft/atomic.perft, "programfox-1" and "programfox-2".
    "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1",
    "rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq - 0 1",
]
plies = ended = 0
for seed, start in enumerate(starts):
    n, e = play(start, seed)
    plies += n
    ended += e
print(f"atomic ok: {len(starts)} games, {plies} plies, {ended} ended by the rules")
