"""The data files [MT §2, §4, §5, §9, §10] as loaded and validated by data.py."""

from __future__ import annotations

import re
import shutil
from importlib import resources
from pathlib import Path

import pytest

from ringwar.systems.minas_tirith.data import Definition, load, load_from

rule = pytest.mark.rule

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(str(resources.files("ringwar.systems.minas_tirith") / "data"))
DOC = ROOT / "docs" / "minas-tirith-reconstructed.md"


@pytest.fixture(scope="module")
def d() -> Definition:
    return load()


def figures(d: Definition, contingent: str) -> int:
    return sum(u.figures for u in d.units.values() if u.contingent == contingent)


# --- loading --------------------------------------------------------------------------------------

@rule("minas-tirith", "§1.1")
def test_1_1_load_is_cached_and_equals_a_fresh_load(d: Definition) -> None:
    assert load() is d
    fresh = load_from(DATA)
    assert fresh is not d
    assert fresh.units == d.units and fresh.decks == d.decks and fresh.values == d.values


# --- §2.2 troop types, §2.4 stands, §7.1.1 moves ---------------------------------------------------

@rule("minas-tirith", "§7.1.1")
def test_7_1_1_movement_rates_and_charge_dice(d: Definition) -> None:
    moves = {c: (t.move, t.move_dice, t.charge_dice) for c, t in d.troop_types.items()}
    assert moves == {
        "LC": (20, 0, 2), "MC": (18, 0, 2), "HC": (16, 0, 2), "AC": (14, 0, 2),
        "HAC": (14, 0, 2), "WC": (14, 0, 1), "LI": (12, 0, 1), "MI": (12, 0, 1),
        "HI": (10, 0, 1), "HAI": (8, 0, 1), "TI": (None, 3, 1), "MAC": (None, 3, 1),
    }
    assert d.values["engine_move_dice"] == 1 and d.values["engine_pulled_move_dice"] == 2


@rule("minas-tirith", "§2.2")
def test_2_2_classes_heavy_flags_and_combat_as(d: Definition) -> None:
    t = d.troop_types
    assert {c for c, x in t.items() if x.heavy} == {"HI", "HAI", "HC", "AC", "HAC", "TI"}
    assert {c for c, x in t.items() if x.klass == "cavalry"} == {"LC", "MC", "HC", "AC", "HAC",
                                                                  "WC"}
    assert {c for c, x in t.items() if x.klass == "infantry"} == {"LI", "MI", "HI", "HAI", "TI"}
    assert t["MAC"].klass == "elephant"
    assert t["WC"].combat_as == "LC"
    assert all(x.combat_as == c for c, x in t.items() if c != "WC")


@rule("minas-tirith", "§2.4")
def test_2_4_bases_and_pitches(d: Definition) -> None:
    t = d.troop_types
    for c in ("LI", "MI", "HI", "HAI"):
        assert (t[c].base, t[c].close_pitch, t[c].open_pitch) == ((1, 1), (1, 1), (2, 2))
    for c in ("LC", "MC", "HC", "AC", "HAC", "WC"):
        assert (t[c].base, t[c].close_pitch, t[c].open_pitch) == ((1, 2), (1, 2), (2, 3))
    assert (t["TI"].base, t["TI"].close_pitch, t["TI"].open_pitch) == ((1.5, 1.5),) * 2 + (
        (2.5, 2.5),)
    assert t["MAC"].base == (3, 5) and t["MAC"].open_pitch == (4, 6) and t["MAC"].open_only
    assert {m: (x.base, x.flying) for m, x in d.mounts.items()} == {
        "foot": ((1, 1), False), "horse": ((1, 2), False), "fell_beast": ((3, 3), True)}


# --- §4 orders of battle -------------------------------------------------------------------------

