"""What the AI knows about each system's scenario: public facts only (the map, who owns which
army, where the objectives are), never anything a view hides.

The rule book and the map are public: every player may read them.  This module turns them
into the few facts the heuristic and the evaluation need:

- ``armies``: demoralization army -> side (Gondor's garrison and relief belong to
  Westernesse [19.12]);
- ``objectives``: side -> hexes that side wants to take or keep (Gondor: the road hexes of
  [20.1] and the Main Gate; Sauron: the Gates of Morannon that Westernesse marches on);
- ``hold``: side -> hexes its units should not leave once inside (Gondor's city for the
  garrison), and ``walls``: hexes beside a wall, tower or gate hexside (worth holding);
- Gondor only: ``level`` (city hex -> level), ``garrison`` (the unit types the Westernesse
  sets up [13.2], as against the relief that arrives [14.2]), ``road`` and ``main_gate``.
"""

from __future__ import annotations

from functools import cache
from typing import Any


@cache
def _spi_map(package: str) -> Any:
    from importlib import resources

    from ..core.hexmap import HexMap

    path = resources.files(f"ringwar.data.{package}").joinpath("map.toml")
    with resources.as_file(path) as p:
        return HexMap.from_toml(p)


@cache
def _scenario(package: str) -> dict[str, Any]:
    import tomllib
    from importlib import resources

    with resources.files(f"ringwar.data.{package}").joinpath("scenario.toml").open("rb") as f:
        return tomllib.load(f)


@cache
def facts(system: str) -> dict[str, Any]:
    """Public scenario facts for ``system`` (empty structures for systems without any)."""
    out: dict[str, Any] = {"armies": {}, "objectives": {}, "hold": {}, "walls": frozenset(),
                           "posture": {}, "style": {}}
    if system == "sauron":
        m = _spi_map("sauron")
        out["armies"] = {"westernesse": "westernesse", "sauron": "sauron"}
        # [18.0] [21.12] the Gates of Morannon; both hosts seek battle on Dagorlad
        gate = m.places.get("mordor", ["1331"])
        out["objectives"] = {"westernesse": list(gate), "sauron": []}
        # [21.2] Sauron wins by not being demoralized: he gives battle only at an advantage
        out["posture"] = {"westernesse": "attack", "sauron": "evade"}
        # the hunter must close while there is time (measured: docs/ai.md, "Styles")
        out["style"] = {"westernesse": "bold"}
        out["critical"] = frozenset({"sauron"})      # [20.1] slain, his army is demoralized
    elif system == "gondor":
        m = _spi_map("gondor")
        out["armies"] = {"garrison": "westernesse", "relief": "westernesse", "sauron": "sauron"}
        city: set[str] = set()
        for k in range(1, 8):
            city.update(m.places.get(f"level_{k}", ()))
        walls = set()
        for key, side in m.sides().items():
            if side.get("kind") in ("wall", "tower", "gate"):
                walls.update(h for h in key.split("/") if h in city)
        road = ["1918", "2124"]                                           # [20.1]
        main_gate = list(m.places.get("gate_hexes", ["1910"]))[:1]
        out["objectives"] = {"sauron": road + main_gate, "westernesse": road}
        out["hold"] = {"westernesse": frozenset(city)}
        out["walls"] = frozenset(walls)
        out["posture"] = {"westernesse": "hold", "sauron": "attack"}
        out["road"] = road
        out["main_gate"] = main_gate[0] if main_gate else "1910"
        out["level"] = {h: k for k in range(1, 8) for h in m.places.get(f"level_{k}", ())}
        # [13.2] [19.12] the garrison is what the Westernesse sets up; the relief arrives [14.2]
        scenario = _scenario("gondor")
        garrison: set[str] = set()
        for d in scenario.get("deploy", ()):
            if d.get("side") == "westernesse":
                garrison.update(t for t, _ in d.get("units", ()))
                garrison.update(d.get("leaders", ()))
                garrison.update(t for t, _ in d.get("equipment", ()))
        garrison.update(s.get("type", "") for s in scenario.get("setup", ()))
        out["garrison"] = frozenset(garrison)
    elif system == "battle-of-the-ring":
        out["posture"] = {}
    return out


def side_of_army(system: str, army: str) -> str:
    return facts(system)["armies"].get(army, army)
