"""Rule halves the mutation sample of issue 17 showed unchecked (tools/mutate.py --system ring):
the boundaries, the other side, the second of two named items.  Sample [3.1] [3.2] [9.7]
[11.8] (seed 17, 30 mutants a case): 88/120 before, 114/120 after; the six left are
equivalent (/work/briefs/equiv-ring.toml, for docs/mutation-equivalent.toml)."""

from __future__ import annotations

import pytest

import ringwar

from .conftest import SYSTEM, act, build, move, refused, steps

END = {"type": "end_phase"}


# ----- [3.1] [3.2] objectives and the game's options ------------------------------------------
@pytest.mark.rule("ring", "[3.1]", "[3.2]")
def test_3_1_3_2_the_result_cites_the_objective_of_the_game_played():
    # three players: Sauron's objective is [3.1]
    g = build({"2120": "ring"}, player="sauron", ring_holder="sauron")
    move(g, "ring", "2119")
    assert g.result["winner"] == "sauron" and g.result["rule"] == "[3.1]"
    # two players: the Evil Alliance's objective is [3.2]
    g = build({"2120": "ring"}, players=2, player="evil", ring_holder="evil")
    move(g, "ring", "2119")
    assert g.result["winner"] == "evil" and g.result["rule"] == "[3.2]"


@pytest.mark.rule("ring", "[3.1]", "[3.2]")
def test_3_1_3_2_a_draw_by_the_round_limit_cites_the_game_played():
    for players, first, rule in ((3, "alliance", "[3.1]"), (2, "alliance", "[3.2]")):
        g = build({"0805": "orc", "1005": "gondor"}, players=players, player=first, round=3,
                  phase="move2", options={"round_limit": 3})
        act(g, END)
        assert g.result["level"] == "draw" and g.result["rule"] == rule, players


@pytest.mark.rule("ring", "[3.1]")
@pytest.mark.parametrize("name", ["round_limit", "max_rounds"])
def test_3_1_the_round_limit_options_take_1_to_10000_rounds(name):
    for ok in (1, 10000):
        g = ringwar.new_game(SYSTEM, options={name: ok})
        assert g.round_limit == ok
    for bad in (0, 10001):
        with pytest.raises(ringwar.RecordError):
            ringwar.new_game(SYSTEM, options={name: bad})


# ----- [9.6] [9.7] the reasons a preview gives for the row and column read ----------------------
def _preview(pieces, attacker, defender, player="sauron"):
    g = build(pieces, player=player, phase="attack")
    return g.preview({"type": "attack", "piece": attacker, "target": defender})


@pytest.mark.rule("ring", "[9.6]", "[9.7]")
def test_9_6_a_fortress_alone_or_a_river_alone_is_one_reason_not_the_two_step_note():
    # Minas Tirith, no river: the fortress is the only reason (no "not Cair Andros" note)
    p = _preview({"1419": "orc", "1420": "gondor"}, "orc1", "gondor1")
    assert p["row"] == "fortress_or_river"
    assert [s["rule"] for s in p["shifts"]] == ["[9.6]"]
    assert "fortress" in p["shifts"][0]["text"] and "Minas Tirith" in p["shifts"][0]["text"]
    # across the Anduin, no fortress: the river is the only reason
    p = _preview({"1409": "orc", "1509": "gondor"}, "orc1", "gondor1")
    assert p["row"] == "fortress_or_river"
    assert [s["rule"] for s in p["shifts"]] == ["[9.6]"]
    assert "across a river" in p["shifts"][0]["text"]
    assert not any("Cair Andros" in s["text"] for s in p["shifts"])
    # Osgiliath: fortress and river, but one step: the two reasons and the note
    p = _preview({"1619": "orc", "1520": "gondor"}, "orc1", "gondor1")
    assert p["row"] == "fortress_or_river" and len(p["shifts"]) == 3
    assert "is not Cair Andros or Dol Amroth" in p["shifts"][2]["text"]


# ----- [11.8] the activator leaves Fangorn; [8.4] the Ring-bearer's two rounds -----------------
def _to(g, side, phase):
    while (g.to_act, g.phase) != (side, phase):
        act(g, END)


@pytest.mark.rule("ring", "[11.8]")
def test_11_8_only_the_activator_leaving_closes_fangorn_and_only_once():
    g = build({"1217": "gandalf", "1216": "fangorn", "0805": "gondor", "1105": "orc"},
              player="alliance")
    move(g, "gandalf", "1216")
    act(g, END)                                          # the Ents go to Isengard [11.7]
    assert g.fangorn_state == "active" and g.fangorn_activator == "gandalf"
    _to(g, "alliance", "move2")
    # another Alliance piece moving does not close Fangorn nor free Gandalf
    ev = move(g, "gondor1", "0806")
    assert not [e for e in ev if e["type"] == "fangorn"] and g.fangorn_state == "active"
    assert refused(g, END).rule == "[11.8]"
    ev = move(g, "gandalf", "1217")
    assert [e["rule"] for e in ev if e["type"] == "fangorn"] == ["[11.8]"]
    assert g.fangorn_state == "closed"
    # Gandalf moving again later: Fangorn was closed once, no second closing
    _to(g, "alliance", "move1")
    ev = move(g, "gandalf", "1218")
    assert g.hex_of["gandalf"] == "1218"
    assert not [e for e in ev if e["type"] == "fangorn"] and g.fangorn_state == "closed"


