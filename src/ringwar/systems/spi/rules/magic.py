"""[8.5] Magic: the Magic Leader Movement Phases, Magic Capability Points and spells.

The Standard Rules give the framework (who may cast, when, what a failed attempt costs);
each game's exclusive rules list the spells through ``spell_actions`` and ``do_cast``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.engine import Action
from ..state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from ..game import SpiGame


class StandardMagicRules:
    def magic_points_left(self: SpiGame, ld: Piece) -> int:
        """[8.53] what is left of the Magic Capability Rating."""
        return ld.magic - ld.magic_spent

    def cast_this_phase(self: SpiGame, ld: Piece) -> bool:
        return ld.flags.get("cast") == [self._turn, self._phase]

    def may_cast_now(self: SpiGame, ld: Piece) -> bool:
        """[8.52] a leader who moved this phase may not cast; [4.11] nor move after casting;
        [3.0] E: not if he cast (errata: or attempted) in A of this Game-Turn."""
        if not ld.on_map or ld.magic <= 0 or not self.is_magic_phase():
            return False
        if ld.moved or self.cast_this_phase(ld):
            return False
        if self._phase == "E":
            a = ld.flags.get("cast")
            if a == [self._turn, "A"]:
                if self.options.get("errata_phase_e", True) or ld.flags.get("cast_ok"):
                    return False
        return True

    def note_cast(self: SpiGame, ld: Piece, success: bool) -> None:
        ld.flags["cast"] = [self._turn, self._phase]
        ld.flags["cast_ok"] = success
        ld.moved = True

    def spend_magic(self: SpiGame, ld: Piece, points: int) -> None:
        """[8.56] only successful spells are subtracted, permanently."""
        ld.magic_spent += points

    def magic_actions(self: SpiGame, side: str) -> list[Action]:
        # [8.52] magic leaders move in these phases: the same units ``movement_actions`` offers
        acts: list[Action] = [{"type": "select", "unit": p.id} for p in self._listed_movers(side, True)]
        acts.extend(self.spell_actions(side))
        acts.append({"type": "end"})
        return acts

    def spell_actions(self: SpiGame, side: str) -> list[Action]:
        """Hook: the spells ``side``'s magic leaders may attempt now."""
        return []
