"""The halves of War of the Ring's rules that mutation testing showed untested in round 5 of
issue 17: the seed-2 whole-system estimate's survivors, then whole cases ([WR §8.1], [WR §6.2],
[WR §9], [WR §V24], [WR §10.9.5], [WR §10.10]).  Positions are built by hand
(``builder.Position``, the smallest that shows the rule); dice are scripted, so an unexpected
roll fails."""

from __future__ import annotations

import random

import pytest

from ringwar.core import hexes as hx
from ringwar.systems.war_of_the_ring import battle as B
from ringwar.systems.war_of_the_ring import duel
from ringwar.systems.war_of_the_ring import hunt as H
from ringwar.systems.war_of_the_ring.data import load
from ringwar.systems.war_of_the_ring.mapdata import load_map
from ringwar.systems.war_of_the_ring.mobilization import on_event, timed

from .builder import Position, move, refused, texts

rule = pytest.mark.rule

FP, DARK = "fellowship", "dark"
D = load()
W = load_map()
QUIET = ("grond", "black-breath", "huorns", "lembas") * 3


def log_texts(g, side: str = FP, kind: str | None = None) -> list[str]:
    return [e.get("text", "") for e in g.log_for(side) if kind is None or e.get("type") == kind]


# ----- the seed-2 estimate's survivors --------------------------------------------------------------
@rule("war-of-the-ring", "§8.1")
def test_8_1_the_dead_do_not_heal_in_the_ring_phase() -> None:
    p = Position(turn_limit=9).clear().event_deck(*QUIET).search_deck(1, 2).turn(2)
    p.char("boromir", "2008", e=3)                               # alive in a refuge: +3
    p.char("sam", "2011", e=2)                                   # alive elsewhere: +1
    p.char("gimli", None)
    p.g.chars["gimli"]["e"] = 0                                  # killed: stays at 0
    # a captive does not heal, even left without his escort (a routed escort leaves him)
    p.unit("MOR-01", "2921").captive("merry", "2920", ["MOR-01"])
    p.g.chars["merry"]["e"] = 2
    p.touch()
    p.dice(3)                                                    # the Shadow Point d6
    g = p.at("1d")
    ends = {c["id"]: c["endurance"] for c in g.view(FP)["characters"]}
    assert (ends["boromir"], ends["sam"], ends["gimli"], ends["merry"]) == (6, 3, 0, 2), ends


@rule("war-of-the-ring", "§9")
def test_9_the_saruman_player_turn_is_a_phase_of_the_three_player_game_only() -> None:
    two = [ph["code"] for ph in Position().g.view(FP)["phases"]]
    three = [ph["code"] for ph in Position(players=3).g.view(FP)["phases"]]
    assert two == ["1", "2", "3", "4", "5", "7", "8"]
    assert three == ["1", "2", "3", "4", "5", "6", "7", "8"]


@rule("war-of-the-ring", "§10.8.3", "§V3")
def test_10_8_3_a_rescue_roll_has_no_modifier_even_on_a_raw_2_or_12() -> None:
    for dice, ok, kills in (((1, 1), True, False), ((6, 6), False, True), ((3, 4), True, False)):
        roll, die_all = H.rescue(D, dice, [(5, 4), (4, 2)], 7)
        assert (roll.die, roll.modifier, roll.target, roll.success, die_all) == \
            (sum(dice), 0, 15 - 7, ok, kills), roll


@rule("war-of-the-ring", "§10.9.5", "§10.7.2", "§V2", "§V17")
def test_10_9_5_the_guided_and_cloaked_bearer_rolls_plus_2_a_bare_group_plus_0() -> None:
    # Search card 1: Sauron with Nazgûl, value 3, area B.  Frodo (an Elven Cloak, Gollum
    # guiding) rolls 1 + 2 = 3 ≤ 3: spotted; Merry rolls 2 + 0 (no modifier): spotted.
    p = Position().clear().search_deck(1, 2)
    p.char("frodo", "0908", hidden=True, items=["elven-cloak"]).char("merry", "1008", hidden=True, items=[])
    p.g.gollum.update(state="active", guide=True)
    g = p.at("4a")
    p.dice(1, 2)
    g.apply({"type": "declare", "choice": "card"})
    rolls = [t for t in log_texts(g, FP, "search") if "rolled" in t]
    assert rolls == [
        "(secret) Frodo in 0908: rolled 1+2 against 3 (Elven Cloak, Gollum guides the "
        "Ring-bearer [WR §10.9.5]): spotted",
        "(secret) Merry in Hobbiton (1008): rolled 2+0 against 3 (no modifier): spotted"], rolls
    # [WR §V17] [WR §V20] the Ring-bearer spotted by Nazgûl OUTSIDE Mordor lifts nothing
    assert not g.ring["gorgoroth_open"] and not g.ring["doom_open"]
    assert "lapse" not in {e["type"] for e in g.log}
    p.dice_done()


