"""Checking a position-builder set-up completely before it is applied (issue 14, item 7).

A set-up (:mod:`ringwar.systems.spi.builder`, the web API's ``setup``) is data from outside:
:meth:`SpiGame.check_setup` reads every key and value with a :class:`SetupChecker` and
raises :class:`RecordError` naming the first problem (``setup: place[2].hex: '9999' is not
a hex on the map``), so that ``new_game(..., setup=...)`` never builds a broken position.
After it is applied, :meth:`SpiGame.check_position` refuses what no rule allows: two combat
units in a hex [5.0], both sides in one hex [4.27], a piece on a prohibited hex [4.3], a
special formation whose partner is not with it [8.4].
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, NoReturn

from ...core import hexes as hx
from ...core.errors import RecordError

if TYPE_CHECKING:  # pragma: no cover
    from .game import SpiGame

#: how a piece may be named in a set-up: lower case, digits and underscores
_IDENT = re.compile(r"^[a-z][a-z0-9_]{0,47}$")
#: at most this many entries in any list or object of a set-up
MAX_ITEMS = 1000


class SetupChecker:
    """Typed reads of a set-up that fail with the path of the offending value."""

    def __init__(self, game: SpiGame) -> None:
        self.g = game

    def fail(self, where: str, what: str) -> NoReturn:
        raise RecordError(f"setup: {where}: {what}" if where else f"setup: {what}")

    def obj(self, v: Any, where: str, keys: frozenset[str] | set[str] | None = None) -> dict[str, Any]:
        if not isinstance(v, dict):
            self.fail(where, f"must be an object, not {type(v).__name__}")
        if len(v) > MAX_ITEMS:
            self.fail(where, f"has more than {MAX_ITEMS} entries")
        if keys is not None:
            unknown = sorted(str(k) for k in v if k not in keys)
            if unknown:
                self.fail(where, f"unknown key(s) {', '.join(map(repr, unknown))} (known: {', '.join(sorted(keys))})")
        return v

    def list_(self, v: Any, where: str) -> list[Any]:
        if not isinstance(v, list):
            self.fail(where, f"must be a list, not {type(v).__name__}")
        if len(v) > MAX_ITEMS:
            self.fail(where, f"has more than {MAX_ITEMS} entries")
        return v

    def bool_(self, v: Any, where: str) -> bool:
        if not isinstance(v, bool):
            self.fail(where, f"must be true or false, not {v!r}")
        return v

    def int_(self, v: Any, where: str, lo: int, hi: int) -> int:
        if not isinstance(v, int) or isinstance(v, bool):
            self.fail(where, f"must be a whole number, not {v!r}")
        if not lo <= v <= hi:
            self.fail(where, f"must be from {lo} to {hi}, not {v}")
        return v

    def choice(self, v: Any, where: str, choices: tuple[Any, ...] | list[Any] | set[Any]) -> Any:
        if isinstance(v, bool) or v not in choices:
            self.fail(where, f"must be one of {', '.join(map(str, sorted(choices, key=str)))}, not {v!r}")
        return v

    def hex_(self, v: Any, where: str) -> str:
        if not isinstance(v, str) or v not in self.g.hexmap:
            self.fail(where, f"{v!r} is not a hex on the map")
        return v

    def hexside(self, v: Any, where: str, kinds: tuple[str, ...] | None = None) -> str:
        """``"1910/2010"``: two adjacent map hexes, lower first; of one of ``kinds``."""
        parts = v.split("/") if isinstance(v, str) else []
        if len(parts) != 2 or not all(p in self.g.hexmap for p in parts) or hx.distance(*parts) != 1 \
                or hx.hexside(*parts) != v:
            self.fail(where, f"{v!r} is not a hexside of the map (two adjacent hexes, lower first: '1910/2010')")
        if kinds is not None:
            side = self.g.hexmap.side(*parts)
            if not side or side.get("kind") not in kinds:
                self.fail(where, f"{v} is not a {' or '.join(kinds)} hexside")
        return v

    def unit(self, v: Any, where: str, leader: bool | None = None) -> str:
        """The id of a piece of the scenario (``leader``: must, or must not, be a leader)."""
        if not isinstance(v, str) or v not in self.g.units:
            self.fail(where, f"there is no piece {v!r} in the scenario")
        p = self.g.units[v]
        if leader is True and not p.is_leader:
            self.fail(where, f"{v} is not a leader")
        if leader is False and p.is_leader:
            self.fail(where, f"{v} is a leader, not a combat unit")
        return v

    def ident(self, v: Any, where: str) -> str:
        if not isinstance(v, str) or not _IDENT.match(v):
            self.fail(where, f"{v!r} is not a piece id (lower-case letters, digits and _)")
        return v

    def side(self, v: Any, where: str) -> str:
        return self.choice(v, where, self.g.sides)


def check_setup(game: SpiGame, setup: Any) -> None:
    """The Standard Rules' part of a set-up; exclusive parts by ``game.check_setup_exclusive``."""
    c = SetupChecker(game)
    c.obj(setup, "", game.SETUP_KEYS)
    if "clear" in setup:
        c.bool_(setup["clear"], "clear")
    placed: dict[str, tuple[str, str]] = {}          # id -> (hex, type)
    new_ids: dict[str, int] = {}
    for i, item in enumerate(c.list_(setup.get("place", []), "place")):
        where = f"place[{i}]"
        c.obj(item, where, game.PLACE_KEYS)
        if "hex" not in item:
            c.fail(where, "needs a 'hex'")
        h = c.hex_(item["hex"], f"{where}.hex")
        pid, tkey = item.get("id"), item.get("type")
        if tkey is not None:
            if tkey in game.sc.leaders:
                c.fail(f"{where}.type", f"{tkey} is a leader: place it by id")
            c.choice(tkey, f"{where}.type", set(game.sc.types))
        if pid is None:
            if tkey is None:
                c.fail(where, "needs an 'id' or a 'type'")
            new_ids[tkey] = new_ids.get(tkey, 0) + 1
            pid = f"{tkey}{new_ids[tkey] + sum(1 for q in game.units.values() if q.key == tkey)}"
        else:
            c.ident(pid, f"{where}.id")
            if pid in game.units:
                if tkey is not None and tkey != game.units[pid].key:
                    c.fail(f"{where}.type", f"{pid} is a {game.units[pid].key}, not a {tkey}")
                tkey = game.units[pid].key
            elif tkey is None:
                c.fail(f"{where}.id", f"there is no piece {pid!r} in the scenario (a new unit needs its 'type')")
        if pid in placed:
            c.fail(f"{where}.id", f"{pid} is placed twice")
        placed[pid] = (h, tkey or "")
        for k in ("reduced", "disrupted", "moved", "fired", "attacked"):
            if k in item:
                c.bool_(item[k], f"{where}.{k}")
        if item.get("disrupted") and pid in game.units and game.units[pid].is_leader:
            c.fail(f"{where}.disrupted", f"{pid} is a leader, and leaders are never disrupted [8.21]")
        if item.get("formation") is not None:
            c.choice(item["formation"], f"{where}.formation", game.FORMATIONS)
            if not isinstance(item.get("partner"), str):
                c.fail(f"{where}.partner", "a unit in a special formation needs its partner's id [8.4]")
        elif item.get("partner") is not None:
            c.fail(f"{where}.partner", "a partner only with a 'formation' [8.4]")
        game.check_place_item(c, item, where, tkey or "")
    for i, item in enumerate(setup.get("place", [])):
        if item.get("formation") is not None:
            where = f"place[{i}].partner"
            mate = item["partner"]
            pid = item.get("id")
            if mate == pid:
                c.fail(where, f"{pid} may not be its own partner: a {item['formation']} is two units [8.4]")
            other = next((x for x in setup["place"] if x.get("id") == mate), None)
            if other is None or other.get("partner") != pid or other.get("formation") != item["formation"]:
                c.fail(where, f"{mate!r} must be placed in the same {item['formation']} with {pid} as its partner [8.4]")
            if other["hex"] != item["hex"]:
                c.fail(where, f"a {item['formation']} stands in one hex: {pid} in {item['hex']}, {mate} in {other['hex']}")
    for i, pid in enumerate(c.list_(setup.get("remove", []), "remove")):
        c.unit(pid, f"remove[{i}]")
    if "turn" in setup:
        c.int_(setup["turn"], "turn", 1, game.last_turn)
    if "phase" in setup:
        c.choice(setup["phase"], "phase", game.PHASES)
        if setup["phase"] == "S" and setup.get("turn", 1) != 1:
            c.fail("phase", "the Set-up Phase comes before Game-Turn 1 only")
    for key, lo, hi in (("dp", -10_000, 10_000), ("vp", -10_000, 10_000)):
        armies = set(game.dp) if key == "dp" else set(game.sides)
        for army, v in c.obj(setup.get(key, {}), key).items():
            c.choice(army, f"{key}.{army}", armies)
            c.int_(v, f"{key}.{army}", lo, hi)
    for army, v in c.obj(setup.get("demoralized", {}), "demoralized").items():
        c.choice(army, f"demoralized.{army}", set(game.demoralized))
        c.bool_(v, f"demoralized.{army}")
    for t, v in c.obj(setup.get("night", {}), "night").items():
        if not isinstance(t, str) or not t.isdigit() or not 1 <= int(t) <= game.last_turn:
            c.fail(f"night.{t}", f"must name a Game-Turn 1-{game.last_turn}")
        c.bool_(v, f"night.{t}")
    for pid, v in c.obj(setup.get("magic_spent", {}), "magic_spent").items():
        c.unit(pid, f"magic_spent.{pid}", leader=True)
        ld = game.units[pid]
        if ld.magic <= 0:
            c.fail(f"magic_spent.{pid}", f"{ld.name} is not a magic leader [8.51]")
        c.int_(v, f"magic_spent.{pid}", 0, ld.magic)
    game.check_setup_exclusive(c, setup)


def check_position(game: SpiGame) -> None:
    """What no rule allows in a built position (after the set-up is applied)."""
    def fail(what: str) -> NoReturn:
        raise RecordError(f"setup: {what}")

    for h, ids in game.at.items():
        pieces = [game.units[i] for i in ids]
        stackers = [p for p in pieces if game.counts_for_stacking(p)]
        if len(stackers) > 1 and not (len(stackers) == 2 and stackers[0].partner == stackers[1].id
                                      and stackers[1].partner == stackers[0].id):
            fail(f"{h} would hold {', '.join(p.id for p in stackers)}: one combat unit a hex [5.0]")
        sides = {p.side for p in pieces if not p.is_gear}
        if len(sides) > 1:
            fail(f"{h} would hold pieces of both sides [4.27]")
        for p in pieces:
            if not game.may_stand_in(p, h):
                fail(f"{p.id} may not stand in {h} ({game.hexmap.terrain(h)}) [4.3]")
    for p in game.units.values():
        if p.formation is not None and p.on_map:
            q = game.units.get(p.partner or "")
            if q is None or q.partner != p.id or q.hex != p.hex or q.formation != p.formation:
                fail(f"{p.id} is in a {p.formation} without its partner [8.4]")
