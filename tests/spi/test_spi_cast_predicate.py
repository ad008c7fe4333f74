"""[8.5] One predicate for who may attempt a spell (issue 13, item 3): the Standard Rules'
``why_not_caster`` ([8.51] [8.52], the [3.0] E errata) and each game's ``why_not_caster_hook``
(Gondor [17.12] frozen, [18.23] the Banner; Sauron [16.61] the Pedestal) are read both to list
the spells and to explain a refused ``cast``.  In every Magic Leader Movement Phase of random
games of both SPI games, no spell is offered to a leader the predicate refuses, a leader offered
one is never refused, and the listing's quiet form agrees with the explaining one.  Which spell
and how many points: ``why_not_spell`` ([8.54] [8.55] and the games' ``why_not_spell_hook``:
Sauron [16.0]-[16.3], Gondor [17.1] [17.2] [18.11]) and ``why_not_points`` (``spell_points``:
[8.55], the chart's automatic cast [16.5] / [17.4]) list the casts and explain a refused one."""

from __future__ import annotations

import random

import pytest

import ringwar
from conftest import Position, acts, illegal, mixed_play, play

rule = pytest.mark.rule


@rule("standard", "[8.51]", "[8.52]")
@pytest.mark.parametrize("system", ["sauron", "gondor"])
def test_8_52_a_spell_is_offered_only_to_a_leader_the_predicate_lets_cast(system):
    positions = offered = refused = 0
    for seed in (1, 2, 3):
        game = ringwar.new_game(system, seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if game.result is not None:
                break
            legal = game.legal_actions()
            if game.is_magic_phase() and not game.pending:
                positions += 1
                for ld in game.units_in_order():
                    if not ld.is_leader or ld.magic <= 0 or ld.side != game.step_side:
                        continue
                    quiet = game.why_not_caster(ld, False)
                    loud = game.why_not_caster(ld)
                    assert (quiet is None) == (loud is None)
                    why = game.why_not_cast({"type": "cast", "unit": ld.id})
                    casts = [a for a in legal if a["type"] == "cast" and a["unit"] == ld.id]
                    if why is not None:
                        refused += 1
                        assert not casts, f"{ld.id} offered {casts[0]} but refused: {why}"
                        assert why.rule.startswith("[")
                    if casts:
                        offered += 1
                        assert why is None, f"{ld.id} offered a spell but refused: {why}"
            game.apply(rng.choice(legal))
    assert positions and refused
    if system == "gondor":
        assert offered, "random Gondor games offer Gandalf and the Nazgul their spells"


@rule("gondor", "[8.52]")
def test_8_52_a_leader_who_moved_this_phase_is_refused_the_spell_citing_8_52():
    g = ringwar.new_game("gondor", seed=2)
    rng = random.Random(1)
    for _ in range(3000):
        legal = g.legal_actions()
        casts = acts(g, "cast")
        if casts and acts(g, "select", casts[0]["unit"]):
            ld, spell = casts[0]["unit"], dict(casts[0])
            play(g, {"type": "select", "unit": ld})
            moves = acts(g, "move")
            play(g, moves[0] if moves else {"type": "stay", "unit": ld})
            assert g.is_magic_phase() and g.units[ld].moved
            e = g.why_not_caster(g.units[ld])
            assert e is not None and e.rule == "[8.52]" and "moved this phase" in e.why
            if g.step_side == g.units[ld].side:          # still his side's turn to act
                illegal(g, spell, "[8.52]")
            return
        g.apply(rng.choice(legal))
    pytest.fail("no magic leader could both cast and move in 3000 random decisions")


@rule("standard", "[8.52]")
def test_8_52_a_spell_outside_the_magic_leader_movement_phases_cites_8_52():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="C")
    a = pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    pos.place("men", "0404")
    pos.extra(pedestal={"carrier": a})
    g = pos.game()
    e = illegal(g, {"type": "cast", "unit": "sauron", "spell": "wrath", "points": 1}, "[8.52]")
    assert "Magic Leader Movement" in e.why


