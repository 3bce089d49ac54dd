"""docs/research.md reports survey results: its tables are generated from the data
beside it (``research/survey_tables.py``), its figures from the same rows, and the data
is what the library answers, so a rerun that updates one and not the other fails here."""

from __future__ import annotations

import json
import pathlib
import random
import re
import statistics
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import pytest

import yukon
from research import calibration, grading, survey_figures, survey_tables
from yukon.survey import Tally, fold

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "research.md"
PERFORMANCE = ROOT / "docs" / "performance.md"
MARKERS = {
    "survey-tables": survey_tables.text,
    "survey-settled": survey_tables.settled_text,
    "kpat-table": survey_tables.kpat_text,
    "planner-table": survey_tables.planner_text,
    "calibration-table": calibration.table,
}


@pytest.mark.parametrize("marker", sorted(MARKERS))
def test_the_pages_tables_are_the_scripts_output_from_the_data(marker: str) -> None:
    page = PAGE.read_text(encoding="utf-8")
    start, end = f"<!-- {marker}: start -->", f"<!-- {marker}: end -->"
    assert page.count(start) == 1 and page.count(end) == 1
    held = page[page.index(start) + len(start) : page.index(end)].strip()
    assert held == MARKERS[marker]().strip()
    assert held.startswith("|")  # the generator made a table


def test_the_tables_are_what_the_module_prints_when_run() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "research.survey_tables"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert done.stdout.startswith(survey_tables.text())


def test_the_page_is_short_and_opens_with_its_figures() -> None:
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    # 250, the grades' section, the planner's table and the share's calibration
    assert len(lines) <= 330
    assert lines[4] == "<!-- survey-tables: start -->"
    assert lines[5].startswith("| rule set | player |")


RELAXED_PLANNED = 303
"""The relaxed deals the planner's survey has played (from deal 1)."""


@pytest.mark.parametrize(
    ("path", "first", "count"),
    [
        (survey_tables.THOUGHTFUL["classic"], 1, 20_000),
        (survey_tables.THOUGHTFUL["relaxed"], 1, 5_000),
        (survey_tables.PLANNER["classic"], 60_001, 1_500),
        (survey_tables.PLANNER["relaxed"], 1, RELAXED_PLANNED),
        (survey_tables.VOTING["classic"], 1, 1_000),
        (survey_tables.VOTING["relaxed"], 1, 1_000),
        *((path, 60_001, 1_500) for path in survey_tables.HELD_OUT.values()),
    ],
)
def test_each_data_file_holds_one_row_per_deal_with_its_budget(
    path: pathlib.Path, first: int, count: int
) -> None:
    with path.open(encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines]
    numbers = sorted(yukon.GameCode.parse(r["code"]).number for r in rows)
    assert numbers == list(range(first, first + count))
    rules = {yukon.GameCode.parse(r["code"]).rules for r in rows}
    assert len(rules) == 1
    for row in rows:
        assert set(row["budget"]) >= {"max_seconds", "max_nodes", "max_memory"}
        assert row["verdict"] in ("won", "lost", "unknown", "stuck")
        if row["verdict"] == "unknown":
            assert row["stopped_by"] in ("nodes", "seconds", "memory")
    assert fold([str(path)]) == sorted(rows, key=survey_tables.number)  # folded


def test_the_only_data_files_are_the_published_figures() -> None:
    published = {path for _, files in survey_tables.PLAYERS for path in files.values()}
    published.add(survey_tables.KPAT)
    published.update(survey_tables.HELD_OUT.values())  # the planner's held-out runs
    published.add(grading.RESULTS)  # the grades' figures (research/tests/test_grading)
    # The web page's timings on the performance page, written by its browser tests
    # (YUKON_WEB_TIMINGS=docs/data/web-timings.json pytest web/tests).
    published.add(survey_tables.DATA / "web-timings.json")
    published.add(calibration.RESULTS)  # the hint's share checked (test_calibration)
    assert set(survey_tables.DATA.iterdir()) == published


@pytest.mark.parametrize("rules", ["classic", "relaxed"])
def test_the_data_gives_the_verdicts_the_library_gives(rules: str) -> None:
    """A seeded sample of the deals settled in few positions, solved again with the
    positions the row records (and one more, the win itself): the same verdict and
    positions."""
    rows = survey_tables.rows(survey_tables.THOUGHTFUL[rules])
    small = [r for r in rows if r["verdict"] != "unknown" and r["nodes"] < 20_000]
    for row in random.Random(4).sample(small, 12):
        again = yukon.solve(yukon.deal(row["code"]), max_nodes=row["nodes"] + 1)
        assert (again.verdict.value, again.nodes) == (row["verdict"], row["nodes"])


