"""The engine contract, checked by playing: what every game system must keep, whoever wrote it.

:func:`play_checked` plays one random game to its end and checks the contract's promises as
it goes (tests/test_contract_fuzz.py runs it for every system in the suite,
benchmarks/contract_fuzz.py thousands of times):

- **No dead ends**: whenever ``result`` is None, ``legal_actions()`` is not empty and
  ``to_act`` is a side.
- Every legal action applies; an illegal one (a legal action with a field changed, an
  unknown type, garbage) raises IllegalAction citing a rule case, and the game is exactly as
  it was (hash, legal actions, record).
- A selection's ``follow_ups`` change nothing; ``redact_action`` and ``describe_action``
  work on every recorded action; views are JSON for every side.
- Every legal action is listed once and reads differently (``describe_action``).
- A resignation or an agreed draw at a random moment ends the game, and that record replays.

A broken promise raises :class:`ContractBroken` saying which and where.
"""

from __future__ import annotations

import json
import random
from typing import Any

from .engine import Game, action_key, new_game, replay, unattended_options
from .errors import IllegalAction

MAX_ACTIONS = 60_000


class ContractBroken(AssertionError):
    """A game broke a promise of the engine contract."""


def _require(ok: bool, what: str) -> None:
    if not ok:
        raise ContractBroken(what)


def illegal_variants(game: Game, rng: random.Random) -> list[dict[str, Any]]:
    """Actions that are not legal now: legal ones with a field changed, and garbage."""
    legal = game.legal_actions()
    keys = {action_key(a) for a in legal}
    out: list[dict[str, Any]] = [{"type": "no_such_action"}, {"type": "end", "extra": 1},
                                 {"type": legal[0]["type"], "unit": "nobody", "to": "9999"}]
    for a in rng.sample(legal, min(3, len(legal))):
        for k in a:
            if k == "type":
                continue
            b = dict(a)
            b[k] = rng.choice(["0000", "nobody", 999, None, True, "x" * 3])
            out.append(b)
    return [a for a in out if action_key(a) not in keys]


def check_refusals(game: Game, rng: random.Random) -> None:
    before = (game.state_hash(), [dict(a) for a in game.legal_actions()], len(game.record.actions))
    for bad in illegal_variants(game, rng):
        try:
            game.apply(bad)
        except IllegalAction as e:
            _require(str(e).startswith("illegal: ["), f"a refusal cites no rule case: {e}")
        else:
            raise ContractBroken(f"an illegal action was applied: {bad}")
        after = (game.state_hash(), game.legal_actions(), len(game.record.actions))
        _require(after == before, f"refusing {bad} changed the game")


def check_selection(game: Game, rng: random.Random) -> None:
    sels = [a for a in game.legal_actions() if a["type"] in game.SELECTIONS]
    if not sels:
        return
    h = game.state_hash()
    then = game.follow_ups(rng.choice(sels))
    _require(then is None or isinstance(then, list), "follow_ups gave neither a list nor None")
    _require(game.state_hash() == h, "follow_ups changed the game")


def check_words(game: Game) -> None:
    """Every legal action is listed once, and reads differently to the side to act: a player
    tells them apart by their words (a button each; two moves that differed only by the
    leaders they took along once read alike)."""
    legal = game.legal_actions()
    _require(len({action_key(a) for a in legal}) == len(legal), f"an action is listed twice ({game.phase})")
    seen: dict[str, dict[str, Any]] = {}
    for a in legal:
        w = game.describe_action(a, game.to_act)
        _require(w not in seen, f"two legal actions read alike, {w!r}: {seen.get(w)} and {a}")
        seen[w] = a


def check_meta(game: Game, rng: random.Random) -> None:
    probe = game.clone()
    side = rng.choice(probe.sides)
    if rng.random() < 0.5:
        probe.apply({"type": "resign", "side": side})
        res = probe.result or {}
        _require(res.get("level") == "resignation" and res.get("resigned") == side,
                 f"{side} resigned but the result is {res}")
    else:
        probe.apply({"type": "offer_draw", "side": side})
        for other in probe.sides:
            if other != side:
                probe.apply({"type": "accept_draw", "side": other})
        _require((probe.result or {}).get("level") == "draw", "an agreed draw did not end the game")
    _require(probe.legal_actions() == [] and probe.to_act is None, "a concluded game goes on")
    _require(replay(probe.save()).state_hash() == probe.state_hash(),
             "a record with a meta action does not replay to its hash")


def play_checked(system: str, options: dict[str, Any] | None = None, seed: int = 0,
                 replay_check: bool = False) -> Game:
    """Play one random game of ``system`` (its unattended options, then ``options``) to its
    end, checking the contract; ``seed`` chooses the dice seed and every move."""
    rng = random.Random(seed)
    game = new_game(system, seed=rng.randrange(2**63), options=unattended_options(system, options))
    check_every = rng.randrange(40, 120)
    meta_at = rng.randrange(1, 2000)
    n = 0
    while game.result is None:
        _require(game.to_act in game.sides, f"no side to act and no result ({game.phase}, "
                 f"action {n}, seed {seed})")
        legal = game.legal_actions()
        _require(bool(legal), f"dead end: {game.to_act} has no legal action in {game.phase} "
                 f"(turn {game.turn}, action {n}, seed {seed})")
        if n % check_every == 0:
            check_refusals(game, rng)
            check_selection(game, rng)
            check_words(game)
            for s in (None, *game.sides):
                json.dumps(game.view(s))
        if n == meta_at:
            check_meta(game, rng)
        action = rng.choice(legal)
        if n % check_every == 1:   # described from the position it is played from, to each side
            for s in (None, *game.sides):
                _require(isinstance(game.describe_action(game.redact_action(action, s), s), str),
                         "describe_action gave no text")
        game.apply(action)
        n += 1
        _require(n < MAX_ACTIONS, f"the game does not end (seed {seed})")
    _require(game.legal_actions() == [], "a finished game offers actions")
    for s in (None, *game.sides):
        for a in game.record.actions[-50:]:
            json.dumps(game.redact_action(a, s))
    if replay_check:
        _require(replay(game.save()).state_hash() == game.state_hash(),
                 f"the record does not replay to its hash (seed {seed})")
    return game


