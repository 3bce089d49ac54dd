"""The score stops at ``MAX_SCORE``: every position that play reaches round-trips
through text, JSON and pickle, and undo gives back the score a move started from."""

from __future__ import annotations

import json
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yukon
from yukon import Game, State
from yukon._scoring import MAX_SCORE, scored

from .strategies import positions


def _at(score: int, code: str = "YU1-C-AAAAAAB") -> State:
    deal = yukon.deal(code)
    return State.from_layout(
        [
            [str(c) for c in column.face_down + column.face_up]
            for column in deal.columns
        ],
        hidden=[column.hidden for column in deal.columns],
        score=score,
    )


def _round_trips(state: State) -> None:
    assert State.from_text(state.to_text()) == state
    assert State.from_json(state.to_json()) == state
    assert pickle.loads(pickle.dumps(state)) == state


def test_a_move_from_a_score_near_the_limit_stops_there() -> None:
    """MAX_SCORE - 5 turning a card up (+5) and then sending a card home (+10)."""
    state = _at(MAX_SCORE - 5)
    game = Game.from_state(state).play("6D>7")
    assert game.score == MAX_SCORE and game.last_change is not None
    assert game.last_change.score_delta == 5
    game = game.play("6C>1")
    moves = [m for m in game.state.legal_moves() if m.column is None]
    for move in moves:
        after = game.play(move)
        assert after.score == MAX_SCORE
        assert game.state.change(move).score_delta == 0
        _round_trips(after.state)
    _round_trips(game.state)
    assert Game.from_json(game.to_json()) == game
    assert pickle.loads(pickle.dumps(game)) == game


def test_undo_gives_back_the_score_a_move_started_from() -> None:
    start = _at(MAX_SCORE - 5)
    game = Game.from_state(start).play("6D>7")
    assert game.undo().state == start
    assert game.undo().state.score == MAX_SCORE - 5
    deep = Game.from_state(_at(MAX_SCORE - 10))
    line = ["6D>7", "6C>1", "5H>5", "AH>F", "2H>F"]
    seen = [deep.state]
    for move in line:
        deep = deep.play(move)
        seen.append(deep.state)
    for expected in reversed(seen[:-1]):
        deep = deep.undo()
        assert deep.state == expected


@settings(max_examples=40, deadline=None)
@given(positions(max_steps=60), st.integers(0, 30))
def test_every_position_play_reaches_from_near_the_limit_round_trips(
    state: State, below: int
) -> None:
    near = State.from_layout(
        [
            [str(c) for c in column.face_down + column.face_up]
            for column in state.columns
        ],
        hidden=[column.hidden for column in state.columns],
        foundations=state.foundations,
        rules=state.rules,
        score=MAX_SCORE - 5 * below,
    )
    for move in near.legal_moves():
        after = near.apply(move)
        assert after.score == scored(near.score, after.score - near.score)
        assert after.score <= MAX_SCORE
        _round_trips(after)


def test_the_formats_refuse_a_score_past_the_limit() -> None:
    text = _at(MAX_SCORE).to_text().replace(str(MAX_SCORE), str(MAX_SCORE + 5), 1)
    with pytest.raises(yukon.InvalidPosition, match="score"):
        State.from_text(text)
    data = json.loads(_at(MAX_SCORE).to_json())
    data["score"] = MAX_SCORE + 5
    with pytest.raises(yukon.InvalidPosition, match="score"):
        State.from_json(json.dumps(data))
