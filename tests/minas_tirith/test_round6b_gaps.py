"""Mutation gaps of round 6b (issue 17): the seed-3 estimate's survivors in close combat and the
elephant archers, then the halves of whole cases ([MT §7.5.6], [MT §7.11], [MT §7.5.3] ...) that
no test checked.

Positions as in test_combat.py (two small units face to face on the Pelennor, the fronts
``gap`` inches apart) and test_reactions.py (a reaction window)."""

from __future__ import annotations

import math

from .builder import Table, events, rule, texts
from .test_breakthrough import penetrate
from .test_combat import FOUR, MISS, cf_of, charge, duel
from .test_leaders import board
from .test_mutation_gaps import city_melee
from .test_reactions import charge as rcharge
from .test_reactions import window
from .test_siege import at_g2, polar, siege
from .test_siege_split import docked, gain_walls, ladder, no_kills

# ----- [MT §7.5.3] the band's edge is inclusive to the board's 1e-6 inch ---------------------------

#: M1 (20 files) against G3 (4 files): the band is G3's files +-1.5 widened 4" each way, so
#: M1's file 5.5" from its centre lies on the band's edge; with M1's centre at this y that
#: file projects exactly 1e-6 inch beyond the edge (found by bisection on the arithmetic)
EDGE_Y = 60.000001000000005


@rule("§7.5.3")
def test_7_5_3_an_attacking_file_exactly_1e6_inch_outside_the_band_still_engages():
    t = duel("M1", "G3", gap=0, side="dark-lord", a_kw={"files": 20}, d_kw=FOUR)
    g = t.g
    m1, g3 = g.units["M1"], g.units["G3"]
    assert g.engaged_figures(m1, g3, None) == (12, 4)          # +-0.5 .. +-5.5: 12 files
    m1.y = EDGE_Y
    assert g.engaged_figures(m1, g3, None) == (12, 4)          # the edge file still counts
    m1.y = math.nextafter(EDGE_Y, 100.0)
    assert g.engaged_figures(m1, g3, None) == (11, 4)          # a hair further: it does not


# ----- [MT §7.5.6] R-91 is a charge's: a melee leaves standing cavalry organized -------------------

@rule("§7.5.6")
def test_7_5_6_r91_a_melee_against_standing_cavalry_does_not_disorganize_it():
    t = duel("M3", "G8", gap=0, card="close_combat", side="dark-lord", a_kw=FOUR,
             d_kw={"files": 4})
    t.force(then_random=True)
    ev = t.act("M3", {"type": "melee", "unit": "M3", "target": "G8"})
    combat = events(ev, "combat")[0]["text"]
    assert combat.startswith("Melee") and "disorganized" not in combat
    assert "(R-91)" not in texts(ev)
    assert cf_of(ev)[3] == 7                                   # melee HC v MI 7, no -1


# ----- [MT §7.5.6] [MT §7.5.7] cavalry staying in the melee with nowhere to follow ---------------

@rule("§7.5.6", "§7.5.7")
def test_7_5_6_cavalry_that_stays_in_the_melee_against_infantry_that_could_not_give_way():
    # G8 charges M3 and wins by less than 5; M3 stands against M9 right behind it, so it
    # is not pushed at all: G8 (d6 even, no commander attached: no choice) stays in the melee
    # where it is, with nothing to follow
    t = duel("G8", "M3", a_kw={"files": 4}, d_kw=FOUR)
    t.unit("M9", 106.55, 60, 180, **FOUR)                      # 0.05" behind M3's rear edge
    t.leader("forlong", 90, 45)                                # a commander, not G8's
    ev = charge(t, "G8", "M3", (6, 1), (6, 1), *[MISS] * 12, (6, 1), (6, 2), (6, 2), (8, 1), (8, 1))
    g8 = t.g.units["G8"]
    x = g8.x
    assert "d6 2, even: it stays in the melee" in texts(ev)
    assert not events(ev, "follow_up") and not g8.organized
    assert t.g.stage == "round" and g8.x == x
    assert "M3" in t.g.engaged_with(g8) and t.g.pending is None