@pytest.mark.rule("ring", "[11.8]")
def test_11_8_an_enemy_piece_moving_does_not_close_fangorn():
    g = build({"1216": ["fangorn", "gandalf"], "0805": "gondor", "1105": "orc"},
              player="alliance", phase="move2")
    act(g, END)                                          # activated at the end of the phase
    assert g.fangorn_state == "active"
    _to(g, "sauron", "move1")
    ev = move(g, "orc1", "1106")
    assert g.hex_of["orc1"] == "1106"
    assert not [e for e in ev if e["type"] == "fangorn"] and g.fangorn_state == "active"
    _to(g, "alliance", "move1")
    assert refused(g, END).rule == "[11.8]"


def _end_passes(g):
    before = (g.to_act, g.phase)
    act(g, END)
    assert (g.to_act, g.phase) != before


@pytest.mark.rule("ring", "[8.4]", "[11.8]")
def test_8_4_the_ring_bearer_must_leave_after_exactly_two_rounds():
    # one round in the Elven hex: it may stay
    g = build({"1108": "ring", "0205": "elf", "1105": "orc"}, player="alliance",
              rb_rounds={"1108": 1})
    _end_passes(g)
    # two rounds: it must move out
    g = build({"1108": "ring", "0205": "elf", "1105": "orc"}, player="alliance",
              rb_rounds={"1108": 2})
    assert refused(g, END).rule == "[8.4]"


@pytest.mark.rule("ring", "[8.4]", "[11.8]")
def test_8_4_with_every_elven_army_gone_the_ring_bearer_may_stay():
    g = build({"1108": "ring", "1105": "orc"}, player="alliance", rb_rounds={"1108": 2})
    _end_passes(g)


@pytest.mark.rule("ring", "[8.4]", "[11.8]")
def test_8_4_the_two_round_limit_binds_the_ring_bearer_only():
    # an Alliance army in the Elven hex the Ring-bearer stayed two rounds in and left
    g = build({"1108": "gondor", "1110": "ring", "0205": "elf", "1105": "orc"},
              player="alliance", rb_rounds={"1108": 2}, rb_left=["1108"])
    _end_passes(g)


@pytest.mark.rule("ring", "[11.8]", "[6.1]")
def test_11_8_once_out_of_fangorn_the_activator_is_refused_a_full_hex_by_6_1():
    g = build({"1216": ["fangorn", "gandalf"], "1217": "gondor", "0805": "gondor",
               "1105": "orc"}, player="alliance", phase="move2")
    act(g, END)                                          # activated at the end of the phase
    _to(g, "alliance", "move1")
    act(g, {"type": "select", "piece": "gandalf"}, {"type": "step", "hex": "1217"})
    # out of Fangorn, over a friendly army: the stop is refused for the stacking, not [11.8]
    assert refused(g, {"type": "stop"}).rule == "[6.1]"


# ----- refusals of the second sample (seed 18): [9.5] [8.2] ------------------------------------------
@pytest.mark.rule("ring", "[9.5]")
def test_9_5_an_attack_names_two_pieces_on_the_board_the_attackers_own_and_the_enemys() -> None:
    g = build({"1109": "orc", "1110": "elf", "1111": "orc"}, phase="attack", player="sauron", round=3)
    assert {"type": "attack", "piece": "orc1", "target": "elf1"} in g.legal_actions()
    e = refused(g, {"type": "attack", "piece": "orc9", "target": "elf1"})
    assert e.rule == "[9.5]" and "not a piece on the board" in e.why
    e = refused(g, {"type": "attack", "piece": "orc1", "target": "elf9"})
    assert e.rule == "[9.5]" and "not a piece on the board" in e.why
    e = refused(g, {"type": "attack", "piece": "elf1", "target": "orc1"})
    assert e.rule == "[9.5]" and "not sauron's piece" in e.why
    e = refused(g, {"type": "attack", "piece": "orc1", "target": "orc2"})
    assert e.rule == "[9.5]" and "opposing pieces only" in e.why


@pytest.mark.rule("ring", "[8.2]", "[7.5]")
def test_8_2_a_permission_or_shire_answer_no_one_asked_for_is_refused_by_8_2() -> None:
    g = build({"1109": "orc", "1110": "elf"}, phase="move1", player="sauron", round=3)
    for a in ({"type": "permit"}, {"type": "refuse"}, {"type": "declare_shire", "owner": "hobbits"}):
        e = refused(g, a)
        assert e.rule == "[8.2]" and "no one has asked" in e.why, (a, e)


# ----- third sample (seed 19): [8.5] who may occupy the special hexes ----------------------------
STOP = {"type": "stop"}
MORIA, MORIA_WEST = "1212", "1112"


def _select_step(g, piece, *hexes):
    act(g, {"type": "select", "piece": piece}, *({"type": "step", "hex": h} for h in hexes))


@pytest.mark.rule("ring", "[8.5]", "[11.1]")
def test_8_5_moria_gandalf_may_end_there_no_other_piece_may() -> None:
    g = build({MORIA_WEST: "gandalf", "0805": "orc"}, player="alliance")
    move(g, "gandalf", MORIA)
    assert g.hex_of["gandalf"] == MORIA and g.moving is None
    # an Orc passing through Moria (Gandalf away) may not end its move there
    g = build({MORIA_WEST: "orc", "0805": "gondor"}, player="sauron")
    _select_step(g, "orc1", MORIA)
    assert STOP not in g.legal_actions()
    assert refused(g, STOP).rule == "[11.1]"
    # nor an Alliance army passing through while Gandalf holds it
    g = build({MORIA: "gandalf", MORIA_WEST: "gondor", "0805": "orc"}, player="alliance")
    _select_step(g, "gondor1", MORIA)
    assert STOP not in g.legal_actions()
    assert refused(g, STOP).rule == "[11.1]"


