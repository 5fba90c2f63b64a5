"""hetproba: board games described in data, from Python.

A game is one TOML file (the built-ins are embedded); the engine compiles it into a move
generator. This package is a thin layer over the same Rust library the `hetproba` command uses:

    >>> import hetproba
    >>> chess = hetproba.Ruleset.load("chess")
    >>> hetproba.perft("reversi", 6)
    8200
    >>> game = chess.new_game()
    >>> game.play("e4")
    >>> [m.notation for m in game.legal_moves()][:3]

Self-play into a data frame, and the statistics `hetproba stats` reports:

    >>> games = hetproba.selfplay("draughts-russian", games=200, output="pandas")
    >>> hetproba.stats(games)[0]["first_seat_wins"]

`hetproba.pettingzoo`, `hetproba.openspiel` and `hetproba.distributed` (Ray) are imported on
their own, each needing its library.
"""

from __future__ import annotations

import json
import os
from typing import Any, Iterable

from hetproba import _native
from hetproba._native import (
    COLUMNS,
    ActionError,
    ActionGame,
    Game,
    HetprobaError,
    Match,
    Move,
    MoveError,
    Outcome,
    PlayerError,
    Position,
    PositionError,
    Ruleset,
    RulesetError,
    StatsError,
    list_rulesets,
    parse_player,
    perft,
)

__all__ = [
    "COLUMNS",
    "ActionError",
    "ActionGame",
    "Game",
    "HetprobaError",
    "Match",
    "Move",
    "MoveError",
    "Outcome",
    "PlayerError",
    "Position",
    "PositionError",
    "Ruleset",
    "RulesetError",
    "StatsError",
    "frame",
    "game_numbers",
    "list_rulesets",
    "parse_memory",
    "parse_player",
    "perft",
    "selfplay",
    "stats",
    "stats_text",
]

OUTPUTS = ("arrow", "pandas", "polars", "records", "lines", "columns")


def parse_memory(memory: int | str) -> int:
    """Bytes from a size as `selfplay --memory` takes it (`512M`, `2G`) or a number of bytes."""
    if isinstance(memory, int):
        size = memory
    else:
        text = memory.strip().upper().rstrip("BI")
        units = {"K": 10, "M": 20, "G": 30, "T": 40}
        shift = units.get(text[-1:], 0)
        digits = text[:-1] if shift else text
        if not digits.isdigit():
            raise ValueError(f"'{memory}' is not a size from 16M to 1T: a number with K, M, G or T (512M, 8G)")
        size = int(digits) << shift
    if not (16 << 20) <= size <= (1 << 40):
        raise ValueError(f"'{memory}' is not a size from 16M to 1T: a number with K, M, G or T (512M, 8G)")
    return size


def game_numbers(games: int, shard: tuple[int, int] | str | None = None) -> list[int]:
    """The numbers of the games a run plays: all of `games`, or the K-th of N slices
    (`shard=(K, N)` or `"K/N"`, 1-based), as `selfplay --shard K/N` plays them."""
    if not 1 <= games <= 10_000_000:
        raise ValueError(f"games is from 1 to 10000000, not {games}")
    if shard is None:
        return list(range(games))
    if isinstance(shard, str):
        k, _, n = shard.partition("/")
        try:
            shard = (int(k), int(n))
        except ValueError:
            raise ValueError(f"'{shard}' is not a shard; write K/N with 1 <= K <= N (2/8)") from None
    k, n = shard
    if not 1 <= k <= n:
        raise ValueError(f"'{k}/{n}' is not a shard; write K/N with 1 <= K <= N (2/8)")
    return list(range(k - 1, games, n))


def _schema():
    import pyarrow as pa

    return pa.schema(
        [
            ("ruleset", pa.string()),
            ("game", pa.uint64()),
            ("seed", pa.uint64()),
            ("seats", pa.list_(pa.string())),
            ("a_seat", pa.uint8()),
            ("result", pa.string()),
            ("winner", pa.uint8()),
            ("reason", pa.string()),
            ("capped", pa.bool_()),
            ("plies", pa.uint64()),
            ("moves", pa.list_(pa.string())),
            ("branching", pa.list_(pa.uint32())),
            ("lead_changes", pa.uint32()),
            ("decided_at", pa.uint64()),
        ]
    )


