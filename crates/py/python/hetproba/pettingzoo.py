"""Every ruleset as a PettingZoo AEC environment: `hetproba.pettingzoo.env("chess")`.

Agents: `player_0` (the ruleset's first player) and `player_1`, as PettingZoo names them;
`env.unwrapped.player_names` has the ruleset's names for them (`white`, `black`).

Actions: `Discrete(n)`, a fixed space per ruleset computed from its compiled rules (see
`ActionGame`): a *move action* is a triple (from, to, promotion) numbered
`(from_slot * to_slots + to_slot) * extras + extra`, where slots are the cells in the order
`Ruleset.cells` lists them and "none" after them (a placement has no "from", a pass no "to"),
and `extra` is 0 or 1 + the index of the piece type promoted to among those the rules promote
to. Where several legal moves share a triple (captures of different pieces between the same
cells, a later part's cell, a push's direction) the same agent acts again with *choice actions*
(a cell, a direction, or "done") until one move is left. `env.unwrapped.action_to_string(a)`
says what an action means.

Observations: a dict with `observation`, an int8 array of shape (planes, cells): one plane per
(owner, piece type) (owners: the first player, the second, and nobody when the ruleset has
pieces of nobody's), then a plane of ones when the second player is to move, then the start,
the end and the chosen cells of a move waiting for choices; and `action_mask`, int8, 1 for each
legal action of the agent to act (all zeros for the other).

Rewards: +1 for a win, -1 for a loss, 0 for a draw, at the end. A game still going after
`max_plies` plies is truncated (a draw). `render()` draws the board as text.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from hetproba._native import ActionGame, Ruleset


def env(ruleset: str | Ruleset = "chess", **kwargs) -> AECEnv:
    """The environment of `ruleset` (a built-in id, a path or a `Ruleset`), wrapped so that
    steps come in the order PettingZoo requires."""
    return wrappers.OrderEnforcingWrapper(raw_env(ruleset, **kwargs))


class raw_env(AECEnv):
    """The environment without PettingZoo's order-enforcing wrapper."""

    metadata = {"render_modes": ["ansi", "human"], "name": "hetproba_v0", "is_parallelizable": False}

    def __init__(
        self,
        ruleset: str | Ruleset = "chess",
        *,
        render_mode: str | None = None,
        max_plies: int | None = 1000,
        position: str | None = None,
        params: dict[str, int] | None = None,
    ):
        super().__init__()
        self.ruleset = ruleset if isinstance(ruleset, Ruleset) else Ruleset.load(ruleset, params)
        self.max_plies = max_plies
        self.position = position
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"hetproba_{self.ruleset.id.replace('-', '_')}_v0"}
        self.player_names = self.ruleset.players
        self.possible_agents = ["player_0", "player_1"]
        self._game = ActionGame(self.ruleset, position, max_plies)
        n = self._game.num_actions
        self._shape = self._game.observation_shape
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, self._shape, dtype=np.int8),
                    "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.agents = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def action_to_string(self, action: int) -> str:
        """What an action means now: `e2-e4`, `@d3`, `choose c5`, `done`."""
        return self._game.action_to_string(action)

    def observe(self, agent):
        board = np.frombuffer(self._game.observation(), dtype=np.int8).reshape(self._shape).copy()
        if agent == self.agent_selection and not self._game.is_terminal:
            mask = np.frombuffer(self._game.action_mask(), dtype=np.int8).copy()
        else:
            mask = np.zeros(self._game.num_actions, dtype=np.int8)
        return {"observation": board, "action_mask": mask}

    def reset(self, seed=None, options=None):
        self._game = ActionGame(self.ruleset, self.position, self.max_plies)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self):
        player = self._game.current_player
        if player is not None:
            self.agent_selection = self.agents[player]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0
        # An action outside the space or the mask raises ActionError and changes nothing.
        self._game.apply_action(int(action))
        if self._game.is_terminal:
            first, second = self._game.returns()
            self.rewards = dict(zip(self.agents, (first, second)))
            done = self._game.truncated
            for a in self.agents:
                self.truncations[a] = done
                self.terminations[a] = not done
        else:
            self.rewards = {a: 0 for a in self.agents}
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        text = self._game.render()
        if self.render_mode == "human":
            print(text)
        return text

    def close(self):
        pass
