"""The web app: an HTTP API (described at ``/docs`` and ``/openapi.json``), a WebSocket per
seat, and the static browser client.

Seats are opened by secret tokens (256 random bits) sent in the ``X-Ringwar-Token`` header
(a WebSocket sends its token in its first message): never in a URL, so no access log or
browser history holds one.  A request without a token is an observer's and sees public
information only.  Actions carry the ``version`` of the game the player saw, so an action chosen on an
outdated view is refused instead of being applied to a position nobody looked at.

    from ringwar.server.app import create_app
    app = create_app("sqlite:///ringwar.db")      # uvicorn.run(app)
"""

from __future__ import annotations

import asyncio
import functools
import hmac
import json
import logging
import os
import random
import re
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

import ringwar
from ringwar.core.engine import system_class
from ringwar.core.engine import systems as all_systems
from ringwar.core.record import SEED_MAX, GameRecord

from .live import (
    ApiError,
    LiveGame,
    Replays,
    build,
    dumps,
    new_id,
    new_token,
    parse_seat,
    visible,
)
from .storage import Storage, StoredGame, token_hash

log = logging.getLogger("ringwar.server")

WEB = Path(__file__).resolve().parent.parent / "web"
TOKEN_HEADER = "X-Ringwar-Token"
MAX_BODY = 2_000_000
#: seconds at most each part of a hint (the suggestion, the chances) may think
HINT_THINK = 1.0
HELLO_TIMEOUT = 10.0     # seconds a new WebSocket has to say who it is


_TOKEN_IN_URL = re.compile(r"(?i)(token=)[^&\s\"']+")


class RedactTokens(logging.Filter):
    """Blanks ``token=...`` in every log line (the access log prints URLs): our clients never
    put a token in a URL, but a hand-written one might, and a log must not keep it."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and "token=" in record.msg.lower():
            record.msg = _TOKEN_IN_URL.sub(r"\1[redacted]", record.msg)
        if record.args:
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            record.args = tuple(_TOKEN_IN_URL.sub(r"\1[redacted]", a) if isinstance(a, str) else a
                                for a in args)
        return True


def redact_tokens_in_logs() -> None:
    """Install :class:`RedactTokens` on the web server's loggers (idempotent)."""
    for name in ("uvicorn.access", "uvicorn.error", "uvicorn", "ringwar.server"):
        lg = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in lg.filters):
            lg.addFilter(RedactTokens())


