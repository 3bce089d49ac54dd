"""Moves: a card and where it goes.

A move names the card that is taken (the bottom card of a group, or a single card) and
its destination: a column or the foundations. Where the card comes from is a fact of the
position, so the same move text means the same thing in every position that allows it.

Columns are indexed 0-6 in Python, as ``state.columns`` is, and numbered 1-7 in move
text, as players count them: ``Move(Card.parse("8S"), 4)`` is written ``8S>5``.
"""

from __future__ import annotations

from typing import SupportsIndex

import attrs

from . import _deprecated
from ._arguments import as_int, excerpt, quote
from ._cards import CARDS, Card
from ._errors import InvalidCard, InvalidMove
from ._values import built_once

COLUMNS = 7
FOUNDATION = 7
"""The destination slot of the foundations in the engine's int encoding of a move."""


def _as_column(column: SupportsIndex | None) -> int | None:
    if column is None:
        return None
    number = as_int("column", column)
    if not 0 <= number < COLUMNS:
        raise InvalidMove(
            f"a move goes to a column 0-6 (1-7 in move text) or to the foundations "
            f"(None), not {quote(column)}"
        )
    return number


def _check_card(_: object, __: object, card: Card) -> None:
    if not isinstance(card, Card):
        raise TypeError(f"a move takes a Card, not {type(card).__name__}")


@attrs.frozen(repr=False, hash=False)
@built_once
class Move:
    """The card taken and its destination: a column index 0-6, or ``None`` for foundations."""

    card: Card = attrs.field(validator=_check_card)
    column: int | None = attrs.field(default=None, converter=_as_column)
    key: int = attrs.field(init=False, eq=False, repr=False)
    """``card.index * 8 + destination`` (7 for the foundations): the engine's int form."""

    def __attrs_post_init__(self) -> None:
        dest = FOUNDATION if self.column is None else self.column
        object.__setattr__(self, "key", self.card.index * 8 + dest)

    @classmethod
    def from_key(cls, key: SupportsIndex) -> Move:
        """The move with this :attr:`key`, 0 to ``ACTION_COUNT - 1``: the stable action
        id of a learning environment (the table never changes within a major version)."""
        return move_by_key(key)

    @classmethod
    def home(cls, card: Card) -> Move:
        """The move of ``card`` home, to its foundation."""
        return MOVES[card.index * 8 + FOUNDATION]

    @classmethod
    def to_foundation(cls, card: Card) -> Move:
        """Deprecated: :meth:`home`, under the name it had until 0.2."""
        _deprecated.renamed("Move.to_foundation", "Move.home")
        return cls.home(card)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read move text: ``8S>5`` (to column 5), ``AH>F`` (to the foundations)."""
        if not isinstance(text, str):
            raise TypeError(f"move text must be a str, not {type(text).__name__}")
        shown = excerpt(text)
        card_text, sep, dest = text.strip().partition(">")
        dest = dest.strip()
        if not sep:
            raise InvalidMove(
                f"{shown} is not a move: write card>destination, e.g. 8S>5 or AH>F"
            )
        try:
            card = Card.parse(card_text)
        except InvalidCard as error:
            raise InvalidMove(f"{shown} is not a move: {error}") from None
        dest = dest.upper() if dest.isascii() else dest
        if dest == "F":
            return MOVES[card.index * 8 + FOUNDATION]
        if len(dest) == 1 and "1" <= dest <= "7":
            return MOVES[card.index * 8 + int(dest) - 1]
        raise InvalidMove(
            f"{shown} is not a move: the destination is a column 1-7 or F, not "
            f"{excerpt(dest)}"
        )

    @property
    def to_foundations(self) -> bool:
        """Whether the card goes to its foundation."""
        return self.column is None

    def __hash__(self) -> int:
        return self.key

    def __reduce__(self) -> tuple[object, ...]:
        return (move_by_key, (self.key,))

    def __str__(self) -> str:
        dest = "F" if self.column is None else str(self.column + 1)
        return f"{self.card}>{dest}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


def move_by_key(key: object) -> Move:
    """The move with this int key (``card index * 8 + destination``)."""
    number = key if type(key) is int else as_int("key", key)
    if not 0 <= number < ACTION_COUNT:
        raise InvalidMove(
            f"a move key runs from 0 to {ACTION_COUNT - 1}, not {quote(key)}"
        )
    return MOVES[number]


ACTION_COUNT = 52 * 8
"""How many move keys there are (416): ``Move.key`` runs from 0 to 415, the card's deck
index times 8 plus the destination (columns 0-6, 7 for the foundation)."""


MOVES: tuple[Move, ...] = tuple(
    Move(CARDS[key // 8], None if key % 8 == FOUNDATION else key % 8)
    for key in range(52 * 8)
)
"""Every move, indexed by its int key, so the engine never builds a move object."""
