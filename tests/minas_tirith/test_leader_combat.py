"""Leader combat [MT §7.13] (targets of [MT §7.11] items 1, 2 and 7, the roll, avoidance,
Magical Attack, the Lord's death) and Magical Leadership [MT §7.12]."""

from __future__ import annotations

import pytest

from ringwar import IllegalAction

from .builder import Table, events, rule, texts

FOUR = {"figures": 4, "files": 4}


def board(side: str = "west", card: str = "leader") -> Table:
    t = Table()
    t.clear()
    t.round(side, card=card, pips=10)
    return t


def targets(t: Table, lid: str) -> dict[str, int]:
    return dict(t.g.duel_targets(t.g.leaders[lid]))


def fight(t: Table, lid: str, target: str, *, avoid: int = 0, magic: int = 0,
          answer: int = 0, dice: tuple = ((6, 1), (6, 1), (6, 1), (6, 1))) -> list[dict]:
    """``lid`` attacks; the target answers with avoidance ``answer``; the dice are the
    attacker's 2d6 then the target's 2d6."""
    ev = t.act(lid, {"type": "duel", "leader": lid, "target": target, "magic": magic, "avoid": avoid})
    assert t.g.phase == "avoidance"
    t.force(*dice)
    return ev + t.apply({"type": "avoid", "leader": target, "a": answer})


def duel_text(ev: list[dict]) -> str:
    return [e for e in events(ev, "duel") if "=" in e["text"]][0]["text"]


# ----- targets: §7.11 items 1, 2 and 7 ----------------------------------------------------------

@rule("§7.13", "§7.11")
@pytest.mark.parametrize("dx, ok", [(12.0, True), (12.05, False)])
def test_7_13_item_1_an_unattached_enemy_leader_within_his_move(dx, ok):
    t = board()
    t.leader("hurin", 100, 60)                     # foot, 12"
    t.leader("orc-captain-1", 100 + dx, 60)
    assert ("orc-captain-1" in targets(t, "hurin")) == ok


@rule("§7.13", "§7.11")
def test_7_13_item_1_a_leader_on_foot_cannot_reach_a_flyer_and_an_attached_leader_cannot_go():
    t = board()
    t.leader("hurin", 100, 60)
    t.leader("nazgul-1", 105, 60, mount="fell_beast")
    assert "nazgul-1" not in targets(t, "hurin")
    t = board()
    t.unit("G3", 100, 60, 0, **FOUR)
    t.leader("hurin", attached_to="G3")
    t.leader("orc-captain-1", 105, 60)
    assert "orc-captain-1" not in targets(t, "hurin")


@rule("§7.13", "§7.11")
@pytest.mark.parametrize("gap, ok", [(0.0, True), (0.5, False)])
def test_7_13_item_2_a_leader_attached_to_an_enemy_unit_in_contact_with_his_own(gap, ok):
    t = board()
    t.front_at("G3", 100, 60, 0, **FOUR)
    t.front_at("M3", 100 + gap, 60, 180, **FOUR)
    t.leader("hurin", attached_to="G3")
    t.leader("gothmog", attached_to="M3")
    assert targets(t, "hurin") == ({"gothmog": 0} if ok else {})


@rule("§7.13", "§7.11")
@pytest.mark.parametrize("dx, ok", [(36.0, True), (36.05, False)])
def test_7_13_item_7_a_flying_nazgul_attacks_an_attached_leader_at_minus_2(dx, ok):
    t = board(side="dark-lord")
    t.unit("G3", 100, 60, 0, **FOUR)
    t.leader("hurin", attached_to="G3")
    t.leader("nazgul-1", 100 - dx, 60, mount="fell_beast")        # 36" on a fell beast
    assert targets(t, "nazgul-1") == ({"hurin": -2} if ok else {})
    t.leader("nazgul-1", 100 - 10, 60, mount="horse")              # on a horse: not item 7
    assert targets(t, "nazgul-1") == {}


# ----- the roll ------------------------------------------------------------------------------------