@pytest.mark.rule("ring", "[8.5]", "[6.2]")
def test_8_5_fangorn_the_alliance_ring_bearer_may_enter_an_evil_one_may_not() -> None:
    g = build({"1217": "ring", "0805": "orc"}, player="alliance")
    move(g, "ring", "1216")
    assert g.hex_of["ring"] == "1216" and g.moving is None
    g = build({"1217": "ring", "0805": "gondor"}, player="sauron", ring_holder="sauron")
    act(g, {"type": "select", "piece": "ring"})
    assert {"type": "step", "hex": "1216"} not in g.legal_actions()
    assert refused(g, {"type": "step", "hex": "1216"}).rule == "[8.5]"


@pytest.mark.rule("ring", "[8.5]", "[8.4]")
def test_8_5_an_army_may_end_in_an_elven_hex_the_ring_bearer_had_to_leave() -> None:
    # the two rounds and the no-return of [8.4] bind the Ring-bearer only
    g = build({"1109": "gondor", "1110": "ring", "0205": "elf", "1105": "orc"},
              player="alliance", rb_rounds={"1108": 2}, rb_left=["1108"])
    move(g, "gondor1", "1108")
    assert g.hex_of["gondor1"] == "1108" and g.moving is None


# ----- [11.12] reaching Mount Doom; [3.1] possession means occupying, not passing --------------------
@pytest.mark.rule("ring", "[11.12]", "[3.1]")
def test_11_12_a_ring_bearer_passing_over_barad_dur_does_not_possess_it() -> None:
    g = build({"2120": "ring", "2119": "orc", "1105": "gondor"}, player="sauron",
              ring_holder="sauron")
    _select_step(g, "ring", "2119")              # over the Orc in Barad-dur: only passing
    assert g.result is None and g.moving["pid"] == "ring"
    act(g, {"type": "step", "hex": "2019"}, STOP)
    assert g.result is None and g.hex_of["ring"] == "2019"


# ----- [Q3] the captor is removed: Saruman's capture, and the Shire's third nation -----------------
@pytest.mark.rule("ring", "[Q3]", "[3.1]", "[3.2]")
def test_q3_saruman_capturing_the_ring_wins_with_three_players_only() -> None:
    g = build({"0805": "saruman", "0806": "ring", "1105": "gondor"}, player="saruman")
    _select_step(g, "saruman", "0806")
    assert "saruman" not in g.hex_of and "saruman" in g.lost
    assert g.result["winner"] == "saruman" and g.result["rule"] == "[3.1]"
    # two players: he is one of the Evil Alliance, whose Ring-bearer escapes; no victory
    g = build({"0805": "saruman", "0806": "ring", "1105": "gondor"}, players=2, player="evil")
    _select_step(g, "saruman", "0806")
    assert "saruman" in g.lost and g.ring_holder == "evil"
    assert g.result is None and g.moving["pid"] == "ring" and g.moving["escape"]


@pytest.mark.rule("ring", "[Q3]", "[7.5]")
def test_q3_a_third_nations_ring_bearer_captured_in_the_shire_has_not_withdrawn() -> None:
    # Sauron's Ring-bearer holds the Shire as a third nation; a Rohan army takes it there
    g = build({"0609": "ring", "0610": "rohan", "1105": "orc"}, player="alliance",
              ring_holder="sauron", shire_third="ring")
    _select_step(g, "rohan1", "0609")
    assert g.ring_holder == "alliance" and "rohan1" in g.lost
    # the Alliance's Ring-bearer escapes out of the Shire: no one is asked who owns it
    act(g, {"type": "step", "hex": "0608"}, STOP)
    assert g.hex_of["ring"] == "0608" and g.moving is None
    assert not g.pending and {"type": "declare_shire", "owner": "hobbits"} not in g.legal_actions()
    assert g.shire_owner == "hobbits"


@pytest.mark.rule("ring", "[Q3]", "[7.5]")
def test_q3_a_capture_elsewhere_leaves_the_shires_third_nation_in_place() -> None:
    g = build({"0609": "orc", "0805": "orc", "0806": "ring", "1005": "gondor"},
              player="sauron", shire_third="orc1")
    _select_step(g, "orc2", "0806")
    assert "orc2" in g.lost and g.ring_holder == "sauron"
    act(g, STOP)                                  # the escape: the new Ring-bearer stays
    move(g, "orc1", "0608")                       # the Orc in the Shire withdraws: [7.5]
    assert g.to_act == "sauron" and {a["type"] for a in g.legal_actions()} == {"declare_shire"}
    assert g.pending[-1]["rule"] == "[7.5]"


# ----- whole-system estimate survivors (issue 17, round 4, --sample-mutants 50 --seed 1) ------------
@pytest.mark.rule("ring", "[7.5]")
def test_7_5_saruman_still_holding_the_shire_is_not_told_again_that_he_takes_it() -> None:
    g = build({"0608": "manorc", "0805": "manorc", "1005": "gondor"}, player="saruman")
    move(g, "manorc1", "0609")
    ev = act(g, END)
    assert [e["owner"] for e in ev if e["type"] == "shire"] == ["saruman"]
    assert g.shire_owner == "saruman" and g.to_act == "saruman"     # his second movement phase
    ev = act(g, END)                                                # he holds it still
    assert not [e for e in ev if e["type"] == "shire"] and g.shire_owner == "saruman"


