"""Each consequence of a move is stated once (the flip: ``turns_up``; the points:
``move_points``; the win: ``is_won``; the next card home: ``next_home``), and every
place that reports one agrees with the rules as the app's document states them: a
face-down card left last in its column turns up (+5), a card placed home scores +10, a
return scores nothing, the game is won with all 52 cards home, and a foundation takes
its suit in rank order from the Ace."""

from __future__ import annotations

from hypothesis import given

import yukon
from yukon import State
from yukon._rules import is_won, next_home, turns_up
from yukon._scoring import MAX_SCORE, move_points
from yukon._state import packed, step_back, trace

from .strategies import positions


@given(positions(max_steps=150))
def test_every_report_of_a_move_agrees_with_the_rules(state: State) -> None:
    p = packed(state)
    for move in state.legal_moves():
        after = state.apply(move)
        where = state.locate(move.card)
        is_return = where.pile.kind == "foundation"
        column = None if is_return else state.columns[where.pile.index]
        # the rule: the card under the group is face down, and the group is the rest
        flip = column is not None and 0 < where.index == column.hidden
        assert is_return or turns_up(p.hidden, where.pile.index, where.index) == flip
        assert after.face_down_count == state.face_down_count - flip
        points = 0 if is_return else 10 * (move.column is None) + 5 * flip
        assert is_return or move_points(move.column is None, flip) == points
        assert after.score == min(state.score + points, MAX_SCORE)
        change = state.change(move)
        assert (change.turn is not None) == flip
        assert change.score_delta == after.score - state.score
        assert trace(state, move) & 1 == flip
        assert step_back(after, move, trace(state, move)) == state
        won = sum(after.foundations) == 52
        assert after.is_won == won == after.to_dict()["won"]
        assert is_won(packed(after).found) == won


@given(positions(max_steps=150))
def test_the_next_card_home_is_the_next_rank_of_its_suit(state: State) -> None:
    found = packed(state).found
    for suit in yukon.Suit:
        count = state.foundations[suit]
        if count < 13:
            assert next_home(found, suit) == yukon.Card(count + 1, suit).index
        top = state.foundation_top(suit)
        assert top == (yukon.Card(count, suit) if count else None)
    for move in state.legal_moves():
        if move.column is None:
            assert move.card.rank == state.foundations[move.card.suit] + 1