@rule("sauron", "[16.61]")
def test_16_61_sauron_off_the_pedestal_is_refused_citing_16_61():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="A")
    a = pos.place("orc_archer", "1320")
    pos.place("orc", "1318")
    pos.place("sauron", "1318")
    pos.place("men", "0404")
    pos.extra(pedestal={"carrier": a})
    g = pos.game()
    spell = sorted(g.sc.spells)[0]
    e = illegal(g, {"type": "cast", "unit": "sauron", "spell": spell, "points": 1}, "[16.61]")
    assert "Pedestal" in e.why


@rule("standard", "[8.51]", "[8.52]")
def test_8_51_a_leader_without_magic_is_refused_and_8_52_so_is_a_second_spell_in_a_phase():
    g = ringwar.new_game("gondor", seed=2)
    rng = random.Random(1)
    for _ in range(3000):
        if g.result is not None:
            break
        casts = acts(g, "cast")
        if casts:
            side = g.step_side
            plain = next((p for p in g.units_in_order() if p.is_leader and p.magic == 0 and p.side == side
                          and p.on_map), None)
            if plain is not None:
                e = illegal(g, {**casts[0], "unit": plain.id}, "[8.51]")
                assert "not a Magic Leader" in e.why
            ld = g.units[casts[0]["unit"]]
            play(g, casts[0])
            e = g.why_not_caster(ld)
            if g.is_magic_phase():
                assert e is not None and e.rule == "[8.52]" and "already attempted a spell this phase" in e.why
                if g.step_side == side and not g.pending:
                    illegal(g, casts[0], "[8.52]")
                return
            continue
        g.apply(rng.choice(g.legal_actions()))
    pytest.fail("no spell was attempted in 3000 random decisions")


# ===== which spell and how many points: why_not_spell, why_not_points [8.54] [8.55] ============
def _points_to_try(spell) -> list:
    return [0, *range(1, spell.automatic + 2), -1, 99, "2", 1.5, None]


def _check_casts(game, tally: dict) -> None:
    """For every magic leader of the side to act, every spell of the game (and one that is
    none) and every number of points (and values that are none): the ``cast`` is among the
    legal actions exactly when ``why_not_cast`` refuses nothing, and the quiet forms agree."""
    casts = {(a["unit"], a["spell"], a["points"]) for a in game.legal_actions() if a["type"] == "cast"}
    tally["positions"] += 1
    for ld in game.units_in_order():
        if not ld.is_leader or ld.magic <= 0 or ld.side != game.step_side:
            continue
        for key in [*sorted(game.sc.spells), "no_such_spell"]:
            quiet = game.why_not_spell(ld, key, False)
            loud = game.why_not_spell(ld, key)
            assert (quiet is None) == (loud is None), (ld.id, key, loud)
            spell = game.sc.spells.get(key)
            for pts in _points_to_try(spell) if spell else [1]:
                action = {"type": "cast", "unit": ld.id, "spell": key, "points": pts}
                why = game.why_not_cast(action)
                listed = type(pts) is int and (ld.id, key, pts) in casts
                assert listed is (why is None), (game.turn, game.phase, action, why)
                if why is None:
                    tally["offered"] += 1
                    continue
                tally["refused"] += 1
                assert why.rule.startswith("[") and why.why
                tally["rules"].add(why.rule)
                if spell is not None and type(pts) is int:
                    assert (game.why_not_caster(ld, False) or game.why_not_caster_hook(ld)
                            or game.why_not_spell(ld, key, False)
                            or game.why_not_points(ld, spell, pts, False)) is not None


def _sauron_on_the_pedestal(seed: int, ringwraith: bool):
    """Sauron on the Pedestal from Game-Turn 8 (night from 15 [12.0]) with 15 Magic
    Capability Points left, with or without the Ringwraith [16.2]: random Dagorlads seldom
    bring him there."""
    pos = Position("sauron", seed=seed).clear().at(turn=8, phase="A")
    a = pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    if ringwraith:
        pos.place("ringwraith", "1420")
    pos.place("men", "0404")
    pos.place("orc", "2020")
    pos.extra(pedestal={"carrier": a})
    pos.magic_spent(sauron=30)
    return pos.game()