@rule("war-of-the-ring", "§11.9", "§10.10")
def test_11_9_only_the_movers_own_free_living_characters_use_or_pass_their_items() -> None:
    p = Position().clear().mobilize("MOR").unit("MOR-01", "2920")
    p.captive("gandalf", "2920", ["MOR-01"])
    p.g.chars["gandalf"].update(e=5, items=["athelas"])         # a wounded captive with Athelas
    p.char("aragorn", "2008", e=5, items=["athelas"])           # free and wounded: may use it
    p.char("boromir", None)
    p.g.chars["boromir"].update(e=2, items=["athelas"])         # dead
    p.touch()
    g = p.at("5c")
    acts = [a for a in g.legal_actions() if a["type"] in ("use", "give_item")]
    assert [(a["type"], a["piece"]) for a in acts] == [("use", "aragorn")], acts
    g = p.at("7b")                                               # the Dark Power moves
    assert g.ask["seat"] == DARK
    assert not [a for a in g.legal_actions() if a["type"] in ("use", "give_item")]


@rule("war-of-the-ring", "§12")
def test_12_a_discard_is_hidden_from_the_other_player_only() -> None:
    g = Position().g
    a = {"type": "discard", "card": "grond", "by": DARK}
    assert g.redact_action(a, DARK) == a
    assert g.redact_action(a, FP) == {"type": "discard", "hidden": True}
    b = {"type": "discard", "card": "lembas", "by": FP}
    assert g.redact_action(b, FP) == b
    assert g.redact_action(b, DARK) == {"type": "discard", "hidden": True}


@rule("war-of-the-ring", "§12", "§V1")
def test_12_a_redealt_hidden_group_stays_within_six_hexes_of_where_it_was_last_seen() -> None:
    p = Position().clear()
    p.char("frodo", "2011", hidden=True, seen="2008").char("sam", "2011", hidden=True, seen="2008")
    g = p.g
    for k in range(6):
        c = g.clone()
        c.redeal(DARK, random.Random(k))
        h = c.chars["frodo"]["hex"]
        assert c.chars["sam"]["hex"] == h                        # together, as last seen
        assert hx.distance("2008", h) <= 6, (k, h)


@rule("war-of-the-ring", "§13.2", "§V22")
def test_13_2_the_grip_step_says_whether_the_allies_desert_or_return() -> None:
    for what, deserted, says in (("desert", True, "Sauron's allies desert"),
                                 ("return", False, "The deserters return to Sauron")):
        p = Position(turn_limit=1).clear().mobilize("MOR").unit("EAS-01", "3711")
        p.event_deck(*QUIET).search_deck(1, 2)
        p.g.units["EAS-01"]["deserted"] = not deserted
        p.grip(pending=what)
        p.dice(3, 3)
        g = p.at("2c")
        grip = log_texts(g, DARK, "grip")
        assert len(grip) == 1 and grip[0].startswith(says), grip
        assert g.units["EAS-01"]["deserted"] is deserted


@rule("war-of-the-ring", "§V32", "§10.5")
def test_V32_revealed_characters_rout_with_their_army_and_no_one_elsewhere_does() -> None:
    p = Position(turn_limit=1).clear().unit("GON-04", "2825").mobilize("GON", "MOR").sp(20)
    p.char("merry", "2825").char("imrahil", "2329")
    for u in ("MOR-01", "MOR-05", "MOR-06", "MOR-07"):
        p.unit(u, "2825", start="3024")                          # attacking from afar
    p.dice(1)                                                    # 8-1, 1 − 1 (Merry) = 0: 5/30
    g = p.at("7c")
    ev = g.apply({"type": "attack", "hex": "2825"})
    assert "Rout! The defenders flee 2825 → 2522" in texts(ev)
    assert g.units["GON-04"]["hex"] == "2522"
    assert g.chars["merry"]["hex"] == "2522"                     # with the army
    assert g.chars["imrahil"]["hex"] == "2329"                   # elsewhere: stays


# ----- mobilization [WR §6.2] -------------------------------------------------------------------
@rule("war-of-the-ring", "§6.2", "§V24")
def test_6_2_only_an_enemy_army_entering_mobilizes_a_territory_a_friendly_one_does_not() -> None:
    # Gondor (a) "an enemy army unit enters Gondor": Riders of Rohan riding into area N do not
    p = Position().clear().mobilize("ROH").unit("ROH-01", "2323")
    g = p.at("5c")
    ev = move(g, "2524", piece="ROH-01")                         # area N: Gondor's
    assert "GON" not in g.mobilized, texts(ev)
    # Isengard (b) "a Free army unit enters area G": a Mordor army there does not mobilize it
    p = Position().clear().mobilize("MOR").sp(20).unit("MOR-11", "1722")
    g = p.at("7b")
    ev = move(g, "1721", piece="MOR-11")                         # area G
    assert "ISE" not in g.mobilized, texts(ev)
    # ... and a Free army entering area G does
    p = Position().clear().mobilize("ROH").unit("ROH-01", "2323")
    g = p.at("5c")
    move(g, "1721", piece="ROH-01")
    assert "ISE" in g.mobilized
    # records made before the fix replay with any army's entry mobilizing (legacy)
    p = Position(entry_mobilizes="any").clear().mobilize("ROH").unit("ROH-01", "2323")
    g = p.at("5c")
    move(g, "2524", piece="ROH-01")
    assert "GON" in g.mobilized


