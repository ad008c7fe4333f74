"""The value of a War of the Ring position for the search (``WarOfTheRingGame.evaluate_view``).

The game is a race [WR §13.1]: the Ring-bearer walks to Mount Doom while the Dark Power
hunts him and takes the objectives.  The value is a logistic model of the chance that the
side wins, over what the side's own view shows (:func:`features`):

- how many turns the Ring-bearer still needs to reach Mount Doom at his Movement Factor
  over the public map (the Fellowship sees where he is; the Dark Power only where he was
  last seen: ``known`` says which);
- whether the Ring is held by the Shadow, or worn;
- how many of the twenty objectives the Dark Power holds ([WR §V22]: 18 win);
- the turn, and the danger around the bearer (enemy armies, characters and Eye sites in and
  beside his hex, as the rules of thumb weigh them).

The weights are fitted offline on games between the rules of thumb
(``tools/fit_evaluation.py --system war-of-the-ring``, which needs the ``rl`` extra's numpy) and shipped in
``data/evaluation.json``; loading them needs nothing but the standard library.  One model
per seat kind: the Fellowship's, and the Shadow's (the Dark Power player's; the Sauron and
Saruman players of the three-player game use it too, an approximation: their aims differ).
Everything comes from the view, so the value never reads what the side may not see.
"""

from __future__ import annotations

from typing import Any

from ...core import hexes as hx
from ...core import learned

FELLOWSHIP = "fellowship"
MOUNT_DOOM = "3324"
#: turns to Mount Doom counted at most (farther is as bad)
MAX_TURNS = 12.0
#: the features, in the order of the weights in ``data/evaluation.json``
FEATURES = ("bias", "turn", "doom_turns", "known", "captured", "worn", "objectives", "danger")


def _bearer_hex(view: dict[str, Any]) -> tuple[str | None, float, bool]:
    """Where the side's view puts the Ring-bearer: (hex, Movement Factor, seen now)."""
    ring = view.get("ring") or {}
    chars = {c["id"]: c for c in view.get("characters", ())}
    bid = ring.get("bearer") or "frodo"
    c = chars.get(bid) or chars.get("frodo") or {}
    mf = float(c.get("mf") or 5) or 5.0
    if c.get("hex"):
        return c["hex"], mf, True
    return c.get("last_seen"), mf, False


def features(view: dict[str, Any]) -> list[float]:
    """The model's inputs from ``view`` (see :data:`FEATURES`)."""
    from .ai import _Ctx, to_field
    ring = view.get("ring") or {}
    flags = view.get("flags") or {}
    h, mf, known = _bearer_hex(view)
    doom = MAX_TURNS
    danger = 0.0
    if h:
        field = to_field(MOUNT_DOOM, "character", flags.get("passes") == "open")
        doom = min(MAX_TURNS, field.get(h, 1e9) / max(1.0, mf))
        pen = _Ctx(view).danger()
        danger = pen.get(h, 0.0) + 0.5 * sum(pen.get(n, 0.0) for n in hx.neighbours(h))
    captured = ring.get("held_by") not in (None, FELLOWSHIP)
    objectives = float((view.get("grip") or {}).get("sauron_objectives") or 0)
    return [1.0, float(view.get("turn") or 1) / 10.0, doom / MAX_TURNS, 1.0 if known else 0.0,
            1.0 if captured else 0.0, 1.0 if ring.get("worn") else 0.0, objectives / 20.0,
            min(danger, 20.0) / 10.0]


def seat_kind(side: str) -> str:
    """Which model a seat uses: the Fellowship's, or the Shadow's."""
    return "fellowship" if side == FELLOWSHIP else "shadow"


def evaluate_view(view: dict[str, Any], side: str) -> float:
    """The value of ``view`` for ``side`` in [-1, 1]: 2 P(``side`` wins) - 1."""
    return learned.value(learned.weights(__package__, FEATURES)[seat_kind(side)], features(view))
