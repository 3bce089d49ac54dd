"""Each consequence of a move is stated once (the flip: ``turns_up``; the points:
``move_points``; the win: ``is_won``; the next card home: ``next_home``), and every
place that reports one agrees with the move itself: the position after it, its undo,
its ``Change`` and the state view."""

from __future__ import annotations

from hypothesis import given

import yukon
from yukon import State
from yukon._rules import ON_FOUNDATION, is_won, next_home, turns_up
from yukon._scoring import move_points, scored
from yukon._state import packed, step_back, trace

from .strategies import positions


@given(positions(max_steps=150))
def test_every_report_of_a_move_agrees_with_the_move(state: State) -> None:
    p = packed(state)
    for move in state.legal_moves():
        after = state.apply(move)
        came_from = p.where[move.card.index]
        flip = came_from != ON_FOUNDATION and turns_up(
            p.hidden, came_from, p.cols[came_from].index(move.card.index)
        )
        assert after.face_down_count == state.face_down_count - flip
        points = (
            0 if came_from == ON_FOUNDATION else move_points(move.column is None, flip)
        )
        assert after.score == scored(state.score, points)
        change = state.change(move)
        assert (change.turn is not None) == flip
        assert change.score_delta == after.score - state.score
        assert trace(state, move) & 1 == flip
        assert step_back(after, move, trace(state, move)) == state
        assert after.is_won == is_won(packed(after).found) == after.to_dict()["won"]


@given(positions(max_steps=150))
def test_the_next_card_home_is_the_one_after_the_top(state: State) -> None:
    found = packed(state).found
    for suit in yukon.Suit:
        top = state.foundation_top(suit)
        nxt = next_home(found, suit)
        assert (top.index + 1 if top is not None else suit * 13) == nxt
        goes_home = [m.card.index for m in state.legal_moves() if m.column is None]
        assert all(next_home(found, c // 13) == c for c in goes_home)
