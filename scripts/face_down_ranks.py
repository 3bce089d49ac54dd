"""Deals that put every card of one rank face down: how the surveys settled them, for
the internals page.

Every relaxed deal the surveys left open deals all four cards of one rank face down,
so the cards of the rank below can go nowhere but home until one of them is dug out.
This counts such deals in each survey file, by verdict, beside all the file's deals,
to show whether that bottleneck tells the open deals apart or is common among the
settled ones too.

``python scripts/face_down_ranks.py [FILE ...]`` prints the table for each survey file
(default: the two 30 s surveys) and the open deals of ``--open FILE`` (rows left unknown
in every such file, as `scripts/restarts.py` reads them) with their ranks. The counts are the same on every machine;
``tests/test_face_down_ranks_script.py`` holds the script to its statement.
"""

from __future__ import annotations

import argparse
import collections
import json
import pathlib
from collections.abc import Callable, Iterator
from typing import Any

from pages import spaced
from restarts import unknown_in

import yukon

ROOT = pathlib.Path(__file__).resolve().parent.parent
SURVEYS = [
    ROOT / "docs" / "data" / "survey-classic-1-20000-30s.jsonl",
    ROOT / "docs" / "data" / "survey-relaxed-1-5000-30s.jsonl",
]
VERDICTS = ("won", "lost", "unknown")
NAMES = {1: "Aces", 11: "Jacks", 12: "Queens", 13: "Kings"} | {
    rank: f"{rank}s" for rank in range(2, 11)
}


def ranks_face_down(code: str) -> list[int]:
    """The ranks (1 for Aces to 13 for Kings) whose four cards the deal ``code`` puts
    face down, lowest first."""
    state = yukon.deal(code)
    down = collections.Counter(
        card.rank for column in state.columns for card in column.face_down
    )
    return sorted(rank for rank, count in down.items() if count == 4)


def rows_by_rank(
    codes: list[str], row: Callable[[str, int], list[str]], cells: int
) -> Iterator[str]:
    """A table row for each rank each deal deals all face down, its cells after the
    deal's and the rank's made by ``row``; for a deal with none, a row that says so,
    with ``cells`` cells of ``-``."""
    for code in codes:
        ranks = ranks_face_down(code)
        if not ranks:
            yield f"| `{code}` | no rank all |" + " - |" * cells
        for rank in ranks:
            yield "| " + " | ".join([f"`{code}`", NAMES[rank], *row(code, rank)]) + " |"


def _rows(path: pathlib.Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line]


def tally(path: pathlib.Path) -> dict[str, tuple[int, int]]:
    """For each verdict: the deals of the file with it, and those of them that put
    every card of some rank face down."""
    counts = {verdict: [0, 0] for verdict in VERDICTS}
    for row in _rows(path):
        counted = counts[row["verdict"]]
        counted[0] += 1
        counted[1] += bool(ranks_face_down(row["code"]))
    return {verdict: (all_, some) for verdict, (all_, some) in counts.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("surveys", nargs="*", type=pathlib.Path, default=SURVEYS)
    parser.add_argument("--open", type=pathlib.Path, action="append", default=[])
    args = parser.parse_args()
    print("| survey | verdict | deals | a rank all face down | share |")
    print("|---|---|---|---|---|")
    for path in args.surveys:
        for verdict, (all_, some) in tally(path).items():
            share = f"{some / all_:.1%}".replace("%", " %") if all_ else "-"
            counts = f"{spaced(all_)} | {spaced(some)} | {share}"
            print(f"| `{path.name}` | {verdict} | {counts} |")
    for code in unknown_in(args.open):
        ranks = ", ".join(NAMES[rank] for rank in ranks_face_down(code))
        print(f"- `{code}`: {ranks or 'no rank'} all face down")


if __name__ == "__main__":
    main()
