"""Sauron halves the seed-4 whole-system estimate (issue 17) showed no test checking."""

from __future__ import annotations

import pytest

from conftest import Position, play, to_melee

rule = pytest.mark.rule


@rule("sauron", "[15.21]", "[17.1]", "[7.31]")
def test_17_1_the_beast_in_an_enemy_zoc_is_not_obliged_to_attack_unlike_a_dwarf():
    # [17.1] the Beast ignores ZOCs, for combat too: with its Horn Attack it may attack the
    # Men beside it, and may as well not ([15.21] binds a Dwarf in combat, not the Beast)
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="D")
    pos.place("men", "0807")
    pos.place("orc", "2020")
    pos.place("men", "1818")
    pos.extra(beast={"hex": "0806", "powers": {"horn": 16}})
    g = pos.game()
    to_melee(g)
    assert {"type": "attack", "unit": "beast", "target": "men1"} in g.legal_actions()
    assert {"type": "end"} in g.legal_actions()
    play(g, {"type": "end"})
    assert g.units["beast"].hex == "0806" and not g.units["beast"].attacked


@rule("sauron", "[21.26]")
@pytest.mark.parametrize("delay", [2, -1])
def test_21_26_the_delay_moves_sauron_s_reinforcements_only_never_the_elves(delay):
    import ringwar

    g = ringwar.new_game("sauron", seed=1, options={"reinforcement_delay": delay})
    assert {p.arrival for p in g.units.values() if p.key == "orc_archer"} == {4 + delay}
    assert {p.arrival for p in g.units.values() if p.key in ("elf", "elf_archer")} == {2}
    assert {g.units[k].arrival for k in ("gil_galad", "cirdan")} == {2}
