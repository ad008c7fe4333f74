"""The sequence decks and the turn machine [MT §5] [MT §6]."""

from __future__ import annotations

from collections import Counter

from .builder import Table, events, rule, texts


def table(**kw) -> Table:
    t = Table()
    t.clear()
    t.g.losses_in_row = {"west": 0, "dark-lord": 0}
    kw.setdefault("phase_pool", 20)
    t.round(**kw)
    return t


def roll_next(t: Table, *dice, then_random: bool = False) -> list[dict]:
    """End the active side's Round by passing; the next impetus roll takes ``dice``."""
    t.force(*dice, then_random=then_random)
    return t.apply({"type": "pass"})


# ----- §6.3 impetus roll ------------------------------------------------------------------

@rule("§6.3", "§6.7")
def test_6_3_natural_tie_ends_the_turn():
    t = table(side="west", card="infantry_move", pips=3, turn=2)
    ev = roll_next(t, (20, 7), (20, 7), then_random=True)
    imp = events(ev, "impetus")
    assert "natural 7" in imp[0]["text"]
    assert ev.index(imp[0]) + 1 == ev.index(events(ev, "turn_end")[0])
    assert t.g.turn_no == 3                     # a new Turn began


@rule("§6.3")
def test_6_3_unequal_naturals_do_not_end_the_turn_and_pips_are_the_difference():
    t = table(side="west", card="infantry_move", pips=3, turn=2, phase_pool=20)
    t.g.darkness_broken = True
    ev = roll_next(t, (20, 8), (20, 7))
    assert not events(ev, "turn_end")
    assert t.g.turn_no == 2 and t.g.active == "west" and t.g.pips == 1
    assert t.g.phase_pool == 19


@rule("§6.3", "§6.4")
def test_6_3_modified_tie_is_rolled_again_and_counts_for_neither_side():
    t = table(side="west", card="infantry_move", pips=3, turn=2, phase_pool=20)
    assert not t.g.darkness_broken
    # the West 8, the Dark Lord 7 + 1 (the Darkness) = 8: rolled again; then 10 against 5 + 1
    ev = roll_next(t, (20, 8), (20, 7), (20, 10), (20, 5))
    imp = events(ev, "impetus")
    assert len(imp) == 2 and "rolled again" in imp[0]["text"]
    assert t.g.active == "west" and t.g.pips == 4
    assert t.g.losses_in_row == {"west": 0, "dark-lord": 1}


@rule("§6.3", "§6.1")
def test_6_3_a_win_is_capped_by_the_phase_pool_which_then_refills():
    t = table(side="west", card="infantry_move", pips=1, turn=2, phase_pool=3)
    t.g.darkness_broken = True
    roll_next(t, (20, 15), (20, 2))
    assert t.g.pips == 3                        # 13 won, capped at the 3 left
    assert t.g.phase_pool == 20                 # used up: a new Phase of 20


@rule("§6.3", "§6.1")
def test_6_3_a_win_exactly_the_pool_empties_it_and_refills():
    t = table(side="west", card="infantry_move", pips=1, turn=2, phase_pool=5)
    t.g.darkness_broken = True
    roll_next(t, (20, 9), (20, 4))
    assert t.g.pips == 5 and t.g.phase_pool == 20
    t2 = table(side="west", card="infantry_move", pips=1, turn=2, phase_pool=6)
    t2.g.darkness_broken = True
    roll_next(t2, (20, 9), (20, 4))
    assert t2.g.pips == 5 and t2.g.phase_pool == 1


# ----- §6.4 modifiers -------------------------------------------------------------------------

@rule("§6.4")
def test_6_4_darkness_gives_the_dark_lord_plus_1_until_it_breaks():
    t = table(side="west", card="infantry_move", pips=1)
    roll_next(t, (20, 9), (20, 10))
    assert t.g.active == "dark-lord" and t.g.pips == 2          # 10 + 1 against 9
    t = table(side="west", card="infantry_move", pips=1)
    t.g.darkness_broken = True
    roll_next(t, (20, 9), (20, 10))
    assert t.g.active == "dark-lord" and t.g.pips == 1


