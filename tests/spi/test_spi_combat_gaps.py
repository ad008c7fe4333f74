"""SPI Standard Rules, combat [7.2]-[7.6]: the halves of rules that mutation testing over
whole cases showed untested (issue 17, round 4, ``tools/mutate.py --system standard --case``):
leader combat [7.26], the Casualty Results Table [7.42], retreats [7.54]-[7.57] and
displacement [7.61], the Casualty Probability Table [7.41].  Each test says which surviving
mutant it kills."""

from __future__ import annotations

import pytest

from conftest import Position, events_of, play, rig
from ringwar.core import hexes as hx

rule = pytest.mark.rule


def build(*units: tuple[str, str], turn: int = 3, phase: str = "D", seed: int = 3, **kw):
    pos = Position("sauron", seed=seed).clear().at(turn=turn, phase=phase)
    ids = [pos.place(t, h, **kw.get(h, {})) for t, h in units]
    return pos, ids


def to_leader_step(g) -> None:
    while g.step != "leader":
        play(g, {"type": "end"})


def retreat_all(g) -> None:
    """Answer every pending retreat with its first option."""
    while g.pending and g.pending[0]["kind"] == "retreat":
        play(g, {"type": "retreat", "unit": g.pending[0]["unit"], "to": g.pending[0]["options"][0]})


# ===== [7.26] leader combat results ===========================================================
@rule("standard", "[7.26]", "[7.23]")
@rule("sauron", "[16.64]")
def test_7_26_sauron_on_the_pedestal_ignores_an_r2_and_so_does_the_orc_archer_stacked_with_him():
    # kills `res == "r2"` negated / dropped / `!=` and `special is not None` dropped in
    # apply_leader_result: the retreat Sauron ignores [16.64] is no result suffered, so the
    # Orc Archer carrying the Pedestal does not retreat either [7.23]
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="G")
    a = pos.place("orc_archer", "0807")
    pos.place("sauron", "0807")
    pos.place("men", "0808")
    pos.place("elendil", "0808")
    pos.extra(pedestal={"carrier": a})
    g = pos.game()
    to_leader_step(g)
    rig(g, 5)                                         # 10 vs 10: column 0, die 5: Dr2
    ev = play(g, {"type": "leader_attack", "unit": "elendil", "target": "sauron"})
    assert events_of(ev, "roll")[0]["result"] == "Dr2"
    assert [e["rule"] for e in ev if e["type"] != "roll"] == ["[16.64]"]
    assert not g.pending or g.pending[0]["kind"] != "retreat"
    assert g.units[a].hex == "0807" and g.units["sauron"].hex == "0807"
    assert not g.units["sauron"].reduced


def duel(att="ringwraith", dfn="isildur", att_unit="orc", dfn_unit="men", dfn_state=None):
    """``att`` (with an ``att_unit`` unless None) in 0907 beside ``dfn`` (with a ``dfn_unit``
    unless None) in 0908, a far Men unit in 0606; Sauron's Combat Phase, its leader step."""
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    u = pos.place(att_unit, "0907") if att_unit else None
    v = pos.place(dfn_unit, "0908") if dfn_unit else None
    pos.place("men", "0606")
    pos.place(att, "0907")
    pos.place(dfn, "0908", **(dfn_state or {}))
    g = pos.game()
    to_leader_step(g)
    return g, u, v


@rule("standard", "[7.26]", "[7.23]")
def test_7_26_a_half_result_on_a_reduced_leader_eliminates_him():
    # kills `res == "h" and victim.reduced` removed from `res == "e" or (...)`: Ringwraith 7
    # against the reduced Isildur 3 (+4), die 3: D½, and Isildur is eliminated; his Men still
    # retreat two [7.23]
    g, u, v = duel(dfn_state={"reduced": True})
    rig(g, 3)
    ev = play(g, {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})
    assert events_of(ev, "roll")[0]["cell"] == "+4/3" and events_of(ev, "roll")[0]["result"] == "Dh"
    assert not g.units["isildur"].on_map
    assert any(e["rule"] == "[7.26]" and e["type"] != "roll" for e in ev)
    assert g.pending and g.pending[0]["kind"] == "retreat" and g.pending[0]["unit"] == v
    assert g.pending[0]["n"] == 2


