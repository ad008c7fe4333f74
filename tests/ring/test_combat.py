"""[9.0]-[9.8] the Attack Phase and [Q2]."""

from __future__ import annotations

import pytest

import ringwar
from ringwar.core.dice import Dice

from .conftest import act, build, refused

END = {"type": "end_phase"}


def seed_rolling(total: int) -> int:
    """A seed whose first two dice add up to ``total``."""
    return next(s for s in range(10_000) if sum(Dice(s).roll(2)) == total)


def attacks(g):
    return {(a["piece"], a["target"]) for a in g.legal_actions() if a["type"] == "attack"}


def attack(g, a, d):
    (ev,) = [e for e in act(g, {"type": "attack", "piece": a, "target": d}) if e["type"] == "attack"]
    return ev


@pytest.mark.rule("ring", "[9.0]")
def test_9_0_attacks_only_in_the_attack_phase():
    g = build({"0805": "orc", "0806": "gondor"}, player="sauron", phase="move1")
    assert refused(g, {"type": "attack", "piece": "orc1", "target": "gondor1"}).rule == "[5.2]"


@pytest.mark.rule("ring", "[9.1]")
def test_9_1_attacker_and_defender_must_be_adjacent():
    g = build({"0805": "orc", "0807": "gondor", "0905": "gondor"}, player="sauron", phase="attack")
    assert attacks(g) == {("orc1", "gondor2")}
    assert refused(g, {"type": "attack", "piece": "orc1", "target": "gondor1"}).rule == "[9.1]"


@pytest.mark.rule("ring", "[9.1]")
def test_9_1_no_attack_across_a_mountain_hexside():
    g = build({"1617": "orc", "1717": "gondor", "1618": "gondor"}, player="sauron", phase="attack")
    assert attacks(g) == {("orc1", "gondor2")}
    e = refused(g, {"type": "attack", "piece": "orc1", "target": "gondor1"})
    assert e.rule == "[9.1]" and "mountain" in e.why


@pytest.mark.rule("ring", "[9.2]")
def test_9_2_pieces_in_elven_hexes_and_isengard_fight_as_on_ordinary_hexes():
    g = build({"1107": "orc", "1108": "elf", "0205": "elf"}, player="sauron", phase="attack")
    assert ("orc1", "elf1") in attacks(g)
    g = build({"1118": "rohan", "1117": "saruman"}, player="alliance", phase="attack")
    assert ("rohan1", "saruman") in attacks(g)
    g = build({"1118": "rohan", "1117": "saruman"}, player="saruman", phase="attack")
    assert ("saruman", "rohan1") in attacks(g)


@pytest.mark.rule("ring", "[9.3]")
def test_9_3_nobody_fights_in_mount_doom_fangorn_the_paths_or_moria():
    g = build({"1217": "orc", "1216": "fangorn", "1219": "orc", "1220": ["dead", "dead"],
               "1112": "orc", "1212": "gandalf"}, player="sauron", phase="move1")
    act(g, END)
    assert g.phase == "move2"                           # no attack was possible at all
    g = build({"1217": "orc", "1216": "fangorn", "1219": "orc", "1220": "dead", "1112": "orc",
               "1212": "gandalf", "0805": "orc", "0806": "gondor"}, player="sauron", phase="attack")
    assert attacks(g) == {("orc4", "gondor1")}
    assert refused(g, {"type": "attack", "piece": "orc1", "target": "fangorn"}).rule == "[11.6]"
    assert refused(g, {"type": "attack", "piece": "orc2", "target": "dead1"}).rule == "[11.10]"
    assert refused(g, {"type": "attack", "piece": "orc3", "target": "gandalf"}).rule == "[11.3]"


@pytest.mark.rule("ring", "[9.4]")
def test_9_4_each_piece_attacks_once_a_round_but_may_be_attacked_often():
    g = build({"0805": "orc", "0806": "gondor", "0707": "orc"}, player="sauron", phase="attack",
              seed=seed_rolling(5))
    assert attack(g, "orc1", "gondor1")["outcome"] == "-"
    assert refused(g, {"type": "attack", "piece": "orc1", "target": "gondor1"}).rule == "[9.4]"
    assert ("orc2", "gondor1") in attacks(g)            # the same defender again