@pytest.mark.rule("ring", "[8.1]", "[2.1]")
def test_8_1_a_step_to_a_hex_not_adjacent_is_refused_one_hex_at_a_time() -> None:
    g = build({"0805": "gondor", "1105": "orc"}, player="alliance")
    act(g, {"type": "select", "piece": "gondor1"})
    err = refused(g, {"type": "step", "hex": "0807"})               # two hexes away
    assert err.rule == "[8.1]" and "not adjacent to 0805" in err.why
    assert refused(g, {"type": "step", "hex": "9999"}).rule == "[2.1]"


@pytest.mark.rule("ring", "[11.14]", "[Q3]")
def test_11_14_the_step_line_says_an_escape_move_is_one() -> None:
    g = build({"0805": "orc", "0806": "ring", "1005": "gondor"}, player="sauron")
    act(g, {"type": "select", "piece": "orc1"})
    assert g.view("sauron")["step"].startswith("Orc") and " moving from 0805" in g.view("sauron")["step"]
    g = build({"0805": "saruman", "0806": "ring", "1105": "gondor"}, players=2, player="evil")
    _select_step(g, "saruman", "0806")                              # captured: the Ring-bearer escapes
    assert g.moving["escape"]
    assert "making its escape move [11.14] from 0806" in g.view("evil")["step"]


@pytest.mark.rule("ring", "[8.4]", "[8.5]")
def test_8_4_with_every_elven_army_gone_the_ring_bearer_may_end_again_where_it_spent_two_rounds() -> None:
    # it spent two rounds in Rivendell's hex 1108 and left it; now no Elven army is left, so
    # the Elven hexes are ordinary [8.4]: it may come back and end its move there
    g = build({"1107": "ring", "0805": "gondor", "1405": "orc"}, player="alliance", ring_holder="alliance",
              rb_rounds={"1108": 2}, rb_left=["1108"])
    assert not g.elves_remain()
    move(g, "ring", "1108")
    assert g.hex_of["ring"] == "1108" and g.moving is None
    # while an Elven army remains, it may not even step back in
    g = build({"1107": "ring", "0805": "gondor", "0205": "elf", "1405": "orc"}, player="alliance",
              ring_holder="alliance", rb_rounds={"1108": 2}, rb_left=["1108"])
    act(g, {"type": "select", "piece": "ring"})
    assert refused(g, {"type": "step", "hex": "1108"}).rule == "[8.4]"


# ----- round 5: the seed-2 estimate's survivors ------------------------------------------------
@pytest.mark.rule("ring", "[5.2]", "[9.0]")
def test_5_2_an_attack_in_a_movement_phase_is_refused_as_out_of_its_phase() -> None:
    g = build({"1120": "orc", "1121": "gondor"}, player="sauron", phase="move1")
    why = refused(g, {"type": "attack", "piece": "orc1", "target": "gondor1"})
    assert why.rule == "[5.2]" and "Attack Phase" in str(why)
    # in the Attack Phase the same attack is legal
    g = build({"1120": "orc", "1121": "gondor"}, player="sauron", phase="attack")
    assert {"type": "attack", "piece": "orc1", "target": "gondor1"} in g.legal_actions()


@pytest.mark.rule("ring", "[8.1]")
def test_8_1_a_player_may_not_select_another_players_piece() -> None:
    g = build({"1120": "orc", "1121": "gondor"}, player="sauron")
    why = refused(g, {"type": "select", "piece": "gondor1"})
    assert why.rule == "[8.1]" and "belongs to alliance, not sauron" in str(why)


@pytest.mark.rule("ring", "[11.11]")
def test_11_11_aragorn_next_to_the_paths_but_not_north_or_south_of_them_may_not_enter() -> None:
    g = build({"1120": "aragorn", "0805": "orc"}, player="alliance")
    act(g, {"type": "select", "piece": "aragorn"})
    assert "1220" not in steps(g)
    why = refused(g, {"type": "step", "hex": "1220"})
    assert why.rule == "[11.11]" and "from the North or the South" in str(why)
    # from the North he may
    g = build({"1219": "aragorn", "0805": "orc"}, player="alliance")
    act(g, {"type": "select", "piece": "aragorn"})
    assert "1220" in steps(g)


@pytest.mark.rule("ring", "[9.6]")
def test_9_6_the_view_names_the_river_fortress_reading_and_the_piece_being_moved() -> None:
    g = build({"1120": "orc", "1121": "gondor"}, player="sauron",
              options={"river_fortresses": "map"})
    v = g.view("sauron")
    assert v["river_fortresses"] == "map" and v["moving"] is None
    assert v["isengard"] == "special" and v["elven_hexes"] == "ordinary"      # no Elven army
    assert "(two players)" not in v["title"]
    act(g, {"type": "select", "piece": "orc1"})
    assert g.view("sauron")["moving"]["pid"] == "orc1"
    g = build({"1120": "orc", "1121": "gondor", "0205": "elf"}, players=2, player="evil",
              isengard_special=False)
    v = g.view("evil")
    assert v["isengard"] == "ordinary" and v["elven_hexes"] == "Elven"
    assert v["title"].endswith(" (two players)")


