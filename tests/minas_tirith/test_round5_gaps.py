"""Mutation gaps of round 5 (issue 17): the survivors of the whole-system estimate
(``--sample-mutants 50 --seed 2``) and the halves of the whole cases [MT §6.5], [MT §7.1.7],
[MT §7.13], [MT §7.6], [MT §7.8] and [MT §7.12] that no test checked.

Positions as in test_reactions.py: a cleared table, the mover facing east."""

from __future__ import annotations

import math

import ringwar
from ringwar.core.dice import Dice
from ringwar.systems.minas_tirith.board import load_board

from .builder import Table, events, rule, texts
from .test_reactions import FOUR, move, window


class ByDie(Dice):
    """Dice by size: every d20 is ``d20`` (a casualty roll that kills nobody), the other sizes
    come from their own queues (a test fails if one runs dry)."""

    __slots__ = ("queues", "d20")

    def __init__(self, base: Dice, d20: int = 20, **queues: list[int]) -> None:
        super().__init__(0, state=base.state, count=base.count)
        self.d20 = d20
        self.queues = {int(k[1:]): list(v) for k, v in queues.items()}

    def die(self, sides: int = 6) -> int:
        self.count += 1
        if sides == 20:
            return self.d20
        q = self.queues.get(sides)
        if not q:
            raise AssertionError(f"no forced d{sides} left")
        return q.pop(0)


# ----- the seed-2 estimate's survivors ------------------------------------------------------------

@rule("§3.2", "§3.3")
def test_3_2_the_keels_edge_is_keel_not_wall_walk():
    # wall 2's walk (r 31-33) where it meets the keel's north face y = 50: the face itself is
    # keel (|y - 48| <= 2), a hair north of it is the walk
    B = load_board()
    x = math.sqrt(32.0 ** 2 - 2.0 ** 2)
    assert B.in_keel(x, 50.0) and B.walk_at(x, 50.0) is None
    assert not B.in_keel(x, 50.01) and B.walk_at(x, 50.01) == 2
    assert B.walk_at(x, 96.0 - 50.0) is None and B.walk_at(x, 45.99) == 2


@rule("§3.8", "§9.1")
def test_3_8_a_unit_set_up_outside_its_zone_is_refused():
    g = ringwar.new_game("minas-tirith", seed=1)
    u = g.units["G3"]
    before = g.state_hash()
    # the Pelennor 6" outside the Great Gate: clear ground, but not the Gondor zone
    try:
        g.apply({"type": "place", "unit": "G3", "x": 48.0, "y": 48.0, "heading": 0.0})
    except ringwar.IllegalAction as err:
        assert err.rule == "[MT §3.8]" and "wholly in the gondor zone" in err.why, err.why
    else:
        raise AssertionError("a Gondor unit was set up on the Pelennor")
    assert g.state_hash() == before and (u.x, u.y) != (48.0, 48.0)


@rule("§5.1", "§7.9")
def test_5_1_one_pip_reloads_a_mumaks_archers_not_the_unit():
    t = Table()
    t.clear()
    t.round("dark-lord", card="reload", pips=3)
    h7 = t.unit("H7", 100, 60, 0)
    h7.archers_loaded = False
    t.g._after_change()
    ev = t.act("H7", {"type": "reload", "unit": "H7", "archers": True})
    assert events(ev, "reload") and h7.archers_loaded and t.g.pips == 2


def edge_melee(d_y: float) -> Table:
    """G3 (4 figures, 2 files) faces west at (x 100, y 60); M1 (12 figures in one rank) faces
    east, front edges touching, its centre at ``d_y``; a Close Combat Resolution card."""
    t = Table()
    t.clear()
    t.round("west", card="close_combat", pips=5, bank=0)
    t.front_at("G3", 100, 60.0, 180, figures=4, files=2)
    t.front_at("M1", 100, d_y, 0, figures=12, files=12)
    return t


