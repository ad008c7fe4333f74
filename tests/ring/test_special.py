"""[11.0]-[11.14] special hexes and pieces, [Q3] and [Q5]."""

from __future__ import annotations

import pytest

from .conftest import act, build, move, refused, steps

END = {"type": "end_phase"}
STOP = {"type": "stop"}
PERMIT = {"type": "permit"}

MORIA, WEST, EAST = "1212", "1112", "1312"


# ----- Moria ------------------------------------------------------------------------------
@pytest.mark.rule("ring", "[11.0]", "[11.1]")
def test_11_1_only_gandalf_occupies_moria():
    g = build({WEST: "gandalf", "0805": "orc"}, player="alliance")
    move(g, "gandalf", MORIA)
    assert g.hex_of["gandalf"] == MORIA
    g = build({WEST: "orc", "0805": "gondor"}, player="sauron")
    act(g, {"type": "select", "piece": "orc1"}, {"type": "step", "hex": MORIA})
    assert refused(g, STOP).rule == "[11.1]"


@pytest.mark.rule("ring", "[11.1]")
def test_11_1_alliance_pieces_pass_through_moria_while_gandalf_is_there():
    g = build({MORIA: "gandalf", WEST: "gondor", "0805": "orc"}, player="alliance")
    move(g, "gondor1", MORIA, EAST)                      # Moria counts as one hex
    assert g.hex_of["gondor1"] == EAST
    g = build({WEST: "gondor", "0805": "orc"}, player="alliance")
    act(g, {"type": "select", "piece": "gondor1"})
    assert MORIA not in steps(g)
    assert refused(g, {"type": "step", "hex": MORIA}).rule == "[11.1]"


@pytest.mark.rule("ring", "[11.2]")
def test_11_2_evil_pieces_pass_moria_freely_without_gandalf_with_permission_with_him():
    g = build({WEST: "orc", "0805": "gondor"}, player="sauron")
    move(g, "orc1", MORIA, EAST)
    assert g.hex_of["orc1"] == EAST and not g.pending
    g = build({WEST: "orc", MORIA: "gandalf"}, player="sauron")
    act(g, {"type": "select", "piece": "orc1"}, {"type": "step", "hex": MORIA})
    assert g.to_act == "alliance" and g.pending[-1]["rule"] == "[11.2]"
    act(g, PERMIT, {"type": "step", "hex": EAST}, STOP)
    assert g.hex_of["orc1"] == EAST


@pytest.mark.rule("ring", "[11.3]")
def test_11_3_gandalf_stays_in_moria_after_alliance_pieces_pass_through():
    g = build({MORIA: "gandalf", WEST: "gondor", "1111": "rohan", "0805": "orc"}, player="alliance")
    move(g, "gondor1", MORIA, EAST)
    assert "gandalf" not in {a.get("piece") for a in g.legal_actions()}
    assert refused(g, {"type": "select", "piece": "gandalf"}).rule == "[11.3]"


@pytest.mark.rule("ring", "[11.3]")
def test_11_3_gandalf_in_moria_neither_fights_nor_gives_elven_strength():
    g = build({MORIA: "gandalf", WEST: "gondor", "1113": "orc"}, player="sauron", phase="attack")
    assert g.strength("gondor1")[0] == "O"
    assert refused(g, {"type": "attack", "piece": "orc1", "target": "gandalf"}).rule == "[11.3]"


# ----- Isengard ---------------------------------------------------------------------------
@pytest.mark.rule("ring", "[11.4]")
def test_11_4_isengard_is_for_saruman_and_the_man_orcs():
    g = build({"1118": "manorc", "1217": "gondor"}, player="saruman")
    move(g, "manorc1", "1117")
    assert g.hex_of["manorc1"] == "1117"
    g = build({"1118": "gondor", "0805": "orc"}, player="alliance")
    act(g, {"type": "select", "piece": "gondor1"})
    assert "1117" not in steps(g)
    assert refused(g, {"type": "step", "hex": "1117"}).rule == "[11.4]"
    g = build({"1118": "gondor", "0805": "orc"}, player="alliance", isengard_special=False)
    move(g, "gondor1", "1117")                           # after the Ents: an ordinary hex
    assert g.hex_of["gondor1"] == "1117"


