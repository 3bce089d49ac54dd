"""What a search by layers of face-down cards would hold at once: the internals page's
table under "A search by layers".

``python scripts/layers.py CODE [CODE ...] [--max-nodes N]`` searches each deal to the
end, or for ``N`` positions (default 5 million), in pure Python: dead ends and safe
moves as the solver has them, every other legal move, and positions equal up to the
order of the columns searched once. It searches one *layer* at a time: the positions
with one set of face-down cards, most face-down cards first. A move can only turn cards
up, so no position of a finished layer is ever reached again, and a layer is searched
only once every position leading into it has been: the search holds the layer it is in
and the positions waiting at the entry of layers to come, not all it has searched. It
prints, for each deal, how many positions a search with one table holds (all of them)
against the most this one holds at once. It searches the same positions as a search
with one table (``tests/test_layers_script.py`` holds the two together); the counts are
the same on every machine.

``--cases N`` instead splits each deal into cases at its first layer: it searches that
layer whole and solves the first ``N`` positions leading out of it on their own, each
with ``--max-nodes`` positions, as the internals page reports for ``YU1-C-AAAAACX``.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Literal, NamedTuple

import yukon
from yukon._rules import Position, follow, legal_moves
from yukon._solver import _key, dead_end, safe_move
from yukon._state import packed, wrap

Verdict = Literal["won", "lost", "unknown"]


class Layers(NamedTuple):
    """What one search by layers found and held."""

    verdict: Verdict
    positions: int
    """Positions searched, as a search with one table would count them."""
    layers: int
    """Layers searched, the last perhaps in part."""
    largest: int
    """The most positions of one layer."""
    most_held: int
    """The most positions held at once: the layer's, and those waiting for later ones."""
    waiting: int
    """Positions waiting at the entry of later layers when the search stopped (0 when
    it finished)."""
    sent: int
    """Positions sent to later layers, once for each move that leads there: what a
    search keeping its waiting positions on disk would write."""


def key(p: Position) -> object:
    """The solver's key: the same position up to the order of the columns."""
    return _key(p, -1)


def face_down(p: Position) -> int:
    """The layer of a position: its face-down cards, one bit each."""
    return sum(1 << c for col, h in zip(p.cols, p.hidden, strict=True) for c in col[:h])


def moves(p: Position) -> list[int]:
    """The moves searched from ``p``: none from a dead end, the safe move alone when
    there is one, else every legal move."""
    if dead_end(p):
        return []
    safe = safe_move(p)
    return [safe.key] if safe is not None else [m.key for m in legal_moves(p)]


def is_won(p: Position) -> bool:
    return sum(p.found) == 52


def one_table(state: yukon.State, max_nodes: int) -> tuple[Verdict, int]:
    """The same positions searched depth first with one table of all of them."""
    start = packed(state)
    seen = {key(start)}
    stack = [start]
    searched = 0
    while stack and searched < max_nodes:
        p = stack.pop()
        searched += 1
        if is_won(p):
            return "won", searched
        for move in moves(p):
            q = follow(p, move)
            k = key(q)
            if k not in seen:
                seen.add(k)
                stack.append(q)
    return ("lost" if not stack else "unknown"), searched


def by_layers(state: yukon.State, max_nodes: int) -> Layers:
    """Search ``state`` a layer at a time (see the module notes)."""
    start = packed(state)
    waiting: dict[int, dict[object, Position]] = {face_down(start): {key(start): start}}
    held = 1  # positions waiting, in all layers
    searched = layers = largest = most_held = sent = 0
    while waiting and searched < max_nodes:
        # Most face-down cards first; of as many, the smaller set of bits first.
        layer = max(waiting, key=lambda bits: (bits.bit_count(), -bits))
        entries = waiting.pop(layer)
        held -= len(entries)
        seen = set(entries)
        stack = list(reversed(entries.values()))
        layers += 1
        while stack and searched < max_nodes:
            p = stack.pop()
            searched += 1
            if is_won(p):
                return Layers("won", searched, layers, largest, most_held, held, sent)
            for move in moves(p):
                q = follow(p, move)
                k = key(q)
                there = face_down(q)
                if there == layer:
                    if k not in seen:
                        seen.add(k)
                        stack.append(q)
                else:
                    sent += 1
                    if k not in waiting.setdefault(there, {}):
                        waiting[there][k] = q
                        held += 1
            largest = max(largest, len(seen))
            most_held = max(most_held, len(seen) + held)
        if stack:  # stopped by the budget inside this layer
            return Layers("unknown", searched, layers, largest, most_held, held, sent)
    verdict: Verdict = "lost" if not waiting else "unknown"
    return Layers(verdict, searched, layers, largest, most_held, held, sent)