def frame(columns: dict[str, list], output: str = "arrow", metadata: dict[str, str] | None = None):
    """Self-play columns (one list per field of the JSON lines) as `output`: a pyarrow Table
    ("arrow"), a pandas or polars DataFrame, a list of dicts ("records"), the JSON lines
    ("lines", as `hetproba selfplay` writes them) or the columns themselves ("columns")."""
    if output == "columns":
        return columns
    if output == "records" or output == "lines":
        names = list(columns)
        rows = [dict(zip(names, values)) for values in zip(*columns.values())]
        if output == "records":
            return rows
        return [_json_line(row) for row in rows]
    if output == "arrow":
        import pyarrow as pa

        table = pa.table(columns, schema=_schema())
        if metadata:
            table = table.replace_schema_metadata({**(table.schema.metadata or {}), **metadata})
        return table
    if output == "pandas":
        import pandas as pd

        df = pd.DataFrame(columns, columns=list(COLUMNS))
        # The same types whatever the values (a seed may pass 2^63); the columns with gaps keep
        # integers (pandas' nullable types), not floats.
        for name, dtype in [("game", "uint64"), ("seed", "uint64"), ("a_seat", "uint8"), ("plies", "uint64"), ("lead_changes", "uint32")]:
            df[name] = df[name].astype(dtype)
        for name in ("winner", "decided_at"):
            df[name] = pd.array(columns[name], dtype="UInt64" if name == "decided_at" else "UInt8")
        if metadata:
            df.attrs.update(metadata)
        return df
    if output == "polars":
        import polars as pl

        types = {"game": pl.UInt64, "seed": pl.UInt64, "a_seat": pl.UInt8, "winner": pl.UInt8, "plies": pl.UInt64}
        types |= {"seats": pl.List(pl.String), "moves": pl.List(pl.String), "branching": pl.List(pl.UInt32)}
        types |= {"lead_changes": pl.UInt32, "decided_at": pl.UInt64}
        return pl.DataFrame(columns, schema_overrides=types)
    raise ValueError(f"output is one of {', '.join(OUTPUTS)}, not '{output}'")


def _json_line(row: dict[str, Any]) -> str:
    """A game as `hetproba selfplay` writes it (field order, `capped` only when true)."""
    out = {}
    for name in COLUMNS:
        value = row.get(name)
        if name == "capped" and not value:
            continue
        out[name] = value
    return json.dumps(out, separators=(",", ":"), ensure_ascii=False)


def selfplay(
    ruleset: Ruleset | str,
    games: int = 100,
    first: str = "random",
    second: str = "random",
    *,
    seed: int = 1,
    fixed_seats: bool = False,
    max_plies: int = 1000,
    jobs: int | None = None,
    memory: int | str = "2G",
    shard: tuple[int, int] | str | None = None,
    output: str = "arrow",
    params: dict[str, int] | None = None,
):
    """Plays `games` games between `first` (player A) and `second` (B), players as the command
    line names them, on `jobs` threads (default all cores), exactly as `hetproba selfplay` plays
    them with the same options: the same seed gives the same games, whatever the threads. The
    result has one row per game with the fields of the command's JSON lines (see `frame` for
    `output`)."""
    if isinstance(ruleset, str):
        ruleset = Ruleset.load(ruleset, params)
    elif params:
        raise ValueError("params are given to Ruleset.load; this ruleset is loaded already")
    numbers = game_numbers(games, shard)
    lines = output == "lines"
    played = _native._selfplay(
        ruleset,
        numbers,
        first,
        second,
        seed,
        fixed_seats,
        max_plies,
        jobs,
        parse_memory(memory),
        lines,
    )
    return played if lines else frame(played, output)


def _texts(games) -> list[tuple[str, str]]:
    """(name, text of JSON lines) pairs from whatever holds the games."""
    if isinstance(games, (str, os.PathLike)):
        games = [games]
    module = type(games).__module__.split(".")[0]
    if module == "pyarrow":
        rows = games.to_pylist()
        return [("<table>", "\n".join(_json_line(_plain(r)) for r in rows))]
    if module == "pandas":
        rows = games.to_dict("records")
        return [("<DataFrame>", "\n".join(_json_line(_plain(r)) for r in rows))]
    if module == "polars":
        return [("<DataFrame>", "\n".join(_json_line(_plain(r)) for r in games.to_dicts()))]
    if isinstance(games, dict):
        return [("<columns>", "\n".join(frame(games, "lines")))]
    items = list(games)
    if items and all(isinstance(i, (str, os.PathLike)) for i in items):
        if all(isinstance(i, str) and i.lstrip().startswith("{") for i in items):
            return [("<lines>", "\n".join(items))]
        out = []
        for path in items:
            with open(path, encoding="utf-8") as f:
                out.append((os.fspath(path), f.read()))
        return out
    return [("<records>", "\n".join(_json_line(_plain(r)) for r in items))]


def _plain(row: dict[str, Any]) -> dict[str, Any]:
    """A row from a data frame as plain Python values: lists for arrays, None for missing
    numbers, ints for whole floats."""
    out = {}
    for k, v in row.items():
        if hasattr(v, "tolist"):
            v = v.tolist()
        if isinstance(v, float):
            v = None if v != v else int(v)
        elif v is not None and type(v).__name__ in ("NAType", "NaTType"):
            v = None
        out[k] = v
    return out


def stats(games) -> list[dict[str, Any]]:
    """The statistics of self-play games, as `hetproba stats --json` reports them (the same
    figures and 95% intervals): one report per ruleset and pair of players. `games` is what
    `selfplay` returned (any output), a list of JSON lines, or paths of files the command wrote."""
    return json.loads(_native._stats_json(_texts(games)))


def stats_text(games) -> str:
    """The same statistics in words, as `hetproba stats` prints them."""
    return _native._stats_text(_texts(games))
