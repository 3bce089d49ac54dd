"""docs/research.md and docs/performance.md report survey results: they must say what
the survey data beside them says, so that a rerun which updates one and not the other
fails here."""

from __future__ import annotations

import json
import pathlib
import re
import statistics
from typing import Any

import pytest

from yukon import GameCode
from yukon._survey import Tally

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "research.md"
PERFORMANCE = ROOT / "docs" / "performance.md"
DATA = {
    "classic": ROOT / "docs" / "data" / "survey-classic-1-500-30s.jsonl",
    "relaxed": ROOT / "docs" / "data" / "survey-relaxed-1-500-30s.jsonl",
}
ROW = re.compile(
    r"^\| (classic|relaxed) \| `YU1` (\d+)-(\d+) \| 30 s \| (\d+) \| (\d+) \| (\d+) \| "
    r"([\d.]+) % \| ([\d.]+) % - ([\d.]+) % \|$",
    re.MULTILINE,
)


def _rows() -> list[tuple[str, ...]]:
    return ROW.findall(PAGE.read_text(encoding="utf-8"))


def _records(path: pathlib.Path) -> list[dict[str, Any]]:
    """Every line of a survey file; unlike the survey's resume, a bad line fails."""
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def test_the_page_has_a_results_table() -> None:
    assert {row[0] for row in _rows()} == {"classic", "relaxed"}


@pytest.mark.parametrize("row", _rows(), ids=lambda row: f"{row[0]}-{row[1]}-{row[2]}")
def test_each_results_row_matches_the_survey_data(row: tuple[str, ...]) -> None:
    rules, first, last, won, lost, unknown, share, low, high = row
    tally = Tally()
    deals = []
    for record in _records(DATA[rules]):
        number = GameCode.parse(record["code"]).number
        if int(first) <= number <= int(last):
            deals.append(number)
            tally = tally.add(record["verdict"])
    assert sorted(deals) == list(range(int(first), int(last) + 1))  # every deal, once
    assert (tally.won, tally.lost, tally.unknown) == (int(won), int(lost), int(unknown))
    assert f"{tally.won / tally.total:.1%}" == f"{share}%"
    bounds = tally.interval
    assert (f"{bounds[0]:.1%}", f"{bounds[1]:.1%}") == (f"{low}%", f"{high}%")


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


def test_the_best_known_verdicts_match_the_data_and_never_contradict() -> None:
    """The page counts every verdict found, the 30 s survey's and the longer runs':
    a deal won in one run and lost in another would mean a broken proof or line."""
    verdicts = {r["code"]: r["verdict"] for r in _records(DATA["classic"])}
    for record in _records(
        ROOT / "docs" / "data" / "survey-classic-unknowns-long.jsonl"
    ):
        if record["verdict"] != "unknown":
            assert verdicts[record["code"]] in ("unknown", record["verdict"])
            verdicts[record["code"]] = record["verdict"]
    tally = Tally()
    for verdict in verdicts.values():
        tally = tally.add(verdict)
    text = " ".join(PAGE.read_text(encoding="utf-8").split())
    low, high = tally.interval
    assert (
        f"deals 1-500 stand at {tally.won} won, {tally.lost} lost and {tally.unknown} "
        f"unknown: a winnable share of {100 * tally.won / tally.total:.1f} %, with a "
        f"95 % interval of {100 * low:.1f} % - {100 * high:.1f} %"
    ) in text


def test_the_core_and_the_shared_python_searches_exhaust_the_same_game() -> None:
    """A loss proved both by the depth-first core (an earlier version of the compiled
    core, run alone) and by the Python searches with one table from the start searched
    the same positions, the reachable game: the data must say so."""
    runs = _records(ROOT / "docs" / "data" / "survey-classic-unknowns-long.jsonl")
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
