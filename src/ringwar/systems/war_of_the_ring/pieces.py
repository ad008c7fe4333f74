"""The pieces of a War of the Ring game and who they belong to [WR §6.1] [WR §7] [WR §8].

The game's state is plain data (dicts of scalars and short lists, keyed by the ids of the
orders of battle), so that it hashes, copies and compares as it is: ``units`` maps an army
unit's id to its record, ``chars`` a character's id to its record.  This module makes the
records at set-up and answers the questions every rule asks of a piece: its seat, its
faction, whether two seats are enemies.
"""

from __future__ import annotations

from typing import Any

from .data import Character, Definition, Unit

FREE = "free"
DARK = "dark"
FELLOWSHIP = "fellowship"
#: seats in turn order [WR §13.3]: two players (scenario A) or three (scenario B)
SEATS2 = (FELLOWSHIP, "dark")
SEATS3 = (FELLOWSHIP, "saruman", "sauron")
SEAT_NAMES = {FELLOWSHIP: "the Fellowship player", "dark": "the Dark Power player",
              "saruman": "the Saruman player", "sauron": "the Sauron player"}
NAZGUL_OR_MOUTH = "nazgul-or-mouth"


def base_id(uid: str) -> str:
    """The order-of-battle id of a unit, or of the unit it was split from (``MOR-01/2`` →
    ``MOR-01``, R-SPLIT-MERGE)."""
    return uid.partition("/")[0]


def unit_record(u: Unit, seat: str, *, on_map: bool) -> dict[str, Any]:
    """A unit's state: ``hex`` (None off the map: not yet arrived, or eliminated), strength,
    and the flags the turn sets and clears."""
    return {"hex": u.hex if on_map else None, "str": u.strength if on_map else 0,
            "seat": seat, "moved": False, "attacked": False, "start": u.hex if on_map else None,
            "crossed": False, "deserted": False, "fought": False, "active": not u.inactive,
            "gone": False}


def char_record(c: Character, seat: str | None) -> dict[str, Any]:
    """A character's state: ``hex`` (None: off the map), hidden, current Endurance and Ring
    Rating, captivity, the per-turn flags, items held."""
    return {"hex": c.hex, "hidden": c.hidden, "e": c.endurance, "rr": c.ring_rating,
            "alive": c.hex is not None, "seat": seat, "captive": None, "moved": False,
            "road": False, "items": [], "shadow": 0, "grounded": 0, "citadel": None,
            "mf_bonus": 0, "fought": False, "seen": c.hex, "cm": 0, "mo": 0, "real": 0,
            "max_bonus": 0}


def char_seat(D: Definition, c: Character, seats: tuple[str, ...]) -> str | None:
    """[WR §6.1] The seat that plays a character: every Free one the Fellowship player's; in the
    three-player game Saruman's own (Saruman, Uglúk) the Saruman player's, the rest Sauron's."""
    if c.side == FREE:
        return FELLOWSHIP
    if c.side != DARK:
        return None                       # Gollum: neutral [WR §10.9.5]
    if len(seats) == 2:
        return "dark"
    nation = D.nations.get(c.nation or "")
    if nation is not None:
        return nation.owner_3p
    return "sauron"


def unit_seat(D: Definition, u: Unit, seats: tuple[str, ...]) -> str:
    n = D.nations[u.nation]
    return n.owner_2p if len(seats) == 2 else n.owner_3p


def faction(seat: str | None) -> str | None:
    """free / dark for a seat (Saruman and Sauron are both the Dark Power's)."""
    if seat is None:
        return None
    return FREE if seat == FELLOWSHIP else DARK
