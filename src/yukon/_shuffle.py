"""The ``YU1`` shuffle in Python: SplitMix64 and the Fisher-Yates shuffle it drives.

The C core states the same shuffle once more (``_core_shuffle.c``); :mod:`yukon._implementation`
picks one, and ``tests/test_twins.py`` holds the two to the same decks.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class SplitMix64:
    """The 64-bit generator behind ``YU1`` deals (Steele, Lea and Flood's SplitMix64)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform draw from ``range(bound)``, rejecting the biased top of the range."""
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            r = self.next()
            if r < limit:
                return r % bound


def shuffled_deck(number: int) -> tuple[int, ...]:
    """The deck (as deck indices) after the ``YU1`` shuffle of deal ``number``."""
    deck = list(range(52))
    rng = SplitMix64(number)
    for i in range(51, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)
