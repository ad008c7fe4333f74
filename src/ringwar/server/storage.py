"""Storage: games, seats and their append-only move lists, in SQLite or PostgreSQL.

A game is stored as its record: the header (system, scenario, options, seed, setup) in
``games`` and one row per move in ``moves``, appended and committed before the server
acknowledges the move.  Undo does not delete anything: it appends an ``undo`` row, and the
record is the moves folded with a stack (an action pushes, an undo pops).  Seat tokens are
stored only as SHA-256 digests, so a copy of the database gives nobody a seat.

Several server processes may share one PostgreSQL database.  A game's moves are then
serialized by the database: every write runs in :meth:`Storage.game_tx`, which locks the
game's row (``SELECT ... FOR UPDATE``; on SQLite the write lock) and reads ``games.version``
(the number of rows in ``moves``), so two processes can never both append at one version.
A committed move is announced with ``NOTIFY`` (:data:`CHANNEL`) for the other processes'
live connections (see ``notify.py``).

An AI seat's turn is a row in ``ai_jobs``: the process that committed the move that made it
due claims it with a lease and renews the lease while it thinks; if that process dies, the
lease runs out and another process takes the job (``FOR UPDATE SKIP LOCKED``).  The AI's own
state — its random generator and what it remembers — is saved with each of its moves
(``seats.ai_state``), so whichever process plays its next turn plays it exactly as the first
would have.

The schema is managed by Alembic (``migrations/``); an older database is upgraded in place
when it is opened, whatever its version (a database from before Alembic carries its version
in ``schema_version``).

>>> st = Storage("sqlite://")
>>> st.create_game("g1", "some-system", None, {}, 7, None, [("red", "ai", "random", None)])
>>> st.append("g1", "action", "red", {"type": "end"})
1
>>> st.load("g1").actions
[{'type': 'end'}]
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import pickle
import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    Index,
    Integer,
    LargeBinary,
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
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DBAPIError, IntegrityError

from ringwar.core.record import GameRecord

#: the Alembic revision this ringwar writes (revisions are numbered "0001", "0002", ...)
SCHEMA_VERSION = 3
#: what ``schema_version`` holds from revision 3 on: a ringwar from before Alembic (which
#: knew versions 1 and 2 only) refuses such a database instead of writing to it
LEGACY_GUARD = 3
#: the NOTIFY channel of committed moves (payload: "GAME VERSION ORIGIN")
CHANNEL = "ringwar_moves"
MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

metadata = MetaData()

schema_version = Table("schema_version", metadata, Column("version", Integer, nullable=False))

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("system", String(64), nullable=False),
    Column("scenario", String(64)),
    Column("options", Text, nullable=False),         # JSON
    Column("seed", BigInteger, nullable=False),      # r3: BIGINT (seeds go to 2^63 - 1)
    Column("setup", Text),                           # JSON or NULL
    Column("created", Float, nullable=False),
    Column("updated", Float),                        # r2: set at creation and at the end
    Column("result", Text),                          # r2: JSON of the result once over
    # r3: rows in ``moves`` (the last seq): the version every write checks under the lock
    Column("version", Integer, nullable=False, server_default="0"),
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("side", String(64), primary_key=True),
    Column("kind", String(16), nullable=False),      # human | ai
    Column("agent", String(64)),                     # the agent's name for an AI seat
    Column("token_hash", String(64), unique=True),   # sha256 of the seat's secret token
    Column("ai_seed", BigInteger),                   # r3: the AI seat's own seed
    Column("ai_state", LargeBinary),                 # r3: the agent after its last move
    Column("ai_state_version", Integer),             # r3: the game version it was saved at
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

ai_jobs = Table(
    "ai_jobs", metadata,                             # r3: AI turns to play, one per game
    Column("game_id", String(32), primary_key=True),
    Column("version", Integer, nullable=False),      # the game version the turn is due at
    Column("owner", String(128)),                    # the process playing it (NULL: nobody)
    Column("lease_until", Float, nullable=False),    # the claim lapses then unless renewed
    Index("ix_ai_jobs_lease_until", "lease_until"),
)


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


@dataclass
class Move:
    """One row of ``moves``."""

    seq: int
    kind: str
    side: str | None
    action: dict[str, Any] | None


class SchemaError(RuntimeError):
    """The database was written by a newer ringwar (or is not a ringwar database)."""


class Stale(Exception):
    """The game moved on (another process wrote first): ``version`` is the current one."""

    def __init__(self, version: int) -> None:
        super().__init__(f"the game is at version {version}")
        self.version = version


# ----- an AI seat's saved state ------------------------------------------------------------------
_SAFE_BUILTINS = {"set", "frozenset", "dict", "list", "tuple", "bytearray", "complex"}


class _AgentUnpickler(pickle.Unpickler):
    """Unpickles an agent and nothing else: classes of ringwar itself, ``random.Random`` and
    plain containers (a database is data, never code to run)."""

    def find_class(self, module: str, name: str) -> Any:
        if (module == "random" and name == "Random") or \
                (module == "builtins" and name in _SAFE_BUILTINS) or \
                (module == "collections" and name in ("OrderedDict", "defaultdict", "deque")):
            return super().find_class(module, name)
        if module == "ringwar" or module.startswith("ringwar."):
            obj = super().find_class(module, name)
            if isinstance(obj, type):
                return obj
        raise pickle.UnpicklingError(f"an agent's state may not name {module}.{name}")


def dump_agent(agent: Any) -> bytes:
    """An agent's state (its generators and memory) without the world it was lent."""
    world = getattr(agent, "world", None)
    if world is not None:
        agent.world = None
    try:
        return pickle.dumps(agent, protocol=5)
    finally:
        if world is not None:
            agent.world = world


