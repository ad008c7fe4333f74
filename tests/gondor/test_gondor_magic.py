"""Gondor [17.0] magic and spells, [17.4] the Magic Capabilities Chart, [18.0] the Banner of
the King; Standard Rules [8.33] and [8.47] as Gondor's spells exercise them."""

from __future__ import annotations

import pytest
from _gondor import SAURON, WEST, gpos

from conftest import acts, illegal, play, rig
from ringwar.core import hexes as hx

rule = pytest.mark.rule


def casts(g, unit, spell=None):
    return [a for a in g.spell_actions(g.units[unit].side)
            if a["unit"] == unit and (spell is None or a["spell"] == spell)]


def nazgul_game(turn=8, phase="A", **extra):
    pos = gpos(turn=turn, phase=phase)
    pos.place("orc_infantry", "1915")
    pos.place("nazgul", "1915")
    w = pos.place("gondor_spearmen", "1912")
    pos.place("imrahil", "1912")
    if extra:
        pos.extra(**extra)
    g = pos.game()
    assert g.to_act == SAURON
    return g, w


def gandalf_game(turn=8, nazgul_hex="1913", **extra):
    pos = gpos(turn=turn, phase="A")
    pos.place("gondor_spearmen", "1912")
    pos.place("gandalf", "1912")
    pos.place("orc_infantry", nazgul_hex)
    pos.place("nazgul", nazgul_hex)
    if extra:
        pos.extra(**extra)
    g = pos.game()
    assert g.to_act == WEST
    return g


# ----- [17.11] Fear ---------------------------------------------------------------------------------
@rule("gondor", "[17.11]")
def test_17_11_fear_five_points_automatic_lowers_attack_and_morale_no_rally():
    g, w = nazgul_game()
    n = g.dice.count
    play(g, {"type": "cast", "unit": "nazgul", "spell": "fear", "points": 5})
    assert g.dice.count == n and g.units["nazgul"].magic_spent == 5
    u = g.units[w]
    assert g.attack_letter(u, melee=True) == "E"            # D -> E
    assert g.defence_morale(u) == "Y"                       # X -> Y
    u.disrupted = True
    err = g.may_rally(g.units["imrahil"], u)
    assert err is not None and err.rule == "[17.11]"
    assert g.spell_active("fear") and not g.spell_active("fear", g.turn + 1)   # one Game-Turn


@rule("gondor", "[17.11]")
def test_17_11_fear_may_succeed_only_twice():
    g, w = nazgul_game(spells={})
    g.spell_state.cast["fear"] = 2
    g._touch()
    assert not casts(g, "nazgul", "fear")
    g.spell_state.cast["fear"] = 1
    g._touch()
    assert casts(g, "nazgul", "fear")


# ----- [17.12] Freeze Leader ------------------------------------------------------------------------
@rule("gondor", "[17.12]")
def test_17_12_freeze_first_costs_three_then_four():
    g, w = nazgul_game()
    assert {a["points"] for a in casts(g, "nazgul", "freeze_1")} == {1, 2, 3}
    assert not casts(g, "nazgul", "freeze_2")
    g.spell_state.cast["freeze"] = 1
    g._touch()
    assert not casts(g, "nazgul", "freeze_1")
    assert {a["points"] for a in casts(g, "nazgul", "freeze_2")} == {1, 2, 3, 4}
    g.spell_state.cast["freeze"] = 3                     # three times in a game
    g._touch()
    assert not casts(g, "nazgul", "freeze_2")


