"""SPI Standard Rules [3.0]-[6.3] as they apply to Sauron: sequence of play, movement,
terrain, stacking and zones of control."""

from __future__ import annotations

import pytest

from conftest import Position, dests, illegal, nbrs, play
from ringwar.core import hexes as hx

rule = pytest.mark.rule


def movement(*units: tuple[str, str], turn: int = 3, phase: str = "C", seed: int = 3, **opts):
    pos = Position("sauron", seed=seed, options=opts or None).clear().at(turn=turn, phase=phase)
    ids = [pos.place(t, h) for t, h in units]
    return pos, ids


def within(h: str, n: int, g) -> set[str]:
    return {x for x in g.hexmap.hexes if 0 < hx.distance(h, x) <= n}


# ----- [3.0] sequence of play -------------------------------------------------------------------
@rule("standard", "[3.0]")
def test_3_0_seven_phases_in_order_and_no_siege_phase():
    pos, (o, m) = movement(("orc", "0605"), ("men", "1005"), phase="A")
    g = pos.game()
    while g.turn < 5:
        play(g, {"type": "end"})
    phases = [(e["turn"], e["phase"]) for e in g.log if e["type"] == "phase"]
    assert [p for t, p in phases if t == 4] == ["A", "C", "D", "E", "F", "G", "H"]
    assert all(p != "B" for t, p in phases)


@rule("standard", "[3.0]")
def test_3_0_magic_phase_a_westernesse_first_e_sauron_first():
    from ringwar.systems.sauron import SauronGame
    assert SauronGame.STEP_SIDES["A"] == ("westernesse", "sauron")
    assert SauronGame.STEP_SIDES["E"] == ("sauron", "westernesse")
    assert SauronGame.PHASES == ("A", "C", "D", "E", "F", "G", "H")
    # Westernesse has no magic leader in Sauron: its part of A is skipped; Sauron acts in E
    pos = Position("sauron", seed=1).clear().at(turn=15, phase="A")
    pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    pos.place("men", "0605")
    g = pos.game()
    assert (g.phase, g.to_act) == ("A", "sauron")
    while g.phase != "E":
        play(g, {"type": "end"})
    assert g.to_act == "sauron" and g.step_side == "sauron"


# ----- [4.1] movement allowances ---------------------------------------------------------------
@rule("standard", "[4.11]", "[4.1]")
def test_4_11_cavalry_moves_six():
    pos, (w,) = movement(("warg", "0806"))
    g = pos.game()
    d = dests(g, w)
    assert "0812" in d                       # six hexes straight down the column
    assert "0813" not in d
    assert max(hx.distance("0806", h) for h in d) == 6


@rule("standard", "[4.11]")
def test_4_11_leaders_move_six():
    pos, (o,) = movement(("orc", "0806"))
    pos.place("gorgol", "0806")
    g = pos.game()
    d = dests(g, "gorgol")
    assert "0812" in d and "0813" not in d


@rule("standard", "[4.12]", "[4.13]")
@pytest.mark.parametrize("kind", ["orc", "goblin", "troll", "slave", "men", "dwarf"])
def test_4_12_infantry_moves_four(kind):
    side_c = kind in ("orc", "goblin", "troll", "slave")
    pos, (u,) = movement((kind, "0806"), phase="C" if side_c else "F")
    g = pos.game()
    d = dests(g, u)
    assert "0810" in d and "0811" not in d
    assert max(hx.distance("0806", h) for h in d) == 4


@rule("standard", "[4.21]")
def test_4_21_may_not_exceed_allowance():
    pos, (o,) = movement(("orc", "0806"))
    g = pos.game()
    err = illegal(g, {"type": "move", "unit": o, "to": "0811"}, "[4.21]")
    assert "Movement Allowance" in err.why


