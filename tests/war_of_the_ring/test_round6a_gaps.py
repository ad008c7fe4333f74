"""The halves of War of the Ring's rules that mutation testing showed untested in round 6 of
issue 17 (helper A): the seed-3 whole-system estimate's survivors, then whole cases ([WR §7.3],
[WR §7], [WR §10.7.3], [WR §12] ...).  Positions are built by hand (``builder.Position``, the
smallest that shows the rule); dice are scripted, so an unexpected roll fails."""

from __future__ import annotations

import pytest

from ringwar.systems.war_of_the_ring import duel
from ringwar.systems.war_of_the_ring.data import load

from .builder import Position, move, refused, selection

rule = pytest.mark.rule

FP, DARK = "fellowship", "dark"
D = load()


def reach(g, pieces, seat) -> dict[str, tuple[float, list[str]]]:
    return {h: (v[0], v[1]) for h, v in g.destinations(pieces, seat).items()}


# ----- the seed-3 estimate's survivors --------------------------------------------------------------
@rule("war-of-the-ring", "§7.3", "§5.4")
def test_7_3_corsairs_on_land_march_as_an_army_their_sea_move_starts_at_sea() -> None:
    # Landed at 2529: 2428 lies across the Gilrain (a river hexside, +1 MP); the march goes by
    # the road through 2528 (1.5 MP), not straight over the river at a sea hex's price (1 MP):
    # the Corsairs land only from a sea hex, never from the hex they start in
    p = Position().clear().mobilize("MOR", "COR").sp(20).unit("COR-01", "2529", active=True)
    g = p.at("7b")
    r = reach(g, ["COR-01"], DARK)
    assert r["2428"] == (1.5, ["2529", "2528", "2428"]), r["2428"]
    ev = move(g, "2428", piece="COR-01")
    path = next(e["path"] for e in ev if e.get("path"))
    assert path == ["2529", "2528", "2428"], path
    assert g.units["COR-01"]["hex"] == "2428"
    # from the west bank 2829 the east bank 2930 (across the Anduin, away from the crossings
    # [WR §5.4]) is reached by the sea (2830) and a bank, not straight across the river
    p.unit("COR-01", "2829", active=True)
    g = p.at("7b")
    r = reach(g, ["COR-01"], DARK)
    assert r["2930"][1] == ["2829", "2830", "2930"], r["2930"]
    # one sea hex is enough: 2931 (the far shore, across the Anduin's mouth) is a landing at 2 MP
    assert r["2931"] == (2.0, ["2829", "2830", "2931"]), r.get("2931")


@rule("war-of-the-ring", "§7.3", "§V26")
def test_7_3_the_corsairs_sea_move_is_bounded_by_their_five_mp() -> None:
    # from Umbar: 2929 (three sea hexes, then two up the west bank) costs exactly 5 MP;
    # Dol Amroth 2329, 2228 and 2928 cost 6 by sea (and more by land): out of reach
    p = Position().clear().mobilize("MOR", "COR").sp(20).unit("COR-01", "2632", active=True)
    g = p.at("7b")
    r = reach(g, ["COR-01"], DARK)
    assert r["2929"] == (5.0, ["2632", "2631", "2630", "2730", "2829", "2929"]), r.get("2929")
    assert not {"2329", "2228", "2928"} & set(r), sorted(r)
    # rowing, they stop only on a bank: 2828, beside the bank 2829 but not beside the river,
    # is no landing (the sea is not beside it either)
    assert "2828" not in r, r["2828"]
    # of equally cheap ways the first found is the one shown and sailed (the record replays it)
    assert r["2529"] == (4.0, ["2632", "2631", "2630", "2629", "2529"]), r.get("2529")


@rule("war-of-the-ring", "§7.3", "§V26")
def test_7_3_the_corsairs_row_on_from_bank_to_bank() -> None:
    # from 2931 (the east bank's coast): one sea hex (2830), then up the west bank 2829, 2929
    # and on to 2928, 1 MP a bank: 4 MP, where the march by land would cross the Anduin
    p = Position().clear().mobilize("MOR", "COR").sp(20).unit("COR-01", "2931", active=True)
    g = p.at("7b")
    r = reach(g, ["COR-01"], DARK)
    assert r["2928"] == (4.0, ["2931", "2830", "2829", "2929", "2928"]), r.get("2928")
    assert r["2927"][0] == 5.0, r.get("2927")


