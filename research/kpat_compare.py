"""Set this solver beside KDE Patience's on KDE Patience's own Yukon deals.

KDE Patience prints its solver's verdicts itself (Debian's ``kpat`` package; it is not a
dependency of anything here)::

    QT_QPA_PLATFORM=offscreen kpat --solve 10 --start 1 --end 1000 > kpat.txt

Then ``python -m research.kpat_compare kpat.txt OUT.jsonl [--workers W] [--max-seconds S]``
solves the same layouts (``yukon.kpat_deal``) with ``yukon.solve`` and writes one JSON
line per deal: KDE Patience's verdict and time, and this solver's verdict, positions,
time and moves. A deal already in OUT is not solved again. ``research/survey_tables.py``
turns the file into the research page's comparison.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import yukon

_LINE = re.compile(r"^(\d+) (won|lost|unknown) \((\d+) ms\)$")


def kpat_verdicts(text: str) -> dict[int, tuple[str, int]]:
    """KDE Patience's verdict and milliseconds by deal, from its ``--solve`` output;
    other lines (its closing count of moves, Qt's notices) are passed over."""
    found: dict[int, tuple[str, int]] = {}
    for line in text.splitlines():
        match = _LINE.match(line.strip())
        if match:
            found[int(match[1])] = (match[2], int(match[3]))
    return found


def compare(deal: int, kpat: tuple[str, int], max_seconds: float) -> dict[str, Any]:
    """One deal's row: KDE Patience's verdict beside this solver's on its layout."""
    solution = yukon.solve(yukon.kpat_deal(deal), max_seconds=max_seconds)
    return {
        "deal": deal,
        "kpat": kpat[0],
        "kpat_ms": kpat[1],
        "yukon": solution.verdict.value,
        "nodes": solution.nodes,
        "seconds": round(solution.seconds, 4),
        "moves": len(solution.moves),
        "max_seconds": max_seconds,
    }


def rows(
    verdicts: dict[int, tuple[str, int]], done: set[int], workers: int, seconds: float
) -> Iterator[dict[str, Any]]:
    """The rows of the deals not yet done, solved in threads (the compiled searches let
    go of the GIL), in deal order."""
    todo = [deal for deal in sorted(verdicts) if deal not in done]
    with ThreadPoolExecutor(workers) as pool:
        yield from pool.map(lambda deal: compare(deal, verdicts[deal], seconds), todo)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kpat_output", type=pathlib.Path)
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--max-seconds", type=float, default=30.0)
    args = parser.parse_args(argv)
    verdicts = kpat_verdicts(args.kpat_output.read_text(encoding="utf-8"))
    done: set[int] = set()
    if args.out.exists():
        done = {json.loads(line)["deal"] for line in args.out.read_text().splitlines()}
    with args.out.open("a", encoding="utf-8") as sink:
        for row in rows(verdicts, done, args.workers, args.max_seconds):
            sink.write(json.dumps(row) + "\n")
            sink.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
