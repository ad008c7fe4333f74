"""Text rendering of a game for the terminal, through the engine contract only.

Everything here reads a side's ``view`` (a dict) and the list of legal actions; nothing
touches a system's internals.  Views with SPI shapes ("units" with "hex", "label" ...)
get unit lists, a hex-grid map and actions grouped by unit; any other view is printed
key by key.

>>> format_event({"type": "roll", "rule": "[7.41]", "text": "B vs 3 needs 2-7: rolled 7"})
'[7.41] B vs 3 needs 2-7: rolled 7'
>>> describe_action({"type": "move", "unit": "warg1", "to": "1323"}, {}, with_unit=False)
'move 1323'
"""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

Action = dict[str, Any]
View = dict[str, Any]

_HEX = re.compile(r"^\d{4}$")

#: action fields that name the piece acting (SPI: "unit"; Battle of the Ring: "piece")
ACTOR_KEYS = ("unit", "piece")


def actor(a: Action) -> Any:
    """The piece an action is about (None for ``end`` and the like)."""
    for k in ACTOR_KEYS:
        if k in a:
            return a[k]
    return None

#: how action types read in a list (unit-less wording; the unit heads its group)
_VERBS = {
    "move": "move", "split": "split to", "form": "form", "exit": "exit", "exchange": "exchange with",
    "end": "end", "fire": "fire at", "leader_attack": "leader attack", "attack": "attack",
    "resolve": "resolve the battle", "retreat": "retreat to",
    "retreat_before_combat": "retreat before combat to", "stand": "stand", "advance": "advance to",
    "stay": "stay", "rally": "rally", "cast": "cast", "conjure": "conjure",
    "beast_power": "power", "select": "select to move",
}

#: terrain -> (mark after the hex number, filler for an empty hex)
_TERRAIN_MARKS = {
    "mountain": ("^", "^^^^"),
    "rough": ("~", " ~~ "),
    "crater": ("o", " oo "),
    "forest": ("f", " ff "),
    "woods": ("f", " ff "),
    "river": ("w", " ww "),
    "marsh": ("m", " mm "),
}


# ===== small pieces ============================================================================
def format_event(e: dict[str, Any]) -> str:
    """One log line: ``"[7.41] melee: ... rolled 7 ..."`` (the rule case, then the text)."""
    rule = e.get("rule")
    text = e.get("text")
    if text is None:
        text = json.dumps({k: v for k, v in e.items() if k != "rule"}, sort_keys=True)
    return f"{rule} {text}" if rule else str(text)


def unit_index(view: View) -> dict[str, dict[str, Any]]:
    """The view's units by id ({} if the view has none)."""
    units = view.get("units")
    if not isinstance(units, list):
        return {}
    return {u["id"]: u for u in units if isinstance(u, dict) and "id" in u}


def unit_flags(u: dict[str, Any]) -> list[str]:
    flags = []
    if u.get("reduced"):
        flags.append("reduced")
    if u.get("disrupted"):
        flags.append("DISRUPTED")
    if u.get("formation"):
        partner = u.get("partner")
        flags.append(f"{str(u['formation']).replace('_', ' ')}" + (f" with {partner}" if partner else ""))
    return flags


def unit_title(uid: str, units: dict[str, dict[str, Any]], where: bool = True) -> str:
    """``"goblin1 Goblins Ee-2-Z at 0821"`` (just the id if the view does not know it)."""
    u = units.get(uid)
    if u is None:
        return str(uid)
    name = u.get("name") or ""
    label = u.get("label") or ""
    if u.get("kind") == "leader":
        label = f"leader {label}".strip() if label else "leader"
    parts = [str(uid)]
    if name and name.lower().replace(" ", "_") != str(uid):
        parts.append(str(name))
    if label:
        parts.append(f"({label})")
    text = " ".join(parts)
    if where:
        h = u.get("hex")
        if h is not None:
            text += f" at {h}"
        elif u.get("where") not in (None, "map"):
            text += f" [{u['where']}]"
    flags = unit_flags(u)
    if flags:
        text += " [" + ", ".join(flags) + "]"
    return text


