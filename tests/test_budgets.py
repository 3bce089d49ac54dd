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
from yukon import Verdict, _solver

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
            yukon.hint(yukon.deal(HARD), **budgets)


@pytest.mark.parametrize("state", ["YU1-C-AAAAAAB", None, 5])
def test_solve_and_hint_take_a_state(state: object) -> None:
    with pytest.raises(TypeError, match="State"):
        yukon.solve(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="State"):
        yukon.hint(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="State"):
        yukon.solve(yukon.Game.new("YU1-C-AAAAAAB"))  # type: ignore[arg-type]


def test_hint_takes_a_random_generator_and_a_count_of_samples() -> None:
    state = yukon.deal("YU1-C-AAAAAAB")
    with pytest.raises(TypeError, match="rng"):
        yukon.hint(state, rng=5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="samples"):
        yukon.hint(state, samples=-1)
    assert yukon.hint(state, rng=random.Random(3), samples=0) in state.legal_moves()


@pytest.mark.parametrize("compiled", [True, False])
def test_a_memory_budget_stops_the_search_and_says_so(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The smallest budget stops a hard deal long before its end. The pure-Python
    searches count an estimate per position; it is raised here so the test is quick."""
    if compiled and not yukon.COMPILED_SOLVER:
        pytest.skip("the C core is not built")
    monkeypatch.setattr(_solver, "_PYTHON_BYTES", (200_000, 0, 0))
    solution = yukon.solve(
        yukon.deal(HARD), max_memory=_solver.MIN_MEMORY, _core_searches=compiled
    )
    assert (solution.verdict, solution.stopped_by) == (Verdict.UNKNOWN, "memory")
    assert 0 < solution.nodes < 1_000_000


def test_a_larger_memory_budget_searches_further() -> None:
    small = yukon.solve(yukon.deal(HARD), max_memory=_solver.MIN_MEMORY)
    large = yukon.solve(yukon.deal(HARD), max_memory=4 * _solver.MIN_MEMORY)
    assert small.stopped_by == large.stopped_by == "memory"
    assert large.nodes > 2 * small.nodes


def _freed_after(call: Any) -> None:
    """Check that of the memory ``call`` held at its peak (tracemalloc sees the C
    core's blocks too), under a twentieth is left after it, while its exception, if
    any, is still held."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        try:
            call()
        except KeyboardInterrupt as stopped:
            held = stopped  # the caller keeps the exception, and its traceback
            assert held.__traceback__ is not None
        gc.collect()  # empties CPython's free lists of small tuples, which tracemalloc counts
        after, peak = tracemalloc.get_traced_memory()
        assert peak - before > 2**20
        assert after - before < (peak - before) / 20
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("compiled", [True, False])
def test_every_table_is_freed_when_solve_returns_or_raises(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After solve returns, or raises while the caller holds the exception, nearly
    all the search held is freed."""
    if compiled and not yukon.COMPILED_SOLVER:
        pytest.skip("the C core is not built")
    nodes = 100_000 if compiled else 4_000
    state = yukon.deal(HARD)
    _freed_after(lambda: yukon.solve(state, max_nodes=nodes, _core_searches=compiled))

    calls = 0
    clock = time.monotonic

    def interrupted() -> float:
        nonlocal calls
        calls += 1
        if calls > nodes // 64:
            raise KeyboardInterrupt
        return clock()

    monkeypatch.setattr(time, "monotonic", interrupted)
    _freed_after(lambda: yukon.solve(state, max_seconds=1e6, _core_searches=compiled))
