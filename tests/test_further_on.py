"""Starts further on: a breadth-first search finds them, and a win from one is a win.

The thresholds are lowered here so that every solve tries them; the compiled core is
held to the same searches in ``tests/test_core.py``.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import yukon
from yukon import Rules, State, Verdict, _solver, _verdicts
from yukon._batch import random_games
from yukon._prunings import dead_end
from yukon._rules import Position, follow, legal_moves
from yukon._search import BREADTH, Search
from yukon._solver import furthest, how_far, played
from yukon._state import packed

from .builders import tuned
from .test_budgets import budgets_recorded
from .test_solver import _small_endings, replays_to_a_win


@pytest.fixture
def at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Starts further on tried before the searches from the start search anything,
    with small searches: every solve then goes through them."""
    tuned(
        monkeypatch,
        further_on_after=0,
        breadth_positions=300,
        breadth_starts=4,
        breadth_start_positions=300,
        random_games=30,
        random_game_moves=300,
        random_starts=2,
        random_start_positions=300,
    )


def _depths(ways: list[tuple[int, int]]) -> list[int]:
    depths: list[int] = []
    for at, _ in ways:
        depths.append(0 if at < 0 else depths[at] + 1)
    return depths


@settings(max_examples=8, deadline=None)
@given(st.integers(0, yukon.DEAL_COUNT - 1), st.sampled_from(list(Rules)))
def test_the_finder_searches_breadth_first(number: int, rules: Rules) -> None:
    """Positions in the order searched are never nearer the start than one before,
    and each is the one its way back leads to."""
    start = packed(yukon.deal(yukon.GameCode(number, rules)))
    finder = Search(start, BREADTH, prune=True)
    if finder.run(1_000) is not None:  # a deal won or lost within 1 000: no ways
        return
    ways = finder.ways()
    assert len(ways) == 1_000 and ways[0] == (-1, -1)
    depths = _depths(ways)
    assert depths == sorted(depths)
    assert depths[-1] >= 2
    assert all(0 <= at < n for n, (at, _) in enumerate(ways) if n)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, yukon.DEAL_COUNT - 1), st.sampled_from(list(Rules)))
def test_the_furthest_starts_are_as_stated(number: int, rules: Rules) -> None:
    """Reached by their moves, no dead end, one a level, the furthest first: every
    position searched and not chosen is no further on than the last chosen, or is a
    dead end, or shares a chosen one's level."""
    start = packed(yukon.deal(yukon.GameCode(number, rules)))
    finder = Search(start, BREADTH, prune=True)
    if finder.run(600) is not None:
        return
    ways = finder.ways()
    chosen = furthest(start, ways, 6)

    def level(p: Position) -> tuple[frozenset[int], tuple[int, ...]]:
        down = (c for col, h in zip(p.cols, p.hidden, strict=True) for c in col[:h])
        return frozenset(down), p.found

    for way, position in chosen:
        reached = start
        for move in way:
            assert move in legal_moves(reached)
            reached = follow(reached, move.key)
        assert (reached.cols, reached.hidden, reached.found) == (
            position.cols,
            position.hidden,
            position.found,
        )
        assert not dead_end(position)
    assert len({level(p) for _, p in chosen}) == len(chosen)
    far = [how_far(p) for _, p in chosen]
    assert far == sorted(far)
    levels = {level(p) for _, p in chosen}
    positions = [start]
    for at, key in ways[1:]:
        positions.append(follow(positions[at], key))
    open_levels = {level(p) for p in positions if not dead_end(p)}
    assert len(chosen) == min(6, len(open_levels))
    for p in positions:
        if level(p) not in levels and not dead_end(p):
            assert how_far(p) >= far[-1]


@settings(max_examples=10, deadline=None)
@given(
    st.integers(0, yukon.DEAL_COUNT - 1),
    st.sampled_from(list(Rules)),
    st.integers(1, 250),
    st.integers(1, 8),
)
def test_random_play_finds_the_starts_stated(
    number: int, rules: Rules, games: int, count: int
) -> None:
    """Each game gives the last position where it turned a card up that is no dead
    end, reached by the game's own moves; the starts are the fewest face down, then
    the most home, then the earliest game, ``Tuning.games_at_once`` games to a seed."""
    start = packed(yukon.deal(yukon.GameCode(number, rules)))
    chosen = played(start, games, 150, count, None)
    expected = []
    for seed, first in enumerate(range(0, games, _solver.TUNING.games_at_once)):
        at_once = min(_solver.TUNING.games_at_once, games - first)
        for game, (_, turned) in enumerate(random_games(start, at_once, 150, seed)):
            open_ = [p for _, p in turned if not dead_end(p)]
            if open_:
                p = open_[-1]
                expected.append((sum(p.hidden), -sum(p.found), first + game, p.key()))
    expected.sort()
    assert [p.key() for _, p in chosen] == [key for *_, key in expected[:count]]
    for way, position in chosen:
        reached = start
        for move in way:
            assert move in legal_moves(reached)
            reached = follow(reached, move.key)
        assert reached.key() == position.key()
        assert sum(position.hidden) < sum(start.hidden)


def test_random_play_stops_for_the_clock() -> None:
    """With the time budget spent, no game is played and no start is found."""
    start = packed(yukon.deal("YU1-C-AAAAACX"))
    assert played(start, 1_000, 2_000, 3, time.monotonic() - 1) == []
    assert len(played(start, 10, 200, 3, time.monotonic() + 60)) == 3