@pytest.mark.rule("ring", "[9.5]")
def test_9_5_the_attacker_names_the_pieces_and_rolls_two_dice():
    g = build({"1420": "orc", "1419": "gondor"}, player="sauron", phase="attack", seed=3)
    ev = attack(g, "orc1", "gondor1")
    d1, d2 = ev["dice"]                  # a list of the die values, as in the SPI games
    assert all(type(x) is int for x in ev["dice"]) and f"rolled {d1}+{d2}" in ev["text"]
    assert (d1 + d2 == ev["total"]) and 1 <= d1 <= 6 and 1 <= d2 <= 6
    # the attacker's own position (a fortress here) is unimportant
    assert ev["row"] == "open" and ev["rule"] == "[9.8]" and "rolled" in ev["text"]
    assert g.dice.count == 2


def resolve(pieces, attacker, defender, total, player="sauron", **options):
    """Resolve one attack through ``apply`` with dice rigged to ``total``; its event."""
    g = build(pieces, player=player, phase="attack", seed=seed_rolling(total), options=options)
    ev = attack(g, attacker, defender)
    assert ev["total"] == total
    return ev


CAIR_ANDROS = {"1517": "orc", "1518": "gondor"}          # across the Anduin
DOL_AMROTH = {"1022": "orc", "0923": "gondor"}           # across the water all round [Q1]
OSGILIATH = {"1619": "orc", "1520": "gondor"}            # across the Anduin
PELARGIR = {"1621": "orc", "1522": "gondor"}             # across the Anduin
MINAS_TIRITH = {"1419": "orc", "1420": "gondor"}         # a fortress, no river
ACROSS_ANDUIN = {"1409": "orc", "1509": "gondor"}        # a river, no fortress
OPEN = {"0805": "orc", "0806": "gondor"}


@pytest.mark.rule("ring", "[9.6]")
@pytest.mark.parametrize("where", [CAIR_ANDROS, DOL_AMROTH], ids=["cair_andros", "dol_amroth"])
def test_9_6_cair_andros_and_dol_amroth_are_a_fortress_and_across_a_river(where):
    # Ordinary vs Ordinary, fortress AND river: A 2-4 / D 10-12
    ev = resolve(where, "orc1", "gondor1", 4)
    assert ev["row"] == "fortress_and_river" and ev["outcome"] == "A"
    assert resolve(where, "orc1", "gondor1", 9)["outcome"] == "-"      # 9 kills one step less
    assert resolve(where, "orc1", "gondor1", 10)["outcome"] == "D"


@pytest.mark.rule("ring", "[9.6]")
@pytest.mark.parametrize("where", [OSGILIATH, PELARGIR], ids=["osgiliath", "pelargir"])
def test_9_6_other_fortresses_across_a_river_are_one_step_not_two(where):
    # "(Cair Andros or Dol Amroth)": Osgiliath and Pelargir, though on the Anduin, are
    # "fortress OR river": A 2-3 / D 9-12
    ev = resolve(where, "orc1", "gondor1", 9)
    assert ev["row"] == "fortress_or_river" and ev["outcome"] == "D"
    assert resolve(where, "orc1", "gondor1", 4)["outcome"] == "-"
    # Dol Guldur too, attacked from across the river
    ev = resolve({"1412": "gondor", "1513": "orc"}, "gondor1", "orc1", 9, player="alliance")
    assert ev["row"] == "fortress_or_river" and ev["outcome"] == "D"
    # the option river_fortresses="map" (how older records were played) gives them the
    # strongest row
    ev = resolve(where, "orc1", "gondor1", 4, river_fortresses="map")
    assert ev["row"] == "fortress_and_river" and ev["outcome"] == "A"


@pytest.mark.rule("ring", "[9.6]")
def test_9_6_a_fortress_or_a_river_is_one_step_open_ground_none():
    for where in (MINAS_TIRITH, ACROSS_ANDUIN):          # A 2-3 / D 9-12
        assert [resolve(where, "orc1", "gondor1", t)["outcome"] for t in (3, 8, 9)] \
            == ["A", "-", "D"]
    assert [resolve(OPEN, "orc1", "gondor1", t)["outcome"] for t in (3, 8)] == ["-", "D"]
    # the position of the defender counts, not the attacker's [9.5]
    ev = resolve({"1420": "orc", "1419": "gondor"}, "orc1", "gondor1", 8)
    assert ev["row"] == "open" and ev["outcome"] == "D"


