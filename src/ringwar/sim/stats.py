"""Win rates with 95 % Wilson score intervals."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

Z95 = 1.959963984540054


def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """(rate, low, high): the share ``k / n`` and its Wilson score interval.

    >>> tuple(round(x, 3) for x in wilson(8, 10))
    (0.8, 0.49, 0.943)
    """
    if n <= 0:
        return (0.0, 0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def fmt_rate(k: float, n: int) -> str:
    p, lo, hi = wilson(k, n)
    return f"{100 * p:5.1f}% [{100 * lo:4.1f}-{100 * hi:5.1f}]"


def summarize(rows: Iterable[dict[str, Any]], key: str | None = None) -> dict[Any, dict[str, Any]]:
    """Per value of ``key`` (or overall): games, wins per side, draws and unfinished games,
    each side's win rate with its 95 % interval."""
    groups: dict[Any, list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault(r.get(key) if key else "all", []).append(r)
    out: dict[Any, dict[str, Any]] = {}
    for g, rs in groups.items():
        n = len(rs)
        sides = sorted({s for r in rs for s in r.get("sides", ())})
        wins = {s: sum(1 for r in rs if r.get("winner") == s) for s in sides}
        out[g] = {
            "games": n,
            "wins": wins,
            "draws": sum(1 for r in rs if r.get("status") == "finished" and r.get("winner") is None),
            "unfinished": sum(1 for r in rs if r.get("status") != "finished"),
            "rate": {s: wilson(wins[s], n) for s in sides},
            "mean_turns": sum(r.get("turns", 0) for r in rs) / n if n else 0.0,
        }
    return out
