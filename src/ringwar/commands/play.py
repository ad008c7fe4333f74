"""``ringwar play SYSTEM``: an interactive terminal game, against an AI (``--vs heuristic``,
the default, instant; ``mcts``, a search that plans each Movement Phase, thinking about
``--think`` seconds a plan (docs/ai.md has its measured strength); ``random``) or hot-seat.  Works through the engine contract only, so it plays any system; SPI-shaped
actions get short typed commands (``move 1324 1323``, ``fire 0608 0810``, ``end`` ...).

Reads plain lines from stdin (a terminal, a pipe or a test), so it can be scripted.
"""

from __future__ import annotations

import itertools
import random
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any

import click

from .. import textview as tv
from ..ai.levels import LEVELS

HEX = re.compile(r"^\d{4}$")
LEVEL_NAMES = [lv.name for lv in LEVELS]

#: typed verb -> the action types it may mean
VERBS: dict[str, tuple[str, ...]] = {
    "move": ("move",), "m": ("move",), "split": ("split",), "form": ("form",), "exit": ("exit",),
    "exchange": ("exchange",), "fire": ("fire",), "attack": ("attack",),
    "leader": ("leader_attack",), "leader_attack": ("leader_attack",), "rally": ("rally",),
    "retreat": ("retreat", "retreat_before_combat"), "rbc": ("retreat_before_combat",),
    "advance": ("advance",), "stay": ("stay",), "stand": ("stand",), "resolve": ("resolve",),
    "end": ("end",), "pass": ("end",), "cast": ("cast",), "conjure": ("conjure",),
    "beast": ("beast_power",), "power": ("beast_power",), "select": ("select",),
}

#: the order typed arguments fill an action's fields
FIELDS: dict[str, tuple[str, ...]] = {
    "move": ("unit", "to"), "split": ("unit", "to"), "form": ("unit", "with", "hex"),
    "exit": ("unit",), "exchange": ("unit", "target"), "fire": ("unit", "target"),
    "attack": ("unit", "target"), "leader_attack": ("unit", "target"), "rally": ("unit", "target"),
    "retreat": ("unit", "to"), "retreat_before_combat": ("unit", "to"), "advance": ("unit", "to"),
    "stay": ("unit",), "stand": ("unit",), "resolve": (), "end": (), "select": ("unit",),
    "cast": ("unit", "spell", "points"), "conjure": ("unit",),
    "beast_power": ("unit", "power", "facing"),
}

#: fields that name a unit (a typed hex may stand for the unit in it)
UNIT_FIELDS = ("unit", "piece", "target", "with")

HELP = """\
commands:
  ? | list [UNIT|HEX]    the legal actions, numbered and grouped by unit (in full for one unit)
  N                      do legal action number N
  move A HEX             move unit A (an id, or the hex it stands in) to HEX;  'move A' lists A's moves
  fire A B | attack A B | leader A B | rally A B     (A, B: unit ids or hexes)
  retreat HEX | advance | stay | stand | resolve | end | exit A | split A HEX | form A B HEX
  cast A SPELL POINTS | conjure A | power A POWER [FACING] | select A
  HEX                    the one legal action that goes to HEX (e.g. a retreat)
  odds A B [missile]     chances of A attacking B now (SPI games)
  hint [SECONDS]         the AI's suggestion for you and each side's chances, from your view
  map [HEX|UNIT|all] [R] the map around the action (radius R)
  units [SIDE|HEX]       units by hex, with side, label and flags
  log [N]                the last N events (default 20) with rule cases and dice
  status                 turn, phase and the decision asked
  undo                   take back your last action (not past a die roll)
  resign                 give up the game: the other side(s) win (asks you to confirm)
  draw                   offer a draw: the other side accepts or declines (an AI declines)
  save FILE              save the game (ringwar replay FILE / ringwar play --load FILE)
  m UNIT INCHES BEARING  (table games) move UNIT straight that far, the bearing relative to its
                         heading (0 ahead, 90 left); the unit is selected first if need be
  help                   this text
  quit                   leave (saves first if --save was given)"""