def entered(h: str, side: str | None = None, mobilized=None, **kw) -> list[str]:
    """The nations an army entering ``h`` mobilizes, by the trigger table [WR §6.2]."""
    return sorted(code for code, _t in on_event(D, "enemy-enters", mobilized or {}, area=W.search_area(h),
                                                hex_=h, terrain=W.terrain(h), side=side, **kw))


@rule("war-of-the-ring", "§6.2", "§V24")
def test_6_2_each_territory_is_entered_by_its_areas_hexes_and_terrain_only() -> None:
    # by area (the trigger's own areas, else the territory's), by named hex, by forest only
    for h, nations in (("3024", ["MOR"]), ("1820", ["ISE"]), ("2222", ["ROH"]), ("2824", ["GON"]),
                       ("2315", ["LOR"]), ("2906", ["MIR"]), ("3205", ["DAL"]), ("3304", ["DAL"]),
                       ("3303", ["DWA"]), ("3703", ["DWA"]), ("1409", ["DUN"]), ("0908", ["SHI"]),
                       ("2119", ["ENT"]), ("3711", [])):
        assert entered(h) == nations, h
    # Dol Guldur is Mordor's territory but its trigger names areas R and S only
    assert entered("2613") == []
    # a free hex of area M that is not forest and not Dale's or the Dwarves'
    assert entered("3302") == [], entered("3302")
    # only the other side's entry counts; a nation already mobilized is not mobilized again
    assert entered("2222", side="dark") == ["ROH"] and entered("2222", side="free") == []
    assert entered("3024", side="free") == ["MOR"] and entered("3024", side="dark") == []
    assert entered("2222", mobilized={"ROH": 2}) == []
    # Rohan's exemption is for Orcs only, 10 strength or less [WR §V24]; Gondor has none
    assert entered("2222", orc_only_strength=10) == [] and entered("2222", orc_only_strength=11) == ["ROH"]
    assert entered("2824", orc_only_strength=3) == ["GON"]


@rule("war-of-the-ring", "§6.2", "§V24")
def test_6_2_the_other_event_triggers_name_exactly_their_nations() -> None:
    def hit(kind: str, mobilized=None, **kw) -> list[str]:
        return sorted(code for code, _t in on_event(D, kind, mobilized or {}, **kw))

    assert hit("attacked", nation="LOR") == ["LOR"] and hit("attacked", nation="ISE") == ["ISE"]
    assert hit("attacked", nation="MOR", mobilized={"MOR": 1}) == []
    assert hit("declared", nation="ISE") == ["ISE"] and hit("declared", nation="MOR") == []
    assert hit("ring-on") == ["MOR"] and hit("spotted", targets=["ring-bearer"]) == ["MOR"]
    assert hit("spotted", targets=[]) == []
    assert hit("card", card="corsairs") == [] and hit("card", card="corsairs", mobilized={"MOR": 1}) == ["COR"]
    assert hit("card", card="grond") == []
    ends = dict(kind="character-ends-move")
    assert hit(**ends, character="gandalf", area="N", hex_="2824") == ["GON"]
    assert hit(**ends, character="aragorn", area="N", hex_="2824") == ["GON"]
    assert hit(**ends, character="boromir", area="N", hex_="2824") == []       # not named
    assert hit(**ends, character="gandalf", area="N", hex_="2824", revealed=False) == []
    assert hit(**ends, character="gandalf", area="N", hex_="2825") == []       # not Minas Tirith
    assert hit(**ends, character="merry", area="H", hex_="2119", revealed=False) == ["ENT"]
    assert hit(**ends, character="gandalf", area="H", hex_="2119") == []
    assert hit(**ends, character="sam", area="G", hex_="1820") == []


@rule("war-of-the-ring", "§V24", "§6.2")
def test_V24_the_orc_exemption_counts_the_whole_entering_stack_and_only_orcs() -> None:
    for second, strength, mobilizes in (("MOR-12", 4, False), ("MOR-12", 5, True),
                                        ("MOR-02", 4, True)):   # an Olog-hai: no exemption
        p = Position().clear().mobilize("MOR").sp(9)
        p.unit("MOR-11", "2518", 6).unit(second, "2518", strength)
        g = p.at("7b")
        ev = move(g, "2418", stack="2518")
        assert ("ROH" in g.mobilized) is mobilizes, (second, strength, texts(ev))


# ----- character rules [WR §8.1] ----------------------------------------------------------------
@rule("war-of-the-ring", "§8.1", "§10.3")
def test_8_1_sorcery_names_the_side_it_favours_and_both_sides_cancel() -> None:
    assert B.sorcery_shift(D, True, False) == B.Shift(1, "Sorcery with the attacker [WR §8.1]")
    assert B.sorcery_shift(D, False, True) == B.Shift(-1, "Sorcery with the defender [WR §8.1]")
    assert B.sorcery_shift(D, True, True) is None and B.sorcery_shift(D, False, False) is None


