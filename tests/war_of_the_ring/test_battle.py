"""Army combat arithmetic [WR §10.3] [WR §11.1]: the seed's and the page's test cases."""

from __future__ import annotations

import pytest

from ringwar.systems.war_of_the_ring import battle as B
from ringwar.systems.war_of_the_ring.data import load

D = load()


@pytest.mark.rule("war-of-the-ring", "§10.3")
def test_10_3_citadel_multipliers_and_the_intrinsic_defence() -> None:
    assert B.defence_strength(D, "2824", 10, 5)[0] == 40          # Minas Tirith ×4 [WR §V15]
    assert B.defence_strength(D, "3523", 10, 40)[0] == 40         # Barad-dûr ×4
    assert B.defence_strength(D, "2905", 10, 0)[0] == 20          # Thranduil's Palace ×2 [V16]
    assert B.defence_strength(D, "2613", 10, 5)[0] == 20          # Dol Guldur ×2 (R-CITADEL-X2)
    assert B.defence_strength(D, "2222", 10, 0)[0] == 10          # Edoras: no citadel
    assert B.defence_strength(D, "2824", 0, 5)[0] == 5            # no army: ID, not multiplied


@pytest.mark.rule("war-of-the-ring", "§10.3")
def test_10_3_odds_round_down_and_worse_than_1_3_is_no_attack() -> None:
    cols = D.crt.columns
    assert cols[B.odds_column(D, 10, 30)] == "1-3"
    assert B.odds_column(D, 9, 30) is None
    assert cols[B.odds_column(D, 29, 20)] == "1-1"                # 1.45 rounds down
    assert cols[B.odds_column(D, 30, 20)] == "3-2"
    assert cols[B.odds_column(D, 79, 10)] == "6-1"
    assert cols[B.odds_column(D, 80, 10)] == "8-1"
    assert cols[B.odds_column(D, 500, 10)] == "8-1"


@pytest.mark.rule("war-of-the-ring", "§V31", "§10.3")
def test_v31_t_fear_1_two_nazgul_and_a_leader_plus_one_all_nine_plus_two() -> None:
    assert B.fear_shift(D, 2, 1).amount == 1
    assert B.fear_shift(D, 3, 0).amount == 1          # a third Nazgûl counts as the leader
    assert B.fear_shift(D, 2, 0) is None
    assert B.fear_shift(D, 1, 5) is None
    assert B.fear_shift(D, 9, 3).amount == 2          # the two do not add
    assert B.fear_shift(D, 8, 3).amount == 1


@pytest.mark.rule("war-of-the-ring", "§10.3")
def test_10_3_shifts_net_and_clamp() -> None:
    col = B.odds_column(D, 20, 10)                     # 2-1
    new, used = B.shifted(D, col, [B.terrain_shift(D, "forest"), B.river_shift(D, True),
                                  B.sorcery_shift(D, True, False)])
    assert D.crt.columns[new] == "3-2" and len(used) == 3
    assert B.terrain_shift(D, "clear") is None and B.sorcery_shift(D, True, True) is None
    assert B.shifted(D, 0, [B.terrain_shift(D, "marsh")])[0] == 0          # clamped at 1-3
    assert B.shifted(D, 9, [B.sorcery_shift(D, True, False)])[0] == 9      # and at 8-1


@pytest.mark.rule("war-of-the-ring", "§10.3", "§11.1")
def test_10_3_die_clamp_and_crt_diagonal() -> None:
    assert B.combat_die(D, 6, 4, 0) == 8 and B.combat_die(D, 1, 0, 3) == 0
    assert str(B.crt(D, 0, 0)) == "50k/-" and str(B.crt(D, 8, 9)) == "-/100k"
    # each column is its left neighbour moved up one row
    for die in range(1, 9):
        for col in range(0, 9):
            assert B.crt(D, die, col) == B.crt(D, die - 1, col + 1)


@pytest.mark.rule("war-of-the-ring", "§4", "§10.3")
def test_4_losses_round_half_up_with_a_minimum_of_one() -> None:
    assert B.loss_points(D, 5, 25) == 1          # 1.25
    assert B.loss_points(D, 10, 25) == 3         # 2.5 rounds up
    assert B.loss_points(D, 5, 5) == 1           # 0.25, but at least 1
    assert B.loss_points(D, 0, 25) == 0


@pytest.mark.rule("war-of-the-ring", "§10.5", "§V32")
def test_v32_rout_needs_an_attacker_from_afar_10_percent_against_5() -> None:
    ok = B.crt(D, 4, 4)                                   # 10/20
    assert str(ok) == "10/20" and not B.routs(D, ok, True)
    ok = B.crt(D, 5, 4)                                   # 5/30
    assert B.routs(D, ok, True) and not B.routs(D, ok, False)


@pytest.mark.rule("war-of-the-ring", "§V14", "§11.3")
def test_v14_t_id_1_only_100_results_destroy_an_intrinsic_defence() -> None:
    assert B.destroys_intrinsic(D, B.crt(D, 5, 9))       # -/100
    assert B.destroys_intrinsic(D, B.crt(D, 6, 9))       # -/100k
    assert not B.destroys_intrinsic(D, B.crt(D, 4, 9))   # -/75k


@pytest.mark.rule("war-of-the-ring", "§V29", "§11.2")
def test_v29_t_disengage_1_sauron_only_on_1_or_2_mixed_stacks_use_the_lowest() -> None:
    assert B.disengages(D, ["sauron"], 2) and not B.disengages(D, ["sauron"], 3)
    assert B.disengages(D, ["western"], 4) and not B.disengages(D, ["western"], 5)
    assert not B.disengages(D, ["ally", "sauron"], 3)
