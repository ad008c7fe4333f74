"""Static evaluation of a position from one side's view (the leaves of the search).

``evaluate(view, side)`` returns a number in [-1, 1]: +1 a won game, -1 a lost one.  For
SPI games it weighs each army's demoralization (points over level, [9.21]), victory points
and the scenario's objectives, in the light of the scenario's victory conditions: at Sauron
([21.2]) only Sauron's demoralization decides the winner (the Alliance's decides between
its victory and a draw), so Sauron's points count several times the Alliance's.  A system
with its own evaluation declares it in its own package (``Game.evaluate_view``: the Battle
of the Ring weighs the Ring and the pieces on the map); a system with neither has no opinion
short of the result (0).  Everything comes from the view, so it never sees what the side may
not see.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from ..core import hexes as hx
from .knowledge import facts, side_of_army


def terminal_value(result: dict[str, Any], side: str) -> float:
    winner = result.get("winner")
    if winner is None:
        return 0.0
    return 1.0 if winner == side else -1.0


def evaluate(view: dict[str, Any], side: str) -> float:
    """The value of ``view`` for ``side`` in [-1, 1]."""
    result = view.get("result")
    if result is not None:
        return terminal_value(result, side)
    system = view.get("system", "")
    own = _own_evaluation(system)
    if own is not None:
        return float(own(view, side))
    if facts(system)["armies"] and "demoralization" in view:
        return _spi(view, side)
    return 0.0


@cache
def _own_evaluation(system: str) -> Any:
    """The system's ``Game.evaluate_view`` (None if it has none)."""
    if not system:
        return None
    from ..core.engine import system_class
    try:
        return system_class(system).evaluate_view
    except Exception:
        return None


def _frac(d: dict[str, Any]) -> float:
    level = max(1, int(d.get("level") or 1))
    return 1.6 if d.get("demoralized") else min(1.4, max(0.0, d.get("points", 0) / level))


def _material(u: dict[str, Any]) -> float:
    """A unit's worth on the map (it has a [9.12] ``value``): halved if reduced, x 0.7 if
    disrupted (a factor 1.0 changes nothing, so it is not applied)."""
    v = float(u["value"] or 0)
    if u.get("reduced"):
        v *= 0.5
    if u.get("disrupted"):
        v *= 0.7
    return v


def _spi(view: dict[str, Any], side: str) -> float:
    system = view.get("system", "")
    survivor = facts(system).get("survivor")      # [21.2]
    if survivor:
        return _survival(view, side, *survivor)
    own: list[float] = []
    enemy: list[float] = []
    for army, d in view["demoralization"].items():
        level = max(1, int(d.get("level") or 1))
        frac = 1.6 if d.get("demoralized") else min(1.4, max(0.0, d.get("points", 0) / level))
        (own if side_of_army(system, army) == side else enemy).append(frac)
    score = (max(enemy) if enemy else 0.0) - (max(own) if own else 0.0)
    score += 0.15 * ((sum(enemy) / len(enemy) if enemy else 0.0) - (sum(own) / len(own) if own else 0.0))
    vp = view.get("victory_points") or {}
    if vp:
        mine = vp.get(side, 0)
        theirs = sum(v for s, v in vp.items() if s != side)
        score += 0.02 * (mine - theirs)
    road = (view.get("exclusive") or {}).get("road")
    if road:
        held = sum(1 for v in road.values() if v == side)
        lost = sum(1 for v in road.values() if v not in (None, side))
        score += 0.08 * (held - lost)
    # material on the map (units and their strength), a weak tiebreak
    me = them = 0.0
    for u in view.get("units", ()):
        if "value" not in u or u.get("where") != "map":
            continue
        v = _material(u)
        if u.get("side") == side:
            me += v
        else:
            them += v
    total = me + them
    if total > 0:
        score += 0.1 * (me - them) / total
    return math.tanh(2.0 * score)


