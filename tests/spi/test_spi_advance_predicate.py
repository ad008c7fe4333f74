"""[7.51] One predicate for the advance after combat (issue 13, item 3): ``why_not_advance(p, h)``
([7.51] on the map, the adjacent vacated hex with no enemy in it, [7.57] not disrupted, [5.0]
room, [4.3] terrain, [8.41] formations; the hook ``why_not_advance_hook``: Gondor's walls [7.53]
[16.48]; Gondor's relief advancing onto the map [14.2]) decides whether the victor is offered
the vacated hex, and explains an advance sent into another hex.  Over random games of both SPI
games the advance is offered exactly when the predicate refuses nothing, and every refusal of
an advance names its case (Gondor's walls and relief: tests/gondor/test_gondor_advance_predicate.py)."""

from __future__ import annotations

import pytest

import ringwar
from conftest import Position, illegal, melee, mixed_play, play
from ringwar.core import hexes as hx
from ringwar.core.errors import IllegalAction

rule = pytest.mark.rule


def _watch(game, tally: dict) -> None:
    """Check every advance the engine considers (``task_advance``): asked iff not refused."""
    original = game.task_advance

    def task_advance(task):
        p, h = game.units[task["unit"]], task["hex"]
        quiet, loud = game.why_not_advance(p, h, False), game.why_not_advance(p, h)
        assert (quiet is None) is (loud is None), (p.id, h, loud)
        before = len(game.pending)
        events = original(task)
        asked = len(game.pending) > before and game.pending[0]["kind"] == "advance" \
            and game.pending[0]["unit"] == p.id and game.pending[0]["hex"] == h
        assert asked is (loud is None), (game.turn, game.phase, p.id, h, loud)
        tally["asked" if asked else "refused"] += 1
        if loud is not None:
            tally["rules"].add(loud.rule)
        return events

    game.task_advance = task_advance


def _probe(game, tally: dict) -> None:
    """An advance decision is pending: the vacated hex is offered, and an advance into any
    other hex is refused with the predicate's case (or [7.51]: only the vacated hex)."""
    d = game.pending[0]
    p = game.units[d["unit"]]
    assert game.why_not_advance(p, d["hex"]) is None
    assert {"type": "advance", "unit": p.id, "to": d["hex"]} in game.legal_actions()
    around = sorted(h for h in hx.within(p.hex, 2) if h in game.hexmap) if p.on_map else []
    for to in [*around, d["hex"], "9999", 7]:
        action = {"type": "advance", "unit": p.id, "to": to}
        if to == d["hex"]:
            continue
        try:
            game.apply(action)
        except IllegalAction as e:
            err = game.why_not_advance(p, to) if isinstance(to, str) and to in game.hexmap else None
            expected = err.rule if err is not None else "[2.1]" if to in ("9999", 7) else d["rule"]
            assert e.rule == expected, (action, e)
            assert str(d["hex"]) in e.why or e.rule == "[2.1]", e
            tally["probe_rules"].add(e.rule)
        else:
            raise AssertionError(f"{action} was taken; the vacated hex is {d['hex']}")


@rule("standard", "[7.51]", "[7.57]", "[5.0]")
@pytest.mark.parametrize("system", ["sauron", "gondor"])
def test_7_51_the_advance_is_offered_iff_its_predicate_refuses_nothing(system):
    tally: dict = {"asked": 0, "refused": 0, "rules": set(), "probe_rules": set(), "probed": 0}
    for seed, thumb in ((1, 0.0), (2, 0.0), (1, 0.8), (2, 0.8)):
        game = ringwar.new_game(system, seed=seed)
        _watch(game, tally)
        for _legal, _rng, pick in mixed_play(game, seed, thumb):
            if game.pending and game.pending[0]["kind"] == "advance" and tally["probed"] < 40:
                tally["probed"] += 1
                _probe(game, tally)
            game.apply(pick())
    assert tally["asked"] > 10 and tally["probed"] > 5, tally
    assert {"[7.51]", "[5.0]", "[2.1]", "[4.3]"} <= tally["probe_rules"], tally
    if system == "gondor":                       # the walls [7.53] refuse advances the rules of thumb seek
        assert tally["refused"] and "[7.53]" in tally["rules"], tally


# ----- specific refusals ----------------------------------------------------------------------------
def _advance_pending():
    """A troll in 0807 beats the Men in 0808 (r1) and may advance; Men stand in 0908, an orc
    in 0707."""
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    t = pos.place("troll", "0807")
    m = pos.place("men", "0808")
    pos.place("men", "0908")
    pos.place("orc", "0707")
    pos.place("men", "0404")
    g = pos.game()
    melee(g, t, m, 1, 1, 6)                                  # hit; X die 6: r1
    while g.pending and g.pending[0]["kind"] == "retreat":
        play(g, {"type": "retreat", "unit": m, "to": g.pending[0]["options"][0]})
    assert g.pending and g.pending[0]["kind"] == "advance" and g.pending[0]["hex"] == "0808"
    return g, t


@rule("standard", "[7.51]", "[5.0]", "[2.1]")
def test_7_51_an_advance_into_another_hex_than_the_vacated_one_cites_why():
    g, t = _advance_pending()
    e = illegal(g, {"type": "advance", "unit": t, "to": "0908"}, "[7.51]")
    assert "holds an enemy unit" in e.why and "only into 0808" in e.why
    e = illegal(g, {"type": "advance", "unit": t, "to": "0707"}, "[5.0]")          # a friendly orc
    assert "no room" in e.why
    e = illegal(g, {"type": "advance", "unit": t, "to": "0807"}, "[7.51]")         # its own hex
    assert "not next to" in e.why
    e = illegal(g, {"type": "advance", "unit": t, "to": "0806"}, "[7.51]")         # free, but not vacated
    assert e.why.startswith("Troll") and "may advance only into 0808" in e.why
    illegal(g, {"type": "advance", "unit": t, "to": "0000"}, "[2.1]")
    off = next(p for p in g.units_in_order() if not p.on_map and not p.is_leader)
    e = g.why_not_advance(off, "0808")                              # the predicate alone
    assert e is not None and e.rule == "[7.51]" and "not on the map" in e.why
    play(g, {"type": "advance", "unit": t, "to": "0808"})
    assert g.units[t].hex == "0808"


@rule("standard", "[7.51]", "[8.44]")
def test_7_51_a_formation_advancing_into_its_own_hex_is_refused_as_no_adjacent_hex():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="G")
    a = pos.place("men", "0808")
    b = pos.place("men", "0808")
    pos.formation(a, b, "shield_wall")
    o = pos.place("orc", "0807")
    pos.place("orc", "1212")
    g = pos.game()
    while g.step != "melee":
        play(g, {"type": "end"})
    first = min(a, b)
    melee(g, first, o, 1, 1, 6)
    while g.pending and g.pending[0]["kind"] == "retreat":
        play(g, {"type": "retreat", "unit": o, "to": g.pending[0]["options"][0]})
    assert g.pending and g.pending[0]["kind"] == "advance", g.pending
    adv = g.pending[0]["unit"]
    e = illegal(g, {"type": "advance", "unit": adv, "to": "0808"}, "[7.51]")       # with its partner
    assert "not next to" in e.why
