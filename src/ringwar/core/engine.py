"""The engine contract shared by every game system.

::

    game = ringwar.new_game("sauron", seed=7)
    game.turn, game.phase, game.to_act      # whose decision it is (a side)
    game.legal_actions()                    # every legal choice, as plain dicts
    events = game.apply(action)             # IllegalAction(rule, why) and no change
    game.view(side)                         # what that side may see
    game.result                             # None, or {"winner": ..., "level": ...}
    game.state_hash(), game.record          # replay(record) reaches the same hash
    game.redact_action(action, side)        # a recorded action as that side may see it
    game.meta_actions(side)                 # resign / offer, accept or decline a draw
    game.follow_ups(selection)              # what a selection would offer; nothing changes
    game.apply_selected(selection, action)  # both as one move, or neither

A system subclasses :class:`Game` and fills in a handful of hooks (``rules_to_act``,
``rules_result``, ``_legal``, ``_do``, ``_state_json``, ``_view`` ...).  Actions and events
are flat JSON-able dicts; every event that applies a rule carries its case number in
``rule``.  Events that only one side may see carry ``"visible_to": side``;
:meth:`Game.view` and :meth:`Game.log_for` filter them, and :meth:`Game.redact_action`
hides what a recorded action would tell another side.

The contract guarantees that whenever ``result`` is None, ``legal_actions()`` is not
empty (no dead ends); the contract fuzzers (tests/test_contract_fuzz.py) check it.

Resigning and agreeing a draw are the same in every game, so the core handles them: they
are *meta actions*, recorded like any other, that a side may take whether or not it is to
act (:meth:`Game.meta_actions`).  They are never among ``legal_actions()``, so agents and
fuzzers that play the rules never resign.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from .dice import Dice
from .errors import IllegalAction, RecordError, UndoRefused
from .options import Option, as_option
from .record import META_TYPES, SEED_MAX, GameRecord

Action = dict[str, Any]
Event = dict[str, Any]

_SCALARS = (str, int, float, bool, type(None))

RESIGN_RULE, DRAW_RULE = "[resign]", "[draw]"


def _text_ok(s: str) -> bool:
    """A string that can be written as UTF-8 (no lone surrogates) and is not absurdly long."""
    if len(s) > 1000:
        return False
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def action_key(action: Action) -> tuple:
    """A hashable identity for a flat action dict."""
    return tuple(sorted(action.items()))


def event(kind: str, rule: str | None, text: str, **data: Any) -> Event:
    """An event for the log: ``event("casualty", "[7.41]", "B vs 3 needs 2-7: rolled 7")``."""
    e: Event = {"type": kind, "rule": rule, "text": text}
    e.update(data)
    return e


class Game(ABC):
    """Base class of every game system's state machine."""

    system: ClassVar[str] = ""
    title: ClassVar[str] = ""
    sides: ClassVar[tuple[str, ...]] = ()
    #: option name -> its declaration (type, range, rule case); unknown options are refused
    OPTIONS: ClassVar[dict[str, Option]] = {}
    #: options that unattended play (simulation, tournaments, self-play, RL) uses unless it is
    #: told otherwise, e.g. a round limit the rules do not have but a batch of games needs
    SIMULATION_OPTIONS: ClassVar[dict[str, Any]] = {}
    #: action types that only ask the same side a follow-up question (select a unit, then
    #: say where it goes): :meth:`follow_ups` lists what would follow without changing the
    #: game, and :meth:`apply_selected` plays a selection and its follow-up as one move
    SELECTIONS: ClassVar[frozenset[str]] = frozenset()
    #: scenario names this system offers (the first is the default)
    SCENARIOS: ClassVar[tuple[str, ...]] = ("standard",)
    #: True if a side's view ever hides something from it (dummy counters, hidden units):
    #: then an unfinished game's raw record must never be shown to a player.
    hidden_information: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, hook in (("to_act", "rules_to_act"), ("result", "rules_result")):
            if name in cls.__dict__:
                raise TypeError(f"{cls.__name__} defines {name!r}: a system defines {hook!r} "
                                f"instead (the core adds resignations and agreed draws)")

    def __init__(self, record: GameRecord) -> None:
        seed = record.seed
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= SEED_MAX:
            raise RecordError(f"the seed must be a whole number from 0 to {SEED_MAX} (2^63 - 1), "
                              f"not {seed!r}")
        self.record = GameRecord(record.system, record.seed, record.scenario,
                                 dict(record.options), record.setup, [])
        if self.record.scenario is None:
            self.record.scenario = self.SCENARIOS[0]
        if self.record.scenario not in self.SCENARIOS:
            raise RecordError(
                f"{self.system}: unknown scenario {self.record.scenario!r} "
                f"(known: {', '.join(self.SCENARIOS)})")
        self.options = self._check_options(self.record.options)
        self.dice = Dice(record.seed)
        self.log: list[Event] = []
        self._legal_cache: list[Action] | None = None
        self._barrier = 0  # actions before this index may not be undone (dice or reveals)
        # a resignation or an agreed draw; the standing offer {"by": side, "accepted": [...]}.
        # Both are replaced, never changed in place, so a system's clone() may share them.
        self.concluded: dict[str, Any] | None = None
        self.draw_offer: dict[str, Any] | None = None
        self._init_state()
        self._after_change()

    # ----- construction -------------------------------------------------------------
    @classmethod
    def option_specs(cls) -> dict[str, Option]:
        """The declared options (older ``(default, doc)`` pairs read as options)."""
        return {k: as_option(v) for k, v in cls.OPTIONS.items()}

    def _check_options(self, given: dict[str, Any]) -> dict[str, Any]:
        specs = self.option_specs()
        # an option the record does not name: its default, or for a record written before
        # the option's default changed, the value it was played with (Option.changed)
        opts = {k: (o.legacy if o.has_legacy else o.default) for k, o in specs.items()}
        for k, v in given.items():
            if k not in specs:
                raise RecordError(
                    f"{self.system}: unknown option {k!r} (known: {', '.join(sorted(specs)) or 'none'})")
            opts[k] = specs[k].check(self.system, k, v)
        return opts

    @classmethod
    def validate_setup(cls, setup: Any) -> None:
        """Raise RecordError unless ``setup`` is a starting position this system checks
        completely.  By default a system takes no set-up from outside (the web app refuses
        one); a system whose position builder validates its input overrides this."""
        raise RecordError(f"{cls.system}: this game takes no starting position from outside")

    @abstractmethod
    def _init_state(self) -> None:
        """Build the starting position from ``self.record`` (scenario, options, setup)."""

    # ----- the contract -----------------------------------------------------------------
    @property
    def to_act(self) -> str | None:
        """The side whose decision it is (None once the game is over)."""
        return None if self.concluded is not None else self.rules_to_act

    @property
    def result(self) -> dict[str, Any] | None:
        """None while the game goes on; else ``{"winner", "level", "text", ...}``."""
        return self.concluded if self.concluded is not None else self.rules_result

    @property
    @abstractmethod
    def rules_to_act(self) -> str | None:
        """Hook: the side whose decision it is by the rules (None once they end the game)."""

    @property
    @abstractmethod
    def rules_result(self) -> dict[str, Any] | None:
        """Hook: the result by the rules (victory conditions), None while the game goes on."""

    @property
    @abstractmethod
    def turn(self) -> int: ...

    @property
    @abstractmethod
    def phase(self) -> str: ...

    def legal_actions(self) -> list[Action]:
        """Every legal action now.  The list is cached: treat it as read-only."""
        if self._legal_cache is None:
            self._legal_cache = [] if self.result is not None else self._legal()
        return self._legal_cache

    def is_legal(self, action: Action) -> bool:
        # a flat dict equals a legal one whatever the order of its keys (as ``action_key``
        # sees it); a scan compares at C speed, cheaper than hashing every legal action
        # anew after each move
        return action in self.legal_actions()

    def apply(self, action: Action) -> list[Event]:
        """Apply one action; returns the events it caused.

        Raises :class:`IllegalAction` naming the rule case if the rules forbid it; the game
        is then exactly as it was.
        """
        listed = self._legal_cache
        if listed and type(action) is dict and action in listed and self.result is None:
            # equal to an action the engine listed (its last ``legal_actions()``): well formed
            # and legal, what the checks below would find (a scan at C speed, as ``is_legal``)
            return self._apply(dict(action))
        action = self._normalize(action)
        if self.result is not None:
            raise IllegalAction("[end]", "the game is over")
        if action["type"] in META_TYPES:
            return self._apply_meta(action)
        if not self.is_legal(action):
            raise self._diagnose(action)
        return self._apply(action)

    def apply_selected(self, selection: Action, action: Action) -> list[Event]:
        """Apply a selection and its follow-up as one move: both, or (IllegalAction) neither.

        This is how a player who looked at a unit's options with :meth:`follow_ups` plays
        one of them: the selection was never sent on its own, so changing one's mind cost
        nothing.  Both are recorded, the selection first."""
        selection, action = self._normalize(selection), self._normalize(action)
        if self.result is not None:
            raise IllegalAction("[end]", "the game is over")
        options = self.follow_ups(selection)
        if options is None:
            if not self.is_legal(selection):
                raise self._diagnose(selection)
            if selection["type"] in self.SELECTIONS:
                raise IllegalAction("[action]", f"this {selection['type']!r} is played on its own, "
                                    "not with a follow-up: it rolls a die, reveals something, passes "
                                    "the turn or acts by itself")
            raise IllegalAction("[action]", f"{selection['type']!r} is not a selection")
        if action_key(action) not in {action_key(a) for a in options}:
            probe = self.clone()
            probe.apply(selection)
            raise probe._diagnose(action)
        return self._apply(selection) + self._apply(action)

    def _apply(self, action: Action) -> list[Event]:
        dice_before = self.dice.count
        self._after_change()  # a system may refill the legal-action cache while it acts
        try:
            events = self._do(action)
        except Exception:
            self._restore()
            raise
        self.record.actions.append(action)
        self.log.extend(events)
        if self.dice.count != dice_before or any(e.get("reveal") for e in events):
            self._barrier = len(self.record.actions)
        return events

    def preview(self, action: Action) -> dict[str, Any] | None:
        """What a legal action would risk, before committing to it (for attacks: the exact
        probability of each outcome).  None when there is nothing to tell."""
        return None

    def _normalize(self, action: Any) -> Action:
        if not isinstance(action, dict):
            raise IllegalAction("[action]", f"an action must be an object, not {type(action).__name__}")
        kind = action.get("type")
        if not isinstance(kind, str):
            raise IllegalAction("[action]", "an action needs a 'type' string")
        if len(action) > 32:
            raise IllegalAction("[action]", "an action has at most 32 fields")
        for k, v in action.items():
            # (short ASCII text is the usual case: checked first, for speed)
            if type(k) is not str or not ((k.isascii() and len(k) <= 1000) or _text_ok(k)):
                raise IllegalAction("[action]", "an action's field names must be short, valid text")
            if type(v) is str:
                if not ((v.isascii() and len(v) <= 1000) or _text_ok(v)):
                    raise IllegalAction("[action]", f"action field {k!r} is not valid text "
                                        "(a lone surrogate or over 1000 characters)")
            elif not isinstance(v, _SCALARS):
                raise IllegalAction("[action]", f"action field {k!r} must be a plain value")
        return dict(action)

    # ----- selections and their follow-ups ----------------------------------------------
    def follow_ups(self, action: Action) -> list[Action] | None:
        """What a legal selection (``{"type": "select", "unit": ...}``) would offer next, on
        a copy: the game does not change and nothing is recorded, so a player can look at a
        unit's moves and change their mind at no cost.  None if ``action`` is not a legal
        selection, or if taking it would roll a die, reveal something, pass the turn or do
        something by itself (any event: an SPI reinforcement with nowhere to enter stays in
        reserve [4.24], one with one way in takes it): such a selection is an action, played
        on its own (what it would offer next are the next unit's choices, not its own)."""
        try:
            action = self._normalize(action)
        except IllegalAction:
            return None
        if action["type"] not in self.SELECTIONS or self.result is not None or not self.is_legal(action):
            return None
        probe = self.clone()
        events = probe.apply(action)
        if events or probe.dice.count != self.dice.count or probe.to_act != self.to_act:
            return None
        return [dict(a) for a in probe.legal_actions()]

    # ----- meta actions: resigning and agreed draws -----------------------------------------
    def meta_actions(self, side: str | None) -> list[Action]:
        """What ``side`` may do besides playing: resign; offer a draw, or answer an offer made
        to it.  Empty for an observer and once the game is over."""
        if side not in self.sides or self.result is not None:
            return []
        acts: list[Action] = [{"type": "resign", "side": side}]
        offer = self.draw_offer
        if offer is None:
            acts.append({"type": "offer_draw", "side": side})
        elif offer["by"] != side and side not in offer["accepted"]:
            acts.append({"type": "accept_draw", "side": side})
            acts.append({"type": "decline_draw", "side": side})
        return acts

    def draw_answers_due(self) -> list[str]:
        """The sides that still owe an answer to the standing draw offer."""
        offer = self.draw_offer
        if offer is None or self.result is not None:
            return []
        return [s for s in self.sides if s != offer["by"] and s not in offer["accepted"]]

    def _apply_meta(self, action: Action) -> list[Event]:
        side = action.get("side")
        if side not in self.sides:
            raise IllegalAction("[action]", f"{action['type']} needs the 'side' that takes it "
                                f"(one of {', '.join(self.sides)})")
        allowed = {action_key(a) for a in self.meta_actions(side)}
        if action_key(action) not in allowed:
            kind = action["type"]
            if set(action) != {"type", "side"}:
                why = f"{kind} takes only 'type' and 'side'"
            elif kind == "offer_draw":
                why = f"a draw offer by {self.draw_offer['by']} is already standing"  # type: ignore[index]
            elif self.draw_offer is None:
                why = "no draw has been offered"
            else:
                why = f"{side} made this offer, or has already accepted it"
            raise IllegalAction(DRAW_RULE if "draw" in kind else RESIGN_RULE, why)
        kind = action["type"]
        others = [s for s in self.sides if s != side]
        if kind == "resign":
            winners = others
            text = (f"{side} resigns: {' and '.join(winners)} win"
                    + ("s" if len(winners) == 1 else ""))
            self.concluded = {"winner": winners[0] if len(winners) == 1 else None,
                              "winners": winners, "level": "resignation", "rule": RESIGN_RULE,
                              "resigned": side, "text": text}
            self.draw_offer = None
            events = [event("resign", RESIGN_RULE, text, side=side, result=self.concluded)]
        elif kind == "offer_draw":
            self.draw_offer = {"by": side, "accepted": []}
            events = [event("offer_draw", DRAW_RULE, f"{side} offers a draw", side=side)]
        elif kind == "decline_draw":
            by = self.draw_offer["by"]  # type: ignore[index]
            self.draw_offer = None
            events = [event("decline_draw", DRAW_RULE, f"{side} declines {by}'s offer of a draw",
                            side=side)]
        else:  # accept_draw
            offer = self.draw_offer
            assert offer is not None
            # a new dict, never changed in place: clones may share it
            self.draw_offer = {"by": offer["by"], "accepted": [*offer["accepted"], side]}
            events = [event("accept_draw", DRAW_RULE, f"{side} accepts the draw", side=side)]
            if not self.draw_answers_due():
                text = "drawn by agreement of " + ", ".join(self.sides)
                self.concluded = {"winner": None, "winners": [], "level": "draw",
                                  "rule": DRAW_RULE, "agreed": True, "text": text}
                self.draw_offer = None
                events.append(event("result", DRAW_RULE, text, result=self.concluded))
        self._after_change()
        self.record.actions.append(dict(action))
        self.log.extend(events)
        self._barrier = len(self.record.actions)   # said to the other side: not taken back
        return events

    def _meta_state(self) -> list[Any] | None:
        if self.concluded is None and self.draw_offer is None:
            return None
        return [self.concluded, self.draw_offer]

    # ----- what a side may see of a recorded action ------------------------------------------
    def describe_action(self, action: Action, side: str | None = None) -> str:
        """``action`` in a player's words (buttons, replays, the terminal), as ``side`` may see
        it: call it on the position the action is (or was) played from, with an action that
        went through :meth:`redact_action`.  Systems override it to name their pieces and
        fields ("Goblins 1023 → 1024", "real cauldron"); this default spells out the fields."""
        bits = [str(action.get("type", "?")).replace("_", " ")]
        for k, v in action.items():
            if k == "type":
                continue
            if k in ("to", "hex"):
                bits.append(f"→ {v}")
            elif isinstance(v, bool):
                bits.append(k.replace("_", " ") if v else f"not {k.replace('_', ' ')}")
            else:
                bits.append(str(v))
        return " ".join(bits)

    def redact_action(self, action: Action, side: str | None) -> Action:
        """``action`` (from the record) as ``side`` may see it (None: an observer).  Every
        channel that shows recorded actions to a player (replays, exports of unfinished games,
        live messages) passes them through here.  A system with secrets in its actions (a
        dummy counter's identity) overrides this; by default an action hides nothing."""
        return dict(action)

    # ----- search over what a side cannot see ---------------------------------------------
    def redeal(self, side: str, rng: Any) -> None:  # noqa: B027 (a hook: nothing to re-deal by default)
        """Re-deal, in place, everything ``side`` may not see, from ``rng`` (a
        ``random.Random`` of the searching agent) and from what ``side``'s view and the rules
        make public: called on a clone by :class:`ringwar.ai.worlds.WorldFactory`, so that a
        search never reads the other side's secrets.  A system with hidden information
        overrides it (Gondor's dummy Cauldrons, a shuffled deck); by default there is nothing
        to re-deal."""

    #: ``(rng, noise) -> policy`` with ``policy.rank(view, legal) -> [(score, action)]``: the
    #: system's own rules of thumb for :class:`ringwar.ai.heuristic.HeuristicAgent` (None: the
    #: hex-and-counter rules of thumb)
    heuristic_policy: ClassVar[Any] = None

    #: the styles (names in :data:`ringwar.ai.heuristic.STYLES`) the system's own rules of
    #: thumb weigh, through the policy's ``style`` attribute (multipliers of its weights),
    #: its own play first: the search plays them as other candidate plans.  Empty: its own
    #: rules of thumb have no styles (the plans differ by their blur alone)
    heuristic_styles: ClassVar[tuple[str, ...]] = ()

    #: side -> the ``heuristic_styles`` that lose whole games for it, which the search does
    #: not offer that side (a one-turn look-ahead cannot see what a style costs later)
    heuristic_unsound: ClassVar[dict[str, tuple[str, ...]]] = {}

    #: ``(view, side) -> float`` in [-1, 1]: the system's own value of a position seen from
    #: ``side``'s view (the leaves of :mod:`ringwar.ai.mcts`); None: the shared evaluation
    #: (:mod:`ringwar.ai.evaluate`) with the system's :meth:`ai_facts`
    evaluate_view: ClassVar[Any] = None

    def plan_segment(self, side: str) -> Any:
        """The stretch of play that ``side`` plans as a whole, if the game is in one: a
        hashable key, the same for every decision of the stretch (whoever is asked), whose
        first element orders the stretches in time (the turn, in most games; comparable
        with ``>``); None outside the stretches ``side`` plans.  It depends
        only on where the game is in its sequence of play (turn, phase, whose phase it is),
        which every player sees.  :mod:`ringwar.ai.mcts` writes a script of each such
        stretch and compares scripts by playouts to the side's first stretch whose first
        element is greater (the same stretch of the next turn).  None here (the default):
        the search plans nothing in the system and plays as its prior there."""
        return None

    @classmethod
    def ai_facts(cls) -> dict[str, Any]:
        """Public facts of the scenario for the shared rules of thumb and evaluation
        (:mod:`ringwar.ai.knowledge` lists the keys): only what the map and the rule book
        say, never anything a view hides.  A system with facts to give overrides it."""
        return {}

    def picture(self, fmt: str = "svg", side: str | None = None, scale: float = 1.0,
                units: bool = True) -> str | bytes | None:
        """The board as ``side`` sees it (without the pieces if not ``units``), as an SVG text
        (``fmt="svg"``) or PNG bytes (``"png"``), for a system that draws its own board (one not on a hex map); None for
        the hex-map systems, which the shared hex renderer draws."""
        return None

    def _restore(self) -> None:
        """Rebuild the state from the record (after an unexpected error mid-action)."""
        fresh = type(self)(self.record)
        for a in self.record.actions:
            fresh.apply(a)
        self.__dict__.update(fresh.__dict__)

    def _after_change(self) -> None:
        self._legal_cache = None

    @abstractmethod
    def _legal(self) -> list[Action]: ...

    @abstractmethod
    def _do(self, action: Action) -> list[Event]:
        """Carry out a legal action, returning its events."""

    def _diagnose(self, action: Action) -> IllegalAction:
        """Say which rule forbids an action that is not among the legal ones."""
        return IllegalAction("[action]", f"{action.get('type')!r} is not a legal action now")

    @abstractmethod
    def _state_json(self) -> Any:
        """The complete state (besides dice and log) as canonical JSON-able data."""

    def state_hash(self) -> str:
        parts = [self.system, self._state_json(), self.dice.to_json()]
        meta = self._meta_state()
        if meta is not None:    # only then: the hashes of games without them never change
            parts.append(meta)
        blob = json.dumps(parts, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:32]

    def view(self, side: str | None = None) -> dict[str, Any]:
        """What ``side`` may see (None: an observer, public information only)."""
        if side is not None and side not in self.sides:
            raise ValueError(f"unknown side {side!r} (sides: {', '.join(self.sides)})")
        v = {
            "system": self.system,
            "scenario": self.record.scenario,
            "side": side,
            "turn": self.turn,
            "phase": self.phase,
            "to_act": self.to_act,
            "result": self.result,
            "actions_played": len(self.record.actions),
            "draw_offer": None if self.draw_offer is None else
            {"by": self.draw_offer["by"], "accepted": list(self.draw_offer["accepted"])},
        }
        v.update(self._view(side))
        return v

    @abstractmethod
    def _view(self, side: str | None) -> dict[str, Any]: ...

    def recent_log(self, side: str | None, n: int = 50) -> list[Event]:
        """The last ``n`` events ``side`` may see (views carry these; the whole log is
        ``log_for``)."""
        out: list[Event] = []
        for e in reversed(self.log):
            if e.get("visible_to") in (None, side):
                out.append(e)
                if len(out) >= n:
                    break
        out.reverse()
        return out

    def log_for(self, side: str | None) -> list[Event]:
        """The log as ``side`` may see it: events addressed to the other side left out."""
        return [e for e in self.log if e.get("visible_to") in (None, side)]

    # ----- undo, copies, records -----------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return len(self.record.actions) > self._barrier

    def undo(self) -> int:
        """Take back the last action, unless it rolled a die or revealed something, and the
        selection that led to it (a bare selection is never left behind: it changes nothing
        a player would want to keep).  Returns how many recorded actions were taken back."""
        if not self.record.actions:
            raise UndoRefused("nothing to undo")
        if not self.can_undo:
            raise UndoRefused("undo stops at the last die roll or reveal")
        rec = self.record.copy()
        rec.actions.pop()
        n = 1
        while (rec.actions and len(rec.actions) > self._barrier
               and rec.actions[-1].get("type") in self.SELECTIONS):
            rec.actions.pop()
            n += 1
        fresh = replay(rec)
        self.__dict__.update(fresh.__dict__)
        return n

    def clone(self) -> Game:
        """An independent copy (for search and what-ifs); systems may override for speed."""
        import copy
        return copy.deepcopy(self)

    def save(self) -> str:
        """The record as a JSON file body, with the final hash for integrity."""
        return self.record.dumps(final_hash=self.state_hash())


