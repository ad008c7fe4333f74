"""Gondor [12.0] game length, [13.0] set-up, [14.0] reinforcements and [14.3] Mumakil."""

from __future__ import annotations

import pytest
from _gondor import SAURON, WEST, cost, end_until, gpos

import ringwar
from conftest import Position, acts, dests, illegal, play, rig
from ringwar.core import hexes as hx

rule = pytest.mark.rule


# ----- [12.0] game length ----------------------------------------------------------------------
@rule("gondor", "[12.0]")
def test_12_0_sixteen_turns_night_two_to_six():
    g = gpos(turn=1, phase="A").game()
    assert g.last_turn == 16
    assert [t for t in range(1, 17) if g.is_night(t)] == [2, 3, 4, 5, 6]
    assert g.view(WEST)["night_turns"] == [2, 3, 4, 5, 6]


@rule("gondor", "[12.0]")
def test_12_0_game_ends_after_turn_16_not_before():
    pos = gpos(turn=15, phase="H")
    pos.place("gondor_spearmen", "1706")
    g = pos.game()
    end_until(g, "F", turn=16)
    assert g.result is None
    play(g, {"type": "end"})
    assert g.result is not None and g.turn == 16


@rule("gondor", "[12.0]")
def test_12_0_eight_phases_with_the_sauron_siege_phase():
    pos = gpos(turn=7, phase="A")
    pos.place("gondor_spearmen", "1706")
    g = pos.game()
    end_until(g, "F", turn=8)
    phases = [e["phase"] for e in g.log if e["type"] == "phase" and e.get("turn") == 7]
    assert phases == ["A", "B", "C", "D", "E", "F", "G", "H"]


# ----- [13.0] set-up ------------------------------------------------------------------------------
def fresh():
    return ringwar.new_game("gondor", seed=1)


def place_all(g, side):
    """Place every piece of ``side`` at its first legal hex (cauldrons: real until three)."""
    while g.to_act == side and g.phase == "S":
        sel = [a for a in g.legal_actions() if a["type"] == "select"]
        if not sel:
            play(g, {"type": "end"})
            break
        play(g, sel[0])
        options = g.legal_actions()
        play(g, options[0])


@rule("gondor", "[13.0]")
def test_13_0_sauron_sets_up_first_then_westernesse():
    g = fresh()
    assert g.phase == "S" and g.to_act == SAURON
    assert all(g.units[a["unit"]].side == SAURON for a in acts(g, "select"))
    illegal(g, {"type": "select", "unit": "gandalf"})
    place_all(g, SAURON)
    assert g.phase == "S" and g.to_act == WEST
    place_all(g, WEST)
    assert g.phase != "S" and g.turn == 1


@rule("gondor", "[13.1]")
def test_13_1_sauron_forces_within_four_hexes_of_the_east_edge():
    g = fresh()
    to_place = sorted(a["unit"] for a in acts(g, "select"))
    kinds: dict[str, int] = {}
    for pid in to_place:
        kinds[g.units[pid].key] = kinds.get(g.units[pid].key, 0) + 1
    assert kinds == {"orc_archer": 4, "light_orc": 9, "orc_infantry": 9, "catapult": 3, "siege_tower": 3,
                     "nazgul": 1, "gothmog": 1}
    play(g, {"type": "select", "unit": "orc_infantry1"})
    hexes = {a["to"] for a in g.legal_actions()}
    assert hexes and all(24 - hx.col_row(h)[1] <= 4 for h in hexes)
    assert {"1920", "2124", "3624"} <= hexes
    assert "1919" not in hexes and "1910" not in hexes


