"""[7.41] x [7.42] outcome probabilities: ringwar.systems.spi.odds and ``ringwar odds``."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction as F

import pytest
from click.testing import CliRunner

import ringwar
from ringwar.cli import main
from ringwar.core import hexes as hx
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


# ===== previews explained (issue 14, item 9) =====================================================
rule = pytest.mark.rule
CASE = re.compile(r"\[\d+(\.\d+)?\]")
#: every code the charts define: [7.42] (and "-" for no casualty), [7.26], and the roll outcomes
CHART_CODES = {"-", "r1", "r2", "½E", "½E, r1", "E", "Dr2", "D½", "De", "Ar2", "A½", "Ae",
               "cast", "fails", "rallied", "breach", "on target", "scatters"}


def check_schema(pv: dict) -> None:
    """The preview schema of docs/engine.md, complete and consistent."""
    for key in ("table", "column", "shifts", "odds", "legend", "summary"):
        assert key in pv, key
    assert CASE.search(pv["table"]) and pv["column"] and pv["summary"]
    assert pv["odds"] and abs(sum(pv["odds"].values()) - 1) < 1e-9
    assert all(0 < p <= 1 for p in pv["odds"].values())
    assert set(pv["odds"]) <= CHART_CODES, pv["odds"]
    assert set(pv["legend"]) == set(pv["odds"]) and all(pv["legend"].values())
    for s in pv["shifts"]:
        assert set(s) == {"rule", "text"} and CASE.fullmatch(s["rule"]) and s["text"], s


def rough_melee(reduced: bool = False):
    """An Orc attacks Men standing in rough (errata [4.3]: +1 armour), not across a hexside."""
    g0 = Position("sauron").clear().game()
    rough, frm = next((h, x) for h in sorted(g0.hexmap.hexes) if g0.hexmap.terrain(h) == "rough"
                      for x in hx.neighbours(h) if x in g0.hexmap and g0.hexmap.terrain(x) == "clear"
                      and not g0.hexmap.side(x, h))
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    o = pos.place("orc", frm)
    m = pos.place("men", rough, reduced=reduced)
    g = pos.game()
    while g.step != "melee":
        g.apply({"type": "end"})
    return g, o, m


@rule("standard", "[4.3]", "[7.41]", "[7.42]")
def test_preview_of_a_melee_names_the_tables_the_column_and_the_rough_shift():
    g, o, m = rough_melee()
    pv = g.preview({"type": "attack", "unit": o, "target": m})
    check_schema(pv)
    assert pv["table"].startswith("[7.41] Casualty Probability Table") and "[7.42]" in pv["table"]
    # Orcs D against Men armour 3 + 1 (rough) = 4: a casualty on 2-5; morale X
    assert (pv["attack"], pv["armour"], pv["morale"]) == ("D", 4, "X")
    assert "attack D against armour 4" in pv["column"] and "2-5" in pv["column"] and "morale X" in pv["column"]
    assert {"rule": "[4.3]", "text": "defender in rough: armour +1"} in pv["shifts"]
    hit = F(1 + 2 + 3 + 4, 36)
    assert pv["odds"]["-"] == pytest.approx(float(1 - hit))
    assert set(pv["odds"]) == {"-", "r1", "r2", "½E, r1"}            # X never gives E
    assert "inverted" in pv["legend"]["½E, r1"] and "retreat" in pv["legend"]["r1"]
    # the AI's and the terminal's keys are still there
    assert pv["outcomes"] == attack_odds(g, o, m)["odds"] and pv["reasons"] == attack_odds(g, o, m)["reasons"]


@rule("standard", "[7.42]")
def test_preview_says_a_reduced_defender_dies_of_half_e():
    g, o, m = rough_melee(reduced=True)
    pv = g.preview({"type": "attack", "unit": o, "target": m})
    check_schema(pv)
    assert any(s["rule"] == "[7.42]" and "reduced" in s["text"] for s in pv["shifts"])
    assert "already inverted: it is eliminated" in pv["legend"]["½E, r1"]


@rule("standard", "[7.18]")
def test_preview_of_missile_fire_at_a_unit_behind_a_wall_shows_the_wall():
    pos = Position("gondor", seed=1).clear().at(turn=8, phase="D")
    w = pos.place("gondor_spearmen", "1910")
    a = pos.place("orc_archer", "2010")
    g = pos.game()
    pv = g.preview({"type": "fire", "unit": a, "target": w})
    check_schema(pv)
    assert pv["armour"] == 4 and "missile fire" in pv["column"]
    assert any(s["rule"] == "[7.18]" and "wall" in s["text"] for s in pv["shifts"])


@rule("sauron", "[15.4]", "[7.37]")
def test_preview_of_a_fanatical_attack_skips_the_first_table_and_says_why():
    pos = Position("sauron", seed=1).clear().at(turn=16, phase="D", night=True)
    a = pos.place("orc_archer", "1324")
    m = pos.place("men", "1322")
    g = pos.game()
    pv = g.preview({"type": "fire", "unit": a, "target": m})
    check_schema(pv)
    assert "-" not in pv["odds"] and pv["fanatical"] is True
    rules = [s["rule"] for s in pv["shifts"]]
    assert "[15.4]" in rules and "[7.37]" in rules


@rule("standard", "[7.26]", "[10.0]")
def test_preview_of_individual_combat_reads_the_leader_table():
    pos = Position("sauron", seed=3).clear().at(turn=16, phase="D", night=True)
    pos.place("orc", "1324")
    pos.place("ringwraith", "1324")
    pos.place("men", "1323")
    pos.place("anarion", "1323")
    g = pos.game()
    while g.step != "leader":
        g.apply({"type": "end"})
    pv = g.preview({"type": "leader_attack", "unit": "ringwraith", "target": "anarion"})
    check_schema(pv)
    assert pv["table"] == "[7.26] Leader/Individual Combat Results Table"
    assert pv["differential"] == 7 + 3 - 6 and "column +4 or +5" in pv["column"]
    assert {"rule": "[10.0]", "text": "Ringwraith at night: +3"} in pv["shifts"]
    assert pv["odds"] == pytest.approx({"-": 1 / 6, "Dr2": 1 / 6, "D½": 2 / 6, "De": 2 / 6})
    assert "Anarion" in pv["legend"]["De"] and "[7.23]" in pv["legend"]["De"]


@rule("gondor", "[17.4]", "[8.56]")
def test_preview_of_a_spell_reads_the_magic_chart():
    pos = Position("gondor", seed=1).clear().at(turn=8, phase="A")
    pos.place("gondor_spearmen", "1706")
    pos.place("gandalf", "1706")
    pos.place("orc_infantry", "2020")
    g = pos.game()
    pv = g.preview({"type": "cast", "unit": "gandalf", "spell": "break_darkness", "points": 1})
    check_schema(pv)
    assert pv["table"] == "[17.4] Magic Capabilities Chart" and "6-8" in pv["column"]
    assert pv["odds"]["cast"] == pytest.approx(16 / 36) and "[8.56]" in pv["legend"]["fails"]


@rule("gondor", "[16.3]")
def test_preview_of_a_breach_reads_the_breach_table():
    pos = Position("gondor", seed=1).clear().at(turn=8, phase="B")
    c = pos.place("catapult", "2008")
    pos.place("orc_infantry", "2008")
    pos.place("gondor_spearmen", "1703")
    g = pos.game()
    pv = g.preview({"type": "breach", "unit": c, "hexside": "1908/1909"})
    check_schema(pv)
    assert pv["table"] == "[16.3] Breach Probability Table" and "[16.27]" in pv["legend"]["breach"]
    assert "range 2" in pv["column"] and pv["odds"]["breach"] == pytest.approx(4 / 36)   # a 9
    far = next(a for a in g.legal_actions() if a["type"] == "fireball" and hx.distance(a["to"], "2008") >= 3)
    pv = g.preview(far)
    check_schema(pv)
    assert pv["table"] == "[16.63] Scatter Diagram"
    assert pv["odds"] == pytest.approx({"on target": 0.5, "scatters": 0.5})


@rule("gondor", "[14.2]")
def test_preview_of_the_relief_attacking_from_off_the_map():
    pos = Position("gondor", seed=1).clear().at(turn=6, phase="G")
    pos.place("gondor_spearmen", "1706")
    o = pos.place("orc_infantry", "3610")                     # on Rohan's entry hex
    rohan = [f"rohan_heavy_cav{i}" for i in (1, 2, 3)]
    pos.extra(siege={"rohan": True}, available=rohan)
    g = pos.game()
    while g.step != "melee":
        g.apply({"type": "end"})
    attack = {"type": "attack", "unit": "rohan_heavy_cav1", "target": o}
    assert attack in g.legal_actions() and g.units["rohan_heavy_cav1"].hex is None
    pv = g.preview(attack)
    check_schema(pv)
    assert (pv["attack"], pv["armour"]) == ("B", 2)


@pytest.mark.parametrize("system, seed", [("sauron", 1), ("gondor", 1), ("gondor", 2)])
def test_every_attack_and_spell_in_random_games_has_a_complete_preview(system, seed):
    rng = random.Random(seed)
    g = ringwar.new_game(system, seed=seed)
    kinds: set[str] = set()
    for _ in range(4000):
        if g.result is not None:
            break
        acts = g.legal_actions()
        for a in acts:
            if a["type"] in ("fire", "attack", "leader_attack", "cast", "rally", "breach", "fireball", "head"):
                pv = g.preview(a)
                assert pv is not None, a
                check_schema(pv)
                kinds.add(a["type"])
        fights = [a for a in acts if a["type"] not in ("end", "stay", "hold")]
        g.apply(rng.choice(fights) if fights and rng.random() < 0.9 else rng.choice(acts))
    assert {"fire", "attack"} <= kinds
