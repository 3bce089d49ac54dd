from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import yukon
from yukon import Card, Move, Suit

destinations = st.one_of(st.none(), st.integers(0, 6))
cards = st.builds(Card, st.integers(1, 13), st.sampled_from(list(Suit)))


@pytest.mark.parametrize(
    ("text", "card", "column"),
    [
        ("8S>5", "8S", 4),
        ("AH>F", "AH", None),
        ("KD>1", "KD", 0),
        (" 10c > f ", "TC", None),
    ],
)
def test_parse(text: str, card: str, column: int | None) -> None:
    move = Move.parse(text)
    assert move == Move(Card.parse(card), column)
    assert move.to_foundations is (column is None)


@given(cards, destinations)
def test_text_round_trips(card: Card, column: int | None) -> None:
    move = Move(card, column)
    assert Move.parse(str(move)) == move
    assert hash(Move.parse(str(move).lower())) == hash(move)
    assert eval(repr(move), {"Move": Move}) == move


@pytest.mark.parametrize(
    "text", ["8S", "8S>", "8S>8", "8S>0", "8S>FF", "XX>1", ">1", "8S5"]
)
def test_bad_move_text_is_refused(text: str) -> None:
    with pytest.raises(yukon.InvalidMove, match="is not a move"):
        Move.parse(text)


@pytest.mark.parametrize("column", [-1, 7])
def test_columns_out_of_range_are_refused(column: object) -> None:
    with pytest.raises(yukon.InvalidMove):
        Move(Card.parse("8S"), column)  # type: ignore[arg-type]


@pytest.mark.parametrize("column", ["1", 1.0])
def test_a_column_that_is_no_whole_number_is_a_type_error(column: object) -> None:
    with pytest.raises(TypeError, match="column"):
        Move(Card.parse("8S"), column)  # type: ignore[arg-type]


def test_a_move_takes_a_card() -> None:
    with pytest.raises(TypeError, match="Card"):
        Move("8S", 1)  # type: ignore[arg-type]


def test_positions_take_moves_or_move_text() -> None:
    state = yukon.deal("YU1-C-AAAAAAB")
    assert state.apply("6C>1") == state.apply(Move.parse("6C>1"))
    assert state.check("7C>3") == state.check(Move.parse("7C>3"))
    with pytest.raises(yukon.InvalidMove, match="not a move"):
        state.apply("6C-1")
    with pytest.raises(TypeError, match="expected a Move"):
        state.apply(42)  # type: ignore[arg-type]
