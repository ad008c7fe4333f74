"""The reaction window [MT §6.6], what test_reactions leaves: reaction spells (R-65) and the
elephant archers' free, all-round reaction fire [seed: Elephants (Mumakel)].

As in test_reactions, the mover faces east with its front edge at x = 100; the reactor faces
it (west) with its front edge ``gap`` inches further east."""

from __future__ import annotations

import pytest

from .builder import events, rule, texts
from .test_reactions import charge, move, window, window_open

MUMAK = {"figures": 3, "files": 3}


def archers_window(gap: float, *, bank: int = 0, heading: float | None = None):
    """G3 (the West) moves at H7, a Mumak unit carrying 3 loaded archers (18″ range)."""
    t = window("G3", "H7", gap, side="west", bank=bank, r_kw=MUMAK)
    if heading is not None:
        h7 = t.g.units["H7"]
        t.unit("H7", h7.x, h7.y, heading, **MUMAK)
    return t


# ----- the elephant archers -----------------------------------------------------------------------

@rule("§6.6", "§7.9")
def test_6_6_the_elephant_archers_react_without_a_banked_pip():
    t = archers_window(20.0, bank=0)
    move(t, "G3", 6.0)                              # ends 14″ off: within the charge reach
    assert window_open(t) and t.g.pending["triggered"] == ["H7"]
    assert t.menu() == [{"type": "react_archers", "unit": "H7"}, {"type": "react_done"}]
    t.force(*[(20, 20)] * 3)
    ev = t.apply({"type": "react_archers", "unit": "H7"})
    assert "elephant archers" in texts(events(ev, "fire")) and "no banked pip" in texts(ev)
    assert t.g.bank["dark-lord"] == 0 and not t.g.units["H7"].archers_loaded
    assert t.menu() == [{"type": "react_done"}]
    t.refused({"type": "react_archers", "unit": "H7"}, "[MT §6.6]")       # once a window


@rule("§6.6", "§7.9")
def test_6_6_no_window_with_an_empty_bank_and_unloaded_archers():
    t = archers_window(20.0, bank=0)
    t.g.units["H7"].archers_loaded = False
    move(t, "G3", 6.0)
    assert not window_open(t)


@rule("§6.6", "§7.9", "§7.2")
def test_6_6_the_archers_shoot_all_round_but_a_mumak_attacked_in_the_rear_does_not_move():
    t = archers_window(20.0, bank=2, heading=0.0)  # H7 faces away: G3 comes from its rear
    move(t, "G3", 6.0)
    assert window_open(t)
    assert t.menu() == [{"type": "react_archers", "unit": "H7"}, {"type": "react_done"}]
    t = archers_window(20.0, bank=2)               # facing G3: it may also retreat (paid)
    move(t, "G3", 6.0)
    kinds = {a["type"] for a in t.menu()}
    assert {"react_archers", "react_retreat"} <= kinds


@rule("§6.6", "§7.9")
@pytest.mark.parametrize("d, opens", [(10.0, True), (9.95, False)])
def test_6_6_the_archers_range_triggers_and_is_taken_at_the_movers_end(d, opens):
    # G3 (HI, move 10, reach 16) ends 18″ off: only the archers' 18″ range triggers
    t = archers_window(28.0, bank=0)
    move(t, "G3", d)
    assert window_open(t) == opens
    if opens:
        t.force(*[(20, 20)] * 3)
        ev = t.apply({"type": "react_archers", "unit": "H7"})
        assert "(18.0″, long," in texts(events(ev, "fire"))


@rule("§6.6", "§7.9", "§8.5")
@pytest.mark.parametrize("gap, band, cf", [(10.0, "short", 6 - 2), (2.0, "point blank", 8 - 2)])
def test_6_6_the_archers_at_a_charger_use_the_short_band_or_point_blank_r67(gap, band, cf):
    t = archers_window(gap, bank=0)
    charge(t, "G3", "H7", (6, 1))
    assert {"type": "react_archers", "unit": "H7"} in t.menu()
    t.force(*[(20, 20)] * 3)
    ev = t.apply({"type": "react_archers", "unit": "H7"})
    assert f"{band}, CF {cf})" in texts(events(ev, "fire"))     # HI: -2 as a missile target


# ----- reaction spells (R-65) ------------------------------------------------------------------------

def spell_window(bank: int = 2):
    """M3 (the Dark Lord) moves at G3; Gandalf stands 2″ from Húrin, who spans G3."""
    t = window("M3", "G3", 30.0, bank=bank)
    hurin = t.g.leaders["hurin"]
    t.leader("gandalf", hurin.x, hurin.y + 2.0)
    return t


def spells(t) -> list[dict]:
    return [a for a in t.menu() if a["type"] == "react_spell"]


@rule("§6.6", "§7.12")
def test_6_6_r65_a_caster_may_cast_a_leader_card_spell_in_the_window():
    t = spell_window()
    move(t, "M3", 12.0)
    menu = spells(t)
    assert {(a["leader"], a["spell"], a["points"], a["target"]) for a in menu} == {
        ("gandalf", "magical_leadership", p, who) for p in (1, 2, 3) for who in ("gandalf", "hurin")}
    sp = t.g.spell_points["west"]
    ev = t.apply({"type": "react_spell", "leader": "gandalf", "spell": "magical_leadership",
                  "points": 2, "target": "hurin"})
    assert "(R-65)" in texts(ev) and t.g.ml_bonus["hurin"][:2] == [t.g.round, 2]
    assert t.g.bank["west"] == 1 and t.g.spell_points["west"] == sp - 2
    assert spells(t) == [] and window_open(t)                 # once per caster per window
    t.refused({"type": "react_spell", "leader": "gandalf", "spell": "magical_leadership",
               "points": 1, "target": "gandalf"}, "[MT §6.6]")


@rule("§6.6", "§7.12")
@pytest.mark.parametrize("d6, bad", [(2, False), (3, True)])
def test_6_6_r65_demoralization_in_reaction_tests_the_mover(d6, bad):
    t = window("G3", "M3", 24.0, side="west")
    t.leader("witch-king", 104.0, 66.0, mount="fell_beast")   # within his 10″ of G3
    move(t, "G3", 10.0)                                       # ends 14″ off: reach 16
    action = {"type": "react_spell", "leader": "witch-king", "spell": "demoralization",
              "points": 2, "target": "G3"}
    assert action in t.menu()
    t.force((6, d6))
    t.apply(action)
    assert t.g.units["G3"].organized == (not bad) and t.g.bank["dark-lord"] == 1


@rule("§6.6", "§7.12")
def test_6_6_r65_a_reaction_spell_needs_a_banked_pip_and_the_spell_points():
    t = spell_window(bank=1)
    move(t, "M3", 12.0)
    t.apply({"type": "react_retreat", "unit": "G3", "mode": "quarter"})   # the last pip
    assert spells(t) == []
    t.refused({"type": "react_spell", "leader": "gandalf", "spell": "magical_leadership",
               "points": 1, "target": "hurin"}, "[MT §6.6]")
    t = spell_window()
    t.g.spell_points["west"] = 1
    move(t, "M3", 12.0)
    assert {a["points"] for a in spells(t)} == {1}
    t.refused({"type": "react_spell", "leader": "gandalf", "spell": "magical_leadership",
               "points": 2, "target": "hurin"}, "[MT §6.6]")


@rule("§6.6", "§7.12")
def test_6_6_r65_no_spell_without_a_trigger():
    t = spell_window()
    move(t, "M3", 6.0)                             # ends 24″ off: nothing triggered
    assert not window_open(t) and not spells(t)
