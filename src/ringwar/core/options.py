"""Options a game system declares: each with its type and the values it may take.

A system lists its options as declarations, and every value (from the lobby, the API, a
record file or the command line) is checked against them before a game is built, so a
value outside any sensible range is refused with the option's name and its range:

    OPTIONS = {
        "reinforcement_delay": Option(0, "[21.26] Game-Turns added to ...", minimum=-18, maximum=18),
        "players": Option(3, "2 or 3 players [3.1]", choices=(2, 3)),
        "rohan_roll": Option(None, "[14.2] ... (default: the scenario's)", kind=int, minimum=1, maximum=7),
    }

A default of ``None`` means "the scenario's value"; such an option names its ``kind``.

Records replay forever, so an option whose default changes (or an option added to name a
reading that used to be fixed) says what older records meant with ``legacy``: a record that
does not name the option is replayed with the legacy value, and every new game names it in
its record (``new_game`` writes it there), so the two can never be confused.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .errors import RecordError

_KINDS = {bool: "true/false", int: "a whole number", float: "a number", str: "text"}


@dataclass(frozen=True)
class Option:
    """One option: its default, what it does (with the rule case), its type and range."""

    default: Any
    doc: str
    kind: type | None = None          # bool, int, float or str; None: the default's type
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[Any, ...] | None = None
    #: the value a record that does not name this option was played with (see above);
    #: only meaningful with ``has_legacy`` (use :meth:`changed` to declare one)
    legacy: Any = None
    has_legacy: bool = False
    #: what a null value means, for an option whose default is None
    null_means: str = "the scenario's"
    #: an old name kept so that older records still replay: accepted, never offered
    deprecated: bool = False

    def __post_init__(self) -> None:
        kind = self.kind or type(self.default)
        if kind not in _KINDS:
            raise TypeError(f"an option's kind is bool, int, float or str, not {kind!r}")
        object.__setattr__(self, "kind", kind)
        if self.legacy is not None:
            object.__setattr__(self, "has_legacy", True)

    def check(self, system: str, name: str, value: Any) -> Any:
        """The value to use, or RecordError naming the option and what it may be."""
        if value is None and self.default is None:
            return None
        kind = self.kind
        ok = type(value) is kind or (kind is float and type(value) is int)
        if not ok:
            raise RecordError(f"{system}: option {name!r} must be {self.describe()}, not {value!r}")
        if kind is float:
            value = float(value)
            if not math.isfinite(value):
                raise RecordError(f"{system}: option {name!r} must be a finite number")
        if self.choices is not None and value not in self.choices:
            raise RecordError(f"{system}: option {name!r} must be {self.describe()}, not {value!r}")
        if (self.minimum is not None and value < self.minimum) or \
                (self.maximum is not None and value > self.maximum):
            raise RecordError(f"{system}: option {name!r} must be {self.describe()}, not {value!r}")
        if kind is str and len(value) > 200:
            raise RecordError(f"{system}: option {name!r} is too long")
        return value

    def describe(self) -> str:
        if self.choices is not None:
            text = " or ".join(repr(c) if isinstance(c, str) else str(c).lower()
                               if isinstance(c, bool) else str(c) for c in self.choices)
        else:
            text = _KINDS[self.kind]  # type: ignore[index]
            lo, hi = self.minimum, self.maximum
            if lo is not None and hi is not None:
                text += f" from {lo:g} to {hi:g}"
            elif lo is not None:
                text += f" of at least {lo:g}"
            elif hi is not None:
                text += f" of at most {hi:g}"
        if self.default is None:
            text += f" (or null: {self.null_means})"
        return text

    def to_json(self) -> dict[str, Any]:
        """For the API and the lobby: everything a form needs to offer only valid values."""
        return {"default": self.default, "doc": self.doc, "type": self.kind.__name__,  # type: ignore[union-attr]
                "min": self.minimum, "max": self.maximum,
                "choices": list(self.choices) if self.choices is not None else None,
                "nullable": self.default is None, "null_means": self.null_means,
                "accepts": self.describe(),
                "deprecated": self.deprecated}

    @classmethod
    def changed(cls, default: Any, doc: str, *, legacy: Any, **kw: Any) -> Option:
        """An option whose default is not what older records were played with (``legacy``,
        which may be None)."""
        o = cls(default, doc, **kw)
        object.__setattr__(o, "legacy", legacy)
        object.__setattr__(o, "has_legacy", True)
        return o


def as_option(decl: Any) -> Option:
    """An :class:`Option`, or an older ``(default, doc)`` pair read as one (type from the default)."""
    if isinstance(decl, Option):
        return decl
    default, doc = decl
    return Option(default, doc, kind=None if default is not None else str)


__all__ = ["Option", "as_option"]
