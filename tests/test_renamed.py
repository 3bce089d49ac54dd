"""Names renamed before 1.0 keep working for a release, each with a warning naming the
new one, and give what the new name gives."""

from __future__ import annotations

import inspect
from collections.abc import Callable

import pytest

import yukon
from yukon import Card, Game, Move

_STATE = yukon.deal("YU1-C-AAAAAAB")
_GAME = Game.new("YU1-C-AAAAAAB").play(Move.parse("6C>1"))


@pytest.mark.parametrize(
    ("old", "new", "call_old", "call_new"),
    [
        (
            "Game.moves",
            "Game.move_count",
            lambda: _GAME.moves,
            lambda: _GAME.move_count,
        ),
        (
            "State.tap",
            "State.tap_move",
            lambda: _STATE.tap("7H"),
            lambda: _STATE.tap_move("7H"),
        ),
        (
            "State.double_tap",
            "State.double_tap_move",
            lambda: _STATE.double_tap("7H"),
            lambda: _STATE.double_tap_move("7H"),
        ),
        (
            "State.tap_at",
            "State.tap_move_at",
            lambda: _STATE.tap_at(0, 0),
            lambda: _STATE.tap_move_at(0, 0),
        ),
        (
            "State.double_tap_at",
            "State.double_tap_move_at",
            lambda: _STATE.double_tap_at(3, 4),
            lambda: _STATE.double_tap_move_at(3, 4),
        ),
        (
            "yukon.hint",
            "yukon.hint_move",
            lambda: yukon.hint(_STATE, samples=1, max_nodes=100),
            lambda: yukon.hint_move(_STATE, samples=1, max_nodes=100),
        ),
        (
            "Move.to_foundation",
            "Move.home",
            lambda: Move.to_foundation(Card.parse("AS")),
            lambda: Move.home(Card.parse("AS")),
        ),
    ],
)
def test_an_old_name_warns_and_answers_as_the_new_one(
    old: str,
    new: str,
    call_old: Callable[[], object],
    call_new: Callable[[], object],
) -> None:
    with pytest.warns(DeprecationWarning, match=rf"{old} is renamed {new}") as caught:
        answer = call_old()
    assert answer == call_new()
    assert caught[0].filename == __file__  # the warning points at the caller


def test_the_move_counter_is_not_the_line() -> None:
    assert _GAME.move_count == 1 == len(_GAME.line)
    assert _GAME.undo().move_count == 1 and _GAME.undo().line == ()  # never lowered


def test_the_old_hint_keeps_the_defaults_of_the_new() -> None:
    """``yukon.hint`` writes 0.1.0's defaults as literals (the API check compares the
    text); they must stay the defaults ``yukon.hint_move`` takes."""
    old = inspect.signature(yukon.hint).parameters
    new = inspect.signature(yukon.hint_move).parameters
    assert {k: p.default for k, p in old.items()} == {
        k: p.default for k, p in new.items()
    }
