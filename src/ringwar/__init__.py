"""ringwar: the classic Lord-of-the-Rings board wargames, rules-enforced.

``ringwar.available_systems()`` names the game systems (``ringwar.systems`` is the package
that holds them).

>>> import ringwar
>>> game = ringwar.new_game("sauron", seed=7)
>>> game.turn, game.phase
(1, 'C')
"""

from .core.engine import Game, load, new_game, replay
from .core.engine import systems as available_systems
from .core.errors import IllegalAction, RecordError, RingwarError, UndoRefused
from .core.record import GameRecord

__version__ = "0.1.0"

__all__ = [
    "Game", "GameRecord", "IllegalAction", "RecordError", "RingwarError", "UndoRefused",
    "available_systems", "load", "new_game", "replay", "__version__",
]
