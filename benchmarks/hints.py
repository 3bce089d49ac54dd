"""The hint's timing: the one loop every hint row runs, with the C core, in a child
process without it and in Pyodide under Node (``benchmarks/run.py`` sends this file's
text there), so it imports nothing but the library and the standard library.

Each hint is timed by the clock and by the processor time its process used: on a shared
machine other work stretches the clock, not the time the hint computed.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterable

from yukon import Game, GameCode


def hint_times(
    deals: Iterable[int],
    decisions: int | None = None,
    budget: tuple[int, int] | None = None,
    processor: Callable[[], float] = time.process_time,
) -> dict[str, list[float] | list[str]]:
    """:meth:`Game.hint` asked after every move of whole games of the classic
    ``deals`` as a frontend asks (and followed), until every card is face up or there
    is no hint, or until ``decisions`` hints were asked: each hint's seconds by the
    clock (``"clock"``) and by ``processor`` (``"cpu"``), and the moves advised. With
    ``budget`` (guesses, positions each) the hint judges with it; else with its
    defaults, as a caller who names none gets."""
    clock: list[float] = []
    cpu: list[float] = []
    advised: list[str] = []
    for number in deals:
        game = Game.new(GameCode(number))
        while not game.state.all_face_up:
            if decisions is not None and len(clock) >= decisions:
                return {"clock": clock, "cpu": cpu, "advised": advised}
            start, used = time.perf_counter(), processor()
            if budget is None:
                advice = game.hint()
            else:
                advice = game.hint(samples=budget[0], max_nodes=budget[1])
            clock.append(time.perf_counter() - start)
            cpu.append(processor() - used)
            if advice is None:
                break
            advised.append(str(advice.move))
            game = game.play(advice.move)
    return {"clock": clock, "cpu": cpu, "advised": advised}


def percentile_95(seconds: list[float]) -> float:
    """The 95th percentile as the hint's target reads it (the nearest rank): the least
    time that at least 95 % of the hints took no longer than (of fewer than 20, the
    slowest)."""
    ordered = sorted(seconds)
    return ordered[math.ceil(0.95 * len(ordered)) - 1]


def summary(seconds: list[float]) -> dict[str, float]:
    """The 95th percentile, median and slowest of ``seconds``."""
    return {
        "p95": percentile_95(seconds),
        "median": statistics.median(seconds),
        "max": max(seconds),
    }