@rule("§7.5.3")
def test_7_5_3_a_figure_whose_file_projects_exactly_on_the_bands_edge_is_engaged():
    # the band is the attacker's 2-file edge widened 4" each way: y 55.5 .. 64.5 (to 1e-6);
    # M1's northmost file centre is put exactly on its upper edge (engaged), then a hair beyond
    probe = edge_melee(59.0)
    lat_a = probe.g.pitch(probe.g.units["G3"])[0]
    lat_d = probe.g.pitch(probe.g.units["M1"])[0]
    hi = 60.0 + lat_a / 2 + 4.0
    top = 11.5 * lat_d - 12 * lat_d / 2                 # the northmost file's offset
    edge = hi + 1e-6
    d_y = edge - top
    assert d_y + top == edge                            # exact in floating point
    lo = 60.0 - lat_a / 2 - 4.0
    inside = sum(1 for i in range(12) if lo - 1e-6 <= d_y + (i + 0.5) * lat_d - 6 * lat_d <= edge)
    for y, n in ((d_y, inside), (d_y + 1e-9, inside - 1)):
        t = edge_melee(y)
        t.g.dice = ByDie(t.g.dice, d6=[3, 3], d8=[1] * 4)
        ev = t.act("G3", {"type": "melee", "unit": "G3", "target": "M1"})
        combat = events(ev, "combat")[0]["text"]
        assert f"(M1) ({n} figures at CF" in combat, combat


# ----- [MT §6.5] spending impetus: who may act ------------------------------------------------------

@rule("§6.5", "§6.6")
def test_6_5_while_the_reaction_window_is_open_the_movers_side_acts_with_nothing():
    # M3 moves into G4's longbow range: the window opens; the mover's side (still the active
    # side) may not slip a catapult's shot, another unit's move or a leader's move into it
    t = window("M3", "G4", 20.0, r_kw={"figures": 12, "files": 6})
    t.engine("E-D4", 120, 30, 180)
    t.unit("M1", 130, 80, 180, **FOUR)
    t.leader("orc-captain-2", 130, 90)
    move(t, "M3", 6.0)
    assert t.g.stage == "react" and t.g.active == "dark-lord"
    for action in ({"type": "bombard", "engine": "E-D4", "x": 100.0, "y": 30.0},
                   {"type": "move", "engine": "E-D4", "path": "m0:1"},
                   {"type": "move", "unit": "M1", "path": "m0:1"},
                   {"type": "lead_move", "leader": "orc-captain-2", "x": 131.0, "y": 90.0}):
        err = t.refused(action, "[MT §6.5]")
        assert "is not the active side's" in err.why, (action, err.why)


@rule("§6.5", "§9.1")
def test_6_5_no_card_bank_or_pass_during_the_set_up():
    g = ringwar.new_game("minas-tirith", seed=1)
    assert g.stage == "deploy"
    for kind in ("turn_card", "bank", "pass"):
        before = g.state_hash()
        try:
            g.apply({"type": kind})
        except ringwar.IllegalAction as err:
            assert err.rule == "[MT §6.5]" and "not during the set-up" in err.why, (kind, err.why)
        else:
            raise AssertionError(f"{kind} was played during the set-up")
        assert g.state_hash() == before
    # any other action out of place during the set-up has no such reason
    before = g.state_hash()
    try:
        g.apply({"type": "hold", "actor": "G3"})
    except ringwar.IllegalAction as err:
        assert err.rule == "[MT §6.5]" and err.why == "'hold' is not a legal action now", err.why
    else:
        raise AssertionError("a hold was played during the set-up")
    assert g.state_hash() == before


@rule("§6.5")
def test_6_5_with_the_deck_empty_a_bank_at_four_is_refused_for_the_bank_not_the_deck():
    t = Table()
    t.clear()
    t.round("west", card="infantry_move", pips=5, bank=4, deck=[])
    assert not t.g.decks["west"] and {"type": "bank"} not in t.menu()
    err = t.refused({"type": "bank"}, "[MT §6.5]")
    assert "the bank holds at most 4" in err.why
    err = t.refused({"type": "turn_card"}, "[MT §6.5]")
    assert "the deck is empty" in err.why


