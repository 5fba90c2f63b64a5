"""python-chess drives `hetproba uci`: a mate found and reported as a mate, a game under a clock
against moves of its own, an infinite analysis stopped by the client. Run by tests/protocols.rs."""
import sys, chess, chess.engine
binary = sys.argv[1]
engine = chess.engine.SimpleEngine.popen_uci([binary, "uci"])
assert engine.id["name"].startswith("hetproba"), engine.id
assert "Hash" in engine.options, engine.options
engine.configure({"Hash": 8})
# A mate in one: found, and reported as a mate.
board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
result = engine.play(board, chess.engine.Limit(depth=3), info=chess.engine.INFO_ALL)
assert result.move == chess.Move.from_uci("a1a8"), result.move
assert result.info["score"].white().mate() == 1, result.info
# A game against a player of python's own moves, under a clock with an increment.
board = chess.Board()
plies = 0
while not board.is_game_over() and plies < 40:
    if board.turn == chess.WHITE:
        result = engine.play(board, chess.engine.Limit(white_clock=3, black_clock=3, white_inc=0.05, black_inc=0.05), info=chess.engine.INFO_ALL)
        assert result.move in board.legal_moves, (board.fen(), result.move)
        assert result.info.get("depth", 0) >= 1 and "pv" in result.info and "nodes" in result.info, result.info
        board.push(result.move)
    else:
        board.push(sorted(board.legal_moves, key=lambda m: m.uci())[plies % board.legal_moves.count()])
    plies += 1
# Infinite analysis, stopped by the client: info lines with depth, score and pv, then a move.
with engine.analysis(chess.Board(), chess.engine.Limit()) as analysis:
    for info in analysis:
        if info.get("depth", 0) >= 3 and "score" in info and "pv" in info:
            break
best = analysis.wait().move
assert best in chess.Board().legal_moves, best
engine.quit()
print("uci ok", plies, "plies")