def load_agent(blob: bytes) -> Any:
    return _AgentUnpickler(io.BytesIO(blob)).load()


def process_id() -> str:
    """Who this process is, in ``ai_jobs.owner``: host, pid and a random part (a pid is
    reused after a restart; a claim of the dead process must not look like ours)."""
    return f"{socket.gethostname()[:64]}:{os.getpid()}:{secrets.token_hex(4)}"


# ----- the storage -----------------------------------------------------------------------------
class Storage:
    """Access to the database from any thread.  ``shared`` (PostgreSQL): other processes
    may write to the same games, so the in-memory games are checked against the database."""

    def __init__(self, url: str = "sqlite:///ringwar.db", ai_lease: float = 5.0,
                 migrate: bool = True, pool_size: int = 10) -> None:
        url = normalize_url(url)
        kwargs: dict[str, Any] = {}
        self.dialect = make_url(url).get_backend_name()
        if self.dialect == "sqlite":
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
            if url in ("sqlite://", "sqlite:///:memory:"):
                from sqlalchemy.pool import StaticPool
                kwargs["poolclass"] = StaticPool
        else:
            # no pre-ping: it costs a round trip per use; a connection the database dropped
            # fails one request ("nothing was changed"), and the pool is then renewed
            kwargs.update(pool_size=pool_size, max_overflow=2 * pool_size)
        self.url = url
        self.engine: Engine = create_engine(url, **kwargs)
        #: reads and single-statement writes: no BEGIN/COMMIT round trips (PostgreSQL)
        self.auto: Engine = (self.engine if self.dialect == "sqlite"
                             else self.engine.execution_options(isolation_level="AUTOCOMMIT"))
        if self.dialect == "sqlite":
            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_conn: Any, _rec: Any) -> None:
                cur = dbapi_conn.cursor()
                # WAL: a committed move survives the process being killed at any moment
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()
        #: several processes may write: PostgreSQL (SQLite is one process's database)
        self.shared = self.dialect == "postgresql"
        #: SQLite has one writer at a time anyway: waiting here beats waiting in SQLite
        self._wlock = threading.Lock() if not self.shared else None
        self.owner = process_id()
        self.ai_lease = ai_lease
        self._holding: dict[str, int] = {}       # games whose AI turn we are playing
        self._holding_lock = threading.Lock()
        self._renewer: threading.Thread | None = None
        self._closed = threading.Event()
        self.migrated_from: int | None = None
        if migrate:
            self._migrate()

    # ----- connections ------------------------------------------------------------------
    @staticmethod
    def _once_more(connect: Callable[[], Any], fn: Callable[[Connection], Any]) -> Any:
        """``fn`` on a connection from ``connect()``, once more on a new one if the database
        had dropped the first (it restarted: the pool is renewed)."""
        for attempt in (0, 1):
            try:
                with connect() as conn:
                    return fn(conn)
            except DBAPIError as e:
                if attempt or not e.connection_invalidated:
                    raise
        raise AssertionError("unreachable")

    def _read(self, fn: Callable[[Connection], Any]) -> Any:
        """``fn(connection)`` for reading, retried once on a dropped connection."""
        return self._once_more(self.auto.connect, fn)

    def _write(self, fn: Callable[[Connection], Any]) -> Any:
        """``fn(connection)`` in one transaction (or one statement: PostgreSQL autocommits
        it), retried once if the database had dropped the connection before it ran."""
        return self._once_more(self._write1, fn)

    # ----- schema ------------------------------------------------------------------------
    def version(self) -> int:
        """The schema revision of the database (0: empty)."""
        return int(self._read(_revision))

    def _alembic(self, conn: Connection) -> Any:
        from alembic.config import Config
        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
        cfg.attributes["connection"] = conn
        return cfg

    def _migrate(self) -> None:
        if self._read(_revision) == SCHEMA_VERSION:
            return          # up to date: no need to load Alembic (a quicker start)
        from alembic import command
        from alembic.script import ScriptDirectory
        with self._locked(), self.engine.begin() as conn:
            if self.dialect == "postgresql":
                # one process migrates at a time (the others wait, then find nothing to do)
                conn.execute(text("SELECT pg_advisory_xact_lock(7154232861)"))
            cfg = self._alembic(conn)
            known = {s.revision for s in ScriptDirectory.from_config(cfg).walk_revisions()}
            insp = inspect(conn)
            current = _revision(conn)
            if insp.has_table("alembic_version"):
                rev = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
                if rev is not None and rev not in known:
                    raise SchemaError(f"the database has schema revision {rev}, newer than this "
                                      f"ringwar's {SCHEMA_VERSION:04d}: upgrade ringwar")
            elif insp.has_table("schema_version"):
                # a database from before Alembic: its version in schema_version, 1 or 2
                if current > 2:
                    raise SchemaError(f"the database has schema version {current}, newer than "
                                      f"this ringwar's {SCHEMA_VERSION}: upgrade ringwar")
                if current >= 1:
                    command.stamp(cfg, f"{current:04d}")
            elif insp.has_table("games"):
                raise SchemaError("the database has ringwar-like tables but no schema_version: "
                                  "not a ringwar database (or a damaged one)")
            if current < SCHEMA_VERSION:
                self.migrated_from = current
                command.upgrade(cfg, "head")

    @contextmanager
    def _locked(self) -> Iterator[None]:
        if self._wlock is None:
            yield
        else:
            with self._wlock:
                yield

    # ----- games -------------------------------------------------------------------------
    def create_game(self, game_id: str, system: str, scenario: str | None,
                    options: dict[str, Any], seed: int, setup: dict[str, Any] | None,
                    seat_rows: Iterable[tuple[str, str, str | None, str | None]],
                    actions: Iterable[tuple[str | None, dict[str, Any]]] = (),
                    ai_due: bool = False) -> None:
        """Store a new game with its seats (side, kind, agent, token) and, for an imported
        record, its actions (side, action) — all in one transaction.  ``ai_due``: an AI seat
        is to act at once (its job is claimed by this process)."""
        now = time.time()
        rows = [{"game_id": game_id, "seq": i + 1, "kind": "action", "side": side,
                 "body": json.dumps(a), "created": now} for i, (side, a) in enumerate(actions)]
        with self._locked(), self.engine.begin() as conn:
            conn.execute(games.insert().values(
                id=game_id, system=system, scenario=scenario, options=json.dumps(options),
                seed=seed, setup=None if setup is None else json.dumps(setup), created=now,
                updated=now, result=None, version=len(rows)))
            for side, kind, agent, token in seat_rows:
                conn.execute(seats.insert().values(
                    game_id=game_id, side=side, kind=kind, agent=agent,
                    token_hash=None if token is None else token_hash(token),
                    ai_seed=secrets.randbits(63) if kind == "ai" else None))
            if rows:
                conn.execute(moves.insert(), rows)
            if ai_due:
                conn.execute(ai_jobs.insert().values(game_id=game_id, version=len(rows),
                                                     owner=self.owner,
                                                     lease_until=now + self.ai_lease))

    @contextmanager
    def game_tx(self, game_id: str) -> Iterator[GameTx]:
        """A transaction holding the game's lock: no other process or thread writes to the
        game until it ends.  Commits when the block ends, rolls back if it raises."""
        # the game's row, locked, with its AI job if it has one
        q = (select(games.c.version, ai_jobs.c.owner, ai_jobs.c.game_id.label("job"))
             .select_from(games.outerjoin(ai_jobs, ai_jobs.c.game_id == games.c.id))
             .where(games.c.id == game_id))

        def lock(conn: Connection) -> Any:
            if self.dialect == "sqlite":
                # take SQLite's write lock first (a read first could not be upgraded later
                # when another connection wrote in between)
                conn.execute(games.update().where(games.c.id == game_id)
                             .values(version=games.c.version))
                return conn.execute(q).first()
            return conn.execute(q.with_for_update(of=games)).first()

        with self._begin(lock) as (conn, row):
            if row is None:
                raise KeyError(game_id)
            yield GameTx(self, conn, game_id, int(row.version), row.job is not None, row.owner)

    def append(self, game_id: str, kind: str, side: str | None, action: dict[str, Any] | None,
               result: dict[str, Any] | None = None, seq: int | None = None) -> int:
        """Append one move (``action`` or ``undo``) and commit; returns its sequence number.

        ``seq`` is the number the caller expects it to get (:class:`Stale` if the game is
        elsewhere); by default the next free number."""
        return self.append_many(game_id, [(kind, side, action)], result=result, seq=seq)

    def append_many(self, game_id: str, entries: list[tuple[str, str | None, dict[str, Any] | None]],
                    result: dict[str, Any] | None = None, seq: int | None = None) -> int:
        """Append moves ``(kind, side, action)`` in one transaction (a selection and its
        follow-up; an undo that takes back two actions); returns the last sequence number."""
        with self.game_tx(game_id) as tx:
            if seq is not None and seq != tx.version + 1:
                raise Stale(tx.version)
            return tx.append(entries, result)

    def version_of(self, game_id: str) -> int | None:
        """The game's version in the database (None: no such game)."""
        v = self._read(lambda c: c.execute(select(games.c.version)
                                           .where(games.c.id == game_id)).scalar())
        return None if v is None else int(v)

    def moves_after(self, game_id: str, seq: int, conn: Connection | None = None) -> list[Move]:
        """The moves after ``seq``, in order."""
        q = (select(moves.c.seq, moves.c.kind, moves.c.side, moves.c.body)
             .where(moves.c.game_id == game_id, moves.c.seq > seq).order_by(moves.c.seq))
        rows = self._read(lambda c: c.execute(q).all()) if conn is None else conn.execute(q).all()
        return [Move(r.seq, r.kind, r.side, None if r.body is None else json.loads(r.body))
                for r in rows]

    def load(self, game_id: str, conn: Connection | None = None) -> StoredGame | None:
        if conn is None:
            return self._read(lambda c: self._load(c, game_id))  # type: ignore[no-any-return]
        return self._load(conn, game_id)

    def _load(self, conn: Connection, game_id: str) -> StoredGame | None:
        row = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
        if row is None:
            return None
        g = StoredGame(
            id=row["id"], system=row["system"], scenario=row["scenario"],
            options=json.loads(row["options"]), seed=row["seed"],
            setup=None if row["setup"] is None else json.loads(row["setup"]),
            created=row["created"], updated=row["updated"],
            result=None if row["result"] is None else json.loads(row["result"]))
        q = select(seats.c.side, seats.c.kind, seats.c.agent, seats.c.token_hash,
                   seats.c.ai_seed).where(seats.c.game_id == game_id)
        for s in conn.execute(q).mappings():
            g.seats[s["side"]] = {"kind": s["kind"], "agent": s["agent"],
                                  "token_hash": s["token_hash"], "ai_seed": s["ai_seed"]}
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
        return self._read(lambda c: c.execute(select(seats.c.side).where(  # type: ignore[no-any-return]
            seats.c.game_id == game_id, seats.c.token_hash == token_hash(token))).scalar())

    def list_games(self, limit: int = 100) -> list[dict[str, Any]]:
        counts = (select(moves.c.game_id, func.count().label("n"),
                         func.max(moves.c.created).label("last"))
                  .group_by(moves.c.game_id).subquery())
        last = func.coalesce(counts.c.last, games.c.created)
        q = (select(games, func.coalesce(counts.c.n, 0).label("moves"), last.label("last"))
             .outerjoin(counts, counts.c.game_id == games.c.id)
             .order_by(last.desc()).limit(limit))
        rows = self._read(lambda c: c.execute(q).mappings().all())
        return [{"id": r["id"], "system": r["system"], "scenario": r["scenario"],
                 "created": r["created"], "updated": r["last"],
                 "result": None if r["result"] is None else json.loads(r["result"]),
                 "moves": r["moves"]} for r in rows]

    # ----- AI seats --------------------------------------------------------------------------
    def claim_ai(self, game_id: str, version: int) -> bool:
        """Claim (or keep) the AI turn of ``game_id`` due at ``version`` for this process:
        True if it is ours now.  A turn another process holds under a live lease is not."""
        def claim(conn: Connection) -> bool:   # one statement each: atomic by itself
            now = time.time()
            r = conn.execute(ai_jobs.update().where(
                ai_jobs.c.game_id == game_id,
                (ai_jobs.c.owner == self.owner) | ai_jobs.c.owner.is_(None)
                | (ai_jobs.c.lease_until < now),
            ).values(owner=self.owner, lease_until=now + self.ai_lease, version=version))
            if r.rowcount:
                return True
            exists = conn.execute(select(ai_jobs.c.game_id)
                                  .where(ai_jobs.c.game_id == game_id)).first()
            if exists is not None:
                return False
            try:
                conn.execute(ai_jobs.insert().values(game_id=game_id, version=version,
                                                     owner=self.owner,
                                                     lease_until=now + self.ai_lease))
            except IntegrityError:
                return False    # another process inserted it first
            return True
        return bool(self._write(claim))

    @contextmanager
    def holding_ai(self, game_id: str) -> Iterator[None]:
        """While the block runs (an AI thinking), our lease on the game's AI turn is
        renewed every third of it, by one thread for all the games."""
        with self._holding_lock:
            self._holding[game_id] = self._holding.get(game_id, 0) + 1
            if self._renewer is None:
                self._renewer = threading.Thread(target=self._renew_leases, daemon=True,
                                                 name="ringwar-ai-lease")
                self._renewer.start()
        try:
            yield
        finally:
            with self._holding_lock:
                n = self._holding.pop(game_id, 1) - 1
                if n > 0:
                    self._holding[game_id] = n

    @contextmanager
    def _begin(self, first: Callable[[Connection], Any]) -> Iterator[tuple[Connection, Any]]:
        """A transaction (SQLite: this process's writers one at a time) and the result of
        its first statement ``first(connection)``; begun again on a new connection if the
        database had dropped the pool's (it restarted) — nothing was done yet then."""
        with self._locked():
            for attempt in (0, 1):
                conn = self.engine.connect()
                try:
                    tx = conn.begin()
                    result = first(conn)
                except DBAPIError as e:
                    conn.close()
                    if attempt or not e.connection_invalidated:
                        raise
                    continue
                except BaseException:
                    conn.close()
                    raise
                break
            with conn, tx:
                yield conn, result

    @contextmanager
    def _write1(self) -> Iterator[Connection]:
        """A connection for one statement that is its own transaction."""
        if self.dialect == "sqlite":
            with self._locked(), self.engine.begin() as conn:
                yield conn
        else:
            with self.auto.connect() as conn:
                yield conn

    def _renew_leases(self) -> None:
        while not self._closed.wait(self.ai_lease / 3):
            with self._holding_lock:
                ids = list(self._holding)
            if not ids:
                continue
            try:
                with self._write1() as conn:
                    conn.execute(ai_jobs.update().where(ai_jobs.c.game_id.in_(ids),
                                                        ai_jobs.c.owner == self.owner)
                                 .values(lease_until=time.time() + self.ai_lease))
            except Exception:   # the database is away: the leases may lapse, as they should
                continue

    def release_all_ai(self) -> None:
        """Give back every AI turn held by anybody: for a database only this process uses
        (SQLite), whose jobs' owners are dead processes."""
        self._write(lambda c: c.execute(ai_jobs.update().values(owner=None, lease_until=0.0)))

    def release_ai(self, game_id: str) -> None:
        """Give the game's AI turn back (this process will not play it)."""
        self._write(lambda c: c.execute(
            ai_jobs.update().where(ai_jobs.c.game_id == game_id, ai_jobs.c.owner == self.owner)
            .values(owner=None, lease_until=0.0)))

    def drop_ai(self, game_id: str, version: int) -> None:
        """Remove the game's AI job if it is for ``version`` or older (no AI is due)."""
        self._write(lambda c: c.execute(ai_jobs.delete().where(ai_jobs.c.game_id == game_id,
                                                               ai_jobs.c.version <= version)))

    def claim_lapsed_ai(self, limit: int = 10) -> list[str]:
        """Claim AI turns nobody holds (their process died, or gave them back): the games.
        Rows another process is claiming right now are skipped, not waited for."""
        now = time.time()
        q = (select(ai_jobs.c.game_id).where(ai_jobs.c.lease_until < now)
             .order_by(ai_jobs.c.lease_until).limit(limit)
             .with_for_update(skip_locked=True))
        with self._begin(lambda c: [r[0] for r in c.execute(q).all()]) as (conn, ids):
            if ids:
                conn.execute(ai_jobs.update().where(ai_jobs.c.game_id.in_(ids))
                             .values(owner=self.owner, lease_until=now + self.ai_lease))
            return list(ids)

    def ai_job(self, game_id: str) -> dict[str, Any] | None:
        r = self._read(lambda c: c.execute(select(ai_jobs).where(ai_jobs.c.game_id == game_id))
                       .mappings().first())
        return None if r is None else dict(r)

    def agent_state(self, game_id: str, side: str) -> tuple[int | None, bytes | None, int | None]:
        """An AI seat's saved agent: (the version it was saved at, the state, the seat's seed)."""
        r = self._read(lambda c: c.execute(
            select(seats.c.ai_state_version, seats.c.ai_state, seats.c.ai_seed)
            .where(seats.c.game_id == game_id, seats.c.side == side)).first())
        if r is None:
            return None, None, None
        return r[0], None if r[1] is None else bytes(r[1]), r[2]

    def close(self) -> None:
        self._closed.set()
        self.engine.dispose()


