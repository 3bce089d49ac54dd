"""A player's record: games played and won, streaks and bests, folded from finished
games, per rule set and per grade, with the daily deal's streak.

**When a game counts** (the one place this is said): a game counts once it is over.
It is *won* when all 52 cards are home. The app never declares a loss: a game left
unfinished for another one (a new deal, a loaded save) after at least one move counts
as *not won*. A game left with no move made does not count, nor does a game still in
play when the app closes (it can be saved and resumed). :meth:`Played.of` applies this
to a :class:`~yukon.Game`.
"""

from __future__ import annotations

import datetime
import json
import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from ._arguments import instance, quote
from ._codes import Rules
from ._errors import InvalidStatistics
from ._game import Game
from ._grading import Grade
from ._scoring import CLEAN_WIN, MAX_SCORE

FORMAT = "yukon.statistics"
VERSION = 1
FEWEST_WIN_MOVES = 52
"""No win takes fewer moves: each card goes home by a move of its own."""
_LONGEST = 10 * 365 * 24 * 3600.0
"""The longest a game may have taken, in seconds (ten years)."""


def _object(data: object, where: str, keys: Iterable[str]) -> Mapping[str, Any]:
    if not isinstance(data, dict):
        raise InvalidStatistics(f"{where} must be an object")
    wanted = set(keys)
    if set(data) != wanted:
        odd = sorted(set(data) ^ wanted)
        raise InvalidStatistics(f"{where} must have the fields {sorted(wanted)}; {odd}")
    return data


