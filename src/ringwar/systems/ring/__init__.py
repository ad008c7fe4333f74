"""Battle of the Ring (Martin Edwardes, 1977): strategic Middle-earth for 2 or 3 players.

>>> import ringwar
>>> game = ringwar.new_game("battle-of-the-ring", seed=1)
>>> game.to_act, game.turn, game.phase
('sauron', 1, 'move1')
"""

from ...core.engine import register_system
from .game import BattleOfTheRingGame

# the game registers itself; nothing outside this package names it
register_system("battle-of-the-ring", "ringwar.systems.ring.game:BattleOfTheRingGame")

__all__ = ["BattleOfTheRingGame"]
