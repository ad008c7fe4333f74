"""Scenario set-up through the game [WR §13.3]: the components dealt [WR §3], the orders of
battle and arrivals [WR §7] [WR §7.1] [WR §7.2], the characters [WR §8], the named places and
their first holders [WR §5.3], the Eye and Magic sites [WR §5.8]."""

from __future__ import annotations

import pytest

import ringwar

rule = pytest.mark.rule


@pytest.mark.parametrize("players", [2, 3])
@rule("war-of-the-ring", "§13.3", "§7", "§7.1", "§7.2", "§3")
def test_13_3_every_unit_starts_where_its_order_of_battle_says_or_waits_for_its_turn(players: int) -> None:
    g = ringwar.new_game("war-of-the-ring", seed=1, options={"players": players})
    scenario = "B" if players == 3 else "A"
    assert set(g.units) == {u.id for u in g.D.units_for(scenario)}
    for uid, r in g.units.items():
        u = g.D.units[uid]
        if u.arrival is None and u.hex is not None:
            assert (r["hex"], r["str"]) == (u.hex, u.strength), uid
        else:
            assert r["hex"] is None, uid                   # an arrival, or the Army of the Dead
        assert r["active"] == (not u.inactive), uid        # the Corsairs wait for their card
    assert ("ISE-06" in g.units) == (players == 3)         # [WR §V13]


@rule("war-of-the-ring", "§13.3", "§8", "§V1", "§10.6")
def test_13_3_the_nine_walkers_are_hidden_in_rivendell_and_the_others_in_place() -> None:
    g = ringwar.new_game("war-of-the-ring", seed=2)
    walkers = {c.id for c in g.D.characters.values() if c.walker}
    assert len(walkers) == 9
    for cid, c in g.chars.items():
        spec = g.D.characters[cid]
        if cid in walkers:
            assert c["hidden"] and c["hex"] == g.L.rivendell
        elif spec.arrival is None and spec.hex:
            assert c["hex"] == spec.hex and not c["hidden"]
    assert g.ring["bearer"] == "frodo" and not g.ring["worn"]


@rule("war-of-the-ring", "§5.3", "§10.11", "§13.3")
def test_5_3_the_objectives_begin_with_their_first_holders() -> None:
    g = ringwar.new_game("war-of-the-ring", seed=3)
    first = g.D.value("R-INITIAL-OBJECTIVES")
    for who in ("sauron", "saruman", "free"):
        for h in first[who]:
            assert g.control[h] == who
    assert len(g.control) == 20 and g.sauron_objectives() == 6


@rule("war-of-the-ring", "§5.8", "§3", "§13.3")
def test_5_8_the_decks_are_whole_and_the_sites_dealt_with_the_fixed_cards_in_place() -> None:
    g = ringwar.new_game("war-of-the-ring", seed=4)
    in_use = [g.search["card"]] if g.search else []
    assert sorted(g.decks["search"] + g.discards["search"] + in_use) == list(range(1, 37))
    assert len(g.decks["event"]) + sum(len(h) for h in g.hands.values()) + \
        len(g.discards["event"]) == 25
    assert g.sites["eye"][g.W.place_named("Moria").hex] == "balrog" or g.monsters
    assert g.sites["magic"].get(g.L.edoras) == "shadowfax"
    eye = [c for c in g.sites["eye"].values()]
    assert len(eye) == 12 and len(set(eye)) == 12
    magic = sorted(g.sites["magic"].values())
    assert len(magic) == 12


@rule("war-of-the-ring", "§4", "§10.3")
def test_4_losses_are_the_percentage_rounded_half_up_at_least_one() -> None:
    from .builder import Position
    # 25 against 10 in clear ground → 2-1; d6 1 → 20/10: the attacker loses 5, the defender 1
    p = Position(turn_limit=1).clear().mobilize("GON", "MOR").sp(0)
    p.unit("GON-01", "2623").unit("MOR-11", "2623")
    p.dice(1)
    g = p.at("5d")
    g.apply({"type": "attack", "hex": "2623"})
    assert g.units["GON-01"]["str"] == 20 and g.units["MOR-11"]["str"] == 9
    p.dice_done()