@rule("war-of-the-ring", "§7.3", "§5.1")
def test_7_3_the_corsairs_land_only_where_an_army_may_stand() -> None:
    # from 1624: the coastal mountain hex 1626 (prohibited to armies) is no landing; the
    # clear hex 1625 beside it is reached by land
    p = Position().clear().mobilize("MOR", "COR").sp(20).unit("COR-01", "1624", active=True)
    g = p.at("7b")
    r = reach(g, ["COR-01"], DARK)
    assert "1626" not in r and "1625" in r, sorted(r)


@rule("war-of-the-ring", "§10.7.3", "§10.2.2")
def test_10_7_3_a_hidden_character_finds_the_cheapest_of_its_equally_safe_paths() -> None:
    # Gimli (MF 5) hidden at 1809: 2107 is 5 MP away by 1808, 1908, Rivendell 2008 and 2108;
    # the first path found to a hex on the way is not the cheapest, and a hex's dearer label
    # must give way to the cheaper one found later (no enemy anywhere: the same interceptions)
    p = Position().clear()
    p.char("gimli", "1809", hidden=True)
    g = p.at("5c")
    r = reach(g, ["gimli"], FP)
    assert "2107" in r, sorted(r)
    assert r["2107"][0] <= 5.0 and r["2107"][1][0] == "1809" and r["2107"][1][-1] == "2107"
    move(g, "2107", piece="gimli")
    assert g.chars["gimli"]["hex"] == "2107" and g.chars["gimli"]["hidden"]


@rule("war-of-the-ring", "§V17", "§V20", "§10.9.3")
def test_V17_the_ring_bearer_wearing_the_ring_and_moving_into_mordor_opens_mount_doom() -> None:
    # worn outside Mordor (3023, Ithilien's forest): nothing lapses; the move into 3024 (Mordor)
    # opens Mount Doom and ends the Gorgoroth restriction
    p = Position().clear().mobilize("MOR")
    p.char("frodo", "3023").ring(bearer="frodo", worn=True, area="O")
    g = p.at("5c")
    assert not g.ring["doom_open"] and not g.ring["gorgoroth_open"]
    ev = move(g, "3024", piece="frodo")
    assert g.chars["frodo"]["hex"] == "3024"
    assert g.ring["doom_open"] and g.ring["gorgoroth_open"]
    assert any(e.get("rule") == "[WR §V17]" for e in ev), ev


# ----- a hidden character's path: fewest interceptions, then the cheapest [WR §10.7.3] -------------
@rule("war-of-the-ring", "§10.7.3", "§10.2.2")
def test_10_7_3_a_hidden_character_goes_round_enemy_pieces_when_it_can() -> None:
    # Legolas (MF 6) hidden at 1509, Orcs at 1608 (the road): 1708 is 1 MP through the Orcs (one
    # interception) or 3 MP round them by 1609 and 1709 (none): the path round them is taken,
    # and no interception roll is made (the dice script is empty: a roll would fail)
    p = Position().clear().mobilize("MOR")
    p.char("legolas", "1509", hidden=True).unit("MOR-16", "1608")
    g = p.at("5c")
    r = reach(g, ["legolas"], FP)
    assert r["1708"] == (3.0, ["1509", "1609", "1709", "1708"]), r["1708"]
    assert r["1608"] == (0.5, ["1509", "1608"]), r["1608"]          # the Orcs' hex: by the road
    p.dice()                                                    # no roll is expected
    move(g, "1708", piece="legolas")
    assert g.chars["legolas"]["hex"] == "1708" and g.chars["legolas"]["hidden"]
    assert p.rolled == []


@rule("war-of-the-ring", "§10.7.3", "§10.2.2", "§V1")
def test_10_7_3_with_no_enemy_about_a_hidden_character_goes_where_a_revealed_one_would() -> None:
    # Legolas (MF 6) from 1509: hidden or not, the same hexes at the same costs, all within
    # 6 MP, and some at exactly 6 (the bound is inclusive)
    costs = {}
    for hidden in (True, False):
        p = Position().clear()
        p.char("legolas", "1509", hidden=hidden)
        g = p.at("5c")
        costs[hidden] = {h: c for h, (c, _path) in reach(g, ["legolas"], FP).items()}
    assert costs[True] == costs[False]
    assert max(costs[True].values()) == 6.0 and len(costs[True]) > 20


