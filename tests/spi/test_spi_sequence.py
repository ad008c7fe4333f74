"""[3.0] The sequence of play as data: the phase table, the decision and task registries and
the action table are complete, consistent with the methods that carry them out, and the only
way in: an action type nobody declared is refused as unknown, never dispatched to whatever
method happens to carry its name."""

from __future__ import annotations

import pytest

import ringwar
from ringwar.core.engine import system_class
from ringwar.core.errors import IllegalAction
from ringwar.systems.spi.decisions import Decision, Task
from ringwar.systems.spi.sequence import ALL_PHASES, KINDS, sequence_tables

SPI = ("sauron", "gondor")


@pytest.mark.rule("sauron", "[3.0]")
@pytest.mark.rule("gondor", "[3.0]")
@pytest.mark.parametrize("system", SPI)
def test_3_0_the_phase_table_gives_each_game_its_sequence(system):
    cls = system_class(system)
    codes, phasing, turns, kinds = sequence_tables(cls.SEQUENCE)
    assert codes == cls.PHASES and phasing == cls.PHASING and turns == cls.STEP_SIDES
    assert set(kinds.values()) <= set(KINDS)
    # the Standard Rules' seven phases in the rule book's order, Gondor's two inserted [13.0] [16.2]
    want = ("A", "C", "D", "E", "F", "G", "H") if system == "sauron" else ("S", "A", "B", "C", "D", "E", "F", "G", "H")
    assert cls.PHASES == want
    assert all(ALL_PHASES[p.code] is p for p in cls.SEQUENCE)
    game = ringwar.new_game(system, seed=1)
    assert [row["code"] for row in game.view(None)["phases"]] == [
        c for c in want if game.phase_applies(c)]


@pytest.mark.parametrize("system", SPI)
def test_every_action_type_is_declared_with_its_handler_and_its_refusal(system):
    """The ACTIONS table and the ``do_`` methods are the same set; every checker exists."""
    cls = system_class(system)
    handlers = {name for name in dir(cls) if name.startswith("do_") and name != "do_decision"}
    assert {h for h, _ in cls.ACTIONS.values()} == handlers
    for kind, (h, why) in cls.ACTIONS.items():
        assert callable(getattr(cls, h)), kind
        assert why is None or callable(getattr(cls, why)), kind


@pytest.mark.parametrize("system", SPI)
def test_every_decision_and_task_kind_is_registered(system):
    cls = system_class(system)
    assert all(isinstance(d, Decision) and d.kind == k for k, d in cls.DECISIONS.items())
    assert all(isinstance(t, Task) and t.kind == k for k, t in cls.TASKS.items())
    assert {"move", "retreat", "rbc", "advance"} <= set(cls.DECISIONS)
    assert ({"deploy", "oil"} <= set(cls.DECISIONS)) == (system == "gondor")
    for d in cls.DECISIONS.values():
        assert callable(getattr(cls, f"decide_{d.kind}")) and callable(getattr(cls, f"answer_{d.kind}"))


@pytest.mark.parametrize("system", SPI)
def test_3_0_an_undeclared_action_type_is_refused_cleanly_and_changes_nothing(system):
    """Action types named after the engine's own predicates ('mover', 'end_movement',
    'fire_at' ...) used to reach those methods with the action as argument and crash with
    AttributeError/TypeError; now they are refused as any unknown type is."""
    game = ringwar.new_game(system, seed=1)
    before = game.state_hash()
    names = sorted({n[len("why_not_"):] for n in dir(type(game)) if n.startswith("why_not_")}
                   | {n[len("do_"):] for n in dir(type(game)) if n.startswith("do_")} - set(type(game).ACTIONS))
    assert {"mover", "end_movement", "fire_at", "destination"} <= set(names)
    for t in names:
        if t in type(game).ACTIONS or t == "end":
            continue
        with pytest.raises(IllegalAction) as e:
            game.apply({"type": t, "unit": next(iter(game.units))})
        assert e.value.rule == "[3.0]", (t, e.value)
        assert game.state_hash() == before


@pytest.mark.rule("sauron", "[4.0]")
@pytest.mark.rule("gondor", "[4.0]")
@pytest.mark.parametrize("system", SPI)
def test_4_0_the_units_offered_to_move_are_exactly_those_the_refusal_lets_move(system):
    """One predicate for movement (issue 13, item 3): in every position of a random game, a
    unit is offered ``select`` if and only if ``why_not_mover`` has no refusal for it, and
    ``movers`` are the units it refuses for nothing but where they stand ([6.11] [4.27])."""
    import random

    game = ringwar.new_game(system, seed=3)
    rng = random.Random(8)
    checked = 0
    for _ in range(1500):
        if game.result is not None:
            break
        legal = game.legal_actions()
        if not game.pending and (game.is_movement_phase() or game.is_magic_phase()):
            side = game.step_side
            offered = {a["unit"] for a in legal if a["type"] == "select"}
            lets = {p.id for p in game.units.values() if game.why_not_mover(p) is None}
            assert offered == lets, (game.turn, game.phase, offered ^ lets)
            movers = {p.id for p in game.movers(side)}
            assert lets <= movers
            for pid in movers - lets:
                assert game.why_not_mover(game.units[pid]).rule in ("[6.11]", "[4.27]")
            checked += 1
        game.apply(rng.choice(legal))
    assert checked > 50
