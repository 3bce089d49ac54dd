"""Grades: how hard a deal is for a player who cannot see the face-down cards.

The measure is the *no-peek player's* record on the deal: the app's hint
(:meth:`Game.hint <yukon.Game.hint>`) followed blindly until every card is face up, then
the solver finishes (nothing is hidden any more). The hint samples the hidden cards at
random, so each game is one guess of them; a deal is played :data:`GUESSES` times, guess
``i`` drawing from ``random.Random(f"{code}/{i}")``, and the number of games won is the
measure. The grades' thresholds on it were calibrated on one range of deals and checked on
another (docs/research.md, "Grades").
"""

from __future__ import annotations

import random

from ._codes import GameCode
from ._game import Game
from ._solver import Verdict, solve

GUESSES = 6
"""How many no-peek games, each with its own guess of the hidden cards, grade a deal."""
HINT_SAMPLES = 4
HINT_NODES = 1_000
"""The grading player's hint: half :meth:`Game.hint`'s defaults in both, which halves
the cost of a game (about 0.4 s with the compiled core) and plays as well (see
docs/research.md)."""
BLIND_MOVES = 1_000
"""The most moves the no-peek player makes before giving up: enough for any game the
hint plays with purpose (wins take 100 to 200)."""
FINISH_NODES = 200_000
"""The solver's node budget for finishing a game once every card is face up: a node
budget, not a time budget, so the measure is the same on every machine."""


def hinted_until_face_up(
    game: Game, rng: random.Random, samples: int, max_nodes: int
) -> tuple[Game, int]:
    """``game`` played by the hint until no card is face down, the hint has no move to a
    board not seen before, or :data:`BLIND_MOVES` moves were made; with the number of
    moves played."""
    played = 0
    while not game.state.all_face_up and played < BLIND_MOVES:
        advice = game.hint(rng=rng, samples=samples, max_nodes=max_nodes)
        if advice is None:
            break
        game = game.play(advice.move)
        played += 1
    return game, played


def no_peek_won(code: GameCode, guess: int) -> bool:
    """Whether the no-peek player wins ``code`` with guess number ``guess``."""
    game, _ = hinted_until_face_up(
        Game.new(code), random.Random(f"{code}/{guess}"), HINT_SAMPLES, HINT_NODES
    )
    if not game.state.all_face_up:
        return False
    return solve(game.state, max_nodes=FINISH_NODES).verdict is Verdict.WON
