"""docs/research.md and docs/performance.md report survey results: the research page's
tables are generated from the survey data beside them (``scripts/survey_tables.py``), and
the performance page's solver row quotes the same data, so that a rerun which updates one
and not the other fails here."""

from __future__ import annotations

import json
import pathlib
import re
import statistics
from typing import Any

from .pages import script_output

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "research.md"
PERFORMANCE = ROOT / "docs" / "performance.md"
DATA = {
    "classic": ROOT / "docs" / "data" / "survey-classic-1-500-30s.jsonl",
    "relaxed": ROOT / "docs" / "data" / "survey-relaxed-1-500-30s.jsonl",
}
LONGER = ROOT / "docs" / "data" / "survey-classic-unknowns-long.jsonl"
START, END = "<!-- survey-tables: start -->", "<!-- survey-tables: end -->"


def _records(path: pathlib.Path) -> list[dict[str, Any]]:
    """Every line of a survey file; unlike the survey's resume, a bad line fails."""
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def test_the_pages_tables_are_the_scripts_output_from_the_data() -> None:
    tables = script_output("survey_tables.py")
    page = PAGE.read_text(encoding="utf-8")
    assert page.count(START) == 1 and page.count(END) == 1
    held = page[page.index(START) + len(START) : page.index(END)].strip()
    assert held == tables.strip()
    assert "| classic | `YU1` 1-500 | 30 s |" in held  # the script made a table


def test_no_deal_is_won_in_one_run_and_lost_in_another() -> None:
    """A deal won in one run and lost in another would mean a broken proof or line."""
    verdicts: dict[str, set[str]] = {}
    for record in [*_records(DATA["classic"]), *_records(LONGER)]:
        verdicts.setdefault(record["code"], set()).add(record["verdict"])
    assert len(verdicts) == 500
    assert not [code for code, seen in verdicts.items() if {"won", "lost"} <= seen]


def test_the_performance_pages_solver_row_matches_the_survey_data() -> None:
    """The benchmark's solver row quotes the classic survey (same deals and budget)."""
    found = re.search(
        r"^\| solver \| ([\d.]+) % resolved \| median ([\d.]+) s, "
        r"95th percentile ([\d.]+) s \|",
        PERFORMANCE.read_text(encoding="utf-8"),
        re.MULTILINE,
    )
    assert found is not None
    records = _records(DATA["classic"])
    seconds = sorted(record["seconds"] for record in records)
    resolved = sum(record["verdict"] != "unknown" for record in records)
    assert f"{resolved / len(records):.1%}" == f"{found[1]}%"
    assert f"{statistics.median(seconds):.3f}" == found[2]
    # the benchmark's own 95th percentile (the value at index 0.95 n of the sorted
    # times), as the benchmark prints it
    assert f"{seconds[int(0.95 * len(seconds))]:.2f}" == found[3]


def test_the_core_and_the_shared_python_searches_exhaust_the_same_game() -> None:
    """A loss proved both by the depth-first core (an earlier version of the compiled
    core, run alone) and by the Python searches with one table from the start searched
    the same positions, the reachable game: the data must say so."""
    runs = _records(LONGER)
    python = {
        r["code"]: r["nodes"]
        for r in runs
        if r.get("shared_from_start") and r["verdict"] == "lost"
    }
    core = {
        r["code"]: r["nodes"]
        for r in runs
        if r.get("core_alone") and r["verdict"] == "lost"
    }
    both = python.keys() & core.keys()
    assert len(both) >= 3
    assert {code: core[code] for code in both} == {code: python[code] for code in both}