def _whole(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidStatistics(f"{where} must be a whole number, not {quote(value)}")
    return value


def _number(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidStatistics(f"{where} must be a number, not {quote(value)}")
    return float(value)


def _maybe(value: object, read: Callable[[object, str], Any], where: str) -> Any:
    return None if value is None else read(value, where)


def _check_whole(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
    if not low <= value <= high:
        raise InvalidStatistics(f"{name} must be from {low} to {high}, not {value}")


def _check_seconds(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(
            f"{name} must be a number of seconds, not {type(value).__name__}"
        )
    if math.isnan(value) or not 0 <= value <= _LONGEST:
        raise InvalidStatistics(f"{name} must be from 0 to {_LONGEST:g} seconds")


@attrs.frozen
class Played:
    """One game that counts (see the module notes): its rule set, whether it was won,
    its score and moves, how long it took (``None``: not timed), its grade when known,
    and the day whose daily deal it was (``None``: not a daily deal)."""

    rules: Rules
    won: bool
    score: int
    moves: int
    seconds: float | None = None
    grade: Grade | None = None
    daily: datetime.date | None = None

    def __attrs_post_init__(self) -> None:
        instance("rules", self.rules, Rules, "a Rules")
        instance("won", self.won, bool, "True or False")
        _check_whole("score", self.score, 0, MAX_SCORE)
        _check_whole("moves", self.moves, 1, 2**62)
        if self.seconds is not None:
            _check_seconds("seconds", self.seconds)
        if self.grade is not None:
            instance("grade", self.grade, Grade, "a Grade or None")
            if not self.grade.winnable and self.won:
                raise ValueError("a game won cannot be of a deal proved lost")
        if self.daily is not None and (
            isinstance(self.daily, datetime.datetime)
            or not isinstance(self.daily, datetime.date)
        ):
            raise TypeError(
                f"daily must be a datetime.date or None, not {type(self.daily).__name__}"
            )
        if self.won and (self.score < CLEAN_WIN or self.moves < FEWEST_WIN_MOVES):
            raise ValueError(
                f"a game won scores at least {CLEAN_WIN} in at least "
                f"{FEWEST_WIN_MOVES} moves"
            )

    @classmethod
    def of(
        cls,
        game: Game,
        *,
        seconds: float | None = None,
        grade: Grade | None = None,
        daily: datetime.date | None = None,
    ) -> Played | None:
        """``game`` as the record counts it when it is won or left for another game;
        ``None`` when it does not count (no move made). ``daily`` is the day whose
        daily deal ``game`` is: its code must be :func:`yukon.daily`'s for that day."""
        instance("game", game, Game, "a Game")
        if game.move_count == 0:
            return None
        if daily is not None:
            from ._deals import daily as daily_code

            code = game.code
            if code is None or code != daily_code(daily, code.rules):
                raise ValueError(f"game is not the daily deal of {daily.isoformat()}")
        return cls(
            game.state.rules,
            game.is_won,
            game.score,
            game.move_count,
            seconds,
            grade,
            daily,
        )


@attrs.frozen
class Totals:
    """The record of a set of games: how many were played and won, the streak of wins
    (``streak``: ending with the last game; ``best_streak``: the longest), the best
    score of any game, and the fastest win (seconds) and fewest moves of a win
    (``None``: no win, or no timed win)."""

    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    best_score: int | None = None
    fastest_win: float | None = None
    fewest_moves: int | None = None

    def __attrs_post_init__(self) -> None:
        for name in ("played", "won", "streak", "best_streak"):
            _check_whole(name, getattr(self, name), 0, 2**62)
        if self.won > self.played:
            raise InvalidStatistics(f"won ({self.won}) > played ({self.played})")
        if not self.streak <= self.best_streak <= self.won:
            raise InvalidStatistics(
                f"streaks must hold streak <= best_streak <= won, not {self.streak}, "
                f"{self.best_streak}, {self.won}"
            )
        if (self.best_score is None) != (self.played == 0):
            raise InvalidStatistics(
                "best_score is given exactly when a game was played"
            )
        if self.best_score is not None:
            low = CLEAN_WIN if self.won else 0
            _check_whole("best_score", self.best_score, low, MAX_SCORE)
        if self.won == 0 and (self.fastest_win, self.fewest_moves) != (None, None):
            raise InvalidStatistics("fastest_win and fewest_moves need a game won")
        if (self.fewest_moves is None) != (self.won == 0):
            raise InvalidStatistics("fewest_moves is given exactly when a game was won")
        if self.fewest_moves is not None:
            _check_whole("fewest_moves", self.fewest_moves, FEWEST_WIN_MOVES, 2**62)
        if self.fastest_win is not None:
            _check_seconds("fastest_win", self.fastest_win)

    @property
    def win_share(self) -> float | None:
        """The share of the games played that were won; ``None`` before any game."""
        return self.won / self.played if self.played else None

    def add(self, game: Played) -> Totals:
        """This record with ``game`` counted."""
        streak = self.streak + 1 if game.won else 0
        fastest, fewest = self.fastest_win, self.fewest_moves
        if game.won:
            fastest = _least(fastest, game.seconds)
            fewest = _least(fewest, game.moves)
        return Totals(
            self.played + 1,
            self.won + game.won,
            streak,
            max(self.best_streak, streak),
            max(self.best_score or 0, game.score),
            fastest,
            fewest,
        )

    def merge(self, other: Totals) -> Totals:
        """The record of both sets of games, kept apart (two devices, say): counts add
        up, bests are the better, and the current streak is the longer of the two (which
        games came last is not known)."""
        instance("other", other, Totals, "a Totals")
        return Totals(
            self.played + other.played,
            self.won + other.won,
            max(self.streak, other.streak),
            max(self.best_streak, other.best_streak),
            _most(self.best_score, other.best_score),
            _least(self.fastest_win, other.fastest_win),
            _least(self.fewest_moves, other.fewest_moves),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "played": self.played,
            "won": self.won,
            "streak": self.streak,
            "best_streak": self.best_streak,
            "best_score": self.best_score,
            "fastest_win_seconds": self.fastest_win,
            "fewest_moves": self.fewest_moves,
        }

    @classmethod
    def from_dict(cls, data: object, where: str) -> Totals:
        fields = _object(data, where, _TOTALS_KEYS)
        return cls(
            _whole(fields["played"], f"{where}.played"),
            _whole(fields["won"], f"{where}.won"),
            _whole(fields["streak"], f"{where}.streak"),
            _whole(fields["best_streak"], f"{where}.best_streak"),
            _maybe(fields["best_score"], _whole, f"{where}.best_score"),
            _maybe(fields["fastest_win_seconds"], _number, f"{where}.fastest_win"),
            _maybe(fields["fewest_moves"], _whole, f"{where}.fewest_moves"),
        )


_TOTALS_KEYS = frozenset(Totals().to_dict())
_NO_GAMES = Totals()


def _least(a: Any, b: Any) -> Any:
    return b if a is None else a if b is None else min(a, b)


def _most(a: Any, b: Any) -> Any:
    return b if a is None else a if b is None else max(a, b)


@attrs.frozen
class Statistics:
    """A player's record, folded from the games that count (see the module notes), each
    of its :class:`Totals` over all games, per rule set and per grade (games of a deal
    whose grade is not known count in neither grade), and the daily deal's streak:
    consecutive calendar days on which that day's daily deal was won, up to
    ``last_daily_win``. Immutable: :meth:`add` returns a new record.

    >>> import yukon
    >>> game = yukon.Played(yukon.Rules.CLASSIC, won=False, score=40, moves=30)
    >>> yukon.Statistics().add(game).games.played
    1
    """

    games: Totals = _NO_GAMES
    by_rules: tuple[tuple[Rules, Totals], ...] = ()
    by_grade: tuple[tuple[Grade, Totals], ...] = ()
    daily_streak: int = 0
    best_daily_streak: int = 0
    last_daily_win: datetime.date | None = None

    def __attrs_post_init__(self) -> None:
        instance("games", self.games, Totals, "a Totals")
        for name, parts, kind in (
            ("by_rules", self.by_rules, Rules),
            ("by_grade", self.by_grade, Grade),
        ):
            keys = [key for key, _ in parts]
            if keys != sorted(set(keys), key=list(kind).index):
                raise InvalidStatistics(f"{name} must hold each key once, in order")
            for key, totals in parts:
                instance(name, key, kind, kind.__name__)
                instance(name, totals, Totals, "a Totals")
                if totals.played == 0:
                    raise InvalidStatistics(f"{name} holds {key} with no game played")
                if totals.played > self.games.played or totals.won > self.games.won:
                    raise InvalidStatistics(f"{name} counts more games than games does")
        if self.by_rules:
            played = sum(t.played for _, t in self.by_rules)
            won = sum(t.won for _, t in self.by_rules)
            if (played, won) != (self.games.played, self.games.won):
                raise InvalidStatistics("by_rules must count every game once")
        elif self.games.played:
            raise InvalidStatistics("by_rules must count every game once")
        if sum(t.played for _, t in self.by_grade) > self.games.played:
            raise InvalidStatistics("by_grade counts more games than games does")
        _check_whole("daily_streak", self.daily_streak, 0, 2**62)
        _check_whole("best_daily_streak", self.best_daily_streak, 0, 2**62)
        if not self.daily_streak <= self.best_daily_streak <= self.games.won:
            raise InvalidStatistics(
                "the daily streaks must hold daily_streak <= best_daily_streak <= won"
            )
        if (self.last_daily_win is None) != (self.best_daily_streak == 0):
            raise InvalidStatistics("last_daily_win is given exactly after a daily win")
        if (self.daily_streak == 0) != (self.last_daily_win is None):
            raise InvalidStatistics("a daily win makes a daily streak of at least 1")

    def for_rules(self, rules: Rules) -> Totals:
        """The record of the games of ``rules`` (no games: all zero)."""
        return dict(self.by_rules).get(rules, _NO_GAMES)

    def for_grade(self, grade: Grade) -> Totals:
        """The record of the games of deals of ``grade``."""
        return dict(self.by_grade).get(grade, _NO_GAMES)

    def daily_streak_on(self, today: datetime.date) -> int:
        """The daily streak as it stands on ``today``: broken (0) when neither today's
        nor yesterday's daily deal was won. The record never reads the clock: the
        caller says which day it is."""
        last = self.last_daily_win
        if last is None or (today - last).days not in (0, 1):
            return 0
        return self.daily_streak

    def add(self, game: Played) -> Statistics:
        """This record with ``game`` counted. A daily deal won extends the daily streak
        when it is the day after the last daily win, and starts a new one after a
        missed day; winning an earlier day's deal later changes no streak."""
        instance("game", game, Played, "a Played")
        streak, best, last = (
            self.daily_streak,
            self.best_daily_streak,
            self.last_daily_win,
        )
        if game.daily is not None and game.won and (last is None or game.daily > last):
            follows = last is not None and (game.daily - last).days == 1
            streak = streak + 1 if follows else 1
            best, last = max(best, streak), game.daily
        by_grade = self.by_grade
        if game.grade is not None:
            by_grade = _added(by_grade, game.grade, game, list(Grade))
        return Statistics(
            self.games.add(game),
            _added(self.by_rules, game.rules, game, list(Rules)),
            by_grade,
            streak,
            best,
            last,
        )

    def add_all(self, games: Iterable[Played]) -> Statistics:
        record = self
        for game in games:
            record = record.add(game)
        return record

    def merge(self, other: Statistics) -> Statistics:
        """The record of both players' games (one player on two devices): each
        :class:`Totals` merged (:meth:`Totals.merge`); the daily streak is the one that
        reaches the later day (the longer, when both reach the same day)."""
        instance("other", other, Statistics, "a Statistics")
        mine = (self.last_daily_win or datetime.date.min, self.daily_streak)
        theirs = (other.last_daily_win or datetime.date.min, other.daily_streak)
        later = self if mine >= theirs else other
        return Statistics(
            self.games.merge(other.games),
            _merged(self.by_rules, other.by_rules, list(Rules)),
            _merged(self.by_grade, other.by_grade, list(Grade)),
            later.daily_streak,
            max(self.best_daily_streak, other.best_daily_streak),
            later.last_daily_win,
        )

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON data (schema ``statistics``: ``yukon.schema("statistics")``)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "games": self.games.to_dict(),
            "by_rules": {key.value: totals.to_dict() for key, totals in self.by_rules},
            "by_grade": {key.value: totals.to_dict() for key, totals in self.by_grade},
            "daily": {
                "streak": self.daily_streak,
                "best_streak": self.best_daily_streak,
                "last_win": None
                if self.last_daily_win is None
                else self.last_daily_win.isoformat(),
            },
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: object) -> Statistics:
        """A record from :meth:`to_dict`'s data. Raises
        :class:`~yukon.InvalidStatistics` for data that no play can produce: unknown
        or missing fields, negative counts, more won than played, a best streak
        shorter than the current one, and the like."""
        fields = _object(
            data,
            "statistics",
            {"format", "version", "games", "by_rules", "by_grade", "daily"},
        )
        version = fields["version"]
        if fields["format"] != FORMAT or type(version) is not int or version != VERSION:
            raise InvalidStatistics(
                f"not {FORMAT} version {VERSION}: format {quote(fields['format'])}, "
                f"version {quote(fields['version'])}"
            )
        games = Totals.from_dict(fields["games"], "games")
        by_rules = _parts(fields["by_rules"], "by_rules", Rules)
        by_grade = _parts(fields["by_grade"], "by_grade", Grade)
        daily = _object(fields["daily"], "daily", {"streak", "best_streak", "last_win"})
        last = daily["last_win"]
        day = None
        if last is not None:
            if not isinstance(last, str):
                raise InvalidStatistics("daily.last_win must be an ISO date or null")
            try:
                day = datetime.date.fromisoformat(last)
            except ValueError:
                raise InvalidStatistics(
                    f"daily.last_win must be an ISO date, not {quote(last)}"
                ) from None
        try:
            return cls(
                games,
                by_rules,
                by_grade,
                _whole(daily["streak"], "daily.streak"),
                _whole(daily["best_streak"], "daily.best_streak"),
                day,
            )
        except (TypeError, ValueError) as error:
            if isinstance(error, InvalidStatistics):
                raise
            raise InvalidStatistics(str(error)) from None

    @classmethod
    def from_json(cls, text: str | bytes) -> Statistics:
        """:meth:`from_dict` of JSON text; :class:`~yukon.InvalidStatistics` for text
        that is no JSON."""
        if not isinstance(text, (str, bytes)):
            raise TypeError(f"text must be str or bytes, not {type(text).__name__}")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise InvalidStatistics("not JSON text") from None
        return cls.from_dict(data)


def _added(
    parts: tuple[tuple[Any, Totals], ...], key: Any, game: Played, order: list[Any]
) -> tuple[tuple[Any, Totals], ...]:
    held = dict(parts)
    held[key] = held.get(key, _NO_GAMES).add(game)
    return tuple(sorted(held.items(), key=lambda item: order.index(item[0])))


def _merged(
    mine: tuple[tuple[Any, Totals], ...],
    theirs: tuple[tuple[Any, Totals], ...],
    order: list[Any],
) -> tuple[tuple[Any, Totals], ...]:
    held = dict(mine)
    for key, totals in theirs:
        held[key] = held[key].merge(totals) if key in held else totals
    return tuple(sorted(held.items(), key=lambda item: order.index(item[0])))


def _parts(data: object, where: str, kind: Any) -> tuple[tuple[Any, Totals], ...]:
    if not isinstance(data, dict):
        raise InvalidStatistics(f"{where} must be an object")
    parts = []
    for name, value in data.items():
        try:
            key = kind(name)
        except ValueError:
            raise InvalidStatistics(
                f"{where} has an unknown key {quote(name)}"
            ) from None
        parts.append((key, Totals.from_dict(value, f"{where}.{name}")))
    order = list(kind)
    return tuple(sorted(parts, key=lambda item: order.index(item[0])))
