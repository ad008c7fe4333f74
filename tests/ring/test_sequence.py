"""[1.0] [3.0]-[3.2] [5.1] [5.2] [10.0]: sides, objectives, the sequence of play."""

from __future__ import annotations

import pytest

import ringwar
from ringwar.core.engine import system_class, unattended_options

from .conftest import act, build, move, refused

END = {"type": "end_phase"}


@pytest.mark.rule("ring", "[3.0]", "[3.1]")
def test_3_1_three_players_sauron_saruman_alliance():
    g = ringwar.new_game("battle-of-the-ring")
    assert g.sides == ("sauron", "saruman", "alliance")
    assert {g.player(p) for p in g.hex_of} == {"sauron", "saruman", "alliance"}


FORCES = {  # [3.1] who controls each piece
    "sauron": {"orc", "nazgul"},                         # all Orc armies and the Nazgûl
    "saruman": {"manorc", "saruman"},                    # all Man-Orc armies and Saruman
}


@pytest.mark.rule("ring", "[3.0]", "[3.1]", "[3.2]")
def test_3_0_each_player_commands_its_own_forces_and_only_them():
    for players in (3, 2):
        g = ringwar.new_game("battle-of-the-ring", options={"players": players})
        for pid in g.S.nation_of:
            nation = g.S.nation_of[pid]
            side = next((s for s, ns in FORCES.items() if nation in ns), "alliance")
            if players == 2 and side != "alliance":
                side = "evil"                            # [3.2] one force
            if pid != "ring":
                assert g.player(pid) == side, (pid, side)
        assert g.player("ring") == "alliance"            # the Alliance starts with the Ring
    # in Sauron's turn only Sauron's pieces move, attack or are built
    g = build({"0805": "orc", "0905": "manorc", "1005": "gondor", "1822": "nazgul"},
              player="sauron")
    assert {a["piece"] for a in g.legal_actions() if a["type"] == "select"} == {"orc1", "nazgul"}
    for pid in ("manorc1", "gondor1"):
        assert refused(g, {"type": "select", "piece": pid}).rule == "[8.1]"
    g = build({"0805": "orc", "0806": "manorc", "0907": "gondor"}, player="saruman",
              phase="attack")
    assert {(a["piece"], a["target"]) for a in g.legal_actions() if a["type"] == "attack"} \
        == {("manorc1", "orc1"), ("manorc1", "gondor1")}
    assert refused(g, {"type": "attack", "piece": "orc1", "target": "manorc1"}).rule == "[9.5]"


@pytest.mark.rule("ring", "[3.0]", "[5.1]", "[5.2]")
def test_3_0_a_whole_round_of_the_sequence_of_play():
    """Three players: each has build, move, attack, move in turn [5.1] [5.2]; then the next
    round.  Two players: the Evil Alliance first, then the Alliance [3.2]."""
    for players, order in ((3, ("sauron", "saruman", "alliance")), (2, ("evil", "alliance"))):
        g = build({"0805": "orc", "0905": "manorc", "1005": "gondor", "1105": "gondor",
                   "1206": "orc"}, players=players, player=order[0], phase="build", round=2)
        seen = [(g.turn, g.to_act, g.phase)]
        while g.turn == 2:
            act(g, END)
            seen.append((g.turn, g.to_act, g.phase))
        want = [(2, s, ph) for s in order for ph in ("build", "move1", "attack", "move2")]
        assert seen == [*want, (3, order[0], "build")], players


@pytest.mark.rule("ring", "[3.1]")
def test_3_1_sauron_wins_possessing_the_ring_in_barad_dur():
    g = build({"2120": "ring", "0805": "orc"}, player="sauron", ring_holder="sauron")
    move(g, "ring", "2119")
    assert g.result["winner"] == "sauron" and g.to_act is None


@pytest.mark.rule("ring", "[3.1]")
def test_3_1_saruman_wins_possessing_the_ring_in_isengard_or_the_shire():
    g = build({"1118": "ring"}, player="saruman", ring_holder="saruman")
    move(g, "ring", "1117")
    assert g.result["winner"] == "saruman"
    g = build({"0608": "ring"}, player="saruman", ring_holder="saruman")
    move(g, "ring", "0609")
    assert g.result["winner"] == "saruman"


@pytest.mark.rule("ring", "[3.1]")
def test_3_1_saruman_wins_when_the_saruman_piece_reaches_the_ring():
    g = build({"0805": "saruman", "0806": "ring"}, player="saruman")
    move(g, "saruman", "0806")
    assert g.result["winner"] == "saruman" and "Saruman piece" in g.result["text"]


@pytest.mark.rule("ring", "[3.1]", "[11.12]")
def test_3_1_the_alliance_wins_destroying_the_ring_in_mount_doom():
    g = build({"1919": "ring"}, player="alliance")
    move(g, "ring", "1920")
    assert g.result == {"winner": "alliance", "level": "victory", "rule": "[11.12]",
                        "text": g.result["text"]}


@pytest.mark.rule("ring", "[3.1]")
def test_3_1_a_sauron_ring_in_isengard_or_saruman_ring_in_barad_dur_wins_nothing():
    g = build({"2120": "ring"}, player="saruman", ring_holder="saruman")
    move(g, "ring", "2119")
    assert g.result is None


