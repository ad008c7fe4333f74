"""Gondor (SPI 1977): the siege of Minas Tirith, Exclusive Rules [11.0]-[20.2].

Hooks over the Standard Rules (:mod:`ringwar.systems.spi`), one module per section of the
rule book, each a mixin composed in :mod:`.game` (``GondorGame``): set-up [13.0]
(``setup.py``), the sequence of play [3.0] (``sequence.py``), reinforcements [14.0] and the
Mumakil [14.3] (``reinforcements.py``), the city [15.0] (``city.py``, over the board facts of
``board.py``), combat in the city (``combat.py``), siege equipment, ladders and oil [16.1]
[16.4] [16.7] (``equipment.py``), the Siege Phase [16.2]-[16.8] (``siege.py``), magic [17.0]
(``magic.py``), the Banner of the King [18.0] (``banner.py``), demoralization [19.0]
(``demoralization.py``) and victory [20.0] (``victory.py``); actions in words (``words.py``)
and what each side sees (``views.py``); the siege state the sections share is a typed record
(``state.py``).  This file only re-exports and registers the game.
Data: ``data/gondor/scenario.toml`` and ``map.toml``.

Hidden information: which Cauldrons (and so which Oil counters) are dummies [16.71].  The
Sauron side's view never says; events that would tell carry ``"visible_to": "westernesse"``.
"""

from __future__ import annotations

from ...core.engine import register_system
from ..spi.state import OFFMAP
from .board import ERRATA_WALL, GARRISON, RELIEF, WALLS
from .game import GondorGame

# the game registers itself; nothing outside this package names it
register_system("gondor", "ringwar.systems.gondor:GondorGame")

__all__ = ["GondorGame", "OFFMAP", "WALLS", "GARRISON", "RELIEF", "ERRATA_WALL"]
