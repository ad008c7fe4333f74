"""Minas Tirith halves the seed-4 whole-system estimate (issue 17) showed no test checking:
[MT §2.7] only a present commander in action, of the unit's own side, commands it; [MT §3] the
table's picture is drawn at the scale the client is told, as SVG or PNG as asked."""

from __future__ import annotations

import re

import pytest

import ringwar

from .builder import Table, rule


@rule("§2.7")
@pytest.mark.parametrize("state", ["in action", "out of action", "away", "dead"])
def test_2_7_only_a_present_commander_in_action_commands(state):
    t = Table()
    t.clear()
    t.round("west", card="recovery", pips=10)
    t.unit("G3", 100, 60, 0)
    ld = t.leader("hurin", 100, 64)                   # CS 10, CL 2: in span
    if state == "out of action":
        ld.out_of_action = True
    elif state == "away":
        ld.away_until_check = True
    elif state == "dead":
        ld.alive = False
    t.g._after_change()
    assert t.g.best_cl(t.g.units["G3"]) == (2 if state == "in action" else None)


@rule("§2.7")
def test_2_7_a_commander_never_commands_the_enemy_s_units():
    t = Table()
    t.clear()
    t.round("west", card="recovery", pips=10)
    t.unit("M1", 100, 60, 0)                          # a unit of the Dark Lord
    t.leader("hurin", 100, 64)
    assert t.g.best_cl(t.g.units["M1"]) is None


@rule("§3")
def test_3_the_picture_is_drawn_at_the_scale_the_client_is_told_in_the_format_asked():
    g = ringwar.new_game("minas-tirith", seed=1)
    scale = g.table_geometry()["picture_scale"]
    for k in (1.0, 2.0):
        svg = g.picture("svg", units=False, scale=k)
        assert isinstance(svg, str) and svg.startswith("<svg")
        width = float(re.search(r'width="([0-9.]+)"', svg).group(1))
        assert width == pytest.approx(g.B.width * scale * k)
    png = g.picture("png", units=False)
    assert isinstance(png, bytes) and png.startswith(b"\x89PNG")
