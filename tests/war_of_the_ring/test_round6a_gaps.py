"""The halves of War of the Ring's rules that mutation testing showed untested in round 6 of
issue 17 (helper A): the seed-3 whole-system estimate's survivors, then whole cases ([WR §7.3],
[WR §7], [WR §10.7.3], [WR §12] ...).  Positions are built by hand (``builder.Position``, the
smallest that shows the rule); dice are scripted, so an unexpected roll fails."""

from __future__ import annotations

import pytest

from .builder import Position, move

rule = pytest.mark.rule

FP, DARK = "fellowship", "dark"


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
