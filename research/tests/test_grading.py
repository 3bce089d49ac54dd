"""The grades: calibrated on one range of deals and checked on another, with the
figures on the research page made from the results file, and the package's catalog and
daily table made from the same data."""

from __future__ import annotations

import json
import pathlib
from importlib import resources

import pytest

import yukon
from research import catalog, grading
from yukon import GameCode, Grade
from yukon.grades import GRADE_WINS, GUESSES, WINNABLE_GRADES, grade_of

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "research.md"


@pytest.fixture(scope="module")
def rows() -> list[grading.Row]:
    return grading.read()


def test_every_winnable_deal_of_the_ranges_has_one_row(rows: list[grading.Row]) -> None:
    with open(grading.RESULTS, encoding="utf-8") as lines:
        codes = [json.loads(line)["code"] for line in lines]
    assert len(codes) == len(set(codes)) == len(rows)
    expected = set()
    for part, (rules, numbers) in grading.RANGES.items():
        won = grading.proven_won(rules)
        expected |= {(part, str(GameCode(n, rules))) for n in numbers if n in won}
    assert {(row["part"], row["code"]) for row in rows} == expected
    for row in rows:
        assert row["guesses"] == GUESSES and len(row["won"]) == GUESSES
        assert row["wins"] == sum(row["won"])
        held = row["part"] == "held-out"
        assert len(row["checks"]) == (grading.CHECKS if held else 0)


def test_the_thresholds_are_the_calibration_of_the_calibration_range(
    rows: list[grading.Row],
) -> None:
    assert grading.calibrate(grading.part(rows, "calibration")) == GRADE_WINS


def test_on_held_out_deals_the_share_won_falls_grade_by_grade(
    rows: list[grading.Row],
) -> None:
    """The check the issue asks for, on fresh games of deals the thresholds were not
    calibrated on: each grade's no-peek win share is below the one before, and the
    easiest and hardest winnable grades are at least 40 points apart."""
    shares = grading.held_out_shares(rows)
    ordered = [shares[grade] for grade in WINNABLE_GRADES]
    assert ordered == sorted(ordered, reverse=True) and len(set(ordered)) == 4
    assert shares[Grade.EASY] - shares[Grade.HARDEST] >= 0.40


def test_the_pages_grading_table_is_made_from_the_results(
    rows: list[grading.Row],
) -> None:
    page = PAGE.read_text(encoding="utf-8")
    start, end = "<!-- grading-table: start -->", "<!-- grading-table: end -->"
    assert page.count(start) == 1 and page.count(end) == 1
    held = page[page.index(start) + len(start) : page.index(end)].strip()
    assert held == grading.table(rows)


def test_the_packages_catalog_is_made_from_the_data(rows: list[grading.Row]) -> None:
    shipped = (
        resources.files("yukon").joinpath("deals.json").read_text(encoding="utf-8")
    )
    assert shipped == catalog.dump(catalog.build())
    for row in rows:
        graded = yukon.known_grading(row["code"])
        assert graded is not None and graded.wins == row["wins"]
        assert graded.grade is grade_of(row["wins"])


def test_the_catalogs_winnable_deals_are_the_surveys_wins() -> None:
    from yukon._catalog import catalog as read_catalog
    from yukon._catalog import decode_bits

    for rules in yukon.Rules:
        first, count, won = catalog.survey_span(rules)
        assert decode_bits(first, catalog.encode_bits(first, count, won)) == tuple(
            sorted(won)
        )
        assert set(read_catalog().proven[rules]) == won


def test_the_daily_table_holds_graded_deals_of_each_weekdays_grade() -> None:
    from yukon._deals import WEEKDAY_GRADES, daily_table

    assert catalog.WEEKDAY_GRADES == WEEKDAY_GRADES
    for rules, days in daily_table().items():
        graded = {
            n: grade_of(w)
            for n, w in json.loads(catalog.CATALOG.read_text())["wins"][
                rules.value
            ].items()
        }
        for weekday, numbers in enumerate(days):
            wanted = WEEKDAY_GRADES[weekday]
            grades = [yukon.grade(GameCode(n, rules)) for n in numbers]
            rank = WINNABLE_GRADES.index(wanted)
            # The weekday's grade; easier ones fill in only where too few deals are
            # of it (relaxed deals are nearly all easy).
            assert all(WINNABLE_GRADES.index(g) <= rank for g in grades)
            of_it = sorted(int(n) for n, g in graded.items() if g is wanted)
            assert [
                n for n, g in zip(numbers, grades, strict=True) if g is wanted
            ] == of_it
            if len(of_it) >= catalog.FEWEST:
                assert set(grades) == {wanted}
