"""Hearing of the other processes' moves: PostgreSQL's LISTEN/NOTIFY.

Every committed move sends ``NOTIFY ringwar_moves, 'GAME VERSION ORIGIN'`` in its own
transaction (``storage.GameTx.append``): PostgreSQL delivers it when, and only if, the move
commits.  :class:`Listener` holds one connection per process on that channel, in a thread,
and hands each payload to a callback.  When the connection is lost (the database restarted)
it connects again and calls ``on_gap``: moves may have been missed meanwhile, so the server
checks its games against the database.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from .storage import CHANNEL, libpq_dsn

log = logging.getLogger("ringwar.server")


class Listener(threading.Thread):
    def __init__(self, url: str, on_move: Callable[[str, int, str], None],
                 on_gap: Callable[[], None]) -> None:
        super().__init__(name="ringwar-listen", daemon=True)
        self.dsn = libpq_dsn(url)
        self.on_move = on_move
        self.on_gap = on_gap
        self.stopping = threading.Event()
        self.listening = threading.Event()

    def run(self) -> None:
        import psycopg
        delay = 0.1
        first = True
        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.dsn, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    delay = 0.1
                    if not first:
                        self.on_gap()
                    first = False
                    while not self.stopping.is_set():
                        for n in conn.notifies(timeout=0.5):
                            self._deliver(n.payload)
            except Exception as e:  # the database went away: listen again when it is back
                self.listening.clear()
                if self.stopping.is_set():
                    break
                log.warning("lost the database's notifications (%s); reconnecting", e)
                first = False
                self.stopping.wait(delay)
                delay = min(5.0, delay * 2)

    def _deliver(self, payload: str) -> None:
        try:
            gid, version, origin = payload.split(" ", 2)
            self.on_move(gid, int(version), origin)
        except Exception:
            log.exception("bad notification %r", payload)

    def wait_listening(self, timeout: float = 10.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.is_alive():
            if self.listening.wait(0.05):
                return True
        return self.listening.is_set()

    def stop(self) -> None:
        self.stopping.set()
