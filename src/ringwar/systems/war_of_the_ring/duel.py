"""Individual combat [WR §10.4] as arithmetic: one round between two leads, Gollum's attack
[WR §10.9.5] and the leader-loss table [WR §11.5] — pure functions of plain inputs (the dice are
passed in), so that the game, which knows who stands where, and the tests share one reading.

The game runs the combat: up to ``R-IC-PROCEDURE.rounds`` rounds, a new lead after a loss, the
break-off, the Nazgûl's refusal (R-NAZGUL-REFUSE), revealing, where a passed Ring goes
(R-RING-PASS), the hobbits' march to a citadel.  This module says what one round does.

Every number is data: ``R-IC-PROCEDURE``, ``R-IC-ORC-UNITS``, ``R-RING-SEIZE-4``,
``R-NAZGUL-DAMAGE``, ``R-HOBBIT-REAL-WOUND-USE``, ``S-V5``, ``S-V6``, ``R-WEAR-EFFECTS``,
``R-CLAIM-C-REPLACES``, ``R-CLAIM-PROCEDURE``, ``R-GOLLUM-VS-WEARER``, ``R-GOLLUM-TABLE``,
``R-ITEMS``, ``R-MAGIC-DECK``, ``R-EYE-DECK``, ``R-K-PROCEDURE``.

Readings [R]:
- A *wound* is one point of damage: the spec counts Merry's "1 real wound" as "1 point of that
  round's damage" [WR §8.1] (S-V5, R-HOBBIT-REAL-WOUND-USE) and an Orc unit's "each wound removes
  1 strength" [WR §10.4] (R-IC-ORC-UNITS).  So the Mithril coat and Dwarf-mail, which ignore "the
  first wound in each (individual) combat" [WR §8] [WR §11.9], ignore the first *point* of damage
  their wearer takes in a combat, not the whole first round lost.
- A Nazgûl at 0 is *destroyed* when the real damage alone empties its lasting Endurance (its
  current E plus the shadow damage it already carries, ``Fighter.shadow``), else *dispersed*.
- Ring seizure [WR §10.4] 5 is open to a Dark Power character or a unit fighting as one, not to
  an Eye monster; the round still reports its damage, for the Dark Power chooses seizure *or*
  the wound.  Gollum, winning by ``R-GOLLUM-TABLE.take_ring_margin``, takes the Ring instead of
  wounding [WR §10.9.5].
- The wearer may not be fought except by a Nazgûl or Gollum [WR §10.9.3]: ``may_fight`` checks
  the leads; the game applies the same test to supporters.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .data import Definition, Side

Kind = Literal["character", "unit", "monster"]
RealWounds = Literal["none", "one", "all"]

RING = "the-one-ring"                              # R-ITEMS
NAZGUL_TAG = "nazgul"                              # R-MAGIC-DECK ``against``
SEIZE_SPECIALS = ("may-seize-ring", "may-seize-ring-3p")
CITADEL_SPECIAL = "citadel-after-real-wound"      # S-V5, S-V6
GOLLUM_SPECIAL = "gollum"


@dataclass(frozen=True, slots=True)
class Fighter:
    """A lead in individual combat [WR §10.4].  ``endurance`` is current E (a unit's strength);
    ``shadow`` the shadow damage a Nazgûl already carries this turn, included in ``endurance``
    (so its lasting E is ``endurance + shadow``) [WR §8.1]; ``real_wounds``: what of its damage to
    a Nazgûl is real ("one": Merry, Pippin; "all": Éowyn, a claimant)."""

    id: str
    name: str
    side: Side
    combat: int
    endurance: int
    items: tuple[str, ...] = ()
    nazgul: bool = False
    kind: Kind = "character"
    wearing_ring: bool = False
    claimant: bool = False
    real_wounds: RealWounds = "none"
    ring_bearer: bool = False
    shadow: int = 0


@dataclass(slots=True)
class Round:
    """One round [WR §10.4] 2.  ``winner`` "a", "b" or None (a tie); ``margin`` the difference
    of the totals; ``absorbed`` the point a Mithril coat or Dwarf-mail ignored; ``damage`` the
    wounds the loser's lead takes (margin − absorbed), ``real``/``shadow`` their kinds (all real
    unless the loser is a Nazgûl); ``loss`` the Endurance (a unit: strength) it loses, ``after``
    what it has left; ``fate`` None, "killed", "dispersed" or "destroyed"; ``to_citadel``: the
    winner dealt a real wound and must go to a citadel [WR §8.1]."""

    total_a: int
    total_b: int
    winner: str | None = None
    margin: int = 0
    absorbed: int = 0
    damage: int = 0
    real: int = 0
    shadow: int = 0
    loss: int = 0
    after: int | None = None
    fate: str | None = None
    seizure_possible: bool = False
    gollum_takes_ring: bool = False
    to_citadel: bool = False
    log: list[str] = field(default_factory=list)


# ------------------------------------------------------------------------------------------------
# Fighters


def _real_wounds(D: Definition, char_id: str, claimant: bool) -> RealWounds:
    """[WR §8.1] (R-NAZGUL-DAMAGE real_sources): Éowyn all (S-V6), Merry and Pippin one use
    (S-V5), a claimant all (R-CLAIM-PROCEDURE) [WR §10.9.4]."""
    sources = D.value("R-NAZGUL-DAMAGE", "real_sources")
    if claimant and "ring-claimant" in sources and D.value("R-CLAIM-PROCEDURE",
                                                         "real_damage_vs_nazgul"):
        return "all"
    if char_id not in sources:
        return "none"
    if char_id in D.value("S-V6", "characters"):
        return "all"
    return "one" if char_id in D.value("S-V5", "characters") else "none"


def fighter_from_character(D: Definition, char_id: str, endurance: int | None = None,
                           items: tuple[str, ...] = (), wearing: bool = False,
                           claimant: bool = False, shadow: int = 0) -> Fighter:
    """A character [WR §8] with its current ``endurance`` (None: printed) and ``items``
    (R-ITEMS or Magic-card ids); it bears the Ring when ``the-one-ring`` is among them."""
    if char_id not in D.characters:
        raise ValueError(f"no character {char_id} [WR §8]")
    c = D.characters[char_id]
    for i in items:
        if i not in D.items and i not in D.magic_cards:
            raise ValueError(f"{i}: not an item (R-ITEMS) or Magic card (R-MAGIC-DECK) [WR §11.9]")
    bearer = RING in items
    if wearing and not bearer:
        raise ValueError(f"{c.name} does not bear the Ring and cannot wear it [WR §10.9.2]")
    if claimant and not wearing:
        raise ValueError(f"{c.name}: a claim is made wearing the Ring [WR §10.9.4]")
    if claimant and not any(s in c.specials for s in SEIZE_SPECIALS):
        raise ValueError(f"{c.name} may not claim power with the Ring [WR §10.9.4] [WR §V10]")
    return Fighter(id=c.id, name=c.name, side=c.side, combat=c.combat,
                   endurance=c.endurance if endurance is None else endurance, items=tuple(items),
                   nazgul=c.nazgul, kind="character", wearing_ring=wearing, claimant=claimant,
                   real_wounds=_real_wounds(D, char_id, claimant), ring_bearer=bearer,
                   shadow=shadow)


def unit_combat(D: Definition, strength: int) -> int:
    """[WR §10.4] (R-IC-ORC-UNITS): C = min(4, 1 + strength // 10)."""
    r = D.value("R-IC-ORC-UNITS")
    return min(int(r["combat_max"]), int(r["combat_base"]) + strength // int(r["combat_per_strength"]))


def fighter_from_unit(D: Definition, unit_id: str, strength: int) -> Fighter:
    """An Orc or Troll unit fighting as a character [WR §10.4] (R-IC-ORC-UNITS); its
    ``endurance`` is its strength, which its wounds remove."""
    if unit_id not in D.units:
        raise ValueError(f"no unit {unit_id} [WR §7]")
    u = D.units[unit_id]
    if u.kind not in D.value("R-IC-ORC-UNITS", "kinds"):
        raise ValueError(f"{u.name} ({u.kind}): only Orc and Troll units fight as characters "
                         "[WR §10.4] (R-IC-ORC-UNITS)")
    return Fighter(id=u.id, name=u.name, side=D.nations[u.nation].side,
                   combat=unit_combat(D, strength), endurance=strength, kind="unit")


def fighter_from_monster(D: Definition, eye_card_id: str, endurance: int | None = None) -> Fighter:
    """An Eye-card monster, C (Mo) E [WR §11.8]; Old Man Willow is no Dark Power piece."""
    card = D.eye_cards.get(eye_card_id)
    if card is None or card.effect != "fight" or card.combat is None or card.endurance is None:
        raise ValueError(f"{eye_card_id}: not a fighting Eye card [WR §11.8] (R-EYE-DECK)")
    return Fighter(id=card.id, name=card.name, side="dark" if card.dark_piece else "neutral",
                   combat=card.combat, endurance=card.endurance if endurance is None else endurance,
                   kind="monster")


# ------------------------------------------------------------------------------------------------
# Combat values and legality


def _item(D: Definition, item_id: str) -> tuple[str, int, tuple[str, ...], bool, str]:
    """(name, combat bonus, against, ignores the first wound, key) of a starting item or card."""
    if item_id in D.items:
        it = D.items[item_id]
        return it.id, it.combat, (), it.ignore_first_wound, "R-ITEMS"
    card = D.magic_cards[item_id]
    e = card.effect
    return (card.name, int(e.get("combat", 0)), tuple(e.get("against", ())),
            bool(e.get("ignore_first_wound", False)), "R-MAGIC-DECK")


def _applies(against: tuple[str, ...], opponent: Fighter) -> bool:
    return not against or opponent.id in against or (opponent.nazgul and NAZGUL_TAG in against)


def effective_combat(D: Definition, f: Fighter, opponent: Fighter) -> tuple[int, list[str]]:
    """C + the item bonuses that apply against ``opponent`` [WR §11.9] + the wearer's +2
    [WR §10.9.3] (R-WEAR-EFFECTS), or the claimant's +3 in its place [WR §10.9.4]
    (R-CLAIM-C-REPLACES), with the reasons."""
    c = f.combat
    why = [f"C {f.combat}" + (" from strength [WR §10.4] (R-IC-ORC-UNITS)" if f.kind == "unit"
                              else "")]
    for item_id in f.items:
        name, bonus, against, _, key = _item(D, item_id)
        if bonus and _applies(against, opponent):
            c += bonus
            why.append(f"{name} +{bonus}" + (f" against {opponent.name}" if against else "")
                       + f" [WR §11.9] ({key})")
    if f.claimant:
        bonus = int(D.value("R-CLAIM-C-REPLACES", "combat_bonus"))
        c += bonus
        why.append(f"claimant +{bonus} in place of the wearer's bonus [WR §10.9.4] "
                   "(R-CLAIM-C-REPLACES)")
    elif f.wearing_ring:
        bonus = int(D.value("R-WEAR-EFFECTS", "combat_bonus"))
        c += bonus
        why.append(f"wearing the Ring +{bonus} [WR §10.9.3] (R-WEAR-EFFECTS)")
    return c, why


def _is_gollum(D: Definition, f: Fighter) -> bool:
    c = D.characters.get(f.id)
    return f.kind == "character" and c is not None and GOLLUM_SPECIAL in c.specials


def may_fight(D: Definition, a: Fighter, b: Fighter) -> str | None:
    """None when ``a`` and ``b`` may meet as leads in individual combat, else why not."""
    for f in (a, b):
        if f.endurance <= 0:
            return f"{f.name} has no Endurance left and cannot fight [WR §10.4]"
    if a.side == b.side and a.side != "neutral":
        return f"{a.name} and {b.name} are on the same side [WR §10.4]"
    for x, y in ((a, b), (b, a)):
        if x.kind == "monster" and y.side != "free":
            return f"{x.name} fights only Free groups [WR §10.10]"
        gollum = _is_gollum(D, x) and x.side == "neutral"
        if gollum and not y.ring_bearer:
            return "Gollum fights only the Ring-bearer, in his attack [WR §10.9.5]"
        if (y.wearing_ring and D.value("R-WEAR-EFFECTS", "only_nazgul_fight") and not x.nazgul
                and not (gollum and D.value("R-GOLLUM-VS-WEARER", "gollum_may_attack"))):
            return (f"{x.name} may not fight {y.name}, who wears the Ring: only Nazgûl, and "
                    "Gollum's attack, may [WR §10.9.3] (R-WEAR-EFFECTS, R-GOLLUM-VS-WEARER)")
    return None


# ------------------------------------------------------------------------------------------------
# A round


def _faces(D: Definition) -> int:
    return int(str(D.value("R-IC-PROCEDURE", "die")).removeprefix("d"))


def _wound(D: Definition, r: Round, win: Fighter, lose: Fighter, first_used: bool,
           declare_real: bool, gollum_margin: int | None) -> None:
    r.log.append(f"{win.name} wins the round by {r.margin} [WR §10.4] (R-IC-PROCEDURE)")
    if gollum_margin is not None and _is_gollum(D, win) and r.margin >= gollum_margin:
        r.gollum_takes_ring = True
        r.log.append(f"Gollum wins by {gollum_margin} or more and takes the Ring instead of "
                     "wounding [WR §10.9.5] (R-GOLLUM-TABLE)")
        return
    if (win.side not in ("free", "neutral") and win.kind != "monster" and lose.ring_bearer
            and r.margin >= int(D.value("R-RING-SEIZE-4", "margin"))):
        r.seizure_possible = True
        r.log.append(f"{win.name} may take the Ring instead of wounding [WR §10.4] 5 "
                     "(R-RING-SEIZE-4)")
    armour = None if first_used else next(
        (f"{n} ({k})" for n, _, _, ignores, k in (_item(D, i) for i in lose.items) if ignores), None)
    if armour:                          # one wound = one point of damage (module docstring)
        r.absorbed = 1
        r.log.append(f"{lose.name}'s {armour} ignores the first wound of this combat "
                     "[WR §8] [WR §11.9]")
    r.damage = r.real = r.margin - r.absorbed
    if lose.nazgul:
        use = int(D.value("R-HOBBIT-REAL-WOUND-USE", "real_points")) if declare_real else 0
        r.real = {"all": r.damage, "one": min(r.damage, use)}.get(win.real_wounds, 0)
        r.shadow = r.damage - r.real
        r.log.append(f"{r.real} real and {r.shadow} shadow damage to the Nazgûl [WR §8.1] "
                     "(R-NAZGUL-DAMAGE, R-HOBBIT-REAL-WOUND-USE)")
        spec = D.characters.get(win.id)
        r.to_citadel = bool(r.real and spec and CITADEL_SPECIAL in spec.specials)
        if r.to_citadel:
            r.log.append(f"{win.name} dealt a real wound and must go to a citadel "
                         "[WR §8.1] [WR §V5] [WR §V6]")
    per = int(D.value("R-IC-ORC-UNITS", "strength_per_wound")) if lose.kind == "unit" else 1
    r.loss = r.damage * per
    r.after = lose.endurance - r.loss
    r.log.append(f"{lose.name} loses {r.loss} " + ("strength [WR §10.4] (R-IC-ORC-UNITS)"
                                                   if lose.kind == "unit" else "Endurance")
                 + f", {r.after} left")
    if r.after > 0:
        return
    if lose.nazgul:
        r.fate = "destroyed" if lose.endurance + lose.shadow - r.real <= 0 else "dispersed"
        r.log.append(f"{lose.name} is {r.fate} [WR §8.1] (R-NAZGUL-DAMAGE)")
        return
    r.fate = "killed"
    r.log.append(f"{lose.name} is killed; the combat ends [WR §10.4] 3")
    if lose.claimant:
        r.log.append("the claimant is killed: the killer's side takes the Ring [WR §10.9.4]")
    elif lose.ring_bearer:
        r.log.append("the Ring-bearer is killed: the Ring passes [WR §10.4] 6 (R-RING-PASS)")


def _round(D: Definition, a: Fighter, b: Fighter, die_a: int, die_b: int, support_a: int,
           support_b: int, used_a: bool, used_b: bool, declare_real: bool,
           gollum_margin: int | None = None) -> Round:
    refusal = may_fight(D, a, b)
    if refusal:
        raise ValueError(refusal)
    P = D.value("R-IC-PROCEDURE")
    faces = _faces(D)
    for die in (die_a, die_b):
        if not 1 <= die <= faces:
            raise ValueError(f"a die of {die} is not a {P['die']} [WR §10.4]")
    for s in (support_a, support_b):
        if not 0 <= s <= int(P["max_supporters"]):
            raise ValueError(f"{s} supporters: at most {P['max_supporters']} "
                             "[WR §10.4] 1 (R-IC-PROCEDURE)")
    totals, log = [], []
    for f, o, die, s in ((a, b, die_a, support_a), (b, a, die_b, support_b)):
        c, why = effective_combat(D, f, o)
        totals.append(die + c + s * int(P["support_bonus"]))
        log.append(f"{f.name}: {P['die']} {die} + {c} ({'; '.join(why)}) + support "
                   f"{s * int(P['support_bonus'])} = {totals[-1]} [WR §10.4] 2")
    r = Round(total_a=totals[0], total_b=totals[1], log=log)
    if r.total_a == r.total_b:
        r.log.append(f"a tie: {P['tie']} happens [WR §10.4] 2 (R-IC-PROCEDURE)")
        return r
    a_won = r.total_a > r.total_b
    r.winner, r.margin = ("a" if a_won else "b"), abs(r.total_a - r.total_b)
    win, lose, used = (a, b, used_b) if a_won else (b, a, used_a)
    _wound(D, r, win, lose, used, declare_real, gollum_margin)
    return r


def fight_round(D: Definition, lead_a: Fighter, lead_b: Fighter, die_a: int, die_b: int,
                support_a: int = 0, support_b: int = 0, first_wound_used_a: bool = False,
                first_wound_used_b: bool = False, declare_real: bool = True) -> Round:
    """One round of individual combat [WR §10.4] 2: each side's d6 + effective C + 1 per
    supporter (at most 2, R-IC-PROCEDURE); the loser's lead takes the difference; a tie does
    nothing.  ``first_wound_used_*``: that lead's Mithril coat or Dwarf-mail has already ignored
    a wound in this combat.  ``declare_real``: Merry or Pippin, winning against a Nazgûl, makes
    one point real (R-HOBBIT-REAL-WOUND-USE).  Raises ValueError when the leads may not fight
    (``may_fight``), a die is not a d6 face, or there are too many supporters."""
    return _round(D, lead_a, lead_b, die_a, die_b, support_a, support_b, first_wound_used_a,
                  first_wound_used_b, declare_real)


def gollum_attack(D: Definition, die_gollum: int, die_bearer: int, bearer: Fighter,
                  gollum_endurance: int | None = None,
                  first_wound_used: bool = False) -> Round:
    """Gollum's attack [WR §10.9.5] (R-GOLLUM-TABLE, a 6): one round, Gollum (side "a") against
    the Ring-bearer alone; winning by ``take_ring_margin`` or more he takes the Ring instead of
    wounding.  He may attack a wearer (R-GOLLUM-VS-WEARER); anyone but the Ring-bearer is refused
    (``may_fight``, ValueError)."""
    gid = next(c.id for c in D.characters.values() if GOLLUM_SPECIAL in c.specials)
    gollum = fighter_from_character(D, gid, gollum_endurance)
    margin = int(D.value("R-GOLLUM-TABLE", "take_ring_margin"))
    return _round(D, gollum, bearer, die_gollum, die_bearer, 0, 0, False, first_wound_used,
                  True, margin)


def leader_loss(D: Definition, die: int, nazgul: bool = False) -> tuple[str, int, str]:
    """The leader-loss ("k") table [WR §11.5] (R-K-PROCEDURE): (effect, Endurance change, text);
    effect "killed" (a Nazgûl: "dispersed" instead), "endurance" or "unharmed"."""
    row = D.leader_loss[die]
    effect = row.nazgul if nazgul and row.nazgul else row.result
    what = {"endurance": f"{row.amount:+d} Endurance"}.get(effect, effect)
    return effect, row.amount, f"leader loss d6 {die}: {what} [WR §11.5] ({D.leader_loss.key})"
