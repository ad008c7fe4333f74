"""Hex geometry for SPI-style maps.

Hexes are named by SPI's four-digit column-row numbers, ``"CCRR"`` (``"0101"`` is the
top-left hex).  The grid is flat-topped, in vertical columns; even-numbered columns sit
half a hex lower than odd ones (the project's convention, see ``docs/reconstructed.md``).

Internally every hex is also an axial/cube coordinate so that neighbours, distances and
lines are exact.  Directions are numbered as on the Gondor scatter diagram: 1-6 clockwise
from straight up the column, so 4 is straight down (2906 -> 2907).

>>> neighbour("2906", 4)
'2907'
>>> distance("1324", "1328")
4
>>> sorted(neighbours("0202"))
['0102', '0103', '0201', '0203', '0302', '0303']
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache

Hex = str  # "CCRR"

# Axial (q, r) steps for directions 1..6, clockwise from "up the column".
DIRECTIONS: dict[int, tuple[int, int]] = {
    1: (0, -1),
    2: (1, -1),
    3: (1, 0),
    4: (0, 1),
    5: (-1, 1),
    6: (-1, 0),
}


def hex_id(col: int, row: int) -> Hex:
    """The SPI number of a column and row: ``hex_id(8, 21) == "0821"``."""
    if not (0 <= col <= 99 and 0 <= row <= 99):
        raise ValueError(f"hex column/row out of range: {col}, {row}")
    return f"{col:02d}{row:02d}"


def col_row(h: Hex) -> tuple[int, int]:
    """Column and row of an SPI hex number; raises ``ValueError`` on anything else."""
    if not isinstance(h, str) or len(h) != 4 or not h.isdigit():
        raise ValueError(f"not a hex number (CCRR): {h!r}")
    return int(h[:2]), int(h[2:])


def is_hex_id(h: object) -> bool:
    return isinstance(h, str) and len(h) == 4 and h.isdigit()


@lru_cache(maxsize=65536)
def to_axial(h: Hex) -> tuple[int, int]:
    col, row = col_row(h)
    # even columns are shoved down half a hex ("even-q" with SPI's 1-based columns)
    return col, row - (col + (col & 1)) // 2


def from_axial(q: int, r: int) -> Hex:
    return hex_id(q, r + (q + (q & 1)) // 2)


def to_cube(h: Hex) -> tuple[int, int, int]:
    q, r = to_axial(h)
    return q, -q - r, r


def neighbour(h: Hex, direction: int) -> Hex | None:
    """The hex in ``direction`` (1-6) from ``h``; None off the numbering range."""
    q, r = to_axial(h)
    dq, dr = DIRECTIONS[direction]
    q2, r2 = q + dq, r + dr
    col, row = q2, r2 + (q2 + (q2 & 1)) // 2
    if not (0 <= col <= 99 and 0 <= row <= 99):
        return None
    return hex_id(col, row)


@lru_cache(maxsize=65536)
def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The up-to-six hexes adjacent to ``h`` (not clipped to any map), in direction order."""
    return tuple(n for n in (neighbour(h, d) for d in DIRECTIONS) if n is not None)


def direction_to(a: Hex, b: Hex) -> int | None:
    """The direction (1-6) from ``a`` to the adjacent hex ``b``, or None if not adjacent."""
    qa, ra = to_axial(a)
    qb, rb = to_axial(b)
    step = (qb - qa, rb - ra)
    for d, s in DIRECTIONS.items():
        if s == step:
            return d
    return None


@lru_cache(maxsize=262144)
def distance(a: Hex, b: Hex) -> int:
    qa, ra = to_axial(a)
    qb, rb = to_axial(b)
    dq, dr = qa - qb, ra - rb
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class Nearest:
    """The distance from any hex to the nearest of a set of hexes (not empty), worked out as
    asked and kept in ``dist`` (the AI asks it of many hexes against the same enemy hexes:
    :func:`nearest` keeps one per set)."""

    __slots__ = ("dist", "_axial")

    def __init__(self, targets: Iterable[Hex]) -> None:
        self.dist: dict[Hex, int] = {}
        self._axial = [(q, r, q + r) for q, r in map(to_axial, targets)]

    def __call__(self, h: Hex) -> int:
        d = self.dist.get(h)
        if d is None:
            # ``distance`` inline (the cube distance from axial coordinates, doubled then
            # halved): the same integers, without a cache look-up a pair
            q, r = to_axial(h)
            s = q + r
            d = self.dist[h] = min([abs(q - a) + abs(r - b) + abs(s - c) for a, b, c in self._axial]) // 2
        return d