@rule("minas-tirith", "§4.1")
def test_4_1_west_ids_and_figure_totals(d: Definition) -> None:
    ids = {c: sorted(u for u, x in d.units.items() if x.contingent == c)
           for c in ("garrison", "rohan", "provincials")}
    assert ids["garrison"] == sorted(f"G{i}" for i in range(1, 13))
    assert ids["rohan"] == sorted(f"R{i}" for i in range(1, 6))
    assert ids["provincials"] == sorted(f"A{i}" for i in range(1, 5))
    assert figures(d, "garrison") == 136
    assert figures(d, "rohan") == 54
    assert figures(d, "provincials") == 54
    assert all(d.units[u].side == "west" for c in ids.values() for u in c)


@rule("minas-tirith", "§4.2")
def test_4_2_dark_lord_ids_and_figure_totals(d: Definition) -> None:
    mordor = sorted(u for u, x in d.units.items() if x.contingent == "mordor")
    harad = sorted(u for u, x in d.units.items() if x.contingent == "harad")
    assert mordor == sorted(f"M{i}" for i in range(1, 15))
    assert harad == sorted(f"H{i}" for i in range(1, 8))
    assert figures(d, "mordor") == 208
    assert figures(d, "harad") == 79
    assert sum(u.archers for u in d.units.values()) == 3
    assert d.units["H7"].archers == 3


@rule("minas-tirith", "§4.1")
def test_4_1_unit_lines(d: Definition) -> None:
    def line(uid: str) -> tuple:
        u = d.units[uid]
        return (u.figures, u.type, u.morale, u.drill, u.weapons, u.files, u.order)

    assert line("G1") == (12, "HI", 5, "A", ("spear",), 6, "close")
    assert line("G4") == (12, "MI", 4, "B", ("longbow",), 6, "close")
    assert line("G6") == (8, "AC", 5, "A", ("lance",), 4, "close")
    assert line("G8") == (8, "HC", 4, "B", ("lance",), 4, "close")
    assert line("G9") == (12, "MI", 3, "C", (), 6, "close")
    assert line("G11") == (12, "LI", 3, "C", ("longbow",), 6, "close")
    assert line("G12") == (12, "LI", 2, "C", (), 6, "close")
    assert line("R1") == (8, "HC", 5, "A", ("lance",), 4, "close")
    assert line("R5") == (10, "LC", 4, "B", ("horse_bow",), 5, "close")
    assert line("A1") == (10, "MI", 5, "A", ("longbow",), 5, "close")
    assert line("A3") == (16, "MI", 3, "C", (), 8, "close")
    assert line("A4") == (12, "LI", 2, "C", ("bow",), 6, "close")


@rule("minas-tirith", "§4.2")
def test_4_2_unit_lines(d: Definition) -> None:
    def line(uid: str) -> tuple:
        u = d.units[uid]
        return (u.figures, u.type, u.morale, u.drill, u.weapons, u.files, u.order)

    assert line("M1") == line("M2") == (20, "MI", 3, "D", ("spear",), 10, "close")
    assert line("M3") == line("M4") == (20, "MI", 3, "D", (), 10, "close")
    assert line("M5") == line("M6") == (16, "LI", 2, "D", ("bow",), 8, "close")
    assert line("M7") == line("M8") == (16, "HI", 4, "C", (), 8, "close")
    assert line("M10") == (16, "MI", 3, "C", ("spear",), 8, "close")
    assert line("M11") == line("M12") == (6, "TI", 4, "D", (), 3, "close")
    assert line("M13") == (10, "WC", 3, "D", (), 5, "close")
    assert line("M14") == (10, "MC", 3, "C", ("lance",), 5, "close")
    assert line("H1") == line("H2") == (10, "MC", 3, "C", ("lance",), 5, "close")
    assert line("H6") == (12, "HI", 3, "C", (), 6, "close")
    assert line("H7") == (3, "MAC", 4, "C", ("elephant_archers",), 3, "open")
    assert d.units["M11"].attached_to == "E-D10"
    assert [u for u, x in d.units.items() if x.attached_to] == ["M11"]


