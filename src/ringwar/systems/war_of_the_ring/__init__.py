"""War of the Ring (SPI 1977) with the "War of the Ring modifications" (hidden movement,
searching, the Grip of Sauron): the specification is ``shared/rules/war-of-the-ring-variant.md``,
cited ``[WR §10.7]`` and, for the seed's own rules, ``[WR §V22]``.

This package holds the game's data (the map, orders of battle, characters, the four decks and
the tables, each reconstructed value keyed by its §15 name); the rules engine is being built
and the system is not yet registered, so it is not offered to players.
"""
