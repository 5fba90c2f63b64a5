"""Studies that outgrow one machine, on Ray: `selfplay` and `strength` split the games into
tasks, run them on a Ray cluster and gather the results in game order.

Without `address`, `ray.init()` starts a local Ray on this machine (no set-up); with
`address="HOST:PORT"` the same call runs on a cluster. Each game's seed comes from the run's
seed and the game's number, so the rows are the ones `hetproba.selfplay` (and `hetproba
selfplay`) gives on one machine with the same options, however the games were split.

A task whose worker dies (a crashed process, a lost node) is run again by Ray up to
`max_retries` times; games still lost after that are never dropped silently: `GamesLost` is
raised naming them, with the games that were played (`on_lost="raise"`, the default), or the
result comes back without them, their numbers in its metadata (`lost_games`) and a warning
(`on_lost="keep"`).

The command line: `python -m hetproba.distributed selfplay RULESET --games N --address ADDR
--out FILE` (the JSON lines `hetproba selfplay` writes) and `python -m hetproba.distributed
strength RULESET... --pairing mcts:20ms/random --games N --address ADDR`.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import warnings
from typing import Any, Sequence

import ray

from hetproba import COLUMNS, Ruleset, frame, game_numbers, parse_memory, parse_player, stats
from hetproba import _native


class GamesLost(RuntimeError):
    """Games whose task failed on every try: `games` (their numbers), `played` (the result
    without them, in the output asked for) and `errors` (what Ray said)."""

    def __init__(self, games: list[int], played: Any, errors: list[str]):
        self.games = games
        self.played = played
        self.errors = errors
        shown = ", ".join(str(g) for g in games[:20]) + (" ..." if len(games) > 20 else "")
        super().__init__(f"{len(games)} games lost after every retry: {shown} ({errors[0] if errors else 'no error given'})")


def connect(address: str | None = None, **init_args) -> None:
    """Joins the Ray cluster at `address`, or starts a local Ray when None (Ray's own default,
    `ray.init()`); once a process. Ray gives a local Ray the machine's network address unless
    `RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0` is set before it is imported (the tests set it, to stay
    on 127.0.0.1)."""
    if not ray.is_initialized():
        ray.init(address=address, **init_args)


def _play_chunk(ruleset, numbers, first, second, seed, fixed_seats, max_plies, memory):
    # The games' JSON lines in one text: one object to move between processes, not a list
    # per field.
    return "\n".join(_native._selfplay(ruleset, numbers, first, second, seed, fixed_seats, max_plies, 1, memory, True))


_remote_chunk = ray.remote(num_cpus=1)(_play_chunk)


def _split(numbers: list[int], tasks: int) -> list[list[int]]:
    """Contiguous slices of about equal size."""
    tasks = max(1, min(tasks, len(numbers)))
    size = math.ceil(len(numbers) / tasks)
    return [numbers[i : i + size] for i in range(0, len(numbers), size)]


def _merge(parts: list[str]) -> list[str]:
    return [line for part in parts if part for line in part.split("\n")]


def _columns(lines: list[str]) -> dict[str, list]:
    """JSON lines as columns (`capped` is written only when true)."""
    out: dict[str, list] = {name: [] for name in COLUMNS}
    for line in lines:
        row = json.loads(line)
        for name in COLUMNS:
            out[name].append(row.get(name, False) if name == "capped" else row[name])
    return out


def _result(lines: list[str], output: str, metadata: dict[str, str] | None = None):
    if output == "lines":
        return lines
    columns = _columns(lines)
    return frame(columns, output, metadata) if metadata and output in ("arrow", "pandas") else frame(columns, output)


def _lost_error(error: Exception) -> bool:
    """A task that failed because its worker or node went away, not because of its input."""
    return not isinstance(error, ray.exceptions.RayTaskError)


def _submit(ruleset, numbers, first, second, seed, fixed_seats, max_plies, memory, tasks, max_retries):
    handle = ray.put(ruleset)
    remote = _remote_chunk.options(max_retries=max_retries)
    chunks = _split(numbers, tasks)
    return [(remote.remote(handle, chunk, first, second, seed, fixed_seats, max_plies, memory), chunk) for chunk in chunks]


def _gather(submitted, timeout):
    """The chunks' columns in order, the numbers of the games lost, and why."""
    refs = {ref: i for i, (ref, _) in enumerate(submitted)}
    parts: list[str | None] = [None] * len(submitted)
    lost: list[int] = []
    errors: list[str] = []
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1, timeout=timeout)
        if not done:
            unfinished = sorted(n for ref in pending for n in submitted[refs[ref]][1])
            for ref in pending:
                ray.cancel(ref, force=True)
            raise GamesLost(unfinished, None, [f"no result within {timeout} s"])
        for ref in done:
            i = refs[ref]
            try:
                parts[i] = ray.get(ref)
            except ray.exceptions.RayError as error:
                if not _lost_error(error):
                    # The input's fault (a bad ruleset or player): the same on every try.
                    raise error.as_instanceof_cause() if hasattr(error, "as_instanceof_cause") else error
                lost.extend(submitted[i][1])
                errors.append(f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
    return [p for p in parts if p is not None], sorted(lost), errors


def _default_tasks() -> int:
    cpus = int(ray.cluster_resources().get("CPU", 1))
    return max(1, 4 * cpus)


def selfplay(
    ruleset: Ruleset | str,
    games: int = 100,
    first: str = "random",
    second: str = "random",
    *,
    seed: int = 1,
    fixed_seats: bool = False,
    max_plies: int = 1000,
    memory: int | str = "2G",
    params: dict[str, int] | None = None,
    address: str | None = None,
    tasks: int | None = None,
    max_retries: int = 3,
    on_lost: str = "raise",
    timeout: float | None = None,
    output: str = "arrow",
):
    """`hetproba.selfplay` on a Ray cluster: the same rows for the same options, the games split
    into `tasks` tasks (default four per CPU of the cluster), each on one CPU. A task's memory
    for search trees is `memory`. See the module's doc for `on_lost` and `timeout` (seconds
    without a task finishing)."""
    if on_lost not in ("raise", "keep"):
        raise ValueError(f"on_lost is 'raise' or 'keep', not '{on_lost}'")
    ruleset = ruleset if isinstance(ruleset, Ruleset) else Ruleset.load(ruleset, params)
    for spec in (first, second):
        if parse_player(spec) == "human":
            raise _native.PlayerError("self-play needs computer players: random, mcts, mcts:1000, alphabeta:4 ...")
    numbers = game_numbers(games)
    connect(address)
    submitted = _submit(ruleset, numbers, first, second, seed, fixed_seats, max_plies, parse_memory(memory), tasks or _default_tasks(), max_retries)
    parts, lost, errors = _gather(submitted, timeout)
    lines = _merge(parts)
    if lost:
        result = _result(lines, output, {"lost_games": json.dumps(lost)})
        if on_lost == "raise":
            raise GamesLost(lost, result, errors)
        warnings.warn(f"{len(lost)} games lost after every retry: {lost[:20]}", RuntimeWarning, stacklevel=2)
        return result
    return _result(lines, output)


def _wilson(score: float, n: int) -> tuple[float, float]:
    """The Wilson interval at 95% of a score over `n` games (a draw counting half a win), as
    `cargo xtask strength` gives it."""
    n = max(n, 1)
    z = 1.96
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def strength(
    rulesets: Sequence[Ruleset | str],
    pairings: Sequence[tuple[str, str] | str] = (("mcts:20ms", "random"), ("alphabeta:20ms", "random"), ("alphabeta:20ms", "mcts:20ms")),
    games: int = 100,
    *,
    seed: int = 1,
    max_plies: int = 600,
    memory: int | str = "2G",
    address: str | None = None,
    tasks_per_cell: int | None = None,
    max_retries: int = 3,
    on_lost: str = "raise",
    timeout: float | None = None,
) -> list[dict[str, Any]]:
    """How strong players are, by playing: for each ruleset and pairing (A, B), `games` games
    with seats alternating, every cell's games at once on the cluster. Each cell: A's wins,
    draws and losses, A's score (a draw counting half) with its 95% Wilson interval, as
    `cargo xtask strength` reports them, and the `hetproba stats` report of its games."""
    pairs = [tuple(p.split("/", 1)) if isinstance(p, str) else tuple(p) for p in pairings]
    for a, b in pairs:
        parse_player(a)
        parse_player(b)
    loaded = [r if isinstance(r, Ruleset) else Ruleset.load(r) for r in rulesets]
    connect(address)
    numbers = game_numbers(games)
    tasks = tasks_per_cell or max(1, _default_tasks() // max(1, len(loaded) * len(pairs)))
    cells = []
    for rs in loaded:
        for a, b in pairs:
            cells.append((rs, a, b, _submit(rs, numbers, a, b, seed, False, max_plies, parse_memory(memory), tasks, max_retries)))
    out = []
    for rs, a, b, submitted in cells:
        parts, lost, errors = _gather(submitted, timeout)
        columns = _columns(_merge(parts))
        if lost and on_lost == "raise":
            raise GamesLost(lost, columns, [f"{rs.id} {a}/{b}: {e}" for e in errors])
        n = len(columns["game"])
        a_wins = sum(1 for w, s in zip(columns["winner"], columns["a_seat"]) if w == s)
        b_wins = sum(1 for w, s in zip(columns["winner"], columns["a_seat"]) if w is not None and w != s)
        draws = n - a_wins - b_wins
        score = (a_wins + draws / 2) / max(n, 1)
        low, high = _wilson(score, n)
        out.append(
            {
                "ruleset": rs.id,
                "a": a,
                "b": b,
                "games": n,
                "wins": a_wins,
                "draws": draws,
                "losses": b_wins,
                "score": score,
                "low": low,
                "high": high,
                "lost_games": lost,
                "report": stats(columns)[0] if n else None,
            }
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hetproba.distributed", description="hetproba studies on a Ray cluster")
    sub = parser.add_subparsers(dest="command", required=True)
    sp = sub.add_parser("selfplay", help="self-play games, one JSON line each (as hetproba selfplay writes them)")
    sp.add_argument("ruleset")
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--first", default="random")
    sp.add_argument("--second", default="random")
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--fixed-seats", action="store_true")
    sp.add_argument("--max-plies", type=int, default=1000)
    sp.add_argument("--memory", default="2G")
    sp.add_argument("--tasks", type=int)
    sp.add_argument("--address", help="a Ray cluster's address (default: a local Ray)")
    sp.add_argument("--out", help="write the lines to this file (default: standard output)")
    st = sub.add_parser("strength", help="players against each other, by ruleset and pairing")
    st.add_argument("rulesets", nargs="+")
    st.add_argument("--pairing", action="append", help="A/B, e.g. mcts:20ms/random (repeatable)")
    st.add_argument("--games", type=int, default=100)
    st.add_argument("--seed", type=int, default=1)
    st.add_argument("--max-plies", type=int, default=600)
    st.add_argument("--address")
    st.add_argument("--json", action="store_true", help="the cells as JSON")
    args = parser.parse_args(argv)
    try:
        if args.command == "selfplay":
            lines = selfplay(
                args.ruleset,
                args.games,
                args.first,
                args.second,
                seed=args.seed,
                fixed_seats=args.fixed_seats,
                max_plies=args.max_plies,
                memory=args.memory,
                tasks=args.tasks,
                address=args.address,
                output="lines",
            )
            text = "".join(line + "\n" for line in lines)
            if args.out:
                with open(args.out + ".part", "w", encoding="utf-8") as f:
                    f.write(text)
                os.replace(args.out + ".part", args.out)
            else:
                sys.stdout.write(text)
            return 0
        cells = strength(args.rulesets, args.pairing or ["mcts:20ms/random"], args.games, seed=args.seed, max_plies=args.max_plies, address=args.address)
        if args.json:
            print(json.dumps([{k: v for k, v in c.items() if k != "report"} for c in cells], indent=2))
        else:
            for c in cells:
                print(
                    f"{c['ruleset']:24} {c['a']}/{c['b']}: {100 * c['score']:.0f}% [{100 * c['low']:.0f}-{100 * c['high']:.0f}] "
                    f"({c['wins']}-{c['draws']}-{c['losses']})"
                )
        return 0
    except (_native.HetprobaError, GamesLost, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