@rule("§6.5", "§7.6")
def test_6_5_an_engine_acts_once_a_card_even_moved_off_the_menu():
    t = Table()
    t.clear()
    t.round("dark-lord", card="engine_move", pips=5)
    e = t.engine("E-D4", 100, 70, 180)
    t.apply({"type": "move", "engine": "E-D4", "path": "w30"})        # nothing selected: a drag
    assert e.heading == 210 and t.g.pips == 4
    err = t.refused({"type": "move", "engine": "E-D4", "path": "w30"}, "[MT §6.5]")
    assert "once on a card" in err.why and e.heading == 210


# ----- [MT §7.1.7] leaders moving with a unit --------------------------------------------------------

@rule("§7.1.7")
def test_7_1_7_a_move_naming_its_escorts_badly_is_refused_not_crashing():
    t = Table()
    t.clear()
    t.round("west", card="infantry_move", pips=5)
    t.unit("G3", 100, 60, 0, **FOUR)
    t.leader("hurin", 97, 62)
    t.select("G3")
    for leaders in ("", 3, True, "hurin,hurin", "hurin,"):
        err = t.refused({"type": "move", "unit": "G3", "path": "m0:2", "leaders": leaders},
                        "[MT §7.1.7]")
        assert "each named once" in err.why, (leaders, err.why)
    t.apply({"type": "move", "unit": "G3", "path": "m0:2", "leaders": "hurin"})
    assert t.g.leaders["hurin"].x == 99


@rule("§7.1.7", "§3.6")
def test_7_1_7_an_escort_keeps_his_place_through_his_own_sides_intact_gate():
    # G3 steps 2" north in the Great Gate's court; Hurin, standing in the Gate's opening
    # beside it, keeps his place: his way runs along the opening, open to the West
    t = Table()
    t.clear()
    t.round("west", card="infantry_move", pips=5)
    t.unit("G3", 36, 46, 90, **FOUR)
    h = t.leader("hurin", 41, 47)
    assert tuple(t.g.gates["G1"]) == ("intact", "west")
    t.select("G3")
    ev = t.apply({"type": "move", "unit": "G3", "path": "m0:2", "leaders": "hurin"})
    assert "moves with" in texts(events(ev, "lead_move")) and (h.x, h.y) == (41, 49)


@rule("§7.1.7", "§6.6")
def test_7_1_7_a_combined_move_is_the_selected_units_move_whoever_is_named_first():
    # as test_whole_case_gaps' reaction to a combined move, the group named "G7,G3" with G3
    # selected: the window names G3's move
    from .test_whole_case_gaps import column
    t = column()
    t.g.bank["dark-lord"] = 1
    t.front_at("M5", 124, 68, 180, figures=16, files=8)
    t.leader("orc-captain-1", 127, 68)
    ev = t.act("G3", {"type": "group_move", "units": "G7,G3", "path": "m0:10"})
    window = events(ev, "reaction_window")
    assert window and window[0]["unit"] == "G3" and window[0]["text"].startswith("Men of Minas Tirith (G3)'s move")
    assert t.g.pending["move"]["units"] == ["G7", "G3"]


# ----- [MT §7.13] leader combat ------------------------------------------------------------------

def two_against_gothmog() -> Table:
    """Hurin and Imrahil attached to G3, Gothmog to M3, the two units face to face, on the
    West's Leader card."""
    t = Table()
    t.clear()
    t.round("west", card="leader", pips=10)
    t.front_at("G3", 100, 60, 0, **FOUR)
    t.front_at("M3", 100, 60, 180, **FOUR)
    t.leader("hurin", attached_to="G3")
    t.leader("imrahil", attached_to="G3")
    t.leader("gothmog", attached_to="M3")
    return t


