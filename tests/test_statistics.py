"""A player's record (yukon.Statistics), against sequences of games worked by hand, and
its invariants: merging, JSON and what loading refuses."""

from __future__ import annotations

import datetime
import json

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import yukon
from yukon import Grade, Played, Rules, Statistics, Totals
from yukon.grades import WINNABLE_GRADES

C, R = Rules.CLASSIC, Rules.RELAXED
DAY = datetime.date(2026, 12, 7)  # a Monday


def win(
    rules: Rules = C,
    *,
    score: int = 625,
    moves: int = 120,
    seconds: float | None = 300.0,
    grade: Grade | None = None,
    daily: datetime.date | None = None,
) -> Played:
    return Played(rules, True, score, moves, seconds, grade, daily)


def loss(
    rules: Rules = C,
    *,
    score: int = 80,
    grade: Grade | None = None,
    daily: datetime.date | None = None,
) -> Played:
    return Played(rules, False, score, 30, 60.0, grade, daily)


def test_a_sequence_worked_by_hand() -> None:
    # W W L W W W L: played 7, won 5, streak 0, best 3.
    games = [
        win(seconds=400.0, moves=150),
        win(grade=Grade.EASY, seconds=250.0),
        loss(grade=Grade.HARD, score=300),
        win(R, moves=110, score=640),
        win(grade=Grade.EASY),
        win(R, seconds=None, moves=100),
        loss(R),
    ]
    record = Statistics().add_all(games)
    assert record.games == Totals(
        played=7,
        won=5,
        streak=0,
        best_streak=3,
        best_score=640,
        fastest_win=250.0,
        fewest_moves=100,
    )
    assert record.games.win_share == pytest.approx(5 / 7)
    # Classic: W W L W -> streak 1, best 2.  Relaxed: W W L -> streak 0, best 2.
    assert record.for_rules(C) == Totals(4, 3, 1, 2, 625, 250.0, 120)
    assert record.for_rules(R) == Totals(3, 2, 0, 2, 640, 300.0, 100)
    assert record.for_grade(Grade.EASY) == Totals(2, 2, 2, 2, 625, 250.0, 120)
    assert record.for_grade(Grade.HARD) == Totals(1, 0, 0, 0, 300)
    assert record.for_grade(Grade.MEDIUM) == Totals()
    assert record.daily_streak == 0 and record.last_daily_win is None


def test_the_daily_streak_counts_days_won_and_breaks_on_a_missed_day() -> None:
    days = [DAY + datetime.timedelta(n) for n in range(8)]
    record = Statistics().add_all(
        [
            win(daily=days[0]),
            loss(daily=days[1]),  # lost first, then won the same day: still counts
            win(daily=days[1]),
            win(),  # not a daily deal: changes no daily streak
            win(daily=days[2]),
        ]
    )
    assert (record.daily_streak, record.best_daily_streak) == (3, 3)
    assert record.daily_streak_on(days[2]) == 3
    assert record.daily_streak_on(days[3]) == 3  # today's deal is still to play
    assert record.daily_streak_on(days[4]) == 0  # days[3] was missed
    # days[3] missed: the next daily won starts again from 1.
    record = record.add(win(daily=days[4]))
    assert (record.daily_streak, record.best_daily_streak) == (1, 3)
    assert record.last_daily_win == days[4]
    # Winning the same day again, or an earlier day's deal, changes no streak.
    again = record.add(win(daily=days[4])).add(win(daily=days[3]))
    assert (again.daily_streak, again.best_daily_streak) == (1, 3)
    assert again.last_daily_win == days[4]
    # A daily deal lost, and no other game that day: the streak is broken next day.
    lost = record.add(loss(daily=days[5]))
    assert lost.daily_streak_on(days[6]) == 0


def test_a_game_counts_when_won_or_left_after_a_move() -> None:
    game = yukon.Game.new("YU1-C-AAAAAAB")
    assert Played.of(game) is None  # left with no move made: does not count
    moved = game.play("6C>1")
    played = Played.of(moved, seconds=12.5)
    assert played == Played(C, False, moved.score, 1, 12.5)
    solution = yukon.solve(game.state)
    won = game
    for move in solution.moves:
        won = won.play(move)
    counted = Played.of(won, grade=Grade.EASY)
    assert counted is not None and counted.won and counted.moves == won.move_count


def test_a_daily_game_must_be_that_days_deal() -> None:
    today = yukon.daily(DAY)
    game = yukon.Game.new(today).play(yukon.Game.new(today).state.legal_moves()[0])
    played = Played.of(game, daily=DAY)
    assert played is not None and played.daily == DAY
    with pytest.raises(ValueError, match="not the daily deal"):
        Played.of(game, daily=DAY + datetime.timedelta(1))


