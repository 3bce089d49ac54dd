"""Remake the package's catalog of deals, ``src/yukon/deals.json``, and (once) the
frozen daily table, ``src/yukon/daily-1.json``.

``python -m research.catalog`` reads the thoughtful surveys (verdict ``won``: proven
winnable, with a line) and the grading results (research/grading.py) in docs/data. The
catalog may grow with them; the daily table may not: it is part of the version promise
(game-codes.md), so it is written only when missing (``--daily``), and a test holds it to
its digest.
"""

from __future__ import annotations

import argparse
import base64
import json
import pathlib

from research import grading
from yukon import GameCode, Grade, Rules
from yukon.grades import GUESSES, WINNABLE_GRADES, grade_of

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "yukon"
CATALOG = PACKAGE / "deals.json"
DAILY = PACKAGE / "daily-1.json"
WEEKDAY_GRADES = (
    Grade.EASY,
    Grade.EASY,
    Grade.MEDIUM,
    Grade.MEDIUM,
    Grade.HARD,
    Grade.HARDEST,
    Grade.HARD,
)
"""Monday to Sunday; the library's daily deal follows the same, and a test holds the
two together through the public calls."""
FEWEST = 10
"""A weekday list holds at least this many deals: a rule set with fewer of the
weekday's grade takes the next easier grade's deals as well."""


def survey_span(rules: Rules) -> tuple[int, int, set[int]]:
    """The first deal, the count and the proven-won deals of ``rules``'s survey."""
    numbers: list[int] = []
    won: set[int] = set()
    with open(grading.SURVEYS[rules], encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            number = GameCode.parse(row["code"]).number
            numbers.append(number)
            if row["verdict"] == "won":
                won.add(number)
    return min(numbers), max(numbers) - min(numbers) + 1, won


def encode_bits(first: int, count: int, numbers: set[int]) -> str:
    """The catalog's form of a set of deal numbers from ``first`` to
    ``first + count - 1``: base64 of a bit per deal, bit ``i`` for deal ``first + i``,
    the high bit of each byte first."""
    data = bytearray((count + 7) // 8)
    for number in numbers:
        at = number - first
        if not 0 <= at < count:
            raise ValueError(f"{number} is outside {first}-{first + count - 1}")
        data[at // 8] |= 0x80 >> (at % 8)
    return base64.b64encode(bytes(data)).decode("ascii")


def build() -> dict[str, object]:
    proven: dict[str, object] = {}
    for rules in Rules:
        first, count, won = survey_span(rules)
        proven[rules.letter] = {
            "first": first,
            "count": count,
            "bits": encode_bits(first, count, won),
        }
    wins: dict[str, dict[str, int]] = {rules.letter: {} for rules in Rules}
    for row in sorted(grading.read(), key=lambda r: GameCode.parse(r["code"]).number):
        code = GameCode.parse(row["code"])
        if row["guesses"] != GUESSES:
            raise SystemExit(f"{code} was graded over {row['guesses']} guesses")
        wins[code.rules.letter][str(code.number)] = row["wins"]
    return {"format": 1, "guesses": GUESSES, "proven": proven, "wins": wins}


def daily_table(catalog: dict[str, object]) -> dict[str, object]:
    """Per rule set, per weekday, the graded deals of the weekday's grade, in order."""
    wins = catalog["wins"]
    assert isinstance(wins, dict)
    deals: dict[str, list[list[int]]] = {}
    for rules in Rules:
        graded = {int(n): grade_of(w) for n, w in wins[rules.letter].items()}
        days = []
        for grade in WEEKDAY_GRADES:
            at = WINNABLE_GRADES.index(grade)
            chosen: list[int] = []
            while len(chosen) < FEWEST and at >= 0:
                chosen += [
                    n for n in sorted(graded) if graded[n] is WINNABLE_GRADES[at]
                ]
                at -= 1
            days.append(sorted(chosen))
        deals[rules.letter] = days
    return {"version": 1, "deals": deals}


def dump(data: object) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--daily", action="store_true", help="write the daily table (only if missing)"
    )
    args = parser.parse_args(argv)
    catalog = build()
    CATALOG.write_text(dump(catalog), encoding="utf-8")
    print(f"{CATALOG}: {CATALOG.stat().st_size} bytes")
    if args.daily:
        if DAILY.exists():
            raise SystemExit(f"{DAILY} exists and is frozen: it is never remade")
        DAILY.write_text(dump(daily_table(catalog)), encoding="utf-8")
        print(f"{DAILY}: {DAILY.stat().st_size} bytes")


if __name__ == "__main__":
    main()