@rule("gondor", "[13.2]")
def test_13_2_westernesse_inside_the_city_or_two_hexes_from_its_walls():
    g = fresh()
    place_all(g, SAURON)
    assert g.units["citadel_guard1"].hex == "1903"
    kinds: dict[str, int] = {}
    for a in acts(g, "select"):
        k = g.units[a["unit"]].key
        kinds[k] = kinds.get(k, 0) + 1
    assert kinds == {"gondor_spearmen": 4, "armored_archer": 1, "mounted_knight": 1, "lance_knight": 1,
                     "gondor_axeman": 1, "gondor_bowman": 1, "w_catapult": 3, "cauldron": 6,
                     "gandalf": 1, "imrahil": 1}
    play(g, {"type": "select", "unit": "gondor_spearmen1"})
    hexes = {a["to"] for a in g.legal_actions()}
    level1 = set(g.hexmap.place("level_1"))
    assert "1706" in hexes and "1911" in hexes and "1912" in hexes        # city; 1 and 2 from 1910
    assert "1913" not in hexes                                             # three hexes out
    assert "1903" not in hexes                                             # the Citadel Guard's hex
    assert all(h in g.city["city"] or min(hx.distance(h, x) for x in level1) <= 2 for h in hexes)


@rule("gondor", "[13.2]", "[16.71]")
def test_13_2_three_real_and_three_dummy_cauldrons_chosen_by_westernesse_in_the_city():
    g = fresh()
    place_all(g, SAURON)
    city = g.city["city"]
    for i in range(1, 7):
        play(g, {"type": "select", "unit": f"cauldron{i}"})
        options = g.legal_actions()
        assert all(a["to"] in city for a in options)
        reals = {a.get("real") for a in options}
        want = i <= 3
        assert want in reals
        play(g, next(a for a in options if a["real"] is want))
    assert sorted(g.units[f"cauldron{i}"].flags["real"] for i in range(1, 7)) == [False] * 3 + [True] * 3
    # the choice is the Westernesse's secret
    sees = str(g.view(SAURON)) + str(g.log_for(SAURON))
    assert "dummy" not in sees and "'real'" not in sees


@rule("gondor", "[13.2]", "[16.71]")
def test_16_71_no_fourth_real_cauldron():
    g = fresh()
    place_all(g, SAURON)
    for i in range(1, 4):
        play(g, {"type": "select", "unit": f"cauldron{i}"})
        play(g, next(a for a in g.legal_actions() if a["real"] is True))
    play(g, {"type": "select", "unit": "cauldron4"})
    assert {a["real"] for a in g.legal_actions()} == {False}


# ----- [14.1] Sauron reinforcements ----------------------------------------------------------------
def reinforcement_game(turn=2, phase="C"):
    return Position("gondor", seed=1).at(turn=turn, phase=phase).game()


@rule("gondor", "[14.1]", "[14.0]")
def test_14_1_turn_two_host_enters_within_two_hexes_of_2124():
    g = reinforcement_game()
    u = "uruk1"
    assert g.units[u].arrival == 2
    entries = {g.destinations(g.units[u])[h][1] for h in dests(g, u)}
    assert entries and all(hx.distance(e, "2124") <= 2 for e in entries)
    assert cost(g, u, "2124") == 1


@rule("gondor", "[14.1]")
def test_14_1_the_host_is_not_available_on_turn_one():
    g = Position("gondor", seed=1).at(turn=1, phase="C").game()
    assert not dests(g, "uruk1")
    assert {"type": "select", "unit": "uruk1"} not in g.legal_actions()


@rule("gondor", "[14.0]", "[14.1]")
def test_14_0_entry_chain_each_later_unit_pays_one_more():
    # demoralized (ZOC-less [6.14]) Westernesse units close every entry hex but 2124
    pos = Position("gondor", seed=1).at(turn=2, phase="C")
    for h in ("1924", "2024", "2224", "2324"):
        pos.place("gondor_spearmen", h)
    pos.extra(demoralized={"garrison": True})
    g = pos.game()
    assert cost(g, "uruk1", "2124") == 1
    play(g, {"type": "move", "unit": "uruk1", "to": "2122"})
    assert cost(g, "uruk2", "2124") == 2            # the second unit in the chain
    play(g, {"type": "move", "unit": "uruk2", "to": "2123"})
    assert cost(g, "uruk3", "2124") == 3
    assert g.entry_count == {"2124": 2}