@rule("minas-tirith", "§4.2")
def test_4_2_engines(d: Definition) -> None:
    e = d.engines
    assert sorted(e) == sorted([f"E-G{i}" for i in range(1, 5)] + [f"E-D{i}" for i in range(1, 11)])
    kinds = {k: e[k].kind for k in e}
    assert [k for k in sorted(kinds) if kinds[k] == "tower"] == ["E-D1", "E-D2", "E-D3"]
    assert [k for k in e if kinds[k] == "grond"] == ["E-D10"]
    assert {k for k in e if kinds[k] == "large_catapult"} == {"E-G1", "E-G2", "E-D4", "E-D5",
                                                              "E-D6"}
    assert {k for k in e if kinds[k] == "small_catapult"} == {"E-G3", "E-G4", "E-D7", "E-D8",
                                                              "E-D9"}
    assert (e["E-D1"].size, e["E-D1"].capacity, e["E-D1"].range) == ((4, 4), 18, None)
    assert (e["E-D10"].size, e["E-D10"].range, e["E-D10"].impact_cf) == ((3, 10), None, None)
    assert (e["E-G1"].size, e["E-G1"].range, e["E-G1"].impact_cf) == ((3, 3), 35, 7)
    assert (e["E-D9"].size, e["E-D9"].range, e["E-D9"].impact_cf) == ((2, 2), 25, 5)
    assert {e[k].side for k in e if k.startswith("E-G")} == {"west"}
    assert {e[k].side for k in e if k.startswith("E-D")} == {"dark-lord"}


# [MT §4.3]: id -> (contingent, set-up mount, moves, CL, CF, CS)
LEADERS = {
    "gandalf": ("garrison", "horse", {"horse": 30}, 3, 6, 18),
    "imrahil": ("garrison", "horse", {"horse": 20}, 2, 4, 12),
    "hurin": ("garrison", "foot", {"foot": 12}, 2, 3, 10),
    "forlong": ("garrison", "horse", {"horse": 20}, 1, 3, 8),
    "hirluin": ("garrison", "foot", {"foot": 12}, 1, 2, 8),
    "duinhir": ("garrison", "foot", {"foot": 12}, 1, 2, 8),
    "theoden": ("rohan", "horse", {"horse": 20}, 2, 4, 12),
    "eomer": ("rohan", "horse", {"horse": 20}, 2, 5, 12),
    "eowyn": ("rohan", "horse", {"horse": 20}, 1, 4, 6),
    "elfhelm": ("rohan", "horse", {"horse": 20}, 1, 3, 10),
    "grimbold": ("rohan", "horse", {"horse": 20}, 1, 3, 10),
    "aragorn": ("provincials", "foot", {"foot": 12}, 3, 6, 15),
    "halbarad": ("provincials", "foot", {"foot": 12}, 1, 4, 8),
    "angbor": ("provincials", "foot", {"foot": 12}, 1, 3, 8),
    "elladan-elrohir": ("provincials", "foot", {"foot": 12}, 1, 5, 6),
    "witch-king": ("mordor", "horse", {"horse": 20, "fell_beast": 36}, 3, 7, 18),
    **{f"nazgul-{i}": ("mordor", "fell_beast", {"horse": 20, "fell_beast": 36}, 1, 5, 8)
       for i in range(1, 5)},
    "gothmog": ("mordor", "horse", {"horse": 20}, 2, 4, 12),
    "harad-chieftain": ("harad", "horse", {"horse": 20}, 2, 4, 12),
    "harad-captain": ("harad", "foot", {"foot": 12}, 1, 3, 8),
    "troll-chieftain": ("mordor", "foot", {"foot": 12}, 1, 5, 6),
    **{f"orc-captain-{i}": ("mordor", "foot", {"foot": 12}, 1, 2, 8) for i in range(1, 4)},
    "variag-chief": ("mordor", "foot", {"foot": 12}, 1, 3, 8),
}


