"""Measure the no-peek player's wins on proven-winnable deals, for the grades.

``python -m research.grading [--workers N]`` plays every deal of :data:`RANGES` that the
thoughtful surveys in docs/data prove winnable, :data:`yukon.grades.GUESSES` times
(guesses ``0`` to ``GUESSES - 1``: the grade's measure), and the held-out deals
:data:`CHECKS` more times with fresh guesses (the check of the calibration: games the
grade was not computed from). One JSON line per deal is appended to
:data:`RESULTS` as each deal finishes; deals already there are not played again.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import pathlib
import statistics
import time
from collections.abc import Iterator
from typing import Any

from research.rows import read_by_code
from yukon import GameCode, Grade, Rules
from yukon.grades import GRADE_WINS, GUESSES, WINNABLE_GRADES, grade_of, no_peek_won

Z_95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data"
RESULTS = DATA / "grading.jsonl"
SURVEYS = {
    Rules.CLASSIC: DATA / "survey-classic-1-20000.jsonl",
    Rules.RELAXED: DATA / "survey-relaxed-1-5000.jsonl",
}
RANGES: dict[str, tuple[Rules, range]] = {
    "calibration": (Rules.CLASSIC, range(1, 139)),
    "held-out": (Rules.CLASSIC, range(5001, 5119)),
    "relaxed": (Rules.RELAXED, range(1, 61)),
}
"""The deals measured: the thresholds are calibrated on ``calibration`` and checked on
``held-out``; the relaxed deals are graded with the same thresholds, for the catalog."""
CHECKS = GUESSES
"""Fresh guesses played on each held-out deal to check its grade."""

Row = dict[str, Any]


def proven_won(rules: Rules) -> set[int]:
    """The deals of ``rules`` a thoughtful survey proved winnable (verdict ``won``)."""
    won: set[int] = set()
    with open(SURVEYS[rules], encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            if row["verdict"] == "won":
                won.add(GameCode.parse(row["code"]).number)
    return won


def measure(job: tuple[str, str]) -> Row:
    """The row of one deal: its guesses' wins, and for held-out deals the checks'."""
    part, code = job
    began = time.process_time()
    parsed = GameCode.parse(code)
    wins = [no_peek_won(parsed, i) for i in range(GUESSES)]
    checks = (
        [no_peek_won(parsed, GUESSES + i) for i in range(CHECKS)]
        if part == "held-out"
        else []
    )
    return {
        "code": code,
        "part": part,
        "wins": sum(wins),
        "guesses": GUESSES,
        "won": wins,
        "checks": checks,
        "cpu_seconds": round(time.process_time() - began, 2),
    }


def read(path: pathlib.Path = RESULTS) -> list[Row]:
    """The results file's rows (the last row of a deal counts), in file order."""
    return read_by_code(path)


def jobs(done: set[str]) -> Iterator[tuple[str, str]]:
    """The deals left to measure, the parts taken in turn deal by deal, so a run
    stopped early leaves each part measured over a first stretch of its range."""
    parts = []
    for name, (rules, numbers) in RANGES.items():
        won = proven_won(rules)
        codes = (str(GameCode(n, rules)) for n in numbers if n in won)
        parts.append([(name, code) for code in codes if code not in done])
    for turn in itertools.zip_longest(*parts):
        yield from (job for job in turn if job is not None)


def part(rows: list[Row], name: str) -> list[Row]:
    return [row for row in rows if row["part"] == name]