@rule("standard", "[8.54]", "[8.55]")
@pytest.mark.parametrize("system", ["sauron", "gondor"])
def test_8_54_a_spell_and_its_points_are_offered_iff_the_predicate_refuses_nothing(system):
    """In every Magic Leader Movement Phase of random games (and one led mostly by the rules
    of thumb; for Sauron, games from positions with Sauron on the Pedestal, where he casts
    often and otherwise stays put): ``_check_casts``; every refusal cites a case."""

    tally: dict = {"positions": 0, "offered": 0, "refused": 0, "rules": set()}
    starts = [(lambda s=seed: ringwar.new_game(system, seed=s), seed, thumb, False)
              for seed, thumb in ((1, 0.0), (2, 0.0), (3, 0.0), (1, 0.8))]
    if system == "sauron":
        starts += [(lambda s=seed, r=r: _sauron_on_the_pedestal(s, r), seed, 0.0, True)
                   for seed, r in ((1, True), (2, False), (3, True), (4, True))]
    for start, seed, thumb, still in starts:
        game = start()
        for legal, rng, pick in mixed_play(game, seed, thumb):
            if game.is_magic_phase() and not game.pending:
                _check_casts(game, tally)
            casts = [a for a in legal if a["type"] == "cast"]
            if casts and rng.random() < 0.9:
                game.apply(rng.choice(casts))          # cast often: allowances and points run out
            elif still and game.to_act == "sauron" and {"type": "end"} in legal:
                game.apply({"type": "end"})            # Sauron and the Pedestal stay put [16.61]
            else:
                game.apply(pick())
    rules = tally["rules"]
    assert tally["positions"] and tally["offered"] > 100 and tally["refused"], tally
    assert {"[8.54]", "[8.55]"} <= rules, rules
    if system == "gondor":
        assert {"[17.4]", "[17.11]", "[17.12]", "[17.13]", "[17.21]", "[17.22]", "[17.23]", "[18.11]"} <= rules, rules
    else:
        assert {"[16.5]", "[16.1]", "[16.2]", "[16.3]", "[16.61]"} <= rules, rules


@rule("sauron", "[16.1]", "[16.2]", "[16.5]")
def test_16_2_wrath_without_the_ringwraith_a_spell_used_up_and_points_past_the_table_cite_their_case():
    g = _sauron_on_the_pedestal(3, ringwraith=False)
    e = illegal(g, {"type": "cast", "unit": "sauron", "spell": "wrath", "points": 1}, "[16.2]")
    assert "Ringwraith is not on the map" in e.why
    e = illegal(g, {"type": "cast", "unit": "sauron", "spell": "eclipse", "points": 7}, "[16.5]")
    assert "automatically with 6 points" in e.why
    g = _sauron_on_the_pedestal(3, ringwraith=True)
    assert acts(g, "cast", "sauron")
    g.spell_state.cast["sinister_visions"] = 2                       # two per game [16.1]
    g._legal_cache = None
    e = illegal(g, {"type": "cast", "unit": "sauron", "spell": "sinister_visions", "points": 1}, "[16.1]")
    assert "only 2 times" in e.why
    assert {a["spell"] for a in acts(g, "cast")} == {"eclipse", "wrath"}


@rule("standard", "[8.55]", "[8.54]")
@pytest.mark.parametrize("left", [0, 1, 2])
def test_8_55_points_beyond_those_left_cite_8_55_beyond_the_chart_its_case(left):
    """Sauron with ``left`` Magic Capability Points: the casts offered spend 1 to ``left``; more
    (up to the chart's automatic 6 for the Eclipse) cite [8.55], more than 6 the chart [16.5],
    none or a fraction [8.54]; with none left no spell at all [8.55]."""
    g = _sauron_on_the_pedestal(3, ringwraith=True)
    g.units["sauron"].magic_spent = g.units["sauron"].magic - left
    g._legal_cache = None
    assert {a["points"] for a in acts(g, "cast")} == set(range(1, left + 1))
    eclipse = {"type": "cast", "unit": "sauron", "spell": "eclipse"}
    for pts in range(left + 1, 7):
        e = illegal(g, {**eclipse, "points": pts}, "[8.55]")
        assert ("no Magic Capability Points left" if not left else f"{left} Magic Capability Points left") in e.why
    illegal(g, {**eclipse, "points": 7}, "[8.55]" if not left else "[16.5]")
    illegal(g, {**eclipse, "points": 0}, "[8.55]" if not left else "[8.54]")
    illegal(g, {**eclipse, "points": 1.5}, "[8.55]" if not left else "[8.54]")
