"""Live games: the engine objects behind the server, one lock each.

A :class:`LiveGame` holds a game (rebuilt from its stored record), its seats and the
connections watching it.  Everything that touches the engine runs in a worker thread
under the game's lock, so the event loop never waits on the rules; each move is appended
to the database and committed before the caller hears it succeeded.

What a seat is sent is built here and only here (:meth:`LiveGame.state`): the view of its
own side, the legal actions only when that side is to act, and events filtered by their
``visible_to``.  Nothing else about the game leaves the server.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

import ringwar
from ringwar.core.engine import Game, system_class
from ringwar.core.record import META_TYPES, GameRecord

from .storage import Storage, StoredGame

AI_PREFIX = "ai"

try:  # orjson writes the 40 kB views about 7 times faster than json
    import orjson

    def dumps(x: Any) -> str:
        try:
            return orjson.dumps(x).decode()
        except TypeError:  # e.g. an integer beyond 64 bits
            return json.dumps(x, separators=(",", ":"))
except ImportError:  # pragma: no cover
    def dumps(x: Any) -> str:
        return json.dumps(x, separators=(",", ":"))


class ApiError(Exception):
    """An error reported to the client: HTTP status, a short code and a clear message."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        return {"error": self.code, "message": self.message, **self.extra}


def visible(events: Iterable[dict[str, Any]], side: str | None) -> list[dict[str, Any]]:
    return [e for e in events if e.get("visible_to") in (None, side)]


def parse_seat(spec: str) -> tuple[str, str | None]:
    """``"human"`` -> ("human", None); ``"ai"`` / ``"ai:random"`` -> ("ai", "random")."""
    if spec == "human":
        return "human", None
    if spec == AI_PREFIX or spec.startswith(AI_PREFIX + ":"):
        name = spec.partition(":")[2] or "random"
        from ringwar.ai.agents import AGENTS
        if name not in AGENTS:
            raise ApiError(400, "bad_seat", f"unknown AI agent {name!r} "
                           f"(known: {', '.join(sorted(AGENTS))})")
        return "ai", name
    raise ApiError(400, "bad_seat", f"a seat is 'human' or 'ai[:AGENT]', not {spec!r}")


