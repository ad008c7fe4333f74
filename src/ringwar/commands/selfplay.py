"""``ringwar selfplay SYSTEM``: complete games between random agents, one line per game.

Options are given as in ``tournament`` and ``simulate`` (``-o players=2``); unattended games
use the system's ``SIMULATION_OPTIONS`` (a round limit the rules lack) unless told otherwise."""

from __future__ import annotations

import json
import time
from typing import Any

import click


def play_one(system: str, seed: int, max_actions: int, options: dict[str, Any] | None = None,
             agent: str = "random") -> dict[str, Any]:
    """Play one game between agents; returns its summary (deterministic for a seed)."""
    import ringwar

    from ..ai import DeadEnd, RunawayGame, agent_seed, make_agent, play_game
    from ..core.engine import unattended_options

    game = ringwar.new_game(system, seed=seed, options=unattended_options(system, options))
    agents = {s: make_agent(agent, agent_seed(seed, i)) for i, s in enumerate(game.sides)}
    status = "finished"
    note = None
    try:
        play_game(game, agents, max_actions=max_actions)
    except RunawayGame:
        status, note = "stopped", f"stopped after {max_actions} actions (--max-actions), unfinished"
    except DeadEnd as e:
        status, note = "dead end", str(e)
    res = game.result or {}
    row: dict[str, Any] = {
        "seed": seed,
        "status": status,
        "winner": res.get("winner"),
        "level": res.get("level"),
        "turns": game.turn,
        "actions": len(game.record.actions),
        "hash": game.state_hash(),
    }
    if note:
        row["note"] = note
    return row


@click.command(name="selfplay")
@click.argument("system", required=False, default="sauron")
@click.option("--games", "-n", type=click.IntRange(min=1), default=1, show_default=True,
              help="how many games")
@click.option("--seed", "-s", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True,
              help="game i is played with seed S+i")
@click.option("--max-actions", type=click.IntRange(min=1), default=100_000, show_default=True,
              help="stop a game after this many actions (reported as stopped)")
@click.option("--option", "-o", "game_options", multiple=True, metavar="NAME=VALUE",
              help="a game option, e.g. -o players=2 (repeatable)")
@click.option("--json", "as_json", is_flag=True, help="one JSON object per game (JSON lines)")
@click.option("--time", "show_time", is_flag=True, help="also report the seconds each game took")
def command(system: str, games: int, seed: int, max_actions: int, game_options: tuple[str, ...],
            as_json: bool, show_time: bool) -> None:
    """Play GAMES complete games of SYSTEM between random agents and summarize each:
    seed, winner, level, turns, actions, final state hash.  Same arguments, same output."""
    import ringwar

    from ..sim.options import parse_options

    options = parse_options(game_options)

    if not as_json:
        click.echo(f"{'seed':>8}  {'winner':<12} {'level':<12} {'turns':>5} {'actions':>7}  hash")
    failures = 0
    for i in range(games):
        t0 = time.perf_counter()
        try:
            row = play_one(system, seed + i, max_actions, options)
        except ringwar.RecordError as e:
            raise click.ClickException(str(e)) from None
        if show_time:
            row["seconds"] = round(time.perf_counter() - t0, 3)
        if row["status"] == "dead end":
            failures += 1
        if as_json:
            click.echo(json.dumps(row, sort_keys=True))
        else:
            winner = row["winner"] or ("-" if row["status"] == "finished" else row["status"])
            level = row["level"] or "-"
            line = (f"{row['seed']:>8}  {winner:<12} {level:<12} {row['turns']:>5} {row['actions']:>7}  "
                    f"{row['hash']}")
            if show_time:
                line += f"  {row['seconds']:.2f}s"
            click.echo(line)
            if row.get("note"):
                click.echo(f"          {row['note']}")
    if failures:
        raise SystemExit(1)