def calibrate(rows: list[Row]) -> dict[Grade, int]:
    """The fewest wins of each winnable grade that split the calibration deals ``rows``
    into four grades as nearly equal in size as whole numbers of wins allow (least sum
    of squared differences from a quarter each; each grade holds some deal)."""
    counts = [sum(row["wins"] == w for row in rows) for w in range(GUESSES + 1)]
    quarter = len(rows) / 4
    best: tuple[float, tuple[int, int, int]] | None = None
    for easy in range(GUESSES, 0, -1):
        for medium in range(easy - 1, 0, -1):
            for hard in range(medium - 1, 0, -1):
                sizes = (
                    sum(counts[easy:]),
                    sum(counts[medium:easy]),
                    sum(counts[hard:medium]),
                    sum(counts[:hard]),
                )
                if 0 in sizes:
                    continue
                cost = sum((size - quarter) ** 2 for size in sizes)
                if best is None or cost < best[0]:
                    best = (cost, (easy, medium, hard))
    assert best is not None, "too few calibration deals to split in four"
    easy, medium, hard = best[1]
    return {Grade.EASY: easy, Grade.MEDIUM: medium, Grade.HARD: hard, Grade.HARDEST: 0}


def _interval(shares: list[float]) -> tuple[float, float, float]:
    """The mean of per-deal shares and its 95 % normal interval across deals (the
    games of one deal are not independent of each other, its deals are)."""
    mean = statistics.fmean(shares)
    if len(shares) < 2:
        return mean, 0.0, 1.0
    half = Z_95 * statistics.stdev(shares) / math.sqrt(len(shares))
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def by_grade(rows: list[Row]) -> dict[Grade, list[Row]]:
    graded: dict[Grade, list[Row]] = {grade: [] for grade in WINNABLE_GRADES}
    for row in rows:
        graded[grade_of(row["wins"])].append(row)
    return graded


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def table(rows: list[Row] | None = None) -> str:
    """The Research page's grading table: per grade, the calibration deals and the
    share of their grading games won, then the held-out deals and the share of fresh
    games won on them (games the grade was not computed from)."""
    rows = read() if rows is None else rows
    calibration = by_grade(part(rows, "calibration"))
    held = by_grade(part(rows, "held-out"))
    relaxed = by_grade(part(rows, "relaxed"))
    lines = [
        "| grade | no-peek wins of 6 | calibration deals | their games won "
        "| held-out deals | fresh games won on them | 95 % interval | relaxed deals |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for grade in WINNABLE_GRADES:
        low = GRADE_WINS[grade]
        above = [GRADE_WINS[g] for g in WINNABLE_GRADES if GRADE_WINS[g] > low]
        high = min(above) - 1 if above else GUESSES
        wins = f"{low}" if low == high else f"{low}-{high}"
        cal = calibration[grade]
        cal_share = _pct(statistics.fmean(r["wins"] / r["guesses"] for r in cal))
        fresh = [sum(r["checks"]) / len(r["checks"]) for r in held[grade]]
        mean, lo, hi = _interval(fresh)
        lines.append(
            f"| {grade.value} | {wins} | {len(cal)} | {cal_share} | {len(held[grade])} "
            f"| {_pct(mean)} | {_pct(lo)} - {_pct(hi)} | {len(relaxed[grade])} |"
        )
    return "\n".join(lines)


def held_out_shares(rows: list[Row] | None = None) -> dict[Grade, float]:
    """Per grade, the share of the fresh games won on the held-out deals."""
    rows = read() if rows is None else rows
    return {
        grade: statistics.fmean(sum(r["checks"]) / len(r["checks"]) for r in graded)
        for grade, graded in by_grade(part(rows, "held-out")).items()
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--table", action="store_true", help="print the Research page's table only"
    )
    args = parser.parse_args(argv)
    if args.table:
        print(table())
        return
    done = {row["code"] for row in read()}
    todo = list(jobs(done))
    print(f"{len(done)} deals measured before, {len(todo)} to go", flush=True)
    with (
        multiprocessing.get_context("spawn").Pool(args.workers) as pool,
        open(RESULTS, "a", encoding="utf-8") as sink,
    ):
        for n, row in enumerate(pool.imap_unordered(measure, todo), 1):
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            if n % 20 == 0:
                print(f"{n}/{len(todo)}", flush=True)


if __name__ == "__main__":
    main()
