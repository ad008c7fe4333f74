"""The sequence of play and its deciders [WR §9], Shadow Points [WR §10.1], the turn limit
[WR §13.1], and bad input refused with a rule and no change [WR §9] [WR §6.1] [WR §5.6]."""

from __future__ import annotations

import pytest

from .builder import Position, kinds, refused

rule = pytest.mark.rule

#: event cards none of which is played in the Events phase (so the sequence runs past 2e)
QUIET = ("grond", "black-breath", "huorns", "lembas", "grond", "black-breath", "huorns", "lembas")


def play_through(g, stop_turn: int, answer=None) -> list[tuple[int, str, str, str]]:
    """Answer every decision (done / pass / the card / the first option) until ``stop_turn``
    begins; returns (turn, step, kind, seat) of every decision met."""
    seen = []
    while g.result is None and g.turn < stop_turn:
        ask = g.ask
        seen.append((g.turn, g.step, ask["kind"], ask["seat"]))
        acts = g.legal_actions()
        pick = answer(g, acts) if answer else None
        if pick is None:
            pick = next((a for a in acts if a["type"] in ("done", "pass")), None) or \
                next((a for a in acts if a.get("choice") == "card"), acts[0])
        g.apply(pick)
    return seen


@rule("war-of-the-ring", "§9", "§13.3")
def test_9_the_steps_of_a_turn_for_two_and_three_players() -> None:
    g2 = Position(players=2).g
    g3 = Position(players=3).g
    assert [s for s in g3.steps() if s.startswith("6")] == ["6a", "6b", "6c", "6d"]
    assert not [s for s in g2.steps() if s.startswith("6")]
    assert g2.steps()[0] == "1a" and g2.steps()[-1] == "8d"
    assert g2.sides == ("fellowship", "dark") and g3.sides == ("fellowship", "saruman", "sauron")


@rule("war-of-the-ring", "§9", "§10.1", "§10.7.1")
def test_9_a_turn_runs_in_order_and_each_decision_is_its_deciders() -> None:
    p = Position(players=2).clear()
    p.turn(2).event_deck(*QUIET).search_deck(1, 2, 3).sp(0)
    p.unit("GON-01", "2824").unit("MOR-01", "2613").mobilize("GON", "MOR", turn=1)
    p.dice(1, 1, 2, 2)                                         # 2d6 + 4 Shadow Points, twice
    g = p.at("1a")
    seen = play_through(g, 3)
    steps = [(s, k, seat) for _t, s, k, seat in seen]
    assert steps == [("4b", "declare", "dark"), ("5c", "move", "fellowship"),
                     ("7a", "dark_start", "dark"), ("7b", "move", "dark")], steps
    assert g.turn == 3 and g.step == "4b"                      # turn 3 has run on to its search
    assert g.sp == 6 + 8                                       # 2d6 + 4 a turn, nothing spent
    p.dice_done()


@rule("war-of-the-ring", "§9", "§10.7.1", "§11.6")
def test_9_the_searcher_on_the_card_decides_the_search_sauron_or_saruman() -> None:
    for players, card, seat in ((2, 29, "dark"), (2, 1, "dark"), (3, 29, "saruman"), (3, 1, "sauron")):
        p = Position(players=players).clear().search_deck(card, 2)
        g = p.at("4a")
        assert g.ask["kind"] == "declare" and g.ask["seat"] == seat, (players, card, g.ask)
        assert g.to_act == seat


@rule("war-of-the-ring", "§9", "§13.3")
def test_9_three_player_seat_order_fellowship_saruman_sauron() -> None:
    p = Position(players=3).clear().turn(2).event_deck(*QUIET).search_deck(1, 2, 3)
    p.unit("ISE-01", "1820").unit("MOR-01", "3024").unit("GON-01", "2824")
    p.mobilize("ISE", "MOR", "GON", turn=1).sp(5)
    p.dice(1, 1)
    g = p.at("3")
    seen = play_through(g, 3)
    seats = [seat for _t, s, k, seat in seen if k in ("move", "saruman_start", "dark_start")]
    steps = [s for _t, s, k, seat in seen if k == "move"]
    assert steps == ["5c", "6b", "7b"] and seats[0] == "fellowship"
    assert [seat for _t, s, k, seat in seen if k == "move"] == ["fellowship", "saruman", "sauron"]


@rule("war-of-the-ring", "§10.1")
def test_10_1_shadow_point_income_d6_before_m_and_2d6_plus_4_after_capped_at_20() -> None:
    p = Position().clear().search_deck(1, 2).sp(3)
    p.dice(4)
    g = p.at("3")
    assert g.sp == 7
    p = Position().clear().search_deck(1, 2).sp(3).mobilize("MOR")
    p.dice(2, 5)
    g = p.at("3")
    assert g.sp == 3 + 2 + 5 + 4
    p = Position().clear().search_deck(1, 2).sp(15).mobilize("MOR")
    p.dice(6, 6)
    g = p.at("3")
    assert g.sp == 20
    p.dice_done()