class SafeJSONResponse(JSONResponse):
    """JSON with every non-ASCII character escaped: a message that quotes the client's own
    bad input (a lone surrogate, say) can always be encoded."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False,
                          separators=(",", ":")).encode("ascii")


# ----- request bodies (they make the OpenAPI description) -----------------------------------
class CreateGame(BaseModel):
    """A new game, or (with ``record``) an imported record file to go on playing from."""

    system: str | None = Field(None, description="a game system (GET /api/systems); "
                               "taken from the record when importing")
    scenario: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(None, ge=0, le=SEED_MAX,
                             description="dice seed, 0 to 2^63 - 1; random if omitted")
    seats: dict[str, str] = Field(default_factory=dict,
                                  description="side -> 'human' or 'ai' / 'ai:AGENT' (default human)")
    setup: dict[str, Any] | None = Field(None, description="a starting position (position "
                                         "builder), for systems that validate one")
    record: dict[str, Any] | str | None = Field(None, description="a record file to import "
                                                "(PBEM); it must carry its final_hash")


class PlayAction(BaseModel):
    action: dict[str, Any] = Field(description="one of the legal actions, e.g. {'type': 'end'}, "
                                   "or a meta action ({'type': 'resign'}, 'offer_draw', "
                                   "'accept_draw', 'decline_draw') at any time")
    version: int = Field(description="the game's version in the state the player saw")
    selection: dict[str, Any] | None = Field(None, description="a selection ({'type': 'select', "
                                             "...}) that ``action`` follows: both are played, or "
                                             "neither")


class PreviewAction(BaseModel):
    action: dict[str, Any]
    selection: dict[str, Any] | None = Field(None, description="a selection the action follows "
                                             "(looked at on a copy; only one that rolls no die "
                                             "and reveals nothing)")


class Undo(BaseModel):
    version: int


class HintRequest(BaseModel):
    think: float | None = Field(None, gt=0, description="seconds at most for each part of the "
                                "hint (the suggestion, the chances); the server's bound if "
                                "omitted or larger")


# ----- the app --------------------------------------------------------------------------------
class Watcher:
    """One WebSocket: whose state it gets, and a flag raised when the game changed."""

    def __init__(self, side: str | None, seat: bool) -> None:
        self.side = side
        self.seat = seat
        self.dirty = asyncio.Event()
        self.dirty.set()


class Server:
    """One server process: its games in memory, its connections and its AI seats.

    With a database several processes share (PostgreSQL), every write is checked against
    the database under the game's lock (``LiveGame.play``), reads catch up with the other
    processes' moves first, a thread listens for their moves (NOTIFY) to push them to this
    process's connections, and AI turns are claimed jobs (``ai_jobs``) that outlive the
    process that claimed them."""

    def __init__(self, database: str, ai_delay: float, ai_think: float = 1.0,
                 ai_lease: float = 5.0, engine_threads: int | None = None,
                 ai_level_think: float | None = None, hint_think: float = HINT_THINK) -> None:
        self.storage = Storage(database, ai_lease=ai_lease)
        #: seconds at most a difficulty level's search thinks (None: as the level declares)
        self.ai_level_think = ai_level_think
        #: seconds at most each part of a hint thinks (the suggestion, the chances)
        self.hint_think = hint_think
        #: (game, side) whose hint is being worked out: one at a time each
        self.hinting: set[tuple[str, str]] = set()
        #: (game, version) -> the analysis of a finished game
        self.analyses: dict[tuple[str, int], dict[str, Any]] = {}
        self.shared = self.storage.shared
        self.ai_delay = ai_delay
        self.ai_think = ai_think
        self.live: dict[str, LiveGame] = {}
        self.loading: dict[str, asyncio.Lock] = {}
        self.ai_tasks: dict[str, asyncio.Task[None]] = {}
        self.replays = Replays()
        if engine_threads is None:
            # SQLite: one thread (see run()); a shared database: a few, so that one
            # waiting on the database does not hold up the others
            engine_threads = int(os.environ.get("RINGWAR_ENGINE_THREADS", 0)) or \
                (3 if self.shared else 1)
        self.engine_pool = ThreadPoolExecutor(max_workers=engine_threads,
                                              thread_name_prefix="ringwar-engine")
        self.loop: asyncio.AbstractEventLoop | None = None
        self.listener: Any = None
        self.claimer: asyncio.Task[None] | None = None

    # ----- life ----------------------------------------------------------------------------
    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        if self.shared:
            from .notify import Listener
            self.listener = Listener(self.storage.url, self._heard_threadsafe,
                                     self._gap_threadsafe)
            self.listener.start()
            await run_in_threadpool(self.listener.wait_listening)
        else:
            # a database of this process alone: AI turns claimed before are a dead process's
            await run_in_threadpool(self.storage.release_all_ai)
        self.claimer = self.loop.create_task(self._claim_lapsed())

    async def stop(self) -> None:
        if self.claimer is not None:
            self.claimer.cancel()
        for gid, t in list(self.ai_tasks.items()):
            t.cancel()
            try:    # another process may take the turn at once (not when the lease lapses)
                await run_in_threadpool(self.storage.release_ai, gid)
            except Exception:
                pass
        if self.listener is not None:
            self.listener.stop()
        self.engine_pool.shutdown(wait=False, cancel_futures=True)
        self.storage.close()

    # ----- other processes' moves -------------------------------------------------------------
    def _heard_threadsafe(self, gid: str, version: int, origin: str) -> None:
        if origin != self.storage.owner and self.loop is not None:
            self.loop.call_soon_threadsafe(self._heard, gid, version)

    def _heard(self, gid: str, version: int) -> None:
        live = self.live.get(gid)
        if live is None or version <= live.known:
            return
        live.known = version
        self.notify(live)

    def _gap_threadsafe(self) -> None:
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._gap)

    def _gap(self) -> None:
        """Notifications may have been lost: every game is checked at its next use."""
        for live in self.live.values():
            live.stale = True
            self.notify(live)

    async def _claim_lapsed(self) -> None:
        """Take over the AI turns whose process died (their lease ran out), now and then."""
        every = max(0.2, min(1.0, self.storage.ai_lease / 3))
        while True:
            await asyncio.sleep(every)
            try:
                ids = await run_in_threadpool(self.storage.claim_lapsed_ai)
            except Exception as e:
                log.warning("could not look for AI turns to take over: %s", e)
                continue
            for gid in ids:
                try:
                    live = await self.get(gid, check=True)
                except ApiError as e:
                    log.error("AI turn of game %s cannot be played here: %s", gid, e.message)
                    continue
                if live.ai_to_act():
                    self.ensure_ai(live, force=True)
                else:
                    await run_in_threadpool(self.storage.drop_ai, gid, live.version)

    # ----- games -----------------------------------------------------------------------------
    async def get(self, game_id: str, check: bool = False) -> LiveGame:
        """The game (loaded on first use).  ``check``: brought up to date with the
        database first (a database other processes write to)."""
        live = self.live.get(game_id)
        if live is not None:
            if check and self.shared:
                await self.run(live.sync, self.storage)
            self.ensure_ai(live)
            return live
        if not isinstance(game_id, str) or len(game_id) > 32:
            raise ApiError(404, "unknown_game", "no such game")
        lock = self.loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            live = self.live.get(game_id)
            if live is None:
                stored = await run_in_threadpool(self.storage.load, game_id)
                if stored is None:
                    self.loading.pop(game_id, None)
                    raise ApiError(404, "unknown_game", f"no game {game_id!r} here")
                try:
                    game, actors = await run_in_threadpool(build, stored)
                except ringwar.RingwarError as e:   # e.g. a move the rules no longer allow
                    self.loading.pop(game_id, None)
                    log.error("game %s does not replay: %s", game_id, e)
                    raise ApiError(500, "unreplayable", f"game {game_id} cannot be rebuilt from "
                                   f"its record with this version of the rules: {e}") from None
                live = LiveGame(stored, game, actors)
                live.level_cap = self.ai_level_think
                self._evict()
                self.live[game_id] = live
        self.ensure_ai(live)
        return live

    def _evict(self, keep: int = 2000) -> None:
        if len(self.live) < keep:
            return
        for gid in list(self.live)[: len(self.live) // 4]:
            lv = self.live[gid]
            if not lv.watchers and gid not in self.ai_tasks:
                del self.live[gid]
                self.loading.pop(gid, None)

    def seat(self, live: LiveGame, token: str | None, required: bool = False) -> str | None:
        """The side a token opens (None: observer).  A wrong token is refused, never
        silently downgraded to an observer."""
        if not token:
            if required:
                raise ApiError(401, "no_token", f"this needs a seat: send its token in the "
                               f"{TOKEN_HEADER} header")
            return None
        digest = token_hash(token)
        for side, s in live.seats.items():
            h = s.get("token_hash")
            if h and hmac.compare_digest(h, digest):
                return side
        raise ApiError(403, "bad_token", "that token opens no seat in this game")

    async def run(self, fn: Any, *args: Any) -> Any:
        """Run a quick engine step (an action, a view) off the event loop, on the worker
        thread(s) kept for them: with the GIL, few threads keep latency low where a big
        pool would make the steps jostle.  Slow work (loading, replays, AI thinking) goes
        to the general thread pool instead."""
        return await asyncio.get_running_loop().run_in_executor(self.engine_pool, fn, *args)

    async def fresh(self, live: LiveGame) -> None:
        """Bring ``live`` up to date with the database (other processes' moves)."""
        if self.shared:
            await self.run(live.sync, self.storage)

    def notify(self, live: LiveGame) -> None:
        for w in list(live.watchers):
            w.dirty.set()

    def ensure_ai(self, live: LiveGame, force: bool = False) -> None:
        """Let an AI seat that is to act play (``force``: this process just made the move
        that made it due, and holds its turn).  Looking at a game tries at most once a
        second: another process may hold the turn (asking costs a write)."""
        if live.id in self.ai_tasks or not live.ai_to_act():
            return
        now = time.monotonic()
        if not force and now - live.ai_tried < 1.0:
            return
        live.ai_tried = now
        self.ai_tasks[live.id] = asyncio.get_running_loop().create_task(self._run_ai(live))

    async def _run_ai(self, live: LiveGame) -> None:
        try:
            while True:
                try:
                    did = await run_in_threadpool(live.ai_step, self.storage, self.ai_think)
                except ApiError:
                    did = False
                except Exception:  # an agent or engine failure must not take the server down
                    log.exception("AI seat failed in game %s", live.id)
                    did = False
                if not did:
                    break
                self.notify(live)
                await asyncio.sleep(self.ai_delay)
        finally:
            self.ai_tasks.pop(live.id, None)


def token_of(request: Request | WebSocket) -> str | None:
    """The seat token of a request: only ever from its header (never from the URL)."""
    return request.headers.get(TOKEN_HEADER) or None


def _links(game_id: str, tokens: dict[str, str]) -> dict[str, Any]:
    humans = list(tokens.values())
    return {
        "seats": {side: f"/play/{game_id}#t={tok}" for side, tok in tokens.items()},
        "hotseat": f"/play/{game_id}#t={','.join(humans)}" if humans else None,
        "observer": f"/play/{game_id}",
        "replay": f"/replay/{game_id}",
    }


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes (declared or streamed) with a 413."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        too_big = JSONResponse({"error": "too_large", "message":
                                f"request body over {self.limit} bytes"}, status_code=413)
        for k, v in scope.get("headers", []):
            if k == b"content-length":
                try:
                    if int(v) > self.limit:
                        return await too_big(scope, receive, send)
                except ValueError:
                    return await JSONResponse({"error": "bad_request", "message":
                                               "bad Content-Length"}, 400)(scope, receive, send)
        seen = 0

        async def limited() -> Any:
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return msg

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await too_big(scope, receive, send)