# ----- [MT §7.9] elephant archers at a charger: only within their 18" as it starts -----------------

def archers_at_a_charger(dist: float) -> Table:
    """G8 charges M3; H7 (3 loaded archers, 18") stands off to the side, ``dist`` inches from
    G8 as it starts, and nearer where G8 ends."""
    t = Table()
    t.clear()
    t.round("west", card="cavalry_move", pips=10, bank=0)
    t.g.bank["dark-lord"] = 0
    t.front_at("G8", 100, 60, 0, **FOUR)
    t.front_at("M3", 112, 60, 180, **FOUR)
    h7 = t.front_at("H7", 118, 72, 180, figures=3, files=3)
    g = t.g
    for _ in range(4):
        now = g.footprint(g.units["G8"]).distance(g.footprint(h7))
        t.unit("H7", h7.x + dist - now, h7.y, 180, figures=3, files=3)
    t.leader("harad-captain", h7.x + 3, h7.y)
    return t


@rule("§7.9", "§6.6")
def test_7_9_the_archers_shoot_at_a_charger_18_inches_away_but_not_18_and_a_half():
    for dist, shoots in ((18.0, True), (18.5, False)):
        t = archers_at_a_charger(dist)
        t.force((6, 1), (6, 1), then_random=True)
        t.act("G8", {"type": "charge", "unit": "G8", "target": "M3"})
        assert ({"type": "react_archers", "unit": "H7"} in t.menu()) == shoots, dist
        assert (t.g.stage == "react") == shoots, dist


# ----- [MT §7.5.6] R-95: equal totals disorganize only cavalry that charged ------------------------

@rule("§7.5.6")
def test_7_5_6_r95_equal_totals_leave_meleeing_cavalry_and_charging_infantry_organized():
    # cavalry in a melee (no charge): 5 + 1 heavy = 6 against 6
    t = duel("G8", "M3", gap=0, card="close_combat", a_kw={"files": 4}, d_kw=FOUR)
    x = t.g.units["M3"].x
    d = no_kills(t, (6, 5), (6, 6), (8, 1), (8, 1))
    ev = t.act("G8", {"type": "melee", "unit": "G8", "target": "M3"})
    d.done()
    assert "Equal totals: the fight goes on (R-95)" in texts(events(ev, "outcome"))
    assert t.g.units["G8"].organized and "(R-95)" not in texts(events(ev, "disorganized"))
    assert t.g.units["M3"].x == x
    # infantry charging: 3 + 1 charging + 1 heavy + 1 spears = 6 against 6
    t = duel("G3", "M3", a_kw=FOUR, d_kw=FOUR)
    d = no_kills(t, (6, 4), (6, 3), (6, 6), (8, 1), (8, 1))
    ev = t.act("G3", {"type": "charge", "unit": "G3", "target": "M3"})
    d.done()
    assert "Equal totals: the fight goes on (R-95)" in texts(events(ev, "outcome"))
    assert t.g.units["G3"].organized and not events(ev, "disorganized")


# ----- [MT §7.5.6] are a charge's: cavalry in a melee with infantry is pushed as any ----

@rule("§7.5.6")
def test_7_5_6_cavalry_meleeing_infantry_is_pushed_back_or_pushes_back_as_any_unit():
    for ra, rd, loser, shift in ((1, 6, "G8", -4.0), (6, 4, "M3", 3.0)):
        t = duel("G8", "M3", gap=0, card="close_combat", a_kw={"files": 4}, d_kw=FOUR)
        x = t.g.units[loser].x
        d = no_kills(t, (6, ra), (6, rd), (8, 1), (8, 1))
        ev = t.act("G8", {"type": "melee", "unit": "G8", "target": "M3"})
        # G8 loses 2 against 6 (pushed back 4); or wins 7 against 4 (D 3 < 6: pushed, no gap)
        assert t.g.units[loser].x - x == shift
        assert events(ev, "push")[0]["unit"] == loser and not events(ev, "penetrated")
        assert not events(ev, "retreat") and "The infantry holds" not in texts(ev)
        assert "without breaking in" not in texts(ev) and t.g.units["G8"].organized
        winner = "M3" if loser == "G8" else "G8"
        assert t.g.pending["kind"] == "follow_up" and t.g.pending["unit"] == winner
        t.apply({"type": "stand", "unit": winner})
        d.done()


