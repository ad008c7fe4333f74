"""[7.5] the Shire's ownership and [11.0] special hexes: what happens at the end of a
movement phase and when a piece leaves one of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import Event, event

if TYPE_CHECKING:
    from .game import BattleOfTheRingGame


class SpecialRules:
    """Mixed into :class:`BattleOfTheRingGame`."""

    def nation_side(self: BattleOfTheRingGame, pid: str) -> str:
        """The three-player side a piece belongs to (the Ring-bearer: its holder's)."""
        if pid == "ring":
            return "sauron" if self.ring_holder == "evil" else self.ring_holder
        return self.S.nations[self.S.nation_of[pid]].side

    def sarumans(self: BattleOfTheRingGame, pid: str) -> bool:
        """Saruman's own pieces: Saruman, the Man-Orcs and a Ring-bearer he holds [11.4]."""
        if pid == "ring":
            return self.ring_holder in ("saruman", "evil")
        return self.S.nation_of[pid] in ("saruman", "manorc")

    def end_of_movement(self: BattleOfTheRingGame) -> list[Event]:
        ev: list[Event] = []
        ev += self.shire_possession()
        if self.current == "alliance":
            ev += self.paths_of_the_dead()
            ev += self.fangorn_activation()
        return ev

    # ----- [7.5] ----------------------------------------------------------------------------
    def shire_possession(self: BattleOfTheRingGame) -> list[Event]:
        occ = self.at.get(self.S.shire, [])
        if not occ:
            return []
        pid = occ[0]
        side = self.nation_side(pid)
        if side == "saruman" and self.shire_owner != "saruman":
            self.shire_owner = "saruman"
            return [event("shire", "[7.5]", f"{self.name(pid)} holds the Shire at the end of the "
                          "movement phase: Saruman now possesses it", owner="saruman")]
        if side == "alliance" and self.shire_owner != "hobbits":
            self.shire_owner = "hobbits"
            return [event("shire", "[7.5]", f"{self.name(pid)} holds the Shire at the end of the "
                          "movement phase: the Hobbits regain it", owner="hobbits")]
        if side == "sauron" and self.shire_third != pid:
            self.shire_third = pid
            return [event("shire", "[7.5]", f"{self.name(pid)}, of a third nation, occupies the "
                          "Shire: on withdrawal Sauron states who owns it", piece=pid)]
        return []

    def after_move(self: BattleOfTheRingGame, pid: str, h: str) -> list[Event]:
        ev: list[Event] = []
        if pid == self.fangorn_activator and self.fangorn_state == "active" and h != self.S.fangorn:
            self.fangorn_state = "closed"
            ev.append(event("fangorn", "[11.8]", f"{self.name(pid)} has left Fangorn: the hex is "
                            "closed to all pieces"))
        if pid == self.shire_third and h != self.S.shire:
            self.shire_third = None
            self.pending.append({"kind": "shire", "to": self.player(pid), "piece": pid,
                                 "rule": "[7.5]"})
            ev.append(event("shire", "[7.5]", f"{self.name(pid)} withdraws from the Shire: "
                            f"{self.player(pid)} must state who now owns it", piece=pid))
        return ev

    def do_declare_shire(self: BattleOfTheRingGame, owner: str) -> list[Event]:
        p = self.pending.pop()
        self.shire_owner = owner
        who = "the Hobbits" if owner == "hobbits" else "Saruman"
        return [event("shire", "[7.5]", f"{p['to']} states that {who} now own the Shire",
                      owner=owner)]

    # ----- [11.10] [11.11] ----------------------------------------------------------------
    def paths_of_the_dead(self: BattleOfTheRingGame) -> list[Event]:
        S = self.S
        ev: list[Event] = []
        here = (self.round, self.phase_)
        if self.paths_state == "awakened" and self.paths_awakened != list(here):
            for q in list(self.at.get(S.paths, [])):
                ev += self.eliminate(q, "[11.11]", "did not leave the Paths of the Dead through "
                                     "the South")
            self.paths_state = "closed"
            ev.append(event("paths", "[11.11]", "the Paths of the Dead are closed to all pieces"))
        if self.paths_state == "dormant" and self.hex_of.get("aragorn") == S.paths:
            self.paths_state = "awakened"
            self.paths_awakened = list(here)
            ev.append(event("paths", "[11.11]", "Aragorn ends the movement phase in the Paths of the "
                            "Dead: the Armies of the Dead are activated and must leave through the "
                            "South in the next movement phase"))
        return ev

    # ----- [11.4] [11.7] [11.8] ------------------------------------------------------------
    def fangorn_activation(self: BattleOfTheRingGame) -> list[Event]:
        S = self.S
        if self.fangorn_state != "dormant" or self.hex_of.get("fangorn") != S.fangorn:
            return []
        activator = next((q for q in self.at.get(S.fangorn, [])
                          if q == "gandalf" or (q == "ring" and self.ring_holder == "alliance")), None)
        if activator is None:
            return []
        self.fangorn_state = "active"
        self.fangorn_activator = activator
        self.isengard_special = False
        ev = [event("fangorn", "[11.7]", f"{self.name(activator)} ends the movement phase in "
                    "Fangorn: the Fangorn army is activated and moves across the mountains to "
                    "Isengard, which becomes an ordinary hex [11.4]", piece=activator)]
        for q in list(self.at.get(S.isengard, [])):
            if q == "ring":
                # the Ring-bearer cannot be destroyed [11.13]: the Ents capture it [11.14]
                self.relocate("fangorn", S.isengard)
                ev += self.capture("fangorn", S.isengard)
                if self.moving is not None:
                    self.after_escape = True
                return ev
            ev += self.eliminate(q, "[11.7]", "destroyed by the Fangorn army in Isengard")
        self.relocate("fangorn", S.isengard)
        return ev

    # ----- [8.4] ------------------------------------------------------------------------------
    def end_of_round(self: BattleOfTheRingGame) -> list[Event]:
        h = self.hex_of.get("ring")
        if h in self.S.elven and self.elves_remain():
            self.rb_rounds[h] = self.rb_rounds.get(h, 0) + 1
            return [event("ring", "[8.4]", f"the Ring-bearer has occupied the Elven hex {h} for "
                          f"{self.rb_rounds[h]} round(s)", hex=h, rounds=self.rb_rounds[h])]
        return []
