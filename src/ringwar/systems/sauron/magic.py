"""Sauron [16.0] Magic and Spells: Sinister Visions [16.1], Wrath of the Ringwraith [16.2], Total
Eclipse of the Sun [16.3] (night [12.0]), cast from the Pedestal [16.61] by the Magic
Capability Table [16.5]."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from ...core import hexes as hx
from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction
from ..spi.board import NOT_A_SPELL, refuse
from ..spi.data import Spell
from ..spi.game import SAURON, WEST
from ..spi.state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from .game import SauronGame


class MagicRules:
    """[16.0] Sauron's spells."""

    def is_night(self: SauronGame, turn: int | None = None) -> bool:
        t = self._turn if turn is None else turn
        if self.spell_active("eclipse", t):
            return True                                            # [16.3]
        return super().is_night(turn)

    def night_key(self: SauronGame) -> Hashable:
        """[16.3] the Eclipse's turns make night: ``is_night`` reads them too."""
        st = self.spell_state
        return super().night_key(), st.active.get("eclipse"), st.since.get("eclipse", 0)

    def spell_active(self: SauronGame, name: str, turn: int | None = None) -> bool:
        until = self.spell_state.active.get(name)
        t = self._turn if turn is None else turn
        return until is not None and self.spell_state.since.get(name, 0) <= t <= until

    def why_not_caster_hook(self: SauronGame, ld: Piece) -> IllegalAction | None:
        """[16.61] Sauron casts only from the Pedestal: on it when the phase began, the
        Pedestal not moved in the previous normal Movement Phase."""
        if ld.id != "sauron":
            return None
        if not self.spell_state.on_pedestal or self.pedestal_hex() != ld.hex:
            return IllegalAction("[16.61]", "Sauron attempts spells only from the Pedestal, on which he must "
                                 "stand when the phase begins")
        prev = (self._turn, "C") if self._phase == "E" else (self._turn - 1, "F")
        if self.spell_state.pedestal_moved == prev:
            return IllegalAction("[16.61]", "the Pedestal moved in the previous Movement Phase: Sauron may not "
                                 "attempt a spell now")
        return None

    def why_not_spell_hook(self: SauronGame, ld: Piece, key: str, spell: Spell,
                           explain: bool) -> IllegalAction | None:
        """[16.0] only Sauron casts spells, each as often a game as its allowance says
        ([16.1] [16.2] [16.3]); [16.2] the Wrath of the Ringwraith needs the Ringwraith on the
        map."""
        if ld.id != "sauron":
            return refuse(explain, "[16.0]", lambda: f"only Sauron may cast spells, not {ld.name}", NOT_A_SPELL)
        if self.spell_state.cast.get(key, 0) >= spell.allowance:
            return refuse(explain, spell.rule, lambda: f"{spell.name} may be cast only {spell.allowance} times "
                          "a game", NOT_A_SPELL)
        if key == "wrath" and not self.units["ringwraith"].on_map:
            return refuse(explain, "[16.2]", lambda: "the Ringwraith is not on the map", NOT_A_SPELL)
        return None

    def spell_actions(self: SauronGame, side: str) -> list[Action]:
        if side != SAURON:
            return []
        s = self.units["sauron"]
        if not s.on_map:
            return []
        left = self.magic_points_left(s)
        acts: list[Action] = []
        phase_id = (self._turn, self._phase)
        window = phase_id in self.spell_state.beast.window
        if self.may_cast_now(s):                                   # [8.52] [16.61]
            acts.extend(self.spell_casts(s))                       # [8.54] [8.55] [16.1]-[16.3]
            beast = self.units["beast"]
            if (not self.spell_state.beast.conjured and self.is_night()
                    and left >= self.sc.beast.conjure):
                acts.append({"type": "conjure", "unit": "sauron"})      # [17.0]
            if beast.on_map:
                window = True
        beast = self.units["beast"]
        if window and beast.on_map and self.spell_state.beast.power_phase != phase_id:
            for key, power in sorted(self.sc.beast.powers.items()):
                cost = self.beast_cost(power.cost)
                if cost > left or (key != "breath" and self.beast_power(key)):
                    continue
                if key == "breath":
                    for facing in range(1, 7):
                        acts.append({"type": "beast_power", "unit": "sauron", "power": key, "facing": facing})
                else:
                    acts.append({"type": "beast_power", "unit": "sauron", "power": key})
        return acts

    def do_cast(self: SauronGame, action: Action) -> list[Event]:
        s = self.units["sauron"]
        key, pts = action["spell"], int(action["points"])
        spell = self.sc.spells[key]
        rng = spell.succeeds_on(pts)
        events: list[Event] = []
        if rng is None:
            ok = True
            events.append(event("spell", "[16.5]", f"Sauron casts {spell.name} with {pts} points: automatic",
                                spell=key, points=pts, success=True))
        else:
            dice = self.dice.roll(2)
            total = sum(dice)
            ok = rng[0] <= total <= rng[1]
            events.append(event("spell", "[16.5]", f"Sauron attempts {spell.name} with {pts} points: needs "
                                f"{rng[0]}-{rng[1]}, rolled {total} ({dice[0]}+{dice[1]}): "
                                + ("cast" if ok else "fails (no points spent [8.56])"),
                                dice=dice, table="16.5", cell=f"{key}/{pts}", spell=key, points=pts, success=ok))
        self.note_cast(s, ok)
        if not ok:
            return events
        self.spend_magic(s, pts)
        self.spell_state.cast[key] = self.spell_state.cast.get(key, 0) + 1
        until = self._turn + spell.duration - 1
        self.spell_state.active[key] = until
        self.spell_state.since[key] = self._turn
        if key == "sinister_visions":
            events.extend(self.sinister_visions())
        elif key == "eclipse":
            events.append(event("spell_effect", spell.rule, f"Game-Turn {self._turn} is treated as a Night Game-Turn"))
        elif key == "wrath":
            events.append(event("spell_effect", spell.rule, f"Sauron's units within {spell.radius} hexes of the "
                                f"Ringwraith attack one level better in melee through Game-Turn {until}"))
        return events

    def sinister_visions(self: SauronGame) -> list[Event]:
        """[16.1] Westernesse units other than Dwarves and Elves with morale X or worse are
        disrupted at once."""
        events: list[Event] = []
        for p in sorted(self.on_map(WEST), key=lambda q: q.id):
            if p.is_leader or "dwarf" in p.tags or "elf" in p.tags:
                continue
            if p.morale_now() in ("X", "Y", "Z") and not p.disrupted:
                p.disrupted = True
                p.set_flag("visions", True)
                events.append(event("disrupted", "[16.1]", f"{self.label(p)} is disrupted by Sinister Visions",
                                    unit=p.id))
        return events

    def may_rally_hook(self: SauronGame, ld: Piece, u: Piece) -> IllegalAction | None:
        """[16.1] units disrupted by Sinister Visions rally only three or more hexes from Sauron;
        [19.13] unless the leader carries a magic weapon."""
        s = self.units["sauron"]
        if u.flags.get("visions") and self.spell_active("sinister_visions") and s.on_map:
            if hx.distance(u.hex, s.hex) < 3 and not self.carried_weapon(ld):
                return IllegalAction("[16.1]", f"{self.label(u)} was disrupted by Sinister Visions and "
                                     "must be at least three hexes from Sauron to be rallied")
        return None
