"""Gondor [17.0] Magic and Spells: the Lord of the Nazgul's (Fear [17.11], Freeze Leader [17.12],
Operate Grond [17.13]) and Gandalf's (Break Darkness [17.21], Stalemate Nazgul [17.22],
Revealing Aragorn [17.23]), by the Magic Capabilities Chart [17.4]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import hexes as hx
from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction
from ..spi.board import NOT_A_SPELL, refuse
from ..spi.data import Spell
from ..spi.game import SAURON, WEST
from ..spi.state import Piece
from .state import Banner

if TYPE_CHECKING:  # pragma: no cover
    from .game import GondorGame


class MagicRules:
    """[17.0] magic: the spells, their casting and their effects."""

    def frozen(self: GondorGame, p: Piece) -> bool:
        """[17.12] Freeze Leader: Westernesse leaders near the Nazgul Lord may not move."""
        return p.id in self.spell_state.frozen and self.spell_active("freeze")

    def spell_active(self: GondorGame, name: str, turn: int | None = None) -> bool:
        until = self.spell_state.active.get(name)
        t = self._turn if turn is None else turn
        return until is not None and t <= until

    def why_not_caster_hook(self: GondorGame, ld: Piece) -> IllegalAction | None:
        if self.frozen(ld):
            return IllegalAction("[17.12]", f"{ld.name} is frozen by the Lord of the Nazgul and may not "
                                 "attempt a spell")
        if ld.id == "nazgul" and self.banner_hex() is not None:
            return IllegalAction("[18.23]", "the Lord of the Nazgul may not attempt a spell while the Banner "
                                 "of the King is on the map")
        return None

    def spell_actions(self: GondorGame, side: str) -> list[Action]:
        acts: list[Action] = []
        # (``why_not_caster`` refuses all but Magic Leaders [8.51]: asked of those only)
        for ld in sorted((q for q in self.on_map(side) if q.is_leader and q.magic > 0), key=lambda q: q.id):
            if self.may_cast_now(ld):                              # [8.5] [17.12] [18.23]
                acts.extend(self.spell_casts(ld))                  # [8.54] [8.55] [17.1] [17.2]
        return acts

    def why_not_spell_hook(self: GondorGame, ld: Piece, key: str, spell: Spell,
                           explain: bool) -> IllegalAction | None:
        """[17.1] [17.2] when each spell may be attempted: its allowance in a game, day or
        night, and where the pieces it needs stand."""
        cast = self.spell_state.cast
        if key == "break_darkness":
            if self.is_night():
                return refuse(explain, "[17.21]", lambda: "Break Darkness is cast only on a day Game-Turn", NOT_A_SPELL)
            if cast.get(key, 0) >= 2:
                return refuse(explain, "[17.21]", lambda: "Break Darkness may be cast only twice in a game", NOT_A_SPELL)
            if self.spell_active(key):
                return refuse(explain, "[17.21]", lambda: "Darkness is already broken this Game-Turn", NOT_A_SPELL)
            return None
        if key in ("stalemate_day", "stalemate_night"):
            night = self.is_night()
            if (key == "stalemate_night") != night:
                return refuse(explain, "[17.22]", lambda: f"on a {'night' if night else 'day'} Game-Turn Stalemate "
                              f"Nazgul is cast as {self.sc.spells['stalemate_night' if night else 'stalemate_day'].name}, "
                              "at its cost [17.3]", NOT_A_SPELL)
            nazgul = self.units["nazgul"]
            if not nazgul.on_map:
                return refuse(explain, "[17.22]", lambda: "the Lord of the Nazgul is not on the map", NOT_A_SPELL)
            if hx.distance(ld.hex, nazgul.hex) != 1:
                return refuse(explain, "[17.22]", lambda: f"Stalemate Nazgul is cast only while {ld.name} is "
                              "adjacent to the Lord of the Nazgul", NOT_A_SPELL)
            return None
        if key == "reveal_aragorn":
            if not self.units["aragorn"].on_map:
                return refuse(explain, "[18.11]", lambda: "Aragorn is not on the map: the Banner of the King is "
                              "brought forth only after his entrance, and placed with him [18.12]", NOT_A_SPELL)
            if cast.get(key, 0) >= 1:
                return refuse(explain, "[17.23]", lambda: "Revealing Aragorn may be cast only once", NOT_A_SPELL)
            return None
        if key == "fear":
            if cast.get(key, 0) >= 2:
                return refuse(explain, "[17.11]", lambda: "Fear may be successfully cast only twice", NOT_A_SPELL)
            if self.spell_active(key):
                return refuse(explain, "[17.11]", lambda: "Fear is already in effect this Game-Turn", NOT_A_SPELL)
            return None
        if key == "freeze_1":
            if cast.get("freeze", 0) != 0:
                return refuse(explain, "[17.12]", lambda: "Freeze Leader has been cast before: the second and third "
                              "casts cost more (Freeze Leader (second and third))", NOT_A_SPELL)
            return None
        if key == "freeze_2":
            done = cast.get("freeze", 0)
            if done < 1:
                return refuse(explain, "[17.12]", lambda: "Freeze Leader has not been cast yet: the first cast "
                              "is Freeze Leader (first)", NOT_A_SPELL)
            if done >= 3:
                return refuse(explain, "[17.12]", lambda: "Freeze Leader may be successfully cast three times "
                              "in a game", NOT_A_SPELL)
            return None
        if key == "operate_grond":
            return self._why_not_operate_grond(ld, explain)
        return refuse(explain, "[17.0]", lambda: f"{spell.name} is none of the spells of [17.1] and [17.2]",
                      NOT_A_SPELL)

    def _why_not_operate_grond(self: GondorGame, ld: Piece, explain: bool) -> IllegalAction | None:
        """[17.13] Operate Grond: once, the Nazgul Lord within three hexes of Grond, which is
        stacked with a Troll or Uruk-Hai."""
        if self.siege.grond:
            return refuse(explain, "[17.13]", lambda: "Grond is already activated for the rest of the game",
                          NOT_A_SPELL)
        grond = next((g for g in self.on_map(SAURON) if "grond" in g.tags), None)
        if grond is None:
            return refuse(explain, "[17.13]", lambda: "Grond is not on the map", NOT_A_SPELL)
        if hx.distance(ld.hex, grond.hex) > 3:
            return refuse(explain, "[17.13]", lambda: f"{ld.name} must be within three hexes of Grond",
                          NOT_A_SPELL)
        if not any("carries_grond" in q.tags for q in self.combat_at(grond.hex)):
            return refuse(explain, "[17.13]", lambda: "Grond must be stacked with a Troll or Uruk-Hai",
                          NOT_A_SPELL)
        return None

    def do_cast(self: GondorGame, action: Action) -> list[Event]:
        ld = self.units[action["unit"]]
        key, pts = action["spell"], int(action["points"])
        spell = self.sc.spells[key]
        rng_ = spell.succeeds_on(pts)
        if rng_ is None:
            ok = True
            events = [event("spell", "[17.4]", f"{ld.name} casts {spell.name} with {pts} points: automatic",
                            spell=key, points=pts, success=True)]
        else:
            dice = self.dice.roll(2)
            total = sum(dice)
            ok = rng_[0] <= total <= rng_[1]
            events = [event("spell", "[17.4]", f"{ld.name} attempts {spell.name} with {pts} points: needs "
                            f"{rng_[0]}-{rng_[1]}, rolled {total} ({dice[0]}+{dice[1]}): "
                            + ("cast" if ok else "fails (no points spent [8.56])"), dice=dice, table="17.4",
                            cell=f"{key}/{pts}", spell=key, points=pts, success=ok)]
        self.note_cast(ld, ok)
        if not ok:
            return events
        self.spend_magic(ld, pts)
        base = "freeze" if key.startswith("freeze") else key
        self.spell_state.cast[base] = self.spell_state.cast.get(base, 0) + 1
        self.spell_state.active[base] = self._turn + min(spell.duration, 99) - 1
        return events + self.spell_effect(ld, base, spell)

    def spell_effect(self: GondorGame, ld: Piece, key: str, spell: Any) -> list[Event]:
        if key == "freeze":
            frozen = [p.id for p in self.on_map(WEST) if p.is_leader and hx.distance(p.hex, ld.hex) <= 3]
            self.spell_state.frozen = frozen
            return [event("spell_effect", spell.rule, f"frozen: {', '.join(frozen) or 'no leader'}")]
        if key == "operate_grond":
            self.siege.grond = True
            return [event("spell_effect", "[17.13]", "Grond is activated for the rest of the game")]
        if key.startswith("stalemate"):
            nazgul = self.units["nazgul"]
            dest = self.east_of(ld.hex, 6)
            frm = nazgul.hex
            self.relocate(nazgul, dest)
            return [event("spell_effect", "[17.22]", f"the Lord of the Nazgul is thrown back from {frm} to {dest}")]
        if key == "reveal_aragorn":
            aragorn = self.units["aragorn"]
            self.siege.banner = Banner(aragorn.id, self._turn + 2)
            return [event("banner", "[18.12]", "the Banner of the King is unfurled with Aragorn")]
        return [event("spell_effect", spell.rule, f"{spell.name} is in effect this Game-Turn")]

    def east_of(self: GondorGame, h: str, n: int) -> str:
        """[17.22] six hexes toward the East edge (down the columns); the nearest free hex."""
        target = h
        for _ in range(n):
            nxt = hx.neighbour(target, 4)
            if nxt is None or nxt not in self.hexmap:
                break
            target = nxt
        free = [x for r in range(0, 6) for x in hx.ring(target, r) if x in self.hexmap
                and self.charts.terrain.get(self.hexmap.terrain(x), {}).get("cost") is not None
                and not self.enemy_in(x, SAURON)]
        return free[0] if free else h

    def may_rally_hook(self: GondorGame, ld: Piece, u: Piece) -> IllegalAction | None:
        if u.side == WEST and self.spell_active("fear"):
            return IllegalAction("[17.11]", "Westernesse units may not be rallied under the Fear spell")
        if ld.side == WEST and self.frozen(ld):
            return IllegalAction("[17.12]", f"{ld.name} is frozen and may not rally")
        if u.side == SAURON and self.spell_active("break_darkness"):
            return IllegalAction("[17.21]", "no Sauron unit may be rallied while Darkness is broken")
        bh = self.banner_hex()
        if u.side == SAURON and bh and hx.distance(bh, u.hex) <= 6:
            return IllegalAction("[18.21]", "no Sauron unit within six hexes of the Banner may be rallied")
        return None

    def leader_may_form(self: GondorGame, ld: Piece) -> bool:
        return not self.frozen(ld) and not self.spell_active("fear")      # [8.47]

