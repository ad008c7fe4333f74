"""[WR §12] A unit's part of a view is kept while what it shows is unchanged (a view is asked
at every decision of every playout of the search): it must always be the one a fresh view
would show, and each view hands out copies."""

from __future__ import annotations

import random

import ringwar


def _by_id(view):
    return {u["id"]: u for u in view["units"]}


def test_a_kept_unit_view_is_always_the_one_a_fresh_view_shows():
    g = ringwar.new_game("war-of-the-ring", seed=4)
    rng = random.Random(4)
    for n in range(400):
        if g.result is not None:
            break
        if n % 5 == 0:
            for side in (*g.sides, None):
                fresh = g.clone()
                fresh._unit_views = {}                 # (a copy shares the kept views: not this one)
                assert g.view(side)["units"] == fresh.view(side)["units"]
        g.apply(rng.choice(g.legal_actions()))


def test_a_unit_view_follows_its_strength_and_its_nations_mobilization():
    g = ringwar.new_game("war-of-the-ring", seed=4)
    side = g.sides[0]
    before = _by_id(g.view(side))
    uid = next(u for u in before if u in g.units)
    g.units[uid]["str"] += 1
    assert _by_id(g.view(side))[uid]["strength"] == before[uid]["strength"] + 1
    nation = g.spec(uid).nation
    was = nation in g.mobilized
    if was:
        del g.mobilized[nation]
    else:
        g.mobilized[nation] = 1
    assert _by_id(g.view(side))[uid]["mobilized"] is (not was)
    # what a view hands out is a copy: changing it changes no later view
    g.view(side)["units"][0]["hex"] = "nowhere"
    assert g.view(side)["units"][0]["hex"] != "nowhere"
