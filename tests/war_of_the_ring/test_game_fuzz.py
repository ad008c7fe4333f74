"""Whole random games [WR §9] [WR §12] [WR §11.6] [WR §11.7] [WR §10.8]: 2 and 3 players, from
set-up to the end, a random legal action at every decision (an action type first, then one of
its actions: ``done``, ``pass`` and ``stay`` likelier, so that a game of 52 turns takes a few
seconds; ``reveal`` and ``put_on`` unlikely, so that the walkers stay hidden and move about),
with the game's invariants checked after every action:

- no dead end: while there is no result there is a legal action, and none once there is one;
- the 36 Search cards are conserved (deck + discards + the one in use), and the 25 Event cards
  (deck + discards + every hand);
- ``g.captives`` and the characters' ``captive`` flags agree (a captive is alive, held, in the
  hex of its record), both ways;
- every seat's view is plain JSON;
- the Dark Power's view, and every event logged for it, never shows the true hex of a hidden
  walker when that hex differs from every public hex (pieces on the map, places, sites, where
  each hidden walker was last seen, the path of the event's own move);
- the game ends.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest

import ringwar

rule = pytest.mark.rule

#: (players, seed): each a whole game, a few seconds
GAMES = [(2, 101), (2, 202), (3, 303), (3, 404)]
MAX_ACTIONS = 20000


#: how likely each action type is picked (1 if not named): the walkers seldom reveal themselves
#: or put the Ring on, so that hidden movement is exercised
WEIGHTS = {"done": 2.0, "pass": 2.0, "stay": 2.0, "reveal": 0.05, "put_on": 0.2, "claim": 0.2}


def pick(rng: random.Random, acts: list[dict[str, Any]]) -> dict[str, Any]:
    types = sorted({a["type"] for a in acts})
    weights = [WEIGHTS.get(t, 1.0) for t in types]
    t = rng.choices(types, weights)[0]
    return rng.choice([a for a in acts if a["type"] == t])


def dark_seats(g: Any) -> list[str]:
    return [s for s in g.sides if s != "fellowship"]


def hidden_hexes(g: Any) -> set[str]:
    return {c["hex"] for c in g.chars.values() if c["alive"] and c["hidden"] and not c["captive"]
            and c["seat"] == "fellowship" and c["hex"]}


def public_hexes(g: Any, places: set[str]) -> set[str]:
    out = set(places)
    out |= {r["hex"] for r in g.units.values() if r["hex"] and r["str"] > 0}
    for c in g.chars.values():
        if c["seen"]:
            out.add(c["seen"])
        if c["alive"] and c["hex"] and not c["hidden"]:
            out.add(c["hex"])
    out |= {i["hex"] for i in g.captives.values()}
    out |= set(g.control) | set(g.held) | set(g.defence) | set(g.monsters)
    for deck in g.sites.values():
        out |= {k.rstrip("+") for k in deck}
    return out


def strings(x: Any) -> list[str]:
    """Every string in a JSON value, keys included (numbers are counts, never hexes)."""
    if isinstance(x, str):
        return [x]
    if isinstance(x, dict):
        return [s for k, v in x.items() for s in [str(k), *strings(v)]]
    if isinstance(x, (list, tuple)):
        return [s for v in x for s in strings(v)]
    return []


def mentions(x: Any, h: str) -> bool:
    return any(re.search(rf"(?<!\d){h}(?!\d)", s) for s in strings(x))


def check(g: Any, ctx: dict[str, Any], before_hidden: set[str]) -> None:
    # no dead end [WR §9]
    acts = g.legal_actions()
    if g.result is None:
        assert acts, f"no legal action at turn {g.turn} step {g.step}: {g.ask}"
    else:
        assert acts == []
    # the 36 Search cards [WR §11.6]
    search = list(g.decks["search"]) + list(g.discards["search"])
    if g.search is not None:
        search.append(g.search["card"])
    assert sorted(search) == list(range(1, 37)), sorted(search)
    # the 25 Event cards [WR §11.7]
    events = Counter(g.decks["event"]) + Counter(g.discards["event"])
    for hand in g.hands.values():
        events += Counter(hand)
    assert events == ctx["event_cards"], events - ctx["event_cards"] or ctx["event_cards"] - events
    # captives [WR §10.8]
    for cid, info in g.captives.items():
        c = g.chars[cid]
        assert c["captive"] and c["alive"] and c["hex"] == info["hex"], (cid, c, info)
    for cid, c in g.chars.items():
        if c["captive"]:
            assert cid in g.captives, (cid, c)
    # every seat's view is JSON [WR §12]
    views = {s: json.dumps(g.view(s)) for s in g.sides}
    # the Dark Power never sees a hidden walker's true hex [WR §12] [WR §V1]
    public = public_hexes(g, ctx["places"])
    secret = (hidden_hexes(g) | before_hidden) - public
    if secret:
        for s in dark_seats(g):
            v = g.view(s)
            v.pop("recent_log", None)                           # events: checked one by one below
            for h in secret:
                assert not mentions(v, h), f"{h} (hidden) in the view of {s} at {g.turn}/{g.step}"
    for e in g.log[ctx["seen"]:]:
        to = e.get("visible_to")
        if to is not None and to == "fellowship":
            continue
        own = set(e.get("path") or ()) | ({e["hex"]} if isinstance(e.get("hex"), str) else set())
        for h in secret - own:
            assert not mentions(e, h), f"{h} (hidden) in an event for the Dark Power: {e}"
    ctx["seen"] = len(g.log)
    assert views


@rule("war-of-the-ring", "§9", "§12", "§11.6", "§11.7")
@pytest.mark.parametrize("players,seed", GAMES)
def test_a_random_game_keeps_every_invariant_to_its_end(players: int, seed: int) -> None:
    g = ringwar.new_game("war-of-the-ring", seed=seed, options={"players": players})
    rng = random.Random(seed)
    ctx: dict[str, Any] = {
        "event_cards": Counter({cid: len(c.numbers) for cid, c in g.D.event_cards.items()}),
        "places": {h for h in g.W.hexes if g.W.place(h) is not None},
        "seen": 0,
    }
    assert sum(ctx["event_cards"].values()) == 25
    check(g, ctx, set())
    n = 0
    while g.result is None:
        n += 1
        assert n < MAX_ACTIONS, f"no end after {n} actions (turn {g.turn})"
        before = hidden_hexes(g)
        g.apply(pick(rng, g.legal_actions()))
        check(g, ctx, before)
    assert g.result["level"] in ("victory", "military victory", "draw"), g.result
    assert g.turn <= g.last_turn