@settings(
    max_examples=25,
    suppress_health_check=[
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
    ],
)
@given(_small_endings())
def test_starts_further_on_never_change_a_verdict(at_once: None, state: State) -> None:
    """Tried before anything else, they agree with the plain search of every legal
    move whenever both finish, and a win's line, from the position solved, wins."""
    tried = _solver.solve_with(state, max_nodes=6_000, compiled=False)
    plain = _solver.solve_with(state, max_nodes=6_000, prune=False)
    if Verdict.UNKNOWN not in (tried.verdict, plain.verdict):
        assert tried.verdict is plain.verdict, state.to_text()
    if tried.verdict is Verdict.WON:
        assert replays_to_a_win(state, tried.moves)


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.integers(0, yukon.DEAL_COUNT - 1), st.integers(1, 5_000))
def test_starts_further_on_keep_to_the_budget(
    at_once: None, number: int, max_nodes: int
) -> None:
    """Their positions count against the budget: never more than it in all."""
    state = yukon.deal(yukon.GameCode(number, Rules.CLASSIC))
    solution = _solver.solve_with(state, max_nodes=max_nodes, compiled=False)
    assert solution.nodes <= max_nodes
    if solution.verdict is Verdict.UNKNOWN:
        assert solution.nodes == max_nodes


def test_the_starts_keep_to_the_time_budget(
    at_once: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The breadth-first search looks at the clock every ``Tuning.finder_turn`` positions:
    with a budget of a twentieth of a second, the pure-Python searches stop long
    before its 20 000 positions (about two seconds)."""
    tuned(
        monkeypatch,
        breadth_positions=20_000,
        breadth_starts=10,
        breadth_start_positions=20_000,
    )
    state = yukon.deal("YU1-C-AAAAACX")
    solution = _solver.solve_with(state, max_seconds=0.05, compiled=False)
    assert (solution.verdict, solution.stopped_by) == (Verdict.UNKNOWN, "seconds")
    assert solution.nodes < 20_000


def test_the_starts_count_against_the_memory_budget_and_free_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Compiled, the starts get budgets of their own out of what the searches from the
    deal leave of ``max_memory``; every block is freed when solve returns."""
    if not yukon.COMPILED_SOLVER:
        pytest.skip("the C core is not built")
    budgets = budgets_recorded(monkeypatch)
    tuned(monkeypatch, further_on_after=5_000)
    solution = yukon.solve(
        yukon.deal("YU1-C-AAAAACX"), max_nodes=300_000, max_memory=2**28
    )
    assert solution.verdict is Verdict.UNKNOWN and solution.nodes == 300_000
    # the deal's, the breadth-first search's, its 10 starts', random play's 3 starts'
    assert len(budgets) == 15
    assert all(b.used == 0 for b in budgets)
    assert all(b.limit < 2**28 and b.peak > 0 for b in budgets[1:])
    assert solution.peak_memory is not None
    assert budgets[0].peak <= solution.peak_memory <= 2**28


@pytest.mark.parametrize(
    ("sizes", "made"),
    [
        ((20_000, 10, 20_000), 1),  # no room left for the starts: none tried
        ((3_000_000, 10, 20_000), 2),  # the breadth-first search outgrows its room
        ((2_000, 10, 3_000_000), 3),  # the first start outgrows its room
    ],
    ids=["no room", "finder", "start"],
)
def test_starts_that_outgrow_the_memory_left_are_given_up(
    monkeypatch: pytest.MonkeyPatch, sizes: tuple[int, int, int], made: int
) -> None:
    """The starts get what the searches from the deal leave of ``max_memory``; when
    that is too little to begin, or a search of theirs outgrows it, they are given up
    and the searches from the deal go on as if they had not been tried."""
    if not yukon.COMPILED_SOLVER:
        pytest.skip("the C core is not built")
    budgets = budgets_recorded(monkeypatch)
    find, count, each = sizes
    tuned(
        monkeypatch,
        further_on_after=100_000,
        breadth_positions=find,
        breadth_starts=count,
        breadth_start_positions=each,
    )
    memory = _verdicts.MIN_MEMORY + (2**20 if made == 1 else 2**23)
    max_nodes = 400_000 if made == 1 else 3_000_000
    tried = yukon.solve(
        yukon.deal("YU1-C-AAAAACX"), max_nodes=max_nodes, max_memory=memory
    )
    assert len(budgets) == made
    assert all(b.used == 0 for b in budgets)
    assert tried.verdict is Verdict.UNKNOWN
    if made == 1:
        assert tried.stopped_by == "nodes"
    else:
        assert budgets[-1].peak > budgets[-1].limit // 2  # it ran into its limit
        assert budgets[-1].limit < memory


class _Clock:
    """A stand-in for the ``time`` module whose clock moves only when it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def monotonic(self) -> float:
        self.now += self.step
        return self.now


def test_a_start_stopped_by_the_clock_ends_the_starts(
    at_once: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A start that runs out of time gives up the rest; the solve then stops as the
    time budget says."""
    tuned(monkeypatch, breadth_start_positions=10**6)
    # The solver's clock, moved on a hundredth of a second each time it is read, so
    # that a loaded machine cannot spend the time before the start is reached.
    monkeypatch.setattr(_solver, "time", _Clock(step=0.01))
    state = yukon.deal("YU1-C-AAAAACX")
    solution = _solver.solve_with(state, max_seconds=0.3, compiled=False)
    assert (solution.verdict, solution.stopped_by) == (Verdict.UNKNOWN, "seconds")
    assert 300 < solution.nodes < 300 + 10**6
