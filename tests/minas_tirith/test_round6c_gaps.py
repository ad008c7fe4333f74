"""Minas Tirith halves the seed-4 whole-system estimate (issue 17) showed no test checking
(helper MT-C): Magical Leadership reaches only a present leader [MT §7.12]; its combat bonus goes
only to a unit in the raised leader's span [MT §8.6]; the gates' openings the client is told are
exact to the hundredth of an inch [MT §8.5]; a charge at no unit is refused [MT §7.1.3]; a
``stand`` with nothing offered is refused [MT §7.5.7] [MT §7.5.8]; ..."""

from __future__ import annotations

import pytest

from ringwar import IllegalAction

from .builder import Table, rule

FOUR = {"figures": 4, "files": 4}


def board(side: str = "west", card: str = "leader") -> Table:
    t = Table()
    t.clear()
    t.round(side, card=card, pips=10)
    return t


def ml_targets(t: Table, caster: str) -> set[str]:
    return {a["target"] for a in t.g.spell_menu(t.g.leaders[caster])
            if a["spell"] == "magical_leadership"}


@rule("§7.12")
@pytest.mark.parametrize("state", ["off the table", "away", "dead"])
def test_7_12_magical_leadership_reaches_only_a_leader_present(state):
    t = board()
    t.leader("gandalf", 100, 60, mount="horse")
    ld = t.leader("hurin", 102, 60)                 # 2" away: in reach (4")
    assert ml_targets(t, "gandalf") == {"gandalf", "hurin"}
    if state == "off the table":
        ld.on_table = False
    elif state == "away":
        ld.away_until_check = True
    else:
        ld.alive = False
    t.g._after_change()
    assert ml_targets(t, "gandalf") == {"gandalf"}


@rule("§8.6", "§7.12")
def test_8_6_a_raised_leader_s_bonus_goes_only_to_a_named_unit_in_his_span():
    t = board()
    t.unit("G3", 100, 60, 0, **FOUR)
    t.unit("M3", 101.5, 60, 180, **FOUR)
    ld = t.leader("hurin", 96, 60)                 # unattached, CS 10, CL 2
    g = t.g
    g.ml_bonus = {"hurin": [g.round, 2, "G3"]}

    def why() -> list[str]:
        return g.result_mods("melee", g.units["G3"], g.units["M3"], charging=False,
                             their_arc="front", setting="field", more_kills=False,
                             defending=False)[1]

    assert "+4 attached commander (R-141)" in why()
    assert g.combat_cl(g.units["G3"]) == 4
    ld.x = 80.0                                    # 16" away: out of his span
    g._after_change()
    assert g.combat_cl(g.units["G3"]) == 0
    assert not [w for w in why() if "commander" in w]


@rule("§8.5", "§3")
def test_8_5_the_gates_openings_the_client_is_told_are_exact_to_the_hundredth():
    t = Table()
    gates = t.g.table_geometry()["gates"]
    assert set(gates) == set(t.g.B.gates)
    for gid, gt in t.g.B.gates.items():
        poly = max(getattr(gt.opening, "geoms", [gt.opening]), key=lambda p: p.area)
        told = gates[gid]
        assert len(told) == len(poly.exterior.coords)
        for (x, y), (tx, ty) in zip(poly.exterior.coords, told):
            assert abs(tx - x) <= 0.005 + 1e-9 and abs(ty - y) <= 0.005 + 1e-9, (gid, x, y, tx, ty)


@rule("§7.1.3")
@pytest.mark.parametrize("target", ["G99", 7, None])
def test_7_1_3_a_charge_at_no_unit_is_refused(target):
    t = board(card="infantry_move")
    t.unit("G3", 100, 60, 0, **FOUR)
    t.unit("M3", 106, 60, 180, **FOUR)
    t.select("G3")
    action = {"type": "charge", "unit": "G3", "target": target}
    assert action not in t.menu()
    t.refused(action, "[MT §6.5]")                 # not on the menu
    before = t.g.state_hash()
    with pytest.raises(IllegalAction) as info:     # and the handler itself refuses it
        t.g.do_charge(action)
    assert info.value.rule == "[MT §7.1.3]" and "unknown charge target" in info.value.why
    assert t.g.state_hash() == before


@rule("§7.5.7", "§7.5.8")
def test_7_5_7_a_stand_with_nothing_offered_is_refused():
    t = board(card="infantry_move")
    t.unit("G3", 100, 60, 0, **FOUR)
    t.select("G3")
    action = {"type": "stand", "unit": "G3"}
    assert action not in t.menu()
    t.refused(action, "[MT §6.5]")                 # not on the menu
    before = t.g.state_hash()
    with pytest.raises(IllegalAction) as info:     # and the handler itself refuses it
        t.g.do_stand(action)
    assert info.value.rule == "[MT §7.5.8]"
    assert t.g.state_hash() == before
