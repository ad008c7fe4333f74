"""Mobilization [WR §6.2] [WR §V24]: which nations go to war, and when.

A nation mobilizes in the phase its trigger happens.  The triggers are data (``forces.toml``,
each nation's ``triggers``): timed ones (``turn``: at the start of a turn; ``after``: n turns
after another nation, e.g. Gondor at M+2; ``with``: together with another) are checked in the
Events phase; event ones (``spotted``, ``ring-on``, ``enemy-enters``, ``attacked``, ``card``,
``declared``, ``character-ends-move``) are reported by the game as they happen.

``mobilized`` maps a nation code to the turn it mobilized: M is ``mobilized["MOR"]``, I
``mobilized["ISE"]`` ... the clocks of the arrival schedule [WR §0.2].
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .data import Definition, Trigger


def timed(D: Definition, turn: int, mobilized: Mapping[str, int]) -> list[tuple[str, Trigger]]:
    """Nations whose timed trigger has come at the start of ``turn`` [WR §9] 2a, with the
    trigger (for the log).  ``with`` follows its nation at once; iterate to a fixed point."""
    out: list[tuple[str, Trigger]] = []
    done = dict(mobilized)
    changed = True
    while changed:
        changed = False
        for code, nation in D.nations.items():
            if code in done:
                continue
            for t in nation.triggers:
                hit = (t.kind == "turn" and t.turn is not None and turn >= t.turn) or \
                      (t.kind == "after" and t.nation in done and t.delay is not None
                       and turn >= done[t.nation] + t.delay) or \
                      (t.kind == "with" and t.nation in done)
                if hit and all(r in done for r in t.requires):
                    done[code] = turn
                    out.append((code, t))
                    changed = True
                    break
    return out


def on_event(D: Definition, kind: str, mobilized: Mapping[str, int], *,
             area: str | None = None, hex_: str | None = None, nation: str | None = None,
             card: str | None = None, character: str | None = None,
             targets: Iterable[str] = (), orc_only_strength: int | None = None,
             revealed: bool = True, terrain: str | None = None,
             side: str | None = None) -> list[tuple[str, Trigger]]:
    """Nations an event mobilizes [WR §6.2].

    - ``spotted`` (``targets``: "ring-bearer", "hobbit"): a search or interception spot;
    - ``ring-on``: the Ring put on anywhere;
    - ``enemy-enters`` (``area``, ``hex_``, ``terrain``: a territory may be only the forest of
      its areas; ``orc_only_strength`` when every entering unit is an Orc, for Rohan's
      exemption of 10 strength or less [WR §V24]; ``side``: the entering units' side, "free"
      or "dark" — only a nation of the other side is entered by an enemy; None: any side);
    - ``attacked`` (``nation``: the nation of a unit attacked);
    - ``card``; ``declared`` (``nation``); ``character-ends-move`` (``character``, ``area``).
    """
    out: list[tuple[str, Trigger]] = []
    targets = set(targets)
    for code, n in D.nations.items():
        if code in mobilized:
            continue
        for t in n.triggers:
            if t.kind != kind or not all(r in mobilized for r in t.requires):
                continue
            if kind == "spotted" and not (targets & set(t.targets)):
                continue
            if kind == "enemy-enters":
                if side is not None and n.side == side:
                    continue                     # [WR §6.2] an ENEMY (a Free) army unit enters
                areas = t.areas or n.territory.areas
                hexes = n.territory.hexes if not t.areas else ()
                inside = (area in areas) or (hex_ in hexes)
                if not inside or (not t.areas and n.territory.terrain is not None
                                  and terrain != n.territory.terrain and hex_ not in hexes):
                    continue
                if t.exempt_orc_strength is not None and orc_only_strength is not None \
                        and orc_only_strength <= t.exempt_orc_strength:
                    continue                                           # [WR §V24]
            if kind == "attacked" and nation != code:
                continue
            if kind == "card" and card not in t.cards:
                continue
            if kind == "declared" and nation != code:
                continue
            if kind == "character-ends-move":
                if character not in t.characters:
                    continue
                if t.areas and area not in t.areas:
                    continue
                if t.hexes and hex_ not in t.hexes:
                    continue
                if t.revealed and not revealed:
                    continue
            out.append((code, t))
            break
    return out