# ----- [8.1] the whole case (round 5): 29/43 killed before these tests -------------------------
@pytest.mark.rule("ring", "[8.1]")
def test_8_1_a_step_or_stop_before_selecting_and_a_piece_not_on_the_board_are_refused() -> None:
    g = build({"1120": "orc", "1121": "gondor"}, player="sauron")
    for a in ({"type": "step", "hex": "1119"}, STOP):
        why = refused(g, a)
        assert why.rule == "[8.1]" and "select a piece to move first" in str(why)
    why = refused(g, {"type": "select", "piece": "orc9"})
    assert why.rule == "[8.1]" and "'orc9' is not a piece on the board" in str(why)


@pytest.mark.rule("ring", "[8.1]", "[11.7]", "[11.11]")
def test_8_1_the_fangorn_army_and_the_dead_move_once_activated_not_before() -> None:
    g = build({"1216": "fangorn", "1322": "dead", "0805": "gondor", "1405": "orc"}, player="alliance")
    assert g.phase == "move1" and g.to_act == "alliance"
    for pid, rule in (("fangorn", "[11.7]"), ("dead1", "[11.11]")):
        why = refused(g, {"type": "select", "piece": pid})
        assert why.rule == "[8.1]" and rule in str(why)
    g = build({"1117": "fangorn", "1322": "dead", "0805": "gondor", "1405": "orc"},
              player="alliance", fangorn="active", paths="closed")
    pieces = {a["piece"] for a in g.legal_actions() if a["type"] == "select"}
    assert {"fangorn", "dead1"} <= pieces


@pytest.mark.rule("ring", "[8.1]", "[8.3]", "[11.14]")
def test_8_1_a_step_past_the_allowance_is_refused_for_it_an_illegal_step_within_it_for_its_own_reason() -> None:
    g = build({"0102": "orc", "1405": "gondor"}, player="sauron")      # orcs move 2
    act(g, {"type": "select", "piece": "orc1"}, {"type": "step", "hex": "0202"})
    assert g.moving["mp"] == 1 and g.S.hexmap.terrain("0303") == "mountain"
    assert refused(g, {"type": "step", "hex": "0303"}).rule == "[8.3]"   # one hex left
    act(g, {"type": "step", "hex": "0302"})
    why = refused(g, {"type": "step", "hex": "0402"})
    assert why.rule == "[8.1]" and "used its movement allowance of 2" in str(why)
    assert "escape" not in str(why)
    # an escape move's allowance is 3, and the refusal says it is the escape move
    g = build({"0805": "saruman", "0806": "ring", "1105": "gondor"}, players=2, player="evil")
    _select_step(g, "saruman", "0806")
    for h in ("0807", "0808", "0809"):
        act(g, {"type": "step", "hex": h})
    why = refused(g, {"type": "step", "hex": "0810"})
    assert why.rule == "[8.1]" and why.why.endswith("(escape move)")


@pytest.mark.rule("ring", "[8.1]", "[11.14]")
def test_8_1_the_move_event_a_stop_without_a_step_gives_none_an_escape_cites_11_14() -> None:
    g = build({"0805": "orc", "0905": "orc", "1405": "gondor"}, player="sauron")
    ev = act(g, {"type": "select", "piece": "orc1"}, STOP)
    assert not [e for e in ev if e["type"] == "move"] and "orc1" in g.moved
    g = build({"0805": "orc", "1405": "gondor"}, player="sauron")
    ev = move(g, "orc1", "0806")
    assert [(e["rule"], e["path"]) for e in ev if e["type"] == "move"] == [("[8.1]", "0805-0806")]
    g = build({"0805": "saruman", "0806": "ring", "1105": "gondor"}, players=2, player="evil")
    _select_step(g, "saruman", "0806")
    ev = act(g, {"type": "step", "hex": "0807"}, STOP)
    assert [(e["rule"], e["path"]) for e in ev if e["type"] == "move"] == [("[11.14]", "0806-0807")]


@pytest.mark.rule("ring", "[8.1]", "[11.7]", "[11.14]")
def test_8_1_the_ents_escape_move_after_the_phase_ends_leads_on_to_the_next_phase() -> None:
    # Gandalf ends the Alliance's movement in Fangorn; Sauron's Ring-bearer sits in Isengard:
    # the Ents capture it there and the Alliance's Ring-bearer escapes, then the phase moves on
    g = build({"1217": "gandalf", "1216": "fangorn", "1117": "ring", "0805": "gondor",
               "1105": "orc"}, player="alliance", ring_holder="sauron")
    move(g, "gandalf", "1216")
    act(g, END)
    assert g.moving is not None and g.moving["escape"] and g.phase == "move1"
    ev = act(g, STOP)
    assert g.moving is None and g.phase in ("attack", "move2")       # no attack: on to move2
    assert not [e for e in ev if e["type"] == "move"]
    # an ordinary stop in the movement phase does not end it
    g = build({"0805": "gondor", "0905": "gondor", "1105": "orc"}, player="alliance")
    move(g, "gondor1", "0806")
    assert g.phase == "move1" and g.moving is None


# ----- [8.4] the whole case (round 5) --------------------------------------------------------------
@pytest.mark.rule("ring", "[8.4]", "[8.2]")
def test_8_4_a_permission_into_an_elven_hex_cites_8_4_only_for_an_empty_one_the_alliance_guards() -> None:
    def asked(pieces, player, mover):
        g = build({**pieces, "0205": "elf"}, player=player)
        _select_step(g, mover, "1108")
        return g.to_act, g.pending[-1]["rule"]
    # an Orc into the empty Elven hex: the Alliance's leave, for the Elven hex [8.4]
    assert asked({"1107": "orc", "1405": "gondor"}, "sauron", "orc1") == ("alliance", "[8.4]")
    # an Orc over a Gondor army in the Elven hex: the army's leave [8.2]
    assert asked({"1107": "orc", "1108": "gondor"}, "sauron", "orc1") == ("alliance", "[8.2]")
    # a Gondor army over an Orc in the Elven hex: Sauron's leave [8.2]
    assert asked({"1107": "gondor", "1108": "orc"}, "alliance", "gondor1") == ("sauron", "[8.2]")


