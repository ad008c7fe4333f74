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

import re
from fractions import Fraction
from typing import Any

from ...core.dice import ways_2d6
from .data import LETTERS, MORALES, charts

#: outcome keys, in the order a table shows them (best for the defender first)
OUTCOMES = ("none", "r1", "r2", "halfE", "halfE+r1", "E")

#: [7.42] chart cells -> outcome keys
_RESULT_KEYS = {"E": "E", "hE+r1": "halfE+r1", "hE": "halfE", "r1": "r1", "r2": "r2"}



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
    return two_dice(*charts().cpt_range(attack, armour))


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


def attack_odds(game: Any, attacker_id: str, target_id: str, missile: bool = False,
                fixed_letter: str | None = None) -> dict[str, Any]:
    """The odds of ``attacker_id`` attacking ``target_id`` now, with every modifier the
    game applies (terrain, slopes, formations, spells, magic weapons, night ...).
    ``fixed_letter``: an attack a rule makes at a set strength, never fanatical ([17.32] a
    magic weapon against the Beast attacks at A).

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
    attacks_from = getattr(game, "attacks_from", None)      # Gondor [14.2]: from off the map
    if getattr(d, "hex", None) is None or (getattr(p, "hex", None) is None and not (
            not missile and attacks_from is not None and attacks_from(p))):
        raise ValueError("both units must be on the map")
    letter = fixed_letter or game.attack_letter(p, melee=not missile, target=d)
    if letter is None:
        kind = "missile" if missile else "melee"
        raise ValueError(f"{attacker_id} has no {kind} attack strength now")
    armour, reasons = game.defence_armour(d, p.hex, missile)
    morale = game.defence_morale(d)
    fanatical = fixed_letter is None and bool(game.is_fanatical(p))
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


# ===== previews: the odds explained (issue 14, item 9) =============================================
# ``SpiGame.preview`` returns, for every attack and spell, the schema the browser shows:
# {"table", "column", "shifts": [{"rule", "text"}], "odds": {code: p}, "legend": {code: text},
# "summary"} (docs/engine.md).  Codes are the charts' own.

#: outcome keys -> the [7.42] chart's codes ("-": no casualty on the [7.41] table)
CHART_CODES = {"none": "-", "r1": "r1", "r2": "r2", "halfE": "½E", "halfE+r1": "½E, r1", "E": "E"}

#: [7.42] KEY, as the chart words it (with the rules each result applies)
LEGEND_742 = {
    "-": "no casualty: the two dice are not among the totals the [7.41] table lists [7.33]",
    "r1": "the defending unit must retreat one hex [7.54]; a unit that retreats is disrupted [7.57]",
    "r2": "the defending unit must retreat two hexes [7.54]; a unit that retreats is disrupted [7.57]",
    "½E": "the defending unit is inverted and now uses the values on its reverse side; if already using "
          "its reverse side, the unit is eliminated",
    "½E, r1": "the defending unit is inverted (eliminated if already inverted) and retreated one hex",
    "E": "the defending unit is immediately removed from play and is counted toward Demoralization [9.13]",
}

#: [7.26] column headings, as the chart prints them
LEADER_HEADINGS = {"+6": "+6 or more", "+4": "+4 or +5", "+2": "+2 or +3", "+1": "+1", "0": "0",
                   "-1": "-1 or -2", "-3": "-3", "-4": "-4 or less"}

_REASON = re.compile(r"^\s*(\[[^\]]+\])\s*(.*)$")


def shift_entry(reason: str) -> dict[str, str]:
    """``"[4.3] defender in rough: armour +1"`` -> ``{"rule": "[4.3]", "text": "defender in rough: armour +1"}``."""
    m = _REASON.match(reason)
    return {"rule": m.group(1), "text": m.group(2)} if m else {"rule": "", "text": reason}


def two_dice(lo: int, hi: int) -> Fraction:
    """The chance that two dice total ``lo`` to ``hi``."""
    return Fraction(ways_2d6(range(lo, hi + 1)), 36)


def _pct(p: float) -> str:
    return f"{100 * p:.0f}%" if p >= 0.01 or p == 0 else "<1%"


def explain_attack(game: Any, attacker_id: str, target_id: str, missile: bool = False,
                   letter: str | None = None, letter_why: list[str] | None = None) -> dict[str, Any]:
    """The preview of an attack: :func:`attack_odds` with the table, the column in words,
    every modifier with its case, the odds by chart code and a legend for every code.
    ``letter`` (with ``letter_why``) overrides the attack strength ([17.32] a magic weapon)."""
    base = attack_odds(game, attacker_id, target_id, missile=missile, fixed_letter=letter)
    p, d = game.units[attacker_id], game.units[target_id]
    if letter is None:
        letter_why = game.attack_why(p, melee=not missile, target=d)
    morale_why = game.defence_morale_why(d)[1]
    kind = "missile fire" if missile else "melee"
    shifts = [shift_entry(r) for r in (letter_why or [])]
    shifts += [shift_entry(r) for r in base["reasons"]]
    shifts += [shift_entry(r) for r in morale_why]
    if base["fanatical"]:
        why = game.fanatical_why(p) or "[7.37] the attacker is fanatical"
        shifts.append(shift_entry(why))
        shifts.append({"rule": "[7.37]", "text": "a fanatical attacker skips the Casualty Probability Table: "
                       "every attack inflicts a casualty" + (" (errata: missile fire too)" if missile else "")})
    fr = melee_fractions(base["attack"], base["armour"], base["morale"], base["fanatical"])
    odds = {CHART_CODES[k]: float(v) for k, v in fr.items()}
    notes = game.outcome_notes(d, missile)
    legend = {code: LEGEND_742[code] + (f"; {notes[code]}" if code in notes else "") for code in odds}
    lo, hi = charts().cpt_range(base["attack"], base["armour"])
    hit = 1.0 if base["fanatical"] else float(hit_chance(base["attack"], base["armour"]))
    if base["fanatical"]:
        column = f"{kind}: fanatical attack {base['attack']}, no roll for a casualty; then morale {base['morale']}"
    else:
        column = (f"{kind}: attack {base['attack']} against armour {base['armour']} (a casualty on "
                  f"{lo}-{hi} with two dice), then morale {base['morale']}")
    killed = sum(float(v) for k, v in fr.items() if k in game.eliminating_outcomes(d))
    summary = f"{_pct(hit)} to inflict a casualty; {_pct(killed)} to eliminate {game.label(d)}"
    return {
        "table": "[7.41] Casualty Probability Table, then [7.42] Casualty Results Table",
        "column": column, "shifts": shifts, "odds": odds, "legend": legend, "summary": summary,
        # the values read, for programs (and the terminal's ``odds``)
        "attack": base["attack"], "armour": base["armour"], "morale": base["morale"],
        "fanatical": base["fanatical"], "reasons": base["reasons"], "outcomes": base["odds"],
    }


def explain_leader_attack(game: Any, attacker_id: str, target_id: str) -> dict[str, Any]:
    """The preview of individual combat between two leaders [7.2]: the [7.26] column from
    the differential of the two ratings, with every modifier of each rating."""
    a, d = game.units[attacker_id], game.units[target_id]
    ra, why_a = game.combat_rating_why(a, foe=d)
    rd, why_d = game.combat_rating_why(d, foe=a)
    diff = ra - rd
    from .rules.leader_combat import leader_column
    col = leader_column(diff)
    shifts = [shift_entry(r) for r in why_a + why_d]
    if diff > 6 or diff < -4:
        shifts.append({"rule": "[7.26]", "text": f"a differential of {diff:+d} counts as {'+6' if diff > 6 else '-4'}"})
    odds: dict[str, float] = {}
    for res in game.charts.leader_crt[col]:
        code = res.replace("h", "½")
        odds[code] = odds.get(code, 0.0) + 1 / 6
    words = {"r2": "retreats two hexes", "½": "is reduced to half strength: he uses his back-printed rating "
             "for the rest of the game; if already reduced, he is eliminated", "e": "is eliminated"}
    legend = {}
    for code in odds:
        if code == "-":
            legend[code] = "no effect"
            continue
        ld = d if code[0] == "D" else a
        who = f"the defender ({d.name})" if code[0] == "D" else f"the attacker ({a.name})"
        note = game.leader_result_notes(ld).get(code[1:])
        legend[code] = f"{who} {words[code[1:]]}" + (f"; {note}" if note else "")
    p_d = sum(v for k, v in odds.items() if k.startswith("D"))
    p_a = sum(v for k, v in odds.items() if k.startswith("A"))
    return {
        "table": "[7.26] Leader/Individual Combat Results Table",
        "column": f"differential {diff:+d} ({a.name} {ra} against {d.name} {rd}): column {LEADER_HEADINGS[col]}",
        "shifts": shifts, "odds": odds, "legend": legend,
        "summary": f"{_pct(p_d)} that {d.name} suffers a result, {_pct(p_a)} that {a.name} does",
        "differential": diff, "ratings": [ra, rd],
    }


def ranges_text(ranges: list[tuple[int, int]]) -> str:
    """[(3, 6)] -> "3-6"; [(4, 4), (6, 7)] -> "4, 6-7"."""
    return ", ".join(f"{lo}" if lo == hi else f"{lo}-{hi}" for lo, hi in ranges)


def explain_roll(table: str, column: str, ranges: list[tuple[int, int]], success: str, success_text: str,
                 failure: str, failure_text: str, shifts: list[dict[str, str]] | None = None,
                 summary: str = "") -> dict[str, Any]:
    """A single 2d6 roll that succeeds on the totals in ``ranges`` (a spell, a rally, a breach)."""
    p = float(sum((two_dice(lo, hi) for lo, hi in ranges), Fraction(0)))
    odds = {success: p, failure: 1 - p} if p < 1 else {success: 1.0}
    legend = {success: success_text, failure: failure_text}
    return {"table": table, "column": column, "shifts": shifts or [], "odds": odds,
            "legend": {k: legend[k] for k in odds}, "summary": summary or f"{_pct(p)}: {success}"}
