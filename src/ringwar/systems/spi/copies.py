"""The engine: copies and state.  ``clone`` (for search and what-ifs: every attribute copied
generically except what ``CLONE_SHARED`` and ``CLONE_DERIVED`` name) and the state a hash is
taken of (``_state_json``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.state import copy_state
from .state import copy_pieces

if TYPE_CHECKING:  # pragma: no cover
    from .game import SpiGame


class Copies:
    """Copies for search, and the state the hash is taken of."""

    def clone(self: SpiGame) -> SpiGame:
        """An independent copy, much cheaper than ``copy.deepcopy`` (search and what-ifs): every
        attribute is state and copied generically, except what ``CLONE_SHARED`` and
        ``CLONE_DERIVED`` name (facts derived from the state: each rebuilt, copied or kept as
        its entry says), so a field added later can never be shared by accident.  The
        two largest are copied knowing their shape: ``units`` piece by piece (``copy_pieces``),
        ``at`` as one dict (its values are tuples)."""
        new = object.__new__(type(self))
        shared, derived = self.CLONE_SHARED, self.CLONE_DERIVED
        d = new.__dict__
        for name, value in self.__dict__.items():
            if name in shared:
                d[name] = value
            elif name in derived:
                d[name] = derived[name](value)
            elif name == "units":
                d[name] = copy_pieces(value)
            elif name == "at" or name == "log":
                d[name] = value.copy()
            else:
                d[name] = copy_state(value)
        return new

    # ===== state, hash, view =====================================================================
    def _state_json(self: SpiGame) -> Any:
        return {
            "turn": self._turn, "phase": self._phase, "step": self.step, "step_side": self.step_side,
            "units": [p.to_json() for p in self.units_in_order()],
            "pending": self.pending, "tasks": self.tasks, "battle": self.battle,
            "dp": self.dp, "dp_log": self.dp_log, "demoralized": self.demoralized, "vp": self.vp,
            "entry": self.entry_count, "result": self._result, "spells": self.spell_state.to_json(),
            "x": self.exclusive_json(),
        }

    def exclusive_json(self: SpiGame) -> Any:
        return None
