"""Movement rules [WR §10.2] over the map's Terrain Effects Chart [WR §5.1]: whether a path is
legal for an army stack, a character or a Nazgûl, what it costs, where it must stop, and which
hexes a hidden group is intercepted in.  Pure functions of the map and a :class:`MoveContext`
(what the mover's side may know and the game's flags), shared by the game and its tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core import hexes as hx
from .mapdata import WarMap

MOUNT_DOOM = "3324"
BARAD_DUR = "3523"


@dataclass(frozen=True)
class MoveContext:
    """Who moves, and the state of the world the rules of movement read."""

    kind: str                        # "army", "character", "nazgul" (riding or flying)
    mf: float                        # movement factor for this move (printed, MF 7 with cavalry ...)
    side: str                        # "free" or "dark"
    flying: bool = False             # a Nazgûl on a fell beast [WR §10.2.3]
    hidden: bool = False             # a hidden Fellowship group [WR §10.6]
    fellowship: bool = True          # a Fellowship-side character (for Mount Doom, [WR §V17])
    enemy_armies: frozenset[str] = frozenset()       # hexes holding enemy army units
    enemy_pieces: frozenset[str] = frozenset()       # hexes holding any enemy piece
    enemy_defended_places: frozenset[str] = frozenset()   # enemy places with ID above 0
    closed_sanctuaries: frozenset[str] = frozenset()  # sanctuaries a Dark character may not enter
    open_passes: bool = False        # Misty Passes Open [WR §V21]
    doom_open: bool = False          # the §V17 restriction has lapsed
    gorgoroth_open: bool = False     # the §V20 restriction has lapsed
    mordor_mobilized: bool = False   # Nazgûl may fly west of the Anduin [WR §V31]
    shadowfax: bool = False          # Gandalf with Shadowfax: MF 10, never into Mordor [WR §V30]
    ending: bool = True              # the path ends the move (Gorgoroth is about ending)
    extra: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class PathCheck:
    """The verdict on a path: ``why`` (with the rule) is None when it is legal."""

    cost: float
    why: str | None
    interceptions: tuple[str, ...] = ()


def west_of_anduin(W: WarMap, h: str) -> bool:
    return W.in_region(h, "west-of-anduin")


def in_mordor(W: WarMap, h: str) -> bool:
    return W.in_region(h, "mordor")


def check_path(W: WarMap, path: list[str], ctx: MoveContext) -> PathCheck:
    """[WR §10.2] The path's hexes, from where the mover stands to where it ends."""
    if len(path) < 2:
        return PathCheck(0.0, "[WR §10.2] a move needs at least one step")
    for h in path:
        if h not in W:
            return PathCheck(0.0, f"[WR §5] {h!r} is not a hex of the map")
    cost = 0.0
    mf = ctx.mf
    intercepts: list[str] = []
    if ctx.kind == "nazgul" and ctx.flying and any(west_of_anduin(W, h) for h in path):
        if not ctx.mordor_mobilized:
            return PathCheck(0.0, "[WR §V31] until Mordor mobilizes a Nazgûl may not fly west of "
                             "the Anduin; he must ride there")
        mf = min(mf, 7.0)                                       # [WR §V31] R-NAZGUL-WEST-COMBINE
    if ctx.kind == "nazgul" and not ctx.flying and any(west_of_anduin(W, h) for h in path):
        mf = min(mf, 7.0)
    if ctx.shadowfax and any(in_mordor(W, h) for h in path[1:]):
        mf = min(mf, ctx.extra.get("mf_without_shadowfax", 6.0))   # [WR §V30] R-SHADOWFAX-WAITS
    for i in range(1, len(path)):
        a, b = path[i - 1], path[i]
        if hx.direction_to(a, b) is None:
            return PathCheck(cost, f"[WR §10.2] {a} and {b} are not adjacent")
        if ctx.kind == "nazgul" and ctx.flying:
            step = 1.0                                          # [WR §10.2.3] R-NAZGUL-MF
        else:
            mover = "army" if ctx.kind == "army" else "character"
            c = W.move_cost(a, b, mover, open_passes=ctx.open_passes)
            if c is None:
                return PathCheck(cost, f"[WR §5.1] {mover}s may not move from {a} into {b} "
                                 f"({W.terrain(b)}{', a closed pass' if W.pass_at(a, b) else ''})")
            step = c
        cost += step
        last = i == len(path) - 1
        # Mount Doom [WR §V17]: closed to non-Fellowship characters and Dark armies until lapse
        if b == MOUNT_DOOM and not ctx.doom_open and (
                (ctx.kind != "army" and not ctx.fellowship) or (ctx.kind == "army" and ctx.side == "dark")):
            return PathCheck(cost, "[WR §V17] until the Ring is worn or spotted in Mordor no "
                             "non-Fellowship character or Dark Power army may enter Mount Doom")
        if b in ctx.closed_sanctuaries and ctx.side == "dark" and ctx.kind != "army":
            return PathCheck(cost, f"[WR §10.6] a Dark Power character may not enter the sanctuary "
                             f"{b} while its intrinsic defence stands")
        # stops [WR §10.2.1] [WR §10.2.2]
        if ctx.kind == "army":
            if (b in ctx.enemy_armies or b in ctx.enemy_defended_places) and not last:
                return PathCheck(cost, f"[WR §10.2.1] an army must stop on entering {b} (enemy "
                                 "army units or a defended enemy place)")
        elif not (ctx.kind == "nazgul" and ctx.flying):
            if b in ctx.enemy_pieces:
                if ctx.hidden:
                    intercepts.append(b)                        # [WR §10.7.3]
                elif not last:
                    return PathCheck(cost, f"[WR §10.2.2] a revealed character must stop on "
                                     f"entering {b}, which holds enemy pieces")
    end = path[-1]
    if cost > mf + 1e-9:
        return PathCheck(cost, f"[WR §10.2] the path costs {cost:g} MP; the movement factor is {mf:g}")
    if ctx.kind == "nazgul" and ctx.flying and W.terrain(end) in ("sea", "lake", "mountain"):
        return PathCheck(cost, f"[WR §10.2.3] a flight may not end in {W.terrain(end)}")
    if ctx.kind == "army" and ctx.ending and not ctx.gorgoroth_open and \
            W.in_region(end, "gorgoroth") and end != BARAD_DUR:
        return PathCheck(cost, "[WR §V20] no army unit may end its move in Gorgoroth (except "
                         "Barad-dûr and Udûn)")
    return PathCheck(cost, None, tuple(intercepts))