@rule("§6.4")
def test_6_4_lord_of_the_nazgul_dead_minus_1_stacks_with_the_darkness():
    t = table(side="west", card="infantry_move", pips=1)
    t.g.wk_dead = True
    roll_next(t, (20, 9), (20, 8))            # 9 against 8 + 1 - 1
    assert t.g.active == "west" and t.g.pips == 1
    t = table(side="west", card="infantry_move", pips=1)
    t.g.wk_dead, t.g.darkness_broken = True, True
    ev = roll_next(t, (20, 9), (20, 10), (20, 12), (20, 3))   # 9 against 10 - 1: rolled again
    assert "rolled again" in events(ev, "impetus")[0]["text"]
    assert t.g.active == "west" and t.g.pips == 12 - 3 + 1


@rule("§6.4")
def test_6_4_losing_streak_of_two_gives_plus_2_until_a_win():
    t = table(side="west", card="infantry_move", pips=1)
    t.g.darkness_broken = True
    t.g.losses_in_row = {"west": 2, "dark-lord": 0}
    roll_next(t, (20, 9), (20, 10))           # 9 + 2 against 10
    assert t.g.active == "west" and t.g.pips == 1
    assert t.g.losses_in_row == {"west": 0, "dark-lord": 1}
    # one loss only: no bonus
    t = table(side="west", card="infantry_move", pips=1)
    t.g.darkness_broken = True
    t.g.losses_in_row = {"west": 1, "dark-lord": 0}
    roll_next(t, (20, 9), (20, 10))
    assert t.g.active == "dark-lord"
    assert t.g.losses_in_row == {"west": 2, "dark-lord": 0}


@rule("§6.4", "§5.4")
def test_6_4_arrival_bonus_plus_4_and_forced_pips_capped_at_4():
    t = table(side="dark-lord", card="infantry_move", pips=1)
    t.g.darkness_broken = True
    t.g.arrival_bonus = "rohan"
    t.g.arriving = "rohan"
    t.unit("R2", 100, 100, 270)
    roll_next(t, (20, 12), (20, 3))           # 12 + 4 against 3
    assert t.g.active == "west" and t.g.pips == 13 and t.g.forced_pips == 4
    assert t.g.arrival_bonus is None


@rule("§6.4", "§5.4")
def test_6_4_arrival_bonus_forced_pips_are_all_the_win_when_smaller():
    t = table(side="dark-lord", card="infantry_move", pips=1)
    t.g.darkness_broken = True
    t.g.arrival_bonus = "aragorn"
    t.g.arriving = "provincials"
    t.unit("A2", 140, 40, 180)
    roll_next(t, (20, 5), (20, 7))            # 5 + 4 against 7
    assert t.g.pips == 2 and t.g.forced_pips == 2


@rule("§6.4")
def test_6_4_arrival_bonus_cleared_by_a_dark_lord_win_without_forced_pips():
    t = table(side="dark-lord", card="infantry_move", pips=1)
    t.g.darkness_broken = True
    t.g.arrival_bonus = "rohan"
    roll_next(t, (20, 2), (20, 15))
    assert t.g.active == "dark-lord" and t.g.pips == 9 and t.g.forced_pips == 0
    assert t.g.arrival_bonus is None


@rule("§6.4")
def test_6_4_arrival_bonus_survives_a_modified_tie_reroll():
    t = table(side="dark-lord", card="infantry_move", pips=1)
    t.g.darkness_broken = True
    t.g.arrival_bonus = "rohan"
    t.g.arriving = "rohan"
    t.unit("R2", 100, 100, 270)
    roll_next(t, (20, 5), (20, 9), (20, 6), (20, 3))   # 9 = 9 rolled again; then 10 against 3
    assert t.g.active == "west" and t.g.pips == 7 and t.g.forced_pips == 4


# ----- §5.4 forced pips ---------------------------------------------------------------------------

