"""A game's learned evaluation: logistic weights per seat kind, shipped as a data file.

A game that gives the search a learned value of its positions (``Game.evaluate_view``) keeps
an ``evaluation.py`` in its package with ``FEATURES`` (names, in the weights' order),
``features(view)`` and ``seat_kind(side)``, and its weights in the package's
``data/evaluation.json`` (``{"features": [...], "weights": {kind: [...]}}``), which
``tools/fit_evaluation.py`` writes.  This module reads the file (standard library only: no
training extras at play time) and turns features into a value.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import cache
from importlib import resources

#: the data file of a package's weights
WEIGHTS_FILE = "data/evaluation.json"


@cache
def _load(package: str) -> tuple[tuple[str, ...], dict[str, tuple[float, ...]]]:
    text = resources.files(package).joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    return (tuple(data["features"]),
            {k: tuple(float(x) for x in v) for k, v in data["weights"].items()})


def weights(package: str, features: Sequence[str]) -> dict[str, tuple[float, ...]]:
    """The weights of ``package``'s model, per seat kind; a file made for other features (a
    stale fit) is refused."""
    names, out = _load(package)
    if names != tuple(features):
        raise ValueError(f"{package}: {WEIGHTS_FILE} was fitted on the features {list(names)}, "
                         f"not {list(features)}: refit it (tools/fit_evaluation.py)")
    return out


def value(w: Sequence[float], x: Sequence[float]) -> float:
    """2 P - 1 in [-1, 1], where P is the logistic of ``w`` . ``x``."""
    z = max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x, strict=True))))
    return 2.0 / (1.0 + math.exp(-z)) - 1.0
