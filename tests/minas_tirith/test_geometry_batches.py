"""The table's geometry asked in batches gives what one question at a time gives, in the same
order: contacts [MT §7.5.9], what a move's swept areas run into [MT §7.1.5], the board's
obstacles [MT §3.2]-[MT §3.6].  The order matters: the first unit found in contact is the
one a disengaging unit faces, and replays must take the same decisions forever."""

from __future__ import annotations

import pytest
import shapely

import ringwar
from ringwar.ai import make_agent
from ringwar.systems.minas_tirith.movement import EPS, parse_path

from .builder import rule


def _positions(seed: int, every: int = 37, limit: int = 1400, kind: str = "random", start: int = 0):
    """Copies of a seeded game (random or rules-of-thumb players) every ``every`` decisions
    from the ``start``-th."""
    g = ringwar.new_game("minas-tirith", seed=seed)
    agents = {s: make_agent(kind, seed * 11 + k) for k, s in enumerate(g.sides)}
    n = 0
    while g.result is None and n < limit:
        if n >= start and n % every == 0:
            yield g.clone()
        side = g.to_act
        g.apply(agents[side].choose(g.view(side) if kind != "random" else {}, g.legal_actions()))
        n += 1


def _one_at_a_time_overlaps(g, poly, exclude):
    """``overlapping`` asked alone: one query of the occupants' tree, each match measured."""
    tree, ids, fps, _, _ = g.occupants()
    tol = float(g.D.values["contact_tolerance"])
    out = []
    for j in tree.query(poly, predicate="intersects").tolist():
        kind, pid, side = ids[j]
        if pid in exclude:
            continue
        core = fps[j].buffer(-tol, join_style="mitre")
        if poly.intersects(core) and poly.intersection(core).area > EPS:
            out.append((kind, pid, side))
    return out


def _one_at_a_time_obstacle(board, poly):
    x0, y0, x1, y1 = poly.bounds
    if x0 < -1e-6 or y0 < -1e-6 or x1 > board.width + 1e-6 or y1 > board.height + 1e-6:
        return "edge"
    hits = sorted(board._ob_tree.query(poly, predicate="intersects").tolist())
    return board._ob_names[hits[0]] if hits else None


@rule("§7.5.9", "§7.4")
@pytest.mark.parametrize(("seed", "start", "every", "limit"), [(1, 0, 29, 1300), (4, 370, 3, 390)])
def test_7_5_9_every_units_contacts_found_together_are_those_found_one_by_one(seed, start, every, limit):
    """(seed 4 reaches units in contact with two enemies at once: their order is checked)"""
    checked = contacts = two = 0
    for g in _positions(seed, every=every, limit=limit, kind="heuristic", start=start):
        for u in g.units.values():
            if not u.placed:
                continue
            alone = [pid for kind, pid, side, _ in g.touching(g.footprint(u), {u.id})
                     if kind == "unit" and side != u.side]
            assert g.engaged_with(u) == alone, u.id
            checked += 1
            contacts += len(alone) > 0
            two += len(alone) > 1
    assert checked > 100 and contacts > 3, (checked, contacts)
    assert two > 0 or seed != 4


@rule("§7.1.5")
@pytest.mark.parametrize("seed", [1, 2])
def test_7_1_5_a_moves_swept_areas_meet_together_what_they_meet_one_by_one(seed):
    areas_checked = met = blocked = 0
    for g in _positions(seed, every=53):
        for u in list(g.units.values())[::3]:
            if not u.placed:
                continue
            for path in ("m0:6", "m30:3", "w45", "w-45,m0:4", "m180:2", "t180"):
                _pose, swept, *_ = g.trace(u, parse_path(path))
                batch = g.overlaps(swept, {u.id})
                obstacles = g.B.obstacles(swept)
                for poly, found, hit in zip(swept, batch, obstacles):
                    assert [f[:3] for f in found] == _one_at_a_time_overlaps(g, poly, {u.id})
                    assert hit == _one_at_a_time_obstacle(g.B, poly)
                    areas_checked += 1
                    met += bool(found)
                    blocked += hit is not None
    assert areas_checked > 500 and met > 5 and blocked > 5, (areas_checked, met, blocked)


@rule("§3.2", "§3.4")
def test_3_2_an_area_off_the_table_is_at_the_edge_and_an_open_gate_does_not_block():
    g = ringwar.new_game("minas-tirith", seed=1)
    board = g.B
    off = shapely.box(-5, 10, 5, 20)
    gate = next(iter(board.gates.values()))
    through = gate.opening.buffer(0.01)
    closed, opened = board.obstacles([off, through]), board.obstacles([off, through], {gate.id})
    assert closed[0] == opened[0] == "edge"
    assert closed[1] is not None and closed[1] == board.obstacle(through)
    assert opened[1] != f"gate {gate.id}"
