"""[7.3] One predicate for melee (issue 13, item 3): the rules that decide who may attack whom
are written once (``why_not_attacker``, ``why_not_joining``, ``why_not_target`` and the
obligation of [7.31]; for leader combat [7.2] ``why_not_leader_attacker`` and
``why_not_leader_target``) and read both to list the attacks and to explain a refused one.  In every
position of random games of both SPI games an attack is offered if and only if the refusal is
None; and where an exclusive rule forbids the attack the refusal cites that rule (Gondor's walls
[7.35], tunnels [15.24] and relief [14.2], Sauron's Beast [17.22] [17.32]), not the generic
[7.36]."""

from __future__ import annotations

import pytest

import ringwar
from conftest import Position, acts, illegal, mixed_play, play, rig
from ringwar.core.errors import IllegalAction

rule = pytest.mark.rule


def _pairs(game) -> set[tuple[str, str]]:
    """Every (attacker, target) worth asking about: each piece of either side against every
    piece in or next to its hex (a relief waiting off the map [14.2]: its entry hexes), plus a
    few pieces further away."""
    pairs: set[tuple[str, str]] = set()
    ids = sorted(game.units)
    for p in game.units.values():
        around = [p.hex] if p.on_map else (game.entry_hexes(p) if game.attacks_from(p) else [])
        hexes = {n for h in around for n in (h, *game.hexmap.adjacent(h))}
        pairs.update((p.id, q.id) for h in hexes for q in game.pieces_at(h) if q is not p)
        pairs.update((p.id, q) for q in ids[len(p.id) % 7::37] if q != p.id)
    return pairs


@rule("standard", "[7.31]", "[7.32]", "[7.3]", "[7.21]", "[7.24]")
@pytest.mark.parametrize("system", ["sauron", "gondor"])
def test_7_31_7_21_an_attack_is_offered_iff_its_predicate_refuses_nothing(system):
    """In each Melee step of a random game (an attack being declared or not), and each Leader
    Combat step, for every pair of pieces near each other: the attack (``attack``,
    ``leader_attack``) is among the legal actions exactly when ``why_not_attack`` /
    ``why_not_leader_attack`` has no refusal for it, and the listing's quiet form (no words
    built) agrees; every refusal cites a case."""

    positions = offered_seen = refused_seen = 0
    rules: set[str] = set()
    # random games, and one led mostly by the rules of thumb (which bring the armies to grips:
    # random Dagorlads meet seldom, and random sieges seldom reach the walls)
    for seed, thumb in ((1, 0.0), (3, 0.0), (1, 0.8)):
        game = ringwar.new_game(system, seed=seed)
        for legal, _rng, pick in mixed_play(game, seed, thumb):
            if not game.pending and game.is_combat_phase() and game.step in ("melee", "leader"):
                kind = "attack" if game.step == "melee" else "leader_attack"
                offered = {(a["unit"], a["target"]) for a in legal if a["type"] == kind}
                for pid, tid in sorted(_pairs(game) | offered):
                    err = game.why_not_attack({"type": "attack", "unit": pid, "target": tid}) if kind == "attack" \
                        else game.why_not_leader_attack({"type": kind, "unit": pid, "target": tid})
                    quiet = (game.why_not_melee if kind == "attack" else game.why_not_leader_duel)(
                        game.units[pid], game.units[tid], False)
                    assert ((pid, tid) in offered) is (err is None) is (quiet is None), (
                        game.turn, game.phase, pid, tid, err)
                    if err is None:
                        offered_seen += 1
                    else:
                        assert isinstance(err, IllegalAction) and err.rule.startswith("[") and err.why
                        rules.add(err.rule)
                        refused_seen += 1
                positions += 1
            game.apply(pick())
    assert positions > 50 and offered_seen > 50 and refused_seen > 10_000, (positions, offered_seen, refused_seen)
    assert {"[2.3]", "[7.25]", "[7.31]", "[7.32]", "[7.34]", "[7.57]", "[8.44]", "[9.32]", "[7.21]"} <= rules, rules
    if system == "gondor":
        assert {"[7.35]", "[14.2]"} <= rules, rules


# ----- the exclusive rules' refusals cite their own cases -----------------------------------------
def _to_melee(g) -> None:
    while g.step != "melee":
        play(g, {"type": "end"})


def _gondor(phase: str) -> Position:
    pos = Position("gondor", seed=1).clear().at(turn=8, phase=phase)
    pos.place("orc_infantry", "1214")                       # a fight elsewhere keeps the phase open
    pos.place("gondor_spearmen", "1215")
    return pos


@rule("standard", "[7.35]")
def test_7_35_melee_up_through_an_unbreached_wall_is_refused_for_the_wall():
    pos = _gondor("D")
    w = pos.place("gondor_spearmen", "1606")               # level 2, the Second Wall between
    s = pos.place("orc_infantry", "1607")
    g = pos.game()
    _to_melee(g)
    assert not acts(g, "attack", s)
    e = illegal(g, {"type": "attack", "unit": s, "target": w}, "[7.35]")
    assert "Second Wall" in e.why and "1607/1606" in e.why


@rule("gondor", "[15.24]")
def test_15_24_melee_out_of_a_tunnel_but_through_its_tunnel_hexside_is_refused_for_the_tunnel():
    pos = _gondor("G")
    w = pos.place("gondor_spearmen", "1908")                # in the tunnel
    o = pos.place("orc_infantry", "1909")                   # below it, the wall breached
    pos.extra(siege={"breached": ["1908/1909"]})
    g = pos.game()
    _to_melee(g)
    assert not acts(g, "attack", w)
    e = illegal(g, {"type": "attack", "unit": w, "target": o}, "[15.24]")
    assert "tunnel hexside" in e.why


