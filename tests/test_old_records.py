"""Records replay to the identical state hash, forever: games saved by an earlier ringwar
(tests/records/, written by the version named in the file's name, with their final hash)
must replay to that hash with the rules as they are now.

A rule fix that changes what an old record would reach must protect it (an option with a
legacy value, ``core/options.py``) rather than change this file; add a record here whenever a
release changes the rules' code.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ringwar
from ringwar.core.engine import system_class

RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))


def test_there_are_old_records_of_every_system() -> None:
    systems = {json.loads(p.read_text(encoding="utf-8"))["system"] for p in RECORDS}
    # the games the project ships (a test may register a game of its own in this process)
    shipped = {s for s in ringwar.available_systems()
               if system_class(s).__module__.startswith("ringwar.systems.")}
    assert shipped >= {"sauron", "gondor", "battle-of-the-ring", "minas-tirith", "war-of-the-ring"}
    assert systems >= shipped, shipped - systems


@pytest.mark.parametrize("path", RECORDS, ids=[p.name for p in RECORDS])
def test_an_old_record_replays_to_its_final_hash(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["final_hash"]
    game = ringwar.replay(text)       # raises if the hash it reaches is not the file's
    assert game.state_hash() == data["final_hash"] and game.result is not None
