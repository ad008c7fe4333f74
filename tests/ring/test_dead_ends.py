"""No dead ends: whenever the game has no result, the side to act has a legal action.

The Ring-bearer once stepped off an Elven hex it may never return to [8.4] onto a hex held
by a friendly army, whose only other way on was back into that Elven hex: it could neither
stop there [6.1] nor step on, and ``legal_actions()`` was empty while the game went on.  A
step is now offered only if, following the path's own consequences (the Elven hexes the
bearer leaves on the way close behind it), the piece can still end its move legally
(docs/ring.md, ruling 2).
"""

from __future__ import annotations

import pytest

from .conftest import act, build, refused, steps

STOP = {"type": "stop"}

# The exact position, found by random play (three players, seed 8436768724687575714, the
# fourth game of ``rng = random.Random(1)``; ``seed = rng.randrange(2**63)``, players
# alternating 2 and 3, every move ``rng.choice(game.legal_actions())``): round 8, the
# Alliance's first movement phase, before it selected the Ring-bearer at 0211 and stepped
# 0212 (Harlindon, Elven) -> 0213 (an Elven army, and sea or mountain all round but 0212).
DEAD_END = {
    "pieces": {
        "0202": "elf1", "0211": "ring", "0213": "elf3", "0506": "hobbit2", "0511": "hobbit1",
        "0606": "elf2", "0609": "hobbit3", "0619": "rohan8", "0621": "gondor8", "0719": "rohan7",
        "0721": "gondor7", "0810": "manorc9", "0813": "manorc1", "0914": "manorc4",
        "1002": "gandalf", "1004": "orc8", "1012": "manorc5", "1014": "manorc10",
        "1015": "manorc3", "1016": "manorc8", "1017": "manorc6", "1018": "rohan2",
        "1019": "rohan3", "1113": "manorc2", "1118": "manorc7", "1119": "rohan1",
        "1122": "gondor9", "1216": "fangorn", "1218": "manorc11", "1220": ["dead1", "dead2"],
        "1313": "orc27", "1411": "orc31", "1413": "orc26", "1420": "gondor10",
        "1421": "gondor1", "1422": "gondor5", "1513": "orc34", "1519": "gondor3",
        "1522": "gondor6", "1523": "gondor2", "1617": "gondor4", "1620": "rohan6",
        "1627": "orc30", "1715": "orc2", "1716": "nazgul", "1717": "orc15", "1721": "orc33",
        "1726": "orc9", "1727": "orc4", "1801": "orc5", "1806": "dwarf3", "1814": "orc11",
        "1823": "orc19", "1826": "orc25", "1827": "orc23", "1906": "elf6", "1916": "orc10",
        "2004": "dwarf1", "2006": "dwarf4", "2016": "orc13", "2019": "orc12", "2020": "orc29",
        "2021": "orc18", "2120": "orc32", "2122": "orc3", "2201": "orc6", "2202": "orc7",
        "2207": "dwarf2", "2217": "orc22", "2222": "orc14", "2316": "orc21", "2317": "orc17",
        "2320": "orc28", "2321": "orc1", "2322": "orc20", "2419": "orc16", "2426": "orc24",
    },
    "round": 8, "player": "alliance", "phase": "move1", "ring_holder": "alliance",
    "rb_left": ["0409"],
}


@pytest.mark.rule("ring", "[8.4]", "[6.1]")
def test_8_4_the_ring_bearer_is_not_offered_a_step_it_could_not_finish_exact_position():
    g = build(DEAD_END["pieces"], **{k: v for k, v in DEAD_END.items() if k != "pieces"})
    act(g, {"type": "select", "piece": "ring"}, {"type": "step", "hex": "0212"})
    assert g.legal_actions()
    # 0213 holds a friendly army [6.1] and its only other neighbour is 0212, which the step
    # out would close to the bearer for ever [8.4]
    assert "0213" not in steps(g)
    e = refused(g, {"type": "step", "hex": "0213"})
    assert e.rule == "[8.4]" and "0213" in str(e)
    assert STOP in g.legal_actions()
    act(g, STOP)
    assert g.hex_of["ring"] == "0212" and g.legal_actions()


@pytest.mark.rule("ring", "[8.4]")
def test_8_4_the_look_ahead_closes_an_elven_hex_behind_the_ring_bearer():
    # the same trap, from the Elven hex itself and two steps away from it
    g = build({"0212": "ring", "0213": "elf", "1105": "orc"}, player="alliance")
    act(g, {"type": "select", "piece": "ring"})
    assert steps(g) == {"0211"}
    g = build({"0210": "ring", "0213": "elf", "1105": "orc"}, player="alliance")
    act(g, {"type": "select", "piece": "ring"}, {"type": "step", "hex": "0211"})
    assert steps(g) == {"0210", "0212"}
    act(g, {"type": "step", "hex": "0212"})
    assert "0213" not in steps(g) and STOP in g.legal_actions()
    # with no Elven army left the hexes are ordinary [8.4]: passing through 0212 closes
    # nothing, and the bearer may go on through 0213 (occupied: it moves over it) and back
    g = build({"0212": "ring", "0213": "hobbit", "1105": "orc"}, player="alliance")
    act(g, {"type": "select", "piece": "ring"})
    assert "0213" in steps(g)
    # other pieces are not bound by it: a Rohan army (3 hexes) may go over 0213 and back
    g = build({"0211": "rohan", "0213": "hobbit", "0205": "elf", "1105": "orc"},
              player="alliance")
    act(g, {"type": "select", "piece": "rohan1"}, {"type": "step", "hex": "0212"})
    assert "0213" in steps(g)
