"""Gondor's Siege Phase: one predicate per action (issue 13, item 3).  Who may breach, hurl a
Fireball or a Severed Head (``why_not_catapult``, ``why_not_grond``: [16.2] [16.6] [16.8] the
Siege Phase, [16.12] once a Game-Turn, [16.28] Grond activated and carried) and at what
(``why_not_breach_at``: [16.21] [16.27] [16.13] [16.3] [16.24] [16.28]; ``why_not_hurl_at``:
[16.61] [16.82]; ``why_not_head_left``: [16.81]) is written once, read both to list the Siege
Phase's actions and to explain a refused one (``why_not_siege_shot``).  In every Siege Phase of
random games, each of these actions is offered if and only if it is not refused; and a refused
one cites its case."""

from __future__ import annotations

import random

import pytest
from _gondor import SAURON, WEST, gpos

import ringwar
from conftest import acts, illegal, play, rig
from ringwar.core import hexes as hx

rule = pytest.mark.rule


def _shots(game) -> list[dict]:
    """Every breach, Fireball and Severed Head worth asking about: each catapult (both sides'),
    Grond and one other piece against every wall hexside, a few plain hexsides and every hex up
    to five hexes away, plus a far hex and values that are none."""
    pieces = [p for p in game.units_in_order() if "catapult" in p.tags or "grond" in p.tags]
    pieces += [p for p in game.units_in_order() if p.on_map and not p.is_gear][:2]
    plain = sorted(k for k, s in game.hexmap.sides().items() if s["kind"] not in ("wall", "tower", "gate"))[:3]
    sides = [k for k, _ in game.city["wall_sides"]] + plain + ["1913/1912", 7]
    out: list[dict] = []
    for p in pieces:
        out += [{"type": "breach", "unit": p.id, "hexside": k} for k in sides]
        around = sorted(h for h in hx.within(p.hex, 5) if h in game.hexmap) if p.on_map else ["1910"]
        for h in [*around, "0101", "9999", None]:
            out += [{"type": "fireball", "unit": p.id, "to": h}, {"type": "head", "unit": p.id, "to": h}]
    return out


@rule("gondor", "[16.21]", "[16.61]", "[16.81]", "[16.12]")
def test_16_21_16_61_a_siege_action_is_offered_iff_its_predicate_refuses_nothing():
    """In every Forces of Sauron Siege Phase of random games (and some in other phases), each
    breach, Fireball and Severed Head is among the legal actions exactly when
    ``why_not_siege_shot`` has no refusal for it, the listing's quiet forms agree, and every
    refusal cites a case."""
    positions = offered = refused = 0
    rules: set[str] = set()
    for seed in (1, 2):
        game = ringwar.new_game("gondor", seed=seed)
        rng = random.Random(seed)
        others = 0
        for _ in range(3000):
            if game.result is not None:
                break
            legal = game.legal_actions()
            siege = game.phase == "B" and not game.pending
            if siege or (not game.pending and others < 3 and rng.random() < 0.01):
                others += not siege
                positions += 1
                listed = [a for a in legal if a["type"] in ("breach", "fireball", "head")]
                shots = _shots(game)
                assert all(a in shots for a in listed), [a for a in listed if a not in shots]
                for a in shots:
                    err = game.why_not_siege_shot(a)
                    assert (a in listed) is (err is None), (game.turn, game.phase, a, err)
                    p = game.units[a["unit"]]
                    if a["type"] == "breach":
                        quiet = (game.why_not_grond(p, False) if "grond" in p.tags
                                 else game.why_not_catapult(p, "breach", False)) \
                            or game.why_not_breach_at(p, a["hexside"], False)
                    else:
                        quiet = game.why_not_catapult(p, a["type"], False) \
                            or (game.why_not_head_left(False) if a["type"] == "head" else None) \
                            or game.why_not_hurl_at(p, a["to"], a["type"], False)
                    assert (quiet is None) is (err is None), (a, err)
                    if err is None:
                        offered += 1
                    else:
                        assert err.rule.startswith("[") and err.why
                        rules.add(err.rule)
                        refused += 1
            game.apply(rng.choice(legal))
    assert positions > 20 and offered > 100 and refused > 10_000, (positions, offered, refused)
    assert {"[2.1]", "[3.0]", "[16.12]", "[16.13]", "[16.2]", "[16.21]", "[16.28]", "[16.61]",
            "[16.82]"} <= rules, rules


def siege_game(cat_hex: str = "1909", phase: str = "B", **extra):
    pos = gpos(phase=phase)
    pos.place("orc_infantry", cat_hex)
    c = pos.place("catapult", cat_hex)
    pos.place("gondor_spearmen", "1703")
    if extra:
        pos.extra(**extra)
    return pos.game(), c


def breach(unit, side):
    return {"type": "breach", "unit": unit, "hexside": side}


