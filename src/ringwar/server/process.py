"""Run ``ringwar serve`` as a child process (for tests, benchmarks and scripts).

>>> with ServerProcess("sqlite:////tmp/x.db") as srv:      # doctest: +SKIP
...     httpx.get(srv.url + "/api/systems")
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any


def _env() -> dict[str, str]:
    """The child runs the same ringwar as this process (not another one installed)."""
    root = str(Path(__file__).resolve().parents[2])
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONUNBUFFERED": "1",
            "PYTHONPATH": root if not path else root + os.pathsep + path}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``python -m ringwar.cli serve`` on a free loopback port; ``url`` once started."""

    def __init__(self, database: str, port: int | None = None, ai_delay: float = 0.0,
                 log: str | Path | None = None, extra: list[str] | None = None,
                 workers: int = 1, ai_lease: float | None = None,
                 ai_think: float | None = None) -> None:
        self.database = database
        self.port = port or free_port()
        self.ai_delay = ai_delay
        self.log = log
        self.extra = list(extra or [])
        if workers != 1:
            self.extra += ["--workers", str(workers)]
        if ai_lease is not None:
            self.extra += ["--ai-lease", str(ai_lease)]
        if ai_think is not None:
            self.extra += ["--ai-think", str(ai_think)]
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def launch(self) -> ServerProcess:
        """Start the process and return at once (:meth:`wait_ready` waits for it)."""
        out: Any = open(self.log, "ab") if self.log else subprocess.DEVNULL
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ringwar.cli", "serve", "--port", str(self.port),
             "--database", self.database, "--ai-delay", str(self.ai_delay), *self.extra],
            stdout=out, stderr=subprocess.STDOUT, env=_env())
        return self

    def wait_ready(self, timeout: float = 30.0) -> ServerProcess:
        assert self.proc is not None
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"ringwar serve exited with {self.proc.returncode}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("ringwar serve did not start in time")

    def start(self, timeout: float = 30.0) -> ServerProcess:
        return self.launch().wait_ready(timeout)

    @property
    def pid(self) -> int | None:
        return None if self.proc is None else self.proc.pid

    def children(self) -> list[int]:
        """The processes this one started (``--workers``: uvicorn's worker processes, and
        possibly a helper of multiprocessing's)."""
        if self.proc is None:
            return []
        try:
            text = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text()
        except OSError:
            return []
        return [int(x) for x in text.split()]

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flushing — as in a crash."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()
