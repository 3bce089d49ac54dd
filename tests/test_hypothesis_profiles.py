"""The suite's Hypothesis profiles (tests/conftest.py): by default every run draws the
same examples, so the suite passes or fails with the code and not with the draw; the
``explore`` profile, opt-in, draws fresh ones, ten times as many."""

from __future__ import annotations

import os

from hypothesis import given, settings
from hypothesis import strategies as st


def _draw(profile: str) -> list[list[int]]:
    """What one property test run with ``profile`` draws."""
    drawn: list[list[int]] = []

    @settings(settings.get_profile(profile), max_examples=30)
    @given(st.lists(st.integers()))
    def record(numbers: list[int]) -> None:
        drawn.append(numbers)

    record()
    return drawn


def test_the_default_profile_draws_the_same_examples_on_every_run() -> None:
    first, second = _draw("default"), _draw("default")
    assert first == second
    assert len({tuple(numbers) for numbers in first}) > 10  # examples, not one


def test_the_suite_runs_the_default_profile_unless_asked_to_explore() -> None:
    loaded = settings.default
    assert loaded is not None
    if os.environ.get("HYPOTHESIS_PROFILE", "default") == "default":
        assert loaded.derandomize and loaded.database is None
    else:
        assert not loaded.derandomize


def test_the_explore_profile_draws_fresh_examples_ten_times_as_many() -> None:
    default, explore = settings.get_profile("default"), settings.get_profile("explore")
    assert explore.max_examples == 10 * default.max_examples
    assert not explore.derandomize and explore.database is None
    assert explore.deadline is None