@rule("standard", "[7.26]", "[7.23]")
def test_7_26_a_retreat_result_on_a_reduced_leader_does_not_eliminate_him():
    # kills `res == "h"` removed from / negated in `res == "h" and victim.reduced`: the reduced
    # Isildur (3) suffers Dr2 (+4, die 2); he stays on the map, still reduced; his Men retreat
    g, u, v = duel(dfn_state={"reduced": True})
    rig(g, 2)
    ev = play(g, {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})
    assert events_of(ev, "roll")[0]["result"] == "Dr2"
    assert not events_of(ev, "eliminated") and g.units["isildur"].on_map and g.units["isildur"].reduced
    assert g.pending and g.pending[0]["kind"] == "retreat" and g.pending[0]["unit"] == v
    retreat_all(g)
    assert g.units["isildur"].on_map


@rule("standard", "[7.26]")
@pytest.mark.parametrize("die, who", [(5, "isildur"), (2, "ringwraith")])
def test_7_26_a_leader_with_no_combat_unit_retreats_two_hexes_himself(die, who):
    # kills `res == "r2" and victim.on_map` negated / dropped in apply_leader_result: with no
    # combat unit stacked with him, the leader who suffers r2 retreats two hexes (column 0:
    # die 5 Dr2, die 2 Ar2)
    alone = who == "isildur"
    g, u, v = duel(att_unit="orc" if alone else None, dfn_unit=None if alone else "men")
    frm = g.units[who].hex
    rig(g, die)
    ev = play(g, {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})
    assert events_of(ev, "roll")[0]["result"] in ("Dr2", "Ar2")
    assert g.pending and g.pending[0]["kind"] == "retreat" and g.pending[0]["unit"] == who
    assert g.pending[0]["n"] == 2
    to = g.pending[0]["options"][0]
    play(g, {"type": "retreat", "unit": who, "to": to})
    assert g.units[who].hex == to and hx.distance(frm, to) == 2


@rule("standard", "[7.26]", "[7.23]", "[8.46]")
def test_7_23_both_units_of_a_formation_stacked_with_a_hurt_leader_retreat_each_to_its_own_hex():
    # kills the mutants of the formation clause in apply_leader_result (`u.formation and
    # u.partner and u.partner in mates and u.id > u.partner`): a Shield Wall stacked with
    # Isildur, who suffers D½ (column 0, die 6): [7.23] each combat unit stacked with him
    # retreats two hexes, and a formation forced to retreat does so unit by unit into
    # different hexes [8.46] (docs/rulings.md); none stays behind
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    pos.place("orc", "0907")
    a, b = pos.place("men", "0908"), pos.place("men", "0908")
    pos.formation(a, b, "shield_wall")
    pos.place("men", "0606")
    pos.place("ringwraith", "0907")
    pos.place("isildur", "0908")
    g = pos.game()
    to_leader_step(g)
    rig(g, 6)
    ev = play(g, {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})
    assert events_of(ev, "roll")[0]["result"] == "Dh" and g.units["isildur"].reduced
    retreated = []
    while g.pending and g.pending[0]["kind"] == "retreat":
        p = g.pending[0]
        assert p["rule"] == "[7.23]" and p["n"] == 2
        retreated.append(p["unit"])
        play(g, {"type": "retreat", "unit": p["unit"], "to": p["options"][0]})
    assert sorted(retreated) == sorted([a, b])
    ua, ub = g.units[a], g.units[b]
    assert ua.hex != ub.hex and "0908" not in (ua.hex, ub.hex)
    assert hx.distance("0908", ua.hex) == 2 and hx.distance("0908", ub.hex) == 2
    assert ua.disrupted and ub.disrupted and not ua.formation and not ub.formation


@rule("standard", "[7.26]")
def test_7_26_a_leader_alone_who_is_reduced_does_not_retreat():
    # kills `res == "r2"` removed from `res == "r2" and victim.on_map`: Isildur alone suffers
    # D½ (column 0, die 6): reduced, he stays where he is; only r2 moves him
    g, u, v = duel(dfn_unit=None)
    rig(g, 6)
    ev = play(g, {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})
    assert events_of(ev, "roll")[0]["result"] == "Dh"
    assert g.units["isildur"].reduced and g.units["isildur"].hex == "0908"
    assert not g.pending or g.pending[0]["kind"] != "retreat"
    assert not events_of(ev, "retreat")


