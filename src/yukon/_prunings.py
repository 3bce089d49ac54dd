"""The solver's prunings and move order: what it may leave out of a search and still
find every win (each with its argument here and in internals.md), and which moves it
tries first. The compiled twin is in ``_core_search.c``; the tests hold them together."""

from __future__ import annotations

from collections.abc import Iterator

from ._moves import FOUNDATION, MOVES, Move
from ._rules import (
    CHILDREN_CLASSIC,
    CHILDREN_RELAXED,
    COLOUR_PARTNER,
    EMPTY,
    FITS_CLASSIC,
    FITS_RELAXED,
    IS_KING,
    ON_FOUNDATION,
    OTHER_COLOUR,
    PARENTS,
    Position,
    legal_moves,
    next_home,
)

Key = tuple[object, ...]


def table_key(state: Position, target: int) -> Key:
    """The transposition key: the columns with their face-down counts in a fixed order,
    the foundations, and the column a returned card waits in (if any). Built from the
    position's own column objects, so a key costs little memory."""
    cols = state.cols
    hidden = state.hidden
    columns = tuple(sorted(zip(cols, hidden, strict=True)))
    if target < 0:
        return (columns, state.found)
    return (columns, state.found, cols[target], hidden[target])


def _next_home_and_last(
    cols: tuple[bytes, ...], found: tuple[int, ...], where: bytearray
) -> Iterator[tuple[int, int, int]]:
    """Each suit whose foundation's next card lies last in its column: the suit, the
    card and the column."""
    for suit, count in enumerate(found):
        if count == 13:
            continue
        c = next_home(found, suit)
        s = where[c]
        if s < ON_FOUNDATION and cols[s] and cols[s][-1] == c:
            yield suit, c, s


def safe_move(state: Position) -> Move | None:
    """A foundation move that provably loses nothing (see internals.md), if any."""
    found = state.found
    relaxed = state.relaxed
    for suit, c, _ in _next_home_and_last(state.cols, found, state.where):
        rank = found[suit] + 1
        if relaxed:
            ok = all(found[t] >= rank - 1 for t in range(4) if t != suit)
        else:
            a, b = OTHER_COLOUR[suit]
            ok = (
                found[a] >= rank - 1
                and found[b] >= rank - 1
                and found[COLOUR_PARTNER[suit]] >= rank - 2
            )
        if ok:
            return MOVES[c * 8 + FOUNDATION]
    return None


_MOST_PROBED = 64
"""The most positions with cards sent home that :func:`dominated` looks up for one
position: a bound on its work (leaving a position in is always sound)."""


def dominated(state: Position, seen: set[Key]) -> bool:
    """Whether ``state`` with some cards sent home that could come back to where they
    lie was searched already (see internals.md): each next on its foundation, last
    in its column, on a face-up card it may go on or alone there and a King. Sending one
    home never moves another card or turns one up, so ``where`` and the face-down counts
    hold for every position tried; each is told by its foundations, tried once, at most
    :data:`_MOST_PROBED` in all, depth first in suit order (as the compiled core)."""
    fits = FITS_RELAXED if state.relaxed else FITS_CLASSIC
    hidden = state.hidden
    where = state.where
    tried: set[tuple[int, ...]] = set()
    stack = [(state.cols, state.found)]
    while stack:
        cols, found = stack.pop()
        for suit, c, s in _next_home_and_last(cols, found, where):
            col = cols[s]
            under = len(col) - 2
            if 0 <= under < hidden[s]:
                continue  # on a face-down card: home, it would turn that card up
            if not fits[c * 53 + (col[under] if under >= 0 else EMPTY)]:
                continue
            home = (*found[:suit], found[suit] + 1, *found[suit + 1 :])
            if home in tried:
                continue
            if len(tried) == _MOST_PROBED:
                return False
            tried.add(home)
            after = (*cols[:s], col[:-1], *cols[s + 1 :])
            key = (tuple(sorted(zip(after, hidden, strict=True))), home)
            if key in seen:
                return True
            stack.append((after, home))
    return False


