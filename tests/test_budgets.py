"""The budgets of a search: nodes, seconds and memory, checked before any search, and
the promise that a search stopped by one says which and holds nothing afterwards."""

from __future__ import annotations

import gc
import math
import random
import time
import tracemalloc
from typing import Any

import pytest

import yukon
from yukon import Verdict, _solver, _verdicts

HARD = "YU1-C-AAAAAMX"  # lost, after millions of positions


@pytest.mark.parametrize(
    ("name", "value", "error"),
    [
        ("max_seconds", math.nan, ValueError),
        ("max_seconds", -1.0, ValueError),
        ("max_seconds", math.inf, ValueError),
        ("max_seconds", 10**400, ValueError),
        ("max_seconds", "30", TypeError),
        ("max_seconds", True, TypeError),
        ("max_nodes", math.nan, TypeError),
        ("max_nodes", 100.0, TypeError),
        ("max_nodes", -1, ValueError),
        ("max_nodes", 10**400, ValueError),
        ("max_nodes", "100", TypeError),
        ("max_memory", 2**20, ValueError),
        ("max_memory", 10**400, ValueError),
        ("max_memory", 2.0**31, TypeError),
        ("max_memory", math.nan, TypeError),
    ],
)
def test_a_budget_that_is_no_budget_is_refused_by_name(
    name: str, value: object, error: type[Exception]
) -> None:
    budgets: dict[str, Any] = {name: value}
    with pytest.raises(error, match=name):
        yukon.solve(yukon.deal(HARD), **budgets)
    if name != "max_seconds":
        with pytest.raises(error, match=name):
            yukon.hint_move(yukon.deal(HARD), **budgets)


@pytest.mark.parametrize("state", ["YU1-C-AAAAAAB", None, 5])
def test_solve_and_hint_take_a_state(state: object) -> None:
    with pytest.raises(TypeError, match="State"):
        yukon.solve(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="State"):
        yukon.hint_move(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="State"):
        yukon.solve(yukon.Game.new("YU1-C-AAAAAAB"))  # type: ignore[arg-type]


def test_hint_takes_a_random_generator_and_a_count_of_samples() -> None:
    state = yukon.deal("YU1-C-AAAAAAB")
    with pytest.raises(TypeError, match="rng"):
        yukon.hint_move(state, rng=5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="samples"):
        yukon.hint_move(state, samples=-1)
    assert (
        yukon.hint_move(state, rng=random.Random(3), samples=0) in state.legal_moves()
    )


@pytest.mark.parametrize("compiled", [True, False])
def test_a_memory_budget_stops_the_search_and_says_so(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The smallest budget stops a hard deal long before its end. The pure-Python
    searches count an estimate per position; it is raised here so the test is quick."""
    if compiled and not yukon.COMPILED_SOLVER:
        pytest.skip("the C core is not built")
    monkeypatch.setattr(_solver, "_PYTHON_BYTES", (200_000, 0, 0))
    solution = _solver.solve_with(
        yukon.deal(HARD), max_memory=_verdicts.MIN_MEMORY, compiled=compiled
    )
    assert (solution.verdict, solution.stopped_by) == (Verdict.UNKNOWN, "memory")
    assert 0 < solution.nodes < 1_000_000


@pytest.mark.slow
def test_a_larger_memory_budget_searches_further(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        _solver, "_PYTHON_BYTES", (20_000, 0, 0)
    )  # quick without the core
    small = yukon.solve(yukon.deal(HARD), max_memory=_verdicts.MIN_MEMORY)
    large = yukon.solve(yukon.deal(HARD), max_memory=4 * _verdicts.MIN_MEMORY)
    assert small.stopped_by == large.stopped_by == "memory"
    assert large.nodes > 2 * small.nodes


def test_the_compiled_searches_report_their_peak_memory_and_stay_compact() -> None:
    """``peak_memory`` is what the budget counted: within it, and growing with the
    search. A searched position is stored as seven column numbers and a way back, so a
    large search holds well under the 175 bytes a position it took when each was kept
    whole (the benchmark row holds the figure; this holds the kind)."""
    if not yukon.COMPILED_SOLVER:
        pytest.skip("the C core is not built")
    small = yukon.solve(yukon.deal(HARD), max_nodes=30_000)
    large = yukon.solve(yukon.deal(HARD), max_nodes=300_000, max_memory=2**30)
    assert small.peak_memory is not None and large.peak_memory is not None
    assert 0 < small.peak_memory < large.peak_memory <= 2**30
    assert large.peak_memory / large.nodes < 80
    pure = _solver.solve_with(yukon.deal(HARD), max_nodes=100, compiled=False)
    assert pure.peak_memory is None


def budgets_recorded(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every compiled memory budget made from now on, in order (with the C core)."""
    from yukon import _core

    budgets: list[_core.Budget] = []
    made = _core.Budget

    def recorded(limit: int) -> _core.Budget:
        budgets.append(made(limit))
        return budgets[-1]

    monkeypatch.setattr(_core, "Budget", recorded)
    return budgets


def _interrupting(nodes: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the clock raise KeyboardInterrupt after about ``nodes`` positions."""
    calls = 0
    clock = time.monotonic

    def interrupted() -> float:
        nonlocal calls
        calls += 1
        if calls > nodes // 64:
            raise KeyboardInterrupt
        return clock()

    monkeypatch.setattr(time, "monotonic", interrupted)


def _solve_held(state: yukon.State, **budgets: Any) -> BaseException | None:
    """Solve; the exception if it raised, held as a caller may hold it."""
    try:
        _solver.solve_with(state, **budgets)
    except KeyboardInterrupt as stopped:
        return stopped  # with its traceback, and so the frames of the search
    return None


def test_every_compiled_table_is_freed_when_solve_returns_or_raises(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The compiled searches count every block against their budget: after solve
    returns, or raises while the caller holds the exception, the count is back at 0."""
    if not yukon.COMPILED_SOLVER:
        pytest.skip("the C core is not built")
    budgets = budgets_recorded(monkeypatch)
    state = yukon.deal(HARD)
    assert _solve_held(state, max_nodes=100_000) is None
    _interrupting(100_000, monkeypatch)
    held = _solve_held(state, max_seconds=1e6)
    assert held is not None and len(budgets) == 2
    for budget in budgets:
        assert budget.peak > 2**20 and budget.used == 0


@pytest.mark.slow
@pytest.mark.no_cover  # slow under coverage; what it runs is covered elsewhere
def test_every_python_table_is_freed_when_solve_returns_or_raises(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Of the memory the pure-Python searches held at their peak, under a twentieth
    is left after solve returns, or raises while the caller holds the exception."""
    state = yukon.deal(HARD)
    for raises in (False, True):
        if raises:
            _interrupting(4_000, monkeypatch)
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            budget = {"max_seconds": 1e6} if raises else {"max_nodes": 4_000}
            held = _solve_held(state, **budget, compiled=False)
            assert (held is not None) is raises
            gc.collect()  # empties CPython's free lists of small tuples, which it counts
            after, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert peak - before > 2**20
        assert after - before < (peak - before) / 20
