"""Storage: append-only moves, undo as a move, token digests, schema versions and migration."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from ringwar.server.storage import MIGRATIONS, SCHEMA_VERSION, SchemaError, Storage, token_hash


def test_moves_are_appended_and_undo_is_a_move(tmp_path: Any) -> None:
    st = Storage(f"sqlite:///{tmp_path / 'a.db'}")
    st.create_game("g", "sauron", None, {}, 1, None, [("sauron", "human", None, "tok")])
    assert st.append("g", "action", "sauron", {"type": "select", "unit": "goblin1"}) == 1
    assert st.append("g", "undo", "sauron", None) == 2
    assert st.append("g", "action", "sauron", {"type": "end"}) == 3
    g = st.load("g")
    assert g.actions == [{"type": "end"}] and g.actors == ["sauron"] and g.moves == 3
    with st.engine.connect() as c:
        rows = c.execute(text("SELECT seq, kind FROM moves ORDER BY seq")).all()
        assert [tuple(r) for r in rows] == [(1, "action"), (2, "undo"), (3, "action")]
        # tokens are kept only as digests
        assert c.execute(text("SELECT token_hash FROM seats")).scalar() == token_hash("tok")
        assert "tok" not in json.dumps([list(r) for r in c.execute(text("SELECT * FROM seats")).all()])
    assert st.seat_for_token("g", "tok") == "sauron" and st.seat_for_token("g", "nope") is None


def test_a_version_1_database_is_migrated(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    eng = create_engine(url)
    with eng.begin() as c:                      # a database as version 1 wrote it
        c.execute(text("CREATE TABLE schema_version (version INTEGER NOT NULL)"))
        MIGRATIONS[1](c)
        c.execute(text("INSERT INTO schema_version VALUES (1)"))
        c.execute(text("INSERT INTO games VALUES ('old', 'sauron', NULL, '{}', 5, NULL, 0)"))
        c.execute(text("INSERT INTO moves VALUES ('old', 1, 'action', 'sauron', "
                       "'{\"type\": \"select\", \"unit\": \"goblin1\"}', 0)"))
    eng.dispose()
    st = Storage(url)
    assert st.migrated_from == 1 and st.version() == SCHEMA_VERSION
    g = st.load("old")
    assert g.seed == 5 and g.actions == [{"type": "select", "unit": "goblin1"}] and g.result is None
    st.append("old", "action", "sauron", {"type": "end"})       # the new columns work
    assert st.list_games()[0]["id"] == "old"
    st.close()
    assert Storage(url).migrated_from is None                   # opening again: nothing to do


def test_a_newer_database_is_refused(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'new.db'}"
    Storage(url).close()
    eng = create_engine(url)
    with eng.begin() as c:
        c.execute(text(f"UPDATE schema_version SET version = {SCHEMA_VERSION + 1}"))
    eng.dispose()
    with pytest.raises(SchemaError, match="newer"):
        Storage(url)


def test_a_stored_game_that_no_longer_replays_is_a_clear_error(db_url: str) -> None:
    """A stored move the rules no longer allow (a rule fixed since) is reported as such, with
    the game named, and the server goes on serving the others."""
    from fastapi.testclient import TestClient

    from ringwar.server.app import create_app

    with TestClient(create_app(db_url, ai_delay=0.0)) as c:
        bad = c.post("/api/games", json={"system": "sauron", "seed": 3}).json()
        good = c.post("/api/games", json={"system": "sauron", "seed": 4}).json()
        tok = bad["tokens"]["sauron"]
        a = c.get(f"/api/games/{bad['id']}", headers={"X-Ringwar-Token": tok}).json()["legal"][0]
        assert c.post(f"/api/games/{bad['id']}/actions", headers={"X-Ringwar-Token": tok},
                      json={"action": a, "version": 0}).status_code == 200
    eng = create_engine(db_url)
    with eng.begin() as conn:
        conn.execute(text("UPDATE moves SET body = :b WHERE game_id = :g"),
                     {"b": '{"type": "fly"}', "g": bad["id"]})
    eng.dispose()
    with TestClient(create_app(db_url, ai_delay=0.0)) as c:
        r = c.get(f"/api/games/{bad['id']}")
        assert r.status_code == 500 and r.json()["error"] == "unreplayable"
        assert bad["id"] in r.json()["message"] and "'fly'" in r.json()["message"]
        assert c.get(f"/api/games/{good['id']}").status_code == 200
