"""Refusals that explain themselves (issue 14, item 4): an illegal action is refused with the
rule case that forbids it, and the message never lists the refused value as possible.

The last test is a loop over random positions of both SPI games: every illegal variant of a
legal action (one field changed) is refused without changing the game, and its message does
not offer the value it refused."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import ringwar
from conftest import Position, illegal, play, seek_battle
from ringwar import IllegalAction
from ringwar.core import hexes as hx

rule = pytest.mark.rule

WEST, SAURON = "westernesse", "sauron"

#: where a refusal lists what is possible
_LISTS = re.compile(r"(?:choose one of|the only choice is|possible now:|may move to|must attack one of) ([^;()]*)")


def offered(why: str) -> set[str]:
    """Every value a refusal's message offers as possible."""
    out: set[str] = set()
    for m in _LISTS.finditer(why):
        out.update(t.strip() for t in m.group(1).split(","))
    return out


def shown(v: Any) -> str:
    import json
    return v if isinstance(v, str) else json.dumps(v)


def two_west_units():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="F")
    a = pos.place("anarion", "0806")
    m1 = pos.place("men", "0806")
    m2 = pos.place("men", "0812")
    orc = pos.place("orc", "1010")
    return pos.game(), a, m1, m2, orc


# ===== a pending decision about one unit, an action about another ================================
@rule("standard", "[4.0]")
def test_4_0_a_selected_unit_must_move_before_another_is_moved():
    g, a, m1, m2, _ = two_west_units()
    play(g, {"type": "select", "unit": a})
    to = next(x["to"] for x in g.legal_actions() if x["type"] == "move")
    e = illegal(g, {"type": "move", "unit": m2, "to": to}, "[4.0]")
    assert "Anarion is selected" in e.why and "undo the selection" in e.why
    assert g.label(g.units[m2]) in e.why
    assert to not in offered(e.why)
    e = illegal(g, {"type": "select", "unit": m2}, "[4.0]")
    assert "Anarion is selected" in e.why and "before selecting" in e.why


@rule("standard", "[4.27]")
def test_4_27_the_selected_unit_refused_an_enemy_hex_says_why_and_does_not_offer_it():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="F")
    m = pos.place("men", "0806")
    orc = pos.place("orc", "0809")
    g = pos.game()
    play(g, {"type": "select", "unit": m})
    e = illegal(g, {"type": "move", "unit": m, "to": "0809"}, "[4.27]")
    assert "0809" not in offered(e.why) and offered(e.why)
    assert g.units[orc].hex == "0809"


# ===== set-up: a field other than the hex is wrong ================================================
@rule("gondor", "[16.71]")
def test_16_71_a_fourth_real_cauldron_is_refused_without_offering_its_hex():
    g = ringwar.new_game("gondor", seed=1)
    play(g, {"type": "deploy_rest"})
    assert g.to_act == WEST and g.phase == "S"
    play(g, {"type": "deploy_rest"})
    cauldrons = sorted(p.id for p in g.units.values() if "cauldron" in p.tags)
    for c in cauldrons[:3]:
        play(g, {"type": "select", "unit": c})
        place = next(a for a in g.legal_actions() if a.get("real") is True)
        play(g, place)
    play(g, {"type": "select", "unit": cauldrons[3]})
    hexes = {a["to"] for a in g.legal_actions()}
    h = sorted(hexes)[0]
    e = illegal(g, {"type": "place", "unit": cauldrons[3], "to": h, "real": True}, "[13.0]")
    assert h not in offered(e.why)
    assert "real" in e.why and offered(e.why) == {"false"}


# ===== movement refusals name the rule, not the Movement Allowance ==================================
@rule("sauron", "[15.22]")
def test_15_22_a_dwarf_moving_away_from_its_orc_is_refused_by_15_22():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="F")
    d = pos.place("dwarf", "0806")
    pos.place("orc", "0808")
    pos.place("goblin", "2020")
    pos.place("men", "1206")
    g = pos.game()
    e = illegal(g, {"type": "move", "unit": d, "to": "0706"}, "[15.22]")
    assert "Orc" in e.why


@rule("sauron", "[14.1]")
def test_14_1_a_reinforcement_leaving_the_road_zone_is_refused_by_14_1():
    g = Position("sauron", seed=3).at(turn=8, phase="C").game()
    troll = next(p for p in g.units.values() if p.key == "troll" and p.arrival == 8)
    far = sorted((hx.distance(h, "1331"), h) for h in g.hexmap.hexes if h not in g.road_zone
                 and g.terrain_cost(troll, None, h) is not None and not g.pieces_at(h))
    illegal(g, {"type": "move", "unit": troll.id, "to": far[0][1]}, "[14.1]")


@rule("sauron", "[18.0]")
def test_18_0_the_closed_gate_is_refused_by_18_0():
    pos = Position("sauron", seed=3).at(turn=3, phase="F")
    m = pos.place("men", "1330")
    g = pos.game()
    assert g.gate_closed()
    illegal(g, {"type": "move", "unit": m, "to": "1331"}, "[18.0]")