@rule("gondor", "[17.12]", "[8.47]")
def test_17_12_frozen_leaders_within_three_may_not_move_rally_cast_or_form():
    pos = gpos(turn=8, phase="A")
    pos.place("orc_infantry", "1915")
    pos.place("nazgul", "1915")
    pos.place("gondor_spearmen", "1912")
    pos.place("gandalf", "1912")                     # three hexes away
    pos.place("imrahil", "1912")
    pos.place("gondor_spearmen", "1211")
    pos.place("theoden", "1211")                     # far away
    g = pos.game()
    play(g, {"type": "end"})                         # Westernesse's part of A
    play(g, {"type": "cast", "unit": "nazgul", "spell": "freeze_1", "points": 3})
    assert set(g.spell_state.frozen) == {"gandalf", "imrahil"}
    assert g.frozen(g.units["imrahil"]) and not g.frozen(g.units["theoden"])
    assert "imrahil" not in {p.id for p in g.movers(WEST)}
    assert not g.leader_may_form(g.units["imrahil"]) and g.leader_may_form(g.units["theoden"])
    assert not g.spell_actions(WEST) or all(a["unit"] != "gandalf" for a in g.spell_actions(WEST))
    u = g.units["gondor_spearmen1"]
    u.disrupted = True
    assert g.may_rally(g.units["imrahil"], u).rule == "[17.12]"


# ----- [17.13] Operate Grond ------------------------------------------------------------------------
def _grond_game(grond_hex: str, bearer: str):
    """[17.13] Grond in ``grond_hex`` with ``bearer``; the Lord of the Nazgul in 1915, three
    hexes from 1912, in the Initial Magic Leader Movement Phase of Game-Turn 8."""
    pos = gpos(turn=8, phase="A")
    pos.place("orc_infantry", "1915")
    pos.place("nazgul", "1915")
    pos.place(bearer, grond_hex)
    pos.place("grond", grond_hex)
    pos.place("gondor_spearmen", "1703")
    return pos.game()


@rule("gondor", "[17.13]")
def test_17_13_operate_grond_one_point_within_three_hexes_with_its_bearer():
    for grond_hex, bearer, ok in (("1912", "troll", True), ("1911", "troll", False), ("1912", "orc_infantry", False)):
        g = _grond_game(grond_hex, bearer)
        options = casts(g, "nazgul", "operate_grond")
        assert bool(options) is ok, (grond_hex, bearer)
        if ok:
            assert [a["points"] for a in options] == [1]
            play(g, options[0])
            assert g.siege.grond and g.units["nazgul"].magic_spent == 1
            assert g.spell_active("operate_grond", 16)


# ----- [17.21] Break Darkness ----------------------------------------------------------------------
@rule("gondor", "[17.21]")
def test_17_21_break_darkness_six_points_day_only():
    g = gandalf_game(nazgul_hex="1916")
    assert [a["points"] for a in casts(g, "gandalf", "break_darkness")] == [1, 2, 3, 4, 5, 6]
    g2 = gandalf_game(turn=4, nazgul_hex="1916")
    assert not casts(g2, "gandalf", "break_darkness")


@rule("gondor", "[17.21]")
def test_17_21_break_darkness_no_sauron_rally_and_mordor_attacks_one_lower():
    pos = gpos(turn=8, phase="A")
    pos.place("gondor_spearmen", "1912")
    pos.place("gandalf", "1912")
    o = pos.place("orc_infantry", "1915", disrupted=True)
    h = pos.place("harad_axemen", "1916")
    pos.place("gothmog", "1915")
    g = pos.game()
    play(g, {"type": "cast", "unit": "gandalf", "spell": "break_darkness", "points": 6})
    assert g.units["gandalf"].magic_spent == 6
    assert g.attack_letter(g.units[h], melee=True) == "E" and g.units[h].melee == "E"
    g.units[o].disrupted = False
    assert g.attack_letter(g.units["orc_infantry1"], melee=True) == "E"
    tr = pos.place("troll", "1917")
    g = pos.game()
    play(g, {"type": "cast", "unit": "gandalf", "spell": "break_darkness", "points": 6})
    assert g.attack_letter(g.units[tr], melee=True) == "C"           # Mordor's B -> C
    g.units[o].disrupted = True
    assert g.may_rally(g.units["gothmog"], g.units[o]).rule == "[17.21]"
    # the West's own units may still be rallied while Darkness is broken
    sp = next(p for p in g.units.values() if p.key == "gondor_spearmen" and p.hex == "1912")
    sp.disrupted = True
    assert g.may_rally(g.units["gandalf"], sp) is None


