"""[7.41] x [7.42] outcome probabilities: ringwar.systems.spi.odds and ``ringwar odds``."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest
from click.testing import CliRunner

from ringwar.cli import main
from ringwar.systems.spi.builder import Position
from ringwar.systems.spi.data import charts
from ringwar.systems.spi.odds import attack_odds, hit_chance, melee_fractions, melee_odds


def test_b_vs_3_morale_y_by_hand():
    # [7.41] B vs armour 3 hits on 2-7: 1+2+3+4+5+6 = 21 of 36 throws.
    # [7.42] Y: dice 1-2 E, 3 ½E+r1, 4-5 r2, 6 r1.
    hit = F(21, 36)
    assert hit_chance("B", 3) == hit
    assert melee_fractions("B", 3, "Y") == {
        "none": F(15, 36),
        "r1": hit * F(1, 6),
        "r2": hit * F(2, 6),
        "halfE+r1": hit * F(1, 6),
        "E": hit * F(2, 6),
    }
    assert melee_odds("B", 3, "Y")["halfE+r1"] == pytest.approx(21 / 36 / 6)


def test_a_vs_1_morale_w_by_hand():
    # A vs 1 hits on 2-10: 36 - (2 + 1) = 33 of 36; W never gives E
    hit = F(33, 36)
    odds = melee_fractions("A", 1, "W")
    assert odds == {"none": F(3, 36), "r1": hit * F(3, 6), "r2": hit * F(1, 6),
                    "halfE+r1": hit * F(2, 6)}
    assert "E" not in odds


def test_e_vs_4_morale_z_by_hand():
    # E vs 4 hits on 5-6: 4 + 5 = 9 of 36; Z: 1-4 E, 5 r2, 6 r1
    hit = F(9, 36)
    assert melee_fractions("E", 4, "Z") == {"none": 1 - hit, "r1": hit / 6, "r2": hit / 6,
                                            "E": hit * F(4, 6)}


@pytest.mark.parametrize("letter", "ABCDE")
@pytest.mark.parametrize("armour", [1, 2, 3, 4])
@pytest.mark.parametrize("morale", "WXYZ")
def test_every_cell_sums_to_one_and_agrees_with_the_charts(letter, armour, morale):
    fr = melee_fractions(letter, armour, morale)
    assert sum(fr.values()) == 1
    assert all(v > 0 for v in fr.values())
    lo, hi = charts().cpt_range(letter, armour)
    hits = sum(6 - abs(t - 7) for t in range(lo, hi + 1))
    assert fr.get("none", 0) == 1 - F(hits, 36)
    fl = melee_odds(letter, armour, morale)
    assert set(fl) == set(fr)
    assert sum(fl.values()) == pytest.approx(1.0)
    assert set(fl) <= {"none", "r1", "r2", "halfE", "halfE+r1", "E"}


def test_fanatical_skips_the_casualty_probability_table():
    odds = melee_fractions("E", 4, "Y", fanatical=True)
    assert "none" not in odds
    assert odds == {"r1": F(1, 6), "r2": F(2, 6), "halfE+r1": F(1, 6), "E": F(2, 6)}
    assert odds == melee_fractions("A", 1, "Y", fanatical=True)


def test_lower_case_missile_letters_are_accepted():
    assert melee_odds("e", 2, "x") == melee_odds("E", 2, "X")


@pytest.mark.parametrize("args", [("F", 3, "Y"), ("", 3, "Y"), ("AB", 3, "Y"), ("B", 0, "Y"),
                                  ("B", 5, "Y"), ("B", 3, "V"), ("B", 3, ""), ("B", True, "Y")])
def test_invalid_inputs_are_refused(args):
    with pytest.raises(ValueError):
        melee_odds(*args)


# ----- through a game's own hooks ---------------------------------------------------------------
def test_attack_odds_uses_the_game_modifiers():
    pos = Position("sauron").clear().at(turn=3, phase="D")
    w = pos.place("warg", "1324")
    m = pos.place("men", "1323")
    game = pos.game()
    res = attack_odds(game, w, m)
    armour, reasons = game.defence_armour(game.units[m], "1324", False)
    assert res["attack"] == game.attack_letter(game.units[w], melee=True, target=game.units[m])
    assert (res["armour"], res["reasons"]) == (armour, reasons)
    assert res["morale"] == game.defence_morale(game.units[m])
    assert res["fanatical"] is False
    assert res["odds"] == melee_odds(res["attack"], armour, res["morale"])


def test_attack_odds_fanatical_orcs_at_night_and_the_missile_errata():
    def build(options):
        pos = Position("sauron", options=options).clear().at(turn=16, phase="D", night=True)
        a = pos.place("orc_archer", "1324")
        m = pos.place("men", "1322")
        return pos.game(), a, m

    game, a, m = build({})
    assert game.is_night()
    melee = attack_odds(game, a, m, missile=False)
    missile = attack_odds(game, a, m, missile=True)
    assert melee["fanatical"] and missile["fanatical"]
    assert "none" not in missile["odds"]
    assert missile["attack"] == "E"
    game, a, m = build({"errata_7_37": False})
    assert attack_odds(game, a, m, missile=True)["fanatical"] is False
    assert attack_odds(game, a, m, missile=False)["fanatical"] is True


def test_attack_odds_refuses_a_unit_without_that_strength():
    pos = Position("sauron").clear().at(turn=3, phase="D")
    w = pos.place("warg", "1324")
    m = pos.place("men", "1323")
    game = pos.game()
    with pytest.raises(ValueError, match="missile"):
        attack_odds(game, w, m, missile=True)
    with pytest.raises(ValueError, match="unknown unit"):
        attack_odds(game, w, "nobody")


# ----- the command -------------------------------------------------------------------------------
def test_cli_json_output():
    r = CliRunner().invoke(main, ["odds", "--attack", "B", "--armour", "3", "--morale", "Y", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data == {k: float(v) for k, v in melee_fractions("B", 3, "Y").items()}
    assert list(data) == ["none", "r1", "r2", "halfE+r1", "E"]


def test_cli_fanatical_json_and_table():
    r = CliRunner().invoke(main, ["odds", "--attack", "C", "--armour", "2", "--morale", "Z",
                                  "--fanatical", "--json"])
    assert r.exit_code == 0
    assert "none" not in json.loads(r.output)
    r = CliRunner().invoke(main, ["odds", "--attack", "B", "--armour", "3", "--morale", "Y"])
    assert r.exit_code == 0
    assert "halfE+r1" in r.output and "7/72" in r.output and "58.3%" in r.output


@pytest.mark.parametrize("args, word", [
    (["--attack", "F", "--armour", "3", "--morale", "Y"], "attack strength"),
    (["--attack", "B", "--armour", "7", "--morale", "Y"], "Armour Protection Rating"),
    (["--attack", "B", "--armour", "x", "--morale", "Y"], "Armour Protection Rating"),
    (["--attack", "B", "--armour", "3", "--morale", "Q"], "morale"),
    (["--attack", "B", "--armour", "3"], "Missing option"),
])
def test_cli_invalid_input(args, word):
    r = CliRunner().invoke(main, ["odds", *args])
    assert r.exit_code == 2
    assert word in r.output
    assert "Traceback" not in r.output
