"""Deals of other Yukon programs, so researchers can compare results on the same layouts.

- **KDE Patience** (kpat), game "Yukon": a deal number seeds the Microsoft FreeCell
  generator (``seed = 214013 * seed + 2531011`` modulo 2^32, draw ``(seed >> 16) & 0x7fff``)
  which shuffles kpat's deck order (Ace to King, each rank in clubs, diamonds, hearts,
  spades) from the top down; kpat then deals from the end of that list in 11 rounds, one
  card a column per round to each column that still takes cards, face up from round
  ``column index`` on (column 1 at once).
- **PySolFC**, game "Yukon" (id 19): deals come from the ``pysol-cards`` package, which is
  PySolFC's own dealing code; install the extra ``yukon[pysol]``.

Both return a :class:`~yukon.State` built with :meth:`~yukon.State.from_layout`, so the
same checks apply as to any position. The rule set is the caller's to choose: neither
program plays the relaxed rule.
"""

from __future__ import annotations

from typing import Any, SupportsIndex

from ._arguments import as_int, quote
from ._cards import Card, Suit
from ._codes import Rules, as_rules
from ._errors import InvalidGameCode
from ._state import State

KPAT_MAX = 2**32 - 1
"""The largest deal number the kpat generator takes (its seed is an unsigned 32 bits)."""

_KPAT_DECK = tuple(
    Card(rank, suit)
    for rank in range(1, 14)
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
)


def kpat_deal(number: SupportsIndex, rules: Rules | str = Rules.CLASSIC) -> State:
    """The opening position of KDE Patience's Yukon deal ``number``."""
    number = as_int("number", number)
    if not 0 <= number <= KPAT_MAX:
        raise InvalidGameCode(
            f"a KDE Patience deal number runs from 0 to {KPAT_MAX}, not {quote(number)}"
        )
    cards = list(_KPAT_DECK)
    seed = number
    for i in range(len(cards), 1, -1):
        seed = (214013 * seed + 2531011) & 0xFFFFFFFF
        j = ((seed >> 16) & 0x7FFF) % i
        cards[i - 1], cards[j] = cards[j], cards[i - 1]
    columns: list[list[Card]] = [[] for _ in range(7)]
    hidden = [0] * 7
    for round_ in range(11):
        for column in range(7):
            if (column == 0 and round_ == 0) or (column and round_ < column + 5):
                columns[column].append(cards.pop())
                if column and round_ < column:
                    hidden[column] += 1
    return State.from_layout(columns, hidden=hidden, rules=as_rules(rules))


def pysolfc_deal(number: SupportsIndex, rules: Rules | str = Rules.CLASSIC) -> State:
    """The opening position of PySolFC's Yukon game ``number`` (needs ``yukon[pysol]``).

    PySolFC numbers up to 32000 follow the Microsoft deals; larger ones its own
    generator. Numbers run from 1 to 10^20 - 1, as PySolFC takes them.
    """
    number = as_int("number", number)
    if not 1 <= number < 10**20:
        raise InvalidGameCode(
            f"a PySolFC game number runs from 1 to 10^20 - 1, not {quote(number)}"
        )
    try:
        from pysol_cards.deal_game import Game as PysolGame
        from pysol_cards.random_base import RandomBase
    except ImportError as missing:
        raise ImportError(
            "PySolFC deals need the pysol-cards package: pip install 'yukon[pysol]'"
        ) from missing
    game: Any = PysolGame("yukon", number, RandomBase.DEALS_PYSOLFC)
    game.deal()
    game.yukon()
    columns = []
    hidden = []
    for pile in game.board.columns.cols:
        columns.append([Card(c.rank, _PYSOL_SUITS[c.suit]) for c in pile])
        hidden.append(sum(1 for c in pile if c.flipped))
    return State.from_layout(columns, hidden=hidden, rules=as_rules(rules))


_PYSOL_SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
"""pysol-cards numbers its suits clubs, spades, hearts, diamonds."""
