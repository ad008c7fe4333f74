"""Hidden information [WR §12] [WR §V1]: what the Dark Power's view, log and recorded actions
may show of hidden characters, and re-dealing what he may not know."""

from __future__ import annotations

import json
import random

import pytest

from .builder import Position, move

rule = pytest.mark.rule

#: where the walkers go, hidden, from Rivendell (no Eye site on the way, no place, no unit)
WALKS = {"frodo": "2011", "sam": "2011", "gimli": "2109", "legolas": "2105", "aragorn": "2012"}


def drive(g, until) -> None:
    """Answer done / pass / the card's areas / the first option until ``until(g)``."""
    guard = 0
    while not until(g):
        guard += 1
        assert guard < 500 and g.result is None
        acts = g.legal_actions()
        a = next((a for a in acts if a["type"] in ("done", "pass", "keep_ring")), None) or \
            next((a for a in acts if a.get("choice") == "card"), None) or \
            next((a for a in acts if a.get("how") == "none"), acts[0])
        g.apply(a)


def walked(seed: int = 3):
    """The standard set-up; in turn 1's movement the walkers leave Rivendell hidden."""
    g = Position(seed=seed).g
    drive(g, lambda g: g.ask["kind"] == "move" and g.ask["seat"] == "fellowship")
    before = json.dumps(g.view("dark"), ensure_ascii=False)
    for h in set(WALKS.values()):
        assert h not in before, f"{h} is in the view before anyone went there"
    for cid, h in WALKS.items():
        move(g, h, piece=cid)
        assert g.chars[cid]["hidden"] and g.chars[cid]["hex"] == h
    return g


def secrets(g) -> dict[str, str]:
    return {cid: c["hex"] for cid, c in g.chars.items()
            if c["alive"] and c["hidden"] and c["seat"] == "fellowship" and c["hex"] != "2008"}


def leaks(g, side: str = "dark") -> list[str]:
    hexes = set(secrets(g).values())
    out = []
    for name, blob in (("view", g.view(side)), ("log_for", g.log_for(side)),
                       ("recent_log", g.recent_log(side)), ("observer view", g.view(None))):
        text = json.dumps(blob, ensure_ascii=False)
        out += [f"{h} in {name}" for h in sorted(hexes) if h in text]
    return out


@rule("war-of-the-ring", "§12", "§V1", "§10.6")
def test_12_the_dark_view_and_logs_never_show_a_hidden_characters_hex() -> None:
    g = walked()
    assert len(secrets(g)) == len(WALKS)
    assert leaks(g) == []
    v = g.view("dark")
    for c in v["characters"]:
        if c["id"] in WALKS:
            assert c["hex"] is None and c["last_seen"] == "2008" and c["hidden"]
    assert not [u for u in v["units"] if u["id"] in WALKS]
    assert v["ring"]["bearer"] is None
    assert all(h in json.dumps(g.view("fellowship")) for h in WALKS.values())
    drive(g, lambda g: g.turn == 2 and g.step == "5c")        # the Dark turn, a search
    assert leaks(g) == []
    assert not [e for e in g.log_for("dark") if "(secret)" in e.get("text", "")]


@rule("war-of-the-ring", "§12", "§V1")
def test_12_redact_action_hides_hidden_moves_from_the_dark_power() -> None:
    g = walked()
    moves = [a for a in g.record.actions if a["type"] in ("select", "move") and a.get("piece") in WALKS]
    assert len(moves) == 2 * len(WALKS)
    for a in moves:
        r = g.redact_action(a, "dark")
        assert r == {"type": a["type"], "hidden": True}, r
        assert g.redact_action(a, "fellowship") == a
        assert "hidden character" in g.describe_action(r, "dark")


@rule("war-of-the-ring", "§12", "§V1", "§14")
def test_12_a_hidden_move_stays_hidden_after_the_walker_is_revealed() -> None:
    g = walked()
    old = [a for a in g.record.actions if a["type"] == "move" and a.get("piece") == "gimli"]
    g.apply({"type": "reveal", "piece": "gimli"})
    for a in old:
        assert g.redact_action(a, "dark") == {"type": "move", "hidden": True}


@rule("war-of-the-ring", "§12", "§V1")
def test_12_redeal_changes_only_what_the_dark_power_may_not_know() -> None:
    g = walked()
    drive(g, lambda g: g.ask["seat"] == "dark")
    seen = g.view("dark")
    moved = False
    for k in range(8):
        c = g.clone()
        c.redeal("dark", random.Random(k))
        assert c.view("dark") == seen, k
        assert c.state_hash() != g.state_hash()                # the secrets were re-dealt
        moved = moved or secrets(c) != secrets(g)
        for cid in ("n1", "mouth", "saruman"):
            assert c.chars[cid]["hex"] == g.chars[cid]["hex"]
        assert c.units == g.units and c.hands["dark"] == g.hands["dark"]
    assert moved, "no re-deal ever moved a hidden character"


@rule("war-of-the-ring", "§12", "§V1")
def test_12_redeal_for_the_fellowship_keeps_his_own_secrets() -> None:
    g = walked()
    c = g.clone()
    c.redeal("fellowship", random.Random(1))
    assert c.view("fellowship")["characters"] == g.view("fellowship")["characters"]
    assert c.hands["fellowship"] == g.hands["fellowship"]
