"""War of the Ring (SPI 1977) with the "War of the Ring modifications" (hidden movement,
searching, the Grip of Sauron): the specification is ``shared/rules/war-of-the-ring-variant.md``,
cited ``[WR §10.7]`` and, for the seed's own rules, ``[WR §V22]``.

The package holds the game's data (the map, orders of battle, characters, the four decks and
the tables, each reconstructed value keyed by its §15 name) and its rules, one module per part
of the specification (``game.py`` says which).
"""

from ...core.engine import register_system

# the game registers itself; nothing outside this package names it
register_system("war-of-the-ring", "ringwar.systems.war_of_the_ring.game:WarOfTheRingGame")
