"""A PettingZoo AEC environment over the engine contract.

- **Agents**: the system's sides (``game.sides``); the agent to act is ``game.to_act``.
- **Actions**: ``Discrete(max_actions)``.  Action ``k`` is the ``k``-th legal action in a
  canonical order (sorted by :func:`ringwar.core.engine.action_key`); the observation's
  ``action_mask`` marks the ``len(legal)`` valid slots.  ``env.legal_actions()`` gives the
  decoded list, so a learner may build its own features of the candidates.  (A list longer
  than ``max_actions`` is cut: never seen with the defaults, 1024 for SPI games, or the
  system's own ``MAX_LEGAL_ACTIONS``.)
- **Observations**: ``{"observation": float32 array, "action_mask": int8 array}`` built only
  from the agent's own view (``game.view(agent)``): per unit of a fixed roster (position as
  column/row, own or enemy, on the map, reduced, disrupted, moved, attack/armour/morale
  values; on a continuous table, ``board == "table"``: x and y as fractions of the table,
  heading, strength, organized, loaded ...) then the turn, the phase, whose move it is and
  each army's demoralization.  (Pieces not on the table at the start have no slot.)
- **Rewards**: +1 to the winner, -1 to the others at the end (0 each for a draw);
  truncation after ``max_steps`` actions.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import ringwar
from ringwar.core.engine import action_key, unattended_options

LETTER = {"A": 1.0, "B": 0.8, "C": 0.6, "D": 0.4, "E": 0.2}
MORALE = {"W": 1.0, "X": 0.75, "Y": 0.5, "Z": 0.25}
UNIT_FEATURES = 12
GLOBAL_FEATURES = 16


def _table_features(u: dict[str, Any], side: str, table: dict[str, Any]) -> list[float]:
    """A unit on a continuous table (``board == "table"``): position in table fractions,
    heading, strength and state."""
    import math
    w = float(table.get("width") or 1.0)
    d = float(table.get("height") or 1.0)
    a = math.radians(float(u.get("heading") or 0.0))
    start = float(u.get("start_figures") or u.get("figures") or 1)
    return [
        0.0 if u.get("embarked") else 1.0,
        float(u.get("x") or 0.0) / w, float(u.get("y") or 0.0) / d,
        1.0 if (u.get("player") or u.get("side")) == side else -1.0,
        math.cos(a), math.sin(a),
        min(2.0, float(u.get("figures") or 0) / max(1.0, start, 12.0)),
        1.0 if u.get("organized", True) else 0.0,
        1.0 if u.get("loaded") else 0.0,
        1.0 if u.get("acted") else 0.0,
        float(u.get("morale") or 0) / 6.0,
        1.0 if u.get("attached_engine") or u.get("embarked") else 0.0,
    ]


def _unit_features(u: dict[str, Any], side: str) -> list[float]:
    h = u.get("hex")
    col = row = 0.0
    if isinstance(h, str) and len(h) == 4 and h.isdigit():
        col, row = int(h[:2]) / 50.0, int(h[2:]) / 50.0
    owner = u.get("player") or u.get("side")
    melee = str(u.get("melee") or "").upper()
    missile = str(u.get("missile") or "").upper()
    return [
        1.0 if h is not None and u.get("where", "map") == "map" else 0.0,
        col, row,
        1.0 if owner == side else -1.0,
        1.0 if u.get("kind") == "leader" else 0.0,
        1.0 if u.get("reduced") else 0.0,
        1.0 if u.get("disrupted") else 0.0,
        1.0 if u.get("moved") else 0.0,
        LETTER.get(melee, 0.0),
        LETTER.get(missile, 0.0),
        float(u.get("armour") or 0) / 4.0,
        MORALE.get(str(u.get("morale") or "").upper(), 0.0),
    ]


class RingwarEnv(AECEnv):
    """PettingZoo AEC environment; see the module doc."""

    metadata = {"name": "ringwar_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, system: str = "sauron", seed: int = 0, options: dict[str, Any] | None = None,
                 max_actions: int | None = None, max_steps: int = 50_000,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.system = system
        # an environment plays unattended: the system's SIMULATION_OPTIONS unless overridden
        self.game_options = unattended_options(system, options)
        self._seed = seed
        self.max_steps = max_steps
        self.render_mode = render_mode
        probe = ringwar.new_game(system, seed=seed, options=self.game_options)
        self.possible_agents = list(probe.sides)
        self.roster = sorted(u["id"] for u in probe.view(None).get("units", ()))
        self._slot = {pid: i for i, pid in enumerate(self.roster)}
        # a system may declare the longest legal list it offers (``MAX_LEGAL_ACTIONS``)
        self.n_actions = max_actions or getattr(probe, "MAX_LEGAL_ACTIONS", None) or (
            1024 if "demoralization" in probe.view(None) else 256)
        self.obs_size = len(self.roster) * UNIT_FEATURES + GLOBAL_FEATURES
        self.phases = list(getattr(probe, "PHASES", ()))
        self.game = probe
        self.agents: list[str] = []

    # ----- spaces --------------------------------------------------------------------------
    @functools.cache  # noqa: B019 - one space per agent, as PettingZoo expects
    def observation_space(self, agent: str) -> spaces.Space:
        return spaces.Dict({
            "observation": spaces.Box(-1.0, np.inf, shape=(self.obs_size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(self.n_actions,), dtype=np.int8),
        })

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space:
        return spaces.Discrete(self.n_actions)

    # ----- the loop ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = seed
        self.game = ringwar.new_game(self.system, seed=self._seed, options=self.game_options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self._legal: list[dict[str, Any]] | None = None
        self.agent_selection = self.game.to_act or self.agents[0]

    def legal_actions(self) -> list[dict[str, Any]]:
        """The legal actions in slot order (action ``k`` is ``legal_actions()[k]``)."""
        if self._legal is None:
            self._legal = sorted(self.game.legal_actions(), key=lambda a: repr(action_key(a)))[: self.n_actions]
        return self._legal

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        view = self.game.view(agent)
        obs = np.zeros(self.obs_size, dtype=np.float32)
        table = view.get("table") if view.get("board") == "table" else None
        for u in view.get("units", ()):
            i = self._slot.get(u.get("id"))
            if i is not None:
                obs[i * UNIT_FEATURES:(i + 1) * UNIT_FEATURES] = (
                    _table_features(u, agent, table) if table is not None else _unit_features(u, agent))
        g = len(self.roster) * UNIT_FEATURES
        last = float(view.get("last_turn") or 30)
        turn = float(view.get("turn") or view.get("round") or 0)
        obs[g] = turn / max(1.0, last)
        if view.get("phase") in self.phases:
            obs[g + 1] = self.phases.index(view["phase"]) / max(1, len(self.phases))
        obs[g + 2] = 1.0 if view.get("to_act") == agent else 0.0
        obs[g + 3] = 1.0 if view.get("night") else 0.0
        k = g + 4
        limits = view.get("demoralized_at") or {}
        for army, d in sorted((view.get("demoralization") or {}).items())[:6]:
            if isinstance(d, dict):
                obs[k] = min(2.0, d.get("points", 0) / max(1, d.get("level") or 1))
                obs[k + 1] = 1.0 if d.get("demoralized") else 0.0
            elif isinstance(d, int | float):   # points, with the thresholds beside them
                level = float(limits.get(army) or 1)
                obs[k] = max(-1.0, min(2.0, float(d) / level))
                obs[k + 1] = 1.0 if d >= level else 0.0
            k += 2
        mask = np.zeros(self.n_actions, dtype=np.int8)
        if agent == self.agent_selection and self.game.result is None:
            mask[: len(self.legal_actions())] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self.legal_actions()
        if action is None or not 0 <= int(action) < len(legal):
            raise ValueError(f"action {action!r} is not one of the {len(legal)} legal slots (see action_mask)")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(legal[int(action)])
        self._legal = None
        self.steps += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        result = self.game.result
        if result is not None:
            winner = result.get("winner")
            for a in self.agents:
                self.rewards[a] = 0.0 if winner is None else (1.0 if a == winner else -1.0)
                self.terminations[a] = True
                self.infos[a] = {"result": result}
        elif self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        self._accumulate_rewards()
        if result is None and not any(self.truncations.values()):
            self.agent_selection = self.game.to_act or agent
        else:
            self.agent_selection = self._next_alive(agent)

    def _next_alive(self, agent: str) -> str:
        i = self.agents.index(agent)
        return self.agents[(i + 1) % len(self.agents)]

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            v = self.game.view(None)
            return f"{self.system} turn {v.get('turn')} phase {v.get('phase')}: {self.agent_selection} to act"
        return None

    def close(self) -> None:
        pass
