"""docs/game-codes.md specifies the YU1 deal for other languages: its test vectors come
from the library, and its JavaScript port deals what the library deals."""

from __future__ import annotations

import hashlib
import json
import pathlib
import re
import shutil
import subprocess

import pytest

import yukon

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "game-codes.md"
NUMBERS = [
    *(0, 1, 2, 3, 25, 26, 27, 675, 676, 17_575, 17_576, 456_975, 456_976),
    *(11_881_375, 11_881_376, 123_456_789, 308_915_775, 308_915_776),
    *(1_000_000_000, 4_294_967_295, 4_294_967_296),
    *(yukon.DEAL_COUNT - 2, yukon.DEAL_COUNT - 1),
]
"""The page's deal numbers: each edge of a letter's place value, and the last deals."""


def vectors() -> str:
    """The page's table, from the library: code, deal number, the shuffled deck."""
    lines = [
        "| code | deal number | shuffled deck, positions 0-51 |",
        "|---|---|---|",
    ]
    for number in NUMBERS:
        code = yukon.GameCode(number)
        deck = " ".join(str(card) for card in code.deck)
        lines.append(f"| `{code}` | {number} | `{deck}` |")
    return "\n".join(lines) + "\n"


def test_the_page_holds_the_librarys_test_vectors() -> None:
    table = vectors()
    assert table in PAGE.read_text()
    rows = table.strip().splitlines()[2:]
    assert len(rows) >= 20
    assert rows[0].startswith("| `YU1-C-AAAAAAA` | 0 |")
    assert rows[-1].startswith(f"| `YU1-C-ZZZZZZZ` | {yukon.DEAL_COUNT - 1} |")


def test_the_javascript_port_deals_what_the_library_deals(
    tmp_path: pathlib.Path,
) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    source = PAGE.read_text().split("```javascript\n", 1)[1].split("```", 1)[0]
    script = tmp_path / "yu1.js"
    script.write_text(source)
    codes = ["YU1-C-AAAAAAA", "yu1-r-aaaaaab", "YU1-C-ZZZZZZZ", "YU1-R-HELLOYU"]
    done = subprocess.run(
        [node, str(script), *codes], capture_output=True, text=True, check=True
    )
    for code, line in zip(codes, done.stdout.splitlines(), strict=True):
        ported = json.loads(line)
        state = yukon.deal(code)
        assert ported["number"] == yukon.GameCode.parse(code).number
        assert ported["rules"] == state.rules.letter
        assert [
            {"cards": [str(c) for c in column.cards], "hidden": column.hidden}
            for column in state.columns
        ] == ported["columns"]


def test_the_rules_page_points_to_this_spec_and_its_example_deals_as_stated() -> None:
    """The YU1 deal is specified once, on the game-codes page; the rules page links to
    it and gives one example, which must be what the library deals."""
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "(game-codes.md)" in rules and "SplitMix64" not in rules
    line = next(x for x in rules.splitlines() if "YU1-C-AAAAAAB  deals:" in x)
    columns = yukon.deal("YU1-C-AAAAAAB").columns
    for number, text in enumerate(line.split("deals:")[1].split("|")[:3]):
        cards = text.split(":")[1].replace("[", "").replace("]", "").split()
        assert cards == [str(card) for card in columns[number].cards]


def test_the_page_holds_daily_vectors_the_library_computes() -> None:
    """The daily deal's vectors are the page's, frozen: a release that deals another
    code for one of these days breaks the version promise."""
    import datetime

    page = PAGE.read_text()
    section = page[page.index("## The daily deal") :]
    rows = re.findall(
        r"^\| (\d{4}-\d\d-\d\d) \| `([CR])` \| \w+ \| `([0-9a-f]{16})` \| (\d+) \| "
        r"`(YU1-[CR]-[A-Z]{7})` \|$",
        section,
        re.MULTILINE,
    )
    assert len(rows) >= 12
    for day, letter, prefix, index, code in rows:
        key = f"yukon-daily-1/{letter}/{day}".encode()
        assert hashlib.sha256(key).hexdigest()[:16] == prefix
        assert yukon.daily(datetime.date.fromisoformat(day), letter) == (
            yukon.GameCode.parse(code)
        )
        table = yukon._deals.daily_table()[yukon.Rules(letter)]
        weekday = datetime.date.fromisoformat(day).weekday()
        assert table[weekday][int(index)] == yukon.GameCode.parse(code).number
