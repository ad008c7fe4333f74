"""Battle of the Ring (M. Edwardes, 1977): the game as a state machine on the ringwar core.

Rounds [5.1]: Sauron, Saruman, the Alliance (two players: the Evil Alliance, then the
Alliance), each with a turn of four phases [5.2]: build, first movement, attack, second
movement.  Decisions are small: ``build``; ``select`` a piece, ``step`` hex by hex,
``stop``; ``attack``; ``end_phase``; the other player's ``permit``/``refuse`` [8.2] [8.4]
[11.2]; Sauron's ``declare_shire`` [7.5].
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...core.engine import Action, Event, Game, event
from ...core.errors import IllegalAction, RecordError
from ...core.options import Option
from ...core.state import KeptView
from .building import BuildingRules
from .combat import CombatRules
from .data import SIDES2, SIDES3, static
from .movement import MovementRules
from .special import SpecialRules

PHASES = ("build", "move1", "attack", "move2")
#: the rule book's names of the phases of a player's turn [5.2]
PHASE_NAMES = {
    "build": "Building Phase [7.0]",
    "move1": "First Movement Phase [8.0]",
    "attack": "Attack Phase [9.0]",
    "move2": "Second Movement Phase [10.0]",
}
#: the players in words [3.1] [3.2]
PLAYER_NAMES = {"sauron": "Sauron", "saruman": "Saruman", "alliance": "the Alliance",
                "evil": "the Evil Alliance"}
END: Action = {"type": "end_phase"}
PERMIT: list[Action] = [{"type": "permit"}, {"type": "refuse"}]
DECLARE: list[Action] = [{"type": "declare_shire", "owner": "hobbits"},
                         {"type": "declare_shire", "owner": "saruman"}]


def _ai() -> Any:
    from . import ai
    return ai


class BattleOfTheRingGame(BuildingRules, MovementRules, CombatRules, SpecialRules, Game):
    system = "battle-of-the-ring"
    title = "Battle of the Ring"
    sides: ClassVar[tuple[str, ...]] = SIDES3
    #: a move begins by selecting the piece; its steps follow
    SELECTIONS = frozenset({"select"})
    #: the game's own rules of thumb and evaluation (``ai.py``), imported when first used
    heuristic_policy = staticmethod(lambda rng, noise=0.0: _ai().RingPolicy(rng, noise))
    #: the styles its rules of thumb weigh (``ai.py``): the search's other plans
    heuristic_styles: ClassVar[tuple[str, ...]] = ("steady", "bold", "wary")
    evaluate_view = staticmethod(lambda view, side: _ai().evaluate_ring(view, side))
    #: a batch of games needs an end the rules do not give (docs/ring.md, "Options")
    SIMULATION_OPTIONS: ClassVar[dict[str, Any]] = {"round_limit": 30}
    OPTIONS: ClassVar[dict[str, Option]] = {
        "players": Option(3, "3: Sauron, Saruman and the Alliance [3.1]; 2: the Evil Alliance and "
                             "the Alliance [3.2]", choices=(2, 3)),
        "remove_4_5": Option(False, "[4.5] two-player option: the Northernmost and Southernmost "
                                    "Man-Orc armies and the three North-Eastern Orc armies start off "
                                    "the board (they may be built)"),
        # [9.6] names the two fortresses across a river; records made before this option
        # gave the strongest row to every fortress attacked across a river hexside (legacy)
        "river_fortresses": Option.changed(
            "named", "[9.6] which fortresses are 'a city/fortress that is also across a river': "
                     "'named': Cair Andros and Dol Amroth only, as the rule says; 'map': every "
                     "fortress attacked across a river hexside of the map (Osgiliath, Pelargir "
                     "and Dol Guldur too; docs/ring.md)",
            legacy="map", choices=("named", "map")),
        # not in the rule book: the rules set no game length.  Games between people play
        # to the end; unattended play (simulations, tournaments, self-play) uses 30 rounds
        # (SIMULATION_OPTIONS).  Records written before this option replay with the 30
        # rounds they were played with (legacy).  docs/ring.md
        "round_limit": Option.changed(
            None, "not in the rules: the game is a draw after this many rounds (simulations and "
                  "tournaments use 30); null: no limit, as in the rule book (docs/ring.md)",
            legacy=30, kind=int, minimum=1, maximum=10000, null_means="no limit"),
        "max_rounds": Option(None, "deprecated: the old name of round_limit, kept so that records "
                                   "naming it still replay", kind=int, minimum=1, maximum=10000,
                             null_means="round_limit decides", deprecated=True),
    }

    # ----- construction -------------------------------------------------------------------
    def _init_state(self) -> None:
        S = self.S = static()
        self.hexmap = S.hexmap
        n = self.options["players"]
        if n not in (2, 3):
            raise RecordError("battle-of-the-ring: option 'players' must be 2 or 3")
        if self.options["remove_4_5"] and n != 2:
            raise RecordError("battle-of-the-ring: the [4.5] option is for the two-player game")
        self.round_limit: int | None = self.options["round_limit"]
        alias = self.options["max_rounds"]
        if alias is not None:  # the deprecated name of round_limit (older records)
            named = self.record.options.get("round_limit")
            if named is not None and named != alias:
                raise RecordError("battle-of-the-ring: options 'max_rounds' (deprecated) and "
                                  "'round_limit' disagree: name round_limit only")
            self.round_limit = alias
        self.two = n == 2
        # the seats of this game (an instance attribute: 2 or 3 players) [3.1] [3.2] [5.1]
        self.sides = SIDES2 if self.two else SIDES3
        self.order = self.sides
        self.round = 1
        self.pidx = 0
        self.phase_ = "build"
        self.hex_of: dict[str, str] = {}
        self.at: dict[str, list[str]] = {}
        self.ring_holder = "alliance"
        self.lost: set[str] = set()
        self.builds_left: dict[str, int] = {}
        self.moved: set[str] = set()
        self.attacked: set[str] = set()
        self.moving: dict[str, Any] | None = None
        self.pending: list[dict[str, Any]] = []
        self.shire_owner = "hobbits"
        self.shire_third: str | None = None
        self.isengard_special = True
        self.fangorn_state = "dormant"
        self.fangorn_activator: str | None = None
        self.paths_state = "dormant"
        self.paths_awakened: list | None = None
        self.moria_used = False
        self.rb_rounds: dict[str, int] = {}
        self.rb_left: set[str] = set()
        self.after_escape = False
        self._result: dict[str, Any] | None = None
        self._announced = False
        #: ``unit_view``'s kept parts, shared by clones: (piece, hex[, the Ring's holder]) -> part
        self._unit_views: dict[tuple[str, ...], KeptView] = {}
        self._side_player = {s: ("evil" if self.two and s != "alliance" else s) for s in SIDES3}
        self._pl = {pid: self._side_player[S.nations[nat].side] for pid, nat in S.nation_of.items()}
        self.pids_of = {p: sorted(q for q, pl in self._pl.items() if pl == p and q != "ring")
                        for p in self.sides}
        setup = self.record.setup or {}
        if "pieces" in setup:
            self._place_setup(setup)
        else:
            self._place_standard()
        self._apply_setup(setup)
        self.start_phase()
        self.moved.update(setup.get("moved", []))
        self.attacked.update(setup.get("attacked", []))
        self.log.extend(self.auto_advance())

    def _place_standard(self) -> None:
        """[4.1]-[4.3] every piece on its start marker ([4.5]: five armies held back)."""
        S = self.S
        held = set(S.removed_4_5) if self.options["remove_4_5"] else set()
        for nation, hexes in S.start.items():
            ids = iter(S.pids[nation])
            for h in hexes:
                if nation in ("orc", "manorc") and h in held:
                    continue
                self.place(next(ids), h)

    def _place_setup(self, setup: dict[str, Any]) -> None:
        """The position builder: ``{"pieces": {"1109": "gandalf", "1520": ["orc", "orc7"]}}``;
        a nation name takes its next free counter."""
        S = self.S
        pieces = setup["pieces"]
        if not isinstance(pieces, dict):
            raise RecordError("setup: 'pieces' must map hexes to piece names")
        for h, names in pieces.items():
            if h not in S.hexmap:
                raise RecordError(f"setup: {h!r} is not a hex of the map")
            for name in [names] if isinstance(names, str) else names:
                if name in S.nation_of:
                    pid = name
                elif name in S.pids:
                    pid = next((p for p in S.pids[name] if p not in self.hex_of), None)
                    if pid is None:
                        raise RecordError(f"setup: no {name} counter left")
                else:
                    raise RecordError(f"setup: unknown piece {name!r}")
                if pid in self.hex_of:
                    raise RecordError(f"setup: {pid} placed twice")
                self.place(pid, h)

    def _apply_setup(self, setup: dict[str, Any]) -> None:
        known = {"pieces", "round", "player", "phase", "ring_holder", "shire_owner", "shire_third",
                 "isengard_special", "fangorn", "fangorn_activator", "paths", "paths_awakened",
                 "rb_rounds", "rb_left", "lost", "moved", "attacked"}
        extra = set(setup) - known
        if extra:
            raise RecordError(f"setup: unknown keys {sorted(extra)} (known: {sorted(known)})")
        self.round = int(setup.get("round", 1))
        if "player" in setup:
            if setup["player"] not in self.order:
                raise RecordError(f"setup: player must be one of {self.order}")
            self.pidx = self.order.index(setup["player"])
        self.phase_ = setup.get("phase", "build")
        if self.phase_ not in PHASES:
            raise RecordError(f"setup: phase must be one of {PHASES}")
        self.ring_holder = setup.get("ring_holder", "alliance")
        if self.ring_holder not in self.sides:
            raise RecordError(f"setup: ring_holder must be one of {self.sides}")
        self.shire_owner = setup.get("shire_owner", "hobbits")
        self.shire_third = setup.get("shire_third")
        self.isengard_special = bool(setup.get("isengard_special", True))
        self.fangorn_state = setup.get("fangorn", "dormant")
        self.fangorn_activator = setup.get("fangorn_activator")
        self.paths_state = setup.get("paths", "dormant")
        self.paths_awakened = setup.get("paths_awakened")
        self.rb_rounds = dict(setup.get("rb_rounds", {}))
        self.rb_left = set(setup.get("rb_left", []))
        # [8.4] the Ring-bearer's rounds and departures are counted in the Elven hexes only
        for h, n in self.rb_rounds.items():
            if h not in self.S.elven or not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise RecordError(f"setup: rb_rounds: [8.4] rounds are counted in the Elven hexes "
                                  f"{sorted(self.S.elven)} only, as a whole number >= 0 (got {h!r}: {n!r})")
        if not self.rb_left <= self.S.elven:
            raise RecordError(f"setup: rb_left: [8.4] only Elven hexes are left for ever "
                              f"(got {sorted(self.rb_left - self.S.elven)})")
        self.lost = set(setup.get("lost", []))

    # ----- the board ----------------------------------------------------------------------
    def place(self, pid: str, h: str) -> None:
        self.hex_of[pid] = h
        self.at.setdefault(h, []).append(pid)

    def remove(self, pid: str) -> None:
        h = self.hex_of.pop(pid, None)
        if h is not None:
            occ = self.at[h]
            occ.remove(pid)
            if not occ:
                del self.at[h]

    def relocate(self, pid: str, h: str) -> None:
        self.remove(pid)
        self.place(pid, h)

    def eliminate(self, pid: str, rule: str, why: str) -> list[Event]:
        h = self.hex_of.get(pid)
        self.remove(pid)
        if self.shire_third == pid:
            self.shire_third = None
        note = "" if self.S.nations[self.S.nation_of[pid]].rebuild else " for ever [7.6]"
        return [event("eliminated", rule, f"{self.name(pid)} at {h} is {why}; removed{note}",
                      piece=pid, hex=h)]

    def player(self, pid: str) -> str:
        """The player who controls ``pid`` now."""
        return self.ring_holder if pid == "ring" else self._pl[pid]

    def player_of_side(self, side: str) -> str:
        return self._side_player[side]

    def elves_remain(self) -> bool:
        """[8.4] the Elven hexes are ordinary once every Elven army is destroyed."""
        hex_of = self.hex_of
        return any(p in hex_of for p in self.S.pids["elf"])

    def name_of(self, pid: str) -> str:
        nation = self.S.nation_of[pid]
        spec = self.S.nations[nation]
        if spec.counters == 1 or pid == "ring":
            return spec.name
        return f"{spec.name} {pid[len(nation):]}"

    def name(self, pid: str) -> str:
        if pid == "ring":
            return f"the Ring-bearer ({self.ring_holder})"
        return self.name_of(pid)

    @property
    def current(self) -> str:
        return self.order[self.pidx]

    def plan_segment(self, side: str) -> tuple[int, str] | None:
        """The search plans each of ``side``'s own Movement Phases [8.0] [10.0] as a whole
        (the engine contract's ``Game.plan_segment``)."""
        if self.phase_ in ("move1", "move2") and self.current == side:
            return self.round, self.phase_
        return None

    # ----- the contract -----------------------------------------------------------------------
    @property
    def rules_to_act(self) -> str | None:
        if self._result is not None:
            return None
        if self.pending:
            return self.pending[-1]["to"]
        return self.order[self.pidx]

    @property
    def turn(self) -> int:
        return self.round

    @property
    def phase(self) -> str:
        return self.phase_

    @property
    def rules_result(self) -> dict[str, Any] | None:
        return self._result

    def set_result(self, winner: str | None, rule: str, text: str) -> None:
        level = "draw" if winner is None else "victory"
        self._result = {"winner": winner, "level": level, "rule": rule, "text": text}

    def _legal(self) -> list[Action]:
        if self.pending:
            return PERMIT if self.pending[-1]["kind"] == "permit" else DECLARE
        if self.moving is not None:
            return self.moving_actions()
        ph = self.phase_
        if ph == "build":
            return self.build_actions() + [END]
        if ph == "attack":
            return self.attack_actions() + [END]
        movable = self.movable()
        out: list[Action] = [{"type": "select", "piece": p} for p in movable]
        if self.end_blocked(movable) is None:
            out.append(END)
        return out

    def _do(self, action: Action) -> list[Event]:
        kind = action["type"]
        if kind == "step":
            ev = self.do_step(action["hex"])
        elif kind == "select":
            ev = self.do_select(action["piece"])
        elif kind == "stop":
            ev = self.do_stop()
        elif kind == "permit":
            ev = self.do_permit()
        elif kind == "refuse":
            ev = self.do_refuse()
        elif kind == "attack":
            ev = self.do_attack(action["piece"], action["target"])
        elif kind == "build":
            ev = self.do_build(action)
        elif kind == "declare_shire":
            ev = self.do_declare_shire(action["owner"])
        elif kind == "end_phase":
            ev = self.end_phase()
        else:  # pragma: no cover - only legal actions reach here
            raise AssertionError(kind)
        ev += self.check_victory()
        ev += self.auto_advance()
        return ev

    # ----- sequence of play [5.1] [5.2] ----------------------------------------------------------
    def start_phase(self) -> None:
        self.moved = set()
        self.moria_used = False
        if self.phase_ == "build":
            self.attacked = set()  # [9.4] once per round: the round's only attack phase is next
            self.start_builds()
        else:
            self.builds_left = {}

    def end_phase(self) -> list[Event]:
        ev: list[Event] = []
        if self.phase_ in ("move1", "move2"):
            ev += self.end_of_movement()
            if self.moving is not None:  # an escape move after the Ents took the Ring
                self.after_escape = True
                return ev
        return ev + self.next_phase()

    def next_phase(self) -> list[Event]:
        ev: list[Event] = []
        i = PHASES.index(self.phase_)
        if i + 1 < len(PHASES):
            self.phase_ = PHASES[i + 1]
        else:
            self.phase_ = "build"
            self.pidx += 1
            if self.pidx == len(self.order):
                ev += self.end_of_round()
                self.pidx = 0
                self.round += 1
                if self.round_limit is not None and self.round > self.round_limit:
                    self.round -= 1
                    if "round_limit" in self.record.options:
                        self.set_result(None, "[3.2]" if self.two else "[3.1]",
                                        f"no objective reached within {self.round_limit} rounds: "
                                        "a draw by the option round_limit (not in the rules; "
                                        "docs/ring.md)")
                    else:
                        # a record from before the option had its name: the result (and so
                        # the state hash) it was played to, word for word
                        self.set_result(None, "[3.1]", f"neither the Ring's destruction nor its "
                                        f"possession within {self.round_limit} rounds: a draw "
                                        "(the round limit is a ruling, docs/ring.md)")
                    return ev
        self.start_phase()
        who = PLAYER_NAMES[self.current]
        ev.append(event("phase", "[5.2]", f"round {self.round}: {who[0].upper()}{who[1:]}'s "
                        f"{PHASE_NAMES[self.phase_]}",
                        round=self.round, side=self.current, phase=self.phase_))
        return ev

    def auto_advance(self) -> list[Event]:
        """Skip a phase in which ending it is the only thing to do."""
        ev: list[Event] = []
        while self._result is None and not self.pending and self.moving is None:
            if self.phase_ == "build":
                if self.build_actions():
                    break
            elif self.phase_ == "attack":
                if self.attack_actions():
                    break
            elif self.movable(first=True):
                break
            ev += self.end_phase()
            ev += self.check_victory()
        ev += self.check_victory()
        return ev

    # ----- victory [3.1] [3.2] [11.12] ------------------------------------------------------------
    def check_victory(self) -> list[Event]:
        if self._result is not None:
            return [] if self._announced else self._announce()
        h = self.hex_of.get("ring")
        if h is None:
            return []
        S = self.S
        holder = self.ring_holder
        # possession means occupying the hex: not while the Ring-bearer is still moving
        # (it may pass over a friendly piece there); reaching Mount Doom is enough [11.12]
        passing = self.moving is not None and self.moving["pid"] == "ring"
        if holder == "alliance" and h == S.mount_doom:
            self.set_result("alliance", "[11.12]", "the Ring-bearer reaches Mount Doom: the Ring is "
                            "destroyed")
        elif passing:
            return []
        elif holder in ("sauron", "evil") and h == S.barad_dur:
            self.set_result(holder, "[3.2]" if self.two else "[3.1]",
                            f"{holder} possesses the Ring in Barad-dûr")
        elif holder == "saruman" and h in (S.isengard, S.shire):
            where = "Isengard" if h == S.isengard else "the Shire"
            self.set_result("saruman", "[3.1]", f"Saruman possesses the Ring in {where}")
        else:
            return []
        return self._announce()

    def _announce(self) -> list[Event]:
        self._announced = True
        self.moving = None
        self.pending = []
        r = self._result
        return [event("result", r["rule"], r["text"], result=r)]

    # ----- diagnosis ---------------------------------------------------------------------------
    def _diagnose(self, action: Action) -> IllegalAction:
        kind = action.get("type")
        if self.pending:
            p = self.pending[-1]
            if p["kind"] == "permit":
                return IllegalAction(p["rule"], f"{p['to']} must first permit or refuse the move "
                                     f"of {self.name(p['piece'])} into {p['hex']}")
            return IllegalAction("[7.5]", f"{p['to']} must first state who owns the Shire "
                                 "(declare_shire owner=hobbits|saruman)")
        if self.moving is not None:
            pid = self.moving["pid"]
            if kind == "step":
                return self.why_not_step(action.get("hex"))
            if kind == "stop":
                h = self.hex_of[pid]
                if self.must_leave(pid, h):
                    return self.why_must_leave(pid, h)
                if h == self.S.moria:
                    return IllegalAction("[11.1]", "only Gandalf may occupy Moria")
                return IllegalAction("[6.1]", f"{self.name(pid)} cannot end its move on {h}: "
                                     "one army or character per hex")
            return IllegalAction("[8.1]", f"finish moving {self.name(pid)} first (step or stop)")
        ph = self.phase_
        if kind == "end_phase" and ph in ("move1", "move2"):
            blocked = self.end_blocked(self.movable())
            if blocked is not None:
                return blocked
        if kind == "build":
            if ph != "build":
                return IllegalAction("[5.2]", "builds are made in the Building Phase")
            return self.why_not_build(action)
        if kind == "select":
            if ph not in ("move1", "move2"):
                return IllegalAction("[5.2]", "pieces move in the movement phases")
            return self.why_not_select(action.get("piece"))
        if kind == "attack":
            why = self.why_not_attack(action.get("piece"), action.get("target"))
            if ph != "attack" and why.rule in ("[9.0]", "[9.4]"):
                return IllegalAction("[5.2]", "attacks are made in the Attack Phase")
            return why
        if kind in ("step", "stop"):
            return IllegalAction("[8.1]", "select a piece to move first")
        if kind in ("permit", "refuse", "declare_shire"):
            return IllegalAction("[8.2]", "no one has asked for that decision")
        return super()._diagnose(action)

    # ----- state, view ---------------------------------------------------------------------------
    def _state_json(self) -> Any:
        return {
            "round": self.round, "player": self.pidx, "phase": self.phase_,
            "pieces": dict(sorted(self.hex_of.items())), "ring_holder": self.ring_holder,
            "lost": sorted(self.lost), "builds_left": dict(sorted(self.builds_left.items())),
            "moved": sorted(self.moved), "attacked": sorted(self.attacked),
            "moving": self.moving, "pending": self.pending,
            "shire_owner": self.shire_owner, "shire_third": self.shire_third,
            "isengard_special": self.isengard_special, "fangorn": self.fangorn_state,
            "fangorn_activator": self.fangorn_activator, "paths": self.paths_state,
            "paths_awakened": self.paths_awakened, "moria_used": self.moria_used,
            "rb_rounds": dict(sorted(self.rb_rounds.items())), "rb_left": sorted(self.rb_left),
            "after_escape": self.after_escape, "result": self._result,
        }

    def unit(self, pid: str) -> dict[str, Any]:
        S = self.S
        nation = S.nation_of[pid]
        spec = S.nations[nation]
        return {"id": pid, "hex": self.hex_of.get(pid), "label": spec.label,
                "name": self.name(pid), "side": self.nation_side(pid), "player": self.player(pid),
                "nation": nation, "kind": spec.kind, "move": spec.move,
                "reduced": False, "disrupted": False}

    def unit_view(self, pid: str) -> dict[str, Any]:
        """``unit(pid)`` as views show it: kept per piece and hex (and the Ring-bearer's
        holder), the only things it shows that change, so a view hands out the kept one
        (a ``KeptView``, which refuses changes) instead of building every piece's part
        again; the copies of a game share what they keep (each entry is right for any copy
        whose piece stands there)."""
        h = self.hex_of.get(pid)
        key = (pid, h, self.ring_holder) if pid == "ring" else (pid, h)
        got = self._unit_views.get(key)
        if got is None:
            got = self._unit_views[key] = KeptView(self.unit(pid))
        return got

    def _view(self, side: str | None) -> dict[str, Any]:
        S = self.S
        decision = None
        if self.pending:
            p = self.pending[-1]
            decision = {"kind": p["kind"], "to": p["to"], "piece": p["piece"],
                        "hex": p.get("hex"), "rule": p["rule"], "prompt": self.prompt(p)}
        pool = {}
        for nation, spec in S.nations.items():
            if spec.rebuild:
                pool[nation] = sum(1 for p in S.pids[nation]
                                   if p not in self.hex_of and p not in self.lost)
        who = PLAYER_NAMES[self.current]
        return {
            "title": self.title + (" (two players)" if self.two else ""),
            "phase_name": f"{who[0].upper()}{who[1:]}'s {PHASE_NAMES[self.phase_]}",
            # [5.1] [5.2] the sequence of a player's turn; every phase is the player's in turn
            "phases": [{"code": ph, "name": PHASE_NAMES[ph], "side": self.current}
                       for ph in PHASES],
            "turn_order": list(self.order),
            "last_turn": self.round_limit,
            "river_fortresses": self.options["river_fortresses"],   # [9.6] the reading in use
            "step": self.step_text(),
            "pending": decision,
            "recent_log": self.recent_log(side),
            "log_size": len(self.log),
            "players": list(self.order), "round": self.round, "player": self.current,
            "decision": decision,
            "moving": None if self.moving is None else dict(self.moving),
            "units": [self.unit_view(p) for p in sorted(self.hex_of)],
            "ring": {"holder": self.ring_holder, "hex": self.hex_of.get("ring"),
                     "elven_rounds": dict(self.rb_rounds), "elven_left": sorted(self.rb_left)},
            "shire_owner": self.shire_owner,
            "isengard": "special" if self.isengard_special else "ordinary",
            "fangorn": self.fangorn_state, "paths_of_the_dead": self.paths_state,
            "elven_hexes": "Elven" if self.elves_remain() else "ordinary",
            "builds_left": {", ".join(S.rules.build[int(i)].nations): n
                            for i, n in self.builds_left.items()},
            "pool": pool, "moved": sorted(self.moved), "attacked": sorted(self.attacked),
        }

    def prompt(self, p: dict[str, Any]) -> str:
        """A pending decision in words, for the player who must answer it."""
        if p["kind"] == "permit":
            return (f"{PLAYER_NAMES[p['asker']]} asks leave to move {self.name(p['piece'])} "
                    f"into {self._place(p['hex'])}: permit or refuse")
        return (f"{self.name(p['piece'])} has withdrawn from the Shire: state who now owns it, "
                "the Hobbits or Saruman")

    def step_text(self) -> str | None:
        """The piece being moved, in words (the browser's and the terminal's step line)."""
        m = self.moving
        if m is None:
            return None
        what = "making its escape move [11.14]" if m["escape"] else "moving"
        return (f"{_cap(self.name(m['pid']))} {what} from {m['start']}: now in "
                f"{self.hex_of[m['pid']]}, {m['mp']} hex{'es' if m['mp'] != 1 else ''} left")

    def _place(self, h: str) -> str:
        label = self.S.label.get(h)
        return f"{label} ({h})" if label else h

    def describe_action(self, action: Action, side: str | None = None) -> str:
        """A ring action in a player's words, on the position it is played from: "Nazgûl:
        step to 1821", "build an Orc army in 1203", "Orc army 4 attacks the Rohan army 2 in
        1517 from 1516"."""
        try:
            return self._describe(action)
        except (KeyError, TypeError, AttributeError):
            return super().describe_action(action, side)

    def _describe(self, a: Action) -> str:
        kind = a["type"]
        S = self.S
        if kind == "select":
            pid = a["piece"]
            return f"{_cap(self.name(pid))}: move from {self._place(self.hex_of[pid])}"
        if kind in ("step", "stop"):
            m = self.moving
            pid = m["pid"]
            here = self.hex_of[pid]
            who = _cap(self.name(pid))
            if kind == "stop":
                if here == m["start"]:
                    return f"{who}: stay in {self._place(here)}"
                return f"{who}: stop in {self._place(here)}"
            to = a["hex"]
            text = f"{who}: step to {self._place(to)}"
            v = self.step_verdict(pid, here, to)
            if v[0] == "ok":
                if v[2]:
                    text += ", capturing the Ring-bearer [11.14]"
                elif v[1]:
                    text += f" (asks leave of {', '.join(PLAYER_NAMES[x] for x in v[1])})"
            return text
        if kind == "build":
            spec = S.nations[a["nation"]]
            art = "an" if spec.name[:1].lower() in "aeiou" else "a"
            return f"build {art} {spec.name} in {self._place(a['hex'])}"
        if kind == "attack":
            att, d = a["piece"], a["target"]
            return (f"{_cap(self.name(att))} attacks {_the(self.name(d))} in "
                    f"{self._place(self.hex_of[d])} from {self.hex_of[att]}")
        if kind in ("permit", "refuse"):
            p = self.pending[-1]
            verb = "permit" if kind == "permit" else "refuse"
            return f"{verb} {_the(self.name(p['piece']))} to enter {self._place(p['hex'])}" \
                if kind == "permit" else \
                f"{verb} {_the(self.name(p['piece']))} passage into {self._place(p['hex'])}"
        if kind == "declare_shire":
            who = "the Hobbits" if a["owner"] == "hobbits" else "Saruman"
            return f"state that {who} now own{'' if a['owner'] == 'hobbits' else 's'} the Shire"
        if kind == "end_phase":
            return f"end the {PHASE_NAMES[self.phase_]}"
        raise KeyError(kind)

    def clone(self) -> BattleOfTheRingGame:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        from ...core.record import GameRecord
        r = self.record
        new.record = GameRecord(r.system, r.seed, r.scenario, dict(r.options), r.setup, list(r.actions))
        new.dice = self.dice.copy()
        new.log = list(self.log)
        new.hex_of = dict(self.hex_of)
        new.at = {h: list(v) for h, v in self.at.items()}
        new.lost = set(self.lost)
        new.builds_left = dict(self.builds_left)
        new.moved = set(self.moved)
        new.attacked = set(self.attacked)
        new.moving = None if self.moving is None else {
            k: (list(v) if isinstance(v, list) else v) for k, v in self.moving.items()}
        new.pending = [dict(p) for p in self.pending]
        new.rb_rounds = dict(self.rb_rounds)
        new.rb_left = set(self.rb_left)
        new._legal_cache = None
        return new


def _cap(name: str) -> str:
    return name[:1].upper() + name[1:]


def _the(name: str) -> str:
    """A piece's name inside a sentence: "the Rohan army 2", "the Nazgûl", "Gandalf"."""
    if name.startswith("The "):
        return "the " + name[4:]
    if name.startswith("the ") or " army" not in name:
        return name
    return "the " + name
