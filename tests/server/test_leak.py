"""Leak scan: play random games through the server with every seat (and an observer) and
check everything each of them was sent — HTTP replies and WebSocket pushes — against what
the engine says that side may see.  Nothing else may arrive.

The check is generic: every state a seat receives must equal ``view(side)`` (and the legal
actions only when it is to act) of the same position, every event list its
``visible_to``-filtered events, every log ``log_for(side)``, every replay step the view,
events and *redacted* action of that step.  Then every endpoint that returns game data is
called by every party (:data:`SCANNED`; a test fails if the app has an endpoint the scan does
not know, so a new one cannot skip it) and the raw text of all of it is searched for the
secrets: the other side's codes in a made-up game with real secrets (:class:`SecretGame`), and
in Gondor which Cauldrons are dummies [16.71].

Pieces hidden from the other sides (the War of the Ring's hidden Fellowship characters [WR §12])
are checked whatever the game: nothing a party receives may mark a piece of another side
``"hidden"`` and say where it is (a hex, a destination), and every recorded move of a piece that
was hidden before and after it reaches the other parties' replays as a bare "someone moved".
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
from typing import Any, ClassVar

import pytest

import ringwar
from ringwar.core.engine import Game, event, register_system, unregister_system
from ringwar.server.app import create_app

from .conftest import create, hdr, play

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

STATE_KEYS = {"type", "game", "version", "seat", "view", "legal", "labels", "meta", "undo",
              "seats", "preview", "hidden_information", "options"}

#: every API route that returns game data, and how the scan reaches it
SCANNED = {
    ("GET", "/api/games"): "the lobby's list, read by every party",
    ("POST", "/api/games"): "creating a game: the creator gets the tokens (scanned: create)",
    ("GET", "/api/games/{game_id}"): "states, read by every party",
    ("POST", "/api/games/{game_id}/actions"): "every action of the game: its events and state",
    ("POST", "/api/games/{game_id}/undo"): "undos now and then: the state sent back",
    ("POST", "/api/games/{game_id}/preview"): "previews of the legal actions of the side to act",
    ("GET", "/api/games/{game_id}/log"): "the whole log, read by every party",
    ("GET", "/api/games/{game_id}/record"): "the export, asked by every party",
    ("GET", "/api/games/{game_id}/replay/{step}"): "every step, by every party, every side asked",
    ("GET", "/api/games/{game_id}/map"): "the map data, by every party",
    ("GET", "/api/games/{game_id}/map.svg"): "the map picture, by every party",
    ("WS", "/api/games/{game_id}/ws"): "a socket per party for the whole game",
    ("POST", "/api/games/{game_id}/hint"): "a hint asked by every party (worked out from the "
                                           "seat's own view; refused to observers, and once over)",
    ("GET", "/api/games/{game_id}/analysis"): "the analysis, asked by every party (refused "
                                              "until the game is over: it reads everything)",
}
#: API routes that return no game data
EXEMPT = {("GET", "/api/systems"): "the systems' rules and options: the same for everybody",
          ("GET", "/api/levels"): "the AI's difficulty levels: the same for everybody"}


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

    def redact_action(self, action: dict[str, Any], side: str | None) -> dict[str, Any]:
        # which code was hidden is the hider's secret (the hider is red on even rounds)
        if action["type"] == "hide" and not (side and action["code"].startswith(f"SECRET-{side}-")):
            return {"type": "hide"}
        return dict(action)


@pytest.fixture(autouse=True, scope="module")
def _secret_system() -> Any:
    """The secret game is playable while this module's tests run, and only then: registered at
    import, it stayed in the registry, and tests collected later that play every system
    (``systems()``) met a game they know nothing of."""
    register_system("secret-test", f"{__name__}:SecretGame")
    yield
    unregister_system("secret-test")



class Inbox:
    """Everything one party received: HTTP bodies and WebSocket messages."""

    def __init__(self) -> None:
        self.http: list[Any] = []
        self.ws: list[dict[str, Any]] = []
        self.raw: list[str] = []


def listen(client: Any, url: str, token: str | None, box: Inbox) -> tuple[Any, threading.Thread]:
    cm = client.websocket_connect(url)
    ws = cm.__enter__()
    ws.send_json({"type": "hello", "token": token} if token else {"type": "hello"})

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


class Reference:
    """The same game played beside the server's, and what each party may see of it at every
    version: digests of views, legal actions, and of each replay step."""

    def __init__(self, system: str, seed: int, options: dict[str, Any] | None = None) -> None:
        self.game = ringwar.new_game(system, seed=seed, options=options or {})
        self.parties: list[str | None] = [*self.game.sides, None]
        self.views: dict[tuple[int, str | None], str] = {}
        #: replay step -> (the moving piece's side, the action): moves of hidden pieces
        self.secret_steps: dict[int, tuple[str, dict[str, Any]]] = {}
        self.legal: dict[int, str] = {}
        self.steps: dict[tuple[int, str | None], str] = {}
        self.remember(0, [])

    def remember(self, version: int, events: list[dict[str, Any]], action: Any = None,
                 pre: Any = None) -> None:
        g = self.game
        step = len(g.record.actions)     # replay steps count actions (an undo is no step)
        if action is not None and pre is not None:
            owner = hidden_mover(pre, g, action)
            if owner:
                self.secret_steps[step] = (owner, dict(action))
        for s in self.parties:
            self.views[(version, s)] = digest(g.view(s))
            seen = g.redact_action(action, s) if action is not None else None
            self.steps[(step, s)] = digest([
                seen, pre.describe_action(seen, s) if action is not None else None,
                [e for e in events if e.get("visible_to") in (None, s)], g.view(s)])
        self.legal[version] = digest(list(g.legal_actions()))


def play_through(client: Any, system: str, seed: int, max_actions: int,
                 options: dict[str, Any] | None = None) -> None:
    g = create(client, system=system, seed=seed, options=options or {})
    gid, tokens = g["id"], g["tokens"]
    ref = Reference(system, g["seed"], options)
    sides = list(ref.game.sides)
    boxes = {s: Inbox() for s in ref.parties}
    boxes[None].raw.append(json.dumps({k: v for k, v in g.items() if k != "tokens"}))
    socks = [listen(client, f"/api/games/{gid}/ws", tokens.get(s) if s else None, boxes[s])
             for s in ref.parties]
    try:
        _play(client, gid, tokens, ref, sides, boxes, seed, max_actions)
    finally:
        for cm, t in socks:
            cm.__exit__(None, None, None)
            t.join(timeout=5)
    scan_endpoints(client, gid, tokens, ref, boxes)
    _check(system, ref, sides, boxes)


def _play(client: Any, gid: str, tokens: dict[str, str], ref: Reference, sides: list[str],
          boxes: dict[Any, Inbox], seed: int, max_actions: int) -> None:
    rng = random.Random(seed)
    game = ref.game
    version = 0
    for _ in range(max_actions):
        if game.result is not None:
            break
        side = game.to_act
        r = client.get(f"/api/games/{gid}", headers=hdr(tokens[side]))
        st = r.json()
        boxes[side].http.append(st)
        boxes[side].raw.append(r.text)
        assert st["version"] == version
        a = rng.choice(st["legal"])
        if rng.random() < 0.1:   # the side to act looks at the odds / a selection's options
            r = client.post(f"/api/games/{gid}/preview", headers=hdr(tokens[side]), json={"action": a})
            assert r.status_code == 200, r.text
            boxes[side].raw.append(r.text)
        pre = game.clone()
        r = client.post(f"/api/games/{gid}/actions", headers=hdr(tokens[side]),
                        json={"action": a, "version": version})
        assert r.status_code == 200, r.text
        boxes[side].raw.append(r.text)
        out = r.json()
        events = game.apply(a)
        assert out["events"] == [e for e in events if e.get("visible_to") in (None, side)], \
            (len(game.record.actions), a, out["events"], events)
        version += 1
        ref.remember(version, events, a, pre)
        boxes[side].http.append(out["state"])
        if out["state"]["undo"] and rng.random() < 0.05:   # now and then, take it back
            r = client.post(f"/api/games/{gid}/undo", headers=hdr(tokens[side]),
                            json={"version": version})
            assert r.status_code == 200, r.text
            boxes[side].raw.append(r.text)
            taken = game.undo()
            version += taken
            # the steps taken back are played again by other actions
            ref.secret_steps = {k: v for k, v in ref.secret_steps.items()
                                if k <= len(game.record.actions)}
            # the server's versions count rows; the reference's positions are the record's
            for k in range(taken):
                ref.views.update({(version - k, s): digest(game.view(s)) for s in ref.parties})
                ref.legal[version - k] = digest(list(game.legal_actions()))
            boxes[side].http.append(r.json()["state"])
        if rng.random() < 0.02:  # now and then, the other seat reads its whole log
            other = sides[(sides.index(side) + 1) % len(sides)]
            r = client.get(f"/api/games/{gid}/log", headers=hdr(tokens[other]))
            boxes[other].raw.append(r.text)
            assert r.json()["log"] == game.log_for(other)
    # let the last pushes arrive, then hang up
    import time
    deadline = time.time() + 5
    while time.time() < deadline and not all(b.ws and b.ws[-1]["version"] == version for b in boxes.values()):
        time.sleep(0.02)


def scan_endpoints(client: Any, gid: str, tokens: dict[str, str], ref: Reference,
                   boxes: dict[Any, Inbox]) -> None:
    """Every party calls every endpoint that returns game data (SCANNED)."""
    g = ref.game
    steps = len(g.record.actions)
    for s in ref.parties:
        h, box = hdr(tokens[s] if s else None), boxes[s]

        def get(url: str, box: Inbox = box, h: dict[str, str] = h) -> Any:
            r = client.get(url, headers=h)
            box.raw.append(r.text)
            return r

        r = get(f"/api/games/{gid}")
        assert r.status_code == 200
        box.http.append(r.json())
        r = get(f"/api/games/{gid}/log")
        assert r.status_code == 200 and r.json()["log"] == g.log_for(s)
        r = get(f"/api/games/{gid}/record")
        if g.result is None and g.hidden_information:
            assert r.status_code == 403
        else:
            assert r.status_code == 200
        get("/api/games")
        r = client.post(f"/api/games/{gid}/hint", headers=h, json={"think": 0.05})
        box.raw.append(r.text)
        assert r.status_code == (401 if s is None else 409 if g.result is not None else 200), r.text
        r = get(f"/api/games/{gid}/analysis")
        assert r.status_code == (409 if g.result is None else 200), r.text
        get(f"/api/games/{gid}/map")
        get(f"/api/games/{gid}/map.svg")
        for step in range(steps + 1):
            for asked in [None, *g.sides]:
                url = f"/api/games/{gid}/replay/{step}" + (f"?side={asked}" if asked else "")
                r = get(url)
                if g.result is None and asked not in (None, s):
                    assert r.status_code == 403, (url, s)
                    continue
                assert r.status_code == 200, r.text
                d = r.json()
                who = (asked if asked else None) if g.result is not None else s
                assert d["side"] == who
                assert digest([d["action"], d["action_text"], d["events"], d["view"]]) == \
                    ref.steps[(step, who)], f"replay step {step} for {who}: not what that side may see"
                secret = ref.secret_steps.get(step)
                if secret and who != secret[0]:
                    # a hidden piece's move: the others learn that one moved, not which or where
                    assert d["action"] == {"type": secret[1]["type"], "hidden": True}, (step, who, d["action"])
                    to = secret[1].get("to")
                    assert not to or to not in (d["action_text"] or ""), (step, who, d["action_text"])


def _check(system: str, ref: Reference, sides: list[str], boxes: dict[Any, Inbox]) -> None:
    g = ref.game
    # what was scanned (pytest -s shows it): per party, HTTP replies and WebSocket messages
    print(f"\nleak scan {system}: {len(g.record.actions)} actions; " + "; ".join(
        f"{s or 'observer'}: {len(b.raw) - len(b.ws)} HTTP replies, {len(b.ws)} WebSocket messages"
        for s, b in boxes.items()))
    version = max(v for v, _s in ref.views)
    for s, box in boxes.items():
        assert box.ws, f"{s} got no WebSocket message"
        assert box.ws[-1]["version"] == version
        for msg in box.http + box.ws:
            assert set(msg) == STATE_KEYS, set(msg) ^ STATE_KEYS
            v = msg["version"]
            assert msg["seat"] == s
            assert digest(msg["view"]) == ref.views[(v, s)], f"{s} was sent something else at version {v}"
            if msg["legal"]:
                assert msg["view"]["to_act"] == s and digest(msg["legal"]) == ref.legal[v]
        for text in box.raw:
            try:
                sent = json.loads(text)
            except ValueError:
                continue
            found = where_hidden(sent, s)
            assert not found, f"{s or 'an observer'} was told where a hidden piece is: {found[:3]}"
        blob = "\n".join(box.raw)
        for secret in secrets_hidden_from(system, g, s):
            assert secret not in blob, f"{s or 'an observer'} saw a secret: {secret}"
        if system == "gondor" and s != "westernesse":
            # [16.71] no message to Sauron or an observer says which Cauldrons are real
            for text in box.raw:
                assert '"real"' not in text, f"{s or 'an observer'} was told a Cauldron's secret: " \
                    + text[max(0, text.find('"real"') - 120):text.find('"real"') + 40]


def where_hidden(x: Any, party: str | None, path: str = "") -> list[str]:
    """Every place in ``x`` (a message sent to ``party``) that marks a piece of another side
    hidden and says where it is or where it went."""
    found = []
    if isinstance(x, dict):
        if x.get("hidden") is True and x.get("side") != party and \
                any(x.get(k) for k in ("hex", "to", "stack", "last_hex")):
            found.append(f"{path}: {x}")
        for k, v in x.items():
            found += where_hidden(v, party, f"{path}.{k}")
    elif isinstance(x, list):
        for i, v in enumerate(x):
            found += where_hidden(v, party, f"{path}[{i}]")
    return found


def hidden_mover(pre: Any, post: Any, action: dict[str, Any]) -> str | None:
    """The side of the piece an action moves (or selects to move) when that piece was hidden
    before the action and still is after it, as each side's own view says (the side's view
    shows its own hidden pieces); None for any other action."""
    piece = action.get("piece")
    if action.get("type") not in ("select", "move", "stay") or not isinstance(piece, str):
        return None
    for side in pre.sides:
        before = {u["id"]: u for u in pre.view(side).get("units", ()) if isinstance(u, dict)}
        after = {u["id"]: u for u in post.view(side).get("units", ()) if isinstance(u, dict)}
        u, v = before.get(piece), after.get(piece)
        if u and v and u.get("hidden") and v.get("hidden") and u.get("side") == side:
            return side
    return None


def secrets_hidden_from(system: str, g: Any, party: str | None) -> list[str]:
    if system != "secret-test":
        return []
    secrets = [code for o in g.sides if o != party for code in g.hidden[o]]
    assert secrets
    return secrets


def test_the_leak_scan_covers_every_endpoint(tmp_path: Any) -> None:
    """A new endpoint that returns game data must be added to the scan (or exempted, with the
    reason): otherwise this fails."""
    from fastapi.routing import APIRoute, APIWebSocketRoute

    app = create_app(f"sqlite:///{tmp_path / 'x.db'}")
    found = set()
    for r in app.routes:
        if isinstance(r, APIWebSocketRoute):
            found.add(("WS", r.path))
        elif isinstance(r, APIRoute) and r.path.startswith("/api"):
            found |= {(m, r.path) for m in r.methods if m != "HEAD"}
    missing = found - set(SCANNED) - set(EXEMPT)
    assert not missing, f"endpoints the leak scan does not call: {sorted(missing)}"
    assert not (set(SCANNED) - found), "the scan lists endpoints the app no longer has"


def test_no_leaks_in_a_random_sauron_game(client: Any) -> None:
    play_through(client, "sauron", seed=11, max_actions=300)


def test_no_leaks_in_a_game_with_secrets(client: Any) -> None:
    # stopped before its end: once it is over, its record (and so every code) is public
    play_through(client, "secret-test", seed=5, max_actions=9)


def test_the_secret_game_record_is_refused_until_it_is_over(client: Any) -> None:
    g = create(client, system="secret-test", seed=1)
    r = client.get(f"/api/games/{g['id']}/record", headers=hdr(g["tokens"]["red"]))
    assert r.status_code == 403 and "hides information" in r.json()["message"]
    r = client.get(f"/api/games/{g['id']}/replay/0?side=blue", headers=hdr(g["tokens"]["red"]))
    assert r.status_code == 403


def test_no_leaks_in_a_random_gondor_game(client: Any) -> None:
    # [16.71] Gondor hides its dummy cauldrons and oil: the set-up (where the cauldrons are
    # placed, real or dummy) is in the first 40-odd actions, so replays of them are scanned
    play_through(client, "gondor", seed=4, max_actions=150)


def test_no_leaks_in_a_random_war_of_the_ring_game(client: Any) -> None:
    # [WR §12] the Fellowship's hidden characters: their hexes and moves only to the Fellowship
    play_through(client, "war-of-the-ring", seed=3, max_actions=90)
    play_through(client, "war-of-the-ring", seed=4, max_actions=35, options={"players": 3})


def test_gondor_replay_of_a_cauldron_set_up_hides_real_from_sauron(client: Any) -> None:
    """[16.71] the issue's reproduction: the replay step of a Cauldron's set-up showed
    ``"real": true`` to Sauron's seat and to an observer."""
    g = create(client, system="gondor", seed=3)
    gid, tok = g["id"], g["tokens"]
    ref = ringwar.new_game("gondor", seed=3)
    step: int | None = None
    for _ in range(400):
        side = ref.to_act
        st = client.get(f"/api/games/{gid}", headers=hdr(tok[side])).json()
        cauldron = [a for a in st["legal"] if a["type"] == "place" and "real" in a]
        sel = [a for a in st["legal"] if a["type"] == "select" and "cauldron" in a.get("unit", "")]
        a = (cauldron or sel or st["legal"])[0]
        assert play(client, gid, tok[side], a, st["version"]).status_code == 200
        ref.apply(a)
        if cauldron:
            step = len(ref.record.actions)
            break
    assert step is not None
    for who, h in (("sauron", hdr(tok["sauron"])), ("observer", {})):
        r = client.get(f"/api/games/{gid}/replay/{step}", headers=h)
        assert r.status_code == 200
        assert '"real"' not in r.text and "real" not in (r.json()["action_text"] or ""), who
        assert r.json()["action"]["unit"].startswith("cauldron")
    r = client.get(f"/api/games/{gid}/replay/{step}", headers=hdr(tok["westernesse"]))
    assert r.json()["action"]["real"] in (True, False)
