"""[8.4] Special Formations: wedges and shield walls formed [8.43], moving [8.45] and splitting
[8.48], attacking at A [8.44], their casualties and retreats [8.46]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core.engine import Action, Event, event
from ..state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from ..game import SpiGame


class FormationRules:
    """[8.4] special formations."""

    def dissolve_formation(self: SpiGame, p: Piece) -> None:
        partner = self.units.get(p.partner) if p.partner else None
        for q in (p, partner):
            if q is not None:
                q.formation = None
                q.partner = None

    # ----- [8.43] forming up, [8.48] splitting -------------------------------------------------
    def split_destinations(self: SpiGame, p: Piece) -> dict[str, Any]:
        """[8.48] a formation disbands when one unit moves away alone."""
        if p.formed_turn == self._turn:
            return {}
        saved = p.formation, p.partner
        p.formation, p.partner = None, None
        try:
            reach = self._reachable(p)
        finally:
            p.formation, p.partner = saved
        return {h: v for h, v in reach.items() if h != p.hex and not self.enemy_in(h, p.side)
                and not self.stackers_at(h)}

    def do_split(self: SpiGame, action: Action) -> list[Event]:
        p = self.units[action["unit"]]
        partner = self.units[p.partner] if p.partner else None
        frm = p.hex
        self.dissolve_formation(p)
        self.relocate(p, action["to"])
        p.moved = True
        if partner is not None:
            partner.moved = True
        events = [event("split", "[8.48]", f"{self.label(p)} leaves the formation: {frm} -> {action['to']}; "
                        "the formation is disbanded", unit=p.id, frm=frm, to=action["to"])]
        events.extend(self.after_move(p, frm, action["to"]))
        return events

    def formation_terrain_ok(self: SpiGame, a: str | None, b: str) -> bool:
        """[8.41] special formations only in clear terrain, never across other hexsides."""
        if self.hexmap.terrain(b) != "clear":
            return False
        return a is None or self.hexmap.side(a, b) is None

    def formation_actions(self: SpiGame, side: str) -> list[Action]:
        """[8.43] two like units of one nationality, beside or with an unmoved leader, out of
        enemy ZOCs, move into the leader's clear hex.  Westernesse only [8.41]."""
        if side != "westernesse" or not self.is_movement_phase():
            return []
        acts: list[Action] = []
        seen: set[tuple[str, str, str]] = set()
        pieces = self.on_map(side)
        # the side's units by hex, each with its place in ``pieces`` (the order they are
        # listed in), once a leader may form
        by_hex: dict[str | None, list[tuple[int, Piece]]] | None = None
        for ld in pieces:
            if not ld.is_leader or ld.moved or not self.leader_may_form(ld):
                continue
            h = ld.hex
            assert h is not None
            if not self.formation_terrain_ok(None, h):
                continue
            if by_hex is None:
                # (only units ``_may_join_formation`` and ``_may_pair`` might let through
                # wherever the leader stands: unmoved, undisrupted, in no formation [8.43],
                # infantry or cavalry [8.42]; the others never make a pair)
                by_hex = {}
                for i, u in enumerate(pieces):
                    if (not u.is_leader and not (u.moved or u.disrupted or u.formation)
                            and u.kind in ("infantry", "cavalry")):
                        by_hex.setdefault(u.hex, []).append((i, u))
            # the units in the leader's hex or beside it that may join a formation there, in
            # the order of ``pieces``; then the pairs of them that may form up together
            near = [u for _i, u in sorted(x for n in (h, *self.hexmap.adjacent(h))
                                          for x in by_hex.get(n, ()))
                    if self._may_join_formation(u, h)]
            for i, a in enumerate(near):
                for b in near[i + 1:]:
                    if self._may_pair(a, b, h, ld):
                        k = (min(a.id, b.id), max(a.id, b.id), h)
                        if k not in seen:
                            seen.add(k)
                            acts.append({"type": "form", "unit": k[0], "with": k[1], "hex": h})
        return acts

    def leader_may_form(self: SpiGame, ld: Piece) -> bool:
        """Hook: [8.47] leaders under a Freeze Leader or Fear spell may not form."""
        return True

    def _may_join_formation(self: SpiGame, u: Piece, h: str) -> bool:
        """[8.43] ``u`` unmoved, undisrupted, not already in a formation, out of enemy ZOCs, and
        able to enter the leader's hex ``h`` (clear, across no hexside feature [8.41])."""
        if u.moved or u.disrupted or u.formation or self.in_enemy_zoc(u):
            return False
        if u.hex != h:
            if not self.formation_terrain_ok(u.hex, h):
                return False
            c = self.terrain_cost(u, u.hex, h)
            if c is None or c > u.ma:
                return False
        return True

    def _may_pair(self: SpiGame, a: Piece, b: Piece, h: str, ld: Piece) -> bool:
        """[8.42] [8.43] two units that may each join a formation in ``h`` form one together:
        infantry or cavalry alike, one nationality (the leader's, unless he is a magic
        leader), the same values, and nothing else stacked there."""
        if a.kind != b.kind or a.kind not in ("infantry", "cavalry"):
            return False                                                     # [8.42]
        if a.nation != b.nation or a.nation != ld.nation and ld.magic == 0:
            return False                                                     # [8.43]
        if (a.melee_now(), a.missile_now(), a.armour_now(), a.morale_now()) != (
                b.melee_now(), b.missile_now(), b.armour_now(), b.morale_now()):
            return False                                                     # [8.43]
        others = [q for q in self.stackers_at(h) if q.id not in (a.id, b.id)]
        return not others

    def do_form(self: SpiGame, action: Action) -> list[Event]:
        a, b = self.units[action["unit"]], self.units[action["with"]]
        h = action["hex"]
        kind = self.formation_kind(a, b)
        for u, v in ((a, b), (b, a)):
            if u.hex != h:
                self.relocate(u, h)
            u.formation, u.partner, u.formed_turn, u.moved = kind, v.id, self._turn, True
        rule = self.formation_rule(kind)
        events = [event("form", rule, f"{self.label(a)} and {self.label(b)} form a "
                        f"{kind.replace('_', ' ')} in {h}", unit=a.id, partner=b.id, hex=h, formation=kind)]
        events.extend(self.after_move(a, None, h))
        return events

    def formation_kind(self: SpiGame, a: Piece, b: Piece) -> str:
        return "wedge" if a.kind == "cavalry" else "shield_wall"             # [8.42]

    def formation_rule(self: SpiGame, kind: str) -> str:
        return "[8.43]"

    def formation_attack(self: SpiGame, p: Piece) -> str | None:
        """[8.44] a special formation attacks at A (the OCR's "4" read as A; docs/rulings.md)."""
        return "A" if p.formation in ("wedge", "shield_wall") else None

    def formation_casualty(self: SpiGame, d: Piece, result: str, by: Piece | None, rule: str) -> list[Event] | None:
        """[8.46] a formation loses one unit to ½E and retreats unit by unit; E takes both.
        The case cited and the retreat after a ½E are hooks (Sauron's Slave Phalanx [15.35])."""
        if not d.formation or not d.partner:
            return None
        partner = self.units[d.partner]
        case, half_retreat = self.formation_case(d), self.half_loss_retreat(d)   # before it breaks up
        events: list[Event] = []
        if result == "E":
            events.extend(self.leader_risk(d, "E"))
            events.extend(self.eliminate(partner, rule, "E result on its formation", by))
            events.extend(self.eliminate(d, rule, "E result on its formation", by))
            return events
        if result.startswith("hE"):
            events.extend(self.leader_risk(d, "hE"))
            events.extend(self.eliminate(partner, case, "½E on a formation: one unit lost", by))
            events.extend(self.order_retreat(d, half_retreat, case))
            return events
        retreat = int(result[1])
        events.append(event("formation_broken", case, "the formation retreats unit by unit into separate hexes",
                            unit=d.id))
        events.extend(self.order_retreat(partner, retreat, case))
        events.extend(self.order_retreat(d, retreat, case))
        return events

    def formation_case(self: SpiGame, d: Piece) -> str:
        return "[8.46]"

    def half_loss_retreat(self: SpiGame, d: Piece) -> int:
        """Hexes the survivor of a ½E on a formation retreats ([7.42] ½E, r1)."""
        return 1
