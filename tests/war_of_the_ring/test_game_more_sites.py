"""Eye and Magic sites through the game [WR §10.10] [WR §11.8] [WR §11.9] [WR §5.8]: a monster
fights and stays until killed, a reveal card reveals, a bluff does nothing, the first to enter
takes a Magic card, Shadowfax is Gandalf's alone, and the items of the start sites."""

from __future__ import annotations

import json

import pytest

from .builder import Position, move, texts

rule = pytest.mark.rule


def entering(card: str, deck: str = "eye", site: str = "1808", *walkers: str, turn: int = 2):
    """Hidden ``walkers`` (default Aragorn) next to the site (1909), at Fellowship movement."""
    p = Position().clear().turn(turn).site(deck, site, card)
    for w in walkers or ("aragorn",):
        p.char(w, "1909", hidden=True, seen="2008")
    return p, p.at("5c")


# ----- Eye sites [WR §10.10] -----------------------------------------------------------------------
@rule("war-of-the-ring", "§10.10", "§11.8", "§10.4")
def test_10_10_a_monster_fights_the_group_and_stays_face_up_until_killed() -> None:
    p, g = entering("cave-troll", "eye", "1808", "aragorn", "gimli")
    # Aragorn (C 5 + Andúril 2) against the Cave Troll (C 5, E 8): 6+7 / 1+5 → 7 wounds; then
    # 1+7 / 6+5 → Aragorn −3; then 3+7 / 5+5, a tie: the troll lives with E 1
    p.dice(6, 1, 1, 6, 3, 5)
    ev = move(g, "1808", piece="aragorn")
    a = g.chars["aragorn"]
    assert a["hex"] == "1808" and not a["hidden"] and a["e"] == 6, texts(ev)
    assert g.monsters["1808"] == {"card": "cave-troll", "e": 1}
    assert "1808" not in g.sites["eye"]
    assert g.view("dark")["monsters"]["1808"]["endurance"] == 1    # face up, for everyone
    # the next to enter fights it again: Gimli 6+4 against 1+5 → slain
    p.dice(6, 1)
    ev = move(g, "1808", piece="gimli")
    assert "1808" not in g.monsters, texts(ev)
    assert "slain" in texts(ev)
    p.dice_done()


@rule("war-of-the-ring", "§10.10", "§10.9.3")
def test_10_10_a_monster_never_fights_the_ring_wearer() -> None:
    p, g = entering("cave-troll", "eye", "1808", "frodo")
    g.apply({"type": "put_on"})
    p.dice()                                                    # no round is fought
    ev = move(g, "1808", piece="frodo")
    assert g.chars["frodo"]["e"] == 6 and g.chars["frodo"]["alive"], texts(ev)
    assert g.monsters["1808"]["e"] == 8


@rule("war-of-the-ring", "§10.10", "§11.8", "§V1")
def test_10_10_a_reveal_card_reveals_the_group_and_ends_its_move() -> None:
    p, g = entering("crebain", "eye", "1808", "aragorn")
    p.dice()
    ev = move(g, "1808", piece="aragorn")
    assert not g.chars["aragorn"]["hidden"], texts(ev)
    assert any(c["id"] == "aragorn" and c["hex"] == "1808" for c in g.view("dark")["characters"])
    assert "1808" not in g.sites["eye"] and "1808" not in g.monsters


@rule("war-of-the-ring", "§10.10", "§11.8", "§12")
def test_10_10_a_bluff_card_is_discarded_and_the_group_stays_hidden() -> None:
    p, g = entering("frightening-rumor", "eye", "1808", "aragorn")
    p.dice()
    move(g, "1808", piece="aragorn")
    assert g.chars["aragorn"]["hidden"] and g.chars["aragorn"]["hex"] == "1808"
    assert "1808" not in g.sites["eye"]
    assert "1808" not in json.dumps(g.view("dark")["characters"])


# ----- Magic sites [WR §10.10] [WR §11.9] ----------------------------------------------------------
@rule("war-of-the-ring", "§10.10", "§11.9", "§V1")
def test_10_10_the_first_free_character_to_enter_a_magic_site_takes_its_card_in_secret() -> None:
    p, g = entering("elven-rope", "magic", "1808", "aragorn", "gimli")
    ev = move(g, "1808", piece="aragorn")
    assert "elven-rope" in g.chars["aragorn"]["items"] and "1808" not in g.sites["magic"]
    assert [e for e in ev if e["type"] == "magic" and e.get("visible_to") == "fellowship"]
    assert "Elven Rope" not in json.dumps(g.log_for("dark"))
    move(g, "1808", piece="gimli")
    assert "elven-rope" not in g.chars["gimli"]["items"]


@rule("war-of-the-ring", "§10.10", "§V30", "§11.9")
def test_V30_shadowfax_may_be_taken_only_by_gandalf() -> None:
    p = Position().clear().turn(2).site("magic", "2222", "shadowfax")
    p.char("aragorn", "2322").char("gandalf", "2322")
    g = p.at("5c")
    move(g, "2222", piece="aragorn")
    assert "shadowfax" not in g.chars["aragorn"]["items"] and g.sites["magic"]["2222"] == "shadowfax"
    move(g, "2222", piece="gandalf")
    assert "shadowfax" in g.chars["gandalf"]["items"] and "2222" not in g.sites["magic"]
    assert g.char_mf("gandalf") == 10


@rule("war-of-the-ring", "§10.10", "§11.9")
def test_10_10_characters_starting_on_a_magic_site_take_its_card_at_the_end_of_the_first_fellowship_movement() -> None:
    p = Position().clear().turn(1).site("magic", "2008", "elven-rope")
    p.char("elrond", "2008").char("frodo", "2008", hidden=True)
    g = p.at("5c")
    assert g.sites["magic"]["2008"] == "elven-rope"             # not on the way in
    g.apply({"type": "done"})
    holders = [c for c in ("elrond", "frodo") if "elven-rope" in g.chars[c]["items"]]
    assert len(holders) == 1 and "2008" not in g.sites["magic"]
    # only the first movement: in turn 2 a card on the start site stays
    p = Position().clear().turn(2).site("magic", "2008", "elven-rope").char("elrond", "2008")
    g = p.at("5c")
    g.apply({"type": "done"})
    assert g.sites["magic"]["2008"] == "elven-rope" and "elven-rope" not in g.chars["elrond"]["items"]


@rule("war-of-the-ring", "§10.10", "§5.8", "§11.9")
def test_5_8_both_magic_cards_of_lorien_can_be_taken() -> None:
    g = Position(seed=3).g
    assert g.sites["magic"].get("2315") == "phial" and "2315+" in g.sites["magic"]
    second = g.sites["magic"]["2315+"]
    p = Position(seed=3).clear(sites=False).turn(2)
    p.char("legolas", "2316").char("gimli", "2316")
    g = p.at("5c")
    move(g, "2315", piece="legolas")
    move(g, "2315", piece="gimli")
    items = g.chars["legolas"]["items"] + g.chars["gimli"]["items"]
    assert "phial" in items and second in items, items
