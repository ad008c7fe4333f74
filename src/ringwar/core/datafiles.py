"""Reading a game's data files: TOML read from a package folder and checked with pydantic
models, every defect a ValueError naming the file and the key (``"decks.toml: decks.west.total:
the counts add up to 29, not 28"``), so that a player who corrects a reconstructed value learns
at once what is wrong.  Shared by the game systems' data modules.
"""

from __future__ import annotations

import tomllib
from importlib.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

T = TypeVar("T", bound=BaseModel)


class DataErrors:
    """Raises ValueError naming the file and the key: ``err("decks.west", "no cards")``."""

    def __init__(self, file: str) -> None:
        self.file = file

    def __call__(self, key: str, msg: str) -> None:
        raise ValueError(f"{self.file}: {key}: {msg}")

    def check(self, ok: bool, key: str, msg: str) -> None:
        if not ok:
            self(key, msg)


def read_toml(directory: Traversable | Path, name: str) -> tuple[dict[str, Any], str]:
    """The parsed file and its text; ValueError if it is missing or not TOML."""
    try:
        text = (directory / name).read_text(encoding="utf-8")
    except FileNotFoundError as e:
        raise ValueError(f"{name}: missing file in {directory}") from e
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"{name}: not valid TOML: {e}") from e


def validate(model: type[T], data: Any, file: str, prefix: str = "") -> T:
    """``model`` built from ``data``, or ValueError naming the file and the first bad key
    (with ``prefix``, the table the data came from)."""
    try:
        return model.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(p) for p in (prefix, *err["loc"]) if p != "")
        more = f" (and {len(e.errors()) - 1} more)" if len(e.errors()) > 1 else ""
        raise ValueError(f"{file}: {loc}: {err['msg']}{more}") from None
