"""[6.0]-[6.2] stacking and [8.0]-[8.5] movement."""

from __future__ import annotations

import pytest

from .conftest import act, build, move, refused, steps

END = {"type": "end_phase"}
STOP = {"type": "stop"}
PERMIT = {"type": "permit"}
REFUSE = {"type": "refuse"}


@pytest.mark.rule("ring", "[6.0]", "[6.1]")
def test_6_1_one_army_or_character_per_hex():
    g = build({"0805": "orc", "0806": "orc", "1105": "gondor"}, player="sauron")
    act(g, {"type": "select", "piece": "orc1"}, {"type": "step", "hex": "0806"})
    e = refused(g, STOP)
    assert e.rule == "[6.1]"
    act(g, {"type": "step", "hex": "0807"}, STOP)  # [8.2] it may move over the friendly piece
    assert g.hex_of["orc1"] == "0807"


@pytest.mark.rule("ring", "[6.2]", "[8.5]")
def test_6_2_gandalf_or_the_ring_bearer_may_join_the_fangorn_army():
    g = build({"1217": "gandalf", "1218": "ring", "1216": "fangorn", "1105": "orc"},
              player="alliance")
    move(g, "gandalf", "1216")
    assert g.at["1216"] == ["fangorn", "gandalf"]
    act(g, {"type": "select", "piece": "ring"})
    assert "1216" not in steps(g)                 # only one of them at a time
    act(g, {"type": "stop"})
    g = build({"1217": "aragorn", "1216": "fangorn", "1105": "orc"}, player="alliance")
    act(g, {"type": "select", "piece": "aragorn"})
    assert "1216" not in steps(g)
    assert refused(g, {"type": "step", "hex": "1216"}).rule == "[8.5]"


@pytest.mark.rule("ring", "[6.2]")
def test_6_2_aragorn_may_join_the_armies_of_the_dead():
    g = build({"1219": "aragorn", "1220": ["dead", "dead"], "1105": "orc"}, player="alliance")
    move(g, "aragorn", "1220")
    assert sorted(g.at["1220"]) == ["aragorn", "dead1", "dead2"]


@pytest.mark.rule("ring", "[8.0]", "[8.1]")
def test_8_1_move_any_pieces_up_to_their_allowance():
    g = build({"0805": "orc", "0905": "manorc", "1005": "nazgul", "1105": "gondor"},
              player="sauron")
    move(g, "orc1", "0804", "0803")
    assert refused(g, {"type": "select", "piece": "orc1"}).rule == "[8.1]"
    act(g, {"type": "select", "piece": "nazgul"})
    for h in ("1004", "1003", "1002", "1001"):
        act(g, {"type": "step", "hex": h})
    act(g, {"type": "step", "hex": "0901"}, {"type": "step", "hex": "0801"})
    e = refused(g, {"type": "step", "hex": "0701"})
    assert e.rule == "[8.1]" and "allowance" in e.why
    act(g, STOP)                    # the Man-Orc is Saruman's: nothing else of Sauron's moves
    assert (g.to_act, g.phase) == ("sauron", "move2")   # so the phase ends by itself


@pytest.mark.rule("ring", "[8.1]")
def test_8_1_the_fangorn_army_and_the_armies_of_the_dead_wait_for_activation():
    g = build({"1216": "fangorn", "1220": ["dead", "dead"], "1105": "gondor"}, player="alliance")
    sel = {a.get("piece") for a in g.legal_actions()}
    assert not {"fangorn", "dead1", "dead2"} & sel
    assert refused(g, {"type": "select", "piece": "fangorn"}).rule == "[8.1]"
    assert refused(g, {"type": "select", "piece": "dead1"}).rule == "[8.1]"


