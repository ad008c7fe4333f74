"""[2.0]-[2.4] [4.0]-[4.5] [Q1] [Q4]: the map of Middle-earth, the pieces and the set-up.

The map is [reconstructed] (docs/ring.md); these tests pin what the rules depend on.
"""

from __future__ import annotations

from collections import deque

import pytest

import ringwar
from ringwar.core import hexes as hx
from ringwar.systems.ring.data import static

from .conftest import build

S = static()
M = S.hexmap


def start_game(**options):
    return ringwar.new_game("battle-of-the-ring", seed=0, options=options)


def on_board(game, nation):
    return sorted(h for p, h in game.hex_of.items() if S.nation_of[p] == nation)


def land_component(start: str) -> set[str]:
    seen, todo = {start}, deque([start])
    while todo:
        h = todo.popleft()
        for n in S.steps[h]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


@pytest.mark.rule("ring", "[2.0]")
def test_2_0_a_24_by_27_map_and_94_pieces():
    assert (M.spec.map.columns, M.spec.map.rows) == (24, 27)
    assert len(M.hexes) == 24 * 27
    assert sum(n.counters for n in S.nations.values()) == 94


@pytest.mark.rule("ring", "[2.1]", "[Q4]")
def test_2_1_fortresses_red_and_special_hexes_orange():
    assert {"1420", "0923", "1518", "2119", "1721", "1513", "1119", "0919"} <= S.fortress
    assert S.special == {S.moria, S.isengard, S.fangorn, S.paths, S.mount_doom}
    assert M.terrain(S.mount_doom) == "special"


@pytest.mark.rule("ring", "[2.1]", "[Q1]")
def test_q1_there_is_water_all_around_dol_amroth():
    h = M.place("dol_amroth")[0]
    assert all((h, n) in S.river_side for n in M.adjacent(h))
    cair = M.place("cair_andros")[0]
    assert all((cair, n) in S.river_side for n in M.adjacent(cair))


@pytest.mark.rule("ring", "[2.2]")
def test_2_2_pieces_are_armies_characters_and_special_pieces():
    g = start_game()
    kinds = {u["nation"]: u["kind"] for u in g.view(None)["units"]}
    assert kinds["orc"] == "army" and kinds["gandalf"] == "leader" and kinds["ring"] == "ring"
    assert kinds["dead"] == "army" and kinds["fangorn"] == "army"


@pytest.mark.rule("ring", "[2.3]", "[8.1]")
def test_2_3_the_factor_printed_is_the_movement_allowance():
    g = start_game()
    moves = {u["nation"]: u["move"] for u in g.view(None)["units"]}
    assert {k: moves[k] for k in ("gondor", "orc", "dwarf", "hobbit")} == dict.fromkeys(
        ("gondor", "orc", "dwarf", "hobbit"), 2)
    assert {k: moves[k] for k in ("manorc", "rohan", "fangorn", "ring")} == dict.fromkeys(
        ("manorc", "rohan", "fangorn", "ring"), 3)
    assert moves["saruman"] == moves["aragorn"] == 4
    assert moves["gandalf"] == moves["nazgul"] == 6


@pytest.mark.rule("ring", "[2.4]")
def test_2_4_eye_pieces_are_saurons_white_hand_pieces_sarumans():
    g = start_game()
    assert g.player("orc1") == "sauron" and g.player("nazgul") == "sauron"
    assert g.player("manorc1") == "saruman" and g.player("saruman") == "saruman"
    assert g.player("gandalf") == "alliance" and g.player("elf1") == "alliance"


@pytest.mark.rule("ring", "[4.0]", "[4.4]")
def test_4_0_every_start_marker_is_on_passable_ground_and_linked_to_the_rest():
    main = land_component("1420")
    for nation, hexes in S.start.items():
        for h in hexes:
            assert h in S.passable, (nation, h)
            if h not in S.special:
                assert h in main or h in land_component("0205"), (nation, h)
    # [4.4] the markers are only for setting up: a Gondor star is an ordinary hex
    assert "1522" not in S.build_hexes["gondor"]