@rule("§7.13", "§7.11")
def test_7_13_r130_two_attached_declarers_against_one_attached_foe_open_the_pairing():
    t = two_against_gothmog()
    ev = t.act("hurin", {"type": "duel", "leader": "hurin", "target": "gothmog", "magic": 0,
                         "avoid": 0})
    assert "(R-130)" in texts(ev) and t.g.pending["duel"]["multi"]
    assert t.g.rules_to_act == "west" and {a["leader"] for a in t.menu()} == {"imrahil"}
    assert {a.get("target") for a in t.menu()} == {"gothmog", None}


@rule("§7.13")
def test_7_13_a_leader_two_foes_both_kill_dies_once():
    t = two_against_gothmog()
    t.act("hurin", {"type": "duel", "leader": "hurin", "target": "gothmog", "magic": 0, "avoid": 0})
    t.apply({"type": "pair", "leader": "imrahil", "target": "gothmog", "magic": 0, "avoid": 0})
    # Hurin 6+6 +3-4 = 11, Imrahil 6+6 +4-4 = 12: both kill Gothmog; his 1+1 +4-3 = 3 misses
    d = t.force((6, 6), (6, 6), (6, 6), (6, 6), (6, 1), (6, 1))
    ev = t.apply({"type": "pair", "leader": "gothmog", "target": "hurin", "magic": 0, "avoid": 0})
    d.done()
    assert " = 11" in texts(ev) and " = 12" in texts(ev)
    assert [e["text"] for e in events(ev, "leader_killed")] == [f"{t.g.D.leaders['gothmog'].name} is killed"]
    assert t.g.killed_leaders == ["gothmog"] and t.g.leaders["hurin"].alive


@rule("§7.13", "§7.12")
def test_7_13_r130_a_pairing_says_its_avoidance_and_magical_attack():
    t = Table()
    t.clear()
    t.round("west", card="leader", pips=10)
    t.front_at("G3", 100, 60, 0, **FOUR)
    t.front_at("M3", 100, 60, 180, **FOUR)
    for lid in ("hurin", "imrahil", "gandalf"):
        t.leader(lid, attached_to="G3")
    t.leader("gothmog", attached_to="M3")
    t.act("hurin", {"type": "duel", "leader": "hurin", "target": "gothmog", "magic": 0, "avoid": 0})
    queue = t.g.pending["duel"]["queue"]
    assert queue[:2] == ["gandalf", "imrahil"], queue
    sp = t.g.spell_points["west"]
    ev = t.apply({"type": "pair", "leader": "gandalf", "target": "gothmog", "magic": 1, "avoid": 0})
    text = events(ev, "duel")[0]["text"]
    assert text.endswith(" with 1 spell points of Magical Attack") and "avoiding" not in text, text
    assert t.g.spell_points["west"] == sp - 1
    ev = t.apply({"type": "pair", "leader": "imrahil", "target": "gothmog", "magic": 0, "avoid": 1})
    text = events(ev, "duel")[0]["text"]
    assert text.endswith("(avoiding 1)") and "Magical Attack" not in text, text


@rule("§7.5.7", "§7.13")
def test_7_5_7_in_a_follow_up_choice_a_stray_action_is_refused_by_the_follow_up_rule():
    t = Table()
    t.clear()
    t.round("west", card="close_combat", pips=5, bank=0)
    t.front_at("G3", 100, 60, 0, **FOUR)
    t.front_at("M3", 100, 60, 180, **FOUR)
    t.g.dice = ByDie(t.g.dice, d6=[3, 1], d8=[1] * 4)
    t.act("G3", {"type": "melee", "unit": "G3", "target": "M3"})
    assert t.g.stage == "choice" and t.g.pending["kind"] == "follow_up"
    for action in ({"type": "pass"}, {"type": "avoid", "leader": "hurin", "a": 0}):
        err = t.refused(action, "[MT §7.5.7]")
        assert "follows up or stands" in err.why
