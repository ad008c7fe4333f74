"""Sauron [17.0] the Beast of Mordor: conjured [17.0], its normal capabilities [17.1], its magic
powers [17.2] (Flight, Horn Attack, Magic Armor, Death Breath) and killing it [17.3]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import hexes as hx
from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction
from ..spi.board import refuse
from ..spi.game import WEST
from ..spi.state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from .game import SauronGame


class BeastRules:
    """[17.0] the Beast of Mordor."""

    def exerts_zoc(self: SauronGame, p: Piece) -> bool:
        return p.id != "beast" and super().exerts_zoc(p)           # [17.1]

    def counts_for_stacking(self: SauronGame, p: Piece) -> bool:
        return p.id != "beast" and super().counts_for_stacking(p)

    def beast_power(self: SauronGame, power: str) -> bool:
        until = self.spell_state.beast.powers.get(power)
        return until is not None and (until == 0 or self._turn <= until)

    def beast_cost(self: SauronGame, base: int) -> int:
        return base * 2 if self.units["beast"].reduced else base   # [17.33]

    def do_conjure(self: SauronGame, action: Action) -> list[Event]:
        """[17.0] at night, five points; the Beast appears stacked with Sauron."""
        s = self.units["sauron"]
        beast = self.units["beast"]
        self.spend_magic(s, self.sc.beast.conjure)
        self.note_cast(s, True)
        beast.drop_flag("out")
        self.place(beast, s.hex)
        st = self.spell_state.beast
        st.conjured = True
        nxt = (self._turn, "E") if self._phase == "A" else (self._turn + 1, "A")
        st.window = ((self._turn, self._phase), nxt)               # [17.0] [17.2]
        return [event("conjure", "[17.0]", f"Sauron conjures the Beast of Mordor in {s.hex} "
                      f"({self.sc.beast.conjure} points)", hex=s.hex)]

    def do_beast_power(self: SauronGame, action: Action) -> list[Event]:
        s = self.units["sauron"]
        key = action["power"]
        power = self.sc.beast.powers[key]
        cost = self.beast_cost(power.cost)
        self.spend_magic(s, cost)
        st = self.spell_state.beast
        st.power_phase = (self._turn, self._phase)
        if (self._turn, self._phase) not in st.window:
            self.note_cast(s, True)
        until = 0 if power.duration == 0 else self._turn + power.duration - 1
        st.powers[key] = until
        events = [event("beast_power", power.rule, f"the Beast of Mordor gains {power.name} ({cost} points"
                        + (", doubled [17.33]" if self.units['beast'].reduced else "") + ")"
                        + ("" if power.duration == 0 else f" through Game-Turn {until}"), power=key, cost=cost)]
        if key == "breath":
            st.facing = int(action["facing"])
            events.extend(self.death_breath(st.facing))
        return events

    def kill_zone(self: SauronGame, facing: int) -> list[str]:
        """[17.24] within two hexes through the Beast's two frontal hexsides: the hexes in
        directions ``facing`` and ``facing+1`` and the three beyond them (5 hexes)."""
        beast = self.units["beast"]
        d1, d2 = facing, facing % 6 + 1
        zone = []
        a = hx.neighbour(beast.hex, d1)
        b = hx.neighbour(beast.hex, d2)
        for h in (a, b):
            if h:
                zone.append(h)
        for h, d in ((a, d1), (b, d2)):
            if h:
                zone.append(hx.neighbour(h, d))
        if a:
            zone.append(hx.neighbour(a, d2))
        return sorted({h for h in zone if h and h in self.hexmap})

    def death_breath(self: SauronGame, facing: int) -> list[Event]:
        zone = self.kill_zone(facing)
        events = [event("death_breath", "[17.24]", f"the Beast breathes death toward direction {facing}: "
                        f"{', '.join(zone)}", zone=zone, facing=facing)]
        for h in zone:
            for q in sorted(self.pieces_at(h), key=lambda q: (q.is_leader, q.id)):
                if q.side == WEST and q.on_map:
                    events.extend(self.eliminate(q, "[17.24]", "Death Breath"))
        return events

    def attack_letter(self: SauronGame, p: Piece, melee: bool, target: Piece | None = None) -> str | None:
        if p.id == "beast":
            if melee and self.beast_power("horn"):
                return "A"                                          # [17.22]
            return None
        return super().attack_letter(p, melee, target)

    def attack_why(self: SauronGame, p: Piece, melee: bool, target: Piece | None = None) -> list[str]:
        if p.id == "beast":
            return ["[17.22] Horn Attack: the Beast of Mordor attacks at A"]
        return super().attack_why(p, melee, target)

    def why_not_attackable(self: SauronGame, d: Piece, attacker: Piece, melee: bool,
                           explain: bool = True) -> IllegalAction | None:
        if d.id == "beast" and self.beast_power("armor"):           # [17.23] [17.32]
            return refuse(explain, "[17.32]", lambda: "the Beast of Mordor has Magic Armor: only a leader "
                          "carrying a Magic Weapon may attack it (in the Leader Combat step)")
        return None

    def why_not_attacker_hook(self: SauronGame, p: Piece, explain: bool) -> IllegalAction | None:
        if p.id == "beast" and not self.beast_power("horn"):        # [17.1] [17.22]
            return refuse(explain, "[17.22]", lambda: "the Beast of Mordor attacks only with its Horn "
                          "Attack power")
        return None

    def leader_candidates(self: SauronGame, ld: Piece) -> list[Piece]:
        out = super().leader_candidates(ld)
        beast = self.units["beast"]
        if ld.side == WEST and beast.on_map and hx.distance(ld.hex, beast.hex) == 1:
            out.append(beast)                                       # [17.32]
        return out

    def why_not_leader_attack_unit(self: SauronGame, ld: Piece, t: Piece, explain: bool) -> IllegalAction | None:
        if t.id == "beast" and self.beast_power("armor"):           # [17.32]
            if self.carried_weapon(ld):
                return None
            return refuse(explain, "[17.32]", lambda: "the armoured Beast of Mordor may be attacked only by a "
                          f"leader carrying a Magic Weapon; {ld.name} carries none")
        return super().why_not_leader_attack_unit(ld, t, explain)

    def leader_attacks_unit(self: SauronGame, a: Piece, d: Piece) -> list[Event]:
        """[17.32] a leader with a magic weapon attacks the armoured Beast at A, as melee."""
        return self.resolve_attack(a, d, "A", False, "[17.32]", missile=False)

    def demoralization_value(self: SauronGame, p: Piece) -> int:
        return 0 if p.id == "beast" else super().demoralization_value(p)
