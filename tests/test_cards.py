from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import yukon
from yukon import Card, Suit


def test_suits_are_in_foundation_order() -> None:
    assert list(Suit) == [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]
    assert [s.is_red for s in Suit] == [False, True, True, False]


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("8S", 8, Suit.SPADES),
        ("TH", 10, Suit.HEARTS),
        ("10h", 10, Suit.HEARTS),
        (" qd ", 12, Suit.DIAMONDS),
        ("ac", 1, Suit.CLUBS),
        ("KC", 13, Suit.CLUBS),
    ],
)
def test_parse(text: str, rank: int, suit: Suit) -> None:
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize("text", ["", "1S", "11H", "ZS", "8X", "8SS", "S8", "10", "T"])
def test_parse_refuses_non_cards(text: str) -> None:
    with pytest.raises(yukon.InvalidCard, match="is not a card"):
        Card.parse(text)


@pytest.mark.parametrize(("rank", "suit"), [(0, 0), (14, 0), (1, 4), (1, -1)])
def test_out_of_range_cards_are_refused(rank: int, suit: int) -> None:
    with pytest.raises(yukon.InvalidCard):
        Card(rank, suit)


def test_deck_index_matches_spec() -> None:
    assert Card.parse("AS").index == 0
    assert Card.parse("KS").index == 12
    assert Card.parse("AH").index == 13
    assert Card.parse("KC").index == 51
    assert [Card.from_index(i).index for i in range(52)] == list(range(52))
    with pytest.raises(yukon.InvalidCard):
        Card.from_index(52)


@given(st.integers(1, 13), st.sampled_from(list(Suit)))
def test_text_round_trips(rank: int, suit: Suit) -> None:
    card = Card(rank, suit)
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
    assert eval(repr(card), {"Card": Card}) == card
    assert pickle.loads(pickle.dumps(card)) == card
    assert hash(Card(rank, int(suit))) == hash(card)


def test_symbols_read_as_players_write_them() -> None:
    assert Card.parse("TD").symbol == "10♦"
    assert Card.parse("JS").symbol == "J♠"


def test_cards_are_frozen() -> None:
    card = Card.parse("8S")
    with pytest.raises(AttributeError):
        card.rank = 9  # type: ignore[misc]
