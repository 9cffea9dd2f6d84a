"""A seeded random generator that gives the same numbers on every platform.

CPython's `random` may change its algorithms between versions; the shoe
order is part of what a shared seed (`?seed=` in the site, `--seed` in the
CLI) promises, so the engine uses its own small generator: SplitMix64 with
unbiased rejection sampling and a Fisher–Yates shuffle.

Examples:
    >>> SeededRandom(7).below(10), SeededRandom(7).below(10)
    (7, 7)
"""

from __future__ import annotations

import random
from typing import MutableSequence, TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


class SeededRandom:
    """SplitMix64 (Steele, Lea & Flood 2014): 64-bit integer arithmetic only."""

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit output."""
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in `range(n)` (rejection sampling avoids modulo bias).

        Examples:
            >>> all(0 <= SeededRandom(s).below(3) < 3 for s in range(50))
            True
        """
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates, from the end)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def fresh_seed() -> int:
    """A new seed below 10**9 for a deal nobody asked to repeat, from the system's entropy.

    (`secrets.randbelow` would do the same but imports `hmac` and `hashlib`: tens of milliseconds of every
    cold start in the browser, where the `random` module is already loaded.)

    Examples:
        >>> 0 <= fresh_seed() < 10**9
        True
    """
    return random.SystemRandom().randrange(10**9)
