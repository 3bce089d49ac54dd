"""The rules of Yukon, stated once, over a packed position.

Cards are deck indices (``suit * 13 + rank - 1``; see :mod:`yukon._cards`) and a column is
a ``bytes`` of them, bottom to top. Each rule is written here once: which card may go on
which (:func:`placing_rule`, from which every table below is built), the foundation order
(:func:`next_home`), the group limit (:data:`GROUP_LIMIT`), the flip (:func:`turns_up`),
the win (:func:`is_won`) and a move's points (:func:`yukon._scoring.move_points`). :func:`legal_moves` lists the moves those rules allow and :func:`follow`
makes a move or raises :class:`Broken` naming the first rule it breaks; :class:`~yukon.State` is the public face
over a :class:`Position`, and the solver works on positions directly.

The C core states the same rules once more (``_core.h``, ``_core_rules.c``);
:mod:`yukon._implementation` binds one or the other, ``tests/test_twins.py`` holds the
two together move by move on random games, ``tests/test_core_rules.py`` table by table
and by perft, and both name the rule when they differ.
"""

from __future__ import annotations

import enum

from ._cards import RANK, RED
from ._moves import FOUNDATION, MOVES, Move
from ._scoring import move_points, scored


class MoveRule(enum.Enum):
    """The rules of a move, each one a refused move may break: the values of
    :class:`~yukon.RefusalCode`'s members of the same names, where each is explained (the
    aids state theirs in ``_aids.AidRule``)."""

    FACE_DOWN = "face-down"
    NOT_IN_PLAY = "not-in-play"
    ALREADY_ON_FOUNDATION = "already-on-foundation"
    NOT_LAST_CARD = "not-last-card"
    FOUNDATION_ORDER = "foundation-order"
    SAME_COLUMN = "same-column"
    KING_ONLY = "king-only"
    RANK_MISMATCH = "rank-mismatch"
    SAME_COLOUR = "same-colour"
    GROUP_TOO_LARGE = "group-too-large"


GROUP_LIMIT = 20
"""The most cards one move may carry; the app refuses a larger group."""

KING_RANK = 13
KINGS = tuple(c for c in range(52) if RANK[c] == KING_RANK)
"""The four Kings, the only cards an empty column takes."""
IS_KING = tuple(RANK[c] == KING_RANK for c in range(52))

COLOUR_PARTNER = (3, 2, 1, 0)
"""For each suit, the other suit of its colour (spades and clubs, hearts and diamonds)."""
OTHER_COLOUR = ((1, 2), (0, 3), (0, 3), (1, 2))
"""For each suit, the two suits of the other colour."""

ON_FOUNDATION = 7
"""The place of a card on a foundation in a position's card-location index (0-6: its
column when face up)."""
FACE_DOWN = 8
"""Added to the column of a face-down card in the card-location index."""
EMPTY = 52
"""The "card" an empty column shows in the placing tables."""


def placing_rule(card: int, target: int, relaxed: bool) -> MoveRule | None:
    """The rule that keeps ``card`` off ``target`` (a column's last card, or
    :data:`EMPTY`), or ``None`` when it may go there: only a King on an empty column;
    else one rank lower and, in classic rules, of the other colour."""
    if target == EMPTY:
        return None if IS_KING[card] else MoveRule.KING_ONLY
    if RANK[target] != RANK[card] + 1:
        return MoveRule.RANK_MISMATCH
    if not relaxed and RED[target] == RED[card]:
        return MoveRule.SAME_COLOUR
    return None


def next_home(found: tuple[int, ...], suit: int) -> int:
    """The card ``suit``'s foundation takes next (its Ace first); 13 cards past the
    suit's first when it is full."""
    return suit * 13 + found[suit]


ALL_HOME = (13, 13, 13, 13)
"""The foundations of a won game."""


def is_won(found: tuple[int, ...]) -> bool:
    """A game is won when every card is home."""
    return found == ALL_HOME


POINTS = tuple(
    tuple(move_points(home, flip) for flip in (False, True)) for home in (False, True)
)
"""``POINTS[home][flip]``: :func:`~yukon._scoring.move_points` as a table, read on every
move (a lookup costs a tenth of a call)."""


def turns_up(hidden: tuple[int, ...], column: int, pos: int) -> bool:
    """Whether taking the cards from ``pos`` of ``column`` up turns a card up: the
    face-down card under them is then last in its column."""
    return 0 < pos == hidden[column]


def _fits(relaxed: bool) -> bytes:
    """``fits[c * 53 + t]``: whether card ``c`` may go on ``t`` (:func:`placing_rule`)."""
    return bytes(
        placing_rule(c, t, relaxed) is None for c in range(52) for t in range(53)
    )


FITS = (_fits(False), _fits(True))
"""``FITS[relaxed][c * 53 + t]``: :func:`placing_rule` for every pair, in one lookup."""
FITS_CLASSIC, FITS_RELAXED = FITS


