"""A position builder for War of the Ring game tests [WR §13.3].

Start from ``new_game("war-of-the-ring", ...)``, then set the pieces, tracks, decks, hands and
the step of the sequence of play [WR §9] by hand, and force the dice::

    p = Position(players=2).clear()
    p.unit("MOR-01", "3223").char("n1", "3024").mobilize("MOR").sp(5)
    p.dice(3, 4)                       # the next d6 results, in order; any other roll fails
    g = p.at("7b")                     # run the sequence from step 7b to its first decision
    g.apply({"type": "select", "piece": "MOR-01"})
    p.dice_done()                      # every scripted roll was used

The state is the game's own records (``units[uid]``, ``chars[cid]``, ``ring``, ``flags``,
``control``, ``defence``, ``captives``, ``decks``, ``hands`` ...); the builder only writes
them as the engine would, and clears the game's caches after every change.  A built position
is not in the game's record: it cannot be replayed, only played on.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import ringwar
from ringwar.core.errors import IllegalAction

SYSTEM = "war-of-the-ring"


class ScriptedDice:
    """Stands in for the game's SplitMix64 ``Dice``: each die is the next scripted result.

    A roll with the script empty fails the test at once (``pytest.fail`` is not an
    ``Exception``, so the engine's own error recovery does not swallow it); ``done()`` fails
    if scripted results were left unused.  ``die(sides)`` checks the result fits the die;
    ``below(n)`` (shuffles) is one ``die(n)`` minus one, as in the real dice.
    """

    __slots__ = ("script", "count", "state", "rolled")

    def __init__(self, results: list[int] | tuple[int, ...] = (), count: int = 0) -> None:
        self.script = list(results)
        self.count = count
        self.state = 0
        self.rolled: list[int] = []

    def push(self, *results: int) -> None:
        self.script.extend(results)

    def die(self, sides: int = 6) -> int:
        if not self.script:
            pytest.fail(f"unexpected die roll (d{sides}) after {self.rolled}: the script is empty")
        v = self.script.pop(0)
        if not 1 <= v <= sides:
            pytest.fail(f"scripted result {v} does not fit a d{sides} (rolled so far: {self.rolled})")
        self.count += 1
        self.rolled.append(v)
        return v

    def d6(self) -> int:
        return self.die(6)

    def roll(self, n: int = 2, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(n)]

    def below(self, n: int) -> int:
        return self.die(n) - 1

    def copy(self) -> ScriptedDice:
        d = ScriptedDice(self.script, self.count)
        d.rolled = list(self.rolled)
        return d

    def to_json(self) -> list[Any]:
        return ["scripted", self.count, list(self.script)]

    def done(self) -> None:
        if self.script:
            pytest.fail(f"scripted dice not rolled: {self.script} (rolled: {self.rolled})")


class Position:
    """A game of War of the Ring with a position set by hand (see the module's doc)."""

    def __init__(self, seed: int = 1, players: int = 2, turn_limit: int | None = None,
                 **options: Any) -> None:
        opts: dict[str, Any] = {"players": players, **options}
        if turn_limit is not None:
            opts["turn_limit"] = turn_limit
        self.g: Any = ringwar.new_game(SYSTEM, seed=seed, options=opts)

    # ----- caches ---------------------------------------------------------------------------
    def touch(self) -> Position:
        g = self.g
        g.version = getattr(g, "version", 0) + 1
        g._dest_cache = {}
        g._after_change()
        return self

    # ----- the board --------------------------------------------------------------------------
    def clear(self, *, hands: bool = True, sites: bool = True) -> Position:
        """Every army unit and character off the map (units gone for good, so that nothing
        arrives unless placed; characters not alive), the hands empty, no face-down sites."""
        g = self.g
        for r in g.units.values():
            r.update(hex=None, str=0, gone=True, start=None, moved=False, attacked=False)
        for c in g.chars.values():
            c.update(hex=None, alive=False, hidden=False, captive=None, seen=None, moved=False)
        g.captives.clear()
        if hands:
            for s in g.hands:
                g.decks["event"].extend(g.hands[s])
                g.hands[s] = []
        if sites:
            g.sites = {"eye": {}, "magic": {}}
            g.monsters = {}
        return self.touch()

    def unit(self, uid: str, hex_: str | None, strength: int | None = None, *, moved: bool = False,
             start: str | None = None, seat: str | None = None, **fields: Any) -> Position:
        """Place an army unit (its printed strength unless given); ``start`` is where it began
        the player-turn (the rout trigger); ``hex_=None`` takes it off the map."""
        g = self.g
        r = g.units[uid]
        if hex_ is None:
            r.update(hex=None, str=0, gone=True)
            return self.touch()
        spec = g.D.units[uid]
        r.update(hex=hex_, str=spec.strength if strength is None else strength, gone=False,
                 moved=moved, attacked=False, start=start or hex_, crossed=False, deserted=False,
                 active=True)
        if seat is not None:
            r["seat"] = seat
        r.update(fields)
        return self.touch()

    def char(self, cid: str, hex_: str | None, *, hidden: bool = False, e: int | None = None,
             rr: int | None = None, items: list[str] | None = None, seen: str | None = None,
             seat: str | None = None, **fields: Any) -> Position:
        """Place a character alive in ``hex_`` (hidden or not, with its Endurance, Ring Rating
        and items; by default its printed values and starting items); ``hex_=None``: off the map,
        not alive."""
        g = self.g
        c = g.chars[cid]
        if hex_ is None:
            c.update(hex=None, alive=False, hidden=False, captive=None)
            g.captives.pop(cid, None)
            return self.touch()
        spec = g.D.characters[cid]
        c.update(hex=hex_, alive=True, hidden=hidden, captive=None, moved=False,
                 e=spec.endurance if e is None else e, seen=seen if seen is not None else
                 (c["seen"] if hidden and c["seen"] else hex_))
        if not hidden:
            c["seen"] = hex_
        if rr is not None:
            c["rr"] = rr
        if items is not None:
            c["items"] = list(items)
        if seat is not None:
            c["seat"] = seat
        c.update(fields)
        return self.touch()

    def arriving(self, *uids: str) -> Position:
        """Units off the map but still to arrive on their schedule or by a card [WR §7]
        (``clear`` takes every unit away for good)."""
        for uid in uids:
            self.g.units[uid].update(hex=None, str=0, gone=False)
        return self.touch()

    def captive(self, cid: str, hex_: str, escort: list[str], seat: str = "dark",
                failed: bool = False) -> Position:
        """``cid`` held in ``hex_`` by ``escort`` (army units of ``seat``)."""
        g = self.g
        self.char(cid, hex_)
        g.chars[cid]["captive"] = seat
        g.captives[cid] = {"hex": hex_, "escort": list(escort), "seat": seat, "failed": failed}
        return self.touch()

    def defence(self, hex_: str, *, destroyed: bool | None = None, value: int | None = None) -> Position:
        d = self.g.defence[hex_]
        if destroyed is not None:
            d["destroyed"] = destroyed
        if value is not None:
            d["value"] = value
        return self.touch()

    def site(self, deck: str, hex_: str, card: str | None) -> Position:
        """A face-down Eye or Magic card on a site (None: the site is empty)."""
        if card is None:
            self.g.sites[deck].pop(hex_, None)
        else:
            self.g.sites[deck][hex_] = card
        return self.touch()

    # ----- tracks ---------------------------------------------------------------------------
    def mobilize(self, *codes: str, turn: int | None = None, allies: bool = True) -> Position:
        """Mark nations mobilized (on ``turn``, default now); Mordor brings the nations keyed
        "with" it (the Easterlings, Variags and Haradrim) unless ``allies=False`` [WR §6.2]."""
        for code in codes:
            t = self.g.turn_ if turn is None else turn
            self.g.mobilized[code] = t
            if code == "MOR" and allies:
                for other in ("EAS", "VAR", "HAR"):
                    self.g.mobilized.setdefault(other, t)
        return self.touch()

    def sp(self, n: int) -> Position:
        self.g.sp = n
        return self.touch()

    def turn(self, n: int) -> Position:
        self.g.turn_ = n
        return self.touch()

    def ring(self, **fields: Any) -> Position:
        """The Ring's record: bearer, worn, worn_turns, claim, doom_open, gorgoroth_open,
        destroyed, succumbed, area, held_by."""
        self.g.ring.update(fields)
        return self.touch()

    def flags(self, **fields: Any) -> Position:
        self.g.flags.update(fields)
        return self.touch()

    def control(self, hex_: str, who: str) -> Position:
        self.g.control[hex_] = who
        return self.touch()

    def grip(self, **fields: Any) -> Position:
        self.g.grip.update(fields)
        return self.touch()

    def hand(self, seat: str, *cards: str) -> Position:
        self.g.hands[seat] = list(cards)
        return self.touch()

    def search_deck(self, *numbers: int) -> Position:
        """The Search deck, bottom card (drawn first) first [WR §V2]."""
        self.g.decks["search"] = list(numbers)
        return self.touch()

    def event_deck(self, *cards: str) -> Position:
        """The Event deck: the last card is drawn first."""
        self.g.decks["event"] = list(cards)
        return self.touch()

    # ----- dice -----------------------------------------------------------------------------
    def dice(self, *results: int) -> Position:
        """From now on every die is scripted: ``results`` are the next ones, in order."""
        d = self.g.dice
        if isinstance(d, ScriptedDice):
            d.push(*results)
        else:
            self.g.dice = ScriptedDice(results, count=d.count)
        return self.touch()

    def dice_done(self) -> None:
        d = self.g.dice
        assert isinstance(d, ScriptedDice), "the dice are not scripted"
        d.done()

    @property
    def rolled(self) -> list[int]:
        return list(self.g.dice.rolled)

    # ----- the step -----------------------------------------------------------------------------
    def at(self, step: str, *, sd: dict[str, Any] | None = None, advance: bool = True) -> Any:
        """Put the game at the start of ``step`` of [WR §9] (no decision pending) and run the
        sequence to its first decision; returns the game."""
        g = self.g
        assert step in g.steps(), f"no step {step!r} in {g.steps()}"
        g.step = step
        g.ask = None
        g.queue = []
        g.sd = dict(sd or {})
        g.result_ = None
        self.touch()
        if advance:
            self.events = g._advance()
            g.log.extend(self.events)
        return self.touch().g

    def ask(self, ask: dict[str, Any], *, step: str | None = None,
            sd: dict[str, Any] | None = None) -> Any:
        """Set the pending decision by hand."""
        g = self.g
        if step is not None:
            g.step = step
        g.ask = dict(ask)
        if sd is not None:
            g.sd = dict(sd)
        return self.touch().g


# ----- helpers for the tests ------------------------------------------------------------------
def kinds(g: Any) -> set[str]:
    return {a["type"] for a in g.legal_actions()}


def selection(g: Any, piece: str | None = None, stack: str | None = None) -> dict[str, Any]:
    """The legal selection of a piece or a stack now (with whatever fields the engine adds)."""
    for a in g.legal_actions():
        if a["type"] == "select" and ((piece is not None and a.get("piece") == piece) or
                                      (stack is not None and a.get("stack") == stack)):
            return a
    raise AssertionError(f"no selection of {piece or stack} now: {g.legal_actions()}")


def destinations(g: Any, piece: str | None = None, stack: str | None = None) -> set[str]:
    """The hexes offered after selecting a piece or a stack (nothing changes: follow_ups)."""
    opts = g.follow_ups(selection(g, piece, stack))
    assert opts is not None, f"{piece or stack} is not a legal selection now: {g.legal_actions()}"
    return {a["to"] for a in opts if a["type"] == "move"}


def move(g: Any, to: str, piece: str | None = None, stack: str | None = None) -> list[dict[str, Any]]:
    """Select and move in one go; returns the events of both actions."""
    ev = g.apply(selection(g, piece, stack))
    opts = [a for a in g.legal_actions() if a["type"] == "move" and a["to"] == to]
    assert opts, f"{to} is not offered: {sorted(a.get('to', '') for a in g.legal_actions())}"
    return ev + g.apply(opts[0])


def refused(g: Any, action: dict[str, Any], *cites: str) -> IllegalAction:
    """Assert ``action`` raises IllegalAction citing a rule (one of ``cites`` if given: text
    that must appear in the rule or the message) and leaves the state hash unchanged."""
    before = g.state_hash()
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    e = info.value
    text = f"{e.rule} {e.why}"
    assert "[WR §" in text or "R-" in text or "S-V" in text, f"no rule cited: {text}"
    if cites:
        assert any(c in text for c in cites), f"{text!r} cites none of {cites}"
    assert g.state_hash() == before, "a refused action changed the state"
    return e


def texts(events: list[dict[str, Any]]) -> str:
    return "\n".join(e.get("text", "") for e in events)


def dump(x: Any) -> str:
    return json.dumps(x, sort_keys=True, ensure_ascii=False, default=str)
