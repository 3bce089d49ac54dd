"""The app's specific cases, one position each."""

from __future__ import annotations

import pytest

import yukon
from yukon import Card, RefusalCode, Rules

from .builders import m, position


def cards(column: yukon.Column) -> str:
    return " ".join(str(c) for c in column.cards[column.hidden :])


def test_unordered_group_moves_onto_a_black_jack() -> None:
    # The app's own example: one move carries 10♦ 5♥ J♦ 8♠; only 10♦ has to fit.
    state = position({1: "[2C] TD 5H JD 8S", 2: "JS"})
    after = state.apply(m("TD>2"))
    assert cards(after.columns[1]) == "JS TD 5H JD 8S"
    assert after.columns[0].cards == (Card.parse("2C"),)
    assert after.columns[0].hidden == 0
    assert after.score == 5  # the 2♣ underneath turned up


def test_group_refused_on_a_red_jack_in_classic_but_not_relaxed() -> None:
    layout = {1: "TD 5H JD 8S", 2: "JH"}
    refusal = position(layout).check(m("TD>2"))
    assert refusal is not None and refusal.code is RefusalCode.SAME_COLOUR
    after = position(layout, rules=Rules.RELAXED).apply(m("TD>2"))
    assert cards(after.columns[1]) == "JH TD 5H JD 8S"


def test_rank_must_be_exactly_one_lower() -> None:
    state = position({1: "9D", 2: "JS", 3: "9S"})
    refusal = state.check(m("9D>2"))
    assert refusal is not None and refusal.code is RefusalCode.RANK_MISMATCH
    refusal = position({1: "9D", 2: "JS", 3: "TS"}, rules=Rules.RELAXED).check(
        m("9D>2")
    )
    assert refusal is not None and refusal.code is RefusalCode.RANK_MISMATCH


def test_empty_column_refuses_a_group_even_to_uncover_a_card() -> None:
    state = position({1: "", 2: "[4C 7S] QH JS", 3: "KD 5S"}, filler=4)
    for move in ("QH>1", "JS>1"):
        refusal = state.check(m(move))
        assert refusal is not None and refusal.code is RefusalCode.KING_ONLY
        assert "Only a King can go to an empty column" in refusal.message
        with pytest.raises(yukon.IllegalMove) as info:
            state.apply(m(move))
        assert info.value.refusal == refusal
    # A King may go, alone or carrying the cards on it.
    assert cards(state.apply(m("KD>1")).columns[0]) == "KD 5S"
    assert m("QH>1") not in state.legal_moves()
    assert m("KD>1") in state.legal_moves()


def test_group_limit_20_accepted_21_refused() -> None:
    twenty = "9H 4S 7D QC 2H 5D JS 3C 8H KS 6D TC AH 4D 9C 2S 7H QS 5C JD"
    assert len(twenty.split()) == 20
    state = position({1: twenty, 2: "TS", 3: "[6S] TH 3S"}, filler=4)
    after = state.apply(m("9H>2"))
    assert len(after.columns[1].cards) == 21 and after.columns[0].is_empty

    state = position(
        {1: "8S " + twenty.replace("9H", "9D"), 2: "TS", 3: "9H"}, filler=4
    )
    assert state.check(m("9D>2")) is None  # 20 cards from 9♦
    refusal = state.check(m("8S>3"))  # 21 cards from 8♠: fits, but too many
    assert refusal is not None and refusal.code is RefusalCode.GROUP_TOO_LARGE
    assert refusal.size == 21 and "has 21" in refusal.message
    assert m("8S>3") not in state.legal_moves()


def test_foundation_return_scores_nothing_and_replacing_scores_again() -> None:
    state = position({1: "9S", 2: "[KC] 7C"}, foundations=(0, 8, 0, 0), score=80)
    back = state.apply(m("8H>1"))  # 8♥ from its foundation onto 9♠
    assert back.score == 80
    assert back.foundations == (0, 7, 0, 0)
    assert cards(back.columns[0]) == "9S 8H"
    again = back.apply(m("8H>F"))
    assert again.score == 90 and again.foundations == (0, 8, 0, 0)


def test_foundation_takes_its_suit_in_order_from_the_last_card_only() -> None:
    state = position({1: "AS 2D", 2: "AH", 3: "3C"}, foundations=(0, 0, 0, 1))
    assert state.apply(m("AH>F")).foundations == (0, 1, 0, 1)
    for move, code in [
        ("AS>F", RefusalCode.NOT_LAST_CARD),
        ("2D>F", RefusalCode.FOUNDATION_ORDER),
        ("3C>F", RefusalCode.FOUNDATION_ORDER),
        ("AC>F", RefusalCode.ALREADY_ON_FOUNDATION),
    ]:
        refusal = state.check(m(move))
        assert refusal is not None and refusal.code is code, move


def test_only_a_foundations_top_card_can_come_back() -> None:
    state = position({1: "9S", 2: "8S"}, foundations=(0, 8, 0, 0))
    refusal = state.check(m("7H>2"))
    assert refusal is not None and refusal.code is RefusalCode.NOT_IN_PLAY
    assert refusal.other == Card.parse("8H")


def test_face_down_cards_cannot_move() -> None:
    state = position({1: "[5H] 2S", 2: "6S"}, filler=3)
    refusal = state.check(m("5H>2"))
    assert refusal is not None and refusal.code is RefusalCode.FACE_DOWN


def test_a_group_cannot_go_to_its_own_column() -> None:
    state = position({1: "8S 7H", 2: "9H"})
    refusal = state.check(m("7H>1"))
    assert refusal is not None and refusal.code is RefusalCode.SAME_COLUMN


def test_king_returns_from_foundation_only_to_an_empty_column() -> None:
    state = position({1: "", 2: "AC"}, foundations=(13, 0, 0, 0), filler=3)
    assert m("KS>1") in state.legal_moves()
    assert state.apply(m("KS>1")).foundations == (12, 0, 0, 0)
    refusal = state.check(m("KS>2"))
    assert refusal is not None and refusal.code is RefusalCode.RANK_MISMATCH


def test_flip_turns_the_new_last_card_up_and_scores_five() -> None:
    state = yukon.deal("YU1-C-AAAAAAB")  # column 3: [6H 9C] JS 5H KH 3S 2H
    after = state.apply(m("5H>5"))  # 5♥ K♥ 3♠ 2♥ onto 6♠; J♠ stays, nothing flips
    assert after.score == 0 and after.columns[2].hidden == 2
    after = after.apply(m("6C>1")).apply(m("TH>3"))  # T♥ group onto J♠
    assert after.columns[4].hidden == 3 and after.score == 5
    assert str(after.columns[4].cards[-1]) == "JC"


def test_apply_leaves_the_old_position_untouched() -> None:
    state = yukon.deal("YU1-C-AAAAAAB")
    copy = yukon.deal("YU1-C-AAAAAAB")
    state.apply(m("5H>5"))
    with pytest.raises(yukon.IllegalMove):
        state.apply(m("7C>1"))
    assert state == copy and hash(state) == hash(copy)
