"""Storage: games, seats and their append-only move lists, in any SQLAlchemy database.

A game is stored as its record: the header (system, scenario, options, seed, setup) in
``games`` and one row per move in ``moves``, appended and committed before the server
acknowledges the move.  Undo does not delete anything: it appends an ``undo`` row, and the
record is the moves folded with a stack (an action pushes, an undo pops).  Seat tokens are
stored only as SHA-256 digests, so a copy of the database gives nobody a seat.

The schema is versioned in ``schema_version``; :data:`MIGRATIONS` brings an older database
up to :data:`SCHEMA_VERSION` when it is opened.

>>> st = Storage("sqlite://")
>>> st.create_game("g1", "sauron", None, {}, 7, None, [("sauron", "ai", "random", None)])
>>> st.append("g1", "action", "sauron", {"type": "end"})
1
>>> st.load("g1").actions
[{'type': 'end'}]
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    func,
    inspect,
    select,
    text,
)
from sqlalchemy.engine import Connection, Engine

from ringwar.core.record import GameRecord

SCHEMA_VERSION = 2

metadata = MetaData()

schema_version = Table("schema_version", metadata, Column("version", Integer, nullable=False))

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("system", String(64), nullable=False),
    Column("scenario", String(64)),
    Column("options", Text, nullable=False),         # JSON
    Column("seed", Integer, nullable=False),
    Column("setup", Text),                           # JSON or NULL
    Column("created", Float, nullable=False),
    Column("updated", Float),                        # v2: set at creation and at the end
    Column("result", Text),                          # v2: JSON of the result once over
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("side", String(64), primary_key=True),
    Column("kind", String(16), nullable=False),      # human | ai
    Column("agent", String(64)),                     # the agent's name for an AI seat
    Column("token_hash", String(64), unique=True),   # sha256 of the seat's secret token
)

moves = Table(
    "moves", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),        # 1, 2, ... per game, never rewritten
    Column("kind", String(16), nullable=False),      # action | undo
    Column("side", String(64)),
    Column("body", Text),                            # the action as JSON (NULL for undo)
    Column("created", Float, nullable=False),
)


def _v1(conn: Connection) -> None:
    """Version 1: games without ``updated``/``result``."""
    conn.execute(text(
        "CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, system VARCHAR(64) NOT NULL, "
        "scenario VARCHAR(64), options TEXT NOT NULL, seed INTEGER NOT NULL, setup TEXT, "
        "created FLOAT NOT NULL)"))
    conn.execute(text(
        "CREATE TABLE seats (game_id VARCHAR(32) NOT NULL, side VARCHAR(64) NOT NULL, "
        "kind VARCHAR(16) NOT NULL, agent VARCHAR(64), token_hash VARCHAR(64) UNIQUE, "
        "PRIMARY KEY (game_id, side))"))
    conn.execute(text(
        "CREATE TABLE moves (game_id VARCHAR(32) NOT NULL, seq INTEGER NOT NULL, "
        "kind VARCHAR(16) NOT NULL, side VARCHAR(64), body TEXT, created FLOAT NOT NULL, "
        "PRIMARY KEY (game_id, seq))"))


def _v2(conn: Connection) -> None:
    """Version 2: when a game last changed and its result (for the lobby and replays)."""
    conn.execute(text("ALTER TABLE games ADD COLUMN updated FLOAT"))
    conn.execute(text("ALTER TABLE games ADD COLUMN result TEXT"))


#: version -> the step that brings a database at version-1 up to it
MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: _v1, 2: _v2}


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class StoredGame:
    id: str
    system: str
    scenario: str | None
    options: dict[str, Any]
    seed: int
    setup: dict[str, Any] | None
    created: float
    updated: float | None
    result: dict[str, Any] | None
    seats: dict[str, dict[str, Any]] = field(default_factory=dict)   # side -> {kind, agent}
    actions: list[dict[str, Any]] = field(default_factory=list)      # the folded record
    actors: list[str | None] = field(default_factory=list)           # side behind each action
    moves: int = 0                                                   # rows in ``moves``

    def record_json(self) -> dict[str, Any]:
        version = GameRecord(self.system, self.seed, actions=self.actions).version_needed()
        return {"format": "ringwar-record", "version": version, "system": self.system,
                "scenario": self.scenario, "options": dict(self.options), "seed": self.seed,
                "setup": self.setup, "actions": [dict(a) for a in self.actions]}


class SchemaError(RuntimeError):
    """The database was written by a newer ringwar (or is not a ringwar database)."""


class Storage:
    """Thread-safe access to the database (writes are serialized)."""

    def __init__(self, url: str = "sqlite:///ringwar.db") -> None:
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
            if url in ("sqlite://", "sqlite:///:memory:"):
                from sqlalchemy.pool import StaticPool
                kwargs["poolclass"] = StaticPool
        self.url = url
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_conn: Any, _rec: Any) -> None:
                cur = dbapi_conn.cursor()
                # WAL: a committed move survives the process being killed at any moment
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()
        self._write = threading.Lock()
        self.migrated_from: int | None = None
        self._migrate()

    # ----- schema ------------------------------------------------------------------------
    def version(self) -> int:
        with self.engine.connect() as conn:
            if not inspect(conn).has_table("schema_version"):
                return 0
            v = conn.execute(select(func.max(schema_version.c.version))).scalar()
            return int(v or 0)

    def _migrate(self) -> None:
        with self._write, self.engine.begin() as conn:
            insp = inspect(conn)
            if insp.has_table("schema_version"):
                current = int(conn.execute(select(func.max(schema_version.c.version))).scalar() or 0)
            elif insp.has_table("games"):
                raise SchemaError("the database has ringwar-like tables but no schema_version: "
                                  "not a ringwar database (or a damaged one)")
            else:
                schema_version.create(conn)
                current = 0
            if current > SCHEMA_VERSION:
                raise SchemaError(f"the database has schema version {current}, newer than this "
                                  f"ringwar's {SCHEMA_VERSION}: upgrade ringwar")
            if current < SCHEMA_VERSION:
                self.migrated_from = current
            for v in range(current + 1, SCHEMA_VERSION + 1):
                MIGRATIONS[v](conn)
                conn.execute(schema_version.delete())
                conn.execute(schema_version.insert().values(version=v))

    # ----- games -------------------------------------------------------------------------
    def create_game(self, game_id: str, system: str, scenario: str | None,
                    options: dict[str, Any], seed: int, setup: dict[str, Any] | None,
                    seat_rows: Iterable[tuple[str, str, str | None, str | None]],
                    actions: Iterable[tuple[str | None, dict[str, Any]]] = ()) -> None:
        """Store a new game with its seats (side, kind, agent, token) and, for an imported
        record, its actions (side, action) — all in one transaction."""
        now = time.time()
        with self._write, self.engine.begin() as conn:
            conn.execute(games.insert().values(
                id=game_id, system=system, scenario=scenario, options=json.dumps(options),
                seed=seed, setup=None if setup is None else json.dumps(setup), created=now,
                updated=now, result=None))
            for side, kind, agent, token in seat_rows:
                conn.execute(seats.insert().values(
                    game_id=game_id, side=side, kind=kind, agent=agent,
                    token_hash=None if token is None else token_hash(token)))
            rows = [{"game_id": game_id, "seq": i + 1, "kind": "action", "side": side,
                     "body": json.dumps(a), "created": now} for i, (side, a) in enumerate(actions)]
            if rows:
                conn.execute(moves.insert(), rows)

    def append(self, game_id: str, kind: str, side: str | None, action: dict[str, Any] | None,
               result: dict[str, Any] | None = None, seq: int | None = None) -> int:
        """Append one move (``action`` or ``undo``) and commit; returns its sequence number.

        ``seq`` is the number the caller expects it to get (the primary key refuses a
        second writer with the same one); by default the next free number."""
        return self.append_many(game_id, [(kind, side, action)], result=result, seq=seq)

    def append_many(self, game_id: str, entries: list[tuple[str, str | None, dict[str, Any] | None]],
                    result: dict[str, Any] | None = None, seq: int | None = None) -> int:
        """Append moves ``(kind, side, action)`` in one transaction (a selection and its
        follow-up; an undo that takes back two actions); returns the last sequence number."""
        now = time.time()
        with self._write, self.engine.begin() as conn:
            if seq is None:
                seq = conn.execute(select(func.coalesce(func.max(moves.c.seq), 0))
                                   .where(moves.c.game_id == game_id)).scalar_one() + 1
            rows = [{"game_id": game_id, "seq": seq + i, "kind": kind, "side": side,
                     "body": None if action is None else json.dumps(action), "created": now}
                    for i, (kind, side, action) in enumerate(entries)]
            conn.execute(moves.insert(), rows)
            if result is not None:
                conn.execute(games.update().where(games.c.id == game_id).values(
                    updated=now, result=json.dumps(result)))
        return seq + len(entries) - 1

    def load(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            g = StoredGame(
                id=row["id"], system=row["system"], scenario=row["scenario"],
                options=json.loads(row["options"]), seed=row["seed"],
                setup=None if row["setup"] is None else json.loads(row["setup"]),
                created=row["created"], updated=row["updated"],
                result=None if row["result"] is None else json.loads(row["result"]))
            for s in conn.execute(select(seats).where(seats.c.game_id == game_id)).mappings():
                g.seats[s["side"]] = {"kind": s["kind"], "agent": s["agent"],
                                      "token_hash": s["token_hash"]}
            for m in conn.execute(select(moves).where(moves.c.game_id == game_id)
                                  .order_by(moves.c.seq)).mappings():
                g.moves = m["seq"]
                if m["kind"] == "undo":
                    if g.actions:
                        g.actions.pop()
                        g.actors.pop()
                else:
                    g.actions.append(json.loads(m["body"]))
                    g.actors.append(m["side"])
            return g

    def seat_for_token(self, game_id: str, token: str) -> str | None:
        """The side whose seat ``token`` opens in ``game_id`` (None: no such seat)."""
        with self.engine.connect() as conn:
            return conn.execute(select(seats.c.side).where(
                seats.c.game_id == game_id, seats.c.token_hash == token_hash(token))).scalar()

    def list_games(self, limit: int = 100) -> list[dict[str, Any]]:
        counts = (select(moves.c.game_id, func.count().label("n"),
                         func.max(moves.c.created).label("last"))
                  .group_by(moves.c.game_id).subquery())
        last = func.coalesce(counts.c.last, games.c.created)
        q = (select(games, func.coalesce(counts.c.n, 0).label("moves"), last.label("last"))
             .outerjoin(counts, counts.c.game_id == games.c.id)
             .order_by(last.desc()).limit(limit))
        with self.engine.connect() as conn:
            out = []
            for r in conn.execute(q).mappings():
                out.append({"id": r["id"], "system": r["system"], "scenario": r["scenario"],
                            "created": r["created"], "updated": r["last"],
                            "result": None if r["result"] is None else json.loads(r["result"]),
                            "moves": r["moves"]})
            return out

    def close(self) -> None:
        self.engine.dispose()