@pytest.mark.rule("ring", "[8.4]")
def test_8_4_the_rounds_in_an_elven_hex_count_only_while_an_elven_army_remains() -> None:
    g = build({"1108": "ring", "1405": "orc", "0805": "gondor", "0205": "elf"}, player="alliance",
              phase="move2", ring_holder="alliance")
    ev = act(g, END)                                     # the Alliance's turn ends the round
    assert g.round == 3 and g.view("alliance")["ring"]["elven_rounds"] == {"1108": 1}
    assert [e["rounds"] for e in ev if e["type"] == "ring" and e["rule"] == "[8.4]"] == [1]
    g = build({"1108": "ring", "1405": "orc", "0805": "gondor"}, player="alliance",
              phase="move2", ring_holder="alliance")
    ev = act(g, END)
    assert g.round == 3 and g.view("alliance")["ring"]["elven_rounds"] == {}
    assert not [e for e in ev if e["type"] == "ring"]


@pytest.mark.rule("ring", "[8.4]")
def test_8_4_leaving_an_elven_hex_is_remembered_only_while_an_elven_army_remains() -> None:
    for extra, left in (({"0205": "elf"}, ["1108"]), ({}, [])):
        g = build({"1108": "ring", "1405": "orc", "0805": "gondor", **extra}, player="alliance",
                  ring_holder="alliance")
        move(g, "ring", "1109")
        assert g.view("alliance")["ring"]["elven_left"] == left, extra


@pytest.mark.rule("ring", "[8.4]", "[6.1]")
def test_8_4_a_dead_end_step_is_blamed_on_the_elven_hexes_only_when_they_are_the_cause() -> None:
    # the Ring-bearer (3 hexes) with its last hex onto a friendly army: nowhere to end, [6.1]
    g = build({"0805": "ring", "0808": "gondor", "0205": "elf", "1405": "orc"}, player="alliance",
              ring_holder="alliance")
    _select_step(g, "ring", "0806", "0807")
    why = refused(g, {"type": "step", "hex": "0808"})
    assert why.rule == "[6.1]" and "could not end its move anywhere beyond 0808" in why.why
    # a Gondor army with its last hex onto the friendly Ring-bearer: [6.1], not [8.4]
    g = build({"0805": "gondor", "0807": "ring", "0205": "elf", "1405": "orc"}, player="alliance",
              ring_holder="alliance")
    _select_step(g, "gondor1", "0806")
    why = refused(g, {"type": "step", "hex": "0807"})
    assert why.rule == "[6.1]" and why.why.startswith("Gondor army 1 could not end")


@pytest.mark.rule("ring", "[8.4]", "[6.2]")
def test_8_4_the_ring_bearer_may_pass_but_not_end_in_an_elven_hex_of_two_rounds() -> None:
    g = build({"1107": "ring", "0205": "elf", "1405": "orc", "0805": "gondor"}, player="alliance",
              ring_holder="alliance", rb_rounds={"1108": 2})
    _select_step(g, "ring", "1108")
    assert STOP not in g.legal_actions()
    assert refused(g, STOP).rule == "[8.4]"
    # after one round there it may end there again
    g = build({"1107": "ring", "0205": "elf", "1405": "orc", "0805": "gondor"}, player="alliance",
              ring_holder="alliance", rb_rounds={"1108": 1})
    move(g, "ring", "1108")
    assert g.hex_of["ring"] == "1108" and g.moving is None


@pytest.mark.rule("ring", "[6.2]", "[8.5]")
def test_6_2_only_one_of_gandalf_and_the_ring_bearer_may_join_the_fangorn_army() -> None:
    g = build({"1216": ["fangorn", "gandalf"], "1217": "ring", "0805": "gondor", "1405": "orc"},
              player="alliance", ring_holder="alliance")
    act(g, {"type": "select", "piece": "ring"})
    assert "1216" not in steps(g)
    why = refused(g, {"type": "step", "hex": "1216"})
    assert why.rule == "[6.2]" and "only one of Gandalf and the Ring-bearer" in why.why


@pytest.mark.rule("ring", "[8.4]")
def test_8_4_a_set_up_counts_rounds_and_departures_in_elven_hexes_only() -> None:
    for bad in ({"rb_rounds": {"0805": 2}}, {"rb_rounds": {"1108": -1}}, {"rb_rounds": {"1108": "2"}},
                {"rb_rounds": {"1108": True}}, {"rb_left": ["0805"]}):
        with pytest.raises(ringwar.RecordError, match=r"\[8\.4\]"):
            build({"0805": "orc", "1405": "gondor"}, **bad)
    g = build({"0805": "orc", "1405": "gondor"}, rb_rounds={"1108": 2}, rb_left=["1108"])
    assert g.view(None)["ring"]["elven_rounds"] == {"1108": 2}