@rule("gondor", "[17.21]")
def test_17_21_twice_a_game():
    g = gandalf_game(nazgul_hex="1916")
    g.spell_state.cast["break_darkness"] = 2
    g._touch()
    assert not casts(g, "gandalf", "break_darkness")


# ----- [17.22] Stalemate Nazgul ---------------------------------------------------------------------
@rule("gondor", "[17.22]")
def test_17_22_stalemate_only_adjacent_day_two_night_three():
    g = gandalf_game()
    assert [a["points"] for a in casts(g, "gandalf", "stalemate_day")] == [1, 2]
    assert not casts(g, "gandalf", "stalemate_night")
    g = gandalf_game(turn=3)
    assert [a["points"] for a in casts(g, "gandalf", "stalemate_night")] == [1, 2, 3]
    g = gandalf_game(nazgul_hex="1914")
    assert not casts(g, "gandalf", "stalemate_day")


@rule("gondor", "[17.22]")
def test_17_22_the_nazgul_is_placed_six_hexes_east_of_gandalf():
    g = gandalf_game()
    play(g, {"type": "cast", "unit": "gandalf", "spell": "stalemate_day", "points": 2})
    assert g.units["nazgul"].hex == "1918"
    assert hx.distance("1912", "1918") == 6


# ----- [17.23] [18.1] Revealing Aragorn: the Banner ---------------------------------------------------
def banner_game(turn=11, aragorn=True, **extra):
    pos = gpos(turn=turn, phase="A")
    pos.place("gondor_spearmen", "1912")
    pos.place("gandalf", "1912")
    if aragorn:
        pos.place("men_spearmen", "0815")
        pos.place("aragorn", "0815")
    pos.place("orc_infantry", "1916")
    pos.place("nazgul", "1916")
    if extra:
        pos.extra(**extra)
    return pos


@rule("gondor", "[17.23]", "[18.11]")
def test_18_11_the_banner_only_after_aragorn_arrives():
    g = banner_game(aragorn=False).game()
    assert not casts(g, "gandalf", "reveal_aragorn")
    g = banner_game().game()
    assert [a["points"] for a in casts(g, "gandalf", "reveal_aragorn")] == [1, 2, 3, 4]


@rule("gondor", "[17.23]", "[18.12]")
def test_18_12_the_banner_is_placed_with_aragorn_once_a_game():
    g = banner_game().game()
    play(g, {"type": "cast", "unit": "gandalf", "spell": "reveal_aragorn", "points": 4})
    assert g.banner_hex() == "0815" and g.units["gandalf"].magic_spent == 4
    g._turn += 1
    g._touch()
    assert not casts(g, "gandalf", "reveal_aragorn")


@rule("gondor", "[18.14]")
def test_18_14_the_banner_dies_with_its_leader():
    g = banner_game(siege={"banner": {"with": "aragorn", "until": 13}}).game()
    g.eliminate(g.units["aragorn"], "[7.26]", "test")
    assert g.siege.banner is None and g.banner_hex() is None


@rule("gondor", "[18.21]")
def test_18_21_no_sauron_rally_within_six_hexes_of_the_banner():
    pos = gpos(turn=11, phase="H")
    pos.place("men_spearmen", "0815")
    pos.place("aragorn", "0815")
    near = pos.place("orc_infantry", "1015", disrupted=True)
    far = pos.place("orc_infantry", "1615", disrupted=True)
    pos.place("gothmog", "1015")
    pos.place("nazgul", "1615")
    pos.extra(siege={"banner": {"with": "aragorn", "until": 13}})
    g = pos.game()
    assert g.may_rally(g.units["gothmog"], g.units[near]).rule == "[18.21]"
    assert g.may_rally(g.units["nazgul"], g.units[far]) is None