def _target_text(uid: Any, units: dict[str, dict[str, Any]]) -> str:
    u = units.get(uid)
    if u is None:
        return str(uid)
    bits = [str(uid)]
    if u.get("label"):
        bits.append(f"{u['label']}")
    if u.get("hex"):
        bits.append(f"at {u['hex']}")
    return f"{bits[0]} ({' '.join(bits[1:])})" if len(bits) > 1 else bits[0]


def describe_action(a: Action, units: dict[str, dict[str, Any]], with_unit: bool = True) -> str:
    """A short reading of an action (without its unit when ``with_unit`` is false)."""
    kind = str(a.get("type"))
    verb = _VERBS.get(kind, kind.replace("_", " "))
    rest = {k: v for k, v in a.items() if k not in ("type", *ACTOR_KEYS)}
    words = [verb]
    if kind in ("fire", "attack", "leader_attack", "rally", "exchange") and "target" in rest:
        words.append(_target_text(rest.pop("target"), units))
    elif kind == "form":
        if "with" in rest:
            words.append(f"with {rest.pop('with')}")
        if "hex" in rest:
            words.append(f"in {rest.pop('hex')}")
    elif kind == "cast":
        if "spell" in rest:
            words.append(str(rest.pop("spell")))
        if "points" in rest:
            words.append(f"({rest.pop('points')} pts)")
    elif kind == "beast_power":
        if "power" in rest:
            words.append(str(rest.pop("power")))
        if "facing" in rest:
            words.append(f"facing {rest.pop('facing')}")
    elif "to" in rest:
        words.append(str(rest.pop("to")))
    for k, v in rest.items():
        words.append(f"({k.replace('_', ' ')})" if v is True else f"{k}={v}")   # a flag: a word
    text = " ".join(words)
    if with_unit and actor(a) is not None:
        text = f"{actor(a)}: {text}"
    return text


# ===== status ===================================================================================
def status_lines(view: View) -> list[str]:
    """A compact status: turn, phase, night, who acts, the decision asked, demoralization, VP."""
    turn = view.get("turn")
    last = view.get("last_turn")
    head = [f"Turn {turn}" + (f" of {last}" if last else "")]
    if view.get("night"):
        head.append("NIGHT")
    phase = view.get("phase_name") or f"phase {view.get('phase')}"
    step = view.get("step_name") or view.get("step")
    if step and " " not in str(step):      # a step's code ("missile"); a sentence stays as it is
        step = f"{step} step"
    head.append(f"{phase}" + (f" ({step})" if step else ""))
    result = view.get("result")
    if result:
        head.append("game over")
    elif view.get("to_act"):
        head.append(f"{view['to_act']} to act")
    lines = [" · ".join(str(h) for h in head)]
    extra = []
    demo = view.get("demoralization")
    if isinstance(demo, dict) and demo:
        parts = []
        for side, d in demo.items():
            if isinstance(d, dict):
                txt = f"{side} {d.get('points', 0)}/{d.get('level', '?')}"
                if d.get("demoralized"):
                    txt += " DEMORALIZED"
                parts.append(txt)
        if parts:
            extra.append("Demoralization: " + ", ".join(parts))
    vp = view.get("victory_points")
    if isinstance(vp, dict) and vp:
        extra.append("VP: " + ", ".join(f"{s} {n}" for s, n in vp.items()))
    if extra:
        lines.append("   ".join(extra))
    units = unit_index(view)
    battle = view.get("battle")
    if isinstance(battle, dict) and battle.get("target"):
        attackers = ", ".join(str(a) for a in battle.get("attackers", []))
        lines.append(f"Battle declared: {attackers} -> {_target_text(battle['target'], units)}")
    pending = view.get("pending") or view.get("decision")
    if isinstance(pending, str):
        lines.append(f"Decision: {pending}")
    elif isinstance(pending, dict):
        rule = pending.get("rule", "")
        prompt = pending.get("prompt") or pending.get("kind") or "a decision"
        who = pending.get("side")
        lines.append(f"Decision{' ' + rule if rule else ''}"
                     f"{' for ' + who if who and who != view.get('to_act') else ''}: {prompt}")
    if result:
        lines.append(result_text(result))
    return lines


