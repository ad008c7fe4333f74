"""The SPI Standard Rules [1.0]-[10.0] as a state machine shared by Gondor and Sauron.

``SpiGame`` is composed of mixins, one module each, and declares the game (its sides, the
Sequence of Play, the action types, the options, the set-up keys).  The rule book's sections
are in ``rules/``, one module per section and named after it: ``movement.py`` [4.0] [5.0],
``zoc.py`` [6.0], ``missile.py`` [7.1], ``leader_combat.py`` [7.2], ``melee.py``
[7.3]-[7.4], ``after_combat.py`` [7.5]-[7.7], ``leaders.py`` [8.1]-[8.2], ``rally.py`` [8.3],
``formations.py`` [8.4], ``magic.py`` [8.5], ``demoralization.py`` [9.0], ``night.py``
[10.0].  The engine's parts that are not rules are beside this module: the decision loop and
the sequence of play [3.0] (``loop.py``), construction and set-ups (``construction.py``),
the board's bookkeeping (``bookkeeping.py``), copies and state (``copies.py``), views
(``views.py``), words (``words.py``), previews (``previews.py``) and refusals
(``diagnosis.py``); the facts they share are in ``board.py``.  Mixins never import each
other, and no two define the same method.

An exclusive-rules game subclasses :class:`SpiGame` and overrides named hooks
(``terrain_cost``, ``fanatical_why``, ``attack_modifiers``, ``demoralization_value`` ...);
there is no ``if game == ...`` in this package.
"""

from __future__ import annotations

import json
from abc import abstractmethod
from typing import Any, ClassVar

from ...core.engine import Game
from ...core.errors import IllegalAction
from ...core.options import Option
from .board import SAURON, STEP_NAMES, WEST, other
from .bookkeeping import Bookkeeping
from .construction import Construction
from .copies import Copies
from .decisions import STANDARD_DECISIONS, STANDARD_TASKS, Decision, Task
from .diagnosis import Diagnosis
from .loop import PlayLoop
from .previews import Previews
from .rules import (
    AfterCombatRules,
    FormationRules,
    LeaderCombatRules,
    LeaderRules,
    MeleeRules,
    MissileRules,
    MovementRules,
    NightRules,
    RallyRules,
    StandardDemoralizationRules,
    StandardMagicRules,
    ZocRules,
)
from .sequence import ALL_PHASES, PHASE_NAMES, STANDARD_SEQUENCE, Phase, sequence_tables
from .views import StandardViews
from .words import StandardWords

# what the exclusive rules import from here (and ``words.py``'s phase names)
__all__ = ["SpiGame", "WEST", "SAURON", "other", "STEP_NAMES", "PHASE_NAMES"]


class SpiGame(MovementRules, ZocRules, MissileRules, LeaderCombatRules, MeleeRules, AfterCombatRules,
              LeaderRules, RallyRules, FormationRules, StandardMagicRules, StandardDemoralizationRules,
              NightRules, PlayLoop, Construction, Bookkeeping, Copies, StandardViews, StandardWords,
              Previews, Diagnosis, Game):
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
        "leader_attack": ("do_leader_attack", "why_not_leader_attack"),  # [7.2]
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

    def plan_segment(self, side: str) -> tuple[int, str] | None:
        """The search plans each of ``side``'s own Movement Phases [3.0] as a whole (the
        engine contract's ``Game.plan_segment``): movement is where these games are decided,
        and a phase of it is too many decisions to search one by one."""
        ph = ALL_PHASES.get(self._phase)
        if ph is not None and ph.kind == "movement" and ph.phasing == side:
            return self._turn, self._phase
        return None

    #: [4.0] a move is two decisions: select a unit, then say where it goes
    SELECTIONS = frozenset({"select"})

    # ===== the position builder's setup (``construction.py``, checked by ``setup.py``) =======
    #: the keys of a position-builder set-up, and of each piece it places (exclusive rules
    #: add theirs); :mod:`ringwar.systems.spi.setup` checks every one
    SETUP_KEYS: ClassVar[frozenset[str]] = frozenset({
        "clear", "place", "remove", "turn", "phase", "dp", "demoralized", "vp", "night", "magic_spent"})
    PLACE_KEYS: ClassVar[frozenset[str]] = frozenset({
        "id", "type", "hex", "reduced", "disrupted", "moved", "fired", "attacked", "formation", "partner"})
    #: [8.42] wedges and shield walls (Sauron adds the Slave Phalanx [15.3])
    FORMATIONS: ClassVar[tuple[str, ...]] = ("wedge", "shield_wall", "phalanx")

    # ===== copies for search (``copies.py``) ==================================================
    #: what a clone shares with its original: the frozen definition (and the attributes that
    #: alias its parts), the options it was built from, the pieces' unchanging view parts
    #: (filled as first asked, the same for every copy), the pieces' last views (each kept
    #: with the piece's state it shows, ``StandardViews.views_of``: right for any copy whose
    #: piece is in that state, so copies share them), the Night Game-Turns kept per
    #: ``night_key`` (right for any copy with that key), and the log (a list of events,
    #: each never changed once logged: the list is copied, the events shared).  Everything
    #: else is state and is copied (core.state).
    CLONE_SHARED: ClassVar[frozenset[str]] = frozenset(
        {"defn", "options", "charts", "sc", "hexmap", "_view_statics", "_unit_views", "_night_turns"})
    #: facts derived from the state: what a clone starts with, given the original's (a clone's
    #: state is the original's, so what is derived from it holds for both).  Most are rebuilt on
    #: demand (they hold the original's pieces, or change in place); occupancy is copied (two
    #: levels of counts, patched in place by ``place``/``remove``); the ZOC maps and the reaches
    #: of the phase are kept in a new dict whose entries are shared (``CLONE_KEPT``)
    CLONE_DERIVED: ClassVar[dict[str, Any]] = {
        "_cache": lambda _old: {}, "_zoc_cache": dict, "_move_cache": dict,
        "_legal_cache": lambda _old: None, "_order": lambda _old: None, "_side_order": lambda _old: {},
        "_occ": lambda old: None if old is None else (dict(old[0]), {s: dict(c) for s, c in old[1].items()})}
    #: the derived facts a clone shares the entries of (a copy of the dict holding them): each
    #: entry is never changed once made (a ZOC map, a ZOC class's hexes, the units' rank, a
    #: reach: ``_patched_zoc_map`` and ``_reachable`` make new ones, and every reach is read only)
    #: and is right for any game whose state its key matches (the side's version and ZOC key;
    #: the phase's key and the piece's place)
    CLONE_KEPT: ClassVar[frozenset[str]] = frozenset({"_zoc_cache", "_move_cache"})

    # ===== previews (``previews.py``) ===========================================================
    #: the chart a spell attempt is rolled on ([8.54]: the exclusive rules give it)
    MAGIC_TABLE: ClassVar[str] = "[8.54] Magic Capability Table"

    # ===== diagnosis (``diagnosis.py``) =========================================================
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

    # ===== the end of the game (``loop.py``) =====================================================
    @abstractmethod
    def decide_victory(self) -> dict[str, Any]:
        """The exclusive rules' victory conditions, after the last Game-Turn."""