# ----- [MT §7.5.6] cavalry charging cavalry: the cavalry-vs-cavalry row, penetrated at 6 ---------

@rule("§7.5.6")
def test_7_5_6_cavalry_charging_cavalry_pushes_it_back_and_penetrates_only_at_6():
    # G8: d6 + 2 charging cavalry + 1 heavy cavalry + 1 heavy + 1 lances; M14 (disorganized by
    # the charge, R-91): d6 - 2.  1 v 3: D = 5; 2 v 3: D = 6
    for ra, D, penetrated in ((1, 5, False), (2, 6, True)):
        t = duel("G8", "M14", a_kw={"files": 4}, d_kw={"files": 5})
        x = t.g.units["M14"].x
        no_kills(t, (6, 1), (6, 1), (6, ra), (6, 3), (8, 1), (8, 1))
        ev = t.act("G8", {"type": "charge", "unit": "G8", "target": "M14"})
        assert t.g.units["M14"].x - x == D
        assert bool(events(ev, "penetrated")) == penetrated, D
        assert "without breaking in" not in texts(ev) and t.g.units["G8"].organized
        if not penetrated:
            assert t.g.pending["kind"] == "follow_up" and t.g.pending["unit"] == "G8"


# ----- [MT §7.5.6] R-92: standing cavalry charged by infantry is penetrated at 5, in a melee at 6 --

@rule("§7.5.6")
def test_7_5_6_r92_infantry_charging_standing_cavalry_penetrates_at_5_a_melee_only_at_6():
    # M3 charges G8: d6 + 1 charging against d6 + 1 heavy - 2 disorganized (by the charge,
    # R-91, or already: then no second R-91)
    for ra, D, penetrated, organized in ((5, 5, True, True), (4, 4, False, False)):
        t = duel("M3", "G8", side="dark-lord", a_kw=FOUR, d_kw={"files": 4, "organized": organized})
        x = t.g.units["G8"].x
        no_kills(t, (6, 4), (6, ra), (6, 2), (8, 1), (8, 1))
        ev = t.act("M3", {"type": "charge", "unit": "M3", "target": "G8"})
        assert ("(R-91)" in texts(events(ev, "disorganized"))) == organized
        assert t.g.units["G8"].x - x == D                    # G8 faces west: pushed east
        assert bool(events(ev, "penetrated")) == penetrated, D
    # a melee against G8, already disorganized: 6 against 2 + 1 heavy - 2: D = 5, no gap
    t = duel("M3", "G8", gap=0, card="close_combat", side="dark-lord", a_kw=FOUR,
             d_kw={"files": 4, "organized": False})
    x = t.g.units["G8"].x
    no_kills(t, (6, 6), (6, 2), (8, 1), (8, 1))
    ev = t.act("M3", {"type": "melee", "unit": "M3", "target": "G8"})
    assert t.g.units["G8"].x - x == 5 and not events(ev, "penetrated")


# ----- [MT §7.5.6] [MT §7.6] only a city DEFENDER is pushed out of its sector ---------------------

