"""The Siege of Minas Tirith as a state machine on the ringwar core [MT §6].

The Turn is a whole pass through two sequence decks; within it, Rounds go to the winner of
an impetus roll, who spends the impetus won (``pips``) on turning cards, on actions of units,
engines and leaders allowed by the current card, on banking reaction pips, or passes.

Decisions (every one a flat dict, see ``docs/engine.md``, "Continuous games"):

- set-up [MT §9.1]: ``place`` a piece anywhere legal in its zone (any x, y, heading), ``deploy_done``;
- a Round [MT §6.5]: ``turn_card``, ``bank``, ``pass``, ``select`` an actor (a unit, engine
  or leader), and then one of the actor's actions: ``move`` (a ``path``), ``charge``,
  ``cross`` (a city connection), ``form``, ``fire``, ``bombard`` (a catapult at a point),
  ``reload``, ``melee``, ``destroy``, ``recover``, ``fight_fire``, ``embark``, ``assault``,
  ``ladder``, ``batter``, ``attach``, ``detach``, ``hold``; leaders ``lead_move``,
  ``lead_attach``, ``rally``, ``remount``, ``spell``, ``duel``;
- the reaction window [MT §6.6]: ``react_fire``, ``react_archers`` (elephant archers, free),
  ``react_retreat``, ``fall_back``, ``countercharge``, ``react_spell`` (a caster's spell, R-65),
  ``react_done``;
- choices after a combat: ``breakthrough`` or ``stand`` [MT §7.5.8] (R-98, R-99),
  ``follow_up`` or ``stand`` [MT §7.5.7] (R-96), ``rally_back`` or ``stay`` [MT §7.5.6];
  the disorganization tests of [MT §7.5.10] wait until every such choice is made;
- horse archers [MT §6.5]: ``move_fire`` {unit, path, target, at}: the move of ``path`` with
  one volley at ``target`` after step ``at`` (0: before moving; the number of steps: after).

``legal_actions()`` lists every discrete decision and, for movement, a finite menu per actor;
``apply`` also takes any other geometrically legal ``move``, ``place`` or ``bombard`` (what a
player dragging a unit makes) and validates it exactly.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any, ClassVar

from ...core.engine import Action, Event, Game, event
from ...core.errors import IllegalAction, RecordError
from ...core.options import Option
from .board import load_board
from .combat import CombatRules
from .data import load as load_definition
from .fire import FireRules
from .leaders import LeaderRules
from .menus import MenuRules
from .movement import MovementRules
from .reactions import ReactionRules
from .siege import SiegeRules
from .turn import TurnRules
from .units import FORMATIONS, ORDERS, Engine, Leader, Unit
from .victory import VictoryRules

SIDES = ("west", "dark-lord")
SIDE_NAMES = {"west": "the West", "dark-lord": "the Dark Lord"}
OTHER = {"west": "dark-lord", "dark-lord": "west"}
#: the phase named by each kind of pending choice
CHOICE_PHASES = {"avoid": "avoidance", "breakthrough": "breakthrough", "follow_up": "follow-up",
                 "rally_back": "rally back"}


class MinasTirithGame(TurnRules, MenuRules, ReactionRules, MovementRules, FireRules, CombatRules, SiegeRules,
                      LeaderRules, VictoryRules, Game):
    system = "minas-tirith"
    title = "The Siege of Minas Tirith"
    sides: ClassVar[tuple[str, ...]] = SIDES
    SELECTIONS = frozenset({"select"})
    #: the order of the decks is secret to both sides [MT §5]: the search re-deals it
    hidden_information = True
    heuristic_policy = staticmethod(lambda rng, noise=0.0: __import__(f"{__package__}.ai", fromlist=["policy"]).policy(rng, noise))  # noqa: E501
    #: the search's value of a position (``evaluation.py``: a logistic model, weights set by hand)
    evaluate_view = staticmethod(lambda view, side: __import__(
        f"{__package__}.evaluation", fromlist=["evaluate_view"]).evaluate_view(view, side))
    OPTIONS: ClassVar[dict[str, Option]] = {
        "turns": Option(None, "[MT §9.2] R-144: the number of Turns (default 10)", kind=int,
                        minimum=1, maximum=40),
        "horns_turn": Option(None, "[MT §5.3] R-49: the Turn from which the Horns of Rohan are "
                                   "in the decks even if the Great Gate stands (default 4)",
                             kind=int, minimum=1, maximum=40),
        # a fix of 2026-11-27 (issue 17): with equal pitches a flank's "files" were counted
        # across the front (every file engaged); older records replay as they were played
        "flank_engagement_7_5_3": Option.changed(
            True, "[MT §7.5.3] a unit engaged on a flank fights with the ranks along that flank "
                  "(false: with its files, as records made before 2026-11-27 were played)",
            legacy=False),
    }

    # ----- construction -------------------------------------------------------------------
    def _init_state(self) -> None:
        self.D = load_definition()
        self.B = load_board()
        if self.record.setup is not None:
            self.validate_setup(self.record.setup)
        self.game_turns: int = self.options["turns"] or int(self.D.values["game_turns"])
        self.horns_turn: int = self.options["horns_turn"] or int(self.D.values["horns_from_turn"])
        self.units: dict[str, Unit] = {}
        self.engines: dict[str, Engine] = {}
        self.leaders: dict[str, Leader] = {}
        self._build_forces()
        # the turn machine [MT §6.2]
        self.stage = "deploy"              # deploy | round | react | over
        self.deploying = "west"            # [MT §9.1] Gondor sets up first
        self.turn_no = 0
        self.round = 0
        self.phase_pool = 20
        self.active: str = "west"
        self.pips = 0
        self.forced_pips = 0
        self.arrival_bonus: str | None = None
        self.deck_emptied_by: str | None = None
        self.darkness_broken = False
        self.wk_dead = False
        self.great_gate_broken = False
        self.gates: dict[str, list[Any]] = {g: ["intact", "west"] for g in self.B.gates}
        self.fires: list[tuple[float, float]] = []
        self.sector_control: dict[str, str] = {s: "west" for s in self.B.sectors if s != "Pelennor"}
        self.checkpoints: dict[str, str] = {"A": "west", "B": "dark-lord"}
        self.decks: dict[str, list[str]] = {"west": [], "dark-lord": []}
        self.discards: dict[str, list[str]] = {"west": [], "dark-lord": []}
        self.current: dict[str, str | None] = {"west": None, "dark-lord": None}
        self.card_no: dict[str, int] = {"west": 0, "dark-lord": 0}
        self.bank: dict[str, int] = {"west": 0, "dark-lord": 0}
        self.losses_in_row: dict[str, int] = {"west": 0, "dark-lord": 0}
        self.spell_points: dict[str, int] = dict(self.D.spell_points)
        self.horns_in_decks = False
        self.black_ships_in_deck = False
        self.rohan_arrived = False
        self.aragorn_arrived = False
        self.rohan_turn = 0                 # the Turn that Rohan's arrival began
        self.waiting: list[str] = []        # arrivals with no room yet
        self.arriving: str | None = None    # the contingent the forced pips go to
        self.grond_bonus_turn = 0           # Activate Grond lasts for the rest of the Turn
        self.ml_bonus: dict[str, list[int]] = {}   # Magical Leadership: leader -> [round, +CL]
        self.demoralization: dict[str, int] = {"garrison": 0, "relief": 0, "dark-lord": 0}
        self.killed_leaders: list[str] = []
        self.selected: str | None = None    # the actor whose action is being chosen
        self.rolled: dict[str, float] = {}  # random allowances rolled for the selected actor
        self.pending: dict[str, Any] | None = None   # a reaction window or a forced choice
        self.result_: dict[str, Any] | None = None
        self.rate_events: list[Event] = []     # scratch: rates rolled during one action

    def _build_forces(self) -> None:
        setup = self.record.setup or {}
        standard = standard_setup()
        placed = {**standard.get("units", {}), **setup.get("units", {})}
        for uid, spec in self.D.units.items():
            where = placed.get(uid)
            u = Unit(uid, spec.side, spec.contingent, spec.type, spec.figures, spec.files,
                     spec.order, "line", archers=spec.archers)
            if where is None:
                u.on_table = False       # arrives by card [MT §5.4]
            else:
                self._set_pose(u, where)
            u.engine = spec.attached_to
            self.units[uid] = u
        placed_e = {**standard.get("engines", {}), **setup.get("engines", {})}
        for eid, spec in self.D.engines.items():
            w = placed_e[eid]
            self.engines[eid] = Engine(eid, spec.side, spec.kind, float(w["x"]), float(w["y"]),
                                       float(w["heading"]))
        placed_l = {**standard.get("leaders", {}), **setup.get("leaders", {})}
        for lid, spec in self.D.leaders.items():
            w = placed_l.get(lid)
            ld = Leader(lid, spec.side, mount=spec.mount)
            if w is None:
                ld.on_table = False
            else:
                ld.x, ld.y = float(w.get("x", 0.0)), float(w.get("y", 0.0))
                ld.attached_to = w.get("attached_to")
                if ld.attached_to is not None:
                    u = self.units[ld.attached_to]
                    ld.x, ld.y = u.x, u.y
            self.leaders[lid] = ld

    @staticmethod
    def _set_pose(u: Unit, where: dict[str, Any]) -> None:
        u.x, u.y, u.heading = float(where["x"]), float(where["y"]), float(where["heading"])
        if "files" in where:
            u.files = int(where["files"])
        if "formation" in where:
            u.formation = str(where["formation"])
        if "order" in where:
            u.order = str(where["order"])

    @classmethod
    def validate_setup(cls, setup: Any) -> None:
        """A starting position from the position builder: ``{"units": {id: {x, y, heading,
        files?, formation?, order?}}, "engines": {...}, "leaders": {...}}`` naming known pieces
        with finite numbers.  Where they stand is checked by the set-up rules when the game
        starts (:meth:`check_deployment`)."""
        import math
        if not isinstance(setup, dict) or not set(setup) <= {"units", "engines", "leaders"}:
            raise RecordError("minas-tirith: a set-up is an object with 'units', 'engines' "
                              "and 'leaders'")
        D = load_definition()
        known = {"units": D.units, "engines": D.engines, "leaders": D.leaders}
        for part, table in setup.items():
            if not isinstance(table, dict):
                raise RecordError(f"minas-tirith: set-up {part!r} must be an object")
            for pid, w in table.items():
                if pid not in known[part]:
                    raise RecordError(f"minas-tirith: set-up names an unknown piece {pid!r}")
                if not isinstance(w, dict):
                    raise RecordError(f"minas-tirith: set-up of {pid} must be an object")
                for k, v in w.items():
                    if k in ("x", "y", "heading"):
                        if not isinstance(v, int | float) or isinstance(v, bool) or not math.isfinite(v):
                            raise RecordError(f"minas-tirith: {pid}.{k} must be a finite number")
                    elif k == "files":
                        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 40:
                            raise RecordError(f"minas-tirith: {pid}.files must be 1-40")
                    elif k in ("formation", "order", "attached_to"):
                        if not isinstance(v, str):
                            raise RecordError(f"minas-tirith: {pid}.{k} must be text")
                    else:
                        raise RecordError(f"minas-tirith: {pid} has an unknown field {k!r}")
                cls._check_setup_entry(D, part, pid, w)

    @classmethod
    def _check_setup_entry(cls, D: Any, part: str, pid: str, w: dict[str, Any]) -> None:
        """A piece's set-up replaces its standard place whole: a unit or an engine needs its
        x, y and heading, a leader his x and y or the unit he is attached to, which must be a
        unit of his own side [MT §2.7]."""
        if part == "leaders":
            if "attached_to" in w:
                uid = w["attached_to"]
                if uid not in D.units:
                    raise RecordError(f"minas-tirith: {pid}.attached_to names an unknown unit {uid!r}")
                if D.units[uid].side != D.leaders[pid].side:
                    raise RecordError(f"minas-tirith: [MT §2.7] {pid} may not be attached to {uid}, "
                                      "a unit of the other side")
                return
            need = ("x", "y")
        else:
            need = ("x", "y", "heading")
        missing = [k for k in need if k not in w]
        if missing:
            raise RecordError(f"minas-tirith: the set-up of {pid} needs {', '.join(missing)}"
                              + (" (or attached_to)" if part == "leaders" else ""))
        if part == "units":
            if w.get("formation", "line") not in FORMATIONS:
                raise RecordError(f"minas-tirith: [MT §2.5] {pid}.formation must be one of "
                                  f"{', '.join(FORMATIONS)}")
            if w.get("order", "close") not in ORDERS:
                raise RecordError(f"minas-tirith: {pid}.order must be close or open")

    # ----- the contract ---------------------------------------------------------------------
    @property
    def rules_to_act(self) -> str | None:
        if self.result_ is not None:
            return None
        if self.stage == "deploy":
            return self.deploying
        if self.stage in ("react", "choice"):
            assert self.pending is not None
            return str(self.pending["side"])
        return self.active

    @property
    def rules_result(self) -> dict[str, Any] | None:
        return self.result_

    @property
    def turn(self) -> int:
        return self.turn_no

    def plan_segment(self, side: str) -> tuple[tuple[int, int], str] | None:
        """The search plans each round in which ``side`` is the active side [MT §6.5] (its
        spending of the round's impetus, the enemy's reactions [MT §6.6] answered by the
        rules of thumb) as a whole (the engine contract's ``Game.plan_segment``); its
        playouts run to the side's next active round."""
        if self.stage in ("round", "react", "choice") and self.active == side and self.turn_no >= 1:
            return (self.turn_no, self.round), "active"
        return None

    @property
    def phase(self) -> str:
        if self.stage == "deploy":
            return f"deploy:{self.deploying}"
        if self.stage == "react":
            return "reaction"
        if self.stage == "choice":
            assert self.pending is not None
            return CHOICE_PHASES.get(str(self.pending.get("kind")), "breakthrough")
        return f"round {self.round}"

    def _legal(self) -> list[Action]:
        if self.stage == "deploy":
            return [{"type": "deploy_done"}]
        if self.stage == "react":
            return self.reaction_actions()
        if self.stage == "choice":
            assert self.pending is not None
            if self.pending.get("kind") == "avoid":
                return self.avoid_actions()
            if self.pending.get("kind") == "follow_up":
                return self.follow_up_actions()
            if self.pending.get("kind") == "rally_back":
                return self.rally_back_actions()
            return self.breakthrough_actions()
        if self.selected is not None:
            return self.actor_menu(self.selected)
        return self.round_actions()

    def is_legal(self, action: Action) -> bool:
        if super().is_legal(action):
            return True
        # continuous actions off the menu: validated exactly [docs/engine.md]
        if action.get("type") in ("move", "place", "bombard", "lead_move", "move_fire", "group_move"):
            return self.why_not(action) is None
        return False

    def _diagnose(self, action: Action) -> IllegalAction:
        err = self.why_not(action)
        return err if err is not None else IllegalAction(
            "[MT §6.5]", f"{action.get('type')!r} is not a legal action now")

    def apply_selected(self, selection: Action, action: Action) -> list[Event]:
        """A selection and a follow-up, both or neither: the follow-up may be any legal
        action of the selected actor, on or off the menu (a dragged move)."""
        selection, action = self._normalize(selection), self._normalize(action)
        if self.result is not None:
            raise IllegalAction("[end]", "the game is over")
        if selection.get("type") not in self.SELECTIONS or not self.is_legal(selection):
            raise self._diagnose(selection)
        probe = self.clone()
        probe.apply(selection)
        if not probe.is_legal(action):
            raise probe._diagnose(action)
        return self._apply(selection) + self._apply(action)

    def _do(self, action: Action) -> list[Event]:
        kind = action["type"]
        ev: list[Event] = []
        handler = getattr(self, f"do_{kind}", None)
        if handler is None:
            raise IllegalAction("[MT §6.5]", f"unknown action {kind!r}")
        self.rate_events = []
        ev.extend(handler(action))
        ev.extend(self.advance())
        # random rates rolled along the way (forced and reaction moves) are logged too
        return self.rate_events + ev if self.rate_events else ev

    # ----- set-up [MT §9.1] -------------------------------------------------------------------
    def do_deploy_done(self, action: Action) -> list[Event]:
        side = self.deploying
        bad = self.deployment_problem(side)
        if bad is not None:
            raise IllegalAction("[MT §9.1]", bad)
        ev = [event("deploy", "[MT §9.1]", f"{SIDE_NAMES[side]} has set up", side=side)]
        if side == "west":
            self.deploying = "dark-lord"
        else:
            self.stage = "round"
            ev.extend(self.start_turn())
        return ev

    # ----- views -----------------------------------------------------------------------------
    def _state_json(self) -> Any:
        return [
            [u.to_json() for u in self.units.values()],
            [e.to_json() for e in self.engines.values()],
            [ld.to_json() for ld in self.leaders.values()],
            self.stage, self.deploying, self.turn_no, self.round, self.phase_pool, self.active,
            self.pips, self.forced_pips, self.arrival_bonus, self.deck_emptied_by,
            self.darkness_broken, self.wk_dead, self.great_gate_broken, self.gates,
            self.fires, self.sector_control, self.checkpoints, self.decks, self.discards,
            self.current, self.card_no, self.bank, self.losses_in_row, self.spell_points,
            self.horns_in_decks, self.black_ships_in_deck, self.rohan_arrived,
            self.aragorn_arrived, self.rohan_turn, self.waiting, self.arriving, self.grond_bonus_turn,
            self.ml_bonus,
            self.demoralization, self.killed_leaders, self.selected, self.rolled,
            self.pending, self.result_, self.game_turns, self.horns_turn,
        ]

    def clone(self) -> MinasTirithGame:
        g = object.__new__(type(self))
        d = dict(self.__dict__)
        d["units"] = {k: u.copy() for k, u in self.units.items()}
        d["engines"] = {k: e.copy() for k, e in self.engines.items()}
        d["leaders"] = {k: ld.copy() for k, ld in self.leaders.items()}
        for k in ("decks", "discards"):
            d[k] = {s: list(v) for s, v in self.__dict__[k].items()}
        for k in ("current", "card_no", "bank", "losses_in_row", "spell_points",
                  "sector_control", "checkpoints", "demoralization", "rolled"):
            d[k] = dict(self.__dict__[k])
        d["gates"] = {k: list(v) for k, v in self.gates.items()}
        d["fires"] = list(self.fires)
        d["waiting"] = list(self.waiting)
        d["killed_leaders"] = list(self.killed_leaders)
        d["pending"] = None if self.pending is None else _deep(self.pending)
        d["result_"] = None if self.result_ is None else _deep(self.result_)
        d["record"] = self.record.copy()
        d["dice"] = self.dice.copy()
        d["log"] = list(self.log)
        d["_legal_cache"] = None
        g.__dict__.update(d)
        return g

    def redeal(self, side: str, rng: Any) -> None:
        """[MT §5] The order of both decks is secret to both sides: a search re-deals every
        undrawn card (the counts are public, the order is not)."""
        for s in SIDES:
            rng.shuffle(self.decks[s])

    def _view(self, side: str | None) -> dict[str, Any]:
        return self.table_view(side)

    def describe_action(self, action: Action, side: str | None = None) -> str:
        """An action in a player's words, for buttons, replays and the terminal."""
        kind = action.get("type")
        actor = action.get("unit") or action.get("engine") or action.get("leader") or action.get("actor")
        who = self.name_of(actor) if isinstance(actor, str) else ""
        target = action.get("target")
        tname = self.name_of(target) if isinstance(target, str) else ""
        words = {
            "deploy_done": "finish the set-up", "turn_card": "turn the next card (1 impetus)",
            "bank": "bank a reaction pip (2 impetus)", "pass": "pass (end the Round)",
            "react_done": "no (more) reactions", "select": f"select {who}",
            "hold": f"{who}: hold", "charge": f"{who}: charge {tname}",
            "fire": f"{who}: shoot at {tname}", "melee": f"{who}: fight {tname}",
            "react_fire": f"{who}: shoot at the mover", "countercharge": f"{who}: countercharge",
            "fall_back": f"{who}: fall back", "breakthrough": f"{who}: break through at {tname}",
            "stand": f"{who}: stand", "disengage": f"{who}: disengage facing the "
            + ("enemy" if action.get("facing") != "away" else "other way"),
            "follow_up": f"{who}: follow up", "rally_back": f"{who}: rally back a full move",
            "stay": f"{who}: stay in the melee", "react_archers": f"{who}: elephant archers at the mover",
            "reload": f"{who}: reload", "recover": f"{who}: recover", "advance": f"{who}: advance",
            "fight_fire": f"{who}: fight the fire", "embark": f"{who}: embark",
            "assault": f"{who}: assault from the tower", "ladder": f"{who}: ladder assault",
            "attach": f"{who}: take up {self.name_of(str(action.get('engine')))}",
            "detach": f"{who}: leave its engine", "lead_detach": f"{who}: detach",
            "lead_attach": f"{who}: join {self.name_of(str(action.get('unit')))}",
            "rally": f"{who}: rally {self.name_of(str(action.get('unit')))}",
            "remount": f"{who}: change mount", "archers": f"{who}: elephant archers at {tname}",
        }
        if kind in ("lead_attach", "rally"):
            who = self.name_of(str(action.get("leader")))
            words["lead_attach"] = f"{who}: join {self.name_of(str(action.get('unit')))}"
            words["rally"] = f"{who}: rally {self.name_of(str(action.get('unit')))}"
        if kind in words:
            return words[kind]
        if kind == "move":
            return f"{who}: move {action.get('path')}" + self.with_leaders(action)
        if kind == "move_fire":
            return (f"{who}: move {action.get('path')}, shooting at {tname} after step "
                    f"{action.get('at')}")
        if kind == "cross":
            return f"{who}: cross {action.get('connection')}"
        if kind == "form":
            return f"{who}: form {str(action.get('formation')).replace('_', ' ')} of {action.get('files')} files"
        if kind == "react_retreat":
            return f"{who}: retreat ({action.get('mode')} move)"
        if kind == "bombard":
            return f"{who}: fire at ({action.get('x')}, {action.get('y')})"
        if kind == "batter":
            return f"{who}: batter gate {action.get('gate')}"
        if kind in ("spell", "react_spell"):
            sp = self.D.spells.get(str(action.get("spell")))
            return f"{who}: cast {sp.name if sp else action.get('spell')} ({action.get('points')} SP)" \
                + (f" on {tname}" if tname else "")
        if kind == "duel":
            return f"{who}: fight {tname}" + (f" (+{action['magic']} magic)" if action.get("magic") else "") \
                + (f" declaring avoidance {action['avoid']} [MT §7.13]" if action.get("avoid") else "")
        if kind == "lead_move":
            return f"{who}: move to ({action.get('x')}, {action.get('y')})"
        if kind == "place":
            return f"{who}: set up at ({action.get('x')}, {action.get('y')})"
        return super().describe_action(action, side)

    def with_leaders(self, action: Action) -> str:
        """The unattached leaders a move takes along [MT §7.1.7], as " with Gandalf and
        Imrahil" (two moves of one unit along one path differ by them alone); "" if none."""
        raw = action.get("leaders")
        if not isinstance(raw, str) or not raw:
            return ""
        names = [self.name_of(x) for x in raw.split(",")]
        return " with " + (" and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1])

    def table_geometry(self) -> dict[str, Any]:
        """What a client needs to draw the table beside its static picture [MT §3]: the size
        in inches, the scale of :meth:`picture` (pixels an inch), the gates' openings (drawn
        live, coloured by state), the longest range of each missile weapon [MT §8.5] and the
        costs of turning [seed: Turning]."""
        from .tables import missile_max_range

        gates = {}
        for gid, g in self.B.gates.items():
            poly = max(getattr(g.opening, "geoms", [g.opening]), key=lambda p: p.area)
            gates[gid] = [[round(x, 2), round(y, 2)] for x, y in poly.exterior.coords]
        V = self.D.values
        return {"width": self.B.width, "height": self.B.height, "picture_scale": 6.0,
                "gates": gates,
                "ranges": {w: missile_max_range(w) for w, spec in self.D.weapons.items()
                           if spec.kind == "missile"},
                "turning": {"oblique_max_deg": float(V["oblique_max_deg"]),
                            "backward_factor": float(V["backward_factor"]),
                            "wheel_factor": float(V["wheel_factor"])}}

    def preview(self, action: Action) -> dict[str, Any] | None:
        """A unit's move before it is made [MT §7.1]: its cost, the allowance, where it ends
        and, if the rules forbid it, why (what a player dragging a unit sees)."""
        if not isinstance(action, dict) or action.get("type") != "move" or "unit" not in action:
            return None
        uid = action.get("unit")
        if not isinstance(uid, str) or uid not in self.units:
            return None
        u = self.units[uid]
        out: dict[str, Any] = {"kind": "move", "unit": uid, "legal": False, "why": None,
                               "cost": None, "allowance": self.allowance(u)}
        try:
            info = self.check_path(u, action.get("path"))
        except IllegalAction as e:
            out["why"] = str(e)
            return out
        pose = info["pose"]
        err = self.why_not(action)
        out.update(legal=err is None, why=None if err is None else str(err),
                   cost=round(float(info["cost"]), 2), allowance=round(float(info["allowance"]), 2),
                   road=bool(info["road"]),
                   pose={"x": round(pose.x, 3), "y": round(pose.y, 3), "heading": round(pose.h, 2),
                         "files": pose.files})
        return out

    def picture(self, fmt: str = "svg", side: str | None = None, scale: float = 1.0,
                units: bool = True) -> str | bytes | None:
        """The table drawn to scale [MT §3] (6 pixels an inch at scale 1)."""
        import tempfile
        from pathlib import Path

        from .render import draw_png, draw_svg
        view = self.view(side) if units else None
        title = f"{self.title}: Turn {self.turn_no}" if units else self.title
        if fmt == "svg":
            return draw_svg(self.B, view, scale=6.0 * scale, title=title)
        with tempfile.TemporaryDirectory() as d:
            path = draw_png(self.B, view, Path(d) / "table.png", scale=6.0 * scale, title=title)
            return path.read_bytes()


@cache
def standard_setup() -> dict[str, Any]:
    """The standard deployment of [MT §9.1] (``data/setup.toml``)."""
    text = (resources.files(__package__) / "data" / "setup.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _deep(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _deep(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_deep(v) for v in x]
    return x
