"""Mobilization, the Grip of Sauron, control and victory as the game applies them [WR §6.2]
[WR §V24] [WR §13.2] [WR §V22] [WR §10.11] [WR §V23] [WR §13.1]."""

from __future__ import annotations

import pytest

from .builder import Position, move, texts

rule = pytest.mark.rule

QUIET = ("grond", "black-breath", "huorns", "lembas") * 3


# ----- mobilization [WR §6.2] [WR §V24] ------------------------------------------------------
@rule("war-of-the-ring", "§V24", "§6.2")
def test_V24_T_MOB_1_ten_orc_strength_entering_rohan_does_not_mobilize_it_eleven_does() -> None:
    for uid, strength, mobilizes in (("MOR-11", 10, False), ("MOR-11", 11, True),
                                     ("MOR-08", 10, True)):          # Trolls: no exemption
        p = Position().clear().mobilize("MOR").sp(5)
        p.unit(uid, "2518", strength)
        g = p.at("7b")
        assert g.W.in_region("2418", "rohan") and not g.W.in_region("2518", "rohan")
        ev = move(g, "2418", piece=uid)
        assert ("ROH" in g.mobilized) is mobilizes, (uid, strength, texts(ev))


@rule("war-of-the-ring", "§V24", "§6.2", "§9")
def test_V24_T_MOB_2_rohan_at_i_plus_2_gondor_at_m_plus_2_the_free_people_at_m_plus_4() -> None:
    def events_phase(turn: int) -> dict[str, int]:
        p = Position().clear().event_deck(*QUIET).search_deck(1, 2).turn(turn)
        p.mobilize("ISE", "MOR", turn=3)
        p.dice(1, 1)                                         # 2d6 + 4 Shadow Points
        g = p.at("2a")
        assert g.ask["kind"] == "declare"
        p.dice_done()
        return dict(g.mobilized)

    m4 = events_phase(4)
    assert "ROH" not in m4 and "GON" not in m4
    m5 = events_phase(5)
    assert m5["ROH"] == 5 and m5["GON"] == 5 and "LOR" not in m5
    m7 = events_phase(7)
    for code in ("LOR", "MIR", "LIN", "DWA", "DAL", "DUN", "SHI", "ENT"):
        assert m7[code] == 7, code


@rule("war-of-the-ring", "§6.2")
def test_6_2_mordor_mobilizes_at_the_start_of_turn_8_and_isengard_of_turn_10() -> None:
    for turn, codes, absent in ((7, (), ("MOR", "ISE")), (8, ("MOR", "EAS", "VAR", "HAR"), ("ISE",)),
                                (10, ("MOR", "ISE"), ())):
        p = Position().clear().event_deck(*QUIET).search_deck(1, 2).turn(turn)
        p.dice(*([1, 1] if turn >= 8 else [1]))
        g = p.at("2a")
        for c in codes:
            assert g.mobilized.get(c) == turn, (turn, c, g.mobilized)
        for c in absent:
            assert c not in g.mobilized


@rule("war-of-the-ring", "§6.2")
def test_6_2_a_free_army_entering_mordor_mobilizes_it() -> None:
    p = Position().clear().mobilize("GON")
    p.unit("GON-04", "2924")
    g = p.at("5c")
    move(g, "3024", piece="GON-04")
    assert g.mobilized.get("MOR") == g.turn
    assert {"EAS", "VAR", "HAR"} <= set(g.mobilized)


@rule("war-of-the-ring", "§6.2", "§V12")
def test_6_2_the_dark_power_may_declare_isengards_mobilization() -> None:
    p = Position().clear().sp(0).unit("ISE-01", "1820")
    g = p.at("7a")
    assert {"type": "mobilize", "nation": "ISE"} in g.legal_actions()
    g.apply({"type": "mobilize", "nation": "ISE"})
    assert "ISE" in g.mobilized


@rule("war-of-the-ring", "§6.2", "§10.3")
def test_6_2_gandalf_revealed_ending_his_move_in_minas_tirith_mobilizes_gondor() -> None:
    p = Position().clear().char("gandalf", "2723")
    g = p.at("5c")
    move(g, "2824", piece="gandalf")
    g.apply({"type": "done"})
    assert "GON" in g.mobilized


# ----- the Grip of Sauron [WR §13.2] [WR §V22] ------------------------------------------------
def sauron_holds(p: Position, n: int) -> None:
    """Sauron holds exactly ``n`` objectives (his six first, then Free ones)."""
    g = p.g
    order = ["3523", "2613", "3024", "3121", "3122", "2632", "1008", "2222", "1923", "2329",
             "2528", "2927", "3205", "2905", "0508", "2315", "2008", "2824", "1309"]
    for h in g.control:
        if h != "1820":
            g.control[h] = "free"
    for h in order[:n]:
        g.control[h] = "sauron"
    p.touch()
    assert g.sauron_objectives() == n


