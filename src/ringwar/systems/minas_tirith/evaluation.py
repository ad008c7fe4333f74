"""The value of a Siege of Minas Tirith position for the search (``Game.evaluate_view``).

A logistic model of the chance that the side wins, over what its view shows of the
victory conditions [MT §9.4] and of the armies:

- the demoralization points of the Garrison and of the Dark Lord's army over their levels
  [MT §9.3] (recounted at each TURN_END only);
- the figures each army still has on the table (the Garrison's, the Relief's, the Dark
  Lord's, each over its full strength): losses show here at once, not only at TURN_END;
- the city sectors the Dark Lord controls, whether he holds the road (both checkpoints),
  whether the Great Gate is broken, and the turn.

The weights are in ``data/evaluation.json``, one model per side.  They are **set by hand**
from the victory conditions (the West's are the negation of the Dark Lord's): games between
the rules of thumb cannot be fitted on, since the West wins every one of them (20 of 20);
``tools/fit_evaluation.py --system minas-tirith`` refits them, in the format the War of the
Ring's fitted model uses, once the Dark Lord's play wins games.  Everything comes from the
side's view.
"""

from __future__ import annotations

from typing import Any

from ...core import learned

DARK = "dark-lord"
#: the features, in the order of the weights in ``data/evaluation.json``
FEATURES = ("bias", "turn", "garrison_points", "dark_points", "garrison_figures",
            "relief_figures", "dark_figures", "sectors", "road", "gate")
#: each army's full strength in figures [MT §9.3] (twice its demoralization level)
STRENGTH = {"garrison": 136.0, "relief": 108.0, DARK: 314.0}


def features(view: dict[str, Any]) -> list[float]:
    """The model's inputs from ``view`` (see :data:`FEATURES`)."""
    from .data import load
    D = load()
    points = view.get("demoralization") or {}
    level = view.get("demoralized_at") or {}
    figures = {"garrison": 0.0, "relief": 0.0, DARK: 0.0}
    for u in view.get("units", ()):
        army = D.army_of(u["contingent"])
        if army in figures:
            figures[army] += float(u.get("figures") or 0)
    sectors = view.get("sector_control") or {}
    checkpoints = view.get("checkpoints") or {}
    road = bool(checkpoints) and all(v == DARK for v in checkpoints.values())

    def frac(army: str) -> float:
        return min(1.5, float(points.get(army, 0)) / max(1.0, float(level.get(army) or 1)))

    return [1.0, float(view.get("turn") or 0) / 10.0, frac("garrison"), frac(DARK),
            figures["garrison"] / STRENGTH["garrison"], figures["relief"] / STRENGTH["relief"],
            figures[DARK] / STRENGTH[DARK],
            sum(1 for v in sectors.values() if v == DARK) / max(1, len(sectors)),
            1.0 if road else 0.0, 1.0 if view.get("great_gate_broken") else 0.0]


def seat_kind(side: str) -> str:
    """Which model a side uses: its own."""
    return side


def evaluate_view(view: dict[str, Any], side: str) -> float:
    """The value of ``view`` for ``side`` in [-1, 1]: 2 P(``side`` wins) - 1."""
    return learned.value(learned.weights(__package__, FEATURES)[seat_kind(side)], features(view))
