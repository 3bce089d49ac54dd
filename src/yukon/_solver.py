"""The solver: is this position winnable when every card can be seen?

:func:`solve` searches the "thoughtful" game, reading the face-down cards: ``WON`` with
a line of moves replayed through :meth:`State.apply`, ``LOST`` when every reachable
position was searched (up to prunings that each keep a win whenever one exists), or
``UNKNOWN`` when a budget ran out. Nine best-first searches (``_search``) take turns,
then share one table, then try starts further on; :class:`Tuning` holds their sizes.
What a search may leave out is in ``_prunings``, each pruning with the argument that it
is sound (and in docs/internals.md); what it answers is in ``_verdicts``. The hint
(``_planner``) plays the game a player sees.
"""

from __future__ import annotations

import array
import time
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from . import _core
else:
    from ._implementation import searches as _core  # None: the Python searches
from ._arguments import instance
from ._batch import random_games
from ._moves import MOVES, Move
from ._prunings import dead_end
from ._rules import Position, follow
from ._search import (
    BREADTH,
    PORTFOLIO,
    Compiled,
    OverBudget,
    Search,
    Searching,
    Weights,
)
from ._state import State, packed
from ._verdicts import MAX_MEMORY, MIN_MEMORY, Solution, Stop, Verdict, check_budgets

_PYTHON_BYTES = (640, 160, 140)
"""What the pure-Python searches are counted as holding, in bytes: per searched position
(its key in the table), per queue entry, and per node (the way back to the start).
Measured with tracemalloc on hard deals and rounded up; the compiled searches count
every block they allocate instead."""


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


def _python_memory(searches: list[Searching]) -> int:
    """What the pure-Python searches are counted as holding (see ``_PYTHON_BYTES``)."""
    per_key, per_entry, per_node = _PYTHON_BYTES
    tables = {id(s.seen): len(s.seen) for s in searches if isinstance(s, Search)}
    return per_key * sum(tables.values()) + sum(
        per_entry * len(s.heap) + per_node * len(s.parents)
        for s in searches
        if isinstance(s, Search)
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
    searches: list[Searching] = []
    budget: _core.Budget | None = None
    further = _FurtherOn(packed(state), make, deadline) if prune else None
    try:
        searches, budget = make(packed(state), PORTFOLIO, max_memory)
        verdict, line, stopped_by = _run(
            searches, max_nodes, deadline, max_memory, further
        )
    except OverBudget:
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


class _Maker:
    """How one solve makes its searches: compiled, or in pure Python with the
    prunings chosen."""

    def __init__(self, compiled: bool, prune: bool) -> None:
        self.compiled = compiled
        self.prune = prune

    def __call__(
        self,
        position: Position,
        portfolio: tuple[Weights, ...],
        max_memory: int | None,
    ) -> tuple[list[Searching], _core.Budget | None]:
        """A search of ``position`` for each of the weights, and the memory budget
        they count against when compiled."""
        if not self.compiled:
            return [Search(position, w, prune=self.prune) for w in portfolio], None
        assert _core is not None
        budget = _core.Budget(2**64 - 1 if max_memory is None else max_memory)
        return [Compiled(position, w, budget) for w in portfolio], budget


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
        self, searches: list[Searching], budget: _core.Budget | None, held: int
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
        searches, budget = self.make(self.start, (BREADTH,), left)
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
        except OverBudget:
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
            searches, budget = self.make(position, PORTFOLIO, left)
            try:
                verdict, line, stopped_by = _run(searches, nodes, self.deadline, left)
            except OverBudget:
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
    see :meth:`Search.ways`), with the moves from ``start`` to each: no dead end, one a
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
    searches: list[Searching],
    max_nodes: int | None,
    deadline: float | None,
    max_memory: int | None,
    further: _FurtherOn | None = None,
) -> tuple[Verdict, tuple[Move, ...], Stop | None]:
    """Run the searches in turn until one wins, all are done, or a budget runs out;
    after :attr:`Tuning.further_on_after` positions, try ``further`` once."""
    tuning = TUNING
    shared = False
    running = list(searches)
    # The compiled searches count their memory themselves; the Python ones here.
    counted = None if isinstance(searches[0], Compiled) else max_memory
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


def _held(searches: list[Searching]) -> int:
    """The bytes the searches hold, as their memory budget counts them."""
    if isinstance(searches[0], Compiled):
        return searches[0].budget.used
    return _python_memory(searches)


def _share(searches: list[Searching]) -> bool:
    """From now on the searches use one table, holding all they have searched; false
    (and nothing changed) when the memory budget has no room for it."""
    if searches and isinstance(searches[0], Compiled):
        assert _core is not None
        return _core.share([s.seeker for s in searches if isinstance(s, Compiled)])
    union = set().union(*(s.seen for s in searches if isinstance(s, Search)))
    for search in searches:
        if isinstance(search, Search):
            search.seen = union
    return True


COMPILED_SOLVER = _core is not None
"""Whether the solver runs compiled: the package has its C core and
``YUKON_IMPLEMENTATION`` does not ask for the pure-Python searches (see :func:`solve`)."""
