"""Exact outcome probabilities of an SPI attack: [7.41] Casualty Probability Table (2d6)
then [7.42] Casualty Results Table (1d6 against the defender's morale).

>>> from fractions import Fraction
>>> odds = melee_fractions("B", 3, "Y")
>>> odds["none"]                  # B vs 3 hits on 2-7: 21/36, so 15/36 miss
Fraction(5, 12)
>>> odds["E"]                     # a hit, then a 1 or 2 on the Y column
Fraction(7, 36)
>>> sum(odds.values())
Fraction(1, 1)

Outcome keys: ``none`` (no casualty), ``r1``, ``r2`` (retreat), ``halfE`` (½E alone:
no chart cell gives it today, kept for systems and errata that do), ``halfE+r1`` and
``E``.  Only outcomes that can occur are returned.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .data import LETTERS, MORALES, charts

#: outcome keys, in the order a table shows them (best for the defender first)
OUTCOMES = ("none", "r1", "r2", "halfE", "halfE+r1", "E")

#: [7.42] chart cells -> outcome keys
_RESULT_KEYS = {"E": "E", "hE+r1": "halfE+r1", "hE": "halfE", "r1": "r1", "r2": "r2"}

_TWO_D6 = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}


def _check(attack: str, armour: int, morale: str) -> tuple[str, int, str]:
    if not isinstance(attack, str) or len(attack) != 1 or attack.upper() not in LETTERS:
        raise ValueError(f"attack strength must be one of {', '.join(LETTERS)}, not {attack!r}")
    if isinstance(armour, bool) or not isinstance(armour, int) or not 1 <= armour <= 4:
        raise ValueError(f"armour must be 1, 2, 3 or 4, not {armour!r}")
    if not isinstance(morale, str) or len(morale) != 1 or morale.upper() not in MORALES:
        raise ValueError(f"morale must be one of {', '.join(MORALES)}, not {morale!r}")
    return attack.upper(), armour, morale.upper()


def hit_chance(attack: str, armour: int) -> Fraction:
    """[7.41] the chance that ``attack`` inflicts a casualty on ``armour``."""
    lo, hi = charts().cpt_range(attack, armour)
    return sum((_TWO_D6[t] for t in range(lo, hi + 1)), Fraction(0))


def result_key(cell: str) -> str:
    """A [7.42] cell ("hE+r1") as an outcome key ("halfE+r1")."""
    try:
        return _RESULT_KEYS[cell]
    except KeyError:
        raise ValueError(f"unknown Casualty Results Table entry {cell!r}") from None


def melee_fractions(attack: str, armour: int, morale: str, fanatical: bool = False) -> dict[str, Fraction]:
    """Exact probabilities (as fractions) of each outcome; see :func:`melee_odds`."""
    attack, armour, morale = _check(attack, armour, morale)
    p_hit = Fraction(1) if fanatical else hit_chance(attack, armour)      # [7.37]
    out: dict[str, Fraction] = {}
    if p_hit < 1:
        out["none"] = 1 - p_hit
    ch = charts()
    for die in range(1, 7):
        key = result_key(ch.crt_result(die, morale))
        out[key] = out.get(key, Fraction(0)) + p_hit / 6
    return {k: out[k] for k in OUTCOMES if out.get(k)}


def melee_odds(attack: str, armour: int, morale: str, fanatical: bool = False) -> dict[str, float]:
    """The probability of each [7.41]x[7.42] outcome of one attack.

    ``attack`` is the attack strength letter A-E after modifiers (either case: missile
    letters are lower case on the counters), ``armour`` the defender's Armour Protection
    Rating (1-4) after modifiers, ``morale`` its morale W-Z.  A ``fanatical`` attacker skips
    the Casualty Probability Table [7.37]: every attack inflicts a casualty.  Keys are
    ``none``, ``r1``, ``r2``, ``halfE``, ``halfE+r1``, ``E`` (only those that can occur);
    the values sum to 1.
    """
    return {k: float(v) for k, v in melee_fractions(attack, armour, morale, fanatical).items()}


def attack_odds(game: Any, attacker_id: str, target_id: str, missile: bool = False) -> dict[str, Any]:
    """The odds of ``attacker_id`` attacking ``target_id`` now, with every modifier the
    game applies (terrain, slopes, formations, spells, magic weapons, night ...).

    Uses the game's own hooks (``attack_letter``, ``defence_armour``, ``defence_morale``,
    ``is_fanatical``), so it agrees with what ``apply`` would roll against.  Returns
    ``{"attack", "armour", "morale", "fanatical", "reasons", "odds"}``; raises ValueError if
    the attacker has no strength of that kind or a unit is unknown or off the map.
    """
    try:
        p = game.units[attacker_id]
        d = game.units[target_id]
    except KeyError as e:
        raise ValueError(f"unknown unit {e.args[0]!r}") from None
    if getattr(p, "hex", None) is None or getattr(d, "hex", None) is None:
        raise ValueError("both units must be on the map")
    letter = game.attack_letter(p, melee=not missile, target=d)
    if letter is None:
        kind = "missile" if missile else "melee"
        raise ValueError(f"{attacker_id} has no {kind} attack strength now")
    armour, reasons = game.defence_armour(d, p.hex, missile)
    morale = game.defence_morale(d)
    fanatical = bool(game.is_fanatical(p))
    if missile and not game.options.get("errata_7_37", True):
        fanatical = False
    return {
        "attack": letter.upper(),
        "armour": armour,
        "morale": morale,
        "fanatical": fanatical,
        "reasons": list(reasons),
        "odds": melee_odds(letter, armour, morale, fanatical),
    }
