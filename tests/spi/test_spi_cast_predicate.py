"""[8.5] One predicate for who may attempt a spell (issue 13, item 3): the Standard Rules'
``why_not_caster`` ([8.51] [8.52], the [3.0] E errata) and each game's ``why_not_caster_hook``
(Gondor [17.12] frozen, [18.23] the Banner; Sauron [16.61] the Pedestal) are read both to list
the spells and to explain a refused ``cast``.  In every Magic Leader Movement Phase of random
games of both SPI games, no spell is offered to a leader the predicate refuses, a leader offered
one is never refused, and the listing's quiet form agrees with the explaining one."""

from __future__ import annotations

import random

import pytest

import ringwar
from conftest import Position, acts, illegal, play

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