@rule("war-of-the-ring", "§8.1", "§V5", "§V6")
def test_8_1_the_round_says_the_winner_goes_to_a_citadel_only_when_he_must() -> None:
    def fighter(cid: str):
        items = tuple(i.id for i in D.items.values() if i.holder == cid)
        return duel.fighter_from_character(D, cid, None, items)

    said = "must go to a citadel"
    r = duel.fight_round(D, fighter("eowyn"), fighter("n1"), 6, 1)        # 9 vs 7: 2 real wounds
    assert r.to_citadel and sum(said in t for t in r.log) == 1, r.log
    r = duel.fight_round(D, fighter("aragorn"), fighter("n3"), 6, 1)      # shadow damage only
    assert not r.to_citadel and not any(said in t for t in r.log), r.log


# ----- Gollum [WR §10.9.5] ----------------------------------------------------------------------
def ring_phase(*dice: int, players: int = 2, frodo_e: int | None = None, guide: bool = False,
               **ring):
    """Frodo, the bearer, hidden in 2617 (area K); Gollum active; the sequence from step 1c to
    the declaration of a search of area B.  ``dice``: Gollum's, then the Shadow Point d6."""
    p = Position(turn_limit=9, players=players).clear().event_deck(*QUIET).search_deck(1, 2).turn(2)
    p.char("frodo", "2617", hidden=True, seen="2008", e=frodo_e)
    p.g.gollum.update(state="active", guide=guide)
    if ring:
        p.ring(**ring)
    p.dice(*dice)
    return p, p.at("1c")


@rule("war-of-the-ring", "§10.9.5", "§10.4", "§8.1")
def test_10_9_5_gollum_winning_by_less_than_3_wounds_the_bearer_losing_he_is_wounded() -> None:
    # Gollum 4 + 2 = 6 against Frodo 2 + 2 = 4: by 2, less the Mithril coat's point: 1 wound
    p, g = ring_phase(6, 4, 2, 3, frodo_e=2)
    assert g.ring["bearer"] == "frodo" and g.gollum["state"] == "active"
    assert g.chars["frodo"]["e"] == 2                            # 2 − 1, healed +1 in step 1d
    assert g.chars["gollum"]["e"] == 5
    # Gollum 2 + 2 = 4 against Frodo 4 + 2 = 6: Gollum loses 2 of his 5 and lives
    p, g = ring_phase(6, 2, 4, 3, frodo_e=2)
    assert g.chars["gollum"]["e"] == 3 and g.gollum["state"] == "active"
    assert g.chars["frodo"]["e"] == 3                            # unhurt, healed +1
    p.dice_done()
    # [WR §8.1] only a Nazgûl's wounds can be real: Frodo's heals back to his full 6
    p, g = ring_phase(6, 4, 2, 3)
    assert any("Frodo loses 1 Endurance, 5 left" in t for t in log_texts(g, FP, "gollum"))
    assert g.chars["frodo"]["e"] == 6


@rule("war-of-the-ring", "§10.9.5", "§6.1")
def test_10_9_5_with_three_players_gollum_with_the_ring_is_saurons() -> None:
    p, g = ring_phase(6, 6, 1, 3, players=3)
    assert g.ring["bearer"] == "gollum" and g.ring["held_by"] == "sauron"
    assert g.chars["gollum"]["seat"] == "sauron"


@rule("war-of-the-ring", "§10.9.5", "§9")
def test_10_9_5_the_guidance_lasts_one_turn_and_no_roll_once_the_ring_is_destroyed() -> None:
    p, g = ring_phase(3, 3, guide=True)                          # 3: no effect
    assert not g.gollum["guide"]
    assert "Gollum (rolled 3): no effect" in log_texts(g, FP, "gollum")
    p, g = ring_phase(3, guide=True, destroyed=True)             # the Shadow Point d6 only
    assert p.rolled == [3] and not g.gollum["guide"]


# ----- the Events phase's timed mobilization [WR §9] 2a [WR §6.2] ---------------------------------
@rule("war-of-the-ring", "§9", "§6.2", "§V24")
def test_9_2a_timed_mobilization_exactly_at_its_turn_with_its_allies_and_n_turns_after() -> None:
    def due(turn: int, mobilized: dict[str, int]) -> list[tuple[str, str]]:
        return [(code, t.kind) for code, t in timed(D, turn, mobilized)]

    allies = [("EAS", "with"), ("VAR", "with"), ("HAR", "with")]
    free = [(c, "after") for c in ("LOR", "MIR", "LIN", "DWA", "DAL", "DUN", "SHI", "ENT")]
    assert due(7, {}) == []
    assert due(8, {}) == [("MOR", "turn"), *allies]              # Mordor's deadline, allies at once
    assert due(10, {}) == [("MOR", "turn"), *allies, ("ISE", "turn")]   # no M+2 on the same turn
    m8 = {"MOR": 8, "EAS": 8, "VAR": 8, "HAR": 8}
    assert due(9, m8) == []
    assert due(10, m8) == [("ISE", "turn"), ("GON", "after")]   # M+2; I+2 counts from now
    assert due(12, m8) == [("ISE", "turn"), ("GON", "after"), *free]     # M+4
    assert due(12, {**m8, "ISE": 10, "GON": 10}) == [("ROH", "after"), *free]
    m3 = {"MOR": 3, "ISE": 3}
    assert due(4, m3) == allies
    assert due(5, m3) == [*allies, ("ROH", "after"), ("GON", "after")]