class _TooLarge(Exception):
    pass


def create_app(database: str = "sqlite:///ringwar.db", *, ai_delay: float = 0.05,
               ai_think: float = 1.0, ai_lease: float = 5.0, engine_threads: int | None = None,
               max_body: int = MAX_BODY, ai_level_think: float | None = None,
               hint_think: float = HINT_THINK) -> FastAPI:
    """The web app on ``database`` (an SQLite file, or PostgreSQL that several processes may
    share).  ``ai_lease``: seconds an AI turn stays claimed by a process that stopped
    renewing it (died) before another takes it over.  ``ai_think``: seconds a seat naming
    an agent (``ai:mcts``) thinks; a seat naming a difficulty level (``ai:strong``) thinks
    as the level declares, at most ``ai_level_think`` seconds if given.  ``hint_think``:
    seconds at most for each part of a hint."""
    srv = Server(database, ai_delay, ai_think, ai_lease, engine_threads,
                 ai_level_think=ai_level_think, hint_think=hint_think)
    redact_tokens_in_logs()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await srv.start()
        try:
            yield
        finally:
            await srv.stop()

    app = FastAPI(title="ringwar", version=ringwar.__version__,
                  description="Play the Lord-of-the-Rings wargames, rules-enforced. "
                  f"Seats send their secret token in the {TOKEN_HEADER} header; a WebSocket "
                  'sends {"type": "hello", "token": ...} as its first message.',
                  docs_url=None, redoc_url=None, lifespan=lifespan)
    app.state.server = srv

    @app.exception_handler(ApiError)
    async def _api_error(_req: Request, e: ApiError) -> JSONResponse:
        return SafeJSONResponse(e.to_json(), status_code=e.status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_req: Request, e: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(e.status_code, "http_error")
        return SafeJSONResponse({"error": code, "message": str(e.detail)}, status_code=e.status_code)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_req: Request, e: RequestValidationError) -> JSONResponse:
        errs = e.errors()
        if any(x.get("type") == "json_invalid" for x in errs):
            return SafeJSONResponse({"error": "bad_json", "message": "the request body is not "
                                     "valid JSON"}, status_code=400)
        if any(x.get("loc") == ("body",) for x in errs):
            return SafeJSONResponse({"error": "bad_request", "message": "bad request: the body "
                                     "must be a JSON object"}, status_code=422)
        parts = []
        for x in errs[:5]:
            where = ".".join(str(p) for p in x.get("loc", ()) if p != "body")
            parts.append(f"{where or 'body'}: {x.get('msg')}")
        return SafeJSONResponse({"error": "bad_request", "message": "bad request: " + "; ".join(parts)},
                                status_code=422)

    @app.exception_handler(Exception)
    async def _server_error(_req: Request, e: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return SafeJSONResponse({"error": "server_error", "message": "the server failed on this "
                                 "request (it is logged); nothing was changed"}, status_code=500)

    # ----- pages ------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play_page(game_id: str) -> FileResponse:
        return FileResponse(WEB / "game.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return FileResponse(WEB / "game.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")
    # the API's description page works offline: Swagger UI from the swagger-ui-bundle package
    from swagger_ui_bundle import swagger_ui_path
    app.mount("/static-docs", StaticFiles(directory=str(swagger_ui_path)), name="static-docs")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return get_swagger_ui_html(openapi_url="/openapi.json", title="ringwar API",
                                   swagger_js_url="/static-docs/swagger-ui-bundle.js",
                                   swagger_css_url="/static-docs/swagger-ui.css",
                                   swagger_favicon_url="/static-docs/favicon-32x32.png")

    # ----- systems ------------------------------------------------------------------------
    @app.get("/api/systems", tags=["systems"], summary="The game systems, their sides, "
             "scenarios and options")
    async def list_systems() -> list[dict[str, Any]]:
        out = []
        for name in all_systems():
            try:
                cls = system_class(name)
            except Exception:  # a system being written may not import yet
                continue
            out.append({"name": name, "title": cls.title, "sides": list(cls.sides),
                        "sides_by_option": _sides_by_option(name),
                        "scenarios": list(cls.SCENARIOS),
                        "options": {k: o.to_json() for k, o in cls.option_specs().items()
                                    if not o.deprecated},
                        "hidden_information": bool(getattr(cls, "hidden_information", False))})
        return out

    @app.get("/api/levels", tags=["systems"], summary="The AI's difficulty levels, weakest "
             "first (a seat 'ai:LEVEL' plays at that level, in every system)")
    async def list_levels() -> list[dict[str, Any]]:
        from ringwar.ai.levels import DEFAULT_LEVEL, LEVELS
        return [{**lv.to_json(), "default": lv.name == DEFAULT_LEVEL} for lv in LEVELS]

    # ----- games --------------------------------------------------------------------------
    @app.get("/api/games", tags=["games"], summary="Recent games (public facts only)")
    async def list_games(limit: int = Query(50, ge=1, le=500)) -> list[dict[str, Any]]:
        return await run_in_threadpool(srv.storage.list_games, limit)

    @app.post("/api/games", tags=["games"], status_code=201,
              summary="Create a game (or import a record file) and its seats")
    async def create_game(body: CreateGame) -> dict[str, Any]:
        def make() -> dict[str, Any]:
            actors: list[str | None] = []
            if body.record is not None:
                try:
                    game = ringwar.replay(body.record if isinstance(body.record, str)
                                          else dict(body.record), require_hash=True)
                except ringwar.RecordError as e:
                    raise ApiError(400, "bad_record", str(e)) from None
                except Exception as e:
                    raise ApiError(400, "bad_record", f"record: {e}") from None
                if body.system is not None and body.system != game.system:
                    raise ApiError(400, "bad_record", f"the record is a {game.system} game, "
                                   f"not {body.system}")
                rec = game.record
                probe = system_class(rec.system)(GameRecord(rec.system, rec.seed, rec.scenario,
                                                            dict(rec.options), rec.setup, []))
                for a in game.record.actions:
                    actors.append(probe.to_act)
                    probe.apply(a)
            else:
                if not body.system:
                    raise ApiError(400, "bad_request", "say which 'system' to play "
                                   f"(known: {', '.join(all_systems())})")
                seed = body.seed if body.seed is not None else random.SystemRandom().randrange(2**31)
                try:
                    if body.setup is not None:
                        # only a position the system checks completely (never a raw payload)
                        system_class(body.system).validate_setup(body.setup)
                    game = ringwar.new_game(body.system, body.scenario, seed=seed,
                                            options=body.options, setup=body.setup)
                except ringwar.RecordError as e:
                    raise ApiError(400, "bad_game", str(e)) from None
                except Exception as e:
                    raise ApiError(400, "bad_game", f"cannot set up that game: {e}") from None
            unknown = set(body.seats) - set(game.sides)
            if unknown:
                raise ApiError(400, "bad_seat", f"unknown side(s) {', '.join(sorted(unknown))} "
                               f"(sides: {', '.join(game.sides)})")
            rows, tokens = [], {}
            for side in game.sides:
                kind, agent = parse_seat(body.seats.get(side, "human"))
                tok = new_token() if kind == "human" else None
                if tok:
                    tokens[side] = tok
                rows.append((side, kind, agent, tok))
            gid = new_id()
            rec = game.record
            kinds = {r[0]: r[1] for r in rows}
            ai_due = game.result is None and kinds.get(game.to_act) == "ai"
            srv.storage.create_game(gid, rec.system, rec.scenario, rec.options, rec.seed,
                                    rec.setup, rows, zip(actors, rec.actions), ai_due=ai_due)
            return {"id": gid, "system": rec.system, "sides": list(game.sides),
                    "seed": rec.seed, "tokens": tokens,
                    "seat_kinds": {r[0]: r[1] if r[2] is None else f"ai:{r[2]}" for r in rows},
                    **_links(gid, tokens)}

        out = await run_in_threadpool(make)
        live = await srv.get(out["id"])  # load it (and let an AI seat that is to act begin)
        srv.ensure_ai(live, force=True)
        return out

    @app.get("/api/games/{game_id}", tags=["play"],
             summary="The game as your seat sees it (no token: as an observer)")
    async def get_state(game_id: str, request: Request) -> Response:
        live = await srv.get(game_id)
        side = srv.seat(live, token_of(request))
        text = await srv.run(live.fresh_text, srv.storage, side, side is not None)
        return Response(text, media_type="application/json")

    @app.post("/api/games/{game_id}/actions", tags=["play"],
              summary="Play an action for your seat's side")
    async def post_action(game_id: str, body: PlayAction, request: Request) -> Response:
        live = await srv.get(game_id)
        side = srv.seat(live, token_of(request), required=True)
        assert side is not None
        def go() -> tuple[list[dict[str, Any]], str]:
            events = live.play(srv.storage, side, body.action, body.version, body.selection)
            return events, live.state_text(side, True)

        events, state = await srv.run(go)
        srv.notify(live)
        srv.ensure_ai(live, force=True)
        return Response('{"events":' + dumps(events) +
                        ',"state":' + state + "}", media_type="application/json")

    @app.post("/api/games/{game_id}/preview", tags=["play"],
              summary="The exact odds of an attack before you commit to it, or what a "
              "selection would offer (nothing is played)")
    async def preview(game_id: str, body: PreviewAction, request: Request) -> dict[str, Any]:
        live = await srv.get(game_id)
        side = srv.seat(live, token_of(request), required=True)

        def look() -> dict[str, Any]:
            live.sync(srv.storage)
            with live.lock:
                g = live.game
                if g.to_act != side:
                    raise ApiError(409, "not_your_turn", f"it is not {side}'s turn")
                if body.selection is not None:
                    # the follow-up of a free selection, looked at on a copy (a selection that
                    # would roll a die is not previewed: it would tell the roll)
                    if g.follow_ups(body.selection) is None:
                        return {"action": body.action, "preview": None, "then": None,
                                "then_labels": None}
                    g = g.clone()
                    g.apply(body.selection)
                try:
                    odds = g.preview(body.action)
                except Exception:
                    odds = None
                then = g.follow_ups(body.action)
                return {"action": body.action, "preview": odds, "then": then,
                        "then_labels": None if then is None else
                        [g.describe_action(a, side) for a in then]}

        return await srv.run(look)

    @app.post("/api/games/{game_id}/undo", tags=["play"],
              summary="Take back your last action (not past a die roll or a reveal)")
    async def undo(game_id: str, body: Undo, request: Request) -> Response:
        live = await srv.get(game_id)
        side = srv.seat(live, token_of(request), required=True)
        assert side is not None
        await srv.run(live.undo, srv.storage, side, body.version)
        srv.notify(live)
        srv.ensure_ai(live, force=True)
        state = await srv.run(live.state_text, side, True)
        return Response('{"state":' + state + "}", media_type="application/json")

    @app.post("/api/games/{game_id}/hint", tags=["play"],
              summary="The AI's suggestion for your seat and its estimate of each side's "
              "chances, from your side's view only (nothing is played or recorded)")
    async def get_hint(game_id: str, request: Request,
                       body: HintRequest | None = None) -> dict[str, Any]:
        live = await srv.get(game_id)
        side = srv.seat(live, token_of(request), required=True)
        assert side is not None
        think = srv.hint_think if body is None or body.think is None else min(body.think, srv.hint_think)
        key = (live.id, side)
        if key in srv.hinting:
            raise ApiError(429, "busy", f"a hint for {side} is being worked out: wait for it")

        def snap() -> tuple[Any, int, int]:
            live.sync(srv.storage)
            with live.lock:
                g = live.game
                if g.result is not None:
                    raise ApiError(409, "game_over", "the game is over: no hint; its analysis "
                                   f"is at /api/games/{game_id}/analysis")
                # a snapshot: the hint thinks outside the lock while the game may move on; it
                # reads only what ``side`` may see (ai/analysis.py: worlds re-deal the rest)
                seed = (g.record.seed * 1_000_003 + 7919 * (1 + list(g.sides).index(side))
                        + 104_729 * live.version) % (2**63)
                return g.clone(), live.version, seed

        snapshot, version, seed = await srv.run(snap)
        from ringwar.ai.analysis import hint

        srv.hinting.add(key)
        try:
            out = await run_in_threadpool(functools.partial(hint, snapshot, side, seed, think=think))
        finally:
            srv.hinting.discard(key)
        return {"game": game_id, "version": version, **out}

    @app.get("/api/games/{game_id}/analysis", tags=["files"],
             summary="A finished game's analysis: each side's chances after every action and "
             "the turning points (the largest swings)")
    async def get_analysis(game_id: str, top: int = Query(5, ge=1, le=50)) -> dict[str, Any]:
        live = await srv.get(game_id)

        def snap() -> tuple[Any, int]:
            live.sync(srv.storage)
            with live.lock:
                g = live.game
                if g.result is None:
                    # it scores the true position: while the game goes on it would tell secrets
                    raise ApiError(409, "not_over", "a game is analysed once it is over (the "
                                   "analysis reads the whole position); ask for a hint meanwhile")
                return g.record.copy(), live.version

        record, version = await srv.run(snap)
        cache_key = (game_id, version)
        full = srv.analyses.get(cache_key)
        if full is None:
            from ringwar.ai.analysis import analyse
            full = await run_in_threadpool(functools.partial(analyse, record, top=50))
            if len(srv.analyses) > 32:
                srv.analyses.clear()
            srv.analyses[cache_key] = full
        return {"game": game_id, **full, "turning_points": full["turning_points"][:top]}

    @app.get("/api/games/{game_id}/log", tags=["play"],
             summary="The whole log as your seat may see it")
    async def get_log(game_id: str, request: Request) -> dict[str, Any]:
        live = await srv.get(game_id)
        side = srv.seat(live, token_of(request))

        def read() -> dict[str, Any]:
            live.sync(srv.storage)
            with live.lock:
                return {"side": side, "version": live.version, "log": live.game.log_for(side)}

        return await run_in_threadpool(read)

    @app.get("/api/games/{game_id}/record", tags=["files"],
             summary="Export the record file (PBEM); an unfinished game only if it hides nothing")
    async def export(game_id: str, request: Request) -> Response:
        live = await srv.get(game_id)
        side = srv.seat(live, token_of(request))

        def read() -> str:
            live.sync(srv.storage)
            with live.lock:
                g = live.game
                if g.result is None and live.hidden:
                    raise ApiError(403, "hidden_information",
                                   f"{g.system} hides information from its sides: an unfinished "
                                   "game's record would show it, so it can be exported only once "
                                   "the game is over")
                return g.save()

        text = await run_in_threadpool(read)
        who = side or "observer"
        return Response(text, media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="ringwar-{game_id}-{who}.json"'})

    @app.get("/api/games/{game_id}/replay/{step}", tags=["files"],
             summary="The game after STEP actions, as the asker may see it")
    async def replay_step(game_id: str, step: int, request: Request,
                          side: str | None = Query(None, description="whose view, for a finished game")) -> dict[str, Any]:
        live = await srv.get(game_id)
        seat = srv.seat(live, token_of(request))

        def read() -> dict[str, Any]:
            live.sync(srv.storage)
            with live.lock:
                g = live.game
                over = g.result is not None
                record = g.record.copy()
                version = live.version
            total = len(record.actions)
            if not 0 <= step <= total:
                raise ApiError(404, "no_such_step", f"step must be 0..{total}")
            if over:  # a finished game's record is public: any side's view
                who = side if side in g.sides else None
            else:     # an unfinished game: only what the asking seat may see
                if side is not None and side != seat:
                    raise ApiError(403, "not_your_side", "while the game goes on, a replay shows "
                                   "only your own side's view")
                who = seat
            at, events, pre = srv.replays.at((game_id, version), record, step)
            # what the asker may see of the action: its secrets are the system's to hide
            action = at.redact_action(record.actions[step - 1], who) if step else None
            return {"game": game_id, "step": step, "steps": total, "over": over, "side": who,
                    "action": action,
                    "action_text": pre.describe_action(action, who) if step and pre else None,
                    "events": visible(events, who), "view": at.view(who)}

        return await run_in_threadpool(read)

    @app.get("/api/games/{game_id}/map", tags=["systems"],
             summary="The game's hex map as data, with the geometry the map picture uses")
    async def get_map(game_id: str) -> dict[str, Any]:
        live = await srv.get(game_id)
        return await run_in_threadpool(_map_json, live)

    @app.get("/api/games/{game_id}/map.svg", tags=["systems"], summary="The map picture")
    async def get_map_svg(game_id: str) -> Response:
        live = await srv.get(game_id)
        svg = await run_in_threadpool(_map_svg, live)
        if svg is None:
            raise ApiError(404, "no_map", "this game has no hex map")
        return Response(svg, media_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=3600"})

    # ----- live updates -------------------------------------------------------------------
    @app.websocket("/api/games/{game_id}/ws")
    async def socket(ws: WebSocket, game_id: str) -> None:
        """Live states for one seat.  The client's first message says who it is:
        ``{"type": "hello", "token": "..."}`` (no token: an observer).  A client that cannot
        send a header sends its token there, never in the URL."""
        await ws.accept()
        try:
            live = await srv.get(game_id)
            token = token_of(ws)
            if token is None:
                try:
                    first = await asyncio.wait_for(ws.receive_text(), HELLO_TIMEOUT)
                except TimeoutError:
                    raise ApiError(408, "no_hello", 'send {"type": "hello", "token": ...} '
                                   "first (no token: observe)") from None
                try:
                    hello = json.loads(first)
                except ValueError:
                    hello = None
                if not isinstance(hello, dict) or hello.get("type") != "hello":
                    raise ApiError(400, "no_hello", 'the first message must be {"type": "hello", '
                                   '"token": ...} (no token: observe)')
                token = hello.get("token")
                if token is not None and not isinstance(token, str):
                    raise ApiError(400, "bad_token", "the token must be a string")
            side = srv.seat(live, token)
        except ApiError as e:
            await ws.send_text(json.dumps({"type": "error", **e.to_json()}))
            await ws.close(code=4000 + e.status)
            return
        except WebSocketDisconnect:
            return
        w = Watcher(side, side is not None)
        live.watchers.add(w)

        async def sender() -> None:
            first = True    # the first state is checked against the database; the next
            while True:     # ones are pushed when a move here or elsewhere (NOTIFY) changes it
                await w.dirty.wait()
                w.dirty.clear()
                text = await srv.run(live.fresh_text, srv.storage, w.side, w.seat, first)
                first = False
                await ws.send_text(text)

        task = asyncio.create_task(sender())
        try:
            while True:  # the client may ping; anything it sends just keeps the line open
                msg = await ws.receive_text()
                if msg == "ping":
                    await ws.send_text('{"type":"pong"}')
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            task.cancel()
            live.watchers.discard(w)

    @app.get("/healthz", include_in_schema=False)
    async def health() -> PlainTextResponse:
        # which process answered (behind a balancer, or with --workers)
        return PlainTextResponse("ok", headers={"X-Ringwar-Process": str(os.getpid())})

    app.add_middleware(BodyLimit, limit=max_body)
    return app


_MAPS: dict[tuple[str, str | None], Any] = {}


@functools.cache
def _sides_by_option(system: str) -> dict[str, dict[str, list[str]]]:
    """For an option whose choices change the seats (the Battle of the Ring's ``players``):
    choice -> the sides, so the lobby offers the right seats."""
    out: dict[str, dict[str, list[str]]] = {}
    cls = system_class(system)
    for name, opt in cls.option_specs().items():
        if opt.choices is None or opt.deprecated:
            continue
        by = {}
        for choice in opt.choices:
            try:
                by[json.dumps(choice)] = list(ringwar.new_game(system, options={name: choice}).sides)
            except ringwar.RecordError:
                continue
        if len({tuple(v) for v in by.values()}) > 1:
            out[name] = by
    return out


def _map_json(live: LiveGame) -> dict[str, Any]:
    from ringwar.render import hexrender as hr
    hm = getattr(live.game, "hexmap", None)
    # colours for the seats and for every side a piece belongs to (in the two-player Battle
    # of the Ring the Evil Alliance's pieces are Sauron's and Saruman's)
    with live.lock:
        owners = {u.get("side") for u in live.game.view(None).get("units", ()) if isinstance(u, dict)}
    styled = [*live.game.sides, *sorted(o for o in owners if isinstance(o, str) and o not in live.game.sides)]
    if hm is None:
        out: dict[str, Any] = {"hexmap": False, "sides": {s: list(hr.side_style(s)) for s in styled}}
        table = _table_of(live)
        if table is not None:
            out["table"] = table
        return out
    s = hr.BASE_HEX_SIZE
    w, h = hr.canvas_size(hm, legend=False)
    out = {
        "hexmap": True, "name": hm.name, "columns": hm.spec.map.columns, "rows": hm.spec.map.rows,
        "size": s, "origin": [0.6 * s, 1.7 * s], "width": w, "height": h,
        "terrain": {x: hm.terrain(x) for x in sorted(hm.hexes)},
        "hexsides": hm.sides(), "roads": hm.roads, "places": hm.places,
        "sides": {side: list(hr.side_style(side)) for side in styled},
    }
    # the system's public reference (its cards' names and texts ...), the same for every seat,
    # for a system that gives one: ``glossary() -> {"cards": {id: {"name", "text", ...}}}``
    glossary = getattr(live.game, "glossary", None)
    if callable(glossary):
        with live.lock:
            out["glossary"] = glossary()
    return out


def _table_of(live: LiveGame) -> dict[str, Any] | None:
    """A game played on a table in inches (its view says ``"board": "table"``): the table's
    size and the static geometry its system gives for drawing it."""
    with live.lock:
        g = live.game
        view = g.view(None)
        if view.get("board") != "table":
            return None
        table = dict(view.get("table") or {})
        geometry = getattr(g, "table_geometry", None)
        if callable(geometry):
            table.update(geometry())
    return table


def _map_svg(live: LiveGame) -> str | None:
    hm = getattr(live.game, "hexmap", None)
    if hm is None:
        if _table_of(live) is None:
            return None
        key = (live.game.system, live.game.record.scenario)
        svg = _MAPS.get(key)
        if svg is None:   # the table without its pieces: a static background
            with live.lock:
                pic = live.game.picture("svg", units=False)
            svg = _MAPS[key] = pic if isinstance(pic, str) else None
        return svg
    key = (live.game.system, live.game.record.scenario)
    svg = _MAPS.get(key)
    if svg is None:
        from ringwar.render.hexrender import render_svg
        svg = _MAPS[key] = render_svg(hm, [], legend=False)
    return svg


__all__ = ["create_app", "Storage", "StoredGame"]
