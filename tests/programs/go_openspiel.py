"""Go against OpenSpiel's go (PyPI open_spiel): random games played in OpenSpiel, and at every
ply the legal moves `hetproba moves go --json` lists compared with OpenSpiel's legal actions;
at the end of a game that ends by two passes, the winner compared with OpenSpiel's returns.

Usage: go_openspiel.py HETPROBA SIZE GAMES SEED [results] (results: compare the winners too). Prints `go ok SIZE: G games, P plies, E ended
by passes, C captures` when every ply agrees; exits 1 naming the first difference.
"""

import json
import random
import subprocess
import sys

import pyspiel


def cell(action, size):
    """OpenSpiel's action (row-major from a1, files a.. with i) as hetproba's cell name."""
    row, col = divmod(action, size)
    return "abcdefghijklmnopqrs"[col] + str(row + 1)


def hetproba(binary, size, moves, *extra):
    args = [binary, "moves", "go", "--param", f"size={size}", "--json", *extra]
    if moves:
        args += ["--after", " ".join(moves)]
    run = subprocess.run(args, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"hetproba failed after {' '.join(moves)}: {run.stderr}")
    return run.stdout


def main():
    binary, size, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    results = "results" in sys.argv[5:]
    game = pyspiel.load_game("go", {"board_size": size, "komi": 7.5})
    rng = random.Random(seed)
    plies = ended = captures = 0
    for number in range(games):
        state = game.new_initial_state()
        moves = []
        while not state.is_terminal():
            theirs = sorted("pass" if a == size * size else cell(a, size) for a in state.legal_actions())
            listed = json.loads(hetproba(binary, size, moves))
            ours = sorted(m["notation"] for m in listed)
            if ours != theirs:
                sys.exit(
                    f"game {number}, after {' '.join(moves) or 'the start'}: hetproba lists "
                    f"{sorted(set(ours) - set(theirs))} more and {sorted(set(theirs) - set(ours))} fewer than OpenSpiel\n{state}"
                )
            action = rng.choice(state.legal_actions())
            move = "pass" if action == size * size else cell(action, size)
            chosen = [m for m in listed if m["notation"] == move]
            captures += sum(len(m["captures"]) > 0 for m in chosen)
            moves.append(move)
            state.apply_action(action)
            plies += 1
        two_passes = len(moves) >= 2 and moves[-1] == moves[-2] == "pass"
        if two_passes and results:
            ended += 1
            returns = state.returns()
            expected = "draw" if returns[0] == 0 else ("black wins" if returns[0] > 0 else "white wins")
            run = subprocess.run(
                [binary, "moves", "go", "--param", f"size={size}", "--after", " ".join(moves)], capture_output=True, text=True
            )
            if expected not in run.stdout:
                sys.exit(f"game {number}: OpenSpiel says {expected}, hetproba says {run.stdout.strip()} {run.stderr.strip()}")
    print(f"go ok {size}: {games} games, {plies} plies, {ended} ended by passes, {captures} captures")


if __name__ == "__main__":
    main()
