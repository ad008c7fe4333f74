"""Game records: the one persistent form of a game.

A record is ``(system, scenario, options, seed, setup, actions)``; replaying it through the
rules gives every state of the game.  The file format is JSON, versioned:

    {"format": "ringwar-record", "version": 1, "system": "sauron", "scenario": null,
     "options": {}, "seed": 7, "setup": null, "actions": [...],
     "final_hash": "..."}     # optional integrity check, written by ``to_json``

``setup`` is an optional system-specific starting position (from the position builder);
``final_hash``, when present, must equal the hash the replay reaches, so a damaged file is
caught instead of silently yielding another game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .errors import RecordError

FORMAT = "ringwar-record"
#: 2: actions may include the meta actions ``resign`` / ``offer_draw`` / ``accept_draw`` /
#: ``decline_draw`` (with the ``side`` that took them), taken whoever is to act.  A record
#: is written with the lowest version that can hold it, so a game without them stays
#: readable by an older ringwar; a version 1 record is read as it always was.
VERSION = 2
SUPPORTED_VERSIONS = (1, 2)
#: resigning and agreeing a draw (core.engine): the actions that need version 2
META_TYPES = ("resign", "offer_draw", "accept_draw", "decline_draw")
#: seeds are stored as signed 64-bit integers (SQLite, PostgreSQL): 0 .. 2^63 - 1
SEED_MAX = 2**63 - 1


def _engine_version() -> str:
    from .. import __version__
    return __version__


@dataclass
class GameRecord:
    system: str
    seed: int
    scenario: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    setup: dict[str, Any] | None = None
    actions: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self, final_hash: str | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": self.version_needed(),
            "system": self.system,
            "scenario": self.scenario,
            "options": dict(self.options),
            "seed": self.seed,
            "setup": self.setup,
            "actions": [dict(a) for a in self.actions],
            "engine": _engine_version(),
        }
        if final_hash is not None:
            out["final_hash"] = final_hash
        return out

    def version_needed(self) -> int:
        """The lowest record version that holds these actions."""
        return 2 if any(a.get("type") in META_TYPES for a in self.actions) else 1

    def dumps(self, final_hash: str | None = None) -> str:
        return json.dumps(self.to_json(final_hash), indent=1, sort_keys=True)

    def copy(self) -> GameRecord:
        return GameRecord(
            self.system, self.seed, self.scenario, dict(self.options),
            None if self.setup is None else json.loads(json.dumps(self.setup)),
            list(self.actions),
        )

    @classmethod
    def from_json(cls, data: Any) -> tuple[GameRecord, str | None]:
        """Validate a decoded record; returns the record and its ``final_hash`` (or None)."""
        if not isinstance(data, dict):
            raise RecordError("record: expected a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"record: 'format' must be {FORMAT!r}, got {data.get('format')!r}")
        version = data.get("version")
        if version not in SUPPORTED_VERSIONS:
            raise RecordError(
                f"record: version {version!r} is not supported (this ringwar reads "
                f"{', '.join(map(str, SUPPORTED_VERSIONS))})"
            )
        system = data.get("system")
        if not isinstance(system, str) or not system:
            raise RecordError("record: 'system' must be a non-empty string")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= SEED_MAX:
            raise RecordError(f"record: 'seed' must be a whole number from 0 to {SEED_MAX}")
        scenario = data.get("scenario")
        if scenario is not None and not isinstance(scenario, str):
            raise RecordError("record: 'scenario' must be a string or null")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError("record: 'options' must be an object")
        setup = data.get("setup")
        if setup is not None and not isinstance(setup, dict):
            raise RecordError("record: 'setup' must be an object or null")
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise RecordError("record: 'actions' must be a list")
        for i, a in enumerate(actions):
            if not isinstance(a, dict) or not isinstance(a.get("type"), str):
                raise RecordError(f"record: action #{i + 1} is not an object with a 'type'")
            if version < 2 and a["type"] in META_TYPES:
                raise RecordError(f"record: action #{i + 1} ({a['type']}) needs record version 2")
        final_hash = data.get("final_hash")
        if final_hash is not None and not isinstance(final_hash, str):
            raise RecordError("record: 'final_hash' must be a string")
        return cls(system, seed, scenario, dict(options), setup, [dict(a) for a in actions]), final_hash

    @classmethod
    def loads(cls, text: str | bytes) -> tuple[GameRecord, str | None]:
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as e:
            raise RecordError(f"record: not valid JSON ({e})") from None
        return cls.from_json(data)
