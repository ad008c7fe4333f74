"""Play games described by :class:`GameSpec` values; one summary row per game.

One function, :func:`run_game`, plays a game; :func:`run_many` maps it over specs on a
backend: in this process (``workers=1``), on local processes (``concurrent.futures``), or
on a Ray cluster (``ray_address``; ``"local"`` starts a local Ray instance).  Every backend
runs the same :func:`run_game` on the same specs, and a row depends only on its spec, so
the same seeds give the same rows whatever the backend (timings aside: ``seconds``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

#: event types counted in a row's ``events`` (the "key events" of a game)
KEY_EVENTS = ("eliminated", "demoralized", "reduced", "rally", "cast", "breach", "pour", "exit",
              "transfer", "victory_points")


@dataclass(frozen=True)
class GameSpec:
    """One game: the system, its seed, one agent name per side (in ``game.sides`` order; a
    shorter tuple repeats its last name), game options and agent options."""

    system: str
    seed: int
    agents: tuple[str, ...] = ("random", "random")
    options: dict[str, Any] = field(default_factory=dict)
    agent_options: dict[str, dict[str, Any]] = field(default_factory=dict)
    scenario: str | None = None
    max_actions: int = 60_000
    #: extra columns copied to the row (e.g. the swept parameter and its value)
    tags: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["agents"] = list(self.agents)
        return d


def run_game(spec: GameSpec | dict[str, Any]) -> dict[str, Any]:
    """Play one game to its end (or ``max_actions``); returns its row."""
    import ringwar

    from ..ai import DeadEnd, RunawayGame, agent_seed, make_agent, play_game

    if isinstance(spec, dict):
        spec = GameSpec(**{**spec, "agents": tuple(spec.get("agents", ("random", "random")))})
    t0 = time.perf_counter()
    from ..core.engine import unattended_options
    # nobody watches: the system's SIMULATION_OPTIONS (a round limit ...) unless overridden
    game = ringwar.new_game(spec.system, scenario=spec.scenario, seed=spec.seed,
                            options=unattended_options(spec.system, dict(spec.options)))
    sides = list(game.sides)
    names = [spec.agents[min(i, len(spec.agents) - 1)] for i in range(len(sides))]
    agents = {s: make_agent(names[i], agent_seed(spec.seed, i), **spec.agent_options.get(names[i], {}))
              for i, s in enumerate(sides)}
    counts: dict[str, int] = {}
    demoralized: list[dict[str, Any]] = []

    def on_action(side: str, action: dict[str, Any], events: list[dict[str, Any]]) -> None:
        for e in events:
            kind = e.get("type")
            if kind in KEY_EVENTS:
                counts[kind] = counts.get(kind, 0) + 1
                if kind == "demoralized":
                    demoralized.append({"army": e.get("side_affected"), "turn": game.turn})

    status, note = "finished", None
    try:
        play_game(game, agents, max_actions=spec.max_actions, on_action=on_action)
    except RunawayGame:
        status, note = "stopped", f"not over after {spec.max_actions} actions"
    except DeadEnd as e:
        status, note = "dead end", str(e)
    res = game.result or {}
    view = game.view(None)
    losses: dict[str, int] = {}
    for u in view.get("units", ()):
        if u.get("where") == "dead":
            owner = u.get("side") or "?"
            losses[owner] = losses.get(owner, 0) + 1
    row: dict[str, Any] = {
        "system": spec.system,
        "scenario": game.record.scenario,
        "seed": spec.seed,
        "sides": sides,
        "agents": dict(zip(sides, names)),
        "status": status,
        "winner": res.get("winner"),
        "level": res.get("level"),
        "rule": res.get("rule"),
        "turns": game.turn,
        "actions": len(game.record.actions),
        "victory_points": view.get("victory_points"),
        "demoralization": view.get("demoralization"),
        "losses": losses,
        "events": dict(sorted(counts.items())),
        "demoralized": demoralized,
        "hash": game.state_hash(),
        "seconds": round(time.perf_counter() - t0, 3),
    }
    if note:
        row["note"] = note
    search = {s: a.stats for s, a in agents.items() if hasattr(a, "stats")}
    if search:
        row["search"] = search
    row.update(spec.tags)
    return row


def _ray_backend(specs: Sequence[GameSpec], address: str, workers: int) -> Iterator[tuple[int, dict[str, Any]]]:
    try:
        import ray
    except ImportError:
        raise RuntimeError("the Ray backend needs ray: pip install 'ringwar[sim]'") from None
    if not ray.is_initialized():
        if address == "local":
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    remote = ray.remote(run_game)
    refs = {remote.remote(s): i for i, s in enumerate(specs)}
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield refs[ref], ray.get(ref)


def _process_backend(specs: Sequence[GameSpec], workers: int) -> Iterator[tuple[int, dict[str, Any]]]:
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor, as_completed

    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else None
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as ex:
        futures = {ex.submit(run_game, s): i for i, s in enumerate(specs)}
        for f in as_completed(futures):
            yield futures[f], f.result()


def run_many(specs: Sequence[GameSpec], workers: int = 1, ray_address: str | None = None,
             progress: bool = False, on_row: Callable[[dict[str, Any]], None] | None = None,
             desc: str = "games") -> list[dict[str, Any]]:
    """Run every spec; returns the rows in the order of ``specs`` (``on_row`` sees them as
    they finish).  ``progress`` shows a tqdm bar on stderr."""
    if ray_address:
        stream = _ray_backend(specs, ray_address, workers)
    elif workers > 1 and len(specs) > 1:
        stream = _process_backend(specs, workers)
    else:
        stream = ((i, run_game(s)) for i, s in enumerate(specs))
    bar = None
    if progress:
        try:
            from tqdm import tqdm
            bar = tqdm(total=len(specs), desc=desc, unit="game", leave=False)
        except ImportError:
            bar = None
    rows: list[dict[str, Any] | None] = [None] * len(specs)
    try:
        for i, row in stream:
            rows[i] = row
            if on_row is not None:
                on_row(row)
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return [r for r in rows if r is not None]