@rule("gondor", "[14.31]")
def test_14_31_cavalry_beside_a_mumak_is_refused_by_14_31():
    pos = Position("gondor", seed=1).clear().at(turn=8, phase="C")
    pos.place("mumak", "1215")
    c = pos.place("mordor_cavalry", "1219")
    pos.place("gondor_spearmen", "1903")
    g = pos.game()
    illegal(g, {"type": "move", "unit": c, "to": "1216"}, "[14.31]")


@rule("gondor", "[16.11]")
def test_16_11_siege_equipment_is_not_selected_on_its_own():
    pos = Position("gondor", seed=1).clear().at(turn=8, phase="C")
    t = pos.place("siege_tower", "1215")
    pos.place("orc_infantry", "1215")
    pos.place("gondor_spearmen", "1903")
    g = pos.game()
    illegal(g, {"type": "select", "unit": t}, "[16.11]")
    illegal(g, {"type": "move", "unit": t, "to": "1216"}, "[16.11]")


@rule("standard", "[7.31]")
def test_7_31_an_attack_by_a_unit_off_the_map_is_refused_not_a_crash():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    w = pos.place("warg", "1324")
    m = pos.place("men", "1323")
    g = pos.game()
    while g.step != "melee":
        play(g, {"type": "end"})
    off = next(p.id for p in g.units.values() if p.side == SAURON and not p.on_map and not p.is_leader)
    illegal(g, {"type": "attack", "unit": off, "target": m}, "[7.31]")
    assert {"type": "attack", "unit": w, "target": m} in g.legal_actions()


# ===== the loop: random illegal variants in random positions ========================================
def _values(game, key: str, rng: random.Random) -> list[Any]:
    pool: list[Any] = [None, 7, True, "x"]
    if key in ("unit", "target", "with", "leader", "gear", "cauldron"):
        pool += rng.sample(sorted(game.units), 6)
    if key in ("to", "hex", "hexside"):
        pool += rng.sample(sorted(game.hexmap.hexes), 6)
    pool += [a.get(key) for a in game.legal_actions() if key in a][:20]
    return pool


def _variants(game, action: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    out = []
    for k in sorted(action):
        if k == "type":
            continue
        for v in rng.sample(_values(game, k, rng), 4):
            if v != action[k] or type(v) is not type(action[k]):
                out.append(dict(action, **{k: v}))
        out.append({j: w for j, w in action.items() if j != k})       # a field missing
    out.append(dict(action, extra=1))                                  # a field too many
    for kind in ("move", "select", "stay", "end", "attack", "place", "pour"):
        if kind != action["type"]:
            out.append(dict(action, type=kind))
    return out


def _check_refusals(game, rng: random.Random, n: int = 6) -> int:
    checked = 0
    legal = list(game.legal_actions())
    before = game.state_hash()
    for action in rng.sample(legal, min(n, len(legal))):
        for v in _variants(game, action, rng):
            if game.is_legal(v):
                continue
            with pytest.raises(IllegalAction) as info:
                game.apply(v)
            why = info.value.why
            assert re.fullmatch(r"\[[\w.]+\]", info.value.rule), info.value.rule
            for k, val in v.items():
                if k != "type":
                    assert shown(val) not in offered(why), (v, why)
            checked += 1
    assert game.state_hash() == before, "a refused action changed the game"
    return checked


def _choose(game, rng: random.Random) -> dict[str, Any]:
    """A random player that seeks battle, so that every phase, step and decision comes up."""
    return seek_battle(game, rng, ("attack", "fire", "leader_attack", "resolve", "advance",
                                   "cast", "rally", "breach", "fireball", "pour"))


@rule("standard", "[4.0]", "[3.0]")
@pytest.mark.parametrize("system, seed", [("sauron", 1), ("sauron", 2), ("gondor", 1), ("gondor", 2)])
def test_refusals_never_offer_the_refused_value(system, seed):
    rng = random.Random(seed)
    g = ringwar.new_game(system, seed=seed)
    checked = 0
    seen: dict[Any, int] = {}
    for _ in range(3000):
        if g.result is not None:
            break
        key = (g.phase, g.step, g.pending[0]["kind"] if g.pending else None)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] <= 2:            # every kind of state, twice
            checked += _check_refusals(g, rng)
            sel = [a for a in g.legal_actions() if a["type"] == "select"]
            if sel:
                probe = g.clone()
                probe.apply(rng.choice(sel))
                if probe.pending:
                    checked += _check_refusals(probe, rng)
                    # another unit named while this one is selected
                    d = probe.pending[0]
                    others = [u for u in sorted(probe.units) if u != d.get("unit")]
                    for a in probe.legal_actions()[:3]:
                        if "unit" in a:
                            v = dict(a, unit=rng.choice(others))
                            if not probe.is_legal(v):
                                with pytest.raises(IllegalAction) as info:
                                    probe.apply(v)
                                assert shown(v.get("to")) not in offered(info.value.why)
        g.apply(_choose(g, rng))
    assert g.result is not None and checked > 200
    assert {k[1] for k in seen} >= {"missile", "leader", "melee", ""}
