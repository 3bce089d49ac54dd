"""``yukon.survey``: bad arguments and files that are no survey file are refused in
words that name them, never read for ever (issue 58)."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
from typing import Any

import pytest

from yukon import InvalidSurvey
from yukon.survey import Tally, fold, read, wilson

ROW = {
    "code": "YU1-C-AAAAAAB",
    "verdict": "won",
    "nodes": 1,
    "seconds": 0.1,
    "moves": 9,
}


@pytest.mark.parametrize("path", [0, 1, False, True, 2.0, None])
def test_read_and_fold_take_file_names_not_numbers(path: Any) -> None:
    with pytest.raises(TypeError, match="path"):
        read(path)
    with pytest.raises(TypeError, match=r"paths\[1\]"):
        fold(["/nonexistent-survey.jsonl", path])


def test_a_survey_file_may_be_named_by_a_path(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "s.jsonl"
    out.write_text(json.dumps(ROW) + "\n")
    assert read(out) == read(str(out))
    assert fold([out]) == [read(str(out))["YU1-C-AAAAAAB"]]


_ENDLESS = """
import sys
from yukon import InvalidSurvey
from yukon.survey import fold, read
for call in (lambda: read("/dev/urandom"), lambda: fold(["/dev/urandom"])):
    try:
        call()
    except InvalidSurvey as error:
        print(error)
    else:
        sys.exit("read")
"""


@pytest.mark.skipif(not pathlib.Path("/dev/urandom").exists(), reason="no device")
def test_a_device_is_refused_not_read_for_ever() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _ENDLESS], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("/dev/urandom is not a regular file") == 2


def test_tally_of_reads_the_rows_read_returns(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "s.jsonl"
    rows = [ROW, {**ROW, "code": "YU1-C-AAAAAAC", "verdict": "unknown"}]
    out.write_text("".join(json.dumps(row) + "\n" for row in rows))
    assert Tally.of(read(str(out))) == Tally(won=1, unknown=1)
    assert Tally.of(read(str(out)).values()) == Tally(won=1, unknown=1)


@pytest.mark.parametrize(
    ("rows", "error", "words"),
    [
        ([ROW, {"code": "YU1-C-AAAAAAC"}], InvalidSurvey, "row 2 has no verdict"),
        ([ROW, {**ROW, "verdict": "maybe"}], InvalidSurvey, "row 2.*'maybe'"),
        ([ROW, {**ROW, "verdict": None}], InvalidSurvey, "row 2"),
        ([ROW, "won"], TypeError, "row 2"),
    ],
)
def test_tally_of_names_the_row_it_cannot_count(
    rows: list[Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        Tally.of(rows)


def test_a_tally_refuses_a_verdict_it_cannot_count() -> None:
    with pytest.raises(ValueError, match="verdict"):
        Tally().add("maybe")


@pytest.mark.parametrize(
    ("counts", "error"),
    [
        ({"won": -1}, ValueError),
        ({"stuck": -3, "won": 5}, ValueError),
        ({"lost": 1.5}, TypeError),
        ({"unknown": True}, TypeError),
        ({"won": "3"}, TypeError),
    ],
)
def test_a_tally_refuses_counts_no_survey_makes(
    counts: dict[str, object], error: type[Exception]
) -> None:
    name = next(iter(counts))
    with pytest.raises(error, match=name):
        Tally(**counts)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("successes", "trials", "words"),
    [(5, 3, "successes"), (-1, 3, "successes"), (1, -3, "trials"), (0, -1, "trials")],
)
def test_wilson_names_the_argument_out_of_range(
    successes: int, trials: int, words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        wilson(successes, trials)
    low, high = wilson(3, 5)
    assert 0 < low < 3 / 5 < high < 1


def test_a_tally_cannot_be_built_again_in_place() -> None:
    tally = Tally(won=1)
    with pytest.raises(TypeError, match="immutable"):
        Tally.__init__(tally, 5)
    assert tally == Tally(won=1)


def test_the_no_peek_summary_says_won_by_the_no_peek_player() -> None:
    table = Tally(won=3, stuck=2).table(player="no-peek")
    assert "won by the no-peek player" in table and "winnable" not in table
    assert "winnable" in Tally(won=3, lost=2).table()
