"""The terminal commands: ``ringwar play``, ``replay``, ``selfplay`` (``odds``: test_odds.py)
and the text rendering they share (ringwar.textview)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import ringwar
from ringwar import textview as tv
from ringwar.cli import main
from ringwar.core.engine import Game, event


def run(args: list[str], lines: list[str] | None = None) -> Any:
    text = None if lines is None else "".join(line + "\n" for line in lines)
    return CliRunner().invoke(main, args, input=text)


def first_typed_move(seed: int) -> tuple[str, str, str]:
    """A legal move at the start of a Sauron game: (unit id, its hex, a destination)."""
    game = ringwar.new_game("sauron", seed=seed)
    for a in game.legal_actions():
        if a["type"] == "move":
            return a["unit"], game.units[a["unit"]].hex, a["to"]
        if a["type"] == "select":
            game.apply(a)
            moves = [m for m in game.legal_actions() if m["type"] == "move"]
            if moves:
                return moves[0]["unit"], game.units[moves[0]["unit"]].hex, moves[-1]["to"]
            game.undo()
    raise AssertionError("no legal move at the start")


# ===== play ======================================================================================
def test_play_hot_seat_session(tmp_path: Path):
    unit, frm, to = first_typed_move(1)
    s1, s2, s3, final = (str(tmp_path / n) for n in ("s1.json", "s2.json", "s3.json", "game.json"))
    r = run(["play", "sauron", "--vs", "human", "--seed", "1"], [
        "?",
        f"move {frm} {to}",
        f"save {s1}",
        "move 1221 9999",            # not a hex on the map
        "attack nobody 1324",        # no such unit, and not the phase for it
        f"save {s2}",
        "1",                         # refused: the list changed since it was shown
        "?",
        "1",
        f"save {s3}",
        "log",
        f"save {final}",
        "quit",
    ])
    out = r.output
    assert r.exit_code == 0, out
    assert "Turn 1 of 18" in out and "sauron to act" in out
    assert "[1] " in out                                    # the numbered list
    assert f"moves {frm} -> {to}" in out                    # the typed move's event, with its rule
    assert "[4.0] " in out
    assert out.count("illegal: [") >= 2
    assert Path(s1).read_text() == Path(s2).read_text()     # the refused commands changed nothing
    assert "the list of legal actions has changed" in out
    assert Path(s3).read_text() != Path(s2).read_text()     # the numbered choice did something
    game = ringwar.load(final)
    assert game.record.actions[0]["unit"] == unit
    assert "leaving the game" in out
    assert "Traceback" not in out

    r = run(["replay", final])
    assert r.exit_code == 0, r.output
    assert "[4.0] " in r.output and f"moves {frm} -> {to}" in r.output
    assert f"state hash {game.state_hash()}" in r.output
    r = run(["replay", final, "--side", "west"])
    assert r.exit_code == 0 and f"moves {frm} -> {to}" in r.output


def test_play_listing_map_units_help_undo(tmp_path: Path):
    unit, frm, to = first_typed_move(2)
    r = run(["play", "--vs", "human", "--seed", "2"], [
        "help", f"? {unit}", "units", "units sauron", "map", f"map {frm} 3", "status",
        f"move {unit} {to}", "undo", "undo", "log 2", "bogus", "99999", "quit",
    ])
    out = r.output
    assert r.exit_code == 0, out
    assert "commands:" in out
    assert f"{unit} " in out and f" at {frm}" in out         # listing grouped by unit
    assert "westernesse" in out and "sauron" in out
    assert f"|{frm}" in out or f"*{frm}" in out               # the hex grid
    assert "key: W=westernesse, S=sauron" in out
    assert f"moves {frm} -> {to}" in out
    assert "undone: 1 action" in out and "nothing to undo" in out
    assert "unknown command 'bogus'" in out
    assert "no action number 99999" in out


def test_play_against_the_random_agent_and_end_of_input():
    r = run(["play", "sauron", "--seed", "3", "--side", "west", "--vs", "random"], ["?", "log 3"])
    out = r.output
    assert r.exit_code == 0, out
    assert "against the random agent" in out
    assert "  sauron: [4.0]" in out                          # the agent's moves, as they happen
    assert "westernesse> " in out
    assert "end of input" in out


@pytest.mark.parametrize(("vs", "extra"), [("heuristic", []), ("mcts", ["--think", "0.05"]), (None, [])])
def test_play_against_the_strong_agents(vs, extra):
    """The default opponent is the rules-of-thumb AI; the search AI plays from worlds of its
    own side's view within its think time."""
    args = ["play", "sauron", "--seed", "3", "--side", "west", *(["--vs", vs] if vs else []), *extra]
    r = run(args, ["log 2"])
    out = r.output
    assert r.exit_code == 0, out
    assert f"against the {vs or 'heuristic'} agent" in out
    assert "  sauron: [4.0]" in out and "westernesse> " in out


