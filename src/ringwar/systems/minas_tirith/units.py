"""The pieces on the table [MT §2.3] [MT §2.6] [MT §2.7]: plain, slotted, typed records.

A game state holds only these records and a few scalars; everything fixed (troop types,
ratings, the board) is in the frozen definition (:mod:`.data`, :mod:`.board`) they name by
id.  ``copy()`` makes an independent record, so a clone of the game shares nothing mutable.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from typing import Any

from shapely.geometry import Polygon

from .geometry import rect

#: positions are kept to a thousandth of an inch and headings to a hundredth of a degree, so
#: that a record replays to the same state on every platform (no last-bit float drift)
POS, ANG = 3, 2


def q(v: float) -> float:
    return round(v, POS)


def qa(a: float) -> float:
    a = round(a % 360.0, ANG)
    return 0.0 if a >= 360.0 else a


#: [MT §2.5] the formations a unit stands in, and its two orders
FORMATIONS = ("line", "column", "shield_wall", "square")
ORDERS = ("close", "open")


@dataclass(slots=True)
class Unit:
    """A combat unit of figures [MT §2.3]: ranks R = ceil(N / F); frontage F × lateral pitch."""

    id: str
    side: str
    contingent: str
    type: str
    figures: int
    files: int
    order: str                 # one of ORDERS
    formation: str             # one of FORMATIONS
    x: float = 0.0
    y: float = 0.0
    heading: float = 0.0
    on_table: bool = True
    organized: bool = True
    loaded: bool = True
    acted_on: int = -1         # the card instance it last acted on [MT §6.5]
    charged_without_contact: bool = False   # [MT §7.1.3]
    lost_round: int = -1       # the Round in which it last lost figures [MT §7.14]
    no_flank_until: int = 0    # breakthrough immunity through this Round [MT §7.5.8]
    fired_round: int = -1      # [MT §8.3] fired this Round
    fired_pb_round: int = -1   # fired at point blank this Round
    gap: float = 0.0           # penetration gap width [MT §7.5.7] (0: none)
    gap_by: str | None = None  # the unit that penetrated it: it alone passes through on breakthrough
    embarked: str | None = None       # tower id [MT §7.6]
    engine: str | None = None         # the engine it is attached to (Grond, a tower) [MT §7.1.1]
    archers: int = 0           # elephant archers aboard (H7) [MT §7.9]
    archers_loaded: bool = True
    lost: int = 0              # figures lost so far [MT §9.3]
    # R-150 [MT §7.6]: a unit split by a tower or a ladder.  ``figures`` are the figures on
    # the walk (they alone form the footprint); ``waiting`` more are still in the tower
    # ``waiting_at`` (its id, the unit stays in its ``aboard`` list) or at the foot of the
    # ladder (``waiting_at`` "ladder", ``foot`` the pose [x, y, heading, files] it climbed
    # from).  It is one unit for casualties, morale, cards and actions.
    waiting: int = 0
    waiting_at: str | None = None
    foot: tuple[float, float, float, int] | None = None

    def copy(self) -> Unit:
        return Unit(*(getattr(self, f.name) for f in fields(self)))

    @property
    def alive(self) -> bool:
        return self.figures > 0

    @property
    def total_figures(self) -> int:
        """Every figure of the unit, those still waiting to land included (R-150)."""
        return self.figures + self.waiting

    @property
    def placed(self) -> bool:
        return self.on_table and self.embarked is None and self.figures > 0

    @property
    def ranks(self) -> int:
        return max(1, math.ceil(self.figures / max(1, self.files)))

    @property
    def shape_key(self) -> tuple[Any, ...]:
        """What the unit's shapes on the table are made of (type and order give its pitch
        [MT §2.4], figures and files its ranks, and its pose): the key of the footprints,
        front arcs and traces kept for it."""
        return (self.type, self.order, self.figures, self.x, self.y, self.heading, self.files)

    def to_json(self) -> list[Any]:
        return [getattr(self, f.name) for f in fields(self)]


@dataclass(slots=True)
class Engine:
    """A siege tower, Grond or a catapult [MT §2.6]: no crew figures."""

    id: str
    side: str
    kind: str                  # "tower" | "grond" | "large_catapult" | "small_catapult"
    x: float
    y: float
    heading: float
    destroyed: bool = False
    loaded: bool = True
    acted_on: int = -1
    docked: bool = False       # a tower at wall 1 [MT §7.6]
    battered_on: int = -1      # Grond: the card of its last battering attempt
    aboard: list[str] = field(default_factory=list)   # embarked unit ids (towers)

    def copy(self) -> Engine:
        return Engine(self.id, self.side, self.kind, self.x, self.y, self.heading,
                      self.destroyed, self.loaded, self.acted_on, self.docked,
                      self.battered_on, list(self.aboard))

    def to_json(self) -> list[Any]:
        return [getattr(self, f.name) for f in fields(self)]


@dataclass(slots=True)
class Leader:
    """A commander [MT §2.7] [MT §4.3]."""

    id: str
    side: str
    x: float = 0.0
    y: float = 0.0
    mount: str = "foot"
    on_table: bool = True
    alive: bool = True
    attached_to: str | None = None
    out_of_action: bool = False       # until the end of the Turn [MT §7.14]
    acted_on: int = -1                # one command action per Leader card [MT §7.11]
    away_until_check: bool = False    # an overrun horse-Nazgûl waiting to reappear [MT §7.14]
    spells: list[str] = field(default_factory=list)   # "card:spell" cast on this card
    escort: str | None = None         # the unit he moves with, free, on its declared move [MT §7.1.7]

    def copy(self) -> Leader:
        return Leader(self.id, self.side, self.x, self.y, self.mount, self.on_table, self.alive,
                      self.attached_to, self.out_of_action, self.acted_on,
                      self.away_until_check, list(self.spells), self.escort)

    @property
    def present(self) -> bool:
        return self.alive and self.on_table and not self.away_until_check

    def to_json(self) -> list[Any]:
        return [getattr(self, f.name) for f in fields(self)]


def footprint_of(u: Unit, pitch: tuple[float, float]) -> Polygon:
    """The unit's footprint [MT §2.4]: frontage × depth centred on (x, y), facing heading."""
    return rect(u.x, u.y, u.heading, u.files * pitch[0], u.ranks * pitch[1])
