"""Fixtures for the web app's tests: an app on a temporary database and a client.

``db_url`` is parametrized: every test that takes it (or ``client``) runs on a temporary
SQLite file and on a new schema of a throwaway PostgreSQL cluster (``pg_cluster`` in
tests/conftest.py; skipped where PostgreSQL is not installed)."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")

from fastapi.testclient import TestClient  # noqa: E402

from ringwar.server.app import TOKEN_HEADER, create_app  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: Any, tmp_path: Any) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'ringwar.db'}"
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def client(db_url: str) -> Any:
    app = create_app(db_url, ai_delay=0.0)
    with TestClient(app) as c:
        yield c


def hdr(token: str | None) -> dict[str, str]:
    return {TOKEN_HEADER: token} if token else {}


def create(client: Any, **body: Any) -> dict[str, Any]:
    body.setdefault("system", "sauron")
    body.setdefault("seed", 7)
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def state(client: Any, gid: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", headers=hdr(token))
    assert r.status_code == 200, r.text
    return r.json()


def play(client: Any, gid: str, token: str, action: dict[str, Any], version: int) -> Any:
    return client.post(f"/api/games/{gid}/actions", headers=hdr(token),
                       json={"action": action, "version": version})


#: a position with a missile attack ready: Sauron's Combat Phase, orc archers next to men
FIRE_SETUP = {"place": [{"id": "warg1", "hex": "1324"}, {"id": "men1", "hex": "1323"},
                        {"id": "orc_archer1", "hex": "1325"}],
              "clear": True, "turn": 3, "phase": "D"}
