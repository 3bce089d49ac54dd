"""Cards: suits, ranks and the deck order every other module counts in.

A card's *deck index* is ``suit * 13 + (rank - 1)`` (A♠ = 0, K♣ = 51). The rules engine
works on these plain ints; :class:`Card` is the readable face of one. The 52 cards exist
once each (``Card.from_index``), so hot code never builds card objects.
"""

from __future__ import annotations

import enum
from typing import SupportsIndex

import attrs

from ._arguments import as_int, excerpt, quote
from ._errors import InvalidCard
from ._values import built_once

RANK_LETTERS = "A23456789TJQK"
SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"


class Suit(enum.IntEnum):
    """The four suits, in the order of the foundations: spades, hearts, diamonds, clubs."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """``S``, ``H``, ``D`` or ``C``."""
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """``♠``, ``♥``, ``♦`` or ``♣``."""
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red; spades and clubs are black."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


def _as_rank(rank: SupportsIndex) -> int:
    number = as_int("rank", rank)
    if not 1 <= number <= 13:
        raise InvalidCard(f"a rank runs from 1 (Ace) to 13 (King), not {quote(rank)}")
    return number


def as_suit(value: Suit | SupportsIndex) -> Suit:
    if isinstance(value, Suit):
        return value
    number = as_int("suit", value)
    if not 0 <= number <= 3:
        raise InvalidCard(f"a suit is 0-3 or a Suit, not {quote(value)}")
    return Suit(number)


@attrs.frozen(repr=False, order=False, hash=False)
@built_once
class Card:
    """One playing card. Equal cards are interchangeable; ``str(card)`` is ``"TH"``-style."""

    rank: int = attrs.field(converter=_as_rank)
    suit: Suit = attrs.field(converter=as_suit)
    index: int = attrs.field(init=False, eq=False, repr=False)
    """The deck index, ``suit * 13 + rank - 1``: the int the rules engine uses."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", self.suit * 13 + self.rank - 1)

    @classmethod
    def from_index(cls, index: SupportsIndex) -> Card:
        """The card with this deck index (0-51)."""
        number = as_int("index", index)
        if not 0 <= number < 52:
            raise InvalidCard(f"a deck index runs from 0 to 51, not {quote(index)}")
        return CARDS[number]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``8S``, ``TH``, ``10h``, ``qd``: rank then suit letter, any letter case;
        or the card as :attr:`symbol` writes it, ``10♥``, ``8♠``. Nothing else: other
        letters that upper-case to these (``ſ``, ``ﬀ``) are no suit or rank."""
        if not isinstance(text, str):
            raise TypeError(f"card text must be a str, not {type(text).__name__}")
        word = text.strip()
        if word and word[-1] in SUIT_SYMBOLS:
            word = word[:-1] + SUIT_LETTERS[SUIT_SYMBOLS.index(word[-1])]
        if not word.isascii():
            word = ""  # refused below
        word = word.upper()
        if word[:2] == "10":
            word = "T" + word[2:]
        if len(word) != 2 or word[0] not in RANK_LETTERS or word[1] not in SUIT_LETTERS:
            raise InvalidCard(
                f"{excerpt(text)} is not a card: write the rank (A 2-9 T J Q K, or 10) "
                "then the suit (S H D C), e.g. 8S or TH"
            )
        return CARDS[SUIT_LETTERS.index(word[1]) * 13 + RANK_LETTERS.index(word[0])]

    @property
    def is_red(self) -> bool:
        """Whether the card is a heart or a diamond."""
        return self.suit.is_red

    @property
    def symbol(self) -> str:
        """The card with a suit symbol, as players write it: ``10♦``, ``J♠``."""
        rank = "10" if self.rank == 10 else RANK_LETTERS[self.rank - 1]
        return rank + self.suit.symbol

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self) -> tuple[object, ...]:
        # Loaded as the same shared card, through the check any input gets.
        return (Card.from_index, (self.index,))

    def __str__(self) -> str:
        return RANK_LETTERS[self.rank - 1] + SUIT_LETTERS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


CARDS: tuple[Card, ...] = tuple(Card(i % 13 + 1, Suit(i // 13)) for i in range(52))
"""All 52 cards, in deck index order."""

# Plain-int tables for the rules engine, indexed by deck index.
RANK = tuple(i % 13 + 1 for i in range(52))
RED = tuple(i // 13 in (1, 2) for i in range(52))
NAME = tuple(str(c) for c in CARDS)
