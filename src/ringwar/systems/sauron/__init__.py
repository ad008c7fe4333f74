"""Sauron (SPI 1977): the Battle of Dagorlad, Exclusive Rules [11.0]-[21.0].

Everything here is a hook over the Standard Rules in :mod:`ringwar.systems.spi`, one module
per section of the rule book, each a mixin composed in :mod:`.game` (``SauronGame``): set-up
[13.0] (``setup.py``), reinforcements [14.0] (``reinforcements.py``), Elves, Dwarves and Orcs
[15.1] [15.2] [15.4] (``forces.py``), Slave Phalanxes [15.3] (``phalanx.py``), Sauron's spells
[16.0] (``magic.py``), the Pedestal [16.6] (``pedestal.py``), the Beast of Mordor [17.0]
(``beast.py``), Mordor [18.0] (``mordor.py``), magic weapons [19.0] (``weapons.py``), deaths
and demoralization [19.2] [20.0] [21.1] (``demoralization.py``) and who wins [21.2]
(``victory.py``); actions in words (``words.py``) and views (``views.py``), over the board
facts of ``board.py``.  This file only re-exports and registers the game.  Data:
``data/sauron/scenario.toml`` and ``map.toml``.
"""

from __future__ import annotations

from ...core.engine import register_system
from ..spi.state import DEAD, MAP
from .board import MORDOR
from .game import SauronGame

# the game registers itself; nothing outside this package names it
register_system("sauron", "ringwar.systems.sauron:SauronGame")

__all__ = ["SauronGame", "DEAD", "MAP", "MORDOR"]