@rule("gondor", "[18.22]")
def test_18_22_two_westernesse_units_within_six_rallied_automatically_each_turn():
    pos = gpos(turn=11, phase="H")
    pos.place("men_spearmen", "0815")
    pos.place("aragorn", "0815")
    us = [pos.place("men_spearmen", h, disrupted=True) for h in ("0817", "0818", "0819")]
    pos.place("orc_infantry", "2020")
    pos.extra(siege={"banner": {"with": "aragorn", "until": 13}})
    g = pos.game()
    options = acts(g, "banner_rally")
    assert {a["target"] for a in options} == set(us)
    n = g.dice.count
    play(g, {"type": "banner_rally", "target": us[0]}, {"type": "banner_rally", "target": us[1]})
    assert g.dice.count == n and not g.units[us[0]].disrupted and not g.units[us[1]].disrupted
    assert not acts(g, "banner_rally")


@rule("gondor", "[18.22]", "[17.23]")
def test_18_22_the_banner_is_unfurled_three_game_turns():
    pos = gpos(turn=14, phase="H")
    pos.place("men_spearmen", "0815")
    pos.place("aragorn", "0815")
    u = pos.place("men_spearmen", "0817", disrupted=True)
    o = pos.place("orc_infantry", "1015", disrupted=True)
    pos.place("gothmog", "1015")
    pos.extra(siege={"banner": {"with": "aragorn", "until": 13}})       # cast on turn 11
    g = pos.game()
    assert g.banner_hex() is None
    assert not acts(g, "banner_rally")
    assert g.may_rally(g.units["gothmog"], g.units[o]) is None
    assert u


@rule("gondor", "[18.23]")
def test_18_23_no_nazgul_spells_while_the_banner_is_unfurled():
    pos = gpos(turn=11, phase="A")
    pos.place("men_spearmen", "0815")
    pos.place("aragorn", "0815")
    pos.place("orc_infantry", "1915")
    pos.place("nazgul", "1915")
    pos.extra(siege={"banner": {"with": "aragorn", "until": 13}})
    g = pos.game()
    assert not casts(g, "nazgul")
    g.siege.banner = None
    g._touch()
    assert casts(g, "nazgul", "fear")


# ----- [17.3] [17.4] the chart ---------------------------------------------------------------------
CHART = [
    ("fear", 1, (4, 5)), ("fear", 2, (4, 7)), ("fear", 3, (4, 9)), ("fear", 4, (4, 10)),
    ("freeze_1", 1, (4, 6)), ("freeze_1", 2, (3, 8)),
    ("break_darkness", 1, (6, 8)), ("break_darkness", 2, (5, 8)), ("break_darkness", 3, (3, 8)),
    ("break_darkness", 4, (3, 10)), ("break_darkness", 5, (2, 11)),
    ("stalemate_day", 1, (4, 10)), ("stalemate_night", 1, (4, 6)), ("stalemate_night", 2, (4, 9)),
    ("reveal_aragorn", 1, (5, 8)), ("reveal_aragorn", 2, (4, 10)), ("reveal_aragorn", 3, (3, 10)),
]
AUTOMATIC = {"fear": 5, "freeze_1": 3, "freeze_2": 4, "break_darkness": 6, "stalemate_day": 2,
             "stalemate_night": 3, "reveal_aragorn": 4, "operate_grond": 1}


@rule("gondor", "[17.4]")
def test_17_4_automatic_costs():
    g = gandalf_game()
    for key, pts in AUTOMATIC.items():
        assert g.sc.spells[key].automatic == pts, key
        assert g.sc.spells[key].succeeds_on(pts) is None


@rule("gondor", "[17.4]", "[17.3]")
@pytest.mark.parametrize("spell,points,rng", CHART)
def test_17_4_attempts_need_the_charted_totals(spell, points, rng):
    assert gandalf_game().sc.spells[spell].succeeds_on(points) == rng


def _attempt(spell, points, total):
    if spell in ("fear", "freeze_1"):
        g, _ = nazgul_game()
        caster = "nazgul"
    elif spell == "reveal_aragorn":
        g = banner_game().game()
        caster = "gandalf"
    else:
        g = gandalf_game(turn=3 if spell == "stalemate_night" else 8)
        caster = "gandalf"
    a = total // 2
    rig(g, a, total - a)
    ev = play(g, {"type": "cast", "unit": caster, "spell": spell, "points": points})
    return g, caster, ev


