"""``ringwar replay FILE``: print a saved game's log, its result and its state hash."""

from __future__ import annotations

import click


@click.command(name="replay")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--side", default=None, help="show the log as this side saw it")
def command(path: str, side: str | None) -> None:
    """Replay the saved game FILE through the rules and print its log.

    A damaged file (bad JSON, unknown version, an action that does not replay, a final
    hash that does not match) is reported and the command exits with status 1.  A file
    without a final hash cannot be verified: it is replayed, and marked UNVERIFIED.
    """
    import json

    import ringwar

    from .. import textview as tv
    from .play import pick_side

    try:
        game = ringwar.load(path)
    except ringwar.RecordError as e:
        click.echo(f"error: {e}", err=True)
        raise SystemExit(1) from None
    with open(path, encoding="utf-8") as f:
        verified = bool(json.load(f).get("final_hash"))
    if side is not None:
        side = pick_side(list(game.sides), side)
    rec = game.record
    click.echo(f"{getattr(game, 'title', '') or rec.system}: seed {rec.seed}, scenario {rec.scenario}, "
               f"{len(rec.actions)} actions" + (f", options {rec.options}" if rec.options else "")
               + (f"; the log as {side} saw it" if side else ""))
    log = tv.visible_log(game, side) if side else getattr(game, "log", None)
    if log is None:
        log = game.log_for(None)
    for line in tv.log_lines(log):
        click.echo(line)
    if game.result is not None:
        click.echo(tv.result_text(game.result))
    else:
        click.echo(f"not finished: turn {game.turn}, phase {game.phase}, {game.to_act} to act")
    click.echo(f"state hash {game.state_hash()}" + (
        "" if verified else "  (UNVERIFIED: the file has no final hash to check it against)"))
