"""Decisions and tasks: the sequence of play inside a phase, declared and dispatched explicitly.

A *decision* is a question put to one side in the middle of a phase — where a selected unit
moves [4.0], which way a defeated unit retreats [7.55], whether a defender retreats before
combat [7.7], whether the victor advances [7.51]; Gondor adds where a piece is set up [13.0]
and whether the Cauldrons pour their Oil [16.74].  The engine keeps the questions asked and
not yet answered on ``game.pending`` (plain dicts, part of the state: ``{"kind": ..., "side":
..., "rule": ..., "prompt": ...}`` plus what the question is about), the first asked now;
each kind is a registered :class:`Decision` class with its options and its answer.

A *task* is work that must wait until decisions are answered (a battle's next attacker, a
retreat, an advance): ``game.tasks`` holds them in order (``{"t": ..., ...}``), each kind a
registered :class:`Task`.

A game's ``DECISIONS`` and ``TASKS`` map each kind to its class; an exclusive game extends
its parent's (``{**SpiGame.DECISIONS, **registry(Deploy, Oil)}``).  The classes only
declare and dispatch: the rules themselves are the game's methods they call, so that an
exclusive game refines them by overriding those methods (``decide_move``: Sauron's [15.22]
Dwarves).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ...core.engine import Action, Event

if TYPE_CHECKING:  # pragma: no cover
    from .game import SpiGame


class Decision(ABC):
    """A kind of question put to one side in the middle of a phase."""

    kind: ClassVar[str]        # the ``kind`` of its pending dicts
    case: ClassVar[str]        # the rule that asks it
    what: ClassVar[str]        # the question, for docs

    @abstractmethod
    def options(self, game: SpiGame, d: dict[str, Any]) -> list[Action]:
        """The legal answers to the pending question ``d``."""

    @abstractmethod
    def answer(self, game: SpiGame, d: dict[str, Any], action: Action) -> list[Event]:
        """Carry out ``action``, a legal answer to ``d`` (already taken off ``pending``)."""


class Task(ABC):
    """A kind of work that waits until the decisions before it are answered."""

    kind: ClassVar[str]        # the ``t`` of its task dicts
    case: ClassVar[str]
    what: ClassVar[str]

    @abstractmethod
    def run(self, game: SpiGame, task: dict[str, Any]) -> list[Event]:
        """Do the work (it may ask decisions and queue more tasks)."""


K = TypeVar("K", Decision, Task)


def registry(*classes: type[K]) -> dict[str, K]:
    """Kind -> an instance of each class (a kind given twice is an error)."""
    out: dict[str, K] = {}
    for cls in classes:
        if cls.kind in out:
            raise ValueError(f"two classes for the kind {cls.kind!r}")
        out[cls.kind] = cls()
    return out


# ----- the Standard Rules' decisions ----------------------------------------------------------
class Move(Decision):
    kind, case, what = "move", "[4.0]", "where the selected unit moves (or whether it stays)"

    def options(self, game: SpiGame, d: dict[str, Any]) -> list[Action]:
        return game.decide_move(d)

    def answer(self, game: SpiGame, d: dict[str, Any], action: Action) -> list[Event]:
        return game.answer_move(d, action)


class Retreat(Decision):
    kind, case, what = "retreat", "[7.55]", "the hex a defeated or displaced unit retreats into"

    def options(self, game: SpiGame, d: dict[str, Any]) -> list[Action]:
        return game.decide_retreat(d)

    def answer(self, game: SpiGame, d: dict[str, Any], action: Action) -> list[Event]:
        return game.answer_retreat(d, action)


class RetreatBeforeCombat(Decision):
    kind, case, what = "rbc", "[7.7]", "whether the defender retreats before melee"

    def options(self, game: SpiGame, d: dict[str, Any]) -> list[Action]:
        return game.decide_rbc(d)

    def answer(self, game: SpiGame, d: dict[str, Any], action: Action) -> list[Event]:
        return game.answer_rbc(d, action)


class Advance(Decision):
    kind, case, what = "advance", "[7.51]", "whether the victor advances into the vacated hex"

    def options(self, game: SpiGame, d: dict[str, Any]) -> list[Action]:
        return game.decide_advance(d)

    def answer(self, game: SpiGame, d: dict[str, Any], action: Action) -> list[Event]:
        return game.answer_advance(d, action)


# ----- the Standard Rules' tasks ---------------------------------------------------------------
class Battle(Task):
    kind, case, what = "battle", "[7.32]", "resolve an attack, one attacker after another"

    def run(self, game: SpiGame, task: dict[str, Any]) -> list[Event]:
        return game.task_battle(task)


class RetreatTask(Task):
    kind, case, what = "retreat", "[7.55]", "ask where a unit retreats, hex by hex"

    def run(self, game: SpiGame, task: dict[str, Any]) -> list[Event]:
        return game.task_retreat(task)


class RetreatFinish(Task):
    kind, case, what = "retreat_finish", "[7.61]", "finish a retreat once the displaced unit has moved"

    def run(self, game: SpiGame, task: dict[str, Any]) -> list[Event]:
        return game.task_retreat_finish(task)


class AdvanceTask(Task):
    kind, case, what = "advance", "[7.51]", "offer the victor the vacated hex"

    def run(self, game: SpiGame, task: dict[str, Any]) -> list[Event]:
        return game.task_advance(task)


STANDARD_DECISIONS: dict[str, Decision] = registry(Move, Retreat, RetreatBeforeCombat, Advance)
STANDARD_TASKS: dict[str, Task] = registry(Battle, RetreatTask, RetreatFinish, AdvanceTask)