@pytest.mark.rule("ring", "[9.6]")
def test_9_6_records_made_before_the_option_replay_with_the_reading_they_were_played_with():
    record = ringwar.GameRecord("battle-of-the-ring", seed_rolling(4), None, {"players": 3},
                                {"pieces": OSGILIATH, "player": "sauron", "phase": "attack",
                                 "round": 2})
    g = ringwar.replay(record)
    assert g.options["river_fortresses"] == "map"
    ev = attack(g, "orc1", "gondor1")
    assert ev["row"] == "fortress_and_river" and ev["outcome"] == "A"
    new = ringwar.new_game("battle-of-the-ring")
    assert new.record.options["river_fortresses"] == "named"


@pytest.mark.rule("ring", "[9.7]")
def test_9_7_elves_the_ents_gandalf_and_the_nazgul_are_always_elven():
    g = build({"0805": "elf", "0905": "gandalf", "1005": "nazgul", "1216": "fangorn",
               "0503": "orc", "0703": "manorc"})
    assert [g.strength(p)[0] for p in ("elf1", "gandalf", "nazgul", "fangorn", "orc1", "manorc1")] \
        == ["E", "E", "E", "E", "O", "O"]


@pytest.mark.rule("ring", "[9.7]")
def test_9_7_aragorn_gives_elven_strength_to_gondor_and_the_dead_only():
    g = build({"0805": "aragorn", "0806": "gondor", "0804": "dead", "0705": "rohan",
               "0905": "dwarf"}, paths="closed")
    assert g.strength("gondor1") == ("E", "aragorn") and g.strength("dead1") == ("E", "aragorn")
    assert g.strength("rohan1")[0] == g.strength("dwarf1")[0] == "O"
    assert g.strength("aragorn")[0] == "O"


@pytest.mark.rule("ring", "[9.7]")
def test_9_7_saruman_gives_elven_strength_to_man_orcs_only():
    g = build({"0805": "saruman", "0806": "manorc", "0804": "orc"}, players=2)
    assert g.strength("manorc1") == ("E", "saruman") and g.strength("orc1")[0] == "O"


@pytest.mark.rule("ring", "[9.7]")
def test_9_7_gandalf_and_the_nazgul_give_elven_strength_to_any_friendly_piece():
    g = build({"0805": "gandalf", "0806": "aragorn", "0804": "rohan", "0905": "orc"})
    assert g.strength("aragorn") == ("E", "gandalf") and g.strength("rohan1") == ("E", "gandalf")
    assert g.strength("orc1")[0] == "O"                             # not to the enemy
    g = build({"0805": "nazgul", "0806": "saruman", "0804": "orc"})
    assert g.strength("orc1") == ("E", "nazgul")
    assert g.strength("saruman")[0] == "O"                          # three players: not friendly
    g = build({"0805": "nazgul", "0806": "saruman", "0804": "manorc"}, players=2)
    assert g.strength("saruman") == ("E", "nazgul") and g.strength("manorc1")[0] == "E"


@pytest.mark.rule("ring", "[9.7]", "[Q2]")
def test_q2_an_intervening_mountain_hexside_prevents_giving_elven_strength():
    g = build({"1617": "gandalf", "1717": "gondor", "1618": "rohan"})
    assert g.strength("gondor1")[0] == "O" and g.strength("rohan1") == ("E", "gandalf")


CRT = {  # battle-of-the-ring.md, restored
    "open": {"OO": ("2", "8-12"), "OE": ("2-3", "10-12"), "EO": ("none", "7-12"), "EE": ("2", "9-12")},
    "fortress_or_river": {"OO": ("2-3", "9-12"), "OE": ("2-4", "11-12"), "EO": ("2", "8-12"),
                          "EE": ("2-3", "10-12")},
    "fortress_and_river": {"OO": ("2-4", "10-12"), "OE": ("2-5", "12"), "EO": ("2-3", "9-12"),
                           "EE": ("2-4", "11-12")},
}


def _span(s):
    if s == "none":
        return set()
    lo, _, hi = s.partition("-")
    return set(range(int(lo), int(hi or lo) + 1))


@pytest.mark.rule("ring", "[9.8]")
def test_9_8_the_combat_results_table_is_the_restored_one():
    g = build({"0805": "orc"})
    for row, cols in CRT.items():
        for col, (a, d) in cols.items():
            assert g.S.crt[row][col] == (frozenset(_span(a)), frozenset(_span(d))), (row, col)