@rule("§7.5.6", "§7.6")
def test_7_5_6_a_city_attacker_pushed_back_4_inches_stays_in_its_sector():
    # M3 attacks G3 along level 2 south and loses 2 against 6 + 1 heavy: pushed back 5" towards
    # the tunnel T2 behind it, but an attacker is never pushed out of its sector
    t, ev = city_melee(((6, 2), (6, 6)))
    m3 = t.g.units["M3"]
    assert events(ev, "push")[0]["unit"] == "M3"
    assert not events(ev, "pushed_out") and "no way out of its sector" not in texts(ev)
    assert t.g.B.sector_at(m3.x, m3.y) == "L2-S"


# ----- [MT §7.5.6] [MT §7.6] no follow-up after a tower assault ----------------------------------

@rule("§7.5.6", "§7.6")
def test_7_5_6_a_tower_assault_that_throws_the_defenders_back_offers_no_follow_up():
    t, ev = gain_walls(16)
    assert events(ev, "lodgement") and "may follow up" not in texts(ev)
    assert t.g.pending is None and t.g.stage == "round"


# ----- [MT §7.5.6] R-91 spares a countercharging cavalry unit --------------------------------------

@rule("§7.5.6", "§6.6")
def test_7_5_6_r91_cavalry_countercharging_is_not_charged_standing():
    t = window("M3", "G8", 16.0, r_kw=FOUR)
    rcharge(t, "M3", "G8", (6, 6))
    t.force((6, 4), then_random=True)
    ev = t.apply({"type": "countercharge", "unit": "G8"})
    ev += t.apply({"type": "react_done"})
    defender = events(ev, "combat")[0]["text"].split(" kills ")[1]
    assert "+1 charging" in defender and "disorganized" not in defender
    assert "(R-91)" not in texts(ev)


# ----- [MT §7.5.6] [MT §7.5.8] an open breakthrough's refusals cite the breakthrough --------------

@rule("§7.5.6", "§7.5.8")
def test_7_5_6_a_breakthrough_choice_is_not_a_rally_back_choice():
    t = penetrate()
    assert t.g.stage == "choice" and t.g.pending["kind"] == "breakthrough"
    err = t.refused({"type": "rally_back", "unit": "G3"}, "[MT §7.5.8]")
    assert "broke through" in err.why


# ----- [MT §7.11] a leader move is exactly {type, leader, x, y} ------------------------------------

@rule("§7.11")
def test_7_11_a_leader_move_with_a_stray_key_is_refused_and_the_exact_one_moves_him():
    t = board(card="leader")
    t.leader("hurin", 100, 60)
    t.select("hurin")
    err = t.refused({"type": "lead_move", "leader": "hurin", "x": 104.0, "y": 60, "path": "m0:4"},
                    "[MT §7.11]")
    assert "{type, leader, x, y}" in err.why
    ev = t.apply({"type": "lead_move", "leader": "hurin", "x": 104.0, "y": 60})
    assert events(ev, "lead_move") and (t.g.leaders["hurin"].x, t.g.leaders["hurin"].y) == (104, 60)


# ----- [MT §7.11] every command action costs 1 pip, once a Leader card ---------------------------

@rule("§7.11")
def test_7_11_a_commander_detaches_for_1_pip_staying_where_his_unit_is_once_a_card():
    t = board(card="leader")
    g3 = t.unit("G3", 100, 60, 0)
    t.leader("forlong", attached_to="G3")
    t.leader("hurin", 80, 40)                                  # not attached: nothing to leave
    t.select("hurin")
    assert {"type": "lead_detach", "leader": "hurin"} not in t.menu()
    t.refused({"type": "lead_detach", "leader": "hurin"})
    t.apply({"type": "hold", "actor": "hurin"})
    pips = t.g.pips
    t.select("forlong")
    assert {"type": "lead_detach", "leader": "forlong"} in t.menu()
    ev = t.apply({"type": "lead_detach", "leader": "forlong"})
    ld = t.g.leaders["forlong"]
    assert events(ev, "lead_detach") and "leaves" in texts(ev)
    assert ld.attached_to is None and (ld.x, ld.y) == (g3.x, g3.y) and t.g.pips == pips - 1
    t.select("forlong")                                        # he has acted this card:
    assert [a["type"] for a in t.menu()] == ["hold"]           # no attaching back to G3
    t.refused({"type": "lead_attach", "leader": "forlong", "unit": "G3"})


