"""SPI Standard Rules: the halves of whole rule cases that mutation testing showed untested
(issue 17, round 4: every mutant of a case, ``tools/mutate.py --system standard --case X``).
Each test says which surviving mutant it kills."""

from __future__ import annotations

import pytest

from conftest import Position, events_of, play, rig

rule = pytest.mark.rule


def build(*units: tuple[str, str], turn: int = 3, phase: str = "D", seed: int = 3, options=None, **state):
    pos = Position("sauron", seed=seed, options=options).clear().at(turn=turn, phase=phase)
    return pos, [pos.place(t, h, **state.get(f"{t}@{h}", {})) for t, h in units]


def melee(g, attacker: str, target: str, *dice: int) -> list[dict]:
    if dice:
        rig(g, *dice)
    return play(g, {"type": "attack", "unit": attacker, "target": target}, {"type": "resolve"})


def transfers(g, unit: str) -> list[dict]:
    return [e for e in g.log if e["type"] == "transfer" and e.get("unit") == unit]


def end_phase(g) -> None:
    phase = g.phase
    while g.phase == phase:
        play(g, {"type": "end"})


# ===== [8.24] a leader shares his unit's ½E or E on a 5-6; alone, he joins the nearest friend ======
@rule("standard", "[8.24]")
def test_8_24_only_the_leader_stacked_with_the_unit_rolls_and_the_log_says_for_which_result():
    # kills `q.is_leader` removed (the unit itself would roll too) and the event text's
    # `result == "hE"` / `hit` conditions
    pos, (t, m, m2) = build(("troll", "0807"), ("men_archers", "0808"), ("men", "1212"))
    pos.place("isildur", "0808")
    g = pos.game()
    risk = events_of(melee(g, t, m, 2, 2, 1, 4), "leader_risk")    # Y die 1: E; risk 4
    assert [e["unit"] for e in risk] == ["isildur"]
    assert "(E)" in risk[0]["text"] and "unaffected" in risk[0]["text"] and not risk[0]["hit"]
    pos, (t, m, m2) = build(("troll", "0807"), ("men", "0808"), ("men", "1212"))
    pos.place("isildur", "0808")
    g = pos.game()
    risk = events_of(melee(g, t, m, 2, 2, 1, 5), "leader_risk")    # X die 1: ½E, r1; risk 5
    assert [e["unit"] for e in risk] == ["isildur"]
    assert "(½E)" in risk[0]["text"] and "shares the result" in risk[0]["text"] and risk[0]["hit"]


@rule("standard", "[8.24]", "[7.25]")
@pytest.mark.parametrize("reduced", [True, False])
def test_8_24_a_reduced_leader_who_shares_a_half_e_is_eliminated(reduced):
    # kills `ld.reduced` removed from `result == "E" or ld.reduced`: wounded twice, he is dead
    pos, (t, m, m2) = build(("troll", "0807"), ("men", "0808"), ("men", "1212"))
    pos.place("isildur", "0808", reduced=reduced)
    g = pos.game()
    melee(g, t, m, 2, 2, 1, 6)                          # X die 1: ½E, r1; risk 6
    isildur = g.units["isildur"]
    assert isildur.on_map == (not reduced)
    assert isildur.reduced


@rule("standard", "[8.24]", "[8.1]")
def test_8_24_the_leader_left_alone_goes_to_the_nearest_unit_he_may_stack_with():
    # kills `leader_may_stack_with` removed from nearest_friend: the Troll beside him and the
    # Dwarves two hexes off are nearer than the Men, but Isildur may stack only with Men
    pos, (t, m, d, m2) = build(("troll", "0807"), ("men_archers", "0808"), ("dwarf", "1008"), ("men", "1212"))
    pos.place("isildur", "0808")
    g = pos.game()
    melee(g, t, m, 2, 2, 1, 4)                          # E; risk 4: unaffected
    assert g.units["isildur"].hex == "1212"
    assert [(e["frm"], e["to"], e["rule"]) for e in transfers(g, "isildur")] == [("0808", "1212", "[8.24]")]


@rule("standard", "[8.24]")
@pytest.mark.parametrize("hexes, dest", [
    (("1212", "0404"), "0404"), (("0404", "1212"), "0404"),    # equally near: the lowest hex
    (("1212", "1010"), "1010"), (("1010", "1212"), "1010"),    # the nearest, whatever its number
])
def test_8_24_of_several_friends_the_nearest_then_the_lowest_hex_is_chosen(hexes, dest):
    # kills `(d, u.hex) < best` removed (the first unit found) and `best is None` removed
    pos, (t, m, a, b) = build(("troll", "0807"), ("men_archers", "0808"), ("men", hexes[0]), ("men", hexes[1]))
    pos.place("isildur", "0808")
    g = pos.game()
    melee(g, t, m, 2, 2, 1, 4)
    assert g.units["isildur"].hex == dest


