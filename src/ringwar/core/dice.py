"""The game's one source of chance.

Every game owns one ``Dice``, seeded from the game record.  The generator is SplitMix64,
written out here rather than taken from :mod:`random` so that a record replays to the
same rolls on every Python version, forever (``random``'s seeding and ``randrange`` are
implementation details that have changed between releases).  Its whole state is one
integer, so a game state that holds it can be hashed, copied and compared.

>>> d = Dice(7)
>>> rolls = [d.d6() for _ in range(5)]
>>> rolls == [Dice(7).d6() for _ in range(1)] + rolls[1:]
True
"""

from __future__ import annotations

from collections.abc import Iterable

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

#: of the 36 throws of two six-sided dice, how many make each total
WAYS_2D6 = {t: 6 - abs(t - 7) for t in range(2, 13)}


def ways_2d6(totals: Iterable[int]) -> int:
    """How many of the 36 throws of two dice make one of ``totals`` (distinct totals; those out
    of 2-12 count for none)."""
    return sum(WAYS_2D6.get(t, 0) for t in totals)


class Dice:
    __slots__ = ("state", "count")

    def __init__(self, seed: int, state: int | None = None, count: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("seed must be an integer")
        self.state = (seed & _MASK) if state is None else state
        self.count = count  # number of dice thrown so far (for logs and hashing)

    def _next(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def die(self, sides: int = 6) -> int:
        """One fair die, 1..sides (rejection sampling: no modulo bias)."""
        limit = (1 << 64) - ((1 << 64) % sides)
        while True:
            x = self._next()
            if x < limit:
                self.count += 1
                return x % sides + 1

    def d6(self) -> int:
        return self.die(6)

    def roll(self, n: int = 2, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(n)]

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (for scatter, shuffles and agents' own generators)."""
        return self.die(n) - 1

    def copy(self) -> Dice:
        d = Dice.__new__(Dice)
        d.state, d.count = self.state, self.count
        return d

    def to_json(self) -> list[int]:
        return [self.state, self.count]