class Cases(NamedTuple):
    """A deal split into cases at its first layer, each solved on its own."""

    verdict: Verdict
    """Won when a case is won, lost when every case is lost, else unknown."""
    layer: int
    """Positions of the first layer."""
    leading_out: int
    """Positions that lead out of it: the cases."""
    solved: Counter[str]
    """The verdicts of the cases solved (the first ``limit``)."""


def by_cases(state: yukon.State, max_nodes: int, limit: int | None = None) -> Cases:
    """Search the first layer of ``state`` whole, then solve each position leading out
    of it with :func:`yukon.solve` and ``max_nodes`` (the first ``limit`` of them). A
    win leaves the first layer unless the deal has no face-down card, so the deal is won
    exactly when a case is: a proof by cases, with no table shared between them."""
    start = packed(state)
    layer = face_down(start)
    seen = {key(start)}
    stack = [start]
    out: dict[object, Position] = {}
    won = False
    while stack:
        p = stack.pop()
        won = won or is_won(p)
        for move in moves(p):
            q = follow(p, move)
            k = key(q)
            if face_down(q) != layer:
                out.setdefault(k, q)
            elif k not in seen:
                seen.add(k)
                stack.append(q)
    solved: Counter[str] = Counter()
    for q in list(out.values())[:limit]:
        solved[yukon.solve(wrap(q), max_nodes=max_nodes).verdict.value] += 1
        if solved["won"]:
            break
    verdict: Verdict = "unknown"
    if won or solved["won"]:
        verdict = "won"
    elif solved["lost"] == len(out):
        verdict = "lost"
    return Cases(verdict, len(seen), len(out), solved)


def _share(part: int, whole: int) -> str:
    return f"{part:,} ({100 * part / whole:.1f} %)".replace(",", " ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("codes", nargs="+", help="game codes, such as YU1-C-AAAAAKU")
    parser.add_argument("--max-nodes", type=int, default=5_000_000)
    parser.add_argument(
        "--cases",
        type=int,
        metavar="N",
        help="instead, split each deal into cases at its first layer and solve the "
        "first N with --max-nodes positions each",
    )
    args = parser.parse_args()
    if args.cases is not None:
        for code in args.codes:
            split = by_cases(yukon.deal(code), args.max_nodes, args.cases)
            counts = ", ".join(f"{n} {v}" for v, n in sorted(split.solved.items()))
            print(
                f"{code}: {split.verdict}; first layer {split.layer} positions, "
                f"{split.leading_out} leading out; {counts} of the first "
                f"{sum(split.solved.values())} at {args.max_nodes} positions each",
                flush=True,
            )
        return
    print(
        "| deal | verdict | positions | layers | largest layer | most held at once "
        "| waiting at the end | sent to later layers |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for code in args.codes:
        found = by_layers(yukon.deal(code), args.max_nodes)
        positions = f"{found.positions:,}".replace(",", " ")
        print(
            f"| `{code}` | {found.verdict} | {positions} | {found.layers} "
            f"| {_share(found.largest, found.positions)} "
            f"| {_share(found.most_held, found.positions)} "
            f"| {_share(found.waiting, found.positions)} "
            f"| {_share(found.sent, found.positions)} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
