"""[8.0] and [10.0] the movement phases, with [6.0] stacking and the special hexes of [11.0].

A move is a few small decisions: ``select`` a piece, then ``step`` into adjacent hexes one
at a time and ``stop``.  A step that needs another player's permission ([8.2] opposing
pieces, [8.4] Elven hexes, [11.2] Moria with Gandalf) hands the decision to that player,
who answers ``permit`` or ``refuse``.  A step is offered only if the piece could still end
its move legally from there; if refusals leave it nowhere to stop, the move is abandoned
and the piece goes back to where it started.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction

if TYPE_CHECKING:
    from .game import BattleOfTheRingGame

STOP: Action = {"type": "stop"}
OK = "ok"
NO = "no"


#: no Elven hex left behind on the path looked ahead along (the usual case)
_NONE_LEFT: frozenset[str] = frozenset()

class MovementRules:
    """Mixed into :class:`BattleOfTheRingGame`."""

    # ----- who may move ---------------------------------------------------------------------
    def may_move(self: BattleOfTheRingGame, pid: str) -> IllegalAction | None:
        nation = self.S.nation_of[pid]
        if nation == "fangorn" and self.fangorn_state == "dormant":
            return IllegalAction("[8.1]", "the Fangorn army does not move until it is activated [11.7]")
        if nation == "dead" and self.paths_state == "dormant":
            return IllegalAction("[8.1]", "the Armies of the Dead do not move until Aragorn "
                                 "activates them [11.11]")
        if pid == "gandalf" and self.moria_used and self.hex_of.get(pid) == self.S.moria:
            return IllegalAction("[11.3]", "Alliance pieces have passed through Moria this phase: "
                                 "Gandalf must remain there")
        return None

    def must_leave(self: BattleOfTheRingGame, pid: str, h: str) -> bool:
        """[11.8] the activator leaves Fangorn; [8.4] the Ring-bearer's two rounds are up."""
        if pid == self.fangorn_activator and self.fangorn_state == "active" and h == self.S.fangorn:
            return True
        return (pid == "ring" and h in self.S.elven and self.rb_rounds.get(h, 0) >= 2
                and self.elves_remain())

    # ----- one step -------------------------------------------------------------------------
    def step_verdict(self: BattleOfTheRingGame, pid: str, frm: str, to: str,
                     left: frozenset[str] = _NONE_LEFT) -> tuple:
        """(OK, permissions needed, capture?) or (NO, rule, why) for a step ``frm`` -> ``to``
        of an adjacent, passable hex (the static terrain checks are in ``S.steps``).
        ``left``: Elven hexes the Ring-bearer would have left earlier on a path being looked
        ahead along (they are closed to it as if it had left them already) [8.4]."""
        S = self.S
        P = self.player(pid)
        if frm == S.paths and self.paths_state == "awakened" and to != S.paths_south:
            return (NO, "[11.11]", "Aragorn and the Armies of the Dead must leave the Paths of "
                    "the Dead through the South")
        need: tuple[str, ...] = ()
        if to in S.special:
            if to == S.mount_doom:
                if not (pid == "ring" and P == "alliance"):
                    return (NO, "[11.12]", "no piece except the Ring-bearer may occupy or cross Mount Doom")
            elif to == S.moria:
                if pid != "gandalf":
                    gandalf_in = self.hex_of.get("gandalf") == S.moria
                    if P == "alliance":
                        if not gandalf_in:
                            return (NO, "[11.1]", "Alliance pieces pass through Moria only while "
                                    "Gandalf occupies it")
                    elif gandalf_in:
                        need = ("alliance",)  # [11.2]
            elif to == S.isengard:
                if self.isengard_special and not self.sarumans(pid):
                    return (NO, "[11.4]", "only Saruman and Man-Orc armies may enter Isengard")
            elif to == S.fangorn:
                if self.fangorn_state == "active":
                    return (NO, "[11.8]", "the Fangorn army has gone to Isengard: only the piece "
                            "that activated it is still in Fangorn, and it must leave")
                if self.fangorn_state != "dormant":
                    return (NO, "[11.8]", "Fangorn is closed to all pieces")
                if not (pid == "gandalf" or (pid == "ring" and P == "alliance")):
                    return (NO, "[8.5]", "only Gandalf or the Ring-bearer may enter Fangorn [6.2]")
                if any(q != "fangorn" and q != pid for q in self.at.get(to, ())):
                    return (NO, "[6.2]", "only one of Gandalf and the Ring-bearer may join the "
                            "Fangorn army")
            elif to == S.paths:
                if self.paths_state != "dormant":
                    return (NO, "[11.11]", "the Paths of the Dead are closed to all pieces")
                if pid != "aragorn":
                    return (NO, "[8.5]", "only Aragorn may enter the Paths of the Dead [6.2]")
                if frm not in (S.paths_north, S.paths_south):
                    return (NO, "[11.11]", "Aragorn enters the Paths of the Dead from the North "
                            "or the South")
        if to in S.elven and self.elves_remain():
            if pid == "ring" and (to in self.rb_left or to in left):
                return (NO, "[8.4]", "the Ring-bearer can never return to an Elven hex it has left")
            if P != "alliance" and "alliance" not in need:
                need += ("alliance",)
        capture = False
        for q in self.at.get(to, ()):
            if q == pid:
                continue
            qp = self.player(q)
            if qp == P:
                continue  # [8.2] friendly pieces may be moved over at any time
            if q == "ring":
                capture = True  # [11.14]
            elif qp not in need:
                need += (qp,)  # [8.2] only with that player's permission
        return (OK, need, capture)

    def can_stop(self: BattleOfTheRingGame, pid: str, h: str) -> bool:
        """May ``pid`` end its move on ``h`` (entered this move)?  [6.1] [6.2] [8.5] [11.1]"""
        S = self.S
        others = [q for q in self.at.get(h, ()) if q != pid]
        if h == S.moria:
            return pid == "gandalf" and not others          # [11.1]
        if pid == "ring" and h in S.elven and self.rb_rounds.get(h, 0) >= 2 and self.elves_remain():
            return False
        if not others:
            return True
        if h == S.fangorn:                                   # [6.2]
            return others == ["fangorn"] and pid in ("gandalf", "ring")
        if h == S.paths:                                     # [6.2]
            return pid == "aragorn" and all(S.nation_of[q] == "dead" for q in others)
        return False                                         # [6.1]

    def stop_ok(self: BattleOfTheRingGame, pid: str, h: str, start: str) -> bool:
        if h == start:
            return not self.must_leave(pid, h)
        return self.can_stop(pid, h)

    def leaving(self: BattleOfTheRingGame, pid: str, h: str) -> bool:
        """Would a step out of ``h`` close it to ``pid`` for ever?  [8.4] the Ring-bearer
        leaving an Elven hex while an Elven army remains."""
        return pid == "ring" and h in self.S.elven and self.elves_remain()

    def can_finish(self: BattleOfTheRingGame, pid: str, h: str, mp: int, start: str,
                   refused: list[str], memo: dict, left: frozenset[str] = _NONE_LEFT,
                   track: bool = True) -> bool:
        """Could ``pid``, having stepped into ``h`` with ``mp`` left, still end its move
        legally (assuming permissions are granted, except those already refused)?

        ``left`` holds the Elven hexes the Ring-bearer left on the way to ``h``: the look-ahead
        follows the path's own consequences, so a step whose only way on is back into an
        Elven hex it would have just left is not offered (a dead end otherwise) [8.4].
        (``track=False`` ignores them: for the diagnosis only.)"""
        key = (h, mp, left)
        if key in memo:
            return memo[key]
        memo[key] = False
        ok = self.stop_ok(pid, h, start)
        if not ok and mp > 0:
            plain, at = self.S.plain, self.at
            nxt = left | {h} if track and self.leaving(pid, h) else left
            for n in self.S.steps[h]:
                if n in refused:
                    continue
                if n in plain and n not in at:
                    ok = True
                    break
                v = self.step_verdict(pid, h, n, left)
                if v[0] is NO:
                    continue
                if v[2] or self.can_finish(pid, n, mp - 1, start, refused, memo, nxt, track):
                    ok = True
                    break
        memo[key] = ok
        return ok

    def step_options(self: BattleOfTheRingGame, pid: str, h: str, mp: int, start: str,
                     refused: list[str], first: bool = False) -> list[str]:
        """The hexes ``pid`` at ``h`` may step into now (``first``: stop at the first)."""
        out: list[str] = []
        if mp <= 0:
            return out
        S = self.S
        at = self.at
        plain = S.plain
        fast = not (h == S.paths and self.paths_state == "awakened")
        memo: dict = {}
        left = frozenset((h,)) if pid == "ring" and self.leaving(pid, h) else _NONE_LEFT
        for n in S.steps[h]:
            if n in refused:
                continue
            if fast and n in plain and n not in at:
                out.append(n)  # an empty ordinary hex: always a legal step and a legal stop
            else:
                v = self.step_verdict(pid, h, n)
                if v[0] is NO:
                    continue
                if not (v[2] or self.can_finish(pid, n, mp - 1, start, refused, memo, left)):
                    continue
                out.append(n)
            if first:
                break
        return out

    # ----- the phase's decisions ----------------------------------------------------------
    def movable(self: BattleOfTheRingGame, first: bool = False) -> list[str]:
        """The current player's pieces that can still move this phase (``first``: any?)."""
        out = []
        cur = self.current
        moved, hex_of = self.moved, self.hex_of
        pids = self.pids_of[cur]
        if self.ring_holder == cur:
            pids = [*pids, "ring"]
        for pid in pids:
            h = hex_of.get(pid)
            if h is None or pid in moved or self.may_move(pid) is not None:
                continue
            if self.step_options(pid, h, self.move_allowance(pid), h, [], True):
                out.append(pid)
                if first:
                    return out
        return out

    def end_blocked(self: BattleOfTheRingGame, movable: list[str]) -> IllegalAction | None:
        """[11.8] [8.4] a piece that must leave its hex, and can, has not yet tried."""
        for pid in movable:
            h = self.hex_of[pid]
            if self.must_leave(pid, h):
                return self.why_must_leave(pid, h)
        return None

    def why_must_leave(self: BattleOfTheRingGame, pid: str, h: str) -> IllegalAction:
        """The refusal for ending a phase (or a move) on a hex ``pid`` must leave."""
        if h == self.S.fangorn:  # the activator: Gandalf or the Ring-bearer [11.8]
            return IllegalAction("[11.8]", f"{self.name(pid)} activated the Fangorn army and "
                                 f"must leave Fangorn ({h}) as soon as an empty hex is in "
                                 "movement range")
        return IllegalAction("[8.4]", f"the Ring-bearer has occupied the Elven hex {h} for two "
                             "rounds and must move out")

    def moving_actions(self: BattleOfTheRingGame) -> list[Action]:
        m = self.moving
        pid = m["pid"]
        h = self.hex_of[pid]
        out: list[Action] = [{"type": "step", "hex": n} for n in
                             self.step_options(pid, h, m["mp"], m["start"], m["refused"])]
        if self.stop_ok(pid, h, m["start"]):
            out.append(STOP)
        return out

    def move_allowance(self: BattleOfTheRingGame, pid: str) -> int:
        return self.S.nations[self.S.nation_of[pid]].move  # [8.1]

    # ----- carrying them out ----------------------------------------------------------------
    def do_select(self: BattleOfTheRingGame, pid: str) -> list[Event]:
        h = self.hex_of[pid]
        self.moving = {"pid": pid, "start": h, "mp": self.move_allowance(pid), "path": [h],
                       "refused": [], "escape": False, "rb_left": sorted(self.rb_left)}
        return []  # the move is logged once, when the piece stops

    def do_step(self: BattleOfTheRingGame, to: str) -> list[Event]:
        m = self.moving
        pid = m["pid"]
        v = self.step_verdict(pid, self.hex_of[pid], to)
        need = v[1]
        if need:
            return self.ask_permission(list(need), to)
        return self.make_step(to, v[2])

    def ask_permission(self: BattleOfTheRingGame, need: list[str], to: str) -> list[Event]:
        pid = self.moving["pid"]
        giver = need[0]
        rule = self.permission_rule(pid, to, giver)
        self.pending.append({"kind": "permit", "to": giver, "rest": need[1:], "hex": to,
                             "piece": pid, "asker": self.player(pid), "rule": rule})
        return [event("permission", rule, f"{self.player(pid)} asks {giver} for permission to "
                      f"move {self.name(pid)} into {to}", piece=pid, hex=to, giver=giver)]

    def permission_rule(self: BattleOfTheRingGame, pid: str, to: str, giver: str) -> str:
        if to == self.S.moria:
            return "[11.2]"
        if to in self.S.elven and giver == "alliance" and not any(
                self.player(q) == "alliance" for q in self.at.get(to, ()) if q != pid):
            return "[8.4]"
        return "[8.2]"

    def do_permit(self: BattleOfTheRingGame) -> list[Event]:
        p = self.pending.pop()
        ev = [event("permit", p["rule"], f"{p['to']} permits {self.name(p['piece'])} to move "
                    f"into {p['hex']}", giver=p["to"], hex=p["hex"])]
        if p["rest"]:
            return ev + self.ask_permission(p["rest"], p["hex"])
        v = self.step_verdict(p["piece"], self.hex_of[p["piece"]], p["hex"])
        return ev + self.make_step(p["hex"], v[2])

    def do_refuse(self: BattleOfTheRingGame) -> list[Event]:
        p = self.pending.pop()
        self.moving["refused"].append(p["hex"])
        ev = [event("refuse", p["rule"], f"{p['to']} refuses {self.name(p['piece'])} passage "
                    f"into {p['hex']}", giver=p["to"], hex=p["hex"])]
        if not self.moving_actions():
            ev += self.abort_move()
        return ev

    def make_step(self: BattleOfTheRingGame, to: str, capture: bool) -> list[Event]:
        m = self.moving
        pid = m["pid"]
        frm = self.hex_of[pid]
        if to == self.S.moria and pid != "gandalf" and self.player(pid) == "alliance":
            self.moria_used = True  # [11.3]
        if capture:
            return self.capture(pid, to)
        if self.leaving(pid, frm):
            self.rb_left.add(frm)  # [8.4] once it has left, it can never return
        self.relocate(pid, to)
        m["mp"] -= 1
        m["path"].append(to)
        return []

    def do_stop(self: BattleOfTheRingGame) -> list[Event]:
        m = self.moving
        pid = m["pid"]
        h = self.hex_of[pid]
        self.moving = None
        self.moved.add(pid)
        ev = []
        if len(m["path"]) > 1:
            ev.append(event("move", "[11.14]" if m["escape"] else "[8.1]",
                            f"{self.name(pid)} moves {' -> '.join(m['path'])}",
                            piece=pid, path="-".join(m["path"]), hex=h))
        ev += self.after_move(pid, h)
        if m["escape"] and self.after_escape:
            self.after_escape = False
            ev += self.next_phase()
        return ev

    def abort_move(self: BattleOfTheRingGame) -> list[Event]:
        m = self.moving
        pid = m["pid"]
        self.relocate(pid, m["start"])
        if pid == "ring":
            self.rb_left = set(m["rb_left"])
        self.moving = None
        self.moved.add(pid)
        ev = [event("abandon", "[8.2]", f"{self.name(pid)} has nowhere to end its move: it stays "
                    f"at {m['start']}", piece=pid, hex=m["start"])]
        if m["escape"] and self.after_escape:
            self.after_escape = False
            ev += self.next_phase()
        return ev

    def capture(self: BattleOfTheRingGame, pid: str, h: str) -> list[Event]:
        """[11.14] capture the Ring: both pieces removed, the captor for ever [Q3]; the
        capturing player's Ring-bearer takes its place and may escape 3 hexes."""
        P = self.player(pid)
        old = self.ring_holder
        self.moving = None
        self.moved.add(pid)
        self.remove(pid)
        self.lost.add(pid)
        if self.shire_third in (pid, "ring"):
            self.shire_third = None  # [7.5] the third nation's piece has gone, not withdrawn
        self.ring_holder = P
        ev = [event("capture", "[11.14]", f"{self.name_of(pid)} ({P}) captures the Ring-bearer "
                    f"of {old} at {h}; {self.name_of(pid)} is removed from the game [Q3]",
                    piece=pid, hex=h, holder=P, was=old)]
        if pid == "saruman" and not self.two:
            self.set_result("saruman", "[3.1]", "the Saruman piece occupies the Ring's hex")
            return ev
        self.moving = {"pid": "ring", "start": h, "mp": 3, "path": [h], "refused": [],
                       "escape": True, "rb_left": sorted(self.rb_left)}
        if not self.moving_actions():
            ev += self.abort_move()  # nowhere to escape to, and it may not stay: it stays
        return ev

    # ----- diagnosis --------------------------------------------------------------------------
    def why_not_step(self: BattleOfTheRingGame, to: Any) -> IllegalAction:
        m = self.moving
        pid = m["pid"]
        h = self.hex_of[pid]
        S = self.S
        if to not in S.hexmap:
            return IllegalAction("[2.1]", f"{to!r} is not a hex of the map")
        if to not in S.hexmap.adjacent(h):
            return IllegalAction("[8.1]", f"{to} is not adjacent to {h}: move one hex at a time")
        if m["mp"] <= 0:
            return IllegalAction("[8.1]", f"{self.name(pid)} has used its movement allowance of "
                                 f"{self.move_allowance(pid)}" + (" (escape move)" if m["escape"] else ""))
        terrain = S.hexmap.terrain(to)
        if terrain in ("mountain", "sea", "forest"):
            return IllegalAction("[8.3]", f"no piece may cross or occupy {terrain} hexes")
        if (h, to) in S.mountain_side:
            return IllegalAction("[8.3]", "no piece may cross a mountain hexside")
        if (h, to) in S.closed_side:
            return IllegalAction("[8.3]", "no piece may cross the Entwash")
        if to in m["refused"]:
            return IllegalAction("[8.2]", f"permission to enter {to} was refused")
        v = self.step_verdict(pid, h, to)
        if v[0] is NO:
            return IllegalAction(v[1], v[2])
        if pid == "ring" and self.elves_remain() and self.could_finish_but_for_elven_hexes(to):
            return IllegalAction("[8.4]", f"the Ring-bearer could not end its move anywhere beyond "
                                 f"{to}: its only ways on lead back into an Elven hex it has left "
                                 "this move, which it may never re-enter (one piece per hex [6.1])")
        return IllegalAction("[6.1]", f"{self.name(pid)} could not end its move anywhere beyond {to} "
                             "(one piece per hex)")

    def could_finish_but_for_elven_hexes(self: BattleOfTheRingGame, to: str) -> bool:
        """Diagnosis only: would the step into ``to`` be open if the Elven hexes the moving
        Ring-bearer leaves during this move stayed open to it?  [8.4]"""
        m = self.moving
        kept = self.rb_left
        self.rb_left = set(m["rb_left"])   # as at the start of the move
        try:
            return self.can_finish("ring", to, m["mp"] - 1, m["start"], m["refused"], {},
                                   track=False)
        finally:
            self.rb_left = kept

    def why_not_select(self: BattleOfTheRingGame, pid: Any) -> IllegalAction:
        if pid not in self.hex_of:
            return IllegalAction("[8.1]", f"{pid!r} is not a piece on the board")
        if self.player(pid) != self.current:
            return IllegalAction("[8.1]", f"{self.name(pid)} belongs to {self.player(pid)}, not "
                                 f"{self.current}")
        if pid in self.moved:
            return IllegalAction("[8.1]", f"{self.name(pid)} has already moved this phase")
        why = self.may_move(pid)
        if why is not None:
            return why
        return IllegalAction("[8.3]", f"{self.name(pid)} has no hex it may move to")
