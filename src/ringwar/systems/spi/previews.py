"""The engine: previews.  What a legal attack, spell or rally risks, in the preview schema of
docs/engine.md (``odds.py`` computes the tables' odds)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Action
from .state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from .game import SpiGame


class Previews:
    """The odds of an attack, a spell or a rally, with the notes of each result."""

    def preview(self: SpiGame, action: Action) -> dict[str, Any] | None:
        """What a legal attack, spell or rally risks, as the preview schema of docs/engine.md:
        the table and column read, every modifier with its case, the exact odds of each of
        the chart's results ([7.41] x [7.42], [7.26], [8.37], the magic tables) and a legend."""
        kind = action.get("type")
        if not self.is_legal(action):
            return None
        from . import odds
        if kind == "cast":
            return self.spell_odds(action)
        if kind == "rally":
            return self.rally_odds(action)
        if kind not in ("fire", "attack", "leader_attack"):
            return None
        a, d = self.units[action["unit"]], self.units[action["target"]]
        if kind == "leader_attack" and d.is_leader:
            return odds.explain_leader_attack(self, a.id, d.id)
        if kind == "leader_attack":                       # [17.32] a magic weapon vs the Beast
            return odds.explain_attack(self, a.id, d.id, letter="A", letter_why=[
                f"[17.32] {a.name}'s magic weapon attacks the armoured {d.name} at A, as melee"])
        return odds.explain_attack(self, a.id, d.id, missile=kind == "fire")

    def outcome_notes(self: SpiGame, d: Piece, missile: bool) -> dict[str, str]:
        """What each [7.42] result would do to ``d`` in particular, beyond the chart's key
        (hook: exclusive rules add theirs, e.g. Gondor's stampeding Mumakil [14.32])."""
        notes: dict[str, list[str]] = {}

        def note(codes: tuple[str, ...], text: str) -> None:
            for c in codes:
                notes.setdefault(c, []).append(text)

        if d.formation and d.partner:
            case = self.formation_case(d)
            note(("E",), f"{case} both units of the formation are eliminated")
            note(("½E", "½E, r1"), f"{case} one unit of the formation is eliminated, the other retreats "
                 f"{self.half_loss_retreat(d)} hex(es)")
            note(("r1", "r2"), f"{case} the formation breaks up and retreats unit by unit")
        elif d.reduced:
            note(("½E", "½E, r1"), f"{self.label(d)} is already inverted: it is eliminated")
        if d.disrupted:
            note(("r1", "r2", "½E, r1"), f"{self.label(d)} is disrupted: forced to retreat, it is eliminated "
                 "instead [7.57]")
        if any(q.is_leader and q.side == d.side for q in self.pieces_at(d.hex)):
            note(("½E", "½E, r1", "E"), "each leader stacked with it shares the result on a die roll of 5 or 6 [8.24]")
        return {c: "; ".join(t) for c, t in notes.items()}

    def leader_result_notes(self: SpiGame, ld: Piece) -> dict[str, str]:
        """What a [7.26] result ("r2", "½", "e") would do besides hurting ``ld`` (hook: the
        Pedestal [16.64])."""
        mates = [u for u in self.combat_at(ld.hex) if u.side == ld.side]
        if not mates:
            return {}
        text = (f"{', '.join(self.label(u) for u in mates)}, stacked with him, must retreat two hexes, "
                "or is flipped if it cannot [7.23]")
        return {"r2": text, "½": text, "e": text}

    def eliminating_outcomes(self: SpiGame, d: Piece) -> set[str]:
        """The [7.42] outcome keys (odds.OUTCOMES) that would eliminate ``d`` itself."""
        out = {"E"}
        if d.formation and d.partner:
            return out
        if d.reduced:
            out |= {"halfE", "halfE+r1"}
        if d.disrupted:
            out |= {"r1", "r2", "halfE+r1"}
        return out

    def spell_odds(self: SpiGame, action: Action) -> dict[str, Any]:
        """[8.54] the chance a spell attempt succeeds with the points spent; [8.56] only a
        successful spell costs its points."""
        from .odds import explain_roll, two_dice
        spell = self.sc.spells[action["spell"]]
        points = int(action["points"])
        rng = spell.succeeds_on(points)
        lo, hi = (2, 12) if rng is None else rng
        need = "automatic" if rng is None else f"{lo}-{hi}"
        pts = f"{points} point{'s' if points != 1 else ''}"
        p = float(two_dice(lo, hi))
        out = explain_roll(
            self.MAGIC_TABLE, f"{spell.name} with {pts}: " + (
                "automatic" if rng is None else f"cast on {need} with two dice"), [(lo, hi)],
            "cast", f"{spell.name} takes effect {spell.rule}; the {pts} are spent for good [8.56]",
            "fails", "no effect; no points are spent [8.56]",
            summary=f"{spell.name} is cast for certain" if rng is None else f"{100 * p:.0f}% to cast {spell.name}")
        out.update(spell=spell.name, points=points, needs=need)
        return out

    def rally_odds(self: SpiGame, action: Action) -> dict[str, Any]:
        """[8.34] [8.37] the chance a leader rallies a disrupted unit."""
        from .odds import explain_roll, ranges_text, shift_entry
        ld, u = self.units[action["unit"]], self.units[action["target"]]
        rating, why = self.leader_rating_why(ld, combat=False)
        ranges = self.rally_range(rating)
        top = 10 if self.options.get("errata_8_37", True) else 8
        if rating > top:
            why.append(f"[8.37] a rating above {top} uses the table's last row (docs/reconstructed.md)")
        out = explain_roll("[8.37] Leader Rally Table", f"{ld.name}, rating {rating}: rallies on "
                           f"{ranges_text(ranges)} with two dice", ranges, "rallied",
                           f"{self.label(u)} is no longer disrupted [8.3]", "fails",
                           f"{self.label(u)} stays disrupted; it may not be rallied again this Game-Turn [8.36]",
                           shifts=[shift_entry(w) for w in why])
        out["summary"] = f"{100 * out['odds']['rallied']:.0f}% to rally {self.label(u)}"
        return out