def _survival(view: dict[str, Any], side: str, survivor: str, other: str) -> float:
    """[21.2] at Sauron: the survivor wins unless its army is demoralized; then the other
    side wins unless its own army is demoralized too (a draw).

    Each army's chance of ending demoralized is a logistic function of its points over its
    level, shifted by the share of the game still to play (armies keep losing units:
    ``DRIFT`` of the level over a whole game); the value for the other side is
    P(survivor falls) x P(other stands) - P(survivor stands), so each side's own points
    weigh the most where they threaten to cross the level.  Victory points and material on
    the map break ties."""
    system = view.get("system", "")
    fr = {survivor: 0.0, other: 0.0}
    for army, d in view["demoralization"].items():
        owner = side_of_army(system, army)
        if owner in fr:
            fr[owner] = max(fr[owner], _frac(d))
    last = max(1, int(view.get("last_turn") or 18))
    rem = max(0.0, min(1.0, (last - int(view.get("turn") or 1) + 1) / last))
    p_fall = _fall(fr[survivor] + DRIFT[0] * rem)
    p_other = _fall(fr[other] + DRIFT[1] * rem)
    v_other = p_fall * (1.0 - p_other) - (1.0 - p_fall)
    tie = 0.0
    vp = view.get("victory_points") or {}
    if vp:
        tie += 0.002 * (vp.get(other, 0) - vp.get(survivor, 0))
    # one pass over the units: material on the map by side (in the units' order, as before)
    # and where each side's combat units stand (for the contact below)
    values = {survivor: 0.0, other: 0.0}
    mine: list[str] = []
    theirs: list[str] = []
    for u in view.get("units", ()):
        if u.get("where") != "map":
            continue
        owner = u.get("side")
        if owner == survivor:
            hexes = mine
        elif owner == other:
            hexes = theirs
        else:
            continue
        if "value" in u:
            v = _material(u)
            values[owner] += v
        h = u.get("hex")
        if h and u.get("kind") != "leader":
            hexes.append(h)
    total = values[survivor] + values[other]
    if total > 0:
        tie += 0.05 * (values[other] - values[survivor]) / total
    # contact: the other side must come to grips while there is time to (the survivor keeps away)
    tie += PRESSURE * rem * _contact_of(mine, theirs)
    v = max(-1.0, min(1.0, 0.95 * v_other + tie))
    return v if side == other else -v


def _contact(view: dict[str, Any], survivor: str, other: str) -> float:
    """How close the other side's combat units stand to the survivor's, in [0, 1]: 1 when
    every survivor unit has an enemy beside it, 0 when all are ``REACH`` hexes or more away."""
    mine: list[str] = []
    theirs: list[str] = []
    for u in view.get("units", ()):
        if u.get("where") != "map" or not u.get("hex") or u.get("kind") == "leader":
            continue
        if u.get("side") == survivor:
            mine.append(u["hex"])
        elif u.get("side") == other:
            theirs.append(u["hex"])
    return _contact_of(mine, theirs)


def _contact_of(mine: list[str], theirs: list[str]) -> float:
    """``_contact`` from the hexes of the survivor's units (one entry a unit, in the units'
    order) and of the other side's."""
    if not mine or not theirs:
        return 0.0
    # each distinct hex once (a stack's units share their distance), from distances kept per
    # set of enemy hexes (``hx.nearest``): both sides' evaluations of a position, and
    # positions where the other side stands still, ask the same
    near = hx.nearest(frozenset(theirs))
    total = 0
    for h in mine:
        d = near(h)
        if d < REACH:
            total += REACH - d
    # the sum of max(0.0, REACH - d) is a small whole number, exact in integers as in floats,
    # so the quotient is the same
    return total / ((REACH - 1) * len(mine))


#: the weight of contact in the evaluation, and the distance beyond which it counts nothing
PRESSURE = 0.1
REACH = 8

#: the fraction of its level an army is expected to gain over a whole game (survivor, other)
DRIFT = (0.5, 0.3)


def _fall(frac: float) -> float:
    """The chance that an army at ``frac`` of its level (drift included) ends demoralized."""
    if frac >= 1.6:
        return 1.0
    return 1.0 / (1.0 + math.exp(-(frac - 1.0) / 0.15))
