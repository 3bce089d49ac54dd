"""Print the results tables of docs/research.md from the survey data in docs/data/.

``python scripts/survey_tables.py`` writes the Markdown to standard output;
``tests/test_research_page.py`` checks that the page holds exactly this text between its
``survey-tables`` markers, so the page and the data cannot drift apart. After a new
survey, run it and paste its output over the old tables.
"""

from __future__ import annotations

import json
import pathlib
import statistics
from collections.abc import Iterator
from typing import Any

from yukon import GameCode
from yukon._survey import Tally

DATA = pathlib.Path(__file__).resolve().parent.parent / "docs" / "data"
SURVEYS = {
    "classic": DATA / "survey-classic-1-500-30s.jsonl",
    "relaxed": DATA / "survey-relaxed-1-500-30s.jsonl",
}
LONGER = DATA / "survey-classic-unknowns-long.jsonl"
RANGES = (("classic", 1, 500), ("classic", 1, 200), ("relaxed", 1, 500))


def records(path: pathlib.Path) -> list[dict[str, Any]]:
    """Every line of a survey file; a bad line fails (the page must not hide one)."""
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def _number(record: dict[str, Any]) -> int:
    return GameCode.parse(record["code"]).number


def _row(label: str, tally: Tally) -> str:
    low, high = tally.interval
    return (
        f"| {label} | {tally.won} | {tally.lost} | {tally.unknown} | "
        f"{tally.won / tally.total:.1%} | {low:.1%} - {high:.1%} |"
    ).replace("%", " %")


def _tally(verdicts: Iterator[str]) -> Tally:
    tally = Tally()
    for verdict in verdicts:
        tally = tally.add(verdict)
    return tally


def survey_table() -> list[str]:
    lines = [
        "| rule set | deals | budget per deal | won | lost | unknown "
        "| winnable share | 95 % interval |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for rules, first, last in RANGES:
        rows = [r for r in records(SURVEYS[rules]) if first <= _number(r) <= last]
        numbers = sorted(_number(r) for r in rows)
        if numbers != list(range(first, last + 1)):
            raise SystemExit(
                f"{SURVEYS[rules].name}: deals {first}-{last} not once each"
            )
        tally = _tally(r["verdict"] for r in rows)
        lines.append(_row(f"{rules} | `YU1` {first}-{last} | 30 s", tally))
    return lines


def classic_facts() -> list[str]:
    rows = records(SURVEYS["classic"])
    seconds = sorted(r["seconds"] for r in rows)
    resolved = sum(r["verdict"] != "unknown" for r in rows)
    won = sorted(r["seconds"] for r in rows if r["verdict"] == "won")
    lost = [r for r in rows if r["verdict"] == "lost"]
    slowest = max(lost, key=lambda r: r["seconds"])
    dealt = sum(r["nodes"] <= 1 for r in lost)
    relaxed = max(r["seconds"] for r in records(SURVEYS["relaxed"]))
    return [
        f"- Classic deals 1-500 resolved within 30 s: {resolved / len(rows):.1%}; "
        f"median time a deal {statistics.median(seconds):.3f} s, 95th percentile of "
        f"the won deals {won[int(0.95 * len(won))]:.2f} s.".replace("%", " %"),
        f"- Lost deals that are dead ends as dealt (one position searched): {dealt} "
        f"of {len(lost)}.",
        f"- The slowest loss: `{slowest['code']}`, {slowest['seconds']:.1f} s, "
        + f"{slowest['nodes']:,} positions.".replace(",", " "),
        f"- The slowest relaxed deal: {relaxed:.2f} s.",
    ]


def every_verdict_table() -> list[str]:
    """Classic deals 1-500 with every verdict found at any budget: a deal counts as
    won or lost once any run resolved it."""
    best: dict[int, str] = {}
    for record in [*records(SURVEYS["classic"]), *records(LONGER)]:
        number = _number(record)
        if best.get(number, "unknown") == "unknown":
            best[number] = record["verdict"]
    unknown = sorted(GameCode(n).__str__() for n, v in best.items() if v == "unknown")
    return [
        "| rule set | deals | budget per deal | won | lost | unknown "
        "| winnable share | 95 % interval |",
        "|---|---|---|---|---|---|---|---|",
        _row("classic | `YU1` 1-500 | any tried", _tally(iter(best.values()))),
        "",
        "Still unknown: " + ", ".join(f"`{code}`" for code in unknown) + ".",
    ]


def text() -> str:
    return "\n".join(
        [
            *survey_table(),
            "",
            *classic_facts(),
            "",
            "Counting the longer runs too:",
            "",
            *every_verdict_table(),
        ]
    )


if __name__ == "__main__":
    print(text())