@pytest.mark.rule("ring", "[3.2]", "[5.1]")
def test_3_2_two_players_the_evil_alliance_is_one_force_and_plays_first():
    g = ringwar.new_game("battle-of-the-ring", options={"players": 2})
    assert g.sides == ("evil", "alliance") and g.to_act == "evil"
    assert g.player("orc1") == g.player("manorc1") == g.player("nazgul") == "evil"
    # both Sauron's and Saruman's pieces move in the Evil Alliance's turn
    selectable = {a["piece"] for a in g.legal_actions() if a["type"] == "select"}
    assert any(p.startswith("orc") for p in selectable) and any(p.startswith("manorc") for p in selectable)


@pytest.mark.rule("ring", "[3.2]")
def test_3_2_the_evil_alliance_wins_with_the_ring_in_barad_dur_only():
    g = build({"2120": "ring"}, players=2, player="evil", ring_holder="evil")
    move(g, "ring", "2119")
    assert g.result["winner"] == "evil"
    g = build({"1118": "ring"}, players=2, player="evil", ring_holder="evil")
    move(g, "ring", "1117")
    assert g.result is None


@pytest.mark.rule("ring", "[5.1]")
def test_5_1_turns_go_sauron_saruman_alliance_then_a_new_round():
    g = build({"0805": "orc", "0905": "manorc", "1005": "gondor"}, player="sauron", round=1)
    seen = []
    for _ in range(4):
        seen.append((g.turn, g.to_act))
        while g.to_act == seen[-1][1] and g.turn == seen[-1][0]:
            act(g, END)
    assert seen == [(1, "sauron"), (1, "saruman"), (1, "alliance"), (2, "sauron")]


@pytest.mark.rule("ring", "[5.2]", "[10.0]")
def test_5_2_a_turn_is_build_move_attack_move():
    g = build({"2119": "orc1", "0805": "orc2", "0806": "gondor"}, player="sauron", phase="build",
              round=2)
    phases = [g.phase]
    while g.to_act == "sauron":
        act(g, END)
        phases.append(g.phase)
    assert phases == ["build", "move1", "attack", "move2", "build"]


@pytest.mark.rule("ring", "[10.0]")
def test_10_0_the_second_movement_phase_is_like_the_first():
    g = build({"0805": "orc"}, player="sauron", phase="move2")
    move(g, "orc1", "0804", "0803")
    assert g.hex_of["orc1"] == "0803"
    refused(g, {"type": "select", "piece": "orc1"})


@pytest.mark.rule("ring", "[1.0]")
def test_1_0_no_zones_of_control_no_retreats_live_or_die_combat():
    # a piece next to an enemy moves away and past it freely
    g = build({"0805": "orc", "0806": "gondor", "0707": "gondor"}, player="alliance")
    move(g, "gondor1", "0906", "0907")
    assert g.hex_of["gondor1"] == "0907"
    # combat either eliminates a piece or does nothing: nobody is ever displaced
    for seed in range(12):
        g = build({"0805": "orc", "0806": "gondor"}, player="sauron", phase="attack", seed=seed)
        act(g, {"type": "attack", "piece": "orc1", "target": "gondor1"})
        assert set(g.hex_of.items()) <= {("orc1", "0805"), ("gondor1", "0806")}


def end_round(g: ringwar.Game) -> None:
    """End phases until the round changes (or the game ends)."""
    r = g.turn
    while g.result is None and g.turn == r:
        act(g, END)


def test_round_limit_the_rules_set_no_game_length():
    # a game between people plays on: no round limit unless the players choose one
    g = ringwar.new_game("battle-of-the-ring", seed=1)
    assert g.round_limit is None and g.record.options["round_limit"] is None
    g = build({"0805": "orc", "1005": "gondor"}, player="alliance", round=30, phase="move2")
    end_round(g)
    assert g.result is None and g.turn == 31
    # unattended play (simulations, tournaments, self-play) uses 30 rounds
    assert system_class("battle-of-the-ring").SIMULATION_OPTIONS == {"round_limit": 30}
    assert unattended_options("battle-of-the-ring") == {"round_limit": 30}


def test_round_limit_a_game_ends_at_the_limit_as_a_draw():
    g = build({"0805": "orc", "1005": "gondor"}, player="alliance", round=3,
              options={"round_limit": 3})
    act(g, END)
    assert g.result is None and g.phase == "move2"
    act(g, END)
    assert g.result["winner"] is None and g.result["level"] == "draw"
    assert "round_limit" in g.result["text"] and g.turn == 3


def test_round_limit_old_records_replay_with_the_30_rounds_they_were_played_with():
    # a record written before the option existed names neither round_limit nor max_rounds
    old = ringwar.GameRecord(
        "battle-of-the-ring", 0, None, {}, {"pieces": {"0805": "orc", "1005": "gondor"},
                                            "round": 30, "player": "alliance", "phase": "move2"})
    g = ringwar.replay(old)
    assert g.round_limit == 30
    act(g, END)
    assert g.result is not None and g.result["level"] == "draw" and g.turn == 30
    # one that names the old option max_rounds still replays with it (a deprecated alias)
    for opts in ({"max_rounds": 3}, {"max_rounds": 3, "round_limit": None},
                 {"max_rounds": 3, "round_limit": 3}):
        g = build({"0805": "orc", "1005": "gondor"}, player="alliance", round=3, phase="move2",
                  options=opts)
        assert g.round_limit == 3
        act(g, END)
        assert g.result is not None and g.result["level"] == "draw"
    with pytest.raises(ringwar.RecordError):
        build({"0805": "orc"}, options={"max_rounds": 3, "round_limit": 4})
