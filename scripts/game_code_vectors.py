"""Print the test-vector table of docs/game-codes.md from the library.

``python scripts/game_code_vectors.py`` writes the Markdown table to standard output;
``tests/test_game_codes_page.py`` checks that the page holds exactly this table, so the
page and the library cannot drift apart.
"""

from __future__ import annotations

import yukon
from yukon._codes import shuffled_deck

NUMBERS = [
    0,
    1,
    2,
    3,
    25,
    26,
    27,
    675,
    676,
    17_575,
    17_576,
    456_975,
    456_976,
    11_881_375,
    11_881_376,
    123_456_789,
    308_915_775,
    308_915_776,
    1_000_000_000,
    4_294_967_295,
    4_294_967_296,
    yukon.DEAL_COUNT - 2,
    yukon.DEAL_COUNT - 1,
]


def table() -> str:
    """The Markdown table: code, deal number, the 52 cards in shuffled order."""
    lines = [
        "| code | deal number | shuffled deck, positions 0-51 |",
        "|---|---|---|",
    ]
    for number in NUMBERS:
        code = yukon.GameCode(number)
        deck = " ".join(str(yukon.Card.from_index(c)) for c in shuffled_deck(number))
        lines.append(f"| `{code}` | {number} | `{deck}` |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(table(), end="")
