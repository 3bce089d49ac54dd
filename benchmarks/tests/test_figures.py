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
    ROOT / "web" / "yukon_web.py",
]
"""Where a performance figure could be written: the pages, the changelog, the
contributors' guide, the library's docstrings and the web page's budget."""

FIGURE = re.compile(
    r"\d+\s(to\s\d+\s)?times\s(faster|as\sfast|as\smany)"
    r"|\d[\d ]*\s(moves|steps|positions|calls|deals)(\sa\ssecond|/s)"
    r"|\d+\sbytes\sa\s(searched\s)?position"
    r"|\d[\d ]*\sinstructions\sa\scall"
    r"|\d+(\.\d+)?\s×\s(the|as|faster)"
    r"|\d+(\.\d+)?\ss\s(of\s(processor\s|CPU\s)?(time\s)?)?a\shint"
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
    (its development releases count: 0.2.0.dev0's figures stand for 0.2.0); a row
    measured again on its own (``--committed --only``) too, and says when and under
    what load; the hint rows at the budgets the pages name."""
    release = run.release
    assert release(results["machine"]["yukon"]) == release(yukon.__version__)
    assert results["machine"]["compiled"] is True
    names = set(results["rows"])
    for name in ("deal", "apply", "search speed", "pyodide load", "gym vector / sync"):
        assert name in names
    assert {f"speed-up: {row}" for row in [*run.COMPARED, "hint sample"]} <= names
    assert "solver" not in names
    for row in results["rows"].values():
        if "measured" in row:
            measured = row["measured"]
            assert release(measured["yukon"]) == release(yukon.__version__)
            assert measured["compiled"] is True
            assert measured["date"] >= results["machine"]["date"]
            assert len(measured["load_average"]) == 2
            assert "solver" not in measured["only"]
    rows = results["rows"]
    default = list(run.default_budget())
    assert rows["hint"]["budget"] == rows["hint sample"]["budget"] == default
    assert rows["python: hint sample"]["budget"] == default
    assert rows["pyodide hint sample"]["budget"] == default
    assert rows["pyodide hint, web budget"]["budget"] == list(run.web_budget())
    assert rows["hint"]["target"] == run.HINT_TARGET
    assert rows["hint sample"]["advised"] == rows["python: hint sample"]["advised"]
    assert (
        rows["pyodide hint sample"]["advised"]
        == (rows["hint sample"]["advised"][: rows["pyodide hint sample"]["hints"]])
    )


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


def test_the_hint_figures_follow_the_results(results: figures.Results) -> None:
    """The hint's target is judged on its processor time, and a new figure shows."""

    def hint_at(p95: float) -> figures.Results:
        hint = {**results["rows"]["hint"], "cpu_p95_seconds": p95}
        return {**results, "rows": {**results["rows"], "hint": hint}}

    slow = hint_at(0.75)
    page = "<!-- benchmark hint-latency: start -->x<!-- benchmark hint-latency: end -->"
    assert "the target, 0.5 s, met." in figures.fill(page, hint_at(0.25))
    assert "**0.75 s of processor time at the 95th percentile**" in figures.fill(
        page, slow
    )
    assert "0.5 s, not met" in figures.fill(page, slow)


def test_the_table_says_which_rows_were_measured_later(
    results: figures.Results,
) -> None:
    when = {
        "date": "2026-12-31",
        "yukon": yukon.__version__,
        "compiled": True,
        "load_average": [1.5, 2.5],
        "only": ["hint", "hint sample"],
    }
    rows = {
        name: {k: v for k, v in row.items() if k != "measured"}
        for name, row in results["rows"].items()
    }
    rows["deal"] = {**rows["deal"], "measured": when}
    table = figures.performance_table({**results, "rows": rows})
    assert table.count("†") == 2
    assert (
        "† Measured later on its own: 2026-12-31, `python -m benchmarks --committed"
        " --only hint 'hint sample'`, the load average 1.5 when it started and 2.5"
        " when it ended." in table
    )
    assert "| deal† |" in table
