"""Rule halves the seed-3 whole-system estimate of issue 17 showed unchecked in the War of the
Ring (tools/mutate.py --system war-of-the-ring --sample-mutants 50 --seed 3): [WR §0.3] the
seed sections a data key may name, [WR §7] a selection naming no piece."""

from __future__ import annotations

import pytest

from ringwar.systems.war_of_the_ring.data import _check_key, _Err

from .builder import Position, refused

rule = pytest.mark.rule


@rule("war-of-the-ring", "§0.3")
def test_0_3_a_data_key_names_one_of_the_32_seed_sections() -> None:
    for ok in ("S-V1", "S-V32", "I-V32"):
        _check_key(_Err("t.toml"), ok, "here", set())
    for bad in ("S-V33", "I-V33", "S-V0"):
        with pytest.raises(ValueError, match="no such seed section"):
            _check_key(_Err("t.toml"), bad, "here", set())


@rule("war-of-the-ring", "§7", "§6.1")
def test_7_a_selection_naming_no_piece_is_refused_as_such_a_real_piece_for_its_own_reason() -> None:
    p = Position().clear()
    p.unit("MOR-10", "3021").unit("MOR-07", "3122").mobilize("MOR").sp(5)
    p.unit("ROH-01", "2222")                                  # Rohan not mobilized
    g = p.at("7b")
    e = refused(g, {"type": "select", "piece": "MOR-99"}, "§7")
    assert "there is no piece 'MOR-99'" in str(e)
    e = refused(g, {"type": "select", "piece": "ROH-01"})
    assert "there is no piece" not in str(e)