# ----- the Army of the Dead leaves with the turn Aragorn enters Pelargir [WR §7.3] (R-DEAD-ARMY) ----
@rule("war-of-the-ring", "§7.3", "§V19", "§9")
def test_7_3_the_dead_leave_at_turn_end_once_and_only_if_still_on_the_map() -> None:
    QUIET = ("grond", "black-breath", "huorns", "lembas") * 3
    for on_map in (True, False):
        p = Position(turn_limit=9).clear().event_deck(*QUIET).search_deck(1, 2).turn(2)
        if on_map:
            p.unit("DEAD-01", "2927").char("aragorn", "2927")
        else:                                   # gone already (after its second combat)
            p.char("aragorn", "2927")
            p.g.units["DEAD-01"].update(hex=None, str=0, gone=True)
        p.flags(dead_leave=2)
        p.dice(3)                                                 # the next turn's Shadow Point d6
        g = p.at("8d")
        left = [e for e in p.events if e.get("type") == "dead"]
        assert len(left) == (1 if on_map else 0), (on_map, p.events)
        assert g.units["DEAD-01"]["hex"] is None and g.units["DEAD-01"]["gone"]


# ----- splitting and merging [WR §7] (R-SPLIT-MERGE) ------------------------------------------------
def split_merge(g, piece: str) -> tuple[bool, set[str]]:
    """After selecting ``piece`` alone: is a split offered, and into which units may it merge."""
    offered = g.follow_ups(selection(g, piece=piece))
    return ({"type": "split", "piece": piece} in offered,
            {a["into"] for a in offered if a["type"] == "merge" and a["piece"] == piece})


@rule("war-of-the-ring", "§7", "§6.1")
def test_7_merging_same_type_and_nation_in_the_hex_up_to_the_largest_printed_strength() -> None:
    p = Position().clear().mobilize("MOR", "ISE").sp(20)
    p.unit("MOR-11", "3122", 10)                        # Orcs 10: the unit selected
    p.unit("MOR-12", "3122", 15)                        # 10 + 15 = 25, the Orcs' largest printed: yes
    p.unit("MOR-07", "3122", 16)                        # 26: over the cap
    p.unit("MOR-09", "3122", 5, deserted=True)          # deserted: no
    p.unit("MOR-10", "3122", 5, active=False)           # inactive: no
    p.unit("MOR-08", "3122", 5)                         # Trolls: another type
    p.unit("MOR-13", "3121", 5)                         # Orcs next door: another hex
    p.unit("MOR-14", "3122", 1)                         # 10 + 1: yes, however weak
    p.unit("MOR-16", "3122", 5).unit("ISE-04", "3122", 5)   # Warg riders (cap 10) of two nations
    g = p.at("7b")
    assert split_merge(g, "MOR-11") == (True, {"MOR-12", "MOR-14"})
    assert split_merge(g, "MOR-16")[1] == set()         # ISE-04 is of another nation
    assert split_merge(g, "MOR-13")[1] == set()         # alone in its hex (not even itself)


@rule("war-of-the-ring", "§7", "§7.3")
def test_7_a_split_needs_two_strength_corsairs_never_split() -> None:
    p = Position().clear().mobilize("MOR", "COR").sp(20)
    p.unit("MOR-11", "3122", 2).unit("MOR-12", "3021", 1)
    p.unit("COR-01", "2632", active=True)
    g = p.at("7b")
    assert split_merge(g, "MOR-11")[0]                  # 2 = two units of 1: yes
    assert not split_merge(g, "MOR-12")[0]              # 1: no
    # the Corsairs (R-CORSAIR-MOVE) neither split nor merge: one fleet
    assert split_merge(g, "COR-01") == (False, set())


@rule("war-of-the-ring", "§7", "§10.4")
def test_7_a_unit_fighting_as_a_character_must_be_in_the_order_of_battle() -> None:
    with pytest.raises(ValueError, match=r"no unit 'MOR-99'|no unit MOR-99") as e:
        duel.fighter_from_unit(D, "MOR-99", 5)
    assert "[WR §7]" in str(e.value)



# ----- reinforcements [WR §7] (R-REINF-BLOCKED) ----------------------------------------------------
QUIET = ("grond", "black-breath", "huorns", "lembas") * 3


def waiting(p: Position, uid: str) -> None:
    """A reinforcement not yet on the map (not gone for good)."""
    p.g.units[uid].update(hex=None, str=0, gone=False)
    p.touch()


def arrivals(p: Position) -> dict[str, str]:
    return {e["unit"]: e["hex"] for e in p.events if e.get("type") == "arrive" and e.get("unit")}