def parse_option(text: str) -> tuple[str, Any]:
    """``"errata_7_37=false"`` -> ("errata_7_37", False); ints and floats are converted."""
    if "=" not in text:
        raise click.BadParameter(f"{text!r} is not KEY=VALUE", param_hint="--option")
    k, v = text.split("=", 1)
    k = k.strip()
    low = v.strip().lower()
    value: Any
    if low in ("true", "yes", "on"):
        value = True
    elif low in ("false", "no", "off"):
        value = False
    else:
        try:
            value = int(v)
        except ValueError:
            try:
                value = float(v)
            except ValueError:
                value = v
    return k, value


def pick_side(sides: Sequence[str], given: str | None) -> str:
    """A side by name or unambiguous prefix (the first side if none is given)."""
    if given is None:
        return sides[0]
    hits = [s for s in sides if s.lower() == given.lower()] or \
        [s for s in sides if s.lower().startswith(given.lower())]
    if len(hits) != 1:
        raise click.BadParameter(f"{given!r} is not a side of this game (sides: {', '.join(sides)})",
                                 param_hint="--side")
    return hits[0]


def _agent_label(agent: Any) -> str:
    level = getattr(agent, "level", None)
    return f"{level}-level" if level else getattr(agent, "name", type(agent).__name__)


