"""``ringwar analyse FILE``: a finished game's analysis, each side's chances after every
action and the turning points (the largest swings), from the static evaluation of the true
position (a finished game may show everything; ``ringwar.ai.analysis``).
"""

from __future__ import annotations

import click


def _pct(chances: dict[str, float]) -> str:
    return ", ".join(f"{s} {100 * p:.0f}%" for s, p in chances.items())


@click.command(name="analyse")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--top", type=click.IntRange(1, 50), default=5, show_default=True,
              help="how many turning points to show")
@click.option("--every", type=click.IntRange(0, None), default=0, show_default=True,
              help="also print the chances every N actions (0: only the turning points)")
def command(path: str, top: int, every: int) -> None:
    """Analyse the finished game saved in FILE: its turning points, largest swing first.

    An unfinished game is refused (its analysis would read what a side may not yet see:
    ask for a ``hint`` in the game instead); a damaged file exits with status 1."""
    import ringwar

    from .. import textview as tv
    from ..ai.analysis import analyse

    try:
        game = ringwar.load(path)
    except ringwar.RecordError as e:
        click.echo(f"error: {e}", err=True)
        raise SystemExit(1) from None
    if game.result is None:
        click.echo("error: the game is not finished: a game is analysed once it is over "
                   "(use 'hint' while playing)", err=True)
        raise SystemExit(1)
    a = analyse(game, top=top)
    click.echo(f"{getattr(game, 'title', '') or a['system']}: {a['steps']} actions; "
               f"{tv.result_text(game.result)}")
    click.echo(f"chances at the start: {_pct(a['series'][0]['chances'])}")
    if every:
        for row in a["series"][every::every]:
            click.echo(f"  after {row['step']:>5}: {_pct(row['chances'])}")
    click.echo(f"turning points ({a['method']}):")
    if not a["turning_points"]:
        click.echo("  none: the evaluation never moved (this game has no evaluation short of "
                   "its result)")
    for t in a["turning_points"]:
        who = f"{t['side']}: " if t["side"] else ""
        gain = f", {t['gainer']} gains" if t["gainer"] else ""
        click.echo(f"  action {t['step']}: {who}{t['text']}  [swing {100 * t['swing']:.0f} points"
                   f"{gain}: {_pct(t['before'])} -> {_pct(t['after'])}]")


if __name__ == "__main__":
    command()
