"""What the AI knows about each system's scenario: public facts only (the map, who owns which
army, where the objectives are), never anything a view hides.

The rule book and the map are public: every player may read them.  Each system gives its
facts from its own package (``Game.ai_facts``, e.g. ``systems/gondor/knowledge.py``); this
module fills in the keys a system leaves out, for the shared rules of thumb
(:mod:`ringwar.ai.heuristic`) and evaluation (:mod:`ringwar.ai.evaluate`):

- ``armies``: demoralization army -> side (Gondor's garrison and relief belong to
  Westernesse [19.12]);
- ``objectives``: side -> hexes that side wants to take or keep;
- ``hold``: side -> hexes its units should not leave once inside, and ``walls``: hexes
  beside a wall, tower or gate hexside (worth holding);
- ``posture`` (side -> "attack" | "hold" | "evade"), ``style`` (side -> a default style of
  :data:`ringwar.ai.heuristic.STYLES`), ``critical`` (leaders whose loss demoralizes);
- ``survivor``: (the side that wins by not being demoralized, the other side), if any;
- ``road`` and ``road_holder`` (hexes a side wins by holding last), ``main_gate``, ``level``
  (city hex -> level), ``garrison`` (unit types set up rather than arriving).
"""

from __future__ import annotations

from functools import cache
from typing import Any

DEFAULTS: dict[str, Any] = {"armies": {}, "objectives": {}, "hold": {}, "walls": frozenset(),
                            "posture": {}, "style": {}}


@cache
def facts(system: str) -> dict[str, Any]:
    """Public scenario facts for ``system`` (empty structures for a system without any)."""
    out = dict(DEFAULTS)
    if system:
        from ..core.engine import system_class
        try:
            cls = system_class(system)
        except Exception:
            cls = None
        if cls is not None:
            out.update(cls.ai_facts())
    return out


def side_of_army(system: str, army: str) -> str:
    return facts(system)["armies"].get(army, army)
