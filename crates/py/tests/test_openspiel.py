"""Every ruleset registered with OpenSpiel, OpenSpiel's own checks, and its MCTS bot playing
whole games of a draughts ruleset and of Reversi."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import hetproba  # noqa: E402
import hetproba.openspiel as hos  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402


def test_every_builtin_is_registered_by_its_id():
    ids = [entry["id"] for entry in hetproba.list_rulesets()]
    registered = set(pyspiel.registered_names())
    assert {"hetproba_" + i.replace("-", "_") for i in ids} <= registered
    game = pyspiel.load_game("hetproba_draughts_russian")
    assert game.num_distinct_actions() == hetproba.ActionGame("draughts-russian").num_actions
    assert game.get_type().short_name == "hetproba_draughts_russian"


@pytest.mark.parametrize("rid", [entry["id"] for entry in hetproba.list_rulesets()])
def test_openspiel_random_simulation_checks_pass(rid):
    # OpenSpiel's consistency checks (legal actions sorted and applicable, clones alike,
    # observations and returns at the end), over random games capped at 150 plies.
    game = pyspiel.load_game(hos.short_name(rid), {"max_plies": 150})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("name", ["hetproba_draughts_russian", "hetproba_reversi"])
def test_openspiel_mcts_plays_a_whole_game(name):
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(7)
    bots = [mcts.MCTSBot(game, 2.0, 30, mcts.RandomRolloutEvaluator(1, rng), random_state=rng) for _ in range(2)]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    # The game it played is a legal game of the ruleset, replayed move by move.
    core = state.core
    replay = hetproba.Game(core.position.ruleset)
    for move in core.moves:
        replay.play(move)
    assert replay.is_over and replay.position == core.position


def test_a_ruleset_file_registers_too(tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text('extends = "draughts-russian"\n\n[game]\nid = "tiny-draughts"\nname = "Tiny"\n')
    name = hos.register(str(path))
    assert name == "hetproba_tiny_draughts"
    state = pyspiel.load_game(name).new_initial_state()
    assert len(state.legal_actions()) == 7
