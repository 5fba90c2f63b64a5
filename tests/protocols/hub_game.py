"""pydraughts drives `hetproba hub RULESET` (or `hetproba hub`, its default, when RULESET is
`default`): the handshake, a game at a fixed time a move against moves of its own with every move
checked legal and info lines read, a time control, quit. The engine, playing to win, ends its 15
moves with at least as many pieces as the other side, whose moves are picked without thought,
but for one it may have in an exchange the cut-off at 30 plies interrupts (an engine that gives
its men away, as a giveaway one does, is many behind: the other side must take what it is offered).
Run by tests/protocols.rs."""
import sys
from draughts import Board
from draughts.engine import HubEngine, Limit
binary, variant, ruleset = sys.argv[1], sys.argv[2], sys.argv[3]
engine = HubEngine([binary, "hub"] + ([] if ruleset == "default" else [ruleset]))
assert engine.id.get("name") == "hetproba", engine.id
engine.init()
engine.ping()
board = Board(variant=variant)
plies = 0
infos = 0
while not board.is_over() and plies < 30:
    if plies % 2 == 0:
        result = engine.play(board, Limit(movetime=0.2), ponder=False)
        move = result.move
        legal = [m.hub_move for m in board.legal_moves()]
        assert move.hub_move in legal, (board.fen, move.hub_move, legal)
        if result.info.get("depth", 0) >= 1 and "score" in result.info and "nodes" in result.info:
            infos += 1
    else:
        moves = board.legal_moves()
        move = sorted(moves, key=lambda m: m.hub_move)[plies % len(moves)]
    board.push(move)
    plies += 1
assert infos > 0, "no info lines were read"
# White is the engine. A side's pieces are the squares after its letter in the FEN.
sides = {part[0]: [sq for sq in part[1:].split(",") if sq] for part in board.fen.split(":")[1:3]}
mine, theirs = len(sides.get("W", [])), len(sides.get("B", []))
assert board.is_over() or mine + 1 >= theirs, f"the engine gave its pieces away: {mine} against {theirs} at {board.fen}"
# A time control: level time and inc.
result = engine.play(board, Limit(time=2, inc=0.1), ponder=False) if not board.is_over() else None
engine.quit()
assert engine.p.wait(timeout=10) == 0, "quit ends the engine"
print("hub ok", variant, plies, "plies", infos, "searches reported")