@rule("minas-tirith", "§4.3")
def test_4_3_leader_roster_and_ratings(d: Definition) -> None:
    assert sorted(d.leaders) == sorted(LEADERS)
    for lid, (cont, mount, moves, cl, cf, cs) in LEADERS.items():
        ld = d.leaders[lid]
        assert (ld.contingent, ld.mount, dict(ld.moves), ld.cl, ld.cf, ld.cs) == (
            cont, mount, moves, cl, cf, cs), lid


@rule("minas-tirith", "§4.3")
def test_4_3_casters_risk_immunity_and_the_lord(d: Definition) -> None:
    casters = {lid for lid, ld in d.leaders.items() if ld.caster}
    nazgul = {"witch-king", "nazgul-1", "nazgul-2", "nazgul-3", "nazgul-4"}
    assert casters == {"gandalf"} | nazgul
    assert {lid for lid, ld in d.leaders.items() if ld.risk_immune} == {"gandalf"} | nazgul
    assert [lid for lid, ld in d.leaders.items() if ld.lord] == ["witch-king"]
    assert d.leaders["nazgul-1"].mounts == ("horse", "fell_beast")
    assert d.leaders["gothmog"].mounts == ("horse",)


@rule("minas-tirith", "§2.7")
def test_2_7_who_commands_whom(d: Definition) -> None:
    u, ld = d.units, d.leaders
    assert ld["gandalf"].may_command(u["G1"]) and ld["gandalf"].may_command(u["R1"])
    assert not ld["gandalf"].may_command(u["M1"])
    assert ld["witch-king"].may_command(u["H7"]) and ld["nazgul-3"].may_command(u["M13"])
    assert ld["aragorn"].may_command(u["A2"]) and ld["aragorn"].may_command(u["G3"])
    assert not ld["aragorn"].may_command(u["R2"])
    assert ld["imrahil"].may_command(u["G6"]) and not ld["imrahil"].may_command(u["A1"])
    assert ld["troll-chieftain"].may_command(u["M11"])
    assert not ld["troll-chieftain"].may_command(u["M1"])
    assert ld["variag-chief"].may_command(u["M10"]) and not ld["variag-chief"].may_command(u["M7"])
    assert ld["gothmog"].may_command(u["M7"]) and not ld["gothmog"].may_command(u["H1"])
    assert ld["harad-captain"].may_command(u["H3"])


@rule("minas-tirith", "§4.4")
def test_4_4_spell_points_and_spells(d: Definition) -> None:
    assert d.spell_points == {"west": 12, "dark-lord": 14}
    s = d.spells
    assert (s["activate_grond"].casters, s["activate_grond"].sp) == (("witch-king",), (2, 2))
    assert s["magical_leadership"].ranges["gandalf"] == 4.0
    assert s["magical_leadership"].ranges["nazgul-2"] == 2.0
    assert s["magical_leadership"].mount == "horse"
    assert s["demoralization"].ranges == {"witch-king": 10.0, **{f"nazgul-{i}": 1.0
                                                                 for i in range(1, 5)}}
    assert s["demoralization"].mount == "fell_beast"
    assert s["magical_attack"].sp == (1, 2)


# --- §5 decks --------------------------------------------------------------------------------------

@rule("minas-tirith", "§5.2")
def test_5_2_deck_totals_per_state(d: Definition) -> None:
    totals = {k: sum(v.values()) for k, v in d.decks.items()}
    assert totals == {"west-T1": 28, "west-rohan": 30, "west-aragorn": 32,
                      "dark-T1": 30, "dark-gate": 30, "dark-wk": 30}


