"""Deals a player asks for: winnable ones (of a grade), graded ones, and the daily deal.
Every code they give is replayed to a win by the solver's line."""

from __future__ import annotations

import datetime
import functools
import hashlib
import json
import pathlib
import random
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st

import yukon
from yukon import GameCode, Grade, Rules
from yukon._deals import DAILY_FILE, DAILY_SHA256, WEEKDAY_GRADES
from yukon.grades import GRADE_WINS, GUESSES, WINNABLE_GRADES, grade_of, no_peek_won

# Grading and the searches past the catalog solve millions of positions: in pure Python
# (.ci/run's sdist and pure-wheel stages) one test took over 13 minutes and 1.8 GB; the
# code is the same either way, and stage 1 runs it with the core.
pytestmark = pytest.mark.same_without_core


def replays_to_a_win(code: GameCode) -> bool:
    """Whether the solver's line for ``code`` plays its deal to a win."""
    solution = yukon.solve(yukon.deal(code), max_nodes=2_000_000)
    game = yukon.Game.new(code)
    for move in solution.moves:
        game = game.play(move)
    return solution.verdict is yukon.Verdict.WON and game.is_won


@pytest.mark.parametrize("rules", list(Rules))
def test_winnable_codes_replay_to_a_win(rules: Rules) -> None:
    rng = random.Random(60)
    codes = {yukon.winnable(rules, rng=rng) for _ in range(25)}
    assert len(codes) > 20  # drawn, not one deal over and over
    for code in codes:
        assert code.rules is rules
        assert replays_to_a_win(code), code


@pytest.mark.parametrize("grade", WINNABLE_GRADES)
def test_winnable_codes_of_a_grade_are_of_it_and_replay_to_a_win(grade: Grade) -> None:
    rng = random.Random(7)
    for _ in range(5):
        code = yukon.winnable(grade=grade, rng=rng)
        assert yukon.grade(code) is grade
        graded = yukon.known_grading(code)
        assert graded is not None and graded.from_catalog
        assert graded.wins is not None and grade_of(graded.wins) is grade
        assert replays_to_a_win(code)
    assert yukon.winnable(grade=grade.value, rng=random.Random(1)) == yukon.winnable(
        grade=grade, rng=random.Random(1)
    )


def test_winnable_draws_from_the_rng_given_and_leaves_the_global_one_alone() -> None:
    before = random.getstate()
    first = [yukon.winnable(rng=random.Random(5)) for _ in range(3)]
    assert len(set(first)) == 1
    assert random.getstate() == before
    yukon.winnable()  # system randomness
    assert random.getstate() == before


