"""The game-agnostic core: hexes, dice, records, the engine contract."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ringwar
from ringwar.core import hexes as hx
from ringwar.core.dice import Dice
from ringwar.core.record import GameRecord

hexes = st.builds(hx.hex_id, st.integers(1, 40), st.integers(1, 40))


# ----- hexes ------------------------------------------------------------------------------
@given(hexes)
def test_axial_round_trip(h: str) -> None:
    assert hx.from_axial(*hx.to_axial(h)) == h


@given(hexes)
def test_neighbours_are_at_distance_one_and_mutual(h: str) -> None:
    ns = hx.neighbours(h)
    assert len(ns) == 6 if h[:2] != "00" else True
    for d, n in ((d, hx.neighbour(h, d)) for d in range(1, 7)):
        if n is None:
            continue
        assert hx.distance(h, n) == 1
        assert hx.neighbour(n, (d + 2) % 6 + 1) == h          # the opposite direction
        assert hx.direction_to(h, n) == d
        assert hx.hexside(h, n) == hx.hexside(n, h)


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: str, b: str, c: str) -> None:
    assert hx.distance(a, b) == hx.distance(b, a)
    assert (hx.distance(a, b) == 0) == (a == b)
    assert hx.distance(a, c) <= hx.distance(a, b) + hx.distance(b, c)


@given(hexes, hexes)
def test_lines_are_connected_and_as_long_as_the_distance(a: str, b: str) -> None:
    for line in hx.hex_lines(a, b):
        assert line[0] == a and line[-1] == b
        assert len(line) == hx.distance(a, b) + 1
        assert all(hx.distance(x, y) == 1 for x, y in zip(line, line[1:]))


@given(hexes, st.frozensets(hexes, min_size=1, max_size=6))
def test_nearest_is_the_least_distance_to_the_set_and_kept_per_set(h: str, targets: frozenset[str]) -> None:
    near = hx.nearest(targets)
    assert near(h) == min(hx.distance(h, t) for t in targets)
    assert near(h) == near.dist[h]                     # kept
    assert hx.nearest(frozenset(targets)) is near       # one per set


def test_scatter_direction_four_is_straight_down_the_column() -> None:
    # spi-tables.md: 2906 -> 2907 on a die of 4 [16.63]
    assert hx.neighbour("2906", 4) == "2907"
    assert hx.neighbour("2906", 1) == "2905"


def test_even_columns_sit_half_a_hex_lower() -> None:
    assert set(hx.neighbours("0202")) == {"0201", "0203", "0102", "0103", "0302", "0303"}
    assert set(hx.neighbours("0303")) == {"0302", "0304", "0202", "0203", "0402", "0403"}


@given(hexes, st.integers(0, 4))
def test_ring_and_within(h: str, r: int) -> None:
    ring = hx.ring(h, r)
    assert all(hx.distance(h, x) == r for x in ring)
    assert len(set(hx.within(h, r))) == len(list(hx.within(h, r)))


def test_reachable_respects_costs_and_stops() -> None:
    costs = {"0102": 2.0}

    def step(a: str, b: str, spent: float) -> float | None:
        return costs.get(b, 1.0)

    reach = hx.reachable("0101", 2, step, must_stop=lambda h: h == "0201")
    assert reach["0101"] == 0 and reach["0102"] == 2.0 and reach["0201"] == 1.0
    assert "0301" not in reach or reach["0301"] == 2.0
    # nothing is reached through 0201, where movement must stop
    assert all(hx.distance("0101", h) <= 2 for h in reach)


# ----- dice ----------------------------------------------------------------------------
def test_dice_are_seeded_and_fair_enough() -> None:
    a, b = Dice(42), Dice(42)
    rolls = [a.d6() for _ in range(6000)]
    assert rolls == [b.d6() for _ in range(6000)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert all(800 < rolls.count(k) < 1200 for k in range(1, 7))
    assert a.count == 6000


def test_dice_sequence_is_fixed_forever() -> None:
    # the generator is part of the record format: these values must never change
    assert Dice(1).roll(5) == [6, 2, 1, 6, 4]
    assert Dice(2**64 + 1).roll(5) == [6, 2, 1, 6, 4]      # seeds are taken modulo 2**64


# ----- records and the contract --------------------------------------------------------
def test_record_round_trip_and_validation() -> None:
    g = ringwar.new_game("sauron", seed=3)
    for _ in range(20):
        g.apply(g.legal_actions()[0])
    text = g.save()
    again = ringwar.replay(text)
    assert again.state_hash() == g.state_hash()
    data = json.loads(text)
    assert data["format"] == "ringwar-record" and data["version"] == 1
    rec, fh = GameRecord.from_json(data)
    assert fh == g.state_hash() and rec.actions == g.record.actions


@pytest.mark.parametrize("mutate, message", [
    (lambda d: "{not json", "not valid JSON"),
    (lambda d: json.dumps([1, 2]), "expected a JSON object"),
    (lambda d: json.dumps(dict(d, version=99)), "version 99 is not supported"),
    (lambda d: json.dumps(dict(d, format="chess")), "'format' must be"),
    (lambda d: json.dumps(dict(d, system="monopoly")), "unknown game system"),
    (lambda d: json.dumps(dict(d, seed="x")), "'seed' must be a whole number"),
    (lambda d: json.dumps(dict(d, actions=[{"type": "move", "unit": "nobody", "to": "0101"}])), "action #1"),
    (lambda d: json.dumps(dict(d, actions=[5])), "action #1 is not an object"),
    (lambda d: json.dumps(dict(d, final_hash="0" * 32)), "does not match"),
    (lambda d: json.dumps(dict(d, options={"no_such_option": True})), "unknown option"),
])
def test_damaged_record_files_are_refused_with_a_clear_message(mutate, message) -> None:
    g = ringwar.new_game("sauron", seed=3)
    for _ in range(5):
        g.apply(g.legal_actions()[0])
    data = json.loads(g.save())
    with pytest.raises(ringwar.RecordError, match=message):
        ringwar.replay(mutate(data))


@pytest.mark.parametrize("action, rule", [
    ("not a dict", "[action]"),
    ({"unit": "warg1"}, "[action]"),
    ({"type": "move", "unit": ["warg1"], "to": "1323"}, "[action]"),
    ({"type": "move", "unit": "nobody", "to": "1323"}, "[2.3]"),
    ({"type": "move", "unit": "warg1", "to": "9999"}, "[2.1]"),
    ({"type": "move", "unit": "warg1", "to": "abc"}, "[2.1]"),
    ({"type": "fire", "unit": "goblin1", "target": "men1"}, None),
    ({"type": "teleport"}, "[3.0]"),
])
def test_bad_input_is_refused_and_changes_nothing(action, rule) -> None:
    g = ringwar.new_game("sauron", seed=3)
    before = g.state_hash()
    with pytest.raises(ringwar.IllegalAction) as e:
        g.apply(action)
    assert str(e.value).startswith("illegal: [")
    if rule is not None:
        assert e.value.rule == rule
    assert g.state_hash() == before
    assert len(g.record.actions) == 0


def test_undo_stops_at_dice() -> None:
    g = ringwar.new_game("sauron", seed=3)
    h0 = g.state_hash()
    g.apply({"type": "select", "unit": "warg2"})
    g.apply(g.legal_actions()[0])
    assert g.can_undo
    assert g.undo() == 2      # the move, and the bare selection that led to it
    assert g.state_hash() == h0
    with pytest.raises(ringwar.UndoRefused):
        g.undo()
    g.apply({"type": "select", "unit": "warg2"})
    assert g.undo() == 1 and g.state_hash() == h0   # a selection alone is taken back alone


def test_views_are_json_serializable() -> None:
    g = ringwar.new_game("sauron", seed=3)
    for side in (None, *g.sides):
        json.dumps(g.view(side))
    json.dumps(g.legal_actions())
    json.dumps(g.log)


def test_available_systems_survives_importing_the_systems_package() -> None:
    import ringwar.systems.sauron  # noqa: F401  (makes ringwar.systems the subpackage)

    assert {"sauron", "gondor", "battle-of-the-ring"} <= set(ringwar.available_systems())


def test_preview_gives_spell_odds_from_the_magic_table() -> None:
    from ringwar.systems.spi.builder import Position

    pos = Position("gondor", seed=1).clear().at(turn=8, phase="A")
    pos.place("gondor_spearmen", "1706")
    pos.place("gandalf", "1706")
    pos.place("orc_infantry", "2020")
    g = pos.game()
    odds = g.preview({"type": "cast", "unit": "gandalf", "spell": "break_darkness", "points": 1})
    assert odds["needs"] == "6-8" and abs(odds["odds"]["cast"] - 16 / 36) < 1e-9   # [17.4]
    assert g.preview({"type": "cast", "unit": "gandalf", "spell": "break_darkness", "points": 6}) is None \
        or g.preview({"type": "cast", "unit": "gandalf", "spell": "break_darkness", "points": 5})["odds"]["cast"] > 0.8
