"""What each seat may see [WR §12], recorded actions as each seat may see them, the words for
actions and decisions, refusals, and the re-deal of secrets for the information-set search.

The Fellowship player sees his hidden characters; the others see only that they are hidden
and where each was last seen.  Hands are their owners'; the orders of the decks and the cards
on face-down sites are no one's.  ``redeal`` replaces exactly those secrets with a consistent
guess, from the searching seat's own view.
"""

from __future__ import annotations

from typing import Any

from ...core import hexes as hx
from ...core.engine import Action
from ...core.errors import IllegalAction
from .pieces import FELLOWSHIP

PHASES = [("1", "Ring"), ("2", "Events"), ("3", "Shadow Points"), ("4", "Search"),
          ("5", "Fellowship"), ("6", "Saruman"), ("7", "Dark Power"), ("8", "Game-Turn")]


def _sees_hidden(side: str | None) -> bool:
    return side == FELLOWSHIP


def view(g: Any, side: str | None) -> dict[str, Any]:
    D = g.D
    units: list[dict[str, Any]] = []
    # a unit's part of the view is kept while what it shows is unchanged (most units do not
    # change from one view to the next): by unit, with its key and nation; shared by copies
    # of the game (``clone`` shares what is not state), as the key says all it shows
    kept = g.__dict__.get("_unit_views")
    if kept is None:
        kept = g._unit_views = {}
    mobilized = g.mobilized
    for uid, r in sorted(g.units.items()):
        if not r["hex"] or r["str"] <= 0:
            continue
        key = (r["hex"], r["str"], r["seat"], r["moved"], r["attacked"], r["deserted"])
        hit = kept.get(uid)
        if hit is not None and hit[0] == key and (hit[2] in mobilized) is hit[1]["mobilized"]:
            units.append(hit[1].copy())
            continue
        u = g.spec(uid)
        d = {"id": uid, "hex": r["hex"], "label": f"{r['str']}-{u.mf}", "name": u.name,
             "side": r["seat"], "nation": u.nation, "kind": u.kind, "type": u.type,
             "strength": r["str"], "move": u.mf, "cavalry": u.cavalry,
             "moved": r["moved"], "attacked": r["attacked"], "deserted": r["deserted"],
             "mobilized": u.nation in mobilized, "reduced": False, "disrupted": False}
        kept[uid] = (key, d, u.nation)
        units.append(d.copy())
    chars: list[dict[str, Any]] = []
    bearer = g.ring["bearer"]
    for cid, c in sorted(g.chars.items()):
        spec = D.characters[cid]
        if cid == "gollum" and not (c["alive"] and c["hex"] and not c["hidden"]):
            continue
        secret = c["hidden"] and not _sees_hidden(side) and c["seat"] == FELLOWSHIP
        rec: dict[str, Any] = {"id": cid, "name": spec.name, "side": c["seat"], "alive": c["alive"],
                               "hidden": c["hidden"], "captive": c["captive"],
                               "combat": spec.combat, "morale": spec.morale,
                               "endurance": c["e"], "max_endurance": spec.endurance,
                               "ring_rating": c["rr"], "mf": spec.mf, "nazgul": spec.nazgul}
        if secret:
            rec.update(hex=None, last_seen=c["seen"], endurance=None, ring_rating=None)
        else:
            rec.update(hex=c["hex"] if c["alive"] else None, items=list(c["items"]),
                       moved=c["moved"], citadel=c["citadel"])
            if c["alive"] and c["hex"]:
                units.append({"id": cid, "hex": c["hex"], "label": f"{spec.combat}-{spec.morale}-{c['e']}",
                              "name": spec.name + (" (hidden)" if c["hidden"] else ""),
                              "side": c["seat"], "kind": "character", "hidden": c["hidden"],
                              "captive": bool(c["captive"]), "move": spec.mf,
                              "ring": bearer == cid and (not c["hidden"] or _sees_hidden(side)),
                              "reduced": False, "disrupted": False})
        chars.append(rec)
    r = g.ring
    bearer_visible = bearer in g.chars and (not g.chars[bearer]["hidden"] or _sees_hidden(side))
    ring = {"worn": r["worn"], "area": r["area"] if r["worn"] else None,
            "bearer": bearer if bearer_visible else None, "held_by": r["held_by"] if bearer_visible
            or r["held_by"] != FELLOWSHIP else FELLOWSHIP,
            "doom_open": r["doom_open"], "gorgoroth_open": r["gorgoroth_open"],
            "succumbed": r["succumbed"], "claim": r["claim"], "destroyed": r["destroyed"]}
    s = g.search
    search = None
    if s is not None:
        card = D.search_cards[s["card"] - 1]
        search = {"searcher": card.searcher, "force": card.force,
                  "declared": s.get("declared"), "resolved": False}
        if s["shown"] == "all":
            search.update(value=card.value, areas=list(card.areas), searched=list(s["areas"] or []))
    elif g.last_search is not None:              # the last card, resolved, until the next search
        last = g.last_search
        card = D.search_cards[last["card"] - 1]
        search = {"searcher": card.searcher, "force": card.force, "declared": last["declared"],
                  "value": card.value, "areas": list(card.areas), "searched": list(last["areas"]),
                  "resolved": True, "turn": last["turn"]}
    ask = g.ask
    decision = None
    if ask is not None:
        decision = {"kind": ask["kind"], "seat": ask["seat"], "rule": ask.get("rule")}
        if side == ask["seat"]:
            decision["prompt"] = prompt(g, ask)
            if ask.get("pieces"):
                decision["pieces"] = list(ask["pieces"])
            if ask.get("piece"):
                decision["piece"] = ask["piece"]
        else:
            decision["prompt"] = f"waiting for {g.seat_name(ask['seat'])}"
    gstate = g.gollum["state"]
    if side != FELLOWSHIP and gstate == "active":
        gstate = "at-large"
    need = None
    m = g.mobilized.get("MOR")
    if m is not None:
        from . import grip as gripmod
        k = max(0, (g.turn_ - m) // int(D.value("R-GRIP-REPEAT-MISS", "checkpoint_every")))
        nxt = m + k * int(D.value("R-GRIP-REPEAT-MISS", "checkpoint_every"))
        if nxt < g.turn_:
            nxt += int(D.value("R-GRIP-REPEAT-MISS", "checkpoint_every"))
        need = {"turn": nxt, "objectives": gripmod.due(D, m, nxt, g.grip["drop"])}
    step_name = next((st.name for st in D.sequence if st.id == g.step), g.step)
    phase = next((n for code, n in PHASES if g.step.startswith(code)), "")
    return {
        "title": f"War of the Ring ({len(g.sides)} players)",
        "phase_name": f"Turn {g.turn_}: {phase} phase — {step_name} [WR §9] {g.step}",
        "phases": [{"code": code, "name": name} for code, name in PHASES
                   if code != "6" or len(g.sides) == 3],
        "step": g.step, "last_turn": g.last_turn,
        "units": units, "characters": chars, "ring": ring, "search": search,
        "shadow_points": g.sp, "mobilized": dict(sorted(g.mobilized.items())),
        "grip": {"drop": g.grip["drop"], "deserted": g.grip["deserted"], "next": need,
                 "sauron_objectives": g.sauron_objectives()},
        "control": dict(sorted(g.control.items())), "held": dict(sorted(g.held.items())),
        "citadels": dict(sorted(D.citadels.items())),
        "seat_names": {s2: g.seat_name(s2) for s2 in g.sides},
        "defences": {h: g.defence_value(h) for h in sorted(g.defence)},
        "captives": {c: {"hex": i["hex"], "held_by": i["seat"]} for c, i in sorted(g.captives.items())},
        "hand": list(g.hands.get(side, [])) if side in g.hands else None,
        "hand_sizes": {s2: len(h) for s2, h in g.hands.items()},
        "decks": {"search": len(g.decks["search"]), "event": len(g.decks["event"]),
                  "event_discards": len(g.discards["event"])},
        "sites": {"eye": sorted(k.rstrip("+") for k in g.sites["eye"]),
                  "magic": sorted({k.rstrip("+") for k in g.sites["magic"]})},
        "monsters": {h: {"name": D.eye_cards[m2["card"]].name, "endurance": m2["e"]}
                     for h, m2 in sorted(g.monsters.items())},
        "gollum": gstate,
        "flags": {"passes": g.flags["passes"], "paths_used": g.flags["paths"],
                  "dark_alliance": g.flags["alliance"], "saruman_controlled": g.flags["control"]},
        "decision": decision, "pending": decision,
        "recent_log": g.recent_log(side), "log_size": len(g.log),
    }


SECRET_MOVES = ("select", "move", "stay", "give_ring", "land", "give_item", "use")


def redact(g: Any, action: Action, side: str | None) -> Action:
    """[WR §12] A recorded action as ``side`` may see it: a hidden character's moves show only
    that the Fellowship moved someone; a discarded card only to its owner."""
    a = dict(action)
    kind = a.get("type")
    if kind == "discard" and side != a.get("by"):
        return {"type": "discard", "hidden": True}
    if side == FELLOWSHIP:
        return a
    if kind in SECRET_MOVES and a.get("secret"):
        return {"type": kind, "hidden": True}
    return a


def describe(g: Any, action: Action, side: str | None) -> str:
    kind = action.get("type", "?")
    if action.get("hidden"):
        return {"move": "a hidden character moves", "select": "a hidden character is chosen",
                "stay": "a hidden character stays", "give_ring": "the Ring changes hands in secret",
                "discard": "a card is discarded", "land": "a hidden character lands"}.get(
                    kind, f"{kind} (hidden)")
    name = g.name
    if kind == "select":
        if "stack" in action:
            return f"select the stack in {g.place(action['stack'])}"
        return f"select {name(action['piece'])}"
    if kind == "move":
        what = f"the stack from {g.place(action['stack'])}" if "stack" in action else name(action.get("piece", "?"))
        return f"move {what} → {g.place(action.get('to'))}" + (" (flying)" if action.get("fly") else "")
    if kind == "split":
        return f"split {name(action.get('piece', '?'))}"
    if kind == "split_off":
        return f"split off {action.get('strength')} strength"
    if kind == "merge":
        return f"merge {name(action.get('piece', '?'))} into {name(action.get('into', '?'))}"
    if kind == "declare":
        return "search the card's areas" if action.get("choice") == "card" else \
            f"search one area: {action.get('area')}"
    if kind == "attack":
        return f"attack in {g.place(action.get('hex'))}"
    if kind == "challenge":
        return f"{name(action.get('lead', '?'))} challenges {name(action.get('target', '?'))}"
    if kind == "hunt":
        how = action.get("how")
        if how == "capture":
            return f"try to capture {name(action.get('target', '?'))}"
        if how == "challenge":
            return f"{name(action.get('with', '?'))} challenges {name(action.get('target', '?'))} (Dead or Alive)"
        return "let them be"
    if kind == "capture":
        return f"try to capture {name(action.get('target', '?'))}"
    if kind == "play":
        card = g.D.event_cards.get(action.get("card"))
        extra = ""
        for k in ("target", "captive", "piece"):
            if k in action:
                extra = f" on {name(action[k])}"
        if "hex" in action:
            extra = f" in {g.place(action['hex'])}"
        return f"play {card.name if card else action.get('card')}{extra}"
    if kind == "discard":
        card = g.D.event_cards.get(action.get("card"))
        return f"discard {card.name if card else action.get('card')}"
    if kind == "rescue":
        return f"attempt to rescue {name(action.get('captive', '?'))}"
    if kind == "convert":
        return f"convert {name(action.get('captive', '?'))}"
    if kind == "new_lead":
        return f"{name(action.get('piece', '?'))} takes over the fight"
    if kind in ("reveal", "hide"):
        return f"{kind} {name(action.get('piece', '?'))}"
    if kind == "give_ring":
        return f"give the Ring to {name(action.get('to', '?'))}"
    if kind == "land":
        return f"land in {g.place(action.get('to'))}"
    if kind == "give_item":
        item = g.D.magic_cards.get(action.get("item"))
        return (f"{name(action.get('piece', '?'))} gives {item.name if item else action.get('item')} "
                f"to {name(action.get('to', '?'))}")
    if kind == "use":
        item = g.D.magic_cards.get(action.get("item"))
        on = f" on {name(action['target'])}" if "target" in action else ""
        return f"{name(action.get('piece', '?'))} uses {item.name if item else action.get('item')}{on}"
    words = {"done": "done", "pass": "pass", "ring_off": "try to take the Ring off",
             "keep_ring": "keep the Ring on", "put_on": "put the Ring on",
             "claim": "claim the power of the Ring", "take_control": "take control of Saruman (2 SP)",
             "mobilize": f"mobilize {action.get('nation')}", "paths": "take the Paths of the Dead",
             "accept": "accept the challenge", "refuse": "refuse, flying to Barad-dûr",
             "fight_on": "fight another round", "break_off": "break off", "keep": "keep the card",
             "swap": "put it on top and use the next", "stay": "stay",
             "keep_ring_off": "keep the Ring off", "keep_lead": "keep the lead", "palantir": "use the Palantír of Orthanc", "fight": "fight", "withdraw": "withdraw"}
    return words.get(kind, kind.replace("_", " "))


def prompt(g: Any, ask: dict[str, Any]) -> str:
    kind = ask["kind"]
    if kind == "declare" and g.flags.get("deceived"):
        # (the only declaration left: ``opts_declare``)
        return (f"Declare the search before the card is shown: the card's areas only "
                f"({g.D.event_cards['palantir-deceived'].name} was played) [WR §V2]")
    texts = {
        "ring_removal": "The Ring is on: try to take it off (d6 ≤ Ring Rating), or keep it on [WR §10.9.2]",
        "discard": "Discard down to 3 event cards [WR §9] 2d",
        "events": f"Play an event card now, or pass [WR §9] {ask.get('step')}",
        "declare": "Declare the search before the card is shown: the card's areas, or any one area [WR §V2]",
        "move": "Move your pieces, then Done [WR §10.2]",
        "move_piece": "Where to? [WR §10.2]",
        "combat": "Attack in an engaged hex, or Done [WR §10.3]",
        "duels": "Challenge, capture, or Done [WR §10.4] [WR §10.8.1]",
        "refuse": "A Nazgûl is challenged: accept, or refuse and fly to Barad-dûr [WR §8.1]",
        "duel_round": "Fight another round, or break off [WR §10.4]",
        "new_lead": "Your lead lost the round: keep him, or put in another character [WR §10.4]",
        "hunt": "A group is spotted: capture, challenge (Dead or Alive), or let them be [WR §10.7]",
        "rescue": "Attempt a rescue, or Done [WR §V3]",
        "rehide": "Hide revealed characters that qualify, or Done [WR §10.6]",
        "dark_start": "Take control of Saruman's forces, declare Isengard's mobilization, or Done",
        "saruman_start": "Convert a captive, declare Isengard's mobilization, or Done [WR §V13]",
        "split": "How much strength splits off? (R-SPLIT-MERGE)",
        "eye_turns": "The Eye Turns: keep this Search card, or put it on top and use the next",
        "ring_answer": f"The Ring-bearer is {ask.get('why', 'threatened')}: put the Ring on now? [WR §10.9.2]",
        "challenge_after_ring": "The challenge stands: fight, or withdraw if the Ring-wearer cannot be fought",
    }
    return texts.get(kind, kind)


def why_not(g: Any, ask: dict[str, Any], action: Action) -> IllegalAction | None:
    """The rule that refuses an action that is not among the legal ones."""
    kind = action.get("type")
    piece = action.get("piece")
    if kind in ("select", "move") and piece is not None:
        if piece not in g.chars and piece not in g.units:
            return IllegalAction("[WR §7]", f"there is no piece {piece!r}")
        seat = ask["seat"]
        if piece in g.chars:
            c = g.chars[piece]
            if c["seat"] != seat:
                return IllegalAction("[WR §6.1]", f"{g.name(piece)} is not {g.seat_name(seat)}'s to move")
            why = g.char_may_move(piece, seat)
            if why:
                rule, _, text = why.partition("] ")
                return IllegalAction(rule + "]", text)
        else:
            r = g.units[piece]
            if r["seat"] != seat:
                return IllegalAction("[WR §6.1]", f"{g.name(piece)} is not {g.seat_name(seat)}'s to move")
            u = g.spec(piece)
            if u.nation not in g.mobilized and not g.options["unmobilized_move"]:
                return IllegalAction("[WR §6.1]", f"{g.name(piece)}: {g.D.nations[u.nation].name} has "
                                     "not mobilized; its units may not move (R-UNMOBILIZED)")
        if kind == "move" and ask["kind"] == "move_piece":
            return IllegalAction("[WR §10.2]", f"{g.name(piece)} cannot reach {action.get('to')!r} "
                                 "this step")
        if kind == "move":
            return IllegalAction("[WR §10.2]", "select the piece first, then its destination")
    if kind == "declare":
        if ask["kind"] != "declare":
            return IllegalAction("[WR §V2]", "the search is declared only in step 4b, by the searcher")
        a = action.get("area")
        if action.get("choice") == "area" and a not in g.W.areas:
            return IllegalAction("[WR §5.6]", f"there is no search area {a!r} (A-X)")
        if g.flags.get("deceived"):
            return IllegalAction("[WR §11.7]", "Palantír Deceived: the card's areas must be searched")
    if kind == "play":
        card = action.get("card")
        if card not in g.D.event_cards:
            return IllegalAction("[WR §11.7]", f"there is no event card {card!r}")
        if card not in g.hands.get(ask["seat"], []):
            return IllegalAction("[WR §11.7]", f"{g.D.event_cards[card].name} is not in your hand")
        return IllegalAction("[WR §11.7]", f"{g.D.event_cards[card].name} is played only at step "
                             f"{', '.join(g.D.event_cards[card].when)} and when its condition holds")
    if kind == "attack":
        return IllegalAction("[WR §10.3]", f"no attack is possible in {action.get('hex')!r} now "
                             "(no engaged enemy, an unmobilized force, odds worse than 1-3 or no "
                             "Shadow Points)")
    return None


def redeal(g: Any, side: str, rng: Any) -> None:
    """[WR §12] Replace, in place, what ``side`` may not know by a guess made from ``side``'s view
    and ``rng`` alone (nothing of the true secrets survives): the orders of the decks, the other
    seats' hands, the face-down sites, and for the Dark Power where each hidden character is
    (groups last seen together stay together, within reach of where they were last seen), his
    Endurance, Ring Rating, items and road flag, and who bears the Ring while the bearer is
    hidden."""
    pool = sorted(g.decks["event"])
    sizes = {}
    for s2 in g.sides:
        if s2 != side:
            sizes[s2] = len(g.hands[s2])
            pool += g.hands[s2]
    pool.sort()
    rng.shuffle(pool)
    for s2, n in sizes.items():
        g.hands[s2] = sorted(pool.pop() for _ in range(n))
    g.decks["event"] = pool
    g.decks["search"] = sorted(g.decks["search"])
    rng.shuffle(g.decks["search"])
    for deck in ("eye", "magic"):
        fixed = {c.fixed_hex for c in (g.D.eye_cards if deck == "eye" else g.D.magic_cards).values()
                 if c.fixed_hex}
        keys = sorted(k for k in g.sites[deck] if k.rstrip("+") not in fixed)
        cards = sorted(g.sites[deck][k] for k in keys)
        rng.shuffle(cards)
        for k, c in zip(keys, cards):
            g.sites[deck][k] = c
    if side == FELLOWSHIP:
        return
    groups: dict[str | None, list[str]] = {}
    for cid, c in sorted(g.chars.items()):
        if c["alive"] and c["hidden"] and c["seat"] == FELLOWSHIP and not c["captive"]:
            groups.setdefault(c["seen"], []).append(cid)
    start_items: dict[str, list[str]] = {}
    for it in g.D.items.values():
        if it.id != "the-one-ring":
            start_items.setdefault(it.holder, []).append(it.id)
    land = [h for h in sorted(g.W.hexes) if g.W.is_land(h) and g.W.terrain_cost(h, "character") is not None]
    for seen, members in sorted(groups.items(), key=lambda kv: str(kv[0])):
        near = [h for h in land if seen is None or hx.distance(seen, h) <= 6] or land
        h = rng.choice(near)
        for cid in members:
            spec = g.D.characters[cid]
            g.chars[cid].update(hex=h, e=spec.endurance, rr=spec.ring_rating, road=False,
                                items=list(start_items.get(cid, [])))
    hidden = sorted(c for ms in groups.values() for c in ms)
    bearer = g.ring["bearer"]
    if bearer in g.chars and g.chars[bearer]["hidden"] and g.chars[bearer]["seat"] == FELLOWSHIP:
        able = [c for c in hidden if g.D.characters[c].ring_rating is not None]
        guess = "frodo" if "frodo" in able and rng.random() < 0.7 else rng.choice(able)
        g.ring["bearer"] = guess
        if g.flags.get("cloaks") in g.chars:
            g.flags["cloaks"] = guess
    if g.gollum["state"] in ("at-large", "active"):
        g.gollum["state"] = rng.choice(["at-large", "active"])
