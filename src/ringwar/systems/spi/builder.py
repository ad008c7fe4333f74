"""A position builder for tests and analysis: a rule case in a six-line setup.

>>> from ringwar.systems.spi.builder import Position
>>> pos = Position("sauron").clear().at(turn=3, phase="D")
>>> w = pos.place("warg", "1324")
>>> m = pos.place("men", "1323")
>>> game = pos.game()
>>> game.units[w].hex, game.phase
('1324', 'D')

The position is recorded as the game record's ``setup``, so a built game replays like any
other.
"""

from __future__ import annotations

from typing import Any

from ...core.engine import Game, new_game


class Position:
    def __init__(self, system: str = "sauron", seed: int = 1, options: dict[str, Any] | None = None) -> None:
        self.system = system
        self.seed = seed
        self.options = dict(options or {})
        self._base = new_game(system, seed=seed, options=self.options)
        self.setup: dict[str, Any] = {"place": []}
        self._used: dict[str, int] = {}
        self._cleared = False

    def clear(self) -> Position:
        """Start from an empty map: every scenario unit is removed."""
        self.setup["clear"] = True
        self._cleared = True
        return self

    def place(self, what: str, hex_: str, **state: Any) -> str:
        """Place a unit (by type, e.g. ``"warg"``) or a leader / unit (by id) on a hex; returns
        its id.  ``state`` may set reduced, disrupted, moved, fired, attacked."""
        units = self._base.units
        if what in units and what not in self._base.sc.types:
            pid = what
        else:
            if what not in self._base.sc.types:
                raise KeyError(f"unknown unit type or id {what!r}")
            k = self._used.get(what, 0)
            while True:
                k += 1
                pid = f"{what}{k}"
                taken = pid in units and not self._cleared and units[pid].on_map
                if not taken and pid not in [p["id"] for p in self.setup["place"]]:
                    break
            self._used[what] = k
        item = {"id": pid, "hex": hex_, **state}
        if pid not in units:
            item["type"] = what
        self.setup["place"].append(item)
        return pid

    def formation(self, a: str, b: str, kind: str) -> Position:
        for item in self.setup["place"]:
            if item["id"] == a:
                item.update(formation=kind, partner=b)
            if item["id"] == b:
                item.update(formation=kind, partner=a)
        return self

    def remove(self, pid: str) -> Position:
        self.setup.setdefault("remove", []).append(pid)
        return self

    def at(self, turn: int | None = None, phase: str | None = None, night: bool | None = None) -> Position:
        if turn is not None:
            self.setup["turn"] = turn
        if phase is not None:
            self.setup["phase"] = phase
        if night is not None:
            self.setup.setdefault("night", {})[str(turn or self.setup.get("turn", 1))] = night
        return self

    def demoralization(self, **points: int) -> Position:
        self.setup["dp"] = dict(points)
        return self

    def demoralized(self, **flags: bool) -> Position:
        self.setup["demoralized"] = dict(flags)
        return self

    def victory_points(self, **points: int) -> Position:
        self.setup["vp"] = dict(points)
        return self

    def magic_spent(self, **spent: int) -> Position:
        self.setup["magic_spent"] = dict(spent)
        return self

    def extra(self, **kw: Any) -> Position:
        """System-specific parts (Sauron: pedestal, weapons, spells, beast)."""
        self.setup.update(kw)
        return self

    def game(self) -> Game:
        return new_game(self.system, seed=self.seed, options=self.options, setup=self.setup)