def end_of_turn(turn: int, held: int, m: int = 1, **grip) -> tuple[Position, object]:
    p = Position().clear().event_deck(*QUIET).search_deck(1, 2).turn(turn)
    p.mobilize("MOR", turn=m)
    p.unit("EAS-01", "3816", deserted=bool(grip.get("deserted")))
    p.unit("MOR-13", "2613")                                 # an army outside Mordor: no WMO
    if grip:
        p.grip(**grip)
    sauron_holds(p, held)
    p.dice(1, 1)                                             # next turn's Shadow Points
    g = p.at("8a")
    assert g.turn == turn + 1 and g.ask["kind"] == "declare", (g.turn, g.ask, g.result)
    return p, g


@rule("war-of-the-ring", "§13.2", "§V22", "§11.4")
def test_V22_T_GRIP_1_nine_objectives_at_m_plus_10_desertion_at_the_start_of_m_plus_11() -> None:
    p, g = end_of_turn(11, 9)
    assert g.grip["deserted"] and g.grip["drop"] == 1
    assert g.units["EAS-01"]["deserted"] and not g.units["MOR-13"]["deserted"]
    p, g = end_of_turn(11, 10)
    assert not g.grip["deserted"] and not g.units["EAS-01"]["deserted"]
    p, g = end_of_turn(10, 6)                                 # M+9: no checkpoint
    assert not g.grip["deserted"]


@rule("war-of-the-ring", "§13.2", "§V22")
def test_V22_T_GRIP_2_eleven_at_m_plus_15_deserts_twelve_at_m_plus_18_returns_at_m_plus_19() -> None:
    p, g = end_of_turn(16, 11)
    assert g.grip["deserted"] and g.units["EAS-01"]["deserted"]
    p, g = end_of_turn(19, 11, deserted=True, drop=1)
    assert g.grip["deserted"] and g.units["EAS-01"]["deserted"]
    p, g = end_of_turn(19, 12, deserted=True, drop=1)
    assert not g.grip["deserted"] and not g.units["EAS-01"]["deserted"], g.grip


@rule("war-of-the-ring", "§13.2", "§V22", "§10.11")
def test_V22_deserters_count_for_neither_side() -> None:
    p = Position().clear()
    p.unit("EAS-01", "1309", deserted=True)
    g = p.g
    assert g.holder_of_units("1309") is None


# ----- control and victory [WR §10.11] [WR §13.1] ------------------------------------------
@rule("war-of-the-ring", "§V22", "§10.11", "§13.1")
def test_V22_eighteen_objectives_win_at_once() -> None:
    p = Position().clear().mobilize("MOR").sp(5)
    sauron_holds(p, 17)
    assert p.g.control["1309"] == "free"
    p.unit("MOR-11", "1408")
    g = p.at("7b")
    assert g.result is None
    move(g, "1309", piece="MOR-11")
    assert g.control["1309"] == "sauron"
    assert g.result is not None and g.result["winner"] == "dark"
    assert g.result["level"] == "military victory"


@rule("war-of-the-ring", "§10.11", "§V8")
def test_10_11_control_changes_when_an_army_is_alone_in_a_place_with_no_defence() -> None:
    p = Position().clear().mobilize("LOR")
    p.unit("LOR-01", "2614")
    g = p.at("5c")
    move(g, "2613", piece="LOR-01")                          # Dol Guldur's defence 5 stands
    assert g.control["2613"] == "sauron" and not g.flags["galadriel_free"]
    p.defence("2613", destroyed=True).unit("LOR-02", "2614")
    p.at("5c")
    move(g, "2613", piece="LOR-02")
    assert g.control["2613"] == "free" and g.flags["galadriel_free"]


@rule("war-of-the-ring", "§V23", "§13.1")
def test_V23_western_military_option_from_m_plus_1() -> None:
    def end(turn, extra=None):
        p = Position(turn_limit=30).clear().event_deck(*QUIET).search_deck(1, 2).turn(turn)
        p.mobilize("MOR", "ISE", turn=3)
        p.unit("MOR-01", "3024").unit("EAS-01", "3816").unit("ISE-01", "1820")
        if extra:
            p.unit(*extra)
        p.dice(1, 1)
        g = p.at("8a")
        return g

    g = end(4)
    assert g.result is not None and g.result["winner"] == "fellowship"
    assert g.result["rule"] == "[WR §V23]"
    assert end(3).result is None                              # turn M: not yet
    assert end(4, ("MOR-05", "2924")).result is None          # a Mordor unit outside Mordor
    assert end(4, ("ISE-02", "1721")).result is None          # a Saruman unit outside Isengard
