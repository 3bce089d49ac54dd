"""What a hard loss looks like searched breadth first: the figures of the internals page's
"Prunings measured and left out" for moves that can be taken back, sideways moves and
free flips.

``python scripts/breadth.py CODE [CODE ...] [--max-nodes N] [--free-flips]`` searches each deal
breadth first to the end, or for ``N`` positions (default 2 million), in pure Python,
with the dead ends, safe moves, Kings and useful returns of the solver's searches (not
returns waiting for their use, nor dominance), counting dead ends among the positions.
It prints a Markdown table of:

- **levels**: the positions with the same face-down cards and the same foundations, and
  in the largest level, the sets of cards lying in *one-way places* (see
  :func:`one_way`) and how many cards lie in one in any of its positions and in all;
- **components**: positions joined by moves that change neither the level nor the
  cards in one-way places, counting every legal move from a position that is not a
  dead end to another position searched;
- **sideways moves waiting for their use**: the same search where a sideways move (a
  card lying on a card it may go on, moved onto another card it may go on) is followed
  only by a move that uses it (see :func:`uses`), the position between kept out of the
  table; its positions, and the positions between that the table never holds.

With ``--free-flips`` it prints another table instead: the same search where a position
with a *free flip* open (see :func:`free_flip`) leads only to the position after it, its
positions and the flips made; and of the plain search's positions, those that are no
dead end and those whose every move leads to one.

The counts are the same on every machine. ``tests/test_breadth_script.py`` holds the
rule for sideways moves to the plain search and the levels and components to their
definitions.
"""

from __future__ import annotations

import argparse
from collections import Counter, deque
from collections.abc import Iterable
from typing import Literal, NamedTuple

from layers import face_down, key
from pages import spaced

import yukon
from yukon._moves import FOUNDATION
from yukon._rules import FITS, IS_KING, Position, follow, legal_moves
from yukon._solver import _ordered, dead_end, safe_move
from yukon._state import packed

Verdict = Literal["won", "lost", "unknown"]
Key = object
Level = tuple[int, tuple[int, ...]]


class Searched(NamedTuple):
    """What one breadth-first search found."""

    verdict: Verdict
    positions: dict[Key, Position]
    """Every position searched (put in the table), by its key."""
    between: int
    """Positions built between a sideways move and the move that uses it."""
    between_left_out: int
    """Of those, the different positions the table never holds."""


class Sideways(NamedTuple):
    """A sideways move made: the column it left, the column it went to."""

    source: int
    dest: int


def level(p: Position) -> Level:
    """The face-down cards, one bit each, and the foundations."""
    return face_down(p), p.found


def one_way(p: Position) -> frozenset[int]:
    """The face-up cards in *one-way places*, where no move could put them back: on a
    face-down card, on a card they may not go on, or at the bottom of a column (any card
    but a King)."""
    fits = FITS[p.relaxed]
    cards = set()
    for col, down in zip(p.cols, p.hidden, strict=True):
        for i in range(down, len(col)):
            card = col[i]
            if i == 0:
                if not IS_KING[card]:
                    cards.add(card)
            elif i == down or not fits[card * 53 + col[i - 1]]:
                cards.add(card)
    return frozenset(cards)


def searched_moves(p: Position, moved: int) -> list[int] | None:
    """The moves the solver's searches try from ``p`` (reached by moving card
    ``moved``, or -1 at the start), with returns not waiting for their use; ``None``
    for a dead end."""
    if dead_end(p, moved) if moved >= 0 else dead_end(p):
        return None
    safe = safe_move(p)
    return [safe.key] if safe is not None else [m.key for m in _ordered(p, -1)]


def sideways(p: Position, move: int) -> Sideways | None:
    """The columns of a sideways move: a card face up on a card it may go on, moved
    with the cards on it onto another card it may go on; ``None`` for any other."""
    card, dest = move >> 3, move & 7
    source = p.where[card]
    if source >= 7 or dest == FOUNDATION or not p.cols[dest]:
        return None
    col = p.cols[source]
    i = col.index(card)
    if i <= p.hidden[source] or not FITS[p.relaxed][card * 53 + col[i - 1]]:
        return None
    return Sideways(source, dest)


def uses(between: Position, made: Sideways, move: int) -> bool:
    """Whether ``move`` uses the sideways move ``made``: it goes onto the card left
    behind or onto the moved cards, or it moves the card left behind or one under it.
    Any other move could have been made before the sideways one."""
    card, dest = move >> 3, move & 7
    return dest in (made.source, made.dest) or between.where[card] == made.source


def free_flip(p: Position) -> tuple[int, int] | None:
    """The two moves of a *free flip*, if one is open: in the first column whose lowest
    face-up card may go on the face-down card under it, that card leaves with the cards
    on it (to the first place the rules allow, another column or, alone, its
    foundation), the face-down card turns up, and the card comes straight back onto
    it. The position after is ``p`` with that card turned up, and nothing else moved."""
    moves = legal_moves(p)
    fits = FITS[p.relaxed]
    for s, (col, down) in enumerate(zip(p.cols, p.hidden, strict=True)):
        if not down or not fits[col[down] * 53 + col[down - 1]]:
            continue
        for move in moves:
            if move.key >> 3 == col[down]:
                return move.key, col[down] << 3 | s
    return None