@rule("standard", "[4.22]")
def test_4_22_units_move_only_in_their_own_movement_phase():
    pos, (o, m) = movement(("orc", "0806"), ("men", "1206"))
    g = pos.game()
    assert g.phase == "C"
    illegal(g, {"type": "move", "unit": m, "to": "1207"}, "[4.22]")     # Westernesse in C
    play(g, {"type": "end"})
    assert g.phase not in ("C",)
    illegal(g, {"type": "move", "unit": o, "to": "0807"})                 # no longer C


@rule("standard", "[4.22]")
def test_4_22_no_movement_in_combat_phase():
    pos, (o, m) = movement(("orc", "0807"), ("men", "0808"), phase="D")
    g = pos.game()
    assert g.phase == "D"
    illegal(g, {"type": "move", "unit": o, "to": "0706"}, "[4.22]")


@rule("standard", "[4.23]")
def test_4_23_no_combat_in_a_movement_phase():
    pos, (o, m, x) = movement(("orc_archer", "0806"), ("men", "0807"), ("orc", "2020"))
    g = pos.game()
    assert g.phase == "C"
    assert not [a for a in g.legal_actions() if a["type"] in ("attack", "fire", "leader_attack")]
    illegal(g, {"type": "attack", "unit": o, "target": m}, "[4.23]")
    illegal(g, {"type": "fire", "unit": o, "target": m}, "[4.23]")


@rule("standard", "[4.24]")
def test_4_24_a_unit_moves_once_and_unused_points_are_lost():
    pos, (o, x, m) = movement(("orc", "0806"), ("orc", "2020"), ("men", "2006"))
    g = pos.game()
    play(g, {"type": "move", "unit": o, "to": "0807"})        # 1 MP of 4 used
    assert o not in {a.get("unit") for a in g.legal_actions()}
    illegal(g, {"type": "move", "unit": o, "to": "0808"}, "[4.24]")
    # next Game-Turn: still four, not seven
    while not (g.turn == 4 and g.phase == "C"):
        play(g, {"type": "end"})
    d = dests(g, o)
    assert "0811" in d and "0812" not in d


@rule("standard", "[4.25]")
def test_4_25_movement_is_hex_by_hex_around_impassable_hexes():
    # 1115 is four hexes from 1111, but the straight path runs through the craters 1112,
    # 1113: the orc may not skip them and the way round is longer than four.
    pos, (o,) = movement(("orc", "1111"))
    g = pos.game()
    assert g.hexmap.terrain("1115") == "clear" and hx.distance("1111", "1115") == 4
    d = dests(g, o)
    assert "1115" not in d
    illegal(g, {"type": "move", "unit": o, "to": "1115"}, "[4.21]")


@rule("standard", "[4.26]", "[4.0]")
def test_4_26_not_enough_points_left_for_the_next_hex():
    # 2311 (rough, 2 MP) is four hexes away: three clear hexes + 2 = 5 > 4.  2312 (rough,
    # three away) costs 2 + 2 = 4 and may be entered.
    pos, (o,) = movement(("orc", "2315"))
    g = pos.game()
    assert g.hexmap.terrain("2311") == "rough" and g.hexmap.terrain("2312") == "rough"
    d = dests(g, o)
    assert "2312" in d and "2311" not in d
    ev = play(g, {"type": "move", "unit": o, "to": "2312"})
    assert ev[0]["cost"] == 4


@rule("standard", "[4.27]")
def test_4_27_friendly_units_do_not_hinder_movement():
    # a line of friendly units across the column: the orc passes through them
    pos, (o, a, b, c, m) = movement(("orc", "0806"), ("orc", "0807"), ("orc", "0707"), ("orc", "0908"),
                                    ("men", "2006"))
    g = pos.game()
    d = dests(g, o)
    assert "0808" in d and "0810" in d


@rule("standard", "[4.27]")
def test_4_27_never_into_an_enemy_occupied_hex():
    pos, (o, m) = movement(("orc", "0806"), ("men", "0808"))
    g = pos.game()
    assert "0808" not in dests(g, o)
    illegal(g, {"type": "move", "unit": o, "to": "0808"}, "[4.27]")


