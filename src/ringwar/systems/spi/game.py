"""The SPI Standard Rules [1.0]-[10.0] as a state machine shared by Gondor and Sauron.

The rule book's sections are mixins (``movement``, ``combat``, ``rally``, ``magic``); this
module holds the sequence of play [3.0], decisions, eliminations and demoralization
[9.0].  An exclusive-rules game subclasses :class:`SpiGame` and overrides named hooks
(``terrain_cost``, ``fanatical_why``, ``attack_modifiers``, ``demoralization_value`` ...);
there is no ``if game == ...`` in this package.
"""

from __future__ import annotations

import json
from abc import abstractmethod
from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar

from ...core import hexes as hx
from ...core.engine import Action, Event, Game, event
from ...core.errors import IllegalAction, RecordError
from ...core.hexmap import HexMap
from ...core.options import Option
from ...core.record import GameRecord
from ...core.state import copy_state
from . import data as spidata
from .combat import CombatMixin
from .data import Charts, Scenario
from .decisions import STANDARD_DECISIONS, STANDARD_TASKS, Decision, Task
from .definition import SpiDefinition, freeze_options, read_only
from .magic import MagicMixin
from .movement import MovementMixin
from .rally import RallyMixin
from .sequence import PHASE_NAMES, STANDARD_SEQUENCE, Phase, sequence_tables
from .state import DEAD, EXITED, MAP, OFFMAP, Piece

WEST, SAURON = "westernesse", "sauron"

#: [7.16] [7.21] [7.31] the steps of a Combat Phase
STEP_NAMES = {"missile": "Missile Combat", "leader": "Leader/Individual Combat", "melee": "Melee Combat"}


@cache
def _load_map(package: str) -> HexMap:
    """Maps are immutable: one per process, shared by every game."""
    from importlib import resources
    path = resources.files(f"ringwar.data.{package}").joinpath("map.toml")
    with resources.as_file(path) as p:
        return HexMap.from_toml(p)


#: the definitions built in this process, by game class and options (see ``SpiGame.definition``)
_DEFINITIONS: dict[tuple[Any, ...], SpiDefinition] = {}


def other(side: str) -> str:
    return SAURON if side == WEST else WEST


