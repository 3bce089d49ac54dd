"""Cards addressed by place, for clients that know where cards lie but never which
face-down card is which: ``card_at``, ``tap_at`` and ``double_tap_at``."""

from __future__ import annotations

import pytest
from hypothesis import event, given

import yukon
from yukon import Game, RefusalCode, State

from .strategies import positions


@given(positions())
def test_a_place_taps_as_its_card_does_and_a_card_back_names_nothing(
    state: State,
) -> None:
    game = Game.from_state(state)
    for s, column in enumerate(state.columns):
        for index in range(len(column)):
            card = state.card_at(s, index)
            if index < column.hidden:
                event("a card back")
                assert card is None
                assert state.tap_move_at(s, index) is None
                assert state.double_tap_move_at(s, index) is None
                for outcome in (game.tap_at(s, index), game.double_tap_at(s, index)):
                    refusal = outcome.refusal
                    assert not outcome.played and outcome.game is game
                    assert refusal is not None and refusal.code is RefusalCode.CARD_BACK
                    assert refusal.move is None and refusal.card is None
                    for language in ("en", "he"):
                        said = refusal.message_in(language)
                        assert not any(c.symbol in said for c in column.face_down)
            else:
                assert card == column.face_up[index - column.hidden]
                assert state.tap_move_at(s, index) == state.tap_move(card)
                assert state.double_tap_move_at(s, index) == state.double_tap_move(card)
                assert game.tap_at(s, index) == game.tap(card)
                assert game.double_tap_at(s, index) == game.double_tap(card)


def test_a_place_that_holds_no_card_is_refused_by_name() -> None:
    state = yukon.deal("YU1-C-AAAAAAB")
    with pytest.raises(IndexError, match="column 1 holds 1 cards"):
        state.card_at(0, 1)
    with pytest.raises(IndexError, match="index"):
        Game.new("YU1-C-AAAAAAB").tap_at(6, -1)
    with pytest.raises(ValueError, match="column must be from 0 to 6"):
        state.tap_move_at(7, 0)
    with pytest.raises(TypeError, match="index"):
        state.card_at(0, "0")  # type: ignore[arg-type]
    assert state.card_at(6, 10) == state.columns[6].last  # the 11th card, face up
    assert state.card_at(6, 5) is None  # the 6th, face down


def test_a_tap_on_a_card_back_reads_as_the_app_says_it() -> None:
    outcome = Game.new("YU1-C-AAAAAAB").tap_at(6, 0)
    assert outcome.refusal is not None
    assert str(outcome.refusal) == "A face-down card cannot be moved."
    assert outcome.refusal.message_in("he") == "אי אפשר להזיז קלף מוסתר."
