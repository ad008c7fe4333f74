"""A position builder for the rule tests of the Siege of Minas Tirith [MT §5-§9].

``Table(seed)`` starts a game, skips the set-up (``deploy_done`` twice), and then lets a test
clear the table and place exactly the pieces it needs, set the card, the active side, the
pips, the bank and the deck, and force the dice::

    t = Table()
    t.clear()
    t.unit("G3", 100, 60, 0)                 # centre, heading; files=, formation=, order=
    t.unit("M1", 110, 60, 180)
    t.round("west", card="infantry_move", pips=10)
    dice = t.force(4, (20, 13))              # a bare value fits any die; (sides, value) checks
    t.act("G3", {"type": "move", "unit": "G3", "path": "m0:5"})
    dice.done()                              # every forced value was used

Positions are edited directly (they are not in the record), so the engine must never need to
rebuild itself from the record: :class:`Table` turns such a rebuild (``_restore``, which the
core runs when an action fails half-way) into a test failure.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

import ringwar
from ringwar import IllegalAction
from ringwar.core.dice import Dice

SYSTEM = "minas-tirith"


def rule(*sections: str) -> pytest.MarkDecorator:
    """``@rule("§7.5.6")``: the [MT] case a test exercises (tools/rules_coverage.py)."""
    return pytest.mark.rule(SYSTEM, *sections)


class ForcedDice(Dice):
    """Dice that return queued values; a test fails if the engine asks for a die after the
    queue is empty (unless ``then_random``) or a die of the wrong size.

    Each queued value is a bare int (any die it fits) or ``(sides, value)``."""

    __slots__ = ("queue", "used", "then_random")

    def __init__(self, values: list[Any], base: Dice, then_random: bool = False) -> None:
        super().__init__(0, state=base.state, count=base.count)
        self.queue = list(values)
        self.used: list[tuple[int, int]] = []
        self.then_random = then_random

    def die(self, sides: int = 6) -> int:
        if not self.queue:
            if self.then_random:
                v = super().die(sides)
                self.used.append((sides, v))
                return v
            raise AssertionError(f"forced dice exhausted: the engine asked for a d{sides} "
                                 f"(used so far: {self.used})")
        item = self.queue.pop(0)
        if isinstance(item, tuple):
            want, v = item
            if want != sides:
                raise AssertionError(f"forced dice: expected a d{want}, the engine asked for a "
                                     f"d{sides} (used so far: {self.used})")
        else:
            v = item
        if not 1 <= v <= sides:
            raise AssertionError(f"forced value {v} does not fit a d{sides}")
        self.count += 1
        self.used.append((sides, v))
        return v

    def done(self) -> None:
        assert not self.queue, f"forced dice not used: {self.queue}"


class Table:
    """A game past its set-up, with helpers to build a position [MT §6.2]."""

    def __init__(self, seed: int = 1, options: dict[str, Any] | None = None) -> None:
        g = ringwar.new_game(SYSTEM, seed=seed, options=options)
        g.apply({"type": "deploy_done"})
        g.apply({"type": "deploy_done"})

        def no_restore() -> None:
            raise AssertionError("an action failed half-way and the engine tried to rebuild "
                                 "itself from the record (it must refuse before changing anything)")

        g._restore = no_restore  # type: ignore[method-assign]
        self.g = g

    # ----- pieces ------------------------------------------------------------------------
    def clear(self, keep: tuple[str, ...] = ()) -> Table:
        """Park every unit and leader off the table and take every engine away (``keep``
        names pieces to leave where they are)."""
        g = self.g
        for u in g.units.values():
            if u.id not in keep:
                u.on_table = False
                u.embarked = None
                u.engine = None
        for e in g.engines.values():
            if e.id not in keep:
                e.destroyed = True
                e.aboard = []
        for ld in g.leaders.values():
            if ld.id not in keep:
                ld.on_table = False
                ld.attached_to = None
        g.fires = []
        g.waiting = []
        g._after_change()
        return self

    def unit(self, uid: str, x: float, y: float, heading: float = 0.0, *,
             files: int | None = None, formation: str | None = None, order: str | None = None,
             figures: int | None = None, organized: bool = True, loaded: bool = True) -> Any:
        g = self.g
        u = g.units[uid]
        u.on_table = True
        u.embarked = None
        u.x, u.y, u.heading = float(x), float(y), float(heading) % 360.0
        if figures is not None:
            u.figures = figures
        if files is not None:
            u.files = files
        if formation is not None:
            u.formation = formation
        if order is not None:
            u.order = order
        u.files = min(u.files, u.figures)
        u.organized = organized
        u.loaded = loaded
        g._after_change()
        return u

    def front_at(self, uid: str, x: float, y: float, heading: float, **kw: Any) -> Any:
        """Place a unit so that the centre of its front edge is at (x, y)."""
        u = self.unit(uid, x, y, heading, **kw)
        depth = u.ranks * self.g.pitch(u)[1]
        a = math.radians(heading)
        return self.unit(uid, x - math.cos(a) * depth / 2, y - math.sin(a) * depth / 2, heading,
                         **{k: v for k, v in kw.items() if k not in ("figures",)})

    def engine(self, eid: str, x: float, y: float, heading: float = 0.0, *,
               loaded: bool = True) -> Any:
        e = self.g.engines[eid]
        e.destroyed = False
        e.x, e.y, e.heading = float(x), float(y), float(heading) % 360.0
        e.loaded = loaded
        self.g._after_change()
        return e

    def leader(self, lid: str, x: float = 0.0, y: float = 0.0, *, attached_to: str | None = None,
               mount: str | None = None) -> Any:
        ld = self.g.leaders[lid]
        ld.on_table, ld.alive, ld.away_until_check, ld.out_of_action = True, True, False, False
        ld.attached_to = attached_to
        if attached_to is not None:
            u = self.g.units[attached_to]
            x, y = u.x, u.y
        ld.x, ld.y = float(x), float(y)
        if mount is not None:
            ld.mount = mount
        self.g._after_change()
        return ld

    # ----- the turn machine --------------------------------------------------------------
    def round(self, side: str = "west", card: str | None = None, pips: int = 10, *,
              bank: int | None = None, deck: list[str] | None = None, turn: int | None = 2,
              phase_pool: int | None = None) -> Table:
        """Make ``side`` the active side with ``pips`` and ``card`` freshly current; ``deck``
        is the rest of its deck, top card first; ``turn`` (default 2: the Haradrim are free
        to move, [MT §7.1.8])."""
        g = self.g
        g.stage = "round"
        g.active = side
        g.pips = pips
        g.forced_pips = 0
        g.selected = None
        g.rolled = {}
        g.pending = None
        if turn is not None:
            g.turn_no = turn
        if card is not None:
            g.card_no[side] += 1
            g.current[side] = card
        if bank is not None:
            g.bank[side] = bank
        if deck is not None:
            g.decks[side] = list(reversed(deck))     # the engine turns decks[-1]
        if phase_pool is not None:
            g.phase_pool = phase_pool
        g._after_change()
        return self

    def force(self, *values: Any, then_random: bool = False) -> ForcedDice:
        d = ForcedDice(list(values), self.g.dice, then_random=then_random)
        self.g.dice = d
        return d

    # ----- acting ------------------------------------------------------------------------
    def apply(self, action: dict[str, Any]) -> list[dict[str, Any]]:
        return self.g.apply(action)

    def act(self, actor: str, action: dict[str, Any]) -> list[dict[str, Any]]:
        """Select ``actor``, then apply ``action``."""
        ev = self.g.apply({"type": "select", "actor": actor})
        return ev + self.g.apply(action)

    def select(self, actor: str) -> list[dict[str, Any]]:
        return self.g.apply({"type": "select", "actor": actor})

    def menu(self, kind: str | None = None) -> list[dict[str, Any]]:
        return [a for a in self.g.legal_actions() if kind is None or a["type"] == kind]

    def refused(self, action: Any, rule: str | None = None) -> IllegalAction:
        """``action`` raises IllegalAction citing an [MT §...] rule (``rule``: exactly this
        one), and the game is unchanged."""
        g = self.g
        before, n_log, n_rec = g.state_hash(), len(g.log), len(g.record.actions)
        with pytest.raises(IllegalAction) as info:
            g.apply(action)
        assert g.state_hash() == before, "a refused action changed the game"
        assert len(g.log) == n_log and len(g.record.actions) == n_rec
        assert info.value.rule.startswith("[MT §"), f"cites {info.value.rule!r}: {info.value.why}"
        if rule is not None:
            assert info.value.rule == rule, f"cited {info.value.rule} ({info.value.why}), expected {rule}"
        return info.value

    def footprint(self, uid: str) -> Any:
        return self.g.footprint(self.g.units[uid])


def events(evs: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in evs if e["type"] == kind]


def texts(evs: list[dict[str, Any]]) -> str:
    return "\n".join(e["text"] for e in evs)
