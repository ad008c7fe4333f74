"""A game's definition, apart from its state (as OpenSpiel keeps a Game apart from its States).

The definition is everything that every game of one system played with one set of options
shares and that never changes while they are played: the charts [2.0]-[10.0], the scenario's
order of battle, the map as the options make it, and the tables computed once from them (the
terrain costs of movement [4.3] per class of piece, an exclusive game's fixed facts such as
Gondor's city levels or Sauron's road zone).  It is built once per process for each system
and set of options, and a game, its clones and every other game with those options refer to
the same one.

The state is everything else the game holds (pieces, phase, pending decisions, siege ...):
``SpiGame.clone`` copies all of it, so that nothing can be shared by accident.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ...core.hexmap import HexMap
from .data import Charts, Scenario

#: a cost table: hex -> ((neighbour, MP to enter it), ...)
CostTable = dict[str, tuple[tuple[str, float], ...]]


@dataclass(frozen=True, slots=True, eq=False)
class SpiDefinition:
    """The frozen definition of an SPI game (see the module's docstring)."""

    system: str
    data: str                                  # the package under ringwar.data
    options: Mapping[str, Any]                 # read-only
    charts: Charts
    scenario: Scenario
    hexmap: HexMap
    #: an exclusive game's fixed facts (``SpiGame.define``): Gondor's ``city``, Sauron's
    #: ``road_zone`` ...
    facts: Mapping[str, Any]
    #: [4.3] cost tables by (cost class, board features), filled as classes of piece are first
    #: moved (a table depends only on this definition, the class and the features:
    #: ``SpiGame.cost_class``, ``SpiGame.cost_features``)
    cost_tables: dict[Any, CostTable] = field(default_factory=dict, repr=False)
    #: cost class -> (features, table) of the table last built for it, from which the next
    #: one for other features is patched (``SpiGame.feature_hexes``)
    latest_costs: dict[Any, tuple[frozenset[Any], CostTable]] = field(default_factory=dict, repr=False)

    #: (cost class, hex, the board features whose ``feature_hexes`` hold that hex) -> the
    #: hex's row of the cost tables [4.3]: the same in every table of the class whose
    #: features agree there (``SpiGame._row_source``), so a table for new features reuses it
    cost_rows: dict[Any, tuple[tuple[str, float], ...]] = field(default_factory=dict, repr=False)
    #: board features -> hex -> the features whose ``feature_hexes`` hold it
    feature_index: dict[frozenset[Any], dict[str, frozenset[Any]]] = field(default_factory=dict, repr=False)

    #: (cost class, start hex, allowance) -> (board features, the reach of a unit on an empty
    #: board with them): [4.0] with no enemy, no ZOC, which is its reach whenever no enemy
    #: piece or ZOC is within it; also for other features that change no hex within it
    #: (``SpiGame._free_reach``)
    free_reach: dict[Any, tuple[frozenset[Any], dict[str, Any]]] = field(default_factory=dict, repr=False)

    #: ``zoc_context()`` -> (side, hex) -> the hexes beside ``hex`` into which the ZOC of a
    #: piece of ``side`` standing there extends (``SpiGame.zoc_into``: ``zoc_extends_for``
    #: depends on nothing else)
    zoc_into: dict[Any, dict[tuple[str, str], tuple[str, ...]]] = field(default_factory=dict, repr=False)

    #: at most this many tables a definition keeps (a class can carry board features,
    #: Gondor's breaches and fires, so their number is not bounded by the piece kinds)
    MAX_TABLES = 512

    def store_cost_table(self, key: Any, table: CostTable) -> CostTable:
        """Keep the table for cost class and features ``key`` (bounded: see MAX_TABLES)."""
        if len(self.cost_tables) >= self.MAX_TABLES:
            self.cost_tables.clear()
        self.cost_tables[key] = table
        return table

    #: at most this many rows (some 6 neighbours each) and feature indexes a definition keeps
    MAX_COST_ROWS = 200_000
    MAX_FEATURE_INDEXES = 512

    def store_cost_row(self, key: Any, row: tuple[tuple[str, float], ...]) -> tuple[tuple[str, float], ...]:
        """Keep a row of the cost tables (bounded: see MAX_COST_ROWS)."""
        if len(self.cost_rows) >= self.MAX_COST_ROWS:
            self.cost_rows.clear()
        self.cost_rows[key] = row
        return row

    def store_feature_index(self, features: frozenset[Any], index: dict[str, frozenset[Any]]
                            ) -> dict[str, frozenset[Any]]:
        """Keep the hexes' features for a set of board features (bounded)."""
        if len(self.feature_index) >= self.MAX_FEATURE_INDEXES:
            self.feature_index.clear()
        self.feature_index[features] = index
        return index

    #: at most this many ZOC contexts a definition keeps the ZOCs' extent for
    MAX_ZOC_CONTEXTS = 256

    def store_zoc_into(self, context: Any) -> dict[tuple[str, str], tuple[str, ...]]:
        """A new (empty) table of ZOC extents for ``context`` (bounded: MAX_ZOC_CONTEXTS)."""
        if len(self.zoc_into) >= self.MAX_ZOC_CONTEXTS:
            self.zoc_into.clear()
        kept: dict[tuple[str, str], tuple[str, ...]] = {}
        self.zoc_into[context] = kept
        return kept

    #: (a reach is a dict of some 60 hexes, about 9 KB: 4,096 of them are some 40 MB)
    MAX_FREE_REACH = 4096

    def store_free_reach(self, key: Any, kept: tuple[frozenset[Any], dict[str, Any]]) -> None:
        """Keep an empty board's reach with its features (bounded: see MAX_FREE_REACH)."""
        if len(self.free_reach) >= self.MAX_FREE_REACH:
            self.free_reach.clear()
        self.free_reach[key] = kept


def freeze_options(options: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The options as a key: sorted items (their values are scalars, see core.options)."""
    return tuple(sorted(options.items()))


def read_only(d: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(d))
