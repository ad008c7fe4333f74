"""The combat tables [MT §8] as the engine looks them up (tables.py over data/tables.toml)."""

from __future__ import annotations

import pytest

from ringwar.systems.minas_tirith import tables
from ringwar.systems.minas_tirith.data import load
from ringwar.systems.minas_tirith.tables import (
    kill_thresholds,
    matrix_cf,
    missile_band,
    missile_max_range,
)

rule = pytest.mark.rule

# [MT §8.1] as printed (CT): CF -> thresholds.
CASUALTY = {
    1: (1,), 2: (2,), 3: (2,), 4: (3,), 5: (3,), 6: (4,), 7: (5,), 8: (6,), 9: (7,), 10: (8,),
    11: (10,), 12: (11,), 13: (14,), 14: (13, 5), 15: (14, 6), 16: (15, 7), 17: (15, 8),
    18: (15, 10), 19: (16, 11), 20: (16, 11, 6), 21: (17, 12, 7), 22: (17, 14, 9),
    23: (17, 14, 11, 8),
}

COLS = ("LI", "MI", "HI", "HAI", "LC", "MC", "HC", "AC", "MAC", "HAC")
# [MT §8.2] the whole shock matrix as printed (CT).
SHOCK = {
    "LI": (4, 3, 2, 1, 2, 1, 0, -1, -2, -2),
    "MI": (5, 4, 3, 2, 3, 2, 1, 0, -2, -1),
    "HI": (6, 5, 4, 3, 4, 3, 2, 1, -1, 0),
    "HAI": (8, 7, 6, 4, 5, 4, 3, 2, 1, 1),
    "LC": (6, 5, 4, 2, 6, 5, 3, 2, -8, 1),
    "MC": (8, 6, 5, 3, 7, 6, 4, 3, -8, 2),
    "HC": (10, 9, 6, 5, 8, 7, 6, 5, -8, 3),
    "AC": (11, 10, 7, 6, 9, 8, 7, 6, -8, 4),
    "HAC": (13, 11, 9, 8, 11, 10, 9, 8, -8, 6),
    "TI": (13, 10, 7, 6, 7, 6, 5, 5, 0, 4),
    "MAC": (10, 10, 9, 8, 10, 10, 8, 8, 2, 7),
}
# [MT §8.4] the printed melee rows other than infantry.
MELEE = {
    "LC": (4, 3, 2, 0, 5, 4, 2, 1, -8, 0),
    "MC": (6, 4, 3, 1, 6, 5, 3, 2, -8, 1),
    "HC": (8, 7, 4, 3, 7, 6, 5, 4, -8, 2),
    "AC": (9, 8, 5, 4, 8, 7, 6, 5, -8, 3),
    "HAC": (11, 9, 7, 6, 10, 9, 8, 7, -8, 5),
    "TI": (12, 9, 6, 5, 6, 5, 4, 4, -1, 3),
    "MAC": (8, 8, 7, 6, 8, 8, 6, 6, 0, 5),
}


# --- §8.1 casualty table ------------------------------------------------------------------------

@rule("minas-tirith", "§8.1")
@pytest.mark.parametrize("cf", sorted(CASUALTY))
def test_8_1_casualty_table_every_printed_row(cf: int) -> None:
    assert kill_thresholds(cf) == CASUALTY[cf]


@rule("minas-tirith", "§8.1")
def test_8_1_casualty_table_cf_14_rolls_two_dice() -> None:
    assert kill_thresholds(14) == (13, 5)
    assert kill_thresholds(13) == (14,)   # the printed step 13 -> 14 is kept


@rule("minas-tirith", "§8.1")
def test_8_1_casualty_table_low_cf_down_to_minus_10_kills_on_1() -> None:
    for cf in (1, 0, -1, -5, -10):
        assert kill_thresholds(cf) == (1,)


@rule("minas-tirith", "§8.1")
def test_8_1_casualty_table_below_minus_10_rolls_no_die() -> None:
    assert kill_thresholds(-11) == ()
    assert kill_thresholds(-40) == ()


@rule("minas-tirith", "§8.1")
def test_8_1_casualty_table_above_23_adds_one_per_cf_capped_at_20() -> None:
    assert kill_thresholds(24) == (18, 15, 12, 9)
    assert kill_thresholds(26) == (20, 17, 14, 11)
    assert kill_thresholds(27) == (20, 18, 15, 12)
    assert kill_thresholds(40) == (20, 20, 20, 20)


# --- §8.2 shock matrix ----------------------------------------------------------------------------

@rule("minas-tirith", "§8.2")
@pytest.mark.parametrize("row", sorted(SHOCK))
def test_8_2_shock_matrix_every_printed_cell(row: str) -> None:
    assert tuple(matrix_cf("shock", row, col) for col in COLS) == SHOCK[row]


@rule("minas-tirith", "§8.2")
def test_8_2_shock_against_trolls_uses_hai_column_minus_3() -> None:
    assert matrix_cf("shock", "HC", "TI") == 5 - 3
    assert matrix_cf("shock", "LI", "TI") == 1 - 3
    assert matrix_cf("shock", "HAC", "TI") == 8 - 3
    assert matrix_cf("shock", "TI", "TI") == 6 - 3
    assert matrix_cf("shock", "MAC", "TI") == 8 - 3


