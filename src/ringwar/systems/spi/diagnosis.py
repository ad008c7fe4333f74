"""The engine: why an action is refused.  Every refusal names its case: the action types'
own refusals (``ACTIONS``: ``why_not_*``) first, then a generic diagnosis of what the action
names (an unknown unit [2.3], a value not on offer, a decision's answers) and why the phase
cannot end yet."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Action
from ...core.errors import IllegalAction
from .sequence import PHASE_NAMES
from .state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from .game import SpiGame


class Diagnosis:
    """Refusals explained, each with its case."""

    def _diagnose(self: SpiGame, action: Action) -> IllegalAction:
        kind = action.get("type")
        for k in action:
            if k != "type" and self.is_legal({j: v for j, v in action.items() if j != k}):
                return IllegalAction("[3.0]", f"a '{kind}' here takes no {k!r}")
        if self.pending:
            return self._diagnose_decision(self.pending[0], action)
        if kind in ("split", "exit") and self._selectable(action.get("unit")):
            # [4.0] the shorthand of select + a unit's move: judge it against that unit's options
            p = self.units[action["unit"]]
            d = {"kind": "move", "side": p.side, "unit": p.id, "rule": "[4.0]",
                 "prompt": f"where does {self.label(p)} move?"}
            return self._mismatch(d, self.decide_move(d), action)
        entry = self.ACTIONS.get(kind) if isinstance(kind, str) else None
        if entry is not None and entry[1] is not None:
            err = getattr(self, entry[1])(action)
            if err is not None:
                return err
        if kind == "end":
            return self.why_not_end()
        known = {a["type"] for a in self.legal_actions()}
        if kind not in known:
            return IllegalAction("[3.0]", f"'{kind}' is not possible in the {PHASE_NAMES[self._phase]}"
                                 + (f" ({self.step} step)" if self.step else "")
                                 + f"; possible now: {', '.join(sorted(known))}")
        return self._mismatch({"kind": "", "side": self.to_act, "rule": "[3.0]", "prompt": ""},
                              [a for a in self.legal_actions() if a["type"] == kind], action)

    def _selectable(self: SpiGame, pid: Any) -> bool:
        return isinstance(pid, str) and {"type": "select", "unit": pid} in self.legal_actions()

    def _diagnose_decision(self: SpiGame, d: dict[str, Any], action: Action) -> IllegalAction:
        """Why ``action`` does not answer the pending decision ``d``.  Never lists the refused
        value among the possible ones (issue 14, item 4)."""
        answers = self.decision_actions(d)
        rule = d.get("rule", "[3.0]")
        prompt = d.get("prompt", d["kind"])
        du, au = d.get("unit"), action.get("unit")
        if au is not None and au != du and not any(a.get("unit") == au for a in answers):
            if not isinstance(au, str) or au not in self.units:
                return IllegalAction("[2.3]", f"there is no unit {au!r}")
            other = self.units[au]
            verb = self._VERBS.get(str(action.get("type")), "acting with")
            if du in self.units and d["kind"] in self.SELECTED_TEXT:
                return IllegalAction(rule, f"{self.label(self.units[du])} is selected: "
                                     f"{self.SELECTED_TEXT[d['kind']]}, or undo the selection, "
                                     f"before {verb} {self.label(other)}")
            return IllegalAction(rule, f"{d['side']} must first answer: {prompt} "
                                 f"({self.decision_kinds_text(d, answers)}), before {verb} {self.label(other)}")
        same = [a for a in answers if a["type"] == action.get("type")]
        if not same and action.get("type") == "stay" and d["kind"] == "move" and du in self.units:
            err = self.why_not_stay(self.units[du])       # an obligation to move
            if err is not None:
                return err
        if not same:
            return IllegalAction(rule, f"{d['side']} must first answer: {prompt} "
                                 f"({self.decision_kinds_text(d, answers)})")
        if action.get("type") == "move" and du in self.units and au == du and isinstance(action.get("to"), str):
            err = self.why_not_destination(self.units[du], action["to"])
            if err is not None:
                options = ", ".join(sorted(str(a["to"]) for a in same))
                return IllegalAction(err.rule, f"{err.why}; {self.label(self.units[du])} may move to {options}")
        if d["kind"] == "advance" and action.get("type") == "advance" and du in self.units and au == du \
                and "to" in action:
            return self._refuse_advance(d, self.units[du], action["to"])
        return self._mismatch(d, same, action)

    def _refuse_advance(self: SpiGame, d: dict[str, Any], p: Piece, to: Any) -> IllegalAction:
        """[7.51] an advance into another hex than the one offered (the hex the melee vacated):
        why ``p`` may not advance there (``why_not_advance``, the predicate that offers the
        advance), or else that it advances only into the vacated hex."""
        if not isinstance(to, str) or to not in self.hexmap:
            return IllegalAction("[2.1]", f"there is no hex {to!r} on the map")
        where = f"{self.label(p)} may advance only into {d['hex']}, the hex vacated"
        err = self.why_not_advance(p, to)
        if err is not None:
            return IllegalAction(err.rule, f"{err.why}; {where}")
        return IllegalAction(d.get("rule", "[7.51]"), where)

    def decision_kinds_text(self: SpiGame, d: dict[str, Any], answers: list[Action]) -> str:
        """The kinds of answer a decision takes, as a refusal names them (hook: a secret
        decision says the same whatever the secret is)."""
        return ", ".join(sorted({a["type"] for a in answers}))

    def _mismatch(self: SpiGame, d: dict[str, Any], same: list[Action], action: Action) -> IllegalAction:
        """``action`` is none of ``same`` (answers of its own type): name the field that is
        wrong and the values that field could take with the others as given."""
        rule = d.get("rule", "[3.0]")
        head = d.get("prompt", d.get("kind", ""))
        head = f"{head}: " if head else ""
        kind = action.get("type")
        if not same or action in same:
            return IllegalAction(rule, f"{head}'{kind}' is not possible now")
        for k in self.UNIT_FIELDS:
            v = action.get(k)
            if k in action and (not isinstance(v, str) or v not in self.units) \
                    and not any(a.get(k) == v for a in same):
                return IllegalAction("[2.3]", f"there is no unit {v!r}")
        needed = sorted({k for a in same for k in a} - set(action))
        if needed and not any(set(a) <= set(action) for a in same):
            return IllegalAction(rule, f"{head}a '{kind}' needs {', '.join(repr(k) for k in needed)}")
        extra = sorted(set(action) - {k for a in same for k in a})
        if extra:
            return IllegalAction(rule, f"{head}a '{kind}' here takes no {', '.join(repr(k) for k in extra)}")
        for k in sorted(set(action) - {"type"}, key=lambda k: (k != "to", k)):
            rest = {j: v for j, v in action.items() if j != k}
            fits = [a for a in same if {j: v for j, v in a.items() if j != k} == rest]
            if fits:
                return self._refuse_value(rule, head, k, action[k], [a.get(k) for a in fits])
        for k in sorted(set(action) - {"type"}, key=lambda k: (k != "unit", k != "to", k)):
            allowed = [a.get(k) for a in same]
            if action[k] not in allowed:
                return self._refuse_value(rule, head, k, action[k], allowed)
        return IllegalAction(rule, f"{head}this combination is not possible: "
                             + "; ".join(self.describe_action(a) for a in same[:12])
                             + (" ..." if len(same) > 12 else ""))

    def _describe_args(self: SpiGame, action: Action) -> str:
        return " ".join(f"{k}={v}" for k, v in action.items() if k != "type")

    def units_for(self: SpiGame, action: Action) -> tuple[Piece, Piece] | IllegalAction:
        """The ``unit`` and ``target`` an action names, or why not."""
        p = self.unit_for(action)
        if isinstance(p, IllegalAction):
            return p
        d = self.unit_for(action, "target")
        if isinstance(d, IllegalAction):
            return d
        return p, d

    def unit_for(self: SpiGame, action: Action, key: str = "unit") -> Piece | IllegalAction:
        pid = action.get(key)
        if pid not in self.units:
            return IllegalAction("[2.3]", f"there is no unit {pid!r}")
        return self.units[pid]

    # ===== why a phase cannot end yet: an obligation to attack, a move to finish ==============
    def why_not_end(self: SpiGame) -> IllegalAction:
        if self.is_combat_phase() and self.step == "melee":
            if self.battle is not None:
                return IllegalAction("[7.32]", "an attack has been declared: resolve it first")
            obliged = self.obliged_attackers()
            if obliged:
                return self.obligation(obliged[0])
        if self.is_movement_phase():
            err = self.why_not_end_movement()
            if err is not None:
                return err
        return IllegalAction("[3.0]", "the phase cannot end yet")
