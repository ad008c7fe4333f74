"""Sauron's game class: the rule-section mixins of this package over the Standard Rules
(:class:`ringwar.systems.spi.game.SpiGame`), and the class attributes that declare the game
(options, set-up keys, the magic table).  No two mixins define the same method, so a mixin's
``super()`` reaches the Standard Rules."""

from __future__ import annotations

from typing import Any

from ...core.options import Option
from ..spi.game import SpiGame
from .beast import BeastRules
from .demoralization import DemoralizationRules
from .forces import ForcesRules
from .magic import MagicRules
from .mordor import MordorRules
from .pedestal import PedestalRules
from .phalanx import PhalanxRules
from .reinforcements import ReinforcementRules
from .setup import SetupRules
from .state import Pedestal, SauronSpells, Weapon
from .victory import VictoryRules
from .views import Views
from .weapons import WeaponRules
from .words import ActionWords


class SauronGame(SetupRules, ReinforcementRules, ForcesRules, PhalanxRules, MagicRules,
                 PedestalRules, BeastRules, MordorRules, WeaponRules, DemoralizationRules,
                 VictoryRules, ActionWords, Views, SpiGame):
    system = "sauron"
    title = "Sauron: the Battle of Dagorlad"
    DATA = "sauron"
    #: the spells' state as a typed record (``state.py``; set by ``init_exclusive``)
    spell_state: SauronSpells
    pedestal: Pedestal
    weapons: dict[str, Weapon]
    ACTIONS = {**SpiGame.ACTIONS,
               "exit": ("do_exit", None),                   # [18.0] [21.12]
               "cast": ("do_cast", "why_not_cast"),   # [16.0] [8.5]
               "conjure": ("do_conjure", None),             # [17.0]
               "beast_power": ("do_beast_power", None),     # [17.2]
               "exchange": ("do_exchange", None)}           # [19.14]

    @classmethod
    def ai_facts(cls) -> dict[str, Any]:
        """The scenario's public facts for the shared AI (``knowledge.py``)."""
        from .knowledge import facts
        return facts()

    MAGIC_TABLE = "[16.5] Magic Capability Table"
    OPTIONS = dict(SpiGame.STANDARD_OPTIONS, **{
        "errata_4_3": Option(True, "[4.3] Rough: +1 MP, cavalry may not enter, defender +1 armour"),
        "errata_13_2": Option(True, "[13.2] Swordsmen in 1402 and Isildur in 1908 (not 1808)"),
        "errata_14_2": Option(True, "[14.2] five Elven Bowmen (e-2-X) arrive with the Elves"),
        "errata_19_11": Option(True, "[19.11] a magic weapon adds +1 (not +3), individual combat only"),
        "errata_19_14": Option(True, "[19.14] Narsil passes only from a wounded Elendil to an unhurt Isildur"),
        "errata_20_2": Option(True, "[20.2] any Westernesse leader killed adds his rating to the total"),
        "reinforcement_delay": Option(0, "[21.26] Game-Turns added to (or, negative, taken from) the "
                                      "arrival of Sauron's reinforcements", minimum=-18, maximum=18),
        # a ruling of 2026-11-27: records made before it replay as they were played (legacy)
        "reinforcements_enter_14_0": Option.changed(
            True, "[14.0] [21.26] reinforcements enter the map while they can (false: they may "
                  "wait off the map, as records made before 2026-11-27 were played; a Sauron who "
                  "never brings his army in then cannot be demoralized)", legacy=False),
        # a fix of 2026-11-27 (issue 17): records made before it replay as they were played (legacy)
        "dwarf_zoc_combat_15_21": Option.changed(
            True, "[15.21] [7.31] a Dwarf in a Troll's or Goblin's ZOC must attack (the Dwarves ignore "
                  "those ZOCs for movement only; false: not obliged, as records made before "
                  "2026-11-27 were played)", legacy=False),
    })

    SETUP_KEYS = SpiGame.SETUP_KEYS | {"pedestal", "weapons", "spells", "beast"}