@rule("§7.13")
@pytest.mark.parametrize("mine, killed", [((4, 4), True), ((4, 3), False)])
def test_7_13_2d6_plus_own_cf_minus_his_9_or_more_kills(mine, killed):
    t = board()
    t.leader("hurin", 100, 60)                     # CF 3
    t.leader("orc-captain-1", 110, 60)             # CF 2
    ev = fight(t, "hurin", "orc-captain-1", dice=((6, mine[0]), (6, mine[1]), (6, 1), (6, 1)))
    total = sum(mine) + 3 - 2
    assert f"= {total};" in duel_text(ev)
    assert t.g.leaders["orc-captain-1"].alive == (not killed)
    assert t.g.leaders["hurin"].alive and t.g.pips == 9
    assert t.g.leaders["hurin"].x == 110            # item 1: he moved to his foe


@rule("§7.13")
def test_7_13_the_rolls_are_simultaneous_both_may_die():
    t = board()
    t.leader("hurin", 100, 60)
    t.leader("orc-captain-1", 110, 60)
    fight(t, "hurin", "orc-captain-1", dice=((6, 4), (6, 4), (6, 5), (6, 5)))   # 9 and 9
    assert not t.g.leaders["hurin"].alive and not t.g.leaders["orc-captain-1"].alive


@rule("§7.13", "§7.11")
def test_7_13_once_per_card_and_it_is_not_his_command_action():
    t = board()
    t.leader("hurin", 100, 60)
    t.leader("orc-captain-1", 110, 60)
    t.unit("G3", 110, 66, 0, **FOUR, organized=False)
    fight(t, "hurin", "orc-captain-1", dice=((6, 1), (6, 1), (6, 1), (6, 1)))
    menu = t.g.leader_menu(t.g.leaders["hurin"])
    assert not [a for a in menu if a["type"] == "duel"]
    assert [a for a in menu if a["type"] == "rally"]      # the other action is still his


# ----- avoidance -------------------------------------------------------------------------------------

@rule("§7.13")
@pytest.mark.parametrize("evader, attacker, top", [
    ("foot", "fell_beast", 0), ("foot", "horse", 1), ("horse", "fell_beast", 1),
    ("horse", "horse", 2), ("foot", "foot", 2), ("horse", "foot", 3),
    ("fell_beast", "foot", 4), ("fell_beast", "horse", 4), ("fell_beast", "fell_beast", 4)])
def test_7_13_avoidance_maxima_by_mounts(evader, attacker, top):
    t = board()
    a = t.leader("nazgul-1", 0, 0, mount=evader if evader != "foot" else "horse")
    b = t.leader("nazgul-2", 0, 0, mount=attacker if attacker != "foot" else "horse")
    a.mount, b.mount = evader, attacker
    assert t.g.max_avoid(a, b) == top


@rule("§7.13")
def test_7_13_the_attacked_leader_may_declare_any_avoidance_up_to_his_maximum():
    t = board()
    t.leader("hurin", 100, 60)                     # foot attacks foot: the defender's max 2
    t.leader("orc-captain-1", 110, 60)
    t.act("hurin", {"type": "duel", "leader": "hurin", "target": "orc-captain-1", "magic": 0,
                    "avoid": 0})
    assert t.menu() == [{"type": "avoid", "leader": "orc-captain-1", "a": a} for a in (0, 1, 2)]
    assert t.g.rules_to_act == "dark-lord"
    t.refused({"type": "avoid", "leader": "orc-captain-1", "a": 3}, "[MT §7.13]")


@rule("§7.13")
def test_7_13_avoidance_takes_a_off_the_opponent_and_a_plus_2_off_his_own_roll():
    t = board()
    t.leader("hurin", 100, 60)                     # CF 3
    t.leader("orc-captain-1", 110, 60)             # CF 2
    ev = fight(t, "hurin", "orc-captain-1", avoid=2, answer=1,
               dice=((6, 6), (6, 6), (6, 6), (6, 6)))
    text = duel_text(ev)
    assert "= 8;" in text                          # 12 + 3 - 2 - 1 his - (2 + 2) own
    assert text.split("; ")[1].split(" (")[0].endswith("= 6")     # 12 + 2 - 3 - 2 - (1 + 2)
    assert t.g.leaders["hurin"].alive and t.g.leaders["orc-captain-1"].alive


