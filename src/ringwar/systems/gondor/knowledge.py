"""What the shared rules of thumb and evaluation (:mod:`ringwar.ai`) may know of the siege
of Minas Tirith: public facts of the map and the rule book only (``GondorGame.ai_facts``;
the keys are listed in :mod:`ringwar.ai.knowledge`)."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from ...core.hexmap import HexMap


@cache
def facts() -> dict[str, Any]:
    data = resources.files("ringwar.data.gondor")
    with resources.as_file(data.joinpath("map.toml")) as p:
        m = HexMap.from_toml(p)
    with data.joinpath("scenario.toml").open("rb") as f:
        scenario = tomllib.load(f)
    city: set[str] = set()
    for k in range(1, 8):
        city.update(m.places.get(f"level_{k}", ()))
    walls = set()
    for key, side in m.sides().items():
        if side.get("kind") in ("wall", "tower", "gate"):
            walls.update(h for h in key.split("/") if h in city)
    road = ["1918", "2124"]                                           # [20.1]
    main_gate = list(m.places.get("gate_hexes", ["1910"]))[:1]
    # [13.2] [19.12] the garrison is what the Westernesse sets up; the relief arrives [14.2]
    garrison: set[str] = set()
    for d in scenario.get("deploy", ()):
        if d.get("side") == "westernesse":
            garrison.update(t for t, _ in d.get("units", ()))
            garrison.update(d.get("leaders", ()))
            garrison.update(t for t, _ in d.get("equipment", ()))
    garrison.update(s.get("type", "") for s in scenario.get("setup", ()))
    return {
        # [19.12] the garrison and the relief are Westernesse's armies
        "armies": {"garrison": "westernesse", "relief": "westernesse", "sauron": "sauron"},
        "objectives": {"sauron": road + main_gate, "westernesse": road},
        "hold": {"westernesse": frozenset(city)},
        "walls": frozenset(walls),
        "posture": {"westernesse": "hold", "sauron": "attack"},
        "road": road,
        # [20.1] Sauron wins only if he was the last to pass the road hexes: his units bar them
        "road_holder": "sauron",
        "main_gate": main_gate[0] if main_gate else "1910",
        "level": {h: k for k in range(1, 8) for h in m.places.get(f"level_{k}", ())},
        "garrison": {"westernesse": frozenset(garrison)},
    }
