"""Deals a player asks for: a winnable one (of a grade), and the deal of the day.

Both answer from data shipped in the package, read with :mod:`importlib.resources` and
decoded in pure Python, so they answer in the browser (Pyodide) without a search.
"""

from __future__ import annotations

import datetime
import functools
import hashlib
import json
import random
from importlib import resources

from ._arguments import instance, whole_number
from ._catalog import catalog
from ._codes import DEAL_COUNT, GameCode, Rules, as_rules
from ._errors import CannotGrade, NoDealFound
from ._grading import Grade, grade_of, grading

DAILY_FILE = "daily-1.json"
DAILY_SHA256 = "0118e95d90ec79b54433a18972c0dcb8d17fd75583a2bc3ef40cad5910de3ebd"
"""The SHA-256 of :data:`DAILY_FILE`'s bytes: the daily table is frozen (game-codes.md),
and a test holds the file to this digest."""

WEEKDAY_GRADES = (
    Grade.EASY,  # Monday
    Grade.EASY,  # Tuesday
    Grade.MEDIUM,  # Wednesday
    Grade.MEDIUM,  # Thursday
    Grade.HARD,  # Friday
    Grade.HARDEST,  # Saturday
    Grade.HARD,  # Sunday
)
"""The grade of each weekday's classic deal, Monday first (``date.weekday()``)."""


def winnable(
    rules: Rules | str = Rules.CLASSIC,
    *,
    grade: Grade | str | None = None,
    rng: random.Random | None = None,
    tries: int = 20,
) -> GameCode:
    """A code whose deal the solver proved winnable, drawn from ``rng`` (the system's
    randomness when ``None``; never the global :mod:`random` state), of ``grade`` when
    one is given (a winnable :class:`Grade` or its name).

    Drawn from the package's catalog of proven deals. When the catalog holds no deal of
    ``grade``, up to ``tries`` random deals are graded now (10 to 30 s each with the
    compiled core: see :func:`grading`) and the first of that grade is the answer; raises
    :class:`~yukon.NoDealFound` if none is.
    """
    rules = as_rules(rules)
    if grade is not None:
        if not isinstance(grade, Grade):
            grade = Grade.parse(
                instance("grade", grade, str, "a Grade, its name or None")
            )
        if not grade.winnable:
            raise ValueError(f"grade must be a winnable grade, not {grade.value!r}")
    if rng is None:
        rng = random.SystemRandom()
    instance("rng", rng, random.Random, "a random.Random (or None)")
    tries = whole_number("tries", tries, 0, 10_000)
    known = catalog()
    if grade is None:
        numbers = known.proven[rules]
    else:
        wins = known.wins.get(rules, {})
        numbers = tuple(n for n in sorted(wins) if grade_of(wins[n]) is grade)
    if numbers:
        return GameCode(rng.choice(numbers), rules)
    for _ in range(tries):
        code = GameCode(rng.randrange(DEAL_COUNT), rules)
        try:
            if grading(code).grade is grade:
                return code
        except CannotGrade:
            continue
    raise NoDealFound(
        f"the catalog has no {grade.value if grade else 'winnable'} "
        f"{rules.name.lower()} deal, and none of the {tries} deals tried was one"
    )


@functools.cache
def daily_table() -> dict[Rules, tuple[tuple[int, ...], ...]]:
    """The frozen daily table: per rule set, seven lists of deal numbers, Monday first."""
    text = resources.files("yukon").joinpath(DAILY_FILE).read_bytes()
    data = json.loads(text)
    return {
        Rules(letter): tuple(tuple(day) for day in days)
        for letter, days in data["deals"].items()
    }


def daily(day: datetime.date, rules: Rules | str = Rules.CLASSIC) -> GameCode:
    """The deal of the day ``day``: one winnable code per calendar day and rule set, the
    same in every release (game-codes.md, "The daily deal", specifies it).

    The weekday's list of the frozen daily table is indexed by the first eight bytes of
    the SHA-256 of ``yukon-daily-1/<rule letter>/<ISO date>``, read as a big-endian
    number, modulo the list's length.
    """
    if isinstance(day, datetime.datetime) or not isinstance(day, datetime.date):
        raise TypeError(
            f"day must be a datetime.date (a calendar day), not {type(day).__name__}"
        )
    rules = as_rules(rules)
    numbers = daily_table()[rules][day.weekday()]
    key = f"yukon-daily-1/{rules.letter}/{day.isoformat()}".encode("ascii")
    index = int.from_bytes(hashlib.sha256(key).digest()[:8], "big") % len(numbers)
    return GameCode(numbers[index], rules)
