"""Copying a game's state generically, for ``clone()``.

A game's state is plain data: numbers, strings, ``None``, and dicts, lists, sets and tuples of
them, plus record objects that know how to copy themselves (a ``copy()`` method: a piece, the
game record, the dice).  ``copy_state`` copies all of it, so that a clone shares nothing
mutable with its original unless the game says so (its frozen definition, its log of events,
which are never changed once logged).  Anything else is copied with ``copy.deepcopy``: slower,
never wrong.
"""

from __future__ import annotations

import copy
from typing import Any

_ATOMS = frozenset({int, float, str, bool, type(None), bytes, frozenset})


class FrozenDict(dict[str, Any]):
    """A dict that refuses every change in place (a ``TypeError`` saying ``REFUSAL``), so
    that many holders may share it: a subclass says what it is and how it is copied."""

    __slots__ = ()
    REFUSAL = "this dict is shared: change a copy of it"

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError(self.REFUSAL)

    __setitem__ = __delitem__ = __ior__ = pop = popitem = setdefault = update = clear = _refuse  # type: ignore[assignment]


class KeptView(FrozenDict):
    """A part of a view that a game keeps and hands out again to later views (a piece's, as
    long as what it shows is unchanged): a dict that refuses to be changed (a ``TypeError``),
    so that no caller can write into what later views show.  Its copies by ``copy``,
    ``copy.deepcopy`` and ``pickle`` are plain dicts, as a view's other parts are."""

    __slots__ = ()
    REFUSAL = "this part of a view is kept for later views: change a copy (dict(part))"

    def __reduce__(self) -> Any:
        return dict, (dict(self),)

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: Any) -> dict[str, Any]:
        return copy.deepcopy(dict(self), memo)


def copy_state(value: Any) -> Any:
    """An independent copy of ``value`` (see the module's docstring)."""
    t = type(value)
    if t in _ATOMS:
        return value
    if t is dict:
        # (a copy, then its values that are not atoms replaced: no comprehension to set up,
        # which is most of the time for the small dicts of a game's state)
        out = value.copy()
        for k, v in out.items():
            if type(v) not in _ATOMS:
                out[k] = copy_state(v)
        return out
    if t is list:
        return [v if type(v) in _ATOMS else copy_state(v) for v in value]
    if t is tuple:
        if all(type(v) in _ATOMS for v in value):
            return value
        return tuple(copy_state(v) for v in value)
    if t is set:
        return set(value)              # members are hashable: immutable in practice
    own = getattr(value, "copy", None)
    if own is not None and not isinstance(value, type):
        return own()
    return copy.deepcopy(value)
