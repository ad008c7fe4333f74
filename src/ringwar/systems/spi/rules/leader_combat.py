"""[7.2] Leader (Individual) Combat: Combat Ratings [7.22] with night [10.0] and exclusive
modifiers, the differential's column [7.26], and the results on leaders and their units."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import hexes as hx
from ....core.engine import Action, Event, event
from ....core.errors import IllegalAction
from ..board import refuse
from ..state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from ..game import SpiGame

LEADER_COLUMNS = ("+6", "+4", "+2", "+1", "0", "-1", "-3", "-4")


def leader_column(diff: int) -> str:
    """[7.26] differentials above +6 count as +6, below -4 as -4."""
    if diff >= 6:
        return "+6"
    if diff >= 4:
        return "+4"
    if diff >= 2:
        return "+2"
    if diff == 1:
        return "+1"
    if diff == 0:
        return "0"
    if diff >= -2:
        return "-1"
    if diff == -3:
        return "-3"
    return "-4"


class LeaderCombatRules:
    """[7.2] leader/individual combat."""

    # ===== leader combat [7.2] =====================================================================
    def combat_rating(self: SpiGame, ld: Piece, foe: Piece | None = None) -> int:
        """[7.22] the Rally Rating, with night [10.0] and exclusive modifiers, against ``foe``."""
        return self.combat_rating_why(ld, foe)[0]

    def combat_rating_why(self: SpiGame, ld: Piece, foe: Piece | None = None) -> tuple[int, list[str]]:
        """A leader's rating in individual combat [7.22] against ``foe`` (the leader he fights)
        and why it is not the printed one."""
        return self.leader_rating_why(ld, combat=True, foe=foe)

    def leader_rating_why(self: SpiGame, ld: Piece, combat: bool,
                          foe: Piece | None = None) -> tuple[int, list[str]]:
        """A leader's Rally Rating as used in individual combat [7.22] (``combat``, against
        ``foe``) or on the Rally Table [8.37], and why it is not the printed one: reduced
        [7.26], Sauron's leaders at night [10.0], the exclusive rules' :meth:`rating_modifiers`."""
        r = ld.rally_now()
        why = [f"[7.26] {ld.name} is reduced: rating {ld.rally} -> {r}"] if ld.reduced and r != ld.rally else []
        if ld.side == "sauron" and self.is_night():
            r += 3                                                       # [10.0]
            why.append(f"[10.0] {ld.name} at night: +3")
        for n, text in self.rating_modifiers(ld, combat=combat, foe=foe):
            r += n
            why.append(text)
        return r, why

    def rating_modifiers(self: SpiGame, ld: Piece, combat: bool,
                         foe: Piece | None = None) -> list[tuple[int, str]]:
        """Hook: additions to a leader's rating in individual combat (``combat``, against
        ``foe``) or on the Rally Table, each with its reason (magic weapons [19.11], siege
        towers [16.46] ...)."""
        return []

    # ===== who may fight whom [7.21] [7.24] [7.25]: one predicate ==================================
    # It lists the leader attacks (``combat_actions``, ``leader_targets``, with ``explain``
    # False: no words are built) and explains a refused one (``why_not_leader_attack``).
    def why_not_leader_attacker(self: SpiGame, ld: Piece, explain: bool = True) -> IllegalAction | None:
        """Why ``ld`` may not engage in leader combat now, whatever the target (None: he may):
        [7.21] only the phasing player's leaders on the map, [7.24] once per Combat Phase."""
        if ld.side != self.phasing:
            return refuse(explain, "[7.21]", lambda: f"{ld.name} is not the phasing player's")
        if not ld.is_leader:
            return refuse(explain, "[7.21]", lambda: f"only leaders engage in leader combat; {self.label(ld)} "
                          "is a combat unit and melees in the Melee step")
        if not ld.on_map:
            return refuse(explain, "[7.21]", lambda: "both leaders must be on the map")
        if ld.flags.get("leader_attacked"):
            return refuse(explain, "[7.24]", lambda: f"{ld.name} has already attacked in this Combat Phase")
        return None

    def why_not_leader_target(self: SpiGame, ld: Piece, t: Piece, explain: bool = True) -> IllegalAction | None:
        """Why ``ld``, free to attack, may not attack ``t`` (None: he may): [7.21] an adjacent
        enemy leader on the map; [7.25] [8.21] never a combat unit (the hook
        ``why_not_leader_attack_unit``: Sauron's [17.32])."""
        if not t.on_map:
            return refuse(explain, "[7.21]", lambda: "both leaders must be on the map")
        if t.side == ld.side:
            return refuse(explain, "[7.21]", lambda: "leader combat is only against enemy leaders")
        if hx.distance(ld.hex, t.hex) != 1:
            return refuse(explain, "[7.21]", lambda: "leader combat is only against an adjacent enemy leader")
        if not t.is_leader:
            return self.why_not_leader_attack_unit(ld, t, explain)
        return None

    def why_not_leader_attack_unit(self: SpiGame, ld: Piece, t: Piece, explain: bool) -> IllegalAction | None:
        """Hook: [7.25] [8.21] a leader never attacks a combat unit (Sauron: [17.32] a leader
        carrying a Magic Weapon attacks the armoured Beast)."""
        return refuse(explain, "[7.25]", lambda: "leaders may not attack combat units")

    def leader_candidates(self: SpiGame, ld: Piece) -> list[Piece]:
        """Hook: the pieces ``why_not_leader_target`` is asked about, in the order they are
        listed: the enemy leaders adjacent to ``ld`` (Sauron adds the Beast [17.32])."""
        return [q for n in self.hexmap.adjacent(ld.hex) for q in self.pieces_at(n)
                if q.is_leader and q.side != ld.side]

    def leader_targets(self: SpiGame, ld: Piece) -> list[Piece]:
        """[7.21] the pieces ``ld`` may attack in individual combat."""
        return [q for q in self.leader_candidates(ld) if self.why_not_leader_target(ld, q, False) is None]

    def why_not_leader_duel(self: SpiGame, ld: Piece, t: Piece, explain: bool = True) -> IllegalAction | None:
        """Why ``ld`` may not attack ``t`` in leader combat now (None: the attack is offered)."""
        return self.why_not_leader_attacker(ld, explain) or self.why_not_leader_target(ld, t, explain)

    def why_not_leader_attack(self: SpiGame, action: Action) -> IllegalAction | None:
        # [7.16] missile fire first, then [7.21] leader combat, then melee
        pair = self._combat_step_check(action, "leader", "leader combat comes after missile fire and "
                                       "before melee in the Combat Phase")
        if isinstance(pair, IllegalAction):
            return pair
        return self.why_not_leader_duel(*pair)

    def do_leader_attack(self: SpiGame, action: Action) -> list[Event]:
        a, d = self.units[action["unit"]], self.units[action["target"]]
        a.set_flag("leader_attacked", True)                              # [7.24]
        if not d.is_leader:
            return self.leader_attacks_unit(a, d)
        ra, rd = self.combat_rating(a, foe=d), self.combat_rating(d, foe=a)
        col = leader_column(ra - rd)
        die = self.dice.d6()
        res = self.charts.leader_crt[col][die - 1]
        events = [event("roll", "[7.26]", f"leader combat: {a.name} ({ra}) attacks {d.name} ({rd}), "
                        f"differential {ra - rd:+d} (column {col}), die {die}: "
                        f"{res.replace('h', '½').replace('-', 'no effect') if res != '-' else 'no effect'}",
                        dice=[die], table="7.26", cell=f"{col}/{die}", unit=a.id, target=d.id, result=res)]
        if res == "-":
            return events
        victim, winner = (d, a) if res[0] == "D" else (a, d)
        events.extend(self.apply_leader_result(victim, res[1:], winner))
        return events

    def leader_attacks_unit(self: SpiGame, a: Piece, d: Piece) -> list[Event]:
        """Hook: exceptions to [7.25] ([17.32] a magic weapon against the Beast)."""
        raise IllegalAction("[7.25]", "leaders may not attack combat units")

    def apply_leader_result(self: SpiGame, victim: Piece, res: str, winner: Piece) -> list[Event]:
        """[7.26] r2 / ½ / e on a leader; [7.23] his combat unit retreats two or is flipped."""
        events: list[Event] = []
        special = self.leader_result_hook(victim, res)
        if special is not None:
            events.extend(special)
            if res == "r2":
                return events
        mates = [u for u in self.combat_at(victim.hex) if u.side == victim.side]
        if res == "e" or (res == "h" and victim.reduced):
            events.extend(self.eliminate(victim, "[7.26]", "killed in individual combat", winner))
        elif res == "h":
            victim.reduced = True
            events.append(event("reduced", "[7.26]", f"{victim.name} is reduced to his back-printed rating",
                                unit=victim.id))
        if mates:
            # [7.23] every combat unit stacked with him retreats; a formation's two units
            # too, each into its own hex [8.46] (the first to go breaks the formation up)
            both = self.options.get("formation_retreat_7_23", True)
            for u in mates:
                if not both and u.formation and u.partner in {m.id for m in mates} and u.id > u.partner:
                    continue        # records made before the fix: the second unit stayed behind
                events.extend(self.order_retreat(u, 2, "[7.23]", mode="combat", on_fail="flip"))
        elif res == "r2" and victim.on_map:
            events.extend(self.order_retreat(victim, 2, "[7.26]", mode="leader"))
        return events

    def leader_result_hook(self: SpiGame, victim: Piece, res: str) -> list[Event] | None:
        return None