@rule("standard", "[7.26]")
@pytest.mark.parametrize("die, said", [(6, "D½"), (5, "Dr2"), (2, "Ar2"), (1, "A½"), (4, "no effect")])
def test_7_26_the_log_names_the_result_read(die, said):
    # kills `res != '-'` negated / dropped / `==` in do_leader_attack's roll text: every
    # result is named in the log (½ for h), and "no effect" only for "-"
    g, u, v = duel()
    rig(g, die)
    ev = play(g, {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})
    text = events_of(ev, "roll")[0]["text"]
    assert text.endswith(f"differential +0 (column 0), die {die}: {said}"), text


@rule("standard", "[7.26]", "[7.24]")
def test_7_26_no_odds_for_a_leader_attack_that_is_not_legal_now():
    # kills `not self.is_legal(action)` dropped in preview(): the Ringwraith has attacked once
    # [7.24]; a second attack on Isildur is refused and previews nothing
    g, u, v = duel()
    a = {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"}
    assert g.preview(a)["table"] == "[7.26] Leader/Individual Combat Results Table"
    rig(g, 4)                                          # column 0, die 4: no effect
    play(g, a)
    assert a not in g.legal_actions()
    assert g.preview(a) is None


@rule("standard", "[7.26]")
@pytest.mark.parametrize("att, att_reduced, dfn, dfn_reduced, diff, col, note", [
    ("sauron", False, "isildur", True, 7, "+6", "a differential of +7 counts as +6"),
    ("sauron", False, "elendil", True, 6, "+6", None),
    ("gorgol", True, "isildur", False, -5, "-4", "a differential of -5 counts as -4"),
    ("gorgol", False, "elendil", False, -4, "-4", None),
])
def test_7_26_the_preview_says_when_a_differential_beyond_the_table_is_read_at_its_edge(
        att, att_reduced, dfn, dfn_reduced, diff, col, note):
    # kills the mutants of `diff > 6 or diff < -4` and of `'+6' if diff > 6 else '-4'` in
    # explain_leader_attack: beyond +6 or -4 the preview says which edge column is read;
    # exactly +6 or -4 is the edge itself and needs no word
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    pos.place("orc", "0907")
    pos.place("men", "0908")
    pos.place("men", "0606")
    pos.place(att, "0907", reduced=att_reduced)
    pos.place(dfn, "0908", reduced=dfn_reduced)
    pos.extra(weapons={"narsil": None})               # Elendil fights with his own rating
    g = pos.game()
    to_leader_step(g)
    a = {"type": "leader_attack", "unit": att, "target": dfn}
    pv = g.preview(a)
    assert pv["differential"] == diff
    assert pv["column"].startswith(f"differential {diff:+d} "), pv["column"]
    edge = [s["text"] for s in pv["shifts"] if s["text"].startswith("a differential")]
    assert edge == ([note] if note else [])
    rig(g, 4)
    roll = events_of(play(g, a), "roll")[0]
    assert roll["cell"] == f"{col}/4"


@rule("standard", "[7.26]", "[7.23]")
@pytest.mark.parametrize("with_unit", [True, False])
def test_7_26_the_preview_notes_the_stacked_unit_s_retreat_only_when_there_is_one(with_unit):
    # kills `not mates` dropped in leader_result_notes: Isildur alone has no unit to retreat
    # [7.23]; with his Men the legend of each result on him says they retreat two hexes
    g, u, v = duel(dfn_unit="men" if with_unit else None)
    lg = g.preview({"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})["legend"]
    for code in ("Dr2", "D½"):
        assert ("[7.23]" in lg[code]) is with_unit, lg[code]
    if with_unit:
        assert lg["Dr2"].endswith(f"[{v}], stacked with him, must retreat two hexes, or is flipped if it cannot [7.23]")
    else:
        assert lg["Dr2"] == "the defender (Isildur) retreats two hexes"
    # the attacker's results name his own Orcs [7.23] (odds.py: `code[0] == "D"` picks whose)
    assert lg["Ar2"].startswith("the attacker (Ringwraith) retreats two hexes; ")
    assert lg["Ar2"].endswith(f"[{u}], stacked with him, must retreat two hexes, or is flipped if it cannot [7.23]")


@rule("standard", "[7.26]")
def test_7_26_the_preview_sums_the_chances_of_each_leader_suffering_a_result():
    # kills `k.startswith("D")` / `k.startswith("A")` negated or dropped in explain_leader_attack:
    # Sauron (10) against Isildur (7), column +2: the defender suffers a result on 3-6 (4 in
    # 6), the attacker on 1 (1 in 6), no effect on 2
    g, u, v = duel(att="sauron")
    pv = g.preview({"type": "leader_attack", "unit": "sauron", "target": "isildur"})
    assert pv["differential"] == 3
    assert pv["odds"] == pytest.approx({"Ar2": 1 / 6, "-": 1 / 6, "Dr2": 1 / 6, "D½": 2 / 6, "De": 1 / 6})
    assert pv["summary"] == "67% that Isildur suffers a result, 17% that Sauron does"


# ===== [7.42] the reduced side: the values a flipped unit uses, and what a result does =========
def melee_preview(att: str, dfn: str, att_reduced=False, dfn_reduced=False, missile=False):
    """Sauron's ``att`` in 0907 against Westernesse's ``dfn`` in 0908 by day (no fanatics);
    the preview of its fire (missile step) or its melee (melee step)."""
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    a = pos.place(att, "0907", reduced=att_reduced)
    d = pos.place(dfn, "0908", reduced=dfn_reduced)
    g = pos.game()
    assert not g.is_night()
    if not missile:
        while g.step != "melee":
            play(g, {"type": "end"})
    pv = g.preview({"type": "fire" if missile else "attack", "unit": a, "target": d})
    return g, a, d, pv


def said_742(pv) -> list[str]:
    return [s["text"] for s in pv["shifts"] if s["rule"] == "[7.42]"]


@rule("standard", "[7.42]")
@pytest.mark.parametrize("att, att_reduced, missile, reason", [
    ("orc", True, False, "attacker on its reduced side: D -> E"),
    ("orc", False, False, None),
    ("goblin", True, False, None),          # E stays E: nothing to say
    ("goblin", True, True, None),           # e stays e
    ("orc_archer", True, False, None),
])
def test_7_42_the_preview_names_the_attacker_s_reduced_strength_only_when_it_changed(att, att_reduced, missile, reason):
    # kills `melee` negated / dropped in attack_why's `printed != (p.melee_now() if melee else
    # p.missile_now())` and the condition's other halves: a reduced Goblin (Ee) attacks at E
    # and fires at e like an unreduced one, so no reason is given; a reduced Orc attacks at E
    g, a, d, pv = melee_preview(att, "men", att_reduced=att_reduced, missile=missile)
    assert said_742(pv) == ([reason] if reason else [])
    letter = "E" if att != "orc" or att_reduced else "D"
    assert f"attack {letter} against armour 3" in pv["column"], pv["column"]


@rule("standard", "[7.42]")
@pytest.mark.parametrize("dfn, dfn_reduced, reasons, armour, morale", [
    ("men", True, ["defender on its reduced side: armour 3 -> 2", "defender on its reduced side: morale X -> Y"],
     2, "Y"),
    ("goblin", True, ["defender on its reduced side: armour 2 -> 1"], 1, "Z"),     # Z stays Z
    ("men", False, [], 3, "X"),
])
def test_7_42_the_preview_names_the_defender_s_reduced_armour_and_morale_only_when_they_changed(
        dfn, dfn_reduced, reasons, armour, morale):
    # kills the mutants of `d.reduced and m != d.morale` in defence_morale_why and of
    # `d.reduced and d.armour != armour` in defence_armour: each changed value is named, an
    # unchanged one (Z stays Z) and an unreduced unit's are not
    west = dfn == "men"                      # else Westernesse attacks the Goblin in its own turn
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D" if west else "G")
    a = pos.place("orc" if west else "men", "0907")
    d = pos.place(dfn, "0908", reduced=dfn_reduced)
    g = pos.game()
    while g.step != "melee":
        play(g, {"type": "end"})
    pv = g.preview({"type": "attack", "unit": a, "target": d})
    assert said_742(pv) == reasons
    assert f"against armour {armour} " in pv["column"] and pv["column"].endswith(f"then morale {morale}")


@rule("standard", "[7.42]")
@pytest.mark.parametrize("reduced, summary", [
    (True, "56% to inflict a casualty; 28% to eliminate"),    # D vs 2 (5-8: 20/36), Y: E 1-2, ½E 3
    (False, "44% to inflict a casualty; 0% to eliminate"),    # D vs 3 (6-8: 16/36), X: no E
])
def test_7_42_a_half_e_on_a_unit_already_reduced_counts_as_its_elimination_in_the_preview(reduced, summary):
    # kills `d.reduced` negated / dropped in eliminating_outcomes: ½E eliminates a unit already
    # on its reverse side [7.42], so the preview's chance to eliminate it counts ½E
    g, a, d, pv = melee_preview("orc", "men", dfn_reduced=reduced)
    assert pv["summary"] == f"{summary} {g.label(g.units[d])}"
    assert ("already inverted: it is eliminated" in pv["legend"].get("½E, r1", "")) is reduced


@rule("standard", "[7.41]", "[7.42]", "[7.16]")
def test_7_41_no_odds_for_a_melee_or_fire_that_is_not_legal_now():
    # kills `not self.is_legal(action)` dropped in preview(): in the missile step a melee is
    # not yet legal [7.16]: the Orc Archer's fire has odds, its melee none yet
    g, a, d, pv = melee_preview("orc_archer", "men", missile=True)
    assert g.step == "missile" and pv["column"].startswith("missile fire: attack E against armour 3")
    melee = {"type": "attack", "unit": a, "target": d}
    assert melee not in g.legal_actions() and g.preview(melee) is None
    while g.step != "melee":
        play(g, {"type": "end"})
    assert g.preview(melee)["table"].startswith("[7.41] Casualty Probability Table")


@rule("standard", "[7.42]", "[7.33]", "[7.17]")
@pytest.mark.parametrize("missile, reduced", [(True, True), (False, False), (False, True)])
def test_7_42_the_roll_s_log_names_the_kind_of_attack_and_why_the_armour_changed(missile, reduced):
    # kills `missile` negated / dropped (the kind named) and `why` negated / dropped (the
    # armour's reasons) in resolve_attack's [7.41] roll text
    g, a, d, pv = melee_preview("orc_archer", "men", dfn_reduced=reduced, missile=missile)
    rig(g, 1, 1)                                       # 2: no casualty (E vs 2: 6-8, vs 3: 3-6)
    act = {"type": "fire" if missile else "attack", "unit": a, "target": d}
    ev = play(g, act) if missile else play(g, act, {"type": "resolve"})
    roll = events_of(ev, "roll")[0]
    armour = "armour 2 ([7.42] defender on its reduced side: armour 3 -> 2)" if reduced else "armour 3"
    kind = "missile fire" if missile else "melee"
    letter = "e" if missile else "E"
    assert roll["text"].startswith(f"{kind}: {g.label(g.units[a])} {letter} vs {armour} needs "), roll["text"]
    assert roll["text"].endswith(": rolled 2 (1+1), no effect") and not events_of(ev, "casualty_result")


@rule("standard", "[7.42]", "[7.33]")
def test_7_42_a_roll_among_the_listed_totals_is_logged_as_a_casualty_then_read_on_the_morale():
    # kills `hit` negated / dropped in the [7.41] roll text: 6 is in E vs 3 (3-6), "casualty",
    # and the [7.42] die follows (Men, morale X, die 6: r1)
    g, a, d, pv = melee_preview("orc_archer", "men")
    rig(g, 3, 3, 6)
    ev = play(g, {"type": "attack", "unit": a, "target": d}, {"type": "resolve"})
    roll = events_of(ev, "roll")[0]
    assert roll["text"].endswith("needs 3-6: rolled 6 (3+3), casualty") and roll["hit"]
    cr = events_of(ev, "casualty_result")[0]
    assert cr["cell"] == "6/X" and cr["result"] == "r1" and cr["text"].endswith("morale X, die 6: r1")


@rule("standard", "[7.42]")
def test_7_42_a_half_e_on_a_unit_already_on_its_reverse_side_eliminates_it():
    # kills `d.reduced` dropped in apply_casualty: the reduced Men (armour 2, morale Y) hit by
    # an Orc (D vs 2: 5-8, rolled 8) and die 3 on Y: ½E, r1 -> eliminated, no retreat
    g, a, d, pv = melee_preview("orc", "men", dfn_reduced=True)
    rig(g, 4, 4, 3)
    ev = play(g, {"type": "attack", "unit": a, "target": d}, {"type": "resolve"})
    assert events_of(ev, "casualty_result")[0]["result"] == "hE+r1"
    assert not g.units[d].on_map and events_of(ev, "eliminated")
    assert not events_of(ev, "reduced")
    assert not g.pending or g.pending[0]["kind"] != "retreat"


@rule("standard", "[7.42]", "[8.46]")
def test_7_42_the_survivor_of_a_half_e_on_a_formation_retreats_one_hex():
    # kills half_loss_retreat's 1 -> 2: a Shield Wall (armour 4, morale X) hit by an Orc (D vs
    # 4: 2-5, rolled 2), die 1 on X: ½E, r1 -> one unit eliminated [8.46], the other retreats
    # one hex (the r1 of the result)
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    o = pos.place("orc", "0907")
    a, b = pos.place("men", "0908"), pos.place("men", "0908")
    pos.formation(a, b, "shield_wall")
    g = pos.game()
    while g.step != "melee":
        play(g, {"type": "end"})
    target = [x for x in g.legal_actions() if x["type"] == "attack" and x["unit"] == o][0]["target"]
    assert target in (a, b)
    rig(g, 1, 1, 1)
    ev = play(g, {"type": "attack", "unit": o, "target": target}, {"type": "resolve"})
    assert events_of(ev, "casualty_result")[0]["result"] == "hE+r1"
    assert len(events_of(ev, "eliminated")) == 1
    assert g.pending and g.pending[0]["kind"] == "retreat" and g.pending[0]["n"] == 1
    survivor = g.pending[0]["unit"]
    to = g.pending[0]["options"][0]
    play(g, {"type": "retreat", "unit": survivor, "to": to})
    assert hx.distance("0908", g.units[survivor].hex) == 1


@rule("standard", "[7.42]", "[8.46]")
def test_7_42_the_preview_of_an_attack_on_a_formation_says_what_each_result_does_to_it():
    # kills `d.formation and d.partner` dropped in outcome_notes: against a Shield Wall the
    # legend of E, ½E and the retreats names [8.46]
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    o = pos.place("orc", "0907")
    a, b = pos.place("men", "0908"), pos.place("men", "0908")
    pos.formation(a, b, "shield_wall")
    g = pos.game()
    while g.step != "melee":
        play(g, {"type": "end"})
    lg = g.preview({"type": "attack", "unit": o, "target": a})["legend"]
    assert lg["½E, r1"].endswith("; [8.46] one unit of the formation is eliminated, the other retreats 1 hex(es)")
    assert lg["r1"].endswith("; [8.46] the formation breaks up and retreats unit by unit")
    assert "[8.46]" not in lg["-"]


@rule("standard", "[7.42]", "[7.57]")
@pytest.mark.parametrize("disrupted", [True, False])
def test_7_42_the_preview_warns_that_a_disrupted_defender_forced_to_retreat_is_eliminated(disrupted):
    # kills `d.disrupted` negated / dropped in outcome_notes: every result with a retreat
    # eliminates a disrupted defender instead [7.57], and the legend says so for it only
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    o = pos.place("orc", "0907")
    m = pos.place("men", "0908", disrupted=disrupted)
    g = pos.game()
    while g.step != "melee":
        play(g, {"type": "end"})
    pv = g.preview({"type": "attack", "unit": o, "target": m})
    note = f"{g.label(g.units[m])} is disrupted: forced to retreat, it is eliminated instead [7.57]"
    for code in ("r1", "r2", "½E, r1"):
        assert pv["legend"][code].endswith(note) is disrupted, pv["legend"][code]
    assert pv["summary"].startswith("44% to inflict a casualty; " + ("44%" if disrupted else "0%"))


@rule("standard", "[7.42]", "[8.46]")
def test_7_42_a_half_e_on_a_formation_of_reduced_units_eliminates_only_one_of_them():
    # kills `d.formation and d.partner` dropped in eliminating_outcomes: two reduced Men in a
    # Shield Wall (armour 4, morale Y on their reverse side); ½E takes one unit [8.46], so the
    # preview's chance to eliminate the target counts only E (Y: 1-2), not ½E (3)
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    o = pos.place("orc", "0907")
    a, b = pos.place("men", "0908", reduced=True), pos.place("men", "0908", reduced=True)
    pos.formation(a, b, "shield_wall")
    g = pos.game()
    while g.step != "melee":
        play(g, {"type": "end"})
    pv = g.preview({"type": "attack", "unit": o, "target": a})
    assert pv["column"].endswith("then morale Y") and "against armour 4 " in pv["column"]
    # D vs 4: 2-5 (10/36); E on 1-2 of Y: 10/36 * 2/6 = 9%
    assert pv["summary"].startswith("28% to inflict a casualty; 9% to eliminate")
    rig(g, 1, 1, 3)
    ev = play(g, {"type": "attack", "unit": o, "target": a}, {"type": "resolve"})
    assert events_of(ev, "casualty_result")[0]["result"] == "hE+r1"
    assert len(events_of(ev, "eliminated")) == 1 and g.units[a].on_map != g.units[b].on_map
