"""Combat in and around Minas Tirith: missile fire [7.1] [16.25], melee across walls and into
tunnels [7.35] [15.24], armour and morale behind walls, in Siege Towers, on Ladders
[7.18] [16.42] [16.45] [16.84], advances and retreats across walls [7.53] [7.55]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import hexes as hx
from ...core.errors import IllegalAction
from ..spi.board import NOT_A_SHOT, NOT_AN_ADVANCE, refuse
from ..spi.game import SAURON, WEST
from ..spi.state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from .game import GondorGame


class CombatRules:
    """Combat values and restrictions the city's walls and the siege change."""

    def blocks_missiles(self: GondorGame, h: str) -> bool:
        """[7.13] Tower, Grove and Mountain hexes, and hexes holding a Siege Tower."""
        if super().blocks_missiles(h):
            return True
        return any("siege_tower" in q.tags for q in self.pieces_at(h))

    def missile_range(self: GondorGame, p: Piece) -> int:
        if "catapult" in p.tags:
            return 2 if self.options["errata_7_12"] else 4          # [7.12] [16.25]
        return 2

    def why_not_fire_unit(self: GondorGame, p: Piece, explain: bool = True) -> IllegalAction | None:
        if "catapult" in p.tags and p.flags.get("siege_used") == self._turn:
            return refuse(explain, "[16.12]", lambda: f"{self.label(p)} was used in this Game-Turn's Siege "
                          "Phase and may not fire again until the next", NOT_A_SHOT)
        return super().why_not_fire_unit(p, explain)

    def why_not_melee_into(self: GondorGame, p: Piece, d: Piece, explain: bool) -> IllegalAction | None:
        """Replaces the Standard Rules' [7.36] terrain test (whose movement cost counts the
        walls): [14.2] the relief off the map attacks onto its entry hexes; [15.24] into or
        out of a tunnel hex only through the tunnel hexside; [7.35] not through an unbreached
        wall unless through a gate its side holds, down from a higher level, or (Sauron) from
        a ready Siege Tower or Ladder; [7.36] never into a prohibited hex, nor cavalry into a
        hex it may not enter."""
        if not p.on_map:
            return self.why_not_relief_target(p, d, explain)
        if self.hexmap.terrain(d.hex) == "tunnel" or self.hexmap.terrain(p.hex) == "tunnel":
            side = self.hexmap.side(p.hex, d.hex)
            if not side or side["kind"] != "tunnel":
                return refuse(explain, "[15.24]", lambda: "a tunnel hex is attacked into or out of only "
                              f"through its tunnel hexside, not from {p.hex} to {d.hex}")
        wall = self.wall_between(p.hex, d.hex)
        if wall is not None and not self.melee_across_wall(p, d, wall):
            return refuse(explain, "[7.35]", lambda: f"{self.label(p)} may not melee through the unbreached "
                          f"{wall.get('name') or wall['kind']} ({p.hex}/{d.hex}): only down from a higher "
                          "level, through a gate its side holds, or from a ready Siege Tower or Ladder")
        spec = self.charts.terrain.get(self.hexmap.terrain(d.hex), {})
        if spec.get("cost") is None:
            return refuse(explain, "[7.36]", lambda: f"{d.hex} is a prohibited hex: no melee into it")
        if spec.get("cavalry_prohibited") and p.kind == "cavalry":
            return refuse(explain, "[7.36]", lambda: f"cavalry may not melee into {self.hexmap.terrain(d.hex)} "
                          f"({d.hex})")
        return None

    def melee_across_wall(self: GondorGame, p: Piece, d: Piece, wall: dict[str, Any]) -> bool:
        """[7.35] may ``p`` melee ``d`` across the wall, tower or gate hexside ``wall``: through
        a breach [16.27], a gate its side holds [15.15], down from a higher level [15.11], or for
        Sauron from a ready Ladder or Siege Tower [16.43] [16.41]?"""
        if self.breached(p.hex, d.hex):
            return True
        if wall["kind"] == "gate" and self.gate_open_for(p.side, p.hex, d.hex):
            return True
        if self.level(p.hex) > self.level(d.hex):
            return True
        return p.side == SAURON and (self.ladder_ready(p.hex, d.hex) or self.tower_ready(p.hex, d.hex))

    def base_armour(self: GondorGame, d: Piece) -> int:
        if self.hexmap.terrain(d.hex or "") == "tunnel":
            return 4                                               # [15.24]
        return d.armour_now()

    def base_armour_why(self: GondorGame, d: Piece) -> str | None:
        if self.hexmap.terrain(d.hex or "") == "tunnel":
            return "[15.24] defender in a tunnel hex: armour 4"
        return None

    def armour_modifiers(self: GondorGame, d: Piece, attacker_hex: str | None, missile: bool) -> tuple[int, list[str]]:
        extra, why = 0, []
        h = d.hex
        if missile and attacker_hex and h:
            line = hx.line(attacker_hex, h)
            if len(line) >= 2 and self.wall_between(line[-2], h):
                extra += 1
                why.append("[7.18] defender behind a wall against missile fire: armour +1")
        if any("siege_tower" in q.tags for q in self.pieces_at(h)):
            extra += 1 if missile else -1
            why.append("[16.42] defender in a Siege Tower: armour "
                       + ("+1 against missile fire" if missile else "-1 in melee"))
        if any(ld.hex == h for ld in self.siege.ladders) and d.side == SAURON:
            extra -= 1
            why.append("[16.45] defender on a Ladder: armour -1")
        if d.flags.get("carry"):
            extra -= 1
            why.append("[16.75] defender carrying Oil: armour -1")
        return extra, why

    def defence_morale_why(self: GondorGame, d: Piece) -> tuple[str, list[str]]:
        from ..spi.data import shift_morale
        m, why = super().defence_morale_why(d)
        if d.side == WEST:
            if self.siege.heads.get(d.hex):
                m = shift_morale(m, -1)                            # [16.84]
                why.append("[16.84] a Severed Head in the defender's hex: morale one level worse")
            if self.spell_active("fear"):
                m = shift_morale(m, -1)                            # [17.11]
                why.append("[17.11] Fear: Westernesse morale one level worse")
        return m, why

    def attack_modifiers(self: GondorGame, p: Piece, melee: bool, target: Piece | None) -> list[tuple[int, str]]:
        mods: list[tuple[int, str]] = []
        if p.side == WEST and self.spell_active("fear"):
            mods.append((-1, "[17.11] Fear: Westernesse units attack one level worse"))
        if p.side == SAURON and "mordor" in p.tags and self.spell_active("break_darkness"):
            mods.append((-1, "[17.21] Darkness broken: units of Mordor attack one level worse"))
        return mods

    def rating_modifiers(self: GondorGame, ld: Piece, combat: bool, foe: Piece | None = None) -> list[tuple[int, str]]:
        """[16.46] -1 in individual combat for a leader with a Siege Tower or Ladder who
        fights through a wall hexside (against ``foe``, the leader he is fighting)."""
        if not combat or foe is None:
            return []
        if not foe.on_map or self.wall_between(ld.hex, foe.hex) is None:
            return []
        if any("siege_tower" in q.tags for q in self.pieces_at(ld.hex)) \
                or any(x.hex == ld.hex for x in self.siege.ladders):
            return [(-1, f"[16.46] {ld.name} fights through a wall from a Siege Tower or Ladder: -1")]
        return []

    def outcome_notes(self: GondorGame, d: Piece, missile: bool) -> dict[str, str]:
        notes = super().outcome_notes(d, missile)

        def add(codes: tuple[str, ...], text: str) -> None:
            for c in codes:
                notes[c] = f"{notes[c]}; {text}" if c in notes else text

        if "mumak" in d.tags and not d.disrupted:
            add(("r1", "r2", "½E, r1"), "a Mumak does not retreat: it stampedes in a random direction [14.32]")
        if not missile:
            gear = [q.name for q in self.pieces_at(d.hex) if "siege_tower" in q.tags]
            if any(x.hex == d.hex for x in self.siege.ladders):
                gear.append("Ladder")
            if gear:
                add(("r1", "r2", "½E", "½E, r1", "E"), f"the {' and '.join(gear)} in its hex is destroyed [16.47]")
        return notes

    def why_not_advance_hook(self: GondorGame, p: Piece, h: str, explain: bool) -> IllegalAction | None:
        """[7.53] across a wall only on ladders, in siege towers, or through a breach (or an open
        gate [15.15]); [16.48] never cavalry or Mumakil on ladders or in siege towers."""
        wall = self.wall_between(p.hex, h)
        if wall is None or self.breached(p.hex, h):
            return None
        if wall["kind"] == "gate" and self.gate_open_for(p.side, p.hex, h):
            return None
        if p.kind == "cavalry" or "mumak" in p.tags:
            return refuse(explain, "[7.53]", lambda: f"{self.label(p)} may not advance across the unbreached "
                          f"{wall.get('name', wall['kind'])} into {h}: cavalry and Mumakil never use Ladders or "
                          "Siege Towers [16.48]", NOT_AN_ADVANCE)
        if p.side == SAURON and (self.ladder_ready(p.hex, h) or self.tower_ready(p.hex, h)):  # [16.41] [16.43]
            return None
        return refuse(explain, "[7.53]", lambda: f"{self.label(p)} may advance across the unbreached "
                      f"{wall.get('name', wall['kind'])} into {h} only on a Ladder or in a Siege Tower",
                      NOT_AN_ADVANCE)

    def may_retreat_through(self: GondorGame, p: Piece, a: str, b: str) -> bool:
        """[7.55] never across an impassable hexside: an unbreached wall (errata: whatever
        ladder or siege tower stands there)."""
        wall = self.wall_between(a, b)
        if wall is None or self.breached(a, b):
            return True
        if wall["kind"] == "gate" and self.gate_open_for(p.side, a, b):
            return True
        if not self.options["errata_7_55"]:
            # without the errata a wall with a ready ladder or siege tower is no obstacle, either
            # way (e.g. back down onto the siege tower's hex)
            return p.side == SAURON and any(self.ladder_ready(x, y) or self.tower_ready(x, y)
                                            for x, y in ((a, b), (b, a)))
        return False
