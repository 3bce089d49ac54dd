"""What each of the solver's prunings is worth: the internals page's ablation table.

``python scripts/ablation.py [--deals A-B] [--max-nodes N] [--workers W]`` solves the
hard classic deals of A-B (default 1-500, the tuning range; 501-1000 is held out): every
loss the survey in ``docs/data/`` proved in 3,000 to 75,000 positions and every win it
found in 20,000 to 50,000, searched by the solver before dominance. It solves them with
the pure-Python searches: with every pruning, with each left out in turn, and with none
(the plain search of every legal move); and once with the compiled core, which searches
the same positions. Each deal gets the same node budget, so the positions and the
resolved share are the same on every machine; the times are measured in one run, side by
side, and only their ratios mean anything. Prints the Markdown table.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import time
from concurrent.futures import ProcessPoolExecutor

import yukon
from yukon import _solver

SURVEY = (
    pathlib.Path(__file__).resolve().parent.parent
    / "docs"
    / "data"
    / "survey-classic-1-20000-30s.jsonl"
)


def hard(first: int, last: int) -> tuple[str, ...]:
    """The losses, then the wins, of deals ``first``-``last`` that the docstring names."""
    with SURVEY.open(encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines][first - 1 : last]
    losses = [
        r for r in rows if r["verdict"] == "lost" and 3_000 <= r["nodes"] <= 75_000
    ]
    wins = [r for r in rows if r["verdict"] == "won" and 20_000 <= r["nodes"] <= 50_000]
    return tuple(r["code"] for r in [*losses, *wins])


LEFT_OUT: tuple[tuple[str, frozenset[str] | None], ...] = (
    ("every pruning", frozenset()),
    *((f"without {name}", frozenset({name})) for name in sorted(_solver.PRUNINGS)),
    ("none (every legal move)", None),
)


def run(
    code: str, without: frozenset[str] | None, nodes: int
) -> tuple[str, int, float]:
    state = yukon.deal(code)
    start = time.perf_counter()
    if without is None:
        found = _solver.solve_with(state, max_nodes=nodes, prune=False)
    else:
        found = _solver.solve_with(
            state, max_nodes=nodes, compiled=False, without=without
        )
    return found.verdict.value, found.nodes, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-500", metavar="A-B")
    parser.add_argument("--max-nodes", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    first, last = (int(n) for n in args.deals.split("-"))
    deals = hard(first, last)
    jobs = [(code, without) for _, without in LEFT_OUT for code in deals]
    with ProcessPoolExecutor(args.workers) as pool:
        futures = [pool.submit(run, code, w, args.max_nodes) for code, w in jobs]
        found = [f.result() for f in futures]
    start = time.perf_counter()
    compiled = [
        yukon.solve(yukon.deal(code), max_nodes=args.max_nodes) for code in deals
    ]
    compiled_seconds = time.perf_counter() - start
    n = len(deals)
    print(
        f"| searches ({n} hard classic deals of {args.deals}, "
        f"{args.max_nodes:,} positions each) "
        "| resolved | won | lost | positions | time |"
    )
    print("|---|---|---|---|---|---|")
    base = None
    for k, (label, _) in enumerate(LEFT_OUT):
        part = found[k * n : (k + 1) * n]
        nodes = sum(p[1] for p in part)
        seconds = sum(p[2] for p in part)
        if base is None:
            base = (nodes, seconds)
        won = sum(p[0] == "won" for p in part)
        lost = sum(p[0] == "lost" for p in part)
        print(
            f"| {label} | {won + lost} of {n} | {won} | {lost} | "
            f"{nodes:,} ({nodes / base[0]:.2f}) | {seconds / base[1]:.2f} |"
        )
    nodes = sum(s.nodes for s in compiled)
    resolved = sum(s.verdict is not yukon.Verdict.UNKNOWN for s in compiled)
    won = sum(s.verdict is yukon.Verdict.WON for s in compiled)
    assert base is not None
    print(
        f"| every pruning, compiled core | {resolved} of {n} | {won} | "
        f"{resolved - won} | {nodes:,} ({nodes / base[0]:.2f}) | "
        f"{compiled_seconds / base[1]:.3f} |"
    )


if __name__ == "__main__":
    main()
