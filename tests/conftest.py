"""Shared helpers for the rule tests (tests/spi, tests/sauron).

Rule tests build small positions with :class:`ringwar.systems.spi.builder.Position` and
check one numbered case each.  Dice outcomes are forced with :func:`rig`, which swaps the
game's generator for one that returns the listed values in order (the rest of the game is
unchanged), so a test of "die 3 on morale Y gives ½E, r1" needs no seed search.
"""

from __future__ import annotations

from typing import Any

import pytest

from ringwar import IllegalAction
from ringwar.core import hexes as hx
from ringwar.core.dice import Dice
from ringwar.systems.spi.builder import Position

__all__ = ["Position", "rig", "illegal", "dests", "move_options", "acts", "play", "events_of", "nbrs",
           "melee", "to_melee",
           "find_seed", "seek_battle", "mixed_play"]


class RiggedDice(Dice):
    """Dice that return the given values in order; once used up, they roll normally."""

    __slots__ = ("queue", "used")

    def __init__(self, values: list[int], base: Dice) -> None:
        super().__init__(0, state=base.state, count=base.count)
        self.queue = list(values)
        self.used: list[int] = []

    def die(self, sides: int = 6) -> int:
        if self.queue:
            v = self.queue.pop(0)
            assert 1 <= v <= sides, f"rigged value {v} does not fit a d{sides}"
            self.count += 1
            self.used.append(v)
            return v
        v = super().die(sides)
        self.used.append(v)
        return v


def rig(game: Any, *values: int) -> RiggedDice:
    """Make the next dice thrown in ``game`` come up ``values`` (2d6 = two values)."""
    d = RiggedDice(list(values), game.dice)
    game.dice = d
    return d


def illegal(game: Any, action: Any, rule: str | None = None) -> IllegalAction:
    """Assert ``action`` is refused (citing ``rule``) and the game is left unchanged."""
    before = game.state_hash()
    n_log = len(game.log)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert game.state_hash() == before, "a refused action changed the game"
    assert len(game.log) == n_log
    if rule is not None:
        assert info.value.rule == rule, f"cited {info.value.rule} ({info.value.why}), expected {rule}"
    return info.value


def acts(game: Any, kind: str | None = None, unit: str | None = None) -> list[dict[str, Any]]:
    return [a for a in game.legal_actions() if (kind is None or a["type"] == kind)
            and (unit is None or a.get("unit") == unit)]


def move_options(game: Any, unit: str) -> list[dict[str, Any]]:
    """What ``unit`` may do if picked to move now: the engine lists a unit's moves once it is
    selected (``select`` then ``move``); a ``move`` given directly is the same choice."""
    legal = game.legal_actions()
    direct = [a for a in legal if a.get("unit") == unit and a["type"] in ("move", "split", "exit")]
    if direct or {"type": "select", "unit": unit} not in legal:
        return direct
    return game.decision_actions({"kind": "move", "side": game.units[unit].side, "unit": unit})


def dests(game: Any, unit: str) -> set[str]:
    """Hexes ``unit`` may move to now (legal moves)."""
    return {a["to"] for a in move_options(game, unit) if a["type"] == "move"}


def play(game: Any, *actions: dict[str, Any]) -> list[dict[str, Any]]:
    """Apply actions in order; return all their events."""
    out: list[dict[str, Any]] = []
    for a in actions:
        out.extend(game.apply(a))
    return out


def events_of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def nbrs(h: str) -> set[str]:
    return set(hx.neighbours(h))


def find_seed(build: Any, wanted: Any, seeds: range = range(1, 400)) -> int:
    """The first seed for which ``wanted(build(seed))`` is true (for outcomes that depend on
    the game's own dice where rigging is not wanted)."""
    for s in seeds:
        if wanted(build(s)):
            return s
    raise AssertionError("no seed in range gives the wanted outcome")


def mixed_play(game: Any, seed: int, thumb: float) -> Any:
    """The decisions of ``game`` played on by a mix of random choices and, with probability
    ``thumb``, the rules of thumb (which bring the armies to grips: random Dagorlads meet
    seldom, random sieges seldom reach the walls), at most 1,500 decisions with the rules of
    thumb, 3,000 without.  Yields ``(legal, rng, pick)`` at each: the caller looks at the
    position, then applies an action before asking for the next, ``pick()`` (the mix's
    choice, drawn from ``rng``) or its own."""
    import random

    from ringwar.ai import agent_seed, make_agent
    agents = {s: make_agent("heuristic", agent_seed(seed, k)) for k, s in enumerate(game.sides)}
    rng = random.Random(seed)
    for _ in range(1500 if thumb else 3000):
        if game.result is not None:
            return
        legal = game.legal_actions()

        def pick(legal: list[dict[str, Any]] = legal) -> dict[str, Any]:
            side = game.to_act
            return agents[side].choose(game.view(side), legal) if rng.random() < thumb else rng.choice(legal)

        yield legal, rng, pick


def seek_battle(game: Any, rng: Any, fights: tuple[str, ...], end_rate: float = 0.0) -> dict[str, Any]:
    """A random SPI player that seeks battle, so that every phase, step and decision comes up:
    a fight when there is one (90 %), else a move towards the nearest enemy (70 %), else (at
    ``end_rate``) the end of the step, else anything legal."""
    acts_now = game.legal_actions()
    fighting = [a for a in acts_now if a["type"] in fights]
    if fighting and rng.random() < 0.9:
        return rng.choice(fighting)
    moves = [a for a in acts_now if a["type"] == "move"]
    if moves and rng.random() < 0.7:
        me = game.units[moves[0]["unit"]]
        enemies = [p.hex for p in game.units.values() if p.on_map and p.side != me.side]
        if enemies:
            return min(moves, key=lambda a: (min(hx.distance(a["to"], e) for e in enemies), rng.random()))
    if end_rate:
        ends = [a for a in acts_now if a["type"] == "end"]
        if ends and rng.random() < end_rate:
            return ends[0]
    return rng.choice(acts_now)


# ----- PostgreSQL ----------------------------------------------------------------------------
@pytest.fixture(scope="session")
def pg_cluster() -> Any:
    """A throwaway PostgreSQL cluster for this test session (each xdist worker starts its
    own), on a free loopback port; skipped where PostgreSQL's server is not installed (./test
    installs Debian's ``postgresql``) or RINGWAR_TEST_POSTGRES=0."""
    import os

    from ringwar.server import pgcluster

    if os.environ.get("RINGWAR_TEST_POSTGRES") == "0":
        pytest.skip("RINGWAR_TEST_POSTGRES=0")
    if not pgcluster.available():
        pytest.skip("PostgreSQL is not installed (./test installs Debian's postgresql)")
    with pgcluster.PostgresCluster() as pg:
        yield pg


@pytest.fixture
def pg_url(pg_cluster: Any) -> str:
    """A new empty schema in the session's PostgreSQL cluster: a database of the test's own."""
    return str(pg_cluster.new_schema_url())


def to_melee(game: Any) -> None:
    """End steps until the Melee step of the Combat Phase."""
    while game.step != "melee":
        play(game, {"type": "end"})


def melee(game: Any, attacker: str, target: str, *dice: int) -> list[dict[str, Any]]:
    """Declare ``attacker``'s melee on ``target`` and resolve it (dice rigged if given)."""
    if dice:
        rig(game, *dice)
    return play(game, {"type": "attack", "unit": attacker, "target": target}, {"type": "resolve"})