def test_play_save_option_and_load(tmp_path: Path):
    path = str(tmp_path / "auto.json")
    unit, frm, to = first_typed_move(5)
    r = run(["play", "--vs", "human", "--seed", "5", "--save", path,
             "--option", "errata_7_37=false"], [f"move {frm} {to}", "quit"])
    assert r.exit_code == 0, r.output
    game = ringwar.load(path)
    assert game.options["errata_7_37"] is False
    assert len(game.record.actions) == 1
    r = run(["play", "--vs", "human", "--load", path], ["log 1", "quit"])
    assert r.exit_code == 0, r.output
    assert f"moves {frm} -> {to}" in r.output


def test_play_bad_arguments():
    r = run(["play", "sauron", "--option", "bogus=1"], [])
    assert r.exit_code == 1 and "unknown option 'bogus'" in r.output
    r = run(["play", "nosuchgame"], [])
    assert r.exit_code == 1 and "unknown game system" in r.output
    r = run(["play", "sauron", "--side", "elves"], [])
    assert r.exit_code == 2 and "not a side" in r.output


# ===== replay ====================================================================================
@pytest.fixture
def saved(tmp_path: Path) -> Path:
    unit, frm, to = first_typed_move(1)
    game = ringwar.new_game("sauron", seed=1)
    move = {"type": "move", "unit": unit, "to": to}
    if not game.is_legal(move):
        game.apply({"type": "select", "unit": unit})
    game.apply(move)
    p = tmp_path / "good.json"
    p.write_text(game.save())
    return p