class SpiGame(MovementMixin, CombatMixin, RallyMixin, MagicMixin, Game):
    """A game on the SPI Standard Rules.  Subclasses name their data and phases."""

    sides = (WEST, SAURON)
    #: [3.0] the Sequence of Play (``sequence.py``; Gondor adds its Set-up and Siege Phases),
    #: and the lookups derived from it: the phases' codes in order, each one's phasing side,
    #: the sides acting in turn in the two-sided ones ([3.0] A: Westernesse magic leaders
    #: first; E: Sauron's first), each one's kind
    SEQUENCE: ClassVar[tuple[Phase, ...]] = STANDARD_SEQUENCE
    PHASES, PHASING, STEP_SIDES, PHASE_KINDS = sequence_tables(STANDARD_SEQUENCE)
    #: the questions put to a side in the middle of a phase, and the work that waits for
    #: their answers, by kind (``decisions.py``; Gondor adds its own)
    DECISIONS: ClassVar[dict[str, Decision]] = STANDARD_DECISIONS
    TASKS: ClassVar[dict[str, Task]] = STANDARD_TASKS
    #: [3.0] the actions a player may take outside a decision, by type: the method that
    #: carries one out, and the one that explains why it is refused (None: the generic
    #: diagnosis); an exclusive game adds its own.  Dispatch reads this table only, so an
    #: action type nobody declared is refused as unknown, whatever methods exist
    ACTIONS: ClassVar[dict[str, tuple[str, str | None]]] = {
        "select": ("do_select", "why_not_select"),          # [4.0]
        "move": ("do_move", "why_not_move"),                # [4.0] (select and move at once)
        "split": ("do_split", None),                        # [8.48]
        "form": ("do_form", None),                          # [8.43]
        "fire": ("do_fire", "why_not_fire"),                # [7.1]
        "leader_attack": ("do_leader_attack", None),        # [7.2]
        "attack": ("do_attack", "why_not_attack"),          # [7.32]
        "resolve": ("do_resolve", None),                    # [7.33]
        "rally": ("do_rally", "why_not_rally"),             # [8.3]
    }
    DATA: ClassVar[str] = ""           # package under ringwar.data with scenario.toml, map.toml
    STANDARD_OPTIONS: ClassVar[dict[str, Option]] = {
        "errata_7_37": Option(True, "[7.37] fanatical units bypass the Casualty Probability Table for missile fire too"),
        "errata_8_52": Option(True, "[8.52] magic leaders move only in the Magic Leader Movement Phases"),
        "errata_phase_e": Option(True, "[3.0] E: a leader that cast OR ATTEMPTED a spell in A may not cast in E"),
        "errata_8_37": Option(True, "[8.37] Rally Table rows 9 and 10"),
        # a fix of 2026-11-26 (issue 17): records made before it replay as they were played,
        # with one unit of such a formation left behind (legacy)
        "formation_retreat_7_23": Option.changed(
            True, "[7.23] [8.46] both units of a formation stacked with a leader hurt in individual "
                  "combat retreat (false: only one, as records made before 2026-11-26 were played)",
            legacy=False),
        # a fix of 2026-11-27 (issue 17): the breach was looked up on the map's hexside, which
        # never records one, so a breached wall still blocked a rally (legacy)
        "rally_breach_8_31": Option.changed(
            True, "[8.31] a leader may rally a unit across a breached wall (false: a breach did not "
                  "count, as records made before 2026-11-27 were played)",
            legacy=False),
    }
    #: [4.0] a move is two decisions: select a unit, then say where it goes
    SELECTIONS = frozenset({"select"})

    # ===== the definition: what never changes (definition.py) ===============================
    @classmethod
    def definition(cls, options: Mapping[str, Any]) -> SpiDefinition:
        """The definition every game of this class with these (checked) options shares."""
        key = (cls, freeze_options(options))
        defn = _DEFINITIONS.get(key)
        if defn is None:
            sc = spidata.scenario(cls.DATA)
            hexmap = cls.load_map(options)
            defn = SpiDefinition(cls.system, cls.DATA, read_only(options), spidata.charts(), sc, hexmap,
                                 read_only(cls.define(options, hexmap, sc)))
            _DEFINITIONS[key] = defn
        return defn

    @classmethod
    def load_map(cls, options: Mapping[str, Any]) -> HexMap:
        """Hook: the map as the options make it."""
        return _load_map(cls.DATA)

    @classmethod
    def define(cls, options: Mapping[str, Any], hexmap: HexMap, sc: Scenario) -> dict[str, Any]:
        """Hook: an exclusive game's fixed facts, computed once (``SpiDefinition.facts``)."""
        return {}

    # ===== construction =====================================================================
    def _init_state(self) -> None:
        self.defn = self.definition(self.options)
        # the definition's parts the rules read all the time, as plain attributes (shared by
        # clones: CLONE_SHARED)
        self.charts: Charts = self.defn.charts
        self.sc: Scenario = self.defn.scenario
        self.hexmap: HexMap = self.defn.hexmap
        self.units: dict[str, Piece] = {}
        self.at: dict[str, list[str]] = {}
        self._turn = 1
        self._phase = self.PHASES[0]
        self.step = ""            # sub-step of a phase: combat "missile"/"leader"/"melee"
        self.step_side: str | None = None
        self.pending: list[dict[str, Any]] = []   # decisions, the first is asked now
        self.tasks: list[dict[str, Any]] = []     # work waiting for decisions to finish
        self.battle: dict[str, Any] | None = None
        self.dp = {WEST: 0, SAURON: 0}
        self.dp_log: dict[str, list[list[Any]]] = {WEST: [], SAURON: []}
        self.demoralized = {WEST: False, SAURON: False}
        self.vp = {WEST: 0, SAURON: 0}
        self.entry_count: dict[str, int] = {}
        self._result: dict[str, Any] | None = None
        self._board_version = 0
        self._cache: dict[Any, Any] = {}
        self._side_version: dict[str, int] = {WEST: 0, SAURON: 0}
        self._zoc_cache: dict[Any, Any] = {}
        #: occupancy (``occupancy()``): derived from ``at``, patched by ``place``/``remove``
        self._occ: tuple[dict[str, int], dict[str, dict[str, int]]] | None = None
        #: (piece id, type) -> its view's unchanging part (``static_unit_view``)
        self._view_statics: dict[tuple[str, str], dict[str, Any]] = {}
        self.spell_state: dict[str, Any] = {}
        self.create_pieces()
        self.init_exclusive()
        if self.record.setup is not None:
            self.apply_setup(self.record.setup)
        self.log.append(event("phase", "[3.0]", f"Game-Turn {self._turn}: {PHASE_NAMES[self._phase]}",
                              turn=self._turn, phase=self._phase))
        self._enter_phase(initial=True)

    def create_pieces(self) -> None:
        """[13.0] place the set-up, [14.0] and hold back the reinforcements."""
        counts: dict[str, int] = {}

        def new_unit(tkey: str) -> Piece:
            counts[tkey] = counts.get(tkey, 0) + 1
            p = Piece(f"{tkey}{counts[tkey]}", utype=self.sc.types[tkey], movement=self.charts.movement)
            self.units[p.id] = p
            return p

        for entry in self.sc.setup:
            if entry.errata and not self.options.get(entry.errata, True):
                if entry.original_hexes is None:
                    continue
                hexes = entry.original_hexes
            else:
                hexes = entry.hexes
            for h in hexes:
                if entry.leader is not None:
                    p = Piece(entry.leader, ltype=self.sc.leaders[entry.leader], movement=self.charts.movement)
                    self.units[p.id] = p
                else:
                    p = new_unit(entry.type or "")
                self.place(p, h)
        for r in self.sc.reinforcements:
            if r.errata and not self.options.get(r.errata, True):
                continue
            for tkey, n in r.units:
                for _ in range(n):
                    p = new_unit(tkey)
                    p.arrival = r.turn
                    p.flags["entry"] = r.entry
            for lkey in r.leaders:
                p = Piece(lkey, ltype=self.sc.leaders[lkey], movement=self.charts.movement)
                p.arrival = r.turn
                p.flags["entry"] = r.entry
                self.units[p.id] = p

    def init_exclusive(self) -> None:
        """Hook: exclusive-rules state (pedestal, weapons, beast ...)."""

    # ===== the position builder's setup (recorded in the GameRecord) ========================
    #: the keys of a position-builder set-up, and of each piece it places (exclusive rules
    #: add theirs); :mod:`ringwar.systems.spi.setup` checks every one
    SETUP_KEYS: ClassVar[frozenset[str]] = frozenset({
        "clear", "place", "remove", "turn", "phase", "dp", "demoralized", "vp", "night", "magic_spent"})
    PLACE_KEYS: ClassVar[frozenset[str]] = frozenset({
        "id", "type", "hex", "reduced", "disrupted", "moved", "fired", "attacked", "formation", "partner"})
    #: [8.42] wedges and shield walls (Sauron adds the Slave Phalanx [15.3])
    FORMATIONS: ClassVar[tuple[str, ...]] = ("wedge", "shield_wall", "phalanx")

    @classmethod
    def validate_setup(cls, setup: Any) -> None:
        """Raise RecordError unless ``setup`` is a set-up this game takes: only known keys, pieces
        of the scenario (or new units of its types), hexes on the map, a phase of the game and a
        Game-Turn in its range, every value of the right type (``ringwar.systems.spi.setup``).
        The position it builds is checked too ([5.0] stacking, [4.27], [4.3], [8.4])."""
        cls(GameRecord(cls.system, 0, None, {}, setup, []))

    def check_setup(self, setup: Any) -> None:
        from .setup import check_setup
        check_setup(self, setup)

    def check_place_item(self, c: Any, item: dict[str, Any], where: str, tkey: str) -> None:
        """Hook: exclusive fields of a placed piece (Gondor's Cauldrons and Oil)."""

    def check_setup_exclusive(self, c: Any, setup: dict[str, Any]) -> None:
        """Hook: the exclusive keys of a set-up (``c`` is a ``setup.SetupChecker``)."""

    def may_stand_in(self, p: Piece, h: str) -> bool:
        """[4.3] could ``p`` be in ``h`` at all (a set-up may not put it elsewhere)."""
        return self.terrain_cost(p, None, h) is not None

    def apply_setup(self, setup: dict[str, Any]) -> None:
        """Apply a position-builder setup (checked first); see :mod:`ringwar.systems.spi.builder`."""
        self.check_setup(setup)
        try:
            if setup.get("clear"):
                for p in self.units.values():
                    if p.on_map:
                        self.remove(p)
                    p.where, p.arrival = OFFMAP, None
                    p.flags["out"] = True
            for item in setup.get("place", []):
                self._setup_place(item)
            for pid in setup.get("remove", []):
                p = self.piece(pid)
                if p.on_map:
                    self.remove(p)
                p.where, p.arrival = OFFMAP, None
                p.flags["out"] = True
            if "turn" in setup:
                self._turn = int(setup["turn"])
            if "phase" in setup:
                if setup["phase"] not in self.PHASES:
                    raise RecordError(f"setup: unknown phase {setup['phase']!r}")
                self._phase = setup["phase"]
            for side, pts in setup.get("dp", {}).items():
                self.dp[side] = int(pts)
                self.dp_log[side].append([int(pts), "setup", "set by the position builder"])
            for side, flag in setup.get("demoralized", {}).items():
                self.demoralized[side] = bool(flag)
            for side, pts in setup.get("vp", {}).items():
                self.vp[side] = int(pts)
            for k, v in setup.get("night", {}).items():
                self.spell_state.setdefault("night_override", {})[str(k)] = bool(v)
            for pid, spent in setup.get("magic_spent", {}).items():
                self.piece(pid).magic_spent = int(spent)
            self.setup_exclusive(setup)
        except (KeyError, ValueError, TypeError) as e:
            raise RecordError(f"setup: {e}") from None
        self._touch()
        from .setup import check_position
        check_position(self)

    def _setup_place(self, item: dict[str, Any]) -> None:
        h = item["hex"]
        if h not in self.hexmap:
            raise RecordError(f"setup: hex {h} is not on the map")
        if item.get("id") in self.units:
            p = self.units[item["id"]]
        else:
            tkey = item.get("type")
            if tkey in self.sc.leaders:
                raise RecordError(f"setup: {tkey} is a leader; place it by id")
            if tkey not in self.sc.types:
                raise RecordError(f"setup: unknown unit {item.get('id', tkey)!r}")
            pid = item.get("id") or f"{tkey}{1 + sum(1 for q in self.units.values() if q.key == tkey)}"
            p = Piece(pid, utype=self.sc.types[tkey], movement=self.charts.movement)
            self.units[p.id] = p
        if p.on_map:
            self.remove(p)
        p.arrival = None
        p.flags.pop("out", None)
        p.flags.pop("entry", None)
        self.place(p, h)
        for k in ("reduced", "disrupted", "moved", "fired", "attacked"):
            if k in item:
                setattr(p, k, bool(item[k]))
        if "formation" in item:
            p.formation = item["formation"]
            p.partner = item.get("partner")

    def setup_exclusive(self, setup: dict[str, Any]) -> None:
        """Hook: exclusive parts of a position-builder setup."""

    # ===== the board ===========================================================================
    def piece(self, pid: Any) -> Piece:
        try:
            return self.units[pid]
        except (KeyError, TypeError):
            raise KeyError(f"unknown unit {pid!r}") from None

    def place(self, p: Piece, h: str) -> None:
        p.hex, p.where = h, MAP
        self.at.setdefault(h, []).append(p.id)
        if self._occ is not None:
            self._occupy(self._occ, p, h, 1)
        self._touch(p.side)

    def remove(self, p: Piece) -> None:
        if p.hex is not None and p.hex in self.at:
            lst = self.at[p.hex]
            lst.remove(p.id)
            if not lst:
                del self.at[p.hex]
            if self._occ is not None:
                self._occupy(self._occ, p, p.hex, -1)
        p.hex = None
        self._touch(p.side)

    def relocate(self, p: Piece, h: str) -> None:
        self.remove(p)
        self.place(p, h)

    def _touch(self, side: str | None = None) -> None:
        """The board changed (for ``side``'s pieces, or anything): drop derived facts."""
        self._board_version += 1
        self._cache.clear()
        if side is None:
            self._side_version = {s: v + 1 for s, v in self._side_version.items()}
        else:
            self._side_version[side] = self._side_version.get(side, 0) + 1

    def pieces_at(self, h: str | None) -> list[Piece]:
        if h is None:
            return []
        return [self.units[i] for i in self.at.get(h, ())]

    def combat_at(self, h: str | None) -> list[Piece]:
        return [p for p in self.pieces_at(h) if p.is_combat]

    def counts_for_stacking(self, p: Piece) -> bool:
        """[5.0] leaders do not count (nor siege equipment [5.0] c.); hook for others."""
        return p.is_combat

    def stackers_at(self, h: str) -> list[Piece]:
        return [p for p in self.pieces_at(h) if self.counts_for_stacking(p)]

    def enemy_in(self, h: str, side: str) -> bool:
        """[4.27] an enemy-occupied hex (enemy equipment alone does not occupy it)."""
        return any(self.units[i].side != side and not self.units[i].is_gear for i in self.at.get(h, ()))

    def side_pieces(self, side: str) -> list[Piece]:
        return [p for p in self.units.values() if p.side == side]

    def on_map(self, side: str | None = None) -> list[Piece]:
        """The pieces on the map (of ``side``), in the units' order: kept until the board
        changes (``_touch``), so callers only iterate over it."""
        hit = self._cache.get(("on_map", side))
        if hit is None:
            hit = self._cache[("on_map", side)] = [
                p for p in self.units.values() if p.on_map and (side is None or p.side == side)]
        return hit

    # ===== time ============================================================================
    @property
    def rules_to_act(self) -> str | None:
        if self._result is not None:
            return None
        if self.pending:
            return self.pending[0]["side"]
        return self.step_side

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def rules_result(self) -> dict[str, Any] | None:
        return self._result

    @property
    def phasing(self) -> str | None:
        return self.PHASING[self._phase]

    def is_night(self, turn: int | None = None) -> bool:
        """[10.0] Night Game-Turns, as the exclusive rules list them (hookable)."""
        t = self._turn if turn is None else turn
        override = self.spell_state.get("night_override", {})
        if str(t) in override:
            return override[str(t)]
        return t in self.sc.game.get("night", ())

    @property
    def last_turn(self) -> int:
        return int(self.sc.game["turns"])

    def _enter_phase(self, initial: bool = False) -> list[Event]:
        """Set the first step of the current phase and reset per-phase flags."""
        ph = self._phase
        if ph in self.STEP_SIDES:
            self.step, self.step_side = "", self.STEP_SIDES[ph][0]
        else:
            self.step_side = self.PHASING[ph]
            self.step = "missile" if self.is_combat_phase() else ""
        if self.is_movement_phase() or self.is_magic_phase():
            for p in self.units.values():
                p.moved = False
            self.entry_count = {}
        if self.is_combat_phase():
            for p in self.units.values():
                p.attacked = False
                p.advanced = False
                p.flags.pop("leader_attacked", None)
        events = self.begin_phase_hook() or []
        # derived facts may depend on the phase; the armies' ZOC maps do not (they are keyed
        # on the pieces' positions, demoralization and ``zoc_context``), so they are kept
        self._cache.clear()
        if initial:
            # [3.0] later phases are settled by the caller's _settle loop, whose events reach
            # the log; a nested _settle here would drop the events of skipped steps
            self.log.extend(events)
            self.log.extend(self._settle())
        return events

    def begin_phase_hook(self) -> list[Event] | None:
        """Hook: exclusive rules that act as a phase begins (e.g. Dwarves' [15.22] check,
        Gondor's [14.2] roll for Rohan); returns the events it caused."""
        return None

    def phase_kind(self, phase: str | None = None) -> str:
        """The kind of ``phase`` (default: the current one) in this game's sequence [3.0]."""
        return self.PHASE_KINDS[self._phase if phase is None else phase]

    def is_movement_phase(self) -> bool:
        return self.PHASE_KINDS[self._phase] == "movement"

    def is_combat_phase(self) -> bool:
        return self.PHASE_KINDS[self._phase] == "combat"

    def is_magic_phase(self) -> bool:
        return self.PHASE_KINDS[self._phase] == "magic"

    def _next_step(self) -> list[Event]:
        """Finish the current step; move to the next step, phase or turn."""
        events: list[Event] = []
        ph = self._phase
        if self.is_combat_phase() and self.step in ("missile", "leader"):
            self.step = "leader" if self.step == "missile" else "melee"
            return events
        if ph in self.STEP_SIDES:
            order = self.STEP_SIDES[ph]
            i = order.index(self.step_side) if self.step_side in order else len(order)
            if i + 1 < len(order):
                self.step_side = order[i + 1]
                self.end_step_hook(ph, order[i])
                return events
            self.end_step_hook(ph, order[i] if i < len(order) else None)
        events.extend(self.end_phase_hook(ph))
        idx = self.PHASES.index(ph)
        while idx + 1 < len(self.PHASES) and not self.phase_applies(self.PHASES[idx + 1]):
            idx += 1
        if idx + 1 < len(self.PHASES):
            self._phase = self.PHASES[idx + 1]
        else:
            events.extend(self.end_turn())
            if self._result is not None:
                return events
            self._turn += 1
            self._phase = next(ph for ph in self.PHASES if self.phase_applies(ph))
            for p in self.units.values():
                p.fired = False          # [7.14] once per Game-Turn
                p.rally_tried = False    # [8.36]
                p.rallies_made = 0       # [8.32]
            events.append(event("turn", "[3.0]", f"Game-Turn {self._turn} begins"
                                + (" (night)" if self.is_night() else ""), turn=self._turn,
                                night=self.is_night()))
        events.append(event("phase", "[3.0]", f"Game-Turn {self._turn}: {PHASE_NAMES[self._phase]}",
                            turn=self._turn, phase=self._phase))
        events.extend(self._enter_phase())
        return events

    def phase_applies(self, phase: str) -> bool:
        """Hook: phases that happen only on some Game-Turns (Gondor's set-up)."""
        return True

    def end_step_hook(self, phase: str, side: str | None) -> None:
        """Hook: a side finished its part of a two-sided phase."""

    def end_phase_hook(self, phase: str) -> list[Event]:
        """[4.28] [8.1] checks at the end of a phase; exclusive rules extend it."""
        events: list[Event] = []
        if self.phase_kind(phase) == "movement":
            events.extend(self.transfer_unstacked_leaders(self.PHASING[phase] or ""))
        return events

    def end_turn(self) -> list[Event]:
        """After the last phase: expire effects; after the last turn, decide the game."""
        events = self.end_turn_hook()
        if self._turn >= self.last_turn:
            self._result = self.decide_victory()
            events.append(event("result", self.victory_rule(), self._result["text"], result=self._result))
        return events

    def end_turn_hook(self) -> list[Event]:
        return []

    @abstractmethod
    def decide_victory(self) -> dict[str, Any]:
        """The exclusive rules' victory conditions, after the last Game-Turn."""

    def victory_rule(self) -> str:
        return "[21.0]"

    # ===== the decision loop ===============================================================
    def _legal(self) -> list[Action]:
        if self.pending:
            return self.decision_actions(self.pending[0])
        kind = self.PHASE_KINDS[self._phase]
        if kind == "magic":
            return self.magic_actions(self.step_side or "")
        if kind == "movement":
            return self.movement_actions()
        if kind == "combat":
            return self.combat_actions()
        if kind == "rally":
            return self.rally_actions(self.step_side or "")
        return self.phase_actions()

    def phase_actions(self) -> list[Action]:
        """Hook: actions of phases the Standard Rules do not define (Gondor's Siege Phase)."""
        return [{"type": "end"}]

    def is_legal(self, action: Action) -> bool:
        return super().is_legal(action) or self.shorthand_move_legal(action)

    def _do(self, action: Action) -> list[Event]:
        kind = action["type"]
        events: list[Event] = []
        if not self.pending and kind in ("move", "split", "exit"):
            self.do_select(action)          # shorthand: select, then move
        if self.pending:
            events.extend(self.do_decision(self.pending[0], action))
        elif kind == "end":
            events.extend(self.end_step_checks())
            events.extend(self._next_step())
        else:
            entry = self.ACTIONS.get(kind)
            if entry is None:
                raise IllegalAction("[action]", f"unknown action type {kind!r}")
            events.extend(getattr(self, entry[0])(action))
        events.extend(self._run_tasks())
        events.extend(self._settle())
        return events

    def end_step_checks(self) -> list[Event]:
        """Things that happen when a side ends a step (hook)."""
        return []

    def _run_tasks(self) -> list[Event]:
        events: list[Event] = []
        while not self.pending and self.tasks and self._result is None:
            task = self.tasks.pop(0)
            events.extend(self.TASKS[task["t"]].run(self, task))
        return events

    def _settle(self) -> list[Event]:
        """Skip steps in which the side to act has nothing to do but end; resolve decisions
        that have a single possible answer.  Keeps the action list short for everyone."""
        events: list[Event] = []
        self._legal_cache = None
        for _ in range(10_000):
            if self._result is not None:
                break
            if self.pending:
                acts = self.decision_actions(self.pending[0])
                if len(acts) == 1 and self.pending[0].get("auto", True):
                    events.extend(self.do_decision(self.pending[0], acts[0]))
                    events.extend(self._run_tasks())
                    continue
                self._legal_cache = acts
                break
            if self.tasks:
                events.extend(self._run_tasks())
                continue
            acts = self._legal()
            if len(acts) == 1 and acts[0]["type"] == "end" and self.auto_end_allowed():
                events.extend(self.end_step_checks())
                events.extend(self._next_step())
                continue
            self._legal_cache = acts
            break
        return events

    def auto_end_allowed(self) -> bool:
        return True

    # ===== decisions =========================================================================
    def ask(self, decision: dict[str, Any]) -> None:
        self.pending.insert(0, decision)

    def decision_actions(self, d: dict[str, Any]) -> list[Action]:
        return self.DECISIONS[d["kind"]].options(self, d)

    def do_decision(self, d: dict[str, Any], action: Action) -> list[Event]:
        self.pending.pop(0)
        return self.DECISIONS[d["kind"]].answer(self, d, action)

    # ===== eliminations and demoralization [9.0] ===========================================
    def demoralization_value(self, p: Piece) -> int:
        """[9.12] attack letters + armour + morale, at full strength ("only combat units")."""
        if not p.is_combat:
            return 0
        v = self.charts.values
        total = p.armour + v["morale"].get(p.morale, 0)
        for letter in (p.melee, p.missile):
            if letter:
                total += v["attack"][letter.upper()]
        return total

    def add_dp(self, side: str, points: int, rule: str, reason: str) -> list[Event]:
        if points == 0:
            return []
        self.dp[side] += points
        self.dp_log[side].append([points, rule, reason])
        events = [event("demoralization", rule, f"{side}: {points:+d} Demoralization Points ({reason}); "
                        f"total {self.dp[side]} of {self.dp_level(side)}", side_affected=side,
                        points=points, total=self.dp[side])]
        events.extend(self.check_demoralization(side))
        return events

    def army_of(self, p: Piece) -> str:
        """The army a piece belongs to for demoralization [9.0] (hook: Gondor's garrison and
        relief forces are separate armies of one side [19.12])."""
        return p.side

    def is_demoralized(self, p: Piece) -> bool:
        """[9.3] is ``p``'s army demoralized?"""
        return self.demoralized.get(self.army_of(p), False)

    def dp_level(self, side: str) -> int:
        return int(self.sc.demoralization[side])

    def check_demoralization(self, side: str) -> list[Event]:
        """[9.21] an army is demoralized once its total EXCEEDS its level; [9.3] for good."""
        if not self.demoralized[side] and self.dp[side] > self.dp_level(side):
            return self.demoralize(side, "[9.21]", f"{self.dp[side]} points exceed the level of {self.dp_level(side)}")
        return []

    def demoralize(self, side: str, rule: str, why: str) -> list[Event]:
        if self.demoralized[side]:
            return []
        self.demoralized[side] = True
        self._touch()
        return [event("demoralized", rule, f"the {side} army is demoralized: {why}", side_affected=side)]

    def eliminate(self, p: Piece, rule: str, cause: str, by: Piece | None = None) -> list[Event]:
        """Remove a piece from play, counting it toward demoralization [9.13]."""
        if p.where == DEAD:
            return []
        h = p.hex
        events: list[Event] = [event("eliminated", rule, f"{self.label(p)} eliminated ({cause})",
                                     unit=p.id, hex=h, cause=cause)]
        partner = self.units.get(p.partner) if p.partner else None
        if partner is not None:
            self.dissolve_formation(p)
        self.remove(p)
        p.where = DEAD
        p.disrupted = False
        if p.is_leader:
            events.extend(self.leader_killed(p, cause, by))
        else:
            events.extend(self.add_dp(self.army_of(p), self.demoralization_value(p), "[9.13]",
                                      f"{self.label(p)} eliminated"))
            events.extend(self.unit_killed(p, cause, h))
            if h is not None and not self.combat_at(h):
                events.extend(self.transfer_leaders(h, p.side, "[8.24]"))
        return events

    def leader_killed(self, p: Piece, cause: str, by: Piece | None) -> list[Event]:
        """Hook: exclusive consequences of a leader's death ([20.2], [19.2] ...)."""
        return []

    def unit_killed(self, p: Piece, cause: str, hex_: str | None) -> list[Event]:
        """Hook: victory points and the like for an eliminated combat unit."""
        return []

    def dissolve_formation(self, p: Piece) -> None:
        partner = self.units.get(p.partner) if p.partner else None
        for q in (p, partner):
            if q is not None:
                q.formation = None
                q.partner = None

    def label(self, p: Piece) -> str:
        """A piece in messages and the log: "Gandalf", "Men D-3-X [men1]", "Grond [grond1]"."""
        if p.is_leader:
            return f"{p.name}"
        code = self.counter_label(p)
        return f"{p.name} {code} [{p.id}]" if code else f"{p.name} [{p.id}]"

    def counter_label(self, p: Piece) -> str:
        """What the counter shows besides its name: a unit's values now ("De-3-X", [2.41]), a
        leader's Rally Rating and Magic Capability Points left ("8-10"); hook: siege equipment
        has no combat values [16.15]."""
        return p.code()

    # ===== leaders and stacking [8.1] =========================================================
    def leader_may_stack_with(self, leader: Piece, unit: Piece) -> bool:
        """[8.1] normal leaders stack with their own nationality, magic leaders with any."""
        return unit.side == leader.side and unit.is_combat and (
            leader.magic > 0 or unit.nation == leader.nation)

    def leader_legally_stacked(self, leader: Piece) -> bool:
        return any(self.leader_may_stack_with(leader, u) for u in self.combat_at(leader.hex))

    def nearest_friend(self, leader: Piece, start: str) -> str | None:
        """[8.24] the nearest friendly combat unit a leader may stack with (ties: lowest hex)."""
        best: tuple[int, str] | None = None
        for u in self.units.values():
            if u.on_map and u.hex and self.leader_may_stack_with(leader, u):
                d = hx.distance(start, u.hex)
                if best is None or (d, u.hex) < best:
                    best = (d, u.hex)
        return None if best is None else best[1]

    def transfer_leaders(self, h: str, side: str, rule: str) -> list[Event]:
        events: list[Event] = []
        for ld in [p for p in self.pieces_at(h) if p.is_leader and p.side == side]:
            if self.leader_legally_stacked(ld):
                continue
            dest = self.nearest_friend(ld, h)
            if dest is not None and dest != h:
                self.relocate(ld, dest)
                events.append(event("transfer", rule, f"{ld.name} transferred from {h} to the nearest "
                                    f"friendly unit at {dest}", unit=ld.id, frm=h, to=dest))
        return events

    def transfer_unstacked_leaders(self, side: str) -> list[Event]:
        """[8.1] leaders must be stacked with a combat unit when their Combat Phase begins;
        one left alone is transferred to the nearest friendly unit (as [8.24])."""
        events: list[Event] = []
        for ld in self.on_map(side):
            if ld.magic > 0 and self.options.get("errata_8_52", True):
                continue   # [8.52] magic leaders move only in magic phases: never carried off
            if ld.is_leader and not self.leader_legally_stacked(ld) and ld.hex:
                dest = self.nearest_friend(ld, ld.hex)
                if dest is not None:
                    frm = ld.hex
                    self.relocate(ld, dest)
                    events.append(event("transfer", "[8.1]", f"{ld.name} must be stacked with a combat unit: "
                                        f"moved from {frm} to {dest}", unit=ld.id, frm=frm, to=dest))
        return events

    # ===== copies for search =======================================================================
    #: what a clone shares with its original: the frozen definition (and the attributes that
    #: alias its parts), the options it was built from, the pieces' unchanging view parts
    #: (filled as first asked, the same for every copy), and the log (a list of events,
    #: each never changed once logged: the list is copied, the events shared).  Everything
    #: else is state and is copied (core.state).
    CLONE_SHARED: ClassVar[frozenset[str]] = frozenset(
        {"defn", "options", "charts", "sc", "hexmap", "_view_statics"})
    #: facts derived from the state and rebuilt on demand: a clone starts without them
    CLONE_DERIVED: ClassVar[dict[str, Any]] = {
        "_cache": dict, "_zoc_cache": dict, "_move_cache": dict,
        "_legal_cache": lambda: None, "_occ": lambda: None}

    def clone(self) -> SpiGame:
        """An independent copy, much cheaper than ``copy.deepcopy`` (search and what-ifs): every
        attribute is state and copied generically, except what ``CLONE_SHARED`` and
        ``CLONE_DERIVED`` name, so a field added later can never be shared by accident."""
        new = object.__new__(type(self))
        shared, derived = self.CLONE_SHARED, self.CLONE_DERIVED
        d = new.__dict__
        for name, value in self.__dict__.items():
            if name in shared:
                d[name] = value
            elif name in derived:
                d[name] = derived[name]()
            elif name == "log":
                d[name] = list(value)
            else:
                d[name] = copy_state(value)
        return new

    # ===== state, hash, view =====================================================================
    def _state_json(self) -> Any:
        return {
            "turn": self._turn, "phase": self._phase, "step": self.step, "step_side": self.step_side,
            "units": [p.to_json() for p in self.units_in_order()],
            "pending": self.pending, "tasks": self.tasks, "battle": self.battle,
            "dp": self.dp, "dp_log": self.dp_log, "demoralized": self.demoralized, "vp": self.vp,
            "entry": self.entry_count, "result": self._result, "spells": self.spell_state,
            "x": self.exclusive_json(),
        }

    def exclusive_json(self) -> Any:
        return None

    def unit_view(self, p: Piece) -> dict[str, Any]:
        static = self._view_statics.get((p.id, p.key))
        if static is None:
            static = self._view_statics[(p.id, p.key)] = self.static_unit_view(p)
        d: dict[str, Any] = {
            **static, "hex": p.hex, "where": p.where, "label": self.counter_label(p),
            "reduced": p.reduced, "disrupted": p.disrupted, "formation": p.formation,
            "partner": p.partner, "moved": p.moved, "fired": p.fired, "attacked": p.attacked,
        }
        if p.is_leader:
            d.update(rally=p.rally_now(), magic=p.magic, magic_left=p.magic - p.magic_spent,
                     rallies_made=p.rallies_made)
        else:
            d.update(melee=p.melee_now(), missile=p.missile_now(), armour=p.armour_now(),
                     morale=p.morale_now(), movement=p.ma)
        if p.arrival is not None and p.where == OFFMAP:
            d["arrival"] = p.arrival
        return d

    def static_unit_view(self, p: Piece) -> dict[str, Any]:
        """What a piece's view never changes in (its counter's printed facts and [9.12]
        value): kept by piece and type (``_view_statics``, shared by clones)."""
        d = {"id": p.id, "type": p.key, "name": p.name, "side": p.side, "nation": p.nation,
             "kind": p.kind}
        if not p.is_leader:
            d["value"] = self.demoralization_value(p)
        return d

    def units_in_order(self) -> list[Piece]:
        """The pieces sorted by id (views, action lists): the set of pieces never changes
        once the game is set up, so the order is kept."""
        order = self._cache.get("units_in_order")
        if order is None or len(order) != len(self.units):
            order = self._cache["units_in_order"] = sorted(self.units.values(), key=lambda q: q.id)
        return order

    def _view(self, side: str | None) -> dict[str, Any]:
        units = [self.unit_view(p) for p in self.units_in_order()
                 if p.where in (MAP, OFFMAP, DEAD, EXITED) and not p.flags.get("out")]
        return {
            "title": self.title,
            "phase_name": PHASE_NAMES[self._phase],
            "step_name": STEP_NAMES.get(self.step, ""),
            # [3.0] each phase with the side whose phase it is (None: both, or neither)
            "phases": [{"code": ph.code, "name": ph.name, "side": ph.phasing}
                       for ph in self.SEQUENCE if self.phase_applies(ph.code)],
            "step": self.step,
            "night": self.is_night(),
            "last_turn": self.last_turn,
            "night_turns": [t for t in range(1, self.last_turn + 1) if self.is_night(t)],
            "units": units,
            "demoralization": {s: {"points": self.dp[s], "level": self.dp_level(s),
                                   "demoralized": self.demoralized[s]} for s in self.dp},
            "victory_points": dict(self.vp),
            "pending": None if not self.pending else self.describe_decision(self.pending[0]),
            "battle": self.battle,
            "exclusive": self.exclusive_view(side),
            "log_size": len(self.log),
            "recent_log": self.recent_log(side),
        }

    def exclusive_view(self, side: str | None) -> dict[str, Any]:
        return {}

    def describe_decision(self, d: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in d.items() if k not in ("then",)}

    # ===== actions in words =====================================================================
    def describe_action(self, action: Action, side: str | None = None) -> str:
        """``action`` in a player's words, on the position it is played from ("Men D-3-X
        [men1] 0806 → 0807", "Wargs D-2-Z [warg1] attacks Men D-3-X [men1] in 1323"); units by
        name and counter, secret fields only if the action (as redacted for ``side``) has them."""
        kind = str(action.get("type", "?"))
        try:
            text = self.describe_hook(kind, action)
        except Exception:          # an unknown or malformed action: say what it names
            text = None
        return text if text is not None else super().describe_action(action, side)

    def _named(self, pid: Any) -> str:
        p = self.units.get(pid) if isinstance(pid, str) else None
        return self.label(p) if p is not None else str(pid)

    def describe_hook(self, kind: str, a: Action) -> str | None:
        """The words for one action type (None: the core's generic words); exclusive rules
        extend it for their own actions."""
        u = self._named(a.get("unit"))
        t = self._named(a.get("target"))
        p = self.units.get(a.get("unit")) if isinstance(a.get("unit"), str) else None
        here = p.hex if p is not None and p.hex else "off the map"
        d = self.units.get(a.get("target")) if isinstance(a.get("target"), str) else None
        there = f" in {d.hex}" if d is not None and d.hex else ""
        if kind == "select":
            return f"select {u}" + (f" in {p.hex}" if p is not None and p.hex else " (off the map)")
        if kind == "move":
            return f"{u} {here} → {a['to']}" if p is None or p.hex else f"{u} enters the map → {a['to']}"
        if kind == "split":
            return f"{u} leaves its formation: {here} → {a['to']}"
        if kind == "exit":
            return f"{u} leaves the map from {here} into Mordor"
        if kind == "stay":
            return f"{u} stays in {here}"
        if kind == "form":
            other = self.units.get(a.get("with"))
            shape = self.formation_kind(p, other).replace("_", " ") if p and other else "formation"
            return f"{u} and {self._named(a.get('with'))} form a {shape} in {a['hex']}"
        if kind == "fire":
            return f"{u} fires at {t}{there}"
        if kind == "attack":
            joins = self.battle is not None and self.battle.get("target") == a.get("target")
            return f"{u} {'joins the attack on' if joins else 'attacks'} {t}{there}"
        if kind == "resolve":
            target = self.battle.get("target") if self.battle else None
            return f"resolve the attack on {self._named(target)}" if target else "resolve the attack"
        if kind == "leader_attack":
            return f"{u} attacks {t}{there} in individual combat"
        if kind == "end":
            step = STEP_NAMES.get(self.step)
            return f"end {step}" if step else f"end the {PHASE_NAMES.get(self._phase, 'phase')}" + (
                f" for {self.step_side}" if self._phase in self.STEP_SIDES and self.step_side else "")
        if kind == "retreat":
            return f"{u} retreats to {a['to']}"
        if kind == "retreat_before_combat":
            return f"{u} retreats before combat to {a['to']}"
        if kind == "stand":
            return f"{u} stands to receive the attack"
        if kind == "advance":
            return f"{u} advances into {a['to']}"
        if kind == "rally":
            return f"{u} tries to rally {t}{there}"
        if kind == "cast":
            spell = self.sc.spells.get(a.get("spell"))
            name = spell.name if spell is not None else str(a.get("spell"))
            pts = a.get("points")
            return f"{u} casts {name} with {pts} point{'s' if pts != 1 else ''}"
        return None

    # ===== previews ==============================================================================
    #: the chart a spell attempt is rolled on ([8.54]: the exclusive rules give it)
    MAGIC_TABLE: ClassVar[str] = "[8.54] Magic Capability Table"

    def preview(self, action: Action) -> dict[str, Any] | None:
        """What a legal attack, spell or rally risks, as the preview schema of docs/engine.md:
        the table and column read, every modifier with its case, the exact odds of each of
        the chart's results ([7.41] x [7.42], [7.26], [8.37], the magic tables) and a legend."""
        kind = action.get("type")
        if not self.is_legal(action):
            return None
        from . import odds
        if kind == "cast":
            return self.spell_odds(action)
        if kind == "rally":
            return self.rally_odds(action)
        if kind not in ("fire", "attack", "leader_attack"):
            return None
        a, d = self.units[action["unit"]], self.units[action["target"]]
        if kind == "leader_attack" and d.is_leader:
            return odds.explain_leader_attack(self, a.id, d.id)
        if kind == "leader_attack":                       # [17.32] a magic weapon vs the Beast
            return odds.explain_attack(self, a.id, d.id, letter="A", letter_why=[
                f"[17.32] {a.name}'s magic weapon attacks the armoured {d.name} at A, as melee"])
        return odds.explain_attack(self, a.id, d.id, missile=kind == "fire")

    def outcome_notes(self, d: Piece, missile: bool) -> dict[str, str]:
        """What each [7.42] result would do to ``d`` in particular, beyond the chart's key
        (hook: exclusive rules add theirs, e.g. Gondor's stampeding Mumakil [14.32])."""
        notes: dict[str, list[str]] = {}

        def note(codes: tuple[str, ...], text: str) -> None:
            for c in codes:
                notes.setdefault(c, []).append(text)

        if d.formation and d.partner:
            case = self.formation_case(d)
            note(("E",), f"{case} both units of the formation are eliminated")
            note(("½E", "½E, r1"), f"{case} one unit of the formation is eliminated, the other retreats "
                 f"{self.half_loss_retreat(d)} hex(es)")
            note(("r1", "r2"), f"{case} the formation breaks up and retreats unit by unit")
        elif d.reduced:
            note(("½E", "½E, r1"), f"{self.label(d)} is already inverted: it is eliminated")
        if d.disrupted:
            note(("r1", "r2", "½E, r1"), f"{self.label(d)} is disrupted: forced to retreat, it is eliminated "
                 "instead [7.57]")
        if any(q.is_leader and q.side == d.side for q in self.pieces_at(d.hex)):
            note(("½E", "½E, r1", "E"), "each leader stacked with it shares the result on a die roll of 5 or 6 [8.24]")
        return {c: "; ".join(t) for c, t in notes.items()}

    def leader_result_notes(self, ld: Piece) -> dict[str, str]:
        """What a [7.26] result ("r2", "½", "e") would do besides hurting ``ld`` (hook: the
        Pedestal [16.64])."""
        mates = [u for u in self.combat_at(ld.hex) if u.side == ld.side]
        if not mates:
            return {}
        text = (f"{', '.join(self.label(u) for u in mates)}, stacked with him, must retreat two hexes, "
                "or is flipped if it cannot [7.23]")
        return {"r2": text, "½": text, "e": text}

    def eliminating_outcomes(self, d: Piece) -> set[str]:
        """The [7.42] outcome keys (odds.OUTCOMES) that would eliminate ``d`` itself."""
        out = {"E"}
        if d.formation and d.partner:
            return out
        if d.reduced:
            out |= {"halfE", "halfE+r1"}
        if d.disrupted:
            out |= {"r1", "r2", "halfE+r1"}
        return out

    def spell_odds(self, action: Action) -> dict[str, Any]:
        """[8.54] the chance a spell attempt succeeds with the points spent; [8.56] only a
        successful spell costs its points."""
        from .odds import explain_roll, two_dice
        spell = self.sc.spells[action["spell"]]
        points = int(action["points"])
        rng = spell.succeeds_on(points)
        lo, hi = (2, 12) if rng is None else rng
        need = "automatic" if rng is None else f"{lo}-{hi}"
        pts = f"{points} point{'s' if points != 1 else ''}"
        p = float(two_dice(lo, hi))
        out = explain_roll(
            self.MAGIC_TABLE, f"{spell.name} with {pts}: " + (
                "automatic" if rng is None else f"cast on {need} with two dice"), [(lo, hi)],
            "cast", f"{spell.name} takes effect {spell.rule}; the {pts} are spent for good [8.56]",
            "fails", "no effect; no points are spent [8.56]",
            summary=f"{spell.name} is cast for certain" if rng is None else f"{100 * p:.0f}% to cast {spell.name}")
        out.update(spell=spell.name, points=points, needs=need)
        return out

    def rally_odds(self, action: Action) -> dict[str, Any]:
        """[8.34] [8.37] the chance a leader rallies a disrupted unit."""
        from .odds import explain_roll, ranges_text, shift_entry
        ld, u = self.units[action["unit"]], self.units[action["target"]]
        rating, why = self.leader_rating_why(ld, combat=False)
        ranges = self.rally_range(rating)
        top = 10 if self.options.get("errata_8_37", True) else 8
        if rating > top:
            why.append(f"[8.37] a rating above {top} uses the table's last row (docs/reconstructed.md)")
        out = explain_roll("[8.37] Leader Rally Table", f"{ld.name}, rating {rating}: rallies on "
                           f"{ranges_text(ranges)} with two dice", ranges, "rallied",
                           f"{self.label(u)} is no longer disrupted [8.3]", "fails",
                           f"{self.label(u)} stays disrupted; it may not be rallied again this Game-Turn [8.36]",
                           shifts=[shift_entry(w) for w in why])
        out["summary"] = f"{100 * out['odds']['rallied']:.0f}% to rally {self.label(u)}"
        return out

    # ===== diagnosis ==============================================================================
    #: what answering a pending decision about a unit means, by decision kind (the rest are
    #: "answer" + the prompt): "Anarion is selected: move it (or stay), or undo the selection"
    SELECTED_TEXT: ClassVar[dict[str, str]] = {"move": "move it (or stay)"}
    #: fields of an action that name a piece
    UNIT_FIELDS: ClassVar[tuple[str, ...]] = ("unit", "target", "with", "leader", "gear", "cauldron")
    #: how a refusal names what the refused action would have done to another unit
    _VERBS: ClassVar[dict[str, str]] = {
        "select": "selecting", "move": "moving", "split": "moving", "exit": "moving", "stay": "moving",
        "place": "setting up", "fire": "firing with", "attack": "attacking with",
        "leader_attack": "attacking with", "rally": "rallying with", "form": "forming up",
        "retreat": "retreating", "advance": "advancing", "push": "pushing with"}

    def _diagnose(self, action: Action) -> IllegalAction:
        kind = action.get("type")
        for k in action:
            if k != "type" and self.is_legal({j: v for j, v in action.items() if j != k}):
                return IllegalAction("[3.0]", f"a '{kind}' here takes no {k!r}")
        if self.pending:
            return self._diagnose_decision(self.pending[0], action)
        if kind in ("split", "exit") and self._selectable(action.get("unit")):
            # [4.0] the shorthand of select + a unit's move: judge it against that unit's options
            p = self.units[action["unit"]]
            d = {"kind": "move", "side": p.side, "unit": p.id, "rule": "[4.0]",
                 "prompt": f"where does {self.label(p)} move?"}
            return self._mismatch(d, self.decide_move(d), action)
        entry = self.ACTIONS.get(kind) if isinstance(kind, str) else None
        if entry is not None and entry[1] is not None:
            err = getattr(self, entry[1])(action)
            if err is not None:
                return err
        if kind == "end":
            return self.why_not_end()
        known = {a["type"] for a in self.legal_actions()}
        if kind not in known:
            return IllegalAction("[3.0]", f"'{kind}' is not possible in the {PHASE_NAMES[self._phase]}"
                                 + (f" ({self.step} step)" if self.step else "")
                                 + f"; possible now: {', '.join(sorted(known))}")
        return self._mismatch({"kind": "", "side": self.to_act, "rule": "[3.0]", "prompt": ""},
                              [a for a in self.legal_actions() if a["type"] == kind], action)

    def _selectable(self, pid: Any) -> bool:
        return isinstance(pid, str) and {"type": "select", "unit": pid} in self.legal_actions()

    def _diagnose_decision(self, d: dict[str, Any], action: Action) -> IllegalAction:
        """Why ``action`` does not answer the pending decision ``d``.  Never lists the refused
        value among the possible ones (issue 14, item 4)."""
        answers = self.decision_actions(d)
        rule = d.get("rule", "[3.0]")
        prompt = d.get("prompt", d["kind"])
        du, au = d.get("unit"), action.get("unit")
        if au is not None and au != du and not any(a.get("unit") == au for a in answers):
            if not isinstance(au, str) or au not in self.units:
                return IllegalAction("[2.3]", f"there is no unit {au!r}")
            other = self.units[au]
            verb = self._VERBS.get(str(action.get("type")), "acting with")
            if du in self.units and d["kind"] in self.SELECTED_TEXT:
                return IllegalAction(rule, f"{self.label(self.units[du])} is selected: "
                                     f"{self.SELECTED_TEXT[d['kind']]}, or undo the selection, "
                                     f"before {verb} {self.label(other)}")
            return IllegalAction(rule, f"{d['side']} must first answer: {prompt} "
                                 f"({self.decision_kinds_text(d, answers)}), before {verb} {self.label(other)}")
        same = [a for a in answers if a["type"] == action.get("type")]
        if not same:
            return IllegalAction(rule, f"{d['side']} must first answer: {prompt} "
                                 f"({self.decision_kinds_text(d, answers)})")
        if action.get("type") == "move" and du in self.units and au == du and isinstance(action.get("to"), str):
            err = self.why_not_destination(self.units[du], action["to"])
            if err is not None:
                options = ", ".join(sorted(str(a["to"]) for a in same))
                return IllegalAction(err.rule, f"{err.why}; {self.label(self.units[du])} may move to {options}")
        return self._mismatch(d, same, action)

    def decision_kinds_text(self, d: dict[str, Any], answers: list[Action]) -> str:
        """The kinds of answer a decision takes, as a refusal names them (hook: a secret
        decision says the same whatever the secret is)."""
        return ", ".join(sorted({a["type"] for a in answers}))

    def _mismatch(self, d: dict[str, Any], same: list[Action], action: Action) -> IllegalAction:
        """``action`` is none of ``same`` (answers of its own type): name the field that is
        wrong and the values that field could take with the others as given."""
        rule = d.get("rule", "[3.0]")
        head = d.get("prompt", d.get("kind", ""))
        head = f"{head}: " if head else ""
        kind = action.get("type")
        if not same or action in same:
            return IllegalAction(rule, f"{head}'{kind}' is not possible now")
        for k in self.UNIT_FIELDS:
            v = action.get(k)
            if k in action and (not isinstance(v, str) or v not in self.units) \
                    and not any(a.get(k) == v for a in same):
                return IllegalAction("[2.3]", f"there is no unit {v!r}")
        needed = sorted({k for a in same for k in a} - set(action))
        if needed and not any(set(a) <= set(action) for a in same):
            return IllegalAction(rule, f"{head}a '{kind}' needs {', '.join(repr(k) for k in needed)}")
        extra = sorted(set(action) - {k for a in same for k in a})
        if extra:
            return IllegalAction(rule, f"{head}a '{kind}' here takes no {', '.join(repr(k) for k in extra)}")
        for k in sorted(set(action) - {"type"}, key=lambda k: (k != "to", k)):
            rest = {j: v for j, v in action.items() if j != k}
            fits = [a for a in same if {j: v for j, v in a.items() if j != k} == rest]
            if fits:
                return self._refuse_value(rule, head, k, action[k], [a.get(k) for a in fits])
        for k in sorted(set(action) - {"type"}, key=lambda k: (k != "unit", k != "to", k)):
            allowed = [a.get(k) for a in same]
            if action[k] not in allowed:
                return self._refuse_value(rule, head, k, action[k], allowed)
        return IllegalAction(rule, f"{head}this combination is not possible: "
                             + "; ".join(self.describe_action(a) for a in same[:12])
                             + (" ..." if len(same) > 12 else ""))

    @staticmethod
    def _refuse_value(rule: str, head: str, key: str, value: Any, allowed: list[Any]) -> IllegalAction:
        kinds = {type(v) for v in allowed}
        if len(kinds) == 1 and type(value) not in kinds and not (kinds == {int} and type(value) is bool):
            text = "a hex number" if key in ("to", "hex") else "a unit's id" if key in SpiGame.UNIT_FIELDS else "text"
            word = {bool: "true or false", int: "a whole number", str: text}.get(next(iter(kinds)), "another value")
            return IllegalAction(rule, f"{head}{key} must be {word}, not {value!r}")
        shown = sorted({json.dumps(v) if not isinstance(v, str) else v for v in allowed})
        what = "choose one of" if len(shown) > 1 else "the only choice is"
        return IllegalAction(rule, f"{head}{key} {value!r} is not possible; {what} {', '.join(shown)}")

    def why_not_end(self) -> IllegalAction:
        # [7.31] [7.32] [15.22] ...: the combat mixin says which obligation is unmet
        return CombatMixin.why_not_end(self)

    def _describe_args(self, action: Action) -> str:
        return " ".join(f"{k}={v}" for k, v in action.items() if k != "type")

    def units_for(self, action: Action) -> tuple[Piece, Piece] | IllegalAction:
        """The ``unit`` and ``target`` an action names, or why not."""
        p = self.unit_for(action)
        if isinstance(p, IllegalAction):
            return p
        d = self.unit_for(action, "target")
        if isinstance(d, IllegalAction):
            return d
        return p, d

    def unit_for(self, action: Action, key: str = "unit") -> Piece | IllegalAction:
        pid = action.get(key)
        if pid not in self.units:
            return IllegalAction("[2.3]", f"there is no unit {pid!r}")
        return self.units[pid]
