"""Storage: append-only moves, undo as a move, token digests, the version every write checks
under the game's lock, schema revisions (Alembic) and upgrading older databases in place —
on SQLite and on PostgreSQL alike."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from sqlalchemy import create_engine, inspect, text

from ringwar.server.storage import (
    SCHEMA_VERSION,
    SchemaError,
    Stale,
    Storage,
    metadata,
    normalize_url,
    token_hash,
)

#: the tables as ringwar's schema_version 1 wrote them (before Alembic), by hand
LEGACY_V1 = [
    "CREATE TABLE schema_version (version INTEGER NOT NULL)",
    "CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, system VARCHAR(64) NOT NULL, "
    "scenario VARCHAR(64), options TEXT NOT NULL, seed INTEGER NOT NULL, setup TEXT, "
    "created FLOAT NOT NULL)",
    "CREATE TABLE seats (game_id VARCHAR(32) NOT NULL, side VARCHAR(64) NOT NULL, "
    "kind VARCHAR(16) NOT NULL, agent VARCHAR(64), token_hash VARCHAR(64) UNIQUE, "
    "PRIMARY KEY (game_id, side))",
    "CREATE TABLE moves (game_id VARCHAR(32) NOT NULL, seq INTEGER NOT NULL, "
    "kind VARCHAR(16) NOT NULL, side VARCHAR(64), body TEXT, created FLOAT NOT NULL, "
    "PRIMARY KEY (game_id, seq))",
    "INSERT INTO schema_version VALUES (1)",
]
#: and what version 2 added
LEGACY_V2 = ["ALTER TABLE games ADD COLUMN updated FLOAT", "ALTER TABLE games ADD COLUMN result TEXT",
             "UPDATE schema_version SET version = 2"]


def raw(url: str, *statements: str) -> None:
    eng = create_engine(normalize_url(url))
    with eng.begin() as c:
        for s in statements:
            c.execute(text(s))
    eng.dispose()


def test_moves_are_appended_and_undo_is_a_move(db_url: str) -> None:
    st = Storage(db_url)
    st.create_game("g", "sauron", None, {}, 1, None, [("sauron", "human", None, "tok")])
    assert st.append("g", "action", "sauron", {"type": "select", "unit": "goblin1"}) == 1
    assert st.append("g", "undo", "sauron", None) == 2
    assert st.append("g", "action", "sauron", {"type": "end"}) == 3
    g = st.load("g")
    assert g.actions == [{"type": "end"}] and g.actors == ["sauron"] and g.moves == 3
    assert st.version_of("g") == 3
    with st.engine.connect() as c:
        rows = c.execute(text("SELECT seq, kind FROM moves ORDER BY seq")).all()
        assert [tuple(r) for r in rows] == [(1, "action"), (2, "undo"), (3, "action")]
        # tokens are kept only as digests
        assert c.execute(text("SELECT token_hash FROM seats")).scalar() == token_hash("tok")
        assert "tok" not in json.dumps([[str(x) for x in r]
                                        for r in c.execute(text("SELECT * FROM seats")).all()])
    assert st.seat_for_token("g", "tok") == "sauron" and st.seat_for_token("g", "nope") is None
    # a writer that expected another version is refused, and nothing is written
    with pytest.raises(Stale):
        st.append("g", "action", "sauron", {"type": "end"}, seq=3)
    assert st.version_of("g") == 3
    st.close()


def test_the_largest_seed_is_stored(db_url: str) -> None:
    st = Storage(db_url)
    st.create_game("g", "sauron", None, {}, 2**63 - 1, None, [])
    assert st.load("g").seed == 2**63 - 1
    st.close()


@pytest.mark.parametrize("legacy", [1, 2])
def test_an_older_database_is_upgraded_in_place(db_url: str, legacy: int) -> None:
    raw(db_url, *LEGACY_V1, *(LEGACY_V2 if legacy == 2 else ()),
        "INSERT INTO games (id, system, scenario, options, seed, setup, created) "
        "VALUES ('old', 'sauron', NULL, '{}', 5, NULL, 0)",
        "INSERT INTO seats VALUES ('old', 'sauron', 'ai', 'random', NULL)",
        "INSERT INTO moves VALUES ('old', 1, 'action', 'sauron', "
        "'{\"type\": \"select\", \"unit\": \"goblin1\"}', 0)",
        "INSERT INTO moves VALUES ('old', 2, 'undo', 'sauron', NULL, 0)",
        "INSERT INTO moves VALUES ('old', 3, 'action', 'sauron', "
        "'{\"type\": \"select\", \"unit\": \"goblin2\"}', 0)")
    st = Storage(db_url)
    assert st.migrated_from == legacy and st.version() == SCHEMA_VERSION
    g = st.load("old")
    assert g.seed == 5 and g.actions == [{"type": "select", "unit": "goblin2"}] and g.result is None
    assert st.version_of("old") == 3                             # filled from the moves
    assert st.append("old", "action", "sauron", {"type": "end"}, seq=4) == 4  # new columns work
    assert st.list_games()[0]["id"] == "old"
    with st.engine.connect() as c:
        assert c.execute(text("SELECT version FROM schema_version")).scalar() == 3
        assert c.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0003"
    assert schema_diff(st) == []
    st.close()
    again = Storage(db_url)
    assert again.migrated_from is None                           # opening again: nothing to do
    again.close()


def test_a_newer_database_is_refused(db_url: str) -> None:
    Storage(db_url).close()
    raw(db_url, "UPDATE alembic_version SET version_num = '0099'")
    with pytest.raises(SchemaError, match="newer"):
        Storage(db_url)


def test_a_newer_database_from_before_alembic_is_refused(db_url: str) -> None:
    raw(db_url, *LEGACY_V1, "UPDATE schema_version SET version = 7")
    with pytest.raises(SchemaError, match="newer"):
        Storage(db_url)


def test_an_old_ringwar_would_refuse_a_new_database(db_url: str) -> None:
    """A ringwar from before Alembic reads ``schema_version``: it must find a version newer
    than its own 2 (and refuse) instead of writing moves that skip ``games.version``."""
    Storage(db_url).close()
    eng = create_engine(normalize_url(db_url))
    with eng.connect() as c:
        assert c.execute(text("SELECT MAX(version) FROM schema_version")).scalar() > 2
    eng.dispose()


def schema_diff(st: Storage) -> list[Any]:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    with st.engine.connect() as c:
        return compare_metadata(MigrationContext.configure(c, opts={"compare_type": True}),
                                metadata)


def describe(st: Storage) -> dict[str, Any]:
    """Tables, columns (name, type, nullable), keys and indexes, as the database reports."""
    out: dict[str, Any] = {}
    with st.engine.connect() as c:
        insp = inspect(c)
        for t in sorted(insp.get_table_names()):
            cols = [(x["name"], _type(x["type"]), x["nullable"]) for x in insp.get_columns(t)]
            uniques = sorted(tuple(u["column_names"]) for u in insp.get_unique_constraints(t))
            uniques += sorted(tuple(i["column_names"]) for i in insp.get_indexes(t) if i["unique"])
            out[t] = {"columns": cols, "pk": insp.get_pk_constraint(t)["constrained_columns"],
                      "unique": sorted(set(uniques)),
                      "indexes": sorted((i["name"], tuple(i["column_names"]))
                                        for i in insp.get_indexes(t) if not i["unique"])}
    return out


def _type(t: Any) -> str:
    name = type(t).__name__.upper()
    name = {"DOUBLE_PRECISION": "FLOAT", "DOUBLE": "FLOAT", "REAL": "FLOAT", "BYTEA": "BLOB",
            "LARGEBINARY": "BLOB", "BIGINTEGER": "BIGINT", "INTEGER": "INTEGER"}.get(name, name)
    length = getattr(t, "length", None)
    return f"{name}({length})" if length else name


def test_the_schema_is_the_same_on_sqlite_and_postgresql(tmp_path: Any, pg_url: str) -> None:
    """Fresh databases and upgraded ones, on both: the tables the code declares, and the
    same tables, columns, keys and indexes on both."""
    seen = []
    for url in (f"sqlite:///{tmp_path / 'fresh.db'}", pg_url):
        st = Storage(url)
        assert schema_diff(st) == [], url
        seen.append(describe(st))
        st.close()
    assert seen[0] == seen[1]
    assert set(seen[0]) == {"alembic_version", "schema_version", "games", "seats", "moves", "ai_jobs"}


def test_a_write_waits_for_the_game_lock_and_sees_the_version_it_left(db_url: str) -> None:
    """Two writers (two processes' storages) at one version: the second waits for the
    first's lock, then finds the game moved on — never two moves at one version."""
    a, b = Storage(db_url), Storage(db_url)
    a.create_game("g", "sauron", None, {}, 1, None, [])
    got: dict[str, Any] = {}
    inside = threading.Event()

    def first() -> None:
        with a.game_tx("g") as tx:
            inside.set()
            time.sleep(0.5)
            got["a"] = tx.append([("action", "sauron", {"type": "end"})])

    t = threading.Thread(target=first)
    t.start()
    inside.wait(5)
    t0 = time.monotonic()
    with b.game_tx("g") as tx:
        got["waited"] = time.monotonic() - t0
        got["b_saw"] = tx.version
    t.join()
    assert got["a"] == 1 and got["b_saw"] == 1 and got["waited"] > 0.2
    with pytest.raises(Stale):
        b.append("g", "action", "sauron", {"type": "end"}, seq=1)
    assert [m.seq for m in b.moves_after("g", 0)] == [1]
    a.close()
    b.close()


def test_an_ai_turn_is_claimed_by_one_process_until_its_lease_lapses(db_url: str) -> None:
    # a lease long enough that a loaded machine does not see it lapse between two statements
    lease = 2.0
    a, b = Storage(db_url, ai_lease=lease), Storage(db_url, ai_lease=lease)
    a.create_game("g", "sauron", None, {}, 1, None, [("sauron", "ai", "random", None)],
                  ai_due=True)
    assert a.ai_job("g")["owner"] == a.owner
    assert not b.claim_ai("g", 0) and b.claim_lapsed_ai() == []
    assert a.claim_ai("g", 0)                   # the holder keeps it
    time.sleep(lease + 0.2)                     # a stops renewing (dies): the lease lapses
    assert b.claim_lapsed_ai() == ["g"] and b.ai_job("g")["owner"] == b.owner
    assert not a.claim_ai("g", 0)
    with b.holding_ai("g"):                     # renewed while b thinks
        time.sleep(lease + 0.5)
        assert not a.claim_ai("g", 0)
    b.drop_ai("g", 0)
    assert b.ai_job("g") is None
    a.close()
    b.close()


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
    raw(db_url, f"UPDATE moves SET body = '{{\"type\": \"fly\"}}' WHERE game_id = '{bad['id']}'")
    with TestClient(create_app(db_url, ai_delay=0.0)) as c:
        r = c.get(f"/api/games/{bad['id']}")
        assert r.status_code == 500 and r.json()["error"] == "unreplayable"
        assert bad["id"] in r.json()["message"] and "'fly'" in r.json()["message"]
        assert c.get(f"/api/games/{good['id']}").status_code == 200