class LiveGame:
    """One game in memory.  Call its methods from worker threads (they take the lock)."""

    def __init__(self, stored: StoredGame, game: Game, actors: list[str | None]) -> None:
        self.id = stored.id
        self.game = game
        self.seats = stored.seats                  # side -> {kind, agent}
        self.actors = actors                       # the side behind each action
        self.version = stored.moves                # rows in ``moves``: changes with every move
        self.lock = threading.RLock()
        self.agents: dict[str, Any] = {}
        self.watchers: set[Any] = set()            # connections (see app.Watcher)
        self._cache: dict[tuple[int, str | None, bool], str] = {}
        self.hidden = bool(getattr(game, "hidden_information", False))

    # ----- what a seat may see ------------------------------------------------------------
    def seat_info(self) -> dict[str, Any]:
        return {s: {"kind": v["kind"], "agent": v.get("agent")} for s, v in self.seats.items()}

    def state(self, side: str | None, seat: bool = True) -> dict[str, Any]:
        """The message for ``side`` (None: an observer): its view, and its legal actions
        when it is to act."""
        g = self.game
        to_act = g.to_act
        mine = seat and side is not None and to_act == side and g.result is None
        legal = list(g.legal_actions()) if mine else []
        return {
            "type": "state",
            "game": self.id,
            "version": self.version,
            "seat": side if seat else None,
            "view": g.view(side),
            "legal": legal,
            "labels": [g.describe_action(a, side) for a in legal],
            "meta": g.meta_actions(side) if seat and side is not None else [],
            "undo": bool(seat and side is not None and g.can_undo and self.actors
                         and self.actors[-1] == side),
            "seats": self.seat_info(),
            "preview": hasattr(g, "preview"),
            "hidden_information": self.hidden,
            "options": dict(g.record.options),        # public: what the game was created with
        }

    def state_text(self, side: str | None, seat: bool = True) -> str:
        with self.lock:
            key = (self.version, side, seat)
            text = self._cache.get(key)
            if text is None:
                if len(self._cache) > 16:
                    self._cache.clear()
                text = dumps(self.state(side, seat))
                self._cache[key] = text
            return text

    # ----- moves ------------------------------------------------------------------------
    def check_turn(self, side: str, version: int | None, anyone: bool = False) -> None:
        g = self.game
        if g.result is not None:
            raise ApiError(409, "game_over", f"the game is over: {g.result.get('text', g.result)}")
        if version is not None and version != self.version:
            raise ApiError(409, "stale", f"stale action: it was chosen on an outdated view "
                           f"(version {version}; the game is now at version {self.version}). "
                           "Look at the board again and choose anew.", version=self.version)
        if not anyone and g.to_act != side:
            raise ApiError(409, "not_your_turn",
                           f"it is not {side}'s turn: {g.to_act or 'nobody'} is to act",
                           to_act=g.to_act)

    def play(self, storage: Storage, side: str, action: Any, version: int | None,
             selection: Any = None) -> list[dict[str, Any]]:
        """Apply ``action`` for ``side`` (after ``selection``, if given: both or neither);
        commit it; return the events ``side`` may see.  A meta action (resign, a draw offer
        or its answer) may come from any seat at any time."""
        with self.lock:
            g = self.game
            if isinstance(action, dict) and action.get("type") in META_TYPES:
                if action.get("side", side) != side:
                    raise ApiError(403, "not_your_side", f"your seat plays {side}: it may not "
                                   f"{action['type'].replace('_', ' ')} for {action.get('side')!r}")
                if selection is not None:
                    raise ApiError(422, "bad_request", "a meta action takes no selection")
                self.check_turn(side, version, anyone=True)
                action = {**action, "side": side}
            else:
                self.check_turn(side, version)
            n = len(g.record.actions)
            try:
                if selection is not None:
                    events = g.apply_selected(selection, action)
                else:
                    events = g.apply(action)
            except ringwar.IllegalAction as e:
                raise ApiError(422, "illegal", str(e), rule=e.rule, why=e.why) from None
            played = g.record.actions[n:]
            try:
                self.version = storage.append_many(
                    self.id, [("action", side, a) for a in played], result=g.result,
                    seq=self.version + 1)
            except Exception:
                # not stored, so not played: take it back and report the failure
                self._reload(storage)
                raise
            self.actors.extend(side for _ in played)
            return visible(events, side)

    def undo(self, storage: Storage, side: str, version: int | None) -> None:
        with self.lock:
            if version is not None and version != self.version:
                raise ApiError(409, "stale", f"stale undo: the game is now at version "
                               f"{self.version}, not {version}", version=self.version)
            g = self.game
            if not self.actors or self.actors[-1] != side:
                raise ApiError(409, "undo_refused", "undo takes back only your own last action")
            if g.result is not None:
                raise ApiError(409, "undo_refused", "the game is over")
            n = len(g.record.actions)
            try:
                g.undo()
            except ringwar.UndoRefused as e:
                raise ApiError(409, "undo_refused", f"undo refused: {e}") from None
            taken = n - len(g.record.actions)     # a bare selection goes with its follow-up
            try:
                self.version = storage.append_many(self.id, [("undo", side, None)] * taken,
                                                   seq=self.version + 1)
            except Exception:
                self._reload(storage)
                raise
            del self.actors[len(self.actors) - taken:]

    def _reload(self, storage: Storage) -> None:
        stored = storage.load(self.id)
        assert stored is not None
        fresh, actors = build(stored)
        self.game, self.actors, self.version = fresh, actors, stored.moves

    def ai_step(self, storage: Storage, think: float = 1.0) -> bool:
        """If an AI seat is to act, let it choose from its own view and play; True if it did.
        A search agent (mcts) thinks for at most ``think`` seconds per searched decision, over
        worlds sampled from a snapshot of the game that re-deals what its side may not see."""
        from ringwar.ai.agents import agent_seed, make_agent
        from ringwar.ai.worlds import WorldFactory
        with self.lock:
            g = self.game
            answer = self.ai_owes_answer()
            if answer is not None:
                # an AI seat plays on: it declines a draw (docs/ai.md)
                self.play(storage, answer, {"type": "decline_draw", "side": answer}, self.version)
                return True
            side = g.to_act
            if g.result is not None or side is None or self.seats.get(side, {}).get("kind") != "ai":
                return False
            agent = self.agents.get(side)
            if agent is None:
                index = list(g.sides).index(side)
                name = self.seats[side].get("agent") or "random"
                agent = make_agent(name, agent_seed(g.record.seed, index) ^ secrets.randbits(32),
                                   **({"think": think} if think > 0 else {}))
                self.agents[side] = agent
            legal = list(g.legal_actions())
            if not legal:
                return False
            if getattr(agent, "needs_world", False):
                # a snapshot: the search runs outside the lock while the game may change
                agent.world = WorldFactory(g.clone(), side)
            view, version = g.view(side), self.version
        # the agent thinks without holding the game (nor the server's engine thread)
        action = agent.choose(view, legal)
        try:
            self.play(storage, side, action, version)
        except ApiError as e:
            if e.code != "stale":
                raise
        return True

    def ai_owes_answer(self) -> str | None:
        """An AI seat that owes an answer to a standing draw offer."""
        for s in self.game.draw_answers_due():
            if self.seats.get(s, {}).get("kind") == "ai":
                return s
        return None

    def ai_to_act(self) -> bool:
        with self.lock:
            g = self.game
            return (g.result is None and g.to_act is not None
                    and self.seats.get(g.to_act, {}).get("kind") == "ai") \
                or self.ai_owes_answer() is not None


