"""Sauron [21.2] Who Wins: the levels of victory [21.21]-[21.24]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..spi.game import SAURON, WEST

if TYPE_CHECKING:  # pragma: no cover
    from .game import SauronGame


class VictoryRules:
    """[21.2] who wins."""

    def decide_victory(self: SauronGame) -> dict[str, Any]:
        wd, sd = self.demoralized[WEST], self.demoralized[SAURON]
        vw, vs = self.vp[WEST], self.vp[SAURON]
        if sd and not wd:
            if vw > vs:
                return {"winner": WEST, "level": "decisive", "rule": "[21.21]",
                        "text": f"Westernesse Decisive Victory [21.21] ({vw} VP to {vs})"}
            return {"winner": WEST, "level": "tactical", "rule": "[21.22]",
                    "text": f"Westernesse Tactical Victory [21.22] ({vw} VP to {vs})"}
        if not sd:
            if vs > vw:
                return {"winner": SAURON, "level": "decisive", "rule": "[21.23]",
                        "text": f"Sauron Decisive Victory [21.23] ({vs} VP to {vw})"}
            return {"winner": SAURON, "level": "tactical", "rule": "[21.24]",
                    "text": f"Sauron Tactical Victory [21.24] ({vs} VP to {vw})"}
        return {"winner": None, "level": "draw", "rule": "[21.24]",
                "text": f"Draw [21.24]: both armies demoralized ({vw} VP to {vs})"}

    def victory_rule(self: SauronGame) -> str:
        return "[21.2]"
