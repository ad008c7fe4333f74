"""[7.0]-[7.8] the Building Phase."""

from __future__ import annotations

import pytest

import ringwar

from .conftest import act, build, move, refused

END = {"type": "end_phase"}


def builds(g):
    return {(a["nation"], a["hex"]) for a in g.legal_actions() if a["type"] == "build"}


def count(g, nation):
    return sum(1 for p in g.hex_of if p.startswith(nation))


@pytest.mark.rule("ring", "[7.0]")
def test_7_0_builds_are_made_only_in_the_building_phase():
    g = build({"0805": "orc"}, player="sauron", phase="move1", round=3)
    e = refused(g, {"type": "build", "nation": "orc", "hex": "2119"})
    assert e.rule == "[5.2]"


@pytest.mark.rule("ring", "[7.1]")
def test_7_1_no_builds_in_the_first_round():
    g = ringwar.new_game("battle-of-the-ring")
    assert g.turn == 1 and g.phase == "move1"   # the empty building phase is skipped
    e = refused(g, {"type": "build", "nation": "orc", "hex": "2119"})
    assert e.rule in ("[5.2]", "[7.1]")


@pytest.mark.rule("ring", "[7.1]")
def test_7_1_sauron_builds_2_2_then_3_orc_armies():
    for rnd, n in ((2, 2), (3, 2), (4, 3), (9, 3)):
        g = build({"0805": "gondor"}, player="sauron", phase="build", round=rnd)
        done = 0
        while builds(g):
            act(g, next(a for a in g.legal_actions() if a["type"] == "build"))
            done += 1
        assert done == n, rnd


@pytest.mark.rule("ring", "[7.1]")
def test_7_1_saruman_builds_two_man_orc_armies():
    g = build({"0805": "gondor"}, player="saruman", phase="build", round=2, shire_owner="saruman")
    assert builds(g) == {("manorc", "1117"), ("manorc", "0609")}
    act(g, {"type": "build", "nation": "manorc", "hex": "1117"},
        {"type": "build", "nation": "manorc", "hex": "0609"})
    assert count(g, "manorc") == 2 and g.phase == "move1"


@pytest.mark.rule("ring", "[7.1]")
def test_7_1_the_alliance_builds_dwarf_or_hobbit_one_rohan_one_gondor():
    g = build({"0805": "orc"}, player="alliance", phase="build", round=2)
    assert {n for n, _ in builds(g)} == {"dwarf", "hobbit", "rohan", "gondor"}
    act(g, {"type": "build", "nation": "hobbit", "hex": "0609"})
    assert {n for n, _ in builds(g)} == {"rohan", "gondor"}   # Dwarf OR Hobbit
    act(g, {"type": "build", "nation": "rohan", "hex": "1119"})
    e = refused(g, {"type": "build", "nation": "rohan", "hex": "0919"})
    assert e.rule == "[7.1]"


@pytest.mark.rule("ring", "[7.2]")
def test_7_2_builds_only_on_the_nations_crowned_hexes():
    g = build({"0805": "orc"}, player="alliance", phase="build", round=2)
    assert builds(g) == {("dwarf", "2005"), ("dwarf", "2304"), ("hobbit", "0609"),
                         ("rohan", "1119"), ("rohan", "0919"),
                         ("gondor", "1420"), ("gondor", "0923")}
    e = refused(g, {"type": "build", "nation": "gondor", "hex": "1522"})
    assert e.rule == "[7.4]"
    g = build({"0805": "gondor"}, player="sauron", phase="build", round=4)
    assert builds(g) == {("orc", h) for h in ("2119", "1513", "1721", "1726")}


@pytest.mark.rule("ring", "[7.3]")
def test_7_3_an_occupied_crowned_hex_cannot_be_built_on():
    g = build({"1420": "orc", "0923": "gondor"}, player="alliance", phase="build", round=2)
    assert not {h for n, h in builds(g) if n == "gondor"}
    assert refused(g, {"type": "build", "nation": "gondor", "hex": "1420"}).rule == "[7.3]"


@pytest.mark.rule("ring", "[7.3]")
def test_7_3_a_crowned_hex_left_empty_by_the_enemy_is_the_owners_again():
    g = build({"1419": "orc", "0805": "orc", "0923": "gondor"}, player="sauron", phase="move1",
              round=2)
    move(g, "orc1", "1420")
    act(g, END)                      # on to the second movement phase (no attack possible)
    move(g, "orc1", "1419")
    while not (g.to_act == "alliance" and g.phase == "build"):
        act(g, END)
    assert ("gondor", "1420") in builds(g)


@pytest.mark.rule("ring", "[7.4]")
def test_7_4_no_nation_builds_on_anothers_crowned_hex_even_as_one_force():
    g = build({"0805": "gondor"}, players=2, player="evil", phase="build", round=4)
    assert ("manorc", "2119") not in builds(g) and ("orc", "1117") not in builds(g)
    assert refused(g, {"type": "build", "nation": "manorc", "hex": "2119"}).rule == "[7.4]"


def leave(g, piece):
    """Move ``piece`` one legal step off its hex and stop."""
    act(g, {"type": "select", "piece": piece})
    act(g, next(a for a in g.legal_actions() if a["type"] == "step"), {"type": "stop"})