def breadth_first(
    state: yukon.State,
    max_nodes: int,
    *,
    sideways_wait: bool = False,
    free_flips: bool = False,
) -> Searched:
    """Search ``state`` breadth first; with ``sideways_wait``, each sideways move is
    followed only by the moves that use it, and the position between is not put in
    the table (nor counted); with ``free_flips``, a position with a free flip open
    (see :func:`free_flip`) leads only to the position after it, and the position
    between is not put in the table either (``between`` counts the flips made)."""
    start = packed(state)
    table = {key(start): start}
    queue: deque[tuple[Position, int]] = deque([(start, -1)])
    searched = between = 0
    left_out: set[Key] = set()

    def add(p: Position, moved: int) -> None:
        k = key(p)
        if k not in table:
            table[k] = p
            queue.append((p, moved))

    verdict: Verdict = "lost"
    while queue:
        if searched == max_nodes:
            verdict = "unknown"
            break
        p, moved = queue.popleft()
        searched += 1
        if sum(p.found) == 52:
            verdict = "won"
            break
        moves = searched_moves(p, moved)
        flip = free_flip(p) if free_flips and moves is not None else None
        if flip is not None:
            between += 1
            away, back = flip
            add(follow(follow(p, away), back), -1)
            continue
        for move in moves or ():
            q = follow(p, move)
            made = sideways(p, move) if sideways_wait else None
            if made is None:
                add(q, move >> 3)
                continue
            between += 1
            left_out.add(key(q))
            for use in searched_moves(q, move >> 3) or ():
                if uses(q, made, use):
                    add(follow(q, use), use >> 3)
    # Positions put in the table but not yet searched do not count as searched.
    for p, _ in queue:
        del table[key(p)]
    return Searched(verdict, table, between, len(left_out - table.keys()))


def every_move_dead(positions: dict[Key, Position]) -> tuple[int, int]:
    """The positions that are no dead end, and of them those whose every move the
    searches try (or that have none) leads to a dead end: a position a check one move
    deeper would find lost."""
    live = lost_a_move_on = 0
    for p in positions.values():
        moves = searched_moves(p, -1)
        if moves is None:
            continue
        live += 1
        if all(searched_moves(follow(p, m), m >> 3) is None for m in moves):
            lost_a_move_on += 1
    return live, lost_a_move_on


def levels(positions: Iterable[Position]) -> dict[Level, list[Position]]:
    """The positions of each level."""
    found: dict[Level, list[Position]] = {}
    for p in positions:
        found.setdefault(level(p), []).append(p)
    return found


def components(positions: dict[Key, Position]) -> Counter[Key]:
    """The positions of each component, counted under one position's key (see the
    module notes)."""
    parent = {k: k for k in positions}

    def root(k: Key) -> Key:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for k, p in positions.items():
        if dead_end(p):
            continue
        here = level(p), one_way(p)
        for move in legal_moves(p):
            q = follow(p, move.key)
            kq = key(q)
            if kq in positions and (level(q), one_way(q)) == here:
                a, b = root(k), root(kq)
                if a != b:
                    parent[a] = b
    return Counter(root(k) for k in positions)


def print_free_flips(codes: list[str], max_nodes: int) -> None:
    """The table of free flips: each deal searched plain and with free flips."""
    print(
        "| deal | verdict | positions | with free flips | flips made "
        "| no dead end | every move into a dead end |"
    )
    print("|---|---|---|---|---|---|---|")
    for code in codes:
        deal = yukon.deal(code)
        plain = breadth_first(deal, max_nodes)
        flipped = breadth_first(deal, max_nodes, free_flips=True)
        live, lost_a_move_on = every_move_dead(plain.positions)
        print(
            f"| `{code}` | {plain.verdict} | {spaced(len(plain.positions))} "
            f"| {spaced(len(flipped.positions))} ({flipped.verdict}) "
            f"| {spaced(flipped.between)} | {spaced(live)} | {spaced(lost_a_move_on)} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("codes", nargs="+", help="game codes, such as YU1-C-AAAAAKU")
    parser.add_argument("--max-nodes", type=int, default=2_000_000)
    parser.add_argument(
        "--free-flips",
        action="store_true",
        help="print the table of free flips and positions a move from a dead end",
    )
    args = parser.parse_args()
    if args.free_flips:
        print_free_flips(args.codes, args.max_nodes)
        return
    print(
        "| deal | verdict | positions | levels | largest level | its one-way sets "
        "| cards one-way in any, in all | components | largest component "
        "| with sideways moves waiting | positions between: built, left out |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for code in args.codes:
        deal = yukon.deal(code)
        plain = breadth_first(deal, args.max_nodes)
        waiting = breadth_first(deal, args.max_nodes, sideways_wait=True)
        largest = max(levels(plain.positions.values()).values(), key=len)
        sets = {one_way(p) for p in largest}
        joined = components(plain.positions)
        print(
            f"| `{code}` | {plain.verdict} | {spaced(len(plain.positions))} "
            f"| {spaced(len(levels(plain.positions.values())))} | {spaced(len(largest))} "
            f"| {spaced(len(sets))} "
            f"| {len(frozenset().union(*sets))}, {len(frozenset.intersection(*sets))} "
            f"| {spaced(len(joined))} | {max(joined.values())} "
            f"| {spaced(len(waiting.positions))} ({waiting.verdict}) "
            f"| {spaced(waiting.between)}, {spaced(waiting.between_left_out)} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