def _children(fits: bytes) -> tuple[tuple[int, ...], ...]:
    """For each card, the cards that may be placed on it, in suit order."""
    return tuple(tuple(c for c in range(52) if fits[c * 53 + t]) for t in range(52))


CHILDREN_CLASSIC = _children(FITS_CLASSIC)
CHILDREN_RELAXED = _children(FITS_RELAXED)
CHILDREN = (CHILDREN_CLASSIC, CHILDREN_RELAXED)
"""``CHILDREN[relaxed][t]``: the cards that may go on ``t``."""
PARENTS = tuple(
    tuple(tuple(t for t in range(52) if fits[c * 53 + t]) for c in range(52))
    for fits in FITS
)
"""``PARENTS[relaxed][c]``: the cards ``c`` may go on."""

Columns = tuple[bytes, ...]
"""Seven columns, each the deck indices of its cards from bottom to top."""


def card_index(cols: Columns, hidden: tuple[int, ...]) -> bytearray:
    """The card-location index: for each card, its column (0-6) when face up,
    :data:`ON_FOUNDATION` on a foundation, :data:`FACE_DOWN` plus its column when face
    down."""
    where = bytearray([ON_FOUNDATION]) * 52
    for s, col in enumerate(cols):
        for pos, c in enumerate(col):
            where[c] = s if pos >= hidden[s] else s + FACE_DOWN
    return where


class Position:
    """A packed position: what the rules read. Treated as immutable: :func:`follow`
    copies what it changes (``where`` is a bytearray only to spare a copy per move).
    Made by :func:`position` and :func:`follow`; ``Position()`` alone is only the
    cheapest way to allocate one, for them."""

    __slots__ = ("cols", "found", "hidden", "relaxed", "score", "where")

    relaxed: bool
    cols: Columns
    hidden: tuple[int, ...]
    found: tuple[int, ...]
    score: int
    where: bytearray

    def key(self) -> tuple[object, ...]:
        """Everything that tells two positions apart."""
        return (self.relaxed, self.cols, self.hidden, self.found, self.score)


def position(
    relaxed: bool,
    cols: Columns,
    hidden: tuple[int, ...],
    found: tuple[int, ...],
    score: int,
) -> Position:
    """A packed position from its parts, its card-location index built."""
    p = Position()
    p.relaxed = relaxed
    p.cols = cols
    p.hidden = hidden
    p.found = found
    p.score = score
    p.where = card_index(cols, hidden)
    return p


class Broken(Exception):
    """Raised by :func:`follow`: the first rule a move breaks, with the card it compares
    with (``other``, :data:`EMPTY` for none) and the number of cards the move would
    carry. Internal: :class:`~yukon.State` turns it into an :class:`~yukon.IllegalMove`."""

    def __init__(self, code: MoveRule, other: int = EMPTY, size: int = 1) -> None:
        super().__init__(code, other, size)
        self.code = code
        self.other = other
        self.size = size


_TO = tuple(tuple(MOVES[c * 8 + dest] for c in range(52)) for dest in range(8))
"""``_TO[dest][c]``: the move of card ``c`` to ``dest`` (7: the foundations)."""