@rule("gondor", "[17.4]", "[17.3]")
@pytest.mark.parametrize("spell,points,rng", CHART)
def test_17_4_cast_on_the_edges_of_the_range_and_fail_outside_it_for_free(spell, points, rng):
    lo, hi = rng
    for total, ok in ((lo, True), (hi, True), (lo - 1, False), (hi + 1, False)):
        if not 2 <= total <= 12:
            continue
        g, caster, ev = _attempt(spell, points, total)
        assert ev[0]["success"] is ok, (total, ev[0]["text"])
        assert g.units[caster].magic_spent == (points if ok else 0)       # [17.3] failures cost nothing


# ----- [8.33] magic leaders rally anyone ---------------------------------------------------------
@rule("standard", "[8.33]")
def test_8_33_gandalf_and_the_nazgul_rally_any_units():
    pos = gpos(turn=8, phase="H")
    r = pos.place("rohan_heavy_cav", "1215", disrupted=True)
    pos.place("gandalf", "1215")
    pos.place("imrahil", "1215")
    h = pos.place("harad_axemen", "1815", disrupted=True)
    pos.place("nazgul", "1815")
    pos.place("gothmog", "1815")
    g = pos.game()
    assert g.may_rally(g.units["gandalf"], g.units[r]) is None
    assert g.may_rally(g.units["imrahil"], g.units[r]).rule == "[8.31]"
    assert g.may_rally(g.units["nazgul"], g.units[h]) is None
    assert g.may_rally(g.units["gothmog"], g.units[h]).rule == "[8.31]"


# ----- [8.47] no special formations under Fear or Freeze ---------------------------------------------
@rule("standard", "[8.47]")
def test_8_47_no_special_formations_under_a_fear_spell():
    def forms(spells):
        pos = gpos(turn=8, phase="F")
        pos.place("gondor_spearmen", "1214")
        pos.place("gondor_spearmen", "1215")
        pos.place("imrahil", "1214")
        pos.place("orc_infantry", "2020")
        pos.extra(spells=spells)
        g = pos.game()
        return acts(g, "form")
    assert forms({})
    assert not forms({"fear": 8})


@rule("standard", "[8.47]")
@rule("gondor", "[17.12]")
def test_8_47_no_special_formations_for_a_frozen_leader():
    pos = gpos(turn=8, phase="F")
    pos.place("gondor_spearmen", "1214")
    pos.place("gondor_spearmen", "1215")
    pos.place("imrahil", "1214")
    pos.place("orc_infantry", "2020")
    pos.extra(spells={"freeze": 8})
    g = pos.game()
    g.spell_state.frozen = ["imrahil"]
    g._touch()
    assert not acts(g, "form")
    illegal(g, {"type": "form", "unit": "gondor_spearmen1", "with": "gondor_spearmen2", "hex": "1214"})


# ----- a refused spell names its case (issue 13, item 3: why_not_spell, why_not_points) -----------
def cast(unit, spell, points):
    return {"type": "cast", "unit": unit, "spell": spell, "points": points}


def changed(g):
    """The test changed the state by hand: drop what was derived from it (the legal actions)."""
    g._touch()
    g._legal_cache = None


@rule("gondor", "[17.11]", "[17.12]")
def test_17_11_17_12_a_spell_used_up_or_in_effect_is_refused_citing_its_case():
    g, w = nazgul_game(spells={"fear": 8})                          # Fear in effect this Game-Turn
    assert "already in effect" in illegal(g, cast("nazgul", "fear", 5), "[17.11]").why
    g, w = nazgul_game()
    g.spell_state.cast["fear"] = 2
    changed(g)
    assert "only twice" in illegal(g, cast("nazgul", "fear", 5), "[17.11]").why
    assert "has not been cast yet" in illegal(g, cast("nazgul", "freeze_2", 4), "[17.12]").why
    g.spell_state.cast["freeze"] = 1
    changed(g)
    assert "second and third" in illegal(g, cast("nazgul", "freeze_1", 3), "[17.12]").why
    g.spell_state.cast["freeze"] = 3
    changed(g)
    assert "three times" in illegal(g, cast("nazgul", "freeze_2", 4), "[17.12]").why