@pytest.mark.rule("ring", "[9.8]")
@pytest.mark.parametrize("total,outcome", [(2, "A"), (5, "-"), (7, "-"), (8, "D"), (12, "D")])
def test_9_8_a_eliminates_the_attacker_d_the_defender_else_no_result(total, outcome):
    g = build({"0805": "orc", "0806": "gondor"}, player="sauron", phase="attack",
              seed=seed_rolling(total))
    ev = attack(g, "orc1", "gondor1")
    assert ev["total"] == total and ev["outcome"] == outcome
    assert ("orc1" in g.hex_of) == (outcome != "A") and ("gondor1" in g.hex_of) == (outcome != "D")
    assert "Ordinary attacking Ordinary, on open ground: A 2 / D 8-12" in ev["text"]


@pytest.mark.rule("ring", "[9.8]")
def test_9_8_elven_strength_changes_the_column():
    g = build({"0805": "orc", "0806": "gondor", "0807": "aragorn"}, player="sauron",
              phase="attack", seed=seed_rolling(9))
    ev = attack(g, "orc1", "gondor1")
    assert ev["column"] == "OE" and ev["outcome"] == "-"
    assert "Aragorn" in ev["text"]


@pytest.mark.rule("ring", "[9.8]", "[9.6]", "[9.7]")
def test_9_8_preview_gives_the_exact_odds_of_an_attack_checked_by_hand():
    # open ground, Ordinary vs Ordinary: A on 2 (1/36), D on 8-12 (5+4+3+2+1 = 15/36)
    g = build(OPEN, player="sauron", phase="attack")
    p = g.preview({"type": "attack", "piece": "orc1", "target": "gondor1"})
    assert p["table"] == "[9.8] Combat Results Table" and p["shifts"] == []
    assert p["column"] == "Ordinary attacking Ordinary, on open ground: A 2 / D 8-12"
    assert p["odds"] == pytest.approx({"A": 1 / 36, "D": 15 / 36, "-": 20 / 36})
    assert set(p["legend"]) == set(p["odds"]) and "Gondor army 1" in p["legend"]["D"]
    assert p["summary"].startswith("42% to eliminate Gondor army 1")
    # Cair Andros: A 2-4 (1+2+3 = 6/36), D 10-12 (3+2+1 = 6/36)
    g = build(CAIR_ANDROS, player="sauron", phase="attack")
    p = g.preview({"type": "attack", "piece": "orc1", "target": "gondor1"})
    assert p["odds"] == pytest.approx({"A": 6 / 36, "D": 6 / 36, "-": 24 / 36})
    assert [s["rule"] for s in p["shifts"]] == ["[9.6]"] and "Cair Andros" in p["shifts"][0]["text"]
    # an Elven army attacking an Orc army in the open: A none (0), D 7-12 (21/36)
    g = build({"0805": "elf", "0806": "orc"}, player="alliance", phase="attack")
    p = g.preview({"type": "attack", "piece": "elf1", "target": "orc1"})
    assert p["odds"] == pytest.approx({"A": 0, "D": 21 / 36, "-": 15 / 36})
    assert p["shifts"] == [{"rule": "[9.7]", "text": "the attacker, Elven army 1: Elven strength "
                                                     "of its own"}]
    # Osgiliath across the Anduin, the defender made Elven by Aragorn next to it: fortress
    # or river, Ordinary vs Elven: A 2-4 (6/36), D 11-12 (2+1 = 3/36)
    g = build({"1619": "orc", "1520": "gondor", "1420": "aragorn"}, player="sauron",
              phase="attack")
    p = g.preview({"type": "attack", "piece": "orc1", "target": "gondor1"})
    assert p["odds"] == pytest.approx({"A": 6 / 36, "D": 3 / 36, "-": 27 / 36})
    assert p["column"] == ("Ordinary attacking Elven, into a fortress or across a river: "
                           "A 2-4 / D 11-12")
    rules = [s["rule"] for s in p["shifts"]]
    assert rules.count("[9.6]") == 3 and rules[-1] == "[9.7]" and "Aragorn" in p["shifts"][-1]["text"]
    # the odds are those the attack is resolved with
    ev = attack(g, "orc1", "gondor1")
    assert (ev["row"], ev["column"]) == ("fortress_or_river", "OE")
    # nothing to preview but a legal attack
    assert g.preview({"type": "end_phase"}) is None
    assert g.preview({"type": "attack", "piece": "orc1", "target": "gondor1"}) is None
