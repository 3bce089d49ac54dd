"""How hard a deal makes it to turn up a card of a rank it deals all face down: a search
that aims at nothing else, for the internals page.

The relaxed deals the surveys left open each deal all four cards of one rank face down
(``scripts/face_down_ranks.py``). This search ranks positions by the fewest cards lying
on any of those cards still face down (ties: fewest face-down cards, then the order
found), searches each position once up to the order of columns, leaves out dead ends,
and stops at the first position where one of them has turned up. It answers with the
positions searched and the line to that position; or, when every position it can reach
with all of them still down has been searched, that none can ever turn up, which proves
the deal lost: a winning line turns one up, and every position before that lies on it
and is no dead end, so the search would have reached it.

``python scripts/dig_out.py CODE [CODE ...] [--positions N]`` prints a row for each
rank a deal deals all face down (a deal with none says so): the positions searched
until one turned up, or that none did within ``N`` positions (default 100 000), or that
none ever can. Counts of positions are the same on every machine.
``tests/test_dig_out_script.py`` holds the script to its statement.
"""

from __future__ import annotations

import argparse
import heapq
import itertools
from typing import NamedTuple

from face_down_ranks import NAMES, rows_by_rank
from pages import spaced

import yukon
from yukon import Move
from yukon._rules import Position, fast_follow, fast_moves
from yukon._solver import _key, dead_end
from yukon._state import packed


class Dug(NamedTuple):
    """What the search found: ``line`` turns up one of the cards (``None``: it found
    none), after ``positions`` searched; ``ended`` says it searched every position it
    could reach with all of them face down."""

    positions: int
    line: tuple[Move, ...] | None
    ended: bool


def _down(position: Position, cards: frozenset[int]) -> int:
    return sum(
        c in cards
        for col, hidden in zip(position.cols, position.hidden, strict=True)
        for c in col[:hidden]
    )


def _cover(position: Position, cards: frozenset[int]) -> int:
    """The fewest cards lying on any of ``cards`` still face down."""
    return min(
        len(col) - 1 - i
        for col, hidden in zip(position.cols, position.hidden, strict=True)
        for i, c in enumerate(col[:hidden])
        if c in cards
    )


_Line = tuple[Move, "_Line"] | None
"""A way back to the start: the last move, and the way back to the position before
it."""


def _unwound(line: _Line) -> tuple[Move, ...]:
    moves = []
    while line is not None:
        move, line = line
        moves.append(move)
    return tuple(reversed(moves))


def dig_out(code: str, rank: int, positions: int) -> Dug:
    """Search the deal ``code`` for a position where a card of ``rank`` (1 for Aces to
    13 for Kings) that it deals face down has turned up, within ``positions``."""
    first = packed(yukon.deal(code))
    cards = frozenset(suit * 13 + rank - 1 for suit in range(4))
    down = _down(first, cards)
    if not down:
        raise ValueError(f"{code} deals no {NAMES[rank][:-1]} face down")
    order = itertools.count()
    seen = {_key(first, -1)}
    # A queued position is kept as the position before it and the way there, so that
    # the queue holds each searched position once, not each position it leads to.
    start: _Line = None
    queue = [(_cover(first, cards), sum(first.hidden), next(order), first, start)]
    searched = 0
    while queue and searched < positions:
        before, line = heapq.heappop(queue)[3:]
        position = before if line is None else fast_follow(before, line[0].key)
        searched += 1
        for move in fast_moves(position):
            after = fast_follow(position, move.key)
            key = _key(after, -1)
            if key in seen:
                continue
            seen.add(key)
            if _down(after, cards) < down:
                return Dug(searched, _unwound((move, line)), False)
            if not dead_end(after):
                rank_of = (_cover(after, cards), sum(after.hidden), next(order))
                heapq.heappush(queue, (*rank_of, position, (move, line)))
    return Dug(searched, None, not queue)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("codes", nargs="+")
    parser.add_argument("--positions", type=int, default=100_000)
    args = parser.parse_args()
    print("| deal | dealt face down | positions searched | turned up |")
    print("|---|---|---|---|")

    def row(code: str, rank: int) -> list[str]:
        dug = dig_out(code, rank, args.positions)
        if dug.line is not None:
            said = f"one, {len(dug.line)} moves in"
        else:
            said = "none can ever (the deal is lost)" if dug.ended else "none"
        return [spaced(dug.positions), said]

    for line in rows_by_rank(args.codes, row, 2):
        print(line)


if __name__ == "__main__":
    main()
