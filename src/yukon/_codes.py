"""Game codes and the ``YU1`` shuffle.

A game code such as ``YU1-C-AAAAAAB`` names a rule set and a deal number. The ``1`` is the
deal algorithm, frozen forever: SplitMix64 seeded with the deal number drives a
Fisher-Yates shuffle of the deck in index order. A later algorithm would get ``YU2``;
``YU1`` codes deal the same cards in every release.
"""

from __future__ import annotations

import contextlib
import enum
import random
import string
from typing import SupportsIndex

import attrs

from ._arguments import as_int, excerpt, instance, quote
from ._cards import Card
from ._errors import InvalidGameCode
from ._implementation import shuffled_deck as fast_shuffled_deck
from ._values import built_once

DEAL_LETTERS = 7
DEAL_COUNT = 26**DEAL_LETTERS
"""How many ``YU1`` deals exist: deal numbers run from 0 to ``DEAL_COUNT - 1``."""

_LETTERS = string.ascii_uppercase


class Rules(enum.Enum):
    """The two rule sets a new game offers; the value is the game code's rule letter."""

    CLASSIC = "C"
    """Build down in alternating colours (the default)."""
    RELAXED = "R"
    """Build down regardless of colour; everything else as classic."""

    @property
    def letter(self) -> str:
        """``C`` or ``R``, as written in a game code."""
        return self.value


def _as_number(number: SupportsIndex) -> int:
    value = as_int("number", number)
    if not 0 <= value < DEAL_COUNT:
        raise InvalidGameCode(
            f"a deal number runs from 0 to {DEAL_COUNT - 1}, not {quote(number)}"
        )
    return value


def as_rules(value: Rules | str) -> Rules:
    if isinstance(value, Rules):
        return value
    if not isinstance(value, str):
        raise TypeError(
            f"rules must be a Rules or 'C' or 'R', not {type(value).__name__}"
        )
    with contextlib.suppress(ValueError):  # the enum's own error writes any value out
        return Rules(value.upper())
    raise InvalidGameCode(f"the rule is C (classic) or R (relaxed), not {quote(value)}")


@attrs.frozen(repr=False)
@built_once
class GameCode:
    """A deal number and a rule set: everything needed to deal a game again, exactly."""

    number: int = attrs.field(converter=_as_number)
    rules: Rules = attrs.field(default=Rules.CLASSIC, converter=as_rules)

    @classmethod
    def parse(cls, text: str) -> GameCode:
        """Read ``YU1-C-AAAAAAB``; surrounding white space and letter case are ignored."""
        if not isinstance(text, str):
            raise TypeError(f"a game code is text, not {type(text).__name__}")
        shown = excerpt(text)
        if not text.isascii():
            odd = next(letter for letter in text if not letter.isascii())
            raise InvalidGameCode(
                f"{shown} has {odd!r}: a game code is written in ASCII letters, digits "
                "and hyphens"
            )
        parts = text.strip().upper().split("-")
        if len(parts) != 3:
            raise InvalidGameCode(
                f"{shown} is not a game code: expected three parts like YU1-C-AAAAAAB"
            )
        prefix, rule, letters = parts
        if prefix != "YU1":
            if prefix[:2] == "YU" and prefix[2:].isdigit():
                raise InvalidGameCode(
                    f"{shown} uses deal algorithm {prefix[2:12]}; this release knows YU1"
                )
            raise InvalidGameCode(
                f"{shown} is not a Yukon game code: it must start YU1"
            )
        if rule not in ("C", "R"):
            raise InvalidGameCode(
                f"{shown} has rule {excerpt(rule)}: the rule is C (classic) or R (relaxed)"
            )
        if len(letters) != DEAL_LETTERS:
            raise InvalidGameCode(
                f"{shown} has a deal of {len(letters)} letters; it takes exactly 7"
            )
        number = 0
        for letter in letters:
            if letter not in _LETTERS:
                raise InvalidGameCode(
                    f"{shown} has {letter!r} in its deal; only letters A-Z are allowed"
                )
            number = number * 26 + _LETTERS.index(letter)
        return cls(number, Rules(rule))

    @classmethod
    def random(
        cls, rules: Rules | str = Rules.CLASSIC, rng: random.Random | None = None
    ) -> GameCode:
        """A code drawn from ``rng``, or from the system's randomness when none is given.

        The global :mod:`random` state is never touched, so seeding it elsewhere has no
        effect here; pass ``random.Random(seed)`` for a reproducible draw.
        """
        rules = as_rules(rules)
        if rng is None:
            rng = random.SystemRandom()
        instance("rng", rng, random.Random, "a random.Random (or None)")
        return cls(rng.randrange(DEAL_COUNT), rules)

    @property
    def deal_letters(self) -> str:
        """The 7-letter deal part of the code, ``AAAAAAB`` for deal 1."""
        n, out = self.number, []
        for _ in range(DEAL_LETTERS):
            n, digit = divmod(n, 26)
            out.append(_LETTERS[digit])
        return "".join(reversed(out))

    @property
    def deck(self) -> tuple[Card, ...]:
        """The 52 cards in the order this deal's ``YU1`` shuffle leaves them, position 0
        first: what the deal lays out, and the test vectors of the game-codes page for
        a port to another language."""
        return tuple(
            Card.from_index(index) for index in fast_shuffled_deck(self.number)
        )

    def with_rules(self, rules: Rules | str) -> GameCode:
        """The same deal under another rule set."""
        return GameCode(self.number, as_rules(rules))

    def __reduce__(self) -> tuple[object, ...]:
        return (GameCode, (self.number, self.rules))

    def __str__(self) -> str:
        return f"YU1-{self.rules.letter}-{self.deal_letters}"

    def __repr__(self) -> str:
        return f"GameCode.parse({str(self)!r})"
