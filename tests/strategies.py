"""Hypothesis strategies: game codes, and positions reached by random legal play."""

from __future__ import annotations

import random

from hypothesis import strategies as st

import yukon
from yukon import Game, GameCode, Rules, State

rules = st.sampled_from(list(Rules))
deal_numbers = st.integers(min_value=0, max_value=yukon.DEAL_COUNT - 1)
codes = st.builds(GameCode, deal_numbers, rules)


def _play(state: State, rnd: random.Random, steps: int) -> State:
    """Random legal play, leaning towards foundations so that late positions come up."""
    for _ in range(steps):
        moves = state.legal_moves()
        if not moves:
            break
        up = [m for m in moves if m.column is None]
        state = state.apply(rnd.choice(up if up and rnd.random() < 0.7 else moves))
    return state


@st.composite
def positions(draw: st.DrawFn, max_steps: int = 150) -> State:
    """A position reached from a random deal by up to ``max_steps`` random legal moves."""
    code = draw(codes)
    steps = draw(st.integers(min_value=0, max_value=max_steps))
    rnd = draw(st.randoms(use_true_random=False))
    return _play(yukon.deal(code), rnd, steps)


@st.composite
def games(
    draw: st.DrawFn, max_steps: int = 150, codes: st.SearchStrategy[GameCode] = codes
) -> Game:
    """A game after up to ``max_steps`` random legal moves and some undos and redos
    along the way, dealt from one of ``codes``."""
    game = Game.new(draw(codes))
    rnd = draw(st.randoms(use_true_random=False))
    for _ in range(draw(st.integers(min_value=0, max_value=max_steps))):
        moves = game.state.legal_moves()
        if game.can_undo and (not moves or rnd.random() < 0.1):
            game = game.undo()
        elif game.can_redo and rnd.random() < 0.3:
            game = game.redo()
        elif moves:
            game = game.play(rnd.choice(moves))
        else:
            break
    return game