# ----- [7.5] the Shire, the whole case (round 5) -------------------------------------------------------
@pytest.mark.rule("ring", "[7.5]")
def test_7_5_the_alliance_or_a_third_nation_still_holding_the_shire_is_not_announced_again() -> None:
    g = build({"0609": "rohan", "0805": "rohan", "1005": "orc"}, player="alliance", phase="move2")
    ev = act(g, END)                                       # the Hobbits own it already
    assert not [e for e in ev if e["type"] == "shire"] and g.shire_owner == "hobbits"
    g = build({"0609": "orc", "0805": "orc", "1005": "gondor"}, player="sauron", shire_third="orc1")
    ev = act(g, END)                                       # already noted as the third nation
    assert not [e for e in ev if e["type"] == "shire"] and g.shire_third == "orc1"


@pytest.mark.rule("ring", "[7.5]")
def test_7_5_a_third_nation_staying_in_the_shire_has_not_withdrawn() -> None:
    g = build({"0609": "orc", "0805": "orc", "1005": "gondor"}, player="sauron", shire_third="orc1")
    ev = act(g, {"type": "select", "piece": "orc1"}, STOP)     # selected, stays where it is
    assert not g.pending and g.shire_third == "orc1" and not [e for e in ev if e["type"] == "shire"]


@pytest.mark.rule("ring", "[7.5]")
def test_7_5_while_sauron_must_state_the_shires_owner_nothing_else_is_legal() -> None:
    g = build({"0609": "orc", "0805": "orc", "1005": "gondor"}, player="sauron", shire_third="orc1")
    move(g, "orc1", "0608")
    for a in (END, {"type": "select", "piece": "orc2"}, {"type": "permit"}):
        why = refused(g, a)
        assert why.rule == "[7.5]" and "must first state who owns the Shire" in why.why


@pytest.mark.rule("ring", "[7.5]", "[7.7]")
def test_7_5_a_hobbit_build_in_the_hobbits_shire_is_refused_only_for_want_of_a_counter() -> None:
    g = build({"0805": "orc", "1005": "gondor"}, player="alliance", phase="build")
    hobbits = [a for a in g.legal_actions() if a["type"] == "build" and a["nation"] == "hobbit"]
    assert {"type": "build", "nation": "hobbit", "hex": "0609"} in hobbits
    pool = [p for p in g.S.pids["hobbit"]]
    far = ["1501", "1601", "1701", "1801"][:len(pool)]
    g = build({"0805": "orc", "1005": "gondor", **{h: "hobbit" for h in far}}, player="alliance",
              phase="build")
    why = refused(g, {"type": "build", "nation": "hobbit", "hex": "0609"})
    assert why.rule == "[7.7]"


@pytest.mark.rule("ring", "[11.14]")
def test_11_14_a_step_onto_the_enemy_ring_bearer_is_described_as_its_capture() -> None:
    g = build({"0805": "orc", "0806": "ring", "1105": "gondor"}, player="sauron")
    act(g, {"type": "select", "piece": "orc1"})
    step = {"type": "step", "hex": "0806"}
    assert g.describe_action(step, "sauron").endswith("capturing the Ring-bearer [11.14]")
    assert "capturing" not in g.describe_action({"type": "step", "hex": "0706"}, "sauron")


# ----- round 5: the remaining small cases, whole -------------------------------------------------------
@pytest.mark.rule("ring", "[11.4]")
def test_11_4_a_ring_bearer_saruman_holds_may_enter_isengard_sauron_s_may_not() -> None:
    for holder, players, player, ok in (("saruman", 3, "saruman", True), ("evil", 2, "evil", True),
                                        ("sauron", 3, "sauron", False)):
        g = build({"1118": "ring", "1405": "gondor"}, players=players, player=player,
                  ring_holder=holder)
        act(g, {"type": "select", "piece": "ring"})
        assert ("1117" in steps(g)) is ok, holder
        if not ok:
            assert refused(g, {"type": "step", "hex": "1117"}).rule == "[11.4]"


@pytest.mark.rule("ring", "[7.6]")
def test_7_6_an_eliminated_piece_that_cannot_be_rebuilt_is_removed_for_ever_others_are_not() -> None:
    def eliminated_text(piece):
        g = build({"1217": "gandalf", "1216": "fangorn", "1117": piece, "0805": "gondor",
                   "1105": "orc"}, player="alliance")
        move(g, "gandalf", "1216")
        return next(e["text"] for e in act(g, END) if e["type"] == "eliminated")
    assert eliminated_text("saruman").endswith("removed for ever [7.6]")
    assert eliminated_text("manorc").endswith("; removed")


@pytest.mark.rule("ring", "[7.6]", "[7.7]", "[Q3]")
def test_7_7_a_counter_lost_for_ever_is_not_built_again() -> None:
    pool = list(build({"0805": "orc", "1005": "gondor"}).S.pids["hobbit"])
    spots = ["1501", "1601", "1701", "1801", "1901"]
    g = build({"0805": "orc", "1005": "gondor", **{h: "hobbit" for h in spots[:len(pool) - 1]}},
              player="alliance", phase="build", lost=[pool[-1]])
    assert not [a for a in g.legal_actions() if a["type"] == "build" and a["nation"] == "hobbit"]
    assert refused(g, {"type": "build", "nation": "hobbit", "hex": "0609"}).rule == "[7.7]"


