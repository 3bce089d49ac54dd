"""Draw the research page's figures from the survey data in docs/data/.

``python -m research.survey_figures [DIR]`` writes three SVG files to DIR (default
``docs/figures``): ``resolved-by-budget.svg``, the share of deals the solver resolves
within each time budget; ``positions-by-verdict.svg``, how many positions the search
that settled each classic deal took, by verdict; and ``settled-by-positions.svg``, the
share of the classic deals 30 s left unknown that budgets of positions settle. It needs
matplotlib (``pip install 'yukon[docs]'``).
"""

from __future__ import annotations

import pathlib
import sys
from typing import Any

from research import survey_tables

BUDGETS = (*(round(0.001 * 10 ** (k / 8), 6) for k in range(36)), 30.0)
"""Time budgets from 1 ms to 30 s: eight to a factor of ten, then 30 s itself."""

POSITION_BUDGETS = tuple(
    sorted({round(10 ** (6 + k / 8)) for k in range(17)} | {120_000_000})
)
"""Budgets of positions from a million to 120 million, eight to a factor of ten."""

VERDICTS = ("won", "lost", "unknown")
COLOURS = {"won": "#2b7a3d", "lost": "#b23a3a", "unknown": "#7a7a7a"}


def at_30_s(row: dict[str, Any]) -> bool:
    """Whether the row is from a pass with the 30 s budget (no budget of positions)."""
    return row["budget"].get("max_nodes") is None


def resolved_by_budget(rows: list[dict[str, Any]]) -> list[float]:
    """For each of :data:`BUDGETS`, the share of ``rows`` resolved within it: a deal
    resolved after ``s`` seconds is resolved by any budget of ``s`` or more (the
    searches do the same work in the same order whatever the budget)."""
    times = sorted(
        r["seconds"] for r in rows if r["verdict"] != "unknown" and at_30_s(r)
    )
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
    """The deals no 30 s run settled, each with the row of the pass that settled it or,
    for those still unknown, of the largest budget tried."""
    return [
        r for r in survey_tables.rows(survey_tables.THOUGHTFUL[rules]) if not at_30_s(r)
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
    metadata = {"Date": None, "Creator": "research/survey_figures.py"}
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
        rows = survey_tables.rows(survey_tables.THOUGHTFUL[rules])
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
    counts = positions_by_verdict(
        survey_tables.rows(survey_tables.THOUGHTFUL["classic"])
    )
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
    axes.set_xlabel("positions searched by the search that settled the deal (classic)")
    axes.set_ylabel("deals")
    axes.grid(True, which="major", alpha=0.3)
    axes.set_title("How far the solver searched, by verdict")
    save(figure, axes, "positions-by-verdict.svg", "upper right")

    figure, axes = plt.subplots(figsize=(7, 4))
    rows = still_open("classic")
    shares = settled_by_positions(rows)
    for verdict in ("won", "lost"):
        axes.plot(
            POSITION_BUDGETS,
            [100 * x for x in shares[verdict]],
            "-",
            color=COLOURS[verdict],
            label=f"{verdict}, of the {len(rows):,} deals 30 s left unknown",
        )
    axes.set_xlabel("positions per deal")
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