@pytest.mark.rule("ring", "[11.5]")
def test_11_5_saruman_builds_at_isengard_again_but_it_stays_ordinary():
    g = build({"0805": "orc"}, player="saruman", phase="build", isengard_special=False)
    act(g, {"type": "build", "nation": "manorc", "hex": "1117"})
    assert g.hex_of["manorc1"] == "1117" and g.isengard_special is False
    g = build({"1118": "gondor", "0805": "manorc"}, player="alliance", isengard_special=False)
    move(g, "gondor1", "1117")
    assert g.hex_of["gondor1"] == "1117"


# ----- Fangorn ----------------------------------------------------------------------------
@pytest.mark.rule("ring", "[11.6]")
def test_11_6_the_fangorn_army_neither_attacks_nor_is_attacked_in_fangorn():
    g = build({"1216": "fangorn", "1217": "orc", "0805": "gondor", "0806": "orc"},
              player="alliance", phase="attack")
    assert not any(a.get("piece") == "fangorn" for a in g.legal_actions())
    g = build({"1216": "fangorn", "1217": "orc"}, player="sauron", phase="attack")
    assert refused(g, {"type": "attack", "piece": "orc1", "target": "fangorn"}).rule == "[11.6]"


@pytest.mark.rule("ring", "[11.7]")
def test_11_7_gandalf_ending_the_phase_in_fangorn_sends_the_ents_to_isengard():
    g = build({"1217": "gandalf", "1216": "fangorn", "1117": "saruman", "0805": "gondor",
               "1105": "orc"}, player="alliance")
    move(g, "gandalf", "1216")
    assert g.hex_of["fangorn"] == "1216"               # not before the end of the phase
    ev = act(g, END)
    assert g.hex_of["fangorn"] == "1117" and "saruman" not in g.hex_of
    assert g.isengard_special is False and g.fangorn_state == "active"
    assert any(e["rule"] == "[11.7]" and e["type"] == "eliminated" for e in ev)
    assert g.strength("fangorn") == ("E", None)
    assert g.view("alliance")["pool"].get("fangorn") is None     # never rebuilt


@pytest.mark.rule("ring", "[11.7]")
def test_11_7_the_ring_bearer_also_activates_fangorn_passing_through_does_not():
    g = build({"1217": "ring", "1216": "fangorn", "1218": "gondor", "1105": "orc"},
              player="alliance")
    move(g, "ring", "1216")
    act(g, END)
    assert g.fangorn_state == "active" and g.fangorn_activator == "ring"
    g = build({"1217": "gandalf", "1216": "fangorn", "0805": "gondor", "1105": "orc"},
              player="alliance")
    move(g, "gandalf", "1216", "1217", "1218")
    act(g, END)
    assert g.fangorn_state == "dormant"


@pytest.mark.rule("ring", "[11.8]")
def test_11_8_the_activator_must_leave_fangorn_then_it_is_closed():
    g = build({"1216": ["fangorn", "gandalf"], "0805": "gondor", "1105": "orc"},
              player="alliance", phase="move2")
    act(g, END)                                          # activated at the end of the phase
    while (g.to_act, g.phase) != ("alliance", "move1"):
        act(g, END)
    assert refused(g, END).rule == "[11.8]"
    act(g, {"type": "select", "piece": "gandalf"})
    assert refused(g, STOP).rule == "[11.8]"
    act(g, {"type": "step", "hex": "1217"}, STOP)
    assert g.fangorn_state == "closed"
    g2 = build({"1217": "gandalf", "0805": "orc"}, player="alliance", fangorn="closed")
    act(g2, {"type": "select", "piece": "gandalf"})
    assert refused(g2, {"type": "step", "hex": "1216"}).rule == "[11.8]"


@pytest.mark.rule("ring", "[11.8]")
def test_11_8_a_ring_bearer_that_activated_fangorn_must_leave_by_11_8_not_8_4():
    g = build({"1216": ["fangorn", "ring"], "0805": "gondor", "1105": "orc"},
              player="alliance", phase="move2")
    act(g, END)
    assert g.fangorn_activator == "ring"
    while (g.to_act, g.phase) != ("alliance", "move1"):
        act(g, END)
    e = refused(g, END)
    assert e.rule == "[11.8]" and "Fangorn" in str(e) and "Elven" not in str(e)
    act(g, {"type": "select", "piece": "ring"})
    e = refused(g, STOP)
    assert e.rule == "[11.8]" and "Elven" not in str(e)
    act(g, {"type": "step", "hex": "1217"}, STOP)
    assert g.fangorn_state == "closed"


