"""Solve deals the survey left unknown again, from positions a short breadth-first search
or random play reaches: a pass of its own over the survey's unknowns.

The solver's searches all start from the deal and rank positions by what is left to do,
so a position every one of them ranks low is searched late, however close to a win it
lies. This pass searches each deal breadth first for its first ``--positions``
positions (as ``scripts/breadth.py`` does: dead ends, safe moves, Kings and useful
returns as the solver has them; or, with ``--finder solver``, with the solver's own
breadth-first search, every pruning of its searches, as it finds its starts further
on), takes the ``--starts`` furthest on as the solver chooses its starts further on
(``yukon._solver.furthest``), and solves each in turn with ``--max-nodes`` positions.
With ``--finder playouts`` the starts come from random play instead (see
:func:`playout_starts`): ``--playouts`` games of at most ``--moves`` random moves, drawn
by a generator seeded with ``--seed``, reach further than any breadth-first search, and
now and then a position that every search ranks too low to reach.
A win from any of them, with the moves that reach it, is a win of the deal: the pass
plays the whole line from the deal and keeps it only if every card is then home. A
breadth-first search that ends is a loss. Otherwise the deal stays unknown: a start
that is lost says nothing of the deal.

``python scripts/restarts.py --unknown-in FILE [FILE ...] --out FILE`` appends one JSON
line per deal left unknown in every file given (the survey's rows, with the pass's
budget, ``"nodes"`` the positions the solver searched from the starts, ``"start"`` the
winning start's rank among them, and no line), skipping deals already in ``--out``;
``--workers`` solves that many deals at once; a row of ``--finder solver`` or
``playouts`` says so in its budget, one of ``playouts`` with its random play
(``playouts``, ``moves``, ``seed``) in place of ``breadth_first``. Budgets of positions
and seeded play make the rows the same on every machine, but for their times.
``tests/test_restarts_script.py`` holds the pass to its statement.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import pathlib
import random
import time
from collections import deque
from typing import Any, NamedTuple

from breadth import key, searched_moves

import yukon
from yukon import GameCode, Move, State, Verdict
from yukon._rules import Position, fast_follow, fast_moves, follow
from yukon._solver import _BREADTH, _Maker, dead_end, furthest
from yukon._state import packed, wrap


class Start(NamedTuple):
    """A position the pass solves from, and the moves from the deal to it."""

    position: Position
    moves: tuple[int, ...]


class Play(NamedTuple):
    """The random play that finds starts with ``--finder playouts``."""

    playouts: int = 1_000
    moves: int = 2_000
    seed: int = 0


def starts(
    state: State, positions: int, count: int, finder: str = "script"
) -> tuple[list[Start], bool]:
    """The ``count`` furthest positions of the first ``positions`` a breadth-first search
    of ``state`` reaches, chosen as the solver chooses its starts further on
    (:func:`yukon._solver.furthest`, in the order found); and whether that search ended
    with no win (the deal is lost). The search is this script's (``finder="script"``),
    or the one the solver finds its own starts with (``"solver"``: the positions it
    searches, with every pruning of the searches)."""
    if finder == "solver":
        return _solver_starts(state, positions, count)
    first = packed(state)
    index = {key(first): 0}
    ways = [(-1, 0)]  # for each position found, the one it was found from and the move
    found = [first]
    queue: deque[tuple[Position, int]] = deque([(first, -1)])
    searched = 0
    while queue and searched < positions:
        p, moved = queue.popleft()
        at = index[key(p)]
        searched += 1
        for move in searched_moves(p, moved) or ():
            q = follow(p, move)
            k = key(q)
            if k not in index:
                index[k] = len(ways)
                ways.append((at, move))
                found.append(q)
                queue.append((q, move >> 3))
    ended = not queue and not any(sum(p.found) == 52 for p in found)
    return _furthest_starts(first, ways, count), ended


def _solver_starts(
    state: State, positions: int, count: int
) -> tuple[list[Start], bool]:
    first = packed(state)
    (search,), _ = _Maker(yukon.COMPILED_SOLVER, True, frozenset())(
        first, (_BREADTH,), None
    )
    try:
        verdict = search.run(positions)
        ways = search.ways()
    finally:
        search.close()
    return _furthest_starts(first, ways, count), verdict is Verdict.LOST


def _furthest_starts(
    first: Position, ways: list[tuple[int, int]], count: int
) -> list[Start]:
    """The solver's choice of starts among the positions ``ways`` reaches."""
    return [
        Start(position, tuple(m.key for m in moves))
        for moves, position in furthest(first, ways, count)
    ]


_PLAY = Play()


