"""The engine: pieces and actions in a player's words (the log, the menus, refusals)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Action
from .board import STEP_NAMES
from .sequence import PHASE_NAMES
from .state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from .game import SpiGame


class StandardWords:
    """Labels of pieces, actions described, the current phase's name."""

    def label(self: SpiGame, p: Piece) -> str:
        """A piece in messages and the log: "Gandalf", "Men D-3-X [men1]", "Grond [grond1]"."""
        if p.is_leader:
            return f"{p.name}"
        code = self.counter_label(p)
        return f"{p.name} {code} [{p.id}]" if code else f"{p.name} [{p.id}]"

    def counter_label(self: SpiGame, p: Piece) -> str:
        """What the counter shows besides its name: a unit's values now ("De-3-X", [2.41]), a
        leader's Rally Rating and Magic Capability Points left ("8-10"); hook: siege equipment
        has no combat values [16.15]."""
        return p.code()

    # ===== actions in words =====================================================================
    def describe_action(self: SpiGame, action: Action, side: str | None = None) -> str:
        """``action`` in a player's words, on the position it is played from ("Men D-3-X
        [men1] 0806 → 0807", "Wargs D-2-Z [warg1] attacks Men D-3-X [men1] in 1323"); units by
        name and counter, secret fields only if the action (as redacted for ``side``) has them."""
        kind = str(action.get("type", "?"))
        try:
            text = self.describe_hook(kind, action)
        except Exception:          # an unknown or malformed action: say what it names
            text = None
        return text if text is not None else super().describe_action(action, side)

    def _named(self: SpiGame, pid: Any) -> str:
        p = self.units.get(pid) if isinstance(pid, str) else None
        return self.label(p) if p is not None else str(pid)

    def describe_hook(self: SpiGame, kind: str, a: Action) -> str | None:
        """The words for one action type (None: the core's generic words); exclusive rules
        extend it for their own actions."""
        u = self._named(a.get("unit"))
        t = self._named(a.get("target"))
        p = self.units.get(a.get("unit")) if isinstance(a.get("unit"), str) else None
        here = p.hex if p is not None and p.hex else "off the map"
        d = self.units.get(a.get("target")) if isinstance(a.get("target"), str) else None
        there = f" in {d.hex}" if d is not None and d.hex else ""
        if kind == "select":
            return f"select {u}" + (f" in {p.hex}" if p is not None and p.hex else " (off the map)")
        if kind == "move":
            return f"{u} {here} → {a['to']}" if p is None or p.hex else f"{u} enters the map → {a['to']}"
        if kind == "split":
            return f"{u} leaves its formation: {here} → {a['to']}"
        if kind == "exit":
            return f"{u} leaves the map from {here} into Mordor"
        if kind == "stay":
            return f"{u} stays in {here}"
        if kind == "form":
            other = self.units.get(a.get("with"))
            shape = self.formation_kind(p, other).replace("_", " ") if p and other else "formation"
            return f"{u} and {self._named(a.get('with'))} form a {shape} in {a['hex']}"
        if kind == "fire":
            return f"{u} fires at {t}{there}"
        if kind == "attack":
            joins = self.battle is not None and self.battle.get("target") == a.get("target")
            return f"{u} {'joins the attack on' if joins else 'attacks'} {t}{there}"
        if kind == "resolve":
            target = self.battle.get("target") if self.battle else None
            return f"resolve the attack on {self._named(target)}" if target else "resolve the attack"
        if kind == "leader_attack":
            return f"{u} attacks {t}{there} in individual combat"
        if kind == "end":
            step = STEP_NAMES.get(self.step)
            return f"end {step}" if step else f"end the {PHASE_NAMES.get(self._phase, 'phase')}" + (
                f" for {self.step_side}" if self._phase in self.STEP_SIDES and self.step_side else "")
        if kind == "retreat":
            return f"{u} retreats to {a['to']}"
        if kind == "retreat_before_combat":
            return f"{u} retreats before combat to {a['to']}"
        if kind == "stand":
            return f"{u} stands to receive the attack"
        if kind == "advance":
            return f"{u} advances into {a['to']}"
        if kind == "rally":
            return f"{u} tries to rally {t}{there}"
        if kind == "cast":
            spell = self.sc.spells.get(a.get("spell"))
            name = spell.name if spell is not None else str(a.get("spell"))
            pts = a.get("points")
            return f"{u} casts {name} with {pts} point{'s' if pts != 1 else ''}"
        return None

    def _phase_name(self: SpiGame) -> str:
        from .game import PHASE_NAMES
        return PHASE_NAMES[self._phase]