def build(stored: StoredGame) -> tuple[Game, list[str | None]]:
    """Rebuild a stored game by replaying its record; returns it and who made each move."""
    # as a replay: the stored options are the record's (new_game would add new defaults)
    game = system_class(stored.system)(GameRecord(stored.system, stored.seed, stored.scenario,
                                                  dict(stored.options), stored.setup, []))
    actors: list[str | None] = []
    for i, a in enumerate(stored.actions):
        side = stored.actors[i] if i < len(stored.actors) else None
        actors.append(side if side is not None else game.to_act)
        game.apply(a)
    return game, actors


class Replays:
    """Stepping through a game's record: cached cursors with checkpoints every 100 actions."""

    EVERY = 100

    def __init__(self, size: int = 8) -> None:
        self._cursors: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self._lock = threading.Lock()
        self.size = size

    def at(self, key: tuple[str, int], record: ringwar.GameRecord,
           step: int) -> tuple[Game, list[dict[str, Any]], Game | None]:
        """The game after ``step`` actions of ``record``, the events of the last one, and the
        position it was played from (to describe it)."""
        with self._lock:
            cur = self._cursors.get(key)
            if cur is None:
                base = system_class(record.system)(record)
                cur = {"checkpoints": {0: base.clone()}, "game": base, "events": [], "pre": None}
                self._cursors[key] = cur
                while len(self._cursors) > self.size:
                    self._cursors.popitem(last=False)
            self._cursors.move_to_end(key)
            g: Game = cur["game"]
            n = len(g.record.actions)
            if step < n or (step == n and step > 0 and (not cur["events"] or cur["pre"] is None)):
                k = max(c for c in cur["checkpoints"] if c < step) if step > 0 else 0
                g = cur["checkpoints"][k].clone()
                n = k
            events = cur["events"] if step == n else []
            pre = cur.get("pre") if step == n else None
            while n < step:
                if n == step - 1:
                    pre = g.clone()
                events = g.apply(record.actions[n])
                n += 1
                if n % self.EVERY == 0 and n not in cur["checkpoints"]:
                    cur["checkpoints"][n] = g.clone()
            cur["game"], cur["events"], cur["pre"] = g, events, pre
            return g, (events if step else []), pre


def new_id() -> str:
    return secrets.token_urlsafe(9)


def new_token() -> str:
    """A seat's secret: 256 random bits."""
    return secrets.token_urlsafe(32)
