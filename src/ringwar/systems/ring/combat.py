"""[9.0] Attack Phase: adjacency, strengths, the defender's position and the CRT."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.dice import ways_2d6
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
        """[9.6] the defender's position: open, fortress OR river, fortress AND river.

        "A city/fortress that is also across a river from the attacking piece (Cair Andros or
        Dol Amroth)": only those two take the strongest row; any other fortress attacked
        across a river (Osgiliath, Pelargir, Dol Guldur on this map) is "fortress or river".
        The option ``river_fortresses = "map"`` gives the strongest row to every fortress
        attacked across a river hexside (how records made before the option were played)."""
        fortress = defender_hex in self.S.fortress
        river = (attacker_hex, defender_hex) in self.S.river_side
        if fortress and river and (defender_hex in self.S.river_fortress
                                   or self.options["river_fortresses"] == "map"):
            return "fortress_and_river"
        if fortress or river:
            return "fortress_or_river"
        return "open"

    def odds_of(self: BattleOfTheRingGame, a: str, d: str) -> dict[str, Any]:
        """Everything the attack of ``a`` on ``d`` would be resolved with: the row [9.6], the
        column [9.7], the totals of each result [9.8] and the reasons, in words."""
        S = self.S
        ha, hd = self.hex_of[a], self.hex_of[d]
        sa, ga = self.strength(a)
        sd, gd = self.strength(d)
        row = self.position(ha, hd)
        col = sa + sd
        kills_a, kills_d = S.crt[row][col]
        shifts: list[dict[str, str]] = []
        place = S.label.get(hd, hd)
        fortress = hd in S.fortress
        river = S.river_name.get((ha, hd))
        if row == "fortress_and_river":
            shifts.append({"rule": "[9.6]", "text": f"the defender is in {place}, a fortress "
                           f"across a river ({river}) from the attacker"})
        else:
            if fortress:
                shifts.append({"rule": "[9.6]", "text": f"the defender is in a fortress ({place})"})
            if river is not None:
                shifts.append({"rule": "[9.6]", "text": f"the defender is across a river "
                               f"({river}) from the attacker"})
            if fortress and river is not None:
                shifts.append({"rule": "[9.6]", "text": f"{place} is not Cair Andros or Dol "
                               "Amroth: one step, not two"})
        for who, pid, st, giver in (("attacker", a, sa, ga), ("defender", d, sd, gd)):
            if st == "E":
                why = (f"Elven strength from {self.name(giver)}, adjacent" if giver
                       else "Elven strength of its own")
                shifts.append({"rule": "[9.7]", "text": f"the {who}, {self.name(pid)}: {why}"})
        odds = {"D": _chance(kills_d), "A": _chance(kills_a)}
        odds["-"] = 1.0 - odds["D"] - odds["A"]
        word = {"O": "Ordinary", "E": "Elven"}
        return {"attacker_hex": ha, "defender_hex": hd, "row": row, "column": col,
                "kills_attacker": kills_a, "kills_defender": kills_d, "givers": (ga, gd),
                "cell": (f"{word[sa]} attacking {word[sd]}, {POSITION_TEXT[row]}: "
                         f"A {_span(kills_a)} / D {_span(kills_d)}"),
                "shifts": shifts, "odds": odds}

    def preview(self: BattleOfTheRingGame, action: Action) -> dict[str, Any] | None:
        """The exact odds of a legal ``attack`` (2d6 on the [9.8] table), in the preview
        schema: the table, the row and column read, why (with cases), every outcome's
        probability and the legend of every result code."""
        if action.get("type") != "attack" or not self.is_legal(action):
            return None
        a, d = action["piece"], action["target"]
        o = self.odds_of(a, d)
        pa, pd = o["odds"]["A"], o["odds"]["D"]
        return {
            "table": "[9.8] Combat Results Table",
            "column": o["cell"],
            "shifts": o["shifts"],
            "odds": o["odds"],
            "legend": {"D": f"the defender, {self.name(d)}, is eliminated (2d6 totals "
                            f"{_span(o['kills_defender'])})",
                       "A": f"the attacker, {self.name(a)}, is eliminated (2d6 totals "
                            f"{_span(o['kills_attacker'])})",
                       "-": "no result: both stay"},
            "summary": (f"{_pct(pd)} to eliminate {self.name(d)}, {_pct(pa)} to lose "
                        f"{self.name(a)}"),
            "attacker": a, "target": d, "row": o["row"], "strengths": o["column"],
            "totals": {"A": sorted(o["kills_attacker"]), "D": sorted(o["kills_defender"])},
        }

    def do_attack(self: BattleOfTheRingGame, a: str, d: str) -> list[Event]:
        o = self.odds_of(a, d)
        ha, hd = o["attacker_hex"], o["defender_hex"]
        ga, gd = o["givers"]
        dice = self.dice.roll(2)
        total = dice[0] + dice[1]
        kills_a, kills_d = o["kills_attacker"], o["kills_defender"]
        outcome = "A" if total in kills_a else "D" if total in kills_d else "-"
        self.attacked.add(a)
        gift = "".join(f"; {self.name(p)} has Elven strength from {self.name(g)}"
                       for p, g in ((a, ga), (d, gd)) if g)
        result = {"A": f"the attacker, {self.name(a)}, is eliminated",
                  "D": f"the defender, {self.name(d)}, is eliminated",
                  "-": "no result"}[outcome]
        ev = [event("attack", "[9.8]", f"{self.name(a)} at {ha} attacks {self.name(d)} at {hd}"
                    f"{gift}. [9.6] [9.7] {o['cell']}: rolled {dice[0]}+{dice[1]} = {total}: "
                    f"{result}",
                    piece=a, target=d, hex=hd, dice=list(dice), total=total, row=o["row"],
                    column=o["column"], outcome=outcome)]
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


def _chance(totals: frozenset[int]) -> float:
    return ways_2d6(totals) / 36


def _pct(p: float) -> str:
    return f"{100 * p:.0f}%" if p >= 0.1 or p == 0 else f"{100 * p:.1f}%"