@rule("§7.13", "§7.12")
def test_7_13_magical_attack_plus_1_per_spell_point_and_the_points_are_spent():
    t = board()
    t.leader("gandalf", 100, 60)                   # CF 6
    t.leader("witch-king", 110, 60)                # CF 7
    sp = t.g.spell_points["west"]
    menu = [a for a in t.g.duel_menu(t.g.leaders["gandalf"]) if a["target"] == "witch-king"]
    assert {a["magic"] for a in menu} == {0, 1, 2}
    ev = fight(t, "gandalf", "witch-king", magic=2, dice=((6, 3), (6, 2), (6, 1), (6, 1)))
    assert "+2 magic = 6;" in duel_text(ev)        # 5 + 6 - 7 + 2
    assert t.g.spell_points["west"] == sp - 2 and t.g.pips == 9


@rule("§7.13", "§7.14", "§6.4", "§5.3")
def test_7_13_the_lord_of_the_nazgul_killed_in_leader_combat():
    t = board()
    t.leader("gandalf", 100, 60)
    t.leader("witch-king", 110, 60)
    g = t.g
    before_mod = g.impetus_mod("dark-lord")[0]
    before_deck = g.deck_contents("dark-lord")
    ev = fight(t, "gandalf", "witch-king", magic=2, dice=((6, 4), (6, 4), (6, 1), (6, 1)))  # 8-1+2
    assert not g.leaders["witch-king"].alive and g.wk_dead and "R-54" in texts(ev)
    assert g.impetus_mod("dark-lord")[0] == before_mod - 1
    after = g.deck_contents("dark-lord")
    assert after.count("leader") == before_deck.count("leader") - 1
    assert after.count("waste") == before_deck.count("waste") + 1


# ----- §7.12 Magical Leadership ---------------------------------------------------------------------

def ml_menu(t: Table, caster: str) -> list[dict]:
    return [a for a in t.g.spell_menu(t.g.leaders[caster]) if a["spell"] == "magical_leadership"]


@rule("§7.12")
@pytest.mark.parametrize("caster, mount, reach", [("gandalf", "horse", 4.0),
                                                  ("witch-king", "horse", 4.0),
                                                  ("nazgul-1", "horse", 2.0)])
def test_7_12_magical_leadership_range_per_caster_on_horse(caster, mount, reach):
    side = "west" if caster == "gandalf" else "dark-lord"
    other = "hurin" if side == "west" else "gothmog"
    t = board(side=side)
    t.leader(caster, 100, 60, mount=mount)
    t.leader(other, 100 + reach, 60)
    assert {a["target"] for a in ml_menu(t, caster)} == {caster, other}       # R-129
    assert {a["points"] for a in ml_menu(t, caster) if a["target"] == other} == {1, 2, 3}
    t.leader(other, 100 + reach + 0.05, 60)
    assert {a["target"] for a in ml_menu(t, caster)} == {caster}


@rule("§7.12")
def test_7_12_magical_leadership_not_on_a_fell_beast():
    t = board(side="dark-lord")
    t.leader("nazgul-1", 100, 60, mount="fell_beast")
    t.leader("gothmog", 101, 60)
    assert ml_menu(t, "nazgul-1") == []


@rule("§7.12", "§7.10", "§7.11")
@pytest.mark.parametrize("points, d10, ok", [(3, 9, True), (3, 10, False), (0, 7, False)])
def test_7_12_magical_leadership_raises_cl_for_the_rally_test(points, d10, ok):
    t = board()
    t.leader("gandalf", 100, 70)
    t.leader("hurin", 100, 67)                     # CL 2, within 4" of Gandalf
    t.unit("G3", 100, 60, 0, **FOUR, organized=False)     # morale 4
    sp = t.g.spell_points["west"]
    if points:
        t.act("gandalf", {"type": "spell", "leader": "gandalf", "spell": "magical_leadership",
                          "points": points, "target": "hurin"})
        assert t.g.spell_points["west"] == sp - points and t.g.pips == 9
        assert t.g.leader_cl(t.g.leaders["hurin"]) == 2 + points
    t.force((10, d10))
    t.act("hurin", {"type": "rally", "leader": "hurin", "unit": "G3"})
    assert t.g.units["G3"].organized == ok


@rule("§7.12")
def test_7_12_magical_leadership_lasts_for_that_round_only():
    t = board()
    t.leader("gandalf", 100, 70)
    t.leader("hurin", 100, 67)
    t.act("gandalf", {"type": "spell", "leader": "gandalf", "spell": "magical_leadership",
                      "points": 2, "target": "hurin"})
    g = t.g
    assert g.leader_cl(g.leaders["hurin"]) == 4
    g.round += 1
    assert g.leader_cl(g.leaders["hurin"]) == 2