@rule("standard", "[4.28]", "[5.0]")
def test_4_28_stacking_checked_where_a_move_ends():
    pos, (o, a, m) = movement(("orc", "0806"), ("orc", "0807"), ("men", "2006"))
    g = pos.game()
    d = dests(g, o)
    assert "0807" not in d and "0808" in d           # through, but not ending on, a friend
    illegal(g, {"type": "move", "unit": o, "to": "0807"}, "[5.0]")


@rule("standard", "[5.0]")
def test_5_0_leaders_stack_freely():
    pos, (o, a, m) = movement(("orc", "0806"), ("troll", "0808"), ("men", "2006"))
    pos.place("gorgol", "0806")
    pos.place("ringwraith", "0806")
    g = pos.game()
    assert "0808" in dests(g, "gorgol")               # onto a combat unit
    play(g, {"type": "move", "unit": "gorgol", "to": "0808"})
    assert "0808" in dests(g, "ringwraith")           # and onto another leader
    play(g, {"type": "move", "unit": "ringwraith", "to": "0808"})
    assert {p.id for p in g.pieces_at("0808")} == {a, "gorgol", "ringwraith"}


# ----- [4.3] Terrain Effects Chart ------------------------------------------------------------
@rule("standard", "[4.3]", "[4.29]")
def test_4_3_road_costs_half():
    pos, (o, m) = movement(("orc", "1405"), ("men", "2006"))
    g = pos.game()
    d = dests(g, o)
    assert "1413" in d and "1414" not in d          # eight road hexes for four MP
    ev = play(g, {"type": "move", "unit": o, "to": "1413"})
    assert ev[0]["cost"] == 4


@rule("standard", "[4.3]")
def test_4_3_road_half_only_along_the_road():
    pos, (o, m) = movement(("orc", "1405"), ("men", "2006"))
    g = pos.game()
    ev = play(g, {"type": "move", "unit": o, "to": "1505"})   # off the road: full cost
    assert ev[0]["cost"] == 1


@rule("standard", "[4.3]")
def test_4_3_slope_hexside_costs_one_more():
    pos, (o, p, m) = movement(("orc", "0912"), ("orc", "0814"), ("men", "2006"))
    g = pos.game()
    assert g.hexmap.side("0912", "0913")["kind"] == "slope"
    ev = play(g, {"type": "move", "unit": o, "to": "0913"})
    assert ev[0]["cost"] == 2
    ev = play(g, {"type": "move", "unit": p, "to": "0813"})     # down or up: +1 either way
    assert ev[0]["cost"] == 2


@rule("standard", "[4.3]")
def test_4_3_errata_rough_costs_two_and_cavalry_may_not_enter():
    pos, (o, w, m) = movement(("orc", "2310"), ("warg", "2309"), ("men", "0606"))
    g = pos.game()
    assert "2311" not in dests(g, w)
    illegal(g, {"type": "move", "unit": w, "to": "2311"}, "[4.3]")
    ev = play(g, {"type": "move", "unit": o, "to": "2311"})
    assert ev[0]["cost"] == 2


@rule("standard", "[4.3]")
def test_4_3_errata_off_rough_is_clear():
    pos, (o, w, m) = movement(("orc", "2310"), ("warg", "2309"), ("men", "0606"), errata_4_3=False)
    g = pos.game()
    assert "2311" in dests(g, w)
    ev = play(g, {"type": "move", "unit": o, "to": "2311"})
    assert ev[0]["cost"] == 1


@rule("standard", "[4.3]")
@pytest.mark.parametrize("start,blocked", [("1111", "1112"), ("1229", "1230")])
def test_4_3_craters_and_mountains_may_not_be_entered(start, blocked):
    pos, (o, m) = movement(("orc", start), ("men", "0606"))
    g = pos.game()
    assert g.hexmap.terrain(blocked) in ("crater", "mountain")
    assert blocked not in dests(g, o)
    illegal(g, {"type": "move", "unit": o, "to": blocked}, "[4.3]")