# ----- registry and top-level functions --------------------------------------------------
#: system name -> "module:Class".  Every game system registers itself from its own package
#: (``ringwar/systems/<pkg>/__init__.py`` calls :func:`register_system`); the packages of
#: ``ringwar.systems`` are found and imported the first time the registry is asked, so the
#: core names no system.
_SYSTEMS: dict[str, str] = {}
_discovered = False


def register_system(name: str, target: str) -> None:
    """Make ``name`` playable: ``target`` is ``"package.module:GameClass"``, imported only
    when a game of it is made (so registering costs nothing)."""
    _SYSTEMS[name] = target


def unregister_system(name: str) -> None:
    """Forget ``name`` (a system a test or a plug-in registered for a while); a system it does
    not know is no error."""
    _SYSTEMS.pop(name, None)


def _discover() -> None:
    """Import every package of ``ringwar.systems`` that no registered system lives in, so
    that each can register itself (once per process)."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    import importlib
    import pkgutil

    from .. import systems as pkg

    claimed = {t.partition(":")[0] for t in _SYSTEMS.values()}
    for info in pkgutil.iter_modules(pkg.__path__):
        name = f"{pkg.__name__}.{info.name}"
        if not info.ispkg or any(m == name or m.startswith(name + ".") for m in claimed):
            continue
        importlib.import_module(name)


def systems() -> list[str]:
    _discover()
    return sorted(_SYSTEMS)


def system_class(name: str) -> type[Game]:
    _discover()
    try:
        target = _SYSTEMS[name]
    except KeyError:
        raise RecordError(f"unknown game system {name!r} (known: {', '.join(systems())})") from None
    import importlib

    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


def unattended_options(system: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The options for a game nobody watches (simulation, tournaments, self-play, RL): the
    system's ``SIMULATION_OPTIONS`` unless ``options`` says otherwise."""
    return {**system_class(system).SIMULATION_OPTIONS, **(options or {})}


