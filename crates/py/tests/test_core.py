"""The package as a program uses it: rulesets, positions, games, moves, perft, players,
self-play and statistics; each figure checked against the `hetproba` binary or a published count."""

import json
import pickle

import pytest

import hetproba
from conftest import ROOT


def test_every_builtin_is_listed_as_the_cli_lists_it(cli):
    assert hetproba.list_rulesets() == json.loads(cli("list", "--json"))


def test_perft_counts_are_the_published_ones():
    # Chess Programming Wiki, "Perft Results": the start position, depth 4.
    assert hetproba.perft("chess", 4) == 197281
    # Aart Bik, "Perft for Reversi": depth 6.
    assert hetproba.perft("reversi", 6, threads=1) == 8200
    # Rein Halbersma's DCTL, russianInitial (unique moves): depth 6.
    assert hetproba.Ruleset.load("draughts-russian").perft(6, threads=2) == 37986
    # "Kiwipete" (Peter McKenzie), depth 3, from a FEN.
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert hetproba.perft("chess", 3, position=kiwipete) == 97862
    assert hetproba.Ruleset.load("chess").position(kiwipete).perft(2) == 2039


def test_perft_counts_paths_as_the_cli_does(cli):
    nodes = int(cli("perft", "draughts-pool", "6", "--count", "paths").split()[-1])
    assert hetproba.perft("draughts-pool", 6, counting="paths") == nodes
    with pytest.raises(ValueError, match="'moves' or 'paths'"):
        hetproba.perft("draughts-pool", 2, counting="ways")