@rule("§5.4")
def test_5_4_forced_pips_only_arrivals_or_cards_no_bank_no_pass():
    t = table(side="west", card="infantry_move", pips=6)
    t.unit("R2", 100, 100, 270)
    t.unit("G3", 20, 48, 0)
    t.g.forced_pips, t.g.arriving = 4, "rohan"
    t.g._after_change()
    kinds = {(a["type"], a.get("actor")) for a in t.menu()}
    assert ("select", "R2") in kinds and ("turn_card", None) in kinds
    assert ("select", "G3") not in kinds and ("bank", None) not in kinds and ("pass", None) not in kinds
    t.refused({"type": "pass"}, "[MT §5.4]")
    t.refused({"type": "select", "actor": "G3"})
    t.act("R2", {"type": "move", "unit": "R2", "path": "m0:4"})
    assert t.g.forced_pips == 3 and t.g.pips == 5


@rule("§5.4")
def test_5_4_forced_pips_lost_when_no_arrival_can_use_them():
    t = table(side="west", card="infantry_move", pips=6, deck=[])
    t.unit("R2", 100, 100, 270)
    t.g.forced_pips, t.g.arriving = 4, "rohan"
    t.act("R2", {"type": "move", "unit": "R2", "path": "m0:4"})
    # R2 has acted and the deck is empty: the 3 forced pips are lost, 2 remain
    assert t.g.forced_pips == 0 and t.g.pips == 2


# ----- §6.5 spending impetus -------------------------------------------------------------------------

@rule("§6.5")
def test_6_5_bank_costs_2_and_holds_at_most_4():
    t = table(side="west", card="infantry_move", pips=2, bank=3)
    assert {"type": "bank"} in t.menu()
    t.force((20, 9), (20, 3))
    t.apply({"type": "bank"})
    assert t.g.bank["west"] == 4
    t = table(side="west", card="infantry_move", pips=10, bank=4)
    assert {"type": "bank"} not in t.menu()
    t.refused({"type": "bank"}, "[MT §6.5]")
    t = table(side="west", card="infantry_move", pips=1, bank=0)
    t.refused({"type": "bank"}, "[MT §6.5]")


@rule("§6.3", "§6.5")
def test_6_5_pass_forfeits_the_rest_of_the_pips():
    t = table(side="west", card="infantry_move", pips=9)
    t.g.darkness_broken = True
    ev = roll_next(t, (20, 3), (20, 4))
    assert "forfeiting 9" in texts(ev)
    assert t.g.active == "dark-lord" and t.g.pips == 1


@rule("§5", "§6.5")
def test_5_turning_a_card_costs_1_and_discards_the_previous_one():
    t = table(side="west", card="reload", pips=5, deck=["infantry_move", "leader"])
    t.apply({"type": "turn_card"})
    g = t.g
    assert g.pips == 4 and g.current["west"] == "infantry_move"
    assert g.discards["west"][-1] == "reload" and g.decks["west"] == ["leader"]


@rule("§6.5")
def test_6_5_a_unit_acts_only_once_on_a_card():
    t = table(side="west", card="infantry_move", pips=6, deck=["infantry_move"])
    t.unit("G3", 100, 60, 0)
    t.act("G3", {"type": "move", "unit": "G3", "path": "m0:2"})
    assert {"type": "select", "actor": "G3"} not in t.menu()
    t.refused({"type": "select", "actor": "G3"}, "[MT §6.5]")
    t.apply({"type": "turn_card"})
    assert {"type": "select", "actor": "G3"} in t.menu()


@rule("§6.3", "§6.5")
def test_6_5_turning_is_illegal_when_the_deck_is_empty():
    t = table(side="west", card="infantry_move", pips=6, deck=[])
    assert {"type": "turn_card"} not in t.menu()
    t.refused({"type": "turn_card"}, "[MT §6.5]")


