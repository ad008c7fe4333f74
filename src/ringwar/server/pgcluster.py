"""A throwaway PostgreSQL cluster in a temporary folder, for tests and benchmarks.

    with PostgresCluster() as pg:            # initdb + pg_ctl start on a free loopback port
        url = pg.new_database_url()          # or pg.new_schema_url(): cheaper, one per test

It needs PostgreSQL's server programs (Debian's ``postgresql`` package: ``initdb`` and
``pg_ctl`` under ``/usr/lib/postgresql/VERSION/bin``).  PostgreSQL will not run as root: as
root, the cluster runs as the ``postgres`` user (or ``nobody``) through ``runuser``.  It
listens on 127.0.0.1 only, with ``trust`` authentication for its one user (``ringwar``):
never use it for anything but throwaway data.
"""

from __future__ import annotations

import atexit
import glob
import os
import pwd
import secrets
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from .process import free_port

USER = "ringwar"

#: run beside a cluster: when the process that started it is gone (even killed, when no
#: clean-up of its own runs), stop the cluster and remove its folder
WATCHDOG = """
import os, shutil, subprocess, sys, time
parent, folder, pg_ctl, as_user = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
while os.path.isdir(folder):
    try:
        os.kill(parent, 0)
    except ProcessLookupError:
        subprocess.run([*as_user, pg_ctl, "-D", os.path.join(folder, "data"), "-m", "immediate",
                        "-w", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)
        break
    time.sleep(0.5)
"""


def server_binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (None: PostgreSQL is not installed)."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                      key=lambda p: int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0)
    return Path(versions[-1]).parent if versions else None


def available() -> bool:
    return server_binaries() is not None


class PostgresCluster:
    """``initdb``, ``pg_ctl start``, databases and schemas for tests, ``pg_ctl stop``."""

    def __init__(self, port: int | None = None, durable: bool = False,
                 max_connections: int = 300) -> None:
        """``durable=False`` (tests): no fsync (a throwaway cluster's data need not survive
        a crash of the machine; it still survives any of the server processes dying)."""
        bins = server_binaries()
        if bins is None:
            raise RuntimeError("PostgreSQL's server is not installed (Debian: apt-get install "
                               "postgresql)")
        self.bin = bins
        self.port = port or free_port()
        self.durable = durable
        self.max_connections = max_connections
        self.dir: Path | None = None
        self.running = False
        self._as: list[str] = []
        self._uid: int | None = None

    # ----- running programs as a user PostgreSQL accepts -------------------------------------
    def _user(self) -> None:
        if os.geteuid() != 0:
            return
        for name in ("postgres", "nobody"):
            try:
                pw = pwd.getpwnam(name)
            except KeyError:
                continue
            self._as = ["runuser", "-u", name, "--"]
            self._uid, self._gid = pw.pw_uid, pw.pw_gid
            return
        raise RuntimeError("as root, PostgreSQL needs another user to run as (postgres, nobody)")

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*self._as, *args], check=check, capture_output=True, text=True,
                              timeout=120)

    # ----- life -----------------------------------------------------------------------------
    def start(self) -> PostgresCluster:
        self._user()
        self.dir = Path(tempfile.mkdtemp(prefix="ringwar-pg-"))
        if self._uid is not None:
            os.chown(self.dir, self._uid, self._gid)
        data = self.dir / "data"
        try:
            self._run(str(self.bin / "initdb"), "-D", str(data), "-U", USER, "--auth=trust",
                      "-E", "UTF8", "--locale=C", "--no-sync")
        except subprocess.CalledProcessError as e:
            raise RuntimeError(f"initdb failed: {e.stderr or e.stdout}") from None
        opts = [f"-p {self.port}", f"-k {self.dir}", "-c listen_addresses=127.0.0.1",
                f"-c max_connections={self.max_connections}", "-c shared_buffers=64MB"]
        if not self.durable:
            opts += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        r = self._run(str(self.bin / "pg_ctl"), "-D", str(data), "-l", str(self.dir / "log"),
                      "-w", "-t", "60", "-o", " ".join(opts), "start", check=False)
        if r.returncode != 0:
            log = (self.dir / "log").read_text() if (self.dir / "log").exists() else ""
            self._cleanup()
            raise RuntimeError(f"PostgreSQL did not start: {r.stderr or r.stdout}\n{log[-2000:]}")
        self.running = True
        atexit.register(self.stop)
        subprocess.Popen([sys.executable, "-c", WATCHDOG, str(os.getpid()), str(self.dir),
                          str(self.bin / "pg_ctl"), *self._as], start_new_session=True,
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
        return self

    def restart(self) -> None:
        """Stop (``fast``: every connection is cut) and start again, same port and data."""
        assert self.dir is not None
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.dir / "data"), "-l",
                  str(self.dir / "log"), "-m", "fast", "-w", "-t", "60", "restart")

    def stop(self) -> None:
        if self.running and self.dir is not None:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.dir / "data"), "-m", "immediate",
                      "-w", "stop", check=False)
            self.running = False
        self._cleanup()

    def _cleanup(self) -> None:
        if self.dir is not None:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None

    def __enter__(self) -> PostgresCluster:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    # ----- databases ---------------------------------------------------------------------------
    def url(self, database: str = "postgres", **query: str) -> str:
        q = "&".join(f"{k}={v}" for k, v in query.items())
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}" + (f"?{q}" if q else "")

    def sql(self, statement: str, database: str = "postgres") -> None:
        import psycopg
        with psycopg.connect(host="127.0.0.1", port=self.port, user=USER, dbname=database,
                             autocommit=True) as conn:
            conn.execute(statement)   # type: ignore[arg-type]

    def new_database_url(self, prefix: str = "t") -> str:
        name = f"{prefix}_{secrets.token_hex(6)}"
        self.sql(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def new_schema_url(self, database: str = "postgres", prefix: str = "t") -> str:
        """A new empty schema, first on the search path of every connection of the URL (a
        database of its own, for a test, at a fraction of the cost)."""
        name = f"{prefix}_{secrets.token_hex(6)}"
        self.sql(f'CREATE SCHEMA "{name}"', database)
        return self.url(database, options=f"-csearch_path%3D{name}")