def test_a_position_reads_and_writes_each_notation(cli):
    for rid, text in [
        ("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        ("draughts-russian", "W:Wa3,e3:Bb4,d6,f4"),
        ("amoba-push", "8/8/8/8/8/8/8/x7 o"),
    ]:
        rules = hetproba.Ruleset.load(rid)
        pos = hetproba.Position(rules, text)
        again = rules.position(pos.to_text())
        assert again == pos and hash(again) == hash(pos)
        # The moves and their JSON fields, as `hetproba moves --json` gives them.
        assert [m.json() for m in pos.legal_moves()] == json.loads(cli("moves", rid, "--position", text, "--json"))


def test_a_game_plays_checked_moves_and_ends():
    game = hetproba.Game("chess")
    for move in ["f3", "e5", "g4"]:
        game.play(move)
    queen = next(m for m in game.legal_moves() if m.notation == "Qh4#")
    assert queen.json()["from"] == "d8" and queen.to == "h4"
    game.play(queen)
    assert game.is_over and game.legal_moves() == [] and game.to_move is None
    outcome = game.outcome()
    assert (outcome.winner, outcome.result, outcome.winner_name) == (1, "0-1", "black")
    assert game.moves == ["f3", "e5", "g4", "Qh4#"]
    assert game.undo() and not game.is_over and game.outcome() is None


def test_a_draw_by_repetition_needs_the_history():
    game = hetproba.Game("chess")
    for _ in range(2):
        for move in ["Nf3", "Nf6", "Ng1", "Ng8"]:
            game.play(move)
    assert game.is_over and game.outcome().winner is None
    # The position alone knows no history: it goes on.
    assert game.position.outcome() is None and game.position.legal_moves()


def test_a_position_plays_into_a_new_one():
    start = hetproba.Ruleset.load("reversi").start()
    after = start.play("d3")
    assert after != start and after.to_move == 1 and start.to_move == 0
    assert after.legal_moves()[0].json()["flips"]


def test_bad_rulesets_name_file_line_and_column(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "draughts-russian"\n\n[game]\nid = "bad"\nname = "Bad"\n\n[board]\nwidth = 1000\n')
    with pytest.raises(hetproba.RulesetError) as e:
        hetproba.Ruleset.load(str(bad))
    assert (e.value.file, e.value.line, e.value.column) == (str(bad), 8, 9)
    assert e.value.reason == "width must be between 1 and 64, not 1000"
    assert f"{bad}:8:9: width must be" in str(e.value) and e.value.problems[0]["line"] == 8
    with pytest.raises(hetproba.RulesetError, match="unknown ruleset 'chesss'"):
        hetproba.Ruleset.load("chesss")
    with pytest.raises(hetproba.RulesetError, match="ends in .toml"):
        hetproba.Ruleset.load(str(tmp_path / "rules.txt") + "/")
    # A parameter's fault is told as the parameter's, with the place that uses it.
    with pytest.raises(hetproba.RulesetError, match=r"params size=1000: .*built-in 'draughts-brazilian', line \d+, column \d+"):
        hetproba.Ruleset.load("draughts-brazilian", {"size": 1000})
    with pytest.raises(hetproba.RulesetError, match="unknown parameter 'nonsense'"):
        hetproba.Ruleset.load("draughts-brazilian", {"nonsense": 3})
    with pytest.raises(hetproba.RulesetError) as e:
        hetproba.Ruleset.from_text('[game]\nid = "x"\nname = "X"\n[board\n')
    assert (e.value.file, e.value.line) == ("<text>.toml", 4)


def test_bad_positions_and_moves_say_what_is_wrong():
    chess = hetproba.Ruleset.load("chess")
    with pytest.raises(hetproba.PositionError) as e:
        chess.position("rnbqkbnr/pppppppp/8 w")
    assert e.value.text == "rnbqkbnr/pppppppp/8 w" and e.value.reason
    game = chess.new_game()
    with pytest.raises(hetproba.MoveError) as e:
        game.play("e5")
    assert "e4" in e.value.legal and e.value.text == "e5"
    stale = game.legal_moves()[0]
    game.play("e4")
    with pytest.raises(hetproba.MoveError, match="another position"):
        game.play(stale)
    with pytest.raises(hetproba.MoveError, match="a move of reversi"):
        game.play(hetproba.Game("reversi").legal_moves()[0])
    assert game.moves == ["e4"]


def test_rulesets_travel_by_pickle_without_their_files(tmp_path):
    child = tmp_path / "mine.toml"
    (tmp_path / "base.toml").write_text('extends = "draughts-russian"\n\n[game]\nid = "base"\nname = "Base"\n')
    child.write_text('extends = "base"\n\n[game]\nid = "mine"\nname = "Mine"\n')
    rules = hetproba.Ruleset.load(str(child))
    child.unlink()
    (tmp_path / "base.toml").unlink()
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules and again.perft(4) == rules.perft(4)
    pos = pickle.loads(pickle.dumps(rules.start().play("c3-d4")))
    assert pos.to_text() == rules.start().play("c3-d4").to_text()


def test_players_are_named_as_the_cli_names_them():
    assert hetproba.parse_player("mcts") == "mcts:1000"
    with pytest.raises(hetproba.PlayerError, match="not a player"):
        hetproba.parse_player("stockfish")


def test_a_match_keeps_clocks_and_its_record():
    m = hetproba.Match("reversi", first="human", second="mcts:50", seed=3, clock="5m+2s")
    assert m.human_to_move and m.clocks == pytest.approx((300.0, 300.0), abs=1.0)
    with pytest.raises(hetproba.MoveError):
        m.play("a1")
    assert m.play("d3")
    assert m.step() is not None and m.human_to_move
    record = m.record()
    assert '[Ruleset "reversi"]' in record and '[Black "human"]' in record and "TimeControl" in record
    m.resign()
    assert m.is_over and m.outcome().winner == 1
    # Two computers play out a game, the same one for the same seed.
    a = hetproba.Match("draughts-russian", first="random", second="random", seed=9, clock=None)
    b = hetproba.Match("draughts-russian", first="random", second="random", seed=9, clock=None)
    assert a.run() is not None and b.run() is not None and a.moves == b.moves


def test_selfplay_rows_are_the_cli_lines(cli):
    lines = hetproba.selfplay("reversi", games=12, seed=7, jobs=2, output="lines")
    assert lines == cli("selfplay", "reversi", "--games", "12", "--seed", "7").splitlines()
    # Capped games and fixed seats, one shard.
    args = dict(games=9, first="mcts:20", second="random", seed=3, max_plies=30, fixed_seats=True, shard="2/3")
    lines = hetproba.selfplay("checkers-english", output="lines", **args)
    expected = cli(
        "selfplay", "checkers-english", "--games", "9", "--first", "mcts:20", "--seed", "3", "--max-plies", "30", "--fixed-seats", "--shard", "2/3"
    )
    assert lines == expected.splitlines() and any('"capped":true' in line for line in lines)


def test_selfplay_frames_carry_every_field():
    pa = pytest.importorskip("pyarrow")
    table = hetproba.selfplay("amoba-rollin", games=6, seed=2)
    assert isinstance(table, pa.Table) and table.column_names == list(hetproba.COLUMNS) and table.num_rows == 6
    df = hetproba.selfplay("amoba-rollin", games=6, seed=2, output="pandas")
    assert list(df.columns) == list(hetproba.COLUMNS) and df["game"].tolist() == list(range(6))
    pl = hetproba.selfplay("amoba-rollin", games=6, seed=2, output="polars")
    assert pl.height == 6 and pl["moves"].to_list() == table.column("moves").to_pylist()


def test_stats_are_the_cli_figures(cli, tmp_path):
    out = tmp_path / "games.jsonl"
    cli("selfplay", "draughts-brazilian", "--games", "30", "--seed", "4", "--max-plies", "80", "--out", str(out))
    expected = json.loads(cli("stats", str(out), "--json"))
    assert hetproba.stats([str(out)]) == expected
    games = hetproba.selfplay("draughts-brazilian", games=30, seed=4, max_plies=80, output="pandas")
    assert hetproba.stats(games) == expected
    assert hetproba.stats(hetproba.selfplay("draughts-brazilian", games=30, seed=4, max_plies=80, output="polars")) == expected
    assert hetproba.stats_text(str(out)) == cli("stats", str(out))
    with pytest.raises(hetproba.StatsError, match="not a selfplay line"):
        hetproba.stats(['{"ruleset": 3}'])