@rule("gondor", "[16.2]", "[16.6]", "[16.8]", "[16.12]")
def test_16_12_out_of_the_siege_phase_or_twice_a_game_turn_a_catapult_is_refused_citing_the_case():
    g, c = siege_game(phase="C")
    assert "Siege Phase" in illegal(g, breach(c, "1908/1909"), "[16.2]").why
    illegal(g, {"type": "fireball", "unit": c, "to": "1910"}, "[16.6]")
    illegal(g, {"type": "head", "unit": c, "to": "1910"}, "[16.8]")
    g, c = siege_game()
    rig(g, 1, 1)
    play(g, {"type": "fireball", "unit": c, "to": "1911"})          # range 2: no scatter
    g._phase = "B"                                                  # the same Game-Turn
    g._legal_cache = None
    e = illegal(g, breach(c, "1908/1909"), "[16.12]")
    assert "once per Game-Turn" in e.why
    illegal(g, {"type": "head", "unit": c, "to": "1910"}, "[16.12]")


@rule("gondor", "[16.21]", "[16.27]", "[16.13]", "[16.3]", "[16.24]")
def test_16_21_a_breach_the_rules_forbid_cites_its_case():
    g, c = siege_game(siege={"breached": ["1908/1909"]})
    assert "already breached" in illegal(g, breach(c, "1908/1909"), "[16.27]").why
    g, c = siege_game("1911")
    cat = g.units[c]
    far = next(k for k, s in g.city["wall_sides"] if s.get("name") not in ("Outer Wall", "Main Gate")
               and g.catapult_range(cat, k) == 5)
    assert "range 5" in illegal(g, breach(c, far), "[16.21]").why
    outer = next(k for k, s in g.city["wall_sides"] if s.get("name") == "Outer Wall")
    assert "Outer Wall" in illegal(g, breach(c, outer), "[16.21]").why
    assert "is not a Wall" in illegal(g, breach(c, "1911/1912"), "[16.21]").why
    main = next(k for k, s in g.city["wall_sides"] if s.get("name") == "Main Gate")
    g, c = siege_game(main.split("/")[0])
    assert "only Grond" in illegal(g, breach(c, main), "[16.13]").why
    g, c = siege_game("1308")                                       # a tower at range 3: "P"
    assert "prohibits" in illegal(g, breach(c, "1305/1306"), "[16.3]").why
    g, c = siege_game("0904")                                       # behind Mindolluin's shoulder
    assert "Mountain" in illegal(g, breach(c, "1202/1302"), "[16.24]").why


@rule("gondor", "[16.28]", "[17.13]")
def test_16_28_grond_inactive_unborne_or_away_from_the_hexside_is_refused_citing_16_28():
    for active, bearer, side, words in ((False, "troll", "1910/1911", "activated by magic"),
                                        (True, "orc_infantry", "1910/1911", "Troll or Uruk-Hai"),
                                        (True, "troll", "1908/1909", "adjacent")):
        pos = gpos(phase="B")
        pos.place(bearer, "1911")
        gr = pos.place("grond", "1911")
        pos.place("orc_infantry", "2215")
        pos.place("catapult", "2215")                               # (a Siege Phase to play)
        pos.place("gondor_spearmen", "1703")
        pos.extra(siege={"grond": active})
        g = pos.game()
        assert words in illegal(g, breach(gr, side), "[16.28]").why, (active, bearer, side)
    assert breach(gr, "1910/1911") in acts(g, "breach")             # (the last: a side of its hex is)


@rule("gondor", "[16.61]", "[16.81]", "[16.82]")
def test_16_61_16_82_fireballs_and_heads_out_of_range_or_no_heads_left_cite_their_case():
    g, c = siege_game()
    far = next(h for h in sorted(g.hexmap.hexes) if hx.distance("1909", h) == 5)
    assert "Fireballs are hurled up to 4 hexes" in illegal(g, {"type": "fireball", "unit": c, "to": far}, "[16.61]").why
    assert "as Fireballs" in illegal(g, {"type": "head", "unit": c, "to": far}, "[16.82]").why
    illegal(g, {"type": "fireball", "unit": c, "to": "1909"}, "[16.61]")
    illegal(g, {"type": "fireball", "unit": c, "to": "9999"}, "[2.1]")
    orc = next(p.id for p in g.units_in_order() if p.key == "orc_infantry" and p.on_map)
    assert "only Catapults hurl Fireballs; " in illegal(g, {"type": "fireball", "unit": orc, "to": "1910"}, "[16.61]").why
    assert "(and Grond [16.28])" in illegal(g, breach(orc, "1908/1909"), "[16.21]").why
    g, c = siege_game(siege={"heads_thrown": 12})
    assert "all 12 Severed Heads" in illegal(g, {"type": "head", "unit": c, "to": "1910"}, "[16.81]").why
    assert {"type": "fireball", "unit": c, "to": "1910"} in g.legal_actions()


@rule("gondor", "[3.0]")
def test_3_0_a_westernesse_catapult_in_sauron_s_siege_phase_is_refused_citing_3_0():
    g, c = siege_game()
    w = next(p.id for p in g.units_in_order() if "catapult" in p.tags and p.side == WEST)
    assert g.units[c].side == SAURON
    assert "Siege Phase is the Forces of Sauron's" in illegal(g, breach(w, "1908/1909"), "[3.0]").why
