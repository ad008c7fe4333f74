"""[WR §9] 2d: the draw says how many Event cards each player really drew, and the private
message names exactly those (the deck and its discards may run out)."""

from __future__ import annotations

import pytest

from .builder import Position

rule = pytest.mark.rule


@rule("war-of-the-ring", "§9")
def test_9_2d_the_draw_message_counts_the_cards_really_drawn_when_the_deck_runs_out() -> None:
    # one card left for two players: the first seat draws it, the second draws nothing
    p = Position().clear().search_deck(1, 2).turn(2).event_deck("grond")
    p.g.discards["event"] = []
    p.dice(3)                                                     # the Shadow Point d6
    before = len(p.g.log)
    g = p.at("2d")
    draws = [e for e in g.log[before:] if e["type"] == "draw"]
    public = [e for e in draws if "visible_to" not in e]
    private = [e for e in draws if "visible_to" in e]
    got = {seat: len(g.hands[seat]) for seat in g.hands}
    assert sorted(got.values()) == [0, 1]
    for e in public:
        k = got[e["seat"]]
        assert e["cards"] == k and f"draws {k} event card" in e["text"]
        assert ("exhausted: 0 of 1" in e["text"]) == (k == 0)
    texts = sorted(e["text"] for e in private)
    assert texts == sorted(["you draw: nothing", f"you draw: {g.D.event_cards['grond'].name}"])
    p.dice_done()