@rule("war-of-the-ring", "§9", "§8.1")
def test_9_8d_clean_up_heals_shadow_damage_counts_down_and_ends_the_last_turn() -> None:
    def clean_up(**flags):
        p = Position(turn_limit=3).clear().turn(3).mobilize("MOR")
        p.char("n3", "3024", e=4, shadow=3, real=1)             # up to 7 − 1 real wound
        p.char("n4", "3024", e=4, shadow=5)                     # never above 7
        p.char("n5", "3523", grounded=2)
        p.char("merry", "2824", citadel=2).char("eowyn", "2824", citadel=1)
        p.char("pippin", "2824", citadel=0)
        p.flags(control=True, dawnless=True, cloaks="frodo", **flags)
        return p.at("8d")

    g = clean_up(snows=3)
    ch = g.chars
    assert (ch["n3"]["e"], ch["n3"]["shadow"], ch["n4"]["e"], ch["n4"]["shadow"]) == (6, 0, 7, 0)
    assert (ch["n5"]["grounded"], ch["n3"]["grounded"]) == (1, 0)
    assert (ch["merry"]["citadel"], ch["eowyn"]["citadel"], ch["pippin"]["citadel"]) == (1, None, 0)
    assert (g.flags["control"], g.flags["dawnless"], g.flags["cloaks"], g.flags["snows"]) == \
        (False, False, None, 0)
    assert g.result is not None and g.result["level"] == "draw"  # turn 3 of 3 is the last
    assert clean_up(snows=4).flags["snows"] == 4                 # the Snows last to their turn


# ----- Magic items [WR §10.10] [WR §11.9] ----------------------------------------------------------
@rule("war-of-the-ring", "§10.10", "§11.9")
def test_10_10_items_pass_only_in_the_hex_fixed_cards_never_athelas_only_on_the_wounded() -> None:
    p = Position().clear()
    p.char("aragorn", "2008", items=["athelas"]).char("frodo", "2008")
    p.char("sam", "2008", e=6, max_bonus=1)                      # an Ent-draught raised him to 7
    p.char("gandalf", "2008", items=["shadowfax", "glamdring"])   # fixed to Gandalf; a starting item
    p.char("merry", "2011", hidden=True, items=["ent-draught"]).char("pippin", "2011", hidden=True, e=3)
    p.char("legolas", "2105", items=["ent-draught"])            # alone, no Hobbit to drink it
    g = p.at("5c")
    acts = [a for a in g.legal_actions() if a["type"] in ("use", "give_item")]
    assert acts == [
        {"type": "give_item", "piece": "aragorn", "item": "athelas", "to": "frodo"},
        {"type": "give_item", "piece": "aragorn", "item": "athelas", "to": "gandalf"},
        {"type": "give_item", "piece": "aragorn", "item": "athelas", "to": "sam"},
        {"type": "use", "piece": "aragorn", "item": "athelas", "target": "sam"},
        {"type": "give_item", "piece": "merry", "item": "ent-draught", "to": "pippin", "secret": True},
        {"type": "use", "piece": "merry", "item": "ent-draught", "secret": True}], acts


@rule("war-of-the-ring", "§9", "§11.7")
def test_9_2d_one_card_each_after_turn_1_the_deck_refilled_from_the_discards_then_down_to_3() -> None:
    p = Position().clear().search_deck(1, 2).turn(2)
    p.event_deck("grond").hand(FP, "lembas", "black-breath", "huorns").hand(DARK, "huorns")
    p.g.discards["event"] = ["eagles", "lembas"]
    p.dice(2, 3)                                # the reshuffle, then the Shadow Point d6
    g = p.at("2d")
    draws = [(e["text"], e.get("visible_to")) for e in p.events if e["type"] == "draw"]
    assert draws == [("the Fellowship player draws 1 event card", None), ("you draw: Grond", FP),
                     ("the Dark Power player draws 1 event card", None), ("you draw: Lembas", DARK)]
    assert g.hands == {FP: ["lembas", "black-breath", "huorns", "grond"], DARK: ["huorns", "lembas"]}
    assert g.decks["event"] == ["eagles"] and g.discards["event"] == []
    assert g.ask == {"kind": "discard", "seat": FP, "rule": "[WR §9] 2d"}
    e = refused(g, {"type": "discard", "card": "eagles", "by": FP}, "[WR §9] 2d")
    assert e.why == ("'discard' is not one of the actions now (Discard down to 3 event cards "
                     "[WR §9] 2d; possible: discard)"), e.why
    g.apply({"type": "discard", "card": "huorns", "by": FP})
    assert g.hands == {FP: ["lembas", "black-breath", "grond"], DARK: ["huorns", "lembas"]}   # no second draw
    assert g.discards["event"] == ["huorns"] and g.ask["kind"] == "declare"
    p.dice_done()


