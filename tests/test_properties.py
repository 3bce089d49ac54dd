"""Invariants the rules promise, over random deals and random legal play in both rules."""

from __future__ import annotations

import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import yukon
from yukon import Rules, State
from yukon._state import step_back, trace

from . import reference
from .strategies import codes, positions


def relayout(state: State, rules: Rules) -> State:
    return State.from_layout(
        [c.cards for c in state.columns],
        hidden=[c.hidden for c in state.columns],
        foundations=state.foundations,
        rules=rules,
        score=state.score,
    )


@given(positions())
def test_every_card_is_somewhere_exactly_once(state: State) -> None:
    in_columns = [card for column in state.columns for card in column.cards]
    on_foundations = [
        yukon.Card(rank, suit)
        for suit in yukon.Suit
        for rank in range(1, state.foundations[suit] + 1)
    ]
    everything = in_columns + on_foundations
    assert len(everything) == 52 and len(set(everything)) == 52


@given(positions())
def test_face_down_cards_lie_only_under_face_up_ones(state: State) -> None:
    for column in state.columns:
        assert column.hidden >= 0
        if column.cards:
            assert column.hidden < len(column.cards)  # the last card is face up
        else:
            assert column.hidden == 0


@given(positions())
def test_legal_moves_are_exactly_the_rules_moves_each_once(state: State) -> None:
    listed = state.legal_moves()
    assert len(listed) == len(set(listed))
    assert set(listed) == reference.legal_moves(state)


@given(positions())
def test_every_other_pair_is_refused_with_a_reason(state: State) -> None:
    legal = set(state.legal_moves())
    for move in reference.ALL_MOVES:
        refusal = state.check(move)
        assert (refusal is None) == (move in legal), move
        if refusal is not None:
            assert refusal.move == move and refusal.message


@given(positions(), st.randoms(use_true_random=False))
def test_apply_does_what_the_rules_say(state: State, rnd: random.Random) -> None:
    moves = state.legal_moves()
    if not moves:
        return
    move = rnd.choice(moves)
    after = state.apply(move)
    columns, hidden, foundations, score = reference.expected_after(state, move)
    assert [list(c.cards) for c in after.columns] == columns
    assert [c.hidden for c in after.columns] == hidden
    assert list(after.foundations) == foundations
    assert after.score == score
    assert after.rules is state.rules


@given(positions())
def test_every_move_can_be_taken_back_from_the_position_after_it(state: State) -> None:
    """Undo keeps no earlier position: it takes the move back from the one after it,
    flips, foundation returns and scores included."""
    moves = state.legal_moves()
    for move in moves:
        before = step_back(state.apply(move), move, trace(state, move))
        assert before == state and before.score == state.score, move
        assert before.to_text() == state.to_text()
        assert before.legal_moves() == moves


@given(positions())
def test_legal_moves_come_in_the_documented_order(state: State) -> None:
    # By destination (foundations, then columns 1-7), then by the card's suit.
    keys = [
        (-1 if m.column is None else m.column, m.card.suit) for m in state.legal_moves()
    ]
    assert keys == sorted(keys)
    assert len(keys) == len(set(keys))


@given(positions())
def test_relaxed_allows_every_classic_move(state: State) -> None:
    classic = set(relayout(state, Rules.CLASSIC).legal_moves())
    relaxed = set(relayout(state, Rules.RELAXED).legal_moves())
    assert classic <= relaxed


@given(codes, st.randoms(use_true_random=False), st.integers(0, 200))
@settings(max_examples=60)
def test_score_counts_placements_and_flips_along_the_line(
    code: yukon.GameCode, rnd: random.Random, steps: int
) -> None:
    state = yukon.deal(code)
    placements = flips = 0
    for _ in range(steps):
        moves = state.legal_moves()
        if not moves:
            break
        move = rnd.choice(moves)
        after = state.apply(move)
        placements += move.column is None
        flips += sum(a.hidden for a in state.columns) - sum(
            b.hidden for b in after.columns
        )
        state = after
        assert state.score == 10 * placements + 5 * flips >= 0


@given(positions(), st.randoms(use_true_random=False))
def test_positions_are_values(state: State, rnd: random.Random) -> None:
    twin = relayout(state, state.rules)
    assert twin == state and hash(twin) == hash(state)
    assert pickle.loads(pickle.dumps(state)) == state
    moves = state.legal_moves()
    if moves:
        before = str(state)
        state.apply(rnd.choice(moves))
        assert str(state) == before and state == twin
