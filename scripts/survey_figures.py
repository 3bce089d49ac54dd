"""Draw the research page's figures from the survey data in docs/data/.

``python scripts/survey_figures.py [DIR]`` writes two SVG files to DIR (default
``docs/figures``): ``resolved-by-budget.svg``, the share of deals the solver resolves
within each time budget, and ``positions-by-verdict.svg``, how many positions it searched
on the deals it won, lost and left unknown. It needs matplotlib (``pip install
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
    return written


if __name__ == "__main__":
    target = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else survey_tables.FIGURES
    for written in draw(target):
        print(written)
