"""Every ruleset as an OpenSpiel game: `import hetproba.openspiel` registers each built-in
ruleset with `pyspiel.register_game` as `hetproba_<id>` (dashes as underscores), so that
`pyspiel.load_game("hetproba_draughts_russian")` and OpenSpiel's algorithms run on it.
`register(ruleset)` registers a ruleset of one's own (a `Ruleset` or a path).

The games are sequential, deterministic, perfect-information, zero-sum, with terminal rewards
(+1, -1, 0). Actions are those of `hetproba.ActionGame` (the PettingZoo environment's): move
actions (from, to, promotion) and, where several moves share one, choice actions by the same
player. The game parameter `max_plies` (default 1000) ends a game still going after that many
plies as a draw. The observation tensor is the environment's planes (owner and piece type, side
to move, a move waiting for choices), shape (planes, cells).
"""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from hetproba._native import ActionGame, Ruleset, list_rulesets

DEFAULT_MAX_PLIES = 1000

# Short name -> the ruleset (loaded when a game is made).
_RULESETS: dict[str, Ruleset | str] = {}


def short_name(ruleset_id: str) -> str:
    """The name a ruleset is registered under: `hetproba_` and its id, dashes as underscores."""
    return "hetproba_" + ruleset_id.replace("-", "_")


def _game_type(name: str, long_name: str) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"max_plies": DEFAULT_MAX_PLIES},
    )


class HetprobaGame(pyspiel.Game):
    """A ruleset as an OpenSpiel game (one subclass per registered ruleset)."""

    ruleset_key: str = ""

    def __init__(self, params=None):
        params = dict(params or {})
        self.max_plies = int(params.get("max_plies", DEFAULT_MAX_PLIES))
        if self.max_plies < 1:
            raise ValueError(f"max_plies is at least 1, not {self.max_plies}")
        held = _RULESETS[self.ruleset_key]
        self.ruleset = held if isinstance(held, Ruleset) else Ruleset.load(held)
        _RULESETS[self.ruleset_key] = self.ruleset
        probe = ActionGame(self.ruleset, None, self.max_plies)
        self.observation_shape = probe.observation_shape
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.num_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            # A ply is its move action and at most every choice action after it.
            max_game_length=self.max_plies * (1 + probe.choice_actions),
        )
        super().__init__(_game_type(self.ruleset_key, f"hetproba {self.ruleset.name}"), info, {"max_plies": self.max_plies})

    def new_initial_state(self):
        return HetprobaState(self, ActionGame(self.ruleset, None, self.max_plies))

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self.observation_shape, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class HetprobaState(pyspiel.State):
    """A state of a hetproba game: an `ActionGame` inside."""

    def __init__(self, game: HetprobaGame, core: ActionGame):
        super().__init__(game)
        self.core = core

    def current_player(self):
        player = self.core.current_player
        return pyspiel.PlayerId.TERMINAL if player is None else player

    def _legal_actions(self, player):
        return self.core.legal_actions() if player == self.core.current_player else []

    def _apply_action(self, action):
        self.core.apply_action(action)

    def _action_to_string(self, player, action):
        return self.core.action_to_string(action)

    def is_terminal(self):
        return self.core.is_terminal

    def returns(self):
        return list(self.core.returns())

    def __str__(self):
        return self.core.render()


class BoardObserver:
    """The planes of `ActionGame.observation()` as OpenSpiel's observer interface wants them."""

    def __init__(self, shape, params):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state, player):
        del player
        self.tensor[:] = np.frombuffer(state.core.observation(), dtype=np.int8)

    def string_from(self, state, player):
        del player
        return state.core.render()


def register(ruleset: Ruleset | str) -> str:
    """Registers a ruleset (a `Ruleset`, a built-in id or a path) as an OpenSpiel game and
    returns its name; registering the same name again keeps the first."""
    rid = ruleset.id if isinstance(ruleset, Ruleset) else (Ruleset.load(ruleset).id if ruleset.endswith(".toml") else ruleset)
    name = short_name(rid)
    if name in _RULESETS:
        return name
    _RULESETS[name] = ruleset if isinstance(ruleset, Ruleset) or ruleset.endswith(".toml") else rid
    game_class = type(f"Hetproba_{rid.replace('-', '_')}", (HetprobaGame,), {"ruleset_key": name})
    pyspiel.register_game(_game_type(name, f"hetproba {rid}"), game_class)
    return name


NAMES = [register(entry["id"]) for entry in list_rulesets()]