def result_text(result: dict[str, Any] | None) -> str:
    if not result:
        return "the game is not over"
    if result.get("text"):
        return f"Result: {result['text']}"
    winner = result.get("winner") or "nobody (draw)"
    level = result.get("level")
    return f"Result: {winner} wins" + (f" ({level})" if level else "")


# ===== units ====================================================================================
def units_by_hex(view: View, side: str | None = None, hexes: Iterable[str] | None = None,
                 width: int = 100) -> list[str]:
    """One line per occupied hex (sorted), listing its units with side, label and flags;
    then pieces off the map (reinforcements, withdrawn, eliminated) in short."""
    units = view.get("units")
    if not isinstance(units, list):
        return generic_view_lines(view)
    only = set(hexes) if hexes is not None else None
    by_hex: dict[str, list[dict[str, Any]]] = {}
    off: dict[str, list[dict[str, Any]]] = {}
    for u in units:
        if side is not None and u.get("side") != side:
            continue
        h = u.get("hex")
        if h is None:
            off.setdefault(str(u.get("where") or "off map"), []).append(u)
            continue
        if only is not None and h not in only:
            continue
        by_hex.setdefault(str(h), []).append(u)
    index = {u["id"]: u for u in units if "id" in u}
    lines = []
    for h in sorted(by_hex):
        stack = sorted(by_hex[h], key=lambda u: (u.get("kind") == "leader", str(u.get("id"))))
        sides = sorted({str(u.get("side")) for u in stack})
        inner = "; ".join(unit_title(u["id"], index, where=False) for u in stack)
        lines.append(f"{h}  {'/'.join(sides):<12} {inner}")
    if hexes is None:
        for where, us in sorted(off.items()):
            ids = ", ".join(str(u["id"]) + (f" (turn {u['arrival']})" if u.get("arrival") else "")
                            for u in us)
            lines.extend(textwrap.wrap(f"{where}: {ids}", width=width, subsequent_indent="    "))
    if not lines:
        lines.append("(no units)")
    return lines


def generic_view_lines(view: View, width: int = 100) -> list[str]:
    """A view without SPI shapes, key by key (long values shortened)."""
    lines = []
    for k, v in view.items():
        if k == "log":
            lines.append(f"log: {len(v) if isinstance(v, list) else v} events")
            continue
        text = v if isinstance(v, str) else json.dumps(v, sort_keys=True, default=str)
        if len(text) > width:
            text = text[: width - 3] + "..."
        lines.append(f"{k}: {text}")
    return lines


# ===== legal actions grouped by unit ========================================================
def group_actions(legal: Sequence[Action]) -> list[tuple[str | None, list[tuple[int, Action]]]]:
    """Actions grouped by their ``unit`` (first appearance order), numbered from 1; actions
    without a unit (``end``, ``resolve`` ...) form the last group (key None)."""
    groups: dict[str | None, list[tuple[int, Action]]] = {}
    for i, a in enumerate(legal, 1):
        key = actor(a)
        groups.setdefault(None if key is None else str(key), []).append((i, a))
    general = groups.pop(None, None)
    out: list[tuple[str | None, list[tuple[int, Action]]]] = list(groups.items())
    if general:
        out.append((None, general))
    return out


