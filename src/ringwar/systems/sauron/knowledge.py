"""What the shared rules of thumb and evaluation (:mod:`ringwar.ai`) may know of Dagorlad:
public facts of the map and the rule book only (``SauronGame.ai_facts``; the keys are
listed in :mod:`ringwar.ai.knowledge`)."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from ...core.hexmap import HexMap


@cache
def facts() -> dict[str, Any]:
    path = resources.files("ringwar.data.sauron").joinpath("map.toml")
    with resources.as_file(path) as p:
        m = HexMap.from_toml(p)
    # [18.0] [21.12] the Gates of Morannon; both hosts seek battle on Dagorlad
    gate = m.places.get("mordor", ["1331"])
    return {
        "armies": {"westernesse": "westernesse", "sauron": "sauron"},
        "objectives": {"westernesse": list(gate), "sauron": []},
        # [21.2] Sauron wins by not being demoralized: he gives battle only at an advantage
        "posture": {"westernesse": "attack", "sauron": "evade"},
        # the hunter must close while there is time (measured: docs/ai.md, "Styles")
        "style": {"westernesse": "bold"},
        "critical": frozenset({"sauron"}),      # [20.1] slain, his army is demoralized
        # [21.2] the side that wins by not being demoralized, and the other side
        "survivor": ("sauron", "westernesse"),
    }
