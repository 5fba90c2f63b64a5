"""The Python package's speed, as ratios measured in one run (`cargo xtask bench --python` runs
this with the package built in release): perft through Python against the `hetproba` binary,
random playouts driven step by step from Python against OpenSpiel's C++ games through pyspiel,
and self-play on a local Ray against `hetproba selfplay --jobs N`. Each figure is the median of
the rounds, the compared runs alternating; the spread is the lowest and highest round."""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")

import hetproba  # noqa: E402


def rounds_of(n, *runs):
    """Each run `n` times, alternating; the times of each."""
    times = [[] for _ in runs]
    for _ in range(n):
        for i, run in enumerate(runs):
            times[i].append(run())
    return times


def spread(values):
    return f"{min(values):.3f}-{max(values):.3f}"


def perft_part(cli, rounds):
    print("perft, one thread: the binary's time over Python's (goal >= 0.95)")
    for rid, depth in [("reversi", 10), ("chess", 6), ("checkers-english", 11), ("draughts-international", 7)]:

        def native():
            out = subprocess.run([cli, "perft", rid, str(depth), "--threads", "1", "--json"], capture_output=True, text=True, check=True)
            return json.loads(out.stdout)["seconds"]

        def python():
            start = time.perf_counter()
            hetproba.perft(rid, depth, threads=1)
            return time.perf_counter() - start

        assert hetproba.perft(rid, depth, threads=1) == json.loads(
            subprocess.run([cli, "perft", rid, str(depth), "--json"], capture_output=True, text=True, check=True).stdout
        )["nodes"]
        a, b = rounds_of(rounds, native, python)
        ratios = [x / y for x, y in zip(a, b)]
        print(f"  {rid:24} depth {depth:2}: native {statistics.median(a):.3f} s, Python {statistics.median(b):.3f} s, ratio {statistics.median(ratios):.3f} ({spread(ratios)})")


def playout_part(rounds, seconds):
    import pyspiel

    print("random playouts driven step by step from Python: hetproba's time a ply over OpenSpiel's (goal <= 1.5)")
    for rid, spiel in [("chess", "chess"), ("checkers-english", "checkers"), ("reversi", "othello")]:
        rules = hetproba.Ruleset.load(rid)
        game = pyspiel.load_game(spiel)
        rng = random.Random(1)

        def ours():
            plies, start = 0, time.perf_counter()
            while time.perf_counter() - start < seconds:
                g = hetproba.Game(rules)
                while True:
                    moves = g.legal_moves()
                    if not moves:
                        break
                    g.play(rng.choice(moves))
                    plies += 1
            return (time.perf_counter() - start) / plies

        def actions():
            plies, start = 0, time.perf_counter()
            while time.perf_counter() - start < seconds:
                g = hetproba.ActionGame(rules)
                while True:
                    legal = g.legal_actions()
                    if not legal:
                        break
                    g.apply_action(rng.choice(legal))
                    plies += 1
            return (time.perf_counter() - start) / plies

        def theirs():
            plies, start = 0, time.perf_counter()
            while time.perf_counter() - start < seconds:
                state = game.new_initial_state()
                while not state.is_terminal():
                    state.apply_action(rng.choice(state.legal_actions()))
                    plies += 1
            return (time.perf_counter() - start) / plies

        a, b, c = rounds_of(rounds, ours, actions, theirs)
        moves = [x / y for x, y in zip(a, c)]
        acts = [x / y for x, y in zip(b, c)]
        print(
            f"  {rid:17} vs {spiel:9}: a step {1e6 * statistics.median(a):.2f} us (moves), {1e6 * statistics.median(b):.2f} us (actions), "
            f"OpenSpiel {1e6 * statistics.median(c):.2f} us; ratio {statistics.median(moves):.2f} ({spread(moves)}), "
            f"actions {statistics.median(acts):.2f} ({spread(acts)})"
        )


def cpu_seconds():
    """CPU time of this process and all it started (Ray's processes among them), and of the
    children waited for (the binary's runs)."""
    import psutil

    me = psutil.Process()
    total = sum(me.cpu_times()[:2])
    for child in me.children(recursive=True):
        try:
            total += sum(child.cpu_times()[:2])
        except psutil.Error:
            pass
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return total + used.ru_utime + used.ru_stime


def ray_part(cli, rounds, jobs):
    import ray

    import hetproba.distributed as hd

    print(f"self-play, {jobs} workers: Ray's throughput over hetproba selfplay --jobs {jobs}'s (goal >= 0.9)")
    ray.init(num_cpus=jobs, include_dashboard=False)
    try:
        # Random games (the least work a game, so the most overhead), and a searching player.
        for rid, games, first in [("checkers-english", 40000, "random"), ("reversi", 20000, "random"), ("checkers-english", 400, "mcts:50")]:
            hd.selfplay(rid, 40, tasks=jobs, output="lines")  # the workers started and warm

            cpu = {"native": [], "ray": []}

            def native():
                with tempfile.TemporaryDirectory() as d:
                    start, used = time.perf_counter(), cpu_seconds()
                    command = [cli, "selfplay", rid, "--games", str(games), "--first", first, "--jobs", str(jobs), "--out", f"{d}/g.jsonl"]
                    subprocess.run(command, check=True, capture_output=True)
                    cpu["native"].append(cpu_seconds() - used)
                    return time.perf_counter() - start

            def on_ray():
                start, used = time.perf_counter(), cpu_seconds()
                hd.selfplay(rid, games, first, tasks=4 * jobs, output="lines")
                cpu["ray"].append(cpu_seconds() - used)
                return time.perf_counter() - start

            a, b = rounds_of(rounds, native, on_ray)
            ratios = [x / y for x, y in zip(a, b)]
            work = [x / y for x, y in zip(cpu["native"], cpu["ray"])]
            print(
                f"  {rid:17} {games} games, {first}/random: CLI {statistics.median(a):.2f} s, Ray {statistics.median(b):.2f} s, ratio {statistics.median(ratios):.3f} ({spread(ratios)}); "
                f"CPU time CLI over Ray {statistics.median(work):.3f} ({spread(work)})"
            )
    finally:
        ray.shutdown()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cli", required=True, help="the hetproba binary (release build)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("parts", nargs="*", help="perft, playouts, ray (default: all)")
    args = parser.parse_args()
    parts = args.parts or ["perft", "playouts", "ray"]
    for part in parts:
        if part not in ("perft", "playouts", "ray"):
            parser.error(f"unknown part {part}: perft, playouts or ray")
    if "perft" in parts:
        perft_part(args.cli, args.rounds)
    if "playouts" in parts:
        playout_part(args.rounds, args.seconds)
    if "ray" in parts:
        ray_part(args.cli, args.rounds, args.jobs)


if __name__ == "__main__":
    sys.exit(main())
