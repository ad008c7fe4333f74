"""The engine: a new game of the Standard Rules.  The definition every game of a class and
options shares (``definition.py``: charts, scenario, map, the exclusive rules' fixed facts), the
state a new game starts from ([13.0] the set-up, [14.0] the reinforcements held back), and a
position builder's set-up (checked by ``setup.py``, recorded in the GameRecord)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from ...core.engine import event
from ...core.errors import RecordError
from ...core.hexmap import HexMap
from ...core.record import GameRecord
from . import data as spidata
from .board import SAURON, WEST
from .data import Charts, Scenario
from .definition import SpiDefinition, freeze_options, read_only
from .sequence import PHASE_NAMES
from .state import OFFMAP, Piece, SpellState

if TYPE_CHECKING:  # pragma: no cover
    from .game import SpiGame

#: the definitions built in this process, by game class and options (see ``SpiGame.definition``)
_DEFINITIONS: dict[tuple[Any, ...], SpiDefinition] = {}


@cache
def _load_map(package: str) -> HexMap:
    """Maps are immutable: one per process, shared by every game."""
    from importlib import resources
    path = resources.files(f"ringwar.data.{package}").joinpath("map.toml")
    with resources.as_file(path) as p:
        return HexMap.from_toml(p)


class Construction:
    """The definition, a new game's state and the position builder's set-up."""

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
    def _init_state(self: SpiGame) -> None:
        self.defn = self.definition(self.options)
        # the definition's parts the rules read all the time, as plain attributes (shared by
        # clones: CLONE_SHARED)
        self.charts: Charts = self.defn.charts
        self.sc: Scenario = self.defn.scenario
        self.hexmap: HexMap = self.defn.hexmap
        self.units: dict[str, Piece] = {}
        #: hex -> the ids of the pieces in it, in the order they came (tuples: a clone copies
        #: the dict alone)
        self.at: dict[str, tuple[str, ...]] = {}
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
        self._cache: dict[Any, Any] = {}
        self._side_version: dict[str, int] = {WEST: 0, SAURON: 0}
        self._zoc_cache: dict[Any, Any] = {}
        #: the pieces in id order, all and by side (``units_in_order``, ``units_of``)
        self._order: list[Piece] | None = None
        self._side_order: dict[str, list[Piece]] = {}
        #: occupancy (``occupancy()``): derived from ``at``, patched by ``place``/``remove``
        self._occ: tuple[dict[str, int], dict[str, dict[str, int]]] | None = None
        #: (piece id, type) -> its view's unchanging part (``static_unit_view``)
        self._view_statics: dict[tuple[str, str], dict[str, Any]] = {}
        #: piece id -> (what its view shows, the view): ``unit_view``'s last answer for it
        self._unit_views: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {}
        #: ``night_key()`` -> the Night Game-Turns (``night_turns``)
        self._night_turns: dict[Any, tuple[int, ...]] = {}
        self.spell_state = SpellState()                 # an exclusive game's init_exclusive extends it
        self.create_pieces()
        self.init_exclusive()
        if self.record.setup is not None:
            self.apply_setup(self.record.setup)
        self.log.append(event("phase", "[3.0]", f"Game-Turn {self._turn}: {PHASE_NAMES[self._phase]}",
                              turn=self._turn, phase=self._phase))
        self._enter_phase(initial=True)

    def create_pieces(self: SpiGame) -> None:
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
                    p.set_flag("entry", r.entry)
            for lkey in r.leaders:
                p = Piece(lkey, ltype=self.sc.leaders[lkey], movement=self.charts.movement)
                p.arrival = r.turn
                p.set_flag("entry", r.entry)
                self.units[p.id] = p

    def init_exclusive(self: SpiGame) -> None:
        """Hook: exclusive-rules state (pedestal, weapons, beast ...)."""

    @classmethod
    def validate_setup(cls, setup: Any) -> None:
        """Raise RecordError unless ``setup`` is a set-up this game takes: only known keys, pieces
        of the scenario (or new units of its types), hexes on the map, a phase of the game and a
        Game-Turn in its range, every value of the right type (``ringwar.systems.spi.setup``).
        The position it builds is checked too ([5.0] stacking, [4.27], [4.3], [8.4])."""
        cls(GameRecord(cls.system, 0, None, {}, setup, []))

    def check_setup(self: SpiGame, setup: Any) -> None:
        from .setup import check_setup
        check_setup(self, setup)

    def check_place_item(self: SpiGame, c: Any, item: dict[str, Any], where: str, tkey: str) -> None:
        """Hook: exclusive fields of a placed piece (Gondor's Cauldrons and Oil)."""

    def check_setup_exclusive(self: SpiGame, c: Any, setup: dict[str, Any]) -> None:
        """Hook: the exclusive keys of a set-up (``c`` is a ``setup.SetupChecker``)."""

    def may_stand_in(self: SpiGame, p: Piece, h: str) -> bool:
        """[4.3] could ``p`` be in ``h`` at all (a set-up may not put it elsewhere)."""
        return self.terrain_cost(p, None, h) is not None

    def apply_setup(self: SpiGame, setup: dict[str, Any]) -> None:
        """Apply a position-builder setup (checked first); see :mod:`ringwar.systems.spi.builder`."""
        self.check_setup(setup)
        try:
            if setup.get("clear"):
                for p in self.units.values():
                    if p.on_map:
                        self.remove(p)
                    p.where, p.arrival = OFFMAP, None
                    p.set_flag("out", True)
            for item in setup.get("place", []):
                self._setup_place(item)
            for pid in setup.get("remove", []):
                p = self.piece(pid)
                if p.on_map:
                    self.remove(p)
                p.where, p.arrival = OFFMAP, None
                p.set_flag("out", True)
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
                self.spell_state.night_override[str(k)] = bool(v)
            for pid, spent in setup.get("magic_spent", {}).items():
                self.piece(pid).magic_spent = int(spent)
            self.setup_exclusive(setup)
        except (KeyError, ValueError, TypeError) as e:
            raise RecordError(f"setup: {e}") from None
        self._touch()
        from .setup import check_position
        check_position(self)

    def _setup_place(self: SpiGame, item: dict[str, Any]) -> None:
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
        p.drop_flag("out")
        p.drop_flag("entry")
        self.place(p, h)
        for k in ("reduced", "disrupted", "moved", "fired", "attacked"):
            if k in item:
                setattr(p, k, bool(item[k]))
        if "formation" in item:
            p.formation = item["formation"]
            p.partner = item.get("partner")

    def setup_exclusive(self: SpiGame, setup: dict[str, Any]) -> None:
        """Hook: exclusive parts of a position-builder setup."""
