"""Gondor's actions in a player's words (``describe_action``'s hook) and decisions as shown."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Action

if TYPE_CHECKING:  # pragma: no cover
    from .game import GondorGame


class ActionWords:
    """Gondor's actions and decisions described."""

    def describe_hook(self: GondorGame, kind: str, a: Action) -> str | None:
        u = self._named(a.get("unit"))
        if kind == "place":
            secret = "" if "real" not in a else (" (real)" if a["real"] else " (dummy)")   # [16.71]
            return f"set up {u}{secret} in {a['to']}"
        if kind == "deploy_rest":
            return f"set up the rest of {self.step_side}'s pieces (not the Cauldrons)"
        if kind == "push":
            return f"{u} moves {self._named(a.get('gear'))} {self._where(a.get('unit'))} → {a['to']}"
        if kind == "ladder":
            return f"{u} sets a Ladder against the wall {a['hexside']}"
        if kind == "take_oil":
            return f"{u} picks up Oil from {self._named(a.get('cauldron'))}"
        if kind == "hold":
            return f"{u} holds its Oil"
        if kind == "pour":
            t = self.units.get(a.get("target"))
            return f"{u} pours boiling oil on {self._named(a.get('target'))}" + (f" in {t.hex}" if t and t.hex else "")
        if kind == "breach":
            return f"{u} tries to breach {a['hexside']}"
        if kind == "fireball":
            return f"{u} hurls a Fireball at {a['to']}"
        if kind == "head":
            return f"{u} hurls a Severed Head at {a['to']}"
        if kind == "move_banner":
            return f"the Banner of the King moves to {a['to']}"
        if kind == "banner_rally":
            return f"the Banner of the King rallies {self._named(a.get('target'))}"
        if kind == "arrive_formed":
            return (f"{u} and {self._named(a.get('with'))} enter with {self._named(a.get('leader'))} at "
                    f"{a['to']} in formation")
        return super().describe_hook(kind, a)

    def _where(self: GondorGame, pid: Any) -> str:
        p = self.units.get(pid) if isinstance(pid, str) else None
        return p.hex if p is not None and p.hex else "from off the map" if p is not None else "?"

    def describe_decision(self: GondorGame, d: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in d.items() if k not in ("then",)}
