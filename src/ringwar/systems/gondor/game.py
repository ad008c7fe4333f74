"""Gondor's game class: the rule-section mixins of this package over the Standard Rules
(:class:`ringwar.systems.spi.game.SpiGame`), and the class attributes that declare the game
(phases, options, set-up keys).  No two mixins define the same method, so a mixin's
``super()`` reaches the Standard Rules."""

from __future__ import annotations

from typing import Any

from ...core.options import Option
from ..spi.game import SpiGame
from ..spi.sequence import SETUP, SIEGE, STANDARD_SEQUENCE, sequence_tables
from .banner import BannerRules
from .board import WALLS
from .city import CityRules
from .combat import CombatRules
from .decisions import GONDOR_DECISIONS
from .demoralization import DemoralizationRules
from .equipment import EquipmentRules
from .magic import MagicRules
from .reinforcements import ReinforcementRules
from .sequence import SequenceRules
from .setup import SetupRules
from .siege import SiegeRules
from .state import GondorSpells, SiegeState
from .victory import VictoryRules
from .views import Views
from .words import ActionWords


class GondorGame(SetupRules, SequenceRules, CityRules, ReinforcementRules, CombatRules,
                 EquipmentRules, SiegeRules, MagicRules, BannerRules, DemoralizationRules,
                 VictoryRules, ActionWords, Views, SpiGame):
    system = "gondor"
    title = "Gondor: the Siege of Minas Tirith"
    DATA = "gondor"
    hidden_information = True
    #: the state the exclusive rules add, as typed records (``state.py``; set by ``init_exclusive``)
    siege: SiegeState
    spell_state: GondorSpells

    @classmethod
    def ai_facts(cls) -> dict[str, Any]:
        """The scenario's public facts for the shared AI (``knowledge.py``)."""
        from .knowledge import facts
        return facts()

    #: [3.0] the Standard Rules' Game-Turn with the Set-up Phase [13.0] before the first
    #: and the Siege Phase [16.2] after the Initial Magic Leader Movement Phase
    SEQUENCE = (SETUP, STANDARD_SEQUENCE[0], SIEGE, *STANDARD_SEQUENCE[1:])
    PHASES, PHASING, STEP_SIDES, PHASE_KINDS = sequence_tables(SEQUENCE)
    DECISIONS = GONDOR_DECISIONS            # [13.0] set-up, [16.74] oil
    ACTIONS = {**SpiGame.ACTIONS,
               "deploy_rest": ("do_deploy_rest", None),             # [13.0] (a convenience)
               "arrive_formed": ("do_arrive_formed", None),         # [14.0] [8.4]
               "push": ("do_push", None),                           # [16.11]
               "ladder": ("do_ladder", None),                       # [16.43]
               "take_oil": ("do_take_oil", None),                   # [16.72]
               "breach": ("do_breach", "why_not_siege_shot"),       # [16.27]
               "fireball": ("do_fireball", "why_not_siege_shot"),   # [16.6]
               "head": ("do_head", "why_not_siege_shot"),           # [16.8]
               "cast": ("do_cast", "why_not_cast"),                 # [17.0] [8.5]
               "move_banner": ("do_move_banner", "why_not_move_banner"),   # [18.13]
               "banner_rally": ("do_banner_rally", None)}           # [18.22]
    SELECTED_TEXT = dict(SpiGame.SELECTED_TEXT, deploy="set it up")
    OPTIONS = dict(SpiGame.STANDARD_OPTIONS, **{
        "errata_wall_2101": Option(True, "the hexside 2101/2201 is a Wall"),
        "errata_7_12": Option(True, "[7.12] catapults used against units: range two, missile strength e"),
        "errata_7_55": Option(True, "[7.55] a ladder or siege tower never lets a unit retreat across a wall"),
        # balance parameters (for simulation sweeps); the defaults are the rule book's
        "rohan_roll": Option(None, "[14.2] the least die roll (1-7; 7: never) that brings the Riders of Rohan "
                             "(default: the scenario's, 5)", kind=int, minimum=1, maximum=7),
        "rohan_turn": Option(None, "[14.2] the first Game-Turn on which the Riders of Rohan may come "
                             "(default: the scenario's, 5)", kind=int, minimum=1, maximum=16),
    })

    SETUP_KEYS = SpiGame.SETUP_KEYS | {"available", "siege", "spells"}
    PLACE_KEYS = SpiGame.PLACE_KEYS | {"real", "oil"}

    #: the siege state a set-up may give, each with its check (``version`` and the like are
    #: the engine's own bookkeeping and may not be set)
    SIEGE_SETUP: dict[str, Any] = {
        "breached": lambda g, c, v, w: [c.hexside(x, f"{w}[{i}]", WALLS) for i, x in enumerate(c.list_(v, w))],
        "gate_control": lambda g, c, v, w: [(c.choice(k, f"{w}.{k}", set(g.city["gates"])), c.side(s, f"{w}.{k}"))
                                            for k, s in c.obj(v, w).items()],
        "last": lambda g, c, v, w: [(c.hex_(h, f"{w}.{h}"), c.side(s, f"{w}.{h}")) for h, s in c.obj(v, w).items()],
        "fires": lambda g, c, v, w: [(c.hex_(h, f"{w}.{h}"), c.choice(k, f"{w}.{h}", ("city", "field")))
                                     for h, k in c.obj(v, w).items()],
        "heads": lambda g, c, v, w: [(c.hex_(h, f"{w}.{h}"), c.int_(n, f"{w}.{h}", 0, 99)) for h, n in c.obj(v, w).items()],
        "heads_thrown": lambda g, c, v, w: c.int_(v, w, 0, int(g.sc.siege["severed_heads"])),
        "ladders": SetupRules._check_ladders,
        "ladders_used": lambda g, c, v, w: c.int_(v, w, 0, int(g.sc.siege["ladders"])),
        "ready": SetupRules._check_ready,
        "grond": lambda g, c, v, w: c.bool_(v, w),
        "levels": lambda g, c, v, w: [c.int_(k, f"{w}[{i}]", 1, 7) for i, k in enumerate(c.list_(v, w))],
        "garrison_fell": lambda g, c, v, w: c.bool_(v, w),
        "banner": SetupRules._check_banner,
        "banner_rallies": lambda g, c, v, w: c.int_(v, w, 0, 2),
        "rohan": lambda g, c, v, w: c.bool_(v, w),
        "aragorn": lambda g, c, v, w: c.bool_(v, w),
    }

    MAGIC_TABLE = "[17.4] Magic Capabilities Chart"
