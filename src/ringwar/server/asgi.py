"""The web app for an ASGI server or process manager, configured by environment variables.

    RINGWAR_DATABASE=postgresql://ringwar@db/ringwar uvicorn ringwar.server.asgi:app --workers 4
    RINGWAR_DATABASE=... gunicorn -k uvicorn.workers.UvicornWorker -w 4 ringwar.server.asgi:app

Each process builds its own app (``create``) from ``RINGWAR_DATABASE`` (default
``sqlite:///ringwar.db``: one process only), ``RINGWAR_AI_DELAY`` (0.05 s),
``RINGWAR_AI_THINK`` (1 s) and ``RINGWAR_AI_LEASE`` (5 s).  ``ringwar serve --workers N``
does the same with uvicorn's own process manager.
"""

from __future__ import annotations

import os
from typing import Any

from .app import create_app


def create() -> Any:
    """The app as the environment describes it (``uvicorn --factory``)."""
    return create_app(os.environ.get("RINGWAR_DATABASE", "sqlite:///ringwar.db"),
                      ai_delay=float(os.environ.get("RINGWAR_AI_DELAY", "0.05")),
                      ai_think=float(os.environ.get("RINGWAR_AI_THINK", "1.0")),
                      ai_lease=float(os.environ.get("RINGWAR_AI_LEASE", "5.0")))


def __getattr__(name: str) -> Any:
    # ``ringwar.server.asgi:app``: built when the server asks for it, in each process
    if name == "app":
        return create()
    raise AttributeError(name)
