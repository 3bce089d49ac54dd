"""One best-first search of the thoughtful game, in pure Python (:class:`Search`) or
compiled (:class:`Compiled`, ``_core_search.c``), step for step the same: the queue, the
table of positions searched, and the priorities (:class:`Weights`) of the nine searches
the solver runs side by side (:data:`PORTFOLIO`)."""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from . import _core
else:
    from ._implementation import searches as _core  # None: the Python searches
from ._moves import FOUNDATION, MOVES, Move
from ._prunings import Key, dead_end, dominated, ordered, safe_move, table_key
from ._rules import (
    FACE_DOWN,
    FITS_CLASSIC,
    FITS_RELAXED,
    IS_KING,
    ON_FOUNDATION,
    PARENTS,
    Position,
    follow,
    is_won,
    legal_moves,
    next_home,
)
from ._verdicts import Verdict


class Search:
    """One complete best-first search, run a slice at a time, ranking positions by
    ``weights`` (see internals.md)."""

    def __init__(
        self,
        state: Position,
        weights: Weights,
        *,
        prune: bool,
    ) -> None:
        self.weights = weights
        self.prune = prune
        self.fits = FITS_RELAXED if state.relaxed else FITS_CLASSIC
        # What ranking needs of each column, by its cards and face-down count.
        self.memo: Memo = {}
        self.seen: set[Key] = set()
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
        key_of = table_key
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
                and dominated(position, seen)
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
                moves = [forced] if forced is not None else ordered(position, target)
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
                    priority = shape(child, self.weights, fits, memo)
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


class Searching(Protocol):
    """What :func:`solve` needs of a search: :class:`Search` or :class:`Compiled`."""

    @property
    def nodes(self) -> int: ...
    def run(self, steps: int) -> Verdict | None: ...
    def line(self) -> tuple[Move, ...]: ...
    def ways(self) -> list[tuple[int, int]]: ...
    def close(self) -> None: ...


class OverBudget(Exception):
    """A compiled search was stopped by its memory budget."""


class Compiled:
    """A compiled best-first search (``yukon._core.Seeker``): :class:`Search` in C,
    step for step, behind the same interface. Its memory counts against ``budget``."""

    __slots__ = ("budget", "seeker")

    def __init__(
        self, state: Position, weights: Weights, budget: _core.Budget | None = None
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
            raise OverBudget
        return _FOUND[found]

    def line(self) -> tuple[Move, ...]:
        return tuple(MOVES[key] for key in self.seeker.line())

    def ways(self) -> list[tuple[int, int]]:
        """As :meth:`Search.ways`, for a search with a budget of its own."""
        return self.seeker.ways()

    def close(self) -> None:
        self.seeker.close()


_FOUND = (None, Verdict.WON, Verdict.LOST)
_OVER_BUDGET = 3


class Weights(NamedTuple):
    """How much each thing still to do weighs in a search's priority (lower first)."""

    flip: int
    """A face-down card, against 1 for a card not yet home (both count twice in the
    searches ranked by :func:`shape`, so that a misplaced or buried card weighs half a
    card still to go home)."""
    dig: int
    """A face-up card lying on face-down ones."""
    misplaced: int = 0
    """A face-up card not lying on a card it may go on."""
    buried: int = 0
    """A card lying on the next card of its foundation."""
    turn: int = 0
    """The work to turn up each column's next face-down card (see :func:`to_turn`)."""
    dive: bool = False
    """Whether ties go to the deepest position (else to the first found)."""
    breadth: bool = False
    """Whether every position weighs the same, so that the search goes breadth first
    (the other weights are then not read)."""


PORTFOLIO = (
    Weights(3, 0),
    Weights(3, 1),
    Weights(0, 0, dive=True),
    Weights(1, 0),
    Weights(3, 0, 1, 1),
    Weights(3, 0, 2, 1),
    Weights(3, 0, turn=1, dive=True),
    Weights(3, 0, 1, 1, turn=1, dive=True),
    Weights(0, 0, turn=1, dive=True),
)
"""The searches run side by side: four weigh what must be turned up, dug away and
brought home (the one weighing only cards still to go home breaks ties deepest first);
the tidying searches also misplaced and buried cards; the diving searches the work to
turn up each column's next card (the last one without weighing face-down cards), and
break ties deepest first."""

BREADTH = Weights(0, 0, breadth=True)
"""The search that finds the starts further on."""


def shape(position: Position, weights: Weights, fits: bytes, memo: Memo) -> int:
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
        priority += weights.turn * to_turn(position, fits, memo)
    return priority


Memo = dict[tuple[bytes, int], tuple[int, bool]]


def _column_facts(col: bytes, down: int, fits: bytes, memo: Memo) -> tuple[int, bool]:
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


def to_turn(position: Position, fits: bytes, memo: Memo) -> int:
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