class Session:
    """One terminal game: the loop, the typed commands and the printing."""

    def __init__(self, game: Any, humans: Sequence[str], agents: dict[str, Any],
                 echo: Callable[[str], None] = click.echo, save_path: str | None = None) -> None:
        self.game = game
        self.humans = list(humans)
        self.agents = agents
        self.echo = echo
        self.save_path = save_path
        self.actors: list[str | None] = [None] * len(game.record.actions)
        self._status_key: Any = None
        self._listed: list[Any] | None = None   # the action list the player last saw
        self.viewer: str | None = self.humans[0] if self.humans else None
        self._read: Callable[[str], str | None] | None = None
        self.hint_think = 1.0           # seconds at most for each part of a hint
        self.hints = 0                  # hints asked (each gets its own seed)

    # ----- helpers -----------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        side = self.game.to_act if self.game.to_act in self.humans else self.viewer
        return self.game.view(side)

    def visible(self, e: dict[str, Any]) -> bool:
        to = e.get("visible_to")  # events only one side may see
        return to is None or to in self.humans

    def print_events(self, events: Sequence[dict[str, Any]], indent: str = "") -> None:
        for e in events:
            if self.visible(e):
                if e.get("type") in ("phase", "turn", "result"):
                    self.echo(tv.format_event(e))      # the clock belongs to nobody
                else:
                    self.echo(indent + tv.format_event(e))

    def autosave(self) -> None:
        if self.save_path:
            try:
                with open(self.save_path, "w", encoding="utf-8") as f:
                    f.write(self.game.save())
            except OSError as e:
                self.echo(f"cannot save to {self.save_path}: {e.strerror}")
                self.save_path = None

    def apply(self, action: dict[str, Any], side: str | None = None) -> bool:
        """Apply a human's action (for ``side``, by default the side to act); print its
        events, or the engine's refusal."""
        import ringwar

        side = side or self.game.to_act
        try:
            events = self.game.apply(action)
        except ringwar.IllegalAction as e:
            self.echo(str(e))
            return False
        self.actors.append(side)
        self.print_events(events)
        self.autosave()
        return True

    # ----- the loop ----------------------------------------------------------------------------
    def run(self, read_line: Callable[[str], str | None]) -> None:
        self._read = read_line
        game = self.game
        self.echo(f"{getattr(game, 'title', '') or game.system}: seed {game.record.seed}; "
                  f"you play {', '.join(self.humans) or 'nobody'}"
                  + (f" against the {', '.join(sorted({_agent_label(a) for a in self.agents.values()}))} agent"
                     if self.agents else " (hot-seat)")
                  + ". Type ? for what you may do, help for the commands.")
        if not game.record.actions:
            self.print_events(tv.visible_log(game, self.viewer)[-5:])
        while True:
            if game.result is not None:
                self.show_status(force=True)     # ends with the result
                self.autosave()
                return
            side = game.to_act
            if side is None:
                self.echo("the game has no side to act and no result: stopping")
                return
            if side not in self.humans:
                if not self.ai_step(side):
                    return
                continue
            self.viewer = side
            self.show_status()
            line = read_line(f"{side}> ")
            if line is None:
                self.echo("")
                self.autosave()
                self.echo("end of input: leaving the game" + (f" (saved to {self.save_path})"
                                                             if self.save_path else ""))
                return
            if not self.handle(line.strip()):
                self.autosave()
                return

    def ai_step(self, side: str) -> bool:
        legal = self.game.legal_actions()
        if not legal:
            self.echo(f"dead end: {side} is to act but has no legal action")
            return False
        agent = self.agents[side]
        if getattr(agent, "needs_world", False):
            # the search samples worlds consistent with its own side's view, never the game
            from ..ai.worlds import WorldFactory
            agent.world = WorldFactory(self.game, side)
        if getattr(agent, "uses_view", True):
            view = self.game.view(side)
        else:
            view = {"side": side, "to_act": side, "turn": self.game.turn, "phase": self.game.phase}
        action = agent.choose(view, legal)
        events = self.game.apply(action)
        self.actors.append(side)
        self.print_events(events, indent=f"  {side}: " if len(self.game.sides) > 1 else "  ")
        self.autosave()
        return True

    def show_status(self, force: bool = False) -> None:
        v = self.view()
        key = (v.get("turn"), v.get("phase"), v.get("step"), v.get("to_act"),
               repr(v.get("pending")), repr(v.get("decision")), repr(v.get("battle")))
        if tv.is_table(v):
            # a continuous table: the state changes with every action, so show it each time
            key = (key, len(self.game.record.actions))
        if key == self._status_key and not force:
            return
        self._status_key = key
        self.echo("")
        if tv.is_table(v):
            self.show_table(v)
            return
        for line in tv.status_lines(v):
            self.echo(line)
        legal = self.game.legal_actions()
        if legal and (v.get("pending") or len(legal) <= 6):
            for line in tv.action_list_lines(legal, v):
                self.echo("  " + line)
            self.mark_listed()
            if any("to" in a for a in legal):
                self.echo("  (type a number, or a hex to go there; ? UNIT for a unit's full list)")

    def show_table(self, v: dict[str, Any]) -> None:
        """A game on a continuous table: the status, the acting side's units and every legal
        action numbered (moves may also be typed: m UNIT DISTANCE BEARING)."""
        for line in tv.table_status_lines(v):
            self.echo(line)
        if self.game.result is not None:
            return
        for line in tv.table_units_lines(v, self.game.to_act):
            self.echo("  " + line)
        for line in tv.table_action_lines(self.game.legal_actions()):
            self.echo("  " + line)
        self.mark_listed()
        self.echo("  (type a number, or m UNIT INCHES BEARING to move UNIT that far on a bearing "
                  "relative to its heading; help for more)")

    def cmd_table_move(self, args: list[str]) -> None:
        """``m UNIT DISTANCE BEARING`` on a table: ``{"type": "move", "unit": UNIT, "path":
        "m<BEARING>:<DISTANCE>"}``, after selecting UNIT first if the game selects actors."""
        usage = "usage: m UNIT INCHES BEARING   (bearing in degrees relative to the unit's heading, 0 = ahead)"
        if len(args) not in (2, 3):
            self.echo(usage)
            return
        uid = args[0]
        try:
            dist = float(args[1])
            bearing = float(args[2]) if len(args) == 3 else 0.0
        except ValueError:
            self.echo(usage)
            return
        units = {str(u["id"]).lower(): str(u["id"]) for u in self.view().get("units", ())}
        uid = units.get(uid.lower(), uid)
        move = {"type": "move", "unit": uid, "path": f"m{bearing:g}:{dist:g}"}
        game = self.game
        selections = getattr(game, "SELECTIONS", frozenset())
        select = next((a for a in game.legal_actions() if a.get("type") in selections
                       and uid in {str(v) for k, v in a.items() if k != "type"}), None)
        if select is None:
            self.apply(move)
            return
        import ringwar

        side = game.to_act
        try:
            events = game.apply_selected(dict(select), move)
        except ringwar.IllegalAction as e:
            self.echo(str(e))
            return
        self.actors.extend([side, side])
        self.print_events(events)
        self.autosave()

    # ----- commands ----------------------------------------------------------------------------
    def handle(self, line: str) -> bool:
        """Carry out one typed line; False to leave the game."""
        if not line:
            return True
        words = line.split()
        verb, args = words[0].lower(), words[1:]
        if verb in ("quit", "q", "bye"):
            self.echo("leaving the game" + (f" (saved to {self.save_path})" if self.save_path else ""))
            return False
        table = tv.is_table(self.view())
        if table and verb in ("m", "move") and len(args) in (2, 3):
            self.cmd_table_move(args)
        elif table and verb == "units":
            side = None
            if args:
                try:
                    side = pick_side(self.game.sides, args[0])
                except click.BadParameter:
                    side = None if args[0] == "all" else self.viewer
            for line in tv.table_units_lines(self.view(), side if args else self.viewer):
                self.echo(line)
        elif verb in ("?", "list", "ls", "l"):
            self.cmd_list(args)
        elif verb in ("help", "h"):
            self.echo(HELP)
        elif verb == "status":
            self.show_status(force=True)
        elif verb == "map":
            self.cmd_map(args)
        elif verb == "units":
            self.cmd_units(args)
        elif verb == "log":
            self.cmd_log(args)
        elif verb == "undo":
            self.cmd_undo()
        elif verb == "resign":
            self.cmd_resign(args)
        elif verb == "draw":
            self.cmd_draw()
        elif verb == "save":
            self.cmd_save(args)
        elif verb == "odds":
            self.cmd_odds(args)
        elif verb == "hint":
            self.cmd_hint(args)
        elif HEX.match(verb) and not args and (
                self.goes_to(verb) or int(verb) > len(self.game.legal_actions())):
            self.cmd_hex(verb)
        elif verb.isdigit() and not args:
            self.cmd_number(int(verb))
        else:
            self.cmd_action(verb, args)
        return True

    def cmd_hint(self, args: list[str]) -> None:
        """The AI's suggestion for the side to act and every side's chances, from that
        side's own view (ai/analysis.py); nothing is played."""
        from ..ai.analysis import hint

        think = self.hint_think
        if args:
            try:
                think = max(0.05, min(float(args[0]), 10.0))
            except ValueError:
                self.echo("hint [SECONDS]: the seconds are a number, e.g. hint 2")
                return
        side = self.game.to_act if self.game.to_act in self.humans else self.viewer
        if side is None:
            self.echo("no seat of yours to give a hint for")
            return
        self.hints += 1
        h = hint(self.game, side, seed=self.game.record.seed * 7919 + self.hints, think=think)
        if h["text"]:
            self.echo(f"hint for {side}: {h['text']}")
            legal = self.game.legal_actions()
            if h["action"] in legal:
                self.echo(f"  (legal action {legal.index(h['action']) + 1})")
        self.echo("chances (" + f"{h['worlds']} looks ahead from {side}'s view): "
                  + ", ".join(f"{s} {100 * p:.0f}%" for s, p in h["chances"].items()))

    def meta(self, kind: str, side: str) -> bool:
        """Resign, or offer, accept or decline a draw, for ``side``."""
        return self.apply({"type": kind, "side": side}, side)

    def cmd_resign(self, args: list[str]) -> None:
        side = self.viewer or self.game.to_act
        others = [s for s in self.game.sides if s != side]
        if [a.lower() for a in args] != ["yes"]:
            self.echo(f"type 'resign yes' to resign: {' and '.join(others)} would win")
            return
        self.meta("resign", side)

    def cmd_draw(self) -> None:
        side = self.viewer or self.game.to_act
        if not self.meta("offer_draw", side):
            return
        for other in self.game.draw_answers_due():
            if other in self.agents:
                # an AI seat plays on (as in the web app: docs/ai.md)
                self.meta("decline_draw", other)
                return
            answer = self._read(f"{other}: accept the draw {side} offers? [yes/no] ") if self._read else None
            yes = (answer or "").strip().lower() in ("y", "yes")
            if not self.meta("accept_draw" if yes else "decline_draw", other) or not yes:
                return

    def mark_listed(self) -> None:
        from ..core.engine import action_key

        self._listed = [action_key(a) for a in self.game.legal_actions()]

    def cmd_list(self, args: list[str]) -> None:
        v = self.view()
        legal = self.game.legal_actions()
        if tv.is_table(v):
            for line in tv.table_action_lines(legal):
                self.echo(line)
            self.mark_listed()
            return
        only = args[0] if args else None
        for line in tv.action_list_lines(legal, v, only=only):
            self.echo(line)
        self.mark_listed()

    def cmd_number(self, n: int) -> None:
        from ..core.engine import action_key

        legal = self.game.legal_actions()
        if self._listed is None:
            self.echo("type ? first to see the numbered list of legal actions")
            return
        if [action_key(a) for a in legal] != self._listed:
            self.echo("the list of legal actions has changed since you last saw it: "
                      "type ? to see the new numbers")
            return
        if not 1 <= n <= len(legal):
            self.echo(f"no action number {n}: there are {len(legal)} (type ? to list them)")
            return
        self.apply(dict(legal[n - 1]))

    def goes_to(self, h: str) -> bool:
        return any(a.get("to") == h or a.get("hex") == h for a in self.game.legal_actions())

    def cmd_hex(self, h: str) -> None:
        legal = self.game.legal_actions()
        hits = [i for i, a in enumerate(legal) if a.get("to") == h or a.get("hex") == h]
        if len(hits) == 1:
            self.apply(dict(legal[hits[0]]))
        elif not hits:
            self.echo(f"no legal action goes to {h} now (type ? to list them)")
        else:
            self.choices(hits)

    def choices(self, indices: Sequence[int]) -> None:
        v = self.view()
        units = tv.unit_index(v)
        legal = self.game.legal_actions()
        self.echo("several actions match; type the number of the one you mean:")
        for i in indices:
            self.echo(f"  [{i + 1}] {tv.describe_action(legal[i], units)}")
        self.mark_listed()

    def cmd_map(self, args: list[str]) -> None:
        v = self.view()
        legal = self.game.legal_actions()
        hexmap = getattr(self.game, "hexmap", None)
        units = tv.unit_index(v)
        center: str | None = None
        radius = 5
        cols = rows = None
        for a in args:
            if a.isdigit() and len(a) <= 2:
                radius = max(1, int(a))
            elif HEX.match(a):
                center = a
            elif a in units and units[a].get("hex"):
                center = units[a]["hex"]
            elif a == "all" and hexmap is not None and getattr(hexmap, "spec", None) is not None:
                cols = (1, hexmap.spec.map.columns)
                rows = (1, hexmap.spec.map.rows)
            else:
                self.echo(f"map: {a!r} is not a hex, a unit, 'all' or a radius")
                return
        focus = tv.focus_hexes(v, legal, fallback=False)
        if center is None and cols is None:
            around = focus or tv.focus_hexes(v, legal)
            if around:
                cs = sorted(int(h[:2]) for h in around)
                rs = sorted(int(h[2:]) for h in around)
                center = f"{cs[len(cs) // 2]:02d}{rs[len(rs) // 2]:02d}"
        for line in tv.render_map(v, hexmap, center=center, radius=radius, focus=focus,
                                  cols=cols, rows=rows):
            self.echo(line)

    def cmd_units(self, args: list[str]) -> None:
        v = self.view()
        side = None
        hexes = None
        for a in args:
            if HEX.match(a):
                hexes = (hexes or []) + [a]
            else:
                try:
                    side = pick_side(self.game.sides, a)
                except click.BadParameter:
                    self.echo(f"units: {a!r} is neither a side ({', '.join(self.game.sides)}) nor a hex")
                    return
        for line in tv.units_by_hex(v, side=side, hexes=hexes):
            self.echo(line)

    def cmd_log(self, args: list[str]) -> None:
        n = 20
        if args:
            if args[0] == "all":
                n = 10**9
            elif args[0].isdigit():
                n = int(args[0])
            else:
                self.echo("usage: log [N|all]")
                return
        log = tv.visible_log(self.game, self.viewer)
        for line in tv.log_lines(log, n):
            self.echo(line)

    def cmd_undo(self) -> None:
        import ringwar

        game = self.game
        if not game.record.actions:
            self.echo("nothing to undo")
            return
        undone = 0
        try:
            # take back the other side's replies too, down to (and including) a human action
            while game.record.actions:
                actor = self.actors[-1] if self.actors else None
                game.undo()
                if self.actors:
                    self.actors.pop()
                undone += 1
                if actor is None or actor in self.humans:
                    break
        except ringwar.UndoRefused as e:
            self.echo(f"cannot undo: {e}")
        if undone:
            self.echo(f"undone: {undone} action{'s' if undone != 1 else ''}")
            self._status_key = None
            self.autosave()

    def cmd_save(self, args: list[str]) -> None:
        if len(args) != 1:
            self.echo("usage: save FILE")
            return
        try:
            with open(args[0], "w", encoding="utf-8") as f:
                f.write(self.game.save())
        except OSError as e:
            self.echo(f"cannot save to {args[0]}: {e.strerror}")
            return
        self.echo(f"saved to {args[0]} ({len(self.game.record.actions)} actions)")

    def cmd_odds(self, args: list[str]) -> None:
        game = self.game
        if not hasattr(game, "attack_letter") or not hasattr(game, "units"):
            self.echo("odds: this game has no SPI combat tables")
            return
        missile = False
        if args and args[-1].lower() in ("missile", "fire"):
            missile, args = True, args[:-1]
        if len(args) != 2:
            self.echo("usage: odds A B [missile]   (A, B: unit ids or hexes)")
            return
        from ..systems.spi.odds import attack_odds

        side = self.viewer
        units = tv.unit_index(self.view())
        a_ids = self.resolve_units(args[0], units, prefer=side)
        b_ids = self.resolve_units(args[1], units, prefer=None, avoid=side)
        if not a_ids or not b_ids:
            self.echo(f"odds: no unit {args[0] if not a_ids else args[1]!r}")
            return
        try:
            res = attack_odds(game, a_ids[0], b_ids[0], missile=missile)
        except ValueError as e:
            self.echo(f"odds: {e}")
            return
        mods = f" ({'; '.join(res['reasons'])})" if res["reasons"] else ""
        self.echo(f"{a_ids[0]} {res['attack']} vs {b_ids[0]} armour {res['armour']}{mods}, morale "
                  f"{res['morale']}{', fanatical' if res['fanatical'] else ''}:")
        self.echo("  " + "  ".join(f"{k} {v:.1%}" for k, v in res["odds"].items()))

    # ----- typed actions -------------------------------------------------------------------------
    def resolve_units(self, token: str, units: dict[str, dict[str, Any]], prefer: str | None = None,
                      avoid: str | None = None) -> list[str]:
        """Unit ids a token may mean: the id itself, or the units in a hex (``prefer``'s
        side first, ``avoid``'s side last; combat units before leaders)."""
        if token in units:
            return [token]
        low = token.lower()
        for uid in units:
            if uid.lower() == low:
                return [uid]
        if HEX.match(token):
            here = [u for u in units.values() if u.get("hex") == token]
            here.sort(key=lambda u: (prefer is not None and u.get("side") != prefer,
                                     avoid is not None and u.get("side") == avoid,
                                     u.get("kind") == "leader", str(u["id"])))
            return [str(u["id"]) for u in here]
        return []

    def value_matches(self, field: str, token: str, value: Any, units: dict[str, dict[str, Any]]) -> bool:
        if str(value).lower() == token.lower():
            return True
        if field in UNIT_FIELDS and HEX.match(token):
            u = units.get(value)
            return u is not None and u.get("hex") == token
        return False

    def action_matches(self, a: dict[str, Any], pos: list[str], kw: dict[str, str],
                       units: dict[str, dict[str, Any]]) -> bool:
        for k, t in kw.items():
            if k not in a or not self.value_matches(k, t, a[k], units):
                return False
        kind = a["type"]
        order = [k for k in FIELDS.get(kind, ()) if k in a and k not in kw]
        order += [k for k in a if k not in order and k != "type" and k not in kw]
        if len(pos) > len(order):
            return False
        if not pos:
            return True
        prefix = all(self.value_matches(k, t, a[k], units) for k, t in zip(order, pos))
        suffix = all(self.value_matches(k, t, a[k], units)
                     for k, t in zip(order[len(order) - len(pos):], pos))
        return prefix or suffix

    def cmd_action(self, verb: str, args: list[str]) -> None:
        game = self.game
        legal = game.legal_actions()
        types = VERBS.get(verb)
        if types is None:
            known_types = {a["type"] for a in legal}
            if verb in known_types:
                types = (verb,)
            else:
                self.echo(f"unknown command {verb!r} (type help for the commands, ? for the legal actions)")
                return
        pos = [a for a in args if "=" not in a]
        kw = dict(a.split("=", 1) for a in args if "=" in a)
        v = self.view()
        units = tv.unit_index(v)
        hits = [i for i, a in enumerate(legal) if a["type"] in types and self.action_matches(a, pos, kw, units)]
        if len(hits) == 1:
            self.apply(dict(legal[hits[0]]))
            return
        if len(hits) > 1:
            chosen = self.interchangeable(hits, legal, units)
            if chosen is not None:
                self.apply(dict(legal[chosen]))
            else:
                self.choices(hits)
            return
        # nothing legal matches: try the typed action as the engine reads it (it may accept a
        # shorthand such as a move without selecting first); else show why it is refused
        candidates = self.guesses(types, pos, kw, units)
        if not candidates:
            fields = FIELDS.get(types[0], ())
            self.echo(f"usage: {verb} " + " ".join(f.upper() for f in fields)
                      + "   (units by id or hex; type ? for the legal actions"
                      + ("; quit leaves the game)" if verb == "exit" else ")"))
            return
        import ringwar

        first_error: Exception | None = None
        for cand in candidates:
            side = game.to_act
            try:
                events = game.apply(cand)
            except ringwar.IllegalAction as e:
                if first_error is None:
                    first_error = e
                continue
            self.actors.append(side)
            self.print_events(events)
            self.autosave()
            return
        self.echo(str(first_error))

    def interchangeable(self, hits: list[int], legal: Sequence[dict[str, Any]],
                        units: dict[str, dict[str, Any]]) -> int | None:
        """If the matching actions differ only in which of several identical units acts
        (same type, label, state and hex), the first will do."""
        acts = [legal[i] for i in hits]
        shape = {(a["type"], tuple(sorted((k, str(v)) for k, v in a.items() if k != "unit"))) for a in acts}
        if len(shape) != 1:
            return None

        def look(uid: Any) -> Any:
            u = units.get(uid)
            if u is None:
                return object()
            return (u.get("type"), u.get("label"), u.get("hex"), u.get("reduced"),
                    u.get("disrupted"), u.get("formation"))

        looks = {look(a.get("unit")) for a in acts}
        return hits[0] if len(looks) == 1 else None

    def guesses(self, types: tuple[str, ...], pos: list[str], kw: dict[str, str],
                units: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
        """Concrete actions the typed words may mean (units resolved from hexes)."""
        side = self.game.to_act
        out: list[dict[str, Any]] = []
        legal = self.game.legal_actions()
        for kind in types:
            known = FIELDS.get(kind)
            if known is None:  # another system's action: its fields as the legal ones have them
                like = next((a for a in legal if a["type"] == kind), {})
                known = tuple(k for k in like if k != "type")
                numeric = {k for k, v in like.items() if isinstance(v, int) and not isinstance(v, bool)}
            else:
                numeric = {"points", "facing"}
            given = dict(kw)
            fields = [f for f in known if f not in given]
            if kind == "beast_power" and len(pos) == len(fields) - 1:
                fields = fields[:-1]
            if len(pos) != len(fields):
                pending = self.view().get("pending")
                if (len(pos) == len(fields) - 1 and fields and fields[0] == "unit"
                        and isinstance(pending, dict) and pending.get("unit")):
                    given["unit"] = str(pending["unit"])
                    fields = fields[1:]
                else:
                    continue
            options: list[list[Any]] = []
            for f, t in zip(fields, pos):
                if f in UNIT_FIELDS:
                    ids = self.resolve_units(t, units, prefer=side if f == "unit" else None,
                                             avoid=side if f == "target" else None)
                    options.append(ids[:4] or [t])
                elif f in numeric and t.lstrip("-").isdigit():
                    options.append([int(t)])
                else:
                    options.append([t])
            for combo in itertools.product(*options):
                a: dict[str, Any] = {"type": kind}
                a.update(zip(fields, combo))
                for k, t in given.items():
                    a[k] = int(t) if t.lstrip("-").isdigit() and k in numeric else t
                out.append(a)
        return out[:12]


def _reader(stdin: Any) -> Callable[[str], str | None]:
    """Read one line after a prompt; None at end of input.  Echoes the line when stdin is
    not a terminal, so a scripted game reads like a transcript."""
    interactive = hasattr(stdin, "isatty") and stdin.isatty()
    if interactive:
        try:
            import readline  # noqa: F401  (line editing and history for input())
        except ImportError:  # pragma: no cover
            pass

    def read(prompt: str) -> str | None:
        if interactive:
            try:
                return input(prompt)
            except EOFError:
                return None
        click.echo(prompt, nl=False)
        line = stdin.readline()
        if not line:
            return None
        click.echo(line.rstrip("\n"))
        return line

    return read


@click.command(name="play")
@click.argument("system", required=False, default="sauron")
@click.option("--vs", "vs", type=click.Choice(["mcts", "heuristic", "random", "human"]), default=None,
              help="the opponent: the rules-of-thumb AI (heuristic, instant; the default), the "
                   "search AI (mcts: plans each turn), "
                   "the random agent, or another person at this keyboard (hot-seat)")
@click.option("--level", type=click.Choice(LEVEL_NAMES), default=None,
              help="the opponent by difficulty level (docs/ai.md): " + "; ".join(
                  f"{lv.name}: {lv.description}" for lv in LEVELS) + " (instead of --vs)")
@click.option("--think", type=float, default=1.0, show_default=True,
              help="seconds the search AI (mcts) may think over each plan (after one round)")
@click.option("--side", default=None, help="the side you play against the agent (default: the first side)")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None, help="the game's dice seed (default: a random seed)")
@click.option("--load", "load_path", type=click.Path(dir_okay=False), default=None,
              help="continue a saved game")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), default=None,
              help="save the game to this file after every action")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE",
              help="a game option, e.g. -o errata_7_37=false (repeatable)")
