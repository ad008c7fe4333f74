"""The facts the Standard Rules' modules share (they import this module, never each other):
the sides, the names of the Combat Phase's steps [7.16], the cost that means a unit's whole
Movement Allowance, and how a roll's range is written."""

from __future__ import annotations

WEST, SAURON = "westernesse", "sauron"

#: [7.16] [7.21] [7.31] the steps of a Combat Phase
STEP_NAMES = {"missile": "Missile Combat", "leader": "Leader/Individual Combat", "melee": "Melee Combat"}

#: a cost meaning "the unit's whole Movement Allowance" (only as its first step)
ALL_MA = 1000.0


def other(side: str) -> str:
    return SAURON if side == WEST else WEST


def rng_text(lo: int, hi: int) -> str:
    return f"{lo}" if lo == hi else f"{lo}-{hi}"
