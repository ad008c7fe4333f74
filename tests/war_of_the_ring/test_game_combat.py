"""Army and individual combat as the game applies them [WR §10.3] [WR §10.4] [WR §10.5]
[WR §V14]-[WR §V16] [WR §V25] [WR §V27] [WR §V31] [WR §V32].  Positions end the game at the
end of their turn (turn_limit) so that no later turn needs dice."""

from __future__ import annotations

import pytest

from .builder import Position, kinds, texts

rule = pytest.mark.rule


def battle_text(ev) -> str:
    return next(e["text"] for e in ev if e["type"] == "battle")


def dark_attack(p: Position, h: str, *rolls: int):
    p.mobilize("MOR").sp(20)
    p.dice(*rolls)
    g = p.at("7c")
    assert {"type": "attack", "hex": h} in g.legal_actions(), g.legal_actions()
    return g, g.apply({"type": "attack", "hex": h})


@rule("war-of-the-ring", "§V15", "§10.3", "§11.1")
def test_V15_minas_tirith_quadruples_its_defenders() -> None:
    p = Position(turn_limit=1).clear().unit("GON-01", "2824")
    for u in ("MOR-01", "MOR-05", "MOR-06", "MOR-07"):
        p.unit(u, "2824")
    g, ev = dark_attack(p, "2824", 3)
    t = battle_text(ev)
    assert "100 against 25 × 4 (citadel) → 1-1" in t, t
    assert ": 20/10" in t                                     # 1-1, die 3


@rule("war-of-the-ring", "§V16", "§10.3")
def test_V16_thranduils_palace_doubles_its_defenders() -> None:
    p = Position(turn_limit=1).clear().unit("MIR-01", "2905")
    p.unit("MOR-13", "2905").unit("MOR-14", "2905", 15)
    g, ev = dark_attack(p, "2905", 3)
    t = battle_text(ev)
    assert "40 against 10 × 2 (citadel) → 2-1" in t, t
    assert "shifted to 3-2" in t                              # a forest hex


@rule("war-of-the-ring", "§V14", "§11.3", "§10.3")
def test_V14_T_ID_1_a_100_result_destroys_rivendells_defence_for_ever_elronds_return_does_not_restore_it() -> None:
    p = Position(turn_limit=1).clear().char("elrond", "2008")
    for u in ("MOR-01", "MOR-05", "MOR-06", "MOR-07", "MOR-09", "MOR-10", "MOR-13"):
        p.unit(u, "2008")
    assert p.g.defence_value("2008") == 20
    # 175 against 20 → 8-1; Elrond's Sorcery −1 → 6-1; d6 6 → –/100; then Elrond, alone with
    # enemy armies, suffers a capture attempt (6: fails) and slips away
    g, ev = dark_attack(p, "2008", 6, 6)
    t = battle_text(ev)
    assert "intrinsic defence 20" in t and "= 6: -/100;" in t, t
    assert g.defence["2008"]["destroyed"]
    assert g.defence_value("2008") == 0
    p.char("elrond", "2008")
    assert g.defence_value("2008") == 0
    assert g.view(None)["defences"]["2008"] == 0
    assert "2008" not in g.open_sanctuaries()


@rule("war-of-the-ring", "§V14", "§V18", "§V8", "§11.3")
def test_V14_rivendell_and_lorien_have_no_defence_while_elrond_or_galadriel_is_away() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(20)
    p.unit("MOR-01", "2008").unit("MOR-13", "2315")
    g = p.at("7c")
    assert g.defence_value("2008") == 0 and g.defence_value("2315") == 0
    assert g.ask is None or g.ask["kind"] != "combat"         # nothing to attack
    p.char("elrond", "2008").char("galadriel", "2315")
    assert g.defence_value("2008") == 20 and g.defence_value("2315") == 20
    assert not g.defence["2008"]["destroyed"]


@rule("war-of-the-ring", "§V14", "§10.3", "§11.5")
def test_V14_defending_leaders_ignore_k_while_the_intrinsic_defence_stands() -> None:
    # Barad-dûr (ID 40) undefended but for the Lord of the Nazgûl: 320 against 40 → 8-1;
    # the Lord's Sorcery −1 → 6-1; d6 6 + 3 (Faramir) − 4 (the Lord) = 5 → –/75k
    p = Position(turn_limit=1).clear().mobilize("GON", "MOR")
    p.unit("GON-01", "3523", 320).char("faramir", "3523").char("n1", "3523")
    p.dice(6)                                                 # and no leader-loss roll
    g = p.at("5d")
    ev = g.apply({"type": "attack", "hex": "3523"})
    t = battle_text(ev)
    assert "intrinsic defence 40" in t and t.endswith("/75k"), t
    assert "ignore" in texts(ev)
    assert g.chars["n1"]["alive"] and g.chars["n1"]["e"] == g.D.characters["n1"].endurance
    assert not g.defence["3523"]["destroyed"] and g.control["3523"] == "sauron"
    p.dice_done()