@rule("war-of-the-ring", "§7", "§9")
def test_7_reinforcements_due_arrive_once_gone_or_placed_units_do_not() -> None:
    p = Position(turn_limit=9).clear().event_deck(*QUIET).search_deck(1, 2).turn(2)
    p.mobilize("GON", "MOR", turn=1)
    waiting(p, "GON-11")                                # due at G+1: arrives in Minas Tirith
    p.unit("MOR-19", "3122", 3)                          # due at M+1 but already on the map
    # MOR-20 (M+2) is not due; every other unit is gone for good (cleared): none arrives
    g = p.at("2b")
    assert arrivals(p) == {"GON-11": "2824"}, arrivals(p)
    assert g.units["GON-11"]["hex"] == "2824" and g.units["GON-11"]["str"] == 5
    assert (g.units["MOR-19"]["hex"], g.units["MOR-19"]["str"]) == ("3122", 3)


@rule("war-of-the-ring", "§7", "§9")
def test_7_a_reinforcement_with_every_hex_of_its_area_enemy_held_waits() -> None:
    # GON-11's area N (Minas Tirith's) has ten hexes an army may enter: Orcs in every one
    p = Position(turn_limit=9).clear().event_deck(*QUIET).search_deck(1, 2).turn(2)
    p.mobilize("GON", turn=1)
    waiting(p, "GON-11")
    hexes = ("2524", "2622", "2623", "2722", "2723", "2725", "2821", "2822", "2823", "2824")
    for i, h in enumerate(hexes, start=1):
        p.unit(f"MOR-{i:02d}", h, 1)
    g = p.at("2b")
    assert arrivals(p) == {}, arrivals(p)
    assert g.units["GON-11"]["hex"] is None and not g.units["GON-11"]["gone"]


@rule("war-of-the-ring", "§7", "§6.1")
def test_7_selecting_a_real_character_that_may_not_move_is_refused_for_its_own_reason() -> None:
    p = Position().clear().mobilize("MOR").sp(5)
    p.unit("MOR-07", "3122").char("gimli", "2617").char("n3", "3224")
    g = p.at("7b")
    e = refused(g, {"type": "select", "piece": "gimli"}, "§6.1")      # the other side's
    assert "there is no piece" not in str(e)


@rule("war-of-the-ring", "§7", "§2", "§9")
def test_2_opt_1_a_slain_king_of_rhun_does_not_arrive_again() -> None:
    p = Position(rhun_harad=True, turn_limit=9).clear().mobilize("MOR", turn=1)
    p.event_deck(*QUIET).search_deck(1, 2).turn(4)
    p.g.chars["king-of-rhun"].update(alive=False, hex=None, arrived=True)    # came at M+2, slain since
    p.touch()
    p.dice(1, 1)
    p.at("2b")
    assert not [e for e in p.events if e.get("type") == "arrive" and "Rh" in e.get("text", "")], p.events
    assert not p.g.chars["king-of-rhun"]["alive"]


# ----- interception [WR §10.7.3]: who intercepts, with what value, for whom --------------------------
def secret_rolls(ev) -> list[dict]:
    return [e for e in ev if e.get("type") == "search"]


@rule("war-of-the-ring", "§10.7.3", "§6.2", "§7.3")
def test_10_7_3_inactive_or_deserted_units_do_not_intercept_a_one_strength_unit_does() -> None:
    # Legolas, hidden, enters the Easterlings' home hex 3816: 6 never spots, but the roll is
    # made (secretly) only where a real enemy stands (a deserter at home stays there)
    for placed, rolls in ((dict(active=False), False), (dict(deserted=True), False),
                          (dict(), True)):
        p = Position().clear().mobilize("MOR", "EAS")
        p.char("legolas", "3815", hidden=True).unit("EAS-01", "3816", 1, **placed)
        g = p.at("5c")
        p.dice(*([6] if rolls else []))
        ev = move(g, "3816", piece="legolas")
        assert bool(secret_rolls(ev)) is rolls, (placed, ev)
        assert all(e["rule"] == "[WR §10.7.3]" for e in secret_rolls(ev)), ev
        assert g.chars["legolas"]["hidden"]
        p.dice_done()