@rule("war-of-the-ring", "§9", "§11.7")
def test_9_2e_events_phase_cards_fellowship_first_then_saruman_then_sauron_only_those_who_can() -> None:
    def asked(players: int, **hands: tuple[str, ...]) -> list[tuple[str, list[str]]]:
        p = Position(players=players).clear().search_deck(1, 2).turn(2).event_deck(*QUIET)
        for seat, cards in hands.items():
            p.hand(seat, *cards)
        p.dice(3, 3, 3)
        g = p.at("2e")
        seen = []
        while g.ask["kind"] == "events":
            assert g.ask["step"] == "2e" and len(seen) < 4
            seen.append((g.ask["seat"], sorted(a.get("card", a["type"]) for a in g.legal_actions())))
            g.apply({"type": "pass"})
        assert g.ask["kind"] == "declare"
        return seen

    assert asked(3, fellowship=("march-of-the-ents",), saruman=("treason-of-isengard", "lembas"),
                 sauron=("dawnless-day",)) == [
        ("fellowship", ["march-of-the-ents", "pass"]), ("saruman", ["pass", "treason-of-isengard"]),
        ("sauron", ["dawnless-day", "pass"])]
    # a player with no Events-phase card is not asked
    assert asked(2, fellowship=("lembas",), dark=("dawnless-day",)) == [("dark", ["dawnless-day", "pass"])]
    assert asked(2, fellowship=("march-of-the-ents",), dark=("grond",)) == \
        [("fellowship", ["march-of-the-ents", "pass"])]


@rule("war-of-the-ring", "§9", "§6.1")
def test_9_the_saruman_steps_only_with_three_players_and_who_plays_each_role() -> None:
    two, three = Position().g, Position(players=3).g
    assert [s for s in three.steps() if s not in two.steps()] == ["6a", "6b", "6c", "6d"]
    assert two.steps()[-8:] == ["5f", "7a", "7b", "7c", "7d", "8a", "8b", "8c", "8d"][-8:]
    assert [two.seat_of(r) for r in (FP, "sauron", "saruman")] == [FP, DARK, DARK]
    assert [three.seat_of(r) for r in (FP, "sauron", "saruman")] == [FP, "sauron", "saruman"]
    assert two.view(FP)["phase_name"] == "Turn 1: Events phase — Events-phase cards [WR §9] 2e"


@rule("war-of-the-ring", "§8.1", "§10.8.1")
def test_8_1_a_captive_with_his_captors_is_not_alone_with_enemy_armies() -> None:
    # the end of the Dark combat phase: no capture attempt on the captive (no die), he stays held
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(5)
    p.unit("MOR-01", "2920", 10).captive("boromir", "2920", ["MOR-01"])
    p.dice()
    g = p.at("7c")
    assert g.chars["boromir"]["captive"] == DARK and g.chars["boromir"]["hex"] == "2920"
    assert g.result is not None and p.rolled == []


# ----- Éomer's exception [WR §V24] --------------------------------------------------------------
@rule("war-of-the-ring", "§V24", "§6.1", "§10.3")
def test_V24_eomers_exception_needs_him_there_revealed_his_own_troops_orcs_only_inside_rohan() -> None:
    def offered(where: str = "2422", unit: str = "ROH-03", eomer: str | None = "2422",
                hidden: bool = False, foes=(("MOR-11", 10),)) -> bool:
        p = Position(turn_limit=1).clear().unit(unit, where)
        if eomer is not None:
            p.char("eomer", eomer, hidden=hidden)
        for uid, strength in foes:
            p.unit(uid, where, strength)
        g = p.at("5d")
        return g.ask is not None and {"type": "attack", "hex": where} in g.legal_actions()

    assert offered()
    assert not offered(foes=(("MOR-11", 6), ("MOR-12", 5)))      # 11 in all
    assert not offered(foes=(("MOR-08", 10),))                   # Trolls, not Orcs
    assert not offered(eomer="2423")                             # Éomer elsewhere
    assert not offered(hidden=True)
    assert not offered(unit="ROH-01")                            # not his troops
    assert not offered(where="2518", eomer="2518")               # outside Rohan


@rule("war-of-the-ring", "§10.9.5")
def test_10_9_5_gollum_finds_the_trail_in_area_q_too_but_a_dead_gollum_never() -> None:
    for state, after in (("at-large", "active"), ("dead", "dead")):
        p = Position().clear().char("frodo", "2519", hidden=True)   # area J
        p.g.gollum["state"] = state
        g = p.at("5c")
        move(g, "2619", piece="frodo")                               # area Q
        assert g.gollum["state"] == after, state


@rule("war-of-the-ring", "§10.9.5", "§10.4", "§10.9.3")
def test_10_9_5_gollum_fights_only_the_bearer_even_wearing_and_with_the_ring_he_may_be_challenged() -> None:
    def f(cid: str, **kw):
        return duel.fighter_from_character(D, cid, None, tuple(i.id for i in D.items.values()
                                                               if i.holder == cid), **kw)

    assert "[WR §10.9.5]" in duel.may_fight(D, f("gollum"), f("sam"))
    assert duel.may_fight(D, f("gollum"), f("frodo")) is None
    assert duel.may_fight(D, f("gollum"), f("frodo", wearing=True)) is None      # R-GOLLUM-VS-WEARER
    assert duel.may_fight(D, f("n3"), f("frodo", wearing=True)) is None
    assert "[WR §10.9.3]" in duel.may_fight(D, f("mouth"), f("frodo", wearing=True))
    # Gollum with the Ring is a Dark Power piece: a Free character there may challenge him
    p = Position().clear().mobilize("MOR").char("gollum", "2617", seat=DARK).char("aragorn", "2617")
    p.ring(bearer="gollum", held_by=DARK)
    p.g.gollum["state"] = "has-ring"
    g = p.at("5e")
    assert {"type": "challenge", "lead": "aragorn", "target": "gollum"} in g.legal_actions()


