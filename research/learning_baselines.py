"""Print the baselines table of docs/learning.md: how often two simple agents win.

- a masked random agent: ``Batch.random_playouts``, a random legal move each step, at
  most 1 000 moves a game;
- a greedy agent: the legal move that gains the most :attr:`~yukon.State.progress`
  (the first in the rules' order on a tie), never back to a position of the same game,
  until the game is won or every move leads back.

``python -m research.learning_baselines`` writes the Markdown to standard output (deals
1-1 000 of each rule set); ``tests/test_learning.py`` checks that the page holds exactly
this text between its ``baselines`` markers.
"""

from __future__ import annotations

import sys

import yukon
from yukon import Batch, GameCode, Rules, State

SEED = 20261201
MAX_MOVES = 1_000


def random_wins(rules: Rules, deals: range) -> int:
    batch = Batch(yukon.deal(GameCode(n, rules)) for n in deals)
    batch.random_playouts(MAX_MOVES, SEED)
    return sum(state.is_won for state in batch.states())


def greedy_wins(state: State) -> bool:
    seen = {state}
    for _ in range(MAX_MOVES):
        if state.is_won:
            return True
        best: State | None = None
        for move in state.legal_moves():
            after = state.apply(move)
            if after not in seen and (best is None or after.progress > best.progress):
                best = after
        if best is None:
            return False
        state = best
        seen.add(state)
    return state.is_won


def table(count: int = 1_000) -> str:
    deals = range(1, count + 1)
    lines = [
        "| rules | deals | masked random agent | greedy agent |",
        "|---|---|---|---|",
    ]
    for rules in Rules:
        random = random_wins(rules, deals)
        greedy = sum(greedy_wins(yukon.deal(GameCode(n, rules))) for n in deals)
        lines.append(
            f"| {rules.name.lower()} | 1-{count} | {random} won ({random / count:.1%}) "
            f"| {greedy} won ({greedy / count:.1%}) |"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(table(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000))