def action_list_lines(legal: Sequence[Action], view: View, only: str | None = None,
                      per_unit: int = 8, width: int = 100) -> list[str]:
    """Numbered legal actions grouped by unit::

        goblin1 Goblins (Ee-2-Z) at 0821: move: [1] 0721 [2] 0722 ... +15 more (? goblin1)

    ``only`` (a unit id or a hex) shows one unit's (or hex's) actions in full; otherwise a
    group longer than ``per_unit`` is shortened with a count.
    """
    units = unit_index(view)
    groups = group_actions(legal)
    if only is not None:
        hits = [(k, acts) for k, acts in groups
                if k == only or (k is not None and units.get(k, {}).get("hex") == only)]
        if not hits:
            return [f"no legal action for {only!r} now"]
        groups = hits
        per_unit = 10**9
    lines: list[str] = []
    for key, acts in groups:
        head = ("other" if len(groups) > 1 else "actions") if key is None else unit_title(key, units)
        items: list[str] = []
        for kind_acts in _by_type(acts):
            items.extend(_items(kind_acts, units, key, per_unit))
        lines.extend(_wrap(f"{head}:", items, width))
    if not lines:
        lines.append("(no legal action)")
    return lines


def _by_type(acts: list[tuple[int, Action]]) -> list[list[tuple[int, Action]]]:
    out: dict[Any, list[tuple[int, Action]]] = {}
    for i, a in acts:
        out.setdefault(a.get("type"), []).append((i, a))
    return list(out.values())


def _items(acts: list[tuple[int, Action]], units: dict[str, dict[str, Any]], key: str | None,
           limit: int) -> list[str]:
    """Items for actions of one type: ``move: [1] 0721  [2] 0722 ... +15 more``."""
    shown = acts if len(acts) <= limit else acts[: max(1, limit - 2)]
    more = len(acts) - len(shown)
    tail = [f"... +{more} more ({'? ' + key if key else '?'})"] if more else []
    first = acts[0][1]
    same_shape = all(set(a) == set(first) and all(a[k] == first[k] for k in a if k != "to")
                     for _, a in acts)
    if len(acts) > 1 and same_shape and set(first) - {"type", *ACTOR_KEYS} == {"to"}:
        verb = _VERBS.get(str(first["type"]), str(first["type"]).replace("_", " "))
        return [f"{verb}:" + nb_space + f"[{shown[0][0]}] {shown[0][1]['to']}",
                *(f"[{i}] {a['to']}" for i, a in shown[1:]), *tail]
    return [f"[{i}] {describe_action(a, units, with_unit=key is None)}" for i, a in shown] + tail


nb_space = "\u00a0"


def _wrap(head: str, items: list[str], width: int) -> list[str]:
    """Wrap items after a head, never breaking inside an item."""
    nb = "\u00a0"
    text = head.replace(" ", nb) + " " + "  ".join(it.replace(" ", nb) for it in items)
    lines = textwrap.wrap(text, width=width, subsequent_indent="    ", break_on_hyphens=False,
                          break_long_words=False) or [head]
    return [ln.replace(nb, " ") for ln in lines]


# ===== map ======================================================================================
def _col_row(h: str) -> tuple[int, int]:
    return int(h[:2]), int(h[2:])


def focus_hexes(view: View, legal: Sequence[Action] = (), fallback: bool = True) -> list[str]:
    """Hexes the current decision is about: the pending decision's unit and options and the
    declared battle; with ``fallback``, else the hexes named by the legal actions, else the
    acting side's units, else every unit (to centre a map on)."""
    units = unit_index(view)
    out: list[str] = []

    def add(x: Any) -> None:
        if isinstance(x, str) and _HEX.match(x):
            out.append(x)
        elif isinstance(x, str) and x in units and units[x].get("hex"):
            out.append(str(units[x]["hex"]))

    pending = view.get("pending")
    if isinstance(pending, dict):
        for k in ("unit", "hex", "target"):
            add(pending.get(k))
        for x in pending.get("options", []) or []:
            add(x)
        for x in pending.get("attackers", []) or []:
            add(x)
    battle = view.get("battle")
    if isinstance(battle, dict):
        add(battle.get("target"))
        for x in battle.get("attackers", []):
            add(x)
    if fallback and not out:
        for a in legal:
            for k in ("unit", "target", "to", "hex"):
                add(a.get(k))
    if fallback and not out:
        side = view.get("to_act") or view.get("side")
        out = [str(u["hex"]) for u in units.values() if u.get("hex") and u.get("side") == side]
    if fallback and not out:
        out = [str(u["hex"]) for u in units.values() if u.get("hex")]
    return [h for h in dict.fromkeys(out) if _HEX.match(h)]


