"""Game.clone(): an independent copy for search; both copies play on as the original would."""

import dataclasses
import random

import pytest

import ringwar
from ringwar.systems.spi.state import Flags


@pytest.mark.parametrize("system", ["sauron", "gondor"])
def test_clone_is_independent_and_plays_like_the_original(system: str) -> None:
    game = ringwar.new_game(system, seed=11)
    rng = random.Random(4)
    for _ in range(400):
        game.apply(rng.choice(game.legal_actions()))
    twin = game.clone()
    h = game.state_hash()
    assert twin.state_hash() == h and twin.legal_actions() == game.legal_actions()
    # the twin plays on; the original is untouched
    r2 = random.Random(9)
    for _ in range(300):
        if twin.result is None:
            twin.apply(r2.choice(twin.legal_actions()))
    assert game.state_hash() == h
    # the same actions on the original reach the same state as on the twin
    for a in twin.record.actions[len(game.record.actions):]:
        game.apply(a)
    assert game.state_hash() == twin.state_hash()
    assert ringwar.replay(twin.record).state_hash() == twin.state_hash()


def _mutable_ids(value, seen: set[int], out: dict[int, str], where: str) -> None:
    """The ids of every mutable container or record reachable from ``value``."""
    if isinstance(value, (int, float, str, bytes, bool, type(None), frozenset)) or id(value) in seen:
        return
    seen.add(id(value))
    frozen = (dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen) \
        or isinstance(value, Flags)                    # a piece's flags: replaced, never changed
    if not isinstance(value, tuple) and not frozen:   # a tuple or a frozen record is immutable;
        out[id(value)] = where                         # what it holds may not be
    if isinstance(value, dict):
        for k, v in value.items():
            _mutable_ids(v, seen, out, f"{where}[{k!r}]")
    elif isinstance(value, (list, tuple, set)):
        for i, v in enumerate(value):
            _mutable_ids(v, seen, out, f"{where}[{i}]")
    elif hasattr(value, "__slots__"):           # its own slots and its base classes'
        for s in dict.fromkeys(s for c in type(value).__mro__ for s in getattr(c, "__slots__", ())):
            _mutable_ids(getattr(value, s, None), seen, out, f"{where}.{s}")
    elif hasattr(value, "__dict__"):
        for k, v in vars(value).items():
            _mutable_ids(v, seen, out, f"{where}.{k}")


@pytest.mark.parametrize("system", ["sauron", "gondor"])
def test_a_clone_shares_nothing_mutable_but_its_definition_and_logged_events(system: str) -> None:
    # issue 13: the state is copied generically, so no field can be shared by accident
    game = ringwar.new_game(system, seed=5)
    rng = random.Random(2)
    for _ in range(250):
        game.apply(rng.choice(game.legal_actions()))
    game.legal_actions()
    game.view(game.to_act)            # (its ZOC maps, reaches and occupancy are derived)
    twin = game.clone()
    kept = type(game).CLONE_KEPT      # derived facts whose entries, never changed, are shared
    assert kept <= type(game).CLONE_DERIVED.keys()
    ours: dict[int, str] = {}
    theirs: dict[int, str] = {}
    for mine, ids in ((game, ours), (twin, theirs)):
        for name, value in vars(mine).items():
            if name in kept:
                ids[id(value)] = name     # its own dict: only the entries are shared
            elif name not in type(game).CLONE_SHARED and name != "log":
                _mutable_ids(value, set(), ids, name)
    # the recorded actions, like the logged events, are history: never changed once made
    shared = sorted(w for w in (ours[i] for i in ours.keys() & theirs.keys())
                    if not w.startswith("record.actions["))
    assert not shared, f"shared with the clone: {shared[:10]}"
    assert twin.defn is game.defn and twin.log is not game.log and twin.log == game.log


@pytest.mark.parametrize("system", ["sauron", "gondor"])
def test_a_field_added_to_the_state_later_is_copied_by_a_clone(system: str) -> None:
    game = ringwar.new_game(system, seed=1)
    game.later_field = {"a": [1, 2], "b": {"c": [3]}}
    twin = game.clone()
    twin.later_field["a"].append(9)
    twin.later_field["b"]["c"].clear()
    assert game.later_field == {"a": [1, 2], "b": {"c": [3]}}


def test_games_with_the_same_options_share_one_frozen_definition() -> None:
    a, b = ringwar.new_game("gondor", seed=1), ringwar.new_game("gondor", seed=2)
    c = ringwar.new_game("gondor", seed=1, options={"errata_wall_2101": False})
    assert a.defn is b.defn is a.clone().defn and c.defn is not a.defn
    # the options make the map: [errata] 2101/2201 is a wall only with the errata
    assert a.hexmap.side("2101", "2201") and not c.hexmap.side("2101", "2201")
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.defn.hexmap = c.hexmap
    with pytest.raises(TypeError):
        a.defn.options["errata_wall_2101"] = False


def test_a_pieces_flags_are_replaced_never_changed_so_a_clone_may_share_them() -> None:
    # the copies of a piece share its flags (clone copies none): a write into them is an
    # error, and a flag set on one copy is not seen by the other
    game = ringwar.new_game("sauron", seed=3)
    p = next(q for q in game.units.values() if q.flags)
    twin = game.clone()
    q = twin.units[p.id]
    assert q.flags is p.flags
    for write in (lambda f: f.__setitem__("x", 1), lambda f: f.pop("x", None), lambda f: f.update(x=1),
                  lambda f: f.setdefault("x", 1), lambda f: f.clear(), lambda f: f.__delitem__("x")):
        with pytest.raises(TypeError):
            write(p.flags)
    before = dict(p.flags)
    q.set_flag("x", 1)
    key = next(iter(before))
    assert q.drop_flag(key) == before[key] and q.drop_flag(key, "none") == "none"
    assert dict(p.flags) == before and dict(q.flags) == {**{k: v for k, v in before.items() if k != key}, "x": 1}
    assert game.state_hash() != twin.state_hash()