@rule("war-of-the-ring", "§V14", "§11.3", "§10.2.1")
def test_V14_the_undefended_morannon_stops_a_free_army_and_may_be_attacked_at_10() -> None:
    p = Position(turn_limit=1).clear().mobilize("GON", "MOR")
    p.unit("GON-04", "2920", 10).unit("GON-05", "2920")
    g = p.at("5c")
    r = {h: v[1] for h, v in g.destinations(["GON-04"], "fellowship").items()}
    assert "3021" in r
    assert all("3021" not in path[1:-1] for path in r.values()), "passed through the Morannon"
    p.unit("GON-04", "3021").unit("GON-05", "3021")
    g = p.at("5d")
    assert {"type": "attack", "hex": "3021"} in g.legal_actions()


@rule("war-of-the-ring", "§V27", "§10.3", "§11.5")
def test_V27_rangers_absorb_the_k_and_lead_at_1_with_no_other_leader() -> None:
    p = Position(turn_limit=1).clear().mobilize("GON", "DUN", "MOR").sp(0)
    p.unit("DUN-01", "2923").unit("GON-04", "2923").unit("MOR-01", "2923").char("n1", "2923")
    # 15 against 25 → 1-2; the Lord's Sorcery −1 → 1-3; d6 1 + 1 (Rangers) − 4 = 0 → 50k/–
    p.dice(1)
    g = p.at("5d")
    ev = g.apply({"type": "attack", "hex": "2923"})
    t = battle_text(ev)
    assert "Rangers [WR §V27]" in t and "50k" in t, t
    assert g.units["DUN-01"]["str"] == 0 and g.units["DUN-01"]["hex"] is None
    assert "absorbs" in texts(ev)
    p.dice_done()


@rule("war-of-the-ring", "§V25", "§10.3")
def test_V25_only_an_elf_leader_gandalf_or_aragorn_leads_a_force_with_elves() -> None:
    for leader, shown in (("boromir", "no leader"), ("legolas", "Legolas (Morale 2)"),
                          ("gandalf", "Gandalf (Morale 4)")):
        p = Position(turn_limit=1).clear().mobilize("LOR", "MOR").sp(0)
        p.unit("LOR-01", "2617").unit("LOR-02", "2617").unit("MOR-11", "2617").char(leader, "2617")
        p.dice(6, 6, 6)
        g = p.at("5d")
        ev = g.apply({"type": "attack", "hex": "2617"})
        t = battle_text(ev)
        assert f"+ {0 if leader == 'boromir' else int(shown[-2])} ({shown})" in t, t


@rule("war-of-the-ring", "§V31", "§10.3")
def test_V31_T_FEAR_1_two_nazgul_and_a_leader_give_1_all_nine_give_2_none_when_defending() -> None:
    def attack(nazgul, others=()):
        p = Position(turn_limit=1).clear().unit("GON-04", "2924").unit("MOR-01", "2924")
        for n in nazgul:
            p.char(n, "2924")
        for c in others:
            p.char(c, "2924")
        g, ev = dark_attack(p, "2924", 3, 6, 6, 6)
        return battle_text(ev)

    assert "Nazgûl Fear" not in attack(["n3", "n4"])
    assert "Nazgûl Fear: two Nazgûl and a leader" in attack(["n3", "n4"], ["mouth"])
    assert "Nazgûl Fear: two Nazgûl and a leader" in attack(["n3", "n4", "n5"])
    t = attack([f"n{i}" for i in range(1, 10)])
    assert "Nazgûl Fear: all nine" in t and "two Nazgûl" not in t
    # defending: no shift for the Nazgûl
    p = Position(turn_limit=1).clear().mobilize("GON", "MOR").sp(0)
    p.unit("GON-01", "2924").unit("GON-02", "2924").unit("MOR-11", "2924")
    for n in ("n3", "n4", "n5", "mouth"):
        p.char(n, "2924")
    p.dice(3, 6, 6, 6)
    g = p.at("5d")
    ev = g.apply({"type": "attack", "hex": "2924"})
    assert "Nazgûl Fear" not in battle_text(ev)