@rule("war-of-the-ring", "§10.1", "§V12")
def test_10_1_take_control_costs_two_and_a_stack_move_one() -> None:
    p = Position().clear().sp(3)
    p.unit("MOR-01", "3024").unit("MOR-05", "3024").unit("ISE-01", "1820").char("saruman", "1820")
    p.mobilize("MOR", "ISE")
    g = p.at("7a")
    assert g.ask["kind"] == "dark_start"
    g.apply({"type": "take_control"})
    assert g.sp == 1 and g.flags["control"]
    assert g.step == "7b"
    assert {"type": "select", "piece": "saruman"} in g.legal_actions()
    g.apply({"type": "select", "stack": "3024"})
    g.apply(next(a for a in g.legal_actions() if a.get("to") == "3025"))
    assert g.sp == 0 and g.units["MOR-01"]["hex"] == g.units["MOR-05"]["hex"] == "3025"
    # Saruman's units now cost points too: none are left
    assert {"type": "select", "piece": "ISE-01"} not in g.legal_actions()


@rule("war-of-the-ring", "§10.1", "§10.3")
def test_10_1_each_attacking_sauron_unit_costs_one_point_the_pool_limits_attackers() -> None:
    p = Position().clear().sp(1)
    p.unit("MOR-01", "2923").unit("MOR-05", "2923").unit("GON-04", "2923")
    p.mobilize("MOR", "GON")
    p.dice(3, 1, 1)                                            # the battle; next turn's 2d6 + 4
    g = p.at("7c")
    ev = g.apply({"type": "attack", "hex": "2923"})
    battle = next(e for e in ev if e["type"] == "battle")
    assert battle["text"].startswith("Battle in 2923: 25 against 10")   # one point: one unit
    assert "1 Shadow Points" in battle["text"]
    assert g.turn == 2 and g.sp == 0 + 6                       # the pool was spent


@rule("war-of-the-ring", "§13.1", "§9")
def test_13_1_the_turn_limit_ends_the_game_drawn() -> None:
    p = Position(turn_limit=3).clear().turn(3)
    g = p.at("8a")
    assert g.result is not None and g.result["level"] == "draw" and g.result["winner"] is None
    assert g.legal_actions() == []
    p = Position(turn_limit=3).clear().turn(2).event_deck(*QUIET).search_deck(1, 2)
    p.dice(3)
    g = p.at("8a")
    assert g.result is None and g.turn == 3


# ----- bad input [WR §9] ----------------------------------------------------------------------
@rule("war-of-the-ring", "§5.6", "§V2", "§10.7.1")
def test_5_6_searching_an_area_or_place_that_does_not_exist_is_refused() -> None:
    g = Position().clear().search_deck(1, 2).at("4a")
    assert g.ask["kind"] == "declare"
    refused(g, {"type": "declare", "choice": "area", "area": "Z"}, "§5.6")
    refused(g, {"type": "declare", "choice": "area", "area": "2008"}, "§5.6")
    refused(g, {"type": "declare", "choice": "area", "area": "Rivendell"}, "§5.6")
    refused(g, {"type": "declare", "choice": "hex", "hex": "2008"})
    g.apply({"type": "declare", "choice": "area", "area": "E"})
    assert g.search is None or g.search["areas"] == ["E"]


@rule("war-of-the-ring", "§6.1", "§V1", "§10.2")
def test_6_1_moving_a_piece_the_side_does_not_own_or_cannot_see_is_refused() -> None:
    p = Position().clear().mobilize("MOR").sp(5)
    p.char("frodo", "2109", hidden=True, seen="2008").char("aragorn", "2009").char("n3", "3024")
    p.unit("MOR-01", "3024").unit("GON-01", "2824").mobilize("GON")
    g = p.at("7b")
    refused(g, {"type": "select", "piece": "frodo"}, "§6.1")             # hidden, not his
    refused(g, {"type": "move", "piece": "frodo", "to": "2110"}, "§6.1")
    refused(g, {"type": "select", "piece": "aragorn"}, "§6.1")
    refused(g, {"type": "select", "piece": "GON-01"}, "§6.1")
    refused(g, {"type": "select", "piece": "the-witch-king"}, "§7")
    g = p.at("5c")
    refused(g, {"type": "select", "piece": "n3"}, "§6.1")
    refused(g, {"type": "select", "piece": "MOR-01"}, "§6.1")


@rule("war-of-the-ring", "§9", "§V2")
def test_9_a_dark_action_while_the_fellowship_decides_is_refused() -> None:
    p = Position().clear().mobilize("MOR").sp(5)
    p.unit("MOR-01", "3024").char("aragorn", "2009")
    g = p.at("5c")
    assert g.to_act == "fellowship"
    refused(g, {"type": "declare", "choice": "card"}, "§V2")
    refused(g, {"type": "take_control"})
    refused(g, {"type": "attack", "hex": "3024"}, "§10.3")
    refused(g, {"type": "play", "card": "grond"}, "§11.7")
    refused(g, {"type": "ring_off"})
    assert kinds(g) >= {"done", "select"}


@rule("war-of-the-ring", "§10.2", "§V20")
def test_10_2_moving_out_of_reach_or_without_selecting_is_refused() -> None:
    p = Position().clear().mobilize("MOR").sp(5)
    p.unit("MOR-07", "3122")
    g = p.at("7b")
    refused(g, {"type": "move", "piece": "MOR-07", "to": "3121"}, "§10.2")   # select first
    g.apply({"type": "select", "piece": "MOR-07"})
    refused(g, {"type": "move", "piece": "MOR-07", "to": "2008"}, "§10.2")
    refused(g, {"type": "move", "piece": "MOR-07", "to": "3223"}, "§10.2")
