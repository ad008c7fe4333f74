"""``ringwar odds``: the exact chances of each [7.41]x[7.42] outcome of one SPI attack."""

from __future__ import annotations

import json

import click

from ..systems.spi.data import LETTERS, MORALES

_NAMES = {
    "none": "no effect",
    "r1": "retreat 1",
    "r2": "retreat 2",
    "halfE": "half eliminated",
    "halfE+r1": "half eliminated, retreat 1",
    "E": "eliminated",
}


def _letter(ctx: click.Context, param: click.Parameter, value: str) -> str:
    v = value.strip()
    if len(v) != 1 or v.upper() not in LETTERS:
        raise click.BadParameter(f"{value!r} is not an attack strength: use one of {', '.join(LETTERS)}")
    return v.upper()


def _morale(ctx: click.Context, param: click.Parameter, value: str) -> str:
    v = value.strip()
    if len(v) != 1 or v.upper() not in MORALES:
        raise click.BadParameter(f"{value!r} is not a morale rating: use one of {', '.join(MORALES)}")
    return v.upper()


def _armour(ctx: click.Context, param: click.Parameter, value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        n = 0
    if not 1 <= n <= 4:
        raise click.BadParameter(f"{value!r} is not an Armour Protection Rating: use 1, 2, 3 or 4")
    return n


@click.command(name="odds")
@click.option("--attack", "-a", required=True, callback=_letter, metavar="A-E",
              help="the attack strength after modifiers (A best .. E worst)")
@click.option("--armour", "--armor", "armour", required=True, callback=_armour, metavar="1-4",
              help="the defender's Armour Protection Rating after modifiers")
@click.option("--morale", "-m", required=True, callback=_morale, metavar="W-Z",
              help="the defender's morale (W best .. Z worst)")
@click.option("--fanatical", is_flag=True,
              help="the attacker is fanatical [7.37]: it skips the Casualty Probability Table")
@click.option("--json", "as_json", is_flag=True, help="print the probabilities as a JSON object")
def command(attack: str, armour: int, morale: str, fanatical: bool, as_json: bool) -> None:
    """Exact probability of each outcome of one attack ([7.41] then [7.42]).

    Outcomes: none, r1, r2, halfE, halfE+r1, E (only those that can occur).
    """
    from ..systems.spi.odds import hit_chance, melee_fractions

    fr = melee_fractions(attack, armour, morale, fanatical)
    if as_json:
        click.echo(json.dumps({k: float(v) for k, v in fr.items()}))
        return
    if fanatical:
        click.echo(f"{attack} vs armour {armour}, morale {morale}: fanatical [7.37], every attack "
                   f"inflicts a casualty")
    else:
        p = hit_chance(attack, armour)
        click.echo(f"{attack} vs armour {armour}, morale {morale}: casualty [7.41] {float(p):.1%} "
                   f"({p.numerator}/{p.denominator})")
    width = max(len(_NAMES.get(k, k)) for k in fr) + 2
    for k, v in fr.items():
        name = _NAMES.get(k, k)
        click.echo(f"  {k:<9} {name:<{width}} {float(v):7.2%}   {v.numerator}/{v.denominator}")
