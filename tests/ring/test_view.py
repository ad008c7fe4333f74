"""What the browser and the terminal read: the view's fields, events, actions in words."""

from __future__ import annotations

import json

import pytest

import ringwar
from ringwar.systems.ring.game import PHASES

from .conftest import act, build

END = {"type": "end_phase"}


def test_the_view_carries_title_phase_names_the_sequence_and_the_recent_log():
    g = ringwar.new_game("battle-of-the-ring", seed=1)
    v = g.view("sauron")
    assert v["title"] == "Battle of the Ring"
    assert v["phase"] == "move1" and v["phase_name"] == "Sauron's First Movement Phase [8.0]"
    assert [p["code"] for p in v["phases"]] == list(PHASES)
    assert [p["name"] for p in v["phases"]] == ["Building Phase [7.0]", "First Movement Phase [8.0]",
                                                "Attack Phase [9.0]", "Second Movement Phase [10.0]"]
    assert v["last_turn"] is None                       # no round limit in a game between people
    assert v["recent_log"] and all("text" in e for e in v["recent_log"])
    assert v["step"] is None and v["pending"] is None
    json.dumps(v)
    two = ringwar.new_game("battle-of-the-ring", options={"players": 2, "round_limit": 30})
    v = two.view("alliance")
    assert v["last_turn"] == 30 and v["phase_name"] == "The Evil Alliance's First Movement Phase [8.0]"
    # no phase name is a raw code
    for e in v["recent_log"]:
        if e["type"] == "phase":
            assert "move1" not in e["text"] and "[8.0]" in e["text"]


def test_the_view_says_which_piece_is_moving_and_what_is_asked():
    g = build({"1107": "orc", "1105": "orc", "0205": "elf"}, player="sauron")
    act(g, {"type": "select", "piece": "orc1"})
    assert g.view()["step"] == "Orc army 1 moving from 1107: now in 1107, 2 hexes left"
    act(g, {"type": "step", "hex": "1108"})             # Rivendell: the Alliance's leave [8.4]
    v = g.view("alliance")
    assert v["to_act"] == "alliance" and v["pending"]["kind"] == "permit"
    assert v["pending"]["prompt"] == ("Sauron asks leave to move Orc army 1 into Rivendell "
                                      "(1108): permit or refuse")
    assert v["pending"]["rule"] == "[8.4]"


def test_actions_in_a_players_words():
    g = build({"0805": "nazgul", "1822": "orc", "1105": "gondor", "1107": "orc"}, player="sauron")
    d = g.describe_action
    assert d({"type": "select", "piece": "nazgul"}) == "The Nazgûl: move from 0805"
    act(g, {"type": "select", "piece": "nazgul"})
    assert d({"type": "step", "hex": "0806"}) == "The Nazgûl: step to 0806"
    assert d({"type": "stop"}) == "The Nazgûl: stay in 0805"
    act(g, {"type": "step", "hex": "0806"})
    assert d({"type": "stop"}) == "The Nazgûl: stop in 0806"
    assert d(END) == "end the First Movement Phase [8.0]"
    g = build({"1516": "orc", "1517": "rohan"}, player="sauron", phase="attack")
    assert g.describe_action({"type": "attack", "piece": "orc1", "target": "rohan1"}) \
        == "Orc army 1 attacks the Rohan army 1 in 1517 from 1516"
    g = build({"1105": "gondor"}, player="sauron", phase="build", round=2)
    assert g.describe_action({"type": "build", "nation": "orc", "hex": "2119"}) \
        == "build an Orc army in Barad-dûr (2119)"
    g = build({"1107": "orc", "1105": "orc", "0205": "elf"}, player="sauron")
    act(g, {"type": "select", "piece": "orc1"})
    assert g.describe_action({"type": "step", "hex": "1108"}) \
        == "Orc army 1: step to Rivendell (1108) (asks leave of the Alliance)"
    act(g, {"type": "step", "hex": "1108"})
    assert g.describe_action({"type": "permit"}) == "permit the Orc army 1 to enter Rivendell (1108)"
    # an action the position cannot read falls back on the generic words
    assert g.describe_action({"type": "fly", "hex": "0101"}) == "fly → 0101"


@pytest.mark.parametrize("players", [2, 3])
def test_every_legal_action_of_a_random_game_has_words(players):
    import random
    g = ringwar.new_game("battle-of-the-ring", seed=4, options={"players": players})
    rng = random.Random(4)
    for _ in range(600):
        for a in g.legal_actions():
            text = g.describe_action(a)
            assert text and "{" not in text and "None" not in text
        g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("players", [2, 3])
def test_a_kept_piece_view_is_always_the_one_a_fresh_view_shows(players):
    """A piece's part of a view is kept per piece and hex (and the Ring-bearer's holder): it
    must always be what a game that kept nothing would show, for every side and for copies."""
    import random

    g = ringwar.new_game("battle-of-the-ring", seed=3, options={"players": players, "round_limit": 6})
    rng = random.Random(3)
    checked = 0
    for n in range(600):
        if g.result is not None:
            break
        if n % 7 == 0:
            fresh = g.clone()
            fresh._unit_views = {}                 # (a copy shares the kept parts: not this one)
            for side in (*g.sides, None):
                assert g.view(side)["units"] == fresh.view(side)["units"]
                assert g.view(side)["units"] == [g.unit(p) for p in sorted(g.hex_of)]
            checked += 1
        g.apply(rng.choice(g.legal_actions()))
    assert checked > 20


def test_a_kept_piece_view_refuses_changes_and_its_copies_are_plain_dicts():
    import copy
    import pickle

    g = ringwar.new_game("battle-of-the-ring", seed=1)
    u = g.view("sauron")["units"][0]
    with pytest.raises(TypeError, match="kept for later views"):
        u["hex"] = "nowhere"
    assert g.view("sauron")["units"][0]["hex"] != "nowhere"
    for c in (copy.copy(u), copy.deepcopy(u), pickle.loads(pickle.dumps(u)), dict(u)):
        assert type(c) is dict and c == u
        c["hex"] = "elsewhere"                      # a copy is the caller's own
    # the Ring-bearer's part follows its holder, whose name it shows
    ring = next(x for x in g.view("sauron")["units"] if x["id"] == "ring")
    g.ring_holder = "sauron"
    again = next(x for x in g.view("sauron")["units"] if x["id"] == "ring")
    assert again["player"] == "sauron" and again["name"] != ring["name"]