@rule("§7.11")
def test_7_11_a_leader_move_costs_1_pip():
    t = board(card="leader")
    t.leader("hurin", 100, 60)
    pips = t.g.pips
    t.select("hurin")
    t.apply({"type": "lead_move", "leader": "hurin", "x": 104.0, "y": 60})
    assert t.g.pips == pips - 1


@rule("§7.11")
def test_7_11_a_nazgul_changes_mount_for_1_pip_and_a_fell_beast_leaves_his_unit():
    t = board(side="dark-lord", card="leader")
    t.unit("M3", 100, 60, 0)
    t.leader("witch-king", attached_to="M3", mount="horse")
    t.leader("gothmog", 80, 40)                                # one mount only: no remount
    t.select("gothmog")
    assert {"type": "remount", "leader": "gothmog"} not in t.menu()
    t.refused({"type": "remount", "leader": "gothmog"})
    t.apply({"type": "hold", "actor": "gothmog"})
    pips = t.g.pips
    t.select("witch-king")
    assert {"type": "remount", "leader": "witch-king"} in t.menu()
    ev = t.apply({"type": "remount", "leader": "witch-king"})
    wk = t.g.leaders["witch-king"]
    assert wk.mount == "fell_beast" and wk.attached_to is None and t.g.pips == pips - 1
    assert "is now on a fell beast" in texts(events(ev, "remount"))
    t.select("witch-king")
    assert {"type": "remount", "leader": "witch-king"} not in t.menu()   # once a card
    t.refused({"type": "remount", "leader": "witch-king"})
    t.apply({"type": "hold", "actor": "witch-king"})
    t.round("dark-lord", card="leader", pips=10)                # a new Leader card
    t.select("witch-king")
    ev = t.apply({"type": "remount", "leader": "witch-king"})
    assert wk.mount == "horse" and "is now on a horse" in texts(ev)


# ----- [MT §7.5.3] contact on a flank: the defender's "files" are its ranks -----------------------

@rule("§7.5.3")
def test_7_5_3_on_a_flank_the_ranks_are_the_files_and_the_two_outer_files_fight():
    # M1 (10 files x 2 ranks, close order: pitch 1 x 1) faces north; G3 (4 files) strikes its
    # right flank, a 2" edge: the band is that edge +-4", all 4 of G3's files are in it; of M1
    # only its 2 ranks lie along the flank, 2 files deep: 4 figures, not the whole unit
    t = Table()
    t.clear()
    t.round("west", card="close_combat", pips=10)
    m1 = t.unit("M1", 100, 60, 90, files=10)
    g3 = t.front_at("G3", 105, 60, 180, **FOUR)
    g = t.g
    assert g.arc_of(m1, (g3.x, g3.y)) == "flank"
    assert g.engaged_figures(g3, m1, None) == (4, 4)
    t.force(then_random=True)
    ev = t.act("G3", {"type": "melee", "unit": "G3", "target": "M1"})
    assert cf_of(ev)[2] == 4
    # a record made before the fix (no option named) replays as it was played: all 20
    t = Table(options={"flank_engagement_7_5_3": False})
    t.clear()
    m1 = t.unit("M1", 100, 60, 90, files=10)
    g3 = t.front_at("G3", 105, 60, 180, **FOUR)
    assert t.g.engaged_figures(g3, m1, None) == (4, 20)


# ----- [MT §7.11] 7: only an UNATTACHED flying Nazgul attacks a leader attached to a unit ----------