@rule("minas-tirith", "§8.2")
def test_8_2_warg_riders_fight_as_light_cavalry_row_and_column() -> None:
    assert matrix_cf("shock", "WC", "HI") == 4
    assert matrix_cf("shock", "HI", "WC") == 4
    assert matrix_cf("shock", "WC", "WC") == 6
    assert matrix_cf("shock", "HAC", "WC") == 11
    assert matrix_cf("shock", "WC", "TI") == 2 - 3


@rule("minas-tirith", "§8.2")
def test_8_2_against_mumakil_the_printed_mac_column() -> None:
    assert matrix_cf("shock", "HAI", "MAC") == 1      # not "HAC - 4" (= -3)
    assert matrix_cf("shock", "HC", "MAC") == -8
    assert matrix_cf("shock", "MAC", "MAC") == 2
    assert matrix_cf("shock", "WC", "MAC") == -8


@rule("minas-tirith", "§8.2")
def test_8_2_matrix_kind_must_be_shock_or_melee() -> None:
    with pytest.raises(ValueError, match="shock"):
        matrix_cf("missile", "LI", "LI")  # type: ignore[arg-type]


# --- §8.4 melee matrix ----------------------------------------------------------------------------

@rule("minas-tirith", "§8.4")
@pytest.mark.parametrize("row", ["LI", "MI", "HI", "HAI"])
def test_8_4_melee_infantry_rows_are_the_shock_rows(row: str) -> None:
    assert tuple(matrix_cf("melee", row, col) for col in COLS) == SHOCK[row]


@rule("minas-tirith", "§8.4")
@pytest.mark.parametrize("row", sorted(MELEE))
def test_8_4_melee_matrix_every_printed_cell(row: str) -> None:
    assert tuple(matrix_cf("melee", row, col) for col in COLS) == MELEE[row]


@rule("minas-tirith", "§8.4")
@pytest.mark.parametrize("row", ["LC", "MC", "HC", "AC", "HAC"])
def test_8_4_melee_cavalry_loses_its_impetus(row: str) -> None:
    for i, col in enumerate(COLS):
        drop = {"LI": 2, "MI": 2, "HI": 2, "HAI": 2, "LC": 1, "MC": 1, "HC": 1, "AC": 1,
                "HAC": 1, "MAC": 0}[col]
        assert matrix_cf("melee", row, col) == SHOCK[row][i] - drop, col


@rule("minas-tirith", "§8.4")
def test_8_4_melee_trolls_minus_1_mumakil_minus_2() -> None:
    for i, col in enumerate(COLS):
        assert matrix_cf("melee", "TI", col) == SHOCK["TI"][i] - 1
        assert matrix_cf("melee", "MAC", col) == SHOCK["MAC"][i] - 2


@rule("minas-tirith", "§8.4")
def test_8_4_melee_against_trolls_and_wargs() -> None:
    assert matrix_cf("melee", "HC", "TI") == 3 - 3
    assert matrix_cf("melee", "WC", "LI") == 4
    assert matrix_cf("melee", "MI", "WC") == 3


# --- §8.3 CF modifiers ---------------------------------------------------------------------------

@rule("minas-tirith", "§8.3")
def test_8_3_shock_modifiers_as_printed() -> None:
    m = tables.SHOCK_MODS
    assert (m["rank_over_two"], m["rank_bonus_max"]) == (2, 4)
    assert m["lance_charging"] == 2
    assert m["pole_arm_infantry"] == 1
    assert m["pike_infantry"] == 2
    assert m["horse_archers_fired"] == -1
    assert (m["missile_infantry_fired"], m["missile_infantry_fired_point_blank"]) == (-2, -3)
    assert (m["charging"], m["charging_vs_standing"]) == (1, 1)
    assert (m["cavalry_in_woods"], m["infantry_vs_cavalry_in_woods"]) == (-6, 3)
    assert (m["attacked_in_flank"], m["attacked_in_rear"]) == (-3, -5)
    assert (m["attacking_flank"], m["attacking_rear"]) == (4, 6)
    assert (m["downslope"], m["upslope"]) == (2, -2)
    assert m["disorganized"] == -1


@rule("minas-tirith", "§8.3")
def test_8_3_melee_drops_charge_weapon_and_depth_except_pikes() -> None:
    m = tables.MELEE_MODS
    for name in ("rank_over_two", "lance_charging", "pole_arm_infantry", "charging",
                 "charging_vs_standing", "horse_archers_fired", "missile_infantry_fired"):
        assert m[name] == 0, name
    assert m["pike_infantry"] == 1
    assert (m["attacked_in_flank"], m["attacking_rear"], m["disorganized"]) == (-3, 6, -1)
    assert tables.cf_mod("melee", "cavalry_in_woods") == -6


# --- §8.5 missile table ---------------------------------------------------------------------------

