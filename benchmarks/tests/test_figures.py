"""The pages quote the committed benchmark results and nothing else: each marked figure is
what ``benchmarks/figures.py`` writes from ``benchmarks/results.json``, every figure the
module writes is on some page, and no speed or memory figure stands outside markers."""

from __future__ import annotations

import pathlib
import re

import pytest

import yukon
from benchmarks import figures, run

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROSE = [
    *figures.PAGES,
    ROOT / "CHANGELOG.md",
    ROOT / "CONTRIBUTING.md",
    *sorted((ROOT / "src" / "yukon").glob("*.py")),
]
"""Where a performance figure could be written: the pages, the changelog, the
contributors' guide and the library's docstrings."""

FIGURE = re.compile(
    r"\d+\s(to\s\d+\s)?times\s(faster|as\sfast|as\smany)"
    r"|\d[\d ]*\s(moves|steps|positions|calls|deals)(\sa\ssecond|/s)"
    r"|\d+\sbytes\sa\s(searched\s)?position"
    r"|\d[\d ]*\sinstructions\sa\scall"
    r"|\d+(\.\d+)?\s×\s(the|as|faster)"
)
"""A speed or memory figure as the pages write one (a target, ``≥ 100 000 moves/s``, is
a goal, not a figure measured)."""
TARGET = re.compile(r"[≥≤] [\d .]+")


@pytest.fixture(scope="module")
def results() -> figures.Results:
    return figures.load()


@pytest.mark.parametrize("page", figures.PAGES, ids=lambda page: page.name)
def test_each_page_holds_the_figures_of_the_results_file(
    page: pathlib.Path, results: figures.Results
) -> None:
    text = page.read_text(encoding="utf-8")
    assert figures.fill(text, results) == text


def test_every_figure_the_module_writes_is_on_a_page() -> None:
    marked = set()
    for page in figures.PAGES:
        marked |= {found[2] for found in figures.MARKED.finditer(page.read_text())}
    assert marked == set(figures.FIGURES)


@pytest.mark.parametrize("path", PROSE, ids=lambda path: path.name)
def test_no_speed_or_memory_figure_stands_outside_markers(path: pathlib.Path) -> None:
    text = TARGET.sub("", figures.MARKED.sub("", path.read_text(encoding="utf-8")))
    assert [found[0] for found in FIGURE.finditer(text)] == []


def test_the_results_are_this_version_and_every_row_but_the_solvers(
    results: figures.Results,
) -> None:
    """``--committed`` ran every row but the solver's, with the core, on this version
    (its development releases count: 0.2.0.dev0's figures stand for 0.2.0)."""

    def release(version: str) -> str:
        return version.split(".dev")[0]

    assert release(results["machine"]["yukon"]) == release(yukon.__version__)
    assert results["machine"]["compiled"] is True
    names = set(results["rows"])
    for name in ("deal", "apply", "search speed", "pyodide load", "gym vector / sync"):
        assert name in names
    assert {f"speed-up: {row}" for row in run.COMPARED} <= names
    assert "solver" not in names


def test_a_figure_follows_the_results(results: figures.Results) -> None:
    """A new results file changes what the pages must hold."""
    faster = {
        **results,
        "rows": {
            **results["rows"],
            "speed-up: search speed": {
                **results["rows"]["speed-up: search speed"],
                "value": 123.0,
            },
        },
    }
    page = "<!-- benchmark speed-up: start -->x<!-- benchmark speed-up: end -->"
    assert "123 times as many positions a second" in figures.fill(page, faster)
    assert figures.fill(figures.fill(page, faster), results) == figures.fill(
        page, results
    )