@rule("§7.11", "§7.13")
def test_7_11_a_flying_nazgul_attached_to_a_unit_does_not_swoop_on_an_attached_leader():
    def duels(attached: bool) -> set[str]:
        t = board(side="dark-lord", card="leader")
        t.unit("M3", 100, 60, 0)
        t.unit("G3", 100, 80, 180)                             # 20" away: no contact
        t.leader("hurin", attached_to="G3")
        if attached:
            t.leader("nazgul-1", attached_to="M3", mount="fell_beast")
        else:
            t.leader("nazgul-1", 100, 60, mount="fell_beast")
        t.select("nazgul-1")
        return {a["target"] for a in t.menu("duel")}
    assert duels(attached=False) == {"hurin"}                  # item 7, at -2
    assert duels(attached=True) == set()


# ----- [MT §7.11] a leader move's point: finite numbers, not text or true/false --------------------

@rule("§7.11")
def test_7_11_a_leader_move_to_text_a_boolean_or_a_non_finite_point_is_refused_as_such():
    for bad in ("104", True, float("nan"), float("inf")):
        t = board(card="leader")
        t.leader("hurin", 100, 60)
        t.select("hurin")
        err = t.refused({"type": "lead_move", "leader": "hurin", "x": bad, "y": 60}, "[MT §7.11]")
        assert "needs finite x and y" in err.why, bad
    t.apply({"type": "lead_move", "leader": "hurin", "x": 104, "y": 60})     # an int will do
    t.select("hurin")                                          # he has acted this card
    err = t.refused({"type": "lead_move", "leader": "hurin", "x": 100, "y": 60}, "[MT §7.11]")
    assert "once on a Leader card" in err.why


# ----- [MT §7.5.3] the front and rear edges count files at the frontage pitch --------------------

@rule("§7.5.3")
def test_7_5_3_cavalry_files_are_a_frontage_pitch_apart_and_a_rear_edge_counts_files():
    # G8 (heavy cavalry, pitch 1 x 2) in front of M1's 20 files: its 4 files span 3" (1" apart,
    # not 2"), so the band is +-5.5": 12 of M1's files; G8 fights 4 files x 2 ranks
    t = duel("M1", "G8", gap=0, side="dark-lord", a_kw={"files": 20}, d_kw={"files": 4})
    g = t.g
    assert g.pitch(g.units["G8"]) == (1.0, 2.0)
    assert g.engaged_figures(g.units["M1"], g.units["G8"], None) == (12, 8)
    # G3 strikes the rear of M1 (10 files x 2 ranks) facing 200.1 degrees, where the rear edge's
    # heading less M1's is -179.99999999999997, not -180: still the rear, counted by files
    t = Table()
    t.clear()
    h = 200.1
    m1 = t.unit("M1", 100, 60, h, files=10)
    a = math.radians(h)
    g3 = t.front_at("G3", 100 - math.cos(a), 60 - math.sin(a), h, **FOUR)
    assert t.g.arc_of(m1, (g3.x, g3.y)) == "rear"
    assert t.g.engaged_figures(g3, m1, None) == (4, 20)        # all 10 files, 2 ranks deep


@rule("§7.5.3")
def test_7_5_3_two_edges_equally_long_the_band_is_the_attackers():
    # M1 and G3, 10 files each, fronts touching, G3 4.5" to the side: the shorter edge is a
    # tie, and the band is taken on the attacker's edge (the rule names none for a tie):
    # M1's 10 files (20 figures) fight, G3's 9 files (its 12 figures)
    t = duel("M1", "G3", gap=0, side="dark-lord", a_kw={"files": 10}, d_kw={"files": 10})
    g = t.g
    m1, g3 = g.units["M1"], g.units["G3"]
    t.unit("G3", g3.x, g3.y + 4.5, 180, files=10)
    assert g.arc_of(g3, (m1.x, m1.y)) == "front"
    assert g.engaged_figures(m1, g3, None) == (20, 12)


