"""Random complete games of the Siege of Minas Tirith, checking invariants after every action
[MT §2.3] [MT §5] [MT §6] [MT §7.1.5] [MT §9.2], and the engine contract.

Kept under about a minute on one core: a few games by a uniform random player, and
``play_checked`` (refusals, selections, views, replay) for two seeds."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import ringwar
from ringwar.core.contract import play_checked

from .builder import rule

MAX_ACTIONS = 20_000


def cards_of(g, side: str) -> Counter:
    c = Counter(g.decks[side]) + Counter(g.discards[side])
    if g.current[side] is not None:
        c[g.current[side]] += 1
    return c


def check(g, baseline: dict) -> None:
    V = g.D.values
    tol = float(V["contact_tolerance"])
    # footprints never overlap beyond the contact tolerance [MT §3.9] [MT §7.1.5]: the two
    # together may sink at most ``tol`` into each other (each eroded by half of it), plus the
    # rounding of stored positions to a thousandth of an inch (units.POS)
    tol += 0.002
    polys = {u.id: g.footprint(u) for u in g.units.values() if u.placed}
    polys.update({e.id: g.engine_rect(e) for e in g.engines.values() if not e.destroyed})
    shrunk = {k: p.buffer(-tol / 2, join_style="mitre") for k, p in polys.items()}
    keys = sorted(polys)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            if shrunk[a].intersects(shrunk[b]):
                # (a sliver under 0.0001 square inch is rounding where two rotated edges meet)
                assert shrunk[a].intersection(shrunk[b]).area < 1e-4, f"{a} overlaps {b}"
    for u in g.units.values():
        assert u.figures >= 0, u.id
        assert 0 <= u.lost <= g.D.units[u.id].figures
        # a split unit is one unit; its waiting figures are in one tower or below a ladder
        assert u.waiting >= 0 and u.figures + u.waiting + u.lost == g.D.units[u.id].figures, u.id
        if u.waiting:
            assert u.placed and u.waiting_at is not None, u.id
            if u.waiting_at != "ladder":
                assert u.id in g.engines[u.waiting_at].aboard, u.id
        if u.embarked is not None:
            assert u.id in g.engines[u.embarked].aboard and not u.waiting, u.id
        if u.placed:
            assert g.B.obstacle(g.footprint(u)) is None, f"{u.id} on {g.B.obstacle(g.footprint(u))}"
    # the Turn's deck is conserved: deck + discards + current [MT §5.2]
    key = g.turn_no
    for s in ("west", "dark-lord"):
        assert 0 <= g.bank[s] <= int(V["reaction_bank_cap"])
        if key == 0:                         # the set-up: no decks yet
            continue
        now = cards_of(g, s)
        if (key, s) not in baseline:
            baseline[(key, s)] = now
            if g.result is None:
                assert sum(now.values()) == len(g.deck_contents(s)), (s, now)
        else:
            # removed from play: a turned Horns takes the other deck's with it, the Black Ships
            # leaves the West's deck [MT §5.3]
            removed = baseline[(key, s)] - now
            assert not (now - baseline[(key, s)]), (s, key, now, baseline[(key, s)])
            allowed = Counter()
            if g.rohan_arrived:
                allowed["horns"] = 1
            if g.aragorn_arrived and s == "west":
                allowed["black_ships"] = 1
            assert not (removed - allowed), (s, key, removed)
    assert g.pips >= 0 and g.forced_pips >= 0 and g.forced_pips <= g.pips or g.forced_pips == 0
    assert 0 <= g.phase_pool <= int(V["phase_pool"])
    assert g.spell_points["west"] >= 0 and g.spell_points["dark-lord"] >= 0


@rule("§2.3", "§3.9", "§5.2", "§6.2", "§6.3", "§7.1.5", "§9.2")
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_random_games_keep_the_invariants_and_end(seed):
    rng = random.Random(seed)
    g = ringwar.new_game("minas-tirith", seed=seed)
    baseline: dict = {}
    n = 0
    while g.result is None:
        legal = g.legal_actions()
        assert legal, f"dead end at action {n}"
        g.apply(rng.choice(legal))
        n += 1
        check(g, baseline)
        assert n < MAX_ACTIONS, "the game does not end"
    assert g.turn_no <= g.game_turns and g.result["rule"] == "[MT §9.4]"


@pytest.mark.parametrize("seed", [5, 6])
def test_play_checked_contract(seed):
    g = play_checked("minas-tirith", seed=seed, replay_check=seed == 5)
    assert g.result is not None
