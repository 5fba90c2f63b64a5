"""Studies on a Ray cluster started here on 127.0.0.1 (a head without CPUs and two worker
nodes of one CPU): the same games as one machine, a dead worker's games played again or named
as lost, the strength table and the command line."""

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

ray = pytest.importorskip("ray")
psutil = pytest.importorskip("psutil")

import hetproba  # noqa: E402
import hetproba.distributed as hd  # noqa: E402
from ray.cluster_utils import Cluster  # noqa: E402

NODE = dict(node_ip_address="127.0.0.1", include_dashboard=False)


@pytest.fixture(scope="module")
def cluster():
    c = Cluster(initialize_head=True, head_node_args=dict(num_cpus=0, **NODE))
    try:
        for _ in range(2):
            c.add_node(num_cpus=1, **NODE)
        ray.init(address=c.address)
        yield c
    finally:
        ray.shutdown()
        c.shutdown()


def test_the_cluster_plays_the_games_one_machine_plays(cluster):
    args = dict(games=24, first="mcts:20", second="random", seed=5, max_plies=200)
    local = hetproba.selfplay("checkers-english", output="lines", jobs=1, **args)
    assert hd.selfplay("checkers-english", output="lines", tasks=5, **args) == local
    assert hd.selfplay("checkers-english", output="lines", tasks=24, **args) == local
    frame = hd.selfplay("reversi", 10, seed=2, output="pandas")
    assert frame["moves"].tolist() == hetproba.selfplay("reversi", 10, seed=2, output="pandas")["moves"].tolist()


def kill_a_worker_when_it_plays(done: threading.Event, killed: list):
    """Kills (SIGKILL) the first Ray worker process of this test's cluster seen playing games."""
    deadline = time.time() + 120
    while not done.is_set() and time.time() < deadline:
        for p in psutil.Process().children(recursive=True):
            try:
                if p.cmdline()[:1] and p.cmdline()[0].startswith("ray::_play_chunk"):
                    os.kill(p.pid, signal.SIGKILL)
                    killed.append(p.pid)
                    return
            except psutil.Error:
                continue
        time.sleep(0.02)


def study_with_a_dead_worker(**options):
    done, killed = threading.Event(), []
    killer = threading.Thread(target=kill_a_worker_when_it_plays, args=(done, killed))
    killer.start()
    try:
        return hd.selfplay("checkers-english", 12, "mcts:200", "random", seed=8, tasks=4, output="lines", **options), killed
    finally:
        done.set()
        killer.join()


def test_a_dead_workers_games_are_played_again(cluster):
    lines, killed = study_with_a_dead_worker(max_retries=2)
    assert killed, "no worker was seen playing"
    assert lines == hetproba.selfplay("checkers-english", 12, "mcts:200", "random", seed=8, output="lines")


def test_games_lost_for_good_are_named(cluster):
    with pytest.raises(hd.GamesLost) as lost:
        _, killed = study_with_a_dead_worker(max_retries=0)
    # The games of the killed task, and the others played in full.
    chunks = [list(range(i, i + 3)) for i in range(0, 12, 3)]
    assert lost.value.games in chunks and "WorkerCrashedError" in lost.value.errors[0]
    played = [int(line.split('"game":')[1].split(",")[0]) for line in lost.value.played]
    assert sorted(played + lost.value.games) == list(range(12))
    # Kept instead of raised: the result says which games it lacks.
    with pytest.warns(RuntimeWarning, match="games lost"):
        table, _ = study_with_a_dead_worker(max_retries=0, on_lost="keep")
    assert len(table) == 9


def test_strength_cells_score_the_first_player(cluster):
    [cell] = hd.strength(["reversi"], [("mcts:40", "random")], games=8, seed=3)
    assert cell["games"] == 8 and cell["wins"] + cell["draws"] + cell["losses"] == 8
    assert cell["low"] <= cell["score"] <= cell["high"]
    local = hetproba.stats(hetproba.selfplay("reversi", 8, "mcts:40", "random", seed=3, max_plies=600))[0]
    assert cell["report"] == local and cell["wins"] == local["a_wins"]["count"]


def test_bad_players_are_refused_before_any_task(cluster):
    with pytest.raises(hetproba.PlayerError):
        hd.selfplay("reversi", 4, "human", "random")
    with pytest.raises(hetproba.PlayerError):
        hd.strength(["reversi"], ["mcts:x/random"], games=2)


def test_the_command_line_writes_the_cli_lines(cluster, cli, tmp_path):
    out = tmp_path / "games.jsonl"
    env = {**os.environ, "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}
    done = subprocess.run(
        [sys.executable, "-m", "hetproba.distributed", "selfplay", "reversi", "--games", "6", "--seed", "4", "--address", cluster.address, "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert out.read_text() == cli("selfplay", "reversi", "--games", "6", "--seed", "4")