@pytest.mark.rule("ring", "[8.2]")
def test_8_2_moving_over_an_opposing_piece_asks_that_player():
    g = build({"0805": "gondor", "0806": "orc", "1105": "manorc"}, player="alliance")
    act(g, {"type": "select", "piece": "gondor1"}, {"type": "step", "hex": "0806"})
    assert g.to_act == "sauron" and g.legal_actions() == [PERMIT, REFUSE]
    assert g.hex_of["gondor1"] == "0805"
    act(g, PERMIT)
    assert g.to_act == "alliance" and g.hex_of["gondor1"] == "0806"
    assert STOP not in g.legal_actions()          # it may not stay on the Orc
    act(g, {"type": "step", "hex": "0807"}, STOP)
    assert g.hex_of["gondor1"] == "0807"


@pytest.mark.rule("ring", "[8.2]")
def test_8_2_a_refusal_keeps_the_piece_out():
    g = build({"0805": "gondor", "0806": "orc", "1105": "manorc"}, player="alliance")
    act(g, {"type": "select", "piece": "gondor1"}, {"type": "step", "hex": "0806"}, REFUSE)
    assert g.to_act == "alliance" and g.hex_of["gondor1"] == "0805"
    assert "0806" not in steps(g)
    assert refused(g, {"type": "step", "hex": "0806"}).rule == "[8.2]"
    # the other player's permission is that player's decision, not the mover's
    g = build({"0805": "gondor", "0806": "orc", "1105": "manorc"}, player="alliance")
    act(g, {"type": "select", "piece": "gondor1"}, {"type": "step", "hex": "0806"})
    assert refused(g, {"type": "step", "hex": "0704"}).rule == "[8.2]"


@pytest.mark.rule("ring", "[8.2]")
def test_8_2_a_piece_stranded_by_refusals_goes_back_to_its_start():
    # an Orc in Rivendell (by leave of the Alliance) passes over Gandalf; the way back into
    # the Elven hex is then refused, and every other hex is full
    g = build({"1108": "orc", "1109": "gandalf", "1110": "gondor", "1008": "gondor",
               "1009": "gondor", "0205": "elf", "1105": "orc"}, player="sauron")
    act(g, {"type": "select", "piece": "orc1"}, {"type": "step", "hex": "1109"}, PERMIT)
    assert steps(g) == {"1108"} and STOP not in g.legal_actions()
    ev = act(g, {"type": "step", "hex": "1108"}, REFUSE)
    assert g.hex_of["orc1"] == "1108" and "orc1" in g.moved and g.moving is None
    assert any(e["type"] == "abandon" for e in ev)


@pytest.mark.rule("ring", "[8.3]")
def test_8_3_no_piece_enters_mountain_sea_or_forest_hexes():
    g = build({"1111": "gandalf", "0805": "orc"}, player="alliance")
    act(g, {"type": "select", "piece": "gandalf"})
    assert refused(g, {"type": "step", "hex": "1211"}).rule == "[8.3]"       # mountain
    g = build({"0210": "gandalf", "0805": "orc"}, player="alliance")
    act(g, {"type": "select", "piece": "gandalf"})
    assert refused(g, {"type": "step", "hex": "0209"}).rule == "[8.3]"       # sea
    g = build({"1414": "gandalf", "0805": "orc"}, player="alliance")
    act(g, {"type": "select", "piece": "gandalf"})
    assert "1315" not in steps(g)
    assert refused(g, {"type": "step", "hex": "1315"}).rule == "[8.3]"       # forest


@pytest.mark.rule("ring", "[8.3]")
def test_8_3_no_piece_crosses_a_mountain_hexside_or_the_entwash():
    g = build({"1617": "gandalf", "0805": "orc"}, player="alliance")
    act(g, {"type": "select", "piece": "gandalf"})
    assert "1717" not in steps(g)
    e = refused(g, {"type": "step", "hex": "1717"})
    assert e.rule == "[8.3]" and "mountain hexside" in e.why
    g = build({"1318": "gandalf", "0805": "orc"}, player="alliance")
    act(g, {"type": "select", "piece": "gandalf"})
    e = refused(g, {"type": "step", "hex": "1317"})
    assert e.rule == "[8.3]" and "Entwash" in e.why


