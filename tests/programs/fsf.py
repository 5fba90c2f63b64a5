"""A chess variant against Fairy-Stockfish (Debian's fairy-stockfish, UCI_Variant): random games
whose every position is read from Fairy-Stockfish's FEN by `hetproba moves VARIANT --position FEN
--json`, the moves compared with Fairy-Stockfish's `go perft 1`; then `go perft DEPTH` from the
start against `hetproba perft`.

Usage: fsf.py HETPROBA FSF VARIANT RULESET GAMES SEED DEPTH [bare-king] (RULESET: hetproba's id
or file; bare-king: a game stops where a bare king is to move, which Fairy-Stockfish ends). Prints `VARIANT ok: G games, P positions,
perft DEPTH N` when everything agrees; exits 1 naming the first difference.
"""

import json
import random
import subprocess
import sys

# The plies of a game at most: random games of these variants rarely end sooner.
PLIES = 120


class Engine:
    def __init__(self, path, variant):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send(f"setoption name UCI_Variant value {variant}")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("fairy-stockfish stopped")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def fen(self, start, moves):
        self.send(f"position fen {start} moves {' '.join(moves)}" if moves else f"position fen {start}")
        self.send("d")
        return next(l for l in self.until("Checkers") if l.startswith("Fen: "))[5:]

    def perft(self, depth):
        self.send(f"go perft {depth}")
        lines = self.until("Nodes searched")
        moves = [l.split(":")[0] for l in lines if ":" in l and not l.startswith("Nodes")]
        return int(lines[-1].split(":")[1]), moves


def uci(move, letters):
    promotion = letters.get(move.get("promotion"), "") if move.get("promotion") else ""
    return move["from"] + move["to"] + promotion


def main():
    binary, fsf, variant, ruleset, games, seed, depth = sys.argv[1:8]
    bare_king = "bare-king" in sys.argv[8:]
    engine = Engine(fsf, variant)
    rng = random.Random(int(seed))
    engine.send("position startpos")
    engine.send("d")
    start = next(l for l in engine.until("Checkers") if l.startswith("Fen: "))[5:]
    # Promotions are written by the piece's FEN letter in lower case, as UCI does.
    letters = {}
    positions = 0
    for number in range(int(games)):
        moves = []
        for _ply in range(PLIES):
            fen = engine.fen(start, moves)
            _, theirs = engine.perft(1)
            # The board and the side: makruk's FEN carries the counting rules' counts after them.
            board, side = fen.split()[:2]
            fen = f"{board} {side} - - 0 1"
            run = subprocess.run([binary, "moves", ruleset, "--position", fen, "--json"], capture_output=True, text=True)
            if run.returncode != 0:
                sys.exit(f"game {number}: hetproba refuses {fen}: {run.stderr.strip()}")
            listed = json.loads(run.stdout)
            for m in listed:
                if m.get("promotion") and m["promotion"] not in letters:
                    letters[m["promotion"]] = m["notation"].split("=")[1][0].lower()
            ours = sorted(uci(m, letters) for m in listed)
            positions += 1
            bare = board.count(side == "w" and "K" or "k") == 1 and sum(c.isalpha() and (c.isupper() == (side == "w")) for c in board) == 1
            if bare_king and bare and not theirs and ours:
                # Fairy-Stockfish ends the game at once where a bare king is to move; hetproba
                # lets it move, to bare the other king too if it can.
                break
            if ours != sorted(theirs):
                sys.exit(f"game {number}, {fen}: hetproba lists {sorted(set(ours) - set(theirs))} more and {sorted(set(theirs) - set(ours))} fewer")
            if not ours:
                break
            moves.append(rng.choice(sorted(theirs)))
    engine.send(f"position fen {start}")
    nodes, _ = engine.perft(int(depth))
    engine.send("quit")
    ours = subprocess.run([binary, "perft", ruleset, depth, "--position", start], capture_output=True, text=True).stdout.strip()
    if ours != f"nodes {nodes}":
        sys.exit(f"perft {depth}: Fairy-Stockfish {nodes}, hetproba {ours}")
    print(f"{variant} ok: {games} games, {positions} positions, perft {depth} {nodes}")


if __name__ == "__main__":
    main()