@rule("§7.5.3")
def test_7_5_3_the_band_is_inclusive_to_1e6_inch_at_both_ends_for_both_units():
    # as test_7_5_3_an_attacking_file_exactly_1e6_inch_outside...: these centres put a file
    # exactly 1e-6 inch beyond the band's other end (attacker), or either end (defender)
    t = duel("M1", "G3", gap=0, side="dark-lord", a_kw={"files": 20}, d_kw=FOUR)
    g = t.g
    m1, g3 = g.units["M1"], g.units["G3"]
    m1.y = 59.999999
    assert g.engaged_figures(m1, g3, None) == (12, 4)
    m1.y = math.nextafter(59.999999, 0.0)
    assert g.engaged_figures(m1, g3, None) == (11, 4)
    t = duel("G3", "M1", gap=0, a_kw=FOUR, d_kw={"files": 20})
    g = t.g
    g3, m1 = g.units["G3"], g.units["M1"]
    for y, away in ((60.000001, 100.0), (59.999999, 0.0)):
        g3.y = y
        assert g.engaged_figures(g3, m1, None) == (4, 12), y
        g3.y = math.nextafter(y, away)
        assert g.engaged_figures(g3, m1, None) == (4, 11), y


@rule("§7.5.3", "§7.6")
def test_7_5_3_one_figure_a_side_fights_at_least_when_no_file_falls_in_the_band():
    # a tower assault on G3 standing on the walk 10 degrees round from the ramp: the band on
    # G3's flank reaches none of M5's file centres, yet one figure of M5 fights; G3 in 2 files
    # 8 degrees round: none of its file centres is in M5's band, yet one of its figures fights
    for r, phi, files, figures in ((39.0, 40, 4, (1, 2)), (38.6, 38, 2, (8, 1))):
        t = Table()
        t.clear()
        t.round("dark-lord", card="infantry_move", pips=10)
        docked(t, figures=16)
        gx, gy = polar(r, phi)
        t.unit("G3", gx, gy, phi, figures=4, files=files)
        t.force(then_random=True)
        ev = t.act("M5", {"type": "assault", "unit": "M5"})
        fa, _, fd, _ = cf_of(ev)
        assert (fa, fd) == figures, phi


# ----- [MT §7.6] R-150: the reinforcement's words say how many still wait -------------------------

@rule("§7.6")
def test_7_6_r150_a_reinforcement_says_how_many_still_wait_until_none_do():
    t = ladder(20)                                             # no defender: 8 land, 12 wait
    t.act("M3", {"type": "ladder", "unit": "M3"})
    m3 = t.g.units["M3"]
    assert (m3.figures, m3.waiting) == (8, 12)
    t.round("dark-lord", card="infantry_move", pips=5)
    ev = t.act("M3", {"type": "reinforce", "unit": "M3", "pips": 1})
    assert "8 figures of" in texts(ev) and "; 4 still wait (R-150)" in texts(ev)
    t.round("dark-lord", card="infantry_move", pips=5)
    ev = t.act("M3", {"type": "reinforce", "unit": "M3", "pips": 1})
    assert "4 figures of" in texts(ev) and "still wait" not in texts(ev)
    assert (m3.figures, m3.waiting) == (20, 0)


@rule("§7.6")
def test_7_6_r109_the_battering_words_name_the_trolls_bonus_only_for_trolls():
    t = siege("infantry_move")
    at_g2(t, "M12", figures=4, files=2)
    t.force((6, 1), (6, 1), (6, 1), (6, 4), (6, 5))          # the 3d6 rate first (select)
    t.select("M12")
    ev = t.apply({"type": "batter", "unit": "M12", "gate": "G2"})
    assert "4+5 +2 trolls = 11, needing 11: broken!" in texts(events(ev, "batter"))
    t = siege("infantry_move")
    at_g2(t, "M3", figures=4, files=2)
    t.force((6, 5), (6, 5))
    ev = t.act("M3", {"type": "batter", "unit": "M3", "gate": "G2"})
    assert "5+5 = 10, needing 11: it holds" in texts(events(ev, "batter"))
    assert "trolls" not in texts(ev)
