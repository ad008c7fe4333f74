"""[7.0] Building Phase: per-round schedules, crowned hexes, the Shire, the counter mix."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction

if TYPE_CHECKING:
    from .game import BattleOfTheRingGame


def plural(name: str) -> str:
    """A nation's name for all its pieces: "Orc army" -> "Orc armies"; a single piece
    ("Saruman", "The Fangorn army") keeps its name."""
    if name.endswith(" army") and not name.startswith("The "):
        return name[:-len("army")] + "armies"
    if name.startswith("Army "):
        return "Armies" + name[len("Army"):]
    return name


class BuildingRules:
    """Mixed into :class:`BattleOfTheRingGame`."""

    def start_builds(self: BattleOfTheRingGame) -> None:
        """[7.1] this turn's builds; [7.4] what is not built now is lost, never accumulated."""
        self.builds_left = {}
        for i, b in enumerate(self.S.rules.build):
            if self.player_of_side(b.side) == self.current and b.count(self.round) > 0:
                self.builds_left[str(i)] = b.count(self.round)

    def free_counter(self: BattleOfTheRingGame, nation: str) -> str | None:
        """[7.6] [7.7] the next counter of ``nation`` that may be built, if any."""
        if not self.S.nations[nation].rebuild:
            return None
        for pid in self.S.pids[nation]:
            if pid not in self.hex_of and pid not in self.lost:
                return pid
        return None

    def shire_allows(self: BattleOfTheRingGame, nation: str) -> bool:
        """[7.5] only the Shire's owner builds there: the Hobbits or Saruman."""
        if nation == "hobbit":
            return self.shire_owner == "hobbits"
        if nation == "manorc":
            return self.shire_owner == "saruman"
        return False

    def build_actions(self: BattleOfTheRingGame) -> list[Action]:
        out: list[Action] = []
        for i, left in self.builds_left.items():
            if left <= 0:
                continue
            for nation in self.S.rules.build[int(i)].nations:
                if self.free_counter(nation) is None:
                    continue
                for h in self.S.build_hexes[nation]:
                    if self.at.get(h):                      # [7.3] unoccupied
                        continue
                    if h == self.S.shire and not self.shire_allows(nation):
                        continue
                    out.append({"type": "build", "nation": nation, "hex": h})
        return out

    def group_for(self: BattleOfTheRingGame, nation: str) -> str | None:
        for i, left in self.builds_left.items():
            if left > 0 and nation in self.S.rules.build[int(i)].nations:
                return i
        return None

    def do_build(self: BattleOfTheRingGame, a: Action) -> list[Event]:
        nation, h = a["nation"], a["hex"]
        pid = self.free_counter(nation)
        grp = self.group_for(nation)
        assert pid is not None and grp is not None
        self.builds_left[grp] -= 1
        self.place(pid, h)
        return [event("build", "[7.2]", f"{self.current} builds {self.name(pid)} at {h}",
                      side=self.current, piece=pid, hex=h)]

    def why_not_build(self: BattleOfTheRingGame, a: dict[str, Any]) -> IllegalAction:
        nation, h = a.get("nation"), a.get("hex")
        S = self.S
        if self.round == 1:
            return IllegalAction("[7.1]", "no nation has any builds in the first round")
        if nation not in S.nations:
            return IllegalAction("[7.2]", f"unknown nation {nation!r}")
        spec = S.nations[nation]
        if not spec.rebuild:
            return IllegalAction("[7.6]", f"{plural(spec.name)} cannot be built or rebuilt")
        if self.player_of_side(spec.side) != self.current:
            return IllegalAction("[7.4]", f"{self.current} cannot build {plural(spec.name)}")
        if self.group_for(nation) is None:
            return IllegalAction("[7.1]", f"no {spec.name} builds are left this round")
        if h not in S.build_hexes.get(nation, []):
            if h == S.shire:
                return IllegalAction("[7.5]", "only the Hobbits or Saruman can build in the Shire")
            return IllegalAction("[7.4]", f"{plural(spec.name)} build only on their own crowned hexes "
                                 f"({', '.join(S.build_hexes.get(nation, []))})")
        if self.at.get(h):
            return IllegalAction("[7.3]", f"the crowned hex {h} is occupied")
        if h == S.shire and not self.shire_allows(nation):
            return IllegalAction("[7.5]", f"the Shire is in the possession of {self.shire_owner}")
        if self.free_counter(nation) is None:
            return IllegalAction("[7.7]", f"every {spec.name} counter is already on the board")
        return IllegalAction("[7.0]", "that build is not possible now")