def test_the_kpat_wins_here_replay() -> None:
    """KDE Patience's verdicts are data; this solver's small wins on its deals are
    solved again and replayed."""
    rows = [r for r in survey_tables.kpat_rows() if r["yukon"] == "won"]
    for row in random.Random(5).sample([r for r in rows if r["nodes"] < 5_000], 8):
        state = yukon.kpat_deal(row["deal"])
        found = yukon.solve(state, max_nodes=row["nodes"] + 1)
        assert found.verdict is yukon.Verdict.WON
        for move in found.moves:
            state = state.apply(move)
        assert state.is_won


def test_the_figures_draw_the_rows_of_the_tables(tmp_path: pathlib.Path) -> None:
    classic = survey_tables.rows(survey_tables.THOUGHTFUL["classic"])
    shares = survey_figures.resolved_by_budget(classic)
    at_30_s = sum(
        r["verdict"] != "unknown" and survey_figures.at_30_s(r) for r in classic
    )
    assert shares == sorted(shares) and shares[-1] == at_30_s / len(classic)
    counts = survey_figures.positions_by_verdict(classic)
    assert sum(map(len, counts.values())) == len(classic)
    still = survey_figures.still_open("classic")
    assert len(still) == len(classic) - sum(map(survey_figures.at_30_s, classic))
    settled = survey_figures.settled_by_positions(still)
    for verdict in ("won", "lost"):
        line = settled[verdict]
        assert line == sorted(line)
        in_all = sum(r["verdict"] == verdict for r in still)
        assert line[-1] * len(still) == pytest.approx(in_all) and in_all > 0
    pytest.importorskip("matplotlib")
    for path in survey_figures.draw(tmp_path):
        assert ElementTree.parse(path).getroot().tag.endswith("svg")
        assert (ROOT / "docs" / "figures" / path.name).exists()
        assert f"figures/{path.name}" in PAGE.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("row", "deals"),
    [
        ("solver", range(1, 501)),
        ("solver, held out: deals 501-1 000", range(501, 1001)),
    ],
)
def test_the_performance_pages_solver_rows_are_the_surveys(
    row: str, deals: range
) -> None:
    """The benchmark's solver row quotes the classic survey at 30 s on the deals the
    searches were tuned on, and the row beside it the next 500, held out."""
    found = re.search(
        rf"^\| {re.escape(row)} \| ([\d.]+) % resolved \| median ([\d.]+) s, "
        r"95th percentile ([\d.]+) s \|",
        PERFORMANCE.read_text(encoding="utf-8"),
        re.MULTILINE,
    )
    assert found is not None
    classic = survey_tables.rows(survey_tables.THOUGHTFUL["classic"])
    part = classic[deals.start - 1 : deals.stop - 1]
    at_30_s = [r for r in part if survey_figures.at_30_s(r)]
    resolved = sum(r["verdict"] != "unknown" for r in at_30_s)
    # a deal a larger budget settled ran the whole 30 s first
    seconds = sorted(r["seconds"] if r in at_30_s else 30.0 for r in part)
    assert f"{resolved / len(part):.1%}" == f"{found[1]}%"
    assert f"{statistics.median(seconds):.3f}" == found[2]
    assert f"{seconds[int(0.95 * len(seconds))]:.2f}" == found[3]


def test_the_readme_quotes_the_figures_of_the_data() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    files = {**survey_tables.THOUGHTFUL}
    quoted = []
    for path in (*files.values(), *survey_tables.VOTING.values()):
        counted = Tally.of(survey_tables.rows(path))
        quoted.append(f"{100 * counted.won / counted.total:.1f} %")
    low, high = Tally.of(survey_tables.rows(files["classic"])).interval
    quoted.append(f"{100 * low:.1f}-{100 * high:.1f} %")
    held = survey_tables.held_out_rows()
    for found in held.values():  # the planner, the voting hint, the thoughtful player
        counted = Tally.of(found.values())
        quoted.append(f"{100 * counted.won / counted.total:.1f} %")
    low, high = Tally.of(next(iter(held.values())).values()).interval
    quoted.append(f"{100 * low:.1f}-{100 * high:.1f} %")
    numbers = list(next(iter(held.values())))
    quoted.append(f"{numbers[0]:,}-{numbers[-1]:,}")
    relaxed = Tally.of(survey_tables.rows(survey_tables.PLANNER["relaxed"]))
    quoted.append(f"{100 * relaxed.won / relaxed.total:.1f} %")
    for figure in quoted:
        assert figure in readme, figure


def test_the_sign_test_gives_the_binomial_tail() -> None:
    """Two-sided: twice the chance of the fewer side's count or fewer of fair coins."""
    assert survey_tables.sign_test(0, 4) == pytest.approx(2 / 16)
    assert survey_tables.sign_test(3, 3) == 1.0
    assert survey_tables.sign_test(45, 21) == pytest.approx(0.0043, abs=1e-4)