@rule("minas-tirith", "§8.5")
def test_8_5_longbow_bands_at_their_exact_boundaries() -> None:
    assert missile_band("longbow", 0.0) == ("point_blank", 9)
    assert missile_band("longbow", 2.0) == ("point_blank", 9)
    assert missile_band("longbow", 2.01) == ("short", 7)
    assert missile_band("longbow", 8.0) == ("short", 7)
    assert missile_band("longbow", 8.01) == ("medium", 5)
    assert missile_band("longbow", 16.0) == ("medium", 5)
    assert missile_band("longbow", 16.01) == ("long", 3)
    assert missile_band("longbow", 24.0) == ("long", 3)
    assert missile_band("longbow", 24.01) is None


@rule("minas-tirith", "§8.5")
@pytest.mark.parametrize("weapon", ["bow", "elephant_archers"])
def test_8_5_bow_and_elephant_archer_bands(weapon: str) -> None:
    assert missile_band(weapon, 2.0) == ("point_blank", 8)
    assert missile_band(weapon, 2.01) == ("short", 6)
    assert missile_band(weapon, 6.0) == ("short", 6)
    assert missile_band(weapon, 6.01) == ("medium", 4)
    assert missile_band(weapon, 12.0) == ("medium", 4)
    assert missile_band(weapon, 12.01) == ("long", 2)
    assert missile_band(weapon, 18.0) == ("long", 2)
    assert missile_band(weapon, 18.01) is None


@rule("minas-tirith", "§8.5")
def test_8_5_horse_bow_has_no_long_band() -> None:
    assert missile_band("horse_bow", 2.0) == ("point_blank", 7)
    assert missile_band("horse_bow", 6.0) == ("short", 5)
    assert missile_band("horse_bow", 12.0) == ("medium", 3)
    assert missile_band("horse_bow", 12.01) is None


@rule("minas-tirith", "§8.5")
def test_8_5_missile_max_ranges() -> None:
    assert missile_max_range("longbow") == 24.0
    assert missile_max_range("bow") == 18.0
    assert missile_max_range("horse_bow") == 12.0
    assert missile_max_range("elephant_archers") == 18.0


@rule("minas-tirith", "§8.5")
def test_8_5_negative_distance_is_refused() -> None:
    with pytest.raises(ValueError):
        missile_band("bow", -0.5)


@rule("minas-tirith", "§8.5")
def test_8_5_missile_modifiers() -> None:
    m = tables.MISSILE_MODS
    assert m["target_on_wall_walk"] == -3
    assert m["target_in_woods"] == -2
    assert (m["shooting_down"], m["shooting_up"]) == (1, -1)
    assert m["firer_disorganized"] == -2
    assert m["elephant_archer_target"] == -2
    t = tables.MISSILE_TARGET_MODS
    expected = {"LI": 0, "LC": 0, "WC": 0, "MI": -1, "MC": -1, "HI": -2, "HC": -2, "HAI": -3,
                "AC": -3, "HAC": -4, "TI": -3, "MAC": -5}
    assert t == expected


# --- §8.6 results roll, §7.10 tests -------------------------------------------------------------

@rule("minas-tirith", "§8.6")
def test_8_6_results_roll_modifiers() -> None:
    m = tables.RESULT_MODS
    assert m["die"] == 6
    assert m["disorganized"] == -2
    assert (m["charging_infantry"], m["charging_cavalry"], m["charging_heavy_cavalry"]) == (1, 2, 1)
    assert (m["heavy"], m["elephants"]) == (1, 4)
    assert (m["rank_over_two"], m["rank_bonus_max"]) == (2, 5)
    assert (m["shield_wall"], m["more_casualties"]) == (3, 3)
    assert (m["downhill"], m["uphill"]) == (1, -1)
    assert (m["pole_arm_infantry"], m["pike_infantry"], m["lance_charging"]) == (1, 3, 1)
    assert (m["ladder_defence"], m["battlements"], m["higher_level"]) == (4, 1, 3)
    assert (m["attacking_flank"], m["attacking_rear"]) == (3, 5)
    assert m["attached_leader_per_cl"] == 1


@rule("minas-tirith", "§7.10")
def test_7_10_test_dice() -> None:
    t = tables.TEST_DICE
    assert t["after_combat"] == 8
    assert t["after_combat_woods_or_mumak_infantry"] == 10
    assert t["after_combat_woods_or_mumak_cavalry"] == 20
    assert (t["lost_mod"], t["won_mod"], t["equal_mod"]) == (1, -1, 0)
    assert t["mumak"] == 8
    assert (t["demoralization_spell"], t["demoralization_spell_add"]) == (6, 2)
    assert t["recovery"] == 10
    assert (t["demoralized_morale_mod"], t["demoralized_morale_min"]) == (-1, 1)


@rule("minas-tirith", "§8.2")
def test_8_2_lookups_accept_an_explicit_definition() -> None:
    d = load()
    assert matrix_cf("shock", "HAC", "LI", d) == 13
    assert kill_thresholds(7, d) == (5,)
    assert missile_band("bow", 5.0, d) == ("short", 6)
