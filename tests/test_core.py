"""The solver's compiled core against the pure-Python searches it must agree with.

The core is optional (built only where a C compiler is at hand), so these tests skip
without it; CI sets ``YUKON_REQUIRE_CORE`` so that a broken build fails instead.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import yukon
from yukon import GameCode, Rules, State, Verdict, _solver
from yukon._moves import MOVES

from .test_solver import (
    _LOST_BY_SEARCH,
    _small_endings,
    lost,
    replays_to_a_win,
    return_wins,
)

if os.environ.get("YUKON_REQUIRE_CORE"):
    from yukon import _core
else:
    _core = pytest.importorskip("yukon._core")

_WON, _LOST = 1, 2


def prove(state: State, steps: int = 1_000_000) -> tuple[Verdict, int, list[int]]:
    """The core's verdict on ``state`` alone, its positions searched, its line."""
    prover = _core.Prover(
        state._cols, state._hidden, state._found, state.rules is Rules.RELAXED
    )
    found = prover.run(steps)
    verdict = {_WON: Verdict.WON, _LOST: Verdict.LOST}.get(found, Verdict.UNKNOWN)
    return verdict, prover.nodes, prover.line()


def test_the_package_says_whether_the_core_is_built() -> None:
    assert yukon.COMPILED_SOLVER is True


def test_constructed_positions() -> None:
    for rules in Rules:
        assert prove(lost(rules))[0] is Verdict.LOST
    verdict, _, line = prove(return_wins())
    assert verdict is Verdict.WON
    assert replays_to_a_win(return_wins(), tuple(MOVES[key] for key in line))


@pytest.mark.parametrize("code", _LOST_BY_SEARCH)
def test_a_loss_searches_the_same_positions_as_the_python_searches(
    code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same rules, same prunings, same keys: proving a loss, the core searches exactly
    the positions the pure-Python searches do when they share one table."""
    state = yukon.deal(code)
    monkeypatch.setattr(_solver, "_SHARE_AFTER", 0)
    python = yukon.solve(state, _core=False)
    verdict, nodes, line = prove(state)
    assert python.verdict is verdict is Verdict.LOST
    assert nodes == python.nodes and line == []


def test_losses_of_hundreds_of_thousands_of_positions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Deal 345 is lost in 190 833 positions: the count the pure-Python searches reach
    with one table from the start, in a fraction of their time."""
    verdict, nodes, _ = prove(yukon.deal("YU1-C-AAAAAKU"))
    assert verdict is Verdict.LOST and nodes == 190_833


@settings(max_examples=60, suppress_health_check=[HealthCheck.filter_too_much])
@given(_small_endings())
def test_small_endings_agree_with_the_plain_search(state: State) -> None:
    """Against the search of every legal move, which is itself checked against the
    reference rules' enumeration (see test_solver). Some endings are too large for both
    (returns from full foundations to six empty columns); the rest must agree."""
    verdict, _, line = prove(state, 100_000)
    plain = yukon.solve(state, max_nodes=6_000, _prune=False)
    if Verdict.UNKNOWN not in (verdict, plain.verdict):
        assert verdict is plain.verdict
    if verdict is Verdict.WON:
        assert replays_to_a_win(state, tuple(MOVES[key] for key in line))


@settings(max_examples=25)
@given(st.integers(0, yukon.DEAL_COUNT - 1), st.sampled_from(list(Rules)))
def test_deals_agree_with_the_python_searches(number: int, rules: Rules) -> None:
    state = yukon.deal(GameCode(number, rules))
    verdict, nodes, line = prove(state, 20_000)
    assert nodes <= 20_000
    python = yukon.solve(state, max_nodes=3_000, _core=False)
    if Verdict.UNKNOWN not in (verdict, python.verdict):
        assert verdict is python.verdict
    if verdict is Verdict.WON:
        assert replays_to_a_win(state, tuple(MOVES[key] for key in line))


def test_solve_counts_the_core_positions_and_stops_at_the_budget() -> None:
    state = yukon.deal("YU1-C-AAAAAKU")
    both = yukon.solve(state, max_nodes=20_000)
    python = yukon.solve(state, max_nodes=20_000, _core=False)
    assert both.verdict is python.verdict is Verdict.UNKNOWN
    assert both.nodes == python.nodes == 20_000
    assert yukon.solve(state).verdict is Verdict.LOST  # the core proves it


def test_the_prover_runs_in_slices_and_refuses_what_is_no_position() -> None:
    state = yukon.deal("YU1-C-AAAAAJV")
    prover = _core.Prover(state._cols, state._hidden, state._found, False)
    slices = 0
    while (found := prover.run(10_000)) == 0:
        slices += 1
    assert found == _LOST and slices > 10
    assert prover.run(10_000) == _LOST  # a verdict stays
    with pytest.raises(ValueError, match="not a position"):
        _core.Prover((*state._cols[:6], state._cols[0]), state._hidden, (0,) * 4, False)
    with pytest.raises(ValueError, match="7 columns"):
        _core.Prover(state._cols[:6], state._hidden, state._found, False)
