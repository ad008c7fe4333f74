"""[3.0] The Sequence of Play, as data.

A Game-Turn is a sequence of phases; each is declared once here, with its code (the letter
the rule book gives it), its name, the rule case that defines it, its kind (what the engine
does in it), the phasing side and, for the phases both sides play one after the other, the
order in which they act.  A game's sequence is a tuple of phases (``SpiGame.SEQUENCE``);
Gondor inserts its Set-up Phase [13.0] before the first Game-Turn's and its Siege Phase
[16.2] after the Initial Magic Leader Movement Phase.  ``sequence_tables`` derives the
lookups the engine reads all the time.

What a kind of phase begins and ends with (``SpiGame._enter_phase``, ``end_phase_hook``):

=========  ==============================================================================
kind       begins with / ends with
=========  ==============================================================================
setup      [13.0] each side sets up in its area, Sauron first / --
magic      [8.52] every magic leader may move again / --
siege      [16.2] (Gondor) / --
movement   [4.24] every unit may move again; [14.0] entry chains restart /
           [8.14] leaders left alone move to a friendly unit
combat     [7.16] the missile step first; [7.34] [7.52] every unit may attack and be
           attacked again / --
rally      [8.3] / --; after the last phase the Game-Turn ends: [7.14] every unit may
           fire again, [8.32] [8.36] every leader may rally again
=========  ==============================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

WEST, SAURON = "westernesse", "sauron"

#: the kinds of phase (what the engine lists as legal in each, ``SpiGame._legal``)
KINDS = ("setup", "magic", "siege", "movement", "combat", "rally")


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of the Sequence of Play."""

    code: str                          # the rule book's letter
    name: str
    case: str                          # the rule case that defines it
    kind: str                          # one of KINDS
    phasing: str | None = None         # the phasing side (None: both, or neither)
    #: the sides acting one after the other in it, in order (a "two-sided" phase); empty:
    #: the phasing side alone
    turns: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"phase {self.code}: unknown kind {self.kind!r}")


SETUP = Phase("S", "Set-up Phase", "[13.0]", "setup", None, (SAURON, WEST))
INITIAL_MAGIC = Phase("A", "Initial Magic Leader Movement Phase", "[3.0]", "magic", None, (WEST, SAURON))
SIEGE = Phase("B", "Forces of Sauron Siege Phase", "[16.2]", "siege", SAURON)
SAURON_MOVEMENT = Phase("C", "Forces of Sauron Movement Phase", "[3.0]", "movement", SAURON)
SAURON_COMBAT = Phase("D", "Forces of Sauron Combat Phase", "[3.0]", "combat", SAURON)
SECOND_MAGIC = Phase("E", "Second Magic Leader Movement Phase", "[3.0]", "magic", None, (SAURON, WEST))
WEST_MOVEMENT = Phase("F", "Westernesse Movement Phase", "[3.0]", "movement", WEST)
WEST_COMBAT = Phase("G", "Westernesse Combat Phase", "[3.0]", "combat", WEST)
RALLY = Phase("H", "Joint Rally Phase", "[3.0]", "rally", None, (WEST, SAURON))

#: [3.0] the Standard Rules' Game-Turn
STANDARD_SEQUENCE: tuple[Phase, ...] = (
    INITIAL_MAGIC, SAURON_MOVEMENT, SAURON_COMBAT, SECOND_MAGIC, WEST_MOVEMENT, WEST_COMBAT, RALLY)

#: every phase any SPI game has, by code
ALL_PHASES: dict[str, Phase] = {p.code: p for p in (
    SETUP, INITIAL_MAGIC, SIEGE, SAURON_MOVEMENT, SAURON_COMBAT, SECOND_MAGIC, WEST_MOVEMENT,
    WEST_COMBAT, RALLY)}

#: [3.0] each phase's name, by code
PHASE_NAMES: dict[str, str] = {code: p.name for code, p in ALL_PHASES.items()}


def sequence_tables(sequence: tuple[Phase, ...]) -> tuple[
        tuple[str, ...], dict[str, str | None], dict[str, tuple[str, ...]], dict[str, str]]:
    """The lookups of a sequence: the codes in order, the phasing side of each, the sides in
    turn of the two-sided phases, and the kind of each."""
    codes = tuple(p.code for p in sequence)
    if len(set(codes)) != len(codes):
        raise ValueError(f"a phase appears twice in the sequence {codes}")
    phasing = {p.code: p.phasing for p in sequence}
    turns = {p.code: p.turns for p in sequence if p.turns}
    kinds = {p.code: p.kind for p in sequence}
    return codes, phasing, turns, kinds


def describe(sequence: tuple[Phase, ...]) -> list[dict[str, Any]]:
    """The sequence as rows (docs, the view's list of phases)."""
    return [{"code": p.code, "name": p.name, "case": p.case, "kind": p.kind, "side": p.phasing,
             "turns": list(p.turns)} for p in sequence]