def dead_end(state: Position, moved: int = -1) -> bool:
    """Whether some cards in the columns can provably never move again: then the
    position is lost, since every card must go to a foundation to win.

    The argument: take a set ``S`` of cards and look at the first move whose *base*
    (the card it picks up, with what lies on it, or the card it takes from a
    foundation) is in ``S``. Until then a card of ``S`` stays on the card it lies on,
    in a column or on a foundation, so a card with a card of ``S`` on it is not last
    there. The move is impossible when its base ``a``:

    - is face down, or on a foundation, with a card of ``S`` on it (it cannot turn up
      or come back), or
    - cannot go to a foundation (it is on one already, a card of ``S`` lies on it, or a
      lower card of its suit is in ``S`` or has a card of ``S`` on it, so is never last)
      and has nowhere to go: every card it may go on has a card of ``S`` on it, or is on
      a foundation and in ``S``, or lies above it in its own column, that card and
      every card between them in ``S`` (so they only ever travel with ``a``); or it is
      a King that cannot go to an empty column, because it lies at the bottom of its
      column already (a shortest winning line never moves such a King to an empty
      column) or because no column is empty and every column's bottom card is in ``S``.

    When every card of ``S`` is so stuck, no card of ``S`` ever moves; if one of them
    lies in a column, it never reaches its foundation. The union of such sets is one
    too, so the largest is found by starting from every card and dropping cards that
    might move until none drops.

    ``moved`` names the card the last move took: when the position before that move
    was no dead end, only a set holding that card can be dead (flips and the move
    itself free every other card), so the search stops as soon as it is freed.
    """
    cols = state.cols
    found = state.found
    where = state.where
    parents = PARENTS[state.relaxed]
    if moved >= 0:  # first the quick ways out for the moved card
        at = where[moved]
        last = at < ON_FOUNDATION and cols[at][-1] == moved
        if last and found[moved // 13] == moved % 13:  # it can go home now
            return False
        if IS_KING[moved]:
            if b"" in cols and at < ON_FOUNDATION and cols[at][0] != moved:
                return False
        else:
            for t in parents[moved]:
                at = where[t]
                if at < ON_FOUNDATION and cols[at][-1] == t and at != where[moved]:
                    return False  # a place is open
    # over[c]: the card lying on c (52: none); blocker[c]: the card whose staying in S
    # keeps c from taking a card: the card on it, or c itself when c is home (it must
    # come back first).
    over = [52] * 53
    under = [52] * 53  # the card a card in a column lies on (52: none)
    stuck = bytearray(53)  # bit 0: still in S; bit 1: at the bottom of its column
    live: list[int] = []  # columns top to bottom, then foundations top to bottom
    for col in cols:
        if col:
            below = 52
            for c in col:
                over[below] = c
                under[c] = below
                below = c
            stuck[col[0]] = 2
            live.extend(reversed(col))
    in_columns = live[:]
    blocker = over[:]
    # lowest[suit]: its lowest card not home that is in S or has a card of S on it
    lowest = [0, 0, 0, 0]
    for suit, count in enumerate(found):
        first = suit * 13
        lowest[suit] = first + count
        for c in range(first + count - 1, first - 1, -1):
            live.append(c)
            blocker[c] = c
            over[c] = c + 1 if c < first + count - 1 else 52
    for c in live:
        stuck[c] |= 1
    stuck[52] = 0
    openings = cols.count(b"")  # empty columns, and columns whose bottom card is free
    changed = True
    while changed:
        changed = False
        for a in live:
            if not stuck[a]:
                continue
            placed = where[a]
            if stuck[over[a]]:
                if placed > ON_FOUNDATION - 1:  # face down or home, and stays so
                    continue
                homeward = False
            else:
                homeward = placed != ON_FOUNDATION and lowest[a // 13] == a
            if not homeward:
                if IS_KING[a]:
                    if stuck[a] == 3 or not openings:
                        continue
                else:
                    for t in parents[a]:
                        if stuck[blocker[t]]:
                            continue
                        if where[t] == placed:  # above a, glued to it by S?
                            up = over[a]
                            while up != t and stuck[up]:
                                up = over[up]
                            if up == t and stuck[t]:
                                continue
                        break
                    else:
                        continue
            if stuck[a] == 3:
                openings += 1
            stuck[a] = 0
            changed = True
            if a == moved:
                return False
            if placed != ON_FOUNDATION:
                # a, or the card it lies on, may now be free to go home
                for c in (a, under[a]):
                    suit = c // 13
                    if c < 52 and lowest[suit] == c and not stuck[over[c]]:
                        up, end = c, suit * 13 + 13
                        while up < end and not (stuck[up] or stuck[over[up]]):
                            up += 1
                        lowest[suit] = up
        if changed:
            live = [a for a in live if stuck[a]]
    return any(stuck[c] for c in in_columns) or (moved < 0 and _twins_deadlocked(state))


def _twins_deadlocked(state: Position) -> bool:
    """Classic rules: two cards of one rank and colour (twins) in one column, face down
    or its lowest face-up card, with one of the two cards they may go on below both, and
    a lower card of each one's suit below both.

    Each twin must leave the column onto a card before it can go home (a lower card of
    its suit lies under it), and only onto the other card, since one lies under it; the
    first to go there can leave it only for the card under the other twin, or for its
    foundation, whose lower card lies under the other twin too. So the second twin never
    has a place. What lies under such cards changes only when they move, so a position
    with twins so placed comes only from one with them so placed: checked once, at the
    start of a search (``moved`` < 0 in :func:`dead_end`)."""
    if state.relaxed:
        return False
    parents = PARENTS[0]
    for col, down in zip(state.cols, state.hidden, strict=True):
        fixed = col[: down + 1]  # these cards stay put until they move themselves
        for i in range(1, len(fixed)):
            x = fixed[i]
            for j in range(i):
                y = fixed[j]
                if x % 13 != y % 13 or IS_KING[x] or x // 13 != COLOUR_PARTNER[y // 13]:
                    continue
                under = fixed[:j]
                if (
                    any(q in under for q in parents[x])
                    and any(c // 13 == x // 13 and c < x for c in under)
                    and any(c // 13 == y // 13 and c < y for c in under)
                ):
                    return True
    return False


def ordered(state: Position, target: int) -> list[Move]:
    """The moves worth trying here, most promising first (see internals.md)."""
    cols = state.cols
    hidden = state.hidden
    where = state.where
    ranked: list[tuple[int, int, Move]] = []
    # after a return, its card: what the next move must use
    returned = cols[target][-1] if target >= 0 else -1
    children = CHILDREN_RELAXED if state.relaxed else CHILDREN_CLASSIC
    memo: dict[tuple[int, int], bool] = {}  # what could take a card, here
    for n, move in enumerate(legal_moves(state)):
        key = move.key
        c, dest = key >> 3, key & 7
        s = where[c]
        if s == ON_FOUNDATION:
            if target >= 0 and dest != target and c // 13 < returned // 13:
                continue  # returns in a row, not one onto another: in suit order
            if could_take_a_card(c, dest, where, children, memo):
                ranked.append((5, n, move))
            continue
        if target >= 0 and dest != target:
            continue  # after a return, only a move onto the returned card
        col = cols[s]
        pos = col.index(c)
        if dest == FOUNDATION:
            ranked.append((0, n, move))
        elif pos == 0:
            if IS_KING[c]:  # at a column's base: the same position
                continue
            ranked.append((3, n, move))
        elif pos == hidden[s]:
            ranked.append((1, -hidden[s], move))
        else:
            ranked.append((4, n, move))
    ranked.sort(key=_rank_of)
    return [move for _, _, move in ranked]


def could_take_a_card(
    c: int,
    dest: int,
    where: bytearray,
    children: tuple[tuple[int, ...], ...],
    memo: dict[tuple[int, int], bool],
) -> bool:
    """Whether a card could ever be placed on ``c`` returned to column ``dest`` (see the
    internals.md): a card that may go on it lies face up in another column (one below
    it in ``dest`` could only carry ``c`` along), or lies on a foundation and could in
    turn come back onto it and take a card; or the same holds for a lower card of its
    suit, which ``c``'s return lets come back (to a column not known yet). ``memo``
    keeps the answers for one position, by card and column (-1 for any)."""

    def could(card: int, column: int) -> bool:
        known = memo.get((card, column))
        if known is None:
            # Ranks only fall on the way down, so no call waits on itself.
            for x in children[card]:
                w = where[x]
                if (w < ON_FOUNDATION and w != column) or (
                    w == ON_FOUNDATION and could(x, column)
                ):
                    known = True
                    break
            else:
                known = card % 13 > 0 and could(card - 1, -1)
            memo[card, column] = known
        return known

    return could(c, dest)


def _rank_of(item: tuple[int, int, Move]) -> tuple[int, int]:
    return item[0], item[1]
