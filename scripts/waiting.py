"""Dead ends that wait for a foundation: the internals page's figures for the stronger
dead-end check it measured and left out.

The solver's dead-end check finds the largest set of cards that can never move. The
stronger form asks, for a card ``X`` not home, which cards can never move *before ``X``
goes home*: the same check with ``X``'s foundation stopping below ``X``. A lower card of
``X``'s suit must go home before ``X``; if it is among those cards, or one of them lies
on it, it never does, and the position is lost.

``python scripts/waiting.py CODE [CODE ...] [--positions N]`` searches each deal breadth
first as ``scripts/breadth.py`` does (dead ends, safe moves, Kings and useful returns as
the solver has them) for its first ``N`` positions (default 15 000) and asks the stronger
form of every position the check passes, for every card not home. ``--starts FILE``
instead asks it of the deal of every row of a survey file left unknown. The counts are
the same on every machine; ``tests/test_waiting_script.py`` holds :func:`never_move`
uncapped to the solver's check.
"""

from __future__ import annotations

import argparse
import json
import pathlib
from itertools import pairwise
from typing import NamedTuple

from breadth import breadth_first
from pages import spaced

import yukon
from yukon._rules import IS_KING, ON_FOUNDATION, PARENTS, Position
from yukon._solver import dead_end
from yukon._state import packed

NONE = 52
"""No card: what lies on a card with nothing on it."""


def never_move(p: Position, limit: tuple[int, ...] = (13, 13, 13, 13)) -> set[int]:
    """The largest set of cards, in the columns or home, none of which can move before
    a card of rank index ``limit[suit]`` or more goes home (with the default, ever):
    the solver's dead-end check stated plainly, its foundations stopped at ``limit``.

    A card may move when, with the set as it stands: it is not face down or home under
    a card of the set, and it can go home (nothing of the set on it, every lower card of
    its suit not home free and uncovered, and below its suit's limit), or it has a place:
    a King a column to go to (not from the bottom of its own), another card a card it
    may go on with no card of the set on it (when home: not itself in the set), and,
    when above it in its own column, not glued to it by cards of the set."""
    where = p.where
    parents = PARENTS[p.relaxed]
    over = [NONE] * 53  # the card lying on each card; a home card: the next one home
    bottom: list[int] = []
    cards: set[int] = set()
    for col in p.cols:
        if col:
            bottom.append(col[0])
            cards.update(col)
            for c, on in pairwise(col):
                over[c] = on
    for suit, count in enumerate(p.found):
        first = suit * 13
        for c in range(first, first + count):
            cards.add(c)
            over[c] = c + 1 if c + 1 < first + count else NONE
    stuck = set(cards)
    empty = sum(not col for col in p.cols)

    def goes_home(a: int) -> bool:
        suit = a // 13
        if where[a] == ON_FOUNDATION or a % 13 >= limit[suit]:
            return False
        c = suit * 13 + p.found[suit]
        while c < a and not (c in stuck or over[c] in stuck):
            c += 1
        return c == a and over[a] not in stuck

    def glued(a: int, t: int) -> bool:
        """Whether ``t`` lies above ``a`` with only cards of the set from ``a`` up to it."""
        up = over[a]
        while up != t and up in stuck:
            up = over[up]
        return up == t and t in stuck

    def may_move(a: int) -> bool:
        if over[a] in stuck and where[a] >= ON_FOUNDATION:
            return False  # face down or home, and stays so
        if goes_home(a):
            return True
        if IS_KING[a]:
            if a in bottom:
                return False
            return empty > 0 or any(b not in stuck for b in bottom)
        for t in parents[a]:
            blocker = t if where[t] == ON_FOUNDATION else over[t]
            if blocker in stuck:
                continue
            if where[t] == where[a] and glued(a, t):
                continue
            return True
        return False

    changed = True
    while changed:
        changed = False
        for a in sorted(stuck):
            if may_move(a):
                stuck.discard(a)
                changed = True
    return stuck


def waits_for(p: Position, x: int, over: dict[int, int]) -> bool:
    """Whether a lower card of ``x``'s suit, not home, can never move before ``x``
    goes home, or lies under a card that cannot (``over``: the card on each card in the
    columns): then it never goes home before ``x``, and the position is lost."""
    suit = x // 13
    limit = tuple(x % 13 if s == suit else 13 for s in range(4))
    stuck = never_move(p, limit)
    return any(
        d in stuck or over.get(d) in stuck for d in range(suit * 13 + p.found[suit], x)
    )


def lost_waiting(p: Position) -> list[int]:
    """The cards not home for which :func:`waits_for` finds ``p`` lost."""
    over = {c: on for col in p.cols for c, on in pairwise(col)}
    return [
        x
        for suit in range(4)
        for x in range(suit * 13 + p.found[suit] + 1, suit * 13 + 13)
        if waits_for(p, x, over)
    ]


class Asked(NamedTuple):
    """What the stronger check found among one deal's positions."""

    positions: int
    dead_ends: int
    """Positions the solver's check finds lost."""
    only_waiting: int
    """Positions only the stronger form finds lost."""


def ask(code: str, positions: int) -> Asked:
    """Both checks on the first ``positions`` positions of ``code`` breadth first."""
    searched = breadth_first(yukon.deal(code), positions).positions.values()
    dead = only = 0
    for p in searched:
        if dead_end(p):
            dead += 1
        elif lost_waiting(p):
            only += 1
    return Asked(len(searched), dead, only)


def unknown_codes(path: pathlib.Path) -> list[str]:
    """The codes of a survey file's rows left unknown."""
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    return [r["code"] for r in rows if r["verdict"] == "unknown"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("codes", nargs="*", help="game codes, such as YU1-C-AAAAAKU")
    parser.add_argument("--positions", type=int, default=15_000)
    parser.add_argument("--starts", type=pathlib.Path, action="append", default=[])
    args = parser.parse_args()
    if args.starts:
        codes = [code for path in args.starts for code in unknown_codes(path)]
        found = [c for c in codes if lost_waiting(packed(yukon.deal(c)))]
        print(f"{len(codes)} deals asked at the start; lost only waiting: {found}")
    if args.codes:
        print("| deal | positions | dead ends | lost only waiting |")
        print("|---|---|---|---|")
    for code in args.codes:
        asked = ask(code, args.positions)
        print(
            f"| `{code}` | {spaced(asked.positions)} | {spaced(asked.dead_ends)} "
            f"| {spaced(asked.only_waiting)} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