# ----- [6.0] zones of control ---------------------------------------------------------------
@rule("standard", "[6.0]", "[6.11]", "[6.2]")
def test_6_11_unit_entering_enemy_zoc_must_stop():
    pos, (o, m) = movement(("orc", "0806"), ("men", "0809"))
    g = pos.game()
    d = dests(g, o)
    zoc = nbrs("0809")
    assert "0808" in d                    # entering the ZOC costs nothing extra [6.2]
    assert g.destinations(g.units[o])["0808"][0] == 2
    # the hexes beyond the enemy cannot be reached through its ZOC
    assert "0810" not in d and "0811" not in d
    # and no path continues out of a ZOC hex: every destination adjacent to 0809 is an end
    assert d & zoc


@rule("standard", "[6.11]")
def test_6_11_a_unit_in_an_enemy_zoc_may_not_move_off():
    pos, (o, m, x) = movement(("orc", "0808"), ("men", "0809"), ("orc", "2020"))
    g = pos.game()
    assert g.phase == "C"
    assert not dests(g, o)
    illegal(g, {"type": "move", "unit": o, "to": "0807"}, "[6.11]")


@rule("standard", "[6.11]")
def test_6_11_zoc_gone_when_the_enemy_is_gone():
    pos, (o, m) = movement(("orc", "0808"), ("men", "2009"))
    g = pos.game()
    assert "0806" in dests(g, o)


@rule("standard", "[6.12]", "[6.1]")
def test_6_12_friendly_zoc_does_not_negate_enemy_zoc():
    # 0808 is in the ZOC of the Men (0809) and of the friendly troll (0708): still a stop
    pos, (o, t, m) = movement(("orc", "0806"), ("troll", "0707"), ("men", "0809"))
    g = pos.game()
    d = dests(g, o)
    assert "0808" in d and "0810" not in d


@rule("standard", "[6.13]")
def test_6_13_zoc_does_not_extend_into_mountains():
    pos, (o, m) = movement(("orc", "1229"), ("men", "0606"))
    g = pos.game()
    zoc = g.zoc_map("sauron")
    assert "1230" not in zoc and "1228" in zoc


@rule("standard", "[6.14]")
def test_6_14_demoralized_units_exert_no_zoc():
    pos, (o, m) = movement(("orc", "0806"), ("men", "0809"))
    pos.demoralized(westernesse=True)
    g = pos.game()
    assert {"0710", "0910"} <= dests(g, o)   # passes by the demoralized Men
    pos2, (o2, m2) = movement(("orc", "0806"), ("men", "0809"))
    assert not {"0710", "0910"} & dests(pos2.game(), o2)

@rule("standard", "[6.15]", "[8.22]")
def test_6_15_leaders_exert_no_zoc_and_ignore_zoc():
    pos, (o, m) = movement(("orc", "0806"), ("men", "0809"))
    pos.place("elendil", "0809")
    pos.place("gorgol", "0806")
    g = pos.game()
    assert "0710" not in dests(g, o)                 # the Men's ZOC
    d = dests(g, "gorgol")
    assert "0810" in d and "0811" in d                # the leader walks through it
    # a lone enemy leader has no ZOC
    pos2, (o2,) = movement(("orc", "0806"))
    pos2.place("elendil", "0809")
    pos2.place("men", "2009")
    g2 = pos2.game()
    assert "0710" in dests(g2, o2)


@rule("standard", "[6.15]")
def test_6_15_a_leader_in_an_enemy_zoc_may_move_off():
    pos, (o, m) = movement(("orc", "0808"), ("men", "0809"))
    pos.place("gorgol", "0808")
    g = pos.game()
    assert "0806" in dests(g, "gorgol")


@rule("standard", "[6.16]")
def test_6_16_friendly_zoc_never_affects_friendly_units():
    pos, (o, t, m) = movement(("orc", "0806"), ("troll", "0708"), ("men", "2009"))
    g = pos.game()
    assert "0810" in dests(g, o)          # straight past the troll