@pytest.mark.rule("ring", "[11.9]")
def test_11_9_gandalf_in_fangorn_neither_fights_nor_gives_elven_strength():
    g = build({"1216": ["fangorn", "gandalf"], "1217": "rohan", "1218": "orc"},
              player="alliance", phase="attack")
    assert g.strength("rohan1")[0] == "O"
    assert ("gandalf", "orc1") not in {(a.get("piece"), a.get("target")) for a in g.legal_actions()}


@pytest.mark.rule("ring", "[Q5]")
def test_q5_the_ents_attack_out_of_isengard_in_the_phase_after_activation():
    g = build({"1217": "gandalf", "1216": "fangorn", "1118": "manorc", "1105": "orc",
               "0805": "gondor"}, player="alliance", phase="move1")
    move(g, "gandalf", "1216")
    act(g, END)
    assert g.phase == "attack" and g.hex_of["fangorn"] == "1117"
    assert {"type": "attack", "piece": "fangorn", "target": "manorc1"} in g.legal_actions()


# ----- the Paths of the Dead ----------------------------------------------------------------
@pytest.mark.rule("ring", "[11.10]")
def test_11_10_the_armies_of_the_dead_do_not_fight_in_the_paths():
    g = build({"1220": ["dead", "dead"], "1219": "orc", "1221": "orc"}, player="sauron",
              phase="attack")
    assert g.phase != "attack" or not any(a["type"] == "attack" for a in g.legal_actions())
    g = build({"1220": "dead", "1219": "orc", "0805": "orc", "0806": "gondor"}, player="sauron",
              phase="attack")
    assert refused(g, {"type": "attack", "piece": "orc1", "target": "dead1"}).rule == "[11.10]"


@pytest.mark.rule("ring", "[11.11]")
def test_11_11_aragorn_activates_the_dead_who_must_leave_through_the_south():
    g = build({"1219": "aragorn", "1220": ["dead", "dead"], "0805": "gondor", "1105": "orc"},
              player="alliance", phase="move1")
    move(g, "aragorn", "1220")
    act(g, END)
    assert g.paths_state == "awakened"
    assert g.phase == "move2"                            # the next movement phase
    act(g, {"type": "select", "piece": "aragorn"})
    assert steps(g) == {"1221"}                          # the South only
    assert refused(g, {"type": "step", "hex": "1219"}).rule == "[11.11]"
    act(g, {"type": "step", "hex": "1221"}, {"type": "step", "hex": "1222"}, STOP)
    move(g, "dead1", "1221", "1322")
    ev = act(g, END)                                     # dead2 stayed: it is destroyed
    assert "dead2" not in g.hex_of and g.paths_state == "closed"
    assert any(e["type"] == "eliminated" and e["rule"] == "[11.11]" for e in ev)
    assert g.hex_of["dead1"] == "1322"


@pytest.mark.rule("ring", "[11.11]")
def test_11_11_aragorn_enters_only_from_the_north_or_south_and_then_it_is_closed():
    g = build({"1219": "aragorn", "0805": "orc"}, player="alliance", paths="closed")
    act(g, {"type": "select", "piece": "aragorn"})
    assert refused(g, {"type": "step", "hex": "1220"}).rule == "[11.11]"
    # after activation the Dead are Gondor armies that cannot be rebuilt
    g = build({"1322": "dead", "1323": "aragorn", "1105": "orc"}, player="alliance",
              paths="closed")
    assert g.strength("dead1") == ("E", "aragorn") and g.move_allowance("dead1") == 2
    assert g.view(None)["pool"].get("dead") is None


# ----- Mount Doom and the Ring-bearer ----------------------------------------------------------
@pytest.mark.rule("ring", "[11.12]")
def test_11_12_only_the_ring_bearer_enters_mount_doom():
    g = build({"1919": "gandalf", "0805": "orc"}, player="alliance")
    act(g, {"type": "select", "piece": "gandalf"})
    assert "1920" not in steps(g)
    assert refused(g, {"type": "step", "hex": "1920"}).rule == "[11.12]"
    g = build({"1919": "ring", "0805": "gondor"}, player="sauron", ring_holder="sauron")
    act(g, {"type": "select", "piece": "ring"})
    assert refused(g, {"type": "step", "hex": "1920"}).rule == "[11.12]"
    g = build({"1919": "ring", "0805": "orc"}, player="alliance")
    move(g, "ring", "1920")
    assert g.result["winner"] == "alliance"


