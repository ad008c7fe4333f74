"""``ringwar simulate SCENARIO --games N --agents A,B``: many games, one row each, a summary
with 95 % confidence intervals, and parameter sweeps plotted as win rate against the value."""

from __future__ import annotations

from typing import Any

import click


def sweep_plot(summary: dict[Any, dict[str, Any]], param: str, sides: list[str], prefix: str,
               title: str) -> list[str]:
    """Win rate (with its 95 % interval) of each side against the swept value: PNG and SVG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    values = list(summary)
    xs = list(range(len(values)))
    numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
    if numeric:
        xs = [float(v) for v in values]
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    for s in sides:
        # a side that plays only at some values (a player count swept) is drawn at those
        sx = [x for x, v in zip(xs, values) if s in summary[v]["rate"]]
        rates = [summary[v]["rate"][s] for v in values if s in summary[v]["rate"]]
        ys = [r[0] for r in rates]
        # (clamped: a rate of 0 or 1 may sit a rounding error outside its own interval)
        err = [[max(0.0, r[0] - r[1]) for r in rates], [max(0.0, r[2] - r[0]) for r in rates]]
        ax.errorbar(sx, ys, yerr=err, marker="o", capsize=4, label=f"{s} wins")
    if not numeric:
        ax.set_xticks(xs, [str(v) for v in values])
    ax.set_xlabel(param)
    ax.set_ylabel("win rate (95% Wilson CI)")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend()
    ax.set_title(title)
    fig.tight_layout()
    paths = [f"{prefix}.png", f"{prefix}.svg"]
    for p in paths:
        fig.savefig(p)
    plt.close(fig)
    return paths


@click.command(name="simulate")
@click.argument("scenario", default="sauron")
@click.option("--games", "-n", type=click.IntRange(min=1), default=10, show_default=True,
              help="games (per sweep value)")
@click.option("--agents", default="heuristic,heuristic", show_default=True,
              help="agent per side, in the system's side order (the last repeats)")
@click.option("--workers", "-w", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--seed", "-s", type=click.IntRange(0, 2**63 - 1), default=1, show_default=True, help="game i has seed S+i")
@click.option("--out", default=None, help="rows to FILE: .jsonl (JSON lines) or .parquet")
@click.option("--sweep", default=None, help="PARAM=v1,v2,...: a game option to vary")
@click.option("--option", "-o", "game_options", multiple=True, help="NAME=VALUE: a game option")
@click.option("--plot", default=None, help="sweep plot file prefix (writes PREFIX.png and PREFIX.svg)")
@click.option("--think", default=None, help="mcts: seconds per decision (e.g. 0.2s)")
@click.option("--iterations", type=click.IntRange(min=1), default=None, help="mcts: iterations per decision")
@click.option("--max-actions", type=click.IntRange(min=1), default=60_000, show_default=True)
@click.option("--ray", "ray_address", default=None, help="run on Ray (an address, or 'local')")
@click.option("--progress/--no-progress", default=True, show_default=True)
def command(scenario: str, games: int, agents: str, workers: int, seed: int, out: str | None,
            sweep: str | None, game_options: tuple[str, ...], plot: str | None, think: str | None,
            iterations: int | None, max_actions: int, ray_address: str | None, progress: bool) -> None:
    """Play GAMES games of SCENARIO (a system, or SYSTEM:SCENARIO) between AGENTS and report
    who wins, with 95 % Wilson intervals.  With --sweep, the games are played for every
    value of a game option and the win rates are plotted against it."""
    from ..ai.agents import agent_names, known_agent
    from ..core.engine import system_class
    from ..core.errors import RecordError
    from ..sim import GameSpec, run_many, summarize
    from ..sim.options import agent_options, parse_options, parse_sweep, split_system, write_rows
    from ..sim.stats import fmt_rate

    system, scen = split_system(scenario)
    try:
        cls = system_class(system)
    except RecordError as e:
        raise click.ClickException(str(e)) from None
    names = tuple(a.strip() for a in agents.split(",") if a.strip())
    for a in names:
        if not known_agent(a):
            raise click.BadParameter(f"unknown agent {a!r} (known: {', '.join(agent_names())})")
    base = parse_options(game_options)
    sw = parse_sweep(sweep)
    values: list[Any] = sw[1] if sw else [None]
    for name in ([sw[0]] if sw else []) + list(base):
        if name not in cls.OPTIONS:
            raise click.BadParameter(f"{system} has no option {name!r} (known: {', '.join(sorted(cls.OPTIONS))})")
    aopts = agent_options(think, iterations)
    specs = []
    for v in values:
        opts = dict(base)
        tags: dict[str, Any] = {}
        if sw:
            opts[sw[0]] = v
            tags = {"param": sw[0], "value": v}
        for i in range(games):
            specs.append(GameSpec(system, seed + i, names, opts, aopts, scen, max_actions, tags))
    rows = run_many(specs, workers=workers, ray_address=ray_address, progress=progress, desc="simulate")
    if out:
        write_rows(out, rows)
        click.echo(f"wrote {len(rows)} rows to {out}")
    # the sides may depend on the options (a player count): those the games were played with
    sides: list[str] = []
    for r in rows:
        sides += [s for s in r.get("sides", ()) if s not in sides]
    sides = sides or list(cls.sides)
    summary = summarize(rows, "value" if sw else None)
    played: dict[str, str] = {}
    for r in rows:
        for s, a in (r.get("agents") or {}).items():
            played.setdefault(s, a)
    label = f"{system}: {', '.join(f'{s}={played.get(s) or names[min(i, len(names) - 1)]}' for i, s in enumerate(sides))}"
    click.echo(label)
    head = f"{(sw[0] if sw else ''):<22} {'games':>5}"
    for s in sides:
        head += f"  {(s + ' wins (95% CI)'):<26}"
    click.echo(head + f"  {'draws':>5} {'unfinished':>10} {'mean turns':>10}")
    for v, st in summary.items():
        line = f"{('' if v == 'all' and not sw else str(v)):<22} {st['games']:>5}"
        for s in sides:
            line += f"  {fmt_rate(st['wins'][s], st['games']) if s in st['wins'] else '-':<26}"
        click.echo(line + f"  {st['draws']:>5} {st['unfinished']:>10} {st['mean_turns']:>10.1f}")
    if sw and len(values) > 1:
        prefix = plot or (out.rsplit(".", 1)[0] if out else f"sweep-{system}-{sw[0]}")
        paths = sweep_plot(summary, sw[0], sides, prefix, label)
        click.echo(f"plot: {', '.join(paths)}")