@rule("minas-tirith", "§5.2")
def test_5_2_deck_columns_as_printed(d: Definition) -> None:
    order = ("infantry_move", "cavalry_move", "engine_move", "deployment", "reload", "leader",
             "leader_check", "close_combat", "recovery", "fighting_fires", "waste")
    col = {k: tuple(v.get(c, 0) for c in order) for k, v in d.decks.items()}
    assert col["west-T1"] == (6, 2, 1, 2, 4, 3, 1, 3, 2, 3, 1)
    assert col["west-rohan"] == (6, 4, 1, 2, 4, 4, 1, 3, 2, 3, 0)
    assert col["west-aragorn"] == (7, 4, 1, 2, 4, 5, 1, 3, 2, 3, 0)
    assert col["dark-T1"] == (7, 2, 4, 2, 3, 3, 1, 3, 1, 1, 3)
    assert col["dark-gate"] == (7, 2, 3, 2, 3, 3, 1, 4, 1, 1, 3)
    assert col["dark-wk"] == (7, 2, 4, 2, 3, 2, 1, 3, 1, 1, 4)
    # four Fighting Fires in all, 3 West / 1 Dark Lord
    assert d.decks["west-T1"]["fighting_fires"] + d.decks["dark-T1"]["fighting_fires"] == 4


@rule("minas-tirith", "§5.1")
def test_5_1_card_catalogue(d: Definition) -> None:
    assert sorted(d.cards) == sorted([
        "infantry_move", "cavalry_move", "engine_move", "deployment", "reload", "leader",
        "leader_check", "close_combat", "recovery", "fighting_fires", "horns", "black_ships",
        "waste"])
    assert {c for c, x in d.cards.items() if x.turn_ends} == {"horns", "black_ships"}
    assert d.cards["black_ships"].sides == ("west",)
    assert d.cards["waste"].name_for("west") == "The Steward's Despair"
    assert d.cards["waste"].name_for("dark-lord") == "Orc Squabbling"
    assert d.cards["horns"].name_for("west") == "The Horns of Rohan"
    assert set(d.cards["infantry_move"].movers) == {"infantry", "elephant", "cavalry"}
    assert d.cards["cavalry_move"].movers == ("cavalry",)
    assert "Siege Engine Move" in d.cards["engine_move"].aliases


@rule("minas-tirith", "§5.3")
def test_5_3_events_change_the_decks(d: Definition) -> None:
    west = d.deck_counts("west-T1", ["horns_enter"])
    assert west["horns"] == 1 and sum(west.values()) == 29
    dark = d.deck_counts("dark-T1", ["horns_enter"])
    assert dark["horns"] == 1 and sum(dark.values()) == 31
    after = d.deck_counts("west-T1", ["horns_enter", "horns_turned"])
    assert after == {**d.decks["west-rohan"], "horns": 0}
    ships = d.deck_counts("west-rohan", ["black_ships_enter"])
    assert ships["black_ships"] == 1 and sum(ships.values()) == 31
    done = d.deck_counts("west-rohan", ["black_ships_enter", "black_ships_turned"])
    assert done == {**d.decks["west-aragorn"], "black_ships": 0}
    both = d.deck_counts("dark-T1", ["great_gate_broken", "witch_king_killed"])
    assert (both["engine_move"], both["close_combat"], both["leader"], both["waste"]) == (
        3, 4, 2, 4)
    assert sum(both.values()) == 30
    assert d.deck_counts("dark-T1", ["horns_enter", "horns_turned"]) == {**d.decks["dark-T1"],
                                                                         "horns": 0}


@rule("minas-tirith", "§5.3")
def test_5_3_arrival_turns(d: Definition) -> None:
    v = d.values
    assert v["horns_from_turn"] == 4
    assert v["black_ships_latest_turn"] == 8
    assert v["black_ships_after_rohan_turns"] == 1


# --- §6, §7 scalar values ------------------------------------------------------------------------

@rule("minas-tirith", "§6.3")
def test_6_3_sequence_values(d: Definition) -> None:
    v = d.values
    assert (v["impetus_die"], v["phase_pool"], v["turn_card_cost"]) == (20, 20, 1)
    assert (v["reaction_bank_price"], v["reaction_bank_cap"]) == (2, 4)
    assert (v["darkness_impetus_mod"], v["lord_dead_impetus_mod"]) == (1, -1)
    assert (v["losing_streak_rolls"], v["losing_streak_mod"]) == (2, 2)
    assert (v["arrival_impetus_mod"], v["forced_pips"]) == (4, 4)
    assert v["roll_order"] == ("west", "dark-lord")
    assert d.game_turns == v["game_turns"] == 10