@pytest.mark.rule("ring", "[8.3]")
def test_8_3_rivers_and_cities_do_not_restrict_movement():
    g = build({"1409": "orc", "0805": "gondor"}, player="sauron")
    move(g, "orc1", "1509", "1609")                # across the Anduin
    assert g.hex_of["orc1"] == "1609"
    g = build({"1419": "orc", "0805": "gondor"}, player="sauron")
    move(g, "orc1", "1420", "1421")                # through Minas Tirith
    assert g.hex_of["orc1"] == "1421"


@pytest.mark.rule("ring", "[8.4]")
def test_8_4_elven_hexes_need_the_alliances_permission():
    g = build({"1107": "orc", "1105": "orc", "1306": "gondor", "0205": "elf"}, player="sauron")
    act(g, {"type": "select", "piece": "orc1"}, {"type": "step", "hex": "1108"})
    assert g.to_act == "alliance" and g.pending[-1]["rule"] == "[8.4]"
    act(g, PERMIT, STOP)
    assert g.hex_of["orc1"] == "1108"
    # Alliance pieces need nobody's leave
    g = build({"1107": "gondor", "1105": "orc", "0205": "elf"}, player="alliance")
    move(g, "gondor1", "1108")
    assert g.hex_of["gondor1"] == "1108"


@pytest.mark.rule("ring", "[8.4]")
def test_8_4_the_elven_hexes_are_ordinary_once_every_elven_army_is_gone():
    g = build({"1107": "orc", "1105": "orc", "1306": "gondor"}, player="sauron")
    move(g, "orc1", "1108")
    assert g.hex_of["orc1"] == "1108" and not g.pending
    g = build({"1107": "orc", "1105": "orc", "0205": "elf"}, player="sauron")
    act(g, {"type": "select", "piece": "orc1"}, {"type": "step", "hex": "1108"})
    assert g.to_act == "alliance"


@pytest.mark.rule("ring", "[8.4]")
def test_8_4_the_ring_bearer_may_stay_two_rounds_in_an_elven_hex_then_must_leave():
    g = build({"1107": "ring", "0205": "elf", "1105": "orc"}, player="alliance", round=2)
    move(g, "ring", "1108")
    while (g.to_act, g.turn, g.phase) != ("alliance", 4, "move1"):
        act(g, END)
    assert g.rb_rounds["1108"] == 2 and g.phase == "move1"
    e = refused(g, END)
    assert e.rule == "[8.4]"
    act(g, {"type": "select", "piece": "ring"})
    assert refused(g, STOP).rule == "[8.4]"
    act(g, {"type": "step", "hex": "1109"}, STOP, END)


@pytest.mark.rule("ring", "[8.4]")
def test_8_4_the_ring_bearer_never_returns_to_an_elven_hex_it_has_left():
    g = build({"1107": "ring", "0205": "elf", "1105": "orc"}, player="alliance")
    move(g, "ring", "1108", "1109")
    assert "1108" in g.rb_left
    act(g, END)
    act(g, {"type": "select", "piece": "ring"})
    assert "1108" not in steps(g)
    assert refused(g, {"type": "step", "hex": "1108"}).rule == "[8.4]"
    # other Elven hexes are still open to it
    g = build({"0408": "ring", "0205": "elf", "1105": "orc"}, player="alliance", rb_left=["1108"])
    move(g, "ring", "0409")
    assert g.hex_of["ring"] == "0409"


@pytest.mark.rule("ring", "[8.5]")
def test_8_5_special_hexes_only_for_certain_pieces():
    g = build({"1919": "orc", "1105": "gondor"}, player="sauron")
    act(g, {"type": "select", "piece": "orc1"})
    assert refused(g, {"type": "step", "hex": "1920"}).rule == "[11.12]"
    g = build({"1118": "orc", "1105": "gondor"}, player="sauron")
    act(g, {"type": "select", "piece": "orc1"})
    assert refused(g, {"type": "step", "hex": "1117"}).rule == "[11.4]"
    g = build({"1219": "gondor", "1105": "orc"}, player="alliance")
    act(g, {"type": "select", "piece": "gondor1"})
    assert refused(g, {"type": "step", "hex": "1220"}).rule == "[8.5]"
