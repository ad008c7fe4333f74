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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``python -m ringwar.cli serve`` on a free loopback port; ``url`` once started."""

    def __init__(self, database: str, port: int | None = None, ai_delay: float = 0.0,
                 log: str | Path | None = None, extra: list[str] | None = None) -> None:
        self.database = database
        self.port = port or free_port()
        self.ai_delay = ai_delay
        self.log = log
        self.extra = list(extra or [])
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerProcess:
        out: Any = open(self.log, "ab") if self.log else subprocess.DEVNULL
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ringwar.cli", "serve", "--port", str(self.port),
             "--database", self.database, "--ai-delay", str(self.ai_delay), *self.extra],
            stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
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
