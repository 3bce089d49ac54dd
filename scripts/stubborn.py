"""Partial-order reduction by stubborn sets: the internals page's figures for it,
measured and left out.

When two moves leave each other alone, either order reaches the same position, and a
search may try only the legal moves of a *stubborn set*: a set of moves, legal or not,
that holds a legal move and is closed under two rules, so that no line of moves from
outside it can get in its way:

- with a legal move of the set, every move that *depends* on it: one going to the same
  place or leaving it, one going to the column it leaves, one moving the same card, or,
  for a move to or from a foundation, every move to or from that foundation;
- with a move not legal now, the moves one of which must come before it can be, for one
  thing that keeps it from being legal (the one that adds the fewest): its card turned
  up (a move of the card on it), brought back to the top of its foundation (a move of
  the card on it there), out of the column it would go to (a move of it or a card under
  it), or left with fewer than 20 cards on it; the card before it home; the card on it
  gone, to go home; and the column it goes to ending in a card it may go on (a move
  into that column, or of the card on such a card lying there), emptied (a move of its
  bottom card) for a King, or given a King, for any other card.

Two moves out of one column, to different places, are independent: whichever goes
first, the upper card ends where its move takes it and the lower card with the cards
between. Nothing here guards against a search putting a move off for ever, which a
sound search needs as well, so a set here is never larger than a sound search's.

``python scripts/stubborn.py CODE [CODE ...] [--positions N]`` looks at the first
``N`` positions (default 5 000) of each deal, searched breadth first as
``scripts/breadth.py`` does, and counts those with moves to try whose smallest set
leaves out one of the solver's moves there. The counts are the same on every machine;
``tests/test_stubborn_script.py`` holds the sets to the rules above, one move at a
time.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import NamedTuple

from breadth import breadth_first, searched_moves
from pages import spaced

import yukon
from yukon._moves import FOUNDATION
from yukon._rules import (
    FITS,
    GROUP_LIMIT,
    IS_KING,
    KINGS,
    ON_FOUNDATION,
    PARENTS,
    Position,
    legal_moves,
)

ACTIONS = range(52 * 8)
"""Every move there could be, by its key: a card and a place (columns 0-6, 7 its
foundation)."""


class Places(NamedTuple):
    """Where each move there could be starts and ends, and the moves by place. A place
    is a column (0-6) or a foundation (7-10: 7 plus its suit)."""

    source: list[int]
    dest: list[int]
    leaving: list[list[int]]
    """For each place, the moves whose card lies there (face up or down)."""
    entering: list[list[int]]
    """For each place, the moves that go there."""


def places(p: Position) -> Places:
    source = [0] * len(ACTIONS)
    dest = [0] * len(ACTIONS)
    leaving: list[list[int]] = [[] for _ in range(11)]
    entering: list[list[int]] = [[] for _ in range(11)]
    for a in ACTIONS:
        card, to = a >> 3, a & 7
        at = p.where[card]
        s = FOUNDATION + card // 13 if at == ON_FOUNDATION else at % 8
        d = FOUNDATION + card // 13 if to == FOUNDATION else to
        source[a], dest[a] = s, d
        leaving[s].append(a)
        entering[d].append(a)
    return Places(source, dest, leaving, entering)


def _of(card: int) -> range:
    """Every move of ``card``."""
    return range(card * 8, card * 8 + 8)


def dependent(at: Places, a: int) -> Iterable[int]:
    """The moves that depend on move ``a`` (see the module notes)."""
    s, d = at.source[a], at.dest[a]
    yield from at.entering[d]
    yield from at.leaving[d]
    yield from at.entering[s]
    if s >= FOUNDATION:
        yield from at.leaving[s]
    yield from _of(a >> 3)


def enablers(p: Position, at: Places, a: int) -> list[list[int]]:
    """For move ``a``, not legal now: for each thing that keeps it from being legal, the
    moves one of which must come last before it is (see the module notes). Any one of
    them is a set it needs."""
    card, to = a >> 3, a & 7
    suit, rank = card // 13, card % 13
    where = p.where[card]
    cols = p.cols
    out: list[list[int]] = []
    if where < ON_FOUNDATION:
        col = cols[where]
        above = col[col.index(card) + 1 :]
        if to == where:  # it, or a card under it, must leave its column
            out.append([m for c in col[: col.index(card) + 1] for m in _of(c)])
        if len(above) >= GROUP_LIMIT:  # a card on it must leave
            out.append([m for c in above for m in _of(c)])
    elif where == ON_FOUNDATION:
        if p.found[suit] != rank + 1:  # the card on it must come back first
            out.append(list(_of(card + 1)))
    else:  # face down: the card on it must leave
        col = cols[where - 8]
        out.append(list(_of(col[col.index(card) + 1])))
    if to == FOUNDATION:
        if p.found[suit] < rank:  # the card before it goes home last
            out.append([(card - 1) << 3 | FOUNDATION])
        elif p.found[suit] > rank:
            out.append(list(_of(card)))
        if where < ON_FOUNDATION and cols[where][-1] != card:
            col = cols[where]
            out.append(list(_of(col[col.index(card) + 1])))
    elif to != where:
        out.extend(_opened(p, card, to))
    return out


def _opened(p: Position, card: int, to: int) -> list[list[int]]:
    """The moves one of which must come last before column ``to`` ends with a card that
    ``card`` may go on (or is empty, for a King); none when it does now."""
    col = p.cols[to]
    if IS_KING[card]:
        if not col:
            return []
        return [list(_of(col[0]))]  # its bottom card must leave
    if not col:  # a King must come first
        return [[k << 3 | to for k in KINGS]]
    if FITS[p.relaxed][card * 53 + col[-1]]:
        return []
    need: list[int] = []
    came = False
    for t in PARENTS[p.relaxed][card]:
        if p.where[t] % 8 == to and p.where[t] != ON_FOUNDATION:
            need.extend(_of(col[col.index(t) + 1]))  # the card on it leaves
        else:
            came = True  # it comes to the column, by some move into it
    if came:
        need.extend(c << 3 | to for c in range(52))
    return [need]


def stubborn(p: Position, at: Places, start: int, legal: set[int]) -> set[int]:
    """The set the rules build from the legal move ``start``."""
    found: set[int] = set()
    work = [start]
    while work:
        a = work.pop()
        if a in found:
            continue
        found.add(a)
        if a in legal:
            work.extend(dependent(at, a))
        else:
            work.extend(
                min(enablers(p, at, a), key=lambda need: len(set(need) - found))
            )
    return found


def smallest(p: Position, moves: list[int]) -> set[int]:
    """Of ``moves`` (the solver's), those of the smallest stubborn set that holds one;
    all of them when none does."""
    legal = {m.key for m in legal_moves(p)}
    at = places(p)
    best = set(moves)
    for m in moves:
        found = stubborn(p, at, m, legal)
        kept = found & set(moves)
        if kept and len(kept) < len(best):
            best = kept
    return best


class Looked(NamedTuple):
    """What the sets leave out among one deal's first positions."""

    positions: int
    with_moves: int
    """Positions that are no dead end."""
    left_out: int
    """Of those, positions whose smallest set leaves out one of the solver's moves."""


def look(code: str, positions: int) -> Looked:
    found = breadth_first(yukon.deal(code), positions).positions.values()
    with_moves = left_out = 0
    for p in found:
        moves = searched_moves(p, -1)
        if moves:
            with_moves += 1
            left_out += len(smallest(p, moves)) < len(moves)
    return Looked(len(found), with_moves, left_out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("codes", nargs="+", help="game codes, such as YU1-C-AAAAAKU")
    parser.add_argument("--positions", type=int, default=5_000)
    args = parser.parse_args()
    print("| deal | positions | no dead end | a move left out |")
    print("|---|---|---|---|")
    for code in args.codes:
        seen = look(code, args.positions)
        print(
            f"| `{code}` | {spaced(seen.positions)} | {spaced(seen.with_moves)} "
            f"| {spaced(seen.left_out)} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
