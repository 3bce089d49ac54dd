"""A streamlined search, as the internals page measures it under "Prunings measured and
left out": the solver's nine searches in a smaller game, KDE Patience's, where no card
comes back from a foundation and every Ace and 2 goes home as soon as it can.

``python scripts/streamlined.py losses CODE [CODE ...]`` solves each deal to the end in
both games and prints the positions each took; ``python scripts/streamlined.py wins
[--max-nodes N]`` searches, in the smaller game, each classic deal that the survey's
30 s runs left unknown and a larger budget of positions then won
(``docs/data/survey-classic-unknowns-{20m,60m,120m}.jsonl``), for ``N`` positions
(default 300 000), and prints whether it finds the win. Both use the pure-Python
searches without dominance, which leans on returns. The counts are the same on every
machine; ``tests/test_streamlined_script.py`` holds the smaller game to the rules.

A win in the smaller game is a win (each of its moves is legal), but a loss there is no
proof: the tests hold a deal that only a line keeping a 2 in its column wins.
"""

from __future__ import annotations

import argparse
import json
import pathlib
from collections.abc import Collection, Iterator
from contextlib import contextmanager, nullcontext
from unittest import mock

from pages import spaced

import yukon
from yukon import _solver
from yukon._moves import FOUNDATION, Move
from yukon._rules import ON_FOUNDATION, Position, legal_moves

ROOT = pathlib.Path(__file__).resolve().parent.parent
PASSES = ("20m", "60m", "120m")

_ordered = _solver._ordered
_safe_move = _solver.safe_move


def ace_or_two_home(p: Position) -> Move | None:
    """The first Ace or 2 that can go home from a column, else the solver's safe move:
    the only move searched."""
    for move in legal_moves(p):
        card = move.key >> 3
        if move.key & 7 == FOUNDATION and card % 13 <= 1:
            return move
    return _safe_move(p)


def no_returns(
    p: Position, target: int, without: frozenset[str] = frozenset()
) -> list[Move]:
    """The solver's moves, less every card brought back from a foundation."""
    return [
        m for m in _ordered(p, target, without) if p.where[m.key >> 3] != ON_FOUNDATION
    ]


@contextmanager
def streamlined() -> Iterator[None]:
    """The solver's pure-Python searches play the smaller game inside this block."""
    with (
        mock.patch.object(_solver, "_ordered", no_returns),
        mock.patch.object(_solver, "safe_move", ace_or_two_home),
    ):
        yield


def solve(
    state: yukon.State, max_nodes: int | None, *, smaller: bool
) -> yukon.Solution:
    """The nine pure-Python searches without dominance, in the smaller game or not."""
    with streamlined() if smaller else nullcontext():
        return _solver.solve_with(
            state, max_nodes=max_nodes, compiled=False, without={"dominance"}
        )


def late_wins(passes: Collection[str] = PASSES) -> list[dict[str, object]]:
    """The survey rows of the classic deals a pass with a larger budget won."""
    rows = []
    for name in passes:
        path = ROOT / "docs" / "data" / f"survey-classic-unknowns-{name}.jsonl"
        for line in path.read_text().splitlines():
            row = json.loads(line)
            if row["verdict"] == "won":
                rows.append(row)
    return sorted(rows, key=lambda r: str(r["code"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("losses", "wins"))
    parser.add_argument("codes", nargs="*", help="game codes, for losses")
    parser.add_argument("--max-nodes", type=int, default=300_000)
    args = parser.parse_args()
    if args.what == "losses":
        print("| deal | every move | the smaller game |")
        print("|---|---|---|")
        for code in args.codes:
            deal = yukon.deal(code)
            full = solve(deal, None, smaller=False)
            small = solve(deal, None, smaller=True)
            print(
                f"| `{code}` | {full.verdict.value}, {spaced(full.nodes)} "
                f"| {small.verdict.value}, {spaced(small.nodes)} |",
                flush=True,
            )
        return
    print(
        f"| deal | won by the survey in | the smaller game, {spaced(args.max_nodes)} |"
    )
    print("|---|---|---|")
    for row in late_wins():
        found = solve(yukon.deal(str(row["code"])), args.max_nodes, smaller=True)
        print(
            f"| `{row['code']}` | {spaced(int(str(row['nodes'])))} "
            f"| {found.verdict.value}, {spaced(found.nodes)} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