def legal_moves(p: Position) -> list[Move]:
    """Every move :func:`follow` makes, exactly once. Order: by destination, the
    foundations first, then columns 1-7 left to right; for each destination, in suit
    order (at most one card of a suit fits a destination, so the order is total)."""
    cols = p.cols
    found = p.found
    where = p.where
    out: list[Move] = []
    add = out.append
    up = _TO[FOUNDATION]
    for suit, count in enumerate(found):
        if count < 13:
            c = suit * 13 + count  # next_home, inlined
            s = where[c]
            if s < ON_FOUNDATION and cols[s][-1] == c:
                add(up[c])
    children = CHILDREN[p.relaxed]
    long = max(map(len, cols)) > GROUP_LIMIT
    for d, col, to in zip(range(7), cols, _TO, strict=False):
        for c in children[col[-1]] if col else KINGS:
            s = where[c]
            if s < ON_FOUNDATION:  # face up in a column
                if s != d and (
                    not long or len(cols[s]) - cols[s].index(c) <= GROUP_LIMIT
                ):
                    add(to[c])
            elif s == ON_FOUNDATION and found[c // 13] == c % 13 + 1:  # its top
                add(to[c])
    return out


def follow(p: Position, key: int) -> Position:
    """The position after the move ``key`` (``card * 8 + destination``); raises
    :class:`Broken` naming the first rule it breaks, in this order: where the card lies (face down, under another card
    of its foundation), then the destination (the foundation's order, the same column,
    the placing rule), then the group's size.

    A face-down card left last in its column turns up (+5); a card placed on a
    foundation scores +10, every time it lands there (the score stops at
    :data:`~yukon._scoring.MAX_SCORE`)."""
    c = key >> 3
    dest = key & 7
    s = p.where[c]
    if s >= ON_FOUNDATION:
        if s == ON_FOUNDATION:
            return _from_foundation(p, c, dest)
        raise Broken(MoveRule.FACE_DOWN)
    cols = p.cols
    col = cols[s]
    pos = col.index(c)
    size = len(col) - pos
    hidden = p.hidden
    where = p.where[:]
    found = p.found
    new_cols = [*cols]
    if dest == FOUNDATION:
        suit = c // 13
        if size != 1:
            raise Broken(MoveRule.NOT_LAST_CARD, size=size)
        home = next_home(found, suit)
        if home != c:
            raise Broken(MoveRule.FOUNDATION_ORDER, home)
        new_found = [*found]
        new_found[suit] += 1
        found = tuple(new_found)
        where[c] = ON_FOUNDATION
    else:
        target = cols[dest]
        t = target[-1] if target else EMPTY
        if dest == s:
            raise Broken(MoveRule.SAME_COLUMN, size=size)
        if not FITS[p.relaxed][c * 53 + t]:
            raise Broken(placing_rule(c, t, p.relaxed), t, size)  # type: ignore[arg-type]
        if size > GROUP_LIMIT:
            raise Broken(MoveRule.GROUP_TOO_LARGE, size=size)
        group = col[pos:]
        new_cols[dest] = target + group
        for x in group:
            where[x] = dest
    new_cols[s] = col[:pos]
    flip = turns_up(hidden, s, pos)
    if flip:
        new_hidden = [*hidden]
        new_hidden[s] = pos - 1
        hidden = tuple(new_hidden)
        where[col[pos - 1]] = s
    after = Position()
    after.relaxed = p.relaxed
    after.cols = tuple(new_cols)
    after.hidden = hidden
    after.found = found
    after.score = scored(p.score, POINTS[dest == FOUNDATION][flip])
    after.where = where
    return after


def _from_foundation(p: Position, c: int, dest: int) -> Position:
    """The position after a foundation's top card goes back to column ``dest``."""
    suit = c // 13
    found = p.found
    if next_home(found, suit) != c + 1:
        raise Broken(MoveRule.NOT_IN_PLAY, next_home(found, suit) - 1)
    if dest == FOUNDATION:
        raise Broken(MoveRule.ALREADY_ON_FOUNDATION)
    target = p.cols[dest]
    t = target[-1] if target else EMPTY
    if not FITS[p.relaxed][c * 53 + t]:
        raise Broken(placing_rule(c, t, p.relaxed), t)  # type: ignore[arg-type]
    new_found = [*found]
    new_found[suit] -= 1
    new_cols = [*p.cols]
    new_cols[dest] = target + bytes((c,))
    after = Position()
    after.relaxed = p.relaxed
    after.cols = tuple(new_cols)
    after.hidden = p.hidden
    after.found = tuple(new_found)
    after.score = p.score
    after.where = where = p.where[:]
    where[c] = dest
    return after


def take_back(after: Position, key: int, came_from: int, flipped: bool) -> Position:
    """The position :func:`follow` made ``after`` from: the move ``key``, whose card
    came from ``came_from`` (a column or :data:`ON_FOUNDATION`) and turned a card up
    when ``flipped``. Undo without keeping the earlier position. (Where the move's
    points stopped at :data:`~yukon._scoring.MAX_SCORE`, the score before it is not
    known from the one after: :func:`yukon._state.step_back` restores it.)"""
    c = key >> 3
    dest = key & 7
    suit = c // 13
    cols = [*after.cols]
    found = [*after.found]
    hidden = after.hidden
    score = after.score
    where = after.where[:]
    if dest == FOUNDATION:
        group = bytes((c,))
        found[suit] -= 1
    else:
        col = cols[dest]
        pos = col.index(c)
        group = col[pos:]
        cols[dest] = col[:pos]
    if came_from == ON_FOUNDATION:
        found[suit] += 1
        where[c] = ON_FOUNDATION
    else:
        score -= move_points(dest == FOUNDATION, flipped)
        if flipped:
            new_hidden = [*hidden]
            new_hidden[came_from] += 1
            hidden = tuple(new_hidden)
            where[cols[came_from][-1]] = came_from + FACE_DOWN
        cols[came_from] += group
        for x in group:
            where[x] = came_from
    before = Position()
    before.relaxed = after.relaxed
    before.cols = tuple(cols)
    before.hidden = hidden
    before.found = tuple(found)
    before.score = score
    before.where = where
    return before


def moves_of(p: Position) -> tuple[Move, ...]:
    """The legal moves as a tuple: the Python twin of the C core's ``moves``."""
    return tuple(legal_moves(p))
