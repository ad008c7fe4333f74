"""The War of the Ring on the engine contract: set-up, the state, views, records [WR §13.3].

The rules are mixins by section of the specification, as the rule book is organized:
``turn.py`` the sequence of play [WR §9] (the Ring, Events, Shadow Point, Search and
Game-Turn Indication phases), ``movement.py`` movement [WR §10.2], ``fighting.py`` army and
individual combat, capture and rescue [WR §10.3]-[WR §10.8], ``cards.py`` the event cards
[WR §11.7], ``control.py`` control, the Grip and victory [WR §10.11] [WR §13].

The state is plain data: ``units`` and ``chars`` (one record per piece, see ``pieces.py``),
the decks, the tracks, and ``ask``, the decision the game waits for (its ``kind``, the seat
that decides it and what it concerns).  The engine runs every automatic step itself and
stops at the next decision (``_advance``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...core.engine import Action, Event, Game, event
from ...core.errors import IllegalAction, RecordError
from ...core.options import Option
from .cards import DECISIONS as CARD_DECISIONS
from .cards import CardRules
from .control import ControlRules
from .data import Definition, Unit, load
from .fighting import DECISIONS as FIGHT_DECISIONS
from .fighting import FightingRules
from .mapdata import Landmarks, WarMap, load_map
from .movement import DECISIONS as MOVE_DECISIONS
from .movement import MovementRules
from .pieces import (
    FELLOWSHIP,
    SEAT_NAMES,
    SEATS2,
    SEATS3,
    base_id,
    char_record,
    char_seat,
    faction,
    unit_record,
    unit_seat,
)
from .turn import DECISIONS, TurnRules

#: fields of the state, in the order they are hashed and copied
STATE = ("turn_", "step", "ask", "units", "chars", "ring", "gollum", "sp", "mobilized", "grip",
         "control", "defence", "flags", "search", "decks", "hands", "discards", "sites",
         "monsters", "result_", "queue", "captives", "sd", "duel", "held",
         "last_search")


#: the Magic cards' acts [WR §10.10] [WR §11.9] (``apply``: records before their secret mark)
_ITEM_ACTS = ("give_item", "use")


def _deep(x: Any) -> Any:
    t = type(x)
    if t is dict:
        return {k: _deep(v) for k, v in x.items()}
    if t is list:
        return [_deep(v) for v in x]
    return x


class WarOfTheRingGame(TurnRules, MovementRules, FightingRules, CardRules, ControlRules, Game):
    system: ClassVar[str] = "war-of-the-ring"
    title: ClassVar[str] = "War of the Ring"
    sides: ClassVar[tuple[str, ...]] = SEATS2
    hidden_information: ClassVar[bool] = True
    SCENARIOS: ClassVar[tuple[str, ...]] = ("campaign",)
    SELECTIONS: ClassVar[frozenset[str]] = frozenset({"select"})
    #: the longest menu the game offers (a Nazgûl's flights, the Eagles' landings): the
    #: PettingZoo environment's action space
    MAX_LEGAL_ACTIONS: ClassVar[int] = 1024
    OPTIONS: ClassVar[dict[str, Option]] = {
        "players": Option(2, "2: the Fellowship and the Dark Power (scenario A); 3: the "
                             "Fellowship, Saruman and Sauron (scenario B) [WR §2]", choices=(2, 3)),
        "rhun_harad": Option(False, "OPT-1: SAR's King of Rhûn and Sultan of Harad [WR §2]"),
        "unmobilized_move": Option(False, "OPT-2: unmobilized nations' units may move [WR §2] "
                                          "[WR §6.1]"),
        # [WR §6.2] a territory mobilizes when an ENEMY army unit enters it; records made before
        # this option mobilized it for any army entering, its own side's too (legacy)
        "entry_mobilizes": Option.changed(
            "enemy", "[WR §6.2] which army entering a nation's territory mobilizes it: 'enemy' (the "
                     "rule: a Free army for Mordor and Isengard, an enemy army for the Free "
                     "nations); 'any': an army of either side (records made before the fix)",
            legacy="any", choices=("enemy", "any")),
        "turn_limit": Option(None, "the game is drawn at the end of this turn (default: the "
                                   "52 of R-LENGTH) [WR §13.1]", kind=int, minimum=1, maximum=52,
                             null_means="52 turns"),
    }

    #: the game's own rules of thumb (``ai.py``), imported when an agent first asks
    heuristic_policy = staticmethod(lambda rng, noise=0.0: __import__(
        f"{__package__}.ai", fromlist=["policy"]).policy(rng, noise))
    #: the styles those rules of thumb weigh (``ai.py``, "Styles"), their own play first: the
    #: search's candidate plans (``ringwar.ai.mcts``)
    heuristic_styles: ClassVar[tuple[str, ...]] = ("steady", "bold", "wary")
    #: the styles that lose whole games for a seat, left out of its plans: a bold Ring-bearer
    #: (docs/ai.md "Styles": the Fellowship won 39 % of 100 games bold, 64 % steady)
    heuristic_unsound: ClassVar[dict[str, tuple[str, ...]]] = {"fellowship": ("bold",)}
    #: the search's value of a position (``evaluation.py``: a model fitted offline)
    evaluate_view = staticmethod(lambda view, side: __import__(
        f"{__package__}.evaluation", fromlist=["evaluate_view"]).evaluate_view(view, side))

    #: [WR §9] each seat's player-turn in the sequence of play (steps 5, 6 and 7)
    PLAYER_TURNS: ClassVar[dict[str, str]] = {"fellowship": "5", "saruman": "6", "sauron": "7",
                                              "dark": "7"}

    def plan_segment(self, side: str) -> tuple[int, str] | None:
        """The search plans each of ``side``'s player-turns [WR §9] 5, 6 or 7 (its movement,
        combat and re-hiding) as a whole (the engine contract's ``Game.plan_segment``)."""
        code = self.PLAYER_TURNS.get(side)
        if code is not None and self.step[:1] == code and self.turn_ >= 1:
            return self.turn_, code
        return None

    D: Definition
    W: WarMap

    # ----- set-up [WR §13.3] ---------------------------------------------------------------
    def _init_state(self) -> None:
        self.D = D = load()
        self.W = load_map()
        self.hexmap = self.W.picture_hexmap(borders=True)
        self.L = Landmarks.of(self.W)
        three = self.options["players"] == 3
        self.sides = SEATS3 if three else SEATS2        # type: ignore[misc]
        self.scenario_id = "B" if three else "A"
        self.last_turn = int(self.options["turn_limit"] or D.value("R-LENGTH", "turns"))
        opts = {"OPT-1"} if self.options["rhun_harad"] else set()
        self.version = 0          # bumped by every answer: the key of the destination cache
        self._dest_cache: dict[Any, Any] = {}
        self.turn_ = 1
        self.step = "start"
        self.ask: dict[str, Any] | None = None
        self.units = {u.id: unit_record(u, unit_seat(D, u, self.sides),
                                        on_map=u.arrival is None and u.hex is not None)
                      for u in D.units_for(self.scenario_id)}
        self.chars: dict[str, dict[str, Any]] = {}
        for c in D.characters_for(opts):
            r = char_record(c, char_seat(D, c, self.sides))
            if c.arrival is not None:
                r["hex"], r["alive"], r["seen"] = None, False, None
            self.chars[c.id] = r
        for it in D.items.values():
            if it.holder in self.chars and it.id != "the-one-ring":
                self.chars[it.holder]["items"].append(it.id)
        # [WR §10.9.1] Frodo bears the Ring
        self.ring = {"bearer": "frodo", "worn": False, "worn_turns": 0, "claim": False,
                     "doom_open": False, "gorgoroth_open": False, "destroyed": False,
                     "succumbed": False, "area": None, "held_by": FELLOWSHIP}
        self.gollum = {"state": "at-large", "guide": False}
        self.sp = int(D.setup["sp_pool"])
        self.mobilized: dict[str, int] = {}
        self.grip = {"drop": 0, "deserted": False, "pending": None}
        init = D.value("R-INITIAL-OBJECTIVES")
        self.control = {h: s for s, hs in (("sauron", init["sauron"]), ("saruman", init["saruman"]),
                                           ("free", init["free"])) for h in hs}
        # intrinsic defences [WR §V14]: destroyed for ever, or 0 while the lord is away
        self.defence = {h: {"value": d.value, "destroyed": False}
                        for h, d in D.intrinsic_defences.items()}
        # places with an intrinsic defence that are not objectives (the Morannon): held by the
        # side whose lands they are in (R-CONTROL: Mordor's are Sauron's), then like objectives
        self.held = {h: ("sauron" if self.W.in_region(h, "mordor") else "free")
                     for h in sorted(self.defence) if h not in self.control}
        self.flags = {"passes": "closed", "snows": 0, "paths": False, "control": False,
                      "alliance": three, "galadriel_free": False, "dead_combats": 0,
                      "wormtongue": 0, "dawnless": False, "ride": False, "palantir": {},
                      "eye_turns": False, "deceived": False, "crebain": False,
                      "saruman_attacked": False, "search_cancel": False, "cloaks": None}
        self.search: dict[str, Any] | None = None
        self.last_search: dict[str, Any] | None = None    # the last resolved card (public)
        self.decks = {"search": [c.n for c in D.search_cards], "event": []}
        for cid, card in D.event_cards.items():
            self.decks["event"].extend([cid] * len(card.numbers))
        self.discards: dict[str, list[Any]] = {"search": [], "event": []}
        self.hands: dict[str, list[str]] = {s: [] for s in self.sides}
        self.result_: dict[str, Any] | None = None
        self.queue: list[dict[str, Any]] = []        # decisions waiting their turn (hunts ...)
        self.captives: dict[str, dict[str, Any]] = {}
        self.sd: dict[str, Any] = {}
        self.duel: dict[str, Any] | None = None
        self._shuffle("search")
        self._shuffle("event")
        self._deal_sites()
        self.monsters: dict[str, dict[str, Any]] = {}
        self.step = "1a"
        self.log.append(event("setup", "[WR §13.3]",
                              f"Scenario {self.scenario_id}: {D.scenarios[self.scenario_id].name}. "
                              "The nine walkers are hidden in Rivendell; nothing is mobilized."))
        self.log.extend(self._advance())

    def _shuffle(self, deck: str) -> None:
        """[WR §14] one RNG: shuffles draw from the game's dice."""
        cards = self.decks[deck]
        for i in range(len(cards) - 1, 0, -1):
            j = self.dice.below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]

    def _deal_sites(self) -> None:
        """[WR §5.8] Fixed cards on their sites; the others dealt at random, face down."""
        D = self.D
        self.sites: dict[str, dict[str, Any]] = {"eye": {}, "magic": {}}
        for deck, cards in (("eye", D.eye_cards), ("magic", D.magic_cards)):
            fixed = {c.fixed_hex: cid for cid, c in cards.items() if c.fixed_hex}
            pool: list[str] = []
            for cid, c in cards.items():
                if not c.fixed_hex:
                    pool.extend([cid] * getattr(c, "copies", 1))
            for i in range(len(pool) - 1, 0, -1):
                j = self.dice.below(i + 1)
                pool[i], pool[j] = pool[j], pool[i]
            for s in self.W.sites:
                if s.deck != deck:
                    continue
                if s.card is not None:
                    cid = fixed.get(s.hex)
                    if cid is None:
                        continue
                    self.sites[deck].setdefault(s.hex, cid)
                elif pool:
                    key = s.hex if s.hex not in self.sites[deck] else s.hex + "+"
                    self.sites[deck][key] = pool.pop()

    @classmethod
    def validate_setup(cls, setup: Any) -> None:
        raise RecordError("war-of-the-ring: this game takes no starting position from outside "
                          "(tests build positions with tests/war_of_the_ring/builder.py)")

    # ----- the contract ------------------------------------------------------------------
    @property
    def rules_to_act(self) -> str | None:
        if self.result_ is not None or self.ask is None:
            return None
        return self.ask["seat"]

    @property
    def rules_result(self) -> dict[str, Any] | None:
        return self.result_

    @property
    def turn(self) -> int:
        return self.turn_

    @property
    def phase(self) -> str:
        return self.step

    def _legal(self) -> list[Action]:
        if self.ask is None:
            return []
        return self.options_for(self.ask)

    def apply(self, action: Action) -> list[Event]:
        if type(action) is dict and action.get("type") in _ITEM_ACTS and "secret" not in action:
            # [WR §12] until 2026-11-28 a Magic card passed or used was secret only when its
            # holder was hidden: a record of then names a hidden receiver, patient or drinker
            # without the mark; it is read as the secret act it is (and recorded so)
            marked = {**action, "secret": True}
            if marked in self.legal_actions():
                action = marked
        return super().apply(action)

    def _do(self, action: Action) -> list[Event]:
        ev = self.answer(self.ask, action)  # type: ignore[arg-type]
        ev += self.check_victory_now()
        if self.result_ is None:
            ev += self._advance()
        return ev

    def _diagnose(self, action: Action) -> IllegalAction:
        ask = self.ask
        if ask is None:
            return IllegalAction("[WR §9]", "no decision is due")
        why = self.why_not(ask, action)
        if why is not None:
            return why
        kinds = sorted({a["type"] for a in self.legal_actions()})
        return IllegalAction(ask.get("rule", "[WR §9]"),
                             f"{action.get('type')!r} is not one of the actions now "
                             f"({self.prompt(ask)}; possible: {', '.join(kinds)})")

    def _state_json(self) -> Any:
        return [self.__dict__[k] for k in STATE]

    def clone(self) -> WarOfTheRingGame:
        g = object.__new__(type(self))
        d = dict(self.__dict__)
        for k in STATE:
            d[k] = _deep(self.__dict__[k])
        d["record"] = self.record.copy()
        d["dice"] = self.dice.copy()
        d["log"] = list(self.log)
        d["_legal_cache"] = None
        d["_dest_cache"] = {}
        g.__dict__.update(d)
        return g

    # ----- names ---------------------------------------------------------------------------
    def name(self, pid: str) -> str:
        if pid.startswith("monster:"):
            m = self.monsters.get(pid.split(":", 1)[1])
            return self.D.eye_cards[m["card"]].name if m else "the monster"
        if pid in self.D.characters:
            return self.D.characters[pid].name
        u = self.D.units.get(base_id(pid))
        return f"{u.name} {pid}" if u else pid

    def spec(self, uid: str) -> Unit:
        """The order-of-battle entry of a unit (a split unit's is its parent's) [WR §7]."""
        u = self.D.units.get(uid)
        return u if u is not None else self.D.units[base_id(uid)]

    def place(self, h: str | None) -> str:
        if h is None:
            return "off the map"
        p = self.W.place(h)
        return f"{p.name} ({h})" if p else h

    def seat_faction(self, seat: str | None) -> str | None:
        return faction(seat)

    def enemies(self, a: str | None, b: str | None) -> bool:
        """Two seats at war: Free against Dark; Saruman and Sauron only once the Dark Alliance
        has ended [WR §V13]."""
        if a is None or b is None or a == b:
            return False
        if FELLOWSHIP in (a, b):
            return True
        return not self.flags["alliance"]

    # ----- views [WR §12] --------------------------------------------------------------------
    def _view(self, side: str | None) -> dict[str, Any]:
        from .views import view
        return view(self, side)

    def redact_action(self, action: Action, side: str | None) -> Action:
        from .views import redact
        return redact(self, action, side)

    def describe_action(self, action: Action, side: str | None = None) -> str:
        from .views import describe
        return describe(self, action, side)

    def redeal(self, side: str, rng: Any) -> None:
        from .views import redeal
        redeal(self, side, rng)

    def glossary(self) -> dict[str, Any]:
        """Public names for what views name by id (the web app serves it with the map): event
        cards with their texts and timings, nations, search areas, citadels, seats."""
        D = self.D
        return {
            "cards": {cid: {"name": c.name, "text": c.text, "when": list(c.when),
                            "sides": list(c.sides)} for cid, c in D.event_cards.items()},
            "nations": {code: n.name for code, n in D.nations.items()},
            "areas": {a: self.W.area(a).name for a in sorted(self.W.areas)},
            "citadels": dict(sorted(D.citadels.items())),
            "seats": {s: SEAT_NAMES[s] for s in self.sides},
        }

    def prompt(self, ask: dict[str, Any]) -> str:
        from .views import prompt
        return prompt(self, ask)

    def seat_name(self, seat: str) -> str:
        return SEAT_NAMES.get(seat, seat)


# every decision's legal answers and how an answer is carried out, one table for the game
DECISIONS.update(MOVE_DECISIONS)
DECISIONS.update(FIGHT_DECISIONS)
DECISIONS.update(CARD_DECISIONS)