def test_a_win_that_play_cannot_produce_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 625"):
        Played(C, True, 600, 120)
    with pytest.raises(ValueError, match="at least 625"):
        Played(C, True, 625, 51)
    with pytest.raises(ValueError, match="proved lost"):
        Played(C, True, 625, 120, grade=Grade.LOST)
    with pytest.raises(TypeError, match="daily"):
        Played(C, False, 0, 1, daily=datetime.datetime(2026, 1, 1))


played_games = st.builds(
    Played,
    st.sampled_from(list(Rules)),
    st.just(False),
    st.integers(0, 2000),
    st.integers(1, 500),
    st.none() | st.floats(0, 10_000),
    st.none() | st.sampled_from(list(Grade)),
    st.none() | st.dates(datetime.date(2026, 1, 1), datetime.date(2026, 1, 20)),
) | st.builds(
    Played,
    st.sampled_from(list(Rules)),
    st.just(True),
    st.integers(625, 2000),
    st.integers(52, 500),
    st.none() | st.floats(0, 10_000),
    st.none() | st.sampled_from(WINNABLE_GRADES),
    st.none() | st.dates(datetime.date(2026, 1, 1), datetime.date(2026, 1, 20)),
)
records = st.lists(played_games, max_size=25).map(Statistics().add_all)


@given(records)
def test_json_round_trips_and_follows_its_schema(record: Statistics) -> None:
    data = json.loads(record.to_json())
    jsonschema.validate(data, yukon.schema("statistics"))
    assert Statistics.from_json(record.to_json()) == record
    assert Statistics.from_dict(data) == record


@given(records, records, records)
def test_merge_is_associative_and_commutative(
    a: Statistics, b: Statistics, c: Statistics
) -> None:
    assert a.merge(b) == b.merge(a)
    assert a.merge(b).merge(c) == a.merge(b.merge(c))
    assert a.merge(Statistics()) == a


@given(st.lists(played_games, max_size=20), st.lists(played_games, max_size=20))
def test_merge_adds_the_counts_and_keeps_the_bests(
    first: list[Played], second: list[Played]
) -> None:
    a, b = Statistics().add_all(first), Statistics().add_all(second)
    both = Statistics().add_all(first + second)
    merged = a.merge(b)
    assert (merged.games.played, merged.games.won) == (
        both.games.played,
        both.games.won,
    )
    assert merged.games.best_score == both.games.best_score
    assert merged.games.fastest_win == both.games.fastest_win
    assert merged.games.fewest_moves == both.games.fewest_moves
    assert merged.games.best_streak <= both.games.best_streak
    for rules in Rules:
        assert merged.for_rules(rules).played == both.for_rules(rules).played


@given(records)
def test_every_record_play_makes_holds_its_invariants(record: Statistics) -> None:
    totals = record.games
    assert 0 <= totals.streak <= totals.best_streak <= totals.won <= totals.played
    assert sum(t.played for _, t in record.by_rules) == totals.played
    assert record.daily_streak <= record.best_daily_streak


def _saved(**changes: object) -> dict[str, object]:
    record = Statistics().add_all([win(daily=DAY), loss(), win(grade=Grade.EASY)])
    data = record.to_dict()
    for path, value in changes.items():
        *parents, last = path.split("__")
        held = data
        for name in parents:
            held = held[name]
        held[last] = value
    return data


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"games__won": 9}, "won"),
        ({"games__played": -1}, "played"),
        ({"games__streak": 2, "games__best_streak": 1}, "streak"),
        ({"games__best_score": None}, "best_score"),
        ({"games__fewest_moves": 10}, "fewest_moves"),
        ({"games__won": True}, "whole number"),
        ({"version": True}, "version"),
        ({"version": 2}, "version"),
        ({"format": "yukon.game"}, "format"),
        ({"by_rules__C__played": 2}, "by_rules"),
        ({"by_rules__X": {}}, "unknown key"),
        ({"by_grade__easy__played": 5, "by_grade__easy__won": 2}, "more games"),
        ({"daily__streak": 2}, "daily"),
        ({"daily__last_win": None}, "last_daily_win"),
        ({"daily__last_win": "2026-13-01"}, "ISO date"),
        ({"extra": 1}, "fields"),
    ],
)
def test_loading_refuses_what_play_cannot_produce(
    changes: dict[str, object], words: str
) -> None:
    data = _saved(**changes)
    with pytest.raises(yukon.InvalidStatistics, match=words):
        Statistics.from_dict(data)


def test_loading_refuses_text_that_is_no_json() -> None:
    with pytest.raises(yukon.InvalidStatistics, match="JSON"):
        Statistics.from_json("{")
    with pytest.raises(TypeError, match="text"):
        Statistics.from_json(3)  # type: ignore[arg-type]