@rule("standard", "[6.3]", "[7.31]")
def test_6_3_unit_in_enemy_zoc_must_attack_before_the_phase_ends():
    pos, (o, m) = movement(("orc", "0808"), ("men", "0809"), phase="D")
    g = pos.game()
    assert g.phase == "D" and g.step == "melee"
    assert {"type": "end"} not in g.legal_actions()
    illegal(g, {"type": "end"}, "[7.31]")


# ----- derived facts kept across decisions (issue 13, speed) ---------------------------------------
def _zoc_map_afresh(g, side: str) -> dict[str, tuple[str, ...]]:
    """[6.13] a side's ZOC map worked out from its pieces alone, as ``zoc_map`` first builds it."""
    out: dict[str, list[str]] = {}
    for p in g.units.values():
        if p.side == side and p.on_map and g.exerts_zoc(p):
            for n in g.hexmap.adjacent(p.hex):
                if g.zoc_extends_for(p, n):
                    out.setdefault(n, []).append(p.id)
    return {h: tuple(v) for h, v in out.items()}


@rule("standard", "[6.13]")
@pytest.mark.parametrize("system", ["sauron", "gondor"])
def test_6_13_a_zoc_map_patched_for_the_pieces_that_moved_is_the_map_worked_out_afresh(system, monkeypatch):
    """A side's ZOC map after some of its pieces moved is its last map patched for them
    (``_patched_zoc_map``): in every position of mixed games, both sides' maps are the maps
    worked out afresh, exerters in the same order."""
    import ringwar
    from conftest import mixed_play
    from ringwar.systems.spi.rules.zoc import ZocRules

    patched = [0]
    patch = ZocRules._patched_zoc_map

    def counted(self, *args):
        patched[0] += 1
        return patch(self, *args)
    monkeypatch.setattr(ZocRules, "_patched_zoc_map", counted)
    for seed, thumb in ((1, 0.0), (2, 0.8)):
        game = ringwar.new_game(system, seed=seed)
        for _legal, _rng, pick in mixed_play(game, seed, thumb):
            for side in game.sides:
                assert game.zoc_map(side) == _zoc_map_afresh(game, side), (game.turn, game.phase, side)
            game.apply(pick())
    assert patched[0] > 50, patched


@rule("standard", "[4.24]")
def test_4_24_a_selection_that_acts_by_itself_is_played_on_its_own_not_looked_at() -> None:
    # Selecting a reinforcement with nowhere to enter leaves it in reserve (its one answer,
    # taken at once), and one with a single way in takes it: the selection is an action, so
    # it offers no follow-ups of its own (they were the next unit's, and a page offered them
    # as the reinforcement's: a click on another counter entered it, found in a new-user
    # trial).  A plain selection still offers the unit's own moves, and changes nothing.
    import random

    import ringwar

    g = ringwar.new_game("sauron", seed=2)
    rng = random.Random(2)
    acting = plain = None
    for _ in range(3000):
        la = g.legal_actions()
        for a in la:
            if a["type"] == "select":
                events = g.clone().apply(a)
                if events and acting is None:
                    acting = (g.clone(), a, events)
                elif not events and plain is None:
                    plain = (g.clone(), a)
        if acting and plain:
            break
        g.apply(rng.choice(la))
    assert acting and plain
    g, a, events = acting
    assert events[0]["rule"] == "[4.24]" or "enters" in events[0]["text"]
    h = g.state_hash()
    assert g.follow_ups(a) is None and g.state_hash() == h
    other = next(x for x in g.legal_actions() if x != a and x["type"] == "select")
    with pytest.raises(ringwar.IllegalAction, match="played on its own"):
        g.apply_selected(a, other)
    assert g.state_hash() == h
    assert g.apply(a) == events
    g, a = plain
    then = g.follow_ups(a)
    assert then and all(x.get("unit") == a["unit"] for x in then)
