"""Surveys: solve a range of deals and estimate the share that can be won.

One JSON line per deal (``code``, ``verdict``, ``nodes``, ``seconds``, ``moves``) is
appended to the output file as each deal finishes, so a survey can be stopped and started
again: deals already in the file are not solved twice. Deals run in worker processes on
this machine, or on a Dask cluster (``yukon[dask]``) for surveys beyond one machine.

The winnable share is reported with a 95 % Wilson score interval that brackets the deals
the budget left unresolved: the lower bound counts them lost, the upper bound won.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import time
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

import attrs

from ._codes import GameCode, Rules
from ._solver import Verdict, solve
from ._state import State

Z_95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""


def wilson(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a binomial share; ``(0, 1)`` for no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


@attrs.frozen
class Tally:
    """Counts of verdicts, and the winnable share they support."""

    won: int = 0
    lost: int = 0
    unknown: int = 0

    @property
    def total(self) -> int:
        return self.won + self.lost + self.unknown

    @property
    def interval(self) -> tuple[float, float]:
        """95 % bounds on the winnable share: unknowns counted lost, then counted won."""
        low, _ = wilson(self.won, self.total)
        _, high = wilson(self.won + self.unknown, self.total)
        return low, high

    def add(self, verdict: str) -> Tally:
        return Tally(
            self.won + (verdict == Verdict.WON.value),
            self.lost + (verdict == Verdict.LOST.value),
            self.unknown + (verdict == Verdict.UNKNOWN.value),
        )

    def table(self) -> str:
        """The closing table of a survey."""
        low, high = self.interval
        share = self.won / self.total if self.total else 0.0
        rows = [
            ("won", self.won),
            ("lost", self.lost),
            ("unknown", self.unknown),
            ("total", self.total),
        ]
        lines = [f"{name:<8} {count:>8}" for name, count in rows]
        lines.append(
            f"winnable {share:8.1%}   95% interval {low:.1%} - {high:.1%} "
            "(unknowns counted lost / won)"
        )
        return "\n".join(lines)


def solve_deal(
    code: str, max_seconds: float | None, max_nodes: int | None
) -> dict[str, Any]:
    """Solve one deal; the JSON line the survey writes for it."""
    solution = solve(
        State.deal(GameCode.parse(code)), max_seconds=max_seconds, max_nodes=max_nodes
    )
    return {
        "code": code,
        "verdict": solution.verdict.value,
        "nodes": solution.nodes,
        "seconds": round(solution.seconds, 4),
        "moves": len(solution.moves),
    }


def _solve_args(args: tuple[str, float | None, int | None]) -> dict[str, Any]:
    return solve_deal(*args)


def read_done(path: str) -> dict[str, dict[str, Any]]:
    """The deals an earlier run already wrote, by code; a torn last line is ignored."""
    done: dict[str, dict[str, Any]] = {}
    if not os.path.exists(path):
        return done
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            try:
                row = json.loads(line)
                done[str(GameCode.parse(row["code"]))] = row
            except (ValueError, KeyError, TypeError):
                continue
    return done


def _local(
    jobs: list[tuple[str, float | None, int | None]], workers: int
) -> Iterator[dict[str, Any]]:
    if workers <= 1:
        yield from map(_solve_args, jobs)
        return
    with multiprocessing.Pool(workers) as pool:
        yield from pool.imap_unordered(_solve_args, jobs)


def _dask(
    jobs: list[tuple[str, float | None, int | None]], scheduler: str
) -> Iterator[dict[str, Any]]:
    try:
        from distributed import Client, as_completed
    except ImportError as missing:  # pragma: no cover - depends on the extra
        raise ImportError(
            "surveys on Dask need the extra: pip install 'yukon[dask]'"
        ) from missing
    with Client(scheduler) as client:  # type: ignore[no-untyped-call]
        futures = client.map(_solve_args, jobs, pure=False)
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            yield future.result()


def survey(
    rules: Rules,
    start: int,
    count: int,
    out: str,
    *,
    workers: int | None = None,
    max_seconds: float | None = 30.0,
    max_nodes: int | None = None,
    scheduler: str | None = None,
    progress: IO[str] | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Tally:
    """Solve deals ``start`` to ``start + count - 1`` under ``rules``, appending one JSON
    line per deal to ``out`` and skipping deals already there; the tally of all of them."""
    codes = [str(GameCode(n, rules)) for n in range(start, start + count)]
    done = read_done(out)
    tally = Tally()
    for code in codes:
        if code in done:
            tally = tally.add(done[code]["verdict"])
    jobs = [(code, max_seconds, max_nodes) for code in codes if code not in done]
    results: Iterable[dict[str, Any]]
    if scheduler is not None:
        results = _dask(jobs, scheduler)
    else:
        results = _local(jobs, workers or os.cpu_count() or 1)
    began = clock()
    torn = os.path.exists(out) and _ends_without_newline(out)
    with open(out, "a", encoding="utf-8") as sink:
        if torn:  # a run stopped mid-line: start clean after it
            sink.write("\n")
        for finished, row in enumerate(results, 1):
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            tally = tally.add(row["verdict"])
            if progress is not None:
                elapsed = max(clock() - began, 1e-9)
                rate = finished / elapsed
                left = (len(jobs) - finished) / rate
                progress.write(
                    f"\r{tally.total}/{len(codes)} deals, {rate:.2f} deals/s, "
                    f"about {_duration(left)} left"
                )
                progress.flush()
    if progress is not None and jobs:
        progress.write("\n")
    return tally


def _ends_without_newline(path: str) -> bool:
    with open(path, "rb") as data:
        data.seek(0, os.SEEK_END)
        if data.tell() == 0:
            return False
        data.seek(-1, os.SEEK_END)
        return data.read(1) != b"\n"


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
