"""The Grip of Sauron [WR §V22] [WR §11.4] [WR §13.2]: how many objectives Sauron must hold as
the weeks pass after Mordor's mobilization, and the desertion of his allies when he fails.

The algorithm of [WR §13.2], with its bookkeeping (R-GRIP-REPEAT-MISS): ``M`` is the turn Mordor
mobilized; checkpoints fall every 5 turns from M; ``drop`` counts the notches the requirement has
fallen back.  A failed checkpoint makes the allies desert at the start of the next turn; while
they are deserted, every end of turn compares Sauron's count with the notch due at the next
checkpoint, and meeting it brings them back at the start of the next turn.

A plain record of three numbers (``GripState``) and pure functions, so that the game state
copies it like any value and the seed's own examples are tests (T-GRIP-1, T-GRIP-2).
"""

from __future__ import annotations

from dataclasses import dataclass

from .data import Definition


@dataclass(frozen=True, slots=True)
class GripState:
    """``drop`` notches fallen back; ``deserted`` whether the allies are away; ``pending`` what
    happens at the start of the next turn: "desert", "return" or None."""

    drop: int = 0
    deserted: bool = False
    pending: str | None = None


def _notch(D: Definition, index: int) -> int:
    table = [n for _, n in D.grip]
    return table[max(0, min(len(table) - 1, index))]


def due(D: Definition, mobilized: int, turn: int, drop: int) -> int:
    """[WR §13.2] The requirement at a checkpoint turn ``turn`` = M + 5k."""
    every = int(D.value("R-GRIP-REPEAT-MISS", "checkpoint_every"))
    return _notch(D, (turn - mobilized) // every - drop)


def regain_need(D: Definition, mobilized: int, turn: int, drop: int) -> int:
    """[WR §13.2] 2: the notch due at the next checkpoint after the drop."""
    every = int(D.value("R-GRIP-REPEAT-MISS", "checkpoint_every"))
    return _notch(D, (turn - mobilized) // every + 1 - drop)


def is_checkpoint(D: Definition, mobilized: int | None, turn: int) -> bool:
    """Checkpoints fall at the end of turns M, M+5, M+10 ... and never before M [WR §13.2] 4."""
    if mobilized is None or turn < mobilized:
        return False
    every = int(D.value("R-GRIP-REPEAT-MISS", "checkpoint_every"))
    return (turn - mobilized) % every == 0


def end_of_turn(D: Definition, state: GripState, mobilized: int | None, turn: int,
                held: int) -> tuple[GripState, str | None]:
    """Sauron holds ``held`` objectives at the end of ``turn``: the new state and what to log.

    1. At a checkpoint, ``held < due`` drops a notch; the first miss makes the allies desert at
       the start of turn + 1 (a later miss while deserted only drops another notch).
    2. Then, while deserted (and not deserting this very turn), meeting the next notch brings
       them back at the start of turn + 1."""
    if mobilized is None:
        return state, None
    step = int(D.value("R-GRIP-REPEAT-MISS", "drop_per_miss"))
    drop, deserted, note = state.drop, state.deserted, None
    if is_checkpoint(D, mobilized, turn):
        need = due(D, mobilized, turn, drop)
        if held < need:
            drop += step
            if not deserted:
                note = (f"[WR §V22] Sauron holds {held} objectives, {need} needed at M+{turn - mobilized}: "
                        f"his allies desert at the start of turn {turn + 1}")
                return GripState(drop, True, "desert"), note
            note = (f"[WR §V22] Sauron holds {held} objectives, {need} needed at M+{turn - mobilized}: "
                    "the requirement drops another notch (R-GRIP-REPEAT-MISS)")
    if deserted:
        need = regain_need(D, mobilized, turn, drop)
        if held >= need:
            return GripState(drop, False, "return"), (
                f"[WR §V22] Sauron holds {held} of the {need} objectives due: his allies return at "
                f"the start of turn {turn + 1}")
    return GripState(drop, deserted, None), note


def start_of_turn(state: GripState) -> tuple[GripState, str | None]:
    """Carry out what the last end of turn decided: "desert" or "return" [WR §13.2] 1-2."""
    return GripState(state.drop, state.deserted, None), state.pending
