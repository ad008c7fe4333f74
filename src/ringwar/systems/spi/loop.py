"""The engine: the decision loop and the Sequence of Play [3.0].  Who acts, the phases and
steps in order (``sequence.py`` declares them; this mixin walks them), the end of a Game-Turn and
of the game, the legal actions of the moment and the dispatch of an action through ``ACTIONS``,
pending decisions and the tasks waiting for them (``decisions.py``), and ``_settle``, which
skips the steps in which the side to act could only end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction
from .sequence import PHASE_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from .game import SpiGame


class PlayLoop:
    """[3.0] the sequence of play and the decision loop."""

    # ===== time ============================================================================
    @property
    def rules_to_act(self: SpiGame) -> str | None:
        if self._result is not None:
            return None
        if self.pending:
            return self.pending[0]["side"]
        return self.step_side

    @property
    def turn(self: SpiGame) -> int:
        return self._turn

    @property
    def phase(self: SpiGame) -> str:
        return self._phase

    @property
    def rules_result(self: SpiGame) -> dict[str, Any] | None:
        return self._result

    @property
    def phasing(self: SpiGame) -> str | None:
        return self.PHASING[self._phase]

    @property
    def last_turn(self: SpiGame) -> int:
        return int(self.sc.game["turns"])

    def _enter_phase(self: SpiGame, initial: bool = False) -> list[Event]:
        """Set the first step of the current phase and reset per-phase flags."""
        ph = self._phase
        if ph in self.STEP_SIDES:
            self.step, self.step_side = "", self.STEP_SIDES[ph][0]
        else:
            self.step_side = self.PHASING[ph]
            self.step = "missile" if self.is_combat_phase() else ""
        if self.is_movement_phase() or self.is_magic_phase():
            for p in self.units.values():
                p.moved = False
            self.entry_count = {}
        if self.is_combat_phase():
            for p in self.units.values():
                p.attacked = False
                p.advanced = False
                p.drop_flag("leader_attacked")
        events = self.begin_phase_hook() or []
        # derived facts may depend on the phase; the armies' ZOC maps do not (they are keyed
        # on the pieces' positions, demoralization and ``zoc_context``), so they are kept
        self._cache.clear()
        if initial:
            # [3.0] later phases are settled by the caller's _settle loop, whose events reach
            # the log; a nested _settle here would drop the events of skipped steps
            self.log.extend(events)
            self.log.extend(self._settle())
        return events

    def begin_phase_hook(self: SpiGame) -> list[Event] | None:
        """Hook: exclusive rules that act as a phase begins (e.g. Dwarves' [15.22] check,
        Gondor's [14.2] roll for Rohan); returns the events it caused."""
        return None

    def phase_kind(self: SpiGame, phase: str | None = None) -> str:
        """The kind of ``phase`` (default: the current one) in this game's sequence [3.0]."""
        return self.PHASE_KINDS[self._phase if phase is None else phase]

    def is_movement_phase(self: SpiGame) -> bool:
        return self.PHASE_KINDS[self._phase] == "movement"

    def is_combat_phase(self: SpiGame) -> bool:
        return self.PHASE_KINDS[self._phase] == "combat"

    def is_magic_phase(self: SpiGame) -> bool:
        return self.PHASE_KINDS[self._phase] == "magic"

    def _next_step(self: SpiGame) -> list[Event]:
        """Finish the current step; move to the next step, phase or turn."""
        events: list[Event] = []
        ph = self._phase
        if self.is_combat_phase() and self.step in ("missile", "leader"):
            self.step = "leader" if self.step == "missile" else "melee"
            return events
        if ph in self.STEP_SIDES:
            order = self.STEP_SIDES[ph]
            i = order.index(self.step_side) if self.step_side in order else len(order)
            if i + 1 < len(order):
                self.step_side = order[i + 1]
                self.end_step_hook(ph, order[i])
                return events
            self.end_step_hook(ph, order[i] if i < len(order) else None)
        events.extend(self.end_phase_hook(ph))
        idx = self.PHASES.index(ph)
        while idx + 1 < len(self.PHASES) and not self.phase_applies(self.PHASES[idx + 1]):
            idx += 1
        if idx + 1 < len(self.PHASES):
            self._phase = self.PHASES[idx + 1]
        else:
            events.extend(self.end_turn())
            if self._result is not None:
                return events
            self._turn += 1
            self._phase = next(ph for ph in self.PHASES if self.phase_applies(ph))
            for p in self.units.values():
                p.fired = False          # [7.14] once per Game-Turn
                p.rally_tried = False    # [8.36]
                p.rallies_made = 0       # [8.32]
            events.append(event("turn", "[3.0]", f"Game-Turn {self._turn} begins"
                                + (" (night)" if self.is_night() else ""), turn=self._turn,
                                night=self.is_night()))
        events.append(event("phase", "[3.0]", f"Game-Turn {self._turn}: {PHASE_NAMES[self._phase]}",
                            turn=self._turn, phase=self._phase))
        events.extend(self._enter_phase())
        return events

    def phase_applies(self: SpiGame, phase: str) -> bool:
        """Hook: phases that happen only on some Game-Turns (Gondor's set-up)."""
        return True

    def end_step_hook(self: SpiGame, phase: str, side: str | None) -> None:
        """Hook: a side finished its part of a two-sided phase."""

    def end_phase_hook(self: SpiGame, phase: str) -> list[Event]:
        """[4.28] [8.1] checks at the end of a phase; exclusive rules extend it."""
        events: list[Event] = []
        if self.phase_kind(phase) == "movement":
            events.extend(self.transfer_unstacked_leaders(self.PHASING[phase] or ""))
        return events

    def end_turn(self: SpiGame) -> list[Event]:
        """After the last phase: expire effects; after the last turn, decide the game."""
        events = self.end_turn_hook()
        if self._turn >= self.last_turn:
            self._result = self.decide_victory()
            events.append(event("result", self.victory_rule(), self._result["text"], result=self._result))
        return events

    def end_turn_hook(self: SpiGame) -> list[Event]:
        return []

    def victory_rule(self: SpiGame) -> str:
        return "[21.0]"

    # ===== the decision loop ===============================================================
    def _legal(self: SpiGame) -> list[Action]:
        if self.pending:
            return self.decision_actions(self.pending[0])
        kind = self.PHASE_KINDS[self._phase]
        if kind == "magic":
            return self.magic_actions(self.step_side or "")
        if kind == "movement":
            return self.movement_actions()
        if kind == "combat":
            return self.combat_actions()
        if kind == "rally":
            return self.rally_actions(self.step_side or "")
        return self.phase_actions()

    def phase_actions(self: SpiGame) -> list[Action]:
        """Hook: actions of phases the Standard Rules do not define (Gondor's Siege Phase)."""
        return [{"type": "end"}]

    def is_legal(self: SpiGame, action: Action) -> bool:
        return super().is_legal(action) or self.shorthand_move_legal(action)

    def _do(self: SpiGame, action: Action) -> list[Event]:
        kind = action["type"]
        events: list[Event] = []
        if not self.pending and kind in ("move", "split", "exit"):
            self.do_select(action)          # shorthand: select, then move
        # the movers listed (``_listed_movers``) are kept across a selection and patched by
        # the answer to a unit's move (a move or a stay): any other action drops them
        keeps_movers = kind == "select" if not self.pending else (
            kind in ("move", "stay") and self.pending[0]["kind"] == "move")
        if self.pending:
            events.extend(self.do_decision(self.pending[0], action))
        elif kind == "end":
            events.extend(self.end_step_checks())
            events.extend(self._next_step())
        else:
            entry = self.ACTIONS.get(kind)
            if entry is None:
                raise IllegalAction("[action]", f"unknown action type {kind!r}")
            events.extend(getattr(self, entry[0])(action))
        if not keeps_movers or self.tasks:
            self._drop_movers()
        events.extend(self._run_tasks())
        events.extend(self._settle())
        return events

    def end_step_checks(self: SpiGame) -> list[Event]:
        """Things that happen when a side ends a step (hook)."""
        return []

    def _run_tasks(self: SpiGame) -> list[Event]:
        events: list[Event] = []
        while not self.pending and self.tasks and self._result is None:
            task = self.tasks.pop(0)
            events.extend(self.TASKS[task["t"]].run(self, task))
        return events

    def _settle(self: SpiGame) -> list[Event]:
        """Skip steps in which the side to act has nothing to do but end; resolve decisions
        that have a single possible answer.  Keeps the action list short for everyone."""
        events: list[Event] = []
        self._legal_cache = None
        for _ in range(10_000):
            if self._result is not None:
                break
            if self.pending:
                acts = self.decision_actions(self.pending[0])
                if len(acts) == 1 and self.pending[0].get("auto", True):
                    events.extend(self.do_decision(self.pending[0], acts[0]))
                    events.extend(self._run_tasks())
                    continue
                self._legal_cache = acts
                break
            if self.tasks:
                events.extend(self._run_tasks())
                continue
            acts = self._legal()
            if len(acts) == 1 and acts[0]["type"] == "end" and self.auto_end_allowed():
                events.extend(self.end_step_checks())
                events.extend(self._next_step())
                continue
            self._legal_cache = acts
            break
        return events

    def auto_end_allowed(self: SpiGame) -> bool:
        return True

    # ===== decisions =========================================================================
    def ask(self: SpiGame, decision: dict[str, Any]) -> None:
        self.pending.insert(0, decision)

    def decision_actions(self: SpiGame, d: dict[str, Any]) -> list[Action]:
        return self.DECISIONS[d["kind"]].options(self, d)

    def do_decision(self: SpiGame, d: dict[str, Any], action: Action) -> list[Event]:
        self.pending.pop(0)
        return self.DECISIONS[d["kind"]].answer(self, d, action)
