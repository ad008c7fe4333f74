"""[8.5] Magic: the Magic Leader Movement Phases, Magic Capability Points and spells.

The Standard Rules give the framework (who may cast, when, what a failed attempt costs);
each game's exclusive rules list the spells through ``spell_actions`` and ``do_cast``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.engine import Action
from ....core.errors import IllegalAction
from ..board import NOT_A_SPELL, refuse
from ..data import Spell
from ..state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from ..game import SpiGame

#: the refusal ``why_not_caster`` gives while only listing (no words are built)
NOT_A_CASTER = IllegalAction("[8.5]", "this leader may not attempt a spell now")


class StandardMagicRules:
    def magic_points_left(self: SpiGame, ld: Piece) -> int:
        """[8.53] what is left of the Magic Capability Rating."""
        return ld.magic - ld.magic_spent

    def cast_this_phase(self: SpiGame, ld: Piece) -> bool:
        return ld.flags.get("cast") == (self._turn, self._phase)

    def may_cast_now(self: SpiGame, ld: Piece) -> bool:
        """May ``ld`` attempt a spell now (``why_not_caster`` and the exclusive rules'
        ``why_not_caster_hook``, listing)."""
        return self.why_not_caster(ld, False) is None and self.why_not_caster_hook(ld) is None

    def why_not_caster(self: SpiGame, ld: Piece, explain: bool = True) -> IllegalAction | None:
        """Why ``ld`` may not attempt a spell now, whatever the spell (None: he may): [8.52]
        only in a Magic Leader Movement Phase, [8.51] a Magic Leader on the map, [8.52] not
        twice in the phase nor after moving in it, [3.0] E: not if he cast (errata:
        or attempted) in A of this Game-Turn.  The one predicate behind the spells offered
        and a refused one's explanation."""
        if not self.is_magic_phase():
            return refuse(explain, "[8.52]", lambda: "spells are attempted only in the Magic Leader Movement "
                          f"Phases, not the {self._phase_name()}", NOT_A_CASTER)
        if not ld.is_leader or ld.magic <= 0:
            return refuse(explain, "[8.51]", lambda: f"{ld.name} is not a Magic Leader", NOT_A_CASTER)
        if not ld.on_map:
            return refuse(explain, "[8.51]", lambda: f"{ld.name} is not on the map", NOT_A_CASTER)
        if self.cast_this_phase(ld):
            return refuse(explain, "[8.52]", lambda: f"{ld.name} has already attempted a spell this phase", NOT_A_CASTER)
        if ld.moved:
            return refuse(explain, "[8.52]", lambda: f"{ld.name} moved this phase and may not attempt a spell in it", NOT_A_CASTER)
        if self._phase == "E" and ld.flags.get("cast") == (self._turn, "A"):
            if self.options.get("errata_phase_e", True):
                return refuse(explain, "[3.0]", lambda: f"{ld.name} attempted a spell in this Game-Turn's Initial "
                              "Magic Leader Movement Phase and may not attempt another in the second (errata)", NOT_A_CASTER)
            if ld.flags.get("cast_ok"):
                return refuse(explain, "[3.0]", lambda: f"{ld.name} cast a spell in this Game-Turn's Initial Magic "
                              "Leader Movement Phase and may not cast another in the second", NOT_A_CASTER)
        return None

    def why_not_cast(self: SpiGame, action: Action) -> IllegalAction | None:
        """Why a ``cast`` may not be made (None: it may, or a field is missing, which the
        diagnosis names): the phasing side's leader, who may attempt a spell now
        (``why_not_caster``, then the exclusive rules' ``why_not_caster_hook``), this spell
        (``why_not_spell``) with these points (``why_not_points``): the predicates that
        list the spells offered."""
        ld = self.unit_for(action)
        if isinstance(ld, IllegalAction):
            return ld
        if self.is_magic_phase() and ld.side != self.step_side:
            return IllegalAction("[3.0]", f"{ld.name} belongs to {ld.side}; it is {self.step_side}'s turn in this phase")
        err = self.why_not_caster(ld) or self.why_not_caster_hook(ld)
        if err is not None or "spell" not in action:
            return err
        key = action["spell"]
        err = self.why_not_spell(ld, key)
        if err is not None or "points" not in action:
            return err
        return self.why_not_points(ld, self.sc.spells[key], action["points"])

    def why_not_caster_hook(self: SpiGame, ld: Piece) -> IllegalAction | None:
        """Hook: the exclusive rules' reasons a Magic Leader may not attempt a spell now."""
        return None

    def why_not_spell(self: SpiGame, ld: Piece, key: object, explain: bool = True) -> IllegalAction | None:
        """Why ``ld`` (who may attempt a spell now: ``why_not_caster``) may not attempt the
        spell ``key`` (None: he may, with the points ``spell_points`` gives): [8.54] one of
        the spells of this game's Exclusive Rules, and his own; [8.55] some points left; then
        the exclusive rules' conditions for that spell (``why_not_spell_hook``: allowance,
        day or night, where the pieces stand).  The one predicate behind the spells offered
        and a refused one's explanation."""
        spell = self.sc.spells.get(key) if isinstance(key, str) else None
        if spell is None:
            return refuse(explain, "[8.54]", lambda: f"there is no spell {key!r} in this game (its spells: "
                          f"{', '.join(sorted(self.sc.spells))})", NOT_A_SPELL)
        if spell.caster is not None and spell.caster != ld.key:
            return refuse(explain, spell.rule, lambda: f"{spell.name} is {self.leader_name(spell.caster)}'s "
                          f"spell: {ld.name} may not cast it", NOT_A_SPELL)
        if self.magic_points_left(ld) < 1:
            return refuse(explain, "[8.55]", lambda: f"{ld.name} has no Magic Capability Points left", NOT_A_SPELL)
        return self.why_not_spell_hook(ld, key, spell, explain)

    def why_not_spell_hook(self: SpiGame, ld: Piece, key: str, spell: Spell, explain: bool) -> IllegalAction | None:
        """Hook: the exclusive rules' reasons ``ld`` may not attempt the spell ``key`` now."""
        return None

    def leader_name(self: SpiGame, key: str) -> str:
        """The name of the leader type ``key`` (a spell's caster)."""
        lt = self.sc.leaders.get(key)
        return lt.name if lt is not None else key

    def spell_casts(self: SpiGame, ld: Piece) -> list[Action]:
        """The ``cast`` actions open to ``ld`` (who may attempt a spell now: ``may_cast_now``):
        each spell ``why_not_spell`` lets him attempt [8.54] [8.55], with each number of points
        ``spell_points`` offers; what each game's ``spell_actions`` lists for its casters."""
        return [{"type": "cast", "unit": ld.id, "spell": key, "points": pts}
                for key, spell in sorted(self.sc.spells.items())
                if self.why_not_spell(ld, key, False) is None
                for pts in self.spell_points(ld, spell)]

    def spell_points(self: SpiGame, ld: Piece, spell: Spell) -> range:
        """The Magic Capability Points ``ld`` may spend on an attempt of ``spell``: [8.54] from
        one up to the chart's automatic cast, [8.55] no more than he has left."""
        return range(1, min(spell.automatic, self.magic_points_left(ld)) + 1)

    def why_not_points(self: SpiGame, ld: Piece, spell: Spell, points: object,
                       explain: bool = True) -> IllegalAction | None:
        """Why ``ld`` may not spend ``points`` on ``spell`` (None: he may): the points
        ``spell_points`` offers."""
        offered = self.spell_points(ld, spell)
        if points in offered:
            return None
        if points in range(offered.stop, spell.automatic + 1):         # on the chart, more than he has
            return refuse(explain, "[8.55]", lambda: f"{ld.name} has {self.magic_points_left(ld)} Magic "
                          f"Capability Points left, not the {points} named", NOT_A_SPELL)
        if isinstance(points, (int, float)) and not isinstance(points, bool) and points > spell.automatic:
            return refuse(explain, self.MAGIC_TABLE.split(" ", 1)[0], lambda: f"{spell.name} is cast "
                          f"automatically with {spell.automatic} points: no more may be spent on it", NOT_A_SPELL)
        return refuse(explain, "[8.54]", lambda: f"the points spent on a spell are a whole number from 1 to "
                      f"{spell.automatic}, not {points!r}", NOT_A_SPELL)

    def note_cast(self: SpiGame, ld: Piece, success: bool) -> None:
        ld.set_flag("cast", (self._turn, self._phase))        # a tuple: flags hold immutable values
        ld.set_flag("cast_ok", success)
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
