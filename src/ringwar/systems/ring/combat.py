"""[9.0] Attack Phase: adjacency, strengths, the defender's position and the CRT."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction

if TYPE_CHECKING:
    from .game import BattleOfTheRingGame

POSITION_TEXT = {
    "open": "on open ground",
    "fortress_or_river": "into a fortress or across a river",
    "fortress_and_river": "into a fortress and across a river",
}


class CombatRules:
    """Mixed into :class:`BattleOfTheRingGame`."""

    def can_fight(self: BattleOfTheRingGame, pid: str) -> bool:
        """[9.3] nobody fights in Moria, Fangorn, the Paths of the Dead or Mount Doom;
        [11.13] the Ring-bearer has no strength."""
        return pid != "ring" and self.hex_of[pid] not in self.S.no_combat

    def attack_actions(self: BattleOfTheRingGame) -> list[Action]:
        out: list[Action] = []
        cur = self.current
        S = self.S
        for pid, h in sorted(self.hex_of.items()):
            if pid in self.attacked or self.player(pid) != cur or not self.can_fight(pid):
                continue
            for n in S.attack_nb[h]:                   # [9.1] adjacent, no mountain hexside
                if n in S.no_combat:
                    continue
                for q in self.at.get(n, ()):
                    if q != "ring" and self.player(q) != cur:
                        out.append({"type": "attack", "piece": pid, "target": q})
        return out

    def strength(self: BattleOfTheRingGame, pid: str) -> tuple[str, str | None]:
        """[9.7] "E" (Elven) or "O" (ordinary), and the piece that gives Elven strength."""
        S = self.S
        nation = S.nation_of[pid]
        if S.nations[nation].strength == "elven":
            return "E", None
        P = self.player(pid)
        for n in S.attack_nb[self.hex_of[pid]]:       # never across a mountain hexside [Q2]
            if n in S.no_combat:                       # [11.3] [11.9]
                continue
            for g in self.at.get(n, ()):
                gives = S.nations[S.nation_of[g]].gives
                if gives is None or self.player(g) != P:
                    continue
                if (gives == "friendly" or (gives == "gondor" and nation in ("gondor", "dead"))
                        or (gives == "manorc" and nation == "manorc")):
                    return "E", g
        return "O", None

    def position(self: BattleOfTheRingGame, attacker_hex: str, defender_hex: str) -> str:
        """[9.6] the defender's position: open, fortress OR river, fortress AND river."""
        fortress = defender_hex in self.S.fortress
        river = (attacker_hex, defender_hex) in self.S.river_side
        if fortress and river:
            return "fortress_and_river"
        if fortress or river:
            return "fortress_or_river"
        return "open"

    def do_attack(self: BattleOfTheRingGame, a: str, d: str) -> list[Event]:
        ha, hd = self.hex_of[a], self.hex_of[d]
        sa, ga = self.strength(a)
        sd, gd = self.strength(d)
        row = self.position(ha, hd)
        col = sa + sd
        kills_a, kills_d = self.S.crt[row][col]
        dice = self.dice.roll(2)
        total = dice[0] + dice[1]
        outcome = "A" if total in kills_a else "D" if total in kills_d else "-"
        self.attacked.add(a)
        word = {"O": "Ordinary", "E": "Elven"}
        cell = (f"{word[sa]} attacking {word[sd]}, {POSITION_TEXT[row]}: "
                f"A {_span(kills_a)} / D {_span(kills_d)}")
        gift = "".join(f"; {self.name(p)} has Elven strength from {self.name(g)}"
                       for p, g in ((a, ga), (d, gd)) if g)
        result = {"A": f"the attacker, {self.name(a)}, is eliminated",
                  "D": f"the defender, {self.name(d)}, is eliminated",
                  "-": "no result"}[outcome]
        ev = [event("attack", "[9.8]", f"{self.name(a)} at {ha} attacks {self.name(d)} at {hd}"
                    f"{gift}. [9.6] [9.7] {cell}: rolled {dice[0]}+{dice[1]} = {total}: {result}",
                    piece=a, target=d, dice=f"{dice[0]},{dice[1]}", total=total, row=row,
                    column=col, outcome=outcome)]
        if outcome == "A":
            ev += self.eliminate(a, "[9.8]", "eliminated attacking")
        elif outcome == "D":
            ev += self.eliminate(d, "[9.8]", "eliminated defending")
        return ev

    def why_not_attack(self: BattleOfTheRingGame, a: Any, d: Any) -> IllegalAction:
        S = self.S
        for p in (a, d):
            if p not in self.hex_of:
                return IllegalAction("[9.5]", f"{p!r} is not a piece on the board")
        if self.player(a) != self.current:
            return IllegalAction("[9.5]", f"{self.name(a)} is not {self.current}'s piece")
        if self.player(d) == self.current:
            return IllegalAction("[9.5]", "a player attacks opposing pieces only")
        if "ring" in (a, d):
            return IllegalAction("[11.13]", "the Ring-bearer has no attacking or defending strength")
        if a in self.attacked:
            return IllegalAction("[9.4]", f"{self.name(a)} has already attacked this round")
        ha, hd = self.hex_of[a], self.hex_of[d]
        if hd not in S.hexmap.adjacent(ha):
            return IllegalAction("[9.1]", "attacker and defender must be in adjacent hexes")
        if (ha, hd) in S.mountain_side:
            return IllegalAction("[9.1]", "no attack across a mountain hexside")
        for h in (ha, hd):
            if h in S.no_combat:
                if h == S.moria:
                    return IllegalAction("[11.3]", "in Moria Gandalf cannot attack or be attacked [9.3]")
                if h == S.fangorn:
                    return IllegalAction("[11.6]", "no piece in Fangorn can attack or be attacked [9.3]")
                if h == S.paths:
                    return IllegalAction("[11.10]", "no piece in the Paths of the Dead can attack or "
                                         "be attacked [9.3]")
                return IllegalAction("[9.3]", "no attack into or out of Mount Doom")
        return IllegalAction("[9.0]", "that attack is not possible now")


def _span(values: frozenset[int]) -> str:
    if not values:
        return "none"
    lo, hi = min(values), max(values)
    return str(lo) if lo == hi else f"{lo}-{hi}"