@rule("war-of-the-ring", "§10.7.3", "§11.6")
def test_10_7_3_the_mouth_of_sauron_intercepts_at_2_as_a_nazgul() -> None:
    p = Position().clear().mobilize("MOR")
    p.char("legolas", "1509", hidden=True).char("mouth", "1608")
    g = p.at("5c")
    p.dice(3)                                                  # 3 − 1 (road) ≤ 2: spotted
    move(g, "1608", piece="legolas")
    assert not g.chars["legolas"]["hidden"]
    p.dice_done()


@rule("war-of-the-ring", "§10.7.3", "§V17")
def test_10_7_3_a_ring_wearer_is_not_intercepted_by_orcs() -> None:
    # R-WEAR-EFFECTS: only Nazgûl find the wearer; Orcs make no roll and do not spot him
    p = Position().clear().mobilize("MOR")
    p.char("frodo", "1509", hidden=True).unit("MOR-16", "1608")
    p.ring(bearer="frodo", worn=True, area="H")
    g = p.at("5c")
    p.dice()
    ev = move(g, "1608", piece="frodo")
    assert g.chars["frodo"]["hex"] == "1608" and g.chars["frodo"]["hidden"], ev
    assert p.rolled == []


@rule("war-of-the-ring", "§10.7.3", "§10.2.2")
def test_10_7_3_a_hidden_character_moves_on_from_a_hex_it_shares_with_the_enemy() -> None:
    # not spotted on entering the Orcs' hex earlier, Legolas moves on: round them again
    p = Position().clear().mobilize("MOR")
    p.char("legolas", "1608", hidden=True).unit("MOR-16", "1608")
    g = p.at("5c")
    r = reach(g, ["legolas"], FP)
    assert r["1708"] == (0.5, ["1608", "1708"]), r.get("1708")
    p.dice()
    move(g, "1708", piece="legolas")
    assert g.chars["legolas"]["hex"] == "1708" and p.rolled == []


@rule("war-of-the-ring", "§10.7.3", "§V13", "§10.7.2")
def test_10_7_3_in_the_three_player_game_sauron_s_seat_searches_when_his_pieces_are_there() -> None:
    for pieces, searcher in ((("ISE-01",), "saruman"), (("ISE-01", "MOR-16"), "sauron")):
        p = Position(players=3).clear().mobilize("MOR", "ISE")
        p.char("legolas", "1509", hidden=True)
        for u in pieces:
            p.unit(u, "1608", 5)
        g = p.at("5c")
        p.dice(1)                                              # spotted
        move(g, "1608", piece="legolas")
        assert not g.chars["legolas"]["hidden"]
        assert g.ask and g.ask["seat"] == searcher, (pieces, g.ask)


@rule("war-of-the-ring", "§10.7.3", "§10.7.2")
def test_10_7_2_a_search_roll_cites_the_search_an_interception_roll_the_interception() -> None:
    # Search card 10 (Sauron with Nazgûl, value 3, areas R and S): Sam hidden in 3226 (area S)
    p = Position().clear().mobilize("MOR").search_deck(10, 2).char("sam", "3226", hidden=True)
    g = p.at("4a")
    p.dice(6)
    g.apply({"type": "declare", "choice": "card"})
    rolls = [e for e in g.log_for(FP) if e.get("type") == "search" and "rolled 6" in e.get("text", "")]
    assert rolls and all(e["rule"] == "[WR §10.7]" for e in rolls), rolls
    assert g.chars["sam"]["hidden"]


# ----- hidden information [WR §12]: the Eagles' landing of a character who ends hidden ---------------
@rule("war-of-the-ring", "§12", "§11.7", "§V1")
def test_12_the_eagles_landing_is_secret_when_he_ends_hidden_open_when_nine_hide_already() -> None:
    walkers = ("frodo", "sam", "merry", "pippin", "aragorn", "boromir", "legolas", "gimli", "faramir")
    for others, secret in ((0, True), (9, False)):
        p = Position().clear().char("gandalf", "2617").hand("fellowship", "eagles")
        for w in walkers[:others]:
            p.char(w, "2008", hidden=True)
        g = p.at("5c")
        g.apply({"type": "play", "card": "eagles", "piece": "gandalf"})
        lands = g.legal_actions()
        assert lands and all(bool(a.get("secret")) is secret for a in lands), (others, lands[:2])
        land = next(a for a in lands if a["to"] == "2008")
        shown = g.redact_action(land, DARK)
        assert ("2008" in str(shown)) is not secret, shown
        g.apply(land)
        assert g.chars["gandalf"]["hidden"] is secret


