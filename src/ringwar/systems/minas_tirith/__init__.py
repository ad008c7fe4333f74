"""The Siege of Minas Tirith: Kai Larson's Piquet-style miniatures rules, rules-enforced.

The specification is ``shared/rules/minas-tirith-miniatures.md``; its section numbers are this
game's rule cases (``[MT §6.5]``).  Positions are in inches on a 144″ × 108″ table, units are
rotated rectangles of figures, and the turn is driven by impetus rolls and two sequence decks.
"""

from ...core.engine import register_system

# the game registers itself; nothing outside this package names it
register_system("minas-tirith", "ringwar.systems.minas_tirith.game:MinasTirithGame")