@rule("minas-tirith", "§7.1.4")
def test_7_1_4_movement_values(d: Definition) -> None:
    v = d.values
    assert (v["sweep_step"], v["contact_tolerance"]) == (0.25, 0.05)
    assert (v["road_bonus_cavalry"], v["road_bonus_other"], v["road_within"]) == (10, 6, 1.0)
    assert v["interpenetration_per_rank"] == 2.0
    assert (v["formation_change_in_span"], v["formation_change_out_of_span"]) == (0.5, 1.0)
    assert v["special_formation_change"] == 1.0
    assert (v["woods_factor"], v["backward_factor"], v["wheel_factor"]) == (2, 2, 2)
    assert v["free_turns_per_move"] == 1
    assert v["connection_adjacent"] == 1.0


@rule("minas-tirith", "§7.6")
def test_7_6_siege_values(d: Definition) -> None:
    v = d.values
    assert (v["ladder_figures"], v["ladder_gain_pushback"], v["ladder_climb_per_pip"]) == (
        8, 3.0, 8)
    assert (v["tower_assault_figures"], v["tower_unopposed_figures"]) == (12, 18)
    assert (v["wall_combat_figures"], v["city_combat_figures"]) == (18, 18)
    assert v["ladder_walls"] == (2, 3, 4, 5, 6, 7)
    assert (v["gate_batter_dice"], v["gate_batter_target"], v["gate_batter_troll_mod"]) == (
        2, 11, 2)
    assert v["tower_places_troll"] == 3
    assert v["city_pushout"] == 4.0


@rule("minas-tirith", "§7.7")
def test_7_7_grond_odds_values(d: Definition) -> None:
    v = d.values
    assert (v["grond_dice"], v["grond_target"]) == (2, 10)
    assert (v["grond_troll_mod"], v["grond_spell_mod"]) == (1, 4)
    ways = {t: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b + t >= 10)
            for t in (0, 1, 5)}
    assert ways == {0: 6, 1: 10, 5: 30}   # the spec's odds 6/36, 10/36, 30/36


@rule("minas-tirith", "§7.8")
def test_7_8_catapult_and_fire_values(d: Definition) -> None:
    v = d.values
    assert (v["scatter_die_sides"], v["scatter_hit_faces"]) == (6, 2)
    assert (v["catapult_above_bonus"], v["catapult_per_wall"]) == (5, -5)
    assert v["catapult_above_min_elevation"] == 1
    assert v["catapult_impact_vs"] == {"TI": -3, "MAC": -5}
    assert (v["fire_size"], v["fires_destroy_engine"]) == (3.0, 2)
    assert (v["burnt_tower_die"], v["burnt_tower_kill"]) == (20, 10)
    assert v["fires_in_sector_threshold"] == 4
    assert v["fire_adjacent"] == 1.0
    assert (v["fire_fight_die"], v["fire_fight_success"]) == (20, 3)


@rule("minas-tirith", "§7.13")
def test_7_13_avoidance_maxima(d: Definition) -> None:
    a = d.values["avoidance_max"]
    assert a["foot"] == {"fell_beast": 0, "horse": 1, "foot": 2}
    assert a["horse"] == {"fell_beast": 1, "horse": 2, "foot": 3}
    assert set(a["fell_beast"].values()) == {4}
    assert d.values["leader_combat_kill"] == 9


# --- §9.3 demoralization ---------------------------------------------------------------------------

