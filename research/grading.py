"""Measure the no-peek player's wins on proven-winnable deals, for the grades.

``python -m research.grading [--workers N]`` plays every deal of :data:`RANGES` that the
thoughtful surveys in docs/data prove winnable, :data:`yukon._grading.GUESSES` times
(guesses ``0`` to ``GUESSES - 1``: the grade's measure), and the held-out deals
:data:`CHECKS` more times with fresh guesses (the check of the calibration: games the
grade was not computed from). One JSON line per deal is appended to
:data:`RESULTS` as each deal finishes; deals already there are not played again.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import pathlib
import time
from collections.abc import Iterator
from typing import Any

from yukon import GameCode, Rules
from yukon._grading import GUESSES, no_peek_won

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data"
RESULTS = DATA / "grading.jsonl"
SURVEYS = {
    Rules.CLASSIC: DATA / "survey-classic-1-20000.jsonl",
    Rules.RELAXED: DATA / "survey-relaxed-1-5000.jsonl",
}
RANGES: dict[str, tuple[Rules, range]] = {
    "calibration": (Rules.CLASSIC, range(1, 201)),
    "held-out": (Rules.CLASSIC, range(5001, 5201)),
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
    if not path.exists():
        return []
    rows: dict[str, Row] = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            try:
                row = json.loads(line)
            except ValueError:
                continue  # a line torn by a stopped run: measured again
            rows[row["code"]] = row
    return list(rows.values())


def jobs(done: set[str]) -> Iterator[tuple[str, str]]:
    for part, (rules, numbers) in RANGES.items():
        won = proven_won(rules)
        for number in numbers:
            code = str(GameCode(number, rules))
            if number in won and code not in done:
                yield part, code


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
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