class GameTx:
    """The writes of one locked transaction on one game (see :meth:`Storage.game_tx`)."""

    def __init__(self, storage: Storage, conn: Connection, game_id: str, version: int,
                 has_job: bool = False, job_owner: str | None = None) -> None:
        self.storage = storage
        self.conn = conn
        self.game_id = game_id
        self.version = version           # the game's version in the database, under the lock
        self.has_job = has_job           # the game has an AI job ...
        self.job_owner = job_owner       # ... held by this process (or another, or nobody)

    def moves_after(self, seq: int) -> list[Move]:
        return self.storage.moves_after(self.game_id, seq, self.conn)

    def load(self) -> StoredGame:
        g = self.storage.load(self.game_id, self.conn)
        assert g is not None
        return g

    def append(self, entries: list[tuple[str, str | None, dict[str, Any] | None]],
               result: dict[str, Any] | None = None) -> int:
        """Append moves after the current version; returns the new version.  Other
        processes hear of it (NOTIFY) when the transaction commits."""
        now = time.time()
        seq = self.version + 1
        rows = [{"game_id": self.game_id, "seq": seq + i, "kind": kind, "side": side,
                 "body": None if action is None else json.dumps(action), "created": now}
                for i, (kind, side, action) in enumerate(entries)]
        self.conn.execute(moves.insert(), rows)
        new = self.version + len(rows)
        values: dict[str, Any] = {"version": new}
        if result is not None:
            values.update(updated=now, result=json.dumps(result))
        q = games.update().where(games.c.id == self.game_id,
                                 games.c.version == self.version).values(**values)
        if self.storage.dialect == "postgresql":
            # the other processes hear of it when (and only if) it commits: NOTIFY in the
            # same statement (one round trip less)
            q = q.returning(func.pg_notify(CHANNEL, f"{self.game_id} {new} {self.storage.owner}"))
            n = len(self.conn.execute(q).all())
        else:
            n = self.conn.execute(q).rowcount
        if n != 1:                # cannot happen under the lock; the check stays all the same
            raise Stale(self.version)
        self.version = new
        return new

    def ai_owner(self) -> str | None:
        return self.job_owner

    def set_ai_due(self, due: bool) -> None:
        """After a move: the game's AI job, due at the current version and claimed by this
        process (which goes on to play it), or none."""
        st = self.storage
        if due:
            values = {"version": self.version, "owner": st.owner,
                      "lease_until": time.time() + st.ai_lease}
            if self.has_job:
                self.conn.execute(ai_jobs.update().where(ai_jobs.c.game_id == self.game_id)
                                  .values(**values))
            else:
                self.conn.execute(ai_jobs.insert().values(game_id=self.game_id, **values))
        elif self.has_job:
            self.conn.execute(ai_jobs.delete().where(ai_jobs.c.game_id == self.game_id))
        self.has_job, self.job_owner = due, st.owner if due else None

    def save_agent(self, side: str, state: bytes) -> None:
        self.conn.execute(seats.update().where(seats.c.game_id == self.game_id,
                                               seats.c.side == side)
                          .values(ai_state=state, ai_state_version=self.version))


def _revision(conn: Connection) -> int:
    insp = inspect(conn)
    if insp.has_table("alembic_version"):
        rev = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
        try:
            return int(rev or 0)
        except ValueError:
            return 10**6       # not one of ours: newer
    if insp.has_table("schema_version"):
        v = conn.execute(select(func.max(schema_version.c.version))).scalar()
        return int(v or 0)
    return 0


def normalize_url(url: str) -> str:
    """``postgresql://`` and ``postgres://`` mean PostgreSQL through psycopg 3."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def libpq_dsn(url: str) -> str:
    """The libpq connection string of a PostgreSQL URL (for the LISTEN connection)."""
    u = make_url(normalize_url(url))
    return u.set(drivername="postgresql").render_as_string(hide_password=False)
