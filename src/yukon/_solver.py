"""The solver: is this position winnable when every card can be seen?

:func:`solve` searches the "thoughtful" game, reading the face-down cards: ``WON`` with
a line of moves replayed through :meth:`State.apply`, ``LOST`` when every reachable
position was searched (up to prunings that each keep a win whenever one exists), or
``UNKNOWN`` when a budget ran out. Nine best-first searches take turns (the compiled
core's, or their pure-Python twins here, position for position the same), then share
one table, then try starts further on; :class:`Tuning` holds their sizes. The hint
(yukon._planner) plays the game a player sees. Each pruning, with the argument that it is sound, is in
docs/internals.md.
"""

from __future__ import annotations

import array
import enum
import heapq
import random
import time
from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING, Literal, NamedTuple, Protocol

import attrs

if TYPE_CHECKING:
    from . import _core
else:
    from ._implementation import searches as _core  # None: the Python searches
from ._arguments import instance, seconds, whole_number
from ._batch import random_games
from ._moves import FOUNDATION, MOVES, Move
from ._refusals import Catalog, move_message
from ._rules import (
    CHILDREN_CLASSIC,
    CHILDREN_RELAXED,
    COLOUR_PARTNER,
    EMPTY,
    FACE_DOWN,
    FITS_CLASSIC,
    FITS_RELAXED,
    IS_KING,
    ON_FOUNDATION,
    OTHER_COLOUR,
    PARENTS,
    Position,
    follow,
    is_won,
    legal_moves,
    next_home,
)
from ._state import State, board, packed
from ._values import built_once


class Verdict(enum.Enum):
    """What the search found."""

    WON = "won"
    """A winning line was found."""
    LOST = "lost"
    """Every reachable position was searched: no win exists."""
    UNKNOWN = "unknown"
    """The budget ran out first."""


_Stop = Literal["nodes", "seconds", "memory"]
"""The budgets that can end a search."""


@attrs.frozen
@built_once
class Solution:
    """A verdict, the winning line when there is one, and what the search cost."""

    verdict: Verdict
    moves: tuple[Move, ...] = ()
    """For ``WON``: legal moves that win when played in order from the position solved."""
    nodes: int = 0
    """Positions searched: each new position taken from a queue, dead ends included,
    those searched from starts further on too."""
    seconds: float = 0.0
    """Time taken (the only clock the library reads, because the caller asked to solve)."""
    stopped_by: _Stop | None = None
    """For ``UNKNOWN``: the budget that ended the search; ``None`` for a finished one."""
    peak_memory: int | None = None
    """The most bytes the searches held at once, every block counted, when they ran
    compiled; ``None`` for the pure-Python searches, which only estimate theirs."""


MAX_MEMORY = 2 * 2**30
"""The default memory budget of :func:`solve` and :func:`hint`, in bytes (2 GiB)."""
MIN_MEMORY = 32 * 2**20
"""The smallest memory budget a search accepts (32 MiB): what nine searches need to
start."""
_MAX_NODES = 2**62
_MAX_SECONDS = 1e8
_PYTHON_BYTES = (640, 160, 140)
"""What the pure-Python searches are counted as holding, in bytes: per searched position
(its key in the table), per queue entry, and per node (the way back to the start).
Measured with tracemalloc on hard deals and rounded up; the compiled searches count
every block they allocate instead."""


_Key = tuple[object, ...]


def _key(state: Position, target: int) -> _Key:
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
"""The most positions with cards sent home that :func:`_dominated` looks up for one
position: a bound on its work (leaving a position in is always sound)."""


def _dominated(state: Position, seen: set[_Key]) -> bool:
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


def _ordered(state: Position, target: int) -> list[Move]:
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
            if _could_take_a_card(c, dest, where, children, memo):
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