def new_game(system: str, scenario: str | None = None, seed: int = 0,
             options: dict[str, Any] | None = None, setup: dict[str, Any] | None = None) -> Game:
    """Start a game of ``system``.  Options whose default has changed over the years are
    written into the record explicitly, so that it replays the same forever."""
    cls = system_class(system)
    opts = dict(options or {})
    for k, o in cls.option_specs().items():
        if o.has_legacy and k not in opts:
            opts[k] = o.default
    return cls(GameRecord(system, seed, scenario, opts, setup, []))


def replay(record: GameRecord | dict[str, Any] | str, *, expect_hash: str | None = None,
           require_hash: bool = False) -> Game:
    """Rebuild a game from its record (a GameRecord, its JSON dict, or the file text).

    Raises :class:`RecordError` naming the first action that does not replay, or a hash
    mismatch; with ``require_hash``, also a file that carries no ``final_hash`` (it could
    not be verified: what is imported to go on playing must be).
    """
    final_hash = expect_hash
    written_by = record.get("engine") if isinstance(record, dict) else None
    if isinstance(record, str | bytes):
        try:
            written_by = json.loads(record).get("engine")
        except (ValueError, AttributeError):
            written_by = None
        record, fh = GameRecord.loads(record)
        final_hash = final_hash or fh
    elif isinstance(record, dict):
        record, fh = GameRecord.from_json(record)
        final_hash = final_hash or fh
    if require_hash and final_hash is None:
        raise RecordError("record: it has no 'final_hash', so it cannot be verified (a file "
                          "ringwar exports always has one: export the game again)")
    game = system_class(record.system)(record)
    for i, a in enumerate(record.actions):
        try:
            game.apply(a)
        except IllegalAction as e:
            raise RecordError(f"record: action #{i + 1} {json.dumps(a)} does not replay: {e}"
                              + (f" (the file was written by ringwar {written_by})" if written_by else "")) from None
    if final_hash is not None and game.state_hash() != final_hash:
        raise RecordError("record: the replayed game does not match the file's final_hash "
                          "(the file is damaged or was written by incompatible rules)")
    return game


def load(path: str) -> Game:
    """Load a saved game file."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror}") from None
    return replay(text)