@rule("war-of-the-ring", "§10.9.5", "§6.1")
def test_6_1_who_plays_each_character_with_two_and_three_players_gollum_nobody() -> None:
    def sides(g) -> dict[str, str]:
        return {c["id"]: c["side"] for c in g.view(FP)["characters"]
                if c["id"] in ("frodo", "mouth", "n1", "saruman", "ugluk")}

    two, three = Position().g, Position(players=3).g
    assert sides(two) == {"frodo": FP, "mouth": DARK, "n1": DARK, "saruman": DARK, "ugluk": DARK}
    assert sides(three) == {"frodo": FP, "mouth": "sauron", "n1": "sauron", "saruman": "saruman",
                            "ugluk": "saruman"}
    assert two.chars["gollum"]["seat"] is None and three.chars["gollum"]["seat"] is None


@rule("war-of-the-ring", "§8.1", "§10.8.1")
def test_8_1_a_free_character_alone_with_enemy_armies_and_captured_stays_there_a_captive() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(5).unit("MOR-01", "2920", 10)
    p.char("boromir", "2920")
    p.dice(1)                                                    # 1 + 1 ≤ 2: captured
    g = p.at("7c")
    assert g.chars["boromir"]["captive"] == DARK and g.chars["boromir"]["hex"] == "2920"
    p.dice_done()


@rule("war-of-the-ring", "§8.1", "§10.9.2", "§10.9.5")
def test_8_1_alone_with_enemy_armies_only_saruman_in_isengard_and_the_succumbed_bearer_are_spared() -> None:
    p = Position(turn_limit=1).clear().mobilize("ROH", "GON", "MOR")
    p.unit("ROH-01", "1820").char("ugluk", "1820")              # in Isengard, but not Saruman
    p.unit("GON-01", "2626").char("saruman", "2626")            # Saruman, but not in Isengard
    p.unit("GON-02", "2727").char("frodo", "2727", seat=DARK, rr=0)
    p.ring(succumbed=True, held_by=DARK, bearer="frodo")         # the succumbed wearer
    p.dice()
    g = p.at("7c")
    alive = {c: g.chars[c]["alive"] for c in ("ugluk", "saruman", "frodo")}
    assert alive == {"ugluk": False, "saruman": False, "frodo": True}, alive
    # Gollum with the Ring has not succumbed: he is killed like any Dark character
    p = Position(turn_limit=1).clear().mobilize("GON", "MOR").unit("GON-01", "2727")
    p.char("gollum", "2727", seat=DARK).ring(bearer="gollum", held_by=DARK)
    p.g.gollum["state"] = "has-ring"
    p.dice()
    g = p.at("7c")
    assert not g.chars["gollum"]["alive"] and g.ring["bearer"] is None


@rule("war-of-the-ring", "§8.1")
def test_8_1_a_dispersed_nazgul_drops_the_ring_to_the_highest_ring_rating_a_0_counts_as_0() -> None:
    # Denethor (RR 0) and Boromir (RR 1) in Minas Tirith with a Free army and a Nazgûl bearing
    # the Ring, alone with it at the end of the Dark combat phase
    p = Position(turn_limit=1).clear().mobilize("GON", "MOR").unit("GON-01", "2824")
    p.char("denethor", "2824").char("boromir", "2824").char("n3", "2824")
    p.ring(bearer="n3", held_by=DARK)
    p.dice()
    g = p.at("7c")
    assert g.chars["n3"]["hex"] == "3523" and g.ring["bearer"] == "boromir"


@rule("war-of-the-ring", "§8.1", "§10.4", "§10.7.2")
def test_8_1_an_orc_unit_winning_a_hunt_challenge_wounds_and_is_no_character_in_a_citadel() -> None:
    # Search card 36: Saruman with Orcs, value 1, area C; Boromir spotted beside Warg riders
    p = Position().clear().search_deck(36, 35).mobilize("ISE").unit("ISE-04", "1409")
    p.char("boromir", "1409", hidden=True)
    g = p.at("4a")
    p.dice(1, 6, 1)                              # spotted; the unit 6 + 2 against 1 + 4: by 3
    g.apply({"type": "declare", "choice": "card"})
    g.apply({"type": "hunt", "how": "challenge", "with": "ISE-04", "target": "boromir"})
    assert g.chars["boromir"]["e"] == 5 and g.ask["kind"] == "duel_round"
    p.dice_done()


@rule("war-of-the-ring", "§8.1")
def test_8_1_a_free_character_slipping_away_never_steps_onto_impassable_mountains() -> None:
    # 0313: its first neighbours 0212 and 0213 are impassable mountains; 0312 is clear
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(5).unit("MOR-11", "0313")
    p.char("boromir", "0313")
    p.dice(6)                                                    # the capture attempt fails
    g = p.at("7c")
    assert g.chars["boromir"]["hex"] == "0312" and not g.chars["boromir"]["captive"]
    p.dice_done()


