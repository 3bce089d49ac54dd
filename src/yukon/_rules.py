"""The rule tables, stated once: which card may go on which, the Kings, the colours, the
group limit, and where a position's card-location index puts each card.

Cards are deck indices (``suit * 13 + rank - 1``; see :mod:`yukon._cards`). The C core
states the same tables once more (``src/yukon/_core.c``), and ``tests/test_core_rules.py``
holds the two together entry by entry.
"""

from __future__ import annotations

from ._cards import RANK, RED

GROUP_LIMIT = 20
"""The most cards one move may carry; the app refuses a larger group."""

KING_RANK = 13
KINGS = (12, 25, 38, 51)
"""The four Kings, the only cards an empty column takes."""
IS_KING = tuple(c in KINGS for c in range(52))

COLOUR_PARTNER = (3, 2, 1, 0)
"""For each suit, the other suit of its colour (spades and clubs, hearts and diamonds)."""
OTHER_COLOUR = ((1, 2), (0, 3), (0, 3), (1, 2))
"""For each suit, the two suits of the other colour."""

ON_FOUNDATION = 7
"""The place of a card on a foundation in a position's card-location index (0-6: its
column when face up)."""
FACE_DOWN = 8
"""Added to the column of a face-down card in the card-location index."""


def _children(relaxed: bool) -> tuple[tuple[int, ...], ...]:
    """For each card, the cards that may be placed on it, in suit order: one rank lower
    and, in classic rules, of the other colour."""
    return tuple(
        tuple(
            s * 13 + RANK[c] - 2
            for s in range(4)
            if RANK[c] > 1 and (relaxed or RED[s * 13] != RED[c])
        )
        for c in range(52)
    )


CHILDREN_CLASSIC = _children(False)
CHILDREN_RELAXED = _children(True)


def _fits(children: tuple[tuple[int, ...], ...]) -> bytes:
    """``fits[c * 53 + t]``: whether card ``c`` may go on card ``t`` (52: an empty
    column, which takes a King), the colour and rank rules in one lookup."""
    return bytes(
        c in (children[t] if t < 52 else KINGS) for c in range(52) for t in range(53)
    )


FITS_CLASSIC = _fits(CHILDREN_CLASSIC)
FITS_RELAXED = _fits(CHILDREN_RELAXED)


def _parents(children: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """For each card, the cards it may be placed on: ``children`` inverted."""
    return tuple(tuple(t for t in range(52) if c in children[t]) for c in range(52))


PARENTS = (_parents(CHILDREN_CLASSIC), _parents(CHILDREN_RELAXED))
"""``PARENTS[relaxed][c]``: the cards ``c`` may go on, under each rule set."""
