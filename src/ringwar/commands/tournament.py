"""``ringwar tournament SYSTEM --agents random,heuristic,mcts``: every pairing, sides swapped,
win rates with 95 % Wilson intervals."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import click


def pairing_specs(system: str, scenario: str | None, a: str, b: str, games: int, seed: int,
                  n_sides: int, agent_options: dict[str, dict[str, Any]], max_actions: int,
                  options: dict[str, Any] | None = None) -> list[Any]:
    """Game k: agent ``a`` plays side ``k % n_sides``, ``b`` every other side; the seed
    changes every ``n_sides`` games, so each seed is played with the sides swapped."""
    from ..sim import GameSpec

    specs = []
    for k in range(games):
        pos = k % n_sides
        names = tuple(a if i == pos else b for i in range(n_sides))
        specs.append(GameSpec(system, seed + k // n_sides, names, dict(options or {}), agent_options,
                              scenario, max_actions, {"pairing": f"{a} vs {b}", "a": a, "b": b,
                                                      "a_side_index": pos}))
    return specs


def table(rows: list[dict[str, Any]], sides: list[str]) -> list[str]:
    from ..sim.stats import fmt_rate

    out = []
    head = f"{'pairing':<24} {'games':>5}  {'A wins (95% CI)':<22} {'B wins (95% CI)':<22} {'draws':>5}"
    for s in sides:
        head += f"  {('A as ' + s):<26}"
    out.append(head)
    pairings: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        pairings.setdefault(r["pairing"], []).append(r)
    for name, rs in pairings.items():
        n = len(rs)
        a_wins = sum(1 for r in rs if r["winner"] is not None and r["sides"][r["a_side_index"]] == r["winner"])
        b_wins = sum(1 for r in rs if r["winner"] is not None and r["sides"][r["a_side_index"]] != r["winner"])
        draws = n - a_wins - b_wins
        line = f"{name:<24} {n:>5}  {fmt_rate(a_wins, n):<22} {fmt_rate(b_wins, n):<22} {draws:>5}"
        for i, s in enumerate(sides):
            sub = [r for r in rs if r["a_side_index"] == i]
            k = sum(1 for r in sub if r["winner"] == s)
            line += f"  {(fmt_rate(k, len(sub)) + f' n={len(sub)}'):<26}" if sub else f"  {'-':<26}"
        out.append(line)
    return out


@click.command(name="tournament")
@click.argument("system", default="sauron")
@click.option("--agents", default="random,heuristic", show_default=True,
              help="comma-separated agent names; every pair plays")
@click.option("--games", "-n", type=click.IntRange(min=1), default=20, show_default=True,
              help="games per pairing (sides alternate)")
@click.option("--workers", "-w", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--seed", "-s", type=click.IntRange(0, 2**63 - 1), default=1, show_default=True)
@click.option("--think", default=None, help="mcts: seconds per decision (e.g. 0.2s)")
@click.option("--iterations", type=click.IntRange(min=1), default=None,
              help="mcts: iterations per decision (reproducible)")
@click.option("--max-actions", type=click.IntRange(min=1), default=60_000, show_default=True)
@click.option("--ray", "ray_address", default=None, help="run on Ray (an address, or 'local')")
@click.option("--out", default=None, help="also write one row per game (.jsonl or .parquet)")
@click.option("--option", "-o", "game_options", multiple=True,
              help="NAME=VALUE: a game option, e.g. players=2 for the Battle of the Ring (repeatable)")
@click.option("--progress/--no-progress", default=True, show_default=True)
def command(system: str, agents: str, games: int, workers: int, seed: int, think: str | None,
            iterations: int | None, max_actions: int, ray_address: str | None, out: str | None,
            game_options: tuple[str, ...], progress: bool) -> None:
    """Play every pairing of AGENTS at SYSTEM (sides swapped) and print win rates with 95 %
    Wilson confidence intervals, overall and per side."""
    import ringwar

    from ..ai.agents import agent_names, known_agent
    from ..core.engine import system_class, unattended_options
    from ..sim import run_many
    from ..sim.options import agent_options, parse_options, split_system, write_rows

    system, scenario = split_system(system)
    names = [a.strip() for a in agents.split(",") if a.strip()]
    for a in names:
        if not known_agent(a):
            raise click.BadParameter(f"unknown agent {a!r} (known: {', '.join(agent_names())})")
    if len(names) < 2:
        raise click.BadParameter("a tournament needs at least two agents")
    options = parse_options(game_options)
    try:
        system_class(system)
        # the sides may depend on the options (the Battle of the Ring's players=2)
        sides = list(ringwar.new_game(system, scenario, seed=seed,
                                      options=unattended_options(system, options)).sides)
    except ringwar.RecordError as e:
        raise click.ClickException(str(e)) from None
    aopts = agent_options(think, iterations)
    specs = []
    for a, b in combinations(names, 2):
        # the stronger-looking agent (later in the list) is "A"
        specs.extend(pairing_specs(system, scenario, b, a, games, seed, len(sides), aopts, max_actions,
                                   options))
    rows = run_many(specs, workers=workers, ray_address=ray_address, progress=progress, desc="tournament")
    if out:
        write_rows(out, rows)
    budget = ", ".join(f"{k}={v}" for k, v in aopts.get("mcts", {}).items()) or "defaults"
    shown = "".join(f", {k}={v}" for k, v in options.items())
    click.echo(f"{system}{shown}: {len(rows)} games, seeds from {seed}, mcts budget: {budget}")
    for line in table(rows, sides):
        click.echo(line)
    unfinished = sum(1 for r in rows if r["status"] != "finished")
    if unfinished:
        click.echo(f"{unfinished} games unfinished (counted as neither side's win)")
