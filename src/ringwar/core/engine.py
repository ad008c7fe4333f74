"""The engine contract shared by every game system.

::

    game = ringwar.new_game("sauron", seed=7)
    game.turn, game.phase, game.to_act      # whose decision it is (a side)
    game.legal_actions()                    # every legal choice, as plain dicts
    events = game.apply(action)             # IllegalAction(rule, why) and no change
    game.view(side)                         # what that side may see
    game.result                             # None, or {"winner": ..., "level": ...}
    game.state_hash(), game.record          # replay(record) reaches the same hash

A system subclasses :class:`Game` and fills in a handful of hooks (``_legal``, ``_do``,
``_state_json``, ``_view`` ...).  Actions and events are flat JSON-able dicts; every event
that applies a rule carries its case number in ``rule``.  Events that only one side may
see carry ``"visible_to": side``; :meth:`Game.view` and :meth:`Game.log_for` filter them.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from .dice import Dice
from .errors import IllegalAction, RecordError, UndoRefused
from .record import GameRecord

Action = dict[str, Any]
Event = dict[str, Any]

_SCALARS = (str, int, float, bool, type(None))


def action_key(action: Action) -> tuple:
    """A hashable identity for a flat action dict."""
    return tuple(sorted(action.items()))


def event(kind: str, rule: str | None, text: str, **data: Any) -> Event:
    """An event for the log: ``event("casualty", "[7.41]", "B vs 3 needs 2-7: rolled 7")``."""
    e: Event = {"type": kind, "rule": rule, "text": text}
    e.update(data)
    return e


class Game(ABC):
    """Base class of every game system's state machine."""

    system: ClassVar[str] = ""
    title: ClassVar[str] = ""
    sides: ClassVar[tuple[str, ...]] = ()
    #: option name -> (default, description); unknown options are refused
    OPTIONS: ClassVar[dict[str, tuple[Any, str]]] = {}
    #: scenario names this system offers (the first is the default)
    SCENARIOS: ClassVar[tuple[str, ...]] = ("standard",)
    #: True if a side's view ever hides something from it (dummy counters, hidden units):
    #: then an unfinished game's raw record must never be shown to a player.
    hidden_information: ClassVar[bool] = False

    def __init__(self, record: GameRecord) -> None:
        self.record = GameRecord(record.system, record.seed, record.scenario,
                                 dict(record.options), record.setup, [])
        if self.record.scenario is None:
            self.record.scenario = self.SCENARIOS[0]
        if self.record.scenario not in self.SCENARIOS:
            raise RecordError(
                f"{self.system}: unknown scenario {self.record.scenario!r} "
                f"(known: {', '.join(self.SCENARIOS)})")
        self.options = self._check_options(self.record.options)
        self.dice = Dice(record.seed)
        self.log: list[Event] = []
        self._legal_cache: list[Action] | None = None
        self._legal_keys: set[tuple] | None = None
        self._barrier = 0  # actions before this index may not be undone (dice or reveals)
        self._init_state()
        self._after_change()

    # ----- construction -------------------------------------------------------------
    def _check_options(self, given: dict[str, Any]) -> dict[str, Any]:
        opts = {k: default for k, (default, _doc) in self.OPTIONS.items()}
        for k, v in given.items():
            if k not in self.OPTIONS:
                raise RecordError(
                    f"{self.system}: unknown option {k!r} (known: {', '.join(sorted(self.OPTIONS)) or 'none'})")
            default = self.OPTIONS[k][0]
            if default is not None and type(v) is not type(default):
                raise RecordError(f"{self.system}: option {k!r} must be {type(default).__name__}")
            opts[k] = v
        return opts

    @abstractmethod
    def _init_state(self) -> None:
        """Build the starting position from ``self.record`` (scenario, options, setup)."""

    # ----- the contract -----------------------------------------------------------------
    @property
    @abstractmethod
    def to_act(self) -> str | None:
        """The side whose decision it is (None once the game is over)."""

    @property
    @abstractmethod
    def turn(self) -> int: ...

    @property
    @abstractmethod
    def phase(self) -> str: ...

    @property
    @abstractmethod
    def result(self) -> dict[str, Any] | None: ...

    def legal_actions(self) -> list[Action]:
        """Every legal action now.  The list is cached: treat it as read-only."""
        if self._legal_cache is None:
            self._legal_cache = [] if self.result is not None else self._legal()
            self._legal_keys = None
        return self._legal_cache

    def is_legal(self, action: Action) -> bool:
        try:
            key = action_key(action)
        except TypeError:
            return False
        if self._legal_keys is None:
            self._legal_keys = {action_key(a) for a in self.legal_actions()}
        return key in self._legal_keys

    def apply(self, action: Action) -> list[Event]:
        """Apply one action; returns the events it caused.

        Raises :class:`IllegalAction` naming the rule case if the rules forbid it; the game
        is then exactly as it was.
        """
        action = self._normalize(action)
        if self.result is not None:
            raise IllegalAction("[end]", "the game is over")
        if not self.is_legal(action):
            raise self._diagnose(action)
        dice_before = self.dice.count
        self._after_change()  # a system may refill the legal-action cache while it acts
        try:
            events = self._do(action)
        except Exception:
            self._restore()
            raise
        self.record.actions.append(action)
        self.log.extend(events)
        if self.dice.count != dice_before or any(e.get("reveal") for e in events):
            self._barrier = len(self.record.actions)
        return events

    def preview(self, action: Action) -> dict[str, Any] | None:
        """What a legal action would risk, before committing to it (for attacks: the exact
        probability of each outcome).  None when there is nothing to tell."""
        return None

    def _normalize(self, action: Any) -> Action:
        if not isinstance(action, dict):
            raise IllegalAction("[action]", f"an action must be an object, not {type(action).__name__}")
        kind = action.get("type")
        if not isinstance(kind, str):
            raise IllegalAction("[action]", "an action needs a 'type' string")
        for k, v in action.items():
            if not isinstance(k, str) or not isinstance(v, _SCALARS):
                raise IllegalAction("[action]", f"action field {k!r} must be a plain value")
        return dict(action)

    def _restore(self) -> None:
        """Rebuild the state from the record (after an unexpected error mid-action)."""
        fresh = type(self)(self.record)
        for a in self.record.actions:
            fresh.apply(a)
        self.__dict__.update(fresh.__dict__)

    def _after_change(self) -> None:
        self._legal_cache = None
        self._legal_keys = None

    @abstractmethod
    def _legal(self) -> list[Action]: ...

    @abstractmethod
    def _do(self, action: Action) -> list[Event]:
        """Carry out a legal action, returning its events."""

    def _diagnose(self, action: Action) -> IllegalAction:
        """Say which rule forbids an action that is not among the legal ones."""
        return IllegalAction("[action]", f"{action.get('type')!r} is not a legal action now")

    @abstractmethod
    def _state_json(self) -> Any:
        """The complete state (besides dice and log) as canonical JSON-able data."""

    def state_hash(self) -> str:
        blob = json.dumps([self.system, self._state_json(), self.dice.to_json()],
                          sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:32]

    def view(self, side: str | None = None) -> dict[str, Any]:
        """What ``side`` may see (None: an observer, public information only)."""
        if side is not None and side not in self.sides:
            raise ValueError(f"unknown side {side!r} (sides: {', '.join(self.sides)})")
        v = {
            "system": self.system,
            "scenario": self.record.scenario,
            "side": side,
            "turn": self.turn,
            "phase": self.phase,
            "to_act": self.to_act,
            "result": self.result,
            "actions_played": len(self.record.actions),
        }
        v.update(self._view(side))
        return v

    @abstractmethod
    def _view(self, side: str | None) -> dict[str, Any]: ...

    def recent_log(self, side: str | None, n: int = 50) -> list[Event]:
        """The last ``n`` events ``side`` may see (views carry these; the whole log is
        ``log_for``)."""
        out: list[Event] = []
        for e in reversed(self.log):
            if e.get("visible_to") in (None, side):
                out.append(e)
                if len(out) >= n:
                    break
        out.reverse()
        return out

    def log_for(self, side: str | None) -> list[Event]:
        """The log as ``side`` may see it: events addressed to the other side left out."""
        return [e for e in self.log if e.get("visible_to") in (None, side)]

    # ----- undo, copies, records -----------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return len(self.record.actions) > self._barrier

    def undo(self) -> None:
        """Take back the last action, unless it rolled a die or revealed something."""
        if not self.record.actions:
            raise UndoRefused("nothing to undo")
        if not self.can_undo:
            raise UndoRefused("undo stops at the last die roll or reveal")
        rec = self.record.copy()
        rec.actions.pop()
        fresh = replay(rec)
        self.__dict__.update(fresh.__dict__)

    def clone(self) -> Game:
        """An independent copy (for search and what-ifs); systems may override for speed."""
        import copy
        return copy.deepcopy(self)

    def save(self) -> str:
        """The record as a JSON file body, with the final hash for integrity."""
        return self.record.dumps(final_hash=self.state_hash())