#: hexes -> their ``Nearest`` (bounded: started again past ``_NEAREST_MAX`` sets)
_NEAREST: dict[frozenset[Hex], Nearest] = {}
_NEAREST_MAX = 256


def nearest(targets: frozenset[Hex]) -> Nearest:
    """The distances to the nearest of ``targets`` (not empty), kept per set: pure geometry,
    shared by every question about the same hexes."""
    hit = _NEAREST.get(targets)
    if hit is None:
        if len(_NEAREST) >= _NEAREST_MAX:
            _NEAREST.clear()
        hit = _NEAREST[targets] = Nearest(targets)
    return hit


def hexside(a: Hex, b: Hex) -> str:
    """The identity of the hexside between two adjacent hexes: ``"2101/2201"``.

    The same hexside gets the same name whichever side it is seen from.
    """
    if direction_to(a, b) is None:
        raise ValueError(f"{a} and {b} are not adjacent")
    return f"{a}/{b}" if a < b else f"{b}/{a}"


def _cube_round(x: float, y: float, z: float) -> tuple[int, int, int]:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return rx, ry, rz


def _line(a: Hex, b: Hex, nudge: float) -> list[Hex]:
    ax, ay, az = to_cube(a)
    bx, by, bz = to_cube(b)
    ax, ay, az = ax + nudge, ay + nudge, az - 2 * nudge
    bx, by, bz = bx + nudge, by + nudge, bz - 2 * nudge
    n = distance(a, b)
    out: list[Hex] = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        x, y, z = _cube_round(ax + (bx - ax) * t, ay + (by - ay) * t, az + (bz - az) * t)
        out.append(from_axial(x, z))
    return out


def hex_lines(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    """The two hex lines from ``a`` to ``b``, nudged to either side.

    They differ only where the true line runs exactly along a hexside; a line of sight is
    blocked only if *both* are blocked (the usual reading for SPI games).
    """
    return _lines(a, b)


@lru_cache(maxsize=1 << 16)
def _lines(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    # pure geometry, asked again and again for the same pairs (lines of fire [7.13]); kept
    # as tuples, so no caller can change what the next one gets
    return tuple(_line(a, b, 1e-6)), tuple(_line(a, b, -1e-6))


def line(a: Hex, b: Hex) -> list[Hex]:
    """One hex line from ``a`` to ``b`` inclusive."""
    return _line(a, b, 1e-6)


def ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes exactly ``radius`` away (unclipped)."""
    if radius == 0:
        return [center]
    q, r = to_axial(center)
    dq, dr = DIRECTIONS[5]
    q, r = q + dq * radius, r + dr * radius
    out = []
    for d in (1, 2, 3, 4, 5, 6):
        sq, sr = DIRECTIONS[d]
        for _ in range(radius):
            col, row = q, r + (q + (q & 1)) // 2
            if 0 <= col <= 99 and 0 <= row <= 99:
                out.append(hex_id(col, row))
            q, r = q + sq, r + sr
    return out


def within(center: Hex, radius: int) -> Iterator[Hex]:
    for k in range(radius + 1):
        yield from ring(center, k)


@lru_cache(maxsize=65536)
def within_set(center: Hex, radius: int) -> frozenset[Hex]:
    """The hexes at most ``radius`` away (unclipped), as a set: for a hex ``h``,
    ``h in within_set(c, r)`` is ``distance(c, h) <= r``."""
    return frozenset(within(center, radius))


def reachable(
    start: Hex,
    allowance: float,
    step_cost: Callable[[Hex, Hex, float], float | None],
    must_stop: Callable[[Hex], bool] = lambda h: False,
    start_cost: float = 0.0,
    adjacency: Callable[[Hex], Iterable[Hex]] = neighbours,
) -> dict[Hex, float]:
    """Cheapest cost to every hex reachable from ``start`` within ``allowance``.

    ``step_cost(a, b, spent)`` is the cost to move from ``a`` into the adjacent hex ``b``
    having already spent ``spent`` (None: may not), ``must_stop(h)`` ends movement on
    entering ``h`` (a Zone of Control).  Dijkstra over the hex graph; the result includes
    ``start`` at ``start_cost``.
    """
    best: dict[Hex, float] = {start: start_cost}
    frontier: list[tuple[float, Hex]] = [(start_cost, start)]
    while frontier:
        spent, h = heapq.heappop(frontier)
        if spent > best.get(h, float("inf")):
            continue
        if h != start and must_stop(h):
            continue
        for n in adjacency(h):
            c = step_cost(h, n, spent)
            if c is None:
                continue
            total = spent + c
            if total <= allowance and total < best.get(n, float("inf")):
                best[n] = total
                heapq.heappush(frontier, (total, n))
    return best