@pytest.mark.rule("ring", "[4.1]")
def test_4_1_sauron_sets_up_25_orcs_and_the_nazgul():
    g = start_game()
    orcs = on_board(g, "orc")
    assert len(orcs) == 25 and len(set(orcs)) == 25
    assert set(S.build_hexes["orc"]) <= set(orcs)  # the crowns: Harad, Dol Guldur, Morgul, Barad-dur
    assert g.hex_of["nazgul"] == M.place("start_nazgul")[0]


@pytest.mark.rule("ring", "[4.2]")
def test_4_2_saruman_sets_up_10_man_orcs_and_himself_on_isengard():
    g = start_game()
    assert len(on_board(g, "manorc")) == 10
    assert g.hex_of["saruman"] == S.isengard


@pytest.mark.rule("ring", "[4.3]")
def test_4_3_the_alliance_places_its_armies_and_characters():
    g = start_game()
    counts = {n: len(on_board(g, n)) for n in ("hobbit", "dwarf", "elf", "rohan", "gondor", "dead")}
    assert counts == {"hobbit": 2, "dwarf": 3, "elf": 6, "rohan": 6, "gondor": 8, "dead": 2}
    assert set(on_board(g, "elf")) == S.elven
    assert on_board(g, "dead") == [S.paths, S.paths]
    assert g.hex_of["fangorn"] == S.fangorn
    assert {"aragorn", "gandalf", "ring"} <= set(g.hex_of)
    assert set(S.build_hexes["dwarf"]) <= set(on_board(g, "dwarf"))
    assert {"1420", "0923"} <= set(on_board(g, "gondor"))
    assert {"1119", "0919"} <= set(on_board(g, "rohan"))


@pytest.mark.rule("ring", "[4.5]", "[12.0]")
def test_4_5_two_player_option_removes_five_armies_that_remain_buildable():
    g = start_game(players=2, remove_4_5=True)
    assert len(on_board(g, "orc")) == 22 and len(on_board(g, "manorc")) == 8
    man_orc_hexes = S.start["manorc"]
    by_y = sorted(man_orc_hexes, key=lambda h: (int(h[2:]) + (int(h[:2]) % 2 == 0) * 0.5))
    assert not ({by_y[0], by_y[-1]} & set(on_board(g, "manorc")))  # northernmost, southernmost
    assert g.view("evil")["pool"]["orc"] == 34 - 22
    with pytest.raises(ringwar.RecordError):
        start_game(players=3, remove_4_5=True)


def test_the_map_is_connected_where_the_rules_need_it():
    main = land_component("1420")
    for place in ("edoras", "helms_deep", "minas_tirith", "dol_amroth", "barad_dur", "harad",
                  "lonely_mountain", "iron_hills", "shire", "dol_guldur", "minas_morgul"):
        assert M.place(place)[0] in main, place
    # Moria is a pass through the Misty Mountains [11.1]: west and east, nothing else
    west = [n for n in S.steps[S.moria] if hx.col_row(n)[0] < hx.col_row(S.moria)[0]]
    east = [n for n in S.steps[S.moria] if hx.col_row(n)[0] > hx.col_row(S.moria)[0]]
    assert west and east and len(west) + len(east) == len(S.steps[S.moria])
    # the Paths of the Dead: entered from the North or the South only [11.11]
    assert set(S.steps[S.paths]) == {S.paths_north, S.paths_south}
    assert hx.direction_to(S.paths, S.paths_north) == 1 and hx.direction_to(S.paths, S.paths_south) == 4
    # Fangorn lies across the mountains from Isengard [11.7]
    assert (S.fangorn, S.isengard) in S.mountain_side


def test_the_entwash_and_the_anduin_are_rivers_on_the_map():
    names = {f.get("name") for f in M.sides().values()}
    assert {"Anduin", "Entwash"} <= names
    assert ("1317", "1318") in S.closed_side


def test_the_game_exposes_its_hexmap_and_counters_for_the_renderer():
    g = build({"0805": "gandalf"})
    assert g.hexmap is S.hexmap
    (u,) = g.view(None)["units"]
    assert {"id", "hex", "label", "name", "side", "kind", "reduced", "disrupted"} <= set(u)
    assert u["hex"] == "0805" and u["side"] == "alliance"
