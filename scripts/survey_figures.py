"""Draw the research page's figures from the survey data in docs/data/.

``python scripts/survey_figures.py [DIR]`` writes three SVG files to DIR (default
``docs/figures``): ``resolved-by-budget.svg``, the share of deals the solver resolves
within each time budget; ``positions-by-verdict.svg``, how many positions it searched
on the deals it won, lost and left unknown; and ``settled-by-positions.svg``, the share
of the classic deals every 30 s run left unknown that the passes with budgets of
positions settle within each budget. It needs matplotlib (``pip install
'yukon[docs]'``). The figures are drawn from the same rows as the page's tables
(``scripts/survey_tables.py``), and ``tests/test_research_page.py`` holds the series
drawn to those tables.
"""

from __future__ import annotations

import pathlib
import sys
from typing import Any

import survey_tables

BUDGETS = (*(round(0.001 * 10 ** (k / 8), 6) for k in range(36)), 30.0)
"""Time budgets from 1 ms to 30 s: eight to a factor of ten, then 30 s itself."""

_PASSES = (
    survey_tables.DEEPER_NODES,
    survey_tables.LATEST_NODES,
    survey_tables.FURTHEST_NODES,
)
POSITION_BUDGETS = tuple(
    sorted({round(10 ** (7 + k / 16)) for k in range(17)} | set(_PASSES))
)
"""Budgets of positions from 10 million to the deepest pass's, sixteen to a factor of
ten and the passes' own."""

VERDICTS = ("won", "lost", "unknown")
COLOURS = {"won": "#2b7a3d", "lost": "#b23a3a", "unknown": "#7a7a7a"}


def resolved_by_budget(rows: list[dict[str, Any]]) -> list[float]:
    """For each of :data:`BUDGETS`, the share of ``rows`` resolved within it: a deal
    resolved after ``s`` seconds is resolved by any budget of ``s`` or more (the
    searches do the same work in the same order whatever the budget)."""
    times = sorted(r["seconds"] for r in rows if r["verdict"] != "unknown")
    shares = []
    at = 0
    for budget in BUDGETS:
        while at < len(times) and times[at] <= budget:
            at += 1
        shares.append(at / len(rows))
    return shares


def settled_by_positions(
    rows: list[dict[str, Any]], budgets: tuple[int, ...] = POSITION_BUDGETS
) -> dict[str, list[float]]:
    """For each budget, the share of ``rows`` (each deal's row from the deepest pass
    that ran it) won and lost within it: a deal settled after ``n`` positions is
    settled by any budget of ``n`` or more, since the passes search the same positions
    in the same order whatever their budget."""
    shares: dict[str, list[float]] = {}
    for verdict in ("won", "lost"):
        nodes = [r["nodes"] for r in rows if r["verdict"] == verdict]
        shares[verdict] = [sum(n <= b for n in nodes) / len(rows) for b in budgets]
    return shares


def still_open(rules: str = "classic") -> list[dict[str, Any]]:
    """The deals every 30 s run of ``rules`` left unknown, each with its row from the
    deepest pass with a budget of positions that ran it."""
    open_at_30_s = survey_tables.deeper(rules)
    return [
        r
        for r in survey_tables.deepest_pass(rules)
        if survey_tables.number(r) in open_at_30_s
    ]


def positions_by_verdict(rows: list[dict[str, Any]]) -> dict[str, list[int]]:
    """The positions searched on each deal, by verdict."""
    return {v: sorted(r["nodes"] for r in rows if r["verdict"] == v) for v in VERDICTS}


def draw(out: pathlib.Path) -> list[pathlib.Path]:
    """Write both figures to ``out``; the files written."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "yukon"  # the same file from the same data
    plt.rcParams["font.size"] = 10
    out.mkdir(parents=True, exist_ok=True)
    metadata = {"Date": None, "Creator": "scripts/survey_figures.py"}
    written = []

    def save(figure: Any, axes: Any, name: str, legend_at: str) -> None:
        axes.set_xscale("log")
        axes.legend(loc=legend_at)
        figure.tight_layout()
        path = out / name
        figure.savefig(path, format="svg", metadata=metadata)
        plt.close(figure)
        written.append(path)

    figure, axes = plt.subplots(figsize=(7, 4))
    for rules, style in (("classic", "-"), ("relaxed", "--")):
        rows = survey_tables.thoughtful(rules)
        axes.plot(
            BUDGETS,
            [100 * s for s in resolved_by_budget(rows)],
            style,
            color="#1f4e79",
            label=f"{rules}, deals 1-{len(rows):,}",
        )
    axes.set_xlabel("time budget per deal (seconds, one core)")
    axes.set_ylabel("deals resolved (%)")
    axes.set_ylim(80, 100.5)
    axes.grid(True, which="both", alpha=0.3)
    axes.set_title("Share of deals won or proved lost within the budget")
    save(figure, axes, "resolved-by-budget.svg", "lower right")

    figure, axes = plt.subplots(figsize=(7, 4))
    counts = positions_by_verdict(survey_tables.thoughtful("classic"))
    edges = [10 ** (k / 4) for k in range(4 * 8 + 1)]
    for verdict in VERDICTS:
        axes.hist(
            [max(n, 1) for n in counts[verdict]],
            bins=edges,
            histtype="step",
            linewidth=1.5,
            color=COLOURS[verdict],
            label=f"{verdict} ({len(counts[verdict]):,} deals)",
        )
    axes.set_yscale("log")
    axes.set_xlabel("positions searched (classic deals, 30 s budget)")
    axes.set_ylabel("deals")
    axes.grid(True, which="major", alpha=0.3)
    axes.set_title("How far the solver searched, by verdict")
    save(figure, axes, "positions-by-verdict.svg", "upper right")

    figure, axes = plt.subplots(figsize=(7, 4))
    rows = still_open("classic")
    shares = settled_by_positions(rows)
    reach = survey_tables.furthest_reach("classic")  # "" once it ran every deal
    upto = len(POSITION_BUDGETS)  # the budgets every deal was run to, then dashed
    if reach:
        upto = sum(b <= survey_tables.LATEST_NODES for b in POSITION_BUDGETS)
    for verdict in ("won", "lost"):
        points = [100 * s for s in shares[verdict]]
        colour = COLOURS[verdict]
        label = f"{verdict}, of the {len(rows):,} deals 30 s left unknown"
        axes.plot(
            POSITION_BUDGETS[:upto], points[:upto], "-", color=colour, label=label
        )
        if upto < len(POSITION_BUDGETS):
            axes.plot(
                POSITION_BUDGETS[upto - 1 :], points[upto - 1 :], "--", color=colour
            )
    dashed = f" (dashed: the deals the deepest pass reached,{reach})" if reach else ""
    axes.set_xlabel(f"positions per deal{dashed}")
    axes.set_ylabel("deals settled (%)")
    axes.set_ylim(0, 50)
    axes.grid(True, which="both", alpha=0.3)
    axes.set_title("Classic deals unknown at 30 s, settled with more positions")
    save(figure, axes, "settled-by-positions.svg", "upper left")
    return written


if __name__ == "__main__":
    target = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else survey_tables.FIGURES
    for written in draw(target):
        print(written)
