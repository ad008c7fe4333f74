"""The engine: what a side sees (``view``): the pieces, the phase and step, demoralization,
the pending decision, the exclusive rules' part."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.state import KeptView
from .board import STEP_NAMES
from .sequence import PHASE_NAMES
from .state import OFFMAP, Piece

if TYPE_CHECKING:  # pragma: no cover
    from .game import SpiGame


class PieceView(KeptView):
    """A piece's view as ``views_of`` keeps it (``core.state.KeptView``): a dict that refuses
    to be changed (a ``TypeError``), so every view may hand out the kept one instead of a
    copy.  Its ``copy()`` is a plain dict; so are its copies by ``copy`` and ``pickle``."""

    __slots__ = ()
    REFUSAL = "a piece's view is kept for later views: change a copy (dict(view))"


class StandardViews:
    """The view of the game (exclusive rules add theirs in ``exclusive_view``)."""

    def unit_view(self: SpiGame, p: Piece) -> dict[str, Any]:
        """A piece as the players see it (a fresh dict): ``views_of`` one piece."""
        return dict(self.views_of((p,))[0])

    def views_of(self: SpiGame, pieces: Sequence[Piece]) -> list[dict[str, Any]]:
        """The views of ``pieces``, in order, to which an exclusive rule adds what it shows
        (``unit_view_extras``, once for them all).  The Standard Rules' part is kept per
        piece while what it shows is unchanged (``_unit_views``: most pieces do not change
        from one view to the next), and handed out as it is kept: a ``PieceView``, which
        nobody may change (an exclusive rule replaces the entry with a changed copy).  One
        loop for all: a view shows every piece, and a call per piece was a quarter of the
        time."""
        kept = self._unit_views
        out = []
        for p in pieces:
            # the key: all the kept view shows (a counter's label is its code, a function of
            # its type, whether reduced and Magic Points spent)
            key = (p.key, p.hex, p.where, p.reduced, p.disrupted, p.formation, p.partner, p.moved,
                   p.fired, p.attacked, p.magic_spent, p.rallies_made, p.arrival)
            hit = kept.get(p.id)
            if hit is not None and hit[0] == key:
                out.append(hit[1])
            else:
                d = PieceView(self._fresh_unit_view(p, self.counter_label(p)))
                kept[p.id] = (key, d)
                out.append(d)
        self.unit_view_extras(pieces, out)
        return out

    def unit_view_extras(self: SpiGame, pieces: Sequence[Piece], views: list[dict[str, Any]]) -> None:
        """Hook: what an exclusive rule shows of ``pieces`` beyond the Standard Rules' values:
        it replaces their entries in ``views`` (in the same order; each a kept ``PieceView``,
        never changed) with changed copies (``{**views[i], ...}``), at every ``views_of``: an
        exclusive label (replacing the kept one, the code), a counter's facing, what a piece
        carries.  Asked once per view, so it should pick out the few pieces it concerns
        cheaply."""

    def _fresh_unit_view(self: SpiGame, p: Piece, label: str) -> dict[str, Any]:
        static = self._view_statics.get((p.id, p.key))
        if static is None:
            static = self._view_statics[(p.id, p.key)] = self.static_unit_view(p)
        d: dict[str, Any] = {
            **static, "hex": p.hex, "where": p.where, "label": label,
            "reduced": p.reduced, "disrupted": p.disrupted, "formation": p.formation,
            "partner": p.partner, "moved": p.moved, "fired": p.fired, "attacked": p.attacked,
        }
        if p.is_leader:
            d.update(rally=p.rally_now(), magic=p.magic, magic_left=p.magic - p.magic_spent,
                     rallies_made=p.rallies_made)
        else:
            d.update(melee=p.melee_now(), missile=p.missile_now(), armour=p.armour_now(),
                     morale=p.morale_now(), movement=p.ma)
        if p.arrival is not None and p.where == OFFMAP:
            d["arrival"] = p.arrival
        return d

    def static_unit_view(self: SpiGame, p: Piece) -> dict[str, Any]:
        """What a piece's view never changes in (its counter's printed facts and [9.12]
        value): kept by piece and type (``_view_statics``, shared by clones)."""
        d = {"id": p.id, "type": p.key, "name": p.name, "side": p.side, "nation": p.nation,
             "kind": p.kind}
        if not p.is_leader:
            d["value"] = self.demoralization_value(p)
        return d

    def _view(self: SpiGame, side: str | None) -> dict[str, Any]:
        units = self.unit_views()
        return {
            "title": self.title,
            "phase_name": PHASE_NAMES[self._phase],
            "step_name": STEP_NAMES.get(self.step, ""),
            # [3.0] each phase with the side whose phase it is (None: both, or neither)
            "phases": [{"code": ph.code, "name": ph.name, "side": ph.phasing}
                       for ph in self.SEQUENCE if self.phase_applies(ph.code)],
            "step": self.step,
            "night": self.is_night(),
            "last_turn": self.last_turn,
            "night_turns": self.night_turns(),
            "units": units,
            "demoralization": {s: {"points": self.dp[s], "level": self.dp_level(s),
                                   "demoralized": self.demoralized[s]} for s in self.dp},
            "victory_points": dict(self.vp),
            "pending": None if not self.pending else self.describe_decision(self.pending[0]),
            "battle": self.battle,
            "exclusive": self.exclusive_view(side),
            "log_size": len(self.log),
            "recent_log": self.recent_log(side),
        }

    def unit_views(self: SpiGame) -> list[dict[str, Any]]:
        """The pieces as everyone sees them, in id order: wherever they are (on the map, off
        it, dead or exited), but not those a set-up leaves out of the game (``out``)."""
        return self.views_of([p for p in self.units_in_order() if "out" not in p.flags])

    def exclusive_view(self: SpiGame, side: str | None) -> dict[str, Any]:
        return {}

    def describe_decision(self: SpiGame, d: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in d.items() if k not in ("then",)}