@rule("§7.12", "§7.10", "§7.5.10")
@pytest.mark.parametrize("points, holds", [(3, True), (0, False)])
def test_7_12_magical_leadership_helps_the_disorganization_tests_in_his_span(points, holds):
    t = board()
    t.unit("G3", 100, 60, 0, **FOUR)
    t.unit("M3", 103, 60, 180, **FOUR)
    t.leader("hurin", 96, 60)
    if points:
        t.g.ml_bonus = {"hurin": [t.g.round, points]}
    t.force((8, 8))
    ev = t.g.combat_disorder_test(t.g.units["G3"], False, False, t.g.units["M3"])
    assert ("holds" in ev[0]["text"]) == holds         # 8 + 1 - (2 + 3) = 4 against 4


@rule("§7.12", "§8.6")
@pytest.mark.parametrize("points, bonus", [(2, 4), (0, 2)])
def test_7_12_magical_leadership_adds_to_the_attached_units_results_roll(points, bonus):
    t = board()
    t.unit("G3", 100, 60, 0, **FOUR)
    t.unit("M3", 101.5, 60, 180, **FOUR)
    t.leader("hurin", attached_to="G3")
    if points:
        t.g.ml_bonus = {"hurin": [t.g.round, points]}
    g = t.g
    _, why = g.result_mods("melee", g.units["G3"], g.units["M3"], charging=False,
                           their_arc="front", setting="field", more_kills=False, defending=False)
    assert f"+{bonus} attached commander (R-141)" in why


@rule("§7.13", "§7.11")
def test_7_13_a_flyer_at_an_attached_leader_rolls_minus_2_and_the_foot_leader_cannot_avoid():
    t = board(side="dark-lord")
    t.unit("G3", 100, 60, 0, **FOUR)
    t.leader("hurin", attached_to="G3")            # CF 3, on foot
    t.leader("nazgul-1", 80, 60, mount="fell_beast")   # CF 5
    t.act("nazgul-1", {"type": "duel", "leader": "nazgul-1", "target": "hurin", "magic": 0,
                       "avoid": 0})
    assert t.menu() == [{"type": "avoid", "leader": "hurin", "a": 0}]   # foot v fell beast: 0
    t.force((6, 3), (6, 3), (6, 1), (6, 1))
    ev = t.apply({"type": "avoid", "leader": "hurin", "a": 0})
    assert "-2 flying at an attached leader = 6;" in duel_text(ev)      # 6 + 5 - 3 - 2
    assert t.g.leaders["nazgul-1"].x == 80          # a flyer strikes and stays aloft


@rule("§7.13")
def test_7_13_the_attacker_may_declare_any_avoidance_up_to_his_maximum():
    t = board()
    t.leader("hurin", 100, 60)                     # foot against foot: up to 2
    t.leader("orc-captain-1", 110, 60)
    menu = [a for a in t.g.duel_menu(t.g.leaders["hurin"]) if a["magic"] == 0]
    assert sorted(a["avoid"] for a in menu) == [0, 1, 2]


