"""Records replay exactly; illegal actions change nothing; the contract holds."""

from __future__ import annotations

import random

import pytest

import ringwar

from .conftest import act, build, move


def random_game(seed: int, n: int, **options) -> ringwar.Game:
    g = ringwar.new_game("battle-of-the-ring", seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(n):
        if g.result is not None:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("players", [2, 3])
def test_replay_reaches_the_same_state_hash(players):
    g = random_game(11, 1500, players=players)
    assert ringwar.replay(g.record).state_hash() == g.state_hash()
    assert ringwar.replay(g.save()).state_hash() == g.state_hash()


def test_a_built_position_is_recorded_and_replays():
    g = build({"0805": "nazgul", "0807": "ring", "1105": "gondor"}, player="sauron")
    move(g, "nazgul", "0806", "0807")
    again = ringwar.replay(g.record)
    assert again.record.setup == g.record.setup and again.state_hash() == g.state_hash()


def test_an_illegal_action_raises_and_changes_nothing():
    g = random_game(5, 300)
    before = g.state_hash()
    for bad in ({"type": "step", "hex": "0101"}, {"type": "attack", "piece": "orc1", "target": "elf1"},
                {"type": "build", "nation": "elf", "hex": "1108"}, {"type": "fly"},
                {"type": "select", "piece": "nobody"}, {"type": "permit"}):
        with pytest.raises(ringwar.IllegalAction) as e:
            g.apply(bad)
        assert e.value.rule.startswith("[")
        assert g.state_hash() == before


def test_every_legal_action_is_accepted_and_diagnoses_name_a_case():
    g = random_game(8, 400)
    for a in list(g.legal_actions()):
        g.clone().apply(a)
    e = g._diagnose({"type": "select", "piece": "gandalf"})
    assert e.rule.startswith("[")


def test_clone_is_independent():
    g = random_game(3, 200)
    c = g.clone()
    h = g.state_hash()
    c.apply(c.legal_actions()[0])
    assert g.state_hash() == h


def test_views_are_per_side_and_complete():
    g = ringwar.new_game("battle-of-the-ring", options={"players": 2})
    assert g.view("evil")["side"] == "evil" and g.view("alliance")["players"] == ["evil", "alliance"]
    with pytest.raises(ValueError):
        g.view("saruman")
    v = ringwar.new_game("battle-of-the-ring").view("saruman")
    assert len(v["units"]) == 68 and v["ring"]["holder"] == "alliance"
    assert v["shire_owner"] == "hobbits" and v["isengard"] == "special"


def test_undo_stops_at_a_die_roll():
    g = build({"0805": "orc", "0806": "gondor", "0906": "gondor"}, player="sauron", phase="attack")
    act(g, {"type": "attack", "piece": "orc1", "target": "gondor1"})
    assert not g.can_undo
