"""The action space of every built-in ruleset (one action per legal move, reached by its triple
and choices), the observation planes, bad actions, and PettingZoo's own API test."""

import random

import numpy as np
import pytest

import hetproba

RULESETS = [entry["id"] for entry in hetproba.list_rulesets()]


def completed_moves(game: hetproba.ActionGame) -> list[hetproba.Position]:
    """The positions every way through the actions of one move reaches (a move action, then
    choices until the move is played)."""
    plies = game.plies
    out = []
    for a in game.legal_actions():
        child = game.clone()
        child.apply_action(a)
        out.extend([child.position] if child.plies > plies else completed_moves(child))
    return out


@pytest.mark.parametrize("rid", RULESETS)
def test_each_legal_move_is_one_way_through_the_actions(rid):
    rng = random.Random(rid)
    game = hetproba.ActionGame(rid)
    checked = 0
    for step in range(40):
        if game.is_terminal:
            break
        if step % 7 == 0 and not game.choosing:
            position = game.position
            expected = sorted(position.play(m).to_text() for m in position.legal_moves())
            reached = sorted(p.to_text() for p in completed_moves(game))
            # As many ways through the actions as legal moves, each reaching its move's position.
            assert reached == expected, f"{rid} after {game.moves}"
            checked += 1
        mask = np.frombuffer(game.action_mask(), dtype=np.int8)
        assert list(np.flatnonzero(mask)) == game.legal_actions()
        game.apply_action(rng.choice(game.legal_actions()))
    assert checked >= 1


def test_choices_tell_apart_moves_between_the_same_cells():
    # Amazons: the queen's move, then where the arrow goes.
    game = hetproba.ActionGame("amazons")
    first = game.legal_actions()[0]
    game.apply_action(first)
    assert game.choosing and game.plies == 0 and all(game.action_to_string(a).startswith("choose ") for a in game.legal_actions())
    game.apply_action(game.legal_actions()[0])
    assert not game.choosing and game.plies == 1 and len(game.moves) == 1


def test_observation_planes_show_the_pieces_and_the_side_to_move():
    chess = hetproba.Ruleset.load("chess")
    game = hetproba.ActionGame(chess)
    planes, cells = game.observation_shape
    names = [p["name"] for p in chess.pieces]
    obs = np.frombuffer(game.observation(), dtype=np.int8).reshape(planes, cells)
    pawns = [chess.cells[i] for i in np.flatnonzero(obs[names.index("pawn")])]
    assert sorted(pawns) == sorted(f"{f}2" for f in "abcdefgh")
    black_king = [chess.cells[i] for i in np.flatnonzero(obs[len(names) + names.index("king")])]
    assert black_king == ["e8"]
    side = 2 * len(names)
    assert obs[side].sum() == 0
    game.apply_action(game.move_action("e4"))
    obs = np.frombuffer(game.observation(), dtype=np.int8).reshape(planes, cells)
    assert obs[side].all() and game.action_to_string(game.history[0]) == "e2-e4"


def test_actions_outside_the_space_or_the_mask_are_refused():
    game = hetproba.ActionGame("reversi")
    before = game.legal_actions()
    for bad in [-1, game.num_actions, 10**12]:
        with pytest.raises(hetproba.ActionError, match="outside the action space"):
            game.apply_action(bad)
    illegal = next(a for a in range(game.num_actions) if a not in before)
    with pytest.raises(hetproba.ActionError, match="not legal now"):
        game.apply_action(illegal)
    assert game.legal_actions() == before and game.history == []


def test_the_ply_cap_truncates_a_game():
    game = hetproba.ActionGame("chess", max_plies=4)
    for move in ["Nf3", "Nf6", "Ng1", "Ng8"]:
        game.apply_action(game.move_action(move))
    assert game.is_terminal and game.truncated and game.returns() == (0.0, 0.0) and game.legal_actions() == []
    with pytest.raises(hetproba.ActionError, match="the game is over"):
        game.apply_action(game.move_action("Nf3"))


def test_pettingzoo_api_test_passes_for_every_ruleset():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    import hetproba.pettingzoo as hpz

    for rid in RULESETS:
        api_test(hpz.env(rid, max_plies=200), num_cycles=200, verbose_progress=False)


def test_pettingzoo_game_ends_with_rewards_and_renders():
    import hetproba.pettingzoo as hpz

    env = hpz.env("chess", render_mode="ansi")
    env.reset(seed=1)
    assert env.agents == ["player_0", "player_1"] and env.agent_selection == "player_0"
    assert env.unwrapped.player_names == ["white", "black"]
    for move in ["f3", "e5", "g4", "Qh4#"]:
        env.step(env.unwrapped._game.move_action(move))
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env.rewards == {"player_0": -1, "player_1": 1}
    assert "Game over: black wins" in env.render()
    obs, reward, term, trunc, _ = env.last()
    assert term and obs["action_mask"].sum() == 0
    env.reset()
    with pytest.raises(hetproba.ActionError, match="not legal now"):
        env.step(env.unwrapped._game.move_action("e4") + 1)