@click.option("--players", type=click.IntRange(2, 3), default=None,
              help="number of players, for games that offer a choice (Battle of the Ring: 2 or 3)")
def command(system: str, vs: str | None, level: str | None, think: float, side: str | None, seed: int | None, load_path: str | None,
            save_path: str | None, options: tuple[str, ...], players: int | None) -> None:
    """Play SYSTEM (default: sauron) in the terminal.  Type ? for what you may do."""
    import ringwar

    from ..ai import agent_seed, make_agent

    try:
        if load_path is not None:
            if options or seed is not None:
                click.echo("note: --seed and --option are taken from the saved game", err=True)
            game = ringwar.load(load_path)
        else:
            opts = dict(parse_option(o) for o in options)
            if players is not None:
                opts["players"] = players
            if seed is None:
                seed = random.SystemRandom().randrange(1, 1_000_000)
            game = ringwar.new_game(system, seed=seed, options=opts)
    except ringwar.RecordError as e:
        raise click.ClickException(str(e)) from None
    if level is not None and vs is not None:
        raise click.UsageError("give --vs or --level, not both")
    vs = vs or "heuristic"
    sides = list(game.sides)
    if vs == "human":
        humans = sides
    else:
        humans = [pick_side(sides, side)]
    if level is not None:
        from ..ai.levels import make_level_agent
        agents = {s: make_level_agent(level, agent_seed(game.record.seed, i))
                  for i, s in enumerate(sides) if s not in humans}
    else:
        agents = {s: make_agent(vs, agent_seed(game.record.seed, i),
                                **({"think": think} if think > 0 else {}))
                  for i, s in enumerate(sides) if s not in humans}
    session = Session(game, humans, agents, save_path=save_path)
    try:
        session.run(_reader(sys.stdin))
    except KeyboardInterrupt:
        session.autosave()
        click.echo("\ninterrupted: leaving the game" + (f" (saved to {save_path})" if save_path else ""))