@rule("§6.3", "§6.7")
def test_6_3_turning_the_last_card_ends_the_turn_at_the_end_of_that_round():
    t = table(side="west", card="reload", pips=3, deck=["infantry_move"], turn=2)
    t.unit("G3", 100, 60, 0)
    t.apply({"type": "turn_card"})
    assert t.g.deck_emptied_by == "west" and t.g.turn_no == 2
    t.act("G3", {"type": "move", "unit": "G3", "path": "m0:2"})   # may still act on it
    assert t.g.turn_no == 2
    t.force(then_random=True)
    ev = t.apply({"type": "pass"})
    assert events(ev, "deck_out") and t.g.turn_no == 3


# ----- §5.1 the cards ---------------------------------------------------------------------------------

@rule("§5.1")
def test_5_1_fighting_fires_with_no_friendly_fire_is_replaced_free():
    t = table(side="west", card="reload", pips=5, deck=["fighting_fires", "infantry_move", "leader"])
    t.apply({"type": "turn_card"})
    g = t.g
    assert g.current["west"] == "infantry_move" and g.pips == 4
    assert g.discards["west"][-2:] == ["reload", "fighting_fires"]


@rule("§5.1", "§7.8")
def test_5_1_fighting_fires_stays_when_a_fire_burns_in_the_city():
    t = table(side="west", card="reload", pips=5, deck=["fighting_fires", "infantry_move"])
    t.g.fires = [(20.0, 60.0)]                # r < 42: a friendly area of the West
    t.apply({"type": "turn_card"})
    assert t.g.current["west"] == "fighting_fires"


@rule("§5.1", "§7.8")
def test_5_1_fighting_fires_the_city_is_not_the_dark_lords_area_until_he_holds_it():
    t = table(side="dark-lord", card="reload", pips=5, deck=["fighting_fires", "infantry_move"])
    t.g.fires = [(20.0, 60.0)]                # in L4-N, which the West controls
    t.apply({"type": "turn_card"})
    assert t.g.current["dark-lord"] == "infantry_move"
    t = table(side="dark-lord", card="reload", pips=5, deck=["fighting_fires", "infantry_move"])
    t.g.fires = [(20.0, 60.0)]
    t.g.sector_control[t.g.B.sector_at(20.0, 60.0)] = "dark-lord"
    t.apply({"type": "turn_card"})
    assert t.g.current["dark-lord"] == "fighting_fires"


@rule("§5.1", "§7.8")
def test_5_1_fighting_fires_a_fire_on_a_dark_lord_engine_is_friendly():
    t = table(side="dark-lord", card="reload", pips=5, deck=["fighting_fires", "infantry_move"])
    t.engine("E-D1", 100, 60, 180)
    t.g.fires = [(101.0, 61.0)]
    t.apply({"type": "turn_card"})
    assert t.g.current["dark-lord"] == "fighting_fires"


@rule("§5.1", "§6.3")
def test_5_1_fighting_fires_replaced_when_no_card_is_left_empties_the_deck():
    t = table(side="west", card="reload", pips=5, deck=["fighting_fires"])
    t.apply({"type": "turn_card"})
    g = t.g
    assert g.current["west"] is None and g.decks["west"] == [] and g.deck_emptied_by == "west"


@rule("§5.1")
def test_5_1_cavalry_move_moves_cavalry_only_infantry_move_moves_both():
    t = table(side="west", card="cavalry_move", pips=5)
    t.unit("G3", 100, 60, 0)
    t.unit("G8", 100, 80, 0)
    sel = {a.get("actor") for a in t.menu("select")}
    assert "G8" in sel and "G3" not in sel
    t = table(side="west", card="infantry_move", pips=5)
    t.unit("G3", 100, 60, 0)
    t.unit("G8", 100, 80, 0)
    sel = {a.get("actor") for a in t.menu("select")}
    assert {"G3", "G8"} <= sel


@rule("§5.1")
def test_5_1_waste_card_does_nothing():
    t = table(side="west", card="waste", pips=5)
    t.unit("G3", 100, 60, 0)
    assert t.menu("select") == []


@rule("§5.1", "§7.1.1")
def test_5_1_engine_of_war_move_moves_engines_and_not_units():
    t = table(side="dark-lord", card="engine_move", pips=5)
    t.engine("E-D1", 100, 60, 180)
    t.unit("M3", 120, 60, 180)
    sel = {a.get("actor") for a in t.menu("select")}
    assert sel == {"E-D1"}


