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
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import ringwar
from ringwar.core.engine import Game, system_class
from ringwar.core.record import META_TYPES, GameRecord

from .storage import GameTx, Move, Stale, Storage, StoredGame, dump_agent, load_agent

log = logging.getLogger("ringwar.server")

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
        from ringwar.ai.levels import level_names
        # a difficulty level (ai/levels.py) is stored by its name: a reloaded game keeps it
        if name not in AGENTS and name not in level_names():
            raise ApiError(400, "bad_seat", f"unknown AI agent or level {name!r} "
                           f"(agents: {', '.join(sorted(AGENTS))}; levels: "
                           f"{', '.join(level_names())})")
        return "ai", name
    raise ApiError(400, "bad_seat", f"a seat is 'human' or 'ai[:AGENT|LEVEL]', not {spec!r}")


class LiveGame:
    """One game in memory.  Call its methods from worker threads (they take the lock)."""

    def __init__(self, stored: StoredGame, game: Game, actors: list[str | None]) -> None:
        self.id = stored.id
        self.game = game
        self.seats = stored.seats                  # side -> {kind, agent}
        self.actors = actors                       # the side behind each action
        self.version = stored.moves                # rows in ``moves``: changes with every move
        self.lock = threading.RLock()
        #: side -> (the AI seat's agent, the version its saved state is of)
        self.agents: dict[str, tuple[Any, int | None]] = {}
        self.known = stored.moves                  # the newest version heard of (NOTIFY)
        self.stale = False                         # some notifications may have been missed
        self._dirty = False                        # the engine holds a move not yet stored
        self.ai_tried = 0.0                        # when a look at it last asked for its AI
        self._claimed: tuple[int, float] | None = None   # our own move made the AI due
        self.watchers: set[Any] = set()            # connections (see app.Watcher)
        self._cache: dict[tuple[int, str | None, bool], str] = {}
        self.hidden = bool(getattr(game, "hidden_information", False))
        #: seconds at most a difficulty level's search thinks per decision (None: its own)
        self.level_cap: float | None = None

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

    # ----- keeping up with the database -----------------------------------------------------
    def _catch_up(self, rows: list[Move], load: Any) -> None:
        """Apply moves other processes committed (``rows``: those after ``self.version``).
        An undo among them, or a move that does not apply, rebuilds the game instead."""
        if not rows:
            return
        if rows[0].seq != self.version + 1 or any(m.kind != "action" for m in rows):
            self._rebuild(load())
            return
        g = self.game
        try:
            for m in rows:
                self.actors.append(m.side if m.side is not None else g.to_act)
                g.apply(m.action)
                self.version = m.seq
        except Exception:
            self._rebuild(load())

    def _rebuild(self, stored: StoredGame | None) -> None:
        assert stored is not None
        fresh, actors = build(stored)
        self.game, self.actors, self.version = fresh, actors, stored.moves
        self.known = max(self.known, stored.moves)

    def sync(self, storage: Storage) -> None:
        """Catch up with the moves other processes made (a database several processes share;
        a process's own database holds nothing it does not know).  One read: the moves after
        ours (none, mostly)."""
        if not storage.shared:
            return
        self.stale = False
        rows = storage.moves_after(self.id, self.version)
        if not rows:
            return
        with self.lock:
            if rows[0].seq != self.version + 1:          # we moved on meanwhile: read again
                rows = storage.moves_after(self.id, self.version)
            self._catch_up(rows, lambda: storage.load(self.id))
            self.known = max(self.known, self.version)

    def behind(self) -> bool:
        """Another process made a move we have heard of (NOTIFY) but not applied, or we may
        have missed some (the notifications were cut)."""
        return self.stale or self.known > self.version

    def fresh_text(self, storage: Storage, side: str | None, seat: bool = True,
                   check: bool = True) -> str:
        """:meth:`state_text` of the game as the database has it: ``check`` asks the
        database (one read), otherwise only a game heard to be behind is brought up to date."""
        if storage.shared and (check or self.behind()):
            self.sync(storage)
        return self.state_text(side, seat)

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

    @contextmanager
    def _writing(self, storage: Storage) -> Iterator[GameTx]:
        """The game locked in the database and brought up to date: whatever the block
        applies to the engine is stored when it ends, or taken back if anything fails."""
        self._dirty = False
        try:
            with storage.game_tx(self.id) as tx:
                if tx.version != self.version:
                    self._catch_up(tx.moves_after(self.version), tx.load)
                yield tx
        except BaseException as e:
            if self._dirty:
                # not stored, so not played: take it back
                self._rebuild(storage.load(self.id))
            if isinstance(e, Stale):
                raise ApiError(409, "stale", "the game moved on meanwhile; look again",
                               version=self.version) from None
            raise
        finally:
            self._dirty = False

    def play(self, storage: Storage, side: str, action: Any, version: int | None,
             selection: Any = None, ai: bool = False,
             agent_state: tuple[str, bytes] | None = None) -> list[dict[str, Any]]:
        """Apply ``action`` for ``side`` (after ``selection``, if given: both or neither);
        commit it; return the events ``side`` may see.  A meta action (resign, a draw offer
        or its answer) may come from any seat at any time.

        Runs with the game locked in the database, so no other process can play at the same
        version.  ``ai``: an AI seat's move, played only while this process holds its turn;
        ``agent_state``: (side, the agent's state after choosing it), saved with it."""
        with self.lock, self._writing(storage) as tx:
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
            if ai and tx.ai_owner() != storage.owner:
                raise ApiError(409, "stale", "another process took this AI turn over")
            n = len(g.record.actions)
            try:
                if selection is not None:
                    events = g.apply_selected(selection, action)
                else:
                    events = g.apply(action)
            except ringwar.IllegalAction as e:
                # the engine applies all or nothing, but a selection may have gone in first
                if len(g.record.actions) != n:
                    self._dirty = True
                raise ApiError(422, "illegal", str(e), rule=e.rule, why=e.why) from None
            self._dirty = True
            played = g.record.actions[n:]
            tx.append([("action", side, a) for a in played], result=g.result)
            if agent_state is not None:
                tx.save_agent(*agent_state)
            self._set_ai_due(tx)
            self.actors.extend(side for _ in played)
            return visible(events, side)

    def undo(self, storage: Storage, side: str, version: int | None) -> None:
        with self.lock, self._writing(storage) as tx:
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
            self._dirty = True
            taken = n - len(g.record.actions)     # a bare selection goes with its follow-up
            tx.append([("undo", side, None)] * taken)
            self._set_ai_due(tx)
            del self.actors[len(self.actors) - taken:]

    def _set_ai_due(self, tx: GameTx) -> None:
        due = self.ai_to_act()
        tx.set_ai_due(due)
        self.version = tx.version
        self.known = max(self.known, self.version)
        # the AI turn the move made due is ours (claimed in the same transaction)
        self._claimed = (self.version, time.monotonic()) if due else None

    def _reload(self, storage: Storage) -> None:
        self._rebuild(storage.load(self.id))

    # ----- AI seats ---------------------------------------------------------------------------
    def ai_step(self, storage: Storage, think: float = 1.0) -> bool:
        """If an AI seat is to act, let it choose from its own view and play; True if it did.
        A search agent (mcts) thinks for at most ``think`` seconds per searched decision, over
        worlds sampled from a snapshot of the game that re-deals what its side may not see.

        The turn is this process's only while it holds the game's AI job (claimed, its lease
        renewed while the agent thinks); the agent is the one saved with the seat's last
        move, so any process plays the turn as any other would have."""
        from ringwar.ai.worlds import WorldFactory
        just = self._claimed
        if self.behind() or (storage.shared and (just is None or just[0] != self.version)):
            # up to date before deciding (unless this process just made the move that made
            # the AI due: then it knows; a move elsewhere it has not heard of, play() finds)
            self.sync(storage)
        with self.lock:
            g = self.game
            answer = self.ai_owes_answer()
            side = answer if answer is not None else g.to_act
            if answer is None and (g.result is not None or side is None
                                   or self.seats.get(side, {}).get("kind") != "ai"):
                storage.drop_ai(self.id, self.version)      # nothing is due: a job left over
                return False
            just = self._claimed
            if not (just is not None and just[0] == self.version
                    and time.monotonic() - just[1] < storage.ai_lease / 3) \
                    and not storage.claim_ai(self.id, self.version):
                return False                                # another process plays it
            self._claimed = None
            if answer is not None:
                # an AI seat plays on: it declines a draw (docs/ai.md)
                self.play(storage, answer, {"type": "decline_draw", "side": answer},
                          self.version, ai=True)
                return True
            legal = list(g.legal_actions())
            if not legal:
                return False
            agent = self._agent(storage, side, think)
            if getattr(agent, "needs_world", False):
                # a snapshot: the search runs outside the lock while the game may change
                agent.world = WorldFactory(g.clone(), side)
            if getattr(agent, "uses_view", True):
                view = g.view(side)
            else:   # an agent that declares it ignores the view gets only the basics
                view = {"side": side, "to_act": side, "turn": g.turn, "phase": g.phase}
            version = self.version
        # the agent thinks without holding the game (nor the server's engine thread), the
        # lease on its turn renewed meanwhile
        try:
            with storage.holding_ai(self.id):
                action = agent.choose(view, legal)
            state = dump_agent(agent)
        except BaseException:
            self.agents.pop(side, None)      # its memory may be half-way through a choice
            raise
        try:
            self.play(storage, side, action, version, ai=True, agent_state=(side, state))
            self.agents[side] = (agent, self.version)
        except ApiError as e:
            self.agents.pop(side, None)      # it remembers a move that was not played
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

    def _agent(self, storage: Storage, side: str, think: float) -> Any:
        """The seat's agent as saved with its last move (kept in memory while this process
        plays the seat); a new one from the seat's seed before its first."""
        from ringwar.ai.agents import agent_seed, make_agent
        saved_at, blob, seed = storage.agent_state(self.id, side)
        cached = self.agents.get(side)
        if cached is not None and cached[1] == saved_at:
            return cached[0]
        agent = None
        if blob is not None:
            try:
                agent = load_agent(blob)
            except Exception as e:   # e.g. saved by another version of ringwar
                log.warning("game %s: the %s seat's saved agent does not load (%s); a new one "
                            "takes over", self.id, side, e)
        if agent is None:
            g = self.game
            if seed is None:        # a seat from before seeds were stored
                seed = agent_seed(g.record.seed, list(g.sides).index(side))
            name = self.seats[side].get("agent") or "random"
            from ringwar.ai.levels import is_level, make_level_agent
            if is_level(name):     # a level thinks as it declares, at most ``level_cap`` s
                agent = make_level_agent(name, seed, think_cap=self.level_cap)
            else:
                agent = make_agent(name, seed, **({"think": think} if think > 0 else {}))
        self.agents[side] = (agent, saved_at)
        return agent

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