def _damage(p: Path, how: str) -> None:
    text = p.read_text()
    if how == "truncated":
        p.write_text(text[: len(text) // 2])
        return
    data = json.loads(text)
    if how == "version":
        data["version"] = 99
    elif how == "hash":
        data["final_hash"] = "0" * 32
    elif how == "action":
        data["actions"][-1]["to"] = "9999"
    elif how == "system":
        data["system"] = "nosuchgame"
    p.write_text(json.dumps(data))


@pytest.mark.parametrize("how, words", [
    ("truncated", "not valid JSON"),
    ("version", "version 99 is not supported"),
    ("hash", "final_hash"),
    ("action", "does not replay"),
    ("system", "unknown game system"),
])
def test_replay_damaged_files(saved: Path, how: str, words: str):
    assert run(["replay", str(saved)]).exit_code == 0
    _damage(saved, how)
    r = run(["replay", str(saved)])
    assert r.exit_code == 1
    assert "error: " in r.output and words in r.output
    assert "Traceback" not in r.output


def test_replay_missing_file(tmp_path: Path):
    r = run(["replay", str(tmp_path / "nothing.json")])
    assert r.exit_code == 1 and "cannot read" in r.output


# ===== selfplay ==================================================================================
def test_selfplay_is_deterministic_on_a_tiny_budget():
    args = ["selfplay", "sauron", "--games", "2", "--seed", "3", "--max-actions", "40", "--json"]
    a, b = run(args), run(args)
    assert a.exit_code == 0, a.output
    assert a.output == b.output
    rows = [json.loads(line) for line in a.output.splitlines()]
    assert [r["seed"] for r in rows] == [3, 4]
    for row in rows:
        assert row["status"] == "stopped" and row["actions"] == 40 and row["winner"] is None
        assert "stopped after 40 actions" in row["note"]
        assert len(row["hash"]) == 32
    assert rows[0]["hash"] != rows[1]["hash"]
    t1 = run(["selfplay", "sauron", "--games", "2", "--seed", "3", "--max-actions", "40"])
    t2 = run(["selfplay", "sauron", "--games", "2", "--seed", "3", "--max-actions", "40"])
    assert t1.exit_code == 0 and t1.output == t2.output
    assert "stopped" in t1.output and rows[0]["hash"] in t1.output


def test_selfplay_a_complete_game():
    r = run(["selfplay", "sauron", "--games", "1", "--seed", "1", "--json"])
    assert r.exit_code == 0, r.output
    row = json.loads(r.output)
    assert row["status"] == "finished"
    assert row["level"] is not None and row["turns"] == 18
    game = ringwar.new_game("sauron", seed=1)
    assert row["hash"] != game.state_hash()


# ===== textview ==================================================================================
def test_textview_on_a_view_without_units():
    view = {"system": "other", "turn": 2, "phase": "x", "to_act": "good", "areas": {"a": 1},
            "log": [{"type": "t", "rule": "[1.1]", "text": "hello"}]}
    lines = tv.units_by_hex(view)
    assert "areas: {\"a\": 1}" in lines and "log: 1 events" in lines
    assert tv.render_map(view) == tv.generic_view_lines(view)
    assert tv.status_lines(view)[0] == "Turn 2 · phase x · good to act"
    acts = tv.action_list_lines([{"type": "pass"}, {"type": "go", "area": "a"}], view)
    assert acts == ["actions: [1] pass  [2] go area=a"]


def test_textview_actions_grouped_and_shortened():
    view = {"units": [{"id": "goblin1", "name": "Goblins", "label": "Ee-2-Z", "hex": "0821",
                       "side": "sauron", "kind": "infantry", "disrupted": True},
                      {"id": "men1", "name": "Men", "label": "D-3-X", "hex": "0822",
                       "side": "westernesse", "kind": "infantry"}]}
    legal = [{"type": "move", "unit": "goblin1", "to": f"07{r:02d}"} for r in range(10, 30)]
    legal += [{"type": "attack", "unit": "goblin1", "target": "men1"}, {"type": "end"}]
    lines = tv.action_list_lines(legal, view, width=200)
    assert lines[0].startswith("goblin1 Goblins (Ee-2-Z) at 0821 [DISRUPTED]: move: [1] 0710  [2] 0711")
    assert "... +14 more (? goblin1)  [21] attack men1 (D-3-X at 0822)" in lines[0]
    assert lines[-1] == "other: [22] end"
    full = tv.action_list_lines(legal, view, only="0821", width=1000)
    assert "[21] attack men1 (D-3-X at 0822)" in full[0]
    assert tv.action_list_lines(legal, view, only="nobody") == ["no legal action for 'nobody' now"]
    grid = "\n".join(tv.render_map(view, center="0821", radius=1))
    assert "0821" in grid and "S!" in grid and "W" in grid


def test_format_event_and_visible_log():
    assert tv.format_event({"rule": "[7.41]", "text": "rolled 7"}) == "[7.41] rolled 7"
    assert tv.format_event({"rule": None, "text": "plain"}) == "plain"
    game = ringwar.new_game("sauron", seed=1)
    unit, frm, to = first_typed_move(1)
    game.log.append({"type": "secret", "rule": None, "text": "for sauron", "visible_to": "sauron"})
    game.log.append({"type": "move", "rule": "[4.0]", "text": "moved", "to": to})
    west = tv.visible_log(game, "westernesse")
    assert west[-1]["text"] == "moved" and all(e.get("visible_to") != "sauron" for e in west)
    assert tv.visible_log(game, "sauron")[-2]["text"] == "for sauron"


# ===== any system through the contract ==========================================================
class NimGame(Game):
    """A tiny non-SPI system: take 1-3 stones from a pile of 7; whoever takes the last wins."""

    system = "nimtest"
    title = "Nim"
    sides = ("first", "second")

    def _init_state(self) -> None:
        self.pile = 7
        self.mover = 0
        self._result: dict[str, Any] | None = None

    @property
    def rules_to_act(self) -> str | None:
        return None if self._result else self.sides[self.mover]

    @property
    def turn(self) -> int:
        return 8 - self.pile

    @property
    def phase(self) -> str:
        return "take"

    @property
    def rules_result(self) -> dict[str, Any] | None:
        return self._result

    def _legal(self) -> list[dict[str, Any]]:
        return [{"type": "take", "n": n} for n in (1, 2, 3) if n <= self.pile]

    def _do(self, action: dict[str, Any]) -> list[dict[str, Any]]:
        self.pile -= action["n"]
        events = [event("take", "[N.1]", f"{self.sides[self.mover]} takes {action['n']}, "
                        f"{self.pile} left", dice=None)]
        if self.pile == 0:
            self._result = {"winner": self.sides[self.mover], "level": "win",
                            "text": f"{self.sides[self.mover]} takes the last stone"}
        self.mover = 1 - self.mover
        return events

    def _state_json(self) -> Any:
        return [self.pile, self.mover, self._result]

    def _view(self, side: str | None) -> dict[str, Any]:
        return {"pile": self.pile, "log": self.log_for(side)}


@pytest.fixture
def nim(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from ringwar.core import engine

    module = sys.modules[NimGame.__module__]
    monkeypatch.setattr(module, "NimGame", NimGame, raising=False)
    monkeypatch.setitem(engine._SYSTEMS, "nimtest", f"{NimGame.__module__}:NimGame")


def test_play_a_system_without_units(nim: None, tmp_path: Path):
    path = str(tmp_path / "nim.json")
    r = run(["play", "nimtest", "--vs", "human", "--seed", "1", "--save", path],
            ["?", "map", "units", "take 9", "take 2", "?", "2", "undo", "undo",
             "take 3", "take 3", "take 1"])
    out = r.output
    assert r.exit_code == 0, out
    assert "first> " in out and "second> " in out
    assert "[1] take n=1" in out
    assert "pile: 7" in out                                  # the view, key by key
    assert "[N.1] first takes 2, 5 left" in out
    assert "[N.1] second takes 2, 3 left" in out             # number 2 of the list
    assert "illegal: [" in out                               # take 9
    assert out.count("undone: 1 action") == 2
    assert "[N.1] first takes 3, 4 left" in out
    assert "Result: first takes the last stone" in out
    r = run(["replay", path])
    assert r.exit_code == 0 and "first takes 3, 4 left" in r.output
    assert "Result: first takes the last stone" in r.output


def test_play_and_selfplay_any_system_against_the_agent(nim: None):
    r = run(["play", "nimtest", "--side", "second", "--seed", "2"], ["take 1", "take 1", "take 1", "take 1"])
    assert r.exit_code == 0, r.output
    assert "  first: [N.1] first takes" in r.output
    args = ["selfplay", "nimtest", "--games", "3", "--seed", "1", "--json"]
    a, b = run(args), run(args)
    assert a.exit_code == 0 and a.output == b.output
    rows = [json.loads(line) for line in a.output.splitlines()]
    assert all(row["status"] == "finished" and row["winner"] in ("first", "second") for row in rows)


def test_textview_other_shapes():
    # Battle of the Ring names the acting piece "piece"; three sides need distinct letters
    legal = [{"type": "select", "piece": "orc1"}, {"type": "step", "hex": "2219"}]
    lines = tv.action_list_lines(legal, {"units": [{"id": "orc1", "hex": "2119", "side": "sauron"}]})
    assert lines[0] == "orc1 at 2119: [1] select to move"
    assert lines[1] == "other: [2] step hex=2219"
    assert tv._side_letters(["alliance", "saruman", "sauron"]) == {
        "alliance": "A", "saruman": "S", "sauron": "U"}
    assert tv.status_lines({"turn": 1, "phase": "m", "decision": "pick a hex"})[-1] == "Decision: pick a hex"


def test_play_players_flag_chooses_battle_of_the_ring_two_or_three_players() -> None:
    from click.testing import CliRunner

    from ringwar.cli import main

    two = CliRunner().invoke(main, ["play", "battle-of-the-ring", "--players", "2", "--vs", "human",
                                    "--seed", "1"], input="quit\n")
    assert two.exit_code == 0 and "evil" in two.output
    three = CliRunner().invoke(main, ["play", "battle-of-the-ring", "--players", "3", "--vs", "human",
                                      "--seed", "1"], input="quit\n")
    assert three.exit_code == 0 and "saruman" in three.output


# ===== issue 14: resign and draw in the terminal, options as everywhere, unverified files =========
def test_play_resign_asks_to_confirm_then_ends_the_game(tmp_path: Path):
    save = tmp_path / "g.json"
    r = run(["play", "sauron", "--vs", "human", "--seed", "2", "--save", str(save)],
            ["resign", "resign yes"])
    assert r.exit_code == 0, r.output
    assert "type 'resign yes' to resign: westernesse would win" in r.output
    assert "[resign] sauron resigns: westernesse wins" in r.output
    rec = json.loads(save.read_text())
    assert rec["actions"] == [{"type": "resign", "side": "sauron"}]
    assert ringwar.replay(rec).result["level"] == "resignation"


def test_play_draw_offer_declined_by_the_ai_and_accepted_in_hot_seat():
    r = run(["play", "sauron", "--vs", "random", "--seed", "2", "--side", "sauron"], ["draw", "quit"])
    assert r.exit_code == 0, r.output
    assert "sauron offers a draw" in r.output and "westernesse declines" in r.output
    r = run(["play", "sauron", "--vs", "human", "--seed", "2"], ["draw", "yes"])
    assert r.exit_code == 0, r.output
    assert "westernesse accepts the draw" in r.output and "drawn by agreement" in r.output


def test_selfplay_takes_options_like_tournament_and_simulate():
    a = run(["selfplay", "battle-of-the-ring", "-o", "players=2", "--max-actions", "30", "--json"])
    assert a.exit_code == 0, a.output
    b = run(["selfplay", "battle-of-the-ring", "--option", "players=3", "--max-actions", "30", "--json"])
    assert json.loads(a.output)["hash"] != json.loads(b.output)["hash"]
    bad = run(["selfplay", "sauron", "-o", "reinforcement_delay=-100"])
    assert bad.exit_code != 0 and "from -18 to 18" in bad.output


def test_play_option_short_flag_and_players_shorthand():
    r = run(["play", "battle-of-the-ring", "--vs", "human", "-o", "players=2", "--seed", "1"], ["quit"])
    assert r.exit_code == 0 and "evil" in r.output.lower()


def test_replay_marks_a_file_without_final_hash_unverified(saved: Path):
    data = json.loads(saved.read_text())
    del data["final_hash"]
    saved.write_text(json.dumps(data))
    r = run(["replay", str(saved)])
    assert r.exit_code == 0 and "UNVERIFIED" in r.output