@rule("standard", "[8.24]")
def test_8_24_a_leader_whose_unit_dies_stays_where_he_is_if_no_friend_may_take_him():
    # kills the negated `dest is not None` of the transfer: no Men left for Isildur
    pos, (t, m, d) = build(("troll", "0807"), ("men_archers", "0808"), ("dwarf", "1212"))
    pos.place("isildur", "0808")
    g = pos.game()
    melee(g, t, m, 2, 2, 1, 4)
    assert g.units["isildur"].hex == "0808" and transfers(g, "isildur") == []


# [8.1] (as [8.24]): a leader alone when his Combat Phase begins is carried to the nearest friend
@rule("standard", "[8.24]", "[8.1]", "[8.52]")
@pytest.mark.parametrize("errata", [True, False])
def test_8_24_a_lone_normal_leader_is_carried_off_with_or_without_the_8_52_errata(errata):
    # kills `ld.magic > 0` removed and `>` -> `>=` in transfer_unstacked_leaders
    pos, (o, x, m) = build(("orc", "0806"), ("orc", "1206"), ("men", "2020"), phase="C",
                           options={"errata_8_52": errata})
    pos.place("gorgol", "0606")
    g = pos.game()
    end_phase(g)
    assert g.units["gorgol"].hex == "0806"
    assert [(e["frm"], e["to"]) for e in transfers(g, "gorgol")] == [("0606", "0806")]


@rule("standard", "[8.24]", "[8.1]", "[8.52]")
@pytest.mark.parametrize("errata, where", [(True, "1320"), (False, "0806")])
def test_8_24_a_lone_magic_leader_stays_under_the_8_52_errata_and_is_carried_off_without(errata, where):
    pos, (o, m) = build(("orc", "0806"), ("men", "2020"), phase="C", options={"errata_8_52": errata})
    pos.place("sauron", "1320")
    g = pos.game()
    end_phase(g)
    assert g.units["sauron"].hex == where
    assert bool(transfers(g, "sauron")) == (not errata)


@rule("standard", "[8.24]", "[8.1]")
def test_8_24_a_lone_leader_with_no_unit_of_his_nation_on_the_map_stays_alone():
    # kills the negated `dest is not None` of transfer_unstacked_leaders (Baldrim has no Dwarves)
    pos, (m, o) = build(("men", "0806"), ("orc", "2020"), phase="F")
    pos.place("baldrim", "1010")
    g = pos.game()
    end_phase(g)
    assert g.units["baldrim"].hex == "1010" and transfers(g, "baldrim") == []


@rule("standard", "[8.24]", "[7.42]")
@pytest.mark.parametrize("leader", [True, False])
def test_8_24_the_preview_of_an_attack_warns_of_the_risk_only_to_a_stacked_leader(leader):
    # kills outcome_notes' `any(q.is_leader ...)` dropped / negated and `q.is_leader` removed
    pos, (t, m, far) = build(("troll", "0807"), ("men", "0808"), ("men", "1212"))
    if leader:
        pos.place("isildur", "0808")
    g = pos.game()
    legend = g.preview({"type": "attack", "unit": t, "target": m})["legend"]
    assert ("[8.24]" in legend["½E, r1"]) == leader           # Men, morale X: no E on the chart
    assert "[8.24]" not in legend.get("r1", "")


@rule("standard", "[8.24]", "[8.1]")
def test_8_24_a_leader_stacked_with_his_nationality_when_combat_begins_is_not_carried_off():
    # kills `not self.leader_legally_stacked(ld)` removed: no "transfer" to his own hex
    pos, (m, o) = build(("men", "0806"), ("orc", "2020"), phase="F")
    pos.place("isildur", "0806")
    g = pos.game()
    end_phase(g)
    assert g.units["isildur"].hex == "0806" and transfers(g, "isildur") == []


@rule("standard", "[8.24]", "[8.46]")
def test_8_24_a_leader_is_transferred_only_when_no_combat_unit_is_left_in_his_hex():
    # kills `not self.combat_at(h)` removed from eliminate: a ½E on a shield wall eliminates
    # one Men unit, the other is still in 0808 (it has yet to retreat), so the Men are not
    # "eliminated entirely" and Baldrim, left with them (no Dwarves were near when his
    # Combat Phase began in this built position), is not transferred to the Dwarves
    pos, (t, a, b, d) = build(("troll", "0807"), ("men", "0808"), ("men", "0808"), ("dwarf", "1212"))
    pos.formation(a, b, "shield_wall")
    pos.place("baldrim", "0808")
    g = pos.game()
    ev = melee(g, t, a, 2, 2, 1, 4)                     # B vs armour 4 hit; X die 1: ½E, r1; risk 4
    assert len(events_of(ev, "eliminated")) == 1
    assert g.units["baldrim"].hex == "0808" and transfers(g, "baldrim") == []