@rule("war-of-the-ring", "§V32", "§10.5")
def test_V32_a_defender_attacked_from_afar_that_loses_10_percent_while_the_attacker_loses_5_routs() -> None:
    def attack(start):
        p = Position(turn_limit=1).clear().unit("GON-04", "2825").mobilize("GON")
        for u in ("MOR-01", "MOR-05", "MOR-06", "MOR-07"):
            p.unit(u, "2825", start=start)
        # 100 against 10 → 8-1; d6 1 → 5/40: the defender loses 4 and has 6 left
        g, ev = dark_attack(p, "2825", 1, 6, 6, 6, 6)
        return g, ev

    g, ev = attack("2824")                                    # began 1 hex away
    assert g.units["GON-04"]["hex"] == "2825" and g.units["GON-04"]["str"] == 6
    g, ev = attack("3024")                                    # began 2 hexes away
    r = g.units["GON-04"]
    assert r["str"] == 6 and r["hex"] != "2825", texts(ev)
    from ringwar.core import hexes as hx
    assert hx.distance(r["hex"], "2825") >= 2
    assert "Rout" in texts(ev)


@rule("war-of-the-ring", "§10.3", "§6.1", "§V24")
def test_10_3_unmobilized_units_do_not_attack_but_defend() -> None:
    p = Position(turn_limit=1).clear().unit("ROH-01", "2323").unit("MOR-11", "2323")
    p.dice()
    g = p.at("5d")
    assert not (g.ask and g.ask["kind"] == "combat")


@rule("war-of-the-ring", "§V24", "§10.3")
def test_V24_eomer_and_his_troops_may_attack_10_orc_strength_in_unmobilized_rohan() -> None:
    p = Position(turn_limit=1).clear().unit("ROH-03", "2422").unit("MOR-11", "2422")
    p.char("eomer", "2422")
    g = p.at("5d")
    assert {"type": "attack", "hex": "2422"} in g.legal_actions()
    p.unit("MOR-11", "2422", 11)
    g = p.at("5d")
    assert not (g.ask and {"type": "attack", "hex": "2422"} in g.legal_actions())


# ----- individual combat [WR §10.4] ---------------------------------------------------------
@rule("war-of-the-ring", "§10.4", "§8.1")
def test_10_4_a_challenged_nazgul_may_refuse_by_flying_to_barad_dur() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("aragorn", "2617").char("n3", "2617")
    g = p.at("5e")
    assert {"type": "challenge", "lead": "aragorn", "target": "n3"} in g.legal_actions()
    g.apply({"type": "challenge", "lead": "aragorn", "target": "n3"})
    assert g.ask["kind"] == "refuse" and g.ask["seat"] == "dark"
    g.apply({"type": "refuse"})
    assert g.chars["n3"]["hex"] == "3523"


@rule("war-of-the-ring", "§10.4", "§8.1", "§V31")
def test_V31_west_of_the_anduin_before_mordor_mobilizes_a_nazgul_cannot_refuse() -> None:
    p = Position(turn_limit=1).clear().sp(0)
    p.char("aragorn", "1509").char("n3", "1509")
    g = p.at("5e")
    p.dice(2, 2)                                              # one round: a tie
    g.apply({"type": "challenge", "lead": "aragorn", "target": "n3"})
    assert g.ask["kind"] == "duel_round" and g.ask["seat"] == "fellowship"
    g.apply({"type": "break_off"})
    assert g.chars["n3"]["hex"] == "1509"
    p.dice_done()


@rule("war-of-the-ring", "§10.4", "§10.9.3")
def test_10_9_3_only_nazgul_may_fight_the_ring_wearer() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("frodo", "2617").char("n3", "2617").char("mouth", "2617").ring(worn=True, area="K")
    g = p.at("7d")
    opts = g.legal_actions()
    assert {"type": "challenge", "lead": "n3", "target": "frodo"} in opts
    assert {"type": "challenge", "lead": "mouth", "target": "frodo"} not in opts


@rule("war-of-the-ring", "§10.4", "§10.6", "§V1")
def test_10_4_a_hidden_character_cannot_be_challenged_and_a_fighter_is_revealed() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("gimli", "2617", hidden=True).char("aragorn", "2617").char("n3", "2617")
    g = p.at("7d")
    targets = {a.get("target") for a in g.legal_actions()}
    assert "gimli" not in targets and "aragorn" in targets
    assert "challenge" in kinds(g)