# ----- [14.2] Westernesse reinforcements -----------------------------------------------------------
def rohan_game(turn=5):
    pos = Position("gondor", seed=1).at(turn=turn, phase="E")
    pos.place("gandalf", "1706")
    pos.place("gondor_spearmen1", "1706")
    g = pos.game()
    assert g.phase == "E" and g.to_act == WEST
    return g


@rule("gondor", "[14.2]", "[19.11]")
def test_14_2_rohan_arrives_on_a_five_or_six_along_the_north_edge():
    g = rohan_game()
    rig(g, 5)
    play(g, {"type": "end"})
    assert g.phase == "F" and g.siege.rohan
    assert g.dp["garrison"] == -10                          # [19.11] C
    d = dests(g, "rohan_heavy_cav1")
    entries = {g.destinations(g.units["rohan_heavy_cav1"])[h][1] for h in d}
    assert entries and all(hx.col_row(e)[0] == 36 for e in entries)


@rule("gondor", "[14.2]")
@pytest.mark.parametrize("die", [1, 4])
def test_14_2_rohan_stays_away_on_one_to_four(die):
    g = rohan_game()
    rig(g, die)
    play(g, {"type": "end"})
    assert g.phase == "F" and not g.siege.rohan
    assert not dests(g, "rohan_heavy_cav1")
    assert g.dp["garrison"] == 0


@rule("gondor", "[14.2]")
def test_14_2_no_rohan_roll_before_turn_five():
    g = rohan_game(turn=4)
    n = g.dice.count
    rig(g, 6)
    play(g, {"type": "end"})
    assert g.phase == "F" and not g.siege.rohan
    assert not [e for e in g.log if e.get("rule") == "[14.2]"]
    assert g.dice.count == n


@rule("gondor", "[14.2]", "[19.11]")
def test_14_2_aragorn_arrives_turn_ten_along_the_south_edge():
    g = rohan_game(turn=10)
    rig(g, 1)                                   # Rohan's roll fails
    play(g, {"type": "end"})
    assert g.siege.aragorn and g.dp["garrison"] == -10
    d = dests(g, "men_spearmen1")
    entries = {g.destinations(g.units["men_spearmen1"])[h][1] for h in d}
    assert entries and all(hx.col_row(e)[0] == 1 for e in entries)
    assert dests(g, "aragorn")


# ----- [14.3] Mumakil -------------------------------------------------------------------------------
@rule("gondor", "[14.31]")
@pytest.mark.parametrize("cav", ["mordor_cavalry", "rohan_heavy_cav"])
def test_14_31_no_cavalry_moves_adjacent_to_a_mumak_friend_or_foe(cav):
    pos = gpos(phase="C" if cav.startswith("mordor") else "F")
    pos.place("mumak", "1215")
    c = pos.place(cav, "1219")
    g = pos.game()
    d = dests(g, c)
    assert d and not (d & set(hx.neighbours("1215")))
    assert "1217" in d


@rule("gondor", "[14.31]")
def test_14_31_and_vice_versa_no_mumak_moves_adjacent_to_cavalry():
    pos = gpos(phase="C")
    m = pos.place("mumak", "1215")
    pos.place("mordor_cavalry", "1219")
    g = pos.game()
    d = dests(g, m)
    assert d and not (d & set(hx.neighbours("1219")))
    assert "1217" in d


def stampede_game(*, mumak_hex="1215", attacker_dir=4, others=()):
    """A Gondor axeman attacks a Mumak: B vs armour 4 hits on 2+2, morale Y die 5 = r2."""
    pos = gpos(phase="G")
    m = pos.place("mumak", mumak_hex)
    s = pos.place("gondor_axeman", hx.neighbour(mumak_hex, attacker_dir))
    ids = [pos.place(t, h) for t, h in others]
    g = pos.game()
    play(g, {"type": "attack", "unit": s, "target": m})
    return g, m, s, ids