# ----- a claim to the Ring draws every Nazgûl [WR §10.9.4] ------------------------------------------
@rule("war-of-the-ring", "§10.9.4", "§V20", "§V17")
def test_10_9_4_while_a_claim_lasts_a_nazgul_may_fly_to_the_claimant_anywhere() -> None:
    for claim in (False, True):
        p = Position().clear().mobilize("MOR").sp(20).char("n1", "3523").char("aragorn", "0508")
        p.ring(bearer="aragorn", worn=True, claim=claim, area="A")
        g = p.at("7b")
        r = g.destinations(["n1"], DARK)
        assert ("0508" in r) is claim, (claim, r.get("0508"))
        if claim:
            assert r["0508"] == (0.0, ["3523", "0508"], True)


# ----- conversion [WR §V13]: only Saruman's own captives in Isengard ---------------------------------
@rule("war-of-the-ring", "§V13", "§10.8.4")
def test_V13_saruman_may_not_convert_a_captive_sauron_holds_in_isengard() -> None:
    for holder, offered in (("sauron", False), ("saruman", True)):
        p = Position(players=3).clear().mobilize("ISE", "MOR")
        p.unit("ISE-01", "1820").char("saruman", "1820").unit("MOR-13", "1820")
        p.captive("boromir", "1820", ["MOR-13" if holder == "sauron" else "ISE-01"], seat=holder)
        g = p.at("6a")
        convert = {"type": "convert", "captive": "boromir"}
        assert (g.ask is not None and convert in g.legal_actions()) is offered, (holder, g.ask)


@rule("war-of-the-ring", "§V13", "§10.2.1")
def test_V13_the_alliance_ends_once_only_when_sauron_attacks_saruman() -> None:
    # Sauron attacking a Free army: the Dark Alliance holds
    p = Position(players=3).clear().mobilize("ISE", "MOR", "GON").sp(5)
    p.unit("MOR-13", "1921").unit("GON-04", "1921")
    p.dice(3, 6, 6, 6, 6, 6, 6)
    ev = p.g.resolve_battle("sauron", "1921")
    assert p.g.flags["alliance"] and not any(e["type"] == "alliance" for e in ev)
    # after it has ended, another attack on Saruman's units does not end it again
    p = Position(players=3).clear().mobilize("ISE", "MOR").sp(5).flags(alliance=False)
    p.unit("MOR-13", "1921").unit("ISE-01", "1921")
    p.dice(3, 6, 6, 6, 6, 6, 6)
    ev = p.g.resolve_battle("sauron", "1921")
    assert not any(e["type"] == "alliance" for e in ev), [e["text"] for e in ev]


@rule("war-of-the-ring", "§V13", "§10.9.4", "§V10")
def test_V13_only_saruman_s_claim_ends_the_alliance_and_only_while_it_holds() -> None:
    # Saruman claims after the alliance has ended: no second ending
    p = Position(players=3, turn_limit=1).clear().flags(alliance=False)
    p.char("saruman", "1820").char("n1", "3523")
    p.ring(bearer="saruman", held_by="saruman")
    g = p.at("6b")
    g.apply({"type": "put_on"})
    ev = g.apply({"type": "claim"})
    assert g.ring["claim"] and not any(e["type"] == "alliance" for e in ev), ev
    # Aragorn, the Fellowship's, claims in the 3-player game: the Dark Alliance holds
    p = Position(players=3, turn_limit=1).clear().mobilize("MOR").char("aragorn", "2617")
    p.char("n1", "3523").ring(bearer="aragorn", worn=True)
    g = p.at("5c")
    assert {"type": "claim"} in g.legal_actions(), g.legal_actions()
    g.apply({"type": "claim"})
    assert g.ring["claim"] and g.flags["alliance"]


@rule("war-of-the-ring", "§V13", "§10.4")
def test_V13_in_the_three_player_game_a_free_character_duels_a_nazgul_as_in_two() -> None:
    # only Saruman's own make a side of their own: Aragorn and a Nazgûl still fight each other
    p = Position(players=3, turn_limit=1).clear().sp(0)
    p.char("aragorn", "1509").char("n3", "1509")
    g = p.at("5e")
    p.dice(2, 2)                                              # one round: a tie
    g.apply({"type": "challenge", "lead": "aragorn", "target": "n3"})
    assert g.ask["kind"] == "duel_round" and g.ask["seat"] == "fellowship", g.ask
    g.apply({"type": "break_off"})
    p.dice_done()