# ----- §5.2 / §5.3 deck contents ----------------------------------------------------------------------------

W_T1 = {"infantry_move": 6, "cavalry_move": 2, "engine_move": 1, "deployment": 2, "reload": 4,
        "leader": 3, "leader_check": 1, "close_combat": 3, "recovery": 2, "fighting_fires": 3, "waste": 1}
D_T1 = {"infantry_move": 7, "cavalry_move": 2, "engine_move": 4, "deployment": 2, "reload": 3,
        "leader": 3, "leader_check": 1, "close_combat": 3, "recovery": 1, "fighting_fires": 1, "waste": 3}


@rule("§5.2")
def test_5_2_deck_contents_at_turn_1():
    g = Table().g
    assert Counter(g.deck_contents("west")) == Counter(W_T1)
    assert Counter(g.deck_contents("dark-lord")) == Counter(D_T1)
    assert len(g.decks["west"]) + len(g.discards["west"]) + (g.current["west"] is not None) == 28


@rule("§5.2", "§5.3")
def test_5_2_deck_contents_after_rohan_and_aragorn():
    g = Table().g
    g.rohan_arrived = True
    c = Counter(g.deck_contents("west"))
    assert c == Counter({**W_T1, "cavalry_move": 4, "leader": 4, "waste": 0}) and sum(c.values()) == 30
    g.aragorn_arrived = True
    c = Counter(g.deck_contents("west"))
    assert c == Counter({**W_T1, "cavalry_move": 4, "leader": 5, "waste": 0, "infantry_move": 7})
    assert sum(c.values()) == 32


@rule("§5.2", "§5.3")
def test_5_2_dark_lord_deck_after_the_gate_and_the_lord_cumulative():
    g = Table().g
    g.great_gate_broken = True
    assert Counter(g.deck_contents("dark-lord")) == Counter({**D_T1, "engine_move": 3, "close_combat": 4})
    g.wk_dead = True
    c = Counter(g.deck_contents("dark-lord"))
    assert c == Counter({**D_T1, "engine_move": 3, "close_combat": 4, "leader": 2, "waste": 4})
    g.great_gate_broken = False
    assert Counter(g.deck_contents("dark-lord")) == Counter({**D_T1, "leader": 2, "waste": 4})


@rule("§5.2", "§5.3")
def test_5_2_horns_one_per_deck_and_black_ships_in_the_west_only():
    g = Table().g
    g.horns_in_decks = True
    assert Counter(g.deck_contents("west"))["horns"] == 1
    assert Counter(g.deck_contents("dark-lord"))["horns"] == 1
    g.black_ships_in_deck = True
    assert Counter(g.deck_contents("west"))["black_ships"] == 1
    assert Counter(g.deck_contents("dark-lord"))["black_ships"] == 0


def start(t: Table, turn_no: int) -> list[dict]:
    t.g.turn_no = turn_no
    t.force(then_random=True)
    return t.g.start_turn()


@rule("§5.3")
def test_5_3_horns_enter_at_turn_4_not_before():
    t = Table()
    start(t, 2)
    assert not t.g.horns_in_decks and "horns" not in t.g.decks["west"]
    start(t, 3)
    assert t.g.turn_no == 4 and t.g.horns_in_decks
    assert t.g.decks["west"].count("horns") == 1 and t.g.decks["dark-lord"].count("horns") == 1


@rule("§5.3")
def test_5_3_horns_enter_at_the_first_turn_start_after_the_gate_breaks():
    t = Table()
    t.g.great_gate_broken = True
    start(t, 1)
    assert t.g.turn_no == 2 and t.g.horns_in_decks