@rule("minas-tirith", "§9.3")
def test_9_3_thresholds_are_half_of_each_army(d: Definition) -> None:
    dm = d.demoralization

    def strength(army: str) -> int:
        w = dm[army]["figure_weights"]
        return sum(u.figures * w.get(u.type, 1) + u.archers * dm[army]["archer_weight"]
                   for u in d.units.values() if d.army_of(u.contingent) == army)

    assert strength("garrison") == 136 and dm["garrison"]["threshold"] == 68
    assert strength("relief") == 108 and dm["relief"]["threshold"] == 54
    assert strength("dark-lord") == 314 and dm["dark-lord"]["threshold"] == 157


@rule("minas-tirith", "§9.3")
def test_9_3_demoralization_points(d: Definition) -> None:
    g, dl = d.demoralization["garrison"], d.demoralization["dark-lord"]
    assert (g["per_level"], g["great_gate_broken"], g["rohan_arrived"], g["aragorn_arrived"]) == (
        10, 5, -10, -10)
    assert (dl["garrison_demoralized"], dl["per_level"]) == (-20, -5)
    assert dl["figure_weights"] == {"TI": 2, "MAC": 5}
    values = {lid: ld.demoralization_value for lid, ld in d.leaders.items()}
    assert values["gandalf"] == 20 and values["witch-king"] == 20
    assert values["imrahil"] == values["hurin"] == values["theoden"] == values["aragorn"] == 10
    assert values["gothmog"] == values["nazgul-1"] == values["orc-captain-2"] == 5
    armies = {lid: ld.army for lid, ld in d.leaders.items()}
    assert armies["gandalf"] == "garrison" and armies["eowyn"] == "relief"
    assert armies["harad-captain"] == "dark-lord"


# --- damaged data files are refused, naming the file and the key -------------------------------------

