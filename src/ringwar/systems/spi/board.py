"""The facts the Standard Rules' modules share (they import this module, never each other):
the sides, the names of the Combat Phase's steps [7.16], the cost that means a unit's whole
Movement Allowance, how a roll's range is written, and how a predicate that both lists the
legal actions and explains a refusal builds its refusal."""

from __future__ import annotations

from collections.abc import Callable

from ...core.errors import IllegalAction

WEST, SAURON = "westernesse", "sauron"

#: [7.16] [7.21] [7.31] the steps of a Combat Phase
STEP_NAMES = {"missile": "Missile Combat", "leader": "Leader/Individual Combat", "melee": "Melee Combat"}

#: a cost meaning "the unit's whole Movement Allowance" (only as its first step)
ALL_MA = 1000.0


def other(side: str) -> str:
    return SAURON if side == WEST else WEST


def rng_text(lo: int, hi: int) -> str:
    return f"{lo}" if lo == hi else f"{lo}-{hi}"


#: the refusal the melee predicates give while only listing (no words are built)
NOT_AN_ATTACK = IllegalAction("[7.31]", "this attack is not possible now")
#: the refusal ``why_not_fire_unit`` (and its hook) gives while listing
NOT_A_SHOT = IllegalAction("[7.11]", "this unit may not fire now")
#: the refusal the spell predicates (``why_not_spell`` and the games' hooks) give while listing
NOT_A_SPELL = IllegalAction("[8.54]", "this spell may not be attempted now")
#: the refusal the advance predicates (``why_not_advance`` and its hook) give while listing
NOT_AN_ADVANCE = IllegalAction("[7.51]", "this advance is not possible")


def refuse(explain: bool, rule: str, why: Callable[[], str],
           bare: IllegalAction = NOT_AN_ATTACK) -> IllegalAction:
    """A refusal citing ``rule``, its words built only when they will be read (``explain``);
    otherwise the prebuilt ``bare`` one (listing the legal actions only asks whether)."""
    return IllegalAction(rule, why()) if explain else bare