@pytest.mark.rule("ring", "[11.13]")
def test_11_13_the_ring_bearer_has_no_strength_and_cannot_be_destroyed():
    g = build({"0805": "ring", "0806": "orc", "0804": "gondor"}, player="sauron", phase="attack")
    assert ("orc1", "ring") not in {(a.get("piece"), a.get("target")) for a in g.legal_actions()}
    assert refused(g, {"type": "attack", "piece": "orc1", "target": "ring"}).rule == "[11.13]"
    # not even the Ents arriving in Isengard destroy it: they capture it [11.14]
    g = build({"1217": "gandalf", "1216": "fangorn", "1117": "ring", "1105": "orc", "0805": "gondor"},
              players=2, player="alliance", ring_holder="evil")
    move(g, "gandalf", "1216")
    act(g, END)
    assert g.ring_holder == "alliance" and g.hex_of["ring"] == "1117" and "fangorn" not in g.hex_of
    assert g.moving and g.moving["escape"]
    act(g, STOP)                                # the escape made, the phase ends
    assert (g.to_act, g.phase) == ("alliance", "move2")


@pytest.mark.rule("ring", "[11.14]")
def test_11_14_capturing_the_ring_by_moving_onto_it():
    g = build({"0805": "nazgul", "0807": "ring", "1105": "gondor"}, player="sauron")
    ev = act(g, {"type": "select", "piece": "nazgul"}, {"type": "step", "hex": "0806"},
             {"type": "step", "hex": "0807"})
    assert "nazgul" not in g.hex_of and g.ring_holder == "sauron" and g.hex_of["ring"] == "0807"
    assert any(e["type"] == "capture" and e["rule"] == "[11.14]" for e in ev)
    # the escape move: up to 3 hexes, now, in Sauron's movement phase
    assert g.to_act == "sauron" and g.moving == {**g.moving, "pid": "ring", "mp": 3, "escape": True}
    act(g, {"type": "step", "hex": "0808"}, {"type": "step", "hex": "0809"},
        {"type": "step", "hex": "0810"})
    assert refused(g, {"type": "step", "hex": "0811"}).rule == "[8.1]"
    act(g, STOP)
    assert g.hex_of["ring"] == "0810"


@pytest.mark.rule("ring", "[11.14]")
def test_11_14_the_ring_changes_hands_again_and_again():
    g = build({"0805": "ring", "0806": "rohan", "1105": "orc"}, player="alliance",
              ring_holder="saruman")
    act(g, {"type": "select", "piece": "rohan1"}, {"type": "step", "hex": "0805"}, STOP)
    assert g.ring_holder == "alliance" and "rohan1" not in g.hex_of


@pytest.mark.rule("ring", "[Q3]")
def test_q3_the_capturing_piece_is_lost_for_ever():
    g = build({"0805": "orc", "0806": "ring", "1105": "gondor"}, player="sauron")
    before = g.view("sauron")["pool"]["orc"]
    move(g, "orc1", "0806")
    assert "orc1" in g.lost and g.view("sauron")["pool"]["orc"] == before   # not back in the pool
    # with every other Orc counter on the board, Sauron has nothing left to build
    hexes = [f"{c:02d}{r:02d}" for c in range(4, 10) for r in range(3, 9)][:33]
    g2 = build({"1105": "gondor", **dict.fromkeys(hexes, "orc")}, player="sauron", phase="build",
               round=4, lost=["orc34"])
    assert sum(p.startswith("orc") for p in g2.hex_of) == 33 and g2.phase != "build"


@pytest.mark.rule("ring", "[11.14]", "[8.4]")
def test_11_14_a_ring_bearer_with_nowhere_to_escape_stays_put():
    # the Alliance's bearer has had its two rounds in Harlindon; the Nazgul takes it there
    g = build({"0410": "nazgul", "0310": "gondor", "0210": "gondor", "0211": "gondor",
               "0213": "dwarf", "0212": "ring", "0205": "elf", "1105": "orc"},
              player="sauron", rb_rounds={"0212": 2})
    act(g, {"type": "select", "piece": "nazgul"})
    for h in ("0310", "0210", "0211", "0212"):
        act(g, {"type": "step", "hex": h})
        if g.pending:
            act(g, PERMIT)
    assert g.ring_holder == "sauron" and g.hex_of["ring"] == "0212"
    assert g.moving is None and g.legal_actions()