@rule("gondor", "[14.2]")
@pytest.mark.parametrize("blocker, offered", [("3610", True), ("3310", False)])
def test_14_2_the_waiting_relief_attacks_only_units_on_its_entry_hexes_and_is_told_so(blocker, offered):
    pos = Position("gondor", seed=1).clear().at(turn=6, phase="G")
    pos.place("gondor_spearmen", "1706")
    o = pos.place("orc_infantry", blocker)
    rohan = [f"rohan_heavy_cav{i}" for i in (1, 2, 3)] + [f"horse_archers{i}" for i in range(1, 8)]
    pos.extra(siege={"rohan": True}, available=[*rohan, "theoden", "eomer", "eowyn"])
    g = pos.game()
    if g.phase != "G":                                      # nothing to fight: the phase passed
        assert not offered
        return
    _to_melee(g)
    action = {"type": "attack", "unit": "rohan_heavy_cav1", "target": o}
    assert (action in g.legal_actions()) is offered
    if not offered:
        e = illegal(g, action, "[14.2]")
        assert "entry hexes" in e.why


@rule("sauron", "[17.22]")
def test_17_22_the_beast_without_its_horn_attack_is_refused_for_it():
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="D")
    m = pos.place("men", "0809")
    pos.place("orc", "2020")
    pos.place("men", "2021")                                # a fight elsewhere keeps the phase open
    pos.extra(beast={"hex": "0808"})
    g = pos.game()
    _to_melee(g)
    assert not acts(g, "attack", "beast")
    illegal(g, {"type": "attack", "unit": "beast", "target": m}, "[17.22]")


@rule("sauron", "[17.32]")
def test_17_32_melee_and_fire_at_the_armoured_beast_are_refused_for_its_magic_armor():
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="G")
    c = pos.place("cavalry_x", "0809")
    pos.place("men_archers", "0810")
    pos.place("orc", "0910")                                # the archers' other target
    pos.extra(beast={"hex": "0808", "powers": {"armor": 0}})
    g = pos.game()
    assert g.step == "missile"
    e = illegal(g, {"type": "fire", "unit": "men_archers1", "target": "beast"}, "[17.32]")
    assert "Magic Armor" in e.why
    _to_melee(g)
    assert not [x for x in acts(g, "attack") if x["target"] == "beast"]
    illegal(g, {"type": "attack", "unit": c, "target": "beast"}, "[17.32]")


@rule("standard", "[8.44]")
def test_8_44_a_formation_begins_an_attack_under_its_lower_id_and_is_told_so_under_the_other():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="G")
    a = pos.place("men", "0808")
    b = pos.place("men", "0808")
    o = pos.place("orc", "0809")
    pos.formation(a, b, "shield_wall")
    g = pos.game()
    _to_melee(g)
    first, second = sorted((a, b))
    assert {"type": "attack", "unit": first, "target": o} in g.legal_actions()
    e = illegal(g, {"type": "attack", "unit": second, "target": o}, "[8.44]")
    assert first in e.why


@rule("gondor", "[14.2]")
def test_14_2_only_the_west_s_relief_attacks_from_off_the_map_not_sauron_s_waiting_reinforcements():
    pos = _gondor("D")
    w = pos.place("gondor_spearmen", "2024")                # on Sauron's entry hexes
    pos.extra(available=["uruk1"])
    g = pos.game()
    assert g.available_reinforcement(g.units["uruk1"])
    _to_melee(g)
    assert not acts(g, "attack", "uruk1")
    e = illegal(g, {"type": "attack", "unit": "uruk1", "target": w}, "[7.31]")
    assert "on the map" in e.why


@rule("standard", "[7.24]", "[7.21]")
def test_7_24_a_second_leader_attack_is_refused_for_7_24_and_a_far_one_for_7_21():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    pos.place("orc", "0907")
    pos.place("men", "0908")
    pos.place("orc", "0909")
    pos.place("men", "0404")
    pos.place("ringwraith", "0907")
    pos.place("gorgol", "0909")
    pos.place("isildur", "0908")
    pos.place("anarion", "0404")
    g = pos.game()
    while g.step != "leader":
        play(g, {"type": "end"})
    illegal(g, {"type": "leader_attack", "unit": "ringwraith", "target": "anarion"}, "[7.21]")
    illegal(g, {"type": "leader_attack", "unit": "isildur", "target": "gorgol"}, "[7.21]")   # not his phase
    rig(g, 4, 4)                                     # column 0 / -1 die 4: no effect / Ar2
    play(g, {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})
    assert g.step == "leader" and not g.pending              # Gorgol may still fight
    e = illegal(g, {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"}, "[7.24]")
    assert "already attacked" in e.why


@rule("sauron", "[17.32]")
def test_17_32_a_leader_without_a_magic_weapon_is_refused_the_armoured_beast_for_17_32():
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="G")
    pos.place("men", "0807")
    pos.place("anarion", "0807")
    pos.place("men", "0809")
    pos.place("elendil", "0809")                            # Narsil: he may
    pos.place("orc", "2020")
    pos.extra(beast={"hex": "0808", "powers": {"armor": 0}})
    g = pos.game()
    while g.step != "leader":
        play(g, {"type": "end"})
    assert {"type": "leader_attack", "unit": "elendil", "target": "beast"} in g.legal_actions()
    e = illegal(g, {"type": "leader_attack", "unit": "anarion", "target": "beast"}, "[17.32]")
    assert "Magic Weapon" in e.why
