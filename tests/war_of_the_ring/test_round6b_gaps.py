"""Round 6 (issue 17), helper B: rule halves the seed-3 estimate and the whole cases §9, §V24,
§10.9.5, §10.10 showed unchecked [WR §9] [WR §V3] [WR §V24] [WR §10.9.5] [WR §10.10]."""

from __future__ import annotations

import dataclasses

import pytest

from ringwar.systems.war_of_the_ring.data import load
from ringwar.systems.war_of_the_ring.mobilization import timed

from .builder import Position, texts

rule = pytest.mark.rule
D = load()


def codes(hits: list) -> set[str]:
    return {c for c, _ in hits}


# ----- [WR §9] 2a: a timed trigger waits for the nations it requires --------------------------
@rule("war-of-the-ring", "§9", "§6.2")
def test_9_2a_a_timed_trigger_that_requires_a_nation_waits_until_that_nation_is_at_war() -> None:
    # Isengard's turn-10 trigger, given `requires = ["GON"]` (a data file may say so for any
    # trigger, as R-COR-NEEDS-M does for the Corsairs' card)
    ise = D.nations["ISE"]
    trig = tuple(dataclasses.replace(t, requires=("GON",)) if t.kind == "turn" else t
                 for t in ise.triggers)
    d2 = dataclasses.replace(D, nations={**D.nations, "ISE": dataclasses.replace(ise, triggers=trig)})
    assert "ISE" in codes(timed(D, 10, {}))
    assert "ISE" not in codes(timed(d2, 10, {}))                  # Gondor is not at war
    assert "ISE" in codes(timed(d2, 10, {"GON": 4}))
    assert "ISE" not in codes(timed(d2, 9, {"GON": 4}))           # nor before its turn


# ----- [WR §V3] the captors' strength counts the captors' characters in the hex ---------------
def rescue_position(dice: tuple[int, int]) -> tuple[Position, object, list]:
    p = Position().clear().mobilize("MOR")
    p.unit("MOR-01", "2920", 2).captive("boromir", "2920", ["MOR-01"])
    p.char("aragorn", "2920").char("gimli", "2920")              # Σ(C + Mo) = 8 + 6 = 14
    p.char("mouth", "2920")                                       # a captor: C 3
    p.char("n3", "3024")                                          # elsewhere: not a captor
    p.dice(6)                                                     # the escape roll fails
    g = p.at("5a")
    assert g.ask["kind"] == "rescue"
    p.dice(*dice)
    ev = g.apply({"type": "rescue", "captive": "boromir"})
    p.dice_done()
    return p, g, ev


@rule("war-of-the-ring", "§V3", "§10.8.3")
def test_V3_the_captors_are_the_escort_and_the_captors_characters_in_the_hex_only() -> None:
    # target 14 − (2 + 3) = 9: a 9 rescues (the Mouth counts, the Nazgûl elsewhere does not) ...
    _, g, ev = rescue_position((4, 5))
    assert g.chars["boromir"]["captive"] is None, texts(ev)
    assert "captors 5" in texts(ev)
    # ... a 10 does not (it would, were the Mouth not counted)
    _, g, ev = rescue_position((5, 5))
    assert g.chars["boromir"]["captive"] == "dark", texts(ev)


# ----- [WR §V24] Éomer's exception is against an Orc force: no force, no exception -------------
@rule("war-of-the-ring", "§V24", "§6.1")
def test_V24_eomers_exception_needs_an_orc_force_an_empty_enemy_place_is_not_one() -> None:
    # Helm's Deep held by the Dark Power and given an intrinsic defence of 1 (the data gives no
    # place of Rohan one): Éomer and ROH-03 there, no enemy unit
    def attack_offered(*mobilized: str) -> bool:
        p = Position(turn_limit=1).clear().unit("ROH-03", "1923").char("eomer", "1923")
        p.control("1923", "sauron").mobilize(*mobilized)
        p.g.defence["1923"] = {"value": 1, "destroyed": False}
        g = p.touch().at("5d")
        return g.ask is not None and {"type": "attack", "hex": "1923"} in g.legal_actions()

    assert attack_offered("ROH")                 # mobilized, the éored attacks the place ...
    assert not attack_offered()                  # ... unmobilized, with no Orcs there, it may not
