"""Write ``tests/perft.json``: move-sequence counts from fixed deals, by the reference rules.

Run ``python -m tests.make_perft`` from the project root. The counts come from
``tests/reference.py``, not from the engine, so the fixture checks the engine against an
independent statement of the rules. Regenerate only if the rules themselves change.
"""

from __future__ import annotations

import json
import pathlib

import yukon

from .reference import perft

DEALS = [0, 1, 2, 1000, 123_456_789, yukon.DEAL_COUNT - 1]
DEPTH = 3
PATH = pathlib.Path(__file__).with_name("perft.json")


def main() -> None:
    table = {}
    for rules in yukon.Rules:
        for number in DEALS:
            code = yukon.GameCode(number, rules)
            state = yukon.deal(code)
            table[str(code)] = [perft(state, d) for d in range(1, DEPTH + 1)]
            print(code, table[str(code)])
    PATH.write_text(json.dumps(table, indent=1) + "\n")


if __name__ == "__main__":
    main()
