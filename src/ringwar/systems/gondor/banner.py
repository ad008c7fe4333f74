"""Gondor [18.0] the Banner of the King: where it is [18.1], how it moves [18.13], its rallies
[18.22]."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...core import hexes as hx
from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction
from ..spi.game import WEST

if TYPE_CHECKING:  # pragma: no cover
    from .game import GondorGame


class BannerRules:
    """[18.0] the Banner of the King."""

    # ----- [18.13] the Banner moves by itself, to end with a Westernesse leader -------------
    def banner_moves(self: GondorGame) -> list[Action]:
        b = self.siege.banner
        bh = self.banner_hex()
        if b is None or bh is None or b.moved == self._turn:
            return []
        holder = self.units[b.holder]
        # a leader's allowance [18.13]: the holder's reach this phase (``reach``, kept for the
        # phase like every unit's, so the listing does not search again after each move)
        reach = self.reach(holder) if holder.hex == bh else {}
        out = []
        for h in sorted(reach):
            if h != bh and any(q.is_leader and q.side == WEST for q in self.pieces_at(h)):
                out.append({"type": "move_banner", "to": h})
        return out

    def why_not_move_banner(self: GondorGame, action: Action) -> IllegalAction:
        if self._phase != "F":
            return IllegalAction("[18.13]", "the Banner moves in the Westernesse Movement Phase")
        return IllegalAction("[18.13]", "the Banner must end its move stacked with a Westernesse leader "
                             "within a leader's Movement Allowance (and moves once a phase)")

    def do_move_banner(self: GondorGame, action: Action) -> list[Event]:
        b = self.siege.banner
        assert b is not None                                     # offered only with the Banner out
        frm = self.banner_hex()
        leader = sorted(q.id for q in self.pieces_at(action["to"]) if q.is_leader and q.side == WEST)[0]
        self.siege.banner = replace(b, holder=leader, moved=self._turn)
        return [event("banner", "[18.13]", f"the Banner of the King moves {frm} -> {action['to']}, to "
                      f"{self.units[leader].name}", frm=frm, to=action["to"])]

    def banner_hex(self: GondorGame) -> str | None:
        """Where the Banner is while it is unfurled: [17.23] for three Game-Turns."""
        b = self.siege.banner
        if b is None or self._turn > b.until:
            return None
        holder = self.units[b.holder]
        return holder.hex if holder.on_map else None

    def rally_actions(self: GondorGame, side: str) -> list[Action]:
        acts = super().rally_actions(side)
        bh = self.banner_hex()
        if side == WEST and bh and self.siege.banner_rallies < 2 and not self.is_demoralized_side(WEST):
            for u in sorted(self.on_map(WEST), key=lambda q: q.id):
                if u.disrupted and hx.distance(u.hex, bh) <= 6:
                    acts.insert(0, {"type": "banner_rally", "target": u.id})       # [18.22]
        return acts

    def is_demoralized_side(self: GondorGame, side: str) -> bool:
        return False

    def do_banner_rally(self: GondorGame, action: Action) -> list[Event]:
        u = self.units[action["target"]]
        u.disrupted = False
        self.siege.banner_rallies += 1
        return [event("rally", "[18.22]", f"the Banner of the King rallies {self.label(u)}", unit=u.id)]