def _could_take_a_card(
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


class _Search:
    """One complete best-first search, run a slice at a time, ranking positions by
    ``weights`` (see internals.md)."""

    def __init__(
        self,
        state: Position,
        weights: _Weights,
        *,
        prune: bool,
    ) -> None:
        self.weights = weights
        self.prune = prune
        self.fits = FITS_RELAXED if state.relaxed else FITS_CLASSIC
        # What ranking needs of each column, by its cards and face-down count.
        self.memo: _Memo = {}
        self.seen: set[_Key] = set()
        self.parents: list[tuple[int, Move | None]] = []  # node -> (its parent, move)
        self.depths: list[int] = []  # node -> moves from the start (diving searches)
        # Heap entries: priority, tie-break, parent position, move from it, the target
        # column for the child, the parent's node. A child is built when it is popped
        # (and, in the tidying and diving searches, once before to rank it).
        self.heap: list[tuple[int, int, Position, Move | None, int, int]] = [
            (0, 0, state, None, -1, -1)
        ]
        self.tie = 0
        self.nodes = 0
        self.won_at = -1

    def run(self, steps: int) -> Verdict | None:
        """Expand up to ``steps`` positions; a verdict once there is one."""
        heap = self.heap
        seen = self.seen
        parents = self.parents
        prune = self.prune
        key_of = _key
        flip, weight, misplaced, buried, turn, dive, breadth = self.weights
        shaped = misplaced or buried or turn
        depths = self.depths
        fits = self.fits
        memo = self.memo
        while heap:
            if steps <= 0:
                return None
            _, _, parent, move, target, parent_node = heapq.heappop(heap)
            position = parent if move is None else follow(parent, move.key)
            if is_won(position.found):
                parents.append((parent_node, move))
                self.won_at = len(parents) - 1
                return Verdict.WON
            if target >= 0 and key_of(position, -1) in seen:
                continue  # searched already with every move, not only a return's
            key = key_of(position, target)
            if key in seen:
                continue
            if (
                prune
                and target < 0
                and (move is None or parent.where[move.key >> 3] != ON_FOUNDATION)
                and _dominated(position, seen)
            ):  # covered by a position with cards home (and left out of the table)
                continue
            seen.add(key)
            steps -= 1
            self.nodes += 1
            node = len(parents)
            parents.append((parent_node, move))
            dive_tie = 0
            if dive:  # ties: deepest first, then latest position, then move order
                depth = depths[parent_node] + 1 if parent_node >= 0 else 0
                depths.append(depth)
                dive_tie = -((depth + 1) << 40) - (node << 9)
            if prune:
                if move is None:
                    if dead_end(position):
                        continue
                elif dead_end(position, move.key >> 3):
                    continue
            if prune:
                forced = safe_move(position) if target < 0 else None
                moves = [forced] if forced is not None else _ordered(position, target)
            else:  # every legal move: the plain search the prunings are tested against
                moves = legal_moves(position)
            cols = position.cols
            hidden = position.hidden
            where = position.where
            dig: list[int] = []
            base = 0
            if not shaped:  # ranked lazily, from this position and the move
                # Face-up cards lying on face-down ones: what must be dug away first.
                dig = [
                    (len(col) - down) * weight if down else 0
                    for col, down in zip(cols, hidden, strict=True)
                ]
                base = flip * sum(hidden) + 52 - sum(position.found) + sum(dig)
            for n, child_move in enumerate(moves):
                c = child_move.key >> 3
                dest = child_move.key & 7
                source = where[c]
                child_target = dest if prune and source == ON_FOUNDATION else -1
                if shaped:  # the tidying and diving searches rank the position itself
                    child = follow(position, child_move.key)
                    if key_of(child, child_target) in seen:
                        continue  # searched already: it would be skipped when popped
                    priority = _shape(child, self.weights, fits, memo)
                elif source == ON_FOUNDATION:
                    priority = base + 1 + weight * (hidden[dest] > 0)
                else:
                    pos = cols[source].index(c)
                    down = hidden[source]
                    priority = base - dig[source]
                    if down and pos == down:  # turns a card up
                        priority += weight * (down > 1) - flip
                    elif down:
                        priority += weight * (pos - down)
                    if dest == FOUNDATION:
                        priority -= 1
                    elif hidden[dest]:
                        priority += weight * (len(cols[source]) - pos)
                if breadth:
                    priority = 0  # one queue, first found first out
                if dive:
                    tie = dive_tie + n
                else:  # in the order found
                    self.tie += 1
                    tie = self.tie
                heapq.heappush(
                    heap, (priority, tie, position, child_move, child_target, node)
                )
        return Verdict.LOST

    def close(self) -> None:
        """Let go of everything the search holds; it cannot run again. Emptied in
        place: a traceback may still hold a frame of :meth:`run`."""
        self.seen.clear()
        self.heap.clear()
        self.memo.clear()
        self.parents.clear()
        self.depths.clear()

    def ways(self) -> list[tuple[int, int]]:
        """The way back of each position searched, in the order searched: the position
        it was found from and the move's key, ``(-1, -1)`` for the start."""
        return [(at, -1 if step is None else step.key) for at, step in self.parents]

    def line(self) -> tuple[Move, ...]:
        """The moves from the start to the win."""
        line: list[Move] = []
        at = self.won_at
        while at >= 0:
            at, step = self.parents[at]
            if step is not None:
                line.append(step)
        line.reverse()
        return tuple(line)


@attrs.frozen
class Tuning:
    """The solver's tuning, in one place: sizes chosen on deals 1-500 of each rule set
    (see internals.md) that change how the searches spend positions, never what a
    verdict means. The same tuning gives the same answer, compiled or not."""

    turn: int = 64
    """Positions one search expands before the next takes its turn."""
    share_after: int = 60_000
    """Positions searched in all before the searches share one table: late enough that
    most wins come before it (9 of the 443 classic deals 1-500 won in 30 s took
    longer), early enough that each search has not yet searched much of a loss on its
    own."""
    further_on_after: int = 1_000_000
    """Positions searched from the start before the starts further on are tried:
    nearly every deal is settled sooner, and is searched as if they were not there."""
    breadth_positions: int = 20_000
    """Positions the breadth-first search takes to find starts further on."""
    breadth_starts: int = 10
    """How many of the furthest positions it finds are tried as starts."""
    breadth_start_positions: int = 20_000
    """Positions searched from each of those starts."""
    random_games: int = 1_000
    """Random games played to find more starts (:func:`played`)."""
    random_game_moves: int = 2_000
    """The most moves in each of those games."""
    random_starts: int = 3
    """How many starts random play gives."""
    random_start_positions: int = 20_000
    """Positions searched from each of them."""
    games_at_once: int = 100
    """Random games played to one seed, between looks at the clock."""
    finder_turn: int = 1_000
    """Positions the breadth-first search takes between looks at the clock."""


TUNING = Tuning()
"""The tuning every solve uses."""


class _Searching(Protocol):
    """What :func:`solve` needs of a search: :class:`_Search` or :class:`_Compiled`."""

    @property
    def nodes(self) -> int: ...
    def run(self, steps: int) -> Verdict | None: ...
    def line(self) -> tuple[Move, ...]: ...
    def ways(self) -> list[tuple[int, int]]: ...
    def close(self) -> None: ...


class _OverBudget(Exception):
    """A compiled search was stopped by its memory budget."""


class _Compiled:
    """A compiled best-first search (``yukon._core.Seeker``): :class:`_Search` in C,
    step for step, behind the same interface. Its memory counts against ``budget``."""

    __slots__ = ("budget", "seeker")

    def __init__(
        self, state: Position, weights: _Weights, budget: _core.Budget | None = None
    ) -> None:
        assert _core is not None
        if budget is None:
            budget = _core.Budget(2**64 - 1)
        self.budget = budget
        self.seeker = _core.Seeker(
            state.cols,
            state.hidden,
            state.found,
            state.relaxed,
            (*weights[:5], int(weights.dive), int(weights.breadth)),
            budget,
        )

    @property
    def nodes(self) -> int:
        return self.seeker.nodes

    def run(self, steps: int) -> Verdict | None:
        found = self.seeker.run(steps)
        if found == _OVER_BUDGET:
            raise _OverBudget
        return _FOUND[found]

    def line(self) -> tuple[Move, ...]:
        return tuple(MOVES[key] for key in self.seeker.line())

    def ways(self) -> list[tuple[int, int]]:
        """As :meth:`_Search.ways`, for a search with a budget of its own."""
        return self.seeker.ways()

    def close(self) -> None:
        self.seeker.close()


_FOUND = (None, Verdict.WON, Verdict.LOST)
_OVER_BUDGET = 3


def _python_memory(searches: list[_Searching]) -> int:
    """What the pure-Python searches are counted as holding (see ``_PYTHON_BYTES``)."""
    per_key, per_entry, per_node = _PYTHON_BYTES
    tables = {id(s.seen): len(s.seen) for s in searches if isinstance(s, _Search)}
    return per_key * sum(tables.values()) + sum(
        per_entry * len(s.heap) + per_node * len(s.parents)
        for s in searches
        if isinstance(s, _Search)
    )


def solve(
    state: State,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    max_memory: int | None = MAX_MEMORY,
) -> Solution:
    """Search ``state`` with every card visible; see :class:`Solution` and the module
    notes for what ``WON``, ``LOST`` and ``UNKNOWN`` promise.

    Three budgets bound the search, each ``None`` for no bound: ``max_nodes``
    positions, ``max_seconds`` of time, and ``max_memory`` bytes held by the search
    (default 2 GiB; at least 32 MiB). The first to run
    out ends the search as ``UNKNOWN``, and :attr:`Solution.stopped_by` names it.
    Everything the search held is freed before this returns or raises. With a node
    budget and no time budget the search is deterministic: the same position gives the
    same answer every time, with or without the compiled core.

    Nine best-first searches run side by side, taking turns, with nine priorities, and
    later share what they have searched (see internals.md); the first win any finds
    is the answer, and ``LOST`` means that together they searched every reachable
    position. Raises :class:`TypeError` or :class:`ValueError` naming an argument that
    is not of the kind or range above.
    """
    return solve_with(
        state, max_nodes=max_nodes, max_seconds=max_seconds, max_memory=max_memory
    )


def solve_with(
    state: State,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    max_memory: int | None = MAX_MEMORY,
    prune: bool = True,
    compiled: bool = True,
) -> Solution:
    """:func:`solve`, with the searches chosen, for the tests and benchmarks that set
    one against another: ``compiled=False`` runs the pure-Python searches even where
    the core is built, ``prune=False`` the plain pure-Python search of every legal
    move that the prunings are tested against. (Users choose with
    ``YUKON_IMPLEMENTATION``.)"""
    instance("state", state, State, "a State, such as yukon.deal(code) gives")
    max_nodes, max_seconds, max_memory = check_budgets(
        max_nodes, max_seconds, max_memory
    )
    start = time.monotonic()
    deadline = None if max_seconds is None else start + max_seconds
    compiled = compiled and prune and _core is not None
    make = _Maker(compiled, prune)
    searches: list[_Searching] = []
    budget: _core.Budget | None = None
    further = _FurtherOn(packed(state), make, deadline) if prune else None
    try:
        searches, budget = make(packed(state), _PORTFOLIO, max_memory)
        verdict, line, stopped_by = _run(
            searches, max_nodes, deadline, max_memory, further
        )
    except _OverBudget:
        verdict, line, stopped_by = Verdict.UNKNOWN, (), "memory"
    finally:
        nodes = sum(s.nodes for s in searches) + (further.nodes if further else 0)
        for search in searches:
            search.close()
    seconds_taken = time.monotonic() - start
    peak = None if budget is None else max(budget.peak, further.peak if further else 0)
    if verdict is not Verdict.WON:
        return Solution(verdict, (), nodes, seconds_taken, stopped_by, peak)
    final = state
    for step in line:
        final = final.apply(step)
    if not final.is_won:  # pragma: no cover - the engine itself would be broken
        raise AssertionError("the solver's winning line does not win")
    return Solution(Verdict.WON, line, nodes, seconds_taken, peak_memory=peak)


def check_budgets(
    max_nodes: object, max_seconds: object, max_memory: object
) -> tuple[int | None, float | None, int | None]:
    """The budgets (see :func:`solve`) as an int, a float and an int (``None`` stays
    ``None``); :class:`TypeError` or :class:`ValueError` names one that is not one."""
    return (
        None
        if max_nodes is None
        else whole_number("max_nodes", max_nodes, 0, _MAX_NODES),
        None
        if max_seconds is None
        else seconds("max_seconds", max_seconds, _MAX_SECONDS),
        None
        if max_memory is None
        else whole_number("max_memory", max_memory, MIN_MEMORY, 2**62),
    )


class _Maker:
    """How one solve makes its searches: compiled, or in pure Python with the
    prunings chosen."""

    def __init__(self, compiled: bool, prune: bool) -> None:
        self.compiled = compiled
        self.prune = prune

    def __call__(
        self,
        position: Position,
        portfolio: tuple[_Weights, ...],
        max_memory: int | None,
    ) -> tuple[list[_Searching], _core.Budget | None]:
        """A search of ``position`` for each of the weights, and the memory budget
        they count against when compiled."""
        if not self.compiled:
            return [_Search(position, w, prune=self.prune) for w in portfolio], None
        assert _core is not None
        budget = _core.Budget(2**64 - 1 if max_memory is None else max_memory)
        return [_Compiled(position, w, budget) for w in portfolio], budget


def how_far(position: Position) -> int:
    """How far on a position is, less further: three a face-down card, less one a card
    home."""
    return 3 * sum(position.hidden) - sum(position.found)


class _FurtherOn:
    """The starts further on of one solve: tried once, when :func:`_run` asks."""

    def __init__(self, start: Position, make: _Maker, deadline: float | None) -> None:
        self.start = start
        self.make = make
        self.deadline = deadline
        self.nodes = 0
        self.peak = 0

    def _searched(
        self, searches: list[_Searching], budget: _core.Budget | None, held: int
    ) -> None:
        self.nodes += sum(s.nodes for s in searches)
        if budget is not None:
            self.peak = max(self.peak, held + budget.peak)
        for search in searches:
            search.close()

    def run(
        self, max_nodes: int | None, max_memory: int | None, held: int
    ) -> tuple[Verdict | None, tuple[Move, ...]]:
        """Search breadth first from the start, then solve from the furthest positions
        found, then from those random games reach, within ``max_nodes`` positions and
        the ``max_memory`` bytes the searches from the start (holding ``held``) leave:
        a win with its line from the start, a loss when the breadth-first search ended,
        else ``None``."""
        tuning = TUNING
        find, count = tuning.breadth_positions, tuning.breadth_starts
        each = tuning.breadth_start_positions
        if (max_memory is not None and max_memory - held < MIN_MEMORY) or (
            max_nodes is not None and max_nodes <= 0
        ):
            return None, ()
        left = None if max_memory is None else max_memory - held
        searches, budget = self.make(self.start, (_BREADTH,), left)
        try:
            finder = searches[0]
            find = find if max_nodes is None else min(find, max_nodes)
            verdict = None
            while verdict is None and finder.nodes < find:  # in slices, to keep time
                if self.deadline is not None and time.monotonic() > self.deadline:
                    return None, ()
                verdict = finder.run(min(tuning.finder_turn, find - finder.nodes))
            if verdict is Verdict.WON:
                return verdict, finder.line()
            if verdict is Verdict.LOST:  # a search of every reachable position
                return verdict, ()
            ways = finder.ways()
        except _OverBudget:
            return None, ()
        finally:
            self._searched(searches, budget, held)
        starts = furthest(self.start, ways, count)
        line, go_on = self._solve_from(starts, each, max_nodes, left, held)
        if go_on:
            games, moves = tuning.random_games, tuning.random_game_moves
            count, each = tuning.random_starts, tuning.random_start_positions
            starts = played(self.start, games, moves, count, self.deadline)
            line, _ = self._solve_from(starts, each, max_nodes, left, held)
        return (None, ()) if line is None else (Verdict.WON, line)

    def _solve_from(
        self,
        starts: list[tuple[tuple[Move, ...], Position]],
        each: int,
        max_nodes: int | None,
        left: int | None,
        held: int,
    ) -> tuple[tuple[Move, ...] | None, bool]:
        """Solve from each start in turn, ``each`` positions at most: a winning line
        from the start of the solve, if one was found, and whether further starts may
        be tried (no budget ran out)."""
        for way, position in starts:
            nodes = each if max_nodes is None else min(each, max_nodes - self.nodes)
            if nodes <= 0:
                return None, False
            searches, budget = self.make(position, _PORTFOLIO, left)
            try:
                verdict, line, stopped_by = _run(searches, nodes, self.deadline, left)
            except _OverBudget:
                return None, False
            finally:
                self._searched(searches, budget, held)
            if verdict is Verdict.WON:
                return way + line, False
            if stopped_by in ("seconds", "memory"):
                return None, False
        return None, True


def played(
    start: Position, games: int, moves: int, count: int, deadline: float | None
) -> list[tuple[tuple[Move, ...], Position]]:
    """The ``count`` starts random play finds from ``start``: ``games`` games of at
    most ``moves`` moves (see :func:`random_games`; each ``games_at_once`` seeded
    with their round's number), and from each the last position where it turned a card
    up that is no dead end (random play soon spoils a game, so its end is seldom worth
    solving). The starts are those with the fewest cards face down, then the most
    home, then the earliest game; none when the clock runs out first."""
    found: list[tuple[int, int, int, bytes, Position]] = []
    at_once = TUNING.games_at_once
    for seed, first in enumerate(range(0, games, at_once)):
        if deadline is not None and time.monotonic() > deadline:
            return []
        batch = random_games(start, min(at_once, games - first), moves, seed)
        for game, (keys, turned) in enumerate(batch, first):
            for length, position in reversed(turned):
                if not dead_end(position):
                    home, down = sum(position.found), sum(position.hidden)
                    way = keys[: 2 * length]  # two bytes a move
                    found.append((down, -home, game, way, position))
                    break
        found.sort(key=lambda start: start[:3])
        del found[count:]  # only the best are kept from round to round
    return [
        (tuple(MOVES[key] for key in array.array("H", way)), position)
        for *_, way, position in found
    ]


def furthest(
    start: Position, ways: list[tuple[int, int]], count: int
) -> list[tuple[tuple[Move, ...], Position]]:
    """The ``count`` furthest positions a search from ``start`` searched (``ways``,
    see :meth:`_Search.ways`), with the moves from ``start`` to each: no dead end, one a
    set of face-down cards and foundations, ties in the order searched."""
    positions: list[Position] = []
    for at, key in ways:
        positions.append(start if at < 0 else follow(positions[at], key))
    chosen: list[tuple[tuple[Move, ...], Position]] = []
    levels: set[tuple[frozenset[int], tuple[int, ...]]] = set()
    for n in sorted(range(len(positions)), key=lambda n: how_far(positions[n])):
        position = positions[n]
        down = frozenset(
            card
            for col, hidden in zip(position.cols, position.hidden, strict=True)
            for card in col[:hidden]
        )
        if (down, position.found) in levels or dead_end(position):
            continue
        levels.add((down, position.found))
        way: list[Move] = []
        at = n
        while ways[at][0] >= 0:
            at, key = ways[at]
            way.append(MOVES[key])
        chosen.append((tuple(reversed(way)), position))
        if len(chosen) == count:
            break
    return chosen


def _run(
    searches: list[_Searching],
    max_nodes: int | None,
    deadline: float | None,
    max_memory: int | None,
    further: _FurtherOn | None = None,
) -> tuple[Verdict, tuple[Move, ...], _Stop | None]:
    """Run the searches in turn until one wins, all are done, or a budget runs out;
    after :attr:`Tuning.further_on_after` positions, try ``further`` once."""
    tuning = TUNING
    shared = False
    running = list(searches)
    # The compiled searches count their memory themselves; the Python ones here.
    counted = None if isinstance(searches[0], _Compiled) else max_memory
    while True:
        if not shared and sum(s.nodes for s in searches) >= tuning.share_after:
            shared = True
            if not _share(searches):
                return Verdict.UNKNOWN, (), "memory"
        if further is not None and sum(s.nodes for s in searches) >= (
            tuning.further_on_after
        ):
            nodes = sum(s.nodes for s in searches)
            verdict, line = further.run(
                None if max_nodes is None else max_nodes - nodes,
                max_memory,
                _held(searches),
            )
            if verdict is not None:
                return verdict, line, None
            max_nodes = None if max_nodes is None else max_nodes - further.nodes
            further = None
        for search in running:
            nodes = sum(s.nodes for s in searches)
            steps = (
                tuning.turn
                if max_nodes is None
                else min(tuning.turn, max_nodes - nodes)
            )
            if steps <= 0:
                return Verdict.UNKNOWN, (), "nodes"
            if deadline is not None and time.monotonic() > deadline:
                return Verdict.UNKNOWN, (), "seconds"
            if counted is not None and _python_memory(searches) > counted:
                return Verdict.UNKNOWN, (), "memory"
            verdict = search.run(steps)
            if verdict is Verdict.LOST and shared:
                running = [s for s in running if s is not search]
                if not running:
                    return Verdict.LOST, (), None
                break
            if verdict is Verdict.WON:
                return verdict, search.line(), None
            if verdict is Verdict.LOST:
                return verdict, (), None


def _held(searches: list[_Searching]) -> int:
    """The bytes the searches hold, as their memory budget counts them."""
    if isinstance(searches[0], _Compiled):
        return searches[0].budget.used
    return _python_memory(searches)


def _share(searches: list[_Searching]) -> bool:
    """From now on the searches use one table, holding all they have searched; false
    (and nothing changed) when the memory budget has no room for it."""
    if searches and isinstance(searches[0], _Compiled):
        assert _core is not None
        return _core.share([s.seeker for s in searches if isinstance(s, _Compiled)])
    union = set().union(*(s.seen for s in searches if isinstance(s, _Search)))
    for search in searches:
        if isinstance(search, _Search):
            search.seen = union
    return True


COMPILED_SOLVER = _core is not None
"""Whether the solver runs compiled: the package has its C core and
``YUKON_IMPLEMENTATION`` does not ask for the pure-Python searches (see :func:`solve`)."""


class _Weights(NamedTuple):
    """How much each thing still to do weighs in a search's priority (lower first)."""

    flip: int
    """A face-down card, against 1 for a card not yet home (both count twice in the
    searches ranked by :func:`_shape`, so that a misplaced or buried card weighs half a
    card still to go home)."""
    dig: int
    """A face-up card lying on face-down ones."""
    misplaced: int = 0
    """A face-up card not lying on a card it may go on."""
    buried: int = 0
    """A card lying on the next card of its foundation."""
    turn: int = 0
    """The work to turn up each column's next face-down card (see :func:`_to_turn`)."""
    dive: bool = False
    """Whether ties go to the deepest position (else to the first found)."""
    breadth: bool = False
    """Whether every position weighs the same, so that the search goes breadth first
    (the other weights are then not read)."""


_PORTFOLIO = (
    _Weights(3, 0),
    _Weights(3, 1),
    _Weights(0, 0, dive=True),
    _Weights(1, 0),
    _Weights(3, 0, 1, 1),
    _Weights(3, 0, 2, 1),
    _Weights(3, 0, turn=1, dive=True),
    _Weights(3, 0, 1, 1, turn=1, dive=True),
    _Weights(0, 0, turn=1, dive=True),
)
"""The searches run side by side: four weigh what must be turned up, dug away and
brought home (the one weighing only cards still to go home breaks ties deepest first);
the tidying searches also misplaced and buried cards; the diving searches the work to
turn up each column's next card (the last one without weighing face-down cards), and
break ties deepest first."""

_BREADTH = _Weights(0, 0, breadth=True)
"""The search that finds the starts further on."""


def _shape(position: Position, weights: _Weights, fits: bytes, memo: _Memo) -> int:
    """The priority of a position for a search that weighs misplaced or buried
    cards or the work to turn cards up; the other weights count twice, so one
    misplaced card weighs half a card still to go home. ``memo`` keeps what each
    column adds (see :func:`_column_facts`). Terms weighing nothing are not counted."""
    cols = position.cols
    hidden = position.hidden
    found = position.found
    where = position.where
    priority = 2 * (weights.flip * sum(hidden) + 52 - sum(found))
    if weights.misplaced:
        misplaced = 0
        for col, down in zip(cols, hidden, strict=True):
            misplaced += _column_facts(col, down, fits, memo)[0]
        priority += weights.misplaced * misplaced
    if weights.buried:
        buried = 0
        for suit in range(4):
            count = found[suit]
            if count < 13:
                c = next_home(found, suit)
                s = where[c]
                if s != ON_FOUNDATION:
                    col = cols[s if s < ON_FOUNDATION else s - FACE_DOWN]
                    buried += len(col) - 1 - col.index(c)
        priority += weights.buried * buried
    if weights.turn:
        priority += weights.turn * _to_turn(position, fits, memo)
    return priority


_Memo = dict[tuple[bytes, int], tuple[int, bool]]


def _column_facts(col: bytes, down: int, fits: bytes, memo: _Memo) -> tuple[int, bool]:
    """What the ranking needs of one column, which depends on it alone: its misplaced
    cards, and whether a lower card of its lowest face-up card's suit is face down under
    that card. Kept in ``memo``: a column recurs across many positions."""
    facts = memo.get((col, down))
    if facts is None:
        misplaced = 0
        for i in range(down or 1, len(col)):
            if not fits[col[i] * 53 + col[i - 1]]:
                misplaced += 1
        x = col[down] if down else 0
        held = any(c // 13 == x // 13 and c < x for c in col[:down])
        facts = memo[col, down] = (misplaced, held)
    return facts


def _to_turn(position: Position, fits: bytes, memo: _Memo) -> int:
    """For each column with face-down cards, a guess at the cards that must move
    before its lowest face-up card can leave and turn the next one up: the fewest of
    the lower cards of its suit still to go home (when none lies under it), and, for
    each card it may go on that is not in its own column, the cards lying on that card
    (three more when it is face down: it must be turned up too; the cards to take
    back, when it is home). For a King, the fewest cards in another column. At most 13
    a column. A guess, not a bound: it only orders the search."""
    cols = position.cols
    found = position.found
    where = position.where
    parents = PARENTS[position.relaxed]
    total = 0
    for s, (col, down) in enumerate(zip(cols, position.hidden, strict=True)):
        if not down:
            continue
        x = col[down]
        suit, rank = divmod(x, 13)
        best = 13
        if IS_KING[x]:
            best = min(best, *(len(other) for other in cols if other is not col))
        else:
            if not _column_facts(col, down, fits, memo)[1]:
                best = rank - found[suit]
            for t in parents[x]:
                at = where[t]
                if at == ON_FOUNDATION:
                    cost = found[t // 13] - t % 13
                elif at > ON_FOUNDATION:
                    if at - FACE_DOWN == s:
                        continue
                    other = cols[at - FACE_DOWN]
                    cost = len(other) - other.index(t) + 2
                else:
                    if at == s:
                        continue
                    other = cols[at]
                    cost = len(other) - 1 - other.index(t)
                best = min(best, cost)
        total += best
    return total


@attrs.frozen
@built_once
class Hint:
    """A suggested move, and how sure the hint is of it."""

    move: Move
    share: float
    """The share of the sampled deals (guesses of the face-down cards) won after the
    hint's line (this move and :attr:`plan`); 1.0 once every card is face up and the
    solver found the win."""
    samples: int
    """How many guesses were solved."""
    plan: tuple[Move, ...] = ()
    """The moves the hint means to play after this one, up to the card they turn up
    (or to the win, once every card is face up): a player may play them without
    asking again, and :meth:`Game.hint <yukon.Game.hint>` advises them in turn."""

    def message_in(self, catalog: Catalog | str = "en") -> str:
        """The move said as the board shows it, in ``catalog``'s language (a
        :class:`~yukon.Catalog` or ``"en"``, ``"he"``): ``10♠ to column 2``."""
        return move_message(self.move, catalog)


def advise(
    state: State,
    *,
    rng: random.Random | None = None,
    samples: int = 8,
    max_nodes: int = 2_000,
    max_memory: int | None = MAX_MEMORY,
    avoid: Collection[tuple[object, ...]] = (),
) -> Hint | None:
    """The hint before the planner (the grades still measure with it): the first move
    that wins the most of ``samples`` guesses, else the solver's own preference, never
    a move that leads to a board (:func:`yukon._state.board`) in ``avoid``; ``None``
    when no move is left."""
    instance("state", state, State, "a State, such as yukon.deal(code) gives")
    if rng is not None:
        instance("rng", rng, random.Random, "a random.Random (or None)")
    samples = whole_number("samples", samples, 0, 1_000_000)
    nodes, _, max_memory = check_budgets(max_nodes, None, max_memory)
    if nodes is None:
        raise TypeError("max_nodes must be a whole number, not NoneType")
    legal = state.legal_moves()
    moves = [m for m in legal if board(state.apply(m)) not in avoid]
    if not moves:
        return None
    rng = rng if rng is not None else random.Random(0)
    votes: dict[Move, int] = {}
    for _ in range(samples):
        solution = solve(
            state.sample_hidden(rng),
            max_nodes=nodes,
            max_memory=max_memory,
        )
        if solution.verdict is Verdict.WON and solution.moves:
            first = solution.moves[0]
            if first in moves:
                votes[first] = votes.get(first, 0) + 1
    if votes:
        best = max(moves, key=lambda move: votes.get(move, 0))
        return Hint(best, votes[best] / samples, samples)
    forced = safe_move(packed(state))
    if forced is not None and forced in moves:
        return Hint(forced, 0.0, samples)
    preferred = [m for m in _ordered(packed(state), -1) if m in moves]
    return Hint(preferred[0] if preferred else moves[0], 0.0, samples)