@pytest.mark.rule("ring", "[7.4]", "[5.2]", "[9.4]")
def test_5_2_7_4_refusals_name_the_phase_or_the_side_and_an_attack_in_its_phase_its_own_reason() -> None:
    g = build({"0805": "orc", "1005": "gondor"}, player="alliance", phase="build")
    why = refused(g, {"type": "build", "nation": "orc", "hex": "0805"})
    assert why.rule == "[7.4]" and why.why == "alliance cannot build Orc armies"
    why = refused(g, {"type": "build", "nation": "elf", "hex": "0205"})
    assert why.rule == "[7.6]" and why.why == "Elven armies cannot be built or rebuilt"
    why = refused(g, {"type": "build", "nation": "gandalf", "hex": "0205"})
    assert why.why == "Gandalf cannot be built or rebuilt"
    g = build({"0805": "orc", "0905": "orc", "1005": "gondor"}, player="sauron", phase="move1")
    why = refused(g, {"type": "build", "nation": "orc", "hex": "2102"})
    assert why.rule == "[5.2]" and "Building Phase" in why.why
    # an attack naming no piece, out of its phase: the naming is wrong first [9.5]
    assert refused(g, {"type": "attack", "piece": "orc9", "target": "gondor1"}).rule == "[9.5]"
    g = build({"1109": "orc", "1110": "elf", "1111": "orc"}, phase="attack", player="sauron", round=3)
    why = refused(g, {"type": "select", "piece": "orc1"})
    assert why.rule == "[5.2]" and "movement phases" in why.why
    # in the Attack Phase, a second attack by the same piece is refused for its own reason [9.4]
    g = build({"1109": "orc", "1110": "elf", "1111": "orc"}, phase="attack", player="sauron", round=3,
              attacked=["orc1"])
    assert refused(g, {"type": "attack", "piece": "orc1", "target": "elf1"}).rule == "[9.4]"


@pytest.mark.rule("ring", "[9.1]", "[9.3]", "[11.13]", "[Q2]")
def test_9_3_the_ring_bearer_neither_attacks_nor_is_attacked_nobody_fights_from_moria() -> None:
    g = build({"1109": "orc", "1110": "ring", "1111": "gondor", MORIA: "gandalf", "1113": "orc"},
              phase="attack", player="alliance", round=3, ring_holder="alliance")
    attacks = [a for a in g.legal_actions() if a["type"] == "attack"]
    assert not [a for a in attacks if a["piece"] in ("ring", "gandalf")]
    g = build({"1109": "orc", "1110": "ring", "1111": "gondor"}, phase="attack", player="sauron",
              round=3, ring_holder="alliance")
    assert not [a for a in g.legal_actions() if a["type"] == "attack" and a["target"] == "ring"]
    assert [a for a in g.legal_actions() if a["type"] == "attack"] == []
    # [Q2] [11.3] Gandalf in Moria gives no Elven strength to the army beside him
    g = build({MORIA: "gandalf", MORIA_WEST: "gondor", "1113": "orc"}, player="sauron", phase="attack")
    assert g.strength("gondor1") == ("O", None)
    g = build({"1111": "gandalf", "1112": "gondor", "1113": "orc"}, player="sauron", phase="attack")
    assert g.strength("gondor1") == ("E", "gandalf")


@pytest.mark.rule("ring", "[11.3]")
def test_11_3_gandalf_in_moria_may_leave_when_no_alliance_piece_has_passed() -> None:
    g = build({MORIA: "gandalf", "0805": "gondor", "1405": "orc"}, player="alliance")
    assert {"type": "select", "piece": "gandalf"} in g.legal_actions()
    move(g, "gandalf", MORIA_WEST)
    assert g.hex_of["gandalf"] == MORIA_WEST


@pytest.mark.rule("ring", "[11.11]")
def test_11_11_aragorn_may_pass_through_the_dormant_paths_either_way() -> None:
    g = build({"1221": "aragorn", "0805": "gondor", "1405": "orc"}, player="alliance")
    _select_step(g, "aragorn", "1220")
    assert "1219" in steps(g)
    act(g, {"type": "step", "hex": "1219"}, STOP)
    assert g.hex_of["aragorn"] == "1219" and g.paths_state == "dormant"


@pytest.mark.rule("ring", "[11.8]")
def test_11_8_while_the_ents_are_away_fangorn_is_refused_as_gone_to_isengard() -> None:
    g = build({"1117": "fangorn", "1217": "gondor", "1405": "orc"}, player="alliance",
              fangorn="active", fangorn_activator="gandalf")
    act(g, {"type": "select", "piece": "gondor1"})
    why = refused(g, {"type": "step", "hex": "1216"})
    assert why.rule == "[11.8]" and "gone to Isengard" in why.why


@pytest.mark.rule("ring", "[2.0]")
def test_2_0_the_rules_data_must_hold_the_94_counters_of_the_game() -> None:
    import tomllib

    import pydantic

    from ringwar.systems.ring.data import RingRules, data_dir
    with open(data_dir() / "ring.toml", "rb") as f:
        raw = tomllib.load(f)
    assert sum(n.counters for n in RingRules.model_validate(raw).nations.values()) == 94
    raw["nations"]["orc"]["counters"] += 1
    with pytest.raises(pydantic.ValidationError, match=r"94 pieces \[2\.0\]"):
        RingRules.model_validate(raw)


@pytest.mark.rule("ring", "[7.2]")
def test_7_2_a_build_of_an_unknown_nation_is_refused() -> None:
    g = build({"0805": "orc", "1005": "gondor"}, player="alliance", phase="build")
    why = refused(g, {"type": "build", "nation": "ents", "hex": "0609"})
    assert why.rule == "[7.2]" and "unknown nation 'ents'" in why.why
