"""Leak test: play random games through the server with two seats (and an observer) and
check everything each of them was sent — HTTP replies and WebSocket pushes — against what
the engine says that side may see.  Nothing else may arrive.

Sauron hides nothing, so the check is generic: every state a seat receives must equal
``view(side)`` (and the legal actions only when it is to act) of the same position, every
event list its ``visible_to``-filtered events, every log ``log_for(side)``.  A small made-up game
with real secrets (:class:`SecretGame`) then checks the scan would catch a leak: the other
side's secret codes must never appear in anything a seat receives while the game goes on.
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
from typing import Any, ClassVar

import pytest

import ringwar
from ringwar.core.engine import Game, event, register_system

from .conftest import create, hdr

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

STATE_KEYS = {"type", "game", "version", "seat", "view", "legal", "undo", "seats", "preview",
              "hidden_information", "options"}


def digest(x: Any) -> str:
    return hashlib.sha256(json.dumps(x, sort_keys=True).encode()).hexdigest()


class SecretGame(Game):
    """Two sides take turns hiding a code the other side must not see, then guessing."""

    system = "secret-test"
    title = "Secrets (test game)"
    sides = ("red", "blue")
    hidden_information: ClassVar[bool] = True
    ROUNDS = 6

    def _init_state(self) -> None:
        self.n = 0
        self.hidden: dict[str, list[str]] = {"red": [], "blue": []}
        self.score = {"red": 0, "blue": 0}
        self.phase_ = "hide"

    @property
    def rules_to_act(self) -> str | None:
        return None if self.result else self.sides[self.n % 2] if self.phase_ == "hide" \
            else self.sides[(self.n + 1) % 2]

    @property
    def turn(self) -> int:
        return self.n // 2 + 1

    @property
    def phase(self) -> str:
        return self.phase_

    @property
    def rules_result(self) -> dict[str, Any] | None:
        if self.n < self.ROUNDS:
            return None
        w = max(self.sides, key=lambda s: self.score[s])
        return {"winner": w, "level": "win", "text": f"{w} wins"}

    def _legal(self) -> list[dict[str, Any]]:
        side = self.to_act
        if self.phase_ == "hide":
            return [{"type": "hide", "code": f"SECRET-{side}-{self.n}-{self.dice.roll()}-{k}"}
                    for k in range(3)]
        return [{"type": "guess", "k": k} for k in range(3)]

    def _do(self, action: dict[str, Any]) -> list[dict[str, Any]]:
        side = self.to_act
        assert side is not None
        if action["type"] == "hide":
            self.hidden[side].append(action["code"])
            self.phase_ = "guess"
            return [event("hide", "[1.1]", f"{side} hid {action['code']}", visible_to=side),
                    event("hid", "[1.1]", f"{side} hid a code")]
        code = self.hidden[self.sides[self.n % 2]][-1]
        right = code.endswith(f"-{action['k']}")
        if right:
            self.score[side] += 1
        self.phase_ = "hide"
        self.n += 1
        return [event("guess", "[1.2]", f"{side} guessed {'right' if right else 'wrong'}")]

    def _state_json(self) -> Any:
        return [self.n, self.hidden, self.score, self.phase_]

    def _view(self, side: str | None) -> dict[str, Any]:
        return {"mine": list(self.hidden.get(side, [])) if side else [],
                "counts": {s: len(v) for s, v in self.hidden.items()}, "score": dict(self.score),
                "recent_log": self.recent_log(side, 10)}


register_system("secret-test", f"{__name__}:SecretGame")


class Inbox:
    """Everything one party received: HTTP bodies and WebSocket messages."""

    def __init__(self) -> None:
        self.http: list[Any] = []
        self.ws: list[dict[str, Any]] = []
        self.raw: list[str] = []


def listen(client: Any, url: str, box: Inbox) -> tuple[Any, threading.Thread]:
    cm = client.websocket_connect(url)
    ws = cm.__enter__()

    def run() -> None:
        try:
            while True:
                text = ws.receive_text()
                box.raw.append(text)
                box.ws.append(json.loads(text))
        except Exception:
            pass

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return cm, t


def play_through(client: Any, system: str, seed: int, max_actions: int) -> None:
    g = create(client, system=system, seed=seed)
    gid, tokens = g["id"], g["tokens"]
    ref = ringwar.new_game(system, seed=g["seed"])
    sides = list(ref.sides)
    boxes = {s: Inbox() for s in sides + [None]}
    socks = [listen(client, f"/api/games/{gid}/ws" + (f"?token={tokens[s]}" if s else ""), boxes[s])
             for s in sides + [None]]
    # what each side may see at each version of the game
    views: dict[tuple[int, str | None], str] = {}
    legal: dict[int, str] = {}

    def remember(v: int) -> None:
        for s in sides + [None]:
            views[(v, s)] = digest(ref.view(s))
        legal[v] = digest(list(ref.legal_actions()))

    try:
        _play(client, gid, tokens, ref, sides, boxes, remember, seed, max_actions)
    finally:
        for cm, t in socks:
            cm.__exit__(None, None, None)
            t.join(timeout=5)
    version = len(ref.record.actions)
    _check(system, ref, sides, boxes, views, legal, version)


def _play(client: Any, gid: str, tokens: dict[str, str], ref: Any, sides: list[str],
          boxes: dict[Any, Inbox], remember: Any, seed: int, max_actions: int) -> None:
    remember(0)
    rng = random.Random(seed)
    version = 0
    for _ in range(max_actions):
        if ref.result is not None:
            break
        side = ref.to_act
        r = client.get(f"/api/games/{gid}", headers=hdr(tokens[side]))
        st = r.json()
        boxes[side].http.append(st)
        boxes[side].raw.append(r.text)
        assert st["version"] == version
        a = rng.choice(st["legal"])
        r = client.post(f"/api/games/{gid}/actions", headers=hdr(tokens[side]),
                        json={"action": a, "version": version})
        assert r.status_code == 200, r.text
        boxes[side].raw.append(r.text)
        out = r.json()
        events = ref.apply(a)
        assert out["events"] == [e for e in events if e.get("visible_to") in (None, side)], \
            (len(ref.record.actions), a, out["events"], events)
        version += 1
        remember(version)
        boxes[side].http.append(out["state"])
        if rng.random() < 0.02:  # now and then, the other seat reads its whole log
            other = sides[(sides.index(side) + 1) % len(sides)]
            r = client.get(f"/api/games/{gid}/log", headers=hdr(tokens[other]))
            boxes[other].raw.append(r.text)
            assert r.json()["log"] == ref.log_for(other)
    # let the last pushes arrive, then hang up
    import time
    deadline = time.time() + 5
    while time.time() < deadline and not all(b.ws and b.ws[-1]["version"] == version for b in boxes.values()):
        time.sleep(0.02)


def _check(system: str, ref: Any, sides: list[str], boxes: dict[Any, Inbox],
           views: dict[tuple[int, str | None], str], legal: dict[int, str], version: int) -> None:
    for s, box in boxes.items():
        assert box.ws, f"{s} got no WebSocket message"
        assert box.ws[-1]["version"] == version
        for msg in box.http + box.ws:
            assert set(msg) == STATE_KEYS, set(msg) ^ STATE_KEYS
            v = msg["version"]
            assert msg["seat"] == s
            assert digest(msg["view"]) == views[(v, s)], f"{s} was sent something else at version {v}"
            if msg["legal"]:
                assert msg["view"]["to_act"] == s and digest(msg["legal"]) == legal[v]
        if system == "secret-test" and s is not None:
            # the scan: none of the other side's codes in anything this seat received
            others = [code for o in sides if o != s for code in ref.hidden[o]]
            assert others
            blob = "\n".join(box.raw)
            for code in others:
                assert code not in blob, f"{s} saw another side's secret {code}"
        if system == "secret-test" and s is None:
            blob = "\n".join(box.raw)
            assert "SECRET-" not in blob


def test_no_leaks_in_a_random_sauron_game(client: Any) -> None:
    play_through(client, "sauron", seed=11, max_actions=300)


def test_no_leaks_in_a_game_with_secrets(client: Any) -> None:
    play_through(client, "secret-test", seed=5, max_actions=100)


def test_the_secret_game_record_is_refused_until_it_is_over(client: Any) -> None:
    g = create(client, system="secret-test", seed=1)
    r = client.get(f"/api/games/{g['id']}/record", headers=hdr(g["tokens"]["red"]))
    assert r.status_code == 403 and "hides information" in r.json()["message"]
    r = client.get(f"/api/games/{g['id']}/replay/0?side=blue", headers=hdr(g["tokens"]["red"]))
    assert r.status_code == 403


def test_no_leaks_in_a_random_gondor_game(client: Any) -> None:
    # Gondor hides its dummy cauldrons and oil: every message must still be the seat's view
    play_through(client, "gondor", seed=4, max_actions=150)