# ----- registry and top-level functions --------------------------------------------------
_SYSTEMS: dict[str, str] = {
    "sauron": "ringwar.systems.sauron:SauronGame",
    "gondor": "ringwar.systems.gondor:GondorGame",
    "battle-of-the-ring": "ringwar.systems.ring:BattleOfTheRingGame",
}


def register_system(name: str, target: str) -> None:
    _SYSTEMS[name] = target


def systems() -> list[str]:
    return sorted(_SYSTEMS)


def system_class(name: str) -> type[Game]:
    try:
        target = _SYSTEMS[name]
    except KeyError:
        raise RecordError(f"unknown game system {name!r} (known: {', '.join(systems())})") from None
    import importlib

    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


def new_game(system: str, scenario: str | None = None, seed: int = 0,
             options: dict[str, Any] | None = None, setup: dict[str, Any] | None = None) -> Game:
    """Start a game of ``system``."""
    cls = system_class(system)
    return cls(GameRecord(system, seed, scenario, dict(options or {}), setup, []))


def replay(record: GameRecord | dict[str, Any] | str, *, expect_hash: str | None = None) -> Game:
    """Rebuild a game from its record (a GameRecord, its JSON dict, or the file text).

    Raises :class:`RecordError` naming the first action that does not replay, or a hash
    mismatch.
    """
    final_hash = expect_hash
    written_by = record.get("engine") if isinstance(record, dict) else None
    if isinstance(record, str | bytes):
        try:
            written_by = json.loads(record).get("engine")
        except (ValueError, AttributeError):
            written_by = None
        record, fh = GameRecord.loads(record)
        final_hash = final_hash or fh
    elif isinstance(record, dict):
        record, fh = GameRecord.from_json(record)
        final_hash = final_hash or fh
    game = system_class(record.system)(record)
    for i, a in enumerate(record.actions):
        try:
            game.apply(a)
        except IllegalAction as e:
            raise RecordError(f"record: action #{i + 1} {json.dumps(a)} does not replay: {e}"
                              + (f" (the file was written by ringwar {written_by})" if written_by else "")) from None
    if final_hash is not None and game.state_hash() != final_hash:
        raise RecordError("record: the replayed game does not match the file's final_hash "
                          "(the file is damaged or was written by incompatible rules)")
    return game


def load(path: str) -> Game:
    """Load a saved game file."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror}") from None
    return replay(text)