@rule("§5.3")
def test_5_3_black_ships_the_turn_after_rohan_or_turn_8():
    t = Table()
    t.g.rohan_arrived, t.g.rohan_turn = True, 3
    start(t, 2)           # Turn 3 is the Turn Rohan's arrival began: not yet
    assert not t.g.black_ships_in_deck
    start(t, 3)           # Turn 4
    assert t.g.black_ships_in_deck and t.g.decks["west"].count("black_ships") == 1
    t = Table()
    start(t, 6)
    assert not t.g.black_ships_in_deck
    start(t, 7)
    assert t.g.black_ships_in_deck


@rule("§5.3", "§5.4", "§6.7")
def test_5_4_horns_turned_rohan_arrives_darkness_breaks_turn_ends():
    t = table(side="west", card="reload", pips=5, deck=["horns", "leader"], turn=4)
    t.g.horns_in_decks = True
    t.g.decks["dark-lord"].append("horns")
    t.force(then_random=True)
    ev = t.apply({"type": "turn_card"})
    g = t.g
    assert g.rohan_arrived and g.darkness_broken and g.turn_no == 5
    assert "horns" not in g.decks["dark-lord"] and not g.horns_in_decks
    imp = events(ev, "impetus")[0]
    assert "natural" in imp["text"] or "+4 the Horns of Rohan" in imp["text"]
    # Rohan is on the table, within 8" of the North edge (or West edge, y >= 90), 2" from enemies
    for uid in ("R1", "R2", "R3", "R4", "R5"):
        u = g.units[uid]
        assert u.on_table
        fp = g.footprint(u)
        assert g.B.in_zone("rohan", fp)
        for o in g.units.values():
            if o.side == "dark-lord" and o.placed:
                assert fp.distance(g.footprint(o)) >= 2.0 - 1e-6
    assert Counter(g.decks["west"] + g.discards["west"] + [c for c in [g.current["west"]] if c])["cavalry_move"] == 4


@rule("§5.4")
def test_5_4_black_ships_aragorn_arrives_on_the_east_edge():
    t = table(side="west", card="reload", pips=5, deck=["black_ships", "leader"], turn=6)
    t.g.black_ships_in_deck = True
    t.force(then_random=True)
    t.apply({"type": "turn_card"})
    g = t.g
    assert g.aragorn_arrived and g.turn_no == 7
    for uid in ("A1", "A2", "A3", "A4"):
        u = g.units[uid]
        assert u.on_table and g.B.in_zone("aragorn", g.footprint(u))
        assert max(x for x, _ in g.footprint(u).exterior.coords) >= 144 - 8 - 1e-6
    assert g.leaders["aragorn"].on_table


# ----- §6.3 TURN_START and §6.7 TURN_END -------------------------------------------------------------------

@rule("§6.3", "§6.7")
def test_6_7_turn_end_clears_cards_and_actions_but_keeps_loads_disorder_and_fires():
    t = table(side="west", card="infantry_move", pips=3, bank=3, phase_pool=7)
    t.unit("G3", 100, 60, 0, organized=False, loaded=False)
    t.unit("G4", 100, 70, 0, loaded=False)
    t.g.units["G4"].acted_on = t.g.card_no["west"]
    t.g.fires = [(20.0, 60.0)]
    t.leader("hurin", attached_to="G3").out_of_action = True
    start(t, 2)
    g = t.g
    assert g.current == {"west": None, "dark-lord": None}
    assert g.bank == {"west": 0, "dark-lord": 0}
    assert g.units["G4"].acted_on == -1 and not g.leaders["hurin"].out_of_action
    assert not g.units["G3"].organized and not g.units["G3"].loaded
    assert g.fires == [(20.0, 60.0)]
    assert g.phase_pool <= 20 and len(g.discards["west"]) == 0


@rule("§6.3")
def test_6_3_turn_start_resets_the_phase_pool_to_20():
    t = table(side="west", card="infantry_move", pips=1, phase_pool=3, turn=2)
    t.g.darkness_broken = True
    t.g.turn_no = 2
    # the shuffles draw first (27 + 29 draws for decks of 28 and 30), then the impetus dice
    d = t.force(*([1] * 56), (20, 12), (20, 3))
    t.g.start_turn()
    d.done()
    assert t.g.pips == 9 and t.g.phase_pool == 11