def render_map(view: View, hexmap: Any = None, center: str | None = None, radius: int = 5,
               focus: Sequence[str] = (), cols: tuple[int, int] | None = None,
               rows: tuple[int, int] | None = None) -> list[str]:
    """A hex-grid picture of the map around ``center`` (SPI CCRR hexes; flat-topped columns,
    even columns half a hex lower).  Each hex shows its number (with a terrain mark) and
    its stack: side letter and number of combat units, ``L`` for leaders, ``!`` if a unit is
    disrupted.  Hexes in ``focus`` are marked ``*``.

    ``hexmap`` (optional, e.g. ``game.hexmap``) gives terrain and the map's extent.
    """
    units = view.get("units")
    if not isinstance(units, list):
        return generic_view_lines(view)
    on_map = [u for u in units if isinstance(u.get("hex"), str) and _HEX.match(u["hex"])]
    if not on_map and hexmap is None:
        return ["(no hex map in this view)"] + units_by_hex(view)
    max_c = max_r = 99
    spec = getattr(hexmap, "spec", None)
    if spec is not None:
        max_c, max_r = spec.map.columns, spec.map.rows
    if cols is None or rows is None:
        if center is None:
            hs = list(focus) or [u["hex"] for u in on_map] or ["0101"]
            cs = sorted(_col_row(h)[0] for h in hs)
            rs = sorted(_col_row(h)[1] for h in hs)
            c, r = cs[len(cs) // 2], rs[len(rs) // 2]
        else:
            c, r = _col_row(center)
        cols = (max(1, c - radius), min(max_c, c + radius))
        rows = (max(1, r - radius), min(max_r, r + radius))
    sides = list(dict.fromkeys(str(u.get("side")) for u in units))
    letters = _side_letters(sides)
    stacks: dict[str, list[dict[str, Any]]] = {}
    for u in on_map:
        stacks.setdefault(u["hex"], []).append(u)
    focus_set = set(focus)
    width = 6
    c0, c1 = cols
    r0, r1 = rows
    nlines = 2 * (r1 - r0 + 1) + 1
    grid = [[" "] * (width * (c1 - c0 + 1) + 1) for _ in range(nlines)]

    def put(line: int, x: int, text: str) -> None:
        for i, ch in enumerate(text):
            if 0 <= line < nlines and x + i < len(grid[line]):
                grid[line][x + i] = ch

    road = getattr(hexmap, "road_hexes", frozenset()) if hexmap is not None else frozenset()
    for c in range(c0, c1 + 1):
        x = (c - c0) * width
        for r in range(r0, r1 + 1):
            h = f"{c:02d}{r:02d}"
            if hexmap is not None and h not in hexmap:
                continue
            top = 2 * (r - r0) + (1 if c % 2 == 0 else 0)
            terr = hexmap.terrain(h) if hexmap is not None else "clear"
            mark, filler = _TERRAIN_MARKS.get(terr, ("", ""))
            if not mark and h in road:
                mark = "="
            prefix = "*" if h in focus_set else "|"
            put(top, x, f"{prefix}{h}{mark or ' '}")
            stack = stacks.get(h)
            if stack:
                token = _stack_token(stack, letters)
            else:
                token = filler or ("  = " if h in road else "")
            put(top + 1, x, f"{prefix}{token:<4}"[:width])
    lines = ["".join(row).rstrip() for row in grid]
    while lines and not lines[-1]:
        lines.pop()
    key = ", ".join(f"{v}={k}" for k, v in letters.items())
    lines.extend(textwrap.wrap(
        f"key: {key}; digit = combat units, L leader, ! disrupted, * in the current decision; "
        f"^ mountain, ~ rough, o crater, = road", width=100, subsequent_indent="     "))
    shown = [h for h in sorted(stacks) if c0 <= _col_row(h)[0] <= c1 and r0 <= _col_row(h)[1] <= r1]
    if shown:
        items = [f"{h} " + ",".join(str(u["id"]) for u in sorted(
            stacks[h], key=lambda u: (u.get("kind") == "leader", str(u["id"])))) for h in shown]
        lines.extend(_wrap("units here:", items, 100))
    return lines


def _side_letters(sides: list[str]) -> dict[str, str]:
    """One letter per side: its initial, else the first of its letters not yet taken."""
    out: dict[str, str] = {}
    for s in sides:
        taken = set(out.values())
        letter = next((ch for ch in s.upper() if ch.isalpha() and ch not in taken), None)
        out[s] = letter or str(len(out) + 1)
    return out


def _stack_token(stack: list[dict[str, Any]], letters: dict[str, str]) -> str:
    combat = [u for u in stack if u.get("kind") != "leader"]
    leaders = [u for u in stack if u.get("kind") == "leader"]
    side_set = list(dict.fromkeys(letters.get(str(u.get("side")), "?") for u in stack))
    token = "".join(side_set)
    if combat:
        token += str(len(combat)) if len(combat) > 1 or leaders else ""
    if leaders:
        token += "L"
    if any(u.get("disrupted") for u in stack):
        token += "!"
    return token[:4]


# ===== log ==========================================================================================
def visible_log(game: Any, side: str | None) -> list[dict[str, Any]]:
    """The log as ``side`` may see it (events addressed to another side, ``visible_to``,
    left out)."""
    return list(game.log_for(side))


def log_lines(events: Sequence[dict[str, Any]], n: int | None = None) -> list[str]:
    """The last ``n`` events (all if None), one line each, with dice shown in the text."""
    evs = list(events) if n is None else list(events)[-n:] if n > 0 else []
    return [format_event(e) for e in evs]


# ===== continuous tables (views with board == "table") ==========================================
def is_table(view: View) -> bool:
    """A game played on a continuous table in inches (positions x, y and headings)."""
    return view.get("board") == "table"


def _num(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.1f}".rstrip("0").rstrip(".") if abs(v - round(v)) < 0.05 else f"{v:.1f}"
    return str(v)


def table_status_lines(view: View) -> list[str]:
    """Turn, phase, who acts, each side's current card, the impetus and the pressure gauges."""
    head = [f"Turn {view.get('turn')}" + (f" of {view['turns']}" if view.get("turns") else "")]
    head.append(str(view.get("phase_name") or view.get("phase") or ""))
    if view.get("result"):
        head.append("game over")
    elif view.get("to_act"):
        head.append(f"{view['to_act']} to act")
    lines = [" · ".join(h for h in head if h)]
    decks = view.get("decks")
    if isinstance(decks, dict) and decks:
        parts = []
        for side, d in decks.items():
            if not isinstance(d, dict):
                continue
            card = d.get("current_name") or d.get("current") or "no card"
            parts.append(f"{side}: {card} ({d.get('cards_left', '?')} left, bank {d.get('bank', 0)})")
        lines.append("Cards: " + "; ".join(parts))
    bits = []
    if view.get("active"):
        bits.append(f"{view['active']} has {view.get('pips', 0)} impetus")
    if view.get("forced_pips"):
        bits.append(f"{view['forced_pips']} forced on the arrivals")
    if view.get("phase_pool") is not None:
        bits.append(f"phase pool {view['phase_pool']}")
    if view.get("selected"):
        rolled = view.get("rolled") or {}
        bits.append(f"selected {view['selected']}" + (f" (rolled {_num(rolled[view['selected']])}″)"
                                                        if view["selected"] in rolled else ""))
    if bits:
        lines.append("Impetus: " + ", ".join(bits))
    demo, limit = view.get("demoralization"), view.get("demoralized_at") or {}
    if isinstance(demo, dict) and demo and all(isinstance(v, int | float) for v in demo.values()):
        lines.append("Demoralization: " + ", ".join(
            f"{a} {p}" + (f"/{limit[a]}" if a in limit else "") for a, p in demo.items()))
    gates = view.get("gates")
    if isinstance(gates, dict) and gates:
        broken = [g for g, s in gates.items() if isinstance(s, dict) and s.get("state") != "intact"]
        held = {g: s.get("controller") for g, s in gates.items() if isinstance(s, dict)}
        lines.append("Gates: " + (f"broken {', '.join(broken)}; " if broken else "all intact; ")
                     + "held " + " ".join(f"{g}:{c}" for g, c in held.items())
                     + (f"; {len(view.get('fires') or [])} fires" if view.get("fires") else ""))
    if view.get("prompt"):
        lines.append(f"Decision: {view['prompt']}")
    if view.get("result"):
        lines.append(result_text(view["result"]))
    return lines


def table_units_lines(view: View, side: str | None = None) -> list[str]:
    """``side``'s units (all if None): id, type, figures, x, y, heading, organized, sector;
    then its engines and leaders."""
    rows = [f"{'unit':6} {'type':4} {'figs':>4} {'x':>6} {'y':>6} {'head':>5} {'org':3} sector  notes"]
    for u in view.get("units", ()):
        if side is not None and u.get("side") != side:
            continue
        notes = []
        if u.get("embarked"):
            notes.append(f"in {u['embarked']}")
        if u.get("attached_engine"):
            notes.append(f"with {u['attached_engine']}")
        if u.get("acted"):
            notes.append("acted")
        if u.get("loaded") is False and any(w in ("bow", "longbow", "horse_bow") for w in u.get("weapons", ())):
            notes.append("unloaded")
        if u.get("formation") not in (None, "line"):
            notes.append(str(u["formation"]))
        if side is None:
            notes.append(str(u.get("side")))
        rows.append(f"{u['id']:6} {u.get('type', ''):4} {u.get('figures', ''):>4} {_num(u.get('x')):>6} "
                    f"{_num(u.get('y')):>6} {_num(u.get('heading')):>5} "
                    f"{'yes' if u.get('organized', True) else 'NO':3} {str(u.get('sector', '')):7} "
                    + ", ".join(notes))
    engines = [e for e in view.get("engines", ()) if side is None or e.get("side") == side]
    if engines:
        rows.append("engines: " + "; ".join(
            f"{e['id']} {e.get('kind', '')} at ({_num(e.get('x'))}, {_num(e.get('y'))}) head {_num(e.get('heading'))}"
            + ("" if e.get("loaded", True) else " unloaded") + (" docked" if e.get("docked") else "")
            + (f" aboard {','.join(e['aboard'])}" if e.get("aboard") else "") for e in engines))
    leaders = [ld for ld in view.get("leaders", ()) if side is None or ld.get("side") == side]
    if leaders:
        rows.append("leaders: " + "; ".join(
            f"{ld['id']}" + (f" with {ld['attached_to']}" if ld.get("attached_to")
                            else f" at ({_num(ld.get('x'))}, {_num(ld.get('y'))})") for ld in leaders))
    return rows


def table_action_text(a: Action) -> str:
    """``select G4``, ``move G4 m0:6``, ``fire G4 at M2``, ``bombard E-G1 at (37.4, 48)``."""
    kind = str(a.get("type"))
    rest = {k: v for k, v in a.items() if k != "type"}
    words = [kind.replace("_", " ")]
    for k in ("actor", "unit", "engine", "leader"):
        if k in rest:
            words.append(str(rest.pop(k)))
            break
    if "path" in rest:
        words.append(str(rest.pop("path")))
    if "target" in rest:
        words.append(f"at {rest.pop('target')}")
    if "x" in rest and "y" in rest:
        words.append(f"at ({_num(rest.pop('x'))}, {_num(rest.pop('y'))})")
    words.extend(f"{k}={v}" for k, v in rest.items())
    return " ".join(words)


def table_action_lines(legal: Sequence[Action], width: int = 100) -> list[str]:
    """The legal actions numbered from 1, several to a line."""
    items = [f"[{i}] {table_action_text(a)}" for i, a in enumerate(legal, 1)]
    return _wrap("actions:", items, width) if items else ["(no legal action)"]
