"""Hypothesis settings: the same examples on every run, so that the README's test command,
a plain ``pytest`` and a release's test step pass or fail with the code, not with the
draw (``derandomize``, no example database); no per-example deadline (CI machines vary in
speed; speed targets live in the benchmarks). Exploration is opt-in:
``HYPOTHESIS_PROFILE=explore`` draws fresh examples, ten times as many as the default
(tests that name their own count keep it), and ``pytest --hypothesis-seed=N`` repeats a
draw (``.ci/run``'s exploration stage prints its seed first). Also ``no_cover`` kept
under pytest-xdist, ``same_without_core`` skipped without the core, and the leak check
of the sanitizer stage."""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("default", deadline=None, derandomize=True, database=None)
settings.register_profile(
    "explore",
    deadline=None,
    derandomize=False,
    database=None,
    max_examples=10 * settings.get_profile("default").max_examples,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.hookimpl(hookwrapper=True, trylast=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Measure nothing in a test marked ``no_cover``. pytest-cov pauses its own
    measurement there, but in a pytest-xdist worker it has started a second one, which
    goes on tracing and makes such a test three times slower (pytest-cov 7.1); so every
    measurement still running is paused, innermost last, and resumed after the test."""
    paused = []
    if item.get_closest_marker("no_cover") is not None and "coverage" in sys.modules:
        from coverage import Coverage

        while (running := Coverage.current()) is not None:
            running.stop()
            paused.append(running)
    try:
        yield
    finally:
        for measurement in reversed(paused):
            measurement.start()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Without the C core (a pure-Python install, or ``YUKON_IMPLEMENTATION=python``),
    skip the tests marked ``same_without_core``: each runs code whose pure-Python path
    the twin harness holds equal to the core's, and takes minutes in pure Python, so a
    packager's plain ``pytest`` of the sdist ends in minutes, not an hour."""
    import yukon

    if yukon.COMPILED_SOLVER:
        return
    skip = pytest.mark.skip(reason="same_without_core: run where the C core is built")
    for item in items:
        if item.get_closest_marker("same_without_core") is not None:
            item.add_marker(skip)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Under the sanitizer stage of ``.ci/run`` (the C core built with AddressSanitizer,
    ``YUKON_LEAK_CHECK`` set): after the tests, LeakSanitizer looks for blocks nothing
    points to any more, and any such leak fails the run. Python allocates with plain
    ``malloc`` there (``PYTHONMALLOC=malloc``), so everything it holds is seen."""
    if not os.environ.get("YUKON_LEAK_CHECK"):
        return
    leaked = ctypes.CDLL(None).__lsan_do_recoverable_leak_check()
    if leaked:
        print("\nLeakSanitizer found leaks (above)", file=sys.stderr)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
