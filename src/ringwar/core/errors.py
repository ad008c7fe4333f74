"""Errors raised through the engine contract."""

from __future__ import annotations


class RingwarError(Exception):
    """Base class of every error ringwar raises on purpose."""


class IllegalAction(RingwarError):
    """An action the rules forbid.  The game is unchanged.

    ``rule`` is the rule case that forbids it (``"[6.11]"``) and ``why`` says what is
    wrong, in the player's words.

    >>> str(IllegalAction("[6.11]", "a unit in an enemy ZOC may not move"))
    'illegal: [6.11] a unit in an enemy ZOC may not move'
    """

    def __init__(self, rule: str, why: str) -> None:
        self.rule = rule
        self.why = why
        super().__init__(f"illegal: {rule} {why}")

    def to_json(self) -> dict[str, str]:
        return {"error": "illegal", "rule": self.rule, "why": self.why, "message": str(self)}


class RecordError(RingwarError):
    """A game record or save file that cannot be read: names the problem."""


class UndoRefused(RingwarError):
    """Undo would take back a die roll or a reveal."""