@rule("gondor", "[14.32]")
def test_14_32_mumak_on_a_retreat_result_charges_in_the_scatter_direction():
    g, m, s, _ = stampede_game()
    rig(g, 2, 2, 5, 1)                                    # hit, r2, scatter die 1: up the column
    ev = play(g, {"type": "resolve"})
    assert any(e["type"] == "stampede" for e in ev)
    mu = g.units[m]
    assert mu.hex == "1211" and mu.disrupted              # its full allowance of 4 up the column
    assert not [e for e in ev if e["type"] == "retreat"]
    assert all(d["kind"] != "retreat" for d in g.pending)       # no retreat to choose


@rule("gondor", "[14.32]")
def test_14_32_mumak_stops_next_to_the_first_unit_and_attacks_it_even_a_friend():
    g, m, s, (orc,) = stampede_game(others=[("orc_infantry", "1212")])
    rig(g, 2, 2, 5, 1, 2, 2, 1)    # hit, r2, scatter up; the Mumak's attack on the orc: C vs 2 hit, Y die 1 = E
    ev = play(g, {"type": "resolve"})
    assert g.units[m].hex == "1213" and g.units[m].disrupted
    assert any(e["type"] == "roll" and e.get("target") == orc and e["rule"] == "[7.41]" for e in ev)
    assert g.units[orc].where == "dead"


@rule("gondor", "[14.32]")
def test_14_32_mumak_running_into_a_wall_is_eliminated():
    # up the column from 1913: 1912, 1911, then the Main Gate hexside 1911/1910
    g, m, s, _ = stampede_game(mumak_hex="1913")
    rig(g, 2, 2, 5, 1)
    play(g, {"type": "resolve"})
    assert g.units[m].where == "dead"


@rule("gondor", "[14.32]")
def test_14_32_mumak_leaving_the_map_is_gone():
    g, m, s, _ = stampede_game(mumak_hex="2123", attacker_dir=1)
    rig(g, 2, 2, 5, 4)                                    # down the column: 2124, then off the edge
    play(g, {"type": "resolve"})
    assert g.units[m].where == "exited"


# ----- balance options for simulation sweeps (not rules: the defaults are the rule book's) ----------
def rohan_option_game(turn=5, **options):
    pos = Position("gondor", seed=1, options=options).at(turn=turn, phase="E")
    pos.place("gandalf", "1706")
    pos.place("gondor_spearmen1", "1706")
    return pos.game()


@rule("gondor", "[14.2]")
@pytest.mark.parametrize(("least", "die", "comes"), [(3, 3, True), (3, 2, False), (6, 5, False), (7, 6, False)])
def test_14_2_option_rohan_roll_changes_the_roll_needed(least, die, comes):
    g = rohan_option_game(rohan_roll=least)
    rig(g, die)
    play(g, {"type": "end"})
    assert g.siege.rohan is comes
    roll = [e for e in g.log if e.get("rule") == "[14.2]" and e.get("type") == "roll"][-1]
    assert ("never" if least == 7 else f"{least}-6" if least < 6 else "(6)") in roll["text"] or comes


@rule("gondor", "[14.2]")
def test_14_2_option_rohan_turn_moves_the_first_roll():
    g = rohan_option_game(turn=3, rohan_turn=3)
    rig(g, 6)
    play(g, {"type": "end"})
    assert g.siege.rohan
    g = rohan_option_game(turn=5, rohan_turn=8)
    rig(g, 6)
    play(g, {"type": "end"})
    assert not g.siege.rohan


@pytest.mark.parametrize("bad", [{"rohan_roll": 0}, {"rohan_roll": 8}, {"rohan_roll": "5"},
                                 {"rohan_roll": True}, {"rohan_turn": 17}, {"rohan_turn": 0}])
def test_rohan_options_out_of_range_are_refused(bad):
    import ringwar
    from ringwar.core.errors import RecordError
    with pytest.raises(RecordError, match="rohan_"):
        ringwar.new_game("gondor", seed=1, options=bad)