def test_winnable_refuses_what_names_no_winnable_grade() -> None:
    with pytest.raises(ValueError, match="winnable grade"):
        yukon.winnable(grade=Grade.LOST)
    with pytest.raises(ValueError, match="a grade is one of"):
        yukon.winnable(grade="tricky")
    with pytest.raises(TypeError, match="grade"):
        yukon.winnable(grade=3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rng"):
        yukon.winnable(rng=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="tries"):
        yukon.winnable(tries=-1)
    with pytest.raises(yukon.InvalidGameCode):
        yukon.winnable("X")


def test_a_grade_the_catalog_lacks_is_searched_for_and_refused_clearly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from yukon import _catalog, _deals

    full = _catalog.catalog()
    empty = _catalog.DealCatalog(full.guesses, full.proven, {})
    monkeypatch.setattr(_deals, "catalog", lambda: empty)
    with pytest.raises(yukon.NoDealFound, match="none of the 0 deals tried"):
        yukon.winnable(grade=Grade.EASY, rng=random.Random(1), tries=0)


@pytest.mark.slow
@pytest.mark.no_cover  # grades deals now: half a minute of planned hints
def test_past_the_catalog_a_deal_of_the_grade_is_found_by_grading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With this generator the first deal drawn is graded hard and passed over, the
    second medium."""
    from yukon import _catalog, _deals

    full = _catalog.catalog()
    empty = _catalog.DealCatalog(full.guesses, full.proven, {})
    monkeypatch.setattr(_deals, "catalog", lambda: empty)
    graded: list[yukon.Grading] = []
    measure = yukon.grading

    def recorded(code: GameCode) -> yukon.Grading:
        graded.append(measure(code))
        return graded[-1]

    monkeypatch.setattr(_deals, "grading", recorded)
    code = yukon.winnable(grade=Grade.MEDIUM, rng=random.Random(2), tries=10)
    assert [g.grade for g in graded] == [Grade.HARD, Grade.MEDIUM]
    assert graded[-1].code == code and not graded[-1].from_catalog
    assert yukon.known_grading(code) is None  # not a catalog deal
    assert replays_to_a_win(code)


def test_catalog_grades_are_the_measure_read_through_the_thresholds() -> None:
    code = GameCode.parse("YU1-C-AAAAAAB")
    graded = yukon.grading(code)
    assert graded.from_catalog and graded.guesses == GUESSES
    assert graded.wins is not None and graded.share == graded.wins / GUESSES
    assert graded.wins >= GRADE_WINS[graded.grade]
    assert yukon.grade("YU1-C-AAAAAAB") is graded.grade


@pytest.mark.slow
@pytest.mark.no_cover  # 12 no-peek games of planned hints
def test_the_measure_now_gives_what_the_catalog_holds() -> None:
    """Deals outside the catalog are graded by the same measure: played again now, a
    catalog deal's games come out as the catalog has them."""
    for text in ("YU1-C-AAAAAAC", "YU1-C-AAAAAAL"):
        code = GameCode.parse(text)
        graded = yukon.known_grading(code)
        assert graded is not None
        assert sum(no_peek_won(code, guess) for guess in range(GUESSES)) == graded.wins


def test_a_deal_proved_lost_is_graded_lost() -> None:
    lost = GameCode.parse("YU1-C-AAAAAAY")  # deal 24: proved lost at once
    graded = yukon.grading(lost)
    assert graded == yukon.Grading(lost, Grade.LOST, None, GUESSES, False)
    assert graded.share is None and not Grade.LOST.winnable
    assert yukon.known_grading(lost) is None


@pytest.mark.slow
@pytest.mark.no_cover  # a no-peek game of planned hints on a lost deal
def test_a_deal_neither_proved_nor_won_cannot_be_graded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Deal 17 took the survey's solver 19 million positions to prove lost: more than
    # grading's budget, and a lost deal no no-peek game wins (so one game, not six).
    from yukon import _grading

    monkeypatch.setattr(_grading, "GUESSES", 1)
    with pytest.raises(yukon.CannotGrade, match="neither won nor lost"):
        yukon.grading("YU1-C-AAAAAAR")


def test_grade_refuses_what_is_no_code() -> None:
    with pytest.raises(yukon.InvalidGameCode):
        yukon.grade("YU1-C-")
    with pytest.raises(TypeError, match="code"):
        yukon.grade(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a grade is one of"):
        Grade.parse("")
    assert Grade.parse(" Hard ") is Grade.HARD


def test_the_daily_table_is_frozen() -> None:
    data = resources.files("yukon").joinpath(DAILY_FILE).read_bytes()
    assert hashlib.sha256(data).hexdigest() == DAILY_SHA256


def test_the_daily_deal_follows_its_specification() -> None:
    """game-codes.md's construction, written out again from the page's words."""
    import json

    table = json.loads(resources.files("yukon").joinpath(DAILY_FILE).read_bytes())
    day = datetime.date(2027, 2, 28)
    for rules in Rules:
        key = f"yukon-daily-1/{rules.value}/2027-02-28".encode()
        digest = hashlib.sha256(key).digest()
        numbers = table["deals"][rules.value][6]  # a Sunday
        expected = numbers[int.from_bytes(digest[:8], "big") % len(numbers)]
        assert yukon.daily(day, rules) == GameCode(expected, rules)


def test_the_daily_deal_of_each_weekday_is_of_its_grade() -> None:
    start = datetime.date(2026, 1, 1)
    days = [start + datetime.timedelta(n) for n in range(366)]
    for day in days:
        graded = yukon.known_grading(yukon.daily(day))
        assert graded is not None and graded.grade is WEEKDAY_GRADES[day.weekday()]
    for rules in Rules:
        assert len({yukon.daily(day, rules) for day in days}) > 40


def test_daily_deals_replay_to_a_win() -> None:
    start = datetime.date(2026, 12, 1)
    for n in range(14):
        for rules in Rules:
            assert replays_to_a_win(yukon.daily(start + datetime.timedelta(n), rules))


def test_daily_refuses_what_is_no_calendar_day() -> None:
    with pytest.raises(TypeError, match=r"datetime\.date"):
        yukon.daily(datetime.datetime(2026, 12, 6, 12))
    with pytest.raises(TypeError, match=r"datetime\.date"):
        yukon.daily("2026-12-06")  # type: ignore[arg-type]
    with pytest.raises(yukon.InvalidGameCode):
        yukon.daily(datetime.date(2026, 12, 6), "X")


SURVEYS = pathlib.Path(__file__).parents[1] / "docs" / "data"
"""The thoughtful surveys' data: in the checkout and in a wheel's test copy (docs/ is a
test source), left out of the sdist (MANIFEST.in prunes docs/data)."""


@functools.cache
def _survey_wins(rules: Rules) -> frozenset[int]:
    """The deals the thoughtful survey in docs/data proved winnable."""
    name = {Rules.CLASSIC: "classic-1-20000", Rules.RELAXED: "relaxed-1-5000"}[rules]
    with (SURVEYS / f"survey-{name}.jsonl").open(encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines]
    return frozenset(
        GameCode.parse(row["code"]).number for row in rows if row["verdict"] == "won"
    )


@pytest.mark.skipif(
    not (SURVEYS / "survey-classic-1-20000.jsonl").exists(),
    reason="the survey data is not shipped in the sdist",
)
@given(
    st.integers(0, 2**64),
    st.sampled_from(list(Rules)),
    st.none() | st.sampled_from(WINNABLE_GRADES),
)
def test_winnable_gives_only_deals_a_survey_proved_won(
    seed: int, rules: Rules, grade: Grade | None
) -> None:
    try:
        code = yukon.winnable(rules, grade=grade, rng=random.Random(seed), tries=0)
    except yukon.NoDealFound:
        assert grade is not None  # only a grade the catalog lacks
        return
    assert code.rules is rules and code.number in _survey_wins(rules)
    if grade is not None:
        graded = yukon.known_grading(code)
        assert graded is not None and graded.grade is grade