@rule("§7.12", "§7.13", "§7.11")
def test_7_12_a_leader_among_many_units_keeps_every_duel_and_spell_on_his_menu():
    t = board()
    west = ["G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "G10", "G11", "G12",
            "A1", "A2", "A3", "A4", "R1", "R2", "R3", "R4", "R5"]
    for i, uid in enumerate(west):                 # 21 units within Gandalf's 30", half of
        t.unit(uid, 80 + (i % 4) * 12, 36 + (i // 4) * 9, 0, **FOUR, organized=i % 2 == 0)
    t.leader("gandalf", 100, 60)
    t.leader("hurin", 101, 60)
    t.leader("imrahil", 102, 60)
    t.leader("witch-king", 110, 60)
    g = t.g
    gandalf = g.leaders["gandalf"]
    menu = g.leader_menu(gandalf)
    assert len(menu) > 40                          # more than the menu's cap of choices
    for a in g.duel_menu(gandalf) + g.spell_menu(gandalf):
        assert a in menu, a
    t.act("gandalf", {"type": "spell", "leader": "gandalf", "spell": "magical_leadership",
                      "points": 3, "target": "hurin"})
    assert g.leader_cl(g.leaders["hurin"]) == 5


# ----- R-130: every leader attached to the two units in contact takes part --------------------------

def melee_of_leaders() -> Table:
    """G3 (Húrin, Imrahil) in contact with M3 (Gothmog, the Orc captain)."""
    t = board()
    t.front_at("G3", 100, 60, 0, **FOUR)
    t.front_at("M3", 100, 60, 180, **FOUR)
    t.leader("hurin", attached_to="G3")
    t.leader("imrahil", attached_to="G3")
    t.leader("gothmog", attached_to="M3")
    t.leader("orc-captain-1", attached_to="M3")
    return t


@rule("§7.13", "§7.11")
def test_7_13_r130_every_attached_leader_names_one_foe_the_declaring_side_first():
    t = melee_of_leaders()
    g = t.g
    ev = t.act("hurin", {"type": "duel", "leader": "hurin", "target": "gothmog", "magic": 0,
                         "avoid": 0})
    assert "(R-130)" in texts(ev)
    # Imrahil first (the declaring side), then Gothmog and the Orc captain
    assert g.phase == "avoidance" and g.rules_to_act == "west"
    menu = t.menu()
    assert {a["leader"] for a in menu} == {"imrahil"}
    assert {a.get("target") for a in menu} == {"gothmog", "orc-captain-1", None}
    t.apply({"type": "pair", "leader": "imrahil", "target": "orc-captain-1", "magic": 0, "avoid": 0})
    assert g.rules_to_act == "dark-lord"
    menu = t.menu()
    assert {a["leader"] for a in menu} == {"gothmog"}
    assert {a.get("target") for a in menu} == {"hurin", "imrahil", None}
    # Gothmog (horse) named by Húrin (foot): avoid up to 3; naming Imrahil (horse): up to 2
    assert max(a["avoid"] for a in menu if a.get("target") == "hurin") == 3
    assert max(a["avoid"] for a in menu if a.get("target") == "imrahil") == 2
    t.apply({"type": "pair", "leader": "gothmog", "target": "imrahil", "magic": 0, "avoid": 0})
    assert {a["leader"] for a in t.menu()} == {"orc-captain-1"}
    # Húrin 12+3-4 = 11 kills Gothmog; Imrahil 2+4-2 = 4; Gothmog 11+4-4 = 11 kills Imrahil
    t.force((6, 6), (6, 6), (6, 1), (6, 1), (6, 6), (6, 5))
    assert {a["avoid"] for a in t.menu() if "target" not in a} == {0, 1}   # named by a rider
    ev = t.apply({"type": "pair", "leader": "orc-captain-1", "avoid": 0})   # he stands aside
    text = [e for e in events(ev, "duel") if "=" in e["text"]][0]["text"]
    assert text.count(" = ") == 3 and "Orc captain 1:" not in text
    assert not g.leaders["gothmog"].alive and not g.leaders["imrahil"].alive
    assert g.leaders["hurin"].alive and g.leaders["orc-captain-1"].alive
    assert g.stage == "round" and g.pips == 9


@rule("§7.13")
def test_7_13_r130_a_lone_pair_keeps_the_plain_avoidance_answer():
    t = board()
    t.front_at("G3", 100, 60, 0, **FOUR)
    t.front_at("M3", 100, 60, 180, **FOUR)
    t.leader("hurin", attached_to="G3")
    t.leader("gothmog", attached_to="M3")
    t.act("hurin", {"type": "duel", "leader": "hurin", "target": "gothmog", "magic": 0, "avoid": 0})
    assert {a["type"] for a in t.menu()} == {"avoid"}
    t.refused({"type": "pair", "leader": "gothmog", "target": "hurin", "magic": 0, "avoid": 0},
              "[MT §7.13]")


@rule("§7.13", "§7.12")
@pytest.mark.parametrize("wk_dice, killed", [((3, 2), False), ((3, 3), True)])
def test_7_13_a_defending_caster_may_add_magical_attack(wk_dice, killed):
    t = board()
    t.leader("gandalf", 100, 60)                   # CF 6
    t.leader("witch-king", 110, 60)                # CF 7
    sp = t.g.spell_points["dark-lord"]
    t.act("gandalf", {"type": "duel", "leader": "gandalf", "target": "witch-king", "magic": 0,
                      "avoid": 0})
    menu = t.menu()
    assert {a.get("magic", 0) for a in menu} == {0, 1, 2}
    t.force((6, 1), (6, 1), (6, wk_dice[0]), (6, wk_dice[1]))
    ev = t.apply({"type": "avoid", "leader": "witch-king", "a": 0, "magic": 2})
    total = sum(wk_dice) + 7 - 6 + 2
    assert f"+2 magic = {total} " in duel_text(ev)
    assert t.g.spell_points["dark-lord"] == sp - 2
    assert t.g.leaders["gandalf"].alive == (not killed)


@rule("§7.13", "§7.12")
def test_7_13_a_defender_who_is_no_caster_has_no_magical_attack():
    t = board()
    t.leader("hurin", 100, 60)
    t.leader("orc-captain-1", 110, 60)
    t.act("hurin", {"type": "duel", "leader": "hurin", "target": "orc-captain-1", "magic": 0,
                    "avoid": 0})
    t.refused({"type": "avoid", "leader": "orc-captain-1", "a": 0, "magic": 1}, "[MT §7.13]")


# ----- §7.12 Magical Leadership's combat bonus goes to 1 unit in his span, named ----------------------

@rule("§7.12", "§8.6")
@pytest.mark.parametrize("named, g3, g7", [("G3", 4, 0), ("G7", 0, 4)])
def test_7_12_magical_leadership_raises_the_combat_roll_of_the_one_unit_named(named, g3, g7):
    t = board()
    t.unit("G3", 100, 60, 0, **FOUR)
    t.unit("G7", 100, 70, 0, **FOUR)
    t.unit("M3", 101.5, 60, 180, **FOUR)
    t.unit("M4", 101.5, 70, 180, **FOUR)
    t.leader("gandalf", 95, 68)
    t.leader("hurin", 96, 65)                      # unattached, CS 10 over both; CL 2
    g = t.g
    action = {"type": "spell", "leader": "gandalf", "spell": "magical_leadership", "points": 2,
              "target": "hurin", "unit": named}
    assert action in g.spell_menu(g.leaders["gandalf"])
    t.act("gandalf", action)
    for uid, foe, bonus in (("G3", "M3", g3), ("G7", "M4", g7)):
        _, why = g.result_mods("melee", g.units[uid], g.units[foe], charging=False,
                               their_arc="front", setting="field", more_kills=False, defending=False)
        assert (f"+{bonus} attached commander (R-141)" in why) == bool(bonus), (uid, why)
        assert not bonus or not [w for w in why if "commander" in w and w != f"+{bonus} attached commander (R-141)"]


@rule("§7.12", "§8.6")
def test_7_12_magical_leadership_names_only_a_unit_in_the_raised_leaders_span():
    t = board()
    t.unit("G3", 100, 60, 0, **FOUR)
    t.unit("G7", 100, 90, 0, **FOUR)               # 25″ from Húrin
    t.leader("gandalf", 95, 62)
    t.leader("hurin", 96, 62)
    units = {a.get("unit") for a in t.g.spell_menu(t.g.leaders["gandalf"])
             if a["spell"] == "magical_leadership" and a["target"] == "hurin"}
    assert units == {None, "G3"}
    t.select("gandalf")
    action = {"type": "spell", "leader": "gandalf", "spell": "magical_leadership", "points": 2,
              "target": "hurin", "unit": "G7"}
    assert action not in t.menu()
    with pytest.raises(IllegalAction) as info:
        t.g.do_spell(action)
    assert info.value.rule == "[MT §7.12]"


@rule("§7.12", "§8.6")
def test_7_12_an_attached_leader_raised_for_another_unit_gives_his_own_only_his_cl():
    t = board()
    t.unit("G3", 100, 60, 0, **FOUR)
    t.unit("M3", 101.5, 60, 180, **FOUR)
    t.leader("hurin", attached_to="G3")
    g = t.g
    g.ml_bonus = {"hurin": [g.round, 2, "G7"]}     # (named elsewhere)
    _, why = g.result_mods("melee", g.units["G3"], g.units["M3"], charging=False,
                           their_arc="front", setting="field", more_kills=False, defending=False)
    assert "+2 attached commander (R-141)" in why