@rule("war-of-the-ring", "§8.1", "§V13")
def test_8_1_only_saruman_in_isengard_with_a_free_army_there_is_besieged() -> None:
    p = Position(players=3).clear().mobilize("ROH", "ISE").unit("ROH-01", "1820")
    p.char("saruman", "1820").char("ugluk", "1820")
    g = p.at("6b")
    assert [a["piece"] for a in g.legal_actions() if a["type"] == "select"] == ["ugluk"]
    refused(g, {"type": "select", "piece": "saruman"}, "[WR §8.1]")
    # outside Isengard he moves, though a Free army holds Isengard
    p = Position(players=3).clear().mobilize("ROH", "ISE").unit("ROH-01", "1820").char("saruman", "1721")
    g = p.at("6b")
    assert [a["piece"] for a in g.legal_actions() if a["type"] == "select"] == ["saruman"]


@rule("war-of-the-ring", "§6.2", "§V12", "§V13")
def test_6_2_only_isengards_controller_may_declare_it_at_the_start_of_his_turn_once() -> None:
    declare = {"type": "mobilize", "nation": "ISE"}

    def offered(players: int, step: str, *mobilized: str) -> bool:
        p = Position(players=players).clear().sp(0).mobilize(*mobilized)
        return declare in p.at(step).legal_actions()

    assert offered(2, "7a") and not offered(2, "7a", "ISE")
    assert offered(3, "6a") and not offered(3, "6a", "ISE")
    assert not offered(3, "7a") and not offered(2, "5a") and not offered(3, "5a")
    p = Position().clear().sp(0)
    g = p.at("7a")
    g.apply(declare)
    assert g.mobilized == {"ISE": 1}


@rule("war-of-the-ring", "§6.2", "§10.7.2")
def test_6_2_spotting_the_ring_bearer_or_a_hobbit_mobilizes_mordor_anyone_else_not() -> None:
    # Search card 1: Sauron with Nazgûl, value 3, area B; Aragorn in 0908, Sam in 1008
    for bearer, dice, mobilizes in ((None, (1, 6), False),        # Aragorn alone is spotted
                                    ("aragorn", (1, 6), True),     # ... bearing the Ring
                                    (None, (6, 1), True)):         # Sam alone is spotted
        p = Position().clear().search_deck(1, 2)
        p.char("aragorn", "0908", hidden=True, items=[]).char("sam", "1008", hidden=True)
        if bearer:
            p.ring(bearer=bearer)
        g = p.at("4a")
        p.dice(*dice)
        g.apply({"type": "declare", "choice": "card"})
        assert ("MOR" in g.mobilized) is mobilizes, (bearer, dice)


@rule("war-of-the-ring", "§6.2")
def test_6_2_gandalf_revealed_ending_the_fellowship_movement_in_minas_tirith_not_hidden_not_a_dark_piece() -> None:
    def after_movement(p: Position) -> set[str]:
        g = p.at("5c")
        g.apply({"type": "done"})
        return set(g.mobilized)

    assert after_movement(Position().clear().char("gandalf", "2824")) == {"GON"}
    assert after_movement(Position().clear().char("gandalf", "2824", hidden=True)) == set()
    # the succumbed bearer is a Dark Power piece: in Fangorn he mobilizes no Ents
    p = Position().clear().char("frodo", "2119", seat=DARK, rr=0).char("sam", "2008")
    p.ring(succumbed=True, held_by=DARK, bearer="frodo")
    assert after_movement(p) == set()


@rule("war-of-the-ring", "§10.9.5", "§10.7.2", "§V2")
def test_10_7_2_the_spotting_roll_at_most_the_value_its_modifiers_and_the_natural_6() -> None:
    R = H.Roll
    assert H.spot(D, 3, 3) == R(3, 0, 3, True, "no modifier")                  # equal: spotted
    assert H.spot(D, 4, 3) == R(4, 0, 3, False, "no modifier")
    assert H.spot(D, 4, 3, used_road=True) == R(4, -1, 3, True, "road used [WR §V2]")
    assert H.spot(D, 6, 6, used_road=True) == R(6, -1, 6, False, "road used [WR §V2]")   # a 6 never
    assert H.spot(D, 2, 3, guided=True) == R(2, 1, 3, True, "Gollum guides the Ring-bearer [WR §10.9.5]")
    assert H.spot(D, 5, 6, used_road=True, cloak=True, guided=True) == R(
        5, 1, 6, True, "road used [WR §V2], Elven Cloak, Gollum guides the Ring-bearer [WR §10.9.5]")


@rule("war-of-the-ring", "§6.2", "§10.7.2", "§V17", "§V20")
def test_V17_only_the_ring_bearer_spotted_in_mordor_by_nazgul_lifts_the_restrictions() -> None:
    # Search card 10: Sauron with Nazgûl, value 3, areas R and S; 3226 is in Mordor (area S)
    for who, lifted in (("frodo", True), ("sam", False)):
        p = Position().clear().mobilize("MOR").search_deck(10, 2).char(who, "3226", hidden=True)
        g = p.at("4a")
        p.dice(1)
        g.apply({"type": "declare", "choice": "card"})
        assert not g.chars[who]["hidden"]
        assert (g.ring["gorgoroth_open"], g.ring["doom_open"]) == (lifted, lifted), who