@pytest.mark.rule("ring", "[7.4]")
def test_7_4_builds_that_cannot_be_made_are_lost_not_accumulated():
    # round 2: three Orc crowns held by Gondor, so Sauron makes 1 of his 2 builds (Harad)
    crowns = ("2119", "1513", "1721")
    g = build({**{h: "gondor" for h in crowns}, "0805": "gondor"}, player="sauron",
              phase="build", round=2)
    assert builds(g) == {("orc", "1726")}
    act(g, {"type": "build", "nation": "orc", "hex": "1726"})
    assert g.phase == "move1" and count(g, "orc") == 1   # the other build is lost
    leave(g, "orc1")                                      # Harad is free again
    while g.to_act != "alliance" or g.phase != "move1":
        act(g, END)
    for pid in ("gondor1", "gondor2", "gondor3"):         # and so are the three crowns
        leave(g, pid)
    while (g.turn, g.to_act, g.phase) != (3, "sauron", "build"):
        act(g, END)
    # round 3: four free crowns, but only round 3's 2 builds, not 3
    assert g.view("sauron")["builds_left"] == {"orc": 2}
    while builds(g):
        act(g, next(a for a in g.legal_actions() if a["type"] == "build"))
    assert count(g, "orc") == 3 and g.phase == "move1"
    # every Orc crown occupied in round 2: nothing is built, the phase passes
    g = build({**{h: "gondor" for h in (*crowns, "1726")}, "0805": "orc"}, player="sauron",
              phase="build", round=2)
    assert (g.to_act, g.phase) == ("sauron", "move1")


@pytest.mark.rule("ring", "[7.5]")
def test_7_5_only_the_shires_possessor_builds_there():
    g = build({"0805": "orc"}, player="saruman", phase="build", round=2)
    assert ("manorc", "0609") not in builds(g)            # the Hobbits possess it
    assert refused(g, {"type": "build", "nation": "manorc", "hex": "0609"}).rule == "[7.5]"
    g = build({"0805": "orc"}, player="alliance", phase="build", round=2, shire_owner="saruman")
    assert ("hobbit", "0609") not in builds(g)
    g = build({"0805": "gondor"}, player="sauron", phase="build", round=2)
    assert refused(g, {"type": "build", "nation": "orc", "hex": "0609"}).rule == "[7.5]"


@pytest.mark.rule("ring", "[7.5]")
def test_7_5_saruman_takes_the_shire_by_holding_it_at_the_end_of_a_movement_phase():
    g = build({"0608": "manorc", "0805": "manorc", "1005": "gondor"}, player="saruman")
    move(g, "manorc1", "0609")
    assert g.shire_owner == "hobbits"          # not until the end of the phase
    act(g, END)
    assert g.shire_owner == "saruman"
    # it stays his when he leaves, until the Alliance holds it the same way
    move(g, "manorc1", "0608")
    act(g, END)
    assert g.shire_owner == "saruman" and g.to_act == "alliance"
    g2 = build({"0608": "rohan", "0805": "rohan", "1105": "orc"}, player="alliance",
               shire_owner="saruman")
    move(g2, "rohan1", "0609")
    act(g2, END)
    assert g2.shire_owner == "hobbits"


@pytest.mark.rule("ring", "[7.5]")
def test_7_5_a_third_nation_states_the_owner_on_withdrawal():
    g = build({"0608": "orc", "0805": "orc", "1005": "gondor"}, player="sauron", phase="move1")
    move(g, "orc1", "0609")
    act(g, END)                                  # holds it at the end of a movement phase
    assert g.shire_third == "orc1" and g.shire_owner == "hobbits"
    move(g, "orc1", "0608")
    assert g.to_act == "sauron" and {a["type"] for a in g.legal_actions()} == {"declare_shire"}
    act(g, {"type": "declare_shire", "owner": "saruman"})
    assert g.shire_owner == "saruman"


@pytest.mark.rule("ring", "[7.6]")
def test_7_6_characters_and_elven_armies_are_never_rebuilt():
    g = build({"0805": "orc"}, player="alliance", phase="build", round=2)
    assert not any(n in ("elf", "gandalf", "aragorn", "dead", "fangorn") for n, _ in builds(g))
    assert refused(g, {"type": "build", "nation": "elf", "hex": "1108"}).rule == "[7.6]"
    assert g.view("alliance")["pool"].get("elf") is None


@pytest.mark.rule("ring", "[7.7]")
def test_7_7_no_more_armies_than_the_counter_mix_holds():
    g = ringwar.new_game("battle-of-the-ring", setup={"pieces": {}, "round": 2})
    mix = g.S.nations["rohan"].counters
    hexes = ["0504", "0505", "0506", "0507", "0604", "0605", "0606", "0607"][:mix]
    g = build({**dict.fromkeys(hexes, "rohan"), "1105": "orc"}, player="alliance",
              phase="build", round=2)
    assert not any(n == "rohan" for n, _ in builds(g))
    assert refused(g, {"type": "build", "nation": "rohan", "hex": "1119"}).rule == "[7.7]"


@pytest.mark.rule("ring", "[7.8]")
def test_7_8_an_eliminated_nation_returns_through_an_empty_crowned_hex():
    # no Dwarf on the board: the Dwarves build again at the Lonely Mountain
    g = build({"0805": "orc", "1005": "gondor"}, player="alliance", phase="build", round=5)
    assert ("dwarf", "2005") in builds(g)
    act(g, {"type": "build", "nation": "dwarf", "hex": "2005"})
    assert g.hex_of["dwarf1"] == "2005"
    # and Saruman, his piece and every Man-Orc gone, builds at Isengard
    g = build({"0805": "orc"}, player="saruman", phase="build", round=5)
    assert ("manorc", "1117") in builds(g)