def damaged(tmp_path: Path, name: str, old: str, new: str) -> Path:
    for f in DATA.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    text = (tmp_path / name).read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {name}"
    (tmp_path / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


DAMAGE = [
    ("forces.toml", 'type = "HI"\nfigures = 12\nmorale = 5', 'type = "XX"\nfigures = 12\nmorale = 5',
     r"forces\.toml: units\.G1\.type: unknown troop type 'XX'"),
    ("forces.toml", 'weapons = ["spear"]', 'weapons = ["halberd"]',
     r"forces\.toml: units\.G1\.weapons: unknown weapon 'halberd'"),
    ("forces.toml", 'cl = 3                     # R-33\ncf = 6',
     'cl = 5                     # R-33\ncf = 6', r"forces\.toml: leaders\.gandalf\.cl"),
    ("forces.toml", "morale = 5\ndrill = \"A\"", "morale = 9\ndrill = \"A\"",
     r"forces\.toml: units\.G1\.morale"),
    ("forces.toml", 'contingent = "rohan"\ntype = "HC"', 'contingent = "gondor"\ntype = "HC"',
     r"forces\.toml: units\.R1\.contingent"),
    ("forces.toml", "klass = \"infantry\"\nheavy = false\ncombat_as = \"LI\"",
     "klass = \"infantry\"\nheavy = false\ncombat_as = \"LI\"\nspeed = 3",
     r"forces\.toml: troop_types\.LI\.speed"),
    ("decks.toml", "infantry_move = 6, cavalry_move = 2", "infantry_move = 6, cavalry_mve = 2",
     r"decks\.toml: decks\.west-T1\.counts\.cavalry_mve: unknown card"),
    ("decks.toml", "waste = 3 }", "waste = -1 }", r"decks\.toml: decks\.dark-T1\.counts\.waste"),
    ("decks.toml", "total = 28", "total = 29", r"decks\.toml: decks\.west-T1\.total"),
    ("decks.toml", "changes = { west = { black_ships = 1 } }",
     "changes = { dark-lord = { black_ships = 1 } }",
     r"decks\.toml: events\.black_ships_enter\.changes\.dark-lord\.black_ships"),
    ("decks.toml", "changes = { west = { infantry_move = 1, leader = 1 } }",
     "changes = { west = { infantry_move = 1, leader = 2 } }",
     r"decks\.toml: decks\.west-aragorn\.counts\.leader"),
    ("tables.toml", "HAI = { LI = 8,  MI = 7,  HI = 6, HAI = 4, LC = 5,",
     "HAI = { LI = 8,  MI = 7,  HI = 6, LC = 5,", r"tables\.toml: shock\.HAI\.HAI: missing column"),
    ("tables.toml", '"14" = [13, 5]', '"14" = [5, 13]',
     r"tables\.toml: casualty\.thresholds\.14"),
    ("tables.toml", '"12" = [11]\n', "", r"tables\.toml: casualty\.thresholds"),
    ("tables.toml", 'same_as_shock = ["LI", "MI", "HI", "HAI"]',
     'same_as_shock = ["LI", "MI", "HI"]', r"tables\.toml: melee"),
    ("tables.toml", "long = { range = 24.0, cf = 3 }", "long = { range = 14.0, cf = 3 }",
     r"tables\.toml: missile\.longbow\.long\.range"),
    ("tables.toml", "[defend_as.TI]", "[defend_as.XI]", r"tables\.toml: defend_as\.(TI|XI)"),
    ("rules.toml", "game_turns = 10", "game_turn = 10", r"rules\.toml: game_turn"),
    ("rules.toml", "sweep_step = 0.25", "sweep_step = 0", r"rules\.toml: sweep_step"),
    ("rules.toml", 'engine_pullers = ["TI", "MAC"]', 'engine_pullers = ["TI", "OX"]',
     r"rules\.toml: engine_pullers: unknown troop type 'OX'"),
    ("rules.toml", 'contingents = ["rohan", "provincials"]', 'contingents = ["rohan"]',
     r"rules\.toml: demoralization"),
]


@rule("minas-tirith", "§1.1")
@pytest.mark.parametrize(("name", "old", "new", "match"), DAMAGE,
                         ids=[f"{n}:{m[:40]}" for n, _o, _w, m in DAMAGE])
def test_1_1_damaged_data_raises_value_error_naming_file_and_key(
        tmp_path: Path, name: str, old: str, new: str, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        load_from(damaged(tmp_path, name, old, new))


@rule("minas-tirith", "§1.1")
def test_1_1_missing_file_and_bad_toml_are_value_errors(tmp_path: Path) -> None:
    d = damaged(tmp_path, "rules.toml", "game_turns = 10", "game_turns = ")
    with pytest.raises(ValueError, match=r"rules\.toml: not valid TOML"):
        load_from(d)
    (tmp_path / "decks.toml").unlink()
    with pytest.raises(ValueError, match=r"decks\.toml: missing file"):
        load_from(tmp_path)


@rule("minas-tirith", "§1.1")
def test_1_1_a_valid_correction_loads(tmp_path: Path) -> None:
    d = load_from(damaged(tmp_path, "tables.toml", '"7" = [5]', '"7" = [6]'))
    assert d.casualty.thresholds[7] == (6,)


# --- §10 every reconstructed value is documented and lives in a data file ---------------------------

def doc_rows() -> dict[str, str]:
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\|\s*(R-\d+)\s*\|", line)
        if m:
            rows[m.group(1)] = line
    return rows


@rule("minas-tirith", "§10")
def test_10_every_reconstruction_is_in_the_correction_table() -> None:
    rows = doc_rows()
    assert sorted(rows, key=lambda r: int(r[2:])) == [f"R-{i}" for i in range(1, 153)]


@rule("minas-tirith", "§10")
def test_10_every_tabled_value_is_tagged_in_its_data_file() -> None:
    texts = {f.name: f.read_text(encoding="utf-8") for f in DATA.glob("*.toml")}
    for rid, line in doc_rows().items():
        files = set(re.findall(r"\b(forces|decks|tables|rules)\.toml\b", line))
        for f in files:
            assert re.search(rf"\b{rid}\b", texts[f"{f}.toml"]), f"{rid} not tagged in {f}.toml"
        if not files:
            assert "rule choice in code" in line or "board.toml" in line or "setup.toml" in line, rid
