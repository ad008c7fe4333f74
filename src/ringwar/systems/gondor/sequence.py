"""Gondor's sequence of play [3.0]: the set-up phase S on the first Game-Turn, the Sauron Siege
Phase B, and what begins and ends phases."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import Action, Event
from ..spi.game import SAURON, WEST
from .state import TowerReady

if TYPE_CHECKING:  # pragma: no cover
    from .game import GondorGame


class SequenceRules:
    """[3.0] which phases are played, what each offers, what happens as they begin and end."""

    def phase_applies(self: GondorGame, phase: str) -> bool:
        return phase != "S" or self._turn == 1 and not self.record.setup

    def phase_actions(self: GondorGame) -> list[Action]:
        if self._phase == "S":
            side = self.step_side or ""
            waiting = self.to_deploy(side)
            acts: list[Action] = [{"type": "select", "unit": p.id} for p in waiting]
            if any("cauldron" not in p.tags for p in waiting):
                acts.append({"type": "deploy_rest"})
            if not acts:
                acts.append({"type": "end"})
            return acts
        return self.siege_actions()

    def begin_phase_hook(self: GondorGame) -> list[Event] | None:
        events: list[Event] = []
        if self._phase == "B":
            # [16.66] fires outside the city burn only until the next Siege Phase
            self.siege.fires = {h: k for h, k in self.siege.fires.items() if k == "city"}
            # [16.41] a Siege Tower is ready against the walls it begins the Siege Phase beside
            ready: dict[str, TowerReady] = {}
            for p in self.on_map(SAURON):
                if "siege_tower" in p.tags:
                    ready[p.id] = TowerReady(p.hex, self._turn)
            self.siege.ready = ready
            self._features_changed()
        if self._phase == "F":
            self.siege.oil_asked = []
        if self._phase == "C":
            self.siege.oil_asked = []
            self.offer_oil()          # [16.74] "during the Sauron Movement Phase": also on units already below
        if self._phase == "F":
            events.extend(self.arrivals_for(WEST))
        if self._phase == "H":
            self.siege.banner_rallies = 0
        return events

    def end_phase_hook(self: GondorGame, phase: str) -> list[Event]:
        events = super().end_phase_hook(phase)
        events.extend(self.update_levels())
        return events
