"""The Grip of Sauron [WR §V22] [WR §13.2]: the seed's two worked examples and the bookkeeping."""

from __future__ import annotations

import pytest

from ringwar.systems.war_of_the_ring.data import load
from ringwar.systems.war_of_the_ring.grip import (
    GripState,
    due,
    end_of_turn,
    is_checkpoint,
    start_of_turn,
)

D = load()
M = 7   # Mordor mobilized on turn 7


def run(held_by_turn: dict[int, int], last: int) -> list[tuple[int, str]]:
    """Play the Grip from M to ``last`` with Sauron holding ``held_by_turn[t]`` (default 20)."""
    state, out = GripState(), []
    for turn in range(M, last + 1):
        state, what = start_of_turn(state)
        if what:
            out.append((turn, what))
        state, _ = end_of_turn(D, state, M, turn, held_by_turn.get(turn, 20))
    return out


@pytest.mark.rule("war-of-the-ring", "§13.2")
def test_13_2_t_grip_1_nine_at_m10_deserts_at_the_start_of_m11() -> None:
    assert run({M + 10: 9}, M + 12) == [(M + 11, "desert"), (M + 12, "return")]
    # ten would have done
    assert run({M + 10: 10}, M + 12) == []


@pytest.mark.rule("war-of-the-ring", "§13.2")
def test_13_2_t_grip_2_eleven_at_m15_deserts_twelve_at_m18_brings_them_back_at_m19() -> None:
    held = {t: 11 for t in range(M + 15, M + 18)} | {M + 18: 12}
    assert run(held, M + 19) == [(M + 16, "desert"), (M + 19, "return")]
    # eleven is not enough to regain: the notch due is still twelve
    assert run({t: 11 for t in range(M + 15, M + 19)}, M + 19) == [(M + 16, "desert")]


@pytest.mark.rule("war-of-the-ring", "§13.2")
def test_13_2_the_requirement_table_and_checkpoints() -> None:
    assert [due(D, M, M + 5 * k, 0) for k in range(7)] == [6, 8, 10, 12, 14, 16, 16]
    assert not is_checkpoint(D, None, 10)                  # no checkpoints before M
    assert not is_checkpoint(D, M, M - 1)
    assert [t for t in range(M, M + 12) if is_checkpoint(D, M, t)] == [M, M + 5, M + 10]


@pytest.mark.rule("war-of-the-ring", "§13.2")
def test_13_2_a_second_miss_while_deserted_drops_another_notch() -> None:
    state, _ = end_of_turn(D, GripState(), M, M + 10, 9)            # miss 10: drop 1, desert
    assert state == GripState(1, True, "desert")
    state, _ = start_of_turn(state)
    state, note = end_of_turn(D, state, M, M + 15, 9)               # due 10 (12 dropped a notch)
    assert state.drop == 2 and state.deserted and "another notch" in (note or "")


@pytest.mark.rule("war-of-the-ring", "§13.2")
def test_13_2_a_failed_checkpoint_is_never_undone_the_same_turn() -> None:
    state, _ = end_of_turn(D, GripState(), M, M + 5, 7)             # 8 due: desert
    assert state.pending == "desert"
