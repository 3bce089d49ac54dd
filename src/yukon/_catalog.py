"""The deals shipped in the package: which deals the solver proved winnable, and the
no-peek player's wins on the graded ones (``deals.json``, remade by
``python -m research.catalog`` from the surveys and the grading results in docs/data).

Read with :mod:`importlib.resources` and decoded in pure Python, so it answers in the
browser (Pyodide) as well, without a search.
"""

from __future__ import annotations

import base64
import functools
import json
from importlib import resources

import attrs

from ._codes import GameCode, Rules

CATALOG_FILE = "deals.json"


@attrs.frozen
class DealCatalog:
    """The catalog as the library reads it."""

    guesses: int
    """How many no-peek games graded each graded deal."""
    proven: dict[Rules, tuple[int, ...]]
    """The deal numbers the solver proved winnable, in order, per rule set."""
    wins: dict[Rules, dict[int, int]]
    """The no-peek games won of :attr:`guesses`, per graded deal, per rule set."""

    def is_proven(self, code: GameCode) -> bool:
        numbers = self.proven.get(code.rules, ())
        return _contains(numbers, code.number)


def _contains(numbers: tuple[int, ...], number: int) -> bool:
    import bisect

    at = bisect.bisect_left(numbers, number)
    return at < len(numbers) and numbers[at] == number


def decode_bits(first: int, text: str) -> tuple[int, ...]:
    """The numbers ``first + i`` whose bit ``i`` is set in base64 ``text`` (bit 0 is the
    high bit of the first byte): research/catalog.py's ``encode_bits`` reversed."""
    data = base64.b64decode(text)
    return tuple(
        first + 8 * at + bit
        for at, byte in enumerate(data)
        for bit in range(8)
        if byte & (0x80 >> bit)
    )


@functools.cache
def catalog() -> DealCatalog:
    """The package's catalog, read once."""
    text = resources.files("yukon").joinpath(CATALOG_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    proven = {
        Rules(letter): decode_bits(part["first"], part["bits"])
        for letter, part in data["proven"].items()
    }
    wins = {
        Rules(letter): {int(number): won for number, won in part.items()}
        for letter, part in data["wins"].items()
    }
    return DealCatalog(data["guesses"], proven, wins)
