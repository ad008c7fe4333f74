"""The SPI Standard Rules, one module per section of the rule book, each a mixin of
:class:`ringwar.systems.spi.game.SpiGame` (methods typed ``self: SpiGame``; the modules
import ``board.py``, ``state.py`` and ``data.py``, never each other):

- [4.0] Movement, [5.0] Stacking: ``movement.py``
- [6.0] Zones of Control: ``zoc.py``
- [7.1] Missile Combat: ``missile.py``
- [7.2] Leader (Individual) Combat: ``leader_combat.py``
- [7.3] Melee Combat, [7.4] the Casualty Probability Table: ``melee.py``
- [7.5] retreats and advance after combat, [7.6] displacement, [7.7] retreat before combat:
  ``after_combat.py``
- [8.1] Leaders and stacking, [8.2] leaders in combat: ``leaders.py``
- [8.3] Rallying: ``rally.py``
- [8.4] Special Formations: ``formations.py``
- [8.5] Magic: ``magic.py``
- [9.0] Demoralization (and eliminations): ``demoralization.py``
- [10.0] Night: ``night.py``

The Sequence of Play [3.0] is data (``../sequence.py``) walked by the engine (``../loop.py``).
This file only re-exports.
"""

from .after_combat import AfterCombatRules
from .demoralization import StandardDemoralizationRules
from .formations import FormationRules
from .leader_combat import LeaderCombatRules
from .leaders import LeaderRules
from .magic import StandardMagicRules
from .melee import MeleeRules
from .missile import MissileRules
from .movement import MovementRules
from .night import NightRules
from .rally import RallyRules
from .zoc import ZocRules

__all__ = ["AfterCombatRules", "FormationRules", "LeaderCombatRules", "LeaderRules", "MeleeRules",
           "MissileRules", "MovementRules", "NightRules", "RallyRules", "StandardDemoralizationRules",
           "StandardMagicRules", "ZocRules"]
