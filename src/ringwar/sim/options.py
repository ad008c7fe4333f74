"""Command-line helpers shared by ``tournament`` and ``simulate``."""

from __future__ import annotations

import json
from typing import Any

import click


def parse_seconds(text: str | None) -> float | None:
    """``"2s"``, ``"0.2"``, ``"500ms"`` -> seconds."""
    if text is None:
        return None
    t = text.strip().lower()
    try:
        if t.endswith("ms"):
            return float(t[:-2]) / 1000
        if t.endswith("s"):
            return float(t[:-1])
        return float(t)
    except ValueError:
        raise click.BadParameter(f"{text!r} is not a duration (e.g. 2s, 0.2s, 500ms)") from None


def parse_value(text: str) -> Any:
    """A sweep value: JSON if it parses (``3``, ``true``, ``1.5``), else the string."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def parse_options(items: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """``("players=2", "errata_7_37=false")`` -> {"players": 2, "errata_7_37": False}."""
    out: dict[str, Any] = {}
    for item in items:
        k, sep, v = item.partition("=")
        if not sep or not k.strip():
            raise click.BadParameter(f"--option takes NAME=VALUE, not {item!r}")
        out[k.strip()] = parse_value(v.strip())
    return out


def parse_sweep(text: str | None) -> tuple[str, list[Any]] | None:
    """``"reinforcement_delay=0,1,2"`` -> ("reinforcement_delay", [0, 1, 2])."""
    if not text:
        return None
    name, sep, values = text.partition("=")
    if not sep or not name or not values:
        raise click.BadParameter("--sweep takes PARAM=v1,v2,...")
    return name.strip(), [parse_value(v.strip()) for v in values.split(",") if v.strip()]


def agent_options(think: str | None, iterations: int | None) -> dict[str, dict[str, Any]]:
    opts: dict[str, Any] = {}
    secs = parse_seconds(think)
    if secs is not None:
        opts["think"] = secs
    if iterations is not None:
        opts["iterations"] = iterations
    return {"mcts": opts} if opts else {}


def split_system(text: str) -> tuple[str, str | None]:
    """``"gondor"`` or ``"sauron:standard"`` -> (system, scenario)."""
    system, _, scenario = text.partition(":")
    return system, scenario or None


def write_rows(path: str, rows: list[dict[str, Any]]) -> None:
    """JSON lines (``.jsonl``/``.json``) or Parquet (``.parquet``, needs pyarrow)."""
    if path.endswith(".parquet"):
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise click.ClickException("writing Parquet needs pyarrow (pip install pyarrow)") from None
        flat = [{k: (json.dumps(v, sort_keys=True) if isinstance(v, dict | list) else v)
                 for k, v in r.items()} for r in rows]
        keys = sorted({k for r in flat for k in r})
        table = pa.table({k: [r.get(k) for r in flat] for k in keys})
        pq.write_table(table, path)
        return
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, sort_keys=True) + "\n")
