"""Recorded game traces replay the same, step by step (issue 13's safety net): the set of legal
actions before each step, the events ``apply`` returns, every side's view and the state hash
after it.  The traces in ``tests/traces`` were recorded with ``tools/trace.py record``; an
engine rebuilt underneath must leave them unchanged (or say, with a new trace and a record
migration, what it changed on purpose)."""

from __future__ import annotations

import copy
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("ringwar_trace_tool", ROOT / "tools" / "trace.py")
trace = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = trace
_spec.loader.exec_module(trace)

TRACES = sorted((ROOT / "tests" / "traces").glob("*.json.gz"))
GAMES = [(p, i, g) for p in TRACES for i, g in enumerate(trace.read(p))]


@pytest.mark.parametrize(("path", "index", "game"), GAMES,
                         ids=[f"{p.name}-{g['system']}-{g['policy']}-seed{g['seed']}" for p, _, g in GAMES])
def test_a_traced_game_replays_the_same_at_every_step(path: Path, index: int, game: dict):
    assert game["steps"], "an empty trace proves nothing"
    assert trace.check_game(game, set()) is None


def test_a_changed_step_is_reported_where_it_changed():
    game = copy.deepcopy(GAMES[0][2])
    game["steps"] = game["steps"][:12]
    assert trace.check_game(game, set()) is None
    game["steps"][7][4] = "0" * 12                     # the state hash after step 7
    assert trace.check_game(game, set()) == (7, ["hash"])
    assert trace.check_game(game, {"hash"}) is None
    game["steps"][3][1] = "f" * 12                     # the legal actions before step 3
    assert trace.check_game(game, {"hash"}) == (3, ["legal"])
    game["steps"][2][0] = {"type": "no-such-action"}
    at, why = trace.check_game(game, {"hash"})
    assert at == 2 and why[-1].startswith("the action is refused")