def playout_starts(
    state: State, playouts: int, moves: int, seed: int, *, count: int
) -> list[Start]:
    """The ``count`` starts that random play finds (``finder="playouts"``): ``playouts``
    games from ``state`` of at most ``moves`` legal moves each, drawn by
    ``random.Random(seed)``. Each game gives the last position on its way where a card
    turned up and that is no dead end (random play soon spoils a game, so its end is
    seldom worth solving); the starts are those with the fewest cards face down, then
    the most home, then the earliest game."""
    rng = random.Random(seed)
    first = packed(state)
    found: list[tuple[int, int, int, Start]] = []
    for game in range(playouts):
        now, line, turned = first, [], []
        down = sum(now.hidden)
        for _ in range(moves):
            keys = [move.key for move in fast_moves(now)]
            if not keys or sum(now.found) == 52:
                break
            line.append(rng.choice(keys))
            now = fast_follow(now, line[-1])
            if sum(now.hidden) < down:
                down = sum(now.hidden)
                turned.append((now, len(line)))
        for position, length in reversed(turned):
            if not dead_end(position):
                rank = (sum(position.hidden), -sum(position.found), game)
                found.append((*rank, Start(position, tuple(line[:length]))))
                break
    found.sort(key=lambda item: item[:3])
    return [start for *_, start in found[:count]]


def played(state: State, moves: list[Move]) -> State:
    """``state`` after ``moves``, each checked by the rules."""
    for move in moves:
        state = state.apply(move)
    return state


def solve_again(
    code: str,
    positions: int,
    count: int,
    max_nodes: int,
    max_memory: int,
    finder: str = "script",
    play: Play = _PLAY,
) -> dict[str, Any]:
    """The pass's row for one deal (see the module notes); ``play`` is the random play
    of ``finder="playouts"``, which has no breadth-first search."""
    began = time.monotonic()
    deal = State.deal(GameCode.parse(code))
    found: dict[str, Any]
    if finder == "playouts":
        chosen, ended = playout_starts(deal, *play, count=count), False
        found = play._asdict()
    else:
        chosen, ended = starts(deal, positions, count, finder)
        found = {"breadth_first": positions}
    row: dict[str, Any] = {
        "code": code,
        "verdict": Verdict.LOST.value if ended else Verdict.UNKNOWN.value,
        "nodes": 0,
        "budget": {
            "max_seconds": None,
            "max_nodes": max_nodes,
            "max_memory": max_memory,
            **found,
            "starts": count,
            **({} if finder == "script" else {"finder": finder}),
        },
        "stopped_by": None if ended else "nodes",
    }
    for rank, start in enumerate([] if ended else chosen):
        solution = yukon.solve(
            wrap(start.position), max_nodes=max_nodes, max_memory=max_memory
        )
        row["nodes"] += solution.nodes
        if solution.verdict is Verdict.WON:
            line = [Move.from_key(m) for m in start.moves] + list(solution.moves)
            if not played(deal, line).is_won:
                raise AssertionError(f"{code}: the line from start {rank} wins nothing")
            row.update(
                verdict=Verdict.WON.value, moves=len(line), start=rank, stopped_by=None
            )
            break
    row["seconds"] = round(time.monotonic() - began, 4)
    row.setdefault("moves", 0)
    return row


def unknown_in(paths: list[pathlib.Path]) -> list[str]:
    """The deals every file leaves unknown, in the order of the first."""
    left: list[str] | None = None
    for path in paths:
        rows = [json.loads(line) for line in path.read_text().splitlines() if line]
        here = [r["code"] for r in rows if r["verdict"] == "unknown"]
        left = here if left is None else [c for c in left if c in set(here)]
    return left or []


def _job(args: tuple[str, int, int, int, int, str, Play]) -> dict[str, Any]:
    return solve_again(*args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--unknown-in", type=pathlib.Path, nargs="+", required=True)
    parser.add_argument("--out", type=pathlib.Path, required=True)
    parser.add_argument("--positions", type=int, default=100_000)
    parser.add_argument("--starts", type=int, default=10)
    parser.add_argument("--max-nodes", type=int, default=2_000_000)
    parser.add_argument("--max-memory", type=int, default=2**31)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--finder", choices=("script", "solver", "playouts"), default="script"
    )
    parser.add_argument("--playouts", type=int, default=_PLAY.playouts)
    parser.add_argument("--moves", type=int, default=_PLAY.moves)
    parser.add_argument("--seed", type=int, default=_PLAY.seed)
    args = parser.parse_args()
    done = set()
    if args.out.exists():
        done = {json.loads(line)["code"] for line in args.out.read_text().splitlines()}
    jobs = [
        (
            code,
            args.positions,
            args.starts,
            args.max_nodes,
            args.max_memory,
            args.finder,
            Play(args.playouts, args.moves, args.seed),
        )
        for code in unknown_in(args.unknown_in)
        if code not in done
    ]
    with multiprocessing.Pool(args.workers) as pool, args.out.open("a") as out:
        for row in pool.imap(_job, jobs):
            out.write(json.dumps(row) + "\n")
            out.flush()
            print(row["code"], row["verdict"], row["nodes"], row["seconds"], flush=True)


if __name__ == "__main__":
    main()