@rule("gondor", "[17.13]")
def test_17_13_operate_grond_refused_too_far_without_its_bearer_or_twice_citing_17_13():
    for grond_hex, bearer, words in (("1911", "troll", "within three hexes"),
                                     ("1912", "orc_infantry", "stacked with a Troll or Uruk-Hai")):
        g = _grond_game(grond_hex, bearer)
        assert words in illegal(g, cast("nazgul", "operate_grond", 1), "[17.13]").why
    g, w = nazgul_game()
    assert "Grond is not on the map" in illegal(g, cast("nazgul", "operate_grond", 1), "[17.13]").why


@rule("gondor", "[17.21]", "[17.22]")
def test_17_21_17_22_day_and_night_spells_and_stalemate_out_of_reach_cite_their_case():
    g = gandalf_game(turn=4, nazgul_hex="1916")                     # a Night Game-Turn
    assert "day Game-Turn" in illegal(g, cast("gandalf", "break_darkness", 6), "[17.21]").why
    g = gandalf_game()                                              # day, adjacent
    e = illegal(g, cast("gandalf", "stalemate_night", 1), "[17.22]")
    assert "Stalemate Nazgul (day)" in e.why
    g = gandalf_game(nazgul_hex="1914")
    assert "adjacent" in illegal(g, cast("gandalf", "stalemate_day", 2), "[17.22]").why
    g = gandalf_game(nazgul_hex="1916")
    g.spell_state.cast["break_darkness"] = 2
    changed(g)
    assert "only twice" in illegal(g, cast("gandalf", "break_darkness", 6), "[17.21]").why
    g = gandalf_game(nazgul_hex="1916", spells={"break_darkness": 8})    # (a set-up: broken this turn)
    assert "already broken" in illegal(g, cast("gandalf", "break_darkness", 6), "[17.21]").why


@rule("gondor", "[17.23]", "[18.11]")
def test_18_11_revealing_aragorn_before_he_comes_or_twice_cites_its_case():
    g = banner_game(aragorn=False).game()
    assert "Aragorn is not on the map" in illegal(g, cast("gandalf", "reveal_aragorn", 4), "[18.11]").why
    g = banner_game().game()
    g.spell_state.cast["reveal_aragorn"] = 1
    changed(g)
    assert "only once" in illegal(g, cast("gandalf", "reveal_aragorn", 4), "[17.23]").why


@rule("gondor", "[17.4]", "[8.55]", "[8.54]", "[17.1]")
def test_17_4_points_beyond_the_automatic_cast_or_the_points_left_and_anothers_spell_are_refused():
    g, w = nazgul_game()
    e = illegal(g, cast("nazgul", "fear", 6), "[17.4]")
    assert "automatically with 5 points" in e.why
    g.units["nazgul"].magic_spent = 5                               # 3 of 8 left
    changed(g)
    assert "3 Magic Capability Points left" in illegal(g, cast("nazgul", "fear", 4), "[8.55]").why
    assert {a["points"] for a in casts(g, "nazgul", "fear")} == {1, 2, 3}
    illegal(g, cast("nazgul", "fear", 0), "[8.54]")
    assert "Gandalf's spell: Lord of the Nazgul may not" in illegal(g, cast("nazgul", "break_darkness", 1), "[17.21]").why
    assert "no spell 'wrath'" in illegal(g, cast("nazgul", "wrath", 1), "[8.54]").why
    g.units["nazgul"].magic_spent = 8
    changed(g)
    assert "no Magic Capability Points left" in illegal(g, cast("nazgul", "fear", 1), "[8.55]").why
